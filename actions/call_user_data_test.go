package actions_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// todaysCall returns the id of a seeded trunk call of today.
func todaysCall(t *testing.T, env *acctest.Env) string {
	t.Helper()
	day := time.Now().Format("2006-01-02")
	recs, err := client.Collect(env.Client(t).Reference.TrunkCDRs(t.Context(), client.CDRFilter{TimeStartBegin: day + " 00:00:00", TimeStartEnd: day + " 23:59:59"}))
	if err != nil || len(recs) == 0 {
		t.Fatalf("seeded calls: %v %v", recs, err)
	}
	return string(recs[0].CallID)
}

func userDataOf(t *testing.T, env *acctest.Env, callID string) map[string]any {
	t.Helper()
	recs, err := client.Collect(env.Client(t).Reference.TrunkCDRs(t.Context(), client.CDRFilter{CallID: callID}))
	if err != nil || len(recs) != 1 {
		t.Fatalf("call %s: %v %v", callID, recs, err)
	}
	m := map[string]any{}
	if err := json.Unmarshal([]byte(recs[0].UserData), &m); err != nil {
		t.Fatalf("user_data %q: %v", recs[0].UserData, err)
	}
	return m
}

func TestCallUserDataAction_success(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	callID := todaysCall(t, env)
	res := env.RunAction(t, "contactcenter_call_user_data", map[string]any{
		"call_id": callID, "business_status": "1", "user_data": map[string]string{"order_id": "SO-1001", "campaign": "spring"},
	})
	if res.HasError() || !res.Completed {
		t.Fatalf("phase %s: %s", res.Phase, res.Text())
	}
	got := userDataOf(t, env, callID)
	want := map[string]any{"order_id": "SO-1001", "campaign": "spring", "business_status": "1"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("user_data = %v, want %v", got, want)
	}
	if len(res.Progress) != 1 || !strings.Contains(res.Progress[0], callID) {
		t.Errorf("progress: %q", res.Progress)
	}
	// business_status alone updates it, keeping the rest.
	res = env.RunAction(t, "contactcenter_call_user_data", map[string]any{"call_id": callID, "business_status": "0"})
	if res.HasError() {
		t.Fatal(res.Text())
	}
	if got := userDataOf(t, env, callID); got["business_status"] != "0" || got["order_id"] != "SO-1001" {
		t.Errorf("after the second call: %v", got)
	}
}

func TestCallUserDataAction_apiError(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	body := `{"force":[{"method":"POST","path":"/portal/v2/svcapi/call/updateUserData","code":402,"count":1}]}`
	req, err := http.NewRequestWithContext(t.Context(), "POST", env.Origin+"/_sim/faults", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	res := env.RunAction(t, "contactcenter_call_user_data", map[string]any{"call_id": "c1", "business_status": "1"})
	if !res.HasError() || res.Phase != "invoke" || !strings.Contains(res.Text(), "Unable to Update Call User Data") || !strings.Contains(res.Text(), "code 402") {
		t.Fatalf("want the API error at invoke, got phase %s: %s", res.Phase, res.Text())
	}
}

func TestCallUserDataAction_validation(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cases := map[string]struct {
		cfg  map[string]any
		want string
	}{
		"nothing to store":   {map[string]any{"call_id": "c1"}, "Set business_status, user_data, or both"},
		"status 2":           {map[string]any{"call_id": "c1", "business_status": "2"}, "business_status value must be one of"},
		"conflicting status": {map[string]any{"call_id": "c1", "business_status": "0", "user_data": map[string]string{"business_status": "1"}}, "Conflicting Business Status"},
		"inner status 3":     {map[string]any{"call_id": "c1", "user_data": map[string]string{"business_status": "3"}}, "must be \"0\" or \"1\""},
		"empty call_id":      {map[string]any{"call_id": "", "business_status": "1"}, "at least 1"},
		"missing call_id":    {map[string]any{"business_status": "1"}, "call_id"},
		"empty user_data":    {map[string]any{"call_id": "c1", "user_data": map[string]string{}}, "at least 1"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			res := env.RunAction(t, "contactcenter_call_user_data", tc.cfg)
			if !res.HasError() || res.Phase != "validate" || !strings.Contains(res.Text(), tc.want) {
				t.Errorf("want a validate error mentioning %q, got phase %s: %s", tc.want, res.Phase, res.Text())
			}
		})
	}
	if n := env.Requests(); n != 0 {
		t.Errorf("validation reached the API: %v", env.Sim.Stats())
	}
}

// TestAccCallUserDataAction_cli drives the action through Terraform 1.14+.
func TestAccCallUserDataAction_cli(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	callID := todaysCall(t, env)
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(fmt.Sprintf(`
action "contactcenter_call_user_data" "won" {
  config {
    call_id         = %q
    business_status = "1"
    user_data       = { order_id = "SO-7" }
  }
}

resource "terraform_data" "trigger" {
  input = "mark"
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.contactcenter_call_user_data.won]
    }
  }
}
`, callID)),
			Check: func(*terraform.State) error {
				if got := userDataOf(t, env, callID); got["order_id"] != "SO-7" || got["business_status"] != "1" {
					return fmt.Errorf("user_data after the action: %v", got)
				}
				return nil
			},
		}},
	})
}

// TestCallUserDataAction_lostAnswer: the data was stored but the answer
// was lost (the connection dropped: "POST …: EOF", or a 504); the error
// was the bare transport error. It now says the data may be stored, that
// running again is safe, and how.
func TestCallUserDataAction_lostAnswer(t *testing.T) {
	t.Parallel()
	var drop atomic.Bool
	env := acctest.NewWithHandler(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/portal/v2/svcapi/call/updateUserData" && drop.Load() {
				h.ServeHTTP(httptest.NewRecorder(), r) // processed, then the connection drops
				panic(http.ErrAbortHandler)
			}
			h.ServeHTTP(w, r)
		})
	})
	callID := todaysCall(t, env)
	srv := env.ActionServerWith(t, map[string]any{"max_retries": 0})
	config := map[string]any{"call_id": callID, "user_data": map[string]string{"order_id": "SO-7"}}
	check := func(name string, res acctest.ActionResult, wants ...string) {
		t.Helper()
		errs := errorDiags(res)
		if len(errs) != 1 || errs[0].Summary != "Unable to Update Call User Data" {
			t.Fatalf("%s: diagnostics:\n%s", name, res.Text())
		}
		wants = append(wants, "the data may have been stored already", "running the action again is safe",
			"terraform apply -invoke=action.contactcenter_call_user_data.<name>")
		for _, want := range wants {
			if !strings.Contains(errs[0].Detail, want) {
				t.Errorf("%s: detail lacks %q:\n%s", name, want, errs[0].Detail)
			}
		}
	}
	drop.Store(true)
	check("dropped", acctest.RunAction(t, srv, "contactcenter_call_user_data", config), "EOF")
	drop.Store(false)
	postAdmin(t, env, "/_sim/faults", `{"force":[{"method":"POST","path":"/portal/v2/svcapi/call/updateUserData","lost":true,"count":1}]}`)
	check("504", acctest.RunAction(t, srv, "contactcenter_call_user_data", config), "answered HTTP 504")
	if got := userDataOf(t, env, callID)["order_id"]; got != "SO-7" {
		t.Errorf("the simulator stored the data before losing the answer: order_id = %v", got)
	}
}

// TestCallUserDataAction_rateLimitedShowsProgress: an action refused with
// HTTP 429 waited its Retry-After (up to minutes) and showed nothing, as if
// it hung. The wait shows as a progress line naming the call, the cause
// and the wait, and the call then goes through.
//
// In a synctest bubble, on the simulator in process: the second call comes
// at once on the bubble's clock, before the bucket refills (2 s at 0.5 a
// second), however slow the machine.
func TestCallUserDataAction_rateLimitedShowsProgress(t *testing.T) {
	t.Parallel()
	synctest.Test(t, rateLimitedShowsProgress)
}

func rateLimitedShowsProgress(t *testing.T) {
	env := acctest.NewInMemory(t, nil)
	rec := httptest.NewRecorder()
	env.Sim.ServeHTTP(rec, httptest.NewRequestWithContext(t.Context(), http.MethodPost, "/_sim/faults", strings.NewReader(`{"rate_limit_per_second": 0.5}`)))
	if rec.Code != http.StatusOK {
		t.Fatalf("/_sim/faults: HTTP %d %s", rec.Code, rec.Body)
	}
	first := env.RunAction(t, "contactcenter_call_user_data", map[string]any{"call_id": "c1", "business_status": "1"})
	if first.HasError() {
		t.Fatal(first.Text())
	}
	// The bucket (one call) is empty: the next call is refused once.
	res := env.RunAction(t, "contactcenter_call_user_data", map[string]any{"call_id": "c1", "business_status": "0"})
	if res.HasError() {
		t.Fatal(res.Text())
	}
	const want = "POST /v2/svcapi/call/updateUserData: the service is limiting requests (HTTP 429); trying again in "
	var seen bool
	for _, p := range res.Progress {
		seen = seen || strings.HasPrefix(p, want) && strings.HasSuffix(p, "(attempt 2)")
	}
	if !seen {
		t.Errorf("progress %q: no line %q…(attempt 2)", res.Progress, want)
	}
}
