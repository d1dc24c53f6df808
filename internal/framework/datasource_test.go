package framework

import (
	"context"
	"errors"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	dschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// TestReadDataSource: the model read fills goes into state; a read that
// fails, by returning an error or by adding an error of its own (an id that
// does not parse, a flatten's), sets none, and the error is the one shown.
func TestReadDataSource(t *testing.T) {
	t.Parallel()
	type model struct {
		Name types.String `tfsdk:"name"`
		Out  types.String `tfsdk:"out"`
	}
	s := dschema.Schema{Attributes: map[string]dschema.Attribute{
		"name": dschema.StringAttribute{Optional: true},
		"out":  ComputedString("Read."),
	}}
	typ := s.Type().TerraformType(context.Background())
	cfg := tfsdk.Config{Schema: s, Raw: tftypes.NewValue(typ, map[string]tftypes.Value{
		"name": tftypes.NewValue(tftypes.String, "x"), "out": tftypes.NewValue(tftypes.String, nil),
	})}
	cases := map[string]struct {
		read      func(resp *datasource.ReadResponse) func(context.Context, *model) error
		wantState bool
		wantError string // the summary of the one error, "" for none
	}{
		"read": {
			read: func(*datasource.ReadResponse) func(context.Context, *model) error {
				return func(_ context.Context, m *model) error {
					m.Out = types.StringValue("read " + m.Name.ValueString())
					return nil
				}
			},
			wantState: true,
		},
		"API error": {
			read: func(*datasource.ReadResponse) func(context.Context, *model) error {
				return func(context.Context, *model) error { return errors.New("boom") }
			},
			wantError: "Unable to Read Thing",
		},
		"attribute error": {
			read: func(*datasource.ReadResponse) func(context.Context, *model) error {
				return func(context.Context, *model) error {
					return AttributeError(path.Root("name"), "Thing Not Found", "No thing is named x.")
				}
			},
			wantError: "Thing Not Found",
		},
		"own error": {
			read: func(resp *datasource.ReadResponse) func(context.Context, *model) error {
				return func(_ context.Context, m *model) error {
					m.Out = types.StringValue("half read")
					resp.Diagnostics.AddAttributeError(path.Root("name"), "Invalid Identifier", "Expected a positive numeric id.")
					return nil
				}
			},
			wantError: "Invalid Identifier",
		},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			resp := &datasource.ReadResponse{State: tfsdk.State{Schema: s, Raw: tftypes.NewValue(typ, nil)}}
			ReadDataSource(context.Background(), datasource.ReadRequest{Config: cfg}, resp, "Unable to Read Thing", c.read(resp))
			errs := resp.Diagnostics.Errors()
			switch {
			case c.wantError == "" && len(errs) > 0:
				t.Fatalf("errors: %v", errs)
			case c.wantError != "" && (len(errs) != 1 || errs[0].Summary() != c.wantError):
				t.Fatalf("errors: %v, want one %q", errs, c.wantError)
			}
			if got := !resp.State.Raw.IsNull(); got != c.wantState {
				t.Fatalf("state set: %v, want %v (%v)", got, c.wantState, resp.State.Raw)
			}
			if c.wantState {
				var m model
				resp.State.Get(context.Background(), &m)
				if m.Out.ValueString() != "read x" {
					t.Errorf("out = %v, want \"read x\"", m.Out)
				}
			}
		})
	}
}
