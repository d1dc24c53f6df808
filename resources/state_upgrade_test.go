package resources_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

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
