package client_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// finderEnv is a simulator with a setup client (c0, the "out of band"
// writer) and a way to make fresh clients, as the provider makes one per
// Terraform walk.
type finderEnv struct {
	sim    *simulator.Server
	origin string
	c0     *client.Client
	// fail, when set, answers a request instead of the simulator.
	fail atomic.Pointer[func(w http.ResponseWriter, r *http.Request) bool]
	// transport, when set, serves the clients' requests in process
	// (newBubbleFinderEnv).
	transport http.RoundTripper
}

// gatewayTemplates makes n gateway templates (T0, T1, ...) under the
// signature Acme through the simulator's own client, and returns their ids.
func (e *finderEnv) gatewayTemplates(t *testing.T, n int) []int64 {
	t.Helper()
	if _, err := e.c0.Gateway.AddSignature(t.Context(), client.GatewaySignatureInput{SignText: "Acme"}); err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for i := range n {
		id, err := e.c0.Gateway.AddTemplate(t.Context(), client.GatewayTemplateInput{TplTitle: fmt.Sprintf("T%d", i), TplText: "code ${c}", TplType: 1, SignText: "Acme"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return ids
}

func newFinderEnv(t *testing.T) *finderEnv {
	t.Helper()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	e := &finderEnv{sim: sim}
	srv := httptest.NewServer(e.handler())
	t.Cleanup(srv.Close)
	e.origin = srv.URL
	e.c0 = e.client(t, nil)
	return e
}

// newBubbleFinderEnv is newFinderEnv without a listener: its clients call
// the simulator in process (client.InProcess), so it works in a
// testing/synctest bubble, where the handlers' sleeps and the finder's
// windows run on the bubble's clock. Call it inside the bubble.
func newBubbleFinderEnv(t *testing.T) *finderEnv {
	t.Helper()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	e := &finderEnv{sim: sim, origin: "http://127.0.0.1:9"}
	e.transport = client.InProcess(t, e.handler())
	e.c0 = e.client(t, nil)
	return e
}

// handler answers with fail when set and it answers, else the simulator.
func (e *finderEnv) handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if f := e.fail.Load(); f != nil && (*f)(w, r) {
			return
		}
		e.sim.ServeHTTP(w, r)
	})
}

func (e *finderEnv) client(t *testing.T, now func() time.Time) *client.Client {
	t.Helper()
	cfg := client.Config{URLs: client.SurfaceURLs(e.origin), AccessToken: "sim-token",
		AppID: "sim-app", AppKey: "sim-key", MaxRetries: -1, Now: now}
	if e.transport != nil {
		cfg.HTTPClient = &http.Client{Transport: e.transport}
	}
	c, err := client.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// webhooksOneDeleted creates 120 webhooks (two pages of webhook/lists)
// and deletes the eighth; it returns their ids.
func (e *finderEnv) webhooksOneDeleted(t *testing.T) []int64 {
	t.Helper()
	var ids []int64
	for i := range 120 {
		w, err := e.c0.Webhooks.Create(t.Context(), client.WebhookInput{Name: fmt.Sprintf("W%d", i), URL: "https://example.com/x"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, w.ID.Int64())
	}
	if err := e.c0.Webhooks.Delete(t.Context(), ids[7]); err != nil {
		t.Fatal(err)
	}
	return ids
}

// calls returns the requests per "METHOD /path" since before.
func (e *finderEnv) calls(before map[string]int) map[string]int {
	out := map[string]int{}
	for k, v := range e.sim.Stats() {
		if d := v - before[k]; d > 0 {
			out[k] = d
		}
	}
	return out
}

const (
	usersList    = "POST /open/v3/svcapi/users/list"
	queueList    = "POST /portal/v2/svcapi/queue/list"
	queueAgents  = "GET /portal/v2/svcapi/queue/get/agents"
	webhookLists = "GET /autocall/api/v3/webhook/lists"
)

type objects struct {
	agents, groups, webhooks []int64
}

// seed makes n agents, skill groups and webhooks, and puts the first
// `members` agents in each of the first `members` groups.
func (e *finderEnv) seed(t *testing.T, n, members int) objects {
	t.Helper()
	ctx := t.Context()
	var o objects
	for i := range n {
		a, err := e.c0.Agents.Create(ctx, client.AgentInput{UserNum: ptr(fmt.Sprintf("7%04d", i)), UserName: ptr("A"), UserPassword: ptr("pw-123456")})
		if err != nil {
			t.Fatal(err)
		}
		o.agents = append(o.agents, a.UserID.Int64())
		q, err := e.c0.Queues.Create(ctx, client.SkillGroupInput{QueName: fmt.Sprintf("G%d", i), QuePriority: 1})
		if err != nil {
			t.Fatal(err)
		}
		qid, _ := strconv.ParseInt(q, 10, 64)
		o.groups = append(o.groups, qid)
		w, err := e.c0.Webhooks.Create(ctx, client.WebhookInput{Name: fmt.Sprintf("W%d", i), URL: fmt.Sprintf("https://example.com/%d", i)})
		if err != nil {
			t.Fatal(err)
		}
		o.webhooks = append(o.webhooks, w.ID.Int64())
	}
	for g := range members {
		var skills []client.AgentSkill
		for a := range members {
			skills = append(skills, client.AgentSkill{AgID: o.agents[a], Skill: 1})
		}
		if err := e.c0.Queues.Assign(ctx, o.groups[g], skills); err != nil {
			t.Fatal(err)
		}
	}
	return o
}

// readAll reads every object concurrently, as a Terraform refresh does
// (its parallelism is 10; here every read at once, the harder case).
func readAll(t *testing.T, c *client.Client, o objects, members int) {
	t.Helper()
	ctx := t.Context()
	var wg sync.WaitGroup
	errs := make(chan error, len(o.agents)+len(o.groups)+len(o.webhooks)+members)
	for i := range o.agents {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if a, err := c.Agents.Get(ctx, o.agents[i]); err != nil {
				errs <- fmt.Errorf("agent %d: %w", o.agents[i], err)
			} else if a.UserID.Int64() != o.agents[i] {
				errs <- fmt.Errorf("agent %d: got user_id %d", o.agents[i], a.UserID.Int64())
			}
		}()
	}
	for i := range o.groups {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if g, err := c.Queues.Get(ctx, o.groups[i]); err != nil {
				errs <- fmt.Errorf("group %d: %w", o.groups[i], err)
			} else if string(g.ID) != strconv.FormatInt(o.groups[i], 10) {
				errs <- fmt.Errorf("group %d: got id %s", o.groups[i], g.ID)
			}
		}()
	}
	for i := range o.webhooks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if w, err := c.Webhooks.Get(ctx, o.webhooks[i]); err != nil {
				errs <- fmt.Errorf("webhook %d: %w", o.webhooks[i], err)
			} else if w.ID.Int64() != o.webhooks[i] {
				errs <- fmt.Errorf("webhook %d: got id %d", o.webhooks[i], w.ID.Int64())
			}
		}()
	}
	for i := range members {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m, err := c.Queues.GetAgents(ctx, o.groups[i])
			if err != nil {
				errs <- fmt.Errorf("members of %d: %w", o.groups[i], err)
			} else if len(m[strconv.FormatInt(o.groups[i], 10)]) != members {
				errs <- fmt.Errorf("members of %d: %v", o.groups[i], m)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestFinderBatchesConcurrentReads: 50 agents, groups and webhooks (and 5
// memberships) read at once by a fresh client cost one call of each list.
func TestFinderBatchesConcurrentReads(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	o := e.seed(t, 50, 5)
	before := e.sim.Stats()
	readAll(t, e.client(t, nil), o, 5)
	got := e.calls(before)
	for _, k := range []string{usersList, queueList, queueAgents, webhookLists} {
		if got[k] != 1 {
			t.Errorf("%s: %d calls, want 1 (all calls: %v)", k, got[k], got)
		}
	}
}

// TestFinderAfterWriteBatchesByIDs: once a client has written, reads go by
// ids, and reads that arrive together still share a call.
//
// In a synctest bubble on the simulator in process (newBubbleFinderEnv):
// the 50 readers started together all ask before the first call by ids
// returns, which on the wall clock a loaded machine did not always let
// them do ("3 users/list calls, want at most 2" in make test: a reader
// scheduled after the second call had gone out made a third).
func TestFinderAfterWriteBatchesByIDs(t *testing.T) {
	t.Parallel()
	synctest.Test(t, finderAfterWriteBatchesByIDs)
}

func finderAfterWriteBatchesByIDs(t *testing.T) {
	e := newBubbleFinderEnv(t)
	o := e.seed(t, 50, 0)
	c := e.client(t, nil)
	if err := c.Webhooks.Update(t.Context(), o.webhooks[0], client.WebhookInput{Name: "W0", URL: "https://example.com/changed"}); err != nil {
		t.Fatal(err)
	}
	before := e.sim.Stats()
	readAll(t, c, objects{agents: o.agents}, 0)
	if got := e.calls(before); got[usersList] > 2 {
		t.Errorf("50 agents after a write: %d users/list calls, want at most 2 (%v)", got[usersList], got)
	}
}

// TestFinderWritesInvalidate: a client's own writes are seen by its next
// read (create, change, delete), even right after a read was served.
func TestFinderWritesInvalidate(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	o := e.seed(t, 3, 0)
	c := e.client(t, nil)
	ctx := t.Context()
	if _, err := c.Webhooks.Get(ctx, o.webhooks[0]); err != nil {
		t.Fatal(err)
	}
	w, err := c.Webhooks.Create(ctx, client.WebhookInput{Name: "new", URL: "https://example.com/new"})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := c.Webhooks.Get(ctx, w.ID.Int64()); err != nil || string(got.Name) != "new" {
		t.Errorf("created webhook: %v, %v", got, err)
	}
	if err := c.Webhooks.Update(ctx, o.webhooks[1], client.WebhookInput{Name: "renamed", URL: "https://example.com/1"}); err != nil {
		t.Fatal(err)
	}
	if got, err := c.Webhooks.Get(ctx, o.webhooks[1]); err != nil || string(got.Name) != "renamed" {
		t.Errorf("updated webhook: %v, %v", got, err)
	}
	if err := c.Webhooks.Delete(ctx, o.webhooks[2]); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Webhooks.Get(ctx, o.webhooks[2]); !client.IsNotFound(err) {
		t.Errorf("deleted webhook: %v, want not found", err)
	}

	// An agent's groups change with a membership write.
	if _, err := c.Agents.Get(ctx, o.agents[0]); err != nil {
		t.Fatal(err)
	}
	if err := c.Queues.Assign(ctx, o.groups[0], []client.AgentSkill{{AgID: o.agents[0], Skill: 2}}); err != nil {
		t.Fatal(err)
	}
	a, err := c.Agents.Get(ctx, o.agents[0])
	if err != nil || len(a.QueueIDList()) != 1 {
		t.Errorf("agent after assign: queues %v, %v", a.QueueIDList(), err)
	}
	m, err := c.Queues.GetAgents(ctx, o.groups[0])
	if err != nil || len(m[strconv.FormatInt(o.groups[0], 10)]) != 1 {
		t.Errorf("members after assign: %v, %v", m, err)
	}
	a, err = c.Agents.Update(ctx, o.agents[1], client.AgentInput{UserName: ptr("Renamed")})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := c.Agents.Get(ctx, o.agents[1]); err != nil || string(got.UserName) != "Renamed" {
		t.Errorf("updated agent: %v, %v (edit answered %v)", got, err, a)
	}
}

// TestFinderOutOfBand: what another client changes is seen by a new client
// (the provider makes one per walk) and by the same client once its
// answers have aged past the finder's TTL.
func TestFinderOutOfBand(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	o := e.seed(t, 2, 0)
	ctx := t.Context()
	var clock atomic.Int64
	now := func() time.Time { return time.Unix(0, clock.Load()) }
	clock.Store(time.Now().UnixNano())
	c := e.client(t, now)
	if _, err := c.Queues.Get(ctx, o.groups[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Agents.Get(ctx, o.agents[0]); err != nil {
		t.Fatal(err)
	}
	if err := e.c0.Queues.Delete(ctx, o.groups[0], true); err != nil {
		t.Fatal(err)
	}
	if _, err := e.c0.Agents.Update(ctx, o.agents[0], client.AgentInput{UserName: ptr("Elsewhere")}); err != nil {
		t.Fatal(err)
	}
	next := e.client(t, nil)
	if _, err := next.Queues.Get(ctx, o.groups[0]); !client.IsNotFound(err) {
		t.Errorf("new client: group deleted out of band read as %v, want not found", err)
	}
	if a, err := next.Agents.Get(ctx, o.agents[0]); err != nil || string(a.UserName) != "Elsewhere" {
		t.Errorf("new client: agent changed out of band read as %v, %v", a, err)
	}
	clock.Add(int64(3 * time.Minute))
	if _, err := c.Queues.Get(ctx, o.groups[0]); !client.IsNotFound(err) {
		t.Errorf("after the TTL: group deleted out of band read as %v, want not found", err)
	}
	if a, err := c.Agents.Get(ctx, o.agents[0]); err != nil || string(a.UserName) != "Elsewhere" {
		t.Errorf("after the TTL: agent changed out of band read as %v, %v", a, err)
	}
}

// TestFinderSecondReadCallsAgain: an answer serves one read of an object;
// reading it again (a poll waiting for a change) calls again and sees what
// changed meanwhile.
func TestFinderSecondReadCallsAgain(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	o := e.seed(t, 2, 0)
	c := e.client(t, nil)
	ctx := t.Context()
	for _, id := range o.webhooks {
		if _, err := c.Webhooks.Get(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.c0.Webhooks.Update(ctx, o.webhooks[0], client.WebhookInput{Name: "polled", URL: "https://example.com/0"}); err != nil {
		t.Fatal(err)
	}
	if w, err := c.Webhooks.Get(ctx, o.webhooks[0]); err != nil || string(w.Name) != "polled" {
		t.Errorf("second read: %v, %v; want the change made meanwhile", w, err)
	}
	if a, err := c.Agents.Get(ctx, o.agents[1]); err != nil || string(a.UserName) != "A" {
		t.Fatalf("first read of the agent: %v, %v", a, err)
	}
	if _, err := e.c0.Agents.Update(ctx, o.agents[1], client.AgentInput{UserName: ptr("Polled")}); err != nil {
		t.Fatal(err)
	}
	if a, err := c.Agents.Get(ctx, o.agents[1]); err != nil || string(a.UserName) != "Polled" {
		t.Errorf("second read of the agent: %v, %v; want the change made meanwhile", a, err)
	}
}

// TestFinderFailingCall: a call that fails fails the reads it served, with
// the API's error, and nothing else: reads of another kind at the same
// time succeed, and the next read calls again.
func TestFinderFailingCall(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	o := e.seed(t, 20, 0)
	var failed atomic.Int32
	fail := func(w http.ResponseWriter, r *http.Request) bool {
		if !strings.HasSuffix(r.URL.Path, "/users/list") || failed.Add(1) > 1 {
			return false
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"code":429001,"message":"quota exceeded for users/list"}`))
		return true
	}
	e.fail.Store(&fail)
	c := e.client(t, nil)
	ctx := t.Context()
	var wg sync.WaitGroup
	agentErrs := make([]error, len(o.agents))
	groupErrs := make([]error, len(o.groups))
	for i := range o.agents {
		wg.Add(2)
		go func() { defer wg.Done(); _, agentErrs[i] = c.Agents.Get(ctx, o.agents[i]) }()
		go func() { defer wg.Done(); _, groupErrs[i] = c.Queues.Get(ctx, o.groups[i]) }()
	}
	wg.Wait()
	failedReads := 0
	for i, err := range agentErrs {
		if err == nil {
			continue
		}
		failedReads++
		if !client.HasCode(err, 429001) || !strings.Contains(err.Error(), "quota exceeded") {
			t.Errorf("agent %d: %v, want the API's error (code 429001)", o.agents[i], err)
		}
	}
	if failedReads == 0 {
		t.Error("no agent read failed; the failing call served none")
	}
	for i, err := range groupErrs {
		if err != nil {
			t.Errorf("group %d read with the failing agents: %v", o.groups[i], err)
		}
	}
	if _, err := c.Agents.Get(ctx, o.agents[0]); err != nil {
		t.Errorf("read after the failed call: %v", err)
	}
}

// TestFinderAgentByNumServesGet: an import by user_num reads the agent once;
// the Read that follows is served from it.
func TestFinderAgentByNumServesGet(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	o := e.seed(t, 1, 0)
	c := e.client(t, nil)
	ctx := t.Context()
	before := e.sim.Stats()
	a, err := c.Agents.GetByNum(ctx, "70000")
	if err != nil || a.UserID.Int64() != o.agents[0] {
		t.Fatalf("GetByNum: %v, %v", a, err)
	}
	if got, err := c.Agents.Get(ctx, o.agents[0]); err != nil || got.Config == nil {
		t.Fatalf("Get: %v, %v", got, err)
	}
	if got := e.calls(before); got[usersList] != 1 {
		t.Errorf("import by number then read: %d users/list calls, want 1", got[usersList])
	}
}

// TestFinderMultiPageMissConfirmed: an object missing from a list read over
// several pages is read again before it is reported gone; one deleted is.
func TestFinderMultiPageMissConfirmed(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	ctx := t.Context()
	ids := e.webhooksOneDeleted(t)
	c := e.client(t, nil)
	before := e.sim.Stats()
	if _, err := c.Webhooks.Get(ctx, ids[8]); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Webhooks.Get(ctx, ids[7]); !client.IsNotFound(err) {
		t.Errorf("deleted webhook: %v, want not found", err)
	}
	if got := e.calls(before); got[webhookLists] != 4 {
		t.Errorf("%d webhook/lists calls, want 4 (two pages, then two to confirm the miss)", got[webhookLists])
	}
}

// TestTaskArraysNeverNull: a task sent without callers or assigned users
// leaves them out rather than sending null; empty ones are sent as [].
func TestTaskArraysNeverNull(t *testing.T) {
	t.Parallel()
	var bodies []string
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		if !strings.HasSuffix(r.URL.Path, "/updateOrCreate") {
			// The create's look for same-named tasks first: none.
			_, _ = w.Write([]byte(`{"code":0,"message":"ok","data":{"data":[],"current_page":1,"last_page":1,"total":0}}`))
			return
		}
		mu.Lock()
		bodies = append(bodies, string(b))
		mu.Unlock()
		_, _ = w.Write([]byte(`{"code":0,"message":"ok","data":{"id":1}}`))
	}))
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "t"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := c.Tasks.Create(ctx, client.Task{Name: "n", Type: 1}); err != nil {
		t.Fatal(err)
	}
	if err := c.Tasks.Update(ctx, client.Task{ID: 1, Name: "n", Type: 1, Callers: []client.FlexString{}, AssignedUsers: []client.AssignedUser{}}); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(bodies) != 2 || strings.Contains(bodies[0], "null") || strings.Contains(bodies[0], "callers") ||
		!strings.Contains(bodies[1], `"callers":[]`) || !strings.Contains(bodies[1], `"assigned_users":[]`) {
		t.Errorf("bodies: %q", bodies)
	}
}

// TestFinderGatewaySnapshotServesOneList: the gateway templates the
// resources read (one get_template for the first page) also answer one
// data-source read by ids in the same walk; the next one calls again.
func TestFinderGatewaySnapshotServesOneList(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	ctx := t.Context()
	ids := e.gatewayTemplates(t, 3)
	c := e.client(t, nil)
	const getTemplate = "POST /smsapi/tpl/v1/get_template"
	before := e.sim.Stats()
	var wg sync.WaitGroup
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := c.Gateway.GetTemplate(ctx, id); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	got, err := c.Gateway.GetTemplates(ctx, ids[:2])
	if err != nil || len(got) != 2 {
		t.Fatalf("GetTemplates: %v, %v", got, err)
	}
	if n := e.calls(before)[getTemplate]; n != 1 {
		t.Errorf("3 template reads and a read by ids: %d get_template calls, want 1", n)
	}
	if _, err := c.Gateway.GetTemplates(ctx, ids[:2]); err != nil {
		t.Fatal(err)
	}
	if n := e.calls(before)[getTemplate]; n != 2 {
		t.Errorf("a second read by ids: %d get_template calls in all, want 2", n)
	}
}

// TestFinderFreshReads: the first read of a walk prefetches the
// collection, whose answers serve later reads of other objects for a while.
// A data source read in an apply after depends_on (a provisioner changed
// the agent meanwhile, or another provider block) was answered from that
// prefetch and showed the agent as it had been. Reads through
// client.FreshReads are answered by calls that began after them.
func TestFinderFreshReads(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	o := e.seed(t, 3, 0)
	ctx := t.Context()
	c := e.client(t, nil)
	if _, err := c.Agents.Get(ctx, o.agents[0]); err != nil { // prefetches every agent
		t.Fatal(err)
	}
	for _, id := range o.agents[1:] {
		if _, err := e.c0.Agents.Update(ctx, id, client.AgentInput{UserName: ptr("Changed meanwhile")}); err != nil {
			t.Fatal(err)
		}
	}
	if a, err := c.Agents.Get(client.FreshReads(ctx), o.agents[1]); err != nil || string(a.UserName) != "Changed meanwhile" {
		t.Errorf("fresh read: %v, %v; want the change made after the prefetch", a, err)
	}
}

// TestFinderMissAcrossShiftingReads: the SMS signature list is newest
// first. A signature on the first row of page 2 is pulled onto page 1,
// unread, by a delete on page 1 between the two pages; the read that
// confirms the miss had it pushed back by a create and pulled again by
// another delete. Two reads missed it, and it was reported deleted (a
// refresh dropped it from state; for a webhook, the next apply created it
// twice). The two reads differ (each holds an object the other does not),
// so the list is read again, and the signature is found.
//
// In a synctest bubble on the simulator in process (newBubbleFinderEnv):
// its 1,200 and more requests wait on nothing but their loopback round
// trips, which under make test's load took 10.8 s; in process they cost
// less CPU, and the counts of calls do not depend on the scheduler.
func TestFinderMissAcrossShiftingReads(t *testing.T) {
	t.Parallel()
	synctest.Test(t, finderMissAcrossShiftingReads)
}

func finderMissAcrossShiftingReads(t *testing.T) {
	e := newBubbleFinderEnv(t)
	ctx := t.Context()
	var ids []int64
	for i := range 600 {
		s, err := e.c0.SMS.CreateSignature(ctx, client.SMSSignatureInput{SignText: fmt.Sprintf("Brand%03d", i)})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, s.ID.Int64())
	}
	// Newest first: ids[99] is the first row of page 2 (500 a page).
	target := ids[99]
	var lists atomic.Int32
	side := func(r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/sign/list") {
			return
		}
		b, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(strings.NewReader(string(b)))
		if strings.Contains(string(b), "sign_text") {
			return // the create's own lookup
		}
		page2 := strings.Contains(string(b), `"page":2`)
		switch n := lists.Add(1); {
		case n == 2 && page2: // read 1, before page 2
			if err := e.c0.SMS.DeleteSignature(context.Background(), ids[550]); err != nil {
				t.Error(err)
			}
		case n == 3: // read 2, before page 1
			if _, err := e.c0.SMS.CreateSignature(context.Background(), client.SMSSignatureInput{SignText: "PortalNew"}); err != nil {
				t.Error(err)
			}
		case n == 4 && page2: // read 2, before page 2
			if err := e.c0.SMS.DeleteSignature(context.Background(), ids[549]); err != nil {
				t.Error(err)
			}
		}
	}
	hook := func(_ http.ResponseWriter, r *http.Request) bool { side(r); return false }
	e.fail.Store(&hook)
	c := e.client(t, nil)
	got, err := c.SMS.GetSignature(ctx, target)
	if err != nil || got.ID.Int64() != target {
		t.Fatalf("signature %d, which existed throughout: %v, %v; want it found", target, got, err)
	}
	if n := lists.Load(); n != 6 {
		t.Errorf("%d sign/list calls, want 6 (three reads of two pages)", n)
	}
}

// TestFinderMissWhileTheListKeepsChanging: when every read of a list-only
// kind lacks an object of the one before (a delete elsewhere during each),
// the read of a missing id fails after missReads reads, saying so, and does
// not report the object gone. Objects created during every read do not
// stop it: a create cannot hide an object.
func TestFinderMissWhileTheListKeepsChanging(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	ctx := t.Context()
	ids := e.webhooksOneDeleted(t)
	var n atomic.Int32
	deleting := atomic.Bool{}
	hook := func(_ http.ResponseWriter, r *http.Request) bool {
		// Before each read's second page: a webhook made elsewhere, and
		// (when deleting) one of the first page deleted.
		if strings.HasSuffix(r.URL.Path, "/webhook/lists") && r.URL.Query().Get("name") == "" && n.Add(1)%2 == 0 {
			if _, err := e.c0.Webhooks.Create(context.Background(), client.WebhookInput{Name: "Portal", URL: "https://example.com/p"}); err != nil {
				t.Error(err)
			}
			if deleting.Load() {
				if err := e.c0.Webhooks.Delete(context.Background(), ids[20+n.Load()]); err != nil {
					t.Error(err)
				}
			}
		}
		return false
	}
	e.fail.Store(&hook)
	c := e.client(t, nil)
	if _, err := c.Webhooks.Get(ctx, ids[7]); !client.IsNotFound(err) {
		t.Errorf("webhooks created during every read: %v, want the deleted one not found", err)
	}
	deleting.Store(true)
	c = e.client(t, nil)
	n0 := n.Load()
	_, err := c.Webhooks.Get(ctx, ids[7])
	if err == nil || client.IsNotFound(err) || !strings.Contains(err.Error(), "missing from 4 reads of the list in a row, each lacking objects the one before held") {
		t.Errorf("err %v; want the list's deletes said, not a webhook reported gone", err)
	}
	// The message's 4 reads were made: two pages each.
	if got := n.Load() - n0; got != 8 {
		t.Errorf("%d webhook/lists calls, want 8 (4 reads of two pages)", got)
	}
}

// TestFinderMembershipServesEveryMember: a group's membership, read for
// each contactcenter_skill_group_member of the group in one walk (a reader
// each), costs one get/agents call, where the second to the last read each
// called again, one at a time (a plan of 150 members over 50 groups: 27
// calls, 11 s at 400 ms a call). A reader's second read (a poll), a read
// of the group itself after it, and a read after a write call again.
func TestFinderMembershipServesEveryMember(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	o := e.seed(t, 10, 3)
	c := e.client(t, nil)
	ctx := t.Context()
	before := e.sim.Stats()
	// The walk's first read lands before the others arrive (Terraform
	// runs ten at a time, one after another).
	if _, err := c.Queues.GetAgentsFor(ctx, "first", o.groups[0]); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for _, a := range o.agents {
		for _, g := range o.groups[:3] {
			wg.Go(func() {
				if _, err := c.Queues.GetAgentsFor(ctx, strconv.FormatInt(a, 10), g); err != nil {
					t.Error(err)
				}
			})
		}
	}
	wg.Wait()
	if got := e.calls(before); got[queueAgents] != 1 {
		t.Errorf("31 membership reads of 3 groups for 11 readers: %d get/agents calls, want 1 (%v)", got[queueAgents], got)
	}
	// The same reader again: a change made meanwhile elsewhere is seen.
	if err := e.c0.Queues.CancelAssign(ctx, o.groups[0], []int64{o.agents[0]}); err != nil {
		t.Fatal(err)
	}
	m, err := c.Queues.GetAgentsFor(ctx, strconv.FormatInt(o.agents[0], 10), o.groups[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range m[strconv.FormatInt(o.groups[0], 10)] {
		if a.AgID.Int64() == o.agents[0] {
			t.Errorf("a reader's second read served the first answer: agent %d is still in group %d", o.agents[0], o.groups[0])
		}
	}
}

// TestFinderLargeRefreshReadsTheWholeList: a refresh of 5,000 agents
// (users/list takes 500 a page: ten pages, past what a first read
// prefetches) by ten readers at a time, as Terraform's parallelism reads
// them, costs about twice the pages, where batching by ids cost thousands
// of calls (2,819 in a plan of an exported 5,000-agent center: the ten
// readers rarely put more than two ids in a call). Agents deleted out of
// band are still seen as gone, and every read gets its own agent.
func TestFinderLargeRefreshReadsTheWholeList(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	const n, readers = 5000, 10
	e.seedAgents(t, n)
	gone := map[int64]bool{20007: true, 23333: true, 24999: true}
	for id := range gone {
		if err := e.c0.Agents.Delete(t.Context(), id); err != nil {
			t.Fatal(err)
		}
	}
	c := e.client(t, nil)
	before := e.sim.Stats()
	ids := make(chan int64)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for range readers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for id := range ids {
				a, err := c.Agents.Get(t.Context(), id)
				switch {
				case gone[id] && !client.IsNotFound(err):
					errs <- fmt.Errorf("agent %d, deleted out of band: %v, %w; want not found", id, a, err)
				case !gone[id] && err != nil:
					errs <- fmt.Errorf("agent %d: %w", id, err)
				case !gone[id] && a.UserID.Int64() != id:
					errs <- fmt.Errorf("agent %d: got user_id %d", id, a.UserID.Int64())
				}
			}
		}()
	}
	for i := range n {
		ids <- int64(20000 + i)
	}
	close(ids)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	got := e.calls(before)
	t.Logf("refresh of %d agents, %d at a time: %d users/list calls", n, readers, got[usersList])
	if got[usersList] > 25 {
		t.Errorf("refresh of %d agents, %d at a time: %d users/list calls, want at most 25 (the collection is 10 pages)", n, readers, got[usersList])
	}
}
