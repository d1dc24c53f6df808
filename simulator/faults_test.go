package simulator

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// send posts an authorised JSON call and reports the HTTP status, or 0 when
// the connection was dropped without an answer.
func (h *harness) send(path, body string) (int, http.Header, string) {
	h.t.Helper()
	req, err := http.NewRequestWithContext(h.t.Context(), "POST", h.url+path, strings.NewReader(body))
	if err != nil {
		h.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer sim-token")
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(b)
}

func (h *harness) groupCount() string {
	h.t.Helper()
	r := h.api("POST", qp+"/list", `{}`)
	return fmt.Sprint(r.body["total"])
}

// force with lost: the next count calls of method+path are applied and
// their answers lost (HTTP 504); other paths are answered.
func TestForcedLostAnswer(t *testing.T) {
	t.Parallel()
	h := newHarness(t, Options{})
	h.admin("POST", "/_sim/faults", `{"force":[{"method":"POST","path":"/portal/v2/svcapi/queue/add","lost":true,"count":2}]}`)
	var statuses []int
	for i := range 3 {
		status, _, _ := h.send(qp+"/add", fmt.Sprintf(`{"que_name":"L%d","que_priority":1}`, i))
		statuses = append(statuses, status)
	}
	if fmt.Sprint(statuses) != "[504 504 200]" {
		t.Errorf("statuses %v, want two lost answers (504) then an answer", statuses)
	}
	if n := h.groupCount(); n != "3" {
		t.Errorf("%s groups exist, want 3: a lost answer's call is applied", n)
	}
	for _, bad := range []string{`{"force":[{"path":"/x","code":500,"lost":true,"count":1}]}`, `{"force":[{"path":"/x","lost":true}]}`} {
		if r := h.admin("POST", "/_sim/faults", bad); r.status != 400 {
			t.Errorf("faults %s: HTTP %d %s, want 400", bad, r.status, r.raw)
		}
	}
}

// lost_rate: the call is applied, then the answer is lost (dropped
// connection or 504), chosen per request by the seeded generator; drop_rate
// still drops before acting.
func TestLostAnswerFault(t *testing.T) {
	t.Parallel()
	h := newHarness(t, Options{})
	if r := h.admin("POST", "/_sim/faults", `{"lost_rate":1,"seed":7}`); r.status != 200 || !strings.Contains(r.raw, `"lost_rate":1`) {
		t.Fatalf("faults: %d %s", r.status, r.raw)
	}
	var outcomes strings.Builder
	for i := range 12 {
		status, _, body := h.send(qp+"/add", fmt.Sprintf(`{"que_name":"G%d","que_priority":1}`, i))
		switch status {
		case 0:
			outcomes.WriteString("d")
		case http.StatusGatewayTimeout:
			outcomes.WriteString("5")
		default:
			t.Fatalf("call %d: HTTP %d %s, want a dropped connection or 504", i, status, body)
		}
	}
	got := outcomes.String()
	if !strings.Contains(got, "d") || !strings.Contains(got, "5") {
		t.Errorf("outcomes %s: want both dropped connections and 504s", got)
	}
	h.admin("POST", "/_sim/faults", `{}`)
	if n := h.groupCount(); n != "12" {
		t.Errorf("after 12 lost answers %s groups exist, want 12: every call was applied", n)
	}
	if r := h.admin("GET", "/_sim/stats", ""); !strings.Contains(r.raw, `"POST /portal/v2/svcapi/queue/add":12`) {
		t.Errorf("stats %s", r.raw)
	}

	// The same seed gives the same outcomes.
	h.admin("POST", "/_sim/reset", "")
	h.admin("POST", "/_sim/faults", `{"lost_rate":1,"seed":7}`)
	var again strings.Builder
	for i := range 12 {
		if status, _, _ := h.send(qp+"/add", fmt.Sprintf(`{"que_name":"G%d","que_priority":1}`, i)); status == 0 {
			again.WriteString("d")
		} else {
			again.WriteString("5")
		}
	}
	if again.String() != got {
		t.Errorf("seed 7 gave %s, then %s", got, again.String())
	}

	// drop_rate acts before the call: nothing is applied.
	h.admin("POST", "/_sim/reset", "")
	h.admin("POST", "/_sim/faults", `{"drop_rate":1}`)
	if status, _, body := h.send(qp+"/add", `{"que_name":"D","que_priority":1}`); status != 0 {
		t.Fatalf("drop_rate 1: HTTP %d %s", status, body)
	}
	h.admin("POST", "/_sim/faults", `{}`)
	if n := h.groupCount(); n != "0" {
		t.Errorf("a dropped call created %s groups", n)
	}

	// A share: some answers are lost, the others arrive, all are applied.
	h.admin("POST", "/_sim/faults", `{"lost_rate":0.5,"seed":3}`)
	ok, lost := 0, 0
	for i := range 20 {
		if status, _, _ := h.send(qp+"/add", fmt.Sprintf(`{"que_name":"S%d","que_priority":1}`, i)); status == 200 {
			ok++
		} else {
			lost++
		}
	}
	h.admin("POST", "/_sim/faults", `{}`)
	if ok == 0 || lost == 0 || h.groupCount() != "20" {
		t.Errorf("lost_rate 0.5: %d answered, %d lost, %s groups; want some of each and 20 groups", ok, lost, h.groupCount())
	}
}

type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func withRateClock(c *fakeClock) func(*Server) {
	return func(s *Server) {
		s.mu.Lock()
		s.clock = c.Now
		s.mu.Unlock()
	}
}

// rate_limit_per_second: a token bucket over API calls; a refused call
// answers 429 with Retry-After and does nothing.
func TestRateLimit(t *testing.T) {
	t.Parallel()
	clock := &fakeClock{now: time.Unix(1700000000, 0)}
	h := newHarness(t, Options{}, withRateClock(clock))
	if r := h.admin("POST", "/_sim/faults", `{"rate_limit_per_second":2}`); r.status != 200 {
		t.Fatalf("faults: %s", r.raw)
	}
	add := func(name string) (int, http.Header, string) {
		return h.send(qp+"/add", `{"que_name":"`+name+`","que_priority":1}`)
	}
	for _, n := range []string{"A", "B"} {
		if status, _, body := add(n); status != 200 {
			t.Fatalf("within the burst: HTTP %d %s", status, body)
		}
	}
	status, hdr, body := add("C")
	if status != http.StatusTooManyRequests || hdr.Get("Retry-After") != "1" ||
		!strings.Contains(body, `"code":429`) || !strings.Contains(body, "rate limit exceeded") || !strings.Contains(body, "retry after 500 ms") {
		t.Fatalf("over the limit: HTTP %d Retry-After %q %s", status, hdr.Get("Retry-After"), body)
	}
	// Admin calls are never limited, and the refused call did nothing.
	if r := h.admin("GET", "/_sim/stats", ""); r.status != 200 || !strings.Contains(r.raw, `"POST /portal/v2/svcapi/queue/add":3`) {
		t.Errorf("stats while limited: %d %s", r.status, r.raw)
	}
	clock.Add(500 * time.Millisecond) // one token
	if status, _, body := add("D"); status != 200 {
		t.Fatalf("after 500 ms at 2/s: HTTP %d %s", status, body)
	}
	if status, _, _ := add("E"); status != 429 {
		t.Fatalf("the token was spent: HTTP %d", status)
	}
	clock.Add(10 * time.Second) // the bucket holds at most 2
	h.admin("POST", "/_sim/faults", `{"rate_limit_per_second":2}`)
	if n := h.groupCount(); n != "3" {
		t.Errorf("%s groups, want 3 (A, B, D): a refused call must not act", n)
	}

	// Retry-After is whole seconds rounded up; the burst can be set.
	h.admin("POST", "/_sim/faults", `{"rate_limit_per_second":0.25,"rate_limit_burst":3}`)
	for i := range 3 {
		if status, _, _ := h.send(qp+"/list", `{}`); status != 200 {
			t.Fatalf("burst call %d: HTTP %d", i, status)
		}
	}
	if status, hdr, _ := h.send(qp+"/list", `{}`); status != 429 || hdr.Get("Retry-After") != "4" {
		t.Errorf("0.25/s: HTTP %d Retry-After %q, want 429 and 4", status, hdr.Get("Retry-After"))
	}
	clock.Add(3900 * time.Millisecond)
	if status, hdr, _ := h.send(qp+"/list", `{}`); status != 429 || hdr.Get("Retry-After") != "1" {
		t.Errorf("100 ms short: HTTP %d Retry-After %q, want 429 and 1", status, hdr.Get("Retry-After"))
	}

	// {} lifts the limit.
	h.admin("POST", "/_sim/faults", `{}`)
	for range 5 {
		if status, _, _ := h.send(qp+"/list", `{}`); status != 200 {
			t.Fatalf("no limit: HTTP %d", status)
		}
	}
}

// A 429 answers in the envelope of the surface it refuses, and takes no
// forced code.
func TestRateLimitEnvelopes(t *testing.T) {
	t.Parallel()
	clock := &fakeClock{now: time.Unix(1700000000, 0)}
	h := newHarness(t, Options{}, testRoutes, withRateClock(clock))
	h.admin("POST", "/_sim/faults", `{"rate_limit_per_second":1,"force":[{"path":"/portal/test/echo","code":406,"count":1}]}`)
	h.send("/open/test/echo", `{}`) // spends the token
	cases := map[string]struct{ path, want string }{
		"open":    {"/open/test/echo", `"code":429,"data":null,"message":"rate limit exceeded`},
		"portal":  {"/portal/test/echo", `{"code":429,"message":"rate limit exceeded`},
		"asr":     {"/portal/test/asr", `{"code":"429","errorMsg":"rate limit exceeded`},
		"gateway": {"/smsapi/test/echo", `{"code":429,"msg":"rate limit exceeded`},
		"unknown": {"/portal/nope", `"code":429,"data":null,"message":"rate limit exceeded`},
	}
	for name, c := range cases {
		status, hdr, body := h.send(c.path, `{}`)
		if status != 429 || hdr.Get("Retry-After") != "1" || !strings.Contains(body, c.want) ||
			!strings.HasPrefix(hdr.Get("Content-Type"), "application/json") {
			t.Errorf("%s: HTTP %d %s %s, want 429 with %s", name, status, hdr, body, c.want)
		}
	}
	clock.Add(time.Second)
	if status, _, body := h.send("/portal/test/echo", `{}`); !strings.Contains(body, `"code":406`) {
		t.Errorf("the forced code was used up by a refused call: HTTP %d %s", status, body)
	}
}

func TestFaultsValidation(t *testing.T) {
	t.Parallel()
	h := newHarness(t, Options{})
	for bad, want := range map[string]string{
		`{"lost_rate":1.5}`:                                 "lost_rate",
		`{"lost_rate":-0.1}`:                                "lost_rate",
		`{"rate_limit_per_second":-1}`:                      "rate_limit_per_second",
		`{"rate_limit_burst":2}`:                            "rate_limit_burst",
		`{"rate_limit_per_second":1,"rate_limit_burst":-1}`: "rate_limit_burst",
	} {
		if r := h.admin("POST", "/_sim/faults", bad); r.status != 400 || !strings.Contains(fmt.Sprint(r.body["error"]), want) {
			t.Errorf("faults %s: HTTP %d %s, want 400 naming %s", bad, r.status, r.raw, want)
		}
	}
	r := h.admin("POST", "/_sim/faults", `{"error_rate":0.2,"drop_rate":0.05,"lost_rate":0.1,"rate_limit_per_second":5,"seed":1}`)
	if r.status != 200 {
		t.Fatalf("all together: %s", r.raw)
	}
}

// Request ids do not repeat: they came from the faults' seeded generator,
// which every /_sim/faults started again, so a later failure reported an
// earlier one's id (and every run the same ones).
func TestRequestIDsUnique(t *testing.T) {
	h := newHarness(t, Options{})
	other := newHarness(t, Options{})
	seen := map[string]bool{}
	id := func(h *harness) string {
		r := h.api("POST", "/open/v3/svcapi/users/list", `{}`)
		s, _ := r.body["request_id"].(string)
		if len(s) != len("sim-")+16 {
			t.Fatalf("request_id %q: %s", s, r.raw)
		}
		return s
	}
	for range 3 {
		h.admin("POST", "/_sim/faults", `{}`)
		for range 5 {
			if s := id(h); seen[s] {
				t.Errorf("request_id %s repeated after /_sim/faults", s)
			} else {
				seen[s] = true
			}
		}
	}
	if s := id(other); seen[s] {
		t.Errorf("request_id %s repeated by another simulator", s)
	}
}
