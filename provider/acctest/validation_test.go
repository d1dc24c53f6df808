package acctest

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/zclconf/go-cty/cty"
)

func TestMatchWant(t *testing.T) {
	t.Parallel()
	ds := []*tfprotov6.Diagnostic{
		{Severity: tfprotov6.DiagnosticSeverityWarning, Summary: "Deprecated", Detail: "only a warning"},
		{Severity: tfprotov6.DiagnosticSeverityError, Summary: "Invalid Attribute Value", Detail: "Attribute max value must be\nbetween 1 and 50, got: 51"},
	}
	for want, ok := range map[string]bool{
		"max value must be between 1 and 50": true, // across a line break
		"Invalid Attribute Value":            true,
		"Invalid Attribute Value: Attribute": true, // summary and detail joined
		"max value must be between 1 and 5,": false,
		"only a warning":                     false, // warnings never match
		"max value must be at least 1":       false,
	} {
		if got := matchWant(ds, want); got != ok {
			t.Errorf("matchWant(%q) = %v, want %v", want, got, ok)
		}
	}
	if matchWant(nil, "") {
		t.Error("no diagnostics must never match, even an empty Want")
	}
}

func TestWantRegexp(t *testing.T) {
	t.Parallel()
	re := wantRegexp("must be configured: [a,b] (x)")
	for text, ok := range map[string]bool{
		"Error: Exactly one ... must be configured: [a,b] (x)":     true,
		"Error: Exactly one ... must be\n  configured:  [a,b] (x)": true,
		"must be configured: [a,b] x":                              false, // brackets are literal
		"must be configured: a (x)":                                false,
	} {
		if re.MatchString(text) != ok {
			t.Errorf("wantRegexp matched %q: %v, want %v", text, !ok, ok)
		}
	}
}

// check runs one case in process against a simulator-backed provider.
func check(t *testing.T, env *Env, tc PlanError) caseResult {
	t.Helper()
	return checkCase(t.Context(), newServer, env.ProviderConfig(), tc)
}

func TestCheckCase(t *testing.T) {
	t.Parallel()
	env := New(t)
	webhook := func(name, extra string) string {
		return `resource "contactcenter_webhook" "test" {
  name = "` + name + `"
  url  = "https://example.com"
` + extra + "\n}\n"
	}
	pass := map[string]PlanError{
		"HCL: missing argument": {`resource "contactcenter_webhook" "test" { name = "A" }`, `The argument "url" is required`},
		"HCL: wrong type":       {webhook("A", `status = "maybe"`), `a bool is required`},
		"validator":             {webhook("A", `event_type = 3`), `event_type 3 is not one of 0 (none chosen)`},
		"read-only attribute":   {"resource \"contactcenter_sms_signature\" \"t\" {\n sign_text = \"A\"\n state = 1\n}", `Invalid Configuration for Read-Only Attribute`},
		"timeouts attribute":    {"resource \"contactcenter_sms_signature\" \"t\" {\n sign_text = \"A\"\n timeouts = { create = \"soon\" }\n}", `timeouts.create must be a duration: a number with a unit, h, m or s (such as "90s", "30m" or "1h30m"), got "soon".`},
		"data source":           {`data "contactcenter_gateway_sms_signatures" "x" { max = 51 }`, `max value must be between 1 and 50`},
		"action in a config block": {`action "contactcenter_sms_send" "x" {
  config {
    template_id = "welcome"
    recipients  = [{ mobile = "13800138000" }]
  }
}`, `must be a template id`},
		// The second instance only: count is expanded at plan.
		"count": {`resource "contactcenter_webhook" "test" {
  count = 2
  name  = count.index == 1 ? "" : "A"
  url   = "https://example.com"
}`, `name string length must be at least 1`},
		"for_each": {`resource "contactcenter_webhook" "test" {
  for_each = { a = "A", b = " B" }
  name     = each.value
  url      = format("https://example.com/%s", each.key)
}`, `name must not begin or end with white space`},
		// A reference to a planned attribute is known at plan, as in
		// Terraform (the validate walk, where it is unknown, passes).
		"planned reference": {webhook("A", "") + `resource "contactcenter_webhook" "b" {
  name = "${contactcenter_webhook.test.name} "
  url  = "https://example.com"
}`, `name must not begin or end with white space`},
		"file function": {webhook("A", `dept_id = length(filesha256("/dev/null")) - 65`), `dept_id value must be at least 0`},
		"HCL syntax":    {`resource "contactcenter_webhook" "test" {`, `Unclosed configuration block`},
	}
	for name, tc := range pass {
		t.Run(name, func(t *testing.T) {
			if r := check(t, env, tc); r.Err != nil || r.Fallback != "" {
				t.Fatalf("want a pass, got fallback %q, error: %v", r.Fallback, r.Err)
			}
		})
	}

	fail := map[string]struct {
		tc   PlanError
		want string
	}{
		"wrong Want": {PlanError{webhook("A", `event_type = 3`), `no such message`},
			`want an error containing "no such message", but no error diagnostic contains it`},
		"valid configuration": {PlanError{webhook("A", ""), `event_type 3 is not one of 0 (none chosen)`},
			`but the plan succeeded`},
		// A reference to another object is unknown in the validate walk and
		// its planned value in the plan walk: id is computed, so unknown.
		"unknown reference": {PlanError{webhook("A", "") + `resource "contactcenter_sms_template" "t" {
  template_name     = contactcenter_webhook.test.id
  template_contents = "x"
  sign_id           = 1
}`, `template_name string length must be at least 1`}, `but the plan succeeded`},
	}
	for name, c := range fail {
		t.Run(name, func(t *testing.T) {
			r := check(t, env, c.tc)
			if r.Err == nil || !strings.Contains(r.Err.Error(), c.want) {
				t.Fatalf("want an error containing %q, got fallback %q, error: %v", c.want, r.Fallback, r.Err)
			}
		})
	}

	fallback := map[string]PlanError{
		"unknown function":    {webhook("A", `dept_id = sum([1, 2])`), `x`},
		"undeclared resource": {webhook("A", `dept_id = contactcenter_skill_group.g.id`), `x`},
		"module":              {`module "m" { source = "./m" }`, `x`},
		"unknown count":       {`resource "contactcenter_webhook" "test" {` + "\n" + `count = length(var.names)` + "\n" + `name = "A"` + "\n" + `url = "https://example.com"` + "\n}", `x`},
		"other provider's":    {`resource "null_resource" "x" {}`, `x`},
		"negative count":      {"resource \"contactcenter_webhook\" \"test\" {\n count = -1\n name = \"A\"\n url = \"https://example.com\"\n}", `x`},
		"relative file path":  {webhook("A", `dept_id = length(file("name.txt"))`), `x`},
		"provisioner":         {webhook("A", `provisioner "local-exec" { command = "true" }`), `x`},
		"own provider block":  {`provider "contactcenter" {}`, `x`},
		"lifecycle conditions": {webhook("A", `lifecycle {
    precondition {
      condition     = true
      error_message = "x"
    }
  }`), `x`},
	}
	for name, tc := range fallback {
		t.Run(name, func(t *testing.T) {
			if r := check(t, env, tc); r.Fallback == "" {
				t.Fatalf("want a fallback to the CLI, got error: %v", r.Err)
			}
		})
	}
	if n := env.Requests(); n != 0 {
		t.Errorf("in-process validation reached the API: %d requests (%v)", n, env.Sim.Stats())
	}
}

// brokenServer fails where the runner, not the configuration, is at fault.
type brokenServer struct {
	tfprotov6.ProviderServer
	schema bool // return a schema the runner cannot decode with
}

func (s brokenServer) GetProviderSchema(ctx context.Context, req *tfprotov6.GetProviderSchemaRequest) (*tfprotov6.GetProviderSchemaResponse, error) {
	r, err := s.ProviderServer.GetProviderSchema(ctx, req)
	if err == nil && s.schema {
		w := *r.ResourceSchemas["contactcenter_webhook"]
		b := *w.Block
		b.BlockTypes = append(b.BlockTypes, &tfprotov6.SchemaNestedBlock{TypeName: "odd", Block: &tfprotov6.SchemaBlock{}, Nesting: tfprotov6.SchemaNestedBlockNestingModeInvalid})
		w.Block = &b
		r.ResourceSchemas["contactcenter_webhook"] = &w
	}
	return r, err
}

func (s brokenServer) PlanResourceChange(context.Context, *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	return nil, errors.New("connection reset")
}

// A case whose Want the runner would match must still fail when the runner
// itself went wrong on the way.
func TestCheckCaseHarnessFailure(t *testing.T) {
	t.Parallel()
	env := New(t)
	for name, schema := range map[string]bool{"schema the runner cannot convert": true, "server error": false} {
		t.Run(name, func(t *testing.T) {
			srv := func() (tfprotov6.ProviderServer, error) {
				s, err := newServer()
				return brokenServer{ProviderServer: s, schema: schema}, err
			}
			// The first resource is planned (and the server fails) before
			// the second one's error is reported.
			tc := PlanError{`resource "contactcenter_webhook" "a" {
  name = "A"
  url  = "https://example.com"
}
resource "contactcenter_webhook" "b" {
  name = "${contactcenter_webhook.a.name} "
  url  = "https://example.com"
}`, `must not begin or end with white space`}
			r := checkCase(t.Context(), srv, env.ProviderConfig(), tc)
			var he *harnessError
			if r.Err == nil || !errors.As(r.Err, &he) || !strings.Contains(r.Err.Error(), "the runner failed, not the configuration") {
				t.Fatalf("want a harness failure, got fallback %q, error: %v", r.Fallback, r.Err)
			}
		})
	}
}

// The runner's msgpack is what terraform-plugin-go decodes against the
// schema's type: unknowns, nulls, nested objects and sets included.
func TestDynamicValueRoundTrip(t *testing.T) {
	t.Parallel()
	tfty := tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"s": tftypes.String, "n": tftypes.Number, "u": tftypes.String,
		"set": tftypes.Set{ElementType: tftypes.Object{AttributeTypes: map[string]tftypes.Type{"a": tftypes.Bool}}},
	}}
	ty, err := ctyType(tfty)
	if err != nil {
		t.Fatal(err)
	}
	dv, err := dynamicValue(cty.ObjectVal(map[string]cty.Value{
		"s": cty.StringVal("x"), "n": cty.NullVal(cty.Number), "u": cty.UnknownVal(cty.String),
		"set": cty.SetVal([]cty.Value{cty.ObjectVal(map[string]cty.Value{"a": cty.True})}),
	}), ty)
	if err != nil {
		t.Fatal(err)
	}
	got, err := dv.Unmarshal(tfty)
	if err != nil {
		t.Fatal(err)
	}
	want := tftypes.NewValue(tfty, map[string]tftypes.Value{
		"s": tftypes.NewValue(tftypes.String, "x"), "n": tftypes.NewValue(tftypes.Number, nil),
		"u": tftypes.NewValue(tftypes.String, tftypes.UnknownValue),
		"set": tftypes.NewValue(tfty.AttributeTypes["set"], []tftypes.Value{
			tftypes.NewValue(tftypes.Object{AttributeTypes: map[string]tftypes.Type{"a": tftypes.Bool}}, map[string]tftypes.Value{"a": tftypes.NewValue(tftypes.Bool, true)}),
		}),
	})
	if !got.Equal(want) {
		t.Fatalf("round trip: got %s, want %s", got, want)
	}
}
