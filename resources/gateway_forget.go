package resources

import (
	"context"
	"fmt"
	"iter"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
)

// gatewayResource is the base of the SMS gateway's signature and template.
// The gateway reviews them, and has no update or delete interface (§4.8):
// every argument replaces the object, an update only records provider-side
// settings, and destroy only makes Terraform forget it.
type gatewayResource[M any] struct {
	reviewedResource[M]
	// noun names the object in warnings ("signature").
	noun string
	// label returns the object's id and name for the destroy warning.
	label func(m *M) (id, name string)
	// replaceAttrs are the attributes whose change replaces the object.
	replaceAttrs []string
}

// newGatewaySteps are the review steps of a gateway object: pending (0)
// until the review approves (1) or rejects (2) it.
func newGatewaySteps[M any](title string, get func(context.Context, *M) error, rev func(m *M) review) reviewSteps[M] {
	return reviewSteps[M]{
		Steps: framework.Steps[M]{Title: title, Get: get, Volatile: []string{"state", "reason"}}, review: rev, rejected: client.GatewayStateRejected,
		approved: client.GatewayStateApproved, stateName: client.GatewayStateName,
		inReview: func(s int64) bool { return s == client.GatewayStatePending },
		replaced: "creates a new one, which is reviewed again, and leaves the approved one on the gateway (it has no delete)",
	}
}

// Update sends nothing: every argument requires replacement, and
// wait_for_approval and timeouts only matter on create.
func (r *gatewayResource[M]) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	r.steps.Update(ctx, req, resp, func(context.Context, *M, *M) error { return nil }, "wait_for_approval", "timeouts")
}

// Delete only forgets the object, and says so.
func (r *gatewayResource[M]) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state M
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	id, name := r.label(&state)
	resp.Diagnostics.AddWarning(r.steps.Title+" Only Removed From State", gatewayForgottenDetail(r.noun, id, name))
}

// forgetWarning tells at plan time what the apply would only say at
// the end: the SMS gateway has no delete interface (§4.8), so destroying a
// gateway signature or template only makes Terraform forget it, and
// replacing one leaves the old one on the gateway. The resource's
// ModifyPlan does not see the replacements its attributes' plan modifiers
// ask for, hence replaceAttrs.
func (r *gatewayResource[M]) forgetWarning(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() {
		// A create: nothing is left behind. Without the gateway's
		// credentials it would fail at apply; say so at plan.
		if r.Client != nil && !req.Plan.Raw.IsNull() {
			if err := r.Client.Gateway.CheckCredentials(); err != nil {
				resp.Diagnostics.AddError("Missing SMS Gateway Credentials",
					fmt.Sprintf("Cannot create the %s: %v.", r.noun, err))
			}
		}
		return
	}
	kind, noun := r.steps.Title, r.noun
	var id types.String
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("id"), &id)...)
	if req.Plan.Raw.IsNull() {
		resp.Diagnostics.AddWarning(kind+" Will Only Be Removed From State", gatewayForgottenDetail(noun, id.ValueString(), ""))
		return
	}
	var changed, unknown []string
	for _, a := range r.replaceAttrs {
		var before, after attr.Value
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root(a), &before)...)
		resp.Diagnostics.Append(resp.Plan.GetAttribute(ctx, path.Root(a), &after)...)
		if before != nil && after != nil && !before.Equal(after) {
			changed = append(changed, a)
			if after.IsUnknown() {
				unknown = append(unknown, a)
			}
		}
	}
	if len(changed) > 0 {
		// A value known only at apply (another resource's attribute)
		// replaces the object whatever it comes out as: Terraform takes an
		// unknown for a change of an argument that requires replacement,
		// so an unchanged text made a second object, reviewed again, that
		// the plan called "the change of" it.
		also := ""
		if len(unknown) > 0 {
			names, isKnown, valueComes, set := knownOnly(unknown)
			also = fmt.Sprintf(" (%s %s: Terraform replaces the %s even if %s out the same; "+
				"to avoid that, set %s known at plan, such as a variable, or apply the resource it comes from first with -target)",
				names, isKnown, noun, valueComes, set)
		}
		resp.Diagnostics.AddWarning(kind+" Replacement Leaves the Old One on the Gateway",
			fmt.Sprintf("The gateway cannot change or delete a %s: this plan creates a new one for the change of %s%s, "+
				"and %s %s stays on the gateway, forgotten by Terraform.", noun, strings.Join(changed, ", "), also, noun, id.ValueString()))
		return
	}
	// A review that rejected the object after its create (one that did not
	// wait for it, or a review done again) left every plan empty and
	// silent: a pipeline went green while the object could not send.
	// contactcenter_sms_signature and _template warn so (planReview); the
	// gateway cannot resubmit, so only a new object is reviewed again.
	var state types.Int64
	var reason types.String
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("state"), &state)...)
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("reason"), &reason)...)
	if state.ValueInt64() == client.GatewayStateRejected {
		var refused []string // the arguments (pic_sha256 follows from pic_file)
		for _, a := range r.replaceAttrs {
			if !strings.HasSuffix(a, "_sha256") {
				refused = append(refused, a)
			}
		}
		resp.Diagnostics.AddWarning(kind+" Rejected by Review",
			fmt.Sprintf("The gateway's review rejected %s %s (state 2, reason: %q): it cannot be used to send. "+
				"The gateway cannot change or resubmit a %s, so unless this plan replaces it, it stays rejected: to have one reviewed again, change what the reviewer refused (%s), "+
				"or run terraform apply -replace with this resource's address; either creates a new %s, and the rejected one stays on the gateway. "+
				"If it is not wanted any more, remove it from the configuration: the apply only forgets it (the gateway keeps it), and this warning stops.",
				noun, id.ValueString(), reason.ValueString(), noun, strings.Join(refused, ", "), noun))
	}
}

// gatewayForgottenDetail says that destroying a gateway object only makes
// Terraform forget it, for the plan-time and the apply-time warning alike.
func gatewayForgottenDetail(noun, id, name string) string {
	what := noun + " " + id
	if name != "" {
		what += fmt.Sprintf(" (%q)", name)
	}
	return fmt.Sprintf("The SMS gateway has no interface to delete a %s. Destroying %s makes Terraform forget it; "+
		"it stays on the gateway. Ask the gateway operator to remove it if it must go.", noun, what)
}

// filtered keeps the items of a client listing that keep accepts (a filter
// the endpoint does not have), and its errors.
func filtered[T any](all iter.Seq2[T, error], keep func(T) bool) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		for t, err := range all {
			if err == nil && !keep(t) {
				continue
			}
			if !yield(t, err) || err != nil {
				return
			}
		}
	}
}
