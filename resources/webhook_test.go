package resources_test

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

func webhookConfig(name, url, extra string) string {
	return fmt.Sprintf(`
resource "contactcenter_webhook" "test" {
  name = %q
  url  = %q
%s
}
`, name, url, extra)
}

// TestWebhook_basic: a create, an update of every setting and a disable,
// in process: the checks are of the provider's plan, state and writes.
// TestAccWebhook_import imports the result with the CLI.
func TestWebhook_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	r := env.Resources(t, "contactcenter_webhook")
	config := func(name, url, extra string) []any {
		return []any{r.Config(fmt.Sprintf("name = %q\nurl = %q\n%s\n", name, url, extra))}
	}
	expect := func(what string, in acctest.Instance, want map[string]knownvalue.Check) {
		t.Helper()
		for k, v := range want {
			if err := r.ExpectKnownValue(in, tfjsonpath.New(k), v); err != nil {
				t.Errorf("%s: %v", what, err)
			}
		}
	}
	created := config("CRM", "https://crm.example.com/calls", "")
	hook := r.Apply(nil, created)
	expect("create", hook[0], map[string]knownvalue.Check{
		"name":       knownvalue.StringExact("CRM"),
		"status":     knownvalue.Bool(false),
		"is_encrypt": knownvalue.Bool(false),
		"event_type": knownvalue.Int64Exact(0),
		"dept_id":    knownvalue.Int64Exact(0),
		"vcc_id":     knownvalue.Int64Exact(10001),
		"created_at": knownvalue.StringRegexp(regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`)),
		"id":         knownvalue.StringRegexp(regexp.MustCompile(`^[0-9]+$`)),
	})
	r.CheckPlanEmpty(hook, created)

	updated := config("CRM hang-up", "https://crm.example.com/hangup", webhookUpdated)
	hook = r.Apply(hook, updated)
	if hook[0].Action != "update" {
		t.Errorf("update: planned %s, want update", hook[0].Action)
	}
	expect("update", hook[0], map[string]knownvalue.Check{
		"name":       knownvalue.StringExact("CRM hang-up"),
		"url":        knownvalue.StringExact("https://crm.example.com/hangup"),
		"status":     knownvalue.Bool(true),
		"is_encrypt": knownvalue.Bool(true),
		"event_type": knownvalue.Int64Exact(1),
		"dept_id":    knownvalue.Int64Exact(3),
	})
	id, _ := strconv.ParseInt(r.Decode(hook[0])["id"].(string), 10, 64)
	w, err := env.Client(t).Webhooks.Get(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if !bool(w.Status) || w.EventType != 1 || string(w.URL) != "https://crm.example.com/hangup" {
		t.Errorf("the API holds %+v, want the updated webhook", *w)
	}
	r.CheckPlanEmpty(hook, updated)

	// Disabling keeps dept_id: dept_name is planned as it is.
	disabled := config("CRM hang-up", "https://crm.example.com/hangup", webhookDisabled)
	hook = r.Apply(hook, disabled)
	if hook[0].Action != "update" {
		t.Errorf("disable: planned %s, want update", hook[0].Action)
	}
	if err := r.ExpectPlannedValue(hook[0], tfjsonpath.New("dept_name"), knownvalue.StringExact("Department 3")); err != nil {
		t.Errorf("disable: %v", err)
	}
	expect("disable", hook[0], map[string]knownvalue.Check{"status": knownvalue.Bool(false)})
	r.CheckPlanEmpty(hook, disabled)
	r.Destroy(hook)
}

const (
	webhookUpdated = `
  status     = true
  is_encrypt = true
  event_type = 1
  dept_id    = 3
`
	webhookDisabled = `
  status     = false
  is_encrypt = true
  event_type = 1
  dept_id    = 3
`
)

// TestAccWebhook_import: the disabled webhook of TestWebhook_basic imports
// with every attribute as applied (ImportStateVerify: Terraform's import).
func TestAccWebhook_import(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: env.Config(webhookConfig("CRM hang-up", "https://crm.example.com/hangup", webhookDisabled))},
			{ResourceName: "contactcenter_webhook.test", ImportState: true, ImportStateVerify: true},
		},
	})
}

func TestAccWebhook_manyPages(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	// More webhooks than one page of the list: the finder must page.
	for i := range 120 {
		if _, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: fmt.Sprintf("filler-%d", i), URL: "https://example.com/x"}); err != nil {
			t.Fatal(err)
		}
	}
	addr := "contactcenter_webhook.test"
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(webhookConfig("last", "https://example.com/last", "event_type = 2")),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("event_type"), knownvalue.Int64Exact(2)),
				},
			},
			{ResourceName: addr, ImportState: true, ImportStateVerify: true},
		},
	})
}

func TestAccWebhook_disappears(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(webhookConfig("Gone", "https://example.com/gone", "")),
			Check: func(s *terraform.State) error {
				id, _ := strconv.ParseInt(s.RootModule().Resources["contactcenter_webhook.test"].Primary.ID, 10, 64)
				return c.Webhooks.Delete(t.Context(), id)
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

// Addresses the service takes (an upper-case scheme, a space in the path)
// plan, apply and read back unchanged: the plan-time pattern refused them,
// so a webhook made in the portal with one could not be adopted (ccsync
// export wrote a module whose plan failed).
func TestWebhook_urlAsServiceReads(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	r := env.Resources(t, "contactcenter_webhook")
	// In process: the checks are of the provider's validation and read-back.
	var hook []acctest.Instance
	for _, c := range []struct{ name, url string }{
		{"Upper", "HTTPS://crm.example.com/Upper"},
		{"Spaced", "https://crm.example.com/a b"},
	} {
		config := []any{r.Config(fmt.Sprintf("name = %q\nurl = %q\n", c.name, c.url))}
		hook = r.Apply(hook, config)
		r.CheckPlanEmpty(hook, config)
		if err := r.ExpectKnownValue(hook[0], tfjsonpath.New("url"), knownvalue.StringExact(c.url)); err != nil {
			t.Error(err)
		}
	}
}

func TestAccWebhook_validation(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cases := map[string]acctest.PlanError{
		"event_type 3": {webhookConfig("A", "https://example.com", "event_type = 3"), `event_type 3 is not one of 0 (none chosen), 1 (the hang-up call record), 2 (before the outbound call).`},
		"url not http": {webhookConfig("A", "ftp://example.com", ""), `must be an http:// or https:// URL`},
		// The service's own reading (net/url): no host, a port of letters,
		// a bad escape, white space it would trim.
		"url query for a host": {webhookConfig("A", "http://?x=1", ""), `got "http://?x=1": it has no host`},
		"url fragment only":    {webhookConfig("A", "http://#frag", ""), `it has no host`},
		"url port of letters":  {webhookConfig("A", "http://crm.example.com:abc/", ""), `invalid port ":abc" after host`},
		"url bad escape":       {webhookConfig("A", "http://%zz/", ""), `invalid URL escape "%zz"`},
		"url padded":           {webhookConfig("A", " https://crm.example.com/hook", ""), `it begins or ends with white space, which the service trims`},
		"empty name":           {webhookConfig("", "https://example.com", ""), `name string length must be at least 1`},
		"padded name":          {webhookConfig(" A", "https://example.com", ""), `name must not begin or end with white space`},
		"negative dept":        {webhookConfig("A", "https://example.com", "dept_id = -1"), `dept_id value must be at least 0`},
		"missing url":          {`resource "contactcenter_webhook" "test" { name = "A" }`, `The argument "url" is required`},
		"status as text":       {webhookConfig("A", "https://example.com", `status = "maybe"`), `a bool is required`},
	}
	env.ExpectPlanErrors(t, cases)
}

// TestWebhook_list lists webhooks made through the API as `terraform query`
// does: filters, limit, identity, and the resource flattened like Read.
func TestWebhook_list(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	for _, in := range []client.WebhookInput{
		{Name: "CRM hang-up", URL: "https://crm.example.com/hangup", Status: true, EventType: 1},
		{Name: "CRM pre-call", URL: "https://crm.example.com/precall", EventType: 2},
		{Name: "BI", URL: "https://bi.example.com/calls", DeptID: 4},
	} {
		if _, err := c.Webhooks.Create(t.Context(), in); err != nil {
			t.Fatal(err)
		}
	}
	all := env.List(t, "contactcenter_webhook", map[string]any{}, true, 100)
	if len(all) != 3 {
		t.Fatalf("want 3 results, got %d: %+v", len(all), all)
	}
	for _, r := range all {
		if len(r.Diagnostics) != 0 {
			t.Fatalf("diagnostics: %v", r.Diagnostics)
		}
		if r.Identity["id"] == nil || r.Identity["id"] != r.Resource["id"] || r.DisplayName != r.Resource["name"] {
			t.Errorf("identity %v, display name %q, resource %v", r.Identity, r.DisplayName, r.Resource)
		}
		if r.Resource["vcc_id"] != int64(10001) || r.Resource["is_encrypt"] != false || r.Resource["created_at"] == nil {
			t.Errorf("resource not flattened like Read: %v", r.Resource)
		}
	}
	if crm := env.List(t, "contactcenter_webhook", map[string]any{"name": "CRM"}, false, 100); len(crm) != 2 || crm[0].Resource != nil {
		t.Fatalf("name filter: want 2 results without resource, got %+v", crm)
	}
	if bi := env.List(t, "contactcenter_webhook", map[string]any{"url": "bi.example"}, true, 100); len(bi) != 1 || bi[0].Resource["dept_id"] != int64(4) {
		t.Fatalf("url filter: want the BI webhook, got %+v", bi)
	}
	if one := env.List(t, "contactcenter_webhook", map[string]any{}, false, 1); len(one) != 1 {
		t.Fatalf("limit 1: got %d results", len(one))
	}
}

// TestWebhook_importByIdentity: an import block with `identity = { id = ... }`
// (Terraform 1.12+) names the webhook; a webhook had no identity before.
func TestWebhook_importByIdentity(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w, err := env.Client(t).Webhooks.Create(t.Context(), client.WebhookInput{Name: "Adopted", URL: "https://example.com/a", EventType: 1})
	if err != nil {
		t.Fatal(err)
	}
	state, diags := env.ImportByIdentity(t, "contactcenter_webhook", map[string]any{"id": strconv.FormatInt(int64(w.ID), 10)})
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	if state["name"] != "Adopted" || state["event_type"] != int64(1) || state["status"] != false {
		t.Fatalf("imported state: %v", state)
	}
	if _, diags := env.ImportByIdentity(t, "contactcenter_webhook", map[string]any{"id": "0"}); len(diags) == 0 ||
		!strings.Contains(diags[0].Detail, `A webhook is imported by its numeric id, got "0".`) {
		t.Fatalf("a bad identity must be refused naming the value, got %v", diags)
	}
}

func TestAccWebhook_importIdentity(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cfg := env.Config(webhookConfig("Identity", "https://example.com/id", "event_type = 1"))
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_12_0)},
		Steps: []resource.TestStep{
			{
				Config:            cfg,
				ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectIdentityValueMatchesState("contactcenter_webhook.test", tfjsonpath.New("id"))},
			},
			{Config: cfg, ResourceName: "contactcenter_webhook.test", ImportState: true, ImportStateKind: resource.ImportBlockWithResourceIdentity},
		},
	})
}

// TestAccWebhook_brokenStateID: a state whose id was edited or damaged
// ("abc") read as a webhook deleted outside Terraform, and the plan made a
// second one beside it (webhook names need not be unique). The read
// refuses it, naming the id, and nothing is planned.
func TestAccWebhook_brokenStateID(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(`
resource "contactcenter_webhook" "crm" {
  name       = "CRM hang-up"
  url        = "https://crm.example.com/hangup"
  event_type = 1
}
`)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	state := w.Must(0, "state", "pull")
	broken := strings.Replace(state, `"id": "301"`, `"id": "abc"`, 1)
	if broken == state {
		t.Fatalf("no id 301 in the state:\n%s", state)
	}
	w.WriteFile("broken.tfstate", broken)
	w.Must(0, "state", "push", "-force", "broken.tfstate")
	out := strings.Join(strings.Fields(w.Must(1, "plan", "-no-color")), " ")
	if !strings.Contains(out, `The state gives this webhook the id "abc", which is no id`) || strings.Contains(out, "will be created") {
		t.Errorf("plan with a broken id:\n%s", out)
	}
	if n := env.Sim.Stats()["POST /autocall/api/v3/webhook/updateOrCreate"]; n != 1 {
		t.Errorf("updateOrCreate called %d times", n)
	}
}
