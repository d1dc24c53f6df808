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

// signatureNotReady warns at plan that the signature a template send goes
// out under (sign_text, else the template's signText, which send_batch and
// send_file use when sign_text is not set) is not approved: the gateway
// refuses every request of the send with 1018 when the action runs (spec
// §7.4), after the apply. The template read at plan carries the text but not
// the signature's state, and get_sign takes ids or a page, not a text: the
// client's signature finder answers (its first page of 50, shared with the
// refresh of the walk's gateway signatures: at most one call per plan), and
// the warning is given only when that holds every signature, so that an
// approved signature of the same text on a later page cannot be missed.
// With 50 or more signatures nothing is said (a full page may not be all of
// them, and more would take a call per 50).
func (a *gatewaySMSSendAction) signatureNotReady(ctx context.Context, m gatewaySMSSendModel, tpl *client.GatewayTemplate, diags *diag.Diagnostics) {
	if tpl == nil || m.SignText.IsUnknown() {
		return
	}
	sign, at, whose := strings.TrimSpace(string(tpl.SignText)), path.Root("tpl_id"), fmt.Sprintf("template %s's signature", m.TplID.ValueString())
	if !m.SignText.IsNull() {
		sign, at, whose = m.SignText.ValueString(), path.Root("sign_text"), "the signature of sign_text"
	}
	if sign == "" {
		return
	}
	items, known, err := a.Client.Gateway.SeenSignaturesByContent(ctx, sign)
	if err != nil || !known {
		return
	}
	var states []string
	for _, s := range items {
		if int64(s.State) == client.GatewayStateApproved {
			return
		}
		st := fmt.Sprintf("signature %d is %s (state %d)", s.Identifier(), cmp.Or(client.GatewayStateName(int64(s.State)), "not approved"), int64(s.State))
		if r := strings.TrimSpace(string(s.Reason)); r != "" {
			st += ", review reason: " + r
		}
		states = append(states, st)
	}
	// An existing signature is approved by the gateway's review, not by
	// wait_for_approval (it waits only when the signature is created); a
	// text no signature has is a typo, or a signature this apply creates.
	now, then := "no gateway signature has this text", "unless a signature of this text is created and approved by then: "+
		"a contactcenter_gateway_sms_signature created in this apply with wait_for_approval = true is approved before the action runs, and then this warning does not apply; "+
		"otherwise check the text (the gateway compares it exactly, without brackets)"
	if len(states) > 0 {
		now, then = strings.Join(states, "; "), "unless the gateway's review approves the signature by then"
	}
	diags.AddAttributeWarning(at, "Gateway SMS Signature Not Approved",
		fmt.Sprintf("The send goes out under %s, %q, which is not approved now (%s); the gateway sends only under an approved signature, "+
			"so it will refuse every request (code 1018) when the action runs, and nothing will be sent, %s.", whose, sign, now, then))
}
