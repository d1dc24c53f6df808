package resources

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// webhookUndoneByDefault are the webhook's settings a default undoes
// besides status (webhook.go): encryption turned on in the portal
// (is_encrypt, §4.4) was turned off by the next apply made for anything
// else, `is_encrypt = true -> false`, and the call events were pushed in
// clear; an event chosen there (event_type 1 or 2) was unchosen,
// `event_type = 1 -> 0`, and the pushes stopped as if the webhook were
// disabled. dept_id is the webhook's place in the departments, which the
// plan's diff shows well enough.
var webhookUndoneByDefault = []undoneByDefault{
	{attr: []string{"status"}, only: "true", title: "Webhook Disabled by the Default Status", holds: "is enabled (it receives call events)", how: "enabled",
		def: "false", does: "disables the webhook, and its pushes stop", keep: "To keep it enabled"},
	{attr: []string{"is_encrypt"}, title: "Webhook Encryption Turned Off by the Default", holds: "encrypts the data it pushes", how: "turned on",
		def: "false", does: "turns encryption off, and the call events are pushed unencrypted", keep: "To keep it encrypted"},
	{attr: []string{"event_type"}, title: "Webhook Pushes Stopped by the Default Event Type", holds: "pushes an event",
		heldMeans: map[string]string{"1": "pushes the hang-up call record", "2": "pushes a notice before each outbound call"}, how: "chosen",
		def: "0 (none chosen, nothing is pushed)", does: "unchooses the event, and the webhook's pushes stop", keep: "To keep them"},
}

// webhookNamed names a webhook from its state: Webhook 301 ("CRM").
func webhookNamed(state tftypes.Value) string {
	var id, name string
	_, _ = rawAttr(state, "id").As(&id), rawAttr(state, "name").As(&name)
	return fmt.Sprintf("Webhook %s (%q)", id, name)
}
