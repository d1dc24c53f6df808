// Package acctest is the acceptance-test harness: each test gets its own
// in-process simulator on loopback and a provider configured for it, so
// tests run in parallel without sharing state.
package acctest

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// Env is one test's simulator and provider.
type Env struct {
	Sim    *simulator.Server
	Origin string
	srv    *httptest.Server
	// transport, when set (NewInMemory), carries the client's requests to
	// the simulator in process.
	transport http.RoundTripper
}

// New starts a simulator for t (stopped by t.Cleanup). opts may adjust the
// simulator options.
func New(t testing.TB, opts ...func(*simulator.Options)) *Env {
	t.Helper()
	return NewWithHandler(t, nil, opts...)
}

// newSimulator makes a simulator with opts, and its handler wrapped by wrap
// (when not nil).
func newSimulator(t testing.TB, wrap func(http.Handler) http.Handler, opts []func(*simulator.Options)) (*simulator.Server, http.Handler) {
	t.Helper()
	o := simulator.Options{}
	for _, f := range opts {
		f(&o)
	}
	sim, err := simulator.New(o)
	if err != nil {
		t.Fatalf("starting simulator: %v", err)
	}
	var h http.Handler = sim
	if wrap != nil {
		h = wrap(sim)
	}
	return sim, h
}

// NewWithHandler is New with the simulator's handler wrapped by wrap (when
// not nil): tests use it to see the requests the provider sends, where the
// simulator reads an ambiguous rule of the spec leniently.
func NewWithHandler(t testing.TB, wrap func(http.Handler) http.Handler, opts ...func(*simulator.Options)) *Env {
	t.Helper()
	sim, h := newSimulator(t, wrap, opts)
	srv := httptest.NewServer(h)
	t.Cleanup(func() {
		srv.Close()
		sim.Wait()
	})
	return &Env{Sim: sim, Origin: srv.URL, srv: srv}
}

// ProviderConfig is the provider block for this simulator; tests prepend it
// to their configuration.
func (e *Env) ProviderConfig() string {
	return fmt.Sprintf(`
provider "contactcenter" {
  endpoint     = %q
  access_token = "sim-token"
  sms_app_id   = "sim-app"
  sms_app_key  = "sim-key"
}
`, e.Origin)
}

// Config returns the provider block followed by body.
func (e *Env) Config(body string) string { return e.ProviderConfig() + body }

// fastRetries keeps retry waits short in tests.
func fastRetries(c *client.Config) {
	c.RetryWaitMin = 5 * time.Millisecond
	c.RetryWaitMax = 20 * time.Millisecond
}

// Factories returns the protocol-6 provider factories for resource.TestCase.
func (e *Env) Factories() map[string]func() (tfprotov6.ProviderServer, error) {
	return map[string]func() (tfprotov6.ProviderServer, error){
		"contactcenter": e.newServer,
	}
}

// Server returns an in-process protocol-6 provider server, for testing
// actions and other objects the local Terraform cannot drive.
func (e *Env) Server(t testing.TB) tfprotov6.ProviderServer {
	t.Helper()
	s, err := e.newServer()
	if err != nil {
		t.Fatalf("provider server: %v", err)
	}
	return s
}

// Client returns a client of this simulator, for out-of-band changes
// (disappears tests) and for checking what the API holds.
func (e *Env) Client(t testing.TB) *client.Client {
	t.Helper()
	urls := map[client.Surface]string{}
	for s, u := range client.SurfaceURLs(e.Origin) {
		urls[s] = u
	}
	cfg := client.Config{URLs: urls, AccessToken: "sim-token", AppID: "sim-app", AppKey: "sim-key", MaxRetries: 2}
	fastRetries(&cfg)
	if e.transport != nil {
		e.inMemory(&cfg)
	}
	c, err := client.New(cfg)
	if err != nil {
		t.Fatalf("client: %v", err)
	}
	return c
}

// Requests is the number of API requests the simulator has answered.
func (e *Env) Requests() int {
	n := 0
	for _, v := range e.Sim.Stats() {
		n += v
	}
	return n
}

// PreCheck fails the test when the terraform CLI is missing: acceptance
// tests must run, never skip silently.
func PreCheck(t testing.TB) {
	t.Helper()
	if os.Getenv("TF_ACC_TERRAFORM_PATH") != "" {
		return
	}
	if _, err := exec.LookPath("terraform"); err != nil {
		t.Fatalf("acceptance tests need the terraform CLI (>= 1.11) on PATH, and it was not found: %v", err)
	}
}

// Context returns a context for direct client calls in tests.
func Context(t testing.TB) context.Context {
	t.Helper()
	return t.Context()
}
