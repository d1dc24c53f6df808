package client

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// dropConn closes the connection without an answer: a transport error.
func dropConn(w http.ResponseWriter) {
	hj, _ := w.(http.Hijacker)
	conn, _, err := hj.Hijack()
	if err == nil {
		_ = conn.Close()
	}
}

// flaky fails the first `fails` requests with how, then answers ok.
func flaky(fails int32, how func(w http.ResponseWriter), ok string, n *atomic.Int32) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if n.Add(1) <= fails {
			how(w)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, ok)
	})
}

func status(code int, body string) func(w http.ResponseWriter) {
	return func(w http.ResponseWriter) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		_, _ = io.WriteString(w, body)
	}
}

func TestRetries(t *testing.T) {
	t.Parallel()
	portalOK, gatewayOK := `{"code":200,"message":"ok"}`, `{"code":0,"msg":"success"}`
	cases := map[string]struct {
		fails      int32
		how        func(http.ResponseWriter)
		okBody     string
		surface    Surface
		env        Envelope
		idempotent bool
		maxRetries int
		wantCalls  int32
		wantErr    bool
	}{
		"idempotent transport error retried": {2, dropConn, portalOK, SurfacePortal, EnvelopePortal, true, 3, 3, false},
		"idempotent 503 retried":             {2, status(503, "busy"), portalOK, SurfacePortal, EnvelopePortal, true, 3, 3, false},
		"idempotent 500 envelope retried":    {1, status(500, `{"code":500,"message":"system error"}`), portalOK, SurfacePortal, EnvelopePortal, true, 3, 2, false},
		"gateway 1010 retried":               {2, status(200, `{"code":1010,"msg":"sending timed out (retry)"}`), gatewayOK, SurfaceSMSAPI, EnvelopeGateway, true, 3, 3, false},
		"retries exhausted":                  {10, status(502, "bad gateway"), portalOK, SurfacePortal, EnvelopePortal, true, 2, 3, true},
		"max_retries 0":                      {1, status(503, "busy"), portalOK, SurfacePortal, EnvelopePortal, true, 0, 1, true},
		"business error not retried":         {1, status(200, `{"code":404,"message":"group exists"}`), portalOK, SurfacePortal, EnvelopePortal, true, 3, 1, true},
		"gateway other code not retried":     {1, status(200, `{"code":1001,"msg":"signature check failed"}`), gatewayOK, SurfaceSMSAPI, EnvelopeGateway, true, 3, 1, true},
		"non-idempotent transport error":     {1, dropConn, portalOK, SurfacePortal, EnvelopePortal, false, 3, 1, true},
		"non-idempotent 503":                 {1, status(503, "busy"), portalOK, SurfacePortal, EnvelopePortal, false, 3, 1, true},
		"non-idempotent gateway 1010":        {1, status(200, `{"code":1010,"msg":"retry"}`), gatewayOK, SurfaceSMSAPI, EnvelopeGateway, false, 3, 1, true},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var n atomic.Int32
			c := newTestClient(t, flaky(tc.fails, tc.how, tc.okBody, &n), func(c *Config) { c.MaxRetries = tc.maxRetries })
			err := c.Do(t.Context(), Request{Surface: tc.surface, Method: "POST", Path: "/x", Envelope: tc.env, Idempotent: tc.idempotent}, nil)
			if (err != nil) != tc.wantErr {
				t.Errorf("err = %v, want error %v", err, tc.wantErr)
			}
			if n.Load() != tc.wantCalls {
				t.Errorf("server saw %d requests, want %d", n.Load(), tc.wantCalls)
			}
		})
	}
}

func TestRetryBackoff(t *testing.T) {
	t.Parallel()
	var n atomic.Int32
	var mu sync.Mutex
	var stamps []time.Time
	h := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		mu.Lock()
		stamps = append(stamps, time.Now())
		mu.Unlock()
		n.Add(1)
		w.WriteHeader(503)
	})
	c := newTestClient(t, h, func(c *Config) {
		c.MaxRetries, c.RetryWaitMin, c.RetryWaitMax = 3, 20*time.Millisecond, 60*time.Millisecond
	})
	err := c.Do(t.Context(), Request{Surface: SurfacePortal, Method: "GET", Path: "/x", BodyKind: BodyNone, Envelope: EnvelopePortal, Idempotent: true}, nil)
	if e, ok := AsAPIError(err); !ok || e.HTTPStatus != 503 || !strings.Contains(e.Message, "HTTP 503") {
		t.Fatalf("err = %v", err)
	}
	if len(stamps) != 4 {
		t.Fatalf("%d attempts, want 4", len(stamps))
	}
	// Waits are jittered within [d/2, d] for d = 20ms, 40ms, 60ms (capped).
	for i, minWait := range []time.Duration{10, 20, 30} {
		if gap := stamps[i+1].Sub(stamps[i]); gap < minWait*time.Millisecond {
			t.Errorf("wait before attempt %d was %v, want at least %v", i+2, gap, minWait*time.Millisecond)
		}
	}

	// A cancelled context ends the wait at once.
	ctx, cancel := context.WithCancel(t.Context())
	c2 := newTestClient(t, h, func(c *Config) { c.RetryWaitMin, c.RetryWaitMax = time.Hour, time.Hour })
	time.AfterFunc(20*time.Millisecond, cancel)
	start := time.Now()
	err = c2.Do(ctx, Request{Surface: SurfacePortal, Method: "GET", Path: "/x", BodyKind: BodyNone, Envelope: EnvelopePortal, Idempotent: true}, nil)
	if !errors.Is(err, context.Canceled) || time.Since(start) > 5*time.Second {
		t.Errorf("cancelled retry: err %v after %v", err, time.Since(start))
	}
}

// createServer models an API whose create may succeed and still lose its
// answer. It counts creates and lookups.
type createServer struct {
	mu      sync.Mutex
	objects map[string]string
	creates int
	lookups int
	// plan says what each create attempt does: "drop-after" creates then
	// drops the connection, "drop-before" drops without creating, "503"
	// answers 503 without creating, "429" refuses (Retry-After: 0), "ok" creates and answers.
	plan []string
	// lookupFails is how many lookups answer 503 before they answer.
	lookupFails int
}

func (s *createServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	switch r.URL.Path {
	case "/portal/find":
		s.lookups++
		if s.lookups <= s.lookupFails {
			w.WriteHeader(503)
			return
		}
		name := r.URL.Query().Get("name")
		_ = json.NewEncoder(w).Encode(map[string]any{"code": 200, "id": s.objects[name]})
	case "/portal/add":
		var in struct {
			Name string `json:"name"`
		}
		_ = json.NewDecoder(r.Body).Decode(&in)
		step := "ok"
		if s.creates < len(s.plan) {
			step = s.plan[s.creates]
		}
		s.creates++
		create := func() string {
			id := fmt.Sprint(100 + len(s.objects))
			s.objects[in.Name] = id
			return id
		}
		switch step {
		case "drop-after":
			create()
			dropConn(w)
		case "drop-before":
			dropConn(w)
		case "503":
			w.WriteHeader(503)
		case "429":
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(http.StatusTooManyRequests)
		case "exists":
			_, _ = io.WriteString(w, `{"code":404,"message":"group exists"}`)
		default:
			_ = json.NewEncoder(w).Encode(map[string]any{"code": 200, "id": create()})
		}
	}
}

func TestCreateOnce(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		plan        []string
		maxRetries  int
		wantCreates int
		wantLookups int
		wantObjects int
		wantErr     bool
		lookupFails int
	}{
		// A lookup that fails (every retry of it) leaves the create in
		// doubt: it is looked up again, never re-sent blindly, and never
		// reported failed while it may exist.
		"answer lost, first lookup fails: looked up again, found":         {[]string{"drop-after"}, 1, 1, 3, 1, false, 2},
		"dropped before create, first lookup fails: re-sent after a miss": {[]string{"drop-before"}, 1, 2, 3, 1, false, 2},
		"answer lost, every lookup fails: error, not re-sent":             {[]string{"drop-after"}, 1, 1, 4, 1, true, 100},
		"answer lost after create: found, not re-sent":                    {[]string{"drop-after"}, 3, 1, 1, 1, false, 0},
		"dropped before create: re-sent once":                             {[]string{"drop-before"}, 3, 2, 1, 1, false, 0},
		"503 without create: re-sent":                                     {[]string{"503", "503"}, 3, 3, 2, 1, false, 0},
		"business error: no lookup, no re-send":                           {[]string{"exists"}, 3, 1, 0, 0, true, 0},
		"success: no lookup":                                              {nil, 3, 1, 0, 1, false, 0},
		"no retries, answer lost: found by final lookup":                  {[]string{"drop-after"}, 0, 1, 1, 1, false, 0},
		"last attempt's answer lost: found":                               {[]string{"503", "drop-after"}, 1, 2, 2, 1, false, 0},
		"every attempt fails: error after final lookup":                   {[]string{"503", "503", "503"}, 2, 3, 3, 0, true, 0},
		"429: re-sent without a lookup":                                   {[]string{"429", "429"}, 3, 3, 0, 1, false, 0},
		"429 with max_retries 0: not re-sent, nothing made":               {[]string{"429"}, 0, 1, 0, 0, true, 0},
		"429s beyond max_retries: re-sent (nothing was done)":             {[]string{"429", "429", "429"}, 1, 4, 0, 1, false, 0},
		"429 then answer lost: found":                                     {[]string{"429", "drop-after"}, 3, 2, 1, 1, false, 0},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			srv := &createServer{objects: map[string]string{}, plan: tc.plan, lookupFails: tc.lookupFails}
			c := newTestClient(t, srv, func(c *Config) { c.MaxRetries = tc.maxRetries })
			var out struct {
				ID FlexString `json:"id"`
			}
			err := c.createOnce(t.Context(), Request{Surface: SurfacePortal, Method: "POST", Path: "/add",
				Body: map[string]string{"name": "Support"}, Envelope: EnvelopePortal, Idempotent: true}, &out,
				func(ctx context.Context) (bool, error) {
					var found struct {
						ID FlexString `json:"id"`
					}
					err := c.Do(ctx, Request{Surface: SurfacePortal, Method: "GET", Path: "/find", BodyKind: BodyNone,
						Query: url.Values{"name": {"Support"}}, Envelope: EnvelopePortal, Idempotent: true}, &found)
					if err != nil || found.ID == "" {
						return false, err
					}
					out.ID = found.ID
					return true, nil
				}, nil)
			if (err != nil) != tc.wantErr {
				t.Fatalf("createOnce: %v", err)
			}
			srv.mu.Lock()
			defer srv.mu.Unlock()
			if srv.creates != tc.wantCreates || srv.lookups != tc.wantLookups || len(srv.objects) != tc.wantObjects {
				t.Errorf("creates %d lookups %d objects %d; want %d %d %d", srv.creates, srv.lookups, len(srv.objects), tc.wantCreates, tc.wantLookups, tc.wantObjects)
			}
			if !tc.wantErr && out.ID != "100" {
				t.Errorf("id = %q, want 100", out.ID)
			}
		})
	}
}

func TestSignGatewayVector(t *testing.T) {
	t.Parallel()
	// Worked out by hand, independently of the code:
	//   printf 'appKey=sim-key&random=0123456789abcdef&time=1700000000000' | sha256sum
	//   11ec2f214bd8f9b42517f472dcb7b35e0348cf38505ea0a09440f98beab345c4
	//   printf 'appKey=&random=&time=' | sha256sum
	//   8b52a3941d3042c8613d5da1f153163c638299bbe2508b03e3c2e6636fbe9946
	if got := SignGateway("sim-key", "0123456789abcdef", "1700000000000"); got != "11ec2f214bd8f9b42517f472dcb7b35e0348cf38505ea0a09440f98beab345c4" {
		t.Errorf("SignGateway = %s", got)
	}
	if got := SignGateway("", "", ""); got != "8b52a3941d3042c8613d5da1f153163c638299bbe2508b03e3c2e6636fbe9946" {
		t.Errorf("SignGateway(empty) = %s", got)
	}
}

// Every gateway request carries appId and a fresh random in the query and
// sig and time in the body, JSON or form alike.
func TestGatewaySigning(t *testing.T) {
	t.Parallel()
	type seen struct{ appID, random, sig, ts, auth string }
	var mu sync.Mutex
	var got []seen
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s := seen{appID: r.URL.Query().Get("appId"), random: r.URL.Query().Get("random"), auth: r.Header.Get("Authorization")}
		if strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			var b map[string]any
			d := json.NewDecoder(r.Body)
			d.UseNumber()
			_ = d.Decode(&b)
			s.sig, _ = b["sig"].(string)
			s.ts = fmt.Sprint(b["time"])
		} else {
			_ = r.ParseMultipartForm(1 << 20)
			s.sig, s.ts = r.FormValue("sig"), r.FormValue("time")
		}
		mu.Lock()
		got = append(got, s)
		mu.Unlock()
		_, _ = io.WriteString(w, `{"code":0,"msg":"success"}`)
	})
	now := time.UnixMilli(1700000000000)
	c := newTestClient(t, h, func(c *Config) { c.Now = func() time.Time { return now } })
	for _, kind := range []BodyKind{BodyJSON, BodyForm, BodyMultipart} {
		var body any = map[string]any{"mobile": "13800000000"}
		if kind != BodyJSON {
			body = url.Values{"mobile": {"13800000000"}}
		}
		if err := c.Do(t.Context(), Request{Surface: SurfaceSMSAPI, Method: "POST", Path: "/send", Body: body, BodyKind: kind, Envelope: EnvelopeGateway}, nil); err != nil {
			t.Fatalf("kind %d: %v", kind, err)
		}
	}
	if len(got) != 3 {
		t.Fatalf("%d requests", len(got))
	}
	for i, s := range got {
		sum := sha256.Sum256([]byte("appKey=key-SECRET&random=" + s.random + "&time=1700000000000"))
		if s.appID != "app-1" || s.ts != "1700000000000" || s.random == "" || s.sig != hex.EncodeToString(sum[:]) {
			t.Errorf("request %d: %+v", i, s)
		}
		if s.auth != "" {
			t.Errorf("request %d: gateway request sent Authorization %q", i, s.auth)
		}
	}
	if got[0].random == got[1].random {
		t.Error("random was reused across requests")
	}
}

func TestValidateURL(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		raw      string
		insecure bool
		wantErr  string
	}{
		"https":                {"https://cc.example.com/open", false, ""},
		"http loopback v4":     {"http://127.0.0.1:8080/open", false, ""},
		"http loopback 127.x":  {"http://127.0.0.2/open", false, ""},
		"http localhost":       {"http://localhost:1/open", false, ""},
		"http loopback v6":     {"http://[::1]:9/open", false, ""},
		"http remote refused":  {"http://cc.example.com/open", false, "insecure_http = true"},
		"http private refused": {"http://10.0.0.5/open", false, "not loopback"},
		"http remote opted in": {"http://cc.example.com/open", true, ""},
		"ftp":                  {"ftp://cc.example.com", true, "must start with https://"},
		"no host":              {"https:///open", false, "has no host"},
		"not a URL":            {"http://[::1", false, "is not a URL"},
		"localhost lookalike":  {"http://localhost.example.com/", false, "not loopback"},
		"query":                {"http://127.0.0.1:18952?x=1", false, `"http://127.0.0.1:18952?x=1" has a query or fragment`},
		"empty query":          {"https://cc.example.com/?", false, "has a query or fragment"},
		"fragment":             {"http://127.0.0.1:18952/#frag", false, "has a query or fragment"},
		"password not shown":   {"ftp://admin:PWSECRET@cc.example.com", false, `"ftp://admin:xxxxx@cc.example.com" must start with https://`},
		// Go's parser said "first path segment in URL cannot contain colon".
		// A loopback address is most often the simulator, which serves
		// plain HTTP: "e.g. https://127.0.0.1:18208" led to a failed
		// handshake.
		"no scheme":                {"127.0.0.1:18208", false, `"127.0.0.1:18208" must start with https:// (or http:// for loopback), e.g. "http://127.0.0.1:18208"`},
		"no scheme, localhost":     {"localhost:18208/x", false, `"localhost:18208/x" must start with https:// (or http:// for loopback), e.g. "http://localhost:18208/x"`},
		"no scheme, IPv6 loopback": {"[::1]:18208", false, `e.g. "http://[::1]:18208"`},
		"no scheme, a password":    {"admin:PWSECRET@cc.example.com", false, `"cc.example.com" must start with https://`},
		"only spaces":              {"   ", false, "must not be empty: give a URL such as https://cc.example.com"},
		"leading space":            {" https://cc.example.com", false, `" https://cc.example.com" has white space at the start or the end`},
		"scheme without colon":     {"https//cc.example.com", false, `"https//cc.example.com" must start with https:// (or http:// for loopback)`},
		"bad port, a password":     {"https://admin:PWSECRET@cc.example.com:bad", false, `"https://cc.example.com:bad" (shown without its user and password) is not a URL`},
		"host starting with http":  {"httpapi.example.com", false, `"httpapi.example.com" must start with https:// (or http:// for loopback), e.g. "https://httpapi.example.com"`},
		"@ in the path":            {"https://admin:PWSECRET@cc.example.com/a@b ", false, `"https://cc.example.com/a@b " has white space`},
		// A / in the password ended the authority early: the URL was
		// repeated whole, password included.
		"slash in the password":          {"https://admin:pa/PWSECRET@cc.example.com", false, `"https://cc.example.com" (shown without its user and password) is not a URL`},
		"slash in the password, no port": {"http://admin:PWSECRET/x@10.0.0.1:8080/api", false, `"http://10.0.0.1:8080/api" (shown without its user and password) is not a URL`},
		"slash in the password, a space": {"https://admin:pa/PWSECRET@cc.example.com ", false, `"https://cc.example.com " has white space`},
		"slash in the password, scheme":  {"admin:pa/PWSECRET@cc.example.com", false, `"cc.example.com" must start with https://`},
		"escape in the password":         {"https://admin:pa%zzPWSECRET@cc.example.com", false, `"https://cc.example.com" (shown without its user and password) is not a URL`},
		// A token in the query (a URL copied from a browser) was repeated.
		"token in the query":       {"http://127.0.0.1:18400/?token=PWSECRET", false, `"http://127.0.0.1:18400/?token=[REDACTED]" has a query or fragment`},
		"key in the query, remote": {"http://cc.example.com/open?appKey=PWSECRET&x=1", false, `"http://cc.example.com/open?appKey=[REDACTED]&x=1" uses plain http://`},
		"token, white space":       {"https://cc.example.com/?access_token=PWSECRET ", false, `"https://cc.example.com/?access_token=[REDACTED] " has white space`},
		// Without its scheme, the URL's token was repeated twice.
		"token, no scheme":       {"cc.example.com/open?token=PWSECRET", false, `"cc.example.com/open?token=[REDACTED]" must start with https:// (or http:// for loopback), e.g. "https://cc.example.com/open?token=[REDACTED]"`},
		"key, scheme sans colon": {"https//cc.example.com/?appKey=PWSECRET&x=1", false, `"https//cc.example.com/?appKey=[REDACTED]&x=1" must start with https://`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := ValidateURL(tc.raw, tc.insecure)
			if tc.wantErr == "" && err != nil {
				t.Fatalf("ValidateURL(%q): %v", tc.raw, err)
			}
			if tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Fatalf("ValidateURL(%q) = %v, want error containing %q", tc.raw, err, tc.wantErr)
			}
			if err != nil && (strings.Contains(err.Error(), "PWSECRET") || strings.Contains(err.Error(), `e.g. "https://https//`)) {
				t.Errorf("ValidateURL(%q) repeats the password: %v", tc.raw, err)
			}
		})
	}
	urls := SurfaceURLs("http://cc.example.com")
	if _, err := New(Config{URLs: urls}); err == nil || !strings.Contains(err.Error(), "portal_url") {
		t.Errorf("New with http:// remote = %v, want an error naming the surfaces", err)
	}
	if _, err := New(Config{URLs: urls, AllowInsecureHTTP: true}); err != nil {
		t.Errorf("New with AllowInsecureHTTP: %v", err)
	}
	if _, err := New(Config{URLs: map[Surface]string{SurfaceBase: "https://x"}}); err == nil || !strings.Contains(err.Error(), "smsapi_url is not set") {
		t.Errorf("New with missing surfaces = %v", err)
	}
}

func TestSurfaceURLs(t *testing.T) {
	t.Parallel()
	got := SurfaceURLs("https://cc.example.com/")
	want := map[Surface]string{
		SurfaceBase: "https://cc.example.com/open", SurfaceAutocall: "https://cc.example.com/autocall",
		SurfacePortal: "https://cc.example.com/portal", SurfacePortalOpen: "https://cc.example.com/portal-open",
		SurfaceSMSAPI: "https://cc.example.com/smsapi",
	}
	for s, u := range want {
		if got[s] != u {
			t.Errorf("%s = %q, want %q", s, got[s], u)
		}
	}
}

// TestRetryNotice: an action shows each wait of a second or more before a
// retry; a transport failure's line named the call twice ("POST /x: it
// failed: POST /portal/x: Post "http://…/portal/x": EOF"). It names the
// call once and says what came back: no answer, an HTTP status, a code.
func TestRetryNotice(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		how  func(w http.ResponseWriter)
		want string
	}{
		"no answer": {dropConn, "GET /x: got no answer: the connection was closed without an answer (EOF); trying again in "},
		"HTTP 503":  {func(w http.ResponseWriter) { w.WriteHeader(503) }, "GET /x: the service answered HTTP 503; trying again in "},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var n atomic.Int32
			c := newTestClient(t, flaky(1, tc.how, `{"code":200,"message":"ok","data":{}}`, &n), func(c *Config) {
				c.RetryWaitMin, c.RetryWaitMax = 2*time.Second, 2*time.Second // a wait of 1 to 2 s: one line
			})
			var lines []string
			ctx := WithRetryNotice(t.Context(), func(line string) { lines = append(lines, line) })
			if err := c.Do(ctx, Request{Surface: SurfacePortal, Method: "GET", Path: "/x", BodyKind: BodyNone, Envelope: EnvelopePortal, Idempotent: true}, nil); err != nil {
				t.Fatal(err)
			}
			if len(lines) != 1 || !strings.HasPrefix(lines[0], tc.want) || !strings.HasSuffix(lines[0], "(attempt 2 of 4)") {
				t.Errorf("notices %q, want one %q…(attempt 2 of 4)", lines, tc.want)
			}
		})
	}
}

// TestRetryNotice_waitEndsFirst: a retry due after the time limit of the
// wait the call is part of (timeouts.invoke of an ASR action, whose query
// was refused by a rate limit) was shown as "trying again in 17s", and the
// action gave up with no retry a few seconds later. It says it is not
// tried again.
//
// In a synctest bubble on an in-process client: the first attempt is
// answered within the 1 s limit on the bubble's clock, where on a
// listener a loaded machine could spend the second on it (then no retry
// was due, and no notice).
func TestRetryNotice_waitEndsFirst(t *testing.T) {
	t.Parallel()
	synctest.Test(t, retryNoticeWaitEndsFirst)
}

func retryNoticeWaitEndsFirst(t *testing.T) {
	var n atomic.Int32
	c := newBubbleClient(t, flaky(5, func(w http.ResponseWriter) { w.WriteHeader(503) }, `{"code":200,"message":"ok","data":{}}`, &n), func(c *Config) {
		c.RetryWaitMin, c.RetryWaitMax = 10*time.Second, 10*time.Second
	})
	var lines []string
	ctx, cancel := context.WithTimeout(WithRetryNotice(t.Context(), func(line string) { lines = append(lines, line) }), time.Second)
	defer cancel()
	err := c.Do(ctx, Request{Surface: SurfacePortal, Method: "GET", Path: "/x", BodyKind: BodyNone, Envelope: EnvelopePortal, Idempotent: true}, nil)
	if err == nil {
		t.Fatal("no error")
	}
	if len(lines) != 1 || !strings.HasPrefix(lines[0], "GET /x: the service answered HTTP 503; not tried again: its time limit ends in ") ||
		strings.Contains(lines[0], "trying again") || strings.Contains(lines[0], "attempt") || !strings.HasSuffix(lines[0], " a retry waits") {
		t.Errorf("notices %q, want one saying the wait ends before the retry", lines)
	}
}

// FuzzValidateURL: a URL with a user and password, whatever the password
// holds (/ ? # : % and blanks), and whatever precedes or follows them,
// is never repeated with its password in ValidateURL's error (an @ in
// the password aside, see below).
func FuzzValidateURL(f *testing.F) {
	for _, c := range [][4]string{
		{"https://", "admin", "pa/ss", "cc.example.com/open"},
		{"http://", "admin", "x", "10.0.0.1:8080/api"},
		{"", "admin", "pa?ss", "cc.example.com"},
		{"https//", "a", "p#w", "h/?token=1"},
		{"ftp://", "a:b", "c@d", "h:bad"},
		{"https://", "", "%zz", "h "},
	} {
		f.Add(c[0], c[1], c[2], c[3])
	}
	f.Fuzz(func(t *testing.T, scheme, user, password, rest string) {
		// A password holding an @ before a / (p@ss/word@host) reads as
		// well as a URL whose path holds an @ (user:pw@host/a@b): an @ of
		// a password is written %40.
		if strings.Contains(user+rest, "PWSECRET") || strings.Contains(password, "@") {
			t.Skip()
		}
		raw := scheme + user + ":" + password + "PWSECRET@" + rest
		if _, err := ValidateURL(raw, false); err != nil && strings.Contains(err.Error(), "PWSECRET") {
			t.Errorf("ValidateURL(%q) repeats the password: %v", raw, err)
		}
	})
}
