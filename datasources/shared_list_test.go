package datasources_test

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// sharedListKinds are data sources that read a whole list (filtered by
// the provider, or not at all), with the list's call and a block whose
// instances (each.key, 0 to n-1) read that same list.
var sharedListKinds = []struct {
	name, call, block string
}{
	{"sms_signatures", "POST /sms/sign/list", `data "contactcenter_sms_signatures" "x" {
  count = %d
  state = 1
}`},
	{"sms_templates", "POST /sms/template/list", `data "contactcenter_sms_templates" "x" {
  count = %d
}`},
	// sound_type is kept by the provider from the list of the keyword.
	{"sounds", "POST /v2/svcapi/sound/list", `data "contactcenter_sounds" "x" {
  for_each   = toset([for i in range(%d) : tostring(i)])
  sound_type = each.key %% 6 + 1
}`},
	{"webhooks", "GET /api/v3/webhook/lists", `data "contactcenter_webhooks" "x" {
  count = %d
  name  = "CRM"
}`},
	// paused is kept by the provider from the list of every status.
	{"outbound_tasks", "GET /api/v3/projects/lists", `data "contactcenter_outbound_tasks" "x" {
  for_each = toset([for i in range(%d) : tostring(i)])
  type     = 3
  status   = each.key %% 2 == 0 ? "paused" : null
}`},
	{"outbound_tasks_all", "GET /api/v3/projects/all", `data "contactcenter_outbound_tasks" "x" {
  count = %d
  type  = 1
  all   = true
}`},
	{"gateway_sms_signatures", "POST /sign/v1/get_sign", `data "contactcenter_gateway_sms_signatures" "x" {
  count = %d
}`},
	{"gateway_sms_templates", "POST /tpl/v1/get_template", `data "contactcenter_gateway_sms_templates" "x" {
  count = %d
}`},
	{"number_selection", "POST /v3/svcapi/other/getPhoneSelect", `data "contactcenter_number_selection" "x" {
  count = %d
}`},
	{"virtual_number_bindings", "GET /v2/svcapi/virtual/bindings/lists", `data "contactcenter_virtual_number_bindings" "x" {
  count = %d
}`},
	{"ivrs", "POST /v3/svcapi/other/ivrs", `data "contactcenter_ivrs" "x" {
  for_each = toset([for i in range(%d) : "IVR ${i}"])
  ivr_name = each.key
}`},
	{"trunk_numbers", "GET /v2/svcapi/trunks/all", `data "contactcenter_trunk_numbers" "x" {
  for_each = toset([for i in range(%d) : tostring(i)])
  type     = each.key %% 3 + 1
}`},
	{"busy_reasons", "GET /v2/svcapi/busyreason/list", `data "contactcenter_busy_reasons" "x" {
  for_each = toset([for i in range(%d) : tostring(i)])
  ag_stat  = each.key %% 2 == 0 ? "1" : "2"
}`},
	{"agents", "POST /users/list", `data "contactcenter_agents" "x" {
  count = %d
}`},
	{"skill_groups", "POST /v2/svcapi/queue/list", `data "contactcenter_skill_groups" "x" {
  count = %d
}`},
}

// TestSharedListReadsPerPlan: N data sources over the same list in one
// plan share its reads (they read it N times: one call each): once in a
// plan that refreshes, about once per 10 in one that does not, where a
// data source may not be served by a call begun before it (FreshReads).
// CC_MEASURE=1 prints the calls of every kind and N instead of checking.
func TestSharedListReadsPerPlan(t *testing.T) {
	t.Parallel()
	for _, k := range sharedListKinds {
		t.Run(k.name, func(t *testing.T) {
			t.Parallel()
			for _, refresh := range []bool{false, true} {
				for _, n := range []int{1, 10, 50} {
					calls := sharedListPlan(t, k.name, k.block, k.call, n, refresh)
					if os.Getenv("CC_MEASURE") != "" {
						t.Logf("MEASURE %s refresh=%v n=%d %s: %d", k.name, refresh, n, strings.Fields(k.call)[1], calls)
						continue
					}
					// A plan that refreshes: the walk's read serves them
					// all. One that does not (a first plan; an apply's
					// walk looks the same to the provider): reads that
					// arrive together share a call, and Terraform's
					// parallelism of 10 keeps about 10 at once.
					want := 1
					if !refresh {
						want = max(1, n/2)
					}
					if calls > want {
						t.Errorf("%d data sources over one list (plan refreshes: %v): %d %s calls in one plan, want at most %d", n, refresh, calls, k.call, want)
					}
				}
			}
		})
	}
}

// sharedListPlan plans n instances of block (with a resource to refresh
// when refresh is set) and returns the calls to call it made.
func sharedListPlan(t *testing.T, kind, block, call string, n int, refresh bool) int {
	t.Helper()
	env := acctest.New(t)
	w := env.Workdir(t)
	body := fmt.Sprintf(block, n)
	if refresh {
		// A resource whose list is not the kind's (a webhook's refresh
		// reads webhook/lists).
		res, addr := sharedListWebhook, "contactcenter_webhook.w"
		if kind == "webhooks" {
			res, addr = sharedListGroup, "contactcenter_skill_group.g"
		}
		w.WriteBody(res)
		w.Must(0, "apply", "-auto-approve", "-no-color")
		// After the resource's refresh (a data source without it may be
		// read before any refresh has begun: Terraform starts the nodes
		// ready at once in no set order).
		body = res + strings.Replace(body, "\n", "\n  depends_on = ["+addr+"]\n", 1)
	}
	w.WriteBody(body)
	before := callsTo(env, call)
	w.Must(0, "plan", "-no-color")
	return callsTo(env, call) - before
}

// sharedListWebhook is a resource whose refresh makes a plan one that
// refreshes (its list is none of sharedListKinds').
const sharedListWebhook = `
resource "contactcenter_webhook" "w" {
  name       = "Shared list plan"
  url        = "https://crm.example.com/hooks/shared"
  status     = true
  event_type = 1
}
`

// sharedListGroup is sharedListWebhook for the webhooks' kind.
const sharedListGroup = `
resource "contactcenter_skill_group" "g" {
  que_name     = "Shared list plan"
  que_priority = 10
  que_num      = "8102"
  que_strategy = 1
  que_time     = 120
  ring_time    = 20
  wait_audio   = "0"
  force_delete = true
}
`

// callsTo counts the simulator's answers to call ("METHOD /path", whatever
// the surface's prefix before the path).
func callsTo(env *acctest.Env, call string) int {
	method, p, _ := strings.Cut(call, " ")
	n := 0
	for k, v := range env.Sim.Stats() {
		if strings.HasPrefix(k, method+" ") && strings.HasSuffix(k, p) {
			n += v
		}
	}
	return n
}

// outputJSON is the value of output name, as JSON.
func outputJSON(t *testing.T, w *acctest.Workdir, name string) string {
	t.Helper()
	return strings.TrimSpace(w.Must(0, "output", "-json", name))
}

// TestSharedListDriftBetweenPlans: an IVR added in the portal between two
// plans is seen by every data source of the second, in a plan that
// refreshes (whose reads the data sources share) as in one that does not.
func TestSharedListDriftBetweenPlans(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(sharedListWebhook + `
data "contactcenter_ivrs" "x" {
  count      = 10
  depends_on = [contactcenter_webhook.w]
}
data "contactcenter_ivrs" "free" {
  count = 10
}
output "n" {
  value = distinct(concat([for d in data.contactcenter_ivrs.x : length(d.ivrs)], [for d in data.contactcenter_ivrs.free : length(d.ivrs)]))
}
`)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if got := outputJSON(t, w, "n"); got != "[3]" {
		t.Fatalf("first apply: IVRs seen %s, want [3]", got)
	}
	if err := env.Sim.Seed(map[string]json.RawMessage{"ivrs": json.RawMessage(`[{"ivrId":9,"ivrName":"Added","ivrCode":"ivr_added"}]`)}); err != nil {
		t.Fatal(err)
	}
	out := w.Must(0, "apply", "-auto-approve", "-no-color")
	if got := outputJSON(t, w, "n"); got != "[4]" {
		t.Errorf("after an IVR was added between two plans: IVRs seen %s, want [4] by every data source\n%s", got, out)
	}
}

// TestSharedListSeesWriteOfApply: a data source read in an apply after a
// write it depends on sees what the write made, where data sources over
// the same list read it in the plan before.
func TestSharedListSeesWriteOfApply(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(sharedListWebhook + `
data "contactcenter_skill_groups" "before" {
  count = 10
}
resource "contactcenter_skill_group" "new" {
  que_name     = "Shared list new"
  que_priority = 10
  que_num      = "8101"
  que_strategy = 1
  que_time     = 120
  ring_time    = 20
  wait_audio   = "0"
  force_delete = true
}
data "contactcenter_skill_groups" "after" {
  count      = 10
  depends_on = [contactcenter_skill_group.new]
}
output "before" {
  value = distinct([for d in data.contactcenter_skill_groups.before : contains(d.skill_groups[*].que_name, "Shared list new")])
}
output "after" {
  value = distinct([for d in data.contactcenter_skill_groups.after : contains(d.skill_groups[*].que_name, "Shared list new")])
}
`)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if got := outputJSON(t, w, "before"); got != "[false]" {
		t.Errorf("data sources read in the plan, before the create: found the group %s, want [false]", got)
	}
	if got := outputJSON(t, w, "after"); got != "[true]" {
		t.Errorf("data sources read in the apply after the create: found the group %s, want [true] for every one", got)
	}
}
