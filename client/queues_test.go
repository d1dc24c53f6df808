package client_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// simEnv is a private simulator with a client for it.
type simEnv struct {
	sim    *simulator.Server
	origin string
	c      *client.Client
}

func newSimEnv(t *testing.T, opts simulator.Options, wrap ...func(http.Handler) http.Handler) *simEnv {
	t.Helper()
	sim, err := simulator.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	var h http.Handler = sim
	for _, w := range wrap {
		h = w(h)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", AppID: "sim-app", AppKey: "sim-key",
		MaxRetries: 2, RetryWaitMin: time.Millisecond, RetryWaitMax: 2 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return &simEnv{sim: sim, origin: srv.URL, c: c}
}

func (e *simEnv) seedAgents(t *testing.T, agents string) {
	t.Helper()
	if err := e.sim.Seed(map[string]json.RawMessage{"agents": json.RawMessage(agents)}); err != nil {
		t.Fatal(err)
	}
}

// force makes the next call of a queue path answer code (/_sim/faults force).
func (e *simEnv) force(t *testing.T, method, path string, code int) {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"force": []map[string]any{{"method": method, "path": "/portal/v2/svcapi/queue" + path, "code": code, "count": 1}}})
	e.faults(t, string(body))
}

// faults posts a /_sim/faults configuration.
func (e *simEnv) faults(t *testing.T, body string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), "POST", e.origin+"/_sim/faults", bytes.NewReader([]byte(body)))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("faults %s: HTTP %d", body, resp.StatusCode)
	}
}

func (e *simEnv) create(t *testing.T, name string, num string) int64 {
	t.Helper()
	in := client.SkillGroupInput{QueName: name, QuePriority: 5}
	if num != "" {
		in.QueNum = &num
	}
	id, err := e.c.Queues.Create(t.Context(), in)
	if err != nil {
		t.Fatalf("Create %s: %v", name, err)
	}
	return mustInt(t, id)
}

func mustInt(t *testing.T, s string) int64 {
	t.Helper()
	var n int64
	if err := json.Unmarshal([]byte(s), &n); err != nil {
		t.Fatalf("%q is not an id", s)
	}
	return n
}

// raw sends a queue call with parameters the typed methods never produce.
func (e *simEnv) raw(ctx context.Context, method, path string, params map[string]any) error {
	req := client.Request{Surface: client.SurfacePortal, Method: method, Path: "/v2/svcapi/queue" + path, Envelope: client.EnvelopePortal, Body: params}
	if method == "GET" {
		q := url.Values{}
		for k, v := range params {
			q.Set(k, v.(string))
		}
		req.Query, req.Body, req.BodyKind = q, nil, client.BodyNone
	}
	return e.c.Do(ctx, req, nil)
}

func ptr[T any](v T) *T { return &v }

func TestQueuesLifecycle(t *testing.T) {
	t.Parallel()
	e := newSimEnv(t, simulator.Options{})
	ctx := t.Context()
	e.seedAgents(t, `[{"user_id": 5001, "user_num": "9001", "user_name": "Ann"}, {"user_id": 5002, "user_num": "9002", "user_name": "Bob"}]`)

	id, err := e.c.Queues.Create(ctx, client.SkillGroupInput{QueName: "Support", QuePriority: 10, QueNum: ptr("8001"), QueStrategy: ptr[int64](2)})
	if err != nil {
		t.Fatal(err)
	}
	qid := mustInt(t, id)
	g, err := e.c.Queues.Get(ctx, qid)
	if err != nil {
		t.Fatal(err)
	}
	// Unsent fields take the simulator's defaults; auto_evaluate's is the spec's (1).
	if g.QueName != "Support" || g.QueNum != "8001" || g.QuePriority != 10 || g.QueStrategy != 2 || g.AutoEvaluate != 1 || g.WaitAudio != "0" {
		t.Errorf("Get = %+v", g)
	}
	if err := e.c.Queues.Update(ctx, qid, client.SkillGroupInput{QueName: "Support 2", QuePriority: 3, AutoEvaluate: ptr[int64](0)}); err != nil {
		t.Fatalf("Update (answers msg, not message): %v", err)
	}
	if g, _ = e.c.Queues.Get(ctx, qid); g.QueName != "Support 2" || g.QuePriority != 3 || g.AutoEvaluate != 0 || g.QueStrategy != 2 {
		t.Errorf("after Update: %+v", g)
	}
	if f, err := e.c.Queues.FindByName(ctx, "Support 2"); err != nil || f == nil || f.ID != client.FlexString(id) {
		t.Errorf("FindByName = %+v, %v", f, err)
	}
	if f, err := e.c.Queues.FindByName(ctx, "Support"); err != nil || f != nil {
		t.Errorf("FindByName of a prefix = %+v, %v; want nil (exact match only)", f, err)
	}
	all, err := client.Collect(e.c.Queues.List(ctx, client.SkillGroupFilter{Keyword: "Supp"}))
	if err != nil || len(all) != 1 {
		t.Errorf("List keyword = %v, %v", all, err)
	}
	if err := e.c.Queues.Assign(ctx, qid, []client.AgentSkill{{AgID: 5001, Skill: 3}, {AgID: 5002, Skill: 1}}); err != nil {
		t.Fatal(err)
	}
	errs, err := e.c.Queues.UpdateSkill(ctx, qid, []client.AgentSkill{{AgID: 5001, Skill: 7}}, true)
	if err != nil || len(errs) != 0 {
		t.Fatalf("UpdateSkill = %v, %v", errs, err)
	}
	agents, err := e.c.Queues.GetAgents(ctx, qid, 999)
	if err != nil {
		t.Fatal(err)
	}
	got := agents[id]
	if len(got) != 2 || got[0].AgID != 5001 || got[0].Skill != 7 || got[0].AgNum != "9001" || got[1].AgID != 5002 {
		t.Errorf("GetAgents = %+v", agents)
	}
	if _, ok := agents["999"]; ok {
		t.Error("GetAgents lists an unknown group")
	}
	if err := e.c.Queues.CancelAssign(ctx, qid, []int64{5002}); err != nil {
		t.Fatal(err)
	}
	if agents, _ = e.c.Queues.GetAgents(ctx, qid); len(agents[id]) != 1 {
		t.Errorf("after CancelAssign: %+v", agents)
	}
	if err := e.c.Queues.Delete(ctx, qid, true); err != nil {
		t.Fatal(err)
	}
	if _, err := e.c.Queues.Get(ctx, qid); !client.IsNotFound(err) {
		t.Errorf("Get after delete = %v, want not found", err)
	}
	if all, err := client.Collect(e.c.Queues.List(ctx, client.SkillGroupFilter{QueID: qid})); err != nil || len(all) != 0 {
		t.Errorf("List by a deleted id (list code 403) = %v, %v; want empty", all, err)
	}
	if err := e.c.Queues.Delete(ctx, qid, false); !client.IsNotFound(err) || !client.HasCode(err, 403) {
		t.Errorf("Delete of a deleted group = %v, want code 403, not found", err)
	}
}

// TestQueueCodes checks every §7.2 queue code as the client reports it:
// real conditions where one exists, /_sim/faults force for internal failures.
func TestQueueCodes(t *testing.T) {
	t.Parallel()
	type step func(t *testing.T, e *simEnv, qid int64) error
	add := func(in client.SkillGroupInput) step {
		return func(t *testing.T, e *simEnv, _ int64) error { _, err := e.c.Queues.Create(t.Context(), in); return err }
	}
	update := func(in client.SkillGroupInput) step {
		return func(t *testing.T, e *simEnv, qid int64) error { return e.c.Queues.Update(t.Context(), qid, in) }
	}
	forced := func(method, path string, code int, s step) step {
		return func(t *testing.T, e *simEnv, qid int64) error { e.force(t, method, path, code); return s(t, e, qid) }
	}
	rawStep := func(method, path string, params map[string]any) step {
		return func(t *testing.T, e *simEnv, _ int64) error { return e.raw(t.Context(), method, path, params) }
	}
	del := func(force bool) step {
		return func(t *testing.T, e *simEnv, qid int64) error { return e.c.Queues.Delete(t.Context(), qid, force) }
	}
	assign := func(a ...client.AgentSkill) step {
		return func(t *testing.T, e *simEnv, qid int64) error { return e.c.Queues.Assign(t.Context(), qid, a) }
	}
	skill := func(tx bool, a ...client.AgentSkill) step {
		return func(t *testing.T, e *simEnv, qid int64) error {
			_, err := e.c.Queues.UpdateSkill(t.Context(), qid, a, tx)
			return err
		}
	}
	ok := client.SkillGroupInput{QueName: "New", QuePriority: 1}
	// Every case starts with group "Existing" (que_num 8001, agent 5001 in
	// it) and group "Other" (que_num 8002); agents 5001 (in), 5002 (not in),
	// 5003 (signed in, in group "Busy" when the case names it).
	cases := map[string]struct {
		run      step
		code     int64
		notFound bool
		message  string
	}{
		"add 401 forced":           {forced("POST", "/add", 401, add(ok)), 401, false, "enterprise code empty"},
		"add 402 forced":           {forced("POST", "/add", 402, add(ok)), 402, false, "enterprise code does not exist"},
		"add 403 name empty":       {add(client.SkillGroupInput{QueName: " ", QuePriority: 1}), 403, false, "que_name"},
		"add 404 group exists":     {add(client.SkillGroupInput{QueName: "Existing", QuePriority: 1}), 404, false, "Existing"},
		"add 405 number exists":    {add(client.SkillGroupInput{QueName: "New", QuePriority: 1, QueNum: ptr("8001")}), 405, false, "8001"},
		"add 406 reload failed":    {forced("POST", "/add", 406, add(ok)), 406, false, "reload failed"},
		"add 408 priority":         {add(client.SkillGroupInput{QueName: "New", QuePriority: 256}), 408, false, "0 to 255"},
		"add 409 add failed":       {add(client.SkillGroupInput{QueName: "New", QuePriority: 1, QueLength: ptr[int64](-1)}), 409, false, "que_length"},
		"add 409 forced":           {forced("POST", "/add", 409, add(ok)), 409, false, "add failed"},
		"add 411 strategy":         {add(client.SkillGroupInput{QueName: "New", QuePriority: 1, QueStrategy: ptr[int64](3)}), 411, false, "que_strategy"},
		"add 412 auto-evaluate":    {add(client.SkillGroupInput{QueName: "New", QuePriority: 1, AutoEvaluate: ptr[int64](2)}), 412, false, "auto_evaluate"},
		"update 403 name empty":    {update(client.SkillGroupInput{QueName: "", QuePriority: 1}), 403, false, "que_name"},
		"update 404 unknown group": {func(t *testing.T, e *simEnv, _ int64) error { return e.c.Queues.Update(t.Context(), 99999, ok) }, 404, true, "99999"},
		"update 405 group exists":  {update(client.SkillGroupInput{QueName: "Other", QuePriority: 1}), 405, false, "Other"},
		"update 406 edit failed":   {update(client.SkillGroupInput{QueName: "Existing", QuePriority: 1, RingTime: ptr[int64](-5)}), 406, false, "ring_time"},
		"update 407 reload failed": {forced("POST", "/update", 407, update(ok)), 407, false, "reload failed"},
		"update 408 priority":      {update(client.SkillGroupInput{QueName: "Existing", QuePriority: -1}), 408, false, "0 to 255"},
		"update 409 number exists": {update(client.SkillGroupInput{QueName: "Existing", QuePriority: 1, QueNum: ptr("8002")}), 409, false, "8002"},
		"update 411 strategy":      {update(client.SkillGroupInput{QueName: "Existing", QuePriority: 1, QueStrategy: ptr[int64](0)}), 411, false, "que_strategy"},
		"update 412 auto-evaluate": {update(client.SkillGroupInput{QueName: "Existing", QuePriority: 1, AutoEvaluate: ptr[int64](9)}), 412, false, "auto_evaluate"},
		"update 401 forced":        {forced("POST", "/update", 401, update(ok)), 401, false, ""},
		"delete 403 unknown group": {func(t *testing.T, e *simEnv, _ int64) error { return e.c.Queues.Delete(t.Context(), 99999, false) }, 403, true, "overall result"},
		"delete 404 has agents":    {del(false), 404, false, "flag=1"},
		"delete 405 delete failed": {forced("GET", "/delete", 405, del(true)), 405, false, "delete failed"},
		"delete 406 reload failed": {forced("GET", "/delete", 406, del(true)), 406, false, "reload failed"},
		"delete 407 id empty":      {rawStep("GET", "/delete", map[string]any{"que_id": ""}), 407, false, "group id empty"},
		"delete 410 signed in":     {func(t *testing.T, e *simEnv, _ int64) error { return e.c.Queues.Delete(t.Context(), e.busy(t), true) }, 410, false, "logged in"},
		"delete 402 forced":        {forced("GET", "/delete", 402, del(true)), 402, false, ""},
		"list 403 unknown group":   {rawStep("POST", "/list", map[string]any{"info": `{"filter":{"que_id":99999}}`}), 403, false, "99999"},
		"list 404 info not JSON":   {rawStep("POST", "/list", map[string]any{"info": `{filter`}), 404, false, "info is not JSON"},
		"assign 403 unknown group": {func(t *testing.T, e *simEnv, _ int64) error {
			return e.c.Queues.Assign(t.Context(), 99999, []client.AgentSkill{{AgID: 5002, Skill: 1}})
		}, 403, true, "99999"},
		"assign 404 id empty": {rawStep("POST", "/assign", map[string]any{"que_id": "", "agents": `[{"ag_id":5002,"skill":1}]`}), 404, false, "que_id is empty"},
		"assign 405 not JSON": {func(t *testing.T, e *simEnv, qid int64) error {
			return e.raw(t.Context(), "POST", "/assign", map[string]any{"que_id": qid, "agents": "[{"})
		}, 405, false, "JSON"},
		"assign 408 assign failed": {forced("POST", "/assign", 408, assign(client.AgentSkill{AgID: 5002, Skill: 1})), 408, false, "assign failed"},
		"assign 409 agents empty":  {assign(), 409, false, "agents empty"},
		"cancel 403 unknown group": {func(t *testing.T, e *simEnv, _ int64) error {
			return e.c.Queues.CancelAssign(t.Context(), 99999, []int64{5001})
		}, 403, true, "99999"},
		"cancel 404 id empty":     {rawStep("POST", "/cancel_assign", map[string]any{"que_id": "", "agents": "[5001]"}), 404, false, "que_id is empty"},
		"cancel 405 agents empty": {func(t *testing.T, e *simEnv, qid int64) error { return e.c.Queues.CancelAssign(t.Context(), qid, nil) }, 405, false, "agents empty"},
		"cancel 406 not JSON": {func(t *testing.T, e *simEnv, qid int64) error {
			return e.raw(t.Context(), "POST", "/cancel_assign", map[string]any{"que_id": qid, "agents": "5001,"})
		}, 406, false, "JSON"},
		"skill 403 unknown group": {func(t *testing.T, e *simEnv, _ int64) error {
			_, err := e.c.Queues.UpdateSkill(t.Context(), 99999, []client.AgentSkill{{AgID: 5001, Skill: 1}}, true)
			return err
		}, 403, true, "99999"},
		"skill 404 id empty": {rawStep("POST", "/update/skill", map[string]any{"que_id": "", "agents": `[{"ag_id":5001,"skill":1}]`}), 404, false, "que_id is empty"},
		"skill 405 not JSON": {func(t *testing.T, e *simEnv, qid int64) error {
			return e.raw(t.Context(), "POST", "/update/skill", map[string]any{"que_id": qid, "agents": "{"})
		}, 405, false, "JSON"},
		"skill 406 unknown agent":  {skill(true, client.AgentSkill{AgID: 5001, Skill: 2}, client.AgentSkill{AgID: 777, Skill: 1}), 406, false, "777"},
		"skill 407 not in group":   {skill(true, client.AgentSkill{AgID: 5002, Skill: 1}), 407, false, "5002"},
		"skill 500 bad skill":      {skill(true, client.AgentSkill{AgID: 5001, Skill: -1}), 500, false, "skill"},
		"get/agents 405 malformed": {func(t *testing.T, e *simEnv, _ int64) error { _, err := e.c.Queues.GetAgents(t.Context()); return err }, 405, false, "que_ids"},
		"get/agents 405 text":      {rawStep("GET", "/get/agents", map[string]any{"que_ids": "1,a"}), 405, false, "1,a"},
		"get/agents 401 forced":    {forced("GET", "/get/agents", 401, rawStep("GET", "/get/agents", map[string]any{"que_ids": "1"})), 401, false, ""},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e, qid := newQueueFixture(t)
			err := tc.run(t, e, qid)
			ae, isAPI := client.AsAPIError(err)
			if !isAPI || ae.Code != tc.code {
				t.Fatalf("err = %v, want API code %d", err, tc.code)
			}
			if client.IsNotFound(err) != tc.notFound {
				t.Errorf("IsNotFound = %v, want %v", client.IsNotFound(err), tc.notFound)
			}
			if !strings.Contains(ae.Message, tc.message) {
				t.Errorf("message %q does not contain %q", ae.Message, tc.message)
			}
		})
	}
}

// busy creates a group whose only agent is signed in.
func (e *simEnv) busy(t *testing.T) int64 {
	t.Helper()
	id := e.create(t, "Busy", "")
	if err := e.c.Queues.Assign(t.Context(), id, []client.AgentSkill{{AgID: 5003, Skill: 1}}); err != nil {
		t.Fatal(err)
	}
	return id
}

func newQueueFixture(t *testing.T) (*simEnv, int64) {
	e := newSimEnv(t, simulator.Options{})
	e.seedAgents(t, `[{"user_id": 5001, "user_num": "9001"}, {"user_id": 5002, "user_num": "9002"}, {"user_id": 5003, "user_num": "9003", "check_in": true}]`)
	qid := e.create(t, "Existing", "8001")
	e.create(t, "Other", "8002")
	if err := e.c.Queues.Assign(t.Context(), qid, []client.AgentSkill{{AgID: 5001, Skill: 1}}); err != nil {
		t.Fatal(err)
	}
	return e, qid
}

func TestQueueAddCountLimit(t *testing.T) {
	t.Parallel()
	e := newSimEnv(t, simulator.Options{MaxSkillGroups: 1})
	e.create(t, "One", "")
	_, err := e.c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Two", QuePriority: 1})
	if !client.HasCode(err, 407) || !strings.Contains(err.Error(), "limit") {
		t.Errorf("second group = %v, want code 407", err)
	}
}

// Assign's code-500 overall result lists each agent; the valid ones are
// applied.
func TestQueueAssignOverallResult(t *testing.T) {
	t.Parallel()
	e, qid := newQueueFixture(t)
	err := e.c.Queues.Assign(t.Context(), qid, []client.AgentSkill{{AgID: 5002, Skill: 2}, {AgID: 777, Skill: 1}, {AgID: 5001, Skill: 1}, {AgID: 5003, Skill: -1}})
	ae, ok := client.AsAPIError(err)
	if !ok || ae.Code != 500 {
		t.Fatalf("err = %v, want code 500", err)
	}
	want := map[string]int64{"5002": 200, "777": 406, "5001": 407, "5003": 408}
	items := ae.Items()
	if len(items) != len(want) {
		t.Fatalf("items = %+v", items)
	}
	for _, it := range items {
		if want[string(it.AgID)] != int64(it.Code) || it.Message == "" {
			t.Errorf("item %+v, want code %d", it, want[string(it.AgID)])
		}
	}
	agents, _ := e.c.Queues.GetAgents(t.Context(), qid)
	if got := agents[jsonText(qid)]; len(got) != 2 || got[1].AgID != 5002 || got[1].Skill != 2 {
		t.Errorf("members after partial assign = %+v, want 5001 and 5002 (skill 2)", got)
	}
}

func TestQueueDeleteOverallResult(t *testing.T) {
	t.Parallel()
	e, qid := newQueueFixture(t)
	err := e.c.Queues.Delete(t.Context(), qid, false)
	ae, ok := client.AsAPIError(err)
	// The client lifts the failing item's code; Data keeps the items.
	if !ok || ae.Code != 404 || !strings.Contains(ae.Message, "overall result code 500") {
		t.Fatalf("err = %v", err)
	}
	items := ae.Items()
	if len(items) != 1 || items[0].Code != 404 || string(items[0].QueID) != jsonText(qid) {
		t.Errorf("items = %+v", items)
	}
}

func TestQueueUpdateSkillNoTransaction(t *testing.T) {
	t.Parallel()
	e, qid := newQueueFixture(t)
	errs, err := e.c.Queues.UpdateSkill(t.Context(), qid, []client.AgentSkill{{AgID: 5001, Skill: 9}, {AgID: 5002, Skill: 1}, {AgID: 777, Skill: 1}}, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(errs) != 2 || errs[0].AgID != 5002 || !strings.Contains(string(errs[0].Message), "not in the group") || errs[1].AgID != 777 {
		t.Errorf("errMessage = %+v", errs)
	}
	agents, _ := e.c.Queues.GetAgents(t.Context(), qid)
	if got := agents[jsonText(qid)]; len(got) != 1 || got[0].Skill != 9 {
		t.Errorf("valid entry not applied: %+v", got)
	}
	// With is_transaction=1 nothing changes when one entry is invalid.
	if _, err := e.c.Queues.UpdateSkill(t.Context(), qid, []client.AgentSkill{{AgID: 5001, Skill: 4}, {AgID: 5002, Skill: 1}}, true); !client.HasCode(err, 407) {
		t.Fatalf("transaction = %v", err)
	}
	agents, _ = e.c.Queues.GetAgents(t.Context(), qid)
	if got := agents[jsonText(qid)]; got[0].Skill != 9 {
		t.Errorf("transaction changed skill to %d", got[0].Skill)
	}
}

func TestQueueBearerAuth(t *testing.T) {
	t.Parallel()
	e := newSimEnv(t, simulator.Options{Token: "other"})
	_, err := e.c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "A", QuePriority: 1})
	ae, ok := client.AsAPIError(err)
	if !ok || ae.Code != 401 || ae.HTTPStatus != 401 {
		t.Errorf("err = %v, want code 401 HTTP 401", err)
	}
}

// A create whose answer is lost after the group was made is not sent again:
// the client finds the group by name.
func TestQueueCreateDroppedAnswer(t *testing.T) {
	t.Parallel()
	var adds atomic.Int32
	dropFirstAdd := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == "POST" && strings.HasSuffix(r.URL.Path, "/queue/add") && adds.Add(1) == 1 {
				next.ServeHTTP(httptest.NewRecorder(), r) // the group is created …
				hj, _ := w.(http.Hijacker)
				if conn, _, err := hj.Hijack(); err == nil {
					conn.Close() // … and the answer never arrives
				}
				return
			}
			next.ServeHTTP(w, r)
		})
	}
	e := newSimEnv(t, simulator.Options{}, dropFirstAdd)
	id, err := e.c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Once", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	all, _ := client.Collect(e.c.Queues.List(t.Context(), client.SkillGroupFilter{}))
	if len(all) != 1 || string(all[0].ID) != id || adds.Load() != 1 {
		t.Errorf("groups %+v after %d adds; want exactly one, id %s", all, adds.Load(), id)
	}
	if n := e.sim.Stats()["POST /portal/v2/svcapi/queue/add"]; n != 1 {
		t.Errorf("simulator saw %d adds", n)
	}
}

// With the simulator dropping connections at random, creates still make
// each group exactly once and reads succeed through retries.
func TestQueueCreateUnderDropRate(t *testing.T) {
	t.Parallel()
	e := newSimEnv(t, simulator.Options{})
	e.faults(t, `{"drop_rate": 0.3, "seed": 7}`)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(e.origin), AccessToken: "sim-token", MaxRetries: 10,
		RetryWaitMin: time.Millisecond, RetryWaitMax: 2 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"a", "b", "c", "d", "e", "f"}
	for _, n := range names {
		if _, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: n, QuePriority: 1}); err != nil {
			t.Fatalf("Create %s: %v", n, err)
		}
	}
	e.faults(t, `{}`)
	all, err := client.Collect(c.Queues.List(t.Context(), client.SkillGroupFilter{}))
	if err != nil || len(all) != len(names) {
		t.Errorf("%d groups (%v), want %d", len(all), err, len(names))
	}
	if e.sim.Stats()["POST /portal/v2/svcapi/queue/add"] < len(names) {
		t.Error("no add reached the simulator?")
	}
}

func jsonText(n int64) string { b, _ := json.Marshal(n); return string(b) }

// A membership write refused with code 406 ("ag_id not of this
// enterprise") says which of its agents no longer exist, read once: the
// code alone read like a permission problem when an agent deleted
// elsewhere was still named.
func TestQueueWritesNameGoneAgents(t *testing.T) {
	t.Parallel()
	e, qid := newQueueFixture(t)
	err := e.c.Queues.Assign(t.Context(), qid, []client.AgentSkill{{AgID: 5002, Skill: 1}, {AgID: 7777, Skill: 1}})
	if ae, ok := client.AsAPIError(err); !ok || !strings.Contains(ae.Hint, "no agent has the id 7777: it was deleted") || strings.Contains(ae.Hint, "5002") {
		t.Errorf("assign: %v, want a hint naming agent 7777 alone", err)
	}
	_, err = e.c.Queues.UpdateSkill(t.Context(), qid, []client.AgentSkill{{AgID: 5001, Skill: 2}, {AgID: 777, Skill: 1}, {AgID: 778, Skill: 1}}, true)
	if ae, ok := client.AsAPIError(err); !ok || !strings.Contains(ae.Hint, "no agent has the ids 777, 778: they were deleted") {
		t.Errorf("update/skill: %v, want a hint naming agents 777 and 778", err)
	}
	// A refusal of another code says nothing more.
	_, err = e.c.Queues.UpdateSkill(t.Context(), qid, []client.AgentSkill{{AgID: 5003, Skill: 1}}, true)
	if ae, ok := client.AsAPIError(err); !ok || ae.Code != 407 || ae.Hint != "" {
		t.Errorf("update/skill of an agent not in the group: %v, want code 407 without a hint", err)
	}
}
