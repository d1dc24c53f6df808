package datasources_test

import (
	"strconv"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestDataSourceNextRunSeesOutsideChange: `terraform test` with a provider
// block (Terraform 1.13 and later) configures one provider process for
// every run of the file, and a later run's plan begins without a call that
// tells the provider. Runs as a module author writes them, on one
// configured protocol-6 server: an apply that creates a skill group, an
// apply with nothing to change (its plan refreshes the group and reads a
// data source listing it), a provisioner that deletes the group, then a
// plan that expects the drift. The data source of that plan lists what
// the platform holds now, not what the run before it read.
func TestDataSourceNextRunSeesOutsideChange(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t) // configured once, as terraform test does
	r := acctest.NewResources(t, func() tfprotov6.ProviderServer { return srv }, "contactcenter_skill_group")
	config := []any{map[string]any{"que_name": "team-alpha", "que_priority": 10}}
	listed := func(run string) int {
		t.Helper()
		state, diags := acctest.ReadDataSource(t, srv, "contactcenter_skill_groups", map[string]any{"keyword": "team-alpha"})
		if state == nil {
			t.Fatalf("run %q: data source: %v", run, diags)
		}
		groups, _ := state["skill_groups"].([]any)
		return len(groups)
	}

	// run "apply"
	g := r.Apply(nil, config)
	// run "apply_again": a plan that refreshes the group, nothing to apply.
	if got := r.Plan(g, config); got[0] != "no-op" {
		t.Fatalf("run \"apply_again\": plan %v, want no-op", got)
	}
	if n := listed("apply_again"); n != 1 {
		t.Fatalf("run \"apply_again\": the data source lists %d groups, want 1", n)
	}
	// run "outside": a terraform_data's local-exec deletes the group.
	id, _ := strconv.ParseInt(r.Decode(g[0])["id"].(string), 10, 64)
	if err := env.Client(t).Queues.Delete(t.Context(), id, false); err != nil {
		t.Fatal(err)
	}
	// run "plan_drift": command = plan.
	if got := r.Plan(g, config); got[0] != "create" {
		t.Errorf("run \"plan_drift\": plan %v, want create (the group is gone)", got)
	}
	if n := listed("plan_drift"); n != 0 {
		t.Errorf("run \"plan_drift\": the data source lists %d groups, want 0: the group was deleted outside Terraform after the run before read the list", n)
	}
}
