package acctest_test

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestResources drives webhooks through a create, an update, a plan that
// changes nothing, a rename and a destroy: the actions
// are Terraform's, a no-op writes nothing, the state follows each apply,
// and Destroy deletes.
func TestResources(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	r := env.Resources(t, "contactcenter_webhook")
	config := func(name string) []any {
		return []any{r.Config(`
  name = "` + name + `"
  url  = "https://example.com/hook"
`), map[string]any{"name": name + " 2", "url": "https://example.com/hook2", "status": true}}
	}
	const writes = "POST /autocall/api/v3/webhook/updateOrCreate"
	actions := func(step string, in []acctest.Instance, want string) {
		t.Helper()
		for i, x := range in {
			if x.Action != want {
				t.Errorf("%s: instance %d planned %s, want %s", step, i, x.Action, want)
			}
		}
	}
	hooks := r.Apply(nil, config("CRM"))
	actions("create", hooks, "create")
	r.CheckPlanEmpty(hooks, config("CRM"))
	if err := r.ExpectKnownValue(hooks[1], tfjsonpath.New("status"), knownvalue.Bool(true)); err != nil {
		t.Error(err)
	}
	// status left out of the first configuration: its default, planned.
	if err := r.ExpectPlannedValue(hooks[0], tfjsonpath.New("status"), knownvalue.Bool(false)); err != nil {
		t.Error(err)
	}
	n := env.Sim.Stats()[writes]
	if n != 2 {
		t.Errorf("2 creates made %d webhook/updateOrCreate calls", n)
	}

	same := r.Apply(hooks, config("CRM"))
	actions("the same configuration", same, "no-op")
	if m := env.Sim.Stats()[writes]; m != n {
		t.Errorf("a plan that changes nothing wrote %d times", m-n)
	}

	renamed := r.Apply(same, config("Sales"))
	actions("rename", renamed, "update")
	r.CheckPlanEmpty(renamed, config("Sales"))
	if err := r.ExpectKnownValue(renamed[0], tfjsonpath.New("name"), knownvalue.StringExact("Sales")); err != nil {
		t.Error(err)
	}
	if got, want := r.Decode(renamed[0])["id"], r.Decode(hooks[0])["id"]; got != want {
		t.Errorf("renamed in place: id %v, was %v", got, want)
	}

	r.Destroy(renamed)
	left := 0
	for _, err := range env.Client(t).Webhooks.List(t.Context(), client.WebhookFilter{}) {
		if err != nil {
			t.Fatal(err)
		}
		left++
	}
	if left != 0 {
		t.Errorf("after Destroy: %d webhooks", left)
	}
}

// TestExpectValue: a decoded state is checked as `terraform show -json`
// shows it: numbers, lists and objects at a path pass the checks that
// match them and fail the others.
func TestExpectValue(t *testing.T) {
	t.Parallel()
	state := map[string]any{"count": int64(2), "items": []any{map[string]any{"id": "7", "n": int64(5)}}, "gone": nil}
	pass := map[string]struct {
		path tfjsonpath.Path
		want knownvalue.Check
	}{
		"number":    {tfjsonpath.New("count"), knownvalue.Int64Exact(2)},
		"list size": {tfjsonpath.New("items"), knownvalue.ListSizeExact(1)},
		"nested":    {tfjsonpath.New("items").AtSliceIndex(0).AtMapKey("n"), knownvalue.Int64Exact(5)},
		"object":    {tfjsonpath.New("items"), knownvalue.ListExact([]knownvalue.Check{knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": knownvalue.StringExact("7")})})},
		"null":      {tfjsonpath.New("gone"), knownvalue.Null()},
	}
	for name, c := range pass {
		if err := acctest.ExpectValue(state, c.path, c.want); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	fail := map[string]struct {
		path tfjsonpath.Path
		want knownvalue.Check
	}{
		"other number": {tfjsonpath.New("count"), knownvalue.Int64Exact(3)},
		"other size":   {tfjsonpath.New("items"), knownvalue.ListSizeExact(2)},
		"no such path": {tfjsonpath.New("items").AtSliceIndex(1), knownvalue.Null()},
		"not null":     {tfjsonpath.New("count"), knownvalue.Null()},
	}
	for name, c := range fail {
		if err := acctest.ExpectValue(state, c.path, c.want); err == nil {
			t.Errorf("%s: passed", name)
		}
	}
}

// TestResources_plannedUnknown: a create plans its id unknown ("known
// after apply") and its configured name known; a plan over the created
// webhook knows both.
func TestResources_plannedUnknown(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	r := env.Resources(t, "contactcenter_webhook")
	config := []any{r.Config(`
  name = "CRM"
  url  = "https://example.com/hook"
`)}
	hooks := r.Apply(nil, config)
	if err := r.ExpectPlannedUnknown(hooks[0], tfjsonpath.New("id")); err != nil {
		t.Errorf("create: %v", err)
	}
	if err := r.ExpectPlannedUnknown(hooks[0], tfjsonpath.New("name")); err == nil {
		t.Error("create: the configured name passed as unknown")
	}
	same := r.Apply(hooks, config)
	if err := r.ExpectPlannedUnknown(same[0], tfjsonpath.New("id")); err == nil {
		t.Error("no-op: the id of the existing webhook passed as unknown")
	}
	if err := r.ExpectPlannedUnknown(same[0], tfjsonpath.New("no_such_attribute")); err == nil {
		t.Error("a path with no value passed as unknown")
	}
}

// TestResources_planInstances: PlanInstances shows each instance's change
// as `terraform show -json` of the plan does: before is the refreshed
// state (a change made outside Terraform included), after the planned
// one; an instance found gone has no before and plans a create.
func TestResources_planInstances(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	r := env.Resources(t, "contactcenter_webhook")
	config := []any{
		r.Config("name = \"CRM\"\nurl = \"https://example.com/hook\"\n"),
		r.Config("name = \"Sales\"\nurl = \"https://example.com/sales\"\n"),
	}
	hooks := r.Apply(nil, config)
	id := func(i int) int64 {
		n, _ := strconv.ParseInt(r.Decode(hooks[i])["id"].(string), 10, 64)
		return n
	}
	if err := c.Webhooks.Update(t.Context(), id(0), client.WebhookInput{Name: "CRM", URL: "https://example.com/moved"}); err != nil {
		t.Fatal(err)
	}
	if err := c.Webhooks.Delete(t.Context(), id(1)); err != nil {
		t.Fatal(err)
	}
	got := r.PlanInstances(hooks, config)
	if got[0].Action != "update" || got[1].Action != "create" {
		t.Errorf("actions %s and %s, want update and create", got[0].Action, got[1].Action)
	}
	if err := r.ExpectKnownValue(got[0], tfjsonpath.New("url"), knownvalue.StringExact("https://example.com/moved")); err != nil {
		t.Errorf("before: %v", err)
	}
	if err := r.ExpectPlannedValue(got[0], tfjsonpath.New("url"), knownvalue.StringExact("https://example.com/hook")); err != nil {
		t.Errorf("after: %v", err)
	}
	if got[1].State != nil {
		t.Errorf("the webhook deleted outside Terraform has a before: %v", r.Decode(got[1]))
	}
	if err := r.ExpectPlannedValue(got[1], tfjsonpath.New("name"), knownvalue.StringExact("Sales")); err != nil {
		t.Errorf("after of the create: %v", err)
	}
	if a := r.Plan(hooks, config); a[0] != "update" || a[1] != "create" {
		t.Errorf("Plan: %v, want [update create]", a)
	}
}

// TestResources_tryApplyAndDestroy: a step that fails returns Terraform's
// error and keeps in the state what Terraform keeps: nothing for a create
// the platform refused, the group whose deletion it refused; the test goes
// on from there.
func TestResources_tryApplyAndDestroy(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	if _, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Taken", QuePriority: 1}); err != nil {
		t.Fatal(err)
	}
	r := env.Resources(t, "contactcenter_skill_group")
	taken := []any{map[string]any{"que_name": "Taken", "que_priority": 1}}
	out, err := r.TryApply(nil, taken)
	if err == nil || !strings.Contains(err.Error(), "apply: contactcenter_skill_group[0]") {
		t.Fatalf("create of a taken name: %v, want the apply's error", err)
	}
	if len(out) != 1 || out[0].State != nil {
		t.Errorf("create of a taken name kept %+v, want nothing", out)
	}

	body := func(force bool) []any {
		return []any{map[string]any{"que_name": "Staffed", "que_priority": 5, "force_delete": force}}
	}
	g := r.Apply(nil, body(false))
	id, _ := strconv.ParseInt(r.Decode(g[0])["id"].(string), 10, 64)
	if err := env.Sim.Seed(map[string]json.RawMessage{"agents": json.RawMessage(`[{"user_id": 5001, "user_num": "9001"}]`)}); err != nil {
		t.Fatal(err)
	}
	if err := c.Queues.Assign(t.Context(), id, []client.AgentSkill{{AgID: 5001, Skill: 1}}); err != nil {
		t.Fatal(err)
	}
	kept, err := r.TryDestroy(g)
	if err == nil || !strings.Contains(err.Error(), "destroy: contactcenter_skill_group[0]") {
		t.Fatalf("deleting a group with agents: %v, want the destroy's error", err)
	}
	if len(kept) != 1 || kept[0].State == nil {
		t.Fatalf("deleting a group with agents kept %+v, want the group", kept)
	}
	g = r.Apply(kept, body(true))
	if _, err := r.TryDestroy(g); err != nil {
		t.Errorf("destroy with force_delete: %v", err)
	}
	if _, err := c.Queues.Get(t.Context(), id); !client.IsNotFound(err) {
		t.Errorf("group %d after the destroy: %v", id, err)
	}
}

// failures is a testing.TB that records the failures of the code it is
// given to, which runs in a goroutine of its own (FailNow ends it).
type failures struct {
	testing.TB
	mu   sync.Mutex
	msgs []string
}

func (f *failures) Helper() {}

func (f *failures) Error(args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.msgs = append(f.msgs, fmt.Sprint(args...))
}

func (f *failures) Errorf(format string, args ...any) { f.Error(fmt.Sprintf(format, args...)) }
func (f *failures) FailNow()                          { runtime.Goexit() }

// of runs do with f as its testing.TB and returns what it reported.
func (f *failures) of(do func()) string {
	done := make(chan struct{})
	go func() { defer close(done); do() }()
	<-done
	f.mu.Lock()
	defer f.mu.Unlock()
	return strings.Join(f.msgs, "\n")
}

// TestResources_plansValidate: Plan and CheckPlanEmpty validate the
// configuration first, as every terraform plan does: a configuration the
// provider refuses fails them at validation.
func TestResources_plansValidate(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	r := env.Resources(t, "contactcenter_webhook")
	good := []any{map[string]any{"name": "CRM", "url": "https://example.com/hook"}}
	bad := []any{map[string]any{"name": "CRM", "url": "ftp://example.com/hook"}}
	hooks := r.Apply(nil, good)
	for name, step := range map[string]func(r *acctest.Resources){
		"Plan":           func(r *acctest.Resources) { r.Plan(hooks, bad) },
		"CheckPlanEmpty": func(r *acctest.Resources) { r.CheckPlanEmpty(hooks, bad) },
	} {
		f := &failures{TB: t}
		got := f.of(func() { step(env.Resources(f, "contactcenter_webhook")) })
		if !strings.Contains(got, "validate: ") {
			t.Errorf("%s of a configuration the provider refuses: %q, want a validation error", name, got)
		}
	}
}

// TestResources_preApply: PreApply runs once per Apply, between the plan
// walk (its refresh read) and the apply walk (the write), as a CLI test's
// PreApply plan checks run between plan and apply; not when the plan
// fails.
func TestResources_preApply(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	count := func(part string) int {
		n := 0
		for k, v := range env.Sim.Stats() {
			if strings.Contains(k, part) {
				n += v
			}
		}
		return n
	}
	r := env.Resources(t, "contactcenter_webhook")
	config := func(name string) []any {
		return []any{r.Config(fmt.Sprintf("name = %q\nurl = \"https://example.com/hook\"\n", name))}
	}
	hooks := r.Apply(nil, config("CRM"))
	var calls, writesBefore, readsBefore int
	r.PreApply = func() {
		calls++
		writesBefore, readsBefore = count("updateOrCreate"), count("/lists")
	}
	writes, reads := count("updateOrCreate"), count("/lists")
	hooks = r.Apply(hooks, config("CRM2"))
	if calls != 1 {
		t.Fatalf("PreApply ran %d times in one Apply, want 1", calls)
	}
	if writesBefore != writes || readsBefore <= reads {
		t.Errorf("PreApply ran with %d writes and %d reads made by the Apply, want none and the refresh's", writesBefore-writes, readsBefore-reads)
	}
	if n := count("updateOrCreate") - writes; n != 1 {
		t.Errorf("the apply made %d writes, want 1", n)
	}
	if _, err := r.TryApply(hooks, []any{r.Config("name = \"\"\nurl = \"ftp://x\"\n")}); err == nil {
		t.Error("an invalid configuration applied")
	}
	if calls != 1 {
		t.Errorf("PreApply ran after a failed plan (%d calls)", calls)
	}
	r.PreApply = nil
	r.Destroy(hooks)
}
