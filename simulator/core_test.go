package simulator

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// testRoutes adds an echo endpoint to every surface so auth can be checked
// on each, whatever domains exist.
func testRoutes(s *Server) {
	echo := func(c *Call) { c.OK(map[string]any{"x": c.Str("x")}) }
	for _, r := range []Route{
		{Prefix: PrefixOpen, Env: EnvOpen}, {Prefix: PrefixAutocall, Env: EnvOpen}, {Prefix: PrefixPortal, Env: EnvPortal},
		{Prefix: PrefixPortalOpen, Env: EnvOpen}, {Prefix: PrefixSMSAPI, Env: EnvGateway},
	} {
		r.Methods, r.Path, r.Handler = []string{"POST"}, "/test/echo", echo
		s.Handle(r)
	}
	s.Handle(Route{Methods: []string{"POST"}, Prefix: PrefixPortal, Path: "/test/asr", Env: EnvASR, Handler: echo})
}

func TestBearerAuth(t *testing.T) {
	t.Parallel()
	h := newHarness(t, Options{Token: "tok"}, testRoutes)
	paths := map[string]string{
		"open": "/open/test/echo", "autocall": "/autocall/test/echo", "portal": "/portal/test/echo",
		"portal-open": "/portal-open/test/echo", "portal queue": qp + "/list", "asr": "/portal/test/asr",
	}
	for surface, p := range paths {
		t.Run(surface, func(t *testing.T) {
			for _, auth := range []string{"", "Bearer wrong", "Basic tok", "tok", "Bearer tokk", "bearer  tok"} {
				r := h.req("POST", p, "application/json", `{}`, auth)
				if r.status != 401 {
					t.Errorf("Authorization %q: HTTP %d %s, want 401", auth, r.status, r.raw)
					continue
				}
				if surface == "asr" {
					if r.body["code"] != "401" || r.body["success"] != false || !strings.Contains(fmt.Sprint(r.body["errorMsg"]), "permission check failed") {
						t.Errorf("ASR 401 body %s", r.raw)
					}
				} else if r.body["code"] != float64(401) || r.body["message"] == "" {
					t.Errorf("401 body %s", r.raw)
				}
			}
			if r := h.req("POST", p, "application/json", `{"x":"1"}`, "Bearer tok"); r.status != 200 {
				t.Errorf("right token: HTTP %d %s", r.status, r.raw)
			}
		})
	}
	// An unauthorised call changes nothing.
	h.req("POST", qp+"/add", "application/json", `{"que_name":"A","que_priority":1}`, "Bearer wrong")
	if r := h.req("POST", qp+"/list", "application/json", `{}`, "Bearer tok"); r.body["total"] != "0" {
		t.Errorf("unauthorised add created a group: %s", r.raw)
	}
}

func TestEnvelopesOfEachSurface(t *testing.T) {
	t.Parallel()
	h := newHarness(t, Options{}, testRoutes)
	r := h.api("POST", "/open/test/echo", `{"x":"a"}`)
	if r.body["code"] != float64(0) || r.body["message"] == nil || r.body["request_id"] == "" || fmt.Sprint(r.body["data"]) != "map[x:a]" {
		t.Errorf("open envelope %s", r.raw)
	}
	r = h.api("POST", "/portal/test/echo", `{"x":"a"}`)
	if r.body["code"] != float64(200) || r.body["x"] != "a" {
		t.Errorf("portal envelope %s", r.raw)
	}
	r = h.api("POST", "/portal/test/asr", `{"x":"a"}`)
	if r.body["code"] != "200" || r.body["success"] != true {
		t.Errorf("asr envelope %s", r.raw)
	}
	// Unparsable bodies: 400 on open and portal surfaces, ASR "402" (parameter error).
	if r = h.api("POST", "/open/test/echo", `{`); r.body["code"] != float64(400) {
		t.Errorf("open bad body %s", r.raw)
	}
	if r = h.api("POST", "/portal/test/asr", `{`); r.body["code"] != "402" || r.body["errorMsg"] == nil {
		t.Errorf("asr bad body %s", r.raw)
	}
	if r = h.api("POST", "/open/nope", `{}`); r.status != 404 || r.body["code"] != float64(404) {
		t.Errorf("unknown interface %d %s", r.status, r.raw)
	}
}

// gatewayReq builds a signed gateway request. mutate may spoil it.
func (h *harness) gateway(path string, mutate func(q url.Values, body map[string]any)) reply {
	h.t.Helper()
	q := url.Values{"appId": {"sim-app"}, "random": {"r4nd0m"}}
	ts := "1700000000000"
	body := map[string]any{"sig": client.SignGateway("sim-key", "r4nd0m", ts), "time": json.Number(ts), "x": "y"}
	if mutate != nil {
		mutate(q, body)
	}
	b, _ := json.Marshal(body)
	return h.req("POST", path+"?"+q.Encode(), "application/json", string(b), "")
}

func TestGatewayAuth(t *testing.T) {
	t.Parallel()
	now := time.UnixMilli(1700000000000)
	h := newHarness(t, Options{Now: func() time.Time { return now }, DisabledAppIDs: []string{"off-app"}}, testRoutes)
	resign := func(ts string) func(url.Values, map[string]any) {
		return func(q url.Values, b map[string]any) {
			b["time"] = ts // a string: the simulator reads either form
			b["sig"] = client.SignGateway("sim-key", q.Get("random"), ts)
		}
	}
	cases := map[string]struct {
		path   string
		mutate func(url.Values, map[string]any)
		raw    string
		code   float64
	}{
		"signed":          {"/smsapi/test/echo", nil, "", 0},
		"9 minutes early": {"/smsapi/test/echo", resign("1699999460000"), "", 0},
		"1001 bad sig":    {"/smsapi/test/echo", func(_ url.Values, b map[string]any) { b["sig"] = strings.Repeat("0", 64) }, "", 1001},
		"1001 key of other app": {"/smsapi/test/echo", func(q url.Values, b map[string]any) {
			b["sig"] = client.SignGateway("other", "r4nd0m", "1700000000000")
		}, "", 1001},
		"1001 random changed":    {"/smsapi/test/echo", func(q url.Values, _ map[string]any) { q.Set("random", "other") }, "", 1001},
		"1002 unknown appId":     {"/smsapi/test/echo", func(q url.Values, _ map[string]any) { q.Set("appId", "nobody") }, "", 1002},
		"1003 disabled appId":    {"/smsapi/test/echo", func(q url.Values, _ map[string]any) { q.Set("appId", "off-app") }, "", 1003},
		"1004 appId missing":     {"/smsapi/test/echo", func(q url.Values, _ map[string]any) { q.Del("appId") }, "", 1004},
		"1004 sig empty":         {"/smsapi/test/echo", func(_ url.Values, b map[string]any) { b["sig"] = "" }, "", 1004},
		"1005 body not JSON":     {"/smsapi/test/echo", nil, `{"sig":`, 1005},
		"1009 11 minutes late":   {"/smsapi/test/echo", resign("1700000660000"), "", 1009},
		"1009 11 minutes early":  {"/smsapi/test/echo", resign("1699999340000"), "", 1009},
		"1009 time not a number": {"/smsapi/test/echo", resign("soon"), "", 1009},
		"1011 no such interface": {"/smsapi/nope", nil, "", 1011},
		// §5.5: random is required like appId; §7.4 has no code of its own.
		"1020 random missing": {"/smsapi/test/echo", func(q url.Values, b map[string]any) {
			q.Del("random")
			b["sig"] = client.SignGateway("sim-key", "", "1700000000000")
		}, "", 1020},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var r reply
			if c.raw != "" {
				r = h.req("POST", "/smsapi/test/echo?appId=sim-app&random=x", "application/json", c.raw, "")
			} else {
				r = h.gateway(c.path, c.mutate)
			}
			if r.status != 200 || r.body["code"] != c.code || (c.code != 0 && r.body["msg"] != gatewayCodes[int(c.code)]) {
				t.Errorf("HTTP %d %s, want code %v", r.status, r.raw, c.code)
			}
		})
	}
	// Form bodies (send_file) carry sig and time as fields.
	form := url.Values{"sig": {client.SignGateway("sim-key", "r", "1700000000000")}, "time": {"1700000000000"}}
	if r := h.req("POST", "/smsapi/test/echo?appId=sim-app&random=r", "application/x-www-form-urlencoded", form.Encode(), ""); r.body["code"] != float64(0) {
		t.Errorf("signed form: %s", r.raw)
	}
}

func TestAdminStatsAndReset(t *testing.T) {
	t.Parallel()
	h := newHarness(t, Options{})
	h.api("POST", qp+"/add?debug=1", `{"que_name":"A","que_priority":1}`)
	h.api("POST", qp+"/list", `{}`)
	h.api("POST", qp+"/list", `{}`)
	r := h.admin("GET", "/_sim/stats", "")
	want := `{"requests":{"POST /portal/v2/svcapi/queue/add":1,"POST /portal/v2/svcapi/queue/list":2}}`
	if strings.TrimSpace(r.raw) != want {
		t.Errorf("stats = %s, want %s", r.raw, want)
	}
	h.admin("POST", "/_sim/faults", `{"error_rate":1}`)
	if r = h.admin("POST", "/_sim/reset", ""); r.status != 200 {
		t.Fatalf("reset: %s", r.raw)
	}
	if r = h.admin("GET", "/_sim/stats", ""); strings.TrimSpace(r.raw) != `{"requests":{}}` {
		t.Errorf("stats after reset = %s", r.raw)
	}
	// Objects and faults are gone; ids start again.
	if r = h.api("POST", qp+"/list", `{}`); r.status != 200 || r.body["total"] != "0" {
		t.Errorf("list after reset = %d %s", r.status, r.raw)
	}
	if r = h.api("POST", qp+"/add", `{"que_name":"A","que_priority":1}`); fmt.Sprint(r.body["data"]) != "map[que_id:101]" {
		t.Errorf("add after reset = %s", r.raw)
	}
	if r = h.admin("GET", "/_sim/nope", ""); r.status != 404 {
		t.Errorf("unknown admin call: %d", r.status)
	}
}

func TestAdminFaults(t *testing.T) {
	t.Parallel()
	h := newHarness(t, Options{})
	list := func() reply { return h.api("POST", qp+"/list", `{}`) }
	if r := h.admin("POST", "/_sim/faults", `{"error_rate":1}`); r.status != 200 {
		t.Fatal(r.raw)
	}
	if r := list(); r.status < 500 {
		t.Errorf("error_rate 1: HTTP %d", r.status)
	}
	h.admin("POST", "/_sim/faults", `{}`)
	if r := list(); r.status != 200 {
		t.Errorf("after {}: HTTP %d", r.status)
	}
	h.admin("POST", "/_sim/faults", `{"drop_rate":1}`)
	req, _ := http.NewRequestWithContext(t.Context(), "POST", h.url+qp+"/list", strings.NewReader(`{}`))
	req.Header.Set("Authorization", "Bearer sim-token")
	if resp, err := http.DefaultClient.Do(req); err == nil {
		resp.Body.Close()
		t.Errorf("drop_rate 1: got HTTP %d, want a dropped connection", resp.StatusCode)
	}
	h.admin("POST", "/_sim/faults", `{"latency_ms":120}`)
	start := time.Now()
	list()
	if d := time.Since(start); d < 120*time.Millisecond {
		t.Errorf("latency_ms 120: answered in %v", d)
	}
	// The same seed gives the same sequence of faults.
	pattern := func() string {
		h.admin("POST", "/_sim/faults", `{"error_rate":0.5,"seed":42}`)
		var b strings.Builder
		for range 24 {
			fmt.Fprint(&b, list().status/100)
		}
		return b.String()
	}
	p1, p2 := pattern(), pattern()
	if p1 != p2 || !strings.Contains(p1, "2") || !strings.Contains(p1, "5") {
		t.Errorf("seeded patterns %s and %s", p1, p2)
	}
	// force: the next count calls of method+path answer the code.
	h.admin("POST", "/_sim/faults", `{}`)
	// A force that could never fire (a method the route does not serve, a
	// path no route serves, the success code) is refused, and none of the
	// request's entries is set: the test asking for the failure would pass
	// without it.
	if r := h.admin("POST", "/_sim/faults", `{"force":[{"method":"POST","path":"/portal/v2/svcapi/queue/list","code":402,"count":2},{"method":"GET","path":"/portal/v2/svcapi/queue/add","code":406,"count":1}]}`); r.status != 400 ||
		!strings.Contains(r.raw, "GET /portal/v2/svcapi/queue/add is not a route the simulator serves") {
		t.Errorf("force on GET of a POST route: HTTP %d %s", r.status, r.raw)
	}
	if r := h.api("POST", qp+"/add", `{"que_name":"A","que_priority":1}`); r.num("code") != 200 {
		t.Errorf("a refused force applied: %s", r.raw)
	}
	// The method in any case, as it was matched before paths were checked.
	h.admin("POST", "/_sim/faults", `{"force":[{"method":"post","path":"/portal/v2/svcapi/queue/list","code":402,"count":2}]}`)
	codes := []float64{list().num("code"), list().num("code"), list().num("code")}
	if fmt.Sprint(codes) != "[402 402 200]" {
		t.Errorf("forced codes %v", codes)
	}
	for _, bad := range []string{`{"error_rate":2}`, `{"drop_rate":-0.1}`, `{"latency_ms":-1}`, `{"nope":1}`, `{"force":[{"path":"/x","code":500}]}`, `{"force":[{"path":"/x","count":1}]}`, `[`,
		`{"force":[{"path":"/portal/v2/svcapi/queue/nonexistent","code":500,"count":1}]}`, `{"force":[{"path":"/portal/v2/svcapi/queue/list","code":200,"count":1}]}`} {
		if r := h.admin("POST", "/_sim/faults", bad); r.status != 400 || r.body["error"] == nil {
			t.Errorf("faults %s: HTTP %d %s, want 400", bad, r.status, r.raw)
		}
	}
}

func TestAdminReviewAndSeed(t *testing.T) {
	t.Parallel()
	h := newHarness(t, Options{})
	r := h.admin("POST", "/_sim/review", `{"kind":"no_such_kind","id":"1","state":1}`)
	if r.status != 400 || !strings.Contains(fmt.Sprint(r.body["error"]), "unknown kind") {
		t.Errorf("review unknown kind: %d %s", r.status, r.raw)
	}
	if r = h.admin("POST", "/_sim/review", `{"kind":"x","bogus":1}`); r.status != 400 {
		t.Errorf("review unknown field: %d", r.status)
	}
	// An id written as a number, as naturally as a string: it was refused
	// with Go's "cannot unmarshal number into Go struct field".
	sg := h.api("POST", "/open/sms/sign/store", `{"sign_text":"Acme"}`)
	id := fmt.Sprint(sg.body["data"].(map[string]any)["id"])
	if r = h.admin("POST", "/_sim/review", `{"kind":"sms_signature","id":`+id+`,"state":1}`); r.status != 200 {
		t.Errorf("review with a numeric id %s: %d %s", id, r.status, r.raw)
	}
	if r = h.admin("POST", "/_sim/seed", `{"no_such_member":[]}`); r.status != 400 || !strings.Contains(fmt.Sprint(r.body["error"]), "unknown member") {
		t.Errorf("seed unknown member: %d %s", r.status, r.raw)
	}
	// A bad member rejects the whole body: the good one is not applied.
	if r = h.admin("POST", "/_sim/seed", `{"agents":[{"user_num":"1"}],"zzz":1}`); r.status != 400 {
		t.Errorf("seed with one unknown member: %d", r.status)
	}
	if r = h.admin("POST", "/_sim/seed", `{"agents":[{"user_name":"no number"}]}`); r.status != 400 || !strings.Contains(r.raw, "user_num") {
		t.Errorf("seed agent without user_num: %d %s", r.status, r.raw)
	}
	h.seed(`{"agents":[{"user_num":"9001","user_name":"Ann"},{"user_id":7000,"user_num":"9002","check_in":true}]}`)
	h.api("POST", qp+"/add", `{"que_name":"A","que_priority":1}`)
	if r = h.api("POST", qp+"/assign", `{"que_id":101,"agents":"[{\"ag_id\":1001,\"skill\":1},{\"ag_id\":7000,\"skill\":2}]"}`); r.num("code") != 200 {
		t.Errorf("assigning seeded agents: %s", r.raw)
	}
	if r = h.api("GET", qp+"/delete?que_id=101&flag=1", ""); r.num("code") != 500 || !strings.Contains(r.raw, "410") {
		t.Errorf("seeded check_in agent does not block delete: %s", r.raw)
	}
	h.sim.mu.Lock()
	a := h.sim.st.Agents().Users[1001]
	h.sim.mu.Unlock()
	if a == nil || a.UserName != "Ann" || a.UserStatus != 1 {
		t.Errorf("seeded agent = %+v", a)
	}
}

func TestStatePersistence(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	h := newHarness(t, Options{StatePath: path})
	h.seed(`{"agents":[{"user_id":5001,"user_num":"9001"}]}`)
	h.api("POST", qp+"/add", `{"que_name":"Kept","que_priority":3}`)
	h.api("POST", qp+"/assign", `{"que_id":101,"agents":"[{\"ag_id\":5001,\"skill\":2}]"}`)

	// A restart on the same file keeps everything, ids continue.
	h2 := newHarness(t, Options{StatePath: path})
	if r := h2.api("POST", qp+"/list", `{}`); r.body["total"] != "1" || !strings.Contains(r.raw, "Kept") {
		t.Errorf("after restart: %s", r.raw)
	}
	if r := h2.api("GET", qp+"/get/agents?que_ids=101", ""); !strings.Contains(r.raw, `"skill":"2"`) {
		t.Errorf("membership after restart: %s", r.raw)
	}
	if r := h2.api("POST", qp+"/add", `{"que_name":"Next","que_priority":3}`); fmt.Sprint(r.body["data"]) != "map[que_id:102]" {
		t.Errorf("id after restart: %s", r.raw)
	}
	// Reads do not rewrite the file; a reset persists.
	h2.admin("POST", "/_sim/reset", "")
	h3 := newHarness(t, Options{StatePath: path})
	if r := h3.api("POST", qp+"/list", `{}`); r.body["total"] != "0" {
		t.Errorf("reset was not persisted: %s", r.raw)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "state.json" {
		t.Errorf("state folder holds %v; want only state.json (no temporary files left)", entries)
	}
}

// Readers of the state file never see a partial write: every read of the
// file while writes go on is complete JSON. On Windows, where a reader
// that has the file open makes its replacement fail, every write is
// still kept (under GOOS=windows go test -exec wine64 the final state held
// none of the 40 groups: each rename had met a read).
func TestStateAtomicWrites(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	h := newHarness(t, Options{StatePath: path})
	h.seed(`{"agents":[{"user_num":"1"}]}`)
	var wg sync.WaitGroup
	done := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(done)
		for i := range 40 {
			h.api("POST", qp+"/add", fmt.Sprintf(`{"que_name":"G%d","que_priority":1,"que_length":%d}`, i, 1000+i))
		}
	}()
	reads := 0
	for {
		select {
		case <-done:
			wg.Wait()
			t.Logf("%d reads of the state file during 40 writes", reads)
			b, _ := os.ReadFile(path)
			var st State
			if err := json.Unmarshal(b, &st); err != nil || len(st.Queues().Groups) != 40 {
				t.Errorf("final state: %d groups, %v", len(st.Queues().Groups), err)
			}
			return
		default:
		}
		b, err := os.ReadFile(path)
		if err != nil && runtime.GOOS == "windows" && !errors.Is(err, os.ErrNotExist) {
			// A reader that opens the file while it is being replaced is
			// refused (a sharing violation) there; the write goes on.
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		reads++
		if !json.Valid(b) {
			t.Fatalf("read %d bytes of partial state", len(b))
		}
	}
}

func TestStateFileErrors(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state.json")
	if err := os.WriteFile(path, []byte(`{"queues":`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := New(Options{StatePath: path}); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("corrupt state: %v, want an error naming the file", err)
	}
	// A missing file is a fresh start.
	if _, err := New(Options{StatePath: filepath.Join(t.TempDir(), "new.json")}); err != nil {
		t.Errorf("missing state file: %v", err)
	}
}

// A forced code waits for a call that reaches the endpoint: a call refused
// by auth does not use it up.
func TestForcedCodeSurvivesUnauthorisedCall(t *testing.T) {
	t.Parallel()
	h := newHarness(t, Options{})
	h.force("POST", "/list", 402)
	if r := h.req("POST", qp+"/list", "application/json", `{}`, "Bearer wrong"); r.status != 401 {
		t.Fatalf("unauthorised: %d %s", r.status, r.raw)
	}
	if r := h.api("POST", qp+"/list", `{}`); r.num("code") != 402 {
		t.Errorf("forced code was used up by the unauthorised call: %s", r.raw)
	}
	if r := h.api("POST", qp+"/list", `{}`); r.num("code") != 200 {
		t.Errorf("count 1 applied twice: %s", r.raw)
	}
}

// Options.AdminToken guards every /_sim/ call (ccsync simulator
// --allow-remote); the API surfaces keep their own auth.
func TestAdminToken(t *testing.T) {
	t.Parallel()
	h := newHarness(t, Options{AdminToken: "adm"})
	for _, auth := range []string{"", "Bearer wrong", "Bearer sim-token", "adm", "Bearer adm2"} {
		for _, call := range [][2]string{{"GET", "/_sim/stats"}, {"POST", "/_sim/reset"}, {"POST", "/_sim/faults"}, {"GET", "/_sim/nope"}} {
			r := h.req(call[0], call[1], "application/json", `{"error_rate":1}`, auth)
			if r.status != 401 || !strings.Contains(fmt.Sprint(r.body["error"]), "admin token") {
				t.Errorf("%s %s with %q: HTTP %d %s, want 401", call[0], call[1], auth, r.status, r.raw)
			}
		}
	}
	// Nothing of the refused calls happened: no fault is set.
	if r := h.api("POST", qp+"/add", `{"que_name":"A","que_priority":1}`); r.status != 200 || r.num("code") != 200 {
		t.Fatalf("API call: HTTP %d %s", r.status, r.raw)
	}
	if r := h.req("GET", "/_sim/stats", "", "", "Bearer adm"); r.status != 200 || !strings.Contains(r.raw, "queue/add") {
		t.Errorf("stats with the admin token: HTTP %d %s", r.status, r.raw)
	}
}

// TestAdminSeed_refusedChangesNothing: a body refused for one bad record
// (400) had added the records before it, and those of the members seeded
// before its member (trunk_cdrs before vos_cdrs), to memory but not to the
// --state file; each retry added them again. A refused body changes
// nothing now, and a body taken is applied once.
func TestAdminSeed_refusedChangesNothing(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state.json")
	h := newHarness(t, Options{StatePath: path})
	h.seed(`{"agents":[{"user_num":"9001"}]}`) // writes the state file
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	snapshot := func() string {
		h.sim.mu.Lock()
		defer h.sim.mu.Unlock()
		b, err := json.Marshal(h.sim.st)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	mem := snapshot()
	good := `"trunk_cdrs":[{"call_id":"probe-t","time_start":"2026-11-20 10:00:00"}],` +
		`"vos_cdrs":[{"call_id":"probe1","start_time":"2026-11-20 10:00:00"}`
	for _, bad := range []string{
		// The last member seeded (vos_cdrs) has a bad record after a good one.
		`{` + good + `,{"call_id":"probe2","start_time":"2026-11-20 25:00:00"}],"agents":[{"user_num":"9101"}]}`,
		// The first (agents).
		`{` + good + `],"agents":[{"user_num":"9101"},{"user_name":"no number"}]}`,
	} {
		for try := 1; try <= 2; try++ {
			if r := h.admin("POST", "/_sim/seed", bad); r.status != 400 {
				t.Fatalf("try %d: HTTP %d %s, want 400", try, r.status, r.raw)
			}
			if got := snapshot(); got != mem {
				t.Fatalf("try %d of %s: a refused seed changed the state", try, bad)
			}
		}
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Error("a refused seed rewrote the state file")
	}
	// The same records without the bad ones are taken, once.
	h.seed(`{"trunk_cdrs":[{"call_id":"probe-t","time_start":"2026-11-20 10:00:00"}],"vos_cdrs":[{"call_id":"probe1","start_time":"2026-11-20 10:00:00"}],"agents":[{"user_num":"9101"}]}`)
	h.sim.mu.Lock()
	defer h.sim.mu.Unlock()
	n := 0
	for _, c := range h.sim.st.Reference().VOSCDRs {
		if c.CallID == "probe1" {
			n++
		}
	}
	agents := 0
	for _, a := range h.sim.st.Agents().Users {
		if a.UserNum == "9101" {
			agents++
		}
	}
	if n != 1 || agents != 1 {
		t.Errorf("after a good seed: %d vos cdrs probe1 and %d agents 9101, want 1 and 1", n, agents)
	}
}
