package resources_test

import (
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
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// smsTemplateConfig is a signature plus a template; contents is HCL text
// (write $${name} for a template variable).
func smsTemplateConfig(name, contents, extra string) string {
	return fmt.Sprintf(`
resource "contactcenter_sms_signature" "acme" {
  sign_text = "Acme"
}

resource "contactcenter_sms_template" "test" {
  template_name     = %q
  template_contents = %q
  sign_id           = contactcenter_sms_signature.acme.id
%s
}
`, name, contents, extra)
}

// TestSMSTemplate_basic: a template's create (its variables, review state,
// type and signature read back), then an apply that changes nothing, after
// which the signature's refresh shows it used. In process: the checks are
// of the provider's plan and state; the signature is driven by its own
// Resources, as Terraform walks it before the template.
func TestSMSTemplate_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	sigR := env.Resources(t, "contactcenter_sms_signature")
	sigCfg := []any{sigR.Config(`sign_text = "Acme"`)}
	sig := sigR.Apply(nil, sigCfg)
	sigID := sigR.Decode(sig[0])["id"].(string)
	r := env.Resources(t, "contactcenter_sms_template")
	cfg := []any{r.Config(fmt.Sprintf("template_name = \"Delivery\"\ntemplate_contents = %q\nsign_id = %q\n",
		"Hi $${name}, parcel $${parcel} arrives $${day}. $${name}", sigID))}
	tpl := r.Apply(nil, cfg)
	for path, want := range map[string]knownvalue.Check{
		"id":                knownvalue.StringRegexp(regexp.MustCompile(`^[0-9]+$`)),
		"template_contents": knownvalue.StringExact("Hi ${name}, parcel ${parcel} arrives ${day}. ${name}"),
		"tpl_param": knownvalue.ListExact([]knownvalue.Check{
			knownvalue.StringExact("name"), knownvalue.StringExact("parcel"), knownvalue.StringExact("day"),
		}),
		"state":             knownvalue.Int64Exact(0),
		"state_name":        knownvalue.StringExact("pending review"),
		"submit_for_review": knownvalue.Bool(true),
		"tpl_type":          knownvalue.Int64Exact(2),
		"tpl_id":            knownvalue.NotNull(),
		"sign_text":         knownvalue.StringExact("Acme"),
		"dept_id":           knownvalue.Int64Exact(0),
	} {
		if err := r.ExpectKnownValue(tpl[0], tfjsonpath.New(path), want); err != nil {
			t.Errorf("create: %v", err)
		}
	}
	// CompareValuePairs of sign_id and the signature's id.
	if err := (stringifiedEqual{}).CompareValues(r.Decode(tpl[0])["sign_id"], sigID); err != nil {
		t.Errorf("create: sign_id and the signature's id: %v", err)
	}
	r.CheckPlanEmpty(tpl, cfg)
	// The signature's refresh changes is_used (computed), which the CLI's
	// empty plan allows: its plan is checked, not its refresh.
	if got := sigR.Plan(sig, sigCfg); got[0] != "no-op" {
		t.Errorf("plan after apply: the signature plans %s, want no-op", got[0])
	}

	// Applying again changes nothing (the CLI's ExpectEmptyPlan), and the
	// refresh shows the signature is used now.
	if got := sigR.Plan(sig, sigCfg); got[0] != "no-op" {
		t.Errorf("second apply: the signature plans %s, want no-op", got[0])
	}
	if got := r.Plan(tpl, cfg); got[0] != "no-op" {
		t.Errorf("second apply: the template plans %s, want no-op", got[0])
	}
	sig = sigR.Apply(sig, sigCfg)
	tpl = r.Apply(tpl, cfg)
	// After the refresh, the signature knows a template uses it.
	if err := sigR.ExpectKnownValue(sig[0], tfjsonpath.New("is_used"), knownvalue.Bool(true)); err != nil {
		t.Errorf("second apply: signature: %v", err)
	}
	r.Destroy(tpl)
	sigR.Destroy(sig)
}

// stringifiedEqual compares a number with a numeric string (sign_id is a
// number, the signature's id a string).
type stringifiedEqual struct{}

func (stringifiedEqual) CompareValues(values ...any) error {
	if len(values) != 2 || fmt.Sprint(values[0]) != fmt.Sprint(values[1]) {
		return fmt.Errorf("values differ: %v", values)
	}
	return nil
}

// TestSMSTemplate_update: a template's update (type and department read
// back; an edit of an approved template's contents sends it back to review;
// a rename saved as a draft). In process: the checks are of the provider's
// plan and state (the signature, which the CLI test made with a resource,
// is made with the client).
func TestSMSTemplate_update(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	sg, err := env.Client(t).SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	r := env.Resources(t, "contactcenter_sms_template")
	config := func(name, contents, extra string) []any {
		return []any{r.Config(fmt.Sprintf("template_name = %q\ntemplate_contents = %q\nsign_id = %q\n%s\n", name, contents, fmt.Sprint(sg.ID), extra))}
	}
	expect := func(step string, errs ...error) {
		t.Helper()
		for _, err := range errs {
			if err != nil {
				t.Errorf("%s: %v", step, err)
			}
		}
	}
	created := config("Code", "Your code is $${code}", "dept_id = 2")
	tpl := r.Apply(nil, created)
	expect("create",
		r.ExpectKnownValue(tpl[0], tfjsonpath.New("tpl_type"), knownvalue.Int64Exact(1)),
		r.ExpectKnownValue(tpl[0], tfjsonpath.New("dept_name"), knownvalue.StringExact("Department 2")))
	r.CheckPlanEmpty(tpl, created)

	// Approved by the review; then a change of the contents sends it back:
	// the plan shows state unknown, and the variables, which follow from
	// the text, known.
	if err := env.Sim.Review("sms_template", "3001", 1, ""); err != nil {
		t.Fatal(err)
	}
	edited := config("Code", "Your code is $${code}, valid $${minutes} minutes", "dept_id = 2")
	tpl = r.Apply(tpl, edited)
	if tpl[0].Action != "update" {
		t.Errorf("new contents: planned %s, want update", tpl[0].Action)
	}
	params := knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("code"), knownvalue.StringExact("minutes")})
	expect("new contents: plan",
		r.ExpectPlannedUnknown(tpl[0], tfjsonpath.New("state")),
		r.ExpectPlannedUnknown(tpl[0], tfjsonpath.New("state_name")),
		r.ExpectPlannedValue(tpl[0], tfjsonpath.New("tpl_param"), params),
		r.ExpectPlannedValue(tpl[0], tfjsonpath.New("tpl_id"), knownvalue.NotNull()))
	expect("new contents",
		r.ExpectKnownValue(tpl[0], tfjsonpath.New("state"), knownvalue.Int64Exact(0)),
		r.ExpectKnownValue(tpl[0], tfjsonpath.New("id"), knownvalue.StringExact("3001")),
		r.ExpectKnownValue(tpl[0], tfjsonpath.New("tpl_param"), params))
	r.CheckPlanEmpty(tpl, edited)

	// Renamed and saved as a draft (action 1).
	draft := config("Login code", "Your code is $${code}, valid $${minutes} minutes", "dept_id = 3\nsubmit_for_review = false")
	tpl = r.Apply(tpl, draft)
	if tpl[0].Action != "update" {
		t.Errorf("draft: planned %s, want update", tpl[0].Action)
	}
	expect("draft",
		r.ExpectKnownValue(tpl[0], tfjsonpath.New("template_name"), knownvalue.StringExact("Login code")),
		r.ExpectKnownValue(tpl[0], tfjsonpath.New("state"), knownvalue.Int64Exact(-1)),
		r.ExpectKnownValue(tpl[0], tfjsonpath.New("state_name"), knownvalue.StringExact("draft")),
		r.ExpectKnownValue(tpl[0], tfjsonpath.New("dept_id"), knownvalue.Int64Exact(3)))
	r.CheckPlanEmpty(tpl, draft)
	r.Destroy(tpl)
}

// TestSMSTemplate_waitForApproval: with wait_for_approval the create and
// an update of the contents wait for the review and save it approved. In
// process: the checks are of the provider's wait and state.
func TestSMSTemplate_waitForApproval(t *testing.T) {
	t.Parallel()
	env := acctest.New(t, autoApprove(time.Second))
	sg, err := env.Client(t).SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	r := env.Resources(t, "contactcenter_sms_template")
	config := func(contents string) []any {
		return []any{r.Config(fmt.Sprintf("template_name = \"Notice\"\ntemplate_contents = %q\nsign_id = %q\nwait_for_approval = true\n", contents, fmt.Sprint(sg.ID)))}
	}
	created := config("Store opens at $${time}")
	tpl := r.Apply(nil, created)
	for _, err := range []error{
		r.ExpectKnownValue(tpl[0], tfjsonpath.New("state"), knownvalue.Int64Exact(1)),
		r.ExpectKnownValue(tpl[0], tfjsonpath.New("state_name"), knownvalue.StringExact("approved")),
	} {
		if err != nil {
			t.Errorf("create: %v", err)
		}
	}
	r.CheckPlanEmpty(tpl, created)
	edited := config("Store opens at $${time} today")
	tpl = r.Apply(tpl, edited)
	if err := r.ExpectKnownValue(tpl[0], tfjsonpath.New("state"), knownvalue.Int64Exact(1)); err != nil {
		t.Errorf("update: %v", err)
	}
	r.CheckPlanEmpty(tpl, edited)
	r.Destroy(tpl)
}

func TestAccSMSTemplate_rejected(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	done := make(chan struct{})
	t.Cleanup(func() { close(done) })
	go func() {
		for {
			select {
			case <-done:
				return
			case <-time.After(50 * time.Millisecond):
			}
			if env.Sim.Review("sms_template", "3001", 2, "links are not allowed") == nil {
				return
			}
		}
	}()
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config:      env.Config(smsTemplateConfig("Promo", "See http://x", "wait_for_approval = true")),
			ExpectError: regexp.MustCompile(`(?s)SMS Template Rejected.*links are not allowed`),
		}},
	})
}

func TestAccSMSTemplate_disappears(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(smsTemplateConfig("Gone", "x", "")),
			Check: func(s *terraform.State) error {
				id, _ := strconv.ParseInt(s.RootModule().Resources["contactcenter_sms_template.test"].Primary.ID, 10, 64)
				return c.SMS.DeleteTemplate(t.Context(), id)
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

func TestAccSMSTemplate_import(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	addr := "contactcenter_sms_template.test"
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: env.Config(smsTemplateConfig("Draft", "Hello $${who}", "submit_for_review = false\ndept_id = 5"))},
			{ResourceName: addr, ImportState: true, ImportStateVerify: true},
			{ResourceName: addr, ImportState: true, ImportStateId: "x1", ExpectError: regexp.MustCompile(`imported by its numeric id`)},
		},
	})
}

func TestAccSMSTemplate_validation(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cases := map[string]acctest.PlanError{
		"empty name":                    {smsTemplateConfig("", "x", ""), `template_name string length must be at least 1`},
		"empty contents":                {smsTemplateConfig("A", "", ""), `template_contents string length must be at least 1`},
		"blank contents":                {smsTemplateConfig("A", " \n ", ""), `template_contents must hold more than white space`},
		"unclosed variable":             {smsTemplateConfig("A", "Hi $${name", ""), `must write every variable as ${name}`},
		"empty variable":                {smsTemplateConfig("A", "Hi $${}", ""), `must write every variable as ${name}`},
		"spaced variable":               {smsTemplateConfig("A", "Hi $${first name}", ""), `must write every variable as ${name}`},
		"no-break space in variable":    {smsTemplateConfig("A", "Hi $${first\u00a0name}", ""), `must write every variable as ${name}: each "${" needs a name without white space`},
		"ideographic space in variable": {smsTemplateConfig("A", "您好 $${姓\u3000名}", ""), `must write every variable as ${name}`},
		"spaced variable after a $":     {smsTemplateConfig("A", "Your bill: $$${ amount }.", ""), `template_contents must write every variable as ${name}: each "${" needs a name without white space and a closing "}", got "Your bill: $${ amount }."`},
		"unclosed variable after a $":   {smsTemplateConfig("A", "Your bill: $$${amount.", ""), `must write every variable as ${name}`},
		"negative dept":                 {smsTemplateConfig("A", "x", "dept_id = -1"), `dept_id value must be at least 0`},
		"draft with wait":               {smsTemplateConfig("A", "x", "submit_for_review = false\nwait_for_approval = true"), `wait_for_approval = true requires submit_for_review = true`},
		"sign_id zero": {`resource "contactcenter_sms_template" "test" {
  template_name = "A"
  template_contents = "x"
  sign_id = 0
}`, `sign_id value must be at least 1`},
		"missing sign_id": {`resource "contactcenter_sms_template" "test" {
  template_name = "A"
  template_contents = "x"
}`, `The argument "sign_id" is required`},
	}
	env.ExpectPlanErrors(t, cases)
}

// Switching wait_for_approval on while the review is pending changes nothing
// at the API, shows state as unknown in the plan, and waits. In process:
// the checks are of the provider's plan, wait and writes.
func TestSMSTemplate_waitSwitchedOn(t *testing.T) {
	t.Parallel()
	// The reviewer approves while the apply waits: after the step's plan
	// (which must still see the template pending: PreApply sets applying)
	// and after the apply has read the template pending twice, so its
	// wait really polled (the state it saves is 1 only if it read again
	// after those). Every template read after the plan walk is the apply
	// walk's. Counting from the plan, not from the template's creation,
	// keeps a slow first step from racing it; counting reads, not seconds
	// (it slept 8 s), keeps the test from waiting on the clock.
	var (
		id       string
		applying atomic.Bool
		reads    atomic.Int32
		env      *acctest.Env
	)
	env = acctest.NewWithHandler(t, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			next.ServeHTTP(w, r) // answered (pending) before the approval
			if applying.Load() && strings.Contains(r.URL.Path, "/sms/template/") && reads.Add(1) == 2 {
				if err := env.Sim.Review("sms_template", id, 1, ""); err != nil {
					t.Errorf("approving template %s: %v", id, err)
				}
			}
		})
	})
	sg, err := env.Client(t).SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	r := env.Resources(t, "contactcenter_sms_template")
	config := func(extra string) []any {
		return []any{r.Config(fmt.Sprintf("template_name = \"Notice\"\ntemplate_contents = \"Hello\"\nsign_id = %q\n%s\n", fmt.Sprint(sg.ID), extra))}
	}
	tpl := r.Apply(nil, config(""))
	if err := r.ExpectKnownValue(tpl[0], tfjsonpath.New("state"), knownvalue.Int64Exact(0)); err != nil {
		t.Error(err)
	}
	r.CheckPlanEmpty(tpl, config(""))
	id = r.Decode(tpl[0])["id"].(string)

	wait := config("wait_for_approval = true")
	r.PreApply = func() { applying.Store(true) }
	tpl = r.Apply(tpl, wait)
	r.PreApply = nil
	if tpl[0].Action != "update" {
		t.Errorf("switching the wait on planned %s, want update", tpl[0].Action)
	}
	if err := r.ExpectPlannedUnknown(tpl[0], tfjsonpath.New("state")); err != nil {
		t.Error(err)
	}
	if err := r.ExpectPlannedValue(tpl[0], tfjsonpath.New("tpl_param"), knownvalue.ListSizeExact(0)); err != nil {
		t.Error(err)
	}
	if err := r.ExpectKnownValue(tpl[0], tfjsonpath.New("state"), knownvalue.Int64Exact(1)); err != nil {
		t.Error(err)
	}
	r.CheckPlanEmpty(tpl, wait)
	if n := env.Sim.Stats()["POST /open/sms/template/update"]; n != 0 {
		t.Errorf("switching the wait on must not update the template, template/update called %d times", n)
	}
	r.Destroy(tpl)
}

// TestAccSMSTemplate_updateWaitTimesOut: the error of an update whose wait
// for the review ran out named the create timeout ("timeouts = { create =
// ... }"); it names the update timeout, and says the next apply waits
// again without sending anything.
func TestAccSMSTemplate_updateWaitTimesOut(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cfg := func(text string) string {
		return env.Config(fmt.Sprintf(`
resource "contactcenter_sms_signature" "s" {
  sign_text = "Acme Waits"
}

resource "contactcenter_sms_template" "t" {
  template_name     = "Waits"
  template_contents = %q
  sign_id           = contactcenter_sms_signature.s.id
  wait_for_approval = true
  timeouts = {
    create = "10s"
    update = "1s"
  }
}
`, text))
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: cfg("Hello $${x}"),
				PreConfig: func() {
					// The reviewer approves the first text once the apply
					// has made it, however long the apply takes to get there
					// (it gave up after 4 s, which a loaded machine's
					// terraform can pass before the create); it stops with
					// the test.
					c, ctx := env.Client(t), t.Context()
					go func() {
						for ctx.Err() == nil {
							time.Sleep(100 * time.Millisecond)
							list, err := client.Collect(c.SMS.ListTemplates(ctx, client.SMSTemplateFilter{}))
							if err == nil && len(list) == 1 {
								_ = env.Sim.Review("sms_template", strconv.FormatInt(int64(list[0].ID), 10), 1, "")
								return
							}
						}
					}()
				},
			},
			{
				Config:      cfg("Hello again $${x}"),
				ExpectError: regexp.MustCompile(`(?s)Review Not Finished.*timeouts = \{ update = "1h" \}.*The next apply waits for the review again; it sends nothing`),
			},
		},
	})
}

// TestSMSTemplate_importByTplID: a template has two numbers, id and tpl_id
// (the one send records carry). Importing by the tpl_id failed with
// Terraform's "Cannot import non-existent remote object"; the read after
// the import now names the id to use, as the signature's does.
func TestSMSTemplate_importByTplID(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	tpl, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: "Reminder", TemplateContents: "Hi ${name}", SignID: int64(sg.ID)})
	if err != nil {
		t.Fatal(err)
	}
	if tpl.TplID.Int64() == tpl.ID.Int64() || tpl.TplID.Int64() == 0 {
		t.Fatalf("the simulator gave id %d and tpl_id %d: the test needs them apart", tpl.ID.Int64(), tpl.TplID.Int64())
	}
	tplID := strconv.FormatInt(tpl.TplID.Int64(), 10)
	diags := env.ImportDiagnostics(t, "contactcenter_sms_template", tplID)
	want := fmt.Sprintf(`no SMS template has the id %s; the template "Reminder" has the tpl_id %s and the id %d: import it as %d`,
		tplID, tplID, tpl.ID.Int64(), tpl.ID.Int64())
	if len(diags) != 1 || !strings.Contains(diags[0].Detail, want) {
		t.Errorf("diagnostics %v, want one containing %q", diagTexts(diags), want)
	}
	if diags := env.ImportDiagnostics(t, "contactcenter_sms_template", strconv.FormatInt(tpl.ID.Int64(), 10)); len(diags) != 0 {
		t.Errorf("import by the id: %v", diagTexts(diags))
	}
	if diags := env.ImportDiagnostics(t, "contactcenter_sms_template", "99999"); len(diags) != 1 || diags[0].Summary != "Cannot import non-existent remote object" {
		t.Errorf("import of an id nobody has: %v", diagTexts(diags))
	}
}

// TestSMSTemplate_nameTaken: a template_name another template holds is
// refused by the platform; the error names that template and how to manage
// it (it said only that names are unique), on create (with the likely
// causes, as the plan's warning) and on a rename. In
// process: the checks are of the provider's error (the signature, which
// the CLI test made with a resource, is made with the client).
func TestSMSTemplate_nameTaken(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Other"})
	if err != nil {
		t.Fatal(err)
	}
	other, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: "Taken", TemplateContents: "Hi ${name}", SignID: int64(sg.ID), Action: client.TemplateActionSubmit})
	if err != nil {
		t.Fatal(err)
	}
	acme, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	wantCreate := wrapped(fmt.Sprintf(`What to do: SMS template %d already has template_name = "Taken", which is unique on the platform. `+
		`The provider cannot tell why (the plan's "SMS Template Already Exists" warning, if it showed one, says more). The likely causes: `+
		`- Made outside any state (the portal, a state lost or restored from an older backup, an earlier apply whose answer was lost): `+
		`import it (terraform import <address> %d, or an import block with id = "template_name:Taken"), or give this resource another template_name.`, other.ID, other.ID))
	// A rename: not "to manage that template here instead, import it:
	// terraform import <address> N", at the address of a resource that
	// manages its own template (Terraform refuses an import there).
	want := wrapped(fmt.Sprintf(`What to do: SMS template %d already has template_name = "Taken", which is unique on the platform, so this SMS template keeps "Free". `+
		`The provider cannot tell where that SMS template is managed`, other.ID))
	wantOutside := wrapped(fmt.Sprintf(`Not at this resource's address, which manages its own SMS template: to manage that SMS template in this configuration too, `+
		`add a resource block for it and import it (terraform import <address> %d) into that block, or with an import block by its template_name (id = "template_name:Taken").`, other.ID))
	r := env.Resources(t, "contactcenter_sms_template")
	config := func(name string) []any {
		return []any{r.Config(fmt.Sprintf("template_name = %q\ntemplate_contents = \"Hello $${name}\"\nsign_id = %q\n", name, fmt.Sprint(acme.ID)))}
	}
	tpl, err := r.TryApply(nil, config("Taken"))
	if err == nil || !wantCreate.MatchString(err.Error()) {
		t.Errorf("create: %v, want an error matching %s", err, wantCreate)
	}
	if len(tpl) == 1 && tpl[0].State != nil {
		t.Errorf("a refused create left %v in the state", r.Decode(tpl[0]))
	}
	tpl = r.Apply(nil, config("Free"))
	r.CheckPlanEmpty(tpl, config("Free"))
	kept, err := r.TryApply(tpl, config("Taken"))
	if err == nil || !want.MatchString(err.Error()) || !wantOutside.MatchString(err.Error()) || strings.Contains(err.Error(), "to manage that template here instead") {
		t.Errorf("rename: %v, want an error matching %s and %s", err, want, wantOutside)
	}
	r.Destroy(kept)
}

// TestAccSMSTemplate_approvedEditUnknownWarnsIf: template_contents known
// only at apply (another resource's value, here one replaced with the
// same text) plans as a change, and the plan warned that the change
// "submits it for review again", while the apply, which plans the template
// again with the value known, found it the same and sent nothing: the
// template stayed approved. The warning now says it as a condition.
func TestAccSMSTemplate_approvedEditUnknownWarnsIf(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	cfg := func(rev int) string {
		return fmt.Sprintf(`
resource "terraform_data" "text" {
  input = { text = "Your code is $${code}", rev = %d }
}
`, rev) + strings.Replace(smsTemplateConfig("Code", "", ""), `template_contents = ""`, "template_contents = terraform_data.text.output.text", 1)
	}
	w.WriteBody(cfg(1))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if err := env.Sim.Review("sms_template", "3001", 1, ""); err != nil {
		t.Fatal(err)
	}
	w.WriteBody(cfg(2))
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	want := "SMS template 3001 (Code) is approved; template_contents is known only at apply: if it comes out other than the template's, the apply " +
		"submits it for review again (state 0), and until the review approves it again, sends that use it are refused. If it comes out the same, nothing is sent and it stays approved."
	if !strings.Contains(out, "Warning: Approved SMS Template Goes Back to Review") || !strings.Contains(out, want) {
		t.Errorf("plan of an approved template's contents known only at apply lacks %q:\n%s", want, out)
	}
	edits := env.Sim.Stats()["POST /open/sms/template/update"]
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if n := env.Sim.Stats()["POST /open/sms/template/update"] - edits; n != 0 {
		t.Errorf("the apply of the same text sent %d template/update calls", n)
	}
	if out := w.Must(0, "state", "show", "-no-color", "contactcenter_sms_template.test"); !strings.Contains(out, `state_name        = "approved"`) {
		t.Errorf("the template left approval:\n%s", out)
	}
}

// TestAccSMSTemplate_approvedEditWarns: a change of an approved template
// sends it back to review, and sends that use it are refused until the
// review approves it again; the plan showed only state as known after
// apply. It warns now, naming the template; a pending one's edit does not.
func TestAccSMSTemplate_approvedEditWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(smsTemplateConfig("Code", "Your code is $${code}", ""))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	const summary = "Warning: Approved SMS Template Goes Back to Review"
	w.WriteBody(smsTemplateConfig("Code", "Your code is $${code}.", ""))
	if out := w.Must(0, "plan", "-no-color"); strings.Contains(out, summary) {
		t.Errorf("the edit of a template still in review warns:\n%s", out)
	}
	if err := env.Sim.Review("sms_template", "3001", 1, ""); err != nil {
		t.Fatal(err)
	}
	for cfg, want := range map[string]string{
		"":                          "this change submits it for review again (state 0), and until the review approves it again, sends that use it are refused",
		"submit_for_review = false": "this change saves it as a draft (state -1), and until the review approves it again",
	} {
		w.WriteBody(smsTemplateConfig("Code", "Your code is $${code}.", cfg))
		out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
		if !strings.Contains(out, summary) || !strings.Contains(out, "SMS template 3001 (Code) is approved; "+want) {
			t.Errorf("plan of an approved template's edit (%s) lacks the warning %q:\n%s", cfg, want, out)
		}
	}
}
