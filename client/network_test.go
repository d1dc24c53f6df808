package client

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// TestCertificateNotTrusted: an https endpoint whose certificate this
// machine does not trust (a private certificate authority) failed with Go's
// "x509: certificate signed by unknown authority", advice to check the
// endpoint, and every retry's handshake again. The error says how to trust
// the authority, and the call is not tried again.
func TestCertificateNotTrusted(t *testing.T) {
	t.Parallel()
	var conns atomic.Int32
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshake
	srv.StartTLS()
	t.Cleanup(srv.Close)
	c, err := New(Config{URLs: SurfaceURLs(srv.URL), AccessToken: "tok", MaxRetries: 3, RetryWaitMin: time.Millisecond, RetryWaitMax: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	_, err = Collect(c.Agents.List(t.Context(), AgentFilter{}))
	var ce *CertificateError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "the service's TLS certificate was not accepted, so nothing was sent") ||
		!strings.Contains(err.Error(), "SSL_CERT_FILE") {
		t.Fatalf("err = %v, want the certificate named with how to trust its authority", err)
	}
	if n := conns.Load(); n != 1 {
		t.Errorf("%d connections, want 1: a certificate that is not trusted is not tried again", n)
	}

	// Trusted, but issued for other names: the name is the matter.
	pool := x509.NewCertPool()
	pool.AddCert(srv.Certificate())
	tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, ServerName: "other.example.test"}}
	c2, err := New(Config{URLs: SurfaceURLs(srv.URL), AccessToken: "tok", HTTPClient: &http.Client{Transport: tr}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = Collect(c2.Agents.List(t.Context(), AgentFilter{}))
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "It is issued for other names than the endpoint's host") || strings.Contains(err.Error(), "SSL_CERT_FILE") {
		t.Errorf("err = %v, want the name named, not the authority", err)
	}
}

// TestSchemeMismatch: an https:// endpoint at an address that serves plain
// HTTP (the simulator, which a user given "e.g. https://127.0.0.1:18080"
// pointed at) failed with Go's "server gave HTTP response to HTTPS client",
// after 4 attempts and with advice to check that the service is reachable.
// The error says to write http://, and the call is not tried again.
func TestSchemeMismatch(t *testing.T) {
	t.Parallel()
	var conns atomic.Int32
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)
	https := "https://" + strings.TrimPrefix(srv.URL, "http://")
	c, err := New(Config{URLs: SurfaceURLs(https), AccessToken: "tok", MaxRetries: 3, RetryWaitMin: time.Millisecond, RetryWaitMax: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	_, err = Collect(c.Agents.List(t.Context(), AgentFilter{}))
	want := "the address answers plain HTTP, not HTTPS, so nothing was sent; if the service serves plain HTTP there (the simulator does), write " + srv.URL + " in endpoint"
	if !errors.As(err, new(*SchemeMismatchError)) || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), https+"/open/") {
		t.Fatalf("err = %v, want %q", err, want)
	}
	if IsAmbiguous(err) {
		t.Errorf("IsAmbiguous(%v) = true, want false: the handshake sent nothing", err)
	}
	if n := conns.Load(); n != 1 {
		t.Errorf("%d connections, want 1: an address that answers plain HTTP is not tried again", n)
	}
	// Another host than loopback: the port may be the wrong one, and plain
	// http:// needs insecure_http.
	e := &SchemeMismatchError{Method: "POST", Path: "/open/v3/svcapi/users/list", Origin: "https://cc.example.com:8080"}
	if got := e.Error(); !strings.Contains(got, "check the port") || !strings.Contains(got, "write http://cc.example.com:8080 in endpoint (or the surface's URL) and set insecure_http = true") {
		t.Errorf("non-loopback: %q, want the port and insecure_http named", got)
	}
}

// TestPlainHTTPToTLSPort: an http:// endpoint at an address that serves
// HTTPS failed with "answered HTTP 400: response is not a JSON open
// envelope ... (body starts \"Client sent an HTTP request to an HTTPS
// server.\n\")" and no advice. The error says to write https://.
func TestPlainHTTPToTLSPort(t *testing.T) {
	t.Parallel()
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	srv.StartTLS()
	t.Cleanup(srv.Close)
	host := strings.TrimPrefix(srv.URL, "https://")
	c, err := New(Config{URLs: SurfaceURLs("http://" + host), AccessToken: "tok", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = Collect(c.Agents.List(t.Context(), AgentFilter{}))
	want := "the address serves HTTPS, not plain HTTP: write https://" + host + " in endpoint (or the surface's URL)"
	if e, ok := AsAPIError(err); !ok || e.Hint != want || !strings.Contains(err.Error(), want) {
		t.Fatalf("err = %v, want the hint %q", err, want)
	}
	// nginx's and Apache's words for the same.
	for _, body := range []string{"<html><head><title>400 The plain HTTP request was sent to HTTPS port</title></head>",
		"Bad Request\nYour browser sent a request that this server could not understand.\nReason: You're speaking plain HTTP to an SSL-enabled server port."} {
		if !plainToTLSPort([]byte(body)) {
			t.Errorf("plainToTLSPort(%q) = false", body)
		}
	}
	if plainToTLSPort([]byte("<html>Bad Request</html>")) {
		t.Error("a bare 400 read as a plain request to an HTTPS port")
	}
}

// TestProxyNamedInErrors: a call that goes through a proxy (HTTPS_PROXY)
// which refuses it (407, it wants a login) failed with Go's bare "Proxy
// Authentication Required" and advice about the endpoint alone. The error
// names the proxy (without its password) and how to give it a login.
func TestProxyNamedInErrors(t *testing.T) {
	t.Parallel()
	var tunnels atomic.Int32
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tunnels.Add(1)
		w.Header().Set("Proxy-Authenticate", `Basic realm="corp"`)
		w.WriteHeader(http.StatusProxyAuthRequired)
	}))
	t.Cleanup(proxy.Close)
	pu, _ := url.Parse(proxy.URL)
	pu.User = url.UserPassword("ops", "s3cret")
	tr := &http.Transport{Proxy: http.ProxyURL(pu)}
	c, err := New(Config{URLs: SurfaceURLs("https://cc.example.test"), AccessToken: "tok", HTTPClient: &http.Client{Transport: tr}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = Collect(c.Agents.List(t.Context(), AgentFilter{}))
	want := "the proxy http://ops:xxxxx@" + pu.Host + " (HTTPS_PROXY or HTTP_PROXY) asked for a login (HTTP 407) or refused the one given, so nothing was sent"
	if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "s3cret") || !errors.As(err, new(*ProxyLoginError)) {
		t.Fatalf("err = %v, want %q and no password", err, want)
	}
	if n := tunnels.Load(); n != 1 {
		t.Errorf("%d tunnels asked for, want 1: a refused login is not tried again", n)
	}

	// A proxy that cannot be reached is named too.
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	cu, _ := url.Parse(closed.URL)
	c2, err := New(Config{URLs: SurfaceURLs("https://cc.example.test"), AccessToken: "tok", MaxRetries: -1,
		HTTPClient: &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(cu)}}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = Collect(c2.Agents.List(t.Context(), AgentFilter{}))
	if want := "(sent through the proxy " + closed.URL + ", which HTTPS_PROXY or HTTP_PROXY names"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("err = %v, want %q", err, want)
	}
	// It says that the proxy, not the service, refused the connection.
	if want := "could not connect to the proxy: connection refused"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("err = %v, want %q", err, want)
	}
}

// TestTimeoutSaysAttempts: "no answer within 50ms (request_timeout)" came
// after three attempts and their waits, several times the time it named.
// It says how many attempts were made.
//
// In a synctest bubble, the service answering nothing in process
// (newBubbleClient): on a listener, a loaded machine once took more than
// the 300ms to write the request ("could not be sent within 300ms
// (request_timeout): the connection was made, but the request was not
// written whole in time" in make test), a time-out of another kind; here
// the attempts' time-outs run on the bubble's clock.
func TestTimeoutSaysAttempts(t *testing.T) {
	t.Parallel()
	synctest.Test(t, timeoutSaysAttempts)
}

func timeoutSaysAttempts(t *testing.T) {
	silent := http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { <-r.Context().Done() }) // reads the request, never answers
	c := newBubbleClient(t, silent, func(c *Config) {
		c.Timeout = 300 * time.Millisecond
		c.MaxRetries, c.RetryWaitMin, c.RetryWaitMax = 2, time.Millisecond, time.Millisecond
	})
	_, err := Collect(c.Agents.List(t.Context(), AgentFilter{}))
	if err == nil || !strings.Contains(err.Error(), "no answer within 300ms (request_timeout) at the last of 3 attempts") {
		t.Fatalf("err = %v, want the attempts named", err)
	}
}

// TestRetryAfterCapped: a Retry-After of a day (a proxy's, or a far HTTP
// date) would stall an apply for a day without a word; one wait is at
// most five minutes, and its jitter.
func TestRetryAfterCapped(t *testing.T) {
	t.Parallel()
	c := newTestClient(t, http.NotFoundHandler())
	d, why := c.retryDelay(&APIError{HTTPStatus: http.StatusTooManyRequests, RetryAfter: 24 * time.Hour}, 1)
	if d < 5*time.Minute || d > 10*time.Minute || !strings.Contains(why, "Retry-After 5m0s") {
		t.Errorf("wait %v (%s) after a Retry-After of a day, want 5 minutes and jitter", d, why)
	}
}

// TestNetworkErrorWording: a call to an address where nothing listens read
// `POST /x: Post "http://127.0.0.1:1/x": dial tcp 127.0.0.1:1: connect:
// connection refused`, the call twice in Go's chain; a connection closed
// without an answer `... Post "...": EOF`. The error says what happened
// once, and still unwraps to the transport's errors for callers.
func TestNetworkErrorWording(t *testing.T) {
	t.Parallel()
	refused := httptest.NewServer(http.NotFoundHandler())
	addr := refused.Listener.Addr().String()
	refused.Close()
	closed := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		conn, _, _ := w.(http.Hijacker).Hijack()
		_ = conn.Close()
	}))
	t.Cleanup(closed.Close)
	call := func(origin string) error {
		c, err := New(Config{URLs: SurfaceURLs(origin), AccessToken: "t", MaxRetries: -1})
		if err != nil {
			t.Fatal(err)
		}
		return c.Do(t.Context(), Request{Surface: SurfacePortal, Method: "POST", Path: "/svcapi/queue/list", Read: true}, nil)
	}
	err := call("http://" + addr)
	want := "POST /portal/svcapi/queue/list could not connect: connection refused (nothing listens at " + addr + ")"
	if err == nil || err.Error() != want {
		t.Errorf("refused:\n got %v\nwant %s", err, want)
	}
	var ne *NetworkError
	var uerr *url.Error
	var oe *net.OpError
	if !errors.As(err, &ne) || !errors.As(err, &uerr) || !errors.As(err, &oe) || oe.Op != "dial" || ne.Origin != "http://"+addr || ne.Surface != SurfacePortal {
		t.Errorf("refused: %#v does not unwrap to the transport's errors", err)
	}
	if IsAmbiguous(err) || !NoAnswer(err) {
		t.Errorf("refused: IsAmbiguous %v, NoAnswer %v; want false, true", IsAmbiguous(err), NoAnswer(err))
	}
	err = call(closed.URL)
	want = "POST /portal/svcapi/queue/list got no answer: the connection was closed without an answer (EOF)"
	if err == nil || err.Error() != want || !errors.Is(err, io.EOF) || !NoAnswer(err) {
		t.Errorf("closed:\n got %v\nwant %s", err, want)
	}
}

// TestUnreachableSentOnce: once no call to an address has connected for
// unreachableAfter, the calls that follow are sent once, without retries,
// and say so: a plan of 1,500 objects against a stopped service waited out
// every object's retries (7 minutes) to print the same error 1,500 times.
// An outage shorter than that changes nothing (sending calls once from the
// first refusal failed most of a run that a restart of a few seconds
// interrupted). A call is still sent: once the service is back, the next
// call succeeds, and the outage is forgotten.
func TestUnreachableSentOnce(t *testing.T) {
	t.Parallel()
	lc := net.ListenConfig{}
	ln, err := lc.Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	var mu sync.Mutex
	now := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	// The retries are counted, not timed: a bound of 35ms on the call sent
	// once (a retry waits 40ms) failed whenever a loaded machine kept the
	// test from running for that long.
	var retries atomic.Int32
	c, err := New(Config{URLs: SurfaceURLs("http://" + addr), AccessToken: "t", MaxRetries: 3, RetryWaitMin: 40 * time.Millisecond, RetryWaitMax: 40 * time.Millisecond, Now: clock,
		RetryNotice: func(time.Duration, string) { retries.Add(1) }})
	if err != nil {
		t.Fatal(err)
	}
	call := func() (time.Duration, int32, error) {
		start, before := time.Now(), retries.Load()
		err := c.Do(t.Context(), Request{Surface: SurfacePortal, Method: "POST", Path: "/svcapi/queue/list", Read: true, Idempotent: true}, nil)
		return time.Since(start), retries.Load() - before, err
	}
	retried := func(what string, took time.Duration, n int32, err error) {
		t.Helper()
		if !couldNotConnect(err) || n != 3 || took < 60*time.Millisecond || strings.Contains(err.Error(), "not retried") {
			t.Errorf("%s: %v after %d retries in %v; want refused after three retries", what, err, n, took)
		}
	}
	took, n, first := call()
	retried("first call", took, n, first)
	// A restart of a few seconds: calls still wait out their retries.
	advance(10 * time.Second)
	took, n, err = call()
	retried("10 s into the outage", took, n, err)
	advance(21 * time.Second)
	took, n, err = call()
	want := "could not connect: connection refused (nothing listens at " + addr + "); sent once, not retried: no call to this address has connected for 31s"
	if err == nil || !strings.HasSuffix(err.Error(), want) || n != 0 {
		t.Errorf("31 s into the outage: %v after %d retries in %v; want none, ending %q", err, n, took, want)
	}
	// The service comes back on the same address.
	ln, err = lc.Listen(t.Context(), "tcp", addr)
	if err != nil {
		t.Skipf("the port was taken meanwhile: %v", err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte(`{"code":0,"message":"ok","data":[]}`))
	}), ReadHeaderTimeout: time.Second}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	if _, _, err := call(); err != nil {
		t.Errorf("the service back: %v", err)
	}
	if _, down := c.unreachable.down("http://"+addr, clock(), 0); down {
		t.Error("an answered call left the address's outage running")
	}
}

// TestUnreachableWaitFollowsMaxRetries: with retries that wait longer than
// unreachableAfter in all, calls keep them for as long.
func TestUnreachableWaitFollowsMaxRetries(t *testing.T) {
	t.Parallel()
	c, err := New(Config{URLs: SurfaceURLs("http://127.0.0.1:1"), AccessToken: "t", MaxRetries: 10, RetryWaitMin: time.Second, RetryWaitMax: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	// 1+2+4+8+16 s, then 30 s five times.
	if got := c.unreachableWait(); got != 181*time.Second {
		t.Errorf("unreachableWait %v, want 3m1s", got)
	}
}

// TestRefusedBeforeSendingNotAmbiguous: a call refused before its request
// left (the service's TLS certificate not accepted, the proxy asking for a
// login) did nothing, as its error says ("so nothing was sent"), yet
// IsAmbiguous called it in doubt: an SMS send action reported "outcome
// unknown (the answer was lost) ... the message may have gone out", and
// ccsync's send journal kept the batch in doubt.
func TestRefusedBeforeSendingNotAmbiguous(t *testing.T) {
	t.Parallel()
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshake
	srv.StartTLS()
	t.Cleanup(srv.Close)
	c, err := New(Config{URLs: SurfaceURLs(srv.URL), AccessToken: "tok", AppID: "app", AppKey: "key"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Gateway.SendSMS(t.Context(), GatewaySMS{Mobiles: []string{"13800138000"}, SmsText: "x", SignText: "Acme"})
	if !errors.As(err, new(*CertificateError)) || IsAmbiguous(err) {
		t.Errorf("certificate not accepted: IsAmbiguous(%v) = %v, want false", err, IsAmbiguous(err))
	}
	proxy := &ProxyLoginError{Method: "POST", Path: "/sms/v1/send_sms", Err: errors.New("Proxy Authentication Required"), Proxy: "http://proxy:3128"}
	if IsAmbiguous(fmt.Errorf("send: %w", proxy)) {
		t.Errorf("proxy asking for a login: IsAmbiguous = true, want false")
	}
}
