package resources

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// taskUndoneByDefault are the outbound task's settings a default undoes
// besides status (outbound_task_status.go): whole-call recording turned on
// in the portal (config.makecall_flag = 8, §2.7.1), which a regulated
// campaign must keep, was turned off by the next apply made for anything
// else, `makecall_flag = 8 -> 0`, and the task's pushes to its webhooks
// turned on there (config.webhook.enable) were turned off,
// `enable = true -> false`. So were they by a configuration that does not
// set config (or config.webhook) at all: the refresh reads the object the
// platform holds, the plan removes it (`makecall_flag = 8 -> null`), and
// the edit sends it empty (clearing), which resets both (unset); there
// ignore_changes = [config.makecall_flag] keeps nothing, and the warning
// names ignore_changes = [config]. The task's other defaults (priority, the durations, the
// department, the initial call ratio, enable_asr, an agent's conn_limit)
// tune the dialing, which the plan's diff shows well enough.
var taskUndoneByDefault = []undoneByDefault{
	{attr: []string{"status"}, only: `"open"`, title: "Outbound Task Closed by the Default Status", holds: "is open (it dials)", how: "opened",
		def: `"closed"`, does: "closes the task and stops its dialing", keep: "To keep it dialing",
		leaveTo: "the portal and the contactcenter_outbound_task_status action"},
	{attr: []string{"config", "makecall_flag"}, title: "Outbound Task Recording Stopped by the Default", holds: "records whole calls", how: "turned on",
		def: "0 (no)", does: "stops the recording of the task's calls", keep: "To keep recording", unset: "0"},
	{attr: []string{"config", "webhook", "enable"}, title: "Outbound Task Pushes Stopped by the Default", holds: "pushes its call events to its webhooks", how: "turned on",
		def: "false", does: "stops the pushes", keep: "To keep them", unset: "false"},
}

// taskNamed names an outbound task from its state: Outbound task 701 ("Renewals").
func taskNamed(state tftypes.Value) string {
	var id, name string
	_, _ = rawAttr(state, "id").As(&id), rawAttr(state, "name").As(&name)
	return fmt.Sprintf("Outbound task %s (%q)", id, name)
}
