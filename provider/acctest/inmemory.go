package acctest

import (
	"net/http"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/inproc"
	"github.com/contactcenter/terraform-provider-contactcenter/provider"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// inMemoryOrigin is the endpoint an in-memory Env's provider is given. No
// request is dialled there: the provider's client serves every request
// with the simulator's handler in process (inproc.Transport). Were one
// dialled by mistake, nothing listens on the discard port of loopback.
const inMemoryOrigin = "http://127.0.0.1:9"

// NewInMemory is NewWithHandler without a listener: the provider's
// client (ActionServer, Server, Resources, Client) calls the simulator's
// handler in process (inproc.Transport), so no request waits on the
// network. A test in a testing/synctest bubble needs this: time
// there advances only when every goroutine of the bubble is durably
// blocked, which a goroutine in network I/O never is, and a poll loop's
// timers (an action's wait, its timeouts.invoke) then run on the bubble's
// clock, whatever the load of the machine. Call it inside the bubble.
func NewInMemory(t testing.TB, wrap func(http.Handler) http.Handler, opts ...func(*simulator.Options)) *Env {
	t.Helper()
	sim, h := newSimulator(t, wrap, opts)
	tr := inproc.New(h)
	t.Cleanup(func() {
		tr.Wait() // as httptest.Server.Close: the handlers still running
		sim.Wait()
	})
	return &Env{Sim: sim, Origin: inMemoryOrigin, transport: tr}
}

// inMemory points c at the Env's in-process transport, besides the
// harness's short retry waits.
func (e *Env) inMemory(c *client.Config) {
	fastRetries(c)
	c.HTTPClient = &http.Client{Transport: e.transport}
}

// newServer is the package's newServer for this Env: the provider as
// main serves it, its client on the in-memory transport when there is one.
func (e *Env) newServer() (tfprotov6.ProviderServer, error) {
	if e.transport == nil {
		return newServer()
	}
	s, err := providerserver.NewProtocol6WithError(provider.NewWithConfigHook("test", e.inMemory)())()
	if err != nil {
		return nil, err
	}
	return provider.Detached(s), nil
}
