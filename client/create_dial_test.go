package client_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// stoppedService passes requests to the simulator until the first task
// create; from then on, down says whether a request fails to connect
// (connection refused), as when the service stops (a restart, a deploy)
// between the create's listing of its key and the create.
type stoppedService struct {
	mu      sync.Mutex
	stopped bool
	down    func(creates int) bool
	creates int // create requests made (connected or not)
}

func (s *stoppedService) RoundTrip(r *http.Request) (*http.Response, error) {
	s.mu.Lock()
	if strings.HasSuffix(r.URL.Path, "/projects/updateOrCreate") {
		s.stopped = true
		s.creates++
	}
	down := s.stopped && s.down(s.creates)
	s.mu.Unlock()
	if down {
		return nil, &net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 9},
			Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	}
	return http.DefaultTransport.RoundTrip(r)
}

func stoppedClient(t *testing.T, down func(creates int) bool, mods ...func(*client.Config)) (*client.Client, *client.Client) {
	t.Helper()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	t.Cleanup(func() { srv.Close(); sim.Wait() })
	cfg := client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token",
		MaxRetries: 3, RetryWaitMin: time.Millisecond, RetryWaitMax: 4 * time.Millisecond}
	direct, err := client.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.HTTPClient = &http.Client{Transport: &stoppedService{down: down}}
	for _, m := range mods {
		m(&cfg)
	}
	c, err := client.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c, direct
}

// TestCreateCouldNotConnect: a create that could not connect was never
// sent, yet it was handled as a create whose answer was lost: looked up,
// and when the lookups failed too (the service still down) it failed with
// "The create may have taken effect ... check on the platform whether the
// object exists: if it does, import it", sending the user to look for an
// object no request made. It is sent again (no lookup is needed), and when
// no attempt connects the error says the service could not be reached.
func TestCreateCouldNotConnect(t *testing.T) {
	t.Parallel()
	t.Run("still down", func(t *testing.T) {
		t.Parallel()
		c, _ := stoppedClient(t, func(int) bool { return true })
		_, err := c.Tasks.Create(t.Context(), client.Task{Name: "Renewals", Type: client.FlexInt(client.TaskTypeAutomatic)})
		if err == nil {
			t.Fatal("create succeeded against a service that refuses connections")
		}
		detail := tfkit.APIErrorDetail(err)
		if strings.Contains(detail, "may have taken effect") || strings.Contains(detail, "import it") {
			t.Errorf("a create that never connected is reported as in doubt:\n%s", detail)
		}
		if !strings.Contains(detail, "could not connect") || !strings.Contains(detail, "at the last of 4 attempts") {
			t.Errorf("the detail does not say the create could not connect at each of its 4 attempts:\n%s", detail)
		}
	})
	t.Run("back", func(t *testing.T) {
		t.Parallel()
		// Down for the first attempt only: the second is sent, without a
		// lookup in between (which found the service down as well), and
		// lands.
		c, direct := stoppedClient(t, func(creates int) bool { return creates == 1 })
		id, err := c.Tasks.Create(t.Context(), client.Task{Name: "Renewals", Type: client.FlexInt(client.TaskTypeAutomatic)})
		if err != nil || id == 0 {
			t.Fatalf("create after the service came back: %d, %v", id, err)
		}
		tasks, err := client.Collect(direct.Tasks.List(t.Context(), client.TaskFilter{Name: "Renewals"}))
		if err != nil || len(tasks) != 1 {
			t.Fatalf("tasks named Renewals: %d (%v), want 1", len(tasks), err)
		}
	})
	t.Run("interrupted", func(t *testing.T) {
		t.Parallel()
		ctx, cancel := context.WithCancel(t.Context())
		// Ctrl-C while the create waits to be sent again.
		c, _ := stoppedClient(t, func(int) bool { return true }, func(cfg *client.Config) {
			cfg.RetryNotice = func(time.Duration, string) { cancel() }
			cfg.RetryWaitMin, cfg.RetryWaitMax = time.Minute, time.Minute
		})
		_, err := c.Tasks.Create(ctx, client.Task{Name: "Renewals", Type: client.FlexInt(client.TaskTypeAutomatic)})
		detail := tfkit.APIErrorDetail(err)
		if err == nil || strings.Contains(detail, "may still carry it out") || strings.Contains(detail, "may have taken effect") ||
			!strings.Contains(detail, "nothing was created and applying again is safe") {
			t.Errorf("a create interrupted after it could not connect: %s", detail)
		}
		t.Log(detail)
	})
}
