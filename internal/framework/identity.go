package framework

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// IDIdentity is the identity schema of a resource named by its id (Terraform
// 1.12 and later: an import block with `identity = { id = "..." }`). desc
// says which API field the id is ("The group id (`que_id`).").
func IDIdentity(desc string) identityschema.Schema {
	return identityschema.Schema{Attributes: map[string]identityschema.Attribute{
		"id": identityschema.StringAttribute{RequiredForImport: true, Description: desc},
	}}
}

// IdentitySchema gives a resource that embeds Resource the id identity;
// resources named by something else declare their own.
func (r *Resource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = IDIdentity("The object's id, as the `id` attribute holds it.")
}

// ImportID returns the id an import names: the import block's or the CLI's
// `id`, else the identity's `id`. ok is false (with an error) when neither
// is given.
func ImportID(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) (string, bool) {
	if req.ID != "" || req.Identity == nil {
		return req.ID, true
	}
	var id types.String
	resp.Diagnostics.Append(req.Identity.GetAttribute(ctx, path.Root("id"), &id)...)
	if resp.Diagnostics.HasError() {
		return "", false
	}
	return id.ValueString(), true
}

// ImportByNumericID is import by id for objects whose id is a positive
// number: rule completes the error's first sentence ("A skill group is
// imported by its numeric id (que_id)"). settings are provider-side
// attributes to set to their defaults (they are not read from the API).
func ImportByNumericID(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse, rule string, settings map[string]any) {
	id, ok := ImportID(ctx, req, resp)
	if !ok {
		return
	}
	canonical, ok := NumericID(id)
	if !ok {
		if req.ID == "" && req.Identity != nil {
			detail := fmt.Sprintf("%s, got %q.", rule, id)
			if strings.Contains(rule, " or as ") {
				// The other forms the rule names are import ids only.
				detail += " identity.id holds the numeric id only: the other forms go in an import block's id (or terraform import's), not in its identity."
			}
			resp.Diagnostics.AddError("Invalid Import Identity", detail)
			return
		}
		resp.Diagnostics.AddError("Invalid Import ID", fmt.Sprintf("%s, got %q.", rule, id))
		return
	}
	SetImported(ctx, resp, canonical, settings)
}

// NumericID reads an id typed for an import: a positive whole number,
// returned as the platform writes it (" 0522" and "+522" are "522": a voice
// file's id, a string, is looked up as written). ok is false otherwise.
func NumericID(s string) (canonical string, ok bool) {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || n <= 0 {
		return "", false
	}
	return strconv.FormatInt(n, 10), true
}

// SetImported saves the imported id, and settings, to the new state, and
// marks the private state as imported, for the read that follows
// (markFirstRead: an import is told from a state an older provider wrote).
func SetImported(ctx context.Context, resp *resource.ImportStateResponse, id string, settings map[string]any) {
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), id)...)
	for name, v := range settings {
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(name), v)...)
	}
	if resp.Private != nil {
		resp.Diagnostics.Append(resp.Private.SetKey(ctx, importUnreadKey, []byte(`true`))...)
	}
}

// ID is the numeric value of an id attribute (0 when it is not a number:
// ids in state are checked at import and come from the API otherwise).
func ID(v types.String) int64 {
	n, _ := strconv.ParseInt(strings.TrimSpace(v.ValueString()), 10, 64)
	return n
}
