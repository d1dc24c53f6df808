package resources

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-log/tflogtest"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/inproc"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// TestWaitForReview_interrupted: Ctrl-C during wait_for_approval (Terraform
// stops the provider, which cancels the request) was reported as the
// timeout running out, with the advice to raise it. It is now reported as
// an interruption; the timeout's own message is unchanged.
func TestWaitForReview_interrupted(t *testing.T) {
	t.Parallel()
	wait := func(ctx context.Context, timeout time.Duration) diag.Diagnostics {
		var diags diag.Diagnostics
		waitForReview(ctx, &diags, reviewWait{kind: "SMS Signature", what: "signature 101 (Acme)", op: "create", timeout: timeout,
			inReview: func(s int64) bool { return s == 0 }, rejected: 2, approved: 1,
			read: func(context.Context) (int64, string, error) { return 0, "", nil }})
		return diags
	}
	ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond) // stands for Ctrl-C
	defer cancel()
	d := wait(ctx, time.Hour)
	if len(d) != 1 || d[0].Summary() != "SMS Signature Review Wait Interrupted" ||
		!strings.Contains(d[0].Detail(), "signature 101 (Acme) was still in review when the apply was interrupted.") ||
		strings.Contains(d[0].Detail(), "timeout") {
		t.Errorf("interrupted: %v", d)
	}
	d = wait(t.Context(), 300*time.Millisecond)
	if len(d) != 1 || d[0].Summary() != "SMS Signature Review Not Finished" || !strings.Contains(d[0].Detail(), "timeout ran out") {
		t.Errorf("timed out: %v", d)
	}
}

// TestWaitForReview_interruptedUnread: Ctrl-C during a wait whose reads all
// failed (the platform unreachable since the create) said the signature
// "was still in review when the apply was interrupted", of a signature no
// read had seen; so did a wait whose reads failed after one had seen it in
// review. Each says its review state is not known, and the last failure.
//
// Each case runs in a synctest bubble: the reads 250 ms apart and the
// interrupt 600 ms in are on the bubble's clock. On the wall clock a
// loaded machine could put the failing read after the interrupt (350 ms
// of margin), and the wait ended as one whose last read succeeded.
func TestWaitForReview_interruptedUnread(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]interruptedUnreadCase{
		"never read":        {0, "signature 101 (Acme) had not been read when the apply was interrupted, so its review state is not known."},
		"failing since one": {1, "signature 101 (Acme) was in review at its last read that succeeded; the reads after it failed, so its review state when the apply was interrupted is not known."},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			synctest.Test(t, func(t *testing.T) { waitForReviewInterruptedUnread(t, tc) })
		})
	}
}

// interruptedUnreadCase is a case of TestWaitForReview_interruptedUnread:
// okReads reads see the signature in review, the later ones fail, and the
// interrupt comes 600 ms in; want is what the detail says.
type interruptedUnreadCase struct {
	okReads int
	want    string
}

func waitForReviewInterruptedUnread(t *testing.T, tc interruptedUnreadCase) {
	down := &client.APIError{HTTPStatus: 503, Message: "service unavailable"}
	reads := 0
	var d diag.Diagnostics
	ctx, cancel := context.WithTimeout(t.Context(), 600*time.Millisecond) // stands for Ctrl-C
	defer cancel()
	waitForReview(ctx, &d, reviewWait{kind: "SMS Signature", what: "signature 101 (Acme)", op: "create", timeout: time.Hour,
		inReview: func(s int64) bool { return s == 0 }, rejected: 2, approved: 1,
		read: func(context.Context) (int64, string, error) {
			if reads++; reads <= tc.okReads {
				return 0, "", nil
			}
			return 0, "", down
		}})
	if len(d) != 1 || d[0].Summary() != "SMS Signature Review Wait Interrupted" || !strings.Contains(d[0].Detail(), tc.want) ||
		!strings.Contains(d[0].Detail(), "The last read failed:") || strings.Contains(d[0].Detail(), "was still in review") {
		t.Errorf("after %d reads: %v", reads, d)
	}
}

// TestWaitForReview_rejectedAdvice: after a create the rejected object is
// tainted and replaced; after an update (or switching wait_for_approval on
// for an imported object) nothing is tainted, and the advice said it would
// be "replaced or resubmitted" all the same.
func TestWaitForReview_rejectedAdvice(t *testing.T) {
	t.Parallel()
	for op, want := range map[string]string{
		"create": "Terraform marks it tainted: the next apply replaces it",
		"update": "Change it and apply again: the change is submitted for review again",
	} {
		var d diag.Diagnostics
		waitForReview(t.Context(), &d, reviewWait{kind: "SMS Template", what: "template 3001 (Parcel)", op: op, timeout: time.Minute,
			inReview: func(s int64) bool { return s == 0 }, rejected: -1,
			read: func(context.Context) (int64, string, error) { return -1, "links are not allowed", nil }})
		if len(d) != 1 || d[0].Summary() != "SMS Template Rejected" ||
			!strings.Contains(d[0].Detail(), "The review rejected template 3001 (Parcel): links are not allowed") || !strings.Contains(d[0].Detail(), want) {
			t.Errorf("%s: %v", op, d)
		}
	}
}

// A template the review rejected, planned with nothing the review looks at
// changed, warns that it stays rejected and cannot send: the update that
// was rejected failed once, and the next plan found nothing to send and
// said nothing (a pipeline went green). An approved one says nothing.
func TestPlanReview_rejectedWarns(t *testing.T) {
	s := rschema.Schema{Attributes: map[string]rschema.Attribute{
		"id": rschema.StringAttribute{Computed: true}, "template_name": rschema.StringAttribute{Required: true},
		"state": rschema.Int64Attribute{Computed: true}, "state_name": rschema.StringAttribute{Computed: true},
		"reason": rschema.StringAttribute{Computed: true}, "wait_for_approval": rschema.BoolAttribute{Optional: true},
	}}
	typ := s.Type().TerraformType(t.Context())
	value := func(state int64, reason string) tftypes.Value {
		return tftypes.NewValue(typ, map[string]tftypes.Value{
			"id": tftypes.NewValue(tftypes.String, "3001"), "template_name": tftypes.NewValue(tftypes.String, "Welcome"),
			"state": tftypes.NewValue(tftypes.Number, state), "state_name": tftypes.NewValue(tftypes.String, "x"),
			"reason": tftypes.NewValue(tftypes.String, reason), "wait_for_approval": tftypes.NewValue(tftypes.Bool, true),
		})
	}
	for _, tc := range []struct {
		state  int64
		reason string
		warns  bool
	}{{2, "Brand name missing", true}, {1, "", false}} {
		req := resource.ModifyPlanRequest{State: tfsdk.State{Schema: s, Raw: value(tc.state, tc.reason)}, Plan: tfsdk.Plan{Schema: s, Raw: value(tc.state, tc.reason)}}
		resp := resource.ModifyPlanResponse{Plan: req.Plan}
		if !planReview(t.Context(), req, &resp, "SMS Template", 0, 2, "Change what the reviewer refused and apply, which submits it for review again.", []string{"template_name"}) {
			t.Fatalf("state %d: planReview planned nothing", tc.state)
		}
		switch {
		case !tc.warns && len(resp.Diagnostics) != 0:
			t.Errorf("state %d: %v, want nothing", tc.state, resp.Diagnostics)
		case tc.warns && (len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Severity() != diag.SeverityWarning ||
			resp.Diagnostics[0].Summary() != "SMS Template Rejected by Review" ||
			!strings.Contains(resp.Diagnostics[0].Detail(), `SMS Template 3001 was rejected by the platform's review (reason: "Brand name missing") and cannot be used to send`) ||
			// A way out for a template no one will resubmit, else the
			// warning shows on every plan for good.
			!strings.Contains(resp.Diagnostics[0].Detail(), "If it is not wanted any more, remove it from the configuration: the apply deletes it, and this warning stops.")):
			t.Errorf("state %d: %v, want the rejection warning", tc.state, resp.Diagnostics)
		}
	}
}

// TestWaitForReview_readsFailingForAWhile: a read of the object that
// failed after the client's own retries, for a rate limit (HTTP 429) or a
// server error, is tried again within the wait's timeout: ending the wait
// there tainted an object just created, replaced by the next apply. A
// refusal that says something about the object ends it at once.
func TestWaitForReview_readsFailingForAWhile(t *testing.T) {
	t.Parallel()
	fails := []error{&client.APIError{HTTPStatus: 429, Code: -1}, &client.APIError{HTTPStatus: 503, Code: -1}}
	reads := 0
	var d diag.Diagnostics
	waitForReview(t.Context(), &d, reviewWait{kind: "SMS Signature", what: "signature 101 (Acme)", op: "create", timeout: time.Minute,
		inReview: func(s int64) bool { return s == 0 }, rejected: 2, approved: 1,
		read: func(context.Context) (int64, string, error) {
			if reads++; reads <= len(fails) {
				return 0, "", fails[reads-1]
			}
			return 1, "", nil
		}})
	if d.HasError() || reads != 3 {
		t.Errorf("after a 429 and a 503: %v after %d reads; want the approval read on the third", d, reads)
	}
	d = nil
	waitForReview(t.Context(), &d, reviewWait{kind: "SMS Signature", what: "signature 101 (Acme)", op: "create", timeout: time.Minute,
		inReview: func(s int64) bool { return s == 0 }, rejected: 2, approved: 1,
		read: func(context.Context) (int64, string, error) {
			return 0, "", &client.APIError{HTTPStatus: 200, Code: 403, Message: "signature not of this enterprise"}
		}})
	if len(d) != 1 || d[0].Summary() != "Unable to Read SMS Signature While Waiting for Review" {
		t.Errorf("a refusal: %v", d)
	}
}

// TestWaitForReview_deleted: an object deleted while the apply waited for
// its review (in the portal) was polled until the create timeout, 30
// minutes by default; the wait ends at once, saying so.
//
// In a testing/synctest bubble: the wait's reads every 250 ms and its 2s
// timeout run on the bubble's clock, so "at once" (within 1 s) measures
// what the wait does, not how long a loaded machine took to run it.
func TestWaitForReview_deleted(t *testing.T) {
	t.Parallel()
	synctest.Test(t, waitForReviewDeleted)
}

func waitForReviewDeleted(t *testing.T) {
	var d diag.Diagnostics
	start := time.Now()
	waitForReview(t.Context(), &d, reviewWait{kind: "SMS Signature", what: "signature 101 (Acme)", op: "create", timeout: 2 * time.Second,
		inReview: func(s int64) bool { return s == 0 }, rejected: 2, approved: 1,
		read: func(context.Context) (int64, string, error) {
			return 0, "", fmt.Errorf("signature 101: %w", client.ErrNotFound)
		}})
	if len(d) != 1 || d[0].Summary() != "SMS Signature Deleted While Waiting for Review" ||
		!strings.Contains(d[0].Detail(), "signature 101 (Acme) was deleted while the apply waited for its review") || time.Since(start) > time.Second {
		t.Errorf("after %s: %v", time.Since(start), d)
	}
}

// TestWaitForReview_notFoundOnce: one read that does not find the object
// (a list lagging behind the create) does not end the wait: the object
// would be tainted and replaced. Two in a row do.
func TestWaitForReview_notFoundOnce(t *testing.T) {
	t.Parallel()
	reads := 0
	var d diag.Diagnostics
	waitForReview(t.Context(), &d, reviewWait{kind: "SMS Signature", what: "signature 101 (Acme)", op: "create", timeout: 5 * time.Second,
		inReview: func(s int64) bool { return s == 0 }, rejected: 2, approved: 1,
		read: func(context.Context) (int64, string, error) {
			reads++
			if reads == 1 {
				return 0, "", fmt.Errorf("signature 101: %w", client.ErrNotFound)
			}
			return 1, "", nil
		}})
	if len(d) != 0 || reads != 2 {
		t.Errorf("not found once, then approved: %d reads, %v", reads, d)
	}
}

// TestWaitForReview_serviceUnreachableForAWhile: a read that could not
// reach the service (nothing listening at the address for a moment, or no
// connection made within request_timeout) ended the wait with "Unable to
// Read SMS Signature While Waiting for Review", and Terraform tainted the
// object just created, replaced by the next apply. It is tried again
// within the wait's timeout, as a 503 is.
func TestWaitForReview_serviceUnreachableForAWhile(t *testing.T) {
	t.Parallel()
	// Nothing listens at the first address; the second accepts and never
	// answers the TLS handshake.
	ln, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refused := ln.Addr().String()
	ln.Close()
	silent, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { silent.Close() })
	go func() {
		var held []net.Conn
		defer func() {
			for _, c := range held {
				c.Close()
			}
		}()
		for {
			c, err := silent.Accept()
			if err != nil {
				return
			}
			held = append(held, c)
		}
	}()
	var fails []error
	for _, addr := range []string{"http://" + refused, "https://" + silent.Addr().String()} {
		c, err := client.New(client.Config{URLs: client.SurfaceURLs(addr), AccessToken: "tok", Timeout: 200 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.Webhooks.Get(t.Context(), 5)
		if err == nil {
			t.Fatalf("a read from %s succeeded", addr)
		}
		fails = append(fails, err)
	}
	reads := 0
	var d diag.Diagnostics
	waitForReview(t.Context(), &d, reviewWait{kind: "SMS Signature", what: "signature 101 (Acme)", op: "create", timeout: time.Minute,
		inReview: func(s int64) bool { return s == 0 }, rejected: 2, approved: 1,
		read: func(context.Context) (int64, string, error) {
			if reads++; reads <= len(fails) {
				return 0, "", fails[reads-1]
			}
			return 1, "", nil
		}})
	if d.HasError() || reads != 3 {
		t.Errorf("after %v: %v after %d reads; want the approval read on the third", fails, d, reads)
	}
}

// TestWaitForReview_unreachableUntilTheTimeout: the platform stopped
// answering right after the create, and the wait's timeout ran out while
// its first read was still retrying: the error said the signature "was
// still in review when the 1.5s timeout ran out. Raise the timeout", of a
// signature no read had seen. It says no read finished, and to check
// that the platform is reachable.
func TestWaitForReview_unreachableUntilTheTimeout(t *testing.T) {
	t.Parallel()
	ln, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refused := ln.Addr().String()
	ln.Close()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs("http://" + refused), AccessToken: "tok", Timeout: 200 * time.Millisecond,
		MaxRetries: 3, RetryWaitMin: time.Second, RetryWaitMax: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	var d diag.Diagnostics
	waitForReview(t.Context(), &d, reviewWait{kind: "SMS Signature", what: "signature 101 (Acme)", op: "create", timeout: 1500 * time.Millisecond,
		inReview: func(s int64) bool { return s == 0 }, rejected: 2, approved: 1,
		read: func(ctx context.Context) (int64, string, error) { _, err := c.Webhooks.Get(ctx, 5); return 0, "", err }})
	if !d.HasError() {
		t.Fatal("no error")
	}
	e := d.Errors()[0]
	if e.Summary() != "Unable to Read SMS Signature While Waiting for Review" || strings.Contains(e.Detail(), "still in review") ||
		!strings.Contains(e.Detail(), "signature 101 (Acme) could not be read before the 1.5s timeout ran out: its first read had not finished") ||
		!strings.Contains(e.Detail(), "check that the platform is reachable") {
		t.Errorf("the platform down for the whole wait:\n%s\n%s", e.Summary(), e.Detail())
	}
}

// TestWaitForReview_leftReviewUnapproved: an object that leaves review in
// a state that is neither an approval nor a rejection (a template saved as
// a draft in the portal while the apply waited, or a state the spec does
// not list) ended the wait without a word, and the apply said "complete"
// of an object that cannot send. One never in review (a gateway signature
// the gateway keeps as a draft) is said not to be submitted.
func TestWaitForReview_leftReviewUnapproved(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		op, kind, what string
		states         []int64 // what the reads find, the last one from then on
		names          func(int64) string
		summary        string
		want           []string
	}{
		{"create", "SMS Template", "template 3001 (Parcel)", []int64{0, -1}, client.TemplateStateName, "SMS Template Not Approved", []string{
			"template 3001 (Parcel) left review in state -1 (draft), which is neither approved (1) nor rejected (2)",
			"Terraform marks it tainted: the next apply replaces it"}},
		{"update", "SMS Template", "template 3001 (Parcel)", []int64{0, -1}, client.TemplateStateName, "SMS Template Not Approved", []string{
			"left review in state -1 (draft)", "a draft plans to submit it for review again"}},
		{"create", "SMS Signature", "signature 101 (Acme)", []int64{0, 3}, client.SignatureStateName, "SMS Signature Not Approved", []string{
			"signature 101 (Acme) left review in state 3 (a state the platform's documentation does not list)"}},
		{"create", "Gateway SMS Signature", "gateway signature 7 (Acme)", []int64{-1}, client.GatewayStateName, "Gateway SMS Signature Not Submitted for Review", []string{
			"gateway signature 7 (Acme) is in state -1 (draft), not in review", "Submit it for review on the platform, or set wait_for_approval = false"}},
	} {
		reads := 0
		var d diag.Diagnostics
		waitForReview(t.Context(), &d, reviewWait{kind: tc.kind, what: tc.what, op: tc.op, timeout: time.Minute,
			inReview: func(s int64) bool { return s == 0 }, rejected: 2, approved: 1, stateName: tc.names,
			read: func(context.Context) (int64, string, error) {
				reads++
				return tc.states[min(reads, len(tc.states))-1], "", nil
			}})
		if len(d) != 1 || d[0].Summary() != tc.summary || reads != len(tc.states) {
			t.Errorf("%s, states %v: %v after %d reads; want one error %q after %d", tc.op, tc.states, d, reads, tc.summary, len(tc.states))
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(d[0].Detail(), w) {
				t.Errorf("%s, states %v: %q\nwant it to say %q", tc.op, tc.states, d[0].Detail(), w)
			}
		}
	}
}

// TestWaitForReview_rateLimitedUntilTheTimeout: the platform answered every
// read HTTP 429 with a Retry-After longer than the wait's timeout. The
// error only said to check that the platform is reachable, of a platform
// that answered each time (the reader does not see why the shared read
// had not landed): it names the rate limit and max_requests_per_second.
func TestWaitForReview_rateLimitedUntilTheTimeout(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "30")
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusTooManyRequests)
		_, _ = w.Write([]byte(`{"code": 429, "message": "rate limit exceeded: retry after 30000 ms"}`))
	}))
	defer srv.Close()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "tok", Timeout: time.Second, MaxRetries: 3})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	var d diag.Diagnostics
	waitForReview(t.Context(), &d, reviewWait{kind: "SMS Signature", what: "signature 101 (Acme)", op: "create", timeout: time.Second,
		inReview: func(s int64) bool { return s == 0 }, rejected: 2, approved: 1,
		read: func(ctx context.Context) (int64, string, error) { _, err := c.Webhooks.Get(ctx, 5); return 0, "", err }})
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("the wait took %s with a 1s timeout", took)
	}
	if !d.HasError() {
		t.Fatal("no error")
	}
	e := d.Errors()[0]
	if e.Summary() != "Unable to Read SMS Signature While Waiting for Review" ||
		!strings.Contains(e.Detail(), "waiting for the time an HTTP 429 (rate limit) answer named") ||
		!strings.Contains(e.Detail(), "where it shows HTTP 429, set max_requests_per_second") {
		t.Errorf("every read refused by the rate limit:\n%s\n%s", e.Summary(), e.Detail())
	}
}

// TestWaitForReview_retryPastTheTimeout: a read whose next retry would
// come after the wait's timeout returns at once (client.TimeLimitError)
// instead of sleeping until the timeout. The wait still takes it for the
// timeout running out: it said "Unable to Read ... HTTP 503" as if the
// read had been refused, where the timeout was the cause and raising it
// the way out. The 503 read came first: lastErr names it.
//
// In a testing/synctest bubble, the platform answering in process
// (unavailableInProcess): the retry waits and the timeout run on the
// bubble's clock, so the bound on the wait is what the wait does.
func TestWaitForReview_retryPastTheTimeout(t *testing.T) {
	t.Parallel()
	synctest.Test(t, waitForReviewRetryPastTheTimeout)
}

func waitForReviewRetryPastTheTimeout(t *testing.T) {
	c, err := client.New(client.Config{URLs: client.SurfaceURLs("http://127.0.0.1:9"), AccessToken: "tok", Timeout: time.Second,
		MaxRetries: 3, RetryWaitMin: 20 * time.Second, RetryWaitMax: 20 * time.Second,
		HTTPClient: unavailableInProcess(t)})
	if err != nil {
		t.Fatal(err)
	}
	read := func(ctx context.Context) (int64, string, error) {
		return 0, "", c.Do(ctx, client.Request{Surface: client.SurfacePortal, Method: "GET", Path: "/x", BodyKind: client.BodyNone,
			Envelope: client.EnvelopePortal, Idempotent: true, Read: true}, nil)
	}
	var d diag.Diagnostics
	start := time.Now()
	waitForReview(t.Context(), &d, reviewWait{kind: "SMS Signature", what: "signature 101 (Acme)", op: "create", timeout: 3 * time.Second,
		inReview: func(s int64) bool { return s == 0 }, rejected: 2, approved: 1, read: read})
	if elapsed := time.Since(start); elapsed > 2*time.Second {
		t.Errorf("the wait took %v: it slept until its 3s timeout, which the read's next retry (in 20s) would pass", elapsed)
	}
	if !d.HasError() {
		t.Fatal("no error")
	}
	e := d.Errors()[0]
	if e.Summary() != "Unable to Read SMS Signature While Waiting for Review" ||
		!strings.Contains(e.Detail(), "signature 101 (Acme) could not be read before the 3s timeout ran out") ||
		!strings.Contains(e.Detail(), "raise the timeout (timeouts = { create = \"1h\" })") {
		t.Errorf("a read whose retry would pass the timeout:\n%s\n%s", e.Summary(), e.Detail())
	}
}

// TestWaitForReview_logged: a wait_for_approval of up to 2 hours wrote no
// line of its own: TF_LOG=INFO showed nothing while the apply waited, and
// DEBUG only list reads (sms/sign/list, page 1) that name no object. The
// wait says, at INFO, what it waits for and for how long at most, and how
// it ended; each read, at DEBUG, the state it found, the time waited so
// far and when the next read comes.
func TestWaitForReview_logged(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	ctx := tflogtest.RootLogger(t.Context(), &out)
	reads := 0
	var d diag.Diagnostics
	waitForReview(ctx, &d, reviewWait{kind: "SMS Signature", what: "signature 101 (Acme)", op: "create", timeout: time.Minute,
		inReview: func(s int64) bool { return s == 0 }, rejected: 2, approved: 1,
		read: func(context.Context) (int64, string, error) {
			if reads++; reads < 3 {
				return 0, "", nil
			}
			return 1, "", nil
		}})
	if d.HasError() {
		t.Fatal(d)
	}
	lines, err := tflogtest.MultilineJSONDecode(&out)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range lines {
		got = append(got, fmt.Sprintf("%s %s %v %v %v %v", l["@level"], l["@message"], l["object"], l["state"], l["next_read_in"], l["timeout"]))
	}
	want := []string{
		"info waiting for the platform's review signature 101 (Acme) <nil> <nil> 1m0s",
		"debug still in review signature 101 (Acme) 0 250ms 1m0s",
		"debug still in review signature 101 (Acme) 0 500ms 1m0s",
		"info review finished signature 101 (Acme) 1 <nil> 1m0s",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("log lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for i, l := range lines {
		if _, ok := l["elapsed"].(string); i > 0 && !ok {
			t.Errorf("line %v: no elapsed time", l)
		}
	}
}

// TestWaitForReview_finderRetryPastTheTimeout: the resources' waits read
// through the client's finders, whose shared reads run detached from the
// reader's context and its deadline: a read whose next retry (in 20s)
// would pass the 3s timeout slept until the timeout all the same, and the
// debug log said "retrying in 20s". The reader stops waiting for a retry
// its time limit would come before, as a call made in its own context does.
//
// In a testing/synctest bubble, the platform answering in process
// (unavailableInProcess): the retry waits and the timeout run on the
// bubble's clock, so the bound on the wait is what the wait does.
func TestWaitForReview_finderRetryPastTheTimeout(t *testing.T) {
	t.Parallel()
	synctest.Test(t, waitForReviewFinderRetryPastTheTimeout)
}

func waitForReviewFinderRetryPastTheTimeout(t *testing.T) {
	c, err := client.New(client.Config{URLs: client.SurfaceURLs("http://127.0.0.1:9"), AccessToken: "tok", Timeout: time.Second,
		MaxRetries: 3, RetryWaitMin: 20 * time.Second, RetryWaitMax: 20 * time.Second,
		HTTPClient: unavailableInProcess(t)})
	if err != nil {
		t.Fatal(err)
	}
	var d diag.Diagnostics
	start := time.Now()
	waitForReview(t.Context(), &d, reviewWait{kind: "SMS Signature", what: "signature 101 (Acme)", op: "create", timeout: 3 * time.Second,
		inReview: func(s int64) bool { return s == 0 }, rejected: 2, approved: 1,
		read: func(ctx context.Context) (int64, string, error) {
			_, err := c.SMS.GetSignature(ctx, 101)
			return 0, "", err
		}})
	if elapsed := time.Since(start); elapsed > 2*time.Second {
		t.Errorf("the wait took %v: it slept until its 3s timeout, which the read's next retry (in 20s) would pass", elapsed)
	}
	if !d.HasError() {
		t.Fatal("no error")
	}
	e := d.Errors()[0]
	if e.Summary() != "Unable to Read SMS Signature While Waiting for Review" ||
		!strings.Contains(e.Detail(), "signature 101 (Acme) could not be read before the 3s timeout ran out") {
		t.Errorf("a read whose retry would pass the timeout:\n%s\n%s", e.Summary(), e.Detail())
	}
	// It ended before the timeout, and says so: "the 3s timeout ran out"
	// alone was said of a wait that gave up after 0.1s.
	if !strings.Contains(e.Detail(), "so its review state is unknown. The wait ended after ") ||
		!strings.Contains(e.Detail(), ", before the timeout: the read's next retry, due in ") {
		t.Errorf("the wait's early end unexplained:\n%s", e.Detail())
	}
	// The finder's shared read, detached from this reader, goes on with
	// its retries 20s apart; the bubble ends once it has (bubble time).
	time.Sleep(2 * time.Minute)
}

// TestWaitForReview_loggedEnd: a wait that ended without the review's
// outcome (its timeout, an interrupt) logged "waiting for the platform's
// review" at INFO and then nothing; it says at INFO how it ended.
func TestWaitForReview_loggedEnd(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name      string
		interrupt bool
		want      string
	}{
		{"timeout", false, "info review wait ended signature 101 (Acme) timeout"},
		{"interrupted", true, "info review wait ended signature 101 (Acme) interrupted"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var out bytes.Buffer
			ctx, cancel := context.WithCancel(tflogtest.RootLogger(t.Context(), &out))
			defer cancel()
			var d diag.Diagnostics
			waitForReview(ctx, &d, reviewWait{kind: "SMS Signature", what: "signature 101 (Acme)", op: "create", timeout: 400 * time.Millisecond,
				inReview: func(s int64) bool { return s == 0 }, rejected: 2, approved: 1,
				read: func(context.Context) (int64, string, error) {
					if tc.interrupt {
						cancel()
					}
					return 0, "", nil
				}})
			lines, err := tflogtest.MultilineJSONDecode(&out)
			if err != nil || len(lines) == 0 {
				t.Fatal(err, lines)
			}
			l := lines[len(lines)-1]
			if got := fmt.Sprintf("%s %s %v %v", l["@level"], l["@message"], l["object"], l["ended"]); got != tc.want {
				t.Errorf("last log line %q, want %q", got, tc.want)
			}
		})
	}
}

// TestWaitForReview_loggedRetryItCut: the shared read of a wait (run
// without the wait's deadline) logged "contactcenter API retry ...
// retrying in 20s" at INFO and, in the same millisecond, the wait logged
// "review wait ended" (ended = timeout) and nothing of that retry: the
// log announced a retry the wait never waited for. The end line says it
// does not wait for it, and why; so does, before it, the client's line of
// the read that stops waiting for its shared call's retry (every shared
// read writes it).
func TestWaitForReview_loggedRetryItCut(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "20")
		w.WriteHeader(http.StatusTooManyRequests)
	}))
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "tok", Timeout: time.Second,
		MaxRetries: 3, RetryWaitMin: 20 * time.Second, RetryWaitMax: 20 * time.Second, Log: tfkit.TFLog})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	var d diag.Diagnostics
	waitForReview(tflogtest.RootLogger(t.Context(), &out), &d, reviewWait{kind: "SMS Signature", what: "signature 101 (Acme)", op: "create",
		timeout: 3 * time.Second, inReview: func(s int64) bool { return s == 0 }, rejected: 2, approved: 1,
		read: func(ctx context.Context) (int64, string, error) {
			_, err := c.SMS.GetSignature(ctx, 101)
			return 0, "", err
		}})
	lines, err := tflogtest.MultilineJSONDecode(&out)
	if err != nil {
		t.Fatal(err)
	}
	var info []string
	for _, l := range lines {
		if l["@level"] == "info" {
			info = append(info, fmt.Sprint(l["@message"]))
		}
	}
	want := []string{"waiting for the platform's review", "contactcenter API retry", "contactcenter API retry not waited for", "review wait ended"}
	if strings.Join(info, "\n") != strings.Join(want, "\n") {
		t.Fatalf("INFO lines:\n%s\nwant:\n%s", strings.Join(info, "\n"), strings.Join(want, "\n"))
	}
	l := lines[len(lines)-1]
	dec, _ := l["decision"].(string)
	if l["ended"] != "timeout" || !strings.HasPrefix(dec, "not waiting for the read's retry, due in ") ||
		!strings.Contains(dec, ": the 3s timeout ends in ") || !strings.HasSuffix(dec, ", before it") {
		t.Errorf("the end line does not say the retry it did not wait for: %v", l)
	}
	if w, ok := l["wait_ms"].(float64); !ok || w < 19000 {
		t.Errorf("wait_ms %v: want the retry's wait", l["wait_ms"])
	}
	if left, ok := l["left_ms"].(float64); !ok || left <= 0 || left > 3000 {
		t.Errorf("left_ms %v: want the time the timeout left", l["left_ms"])
	}
}

// unavailableInProcess is an HTTP client whose every request the platform
// answers HTTP 503, in process (inproc.Transport): no listener, so it
// works in a testing/synctest bubble. Call it inside the bubble.
func unavailableInProcess(t *testing.T) *http.Client {
	tr := inproc.New(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusServiceUnavailable) }))
	t.Cleanup(tr.Wait)
	return &http.Client{Transport: tr}
}
