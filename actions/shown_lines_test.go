package actions_test

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// Terraform before 1.15 looks the last name of a nested attribute's path
// up among the action's top-level attributes (hashicorp/terraform#33491):
// the error of a comma in recipients[1].params["name"] showed the shared
// `name = "shared"` of the top-level params, and a detail that did not say
// which recipient; an empty recipients[1].sms_params_list[1] showed the
// second value of the top-level sms_params_list; and the plan's warnings
// of recipients[1].params (`terraform plan -invoke`) the top-level params.
// They are at the recipient now (recipients[1]), whose line every version
// shows, and the detail names the path.

func recipientsAt(i int) *tftypes.AttributePath {
	return tftypes.NewAttributePath().WithAttributeName("recipients").WithElementKeyInt(i)
}

// TestActions_nestedPathsAtRecipient: in process, with a provider
// configured by Terraform 1.14 (acctest.ActionServer).
func TestActions_nestedPathsAtRecipient(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t)
	find := func(res acctest.ActionResult, summary string) *tfprotov6.Diagnostic {
		t.Helper()
		for _, d := range res.Diagnostics {
			if d.Summary == summary {
				return d
			}
		}
		t.Fatalf("no %q diagnostic in %s (%s)", summary, res.Phase, res.Text())
		return nil
	}
	check := func(d *tfprotov6.Diagnostic, at *tftypes.AttributePath, named string) {
		t.Helper()
		if !d.Attribute.Equal(at) {
			t.Errorf("%s: at %v, want %v", d.Summary, d.Attribute, at)
		}
		if !strings.Contains(d.Detail, named) {
			t.Errorf("%s: detail %q does not name %s", d.Summary, d.Detail, named)
		}
	}

	// Validation (the version is not known): a comma in a recipient's value.
	res := acctest.RunAction(t, srv, "contactcenter_sms_send", map[string]any{
		"template_id": "1", "params": map[string]string{"name": "shared", "day": "today"},
		"recipients": []any{
			map[string]any{"mobile": "13800138000", "params": map[string]string{"name": "Ann"}},
			map[string]any{"mobile": "13800138001", "params": map[string]string{"name": "Bob, Jr."}},
		}})
	check(find(res, "Invalid Batch Value"), recipientsAt(1), `recipients[1].params["name"]`)

	// An empty value of a recipient's sms_params_list, beside the shared one.
	res = acctest.RunAction(t, srv, "contactcenter_gateway_sms_send", map[string]any{
		"tpl_id": "1", "sign_text": "Acme", "sms_params_list": []string{"customer", "Acme Cloud"},
		"recipients": []any{
			map[string]any{"mobile": "13800000005", "sms_params_list": []string{"Ann"}},
			map[string]any{"mobile": "13800000006", "sms_params_list": []string{"Bo", ""}},
		}})
	check(find(res, "Empty Template Value"), recipientsAt(1), "recipients[1].sms_params_list[1]")

	// A path whose last name is no top-level attribute (mobile) stays
	// where it is: Terraform 1.15 shows its line, 1.14 the config block.
	res = acctest.RunAction(t, srv, "contactcenter_sms_send", map[string]any{
		"template_id": "1", "recipients": []any{map[string]any{"mobile": "13800138000"}, map[string]any{"mobile": "13800138000"}}})
	check(find(res, "Duplicate Recipient"), recipientsAt(1).WithAttributeName("mobile"), "recipients[1]")

	// The plan (terraform plan -invoke shows its diagnostics at their
	// line): a missing value and an unused one of recipients[1].params.
	tid := approvedTemplate(t, env, "Hello ${name}, parcel ${parcel}")
	res = acctest.PlanOnly(t, srv, "contactcenter_sms_send", map[string]any{
		"template_id": tid, "params": map[string]string{"parcel": "P-0"},
		"recipients": []any{
			map[string]any{"mobile": "13800138000", "params": map[string]string{"name": "Ann"}},
			map[string]any{"mobile": "13800138001", "params": map[string]string{"nmae": "Bob"}},
		}})
	check(find(res, "Missing Template Value"), recipientsAt(1), "recipients[1]")
	check(find(res, "Template Values Not Used"), recipientsAt(1), "recipients[1].params")
}

// TestAccActions_nestedPathsLine: through Terraform (1.14 or later), the
// errors of recipients[1].params["name"] and
// recipients[1].sms_params_list[1] show the recipient's line, on 1.14 as
// on 1.15.
func TestAccActions_nestedPathsLine(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct{ body, summary string }{
		"sms_send params": {`
action "contactcenter_sms_send" "a" {
  config {
    template_id = "1"
    params = {
      name = "shared"
    }
    recipients = [
      { mobile = "13800138000", params = { name = "Ann" } },
      { mobile = "13800138001", params = { name = "Bob, Jr." } },
    ]
  }
}
`, "Invalid Batch Value"},
		"gateway sms_params_list": {`
action "contactcenter_gateway_sms_send" "a" {
  config {
    tpl_id          = "1"
    sign_text       = "Acme"
    sms_params_list = ["customer", "Acme Cloud"]
    recipients = [
      { mobile = "13800000005", sms_params_list = ["Ann"] },
      { mobile = "13800000006", sms_params_list = ["Bo", ""] },
    ]
  }
}
`, "Empty Template Value"},
	} {
		t.Run(name, func(t *testing.T) {
			env := acctest.New(t)
			w := env.Workdir(t)
			if v := w.TerraformVersion(); v.LessThan(tfversion.Version1_14_0) {
				t.Skipf("terraform %s has no actions", v)
			}
			w.WriteBody(tc.body)
			_, out := w.Run("plan", "-json")
			var codes []string
			for _, d := range acctest.JSONDiagnostics(out) {
				if d.Summary == tc.summary {
					codes = append(codes, d.Code)
				}
			}
			if len(codes) != 1 || !strings.HasPrefix(codes[0], `{ mobile = "1380`) || !strings.Contains(codes[0], `"Bo`) {
				t.Errorf("%s shown at %q; want the line of recipients[1]\n%s", tc.summary, codes, out)
			}
		})
	}
}
