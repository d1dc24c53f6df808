package functions_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// The functions through the provider's protocol-6 server in process: the
// same path Terraform takes (GetFunctions, CallFunction), whatever the local
// Terraform's version.

func TestFunctions_registered(t *testing.T) {
	t.Parallel()
	s := acctest.New(t).Server(t)
	resp, err := s.GetFunctions(t.Context(), &tfprotov6.GetFunctionsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Diagnostics) > 0 {
		t.Fatalf("diagnostics: %v", resp.Diagnostics)
	}
	for _, name := range []string{"mobile_normalize", "sms_fits", "sms_length", "template_params"} {
		f, ok := resp.Functions[name]
		if !ok {
			t.Errorf("function %q is not registered", name)
			continue
		}
		if f.Summary == "" || f.Description == "" {
			t.Errorf("function %q has no summary or description", name)
		}
	}
	if len(resp.Functions) != 4 {
		t.Errorf("%d functions registered, want 4", len(resp.Functions))
	}
}

func call(t *testing.T, s tfprotov6.ProviderServer, name string, args ...tftypes.Value) *tfprotov6.CallFunctionResponse {
	t.Helper()
	dvs := make([]*tfprotov6.DynamicValue, len(args))
	for i, a := range args {
		dv, err := tfprotov6.NewDynamicValue(a.Type(), a)
		if err != nil {
			t.Fatal(err)
		}
		dvs[i] = &dv
	}
	resp, err := s.CallFunction(t.Context(), &tfprotov6.CallFunctionRequest{Name: name, Arguments: dvs})
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

func TestFunctions_callFunction(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	s := env.Server(t)
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	params := tftypes.NewValue(tftypes.Map{ElementType: tftypes.String}, map[string]tftypes.Value{"name": str("Ada")})

	resp := call(t, s, "template_params", str("Dear ${name}, ${date} at ${name}"))
	if resp.Error != nil {
		t.Fatalf("template_params: %s", resp.Error.Text)
	}
	v, err := resp.Result.Unmarshal(tftypes.List{ElementType: tftypes.String})
	if err != nil {
		t.Fatal(err)
	}
	want := tftypes.NewValue(tftypes.List{ElementType: tftypes.String}, []tftypes.Value{str("name"), str("date")})
	if !v.Equal(want) {
		t.Errorf("template_params = %v, want %v", v, want)
	}

	resp = call(t, s, "sms_fits", str("Dear ${name}"), params)
	if resp.Error != nil {
		t.Fatalf("sms_fits: %s", resp.Error.Text)
	}
	v, err = resp.Result.Unmarshal(tftypes.Bool)
	if err != nil {
		t.Fatal(err)
	}
	if !v.Equal(tftypes.NewValue(tftypes.Bool, true)) {
		t.Errorf("sms_fits = %v, want true", v)
	}

	resp = call(t, s, "template_params", str("Dear ${name"))
	if resp.Error == nil || resp.Error.FunctionArgument == nil || *resp.Error.FunctionArgument != 0 {
		t.Fatalf("template_params of a malformed text: error %+v, want one on argument 0", resp.Error)
	}
	if n := env.Requests(); n != 0 {
		t.Errorf("the functions made %d API requests, want 0", n)
	}
}

// The functions through the Terraform CLI (provider functions exist since
// Terraform 1.8). No provider block: a function needs no configuration.

const requiredProviders = `
terraform {
  required_providers {
    contactcenter = {
      source = "hashicorp/contactcenter"
    }
  }
}
`

func TestAccFunctions_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_8_0)},
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: requiredProviders + `
output "params" {
  value = provider::contactcenter::template_params("Dear $${name}, parcel $${parcel} ships $${date}; thanks $${name}")
}
output "no_params" {
  value = provider::contactcenter::template_params("No variables here")
}
output "length" {
  value = provider::contactcenter::sms_length("您好 $${name}", { name = "Léa" })
}
output "fits" {
  value = provider::contactcenter::sms_fits("$${v}", { v = join("", [for i in range(400) : "x"]) })
}
output "too_long" {
  value = provider::contactcenter::sms_fits("$${v}!", { v = join("", [for i in range(400) : "x"]) })
}
output "template_too_long" {
  value = provider::contactcenter::sms_fits("$${customer_full_name} ${join("", [for i in range(380) : "x"])}", { customer_full_name = "Li" })
}
output "mobile" {
  value = provider::contactcenter::mobile_normalize("+86 138-0013-8000")
}

# As a ccsync recipient list's mobile cell reads it: brackets, dots, a
# no-break space, en dashes and a 0086 prefix were refused here.
output "mobile_from_sheet" {
  value = [for m in ["(+86) 138.0013.8000", "138\u00a00013\u00a08000", "138–0013–8000", "0086 138 0013 8000"] : provider::contactcenter::mobile_normalize(m)]
}
# As template_params' docs say: a list compared with a tuple is unequal.
output "params_compared" {
  value = [
    provider::contactcenter::template_params("$${a}") == ["a"],
    provider::contactcenter::template_params("$${a}") == tolist(["a"]),
    toset(provider::contactcenter::template_params("$${a} $${b}")) == toset(["b", "a"]),
  ]
}
output "not_a_mobile" {
  value = can(provider::contactcenter::mobile_normalize("12345"))
}
`,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownOutputValue("params", knownvalue.ListExact([]knownvalue.Check{
					knownvalue.StringExact("name"), knownvalue.StringExact("parcel"), knownvalue.StringExact("date"),
				})),
				statecheck.ExpectKnownOutputValue("no_params", knownvalue.ListSizeExact(0)),
				statecheck.ExpectKnownOutputValue("length", knownvalue.Int64Exact(6)),
				statecheck.ExpectKnownOutputValue("fits", knownvalue.Bool(true)),
				statecheck.ExpectKnownOutputValue("too_long", knownvalue.Bool(false)),
				// 383 characters once filled, but contactcenter_gateway_sms_template
				// refuses its 402 at plan, and the gateway too (1014).
				statecheck.ExpectKnownOutputValue("template_too_long", knownvalue.Bool(false)),
				statecheck.ExpectKnownOutputValue("mobile", knownvalue.StringExact("13800138000")),
				statecheck.ExpectKnownOutputValue("mobile_from_sheet", knownvalue.ListExact([]knownvalue.Check{
					knownvalue.StringExact("13800138000"), knownvalue.StringExact("13800138000"),
					knownvalue.StringExact("13800138000"), knownvalue.StringExact("13800138000"),
				})),
				statecheck.ExpectKnownOutputValue("not_a_mobile", knownvalue.Bool(false)),
				statecheck.ExpectKnownOutputValue("params_compared", knownvalue.ListExact([]knownvalue.Check{
					knownvalue.Bool(false), knownvalue.Bool(true), knownvalue.Bool(true),
				})),
			},
		}},
	})
	if n := env.Requests(); n != 0 {
		t.Errorf("the functions made %d API requests, want 0", n)
	}
}

func TestAccFunctions_errors(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	step := func(expr, msg string) resource.TestStep {
		return resource.TestStep{
			Config:      requiredProviders + "output \"x\" {\n  value = " + expr + "\n}\n",
			ExpectError: regexp.MustCompile(strings.ReplaceAll(msg, " ", `\s+`)),
			PlanOnly:    true,
		}
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_8_0)},
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			step(`provider::contactcenter::template_params("Dear $${name")`, `Invalid value for "text" parameter: Cannot list the template's variables: the text has an unterminated variable at "\$\{name"`),
			step(`provider::contactcenter::sms_fits("$${a} $${b}", { a = "1" })`, `Invalid value for "params" parameter: Cannot fill the SMS text: params has no value for "b"`),
			step(`provider::contactcenter::sms_length("$${a}", { a = null, b = null })`, `Invalid value for "params" parameter: Cannot fill the SMS text: params holds null for "a" \(the text's variables are "a"\): give each variable a string value`),
			step(`provider::contactcenter::sms_length("$${a", {})`, `Invalid value for "text" parameter: Cannot fill the SMS text: the text has an unterminated variable`),
			step(`provider::contactcenter::mobile_normalize("12345")`, `Invalid value for "mobile" parameter: "12345" is not a mainland mobile number: it has 5 digits`),
			step(`provider::contactcenter::mobile_normalize("+86 138/0013/8000")`, `Invalid value for "mobile" parameter: "\+86\*{9}8000" is not a mainland mobile number: it holds a character other than digits, a leading \+ and the separators \(spaces, dashes, dots, brackets\): "/" \(only spaces, dashes, dots and brackets are taken out: remove it\)`),
		},
	})
}

// A value known only at apply does not put off the checks to the apply: a
// variable missing from params, and a text too long without the unknown
// value, are said by the plan.
func TestAccFunctions_unknownValues(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	const later = `
resource "terraform_data" "later" {
  input = "x"
}
`
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_8_0)},
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: requiredProviders + later + `
output "x" {
  value = provider::contactcenter::sms_length("Code $${code} for $${id}", { id = terraform_data.later.id })
}
`,
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(strings.ReplaceAll(`Invalid value for "params" parameter: Cannot fill the SMS text: params has no value for "code"`, " ", `\s+`)),
			},
			{
				Config: requiredProviders + later + `
resource "terraform_data" "notice" {
  lifecycle {
    precondition {
      condition     = provider::contactcenter::sms_fits("$${v} $${id}", { v = join("", [for i in range(400) : "x"]), id = terraform_data.later.id })
      error_message = "The notice is longer than the gateway's 400 characters."
    }
  }
}
`,
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(strings.ReplaceAll(`The notice is longer than the gateway's 400 characters`, " ", `\s+`)),
			},
		},
	})
}
