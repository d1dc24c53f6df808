package resources_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// A task whose configuration leaves status out (it defaults to closed) is
// opened after the apply, in the portal or with the
// contactcenter_outbound_task_status action, and dials. The next plan, made
// for anything else, closed it: it showed `status = "open" -> "closed"`
// among the other changes and said nothing, and the apply stopped a
// campaign that no one had asked to stop. The plan now warns, naming the
// task, and says how to keep it dialing; a configured status does not
// warn (the user wrote what the task should be).
func TestAccOutboundTask_defaultStatusClosingAnOpenTaskWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	noStatus := strings.Replace(automaticConfig("closed"), "  status   = \"closed\"\n", "", 1)
	w := env.Workdir(t)
	w.WriteBody(noStatus)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if err := c.Tasks.SetStatus(t.Context(), 701, client.TaskStatusOpen); err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(w.Must(2, "plan", "-no-color", "-detailed-exitcode")), " ")
	for _, want := range []string{
		`status = "open" -> "closed"`,
		`Warning: Outbound Task Closed by the Default Status`,
		`Outbound task 701 ("Payment reminders") is open on the platform (it dials), opened outside this configuration, whose status is not set and defaults to "closed": this apply closes the task and stops its dialing.`,
		`To keep it dialing, set status = "open"; to leave its status to the portal and the contactcenter_outbound_task_status action, add lifecycle { ignore_changes = [status] }.`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the plan does not say %q:\n%s", want, out)
		}
	}
	w.WriteBody(automaticConfig("closed"))
	if out := w.Must(2, "plan", "-no-color", "-detailed-exitcode"); strings.Contains(out, "Default Status") {
		t.Errorf("status = \"closed\" is configured, and the plan warns:\n%s", out)
	}
}
