package tfkit_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/inproc"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// One builder for every surface: a gateway failure reads like any other
// API failure, plus the §7.4 meaning of its code and what to do about it.
func TestAPIErrorDetail(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if strings.HasPrefix(r.URL.Path, "/smsapi/") {
			_, _ = w.Write([]byte(`{"code":1001,"msg":"bad sig"}`))
			return
		}
		_, _ = w.Write([]byte(`{"code":401,"message":"token expired","request_id":"r-1"}`))
	}))
	defer srv.Close()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "t", AppID: "a", AppKey: "k", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Gateway.GetTemplate(t.Context(), 7)
	got := tfkit.APIErrorDetail(err)
	for _, want := range []string{
		// The origin says which contact center answered (several in one configuration).
		"The smsapi_url API call POST " + srv.URL + "/smsapi/tpl/v1/get_template answered code 1001: bad sig.",
		"Code 1001 means: signature check failed.",
		"What to do: check sms_app_key (CONTACTCENTER_SMS_APP_KEY): it must be the secret of sms_app_id.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("gateway detail lacks %q:\n%s", want, got)
		}
	}

	_, err = c.Webhooks.Get(t.Context(), 3)
	got = tfkit.APIErrorDetail(err)
	for _, want := range []string{"answered code 401: token expired.", "Request ID: r-1.", "Check access_token"} {
		if !strings.Contains(got, want) {
			t.Errorf("open detail lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "means:") || strings.Contains(got, "What to do:") {
		t.Errorf("a surface without a code table got a gateway explanation:\n%s", got)
	}
}

// A rate limit that outlasted the retries says how to pace the provider.
func TestAPIErrorDetail_rateLimited(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "0")
		w.WriteHeader(http.StatusTooManyRequests)
	}))
	defer srv.Close()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "t", MaxRetries: 1, RateLimitPatience: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Webhooks.Get(t.Context(), 3)
	if got := tfkit.APIErrorDetail(err); !strings.Contains(got, "HTTP 429") || !strings.Contains(got, "max_requests_per_second") ||
		!strings.Contains(got, "The platform's rate limit refused the call at each of") || !strings.Contains(got, "though the provider slowed down after the first refusal") {
		t.Errorf("detail:\n%s", got)
	}
	// max_retries 0: not retried, and said so (it read "at each of 1
	// attempts over 0s, though the provider slowed down").
	c, err = client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "t", MaxRetries: 0})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Webhooks.Get(t.Context(), 3)
	if got := tfkit.APIErrorDetail(err); !strings.Contains(got, "which was not retried (max_retries is 0)") || strings.Contains(got, "at each of") {
		t.Errorf("max_retries 0, detail:\n%s", got)
	}
}

// A delete interrupted (Ctrl-C) in the wait an HTTP 429's Retry-After
// asked for said "which was not retried (max_retries is 0)", with max_retries 3
// and no word of the interrupt.
//
// In a synctest bubble on an in-process service (inProcess): the 429 is
// answered before the interrupt 200 ms in, on the bubble's clock, where on
// a listener a loaded machine could interrupt the delete before its first
// attempt was answered (a wait never begun).
func TestAPIErrorDetail_rateLimitedInterrupted(t *testing.T) {
	synctest.Test(t, rateLimitedInterrupted)
}

// inProcess is an http.Client that serves every request with h in
// process (inproc), for a client in a synctest bubble; call it inside the
// bubble: t's cleanup waits for the handlers still running.
func inProcess(t *testing.T, h http.Handler) *http.Client {
	tr := inproc.New(h)
	t.Cleanup(tr.Wait)
	return &http.Client{Transport: tr}
}

func rateLimitedInterrupted(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "30")
		w.WriteHeader(http.StatusTooManyRequests)
	})
	c, err := client.New(client.Config{URLs: client.SurfaceURLs("http://127.0.0.1:9"), AccessToken: "t", MaxRetries: 3, HTTPClient: inProcess(t, h)})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	time.AfterFunc(200*time.Millisecond, cancel)
	err = c.Webhooks.Delete(ctx, 3)
	if got := tfkit.APIErrorDetail(err); strings.Contains(got, "max_retries is 0") ||
		!strings.Contains(got, "the wait to send it again was interrupted (Terraform was stopped") || !strings.Contains(got, "max_requests_per_second") {
		t.Errorf("detail:\n%s", got)
	}
}

// A bare 5xx has no envelope code: the detail names the HTTP status once,
// without a meaningless "code -1".
func TestAPIErrorDetail_bare5xx(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(http.StatusGatewayTimeout)
		_, _ = w.Write([]byte("simulated gateway timeout"))
	}))
	defer srv.Close()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "t", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Webhooks.Get(t.Context(), 3)
	got := tfkit.APIErrorDetail(err)
	// "HTTP 504", not "504": the test server's port may hold the digits.
	if !strings.Contains(got, "answered HTTP 504: simulated gateway timeout.") || strings.Contains(got, "code -1") || strings.Count(got, "HTTP 504") != 1 {
		t.Errorf("detail:\n%s", got)
	}
	if s := err.Error(); strings.Contains(s, "code -1") || strings.Count(s, "HTTP 504") != 1 {
		t.Errorf("Error() = %q", s)
	}
}

// TestAPIErrorDetail_context: an error that says what the failed call was
// for, around the API's answer, kept only the answer: "listing the objects
// of the same name before creating one failed, so nothing was created and
// applying again is safe" was lost, and the user could not tell whether an
// object was made. The context now comes first.
func TestAPIErrorDetail_context(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte("<html>proxy error</html>"))
	}))
	defer srv.Close()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "t", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "CRM", URL: "https://crm.example.com/h"})
	got := tfkit.APIErrorDetail(err)
	if !strings.HasPrefix(got, "listing the objects of the same name before creating one failed, so nothing was created and applying again is safe:\n\nThe autocall_url API call GET") {
		t.Errorf("detail:\n%s", got)
	}
}

// A refusal where a read's redirect led was answered without the token:
// the detail says where, and does not send the user to check access_token.
func TestAPIErrorDetail_redirectedRead(t *testing.T) {
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"code":401,"message":"unauthorized"}`))
	}))
	defer other.Close()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.Path, http.StatusFound)
	}))
	defer srv.Close()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "t", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Webhooks.Get(t.Context(), 3)
	got := tfkit.APIErrorDetail(err)
	if !strings.Contains(got, "answered by "+other.URL) || strings.Contains(got, "Check access_token") {
		t.Errorf("detail:\n%s", got)
	}
}

// A create in doubt because its lookup found several new objects says so
// (the lookup did not fail), and warns off the other configuration's.
func TestAPIErrorDetail_severalNew(t *testing.T) {
	err := &client.CreateInDoubtError{Err: errors.New("POST /autocall/api/v3/webhook/updateOrCreate: EOF"),
		LookupErr: &client.SeveralNewError{Kind: "webhook", IDs: []string{"301", "302"}}}
	got := tfkit.APIErrorDetail(err)
	for _, want := range []string{"found 2 webhooks of the same key made since it began (ids 301, 302)",
		"one another configuration manages (see its state) is not this resource's", "Applying again without importing makes another one."} {
		if !strings.Contains(got, want) {
			t.Errorf("detail lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "failed too") || strings.Contains(got, "if it does not, apply again") {
		t.Errorf("detail says the lookup failed:\n%s", got)
	}
}

// What users meet first and worst: a wrong endpoint (nothing listening, a
// path of its own), a connection closed without an answer, Ctrl-C. The
// detail said Go's words ("dial tcp ...", "EOF", "context canceled") and
// nothing to do.
func TestAPIErrorDetail_unreachableAndInterrupted(t *testing.T) {
	t.Parallel()
	closed := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		conn, _, _ := w.(http.Hijacker).Hijack()
		_ = conn.Close()
	}))
	defer closed.Close()
	cut := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", "200")
		_, _ = w.Write([]byte(`{"code":200,"data":{"id":7,`))
		w.(http.Flusher).Flush()
		conn, _, _ := w.(http.Hijacker).Hijack()
		_ = conn.Close()
	}))
	defer cut.Close()
	noPath := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"code":404,"message":"no such interface: ` + r.URL.Path + `"}`))
	}))
	defer noPath.Close()
	slow := httptest.NewServer(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { <-r.Context().Done() }))
	defer slow.Close()
	refused := httptest.NewServer(http.NotFoundHandler())
	refused.Close()                                                // nothing listens there any more
	private := httptest.NewUnstartedServer(http.NotFoundHandler()) // a certificate this machine does not trust
	private.Config.ErrorLog = log.New(io.Discard, "", 0)
	private.StartTLS()
	defer private.Close()
	call := func(origin string, ctx func() (context.Context, context.CancelFunc)) string {
		c, err := client.New(client.Config{URLs: client.SurfaceURLs(origin), AccessToken: "t", MaxRetries: -1})
		if err != nil {
			t.Fatal(err)
		}
		cx, cancel := ctx()
		defer cancel()
		_, err = c.Tasks.Get(cx, 7)
		return tfkit.APIErrorDetail(err)
	}
	live := func() (context.Context, context.CancelFunc) { return context.WithCancel(t.Context()) }
	callWithin := func(origin string, timeout time.Duration) string {
		c, err := client.New(client.Config{URLs: client.SurfaceURLs(origin), AccessToken: "t", MaxRetries: -1, Timeout: timeout})
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.Tasks.Get(t.Context(), 7)
		return tfkit.APIErrorDetail(err)
	}
	stopped := func() (context.Context, context.CancelFunc) {
		cx, cancel := context.WithCancel(t.Context())
		cancel()
		return cx, cancel
	}
	for name, tc := range map[string]struct {
		got  string
		want []string
	}{
		"refused": {call(refused.URL, live), []string{" API call GET " + refused.URL + "/", " could not connect: connection refused (nothing listens at " + strings.TrimPrefix(refused.URL, "http://") + ").",
			"The service could not be reached, or closed the connection without answering. Check endpoint"}},
		"closed": {call(closed.URL, live), []string{" API call GET " + closed.URL + "/", "the connection was closed without an answer (EOF).", "Check endpoint"}},
		// No answer within request_timeout: what to do, not Go's
		// "context deadline exceeded". The limit leaves a loaded machine
		// time to connect: at 30ms one sometimes made no connection in
		// time, and the detail rightly said that instead.
		"slow": {callWithin(slow.URL, 500*time.Millisecond), []string{" API call GET " + slow.URL + "/", " got no answer within 500ms (request_timeout).",
			"Raise request_timeout (or CONTACTCENTER_REQUEST_TIMEOUT), or check that the service is reachable"}},
		// An answer cut off in the middle: the service was reached.
		"cut off": {call(cut.URL, live), []string{"the connection was closed before the whole answer arrived (unexpected EOF)", "in the middle of its answer"}},
		"no path": {call(noPath.URL, live), []string{"HTTP 404", "The server has no such path. Check endpoint (or CONTACTCENTER_ENDPOINT): it is the origin only"}},
		// The service was reached; its certificate is the matter.
		"untrusted": {call(private.URL, live), []string{"the service's TLS certificate was not accepted, so nothing was sent", "SSL_CERT_FILE"}},
		"ctrl-c":    {call(noPath.URL, stopped), []string{"Interrupted (Terraform was stopped, for example with Ctrl-C).", "run it again to continue"}},
	} {
		for _, w := range tc.want {
			if !strings.Contains(tc.got, w) {
				t.Errorf("%s: detail lacks %q:\n%s", name, w, tc.got)
			}
		}
		if strings.Contains(tc.got, "context canceled") || strings.Contains(tc.got, "deadline exceeded") || strings.Contains(tc.got, "dial tcp") || strings.Contains(tc.got, `Get "`) || strings.HasSuffix(tc.got, ": EOF") || (name == "cut off" || name == "untrusted") && strings.Contains(tc.got, "could not be reached") {
			t.Errorf("%s: Go's words left in:\n%s", name, tc.got)
		}
	}
}

// TestAPIErrorDetail_serverErrorSaysAttempts: a read that failed with
// HTTP 503 at every attempt said "retrying later may succeed" as if it had
// been tried once; it says how many attempts were made.
func TestAPIErrorDetail_serverErrorSaysAttempts(t *testing.T) {
	t.Parallel()
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "upstream unavailable", http.StatusServiceUnavailable)
	}))
	defer down.Close()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(down.URL), AccessToken: "t", MaxRetries: 2,
		RetryWaitMin: time.Millisecond, RetryWaitMax: 2 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Tasks.Get(t.Context(), 7)
	if got := tfkit.APIErrorDetail(err); !strings.Contains(got, "The service failed at each of 3 attempts; retrying later may succeed") {
		t.Errorf("detail lacks the attempts:\n%s", got)
	}
}

// TestAPIErrorDetail_interruptedNothingDone: a create interrupted while it
// listed the objects of its name said "... so nothing was created and
// applying again is safe: interrupted ...", began in lower case, and went
// on with the advice of an interrupted send ("check first what it did:
// running it again may repeat it"), which contradicted it.
func TestAPIErrorDetail_interruptedNothingDone(t *testing.T) {
	t.Parallel()
	err := &client.NothingDoneError{Err: fmt.Errorf("listing the objects of the same name before creating one failed, so nothing was created and applying again is safe: %w", context.Canceled)}
	got := tfkit.APIErrorDetail(err)
	want := "Listing the objects of the same name before creating one failed, so nothing was created and applying again is safe: interrupted (Terraform was stopped, for example with Ctrl-C)."
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	for in, want := range map[string]string{"the range is long": "The range is long", "time_start_end is missing": "time_start_end is missing",
		"sign_id 5 is wrong": "sign_id 5 is wrong", "POST /x": "POST /x", "": "", "iOS app": "iOS app", "état": "État"} {
		if got := tfkit.Sentence(in); got != want {
			t.Errorf("Sentence(%q) = %q, want %q", in, got, want)
		}
	}
}

// A read dropped without an answer at each of its attempts, by a service
// that answered other calls of the run, says so and how many attempts
// were made, not "Check endpoint": a destroy of 309 objects under lost
// answers blamed the endpoint for the two calls that failed.
func TestAPIErrorDetail_droppedByAServiceThatAnswers(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if calls.Add(1) == 1 {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"code":200,"message":"ok","data":{"list":[],"total":0}}`))
			return
		}
		conn, _, _ := w.(http.Hijacker).Hijack()
		_ = conn.Close()
	}))
	defer srv.Close()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "t", MaxRetries: 2, RetryWaitMin: time.Millisecond, RetryWaitMax: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	_, _ = c.Tasks.Get(t.Context(), 6) // answered
	_, err = c.Tasks.Get(t.Context(), 7)
	got := tfkit.APIErrorDetail(err)
	for _, w := range []string{"the connection was closed without an answer (EOF) at the last of 3 attempts.", "Other calls to this address were answered: the service, or a proxy on the way, dropped this one. Run the operation again"} {
		if !strings.Contains(got, w) {
			t.Errorf("detail lacks %q:\n%s", w, got)
		}
	}
	if strings.Contains(got, "Check endpoint") {
		t.Errorf("detail blames the endpoint of a service that answered:\n%s", got)
	}
}

// The same when the only answers were the call's own earlier attempts
// (HTTP 503, then a connection closed without an answer): the first read
// of a plan under faults (the group list every import by que_name waits
// for) said "The service could not be reached ... Check endpoint", beside
// errors of the same plan saying that the service answered.
func TestAPIErrorDetail_droppedAfterItsOwnAttemptsWereAnswered(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if calls.Add(1) <= 2 {
			http.Error(w, "simulated server fault", http.StatusServiceUnavailable)
			return
		}
		conn, _, _ := w.(http.Hijacker).Hijack()
		_ = conn.Close()
	}))
	defer srv.Close()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "t", MaxRetries: 2, RetryWaitMin: time.Millisecond, RetryWaitMax: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Tasks.Get(t.Context(), 7)
	got := tfkit.APIErrorDetail(err)
	for _, w := range []string{"the connection was closed without an answer (EOF) at the last of 3 attempts.", "the service, or a proxy on the way, dropped this one. Run the operation again"} {
		if !strings.Contains(got, w) {
			t.Errorf("detail lacks %q:\n%s", w, got)
		}
	}
	if strings.Contains(got, "Check endpoint") {
		t.Errorf("detail blames the endpoint of a service that answered the call's earlier attempts:\n%s", got)
	}
}

// A create interrupted by Ctrl-C while its outcome was unknown (sent and
// not answered, or timed out and being looked up) says so and to check
// before applying again: it said "raise request_timeout" (a time-out) or
// "run it again to continue", either of which makes a second object when
// the first lands, and glued "duplicate" to "interrupted".
//
// In a synctest bubble on an in-process service (inProcess): the create is
// sent at once, its 200 ms request_timeout and the interrupt 300 ms in are
// on the bubble's clock. On a listener a loaded machine could interrupt a
// create not yet sent, or one whose time-out had not yet come (100 ms
// apart).
func TestAPIErrorDetail_createInterrupted(t *testing.T) {
	t.Parallel()
	synctest.Test(t, createInterrupted)
}

func createInterrupted(t *testing.T) {
	hold := make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/updateOrCreate") {
			<-hold
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"code":0,"message":"ok","data":{"results":[],"current_page":1,"per_page":100,"total":0}}`))
	})
	hc := inProcess(t, h)
	defer close(hold)
	for name, timeout := range map[string]time.Duration{"while sent": time.Minute, "while looked up after a time-out": 200 * time.Millisecond} {
		c, err := client.New(client.Config{URLs: client.SurfaceURLs("http://127.0.0.1:9"), AccessToken: "t", Timeout: timeout, MaxRetries: 1,
			RetryWaitMin: time.Millisecond, RetryWaitMax: time.Millisecond, HTTPClient: hc})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(t.Context())
		time.AfterFunc(300*time.Millisecond, cancel)
		_, err = c.Webhooks.Create(ctx, client.WebhookInput{Name: "W", URL: "https://example.com/w", EventType: 1})
		got := tfkit.APIErrorDetail(err)
		for _, w := range []string{"Interrupted (Terraform was stopped, for example with Ctrl-C) after the create was sent, and the service may still carry it out",
			"Before applying again, check on the platform whether the object exists (it may appear a little later): if it does, import it", "if it does not, apply again."} {
			if !strings.Contains(got, w) {
				t.Errorf("%s: detail lacks %q:\n%s", name, w, got)
			}
		}
		for _, w := range []string{"Raise request_timeout", "run it again to continue", "duplicateinterrupted", "context canceled"} {
			if strings.Contains(got, w) {
				t.Errorf("%s: detail says %q:\n%s", name, w, got)
			}
		}
	}
}

// A create sent several times, each time without a known outcome, whose
// lookup then finds several objects says they may all be this apply's: it
// said "one may be another configuration's ... the create was not sent
// again", and a user imported one and left the others as someone else's.
func TestAPIErrorDetail_severalFoundAfterSeveralSends(t *testing.T) {
	t.Parallel()
	several := &client.SeveralNewError{Kind: "webhook", IDs: []string{"301", "302", "303"}}
	sent := errors.New("POST /api/v3/webhook/updateOrCreate: HTTP 504")
	got := tfkit.APIErrorDetail(&client.CreateInDoubtError{Err: sent, LookupErr: several, Sends: 3})
	for _, w := range []string{"found 3 webhooks of the same key made since it began (ids 301, 302, 303)", "The create was sent 3 times, each time without a known outcome, so they may all be this apply's"} {
		if !strings.Contains(got, w) {
			t.Errorf("detail lacks %q:\n%s", w, got)
		}
	}
	if strings.Contains(got, "was not sent again") {
		t.Errorf("detail says the create was not sent again:\n%s", got)
	}
	if once := tfkit.APIErrorDetail(&client.CreateInDoubtError{Err: sent, LookupErr: several, Sends: 1}); !strings.Contains(once, "One may be another configuration's") {
		t.Errorf("sent once:\n%s", once)
	}
}

// TestAddAPIError_interruptedAdviceByOperation: an interrupted call got the
// advice of an interrupted send ("check first what it did: running it again
// may repeat it") whatever it was; a read, an update and a delete say what
// is true of them, and a create, a send or an action keep that advice.
func TestAddAPIError_interruptedAdviceByOperation(t *testing.T) {
	t.Parallel()
	err := fmt.Errorf("reading agent 12: %w", context.Canceled)
	for summary, want := range map[string]string{
		"Unable to Read Agent":         "This was a read, which changes nothing on the platform",
		"Unable to List Skill Groups":  "This was a read, which changes nothing on the platform",
		"Unable to Import Agent":       "This was a read, which changes nothing on the platform",
		"Unable to Update Webhook":     "The update may or may not have reached the platform: the object may have all, some or none of the new values",
		"Unable to Delete Sound":       "Run the destroy (or apply) again: an object already gone is then dropped from the state",
		"Unable to Create Skill Group": "check first what it did: running it again may repeat it",
		"Unable to Send SMS":           "check first what it did: running it again may repeat it",
		"Unable to Change Task Status": "check first what it did: running it again may repeat it",
	} {
		var diags diag.Diagnostics
		tfkit.AddAPIError(&diags, summary, err)
		if got := diags[0].Detail(); !strings.HasPrefix(got, "Reading agent 12: interrupted (Terraform was stopped, for example with Ctrl-C).\n\n") || !strings.Contains(got, want) {
			t.Errorf("%s:\n%s\nwant it to say %q", summary, got, want)
		}
	}
	if got := tfkit.APIErrorDetail(err); !strings.HasSuffix(got, "(after an interrupted send or action, check first what it did: running it again may repeat it).") {
		t.Errorf("APIErrorDetail (sends, actions) changed:\n%s", got)
	}
}
