package resources_test

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestStateUpgrade_recordedQuietly: a state written by a provider version
// that recorded no addresses (the JSON terraform.tfstate keeps, no private
// state), read by this one, as after a provider upgrade: Terraform upgrades
// the stored JSON, refreshes it and plans. Nothing is said, nothing
// changes, and the refresh records the addresses, so that the check of
// another contact center holds from the first plan on; then the same
// state planned at another center's address is refused. Tried by hand with
// the builds of 84ff285 and 7cfa726 (every resource type: plan, apply,
// plan empty; private state filled in); this keeps it so. The refresh is
// not taken for the read that follows an import (no imported_in mark).
func TestStateUpgrade_recordedQuietly(t *testing.T) {
	t.Parallel()
	env, other := acctest.New(t), acctest.New(t)
	for _, c := range []struct{ typ, body string }{
		{"contactcenter_skill_group", "que_name = \"Sales\"\nque_priority = 20\n"},
		{"contactcenter_webhook", "name = \"CRM\"\nurl = \"https://crm.example.com/calls\"\n"},
		{"contactcenter_sms_signature", "sign_text = \"Acme\"\n"},
		{"contactcenter_agent", "user_num = \"9001\"\nuser_name = \"Ann Lee\"\nuser_password = \"Passw0rd!x\"\n"},
		{"contactcenter_outbound_task", "name = \"Reminders\"\ntype = 3\ntrans_to = \"ivr-payments\"\n"},
	} {
		t.Run(c.typ, func(t *testing.T) {
			r := env.Resources(t, c.typ)
			config := []any{r.Config(c.body)}
			made := r.Apply(nil, config)
			raw, err := json.Marshal(r.Decode(made[0]))
			if err != nil {
				t.Fatal(err)
			}
			srv := env.ActionServer(t)
			up, err := srv.UpgradeResourceState(t.Context(), &tfprotov6.UpgradeResourceStateRequest{
				TypeName: c.typ, Version: 0, RawState: &tfprotov6.RawState{JSON: raw},
			})
			if err != nil || len(up.Diagnostics) > 0 {
				t.Fatalf("UpgradeResourceState: %v %s", err, flatDiags(up.Diagnostics))
			}
			read := readOn(t, srv, c.typ, acctest.Instance{State: up.UpgradedState})
			if len(read.Diagnostics) > 0 || isNullState(t, r, read.NewState) {
				t.Fatalf("refresh of the upgraded state: %s (gone: %v)", flatDiags(read.Diagnostics), isNullState(t, r, read.NewState))
			}
			if !strings.Contains(string(read.Private), "contact_center_urls") {
				t.Errorf("the refresh recorded no addresses: private %q", read.Private)
			}
			if strings.Contains(string(read.Private), "imported_in") {
				t.Errorf("the first refresh after the upgrade was taken for an import's (marked imported_in): private %q", read.Private)
			}
			refreshed := []acctest.Instance{{State: read.NewState, Private: read.Private}}
			r.CheckPlanEmpty(refreshed, config)

			// Recorded now: at another center's address the same ids are
			// refused (its ids overlap, or name nothing), where the state as
			// upgraded had nothing to tell.
			if d := readOn(t, other.ActionServer(t), c.typ, refreshed[0]).Diagnostics; !strings.Contains(flatDiags(d), "was created or last read through other addresses") {
				t.Errorf("the upgraded, refreshed state at another center: %s", flatDiags(d))
			}
		})
	}
}

// TestStateUpgrade_membershipNotImported: the first plan after a provider
// upgrade read a membership an older provider wrote (no private state) as
// an import's first read, and so warned that "this plan imports" the
// membership and its apply removes an agent the portal added: no import
// is planned. An import is told by ImportState's mark now; the upgraded
// state's first read is a refresh, and its plan says nothing of an import.
func TestStateUpgrade_membershipNotImported(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	group := env.Resources(t, "contactcenter_skill_group").Apply(nil, []any{
		env.Resources(t, "contactcenter_skill_group").Config("que_name = \"Upgraded\"\nque_priority = 1\nforce_delete = true\n"),
	})
	agents := env.Resources(t, "contactcenter_agent")
	made := agents.Apply(nil, []any{
		agents.Config("user_num = \"9101\"\nuser_name = \"Ann\"\nuser_password = \"Passw0rd!x\"\n"),
		agents.Config("user_num = \"9102\"\nuser_name = \"Bob\"\nuser_password = \"Passw0rd!x\"\n"),
	})
	queID := env.Resources(t, "contactcenter_skill_group").Decode(group[0])["id"].(string)
	ann, bob := agents.Decode(made[0])["id"].(string), agents.Decode(made[1])["id"].(string)

	r := env.Resources(t, "contactcenter_skill_group_members")
	config := []any{r.Config(fmt.Sprintf("que_id = %q\nmembers = [{ agent_id = %q, skill = 1 }]\n", queID, ann))}
	applied := r.Apply(nil, config)
	raw, err := json.Marshal(r.Decode(applied[0]))
	if err != nil {
		t.Fatal(err)
	}
	up, err := env.ActionServer(t).UpgradeResourceState(t.Context(), &tfprotov6.UpgradeResourceStateRequest{
		TypeName: "contactcenter_skill_group_members", Version: 0, RawState: &tfprotov6.RawState{JSON: raw},
	})
	if err != nil || len(up.Diagnostics) > 0 {
		t.Fatalf("UpgradeResourceState: %v %s", err, flatDiags(up.Diagnostics))
	}
	// The portal adds bob to the group.
	q, _ := strconv.ParseInt(queID, 10, 64)
	b, _ := strconv.ParseInt(bob, 10, 64)
	if err := env.Client(t).Queues.Assign(t.Context(), q, []client.AgentSkill{{AgID: b, Skill: 2}}); err != nil {
		t.Fatal(err)
	}
	// Refreshed and planned by one provider, as one terraform plan does.
	actions, diags := r.PlanDiagnostics([]acctest.Instance{{State: up.UpgradedState}}, config)
	if actions[0] != "update" {
		t.Errorf("the plan after the upgrade: %s, want the update that removes the agent the portal added", actions[0])
	}
	if text := flatDiags(diags[0]); strings.Contains(text, "imports") || strings.Contains(text, "Imported") {
		t.Errorf("the first plan after an upgrade took the membership for imported: %s", text)
	}
}
