package resources_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

func skillGroupConfig(name string, prio int, extra string) string {
	return fmt.Sprintf(`
resource "contactcenter_skill_group" "test" {
  que_name     = %q
  que_priority = %d
%s
}
`, name, prio, extra)
}

// TestSkillGroup_basic: a create with the defaults, then an update of
// every setting, in place; in process (acctest.Resources).
func TestSkillGroup_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	r := env.Resources(t, "contactcenter_skill_group")
	config := func(name string, prio int, extra string) []any {
		return []any{r.Config(fmt.Sprintf("que_name = %q\nque_priority = %d\n%s\n", name, prio, extra))}
	}
	expect := func(step string, g acctest.Instance, want map[string]knownvalue.Check) {
		t.Helper()
		for k, v := range want {
			if err := r.ExpectKnownValue(g, tfjsonpath.New(k), v); err != nil {
				t.Errorf("%s: %v", step, err)
			}
		}
	}
	g := r.Apply(nil, config("Support", 10, ""))
	expect("create", g[0], map[string]knownvalue.Check{
		"que_name":      knownvalue.StringExact("Support"),
		"que_priority":  knownvalue.Int64Exact(10),
		"auto_evaluate": knownvalue.Int64Exact(1),
		"que_strategy":  knownvalue.Int64Exact(1),
		"wait_audio":    knownvalue.StringExact("0"),
		"id":            knownvalue.StringRegexp(regexp.MustCompile(`^[0-9]+$`)),
	})
	r.CheckPlanEmpty(g, config("Support", 10, ""))

	updated := config("Support Tier 2", 0, `
  que_strategy  = 9
  auto_evaluate = 0
  ring_time     = 25
  b_announce    = 1
  noans_action  = "1"
  wait_audio    = "-1"
  que_num       = "8002"
  que_type      = 1
`)
	g = r.Apply(g, updated)
	if g[0].Action != "update" {
		t.Errorf("update: planned %s, want update", g[0].Action)
	}
	expect("update", g[0], map[string]knownvalue.Check{
		"que_name":      knownvalue.StringExact("Support Tier 2"),
		"que_priority":  knownvalue.Int64Exact(0),
		"que_strategy":  knownvalue.Int64Exact(9),
		"auto_evaluate": knownvalue.Int64Exact(0),
		"ring_time":     knownvalue.Int64Exact(25),
		"noans_action":  knownvalue.StringExact("1"),
		"wait_audio":    knownvalue.StringExact("-1"),
		"que_num":       knownvalue.StringExact("8002"),
		"que_type":      knownvalue.Int64Exact(1),
	})
	r.CheckPlanEmpty(g, updated)
	// The CLI test's PlanOnly step: the same settings written otherwise
	// plan nothing.
	if got := r.Plan(g, config("Support Tier 2", 0, "que_strategy = 9\nauto_evaluate = 0\nring_time = 25\nb_announce = 1\nnoans_action = \"1\"\nwait_audio = \"-1\"\nque_num = \"8002\"\nque_type = 1")); got[0] != "no-op" {
		t.Errorf("plan of the applied settings: %s, want no-op", got[0])
	}
	r.Destroy(g)
}

func TestAccSkillGroup_disappears(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(skillGroupConfig("Gone", 5, "")),
			Check: func(s *terraform.State) error {
				id, _ := strconv.ParseInt(s.RootModule().Resources["contactcenter_skill_group.test"].Primary.ID, 10, 64)
				return c.Queues.Delete(t.Context(), id, true)
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

func TestAccSkillGroup_validation(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cases := map[string]acctest.PlanError{
		"priority above 255":      {skillGroupConfig("A", 256, ""), `que_priority value must be between 0 and 255`},
		"priority below 0":        {skillGroupConfig("A", -1, ""), `que_priority value must be between 0 and 255`},
		"strategy 3":              {skillGroupConfig("A", 1, "que_strategy = 3"), `que_strategy 3 is not one of 1 (longest wait), 2 (skill priority), 9 (round robin).`},
		"auto_evaluate 2":         {skillGroupConfig("A", 1, "auto_evaluate = 2"), `auto_evaluate 2 is not one of 0 (no), 1 (yes).`},
		"b_announce 2":            {skillGroupConfig("A", 1, "b_announce = 2"), `b_announce 2 is not one of 0 (no), 1 (yes).`},
		"noans_action 2":          {skillGroupConfig("A", 1, `noans_action = "2"`), `noans_action value must be one of`},
		"que_type 3":              {skillGroupConfig("A", 1, "que_type = 3"), `que_type 3 is not one of 0 (inbound and outbound), 1 (inbound), 2 (outbound).`},
		"wait_audio not an id":    {skillGroupConfig("A", 1, `wait_audio = "beep"`), `must be -1, 0 or a voice-file id`},
		"empty name":              {skillGroupConfig("", 1, ""), `que_name string length must be at least 1`},
		"negative ring_time":      {skillGroupConfig("A", 1, "ring_time = -5"), `ring_time value must be at least 0`},
		"negative que_length":     {skillGroupConfig("A", 1, "que_length = -1"), `que_length value must be at least 0`},
		"negative noans_times":    {skillGroupConfig("A", 1, "noans_times = -1"), `noans_times value must be at least 0`},
		"missing priority (type)": {`resource "contactcenter_skill_group" "test" { que_name = "A" }`, `The argument "que_priority" is required`},
		"blank name":              {skillGroupConfig("   ", 1, ""), `que_name must not begin or end with white space`},
		"padded name":             {skillGroupConfig(" Sales", 1, ""), `que_name must not begin or end with white space`},
		// The service trims with Unicode spaces too: the ideographic space of copied Chinese text.
		"ideographic space": {skillGroupConfig("客服组\u3000", 1, ""), `que_name must not begin or end with white space (the service trims it, so the stored value would differ from the configuration), got "客服组\u3000", which ends with U+3000`},
		"padded que_num":    {skillGroupConfig("A", 1, `que_num = "Q3 "`), `que_num must not begin or end with white space`},
		"fractional priority": {`resource "contactcenter_skill_group" "test" {
  que_name     = "A"
  que_priority = 1.5
}`, `que_priority must be a whole number, got 1.5`},
		"fractional ring_time": {skillGroupConfig("A", 1, "ring_time = 2.25"), `ring_time must be a whole number, got 2.25`},
	}
	env.ExpectPlanErrors(t, cases)
}

// TestSkillGroup_update: every change after the create is an update in
// place (the same id, one queue/add), each leaves the state the
// configuration asks for and an empty plan after it. In process: the
// checks are of the provider's plan and writes.
func TestSkillGroup_update(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	r := env.Resources(t, "contactcenter_skill_group")
	apply := func(prior []acctest.Instance, name string, prio int, extra string) []acctest.Instance {
		t.Helper()
		config := []any{r.Config(fmt.Sprintf("que_name = %q\nque_priority = %d\n%s\n", name, prio, extra))}
		out := r.Apply(prior, config)
		r.CheckPlanEmpty(out, config)
		return out
	}
	expect := func(step string, g acctest.Instance, want map[string]knownvalue.Check) {
		t.Helper()
		for k, v := range want {
			if err := r.ExpectKnownValue(g, tfjsonpath.New(k), v); err != nil {
				t.Errorf("%s: %v", step, err)
			}
		}
	}
	g := apply(nil, "Sales", 10, "")
	expect("create", g[0], map[string]knownvalue.Check{"ring_time": knownvalue.Int64Exact(20)})
	id := r.Decode(g[0])["id"]
	step := func(name string, prio int, extra string, want map[string]knownvalue.Check) {
		t.Helper()
		g = apply(g, name, prio, extra)
		if g[0].Action != "update" {
			t.Errorf("%s %d %q: planned %s, want update", name, prio, extra, g[0].Action)
		}
		if got := r.Decode(g[0])["id"]; got != id {
			t.Errorf("%s %d %q: id %v, was %v", name, prio, extra, got, id)
		}
		expect(fmt.Sprintf("%s %d %q", name, prio, extra), g[0], want)
	}
	step("Sales", 20, "ring_time = 30", map[string]knownvalue.Check{
		"que_priority": knownvalue.Int64Exact(20), "ring_time": knownvalue.Int64Exact(30), "que_name": knownvalue.StringExact("Sales"),
	})
	// A rename is in place too: que_name is not immutable (§4.6 update takes it).
	step("Sales EU", 20, "ring_time = 30\nque_strategy = 2\nque_num = \"7001\"", map[string]knownvalue.Check{
		"que_name": knownvalue.StringExact("Sales EU"), "que_strategy": knownvalue.Int64Exact(2), "que_num": knownvalue.StringExact("7001"),
	})
	step("Sales EU", 20, "ring_time = 30\nque_strategy = 2\nque_num = \"7001\"\nauto_evaluate = 0\nnoans_times = 5\nnoans_wait = 15\nnext_wait = 9\nque_length = 50\nque_time = 120\nwait_audio = \"-1\"", map[string]knownvalue.Check{
		"auto_evaluate": knownvalue.Int64Exact(0), "noans_times": knownvalue.Int64Exact(5), "noans_wait": knownvalue.Int64Exact(15),
		"next_wait": knownvalue.Int64Exact(9), "que_length": knownvalue.Int64Exact(50), "que_time": knownvalue.Int64Exact(120),
		"wait_audio": knownvalue.StringExact("-1"),
	})
	// Removing auto_evaluate returns it to the spec's default (1).
	step("Sales EU", 0, "ring_time = 30\nque_strategy = 2\nque_num = \"7001\"\nnoans_times = 5\nnoans_wait = 15\nnext_wait = 9\nque_length = 50\nque_time = 120\nwait_audio = \"-1\"", map[string]knownvalue.Check{
		"auto_evaluate": knownvalue.Int64Exact(1), "que_priority": knownvalue.Int64Exact(0), "que_time": knownvalue.Int64Exact(120),
	})
	if n := env.Sim.Stats()["POST /portal/v2/svcapi/queue/add"]; n != 1 {
		t.Errorf("%d adds; every change should have been an in-place update", n)
	}
}

// TestAccSkillGroup_import: a group with settings of its own imports as
// it is, by its id; a group created with the defaults
// (contactcenter_skill_group.defaults) imports as it is too (force_delete,
// Terraform's alone, ignored); a name without que_name: and an id that
// does not exist are refused. Terraform's import; the create and update
// are TestSkillGroup_basic's. Both groups are in one configuration, so
// the test pays Terraform's init, apply and destroy once.
func TestAccSkillGroup_import(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	addr := "contactcenter_skill_group.test"
	defaults := strings.Replace(skillGroupConfig("Support", 10, ""), `"test"`, `"defaults"`, 1)
	cfg := env.Config(skillGroupConfig("Imported", 7, "que_num = \"6001\"\nring_time = 33\nque_strategy = 9") + defaults)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: cfg},
			{
				ResourceName: addr, ImportState: true, ImportStateVerify: true,
				ImportStateIdFunc: func(s *terraform.State) (string, error) {
					return s.RootModule().Resources[addr].Primary.ID, nil
				},
				// force_delete is Terraform-only: the import sets its default (false),
				// which equals the state, so nothing is ignored.
			},
			{
				// What TestAccSkillGroup_importDefaults was: the group
				// created with the defaults imports as it is.
				ResourceName:            "contactcenter_skill_group.defaults",
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"force_delete"},
			},
			{
				Config: cfg, ResourceName: addr, ImportState: true, ImportStateId: "sales",
				ExpectError: regexp.MustCompile(`imported by its numeric id \(que_id\) or as que_name:<group\s+name>, got "sales"`),
			},
			{
				Config: cfg, ResourceName: addr, ImportState: true, ImportStateId: "99999",
				ExpectError: regexp.MustCompile(`Cannot import non-existent remote object`),
			},
		},
	})
}

// TestSkillGroup_deleteWithAgents: a group with agents is deleted only
// with force_delete = true (flag=1). In process: the checks are of the
// provider's error and writes; the failed destroy keeps the group in the
// state, as Terraform does, for the next step.
func TestSkillGroup_deleteWithAgents(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	r := env.Resources(t, "contactcenter_skill_group")
	withForce := func(force bool) []any {
		return []any{r.Config(fmt.Sprintf("que_name = \"Staffed\"\nque_priority = 5\nforce_delete = %v\n", force))}
	}
	g := r.Apply(nil, withForce(false))
	r.CheckPlanEmpty(g, withForce(false))
	groupID, _ := strconv.ParseInt(r.Decode(g[0])["id"].(string), 10, 64)
	if err := env.Sim.Seed(map[string]json.RawMessage{"agents": json.RawMessage(`[{"user_id": 5001, "user_num": "9001"}]`)}); err != nil {
		t.Fatal(err)
	}
	if err := c.Queues.Assign(t.Context(), groupID, []client.AgentSkill{{AgID: 5001, Skill: 1}}); err != nil {
		t.Fatal(err)
	}
	g, err := r.TryDestroy(g)
	if want := regexp.MustCompile(`(?s)group has 1 agent.*set force_delete = true\s+and\s+apply\s+before\s+destroying`); err == nil || !want.MatchString(err.Error()) {
		t.Fatalf("destroy of a group with agents: %v, want an error matching %s", err, want)
	}
	g = r.Apply(g, withForce(true))
	if g[0].Action != "update" {
		t.Errorf("force_delete = true planned %s, want update", g[0].Action)
	}
	if err := r.ExpectKnownValue(g[0], tfjsonpath.New("force_delete"), knownvalue.Bool(true)); err != nil {
		t.Error(err)
	}
	r.CheckPlanEmpty(g, withForce(true))
	r.Destroy(g)
	if _, err := c.Queues.Get(t.Context(), groupID); !client.IsNotFound(err) {
		t.Errorf("group %d still exists after destroy (lookup: %v)", groupID, err)
	}
}

// Removing a group and taking it out of an agent's queue_ids in one apply:
// Terraform deletes the group before it updates the agent, so the delete is
// refused on every apply. The error said to remove the agents from
// queue_ids, which the user had just done; it now says why it still fails
// and what order works, and that order converges.
func TestAccSkillGroup_removedWithQueueIDs(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cfg := func(groups, queues int) string {
		return env.Config(fmt.Sprintf(`
resource "contactcenter_skill_group" "g" {
  count        = %d
  que_name     = "q-${count.index}"
  que_priority = 1
}

resource "contactcenter_agent" "z" {
  user_num      = "9601"
  user_name     = "Zed"
  user_password = "Passw0rd!x"
  queue_ids     = [for i in range(%d) : contactcenter_skill_group.g[i].id]
}
`, groups, queues))
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: cfg(2, 2)},
			{Config: cfg(1, 1), ExpectError: inOrder(`group has 1 agent`, `If this apply also takes the group out of agents' queue_ids, that is why`,
				`Keep the group in the configuration for one apply that changes queue_ids`)},
			{Config: cfg(2, 1)},
			{Config: cfg(1, 1)},
		},
	})
}

// TestSkillGroup_list lists groups made by hand (through the API) as
// `terraform query` does: filters, limit, identity, and a resource value
// flattened like Read, with provider-side settings at their defaults.
func TestSkillGroup_list(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	for i, name := range []string{"Sales North", "Sales South", "Support\x1b[31m\tline"} {
		if _, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: name, QuePriority: int64(i)}); err != nil {
			t.Fatal(err)
		}
	}
	all := env.List(t, "contactcenter_skill_group", map[string]any{}, true, 100)
	if len(all) != 3 {
		t.Fatalf("want 3 results, got %d: %+v", len(all), all)
	}
	for _, r := range all {
		if len(r.Diagnostics) != 0 {
			t.Fatalf("diagnostics: %v", r.Diagnostics)
		}
		if r.Identity["id"] != r.Resource["id"] || r.Identity["id"] == nil {
			t.Errorf("identity %v does not name resource %v", r.Identity, r.Resource["id"])
		}
		if want := strings.NewReplacer("\x1b", `\x1b`, "\t", `\t`).Replace(r.Resource["que_name"].(string)); r.DisplayName != want {
			t.Errorf("display name %q, want the group name %q (control characters escaped)", r.DisplayName, want)
		}
		if r.Resource["force_delete"] != false || r.Resource["auto_evaluate"] != int64(1) {
			t.Errorf("resource not flattened like Read: %v", r.Resource)
		}
	}
	sales := env.List(t, "contactcenter_skill_group", map[string]any{"keyword": "Sales"}, false, 100)
	if len(sales) != 2 || sales[0].Resource != nil {
		t.Fatalf("keyword filter: want 2 results without resource, got %+v", sales)
	}
	if one := env.List(t, "contactcenter_skill_group", map[string]any{}, false, 1); len(one) != 1 {
		t.Fatalf("limit 1: got %d results", len(one))
	}
}

// TestSkillGroup_importByIdentity imports a group by its identity, as an
// import block with `identity = { id = ... }` does on Terraform 1.12+.
func TestSkillGroup_importByIdentity(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	id, err := env.Client(t).Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Adopted", QuePriority: 4})
	if err != nil {
		t.Fatal(err)
	}
	state, diags := env.ImportByIdentity(t, "contactcenter_skill_group", map[string]any{"id": id})
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	if state["id"] != id || state["que_name"] != "Adopted" || state["que_priority"] != int64(4) || state["force_delete"] != false {
		t.Fatalf("imported state: %v", state)
	}
	if _, diags := env.ImportByIdentity(t, "contactcenter_skill_group", map[string]any{"id": "abc"}); len(diags) == 0 ||
		!strings.Contains(diags[0].Detail, `A skill group is imported by its numeric id (que_id) or as que_name:<group name>, got "abc". `+
			`identity.id holds the numeric id only`) {
		t.Fatalf("a bad identity must be refused naming the value, got %v", diags)
	}
}

func TestAccSkillGroup_importIdentity(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_12_0)},
		Steps: []resource.TestStep{
			{
				Config: env.Config(skillGroupConfig("Identity", 3, "")),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectIdentityValueMatchesState("contactcenter_skill_group.test", tfjsonpath.New("id")),
				},
			},
			{
				Config:                  env.Config(skillGroupConfig("Identity", 3, "")),
				ResourceName:            "contactcenter_skill_group.test",
				ImportState:             true,
				ImportStateKind:         resource.ImportBlockWithResourceIdentity,
				ImportStateVerifyIgnore: []string{"force_delete"},
			},
		},
	})
}

// TestAccSkillGroup_importBlockNoNoise adopts a group with an import block
// and a configuration that matches it: the plan imports it with no change
// and no "(known after apply)" (sound_name follows wait_audio).
func TestAccSkillGroup_importBlockNoNoise(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	id, err := env.Client(t).Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Adopted", QuePriority: 2})
	if err != nil {
		t.Fatal(err)
	}
	addr := "contactcenter_skill_group.test"
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(fmt.Sprintf("import {\n  to = %s\n  id = %q\n}\n", addr, id) +
				skillGroupConfig("Adopted", 2, "ring_time = 40")),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				plancheck.ExpectKnownValue(addr, tfjsonpath.New("sound_name"), knownvalue.NotNull()),
			}},
		}},
	})
}

// validatePlan validates and plans a new resource of type typ from config
// through the in-process server, as Terraform does (the proposed new state is
// the configuration), and returns every diagnostic of both phases.
func validatePlan(t *testing.T, env *acctest.Env, typ string, config tftypes.Value) []*tfprotov6.Diagnostic {
	t.Helper()
	ctx := t.Context()
	srv := env.ActionServer(t)
	schemas, err := srv.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	objType := schemas.ResourceSchemas[typ].ValueType()
	cfg, err := tfprotov6.NewDynamicValue(objType, config)
	if err != nil {
		t.Fatal(err)
	}
	vr, err := srv.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: typ, Config: &cfg})
	if err != nil {
		t.Fatal(err)
	}
	diags := vr.Diagnostics
	for _, d := range diags {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			return diags
		}
	}
	prior, _ := tfprotov6.NewDynamicValue(objType, tftypes.NewValue(objType, nil))
	pr, err := srv.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
		TypeName: typ, PriorState: &prior, ProposedNewState: &cfg, Config: &cfg,
	})
	if err != nil {
		t.Fatal(err)
	}
	return append(diags, pr.Diagnostics...)
}

// objectValue builds a configuration object of type typ's schema from
// attrs (tftypes values); attributes not given are null.
func objectValue(t *testing.T, env *acctest.Env, typ string, attrs map[string]tftypes.Value) tftypes.Value {
	t.Helper()
	schemas, err := env.Server(t).GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	objType, ok := schemas.ResourceSchemas[typ].ValueType().(tftypes.Object)
	if !ok {
		t.Fatalf("no resource %s", typ)
	}
	vals := map[string]tftypes.Value{}
	for name, at := range objType.AttributeTypes {
		if v, ok := attrs[name]; ok {
			vals[name] = v
		} else {
			vals[name] = tftypes.NewValue(at, nil)
		}
	}
	return tftypes.NewValue(objType, vals)
}

func diagsText(ds []*tfprotov6.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "%s: %s: %s\n", d.Severity, d.Summary, d.Detail)
	}
	return b.String()
}

// TestSkillGroup_fractionalNumbers: a fraction in an integer attribute is
// refused at validation naming the attribute, never blaming the provider.
func TestSkillGroup_fractionalNumbers(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	for name, attr := range map[string]string{"que_priority": "que_priority", "ring_time": "ring_time", "auto_evaluate": "auto_evaluate"} {
		t.Run(name, func(t *testing.T) {
			attrs := map[string]tftypes.Value{
				"que_name":     tftypes.NewValue(tftypes.String, "A"),
				"que_priority": tftypes.NewValue(tftypes.Number, 1),
			}
			attrs[attr] = tftypes.NewValue(tftypes.Number, big.NewFloat(1.5))
			diags := validatePlan(t, env, "contactcenter_skill_group", objectValue(t, env, "contactcenter_skill_group", attrs))
			text := diagsText(diags)
			if len(diags) != 1 || !strings.Contains(text, attr+" must be a whole number, got 1.5.") || strings.Contains(text, "provider") {
				t.Fatalf("want one error naming %s, got:\n%s", attr, text)
			}
		})
	}
	if n := env.Requests(); n != 0 {
		t.Errorf("validation reached the API: %d requests", n)
	}
}

// TestSkillGroup_swapNumbers: swapping the numbers of two groups in one
// apply fails on the platform (each update finds the other group still
// holding the number). The error now says so and how to do it: in two
// applies, through a free number. A new group with a taken name is told
// to choose another or import the one that has it, by its que_id, and so
// is a group renamed onto a taken name. In process: the checks are of the
// provider's errors; the two (then three) groups are planned and applied
// together, Parallelism at a time, as Terraform walks them.
func TestSkillGroup_swapNumbers(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	r := env.Resources(t, "contactcenter_skill_group")
	group := func(name, num string) any {
		body := fmt.Sprintf("que_name = %q\nque_priority = 1\n", name)
		if num != "" {
			body += fmt.Sprintf("que_num = %q\n", num)
		}
		return r.Config(body)
	}
	config := func(a, b string) []any { return []any{group("Swap A", a), group("Swap B", b)} }
	apply := func(prior []acctest.Instance, configs []any) []acctest.Instance {
		t.Helper()
		out := r.Apply(prior, configs)
		r.CheckPlanEmpty(out, configs)
		return out
	}
	expectError := func(step string, prior []acctest.Instance, configs []any, want *regexp.Regexp) []acctest.Instance {
		t.Helper()
		out, err := r.TryApply(prior, configs)
		if err == nil || !want.MatchString(err.Error()) {
			t.Errorf("%s: %v, want an error matching %s", step, err, want)
		}
		if out == nil { // the plan failed: nothing applied
			return prior
		}
		return out
	}
	groups := apply(nil, config("8101", "8102"))
	groups = expectError("swap", groups, config("8102", "8101"), wrapped(`another skill group already has que_num "8102", and numbers are unique: choose a free one. To swap the numbers of two groups, apply twice: first give one of them a free number`))
	groups = apply(groups, config("8103", "8102"))
	groups = apply(groups, config("8103", "8101"))
	groups = apply(groups, config("8102", "8101"))
	withC := expectError("a new group with a taken name", append(groups, acctest.Instance{}), append(config("8102", "8101"), group("Swap A", "")),
		regexp.MustCompile(`(?s)`+wrapped(`skill group `).String()+`[0-9]+`+wrapped(` already has que_name = "Swap A", which is unique on the platform.`).String()+`.*`+
			wrapped(`import it (terraform import <address> `).String()+`[0-9]+`+wrapped(`, or an import block with id = "que_name:Swap A"), or give this resource another que_name.`).String()))
	if len(withC) == 3 && withC[2].State != nil {
		t.Errorf("the refused create of c left %v in the state", r.Decode(withC[2]))
	}
	// A rename onto a taken name names the group holding it too
	// (the update's hint kept "<its que_id>").
	expectError("a rename onto a taken name", withC[:2], []any{group("Swap A", "8102"), group("Swap A", "8101")},
		regexp.MustCompile(`import it\s+\(terraform\s+import\s+<address>\s+[0-9]+\)`))
}

// TestAccSkillGroup_deleteSignedIn: a group whose agents are signed in
// cannot be deleted (code 410), force_delete or not; the error says so
// rather than nothing.
func TestAccSkillGroup_deleteSignedIn(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cfg := env.Config(skillGroupConfig("Signed in", 6, "force_delete = true"))
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: cfg},
			{
				PreConfig: func() {
					body := `{"force":[{"method":"GET","path":"/portal/v2/svcapi/queue/delete","code":410,"count":1}]}`
					req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, env.Origin+"/_sim/faults", strings.NewReader(body))
					req.Header.Set("Content-Type", "application/json")
					resp, err := http.DefaultClient.Do(req)
					if err != nil {
						t.Fatal(err)
					}
					resp.Body.Close()
				},
				Config:      env.ProviderConfig(),
				ExpectError: wrapped(`Agents of the group are signed in, and force_delete does not help: apply (or destroy) again once they have signed out.`),
			},
			{Config: env.ProviderConfig()},
		},
	})
}

// TestAccSkillGroup_platformIgnoresAttribute: a deployment that does not
// take an attribute (que_type is on the list item of §4.6 but not among
// queue/add's and queue/update's parameters) answers with its own value.
// Terraform refused the apply as "Provider produced inconsistent result
// after apply ... a bug in the provider", naming nothing, and tainted the
// group, which the next apply replaced. The apply keeps the planned value
// and warns, naming the attribute with both values; the next plan shows
// the difference as an in-place change, not a replacement.
func TestAccSkillGroup_platformIgnoresAttribute(t *testing.T) {
	t.Parallel()
	ignoreQueType := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/queue/add") || strings.HasSuffix(r.URL.Path, "/queue/update") {
				var body map[string]any
				b, _ := io.ReadAll(r.Body)
				if json.Unmarshal(b, &body) == nil {
					delete(body, "que_type")
					b, _ = json.Marshal(body)
				}
				r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(b)), int64(len(b))
			}
			next.ServeHTTP(w, r)
		})
	}
	env := acctest.NewWithHandler(t, ignoreQueType)
	w := env.Workdir(t)
	w.WriteBody(`
resource "contactcenter_skill_group" "g" {
  que_name     = "Outbound only"
  que_priority = 5
  que_type     = 2
}
`)
	out := strings.Join(strings.Fields(w.Must(0, "apply", "-auto-approve", "-no-color")), " ")
	for _, want := range []string{"Skill Group Created, but Read Back With Other Values", "que_type: planned 2, read back 0",
		"remove it from the configuration, or set the value the platform keeps"} {
		if !strings.Contains(out, want) {
			t.Errorf("apply lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "inconsistent result") {
		t.Errorf("apply still says inconsistent result:\n%s", out)
	}
	plan := strings.Join(strings.Fields(w.Must(2, "plan", "-detailed-exitcode", "-no-color")), " ")
	if !strings.Contains(plan, "~ que_type = 0 -> 2") || !strings.Contains(plan, "1 to change, 0 to destroy") || strings.Contains(plan, "tainted") {
		t.Errorf("the next plan should set que_type back in place:\n%s", plan)
	}
}

// TestAccSkillGroup_decomposedNameKept: a group named in the portal with a
// decomposed "é" ("Cafe" and U+0301) is adopted by a configuration that
// can only hold it composed (Terraform writes strings in NFC). An edit of
// que_priority sent que_name composed, as queue/update requires it (§4.6),
// and the platform's name was rewritten; the edit sends the name as the
// platform holds it, and the next plan is empty.
func TestAccSkillGroup_decomposedNameKept(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	const held = "Cafe\u0301 team"
	id, err := env.Client(t).Queues.Create(t.Context(), client.SkillGroupInput{QueName: held, QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	w := env.Workdir(t)
	body := func(priority int) string {
		return fmt.Sprintf(`
import {
  to = contactcenter_skill_group.cafe
  id = %q
}
resource "contactcenter_skill_group" "cafe" {
  que_name     = "Caf\u00e9 team"
  que_priority = %d
}
`, id, priority)
	}
	w.WriteBody(body(1))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(body(2))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	g, err := env.Client(t).Queues.Get(t.Context(), n)
	if err != nil {
		t.Fatal(err)
	}
	if string(g.QueName) != held || g.QuePriority.Int64() != 2 {
		t.Errorf("after the edit of que_priority the platform holds que_name %+q, que_priority %d; want %+q (as held) and 2", string(g.QueName), g.QuePriority.Int64(), held)
	}
	if out := w.Must(0, "plan", "-no-color"); !strings.Contains(out, "No changes.") {
		t.Errorf("the plan after the edit is not empty:\n%s", out)
	}
}
