package simulator_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// taskSim is a simulator on loopback with raw JSON helpers.
type taskSim struct {
	t   *testing.T
	sim *simulator.Server
	url string
}

func newTaskSim(t *testing.T, opts ...simulator.Options) *taskSim {
	t.Helper()
	o := simulator.Options{}
	if len(opts) > 0 {
		o = opts[0]
	}
	sim, err := simulator.New(o)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	t.Cleanup(func() { srv.Close(); sim.Wait() })
	return &taskSim{t: t, sim: sim, url: srv.URL}
}

// call sends method path with a JSON body (or query when body is a string
// starting with "?") and returns the decoded envelope.
func (e *taskSim) call(method, path string, body any) map[string]any {
	e.t.Helper()
	var rd io.Reader
	if s, ok := body.(string); ok && strings.HasPrefix(s, "?") {
		path += s
	} else if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequestWithContext(e.t.Context(), method, e.url+path, rd)
	req.Header.Set("Authorization", "Bearer sim-token")
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		e.t.Fatalf("%s %s: %v", method, path, err)
	}
	return out
}

func envCode(m map[string]any) int {
	f, _ := m["code"].(float64)
	return int(f)
}

func envData(m map[string]any) map[string]any {
	d, _ := m["data"].(map[string]any)
	return d
}

func (e *taskSim) seedAgentsAndGroup() int {
	e.t.Helper()
	if err := e.sim.Seed(map[string]json.RawMessage{"agents": json.RawMessage(`[{"user_id": 5001, "user_num": "9001"}, {"user_id": 5002, "user_num": "9002"}]`)}); err != nil {
		e.t.Fatal(err)
	}
	req, _ := http.NewRequestWithContext(e.t.Context(), "POST", e.url+"/portal/v2/svcapi/queue/add", strings.NewReader(`{"que_name":"Bots","que_priority":1}`))
	req.Header.Set("Authorization", "Bearer sim-token")
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	var out struct {
		Data struct {
			QueID string `json:"que_id"`
		} `json:"data"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&out)
	resp.Body.Close()
	req, _ = http.NewRequestWithContext(e.t.Context(), "POST", e.url+"/portal/v2/svcapi/queue/assign", strings.NewReader(`{"que_id":`+out.Data.QueID+`,"agents":"[{\"ag_id\":5001,\"skill\":1}]"}`))
	req.Header.Set("Authorization", "Bearer sim-token")
	req.Header.Set("Content-Type", "application/json")
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	resp.Body.Close()
	var id int
	_ = json.Unmarshal([]byte(out.Data.QueID), &id)
	return id
}

const projectsPath = "/autocall/api/v3/projects"

func robotBody(que int, users string) map[string]any {
	var au any
	_ = json.Unmarshal([]byte(users), &au)
	return map[string]any{"name": "Bot", "type": 4, "assigned_users": au, "config": map[string]any{
		"tts": map[string]any{"provider": "ali", "name": "xiaoyun"}, "nlp_silence_time": 800, "enable_scheduler": true,
		"agent_wait_time": 5, "que_id": que, "max_call_ratio": 2}}
}

func TestTasksUpdateOrCreateRules(t *testing.T) {
	t.Parallel()
	e := newTaskSim(t)
	que := e.seedAgentsAndGroup()
	pred := func(mod func(m map[string]any)) map[string]any {
		m := map[string]any{"name": "P", "type": 1, "assigned_users": []any{map[string]any{"user_num": "9001"}},
			"config": map[string]any{"call_ratio_type": 1, "manual_call_ratio": 1.5, "max_call_ratio": 3}}
		if mod != nil {
			mod(m)
		}
		return m
	}
	cfg := func(m map[string]any) map[string]any { return m["config"].(map[string]any) }
	cases := map[string]struct {
		body map[string]any
		code int
		want string
	}{
		"predictive ok":                 {pred(nil), 0, ""},
		"automatic ok":                  {map[string]any{"name": "A", "type": 3}, 0, ""},
		"robot ok":                      {robotBody(que, `[{"user_id": 5001}]`), 0, ""},
		"no name":                       {map[string]any{"type": 3}, 422, "name is required"},
		"no type":                       {map[string]any{"name": "x"}, 422, "type is required"},
		"type 2":                        {map[string]any{"name": "x", "type": 2}, 422, "type must be 1"},
		"priority 256":                  {map[string]any{"name": "x", "type": 3, "priority": 256}, 422, "priority must be from 0 to 255"},
		"status 3":                      {map[string]any{"name": "x", "type": 3, "status": 3}, 422, "status must be"},
		"predictive without users":      {pred(func(m map[string]any) { delete(m, "assigned_users") }), 422, "assigned_users is required for a predictive"},
		"predictive without ratio type": {pred(func(m map[string]any) { delete(cfg(m), "call_ratio_type") }), 422, "config.call_ratio_type is required"},
		"manual without manual ratio":   {pred(func(m map[string]any) { delete(cfg(m), "manual_call_ratio") }), 422, "config.manual_call_ratio is required"},
		"predictive without max ratio":  {pred(func(m map[string]any) { delete(cfg(m), "max_call_ratio") }), 422, "config.max_call_ratio is required for a predictive"},
		"robot without tts": {func() map[string]any {
			m := robotBody(que, `[{"user_id": 5001}]`)
			delete(cfg(m), "tts")
			return m
		}(), 422, "config.tts is required for a robot"},
		"robot with unknown group":  {robotBody(999, `[{"user_id": 5001}]`), 422, "skill group 999 does not exist"},
		"robot scheduler no users":  {robotBody(que, `[]`), 422, "assigned_users is required for a robot task"},
		"robot agent outside group": {robotBody(que, `[{"user_num": "9002"}]`), 422, "is not in skill group"},
		"user with both ids": {pred(func(m map[string]any) {
			m["assigned_users"] = []any{map[string]any{"user_id": 5001, "user_num": "9001"}}
		}), 422, "exactly one of user_id and user_num"},
		"unknown agent": {pred(func(m map[string]any) { m["assigned_users"] = []any{map[string]any{"user_id": 1}} }), 422, "no agent user_id 1"},
		"worktime weekday 7": {map[string]any{"name": "x", "type": 3, "worktime": map[string]any{"working": map[string]any{"7": []any{[]any{"09:00:00", "10:00:00"}}}}},
			422, `key "7" must be a weekday`},
		"worktime start after end": {map[string]any{"name": "x", "type": 3, "worktime": map[string]any{"working": map[string]any{"1": []any{[]any{"10:00:00", "09:00:00"}}}}},
			422, "must be before end"},
		"recall_interval as int (sample form)": {map[string]any{"name": "x", "type": 3, "recall_strategies": map[string]any{"default": map[string]any{"recall_interval": 5}}},
			422, "recall_interval must be an array of minutes"},
		"recall_max_times as array (sample form)": {map[string]any{"name": "x", "type": 3, "recall_strategies": map[string]any{"default": map[string]any{"recall_max_times": []int{3}}}},
			422, "recall_max_times must be an integer"},
		"asr reason 6": {map[string]any{"name": "x", "type": 3, "recall_strategies": map[string]any{"asr": map[string]any{"6": map[string]any{"recall": 1}}}},
			422, "not a reason key"},
		"unknown webhook": {map[string]any{"name": "x", "type": 3, "config": map[string]any{"webhook": map[string]any{"enable": true, "ids": []int{42}}}},
			422, "webhook 42 does not exist"},
		"makecall_flag 1":   {map[string]any{"name": "x", "type": 3, "config": map[string]any{"makecall_flag": 1}}, 422, "makecall_flag must be 0 or 8"},
		"tts provider nope": {map[string]any{"name": "x", "type": 3, "config": map[string]any{"tts": map[string]any{"provider": "nope"}}}, 422, "provider must be ali or tx"},
		"update unknown id": {map[string]any{"id": 1, "name": "x", "type": 3}, 404, "does not exist"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			out := e.call("POST", projectsPath+"/updateOrCreate", tc.body)
			if envCode(out) != tc.code || !strings.Contains(out["message"].(string), tc.want) {
				t.Errorf("code %d message %q; want %d containing %q", envCode(out), out["message"], tc.code, tc.want)
			}
		})
	}
}

func TestTasksLifecycleAllMethods(t *testing.T) {
	t.Parallel()
	e := newTaskSim(t)
	// Create with PUT, defaults of §8 applied.
	out := e.call("PUT", projectsPath+"/updateOrCreate", map[string]any{"name": "Reminders", "type": 3})
	if envCode(out) != 0 {
		t.Fatalf("create: %v", out)
	}
	d := envData(out)
	for _, k := range []string{"id", "name", "type", "type_string", "status", "created_at", "updated_at"} {
		if _, ok := d[k]; !ok {
			t.Errorf("updateOrCreate data lacks %s: %v", k, d)
		}
	}
	id := d["id"].(float64)
	for _, m := range []string{"GET", "POST"} {
		var det map[string]any
		if m == "GET" {
			det = envData(e.call(m, projectsPath+"/detail", "?id="+numText(id)))
		} else {
			det = envData(e.call(m, projectsPath+"/detail", map[string]any{"id": id}))
		}
		want := map[string]any{"priority": 100.0, "max_conn_secs": 300.0, "timeout_secs": 30.0, "max_queue_secs": 0.0, "status": 0.0,
			"dept_id": 0.0, "enable_asr": false, "context": "mc_transivr", "type_string": "automatic", "status_string": "closed"}
		for k, v := range want {
			if det[k] != v {
				t.Errorf("%s detail %s = %v, want %v", m, k, det[k], v)
			}
		}
		if det["config"].(map[string]any)["init_call_ratio"] != 1.0 {
			t.Errorf("init_call_ratio default: %v", det["config"])
		}
	}
	// Update with POST keeps unsent members; status/update opens and pauses.
	if out := e.call("POST", projectsPath+"/updateOrCreate", map[string]any{"id": id, "name": "Reminders 2", "type": 3, "priority": 7}); envCode(out) != 0 {
		t.Fatalf("update: %v", out)
	}
	if out := e.call("POST", projectsPath+"/updateOrCreate", map[string]any{"id": id, "name": "Reminders 2", "type": 1}); envCode(out) != 422 {
		t.Errorf("type change must be refused: %v", out)
	}
	if out := e.call("POST", projectsPath+"/status/update", map[string]any{"id": id, "status": 1}); envCode(out) != 0 {
		t.Fatalf("status/update: %v", out)
	}
	if out := e.call("POST", projectsPath+"/status/update", map[string]any{"id": id, "status": 0}); envCode(out) != 422 {
		t.Errorf("status/update with 0 must be refused: %v", out)
	}
	if out := e.call("POST", projectsPath+"/status/update", map[string]any{"id": 99, "status": 1}); envCode(out) != 404 {
		t.Errorf("status/update of an unknown task: %v", out)
	}
	// Lists (GET and POST) with filters and the total_page spelling.
	lists := []map[string]any{
		envData(e.call("GET", projectsPath+"/lists", "?type=3&status=1&name=Remind")),
		envData(e.call("POST", projectsPath+"/lists", map[string]any{"type": 3, "status": 1, "current_page": 1, "per_page": 5})),
	}
	for i, l := range lists {
		res := l["results"].([]any)
		if len(res) != 1 || l["total_page"] != 1.0 || l["empty"] != false || l["total"] != 1.0 {
			t.Errorf("lists %d: %v", i, l)
			continue
		}
		item := res[0].(map[string]any)
		if item["priority"] != 7.0 || item["status_string"] != "open" || item["name"] != "Reminders 2" {
			t.Errorf("lists %d item: %v", i, item)
		}
		if _, ok := item["config"]; ok {
			t.Errorf("list items carry no config: %v", item)
		}
	}
	if l := envData(e.call("GET", projectsPath+"/lists", "?status=0")); l["empty"] != true {
		t.Errorf("no closed task expected: %v", l)
	}
	// §4.3: the lists filter is 0 closed or 1 open; paused (2) is refused.
	if out := e.call("GET", projectsPath+"/lists", "?status=2"); envCode(out) != 422 || !strings.Contains(fmt.Sprint(out["message"]), "status must be 0 (closed) or 1 (open)") {
		t.Errorf("lists status=2: %v, want 422 naming the filter's values", out)
	}
	// all needs type.
	if out := e.call("GET", projectsPath+"/all", "?type=3"); envCode(out) != 0 || len(out["data"].([]any)) != 1 {
		t.Errorf("all: %v", out)
	}
	if out := e.call("GET", projectsPath+"/all", nil); envCode(out) != 422 {
		t.Errorf("all without type: %v", out)
	}
	// Open tasks are deleted only with is_force; DELETE and POST both work.
	if out := e.call("DELETE", projectsPath+"/delete", map[string]any{"ids": []any{id}}); envCode(out) != 422 {
		t.Errorf("deleting an open task without is_force: %v", out)
	}
	if out := e.call("DELETE", projectsPath+"/delete", map[string]any{"ids": []any{id}, "is_force": 1}); envCode(out) != 0 {
		t.Errorf("DELETE with is_force: %v", out)
	}
	if out := e.call("POST", projectsPath+"/delete", map[string]any{"ids": []any{id}}); envCode(out) != 404 {
		t.Errorf("deleting again: %v", out)
	}
	if out := e.call("POST", projectsPath+"/delete", map[string]any{}); envCode(out) != 422 {
		t.Errorf("delete without ids: %v", out)
	}
	id2 := envData(e.call("POST", projectsPath+"/updateOrCreate", map[string]any{"name": "B", "type": 3}))["id"].(float64)
	if out := e.call("POST", projectsPath+"/delete", map[string]any{"ids": []any{id2}, "is_force": false}); envCode(out) != 0 {
		t.Errorf("POST delete of a closed task: %v", out)
	}
	if out := e.call("GET", projectsPath+"/detail", "?id="+numText(id2)); envCode(out) != 404 {
		t.Errorf("detail of a deleted task: %v", out)
	}
}

func numText(f float64) string { b, _ := json.Marshal(f); return string(b) }

const webhooksPath = "/autocall/api/v3/webhook"

func TestWebhooksEndpoints(t *testing.T) {
	t.Parallel()
	e := newTaskSim(t)
	for name, tc := range map[string]struct {
		body map[string]any
		code int
	}{
		"no name":      {map[string]any{"url": "https://x.example"}, 422},
		"no url":       {map[string]any{"name": "a"}, 422},
		"bad url":      {map[string]any{"name": "a", "url": "mailto:x"}, 422},
		"event_type 3": {map[string]any{"name": "a", "url": "https://x.example", "event_type": 3}, 422},
		"unknown id":   {map[string]any{"id": 5, "name": "a", "url": "https://x.example"}, 404},
	} {
		if out := e.call("POST", webhooksPath+"/updateOrCreate", tc.body); envCode(out) != tc.code {
			t.Errorf("%s: %v", name, out)
		}
	}
	w := envData(e.call("POST", webhooksPath+"/updateOrCreate", map[string]any{"name": "CRM", "url": "https://crm.example/h", "status": true, "event_type": 1}))
	for _, k := range []string{"id", "vcc_id", "created_at", "updated_at"} {
		if w[k] == nil {
			t.Errorf("created webhook lacks %s: %v", k, w)
		}
	}
	id := w["id"].(float64)
	// Status defaults to false on every updateOrCreate (§3.5).
	w = envData(e.call("POST", webhooksPath+"/updateOrCreate", map[string]any{"id": id, "name": "CRM", "url": "https://crm.example/h"}))
	if w["status"] != false || w["event_type"] != 0.0 {
		t.Errorf("update without status/event_type: %v", w)
	}
	for i := range 20 {
		e.call("POST", webhooksPath+"/updateOrCreate", map[string]any{"name": "filler", "url": "https://f.example/" + numText(float64(i))})
	}
	l := envData(e.call("GET", webhooksPath+"/lists", nil))
	if l["per_page"] != 15.0 || l["totalPage"] != 2.0 || len(l["results"].([]any)) != 15 || l["total"] != 21.0 {
		t.Errorf("default page (per_page 15, totalPage spelling): %v", l)
	}
	l = envData(e.call("GET", webhooksPath+"/lists", "?name=CRM&url=crm.example"))
	if len(l["results"].([]any)) != 1 {
		t.Errorf("filtered list: %v", l)
	}
	if out := e.call("GET", webhooksPath+"/delete", "?id="+numText(id)); envCode(out) != 0 {
		t.Errorf("delete: %v", out)
	}
	if out := e.call("GET", webhooksPath+"/delete", "?id="+numText(id)); envCode(out) != 404 {
		t.Errorf("delete again: %v", out)
	}
	if out := e.call("GET", webhooksPath+"/delete", nil); envCode(out) != 422 {
		t.Errorf("delete without id: %v", out)
	}
}

type pushLog struct {
	mu     sync.Mutex
	bodies []map[string]any
	heads  []string
}

func TestSimulatedCallPushesWebhooks(t *testing.T) {
	t.Parallel()
	statePath := filepath.Join(t.TempDir(), "state.json")
	e := newTaskSim(t, simulator.Options{StatePath: statePath})
	rec := &pushLog{}
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var m map[string]any
		_ = json.NewDecoder(r.Body).Decode(&m)
		rec.mu.Lock()
		rec.bodies = append(rec.bodies, m)
		rec.heads = append(rec.heads, r.Header.Get("X-Webhook-Id"))
		rec.mu.Unlock()
		_, _ = w.Write([]byte(`{"code":0}`))
	}))
	t.Cleanup(hook.Close)
	mk := func(name string, status bool, ev int, enc bool) float64 {
		return envData(e.call("POST", webhooksPath+"/updateOrCreate", map[string]any{"name": name, "url": hook.URL + "/" + name,
			"status": status, "event_type": ev, "is_encrypt": enc}))["id"].(float64)
	}
	hangup, pre, disabled, encrypted := mk("hangup", true, 1, false), mk("pre", true, 2, false), mk("off", false, 1, false), mk("enc", true, 1, true)
	task := envData(e.call("POST", projectsPath+"/updateOrCreate", map[string]any{"name": "Calls", "type": 3, "callers": []string{"95001"},
		"config": map[string]any{"webhook": map[string]any{"enable": true, "ids": []float64{hangup, pre, disabled, encrypted}}}}))
	tid := task["id"].(float64)

	admin := func(body string) (int, map[string]any) {
		req, err := http.NewRequestWithContext(t.Context(), "POST", e.url+"/_sim/calls", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var m map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&m)
		return resp.StatusCode, m
	}
	if st, _ := admin(`{"task_id": ` + numText(tid) + `, "mobile": "13800000001"}`); st != 409 {
		t.Errorf("a closed task places no calls: HTTP %d", st)
	}
	if st, _ := admin(`{"task_id": 1, "mobile": "13800000001"}`); st != 404 {
		t.Errorf("unknown task: HTTP %d", st)
	}
	if st, _ := admin(`{"task_id": ` + numText(tid) + `, "mobile": "abc"}`); st != 400 {
		t.Errorf("bad mobile: HTTP %d", st)
	}
	e.call("POST", projectsPath+"/status/update", map[string]any{"id": tid, "status": 1})
	st, out := admin(`{"task_id": ` + numText(tid) + `, "mobile": "13800000001"}`)
	if st != 200 || out["pushes"] != 3.0 {
		t.Fatalf("call: HTTP %d %v", st, out)
	}
	e.sim.Wait()

	rec.mu.Lock()
	defer rec.mu.Unlock()
	if len(rec.bodies) != 3 {
		t.Fatalf("pushes received: %d %v", len(rec.bodies), rec.bodies)
	}
	first := rec.bodies[0]
	if first["event_type"] != 2.0 || first["event"] != "pre_call" || first["mobile"] != "13800000001" || first["task_id"] != tid || first["caller"] != "95001" {
		t.Errorf("first push must be the pre-call event: %v", first)
	}
	second := rec.bodies[1]
	record, _ := second["record"].(map[string]any)
	if second["event_type"] != 1.0 || second["event"] != "hangup" || record["user_num"] != "13800000001" || record["call_type"] != 5.0 ||
		record["call_id"] != out["call_id"] || record["dur_all"] != 35.0 {
		t.Errorf("second push must be the hang-up record: %v", second)
	}
	third := rec.bodies[2]
	if third["is_encrypt"] != true {
		t.Fatalf("the encrypted webhook gets the wrapped form: %v", third)
	}
	plain, err := base64.StdEncoding.DecodeString(third["data"].(string))
	if err != nil {
		t.Fatal(err)
	}
	var inner map[string]any
	if err := json.Unmarshal(plain, &inner); err != nil || inner["event"] != "hangup" {
		t.Errorf("encrypted body decodes to %s (%v)", plain, err)
	}
	if rec.heads[0] != numText(pre) || rec.heads[1] != numText(hangup) {
		t.Errorf("X-Webhook-Id headers: %v", rec.heads)
	}
	// The trunk call record was appended (it is persisted with the state).
	var state struct {
		Reference struct {
			TrunkCDRs []simulator.TrunkCDR `json:"trunk_cdrs"`
		} `json:"reference"`
	}
	b, err := os.ReadFile(statePath)
	if err != nil || json.Unmarshal(b, &state) != nil {
		t.Fatalf("reading the persisted state: %v", err)
	}
	// The reference seed holds CDRs of its own: exactly one is this call's.
	var mine []simulator.TrunkCDR
	for _, cdr := range state.Reference.TrunkCDRs {
		if cdr.CallID == out["call_id"] {
			mine = append(mine, cdr)
		}
	}
	if len(mine) != 1 {
		t.Fatalf("want exactly one trunk CDR with call_id %v, got %d", out["call_id"], len(mine))
	}
	if cdr := mine[0]; cdr.UserNum != "13800000001" || cdr.TrunkNum != "95001" || cdr.VccID != 10001 {
		t.Errorf("trunk CDR: %+v", cdr)
	}
	// The counter moved.
	l := envData(e.call("GET", projectsPath+"/lists", "?type=3"))
	if item := l["results"].([]any)[0].(map[string]any); item["total_called"] != 1.0 {
		t.Errorf("total_called after one call: %v", item)
	}
}

// Large integers come back as they were stored: the detail and the list
// rendered a task through float64, so 9007199254740993 read back as
// …992, and the int64 limit as 9223372036854776000, which no client
// decodes as an integer (a task the provider could then never read).
func TestTasksLargeIntegersExact(t *testing.T) {
	t.Parallel()
	e := newTaskSim(t)
	out := e.call("PUT", projectsPath+"/updateOrCreate", map[string]any{"name": "Big", "type": 3,
		"max_conn_secs": json.Number("9007199254740993"), "timeout_secs": json.Number("9223372036854775807")})
	if envCode(out) != 0 {
		t.Fatalf("create: %v", out)
	}
	id := numText(envData(out)["id"].(float64))
	for _, q := range []struct{ method, path string }{
		{"GET", projectsPath + "/detail?id=" + id},
		{"GET", projectsPath + "/lists?page=1&per_page=10"},
	} {
		req, _ := http.NewRequestWithContext(t.Context(), q.method, e.url+q.path, nil)
		req.Header.Set("Authorization", "Bearer sim-token")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		for _, want := range []string{`"max_conn_secs":9007199254740993`, `"timeout_secs":9223372036854775807`} {
			if !bytes.Contains(body, []byte(want)) {
				t.Errorf("%s %s does not hold %s: %s", q.method, q.path, want, body)
			}
		}
	}
}

// A receiver that answers an HTTP error is said in the log, as a
// connection failure is (fidelity/tasks.md: failures are logged, not
// retried): a user pointing the simulator at their receiver saw nothing.
func TestWebhookPushReceiverErrorLogged(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var logged []string
	e := newTaskSim(t, simulator.Options{Logf: func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		logged = append(logged, fmt.Sprintf(format, args...))
	}})
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "boom", http.StatusInternalServerError)
	}))
	t.Cleanup(hook.Close)
	id := envData(e.call("POST", webhooksPath+"/updateOrCreate", map[string]any{"name": "crm", "url": hook.URL + "/hangup", "status": true, "event_type": 1}))["id"].(float64)
	tid := envData(e.call("POST", projectsPath+"/updateOrCreate", map[string]any{"name": "Calls", "type": 3, "callers": []string{"95001"},
		"config": map[string]any{"webhook": map[string]any{"enable": true, "ids": []float64{id}}}}))["id"].(float64)
	e.call("POST", projectsPath+"/status/update", map[string]any{"id": tid, "status": 1})
	req, _ := http.NewRequestWithContext(t.Context(), "POST", e.url+"/_sim/calls", strings.NewReader(`{"task_id": `+numText(tid)+`, "mobile": "13800000001"}`))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	e.sim.Wait()
	mu.Lock()
	defer mu.Unlock()
	want := fmt.Sprintf("simulator: webhook %s push to %s/hangup: the receiver answered HTTP 500", numText(id), hook.URL)
	if !slices.Contains(logged, want) {
		t.Errorf("log %q lacks %q", logged, want)
	}
}
