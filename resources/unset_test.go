package resources_test

import (
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// Removing an optional attribute from the configuration must converge in
// one apply, the platform holding what the configuration now says. Three
// did not: the apply failed with "Provider produced inconsistent result".

// TestOutboundTask_removeOptional: a plan whose only change was a
// removed attribute (trans_to, worktime.name, an emptied object) kept
// updated_at at its state value, and the write moved it. In process: the
// checks are of the provider's plan and its result (the in-process apply
// checks the result against the plan as Terraform does).
func TestOutboundTask_removeOptional(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	r := env.Resources(t, "contactcenter_outbound_task")
	cfg := func(extra string) []any {
		return []any{r.Config("name = \"Reminders\"\ntype = 3\n" + extra + "\n")}
	}
	apply := func(prior []acctest.Instance, config []any) []acctest.Instance {
		t.Helper()
		out := r.Apply(prior, config)
		r.CheckPlanEmpty(out, config)
		return out
	}
	later := func() { time.Sleep(1100 * time.Millisecond) } // updated_at has whole seconds
	task := apply(nil, cfg(`  trans_to = "ivr_main"
  worktime = { name = "office", working = { "1" = [["09:00:00", "18:00:00"]] } }`))
	later()
	second := cfg(`  worktime = { working = { "1" = [["09:00:00", "18:00:00"]] } }`)
	task = r.Apply(task, second)
	// The plan's check first, as the CLI test checked it before the apply.
	if err := r.ExpectPlannedUnknown(task[0], tfjsonpath.New("updated_at")); err != nil {
		t.Error(err)
	}
	if err := r.ExpectKnownValue(task[0], tfjsonpath.New("trans_to"), knownvalue.Null()); err != nil {
		t.Error(err)
	}
	if err := r.ExpectKnownValue(task[0], tfjsonpath.New("worktime").AtMapKey("name"), knownvalue.Null()); err != nil {
		t.Error(err)
	}
	r.CheckPlanEmpty(task, second)
	later()
	apply(task, cfg(""))
}

// TestWebhook_removeDeptID: dept_id removed returns to its default 0,
// and dept_name, which follows it, was kept at the old department's name.
// In process: the checks are of the provider's plan and state.
func TestWebhook_removeDeptID(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	r := env.Resources(t, "contactcenter_webhook")
	config := func(extra string) []any {
		return []any{r.Config("name = \"CRM\"\nurl = \"https://crm.example.com/calls\"\n" + extra + "\n")}
	}
	hook := r.Apply(nil, config("dept_id = 2"))
	r.CheckPlanEmpty(hook, config("dept_id = 2"))
	hook = r.Apply(hook, config(""))
	if err := r.ExpectPlannedUnknown(hook[0], tfjsonpath.New("dept_name")); err != nil {
		t.Error(err)
	}
	if err := r.ExpectKnownValue(hook[0], tfjsonpath.New("dept_id"), knownvalue.Int64Exact(0)); err != nil {
		t.Error(err)
	}
	r.CheckPlanEmpty(hook, config(""))
}

// TestSound_removeRemark: the service cannot change a voice file, so a
// removed remark replaces it, as a changed one does. It planned an in-place
// update that could not be made, failed, and planned it again for ever.
// In process: the checks are of the provider's plan and writes.
func TestSound_removeRemark(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	src := writeWAV(t, t.TempDir(), "r.wav", 5)
	r := env.Resources(t, "contactcenter_sound")
	first := []any{r.Config(soundBody(t, "Prompt", "r1", 6, src, true))}
	sound := r.Apply(nil, first)
	r.CheckPlanEmpty(sound, first)
	second := []any{r.Config(soundBody(t, "Prompt", "", 6, src, true))}
	sound = r.Apply(sound, second)
	if sound[0].Action != "replace" {
		t.Errorf("removing remark planned %s, want replace", sound[0].Action)
	}
	if err := r.ExpectKnownValue(sound[0], tfjsonpath.New("remark"), knownvalue.Null()); err != nil {
		t.Error(err)
	}
	list, err := client.Collect(env.Client(t).Sounds.List(t.Context(), client.SoundFilter{}))
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || string(list[0].Remark) != "" {
		t.Errorf("the platform holds %+v, want one voice file without a remark", list)
	}
	r.CheckPlanEmpty(sound, second)
}
