package actions

import (
	"cmp"
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// templateNotReady warns at plan of a template the gateway would refuse
// (1016, spec §7.4) as it reads now: one that does not exist, or one that
// is not approved, with the review's state and reason. Said at invoke only,
// the refusal came after the apply had created or changed the resource
// whose action_trigger runs the action, and the next plan was empty.
// Warnings, not errors, as contactcenter_sms_send says them: the template
// may be approved before the action runs, and the gateway checks again.
func templateNotReady(tid string, tpl *client.GatewayTemplate, err error, diags *diag.Diagnostics) {
	switch {
	case client.IsNotFound(err):
		diags.AddAttributeWarning(path.Root("tpl_id"), "Gateway SMS Template Not Found",
			fmt.Sprintf("Gateway template %s does not exist now (get_template does not know it), so the gateway will refuse the send "+
				"(code 1016) when the action runs, and nothing will be sent. tpl_id is the template's id (contactcenter_gateway_sms_template.x.id).", tid))
	case tpl != nil && int64(tpl.State) != client.GatewayStateApproved:
		state := cmp.Or(client.GatewayStateName(int64(tpl.State)), "not approved")
		next := "unless it is approved by then (wait_for_approval = true on the template waits for the review)"
		if int64(tpl.State) == client.GatewayStateRejected {
			next = "and nothing will be sent: change it as the review asks (a changed template is replaced and reviewed again)"
		}
		detail := fmt.Sprintf("Gateway template %s (%q) is %s (state %d) now; only approved templates can send, so the gateway will refuse the send "+
			"(code 1016) when the action runs, %s.", tid, string(tpl.TplTitle), state, int64(tpl.State), next)
		if r := strings.TrimSpace(string(tpl.Reason)); r != "" {
			detail += " Review reason: " + r + "."
		}
		diags.AddAttributeWarning(path.Root("tpl_id"), "Gateway SMS Template Not Approved", detail)
	}
}

// templateReview says where template tplID stands when the gateway
// refused a send with it (1016, "does not exist or is not approved"): the
// review's state and the reviewer's reason, as contactcenter_sms_send does.
// t and err are the read made before the send; a read that failed is made
// again.
func (a *gatewaySMSSendAction) templateReview(ctx context.Context, tplID int64, t *client.GatewayTemplate, err error) string {
	if err != nil && !client.IsNotFound(err) {
		t, err = a.Client.Gateway.GetTemplate(ctx, tplID)
	}
	switch {
	case client.IsNotFound(err):
		return fmt.Sprintf(". Template %d does not exist", tplID)
	case err != nil:
		return ""
	case int64(t.State) == client.GatewayStateRejected:
		return fmt.Sprintf(". Template %d was rejected by the review: %s. Change it (a changed template is replaced and reviewed again), then send", tplID, string(t.Reason))
	case int64(t.State) == client.GatewayStatePending:
		return fmt.Sprintf(". Template %d is still in review: send once it is approved (wait_for_approval = true on the template waits for it)", tplID)
	}
	return ""
}
