package client_test

import (
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// failOnce answers the next request whose path ends with a suffix armed by
// arm HTTP 503 (not processed), and counts every request by that suffix.
type failOnce struct {
	sim   http.Handler
	mu    sync.Mutex
	armed string
	hits  int
}

func (f *failOnce) arm(suffix string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.armed, f.hits = suffix, 0
}

func (f *failOnce) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.hits
}

func (f *failOnce) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	fail := false
	if f.armed != "" && strings.HasSuffix(r.URL.Path, f.armed) {
		f.hits++
		fail = f.hits == 1
	}
	f.mu.Unlock()
	if fail {
		http.Error(w, "upstream unavailable", http.StatusServiceUnavailable)
		return
	}
	f.sim.ServeHTTP(w, r)
}

// TestSafeCallsRetriedAfter503: the provider's page promises that reads
// and updates by id are retried after an HTTP 5xx (max_retries). The
// retry tests went through the transport alone, so a call that lost its
// safe-to-repeat mark (users/list, sms/template/update) would have failed
// a plan or an apply on one 503 with no test noticing. Each such call,
// answered 503 once, succeeds on its second request.
func TestSafeCallsRetriedAfter503(t *testing.T) {
	t.Parallel()
	f := &failOnce{}
	c := newSimEnv(t, simulator.Options{}, func(sim http.Handler) http.Handler { f.sim = sim; return f }).c
	ctx := t.Context()
	str := func(s string) *string { return &s }
	agent, err := c.Agents.Create(ctx, client.AgentInput{UserNum: str("8701"), UserName: str("Ann"), UserPassword: str("Secret-1")})
	if err != nil {
		t.Fatal(err)
	}
	gid, err := c.Queues.Create(ctx, client.SkillGroupInput{QueName: "Retry G", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	queID, _ := strconv.ParseInt(gid, 10, 64)
	hook, err := c.Webhooks.Create(ctx, client.WebhookInput{Name: "Retry", URL: "https://crm.example.com/hook", EventType: 1})
	if err != nil {
		t.Fatal(err)
	}
	sg, err := c.SMS.CreateSignature(ctx, client.SMSSignatureInput{SignText: "Retry"})
	if err != nil {
		t.Fatal(err)
	}
	tpl, err := c.SMS.CreateTemplate(ctx, client.SMSTemplateInput{TemplateName: "Retry", TemplateContents: "Hi ${name}", SignID: int64(sg.ID)})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path string
		call func() error
	}{
		{"/users/list", func() error { _, err := client.Collect(c.Agents.List(ctx, client.AgentFilter{})); return err }},
		{"/users/edit", func() error {
			_, err := c.Agents.Update(ctx, agent.UserID.Int64(), client.AgentInput{UserName: str("Ann B")})
			return err
		}},
		{"/queue/list", func() error { _, err := client.Collect(c.Queues.List(ctx, client.SkillGroupFilter{})); return err }},
		{"/queue/update", func() error {
			return c.Queues.Update(ctx, queID, client.SkillGroupInput{QueName: "Retry G", QuePriority: 2})
		}},
		{"/webhook/lists", func() error { _, err := client.Collect(c.Webhooks.List(ctx, client.WebhookFilter{})); return err }},
		{"/webhook/updateOrCreate", func() error {
			return c.Webhooks.Update(ctx, int64(hook.ID), client.WebhookInput{Name: "Retry 2", URL: "https://crm.example.com/hook", EventType: 1})
		}},
		{"/template/list", func() error {
			_, err := client.Collect(c.SMS.ListTemplates(ctx, client.SMSTemplateFilter{}))
			return err
		}},
		{"/template/update", func() error {
			_, err := c.SMS.UpdateTemplate(ctx, int64(tpl.ID), client.SMSTemplateInput{TemplateName: "Retry", TemplateContents: "Hello ${name}", SignID: int64(sg.ID)})
			return err
		}},
		{"/projects/lists", func() error { _, err := client.Collect(c.Tasks.List(ctx, client.TaskFilter{Type: 1})); return err }},
		{"/users/delete", func() error { return c.Agents.Delete(ctx, agent.UserID.Int64()) }},
	} {
		f.arm(tc.path)
		if err := tc.call(); err != nil || f.count() != 2 {
			t.Errorf("%s answered 503 once: %v after %d requests; want success on the second", tc.path, err, f.count())
		}
	}
	f.arm("")
	// An agent already gone is deleted (ccsync's prune of an agent deleted
	// by hand since its plan reported the row failed otherwise).
	if err := c.Agents.Delete(ctx, agent.UserID.Int64()); err != nil {
		t.Errorf("deleting an agent that is gone: %v, want success", err)
	}
}

// TestServerErrorsAreAmbiguous: an HTTP 5xx to a write says it may have
// taken effect (the send actions tell "may have been sent" by it, and a
// second run could send twice otherwise), HTTP 500 included.
func TestServerErrorsAreAmbiguous(t *testing.T) {
	t.Parallel()
	for _, status := range []int{500, 502, 503, 504} {
		if !client.IsAmbiguous(&client.APIError{HTTPStatus: status, Code: -1}) {
			t.Errorf("HTTP %d is not ambiguous", status)
		}
	}
}

// TestGroupListRefusedIsNotGone: queue/list answered code 403 ("group not
// of this enterprise", which names the group a que_id filter asked for)
// to the whole list made every group read from it "not found": a refresh
// dropped the groups from the state and planned them anew. Only the
// filtered read takes 403 for gone.
func TestGroupListRefusedIsNotGone(t *testing.T) {
	t.Parallel()
	e := newSimEnv(t, simulator.Options{})
	c := e.c
	var ids []int64
	for _, name := range []string{"Refused A", "Refused B"} {
		id, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: name, QuePriority: 1})
		if err != nil {
			t.Fatal(err)
		}
		n, _ := strconv.ParseInt(id, 10, 64)
		ids = append(ids, n)
	}
	e.faults(t, `{"force": [{"method": "POST", "path": "/portal/v2/svcapi/queue/list", "code": 403, "count": 10}]}`)
	// A plan's refresh: a client of its own, which reads every group in
	// one call.
	c2, err := client.New(client.Config{URLs: client.SurfaceURLs(e.origin), AccessToken: "sim-token"})
	if err != nil {
		t.Fatal(err)
	}
	c2.Refreshing()
	if _, err := c2.Queues.Get(t.Context(), ids[0]); err == nil || client.IsNotFound(err) || !strings.Contains(err.Error(), "code 403") {
		t.Errorf("group %d read from the whole list refused with 403: %v; want the refusal, not gone", ids[0], err)
	}
}
