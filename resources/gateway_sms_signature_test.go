package resources_test

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
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

func gatewaySignatureConfig(text, extra string) string {
	return fmt.Sprintf(`
resource "contactcenter_gateway_sms_signature" "test" {
  sign_text = %q
%s
}
`, text, extra)
}

func writeFile(t *testing.T, name string, b []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestAccGatewaySMSSignature_import: an approved signature imports as it
// is (get_sign returns neither the image nor the remark). Terraform's
// import; the rest is TestGatewaySMSSignature_basic's.
func TestAccGatewaySMSSignature_import(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	addr := "contactcenter_gateway_sms_signature.test"
	pic := writeFile(t, "licence.png", []byte("\x89PNG small image"))
	extra := fmt.Sprintf("pic_file = %q\nremark = \"for OTP\"", pic)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(gatewaySignatureConfig("Acme", extra)),
				Check: func(s *terraform.State) error {
					return env.Sim.Review("gateway_signature", s.RootModule().Resources[addr].Primary.ID, 1, "")
				},
			},
			{
				// Approval shows on refresh; the plan stays empty.
				Config: env.Config(gatewaySignatureConfig("Acme", extra)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
			{
				ResourceName: addr, ImportState: true, ImportStateVerify: true,
				// get_sign returns neither the image nor the remark.
				ImportStateVerifyIgnore: []string{"pic_file", "pic_sha256", "remark"},
			},
		},
	})
}

// TestGatewaySMSSignature_basic: create, approval read on refresh, a new
// image content and a new text each replace the signature, and destroy
// only forgets it. In process (acctest.Resources); the import is
// TestAccGatewaySMSSignature_import's.
func TestGatewaySMSSignature_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	r := env.Resources(t, "contactcenter_gateway_sms_signature")
	pic := writeFile(t, "licence.png", []byte("\x89PNG small image"))
	config := func(text, extra string) []any {
		return []any{r.Config(fmt.Sprintf("sign_text = %q\n%s\n", text, extra))}
	}
	extra := fmt.Sprintf("pic_file = %q\nremark = \"for OTP\"", pic)
	expect := func(step string, in acctest.Instance, want map[string]knownvalue.Check) {
		t.Helper()
		for k, v := range want {
			if err := r.ExpectKnownValue(in, tfjsonpath.New(k), v); err != nil {
				t.Errorf("%s: %v", step, err)
			}
		}
	}
	sig := r.Apply(nil, config("Acme", extra))
	expect("create", sig[0], map[string]knownvalue.Check{
		"sign_text":  knownvalue.StringExact("Acme"),
		"state":      knownvalue.Int64Exact(0),
		"reason":     knownvalue.StringExact(""),
		"pic_sha256": knownvalue.StringRegexp(regexp.MustCompile(`^[0-9a-f]{64}$`)),
		"id":         knownvalue.StringRegexp(regexp.MustCompile(`^[0-9]+$`)),
	})
	r.CheckPlanEmpty(sig, config("Acme", extra))
	firstID, _ := r.Decode(sig[0])["id"].(string)
	if err := env.Sim.Review("gateway_signature", firstID, 1, ""); err != nil {
		t.Fatal(err)
	}

	// Approval shows on refresh; the plan stays empty.
	sig = r.Apply(sig, config("Acme", extra))
	if sig[0].Action != "no-op" {
		t.Errorf("after the approval: planned %s, want no-op", sig[0].Action)
	}
	expect("approved", sig[0], map[string]knownvalue.Check{"state": knownvalue.Int64Exact(1)})
	r.CheckPlanEmpty(sig, config("Acme", extra))

	// A new image content replaces the signature.
	if err := os.WriteFile(pic, []byte("another image"), 0o600); err != nil {
		t.Fatal(err)
	}
	sig = r.Apply(sig, config("Acme", extra))
	if sig[0].Action != "replace" {
		t.Errorf("new image: planned %s, want replace", sig[0].Action)
	}
	expect("new image", sig[0], map[string]knownvalue.Check{"state": knownvalue.Int64Exact(0)})
	r.CheckPlanEmpty(sig, config("Acme", extra))

	sig = r.Apply(sig, config("Acme Ltd", ""))
	if sig[0].Action != "replace" {
		t.Errorf("new text: planned %s, want replace", sig[0].Action)
	}
	expect("new text", sig[0], map[string]knownvalue.Check{
		"sign_text":  knownvalue.StringExact("Acme Ltd"),
		"pic_sha256": knownvalue.Null(),
	})
	r.CheckPlanEmpty(sig, config("Acme Ltd", ""))
	r.Destroy(sig)

	// Destroy only forgets: the signature is still on the gateway.
	id, _ := strconv.ParseInt(firstID, 10, 64)
	if _, err := c.Gateway.GetSignature(t.Context(), id); err != nil {
		t.Errorf("destroy must leave signature %s on the gateway: %v", firstID, err)
	}
	// Three signatures were created, none deleted (there is no delete).
	if n := env.Sim.Stats()["POST /smsapi/sign/v1/add_sign"]; n != 3 {
		t.Errorf("add_sign called %d times, want 3", n)
	}
}

func TestAccGatewaySMSSignature_disappears(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(gatewaySignatureConfig("Gone", "")),
			Check: func(*terraform.State) error {
				env.Sim.Reset() // the gateway no longer knows the signature
				return nil
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

func TestAccGatewaySMSSignature_validation(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	big := writeFile(t, "big.png", []byte(strings.Repeat("x", 769)))
	edge := writeFile(t, "edge.png", []byte(strings.Repeat("x", 768)))
	cases := map[string]acctest.PlanError{
		"brackets":        {gatewaySignatureConfig("【Acme】", ""), `must be given without brackets`},
		"square brackets": {gatewaySignatureConfig("[Acme]", ""), `must be given without brackets`},
		"blank":           {gatewaySignatureConfig(" \t", ""), `sign_text must hold more than white space, got " \t"`},
		"empty":           {gatewaySignatureConfig("", ""), `sign_text string length must be at least 1`},
		"pic too big":     {gatewaySignatureConfig("A", fmt.Sprintf("pic_file = %q", big)), `769 bytes, 1028 characters in base64`},
		"pic missing":     {gatewaySignatureConfig("A", `pic_file = "/nonexistent/licence.png"`), `pic_file "/nonexistent/licence.png" cannot be read: no such file or directory.`},
		"zero timeout":    {gatewaySignatureConfig("A", "wait_for_approval = true\ntimeouts = { create = \"0s\" }"), `timeouts.create must be a positive duration`},
	}
	var steps []resource.TestStep
	// 768 bytes is exactly 1024 characters of base64: accepted at plan time.
	steps = append(steps, resource.TestStep{
		Config: env.Config(gatewaySignatureConfig("A", fmt.Sprintf("pic_file = %q", edge))), PlanOnly: true, ExpectNonEmptyPlan: true,
	})
	env.ExpectPlanErrors(t, cases, steps...)
}

// TestAccGatewaySMSSignature_noCredentials: without sms_app_id/sms_app_key
// the create fails clearly, naming both settings, and nothing is sent; at
// plan (the plan succeeded, and the apply failed).
func TestAccGatewaySMSSignature_noCredentials(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cfg := fmt.Sprintf(`
provider "contactcenter" {
  endpoint     = %q
  access_token = "sim-token"
}
`, env.Origin) + gatewaySignatureConfig("Acme", "")
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config:   cfg,
			PlanOnly: true,
			ExpectError: inOrder("Missing SMS Gateway Credentials", "Cannot create the signature: sms_app_id and sms_app_key are not set (the SMS gateway "+
				"signs every request with sms_app_id and sms_app_key; set both in the provider block or in CONTACTCENTER_SMS_APP_ID and CONTACTCENTER_SMS_APP_KEY)."),
		}},
	})
	if n := env.Requests(); n != 0 {
		t.Errorf("%d requests without credentials", n)
	}
	// The failed create said only that: it added "Value Conversion Error
	// ... This is always an error in the provider", reading a state that
	// the failure had left empty.
	tf, err := acctest.TerraformPath()
	if err != nil {
		t.Fatal(err)
	}
	w := acctest.NewWorkdir(t, tf, env.Reattach(t))
	w.Write(fmt.Sprintf("terraform {\n  required_providers {\n    contactcenter = { source = %q }\n  }\n}\n", strings.TrimPrefix(acctest.ProviderAddr, "registry.terraform.io/")) + cfg)
	out := w.Must(1, "plan", "-no-color")
	if !strings.Contains(out, "sms_app_id and sms_app_key are not set (") || strings.Contains(out, "Value Conversion Error") || strings.Contains(out, "always an error in the provider") {
		t.Errorf("apply output:\n%s", out)
	}
}

// reviewOnceCreated has the simulator's reviewer decide on object id of
// kind as soon as it exists, in the background while a step applies.
func reviewOnceCreated(t *testing.T, env *acctest.Env, kind, id string, state int, reason string) {
	t.Helper()
	done := make(chan struct{})
	t.Cleanup(func() { close(done) })
	go func() {
		for {
			select {
			case <-done:
				return
			case <-time.After(50 * time.Millisecond):
			}
			if env.Sim.Review(kind, id, state, reason) == nil {
				return
			}
		}
	}()
}

// TestAccGatewaySMSSignature_waitForApproval: the apply waits for the
// review, so state is 1 right after it; switching the wait off (or changing
// the timeout) later is an in-place no-op that keeps the signature.
func TestAccGatewaySMSSignature_waitForApproval(t *testing.T) {
	t.Parallel()
	env := acctest.New(t, autoApprove(time.Second))
	addr := "contactcenter_gateway_sms_signature.test"
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(gatewaySignatureConfig("Acme", "wait_for_approval = true")),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("state"), knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("reason"), knownvalue.StringExact("")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("wait_for_approval"), knownvalue.Bool(true)),
				},
			},
			{
				Config: env.Config(gatewaySignatureConfig("Acme", "wait_for_approval = false\ntimeouts = { create = \"5m\" }")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(addr, tfjsonpath.New("state"), knownvalue.Int64Exact(1)),
						plancheck.ExpectKnownValue(addr, tfjsonpath.New("id"), knownvalue.StringExact("3001")),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("state"), knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("wait_for_approval"), knownvalue.Bool(false)),
				},
			},
		},
	})
	if n := env.Sim.Stats()["POST /smsapi/sign/v1/add_sign"]; n != 1 {
		t.Errorf("add_sign called %d times, want 1 (changing wait_for_approval must not replace)", n)
	}
}

// TestAccGatewaySMSSignature_waitForApprovalOnExisting: switching the wait
// on for a pending signature neither replaces it nor waits (it only matters
// on create); the plan shows that one attribute changing.
func TestAccGatewaySMSSignature_waitForApprovalOnExisting(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	addr := "contactcenter_gateway_sms_signature.test"
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(gatewaySignatureConfig("Acme", "")),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("state"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("wait_for_approval"), knownvalue.Bool(false)),
				},
			},
			{
				Config: env.Config(gatewaySignatureConfig("Acme", "wait_for_approval = true\ntimeouts = { create = \"1s\" }")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(addr, tfjsonpath.New("state"), knownvalue.Int64Exact(0)),
						plancheck.ExpectKnownValue(addr, tfjsonpath.New("reason"), knownvalue.StringExact("")),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("state"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("wait_for_approval"), knownvalue.Bool(true)),
				},
			},
		},
	})
	if n := env.Sim.Stats()["POST /smsapi/sign/v1/add_sign"]; n != 1 {
		t.Errorf("add_sign called %d times, want 1", n)
	}
}

func TestAccGatewaySMSSignature_rejected(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	reviewOnceCreated(t, env, "gateway_signature", "3001", 2, "the brand is not registered")
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config:      env.Config(gatewaySignatureConfig("Acme", "wait_for_approval = true")),
			ExpectError: regexp.MustCompile(`(?s)Gateway SMS Signature Rejected.*gateway signature 3001 \(Acme\):\s+the\s+brand\s+is\s+not\s+registered`),
		}},
	})
}

func TestAccGatewaySMSSignature_waitTimeout(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config:      env.Config(gatewaySignatureConfig("Acme", "wait_for_approval = true\ntimeouts = { create = \"1s\" }")),
			ExpectError: regexp.MustCompile(`(?s)Gateway SMS Signature Review Not Finished.*gateway signature 3001 \(Acme\) was still in\s+review\s+when\s+the\s+1s\s+timeout\s+ran\s+out`),
		}},
	})
	if n := env.Sim.Stats()["POST /smsapi/sign/v1/get_sign"]; n < 2 {
		t.Errorf("get_sign called %d times, want at least 2 (the wait polls)", n)
	}
}

// TestAccGatewaySMSSignature_approvedAfterWaitRanOut: a create whose wait
// for the review ran out leaves the signature tainted; approved before the
// next apply, the plan replaced it with no word (a second signature on the
// gateway, reviewed again, the approved one left unused). The plan warns
// and says to untaint; after untaint the signature is kept.
func TestAccGatewaySMSSignature_approvedAfterWaitRanOut(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(gatewaySignatureConfig("Acme", "wait_for_approval = true\ntimeouts = { create = \"1s\" }"))
	if out := w.Must(1, "apply", "-auto-approve", "-no-color"); !strings.Contains(out, "Gateway SMS Signature Review Not Finished") {
		t.Fatalf("first apply:\n%s", out)
	}
	if err := env.Sim.Review("gateway_signature", "3001", 1, ""); err != nil {
		t.Fatal(err)
	}
	out := w.Must(0, "plan", "-no-color")
	for _, want := range []string{"is tainted, so must be replaced", "Warning: Gateway SMS Signature Approved After Its Create Stopped Waiting",
		"The gateway signature 3001 (Acme) was approved after the apply that created it stopped waiting", "creates a new one, which is reviewed again, and leaves the approved one on the gateway",
		"run terraform untaint with the address above, then plan again: a plan that shows no replacement keeps it, and this warning stops after the next apply"} {
		if !strings.Contains(strings.Join(strings.Fields(out), " "), want) {
			t.Errorf("plan after the approval lacks %q:\n%s", want, out)
		}
	}
	w.Must(0, "untaint", "contactcenter_gateway_sms_signature.test")
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if out := w.Must(0, "plan", "-no-color", "-detailed-exitcode"); strings.Contains(out, "Warning") {
		t.Errorf("plan after untaint and apply still warns:\n%s", out)
	}
	if n := env.Sim.Stats()["POST /smsapi/sign/v1/add_sign"]; n != 1 {
		t.Errorf("add_sign called %d times, want 1 (the approved signature is kept)", n)
	}
}

// TestAccGatewaySMSSignature_picReplacedAfterSavedPlan: the image replaced
// between `terraform plan -out` and applying that plan. The plan carried
// the old image's digest, Terraform planned the create again when applying
// it, and stopped: "Provider produced inconsistent final plan … This is a
// bug in the provider". The digest of a new image is known after apply: the
// saved plan applies, and the state holds the digest of the image sent.
func TestAccGatewaySMSSignature_picReplacedAfterSavedPlan(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	pic := writeFile(t, "licence.png", []byte("\x89PNG first image"))
	w.WriteBody(gatewaySignatureConfig("Acme", fmt.Sprintf("pic_file = %q", pic)))
	w.Must(0, "plan", "-out=p.tfplan", "-no-color")
	second := []byte("\x89PNG second image")
	if err := os.WriteFile(pic, second, 0o600); err != nil {
		t.Fatal(err)
	}
	if out := w.Must(0, "apply", "-no-color", "p.tfplan"); strings.Contains(out, "inconsistent") {
		t.Fatalf("apply of the saved plan:\n%s", out)
	}
	sum := sha256.Sum256([]byte(base64.StdEncoding.EncodeToString(second)))
	if got := w.Must(0, "state", "show", "-no-color", "contactcenter_gateway_sms_signature.test"); !strings.Contains(got, hex.EncodeToString(sum[:])) {
		t.Errorf("the state lacks the digest of the image sent (%x):\n%s", sum, got)
	}
	// A plan shows no change, and a new image replaces the signature.
	w.Must(0, "plan", "-detailed-exitcode", "-no-color")
	if err := os.WriteFile(pic, []byte("\x89PNG third image"), 0o600); err != nil {
		t.Fatal(err)
	}
	if out := w.Must(2, "plan", "-detailed-exitcode", "-no-color"); !strings.Contains(out, "pic_sha256") || !strings.Contains(out, "forces replacement") {
		t.Errorf("a new image does not plan a replacement:\n%s", out)
	}
}
