package resources

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// A text warning about a value the platform already holds, in a
// configuration that keeps it as it is, has nothing left to ask of the
// user: an agent adopted with a number typed in full-width digits keeps
// that number (a new one replaces the agent), a signature approved with
// its brackets keeps them (a new sign_text replaces it). As a validator
// it was shown on every plan of an unchanged configuration, which in CI
// is many times a day, and a warning shown on every plan teaches people
// to skip all warnings. Such a warning is given instead when the value
// is written: by a plan that creates the object or changes the value
// (whenWritten), and once by the import that adopts the object
// (markImported, then warnAdopted on the read that follows it).

// importedUnread is the private state key an import sets and the read
// that follows it clears: that read is the adoption's.
const importedUnread = "imported_unread"

// markImported marks a state just imported (a no-op when the import
// failed).
func markImported(ctx context.Context, resp *resource.ImportStateResponse) {
	if resp.Diagnostics.HasError() || resp.Private == nil {
		return
	}
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, importedUnread, []byte(`true`))...)
}

// warnAdopted gives, on the read that follows an import, the warnings of
// texts (by top-level attribute) about the values read, and clears the
// mark, so later plans are quiet while the configuration keeps them. A
// read's warning is shown without the resource's address, so the detail
// names the object: noun and its id ("agent 1006").
func warnAdopted(ctx context.Context, resp *resource.ReadResponse, noun string, texts map[string]textWarning) {
	if resp.Private == nil {
		return
	}
	mark, d := resp.Private.GetKey(ctx, importedUnread)
	resp.Diagnostics.Append(d...)
	if len(mark) == 0 {
		return
	}
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, importedUnread, nil)...)
	if resp.Diagnostics.HasError() || resp.State.Raw.IsNull() {
		return
	}
	var id types.String
	resp.Diagnostics.Append(resp.State.GetAttribute(ctx, path.Root("id"), &id)...)
	for name, w := range texts {
		var v types.String
		p := path.Root(name)
		resp.Diagnostics.Append(resp.State.GetAttribute(ctx, p, &v)...)
		if v.IsNull() || v.IsUnknown() {
			continue
		}
		if summary, detail := w.check(p, v.ValueString()); summary != "" {
			resp.Diagnostics.AddAttributeWarning(p, summary, fmt.Sprintf("%s This is the value %s %s holds on the platform, read at its import: "+
				"plans do not warn of it again while the configuration keeps it, only when they set another value.", detail, noun, id.ValueString()))
		}
	}
}

// warnWritten adds w's warning, given when the plan writes the value
// (textWarning.whenWritten), to a text attribute.
func warnWritten(a schema.StringAttribute, w textWarning) schema.StringAttribute {
	a.PlanModifiers = append(a.PlanModifiers, w.whenWritten())
	return a
}

// whenWritten is w as a plan modifier: it warns when the plan writes the
// value, that is creates the object with it or changes it to it, and not
// when the configuration keeps the value the state (the platform) holds.
// A value unknown at plan is not judged, as the validator did not.
func (w textWarning) whenWritten() planmodifier.String { return textWhenWritten{w} }

type textWhenWritten struct{ w textWarning }

func (m textWhenWritten) Description(ctx context.Context) string {
	return m.w.Description(ctx) + " (warned of when the plan writes it)"
}

func (m textWhenWritten) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (m textWhenWritten) PlanModifyString(_ context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.Plan.Raw.IsNull() || req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if !req.StateValue.IsNull() && req.StateValue.Equal(req.ConfigValue) {
		return
	}
	if summary, detail := m.w.check(req.Path, req.ConfigValue.ValueString()); summary != "" {
		resp.Diagnostics.AddAttributeWarning(req.Path, summary, detail)
	}
}

// warnWrittenByReplacement gives the warnings of texts (by top-level
// attribute) that whenWritten leaves out when the plan replaces the
// object for another attribute (one of replacers, each of which forces a
// replacement, changes or is known only at apply): the text is unchanged
// in the configuration, but the create half of the replacement writes it
// on a new object (a signature that goes to review with its brackets, a
// new agent with a full-width number). whenWritten cannot see that: an
// attribute's plan modifier does not know that another one forces a
// replacement.
func warnWrittenByReplacement(req resource.ModifyPlanRequest, diags *diag.Diagnostics, replacers []string, texts map[string]textWarning) {
	if req.Plan.Raw.IsNull() || req.State.Raw.IsNull() {
		return
	}
	by := ""
	for _, a := range replacers {
		if !rawAttr(req.Plan.Raw, a).Equal(rawAttr(req.State.Raw, a)) {
			by = a
			break
		}
	}
	if by == "" {
		return
	}
	for _, name := range slices.Sorted(maps.Keys(texts)) {
		v, was := rawAttr(req.Config.Raw, name), rawAttr(req.State.Raw, name)
		var s string
		if !v.IsKnown() || v.IsNull() || !v.Equal(was) || v.As(&s) != nil {
			continue // unknown or unset, or changed: whenWritten's
		}
		p := path.Root(name)
		if summary, detail := texts[name].check(p, s); summary != "" {
			diags.AddAttributeWarning(p, summary, fmt.Sprintf("%s This plan replaces the object (%s changes), and the new one is created with this value.", detail, by))
		}
	}
}
