package resources_test

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/go-version"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestMembership_providerServesSeveralRuns: `terraform test` (Terraform 1.13
// and later) configures a provider block of the test file once and serves
// every run block, and the cleanup, with that one provider process. A
// membership one run created and a later run removes must leave the group:
// the provider kept it ("Membership Kept", taking its own earlier create for
// another instance's create in this apply), and the cleanup then failed to
// delete the group, which still had the agent. Both membership resources,
// over the protocol in process: one configured server, a create, then the
// same instance's delete. Another instance's create in the same process
// still keeps the membership for that instance.
func TestMembership_providerServesSeveralRuns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	raw, _ := json.Marshal([]map[string]any{
		{"user_id": 5101, "user_num": "s101", "user_name": "x"},
		{"user_id": 5102, "user_num": "s102", "user_name": "y"},
	})
	if err := env.Sim.Seed(map[string]json.RawMessage{"agents": raw}); err != nil {
		t.Fatal(err)
	}
	srv := env.ActionServer(t) // configured once, as terraform test does
	dv := func(v any) *tfprotov6.DynamicValue {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return &tfprotov6.DynamicValue{JSON: b}
	}
	null := dv(nil)
	// apply plans and applies one change of an instance and returns its new
	// state, private state and diagnostics.
	apply := func(typ string, prior *tfprotov6.DynamicValue, priorPrivate []byte, config any) (*tfprotov6.DynamicValue, []byte, string) {
		t.Helper()
		conf := dv(config)
		proposed := conf
		if prior == nil {
			prior = null
		}
		plan, err := srv.PlanResourceChange(t.Context(), &tfprotov6.PlanResourceChangeRequest{
			TypeName: typ, PriorState: prior, ProposedNewState: proposed, Config: conf, PriorPrivate: priorPrivate,
		})
		if err != nil || (acctest.ActionResult{Diagnostics: plan.Diagnostics}).HasError() {
			t.Fatalf("plan %s: %v %s", typ, err, diagTexts(plan.Diagnostics))
		}
		res, err := srv.ApplyResourceChange(t.Context(), &tfprotov6.ApplyResourceChangeRequest{
			TypeName: typ, PriorState: prior, PlannedState: plan.PlannedState, Config: conf, PlannedPrivate: plan.PlannedPrivate,
		})
		if err != nil || (acctest.ActionResult{Diagnostics: res.Diagnostics}).HasError() {
			t.Fatalf("apply %s: %v %s", typ, err, diagTexts(res.Diagnostics))
		}
		return res.NewState, res.Private, acctest.ActionResult{Diagnostics: res.Diagnostics}.Text()
	}
	members := func(q int64) []int64 {
		t.Helper()
		data, err := c.Queues.GetAgents(t.Context(), q)
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, a := range data[strconv.FormatInt(q, 10)] {
			ids = append(ids, int64(a.AgID))
		}
		return ids
	}
	group := func(name string) int64 {
		t.Helper()
		id, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: name, QuePriority: 1})
		if err != nil {
			t.Fatal(err)
		}
		q, _ := strconv.ParseInt(id, 10, 64)
		return q
	}

	t.Run("member", func(t *testing.T) {
		q := group("Runs member")
		conf := map[string]any{"que_id": fmt.Sprint(q), "agent_id": "5101", "skill": 1}
		state, private, _ := apply("contactcenter_skill_group_member", nil, nil, conf) // run 1
		if got := members(q); len(got) != 1 {
			t.Fatalf("after the create the group holds %v", got)
		}
		_, _, warnings := apply("contactcenter_skill_group_member", state, private, nil) // run 2 removes it
		if got := members(q); len(got) != 0 {
			t.Errorf("a later run deleted the membership, yet the group still holds %v (warnings: %s)", got, warnings)
		}
		if strings.Contains(warnings, "Membership Kept") {
			t.Errorf("the delete warns %q", warnings)
		}
	})
	t.Run("members", func(t *testing.T) {
		q := group("Runs members")
		conf := map[string]any{"que_id": fmt.Sprint(q), "members": []map[string]any{{"agent_id": "5101", "skill": 1}, {"agent_id": "5102", "skill": 2}}}
		state, private, _ := apply("contactcenter_skill_group_members", nil, nil, conf)
		conf["members"] = []map[string]any{{"agent_id": "5101", "skill": 3}, {"agent_id": "5102", "skill": 2}}
		state, private, _ = apply("contactcenter_skill_group_members", state, private, conf) // an update claims too
		if got := members(q); len(got) != 2 {
			t.Fatalf("after create and update the group holds %v", got)
		}
		_, _, warnings := apply("contactcenter_skill_group_members", state, private, nil)
		if got := members(q); len(got) != 0 {
			t.Errorf("a later run deleted the memberships, yet the group still holds %v (warnings: %s)", got, warnings)
		}
	})
	t.Run("another instance's create keeps it", func(t *testing.T) {
		q := group("Runs rekey")
		conf := map[string]any{"que_id": fmt.Sprint(q), "agent_id": "5102", "skill": 1}
		old, oldPrivate, _ := apply("contactcenter_skill_group_member", nil, nil, conf)
		apply("contactcenter_skill_group_member", nil, nil, conf) // a new instance (a for_each key changed) creates it again
		_, _, warnings := apply("contactcenter_skill_group_member", old, oldPrivate, nil)
		if got := members(q); len(got) != 1 {
			t.Errorf("the old instance's delete removed what the new instance created: the group holds %v", got)
		}
		if !strings.Contains(warnings, "Membership Kept") {
			t.Errorf("the old instance's delete does not warn Membership Kept: %q", warnings)
		}
	})
}

// TestAccMembership_terraformTestRuns is the user's view of
// TestMembership_providerServesSeveralRuns: a test file with its own
// provider block, whose runs create a membership, remove it, and check the
// agent's groups; the cleanup deletes the group. Terraform 1.13 and later
// serve every run with one provider process (with an older Terraform each
// run has its own, and the test passed before).
func TestAccMembership_terraformTestRuns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	if v := w.TerraformVersion(); v.LessThan(version.Must(version.NewVersion("1.13.0"))) {
		t.Skipf("terraform %s configures a test file's provider for each run; 1.13 and later serve every run with one", v)
	}
	w.Write(`terraform {
  required_providers {
    contactcenter = { source = "` + strings.TrimPrefix(acctest.ProviderAddr, "registry.terraform.io/") + `" }
  }
}
variable "with_members" {
  type    = bool
  default = true
}
resource "contactcenter_skill_group" "g" {
  que_name     = "Test runs"
  que_priority = 10
}
resource "contactcenter_agent" "a" {
  user_num                 = "7302"
  user_name                = "Runs Ann"
  user_password_wo         = "Pw-12345678"
  user_password_wo_version = 1
}
resource "contactcenter_skill_group_members" "m" {
  count   = var.with_members ? 1 : 0
  que_id  = contactcenter_skill_group.g.id
  members = [{ agent_id = contactcenter_agent.a.id, skill = 1 }]
}
data "contactcenter_agent" "a" {
  id         = contactcenter_agent.a.id
  depends_on = [contactcenter_skill_group_members.m]
}
`)
	w.WriteFile("tests/runs.tftest.hcl", env.ProviderConfig()+`
run "with_members" {
  command = apply
  assert {
    condition     = length(data.contactcenter_agent.a.queue_ids) == 1
    error_message = "the agent is in the group"
  }
}
run "without_members" {
  command = apply
  variables {
    with_members = false
  }
}
run "agent_left_the_group" {
  command = apply
  variables {
    with_members = false
  }
  assert {
    condition     = length(data.contactcenter_agent.a.queue_ids) == 0
    error_message = "agent still in groups ${jsonencode(data.contactcenter_agent.a.queue_ids)}"
  }
}
`)
	w.Must(0, "init", "-no-color")
	out := w.Must(0, "test", "-no-color")
	// Exit code 0 alone would also pass a file that ran no run block.
	if !strings.Contains(out, "3 passed, 0 failed") {
		t.Errorf("terraform test did not run the three runs:\n%s", out)
	}
	if strings.Contains(out, "Membership Kept") {
		t.Errorf("terraform test warns Membership Kept:\n%s", out)
	}
}
