package framework

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Terraform imports an object into an address without asking whether
// another address of the configuration manages it already, and so does
// the provider: `terraform query` lists the objects already managed too,
// so adopting a contact center in steps (half the agents this week, a
// list block without the filter next week) wrote the first week's agents
// again, and the plan said "12 to import" of agents the state holds at
// other addresses. After the apply two resources manage one object: each
// plan undoes the other's edits, and destroying either deletes the object
// the other still holds. The plan now warns (WarnManagedTwice) when one
// plan both imports an object and plans it at another address.
//
// An import is told by its first read: ImportState (SetImported) marks the
// private state it returns with importUnreadKey, and the read that follows
// takes that mark away and marks the private state with importedInKey, the
// token of this provider configuration's Claims (one Terraform command;
// under `terraform test` with a provider block, Terraform 1.13 and later,
// every run of the file: a later run's read takes the mark away, but a
// run with refresh = false reads nothing and still sees it). A plan of the
// resource then knows it imports the object (the token is this
// configuration's, ImportedHere) or manages it already (no token, or an
// earlier command's). The pair is checked per
// provider configuration, contact center, kind and id
// (tfkit.Claims.PlannedTwice), so two centers (whose ids overlap) never
// meet, and neither do two imports of one object.
//
// The import was once told by the absence of a recorded contact center
// (centerKey), which a state written by a provider older than that record
// also lacks: the first plan after a provider upgrade took every object of
// the state for one it imported (an object imported at a new address
// beside one of them was not warned of as managed twice, and a
// membership's import warning spoke of agents an import removes).

// importedInKey is the private state key of the import's token
// (tfkit.Claims.Token).
const importedInKey = "imported_in"

// importUnreadKey marks the private state an import returns (SetImported),
// until the read that follows it (markFirstRead).
const importUnreadKey = "import_unread"

// privateReader reads a private state (a request's).
type privateReader interface {
	GetKey(ctx context.Context, key string) ([]byte, diag.Diagnostics)
}

// importUnread reports whether private (a read's prior private state) is
// an import's that no read has followed yet (SetImported).
func importUnread(ctx context.Context, private privateReader) bool {
	if private == nil || reflect.ValueOf(private).IsNil() {
		return false
	}
	unread, _ := private.GetKey(ctx, importUnreadKey)
	return len(unread) > 0
}

// markFirstRead marks the private state of the read that follows an
// import (importUnreadKey) with this command's token, and takes an earlier
// command's mark away.
func (s Steps[M]) markFirstRead(ctx context.Context, prior, next privateData, diags *diag.Diagnostics) {
	if s.Center == "" || prior == nil || reflect.ValueOf(prior).IsNil() || next == nil || reflect.ValueOf(next).IsNil() {
		return
	}
	unread, d := prior.GetKey(ctx, importUnreadKey)
	diags.Append(d...)
	if len(unread) == 0 {
		// A later command's read, or the first read of a state an older
		// provider wrote (no import): the import's mark has served its
		// plan, and would stay in the state of every object imported.
		if mark, _ := prior.GetKey(ctx, importedInKey); len(mark) > 0 {
			diags.Append(next.SetKey(ctx, importedInKey, nil)...)
		}
		return
	}
	diags.Append(next.SetKey(ctx, importUnreadKey, nil)...)
	if s.Claims == nil {
		return
	}
	token, _ := json.Marshal(s.Claims.Token())
	diags.Append(next.SetKey(ctx, importedInKey, token)...)
}

// ImportedHere reports whether this command imports the object whose
// private state (a plan's prior private state) private is: its first read
// followed an import in this command (markFirstRead).
func (s Steps[M]) ImportedHere(ctx context.Context, private privateReader) bool {
	if s.Claims == nil || private == nil || reflect.ValueOf(private).IsNil() {
		return false
	}
	token, _ := private.GetKey(ctx, importedInKey)
	var t string
	_ = json.Unmarshal(token, &t)
	return t != "" && t == s.Claims.Token()
}

// WarnManagedTwice is every managed resource's plan check (its ModifyPlan
// calls it first, through PlanChecks) that no object is both imported by this plan and
// managed at another address of the configuration (see above).
func (s Steps[M]) WarnManagedTwice(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if s.Center == "" || s.Claims == nil || req.State.Raw.IsNull() || req.Plan.Raw.IsNull() || req.Private == nil {
		return
	}
	var id types.String
	if req.State.GetAttribute(ctx, path.Root("id"), &id).HasError() || id.IsNull() || id.IsUnknown() || id.ValueString() == "" {
		return
	}
	if !s.Claims.PlannedTwice(s.Center+"\x00"+s.Title+"\x00"+id.ValueString(), s.ImportedHere(ctx, req.Private)) {
		return
	}
	noun := Noun(s.Title)
	resp.Diagnostics.AddWarning(s.Title+" Managed by Two Resources", fmt.Sprintf(
		"This plan imports %s %s into one resource of this configuration while another resource of it already manages that %s (its state holds the id %s); "+
			"this is one of the two. After the apply both would manage the one %s: each plan would undo the other's changes, and destroying either deletes the %s the other still holds. "+
			"terraform query lists the objects already managed too, so a configuration generated again (-generate-config-out with a list block that also matches what an earlier one adopted) "+
			"imports them a second time: delete the resource and import blocks of the objects already managed, and import only the new ones. "+
			"To move the %s to a new address instead, use a moved block (moved { from = <old address> to = <new address> }), not an import.",
		noun, id.ValueString(), noun, id.ValueString(), noun, noun, noun))
}

// PlanChecks are the checks every managed resource's ModifyPlan makes
// first, of the state it plans from: an object recorded at other addresses
// that this plan did not read there (PlanUnreadElsewhere), and one both
// imported by this plan and managed at another address (WarnManagedTwice).
func (s Steps[M]) PlanChecks(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	s.PlanUnreadElsewhere(ctx, req, resp)
	s.WarnManagedTwice(ctx, req, resp)
}
