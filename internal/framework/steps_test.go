package framework

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// DiagsError keeps every error diagnostic, summary and detail, and drops
// warnings; no error is a nil error.
func TestDiagsError(t *testing.T) {
	t.Parallel()
	var d diag.Diagnostics
	d.AddWarning("Careful", "only a warning")
	if err := DiagsError(d); err != nil {
		t.Fatalf("warnings only: got %v, want nil", err)
	}
	d.AddError("Value Conversion Error", "expected a set of strings")
	d.AddError("Invalid Element", "null at members[2]")
	err := DiagsError(d)
	want := "Value Conversion Error: expected a set of strings\nInvalid Element: null at members[2]"
	if err == nil || err.Error() != want {
		t.Fatalf("got %v, want %q", err, want)
	}
}

// SaveAndReadBack keeps the id when the read after a write fails, and the
// warning says so in plain words (it said "The Skill Group was createdd",
// then "The Skill Group was created", the title's capitals mid-sentence).
func TestSaveAndReadBack_readFails(t *testing.T) {
	t.Parallel()
	type model struct {
		ID types.String `tfsdk:"id"`
	}
	s := schema.Schema{Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}}}
	for op, want := range map[string]string{"Create": "The skill group was created and its id is saved", "Update": "The skill group was updated and its id is saved"} {
		state := tfsdk.State{Schema: s, Raw: tftypes.NewValue(s.Type().TerraformType(t.Context()), nil)}
		steps := Steps[model]{Title: "Skill Group", Get: func(context.Context, *model) error { return errors.New("injected: read failed") }}
		var diags diag.Diagnostics
		steps.SaveAndReadBack(t.Context(), op, &model{ID: types.StringValue("102")}, &state, nil, &diags)
		var saved model
		diags.Append(state.Get(t.Context(), &saved)...)
		if saved.ID.ValueString() != "102" || diags.HasError() || diags.WarningsCount() != 1 {
			t.Fatalf("%s: saved %v, diagnostics %v", op, saved, diags)
		}
		if w := diags.Warnings()[0]; w.Summary() != "Skill Group "+op+"d, but Reading It Back Failed" || !strings.Contains(w.Detail(), want) {
			t.Errorf("%s: %s: %s", op, w.Summary(), w.Detail())
		}
	}
}

// TestNoun: a title mid-sentence is lower case but for its acronyms
// (strings.ToLower made "sms template").
func TestNoun(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"Skill Group": "skill group", "SMS Template": "SMS template", "Gateway SMS Signature": "gateway SMS signature", "Webhook": "webhook"} {
		if got := Noun(in); got != want {
			t.Errorf("Noun(%q) = %q, want %q", in, got, want)
		}
	}
}
