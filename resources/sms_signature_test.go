package resources_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

func smsSignatureConfig(text, extra string) string {
	return fmt.Sprintf(`
resource "contactcenter_sms_signature" "test" {
  sign_text = %q
%s
}
`, text, extra)
}

// autoApprove makes the test's simulator approve reviews after d.
func autoApprove(d time.Duration) func(*simulator.Options) {
	return func(o *simulator.Options) { o.AutoApprove = d }
}

func TestAccSMSSignature_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	addr := "contactcenter_sms_signature.test"
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(smsSignatureConfig("Acme", `remark = "our brand"`)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("id"), knownvalue.StringRegexp(regexp.MustCompile(`^[0-9]+$`))),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("sign_text"), knownvalue.StringExact("Acme")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("remark"), knownvalue.StringExact("our brand")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("state"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("state_name"), knownvalue.StringExact("reviewing")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("is_used"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("reason"), knownvalue.StringExact("")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("add_user"), knownvalue.StringExact("api")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("add_time"), knownvalue.StringRegexp(regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$`))),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("wait_for_approval"), knownvalue.Bool(false)),
				},
			},
			{
				// The review approves it out of band: a refresh shows it, the plan stays empty.
				PreConfig: func() {
					if err := env.Sim.Review("sms_signature", "101", 1, ""); err != nil {
						t.Fatal(err)
					}
				},
				Config: env.Config(smsSignatureConfig("Acme", `remark = "our brand"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("state"), knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("state_name"), knownvalue.StringExact("approved")),
				},
			},
		},
	})
}

// TestSMSSignature_update: switching wait_for_approval on is an update
// that waits for the review; a new text or remark replaces the signature
// (destroy, then create: there is no update call). In process: the checks
// are of the provider's plans, writes and waits.
func TestSMSSignature_update(t *testing.T) {
	t.Parallel()
	env := acctest.New(t, autoApprove(time.Second))
	r := env.Resources(t, "contactcenter_sms_signature")
	var sig []acctest.Instance
	step := func(what, body, action string, want map[string]knownvalue.Check) {
		t.Helper()
		config := []any{r.Config(body)}
		sig = r.Apply(sig, config)
		if action != "" && sig[0].Action != action {
			t.Errorf("%s: planned %s, want %s", what, sig[0].Action, action)
		}
		for k, v := range want {
			if err := r.ExpectKnownValue(sig[0], tfjsonpath.New(k), v); err != nil {
				t.Errorf("%s: %v", what, err)
			}
		}
		r.CheckPlanEmpty(sig, config)
	}
	step("create", `sign_text = "Acme"`, "", map[string]knownvalue.Check{"state": knownvalue.Int64Exact(0)})
	// Switching the wait on changes nothing at the API and waits for the review.
	step("wait switched on", "sign_text = \"Acme\"\nwait_for_approval = true", "update", map[string]knownvalue.Check{
		"state": knownvalue.Int64Exact(1),
	})
	// There is no update call: a new text or remark replaces the signature
	// (Terraform's DestroyBeforeCreate, the driver's "replace").
	step("new text and remark", "sign_text = \"Acme Shop\"\nwait_for_approval = true\nremark = \"renamed\"", "replace", map[string]knownvalue.Check{
		"sign_text": knownvalue.StringExact("Acme Shop"),
		"remark":    knownvalue.StringExact("renamed"),
		"state":     knownvalue.Int64Exact(1),
		"id":        knownvalue.StringExact("102"),
	})
}

func TestAccSMSSignature_rejected(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	done := make(chan struct{})
	t.Cleanup(func() { close(done) })
	go func() { // the reviewer rejects the signature once it exists
		for {
			select {
			case <-done:
				return
			case <-time.After(50 * time.Millisecond):
			}
			if env.Sim.Review("sms_signature", "101", 2, "the brand is not registered") == nil {
				return
			}
		}
	}()
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config:      env.Config(smsSignatureConfig("Acme", "wait_for_approval = true")),
			ExpectError: regexp.MustCompile(`(?s)SMS Signature Rejected.*the brand is not registered`),
		}},
	})
}

func TestAccSMSSignature_waitTimeout(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config:      env.Config(smsSignatureConfig("Acme", "wait_for_approval = true\ntimeouts = { create = \"1s\" }")),
			ExpectError: regexp.MustCompile(`(?s)Review Not Finished.*still in review`),
		}},
	})
}

func TestAccSMSSignature_disappears(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(smsSignatureConfig("Gone", "")),
			Check: func(s *terraform.State) error {
				id, _ := strconv.ParseInt(s.RootModule().Resources["contactcenter_sms_signature.test"].Primary.ID, 10, 64)
				return c.SMS.DeleteSignature(t.Context(), id)
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

func TestAccSMSSignature_import(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	addr := "contactcenter_sms_signature.test"
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: env.Config(smsSignatureConfig("Acme", `remark = "r"`))},
			{ResourceName: addr, ImportState: true, ImportStateVerify: true},
			{ResourceName: addr, ImportState: true, ImportStateId: "acme", ExpectError: regexp.MustCompile(`imported by its numeric id`)},
		},
	})
}

func TestSMSSignature_inUse(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	r := env.Resources(t, "contactcenter_sms_signature")
	config := []any{r.Config(`sign_text = "Acme"`)}
	sig := r.Apply(nil, config)
	r.CheckPlanEmpty(sig, config)
	id, _ := strconv.ParseInt(r.Decode(sig[0])["id"].(string), 10, 64)
	tp, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: "Made elsewhere", TemplateContents: "Hi", SignID: id})
	if err != nil {
		t.Fatal(err)
	}
	want := inOrder("Unable to Delete SMS Signature", "The SMS signature with id 101 was not deleted.", `"Made elsewhere"`,
		"SMS templates still use this signature (the delete was tried again for 5s, in case they were being deleted beside it). Delete those templates")
	kept, err := r.TryDestroy(sig)
	if err == nil || !want.MatchString(err.Error()) {
		t.Errorf("destroy of a signature in use: %v, want an error matching %s", err, want)
	}
	if len(kept) != 1 || kept[0].State == nil {
		t.Fatalf("the refused delete kept %d instances, want the signature", len(kept))
	}
	if err := c.SMS.DeleteTemplate(t.Context(), int64(tp.ID)); err != nil {
		t.Fatal(err)
	}
	r.Destroy(kept)
}

// A configuration adopted with -generate-config-out names the signature of
// a template by a literal sign_id: Terraform sees no dependency and deletes
// the signature beside its templates. The signature's delete, refused while
// a template still used it, failed the destroy (a second destroy passed);
// it is tried again while the templates that hold it are going.
func TestAccSMSSignature_destroyBesideItsTemplates(t *testing.T) {
	t.Parallel()
	env := acctest.NewWithHandler(t, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/sms/template/delete") {
				time.Sleep(400 * time.Millisecond) // the signature's delete arrives first
			}
			next.ServeHTTP(w, r)
		})
	})
	c := env.Client(t)
	sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	tp, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: "Welcome", TemplateContents: "Hi", SignID: int64(sg.ID)})
	if err != nil {
		t.Fatal(err)
	}
	cfg := env.Config(fmt.Sprintf(`
import {
  to = contactcenter_sms_signature.acme
  id = "%[1]d"
}

import {
  to = contactcenter_sms_template.welcome
  id = "%[2]d"
}

resource "contactcenter_sms_signature" "acme" {
  sign_text = "Acme"
}

resource "contactcenter_sms_template" "welcome" {
  template_name     = "Welcome"
  template_contents = "Hi"
  sign_id           = %[1]d
}
`, sg.ID, tp.ID))
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: cfg},
			{Config: cfg, Destroy: true},
		},
	})
}

func TestAccSMSSignature_validation(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cases := map[string]acctest.PlanError{
		"empty text":     {smsSignatureConfig("", ""), `sign_text string length must be at least 1`},
		"padded text":    {smsSignatureConfig(" Acme", ""), `must not begin or end with white space`},
		"no-break space": {smsSignatureConfig("Acme\u00a0", ""), `must not begin or end with white space`},
		"missing text":   {`resource "contactcenter_sms_signature" "test" {}`, `The argument "sign_text" is required`},
		"bad timeout":    {smsSignatureConfig("Acme", `timeouts = { create = "soon" }`), `timeouts.create must be a duration: a number with a unit, h, m or s (such as "90s", "30m" or "1h30m"), got "soon".`},
		"unknown field":  {smsSignatureConfig("Acme", `state = 1`), `Invalid Configuration for Read-Only Attribute`},
	}
	env.ExpectPlanErrors(t, cases)
}

// A signature that a template uses is replaced with create_before_destroy:
// the new one is created, the template moves to it, then the old one goes.
func TestAccSMSSignature_replaceInUse(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cfg := func(text string) string {
		return env.Config(fmt.Sprintf(`
resource "contactcenter_sms_signature" "test" {
  sign_text = %q
  lifecycle {
    create_before_destroy = true
  }
}

resource "contactcenter_sms_template" "test" {
  template_name     = "Welcome"
  template_contents = "Hi"
  sign_id           = contactcenter_sms_signature.test.id
}
`, text))
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: cfg("Acme")},
			{
				Config: cfg("Acme Shop"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction("contactcenter_sms_signature.test", plancheck.ResourceActionCreateBeforeDestroy),
						plancheck.ExpectResourceAction("contactcenter_sms_template.test", plancheck.ResourceActionUpdate),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("contactcenter_sms_template.test", tfjsonpath.New("sign_text"), knownvalue.StringExact("Acme Shop")),
					statecheck.ExpectKnownValue("contactcenter_sms_template.test", tfjsonpath.New("sign_id"), knownvalue.Int64Exact(102)),
				},
			},
		},
	})
}

// TestAccSMSSignature_remarkReplaceInUseWarns: a new remark replaces the
// signature and keeps its sign_text; while a template uses it, that
// cannot succeed (the delete is refused while templates use it; with
// create_before_destroy the create of the same text is refused as a
// duplicate), and the plan showed a plain "must be replaced". The plan
// warns, naming the template and the way out; a new sign_text, which
// create_before_destroy serves, does not.
func TestAccSMSSignature_remarkReplaceInUseWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	cfg := func(text, remark, lifecycle string) string {
		return fmt.Sprintf(`
resource "contactcenter_sms_signature" "test" {
  sign_text = %q
  remark    = %q
  %s
}
resource "contactcenter_sms_template" "test" {
  template_name     = "Welcome"
  template_contents = "Hi"
  sign_id           = contactcenter_sms_signature.test.id
}
output "ids" {
  value = [contactcenter_sms_signature.test.id, contactcenter_sms_template.test.id]
}
`, text, remark, lifecycle)
	}
	const cbd = "lifecycle {\n    create_before_destroy = true\n  }"
	w.WriteBody(cfg("Acme", "one", ""))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	var ids []string
	if err := json.Unmarshal([]byte(w.Must(0, "output", "-json", "ids")), &ids); err != nil {
		t.Fatal(err)
	}
	const title = "Warning: SMS Signature Replacement Cannot Succeed While Templates Use It"
	want := fmt.Sprintf(`This plan replaces SMS signature %s ("Acme") because remark changes (the platform cannot change a signature), and keeps its sign_text. 1 SMS template(s) use it: %s "Welcome".`, ids[0], ids[1])
	for _, lc := range []string{"", cbd} {
		w.WriteBody(cfg("Acme", "two", lc))
		out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
		if !strings.Contains(out, title) || !strings.Contains(out, want) || !strings.Contains(out, "point the templates' sign_id at another signature and apply") {
			t.Errorf("the plan of a new remark (lifecycle %q) lacks %q:\n%s", lc, want, out)
		}
	}
	w.WriteBody(cfg("Acme Shop", "two", cbd))
	if out := w.Must(0, "plan", "-no-color"); strings.Contains(out, title) {
		t.Errorf("a new sign_text, which create_before_destroy serves, warns:\n%s", out)
	}
}

// TestAccSMSSignature_remarkReplaceInUseWarnsWithoutRefresh: is_used
// turns true after the apply that made the signature and its template,
// so the state holds false: a plan of a new remark without refresh
// (-refresh=false) was silent, and the apply failed as the warning says.
func TestAccSMSSignature_remarkReplaceInUseWarnsWithoutRefresh(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	cfg := func(remark string) string {
		return fmt.Sprintf(`
resource "contactcenter_sms_signature" "test" {
  sign_text = "Acme"
  remark    = %q
}
resource "contactcenter_sms_template" "test" {
  template_name     = "Welcome"
  template_contents = "Hi"
  sign_id           = contactcenter_sms_signature.test.id
}
`, remark)
	}
	w.WriteBody(cfg("one"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(cfg("two"))
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-refresh=false", "-no-color")), " ")
	if !strings.Contains(out, "Warning: SMS Signature Replacement Cannot Succeed While Templates Use It") || !strings.Contains(out, `1 SMS template(s) use it:`) {
		t.Errorf("the plan of a new remark without refresh does not warn:\n%s", out)
	}
}

// TestSMSSignature_importBySignID: a signature has two numbers, id and
// sign_id. Importing by the sign_id failed with Terraform's "Cannot import
// non-existent remote object"; the read after the import now names the id
// to use. An import by the id reads as before.
func TestSMSSignature_importBySignID(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	sg, err := env.Client(t).SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme Import"})
	if err != nil {
		t.Fatal(err)
	}
	if sg.SignID.Int64() == sg.ID.Int64() {
		t.Fatalf("the simulator gave id and sign_id the same number %d: the test needs them apart", sg.ID.Int64())
	}
	signID := strconv.FormatInt(sg.SignID.Int64(), 10)
	diags := env.ImportDiagnostics(t, "contactcenter_sms_signature", signID)
	want := fmt.Sprintf(`no SMS signature has the id %s; the signature "Acme Import" has the sign_id %s and the id %d: import it as %d`,
		signID, signID, sg.ID.Int64(), sg.ID.Int64())
	if len(diags) != 1 || !strings.Contains(diags[0].Detail, want) {
		t.Errorf("diagnostics %v, want one containing %q", diagTexts(diags), want)
	}
	if diags := env.ImportDiagnostics(t, "contactcenter_sms_signature", strconv.FormatInt(sg.ID.Int64(), 10)); len(diags) != 0 {
		t.Errorf("import by the id: %v", diagTexts(diags))
	}
	if diags := env.ImportDiagnostics(t, "contactcenter_sms_signature", "99999"); len(diags) != 1 || diags[0].Summary != "Cannot import non-existent remote object" {
		t.Errorf("import of an id nobody has: %v", diagTexts(diags))
	}
}

// TestAccSMSSignature_waitSurvivesFailedReads: while waiting for the
// review, reads of the signature failed for a while (5xx, more than the
// client's retries). The wait gave up at the first failed read: the apply
// failed and the created signature was tainted, to be replaced on the
// next apply. A read that fails that way is tried again within the
// timeout; the approval that comes meanwhile ends the wait as usual.
func TestAccSMSSignature_waitSurvivesFailedReads(t *testing.T) {
	t.Parallel()
	var created atomic.Bool
	var failed atomic.Int64
	flaky := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/sms/sign/store") {
				created.Store(true)
			}
			if strings.HasSuffix(r.URL.Path, "/sms/sign/list") && created.Load() && failed.Add(1) <= 8 {
				http.Error(w, "bad gateway", http.StatusBadGateway)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
	env := acctest.NewWithHandler(t, flaky)
	reviewOnceCreated(t, env, "sms_signature", "101", 1, "")
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(smsSignatureConfig("Acme", "wait_for_approval = true")),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("contactcenter_sms_signature.test", tfjsonpath.New("state"), knownvalue.Int64Exact(1)),
			},
		}},
	})
	if n := failed.Load(); n < 8 {
		t.Errorf("only %d reads failed: the test did not make the wait's reads fail", n)
	}
}

// TestAccSMSSignature_adoptedInBracketsAdvice: a signature approved with
// its brackets ("【Acme】"), adopted by an import, was told "Write the name
// alone: sign_text = "Acme"", and following that replaced the approved
// signature with a new one in review (sign_text forces replacement). The
// warning now says so and how to keep it; the plan keeps the signature.
func TestAccSMSSignature_adoptedInBracketsAdvice(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	sg, err := env.Client(t).SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "【Acme】"})
	if err != nil {
		t.Fatal(err)
	}
	id := strconv.FormatInt(int64(sg.ID), 10)
	if err := env.Sim.Review("sms_signature", id, 1, ""); err != nil {
		t.Fatal(err)
	}
	w := env.Workdir(t)
	w.WriteBody(fmt.Sprintf(`
import {
  to = contactcenter_sms_signature.acme
  id = %q
}
resource "contactcenter_sms_signature" "acme" {
  sign_text = "【Acme】"
}
`, id))
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	for _, want := range []string{
		"Plan: 1 to import, 0 to add, 0 to change, 0 to destroy.",
		"Warning: Signature Text in Brackets",
		`For a new signature, write the name alone: sign_text = "Acme". Changing sign_text replaces the signature: for one already on the platform ` +
			"(imported, approved with its brackets) a new signature is created and goes to review, and the approved one is deleted. Keep sign_text as written to keep it.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the plan lacks %q:\n%s", want, out)
		}
	}
}

// TestAccSMSSignature_unknownTextWarns: a sign_text known only at apply
// (another resource's value, here replaced with the same text) replaces
// the signature whatever it comes out as; the plan showed only "# forces
// replacement", and the apply deleted the approved signature and made one
// that waits for review again. The plan now says so.
func TestAccSMSSignature_unknownTextWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	cfg := func(rev int) string {
		return fmt.Sprintf(`
resource "terraform_data" "text" {
  input = { text = "Acme", rev = %d }
}
resource "contactcenter_sms_signature" "test" {
  sign_text = terraform_data.text.output.text
}
`, rev)
	}
	w.WriteBody(cfg(1))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if out := w.Must(0, "plan", "-no-color"); strings.Contains(out, "Known Only at Apply") {
		t.Errorf("plan at rest warns:\n%s", out)
	}
	w.WriteBody(cfg(2))
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	want := `sign_text of SMS signature 101 ("Acme") is known only at apply: Terraform replaces the signature even if the value comes out the same. ` +
		`The new signature waits for review again`
	if !strings.Contains(out, "Warning: SMS Signature Replaced for a Value Known Only at Apply") || !strings.Contains(out, want) {
		t.Errorf("plan of a sign_text known only at apply lacks %q:\n%s", want, out)
	}
}
