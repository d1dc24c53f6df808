package resources_test

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

func gatewayTemplateConfig(text string, typ int, extra string) string {
	return fmt.Sprintf(`
resource "contactcenter_gateway_sms_signature" "acme" {
  sign_text = "Acme"
}

resource "contactcenter_gateway_sms_template" "test" {
  tpl_text  = %s
  tpl_type  = %d
  tpl_title = "One-time code"
  sign_text = contactcenter_gateway_sms_signature.acme.sign_text
%s
}
`, hclString(text), typ, extra)
}

// hclString quotes s for HCL, escaping template interpolation.
func hclString(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(strconv.Quote(s), "${", "$${"), "%{", "%%{")
}

// TestAccGatewaySMSTemplate_import: a template the gateway rejected
// imports as it is. Terraform's import (and the template's sign_text
// following the signature resource's); the rest is
// TestGatewaySMSTemplate_basic's.
func TestAccGatewaySMSTemplate_import(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	addr := "contactcenter_gateway_sms_template.test"
	text := "Your code is ${code}, valid ${minutes} minutes, ${code}."
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(gatewayTemplateConfig(text, 1, `remark = "login"`)),
				Check: func(s *terraform.State) error {
					return env.Sim.Review("gateway_template", s.RootModule().Resources[addr].Primary.ID, 2, "wording")
				},
			},
			{
				Config: env.Config(gatewayTemplateConfig(text, 1, `remark = "login"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
			{ResourceName: addr, ImportState: true, ImportStateVerify: true},
		},
	})
}

// TestGatewaySMSTemplate_basic: create, the gateway's rejection read on
// refresh, and a new text or type each replace the template, never the
// signature. In process (acctest.Resources), the signature by its own
// driver.
func TestGatewaySMSTemplate_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	rs := env.Resources(t, "contactcenter_gateway_sms_signature")
	r := env.Resources(t, "contactcenter_gateway_sms_template")
	sigConfig := []any{rs.Config(`sign_text = "Acme"`)}
	sig := rs.Apply(nil, sigConfig)
	rs.CheckPlanEmpty(sig, sigConfig)
	config := func(text string, typ int) []any {
		return []any{r.Config(fmt.Sprintf("tpl_text = %s\ntpl_type = %d\ntpl_title = \"One-time code\"\nsign_text = \"Acme\"\nremark = \"login\"\n", hclString(text), typ))}
	}
	expect := func(step string, in acctest.Instance, want map[string]knownvalue.Check) {
		t.Helper()
		for k, v := range want {
			if err := r.ExpectKnownValue(in, tfjsonpath.New(k), v); err != nil {
				t.Errorf("%s: %v", step, err)
			}
		}
	}
	text := "Your code is ${code}, valid ${minutes} minutes, ${code}."
	tpl := r.Apply(nil, config(text, 1))
	expect("create", tpl[0], map[string]knownvalue.Check{
		"tpl_text":  knownvalue.StringExact(text),
		"tpl_type":  knownvalue.Int64Exact(1),
		"tpl_title": knownvalue.StringExact("One-time code"),
		"remark":    knownvalue.StringExact("login"),
		"sign_text": knownvalue.StringExact("Acme"),
		"state":     knownvalue.Int64Exact(0),
		"variables": knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("code"), knownvalue.StringExact("minutes")}),
	})
	r.CheckPlanEmpty(tpl, config(text, 1))
	id, _ := r.Decode(tpl[0])["id"].(string)
	if err := env.Sim.Review("gateway_template", id, 2, "wording"); err != nil {
		t.Fatal(err)
	}

	tpl = r.Apply(tpl, config(text, 1))
	if tpl[0].Action != "no-op" {
		t.Errorf("after the rejection: planned %s, want no-op", tpl[0].Action)
	}
	expect("rejected", tpl[0], map[string]knownvalue.Check{
		"state":  knownvalue.Int64Exact(2),
		"reason": knownvalue.StringExact("wording"),
	})
	r.CheckPlanEmpty(tpl, config(text, 1))

	// The CLI's plan of this step planned the signature too: no-op.
	if got := rs.Plan(sig, sigConfig); got[0] != "no-op" {
		t.Errorf("new text: the signature planned %s, want no-op", got[0])
	}
	tpl = r.Apply(tpl, config("Your code is ${code}.", 1))
	if tpl[0].Action != "replace" {
		t.Errorf("new text: planned %s, want replace", tpl[0].Action)
	}
	expect("new text", tpl[0], map[string]knownvalue.Check{
		"state":     knownvalue.Int64Exact(0),
		"variables": knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("code")}),
	})
	r.CheckPlanEmpty(tpl, config("Your code is ${code}.", 1))

	tpl = r.Apply(tpl, config("Your code is ${code}.", 2))
	if tpl[0].Action != "replace" {
		t.Errorf("new type: planned %s, want replace", tpl[0].Action)
	}
	r.CheckPlanEmpty(tpl, config("Your code is ${code}.", 2))
	r.Destroy(tpl)
	rs.Destroy(sig)
}

func TestAccGatewaySMSTemplate_validation(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cases := map[string]acctest.PlanError{
		"tpl_type 4":       {gatewayTemplateConfig("hi", 4, ""), `tpl_type 4 is not one of 1 (verification code), 2 (notice), 3 (marketing).`},
		"tpl_type 0":       {gatewayTemplateConfig("hi", 0, ""), `tpl_type 0 is not one of 1 (verification code)`},
		"unterminated var": {gatewayTemplateConfig("hi ${name", 1, ""), `tpl_text has an unterminated variable`},
		"empty var":        {gatewayTemplateConfig("hi ${}", 1, ""), `tpl_text has an empty or malformed variable`},
		"401 characters":   {gatewayTemplateConfig(strings.Repeat("码", 401), 1, ""), `tpl_text UTF-8 character count must be between 1 and 400`},
		"empty text":       {gatewayTemplateConfig("", 1, ""), `tpl_text UTF-8 character count must be between 1 and 400`},
		// An empty remark is read back as none: it is refused rather than planned.
		"blank title":       {strings.Replace(gatewayTemplateConfig("hi", 1, ""), `"One-time code"`, `"   "`, 1), `tpl_title must hold more than white space, got "   "`},
		"blank text":        {gatewayTemplateConfig("  \u3000", 1, ""), `tpl_text must hold more than white space, got "  \u3000"`},
		"empty remark":      {gatewayTemplateConfig("hi", 1, `remark = ""`), `remark string length must be at least 1`},
		"blank sign_text":   {strings.Replace(gatewayTemplateConfig("hi", 1, ""), "contactcenter_gateway_sms_signature.acme.sign_text", `"  "`, 1), `sign_text must hold more than white space, got "  "`},
		"sign_text bracket": {strings.Replace(gatewayTemplateConfig("hi", 1, ""), "contactcenter_gateway_sms_signature.acme.sign_text", `"【Acme】"`, 1), `must be given without brackets`},
		"missing title":     {"resource \"contactcenter_gateway_sms_template\" \"t\" {\n tpl_text = \"x\"\n tpl_type = 1\n}", `The argument "tpl_title" is required`},
	}
	var steps []resource.TestStep
	// 400 characters of three bytes each are within the limit (characters, not bytes).
	steps = append(steps, resource.TestStep{
		Config: env.Config(gatewayTemplateConfig(strings.Repeat("码", 400), 1, "")), PlanOnly: true, ExpectNonEmptyPlan: true,
	})
	env.ExpectPlanErrors(t, cases, steps...)
}

// TestAccGatewaySMSTemplate_unknownSignature: the gateway's 1018 reaches the
// user with its meaning and what to do.
func TestAccGatewaySMSTemplate_unknownSignature(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(`
resource "contactcenter_gateway_sms_template" "test" {
  tpl_text  = "hello"
  tpl_type  = 2
  tpl_title = "hi"
  sign_text = "Nobody"
}
`),
			ExpectError: regexp.MustCompile(`(?s)Unable to Create Gateway SMS Template.*answered code 1018:\s+signature does not exist.*What to do: use the text of an approved signature`),
		}},
	})
}

// TestAccGatewaySMSTemplate_waitForApproval: the apply waits for the
// review, so state is 1 right after it; switching the wait off later is an
// in-place no-op that keeps the template.
func TestAccGatewaySMSTemplate_waitForApproval(t *testing.T) {
	t.Parallel()
	env := acctest.New(t, autoApprove(time.Second))
	addr := "contactcenter_gateway_sms_template.test"
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(gatewayTemplateConfig("Your code is ${code}.", 1, "wait_for_approval = true")),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("state"), knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("reason"), knownvalue.StringExact("")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("wait_for_approval"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("variables"), knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("code")})),
				},
			},
			{
				Config: env.Config(gatewayTemplateConfig("Your code is ${code}.", 1, "")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(addr, tfjsonpath.New("state"), knownvalue.Int64Exact(1)),
						plancheck.ExpectKnownValue(addr, tfjsonpath.New("id"), knownvalue.StringExact("5001")),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("state"), knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("wait_for_approval"), knownvalue.Bool(false)),
				},
			},
		},
	})
	if n := env.Sim.Stats()["POST /smsapi/tpl/v1/add_template"]; n != 1 {
		t.Errorf("add_template called %d times, want 1 (changing wait_for_approval must not replace)", n)
	}
}

func TestAccGatewaySMSTemplate_rejected(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	reviewOnceCreated(t, env, "gateway_template", "5001", 2, "marketing wording in a notice")
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config:      env.Config(gatewayTemplateConfig("Big sale ${when}!", 2, "wait_for_approval = true")),
			ExpectError: regexp.MustCompile(`(?s)Gateway SMS Template Rejected.*gateway template 5001 \(One-time code\):\s+marketing\s+wording\s+in\s+a\s+notice`),
		}},
	})
}

func TestAccGatewaySMSTemplate_waitTimeout(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config:      env.Config(gatewayTemplateConfig("Your code is ${code}.", 1, "wait_for_approval = true\ntimeouts = { create = \"1s\" }")),
			ExpectError: regexp.MustCompile(`(?s)Gateway SMS Template Review Not Finished.*gateway template 5001 \(One-time code\) was still\s+in\s+review\s+when\s+the\s+1s\s+timeout\s+ran\s+out`),
		}},
	})
}
