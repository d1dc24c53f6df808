package client

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
)

// msgs is the message of each line, with its decision when it has one.
func msgs(lines []logLine) []string {
	var out []string
	for _, l := range lines {
		s := l.msg
		if d, ok := l.fields["decision"].(string); ok {
			s += ": " + d
		}
		out = append(out, s)
	}
	return out
}

// wantLines checks that the lines start as want says, in order.
func wantLines(t *testing.T, lines []logLine, want ...string) {
	t.Helper()
	got := msgs(lines)
	if len(got) != len(want) {
		t.Fatalf("log lines:\n  %s\nwant %d lines starting:\n  %s", strings.Join(got, "\n  "), len(want), strings.Join(want, "\n  "))
	}
	for i := range want {
		// A * stands for any text (a random wait); a $ ends the line.
		w, exact := strings.CutSuffix(want[i], "$")
		if exact && got[i] != w {
			t.Errorf("line %d = %q, want %q", i, got[i], w)
		}
		pre, rest, _ := strings.Cut(w, "*")
		if !strings.HasPrefix(got[i], pre) || !strings.Contains(got[i][len(pre):], rest) {
			t.Errorf("line %d = %q, want it to start %q", i, got[i], want[i])
		}
	}
}

// After each failed attempt the log says what the client does next: the
// wait before the next attempt and why, that it does not retry and why, or
// that it gives up.
func TestLogRetryDecisions(t *testing.T) {
	t.Parallel()
	get := Request{Surface: SurfacePortal, Method: "GET", Path: "/x", BodyKind: BodyNone, Envelope: EnvelopePortal, Idempotent: true, Read: true}
	post := Request{Surface: SurfacePortal, Method: "POST", Path: "/x", Envelope: EnvelopePortal}
	unavailable := func(w http.ResponseWriter) { w.WriteHeader(http.StatusServiceUnavailable) }
	tooMany := func(w http.ResponseWriter) {
		w.Header().Set("Retry-After", "0")
		w.WriteHeader(http.StatusTooManyRequests)
	}
	cases := map[string]struct {
		h    http.Handler
		req  Request
		want []string
	}{
		"backoff then success": {flaky(1, unavailable, `{"code":200}`, new(atomic.Int32)), get, []string{
			"contactcenter API request failed",
			"contactcenter API retry: retrying in *(backoff) as attempt 2 of 2",
			"contactcenter API request$",
		}},
		"giving up": {flaky(9, unavailable, `{"code":200}`, new(atomic.Int32)), get, []string{
			"contactcenter API request failed",
			"contactcenter API retry",
			"contactcenter API request failed",
			"contactcenter API giving up: giving up after 2 of 2 attempts",
		}},
		"retry-after": {flaky(1, tooMany, `{"code":200}`, new(atomic.Int32)), post, []string{
			"contactcenter API request failed",
			// Bounded by time (RateLimitPatience), not by max_retries.
			"contactcenter API retry: retrying in *(Retry-After 0s plus jitter) as attempt 2 (after a rate limit, retried within rate_limit patience)",
			"contactcenter API request$",
		}},
		"not idempotent": {flaky(1, unavailable, `{"code":200}`, new(atomic.Int32)), post, []string{
			"contactcenter API request failed",
			"contactcenter API not retried: not retried: the call is not idempotent",
		}},
		"refused": {&fixed{status: 200, body: `{"code":7,"message":"bad"}`}, get, []string{
			"contactcenter API request failed",
			"contactcenter API not retried: not retried: the service answered code 7",
		}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var logs logCapture
			c := newTestClient(t, tc.h, func(c *Config) { c.Log = logs.hook; c.MaxRetries = 1 })
			_ = c.Do(t.Context(), tc.req, nil)
			lines := logs.all()
			wantLines(t, lines, tc.want...)
			for _, l := range lines {
				if l.msg == "contactcenter API retry" {
					if _, ok := l.fields["wait_ms"].(int64); !ok || l.fields["wait_reason"] == nil || (l.fields["max_attempts"] != 2 && name != "retry-after") {
						t.Errorf("retry line fields %v: want wait_ms, wait_reason and max_attempts 2", l.fields)
					}
				}
				// A failure not retried because it is not transient (a
				// 404 of every read of a deleted object) stays at DEBUG.
				if l.msg == "contactcenter API not retried" && OperatorLine(l.msg, l.fields) {
					t.Errorf("not retried, not for a time limit, at INFO: %v", l.fields)
				}
			}
		})
	}
}

// A create whose answer was lost is not sent again blindly, and the log
// says so, then what the lookup found.
func TestLogCreateInDoubt(t *testing.T) {
	t.Parallel()
	for _, found := range []bool{true, false} {
		t.Run(fmt.Sprint("found=", found), func(t *testing.T) {
			t.Parallel()
			var logs logCapture
			c := newTestClient(t, flaky(9, dropConn, `{"code":200}`, new(atomic.Int32)), func(c *Config) { c.Log = logs.hook; c.MaxRetries = 1 })
			err := c.createOnce(t.Context(), Request{Surface: SurfacePortal, Method: "POST", Path: "/add", Envelope: EnvelopePortal}, nil,
				func(context.Context) (bool, error) { return found, nil }, nil)
			if (err == nil) != found {
				t.Fatalf("createOnce = %v", err)
			}
			// The line says what failed: at INFO (OperatorLine) it is
			// read without the attempt's DEBUG line before it.
			if l := logs.all()[1]; l.fields["reason"] == nil || !OperatorLine(l.msg, l.fields) {
				t.Errorf("create in doubt line %v: want the failure's reason, for INFO", l)
			}
			if found {
				wantLines(t, logs.all(),
					"contactcenter API request failed",
					"contactcenter API create in doubt: a create whose outcome is unknown is not sent again blindly: the object is looked up first",
					"contactcenter API create in doubt: the lookup found the object: the create took effect and is not sent again")
				return
			}
			wantLines(t, logs.all(),
				"contactcenter API request failed",
				"contactcenter API create in doubt: a create whose outcome is unknown",
				"contactcenter API create in doubt: the lookup did not find the object: sending the create again as attempt 2 of 2",
				"contactcenter API request failed",
				"contactcenter API create in doubt: a create whose outcome is unknown",
				"contactcenter API create in doubt: the lookup did not find the object; giving up after 2 of 2 attempts")
		})
	}
}

// The line of an answered attempt carries the envelope's request_id, code
// and message: an HTTP 200 whose envelope failed is logged as a failure.
// A non-2xx carries the start of its body. None of them carries a secret
// the service echoed.
func TestLogAnswerFields(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("é", 400)
	cases := map[string]struct {
		status int
		body   string
		want   map[string]any
	}{
		"envelope failure": {200, `{"code":1,"message":"password pw-SECRET is too weak; token tok-SECRET","request_id":"r-42"}`,
			map[string]any{"status": 200, "code": int64(1), "request_id": "r-42", "message": "password [REDACTED] is too weak; token [REDACTED]"}},
		"success": {200, `{"code":200,"message":"ok","request_id":"r-43"}`, map[string]any{"status": 200, "request_id": "r-43"}},
		"5xx": {502, `<html>upstream echoed pw-SECRET and key-SECRET</html>`,
			map[string]any{"status": 502, "code": int64(-1), "body_start": "<html>upstream echoed [REDACTED] and [REDACTED]</html>"}},
		"text on several lines": {503, "service\r\n  unavailable\n", map[string]any{"status": 503, "body_start": "service unavailable",
			"message": "HTTP 503: service unavailable"}},
		"long message": {200, `{"code":5,"message":"` + long + `","request_id":"r-44"}`, map[string]any{"code": int64(5), "request_id": "r-44"}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var logs logCapture
			c := newTestClient(t, &fixed{status: tc.status, body: tc.body}, func(c *Config) { c.Log = logs.hook; c.MaxRetries = 0 })
			err := c.Do(t.Context(), Request{Surface: SurfaceBase, Method: "POST", Path: "/users/add", Envelope: EnvelopePortal,
				Body: map[string]any{"user_num": "9001", "user_password": "pw-SECRET"}}, nil)
			lines := logs.all()
			if len(lines) == 0 {
				t.Fatal("no log line")
			}
			l := lines[0]
			if wantFailed := name != "success"; (l.msg == "contactcenter API request failed") != wantFailed || (err != nil) != wantFailed {
				t.Errorf("line %q for error %v", l.msg, err)
			}
			for k, v := range tc.want {
				if l.fields[k] != v {
					t.Errorf("%s = %#v, want %#v", k, l.fields[k], v)
				}
			}
			if name == "success" {
				for _, k := range []string{"code", "message", "error", "body_start"} {
					if _, ok := l.fields[k]; ok {
						t.Errorf("a success carries %s: %v", k, l.fields)
					}
				}
			}
			if name == "long message" {
				m, _ := l.fields["message"].(string)
				if len(m) > logLimit+len("…") || !strings.HasSuffix(m, "…") || !strings.HasPrefix(m, "éé") {
					t.Errorf("message of %d bytes not cut to %d: %q", len(m), logLimit, m)
				}
			}
			for _, l := range lines {
				b, _ := json.Marshal(l.fields)
				for _, s := range []string{"pw-SECRET", "tok-SECRET", "key-SECRET"} {
					if strings.Contains(string(b), s) || strings.Contains(fmt.Sprint(l.fields), s) {
						t.Errorf("log line carries %s: %s", s, b)
					}
				}
			}
		})
	}
}

// TestLogOverallResultSucceeded: sound/delete always answers code 500
// "overall result" with per-item results (§4.5, §7.2); when every item
// succeeded the caller takes it as a success, and the log called it a
// failure ("request failed", "not retried") on every sound destroy.
func TestLogOverallResultSucceeded(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		body   string
		failed bool
	}{
		"every item succeeded": {`{"code":500,"message":"overall result","data":[{"sound_id":"501","code":200,"message":"ok"}]}`, false},
		"an item failed":       {`{"code":500,"message":"overall result","data":[{"sound_id":"501","code":403,"message":"not found"}]}`, true},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var logs logCapture
			c := newTestClient(t, &fixed{status: 200, body: tc.body}, func(c *Config) { c.Log = logs.hook; c.MaxRetries = 0 })
			_ = c.Do(t.Context(), Request{Surface: SurfacePortal, Method: "GET", Path: "/v2/svcapi/sound/delete", Envelope: EnvelopePortal}, nil)
			got := strings.Join(msgs(logs.all()), "\n")
			if failed := strings.Contains(got, "request failed") || strings.Contains(got, "not retried"); failed != tc.failed {
				t.Errorf("log:\n%s\nwant a failure logged: %v", got, tc.failed)
			}
		})
	}
}

// TestLogCallField: a retry line carries no body, so among calls in
// flight at once (ccsync --log at concurrency 4: "contactcenter API retry
// ... /v3/svcapi/users/edit" with nothing naming the agent) it could not
// be tied to its object. Every line of one call, its attempts and its
// decisions, carries the same "call" number, and another call another.
func TestLogCallField(t *testing.T) {
	t.Parallel()
	var logs logCapture
	c := newTestClient(t, flaky(1, func(w http.ResponseWriter) { w.WriteHeader(http.StatusServiceUnavailable) }, `{"code":200}`, new(atomic.Int32)),
		func(c *Config) { c.Log = logs.hook })
	get := Request{Surface: SurfacePortal, Method: "GET", Path: "/x", BodyKind: BodyNone, Envelope: EnvelopePortal, Idempotent: true, Read: true}
	_ = c.Do(t.Context(), get, nil)
	_ = c.Do(t.Context(), get, nil)
	lines := logs.all()
	wantLines(t, lines, "contactcenter API request failed", "contactcenter API retry", "contactcenter API request$", "contactcenter API request$")
	var calls []any
	for _, l := range lines {
		calls = append(calls, l.fields["call"])
	}
	if len(calls) == 4 && (calls[0] == nil || calls[0] != calls[1] || calls[1] != calls[2] || calls[3] == nil || calls[3] == calls[0]) {
		t.Errorf("call fields %v: want one number for the first call's three lines, another for the second call", calls)
	}
}
