package resources

import (
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// The re-activation warning names what it cleared of the resigned agent and
// what it kept, with the values kept, so that a new hire's agent taken from
// a former colleague can be checked.
func TestReactivatedDetail(t *testing.T) {
	a := &client.Agent{UserID: 1004, UserName: "Former", UserEmail: "f@example.com", CrmID: "crm-old", DeptID: 4, RoleID: 2,
		QueueIDs: "101,102"}
	got := reactivatedDetail("8630", a, client.AgentInput{CrmID: new("crm-new"), RoleID: new(int64(3))})
	want := `Agent number 8630 belonged to a resigned agent (id 1004, "Former"), which keeps its number: that agent was re-activated and set from the configuration ` +
		`instead of a new one being created. Its call history stays with it. Cleared, as a new agent has none and the configuration sets none: ` +
		`user_email, its skill groups (101, 102). Kept from the resigned agent, as the configuration does not set them: dept_id 4; set them to change them.`
	if got != want {
		t.Errorf("detail:\n%s\nwant:\n%s", got, want)
	}
}
