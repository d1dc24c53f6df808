package resources

// The warning of a replacement that only values known at apply force:
// RequiresReplace takes an unknown for a change, so Terraform replaces the
// object even if the values come out as they are, behind a plan that shows
// only "# forces replacement" beside "(known after apply)".

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// unknownOnly names the attributes of names the plan changes, when every
// change is a value known only at apply; nil when one is a known change (or
// none changes).
func unknownOnly(ctx context.Context, req resource.ModifyPlanRequest, names []string) []string {
	var unknown []string
	for _, a := range names {
		var before, after attr.Value
		if req.State.GetAttribute(ctx, path.Root(a), &before).HasError() || req.Plan.GetAttribute(ctx, path.Root(a), &after).HasError() ||
			before == nil || after == nil || before.Equal(after) {
			continue
		}
		if !after.IsUnknown() {
			return nil
		}
		unknown = append(unknown, a)
	}
	return unknown
}

// knownOnly words the attributes unknownOnly found, for one or several:
// "sign_text", "is known only at apply", "the value comes", "sign_text from
// a value"; "name and sound_type", "are …", "the values come", "them from
// values". The replacement warnings and the approved template's share it.
func knownOnly(unknown []string) (names, isKnown, valueComes, set string) {
	if len(unknown) == 1 {
		return unknown[0], "is known only at apply", "the value comes", unknown[0] + " from a value"
	}
	return strings.Join(unknown, " and "), "are known only at apply", "the values come", "them from values"
}

// stateObject names the object a state holds for a message: noun, its id
// and, quoted, the attribute key that names it ("SMS signature 101
// (\"Acme\")", "voice file 7 (\"welcome\")"). It returns the id too.
func stateObject(ctx context.Context, state tfsdk.State, noun, key string, diags *diag.Diagnostics) (id, of string) {
	var i, k types.String
	diags.Append(state.GetAttribute(ctx, path.Root("id"), &i)...)
	diags.Append(state.GetAttribute(ctx, path.Root(key), &k)...)
	return i.ValueString(), fmt.Sprintf("%s %s (%q)", noun, i.ValueString(), k.ValueString())
}

// replacedForUnknown is the warning of a replacement that unknownOnly
// found: kind starts the summary (two resources' warnings with one summary
// are shown as one), of names the object ("SMS signature 101 (\"Acme\")"),
// noun is what Terraform replaces ("signature"), and does says, in
// sentences, what the replacement does. One attribute "is known only at
// apply … the value comes out", several "are … the values come out"
// ("name and sound_type is known" read wrong).
func replacedForUnknown(kind string, unknown []string, of, noun, does string) (summary, detail string) {
	names, isKnown, valueComes, set := knownOnly(unknown)
	return kind + " Replaced for a Value Known Only at Apply",
		fmt.Sprintf("%s of %s %s: Terraform replaces the %s even if %s out the same. %s To avoid the replacement, set %s known at plan, "+
			"such as a variable, or apply the resource it comes from first with -target.", names, of, isKnown, noun, valueComes, does, set)
}
