package resources_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// Terraform prints plan warnings, but plugin-testing cannot assert them, so
// these tests ask the provider for the plans over the protocol in process.
func TestGatewayForgetWarning_plan(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t)
	dv := func(v any) *tfprotov6.DynamicValue {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return &tfprotov6.DynamicValue{JSON: b}
	}
	sig := map[string]any{"id": "3001", "sign_text": "Acme", "state": 1, "wait_for_approval": false}
	renamed := map[string]any{"id": nil, "sign_text": "Acme Ltd", "wait_for_approval": false}
	tpl := map[string]any{"id": "5001", "tpl_title": "OTP", "tpl_text": "Code ${code}", "tpl_type": 1, "state": 1, "wait_for_approval": false}
	cases := map[string]struct {
		typ                   string
		prior, proposed, conf any
		want                  string // "" means no such warning
	}{
		"signature destroyed": {"contactcenter_gateway_sms_signature", sig, nil, nil, "Gateway SMS Signature Will Only Be Removed From State"},
		"signature replaced":  {"contactcenter_gateway_sms_signature", sig, renamed, map[string]any{"sign_text": "Acme Ltd"}, "Gateway SMS Signature Replacement Leaves the Old One on the Gateway"},
		"template destroyed":  {"contactcenter_gateway_sms_template", tpl, nil, nil, "Gateway SMS Template Will Only Be Removed From State"},
		"template replaced": {"contactcenter_gateway_sms_template", tpl,
			map[string]any{"id": nil, "tpl_title": "OTP", "tpl_text": "Your code ${code}", "tpl_type": 1, "wait_for_approval": false},
			map[string]any{"tpl_title": "OTP", "tpl_text": "Your code ${code}", "tpl_type": 1}, "change of tpl_text"},
		"signature created":   {"contactcenter_gateway_sms_signature", nil, renamed, map[string]any{"sign_text": "Acme Ltd"}, ""},
		"signature unchanged": {"contactcenter_gateway_sms_signature", sig, sig, map[string]any{"sign_text": "Acme"}, ""},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			resp, err := srv.PlanResourceChange(t.Context(), &tfprotov6.PlanResourceChangeRequest{
				TypeName: tc.typ, PriorState: dv(tc.prior), ProposedNewState: dv(tc.proposed), Config: dv(tc.conf),
			})
			if err != nil {
				t.Fatal(err)
			}
			var warnings []string
			for _, d := range resp.Diagnostics {
				if d.Severity == tfprotov6.DiagnosticSeverityError {
					t.Fatalf("plan error: %s: %s", d.Summary, d.Detail)
				}
				warnings = append(warnings, d.Summary+": "+d.Detail)
			}
			got := strings.Join(warnings, "\n")
			switch {
			case tc.want == "" && strings.Contains(got, "stays on the gateway"):
				t.Errorf("unexpected warning: %s", got)
			case tc.want != "" && !strings.Contains(got, tc.want):
				t.Errorf("want warning %q, got %q", tc.want, got)
			case tc.want != "" && !strings.Contains(got, "The gateway cannot change or delete a") && !strings.Contains(got, "The SMS gateway has no interface to delete a"):
				t.Errorf("the warning must say why (the gateway has no update or delete, §4.8): %q", got)
			}
		})
	}
	if n := env.Requests(); n != 0 {
		t.Errorf("planning reached the API: %d requests", n)
	}
}

// Destroying a gateway object sends nothing (there is no delete interface)
// and warns, naming the object, that it stays on the gateway.
func TestGatewayForgetWarning_destroy(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t)
	dv := func(v any) *tfprotov6.DynamicValue {
		b, _ := json.Marshal(v)
		return &tfprotov6.DynamicValue{JSON: b}
	}
	cases := map[string]struct {
		typ   string
		prior map[string]any
		want  []string
	}{
		"signature": {"contactcenter_gateway_sms_signature", map[string]any{"id": "3001", "sign_text": "Acme"},
			[]string{"Gateway SMS Signature Only Removed From State", `signature 3001 ("Acme")`, "stays on the gateway", "has no interface to delete a signature"}},
		"template": {"contactcenter_gateway_sms_template", map[string]any{"id": "5001", "tpl_title": "OTP", "tpl_text": "Code ${code}", "tpl_type": 1},
			[]string{"Gateway SMS Template Only Removed From State", `template 5001 ("OTP")`, "stays on the gateway"}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			resp, err := srv.ApplyResourceChange(t.Context(), &tfprotov6.ApplyResourceChangeRequest{
				TypeName: tc.typ, PriorState: dv(tc.prior), PlannedState: dv(nil), Config: dv(nil),
			})
			if err != nil {
				t.Fatal(err)
			}
			var text []string
			for _, d := range resp.Diagnostics {
				if d.Severity == tfprotov6.DiagnosticSeverityError {
					t.Fatalf("destroy error: %s: %s", d.Summary, d.Detail)
				}
				text = append(text, d.Summary+": "+d.Detail)
			}
			got := strings.Join(text, "\n")
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("destroy warning lacks %q: %q", w, got)
				}
			}
		})
	}
	if n := env.Requests(); n != 0 {
		t.Errorf("destroying a gateway object reached the API: %d requests", n)
	}
}

// TestGatewaySignText_emptyOneError: an empty sign_text got a second,
// wrong error ("must be given without brackets") beside its length's.
func TestGatewaySignText_emptyOneError(t *testing.T) {
	t.Parallel()
	srv := acctest.New(t).ActionServer(t)
	for typ, cfg := range map[string]map[string]any{
		"contactcenter_gateway_sms_signature": {"sign_text": ""},
		"contactcenter_gateway_sms_template":  {"tpl_title": "OTP", "tpl_text": "Code ${code}", "tpl_type": 1, "sign_text": ""},
	} {
		b, _ := json.Marshal(cfg)
		resp, err := srv.ValidateResourceConfig(t.Context(), &tfprotov6.ValidateResourceConfigRequest{TypeName: typ, Config: &tfprotov6.DynamicValue{JSON: b}})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range resp.Diagnostics {
			if d.Severity == tfprotov6.DiagnosticSeverityError {
				got = append(got, d.Detail)
			}
		}
		if len(got) != 1 || !strings.Contains(got[0], "string length must be at least 1") {
			t.Errorf("%s: errors %q, want the length's only", typ, got)
		}
	}
}

// TestAccGatewayForgetWarning_unknownValue: a sign_text known only at apply
// (another resource's value, here replaced with the same text) replaces
// the signature whatever it comes out as, since Terraform takes an unknown
// for a change of an argument that requires replacement: the apply made a
// second signature with the same text, reviewed again, and left the first
// on the gateway. The plan called it "the change of sign_text"; it now says
// the value is known only at apply and that the replacement happens even if
// it comes out the same.
func TestAccGatewayForgetWarning_unknownValue(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	cfg := func(rev int) string {
		return fmt.Sprintf(`
resource "terraform_data" "sign" {
  input = { text = "Acme", rev = %d }
}

resource "contactcenter_gateway_sms_signature" "test" {
  sign_text = terraform_data.sign.output.text
}
`, rev)
	}
	w.WriteBody(cfg(1))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(cfg(2))
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	want := "this plan creates a new one for the change of sign_text (sign_text is known only at apply: Terraform replaces the signature even if the value comes out the same; " +
		"to avoid that, set sign_text from a value known at plan, such as a variable, or apply the resource it comes from first with -target), and signature 3001 stays on the gateway"
	if !strings.Contains(out, "Warning: Gateway SMS Signature Replacement Leaves the Old One on the Gateway") || !strings.Contains(out, want) {
		t.Errorf("plan of a sign_text known only at apply lacks %q:\n%s", want, out)
	}
}
