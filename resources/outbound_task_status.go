package resources

import (
	"fmt"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// A task's `status` attribute and the API's status (§3.4): names for the
// three the spec lists, the number for any other the platform holds.

// taskStatusNames maps the `status` attribute to the API's values (§3.4).
var taskStatusNames = map[string]int64{"closed": client.TaskStatusClosed, "open": client.TaskStatusOpen, "paused": client.TaskStatusPaused}

// taskStatusName is the `status` attribute of the API's status: its name,
// or for a status outside 0, 1 and 2 (one the spec does not list) the
// number as text ("3"), so that it reads as what it is instead of as
// "closed", which an edit then wrote (the task was closed silently).
func taskStatusName(t *client.Task) string {
	if t.Status == nil {
		return "closed"
	}
	for name, v := range taskStatusNames {
		if v == int64(*t.Status) {
			return name
		}
	}
	return strconv.FormatInt(int64(*t.Status), 10)
}

// taskStatusValue is the API's value of a `status` attribute: a name's, or
// the number an unknown status reads as (taskStatusName).
func taskStatusValue(s types.String) int64 {
	if v, ok := taskStatusNames[s.ValueString()]; ok {
		return v
	}
	v, _ := strconv.ParseInt(s.ValueString(), 10, 64)
	return v
}

// unknownTaskStatus warns of a plan that writes a task whose status the
// provider does not know: the plan shows the status it writes ("3" ->
// "closed"), but not why a priority change also closes the task.
func unknownTaskStatus(id, held, planned types.String) (string, string, bool) {
	if _, known := taskStatusNames[held.ValueString()]; known || held.IsNull() || held.IsUnknown() {
		return "", "", false
	}
	what := fmt.Sprintf("Outbound task %s has status %s on the platform, which this provider does not know (it knows 0 closed, 1 open and 2 paused). ",
		id.ValueString(), held.ValueString())
	if planned.IsUnknown() {
		// status from a value known only at apply: the plan cannot say
		// which status it writes (it said `sets it to ""`).
		return "Outbound Task Status Overwritten", what + "This plan sets it to the configured status, which is known only at apply (closed, open or paused). " +
			"If the task should keep its status, change it in the portal first, or set status to a value known at plan.", true
	}
	if !planned.Equal(held) {
		return "Outbound Task Status Overwritten", what + fmt.Sprintf("This plan sets it to %q (status = %q is the configured value, or the default when status is not set). "+
			"If that is not meant, set status in the configuration to the status the task should have, or change the task in the portal first.",
			planned.ValueString(), planned.ValueString()), true
	}
	return "Outbound Task Status Sent Back", what + fmt.Sprintf("The configuration ignores status, so this edit sends status %s back as the platform holds it; "+
		"the platform may refuse it. Set status to closed, open or paused (without ignore_changes) to choose one.", held.ValueString()), true
}

// ignoredStatusNote ends the advice to pause or close an open task before
// deleting it: under ignore_changes = [status] (the setup the status
// action's page shows), setting status plans no change.
const ignoredStatusNote = " When the resource ignores status (lifecycle { ignore_changes = [status] }), setting it changes nothing: " +
	"pause the task with a contactcenter_outbound_task_status action (terraform apply -invoke=action.contactcenter_outbound_task_status.<name>), or set force_delete = true."

// taskOpenRefused explains a delete refused while the state says the task
// is open. The state says open also when the configuration sets "paused"
// and the task was opened outside Terraform since the last apply: this
// plan's refresh read it open, and a -replace or a destroy deletes before
// any update pauses it ("set status" alone named what the configuration
// already said).
const taskOpenRefused = "The task is open. Set status = \"paused\" or \"closed\", or force_delete = true, and apply before destroying: a destroy uses the values the last apply saved. " +
	"If the configuration already sets status = \"paused\" or \"closed\", the task was opened outside Terraform after the last apply (in the portal, or by the " +
	"contactcenter_outbound_task_status action) and this plan read it open: a plain terraform apply (without -replace or -destroy) sets the configured status, " +
	"then replace or destroy it again." + ignoredStatusNote

// taskOpenedSinceRefused explains a delete refused while the state says
// the task is not open: it was opened after Terraform last read it.
const taskOpenedSinceRefused = "The task is open: it was opened after Terraform last read it (in the portal, or by the contactcenter_outbound_task_status action). " +
	"Pause it (the status action, or the portal) and destroy again, or set force_delete = true and apply before destroying: a destroy uses the values the last apply saved."

// taskStatusDescription documents the `status` attribute.
const taskStatusDescription = "Task status (`status`): `closed`, `open` (dialing) or `paused`. A change is one status write: opening an " +
	"existing task goes through projects/status/update (edits made with it keep the current status); pausing, closing and " +
	"a create carry the status in updateOrCreate. An edit that does not change the status sends the one the platform holds then (one read of the task), so a task opened or paused in the portal after the plan keeps that status. Defaults to `closed`: a task opened, paused or closed after the apply (in the portal, " +
	"with the `contactcenter_outbound_task_status` action, or by the platform) shows at the next plan as a change back to the configured status, which the apply makes, " +
	"and when `status` is not set that closes a dialing task (the plan warns, \"Outbound Task Closed by the Default Status\"; " +
	"`lifecycle { ignore_changes = [status] }` leaves the status to the portal and the action). A status the platform holds outside these three (one the spec does not list) reads as its number, " +
	"such as `\"3\"`: the plan shows the change to the configured status (and warns), where it read as `closed` and an edit closed the task silently."

// taskOpenedOutsideDestroyNote follows the plan's refusal of a destroy of
// an open task: the refresh read it open, opened outside Terraform, while
// the configuration may already set it paused or closed, where "set
// status = \"paused\"" named what the configuration already said.
const taskOpenedOutsideDestroyNote = " If the configuration already sets status = \"paused\" or \"closed\", the task was opened outside Terraform after the last apply " +
	"(in the portal, or by the contactcenter_outbound_task_status action) and this plan read it open: a plain terraform apply (without -destroy) sets the configured status, " +
	"then destroy it again."
