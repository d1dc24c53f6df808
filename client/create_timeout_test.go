package client_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// A create that times out on a slow platform may still land: the service
// goes on with it after the client stopped waiting. It is looked up for
// one more request_timeout before it is sent again. Looked up once at
// once, it was sent again, and both landed: a second webhook no state held
// (a second outbound task would dial the same customers).
//
// In a synctest bubble, on the simulator in process: the create's 450 ms
// and the lookups' request_timeout are on the bubble's clock. On the wall
// clock a loaded machine could end the lookups before the late create
// landed, so it was sent again ("creates sent 2, webhooks on the
// platform 2", 1 run in 5 with 6 busy loops).
func TestCreateTimedOutLandsLate(t *testing.T) {
	t.Parallel()
	synctest.Test(t, createTimedOutLandsLate)
}

func createTimedOutLandsLate(t *testing.T) {
	const timeout, slow = 300 * time.Millisecond, 450 * time.Millisecond
	c, creates := webhookCreates(t, timeout, func(w http.ResponseWriter, r *http.Request, sim http.Handler) {
		// The platform works on, whether the client waits or not.
		time.Sleep(slow)
		sim.ServeHTTP(w, r.WithContext(t.Context()))
	})
	w, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "Slow", URL: "https://crm.example.com/slow", EventType: 1})
	if err != nil || w == nil || w.ID == 0 {
		t.Fatalf("create: %+v, %v; want the webhook that landed late, found by its name", w, err)
	}
	time.Sleep(slow) // a create sent again would land by now
	if got, n := creates.Load(), webhooksNamed(t, c, "Slow"); got != 1 || n != 1 {
		t.Errorf("creates sent %d, webhooks on the platform %d; want 1 and 1", got, n)
	}
}

// A gateway in front of the platform that answers HTTP 504 while the
// platform goes on with the create: the create is looked up for a
// request_timeout before it is sent again. Sent again after one lookup,
// both landed (a webhook, task, sound or gateway signature twice, the
// apply reporting success).
//
// In a synctest bubble, as TestCreateTimedOutLandsLate.
func TestCreateGatewayTimeoutLandsLate(t *testing.T) {
	t.Parallel()
	synctest.Test(t, createGatewayTimeoutLandsLate)
}

func createGatewayTimeoutLandsLate(t *testing.T) {
	c, creates := webhookCreates(t, 500*time.Millisecond, func(w http.ResponseWriter, r *http.Request, sim http.Handler) {
		body, _ := io.ReadAll(r.Body)
		go func() { // the platform carries it out later
			time.Sleep(250 * time.Millisecond)
			r2 := httptest.NewRequestWithContext(context.WithoutCancel(r.Context()), r.Method, r.URL.String(), bytes.NewReader(body))
			r2.Header = r.Header.Clone()
			sim.ServeHTTP(httptest.NewRecorder(), r2)
		}()
		time.Sleep(50 * time.Millisecond)
		http.Error(w, "<html>504 Gateway Time-out</html>", http.StatusGatewayTimeout)
	})
	w, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "Gateway", URL: "https://crm.example.com/gw", EventType: 1})
	if err != nil || w == nil || w.ID == 0 {
		t.Fatalf("create: %+v, %v; want the webhook that landed late, found by its name", w, err)
	}
	time.Sleep(400 * time.Millisecond) // a create sent again would land by now
	if got, n := creates.Load(), webhooksNamed(t, c, "Gateway"); got != 1 || n != 1 {
		t.Errorf("creates sent %d, webhooks on the platform %d; want 1 and 1", got, n)
	}
}

// A proxy or load balancer that cuts the connection of a slow create (a
// TCP-level idle limit: no HTTP answer at all) while the platform goes on:
// the create is looked up for as long again as it had been under way
// before it is sent again. Sent again after one lookup, both landed. The
// platform carries the first create out when the second lookup arrives
// (after the first has found nothing), whatever the machine's speed.
func TestCreateConnectionCutLandsLate(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var creates, lookupsAfterCut atomic.Int32
	var cut atomic.Bool
	var mu sync.Mutex
	var land func() // the first create, carried out late
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasSuffix(r.URL.Path, "/webhook/updateOrCreate") && creates.Add(1) == 1:
			body, _ := io.ReadAll(r.Body)
			mu.Lock()
			land = func() {
				r2 := httptest.NewRequestWithContext(context.WithoutCancel(r.Context()), r.Method, r.URL.String(), bytes.NewReader(body))
				r2.Header = r.Header.Clone()
				sim.ServeHTTP(httptest.NewRecorder(), r2)
			}
			mu.Unlock()
			time.Sleep(1500 * time.Millisecond) // the idle limit: the call had been under way 1.5 s
			cut.Store(true)
			conn, _, err := http.NewResponseController(w).Hijack()
			if err != nil {
				t.Error(err)
				return
			}
			conn.Close() // no answer: the connection is cut
		case strings.HasSuffix(r.URL.Path, "/webhook/lists") && cut.Load() && lookupsAfterCut.Add(1) == 2:
			mu.Lock()
			land()
			mu.Unlock()
			sim.ServeHTTP(w, r)
		default:
			sim.ServeHTTP(w, r)
		}
	}))
	t.Cleanup(func() { srv.Close(); sim.Wait() })
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", Timeout: 5 * time.Second,
		MaxRetries: 3, RetryWaitMin: 10 * time.Millisecond, RetryWaitMax: 40 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	w, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "Cut", URL: "https://crm.example.com/cut", EventType: 1})
	if err != nil || w == nil || w.ID == 0 {
		t.Fatalf("create: %+v, %v; want the webhook that landed late, found by its name", w, err)
	}
	if got, n := creates.Load(), webhooksNamed(t, c, "Cut"); got != 1 || n != 1 {
		t.Errorf("creates sent %d, webhooks on the platform %d; want 1 and 1", got, n)
	}
}

// webhooksNamed counts the webhooks on the platform with this name.
func webhooksNamed(t *testing.T, c *client.Client, name string) int {
	t.Helper()
	n := 0
	for h, err := range c.Webhooks.List(t.Context(), client.WebhookFilter{Name: name}) {
		if err != nil {
			t.Fatal(err)
		}
		if string(h.Name) == name {
			n++
		}
	}
	return n
}

// A gateway whose platform is down answers HTTP 504 to every attempt and
// carries nothing out: only the first 504 is waited out, so the create
// fails after about one request_timeout of lookups, where each of its
// attempts waited one (a gateway answering 504 to everything: 2.7 s → 132
// s to fail at request_timeout 30 s).
//
// In a synctest bubble, as TestCreateTimedOutLandsLate.
func TestCreateGatewayTimeoutEveryAttempt(t *testing.T) {
	t.Parallel()
	synctest.Test(t, createGatewayTimeoutEveryAttempt)
}

func createGatewayTimeoutEveryAttempt(t *testing.T) {
	const timeout = time.Second
	// The calls in order: C a create, L a lookup (a list of webhooks).
	var mu sync.Mutex
	var calls []byte
	c, creates := webhookCreates(t, timeout, func(w http.ResponseWriter, r *http.Request, sim http.Handler) {
		http.Error(w, "<html>504 Gateway Time-out</html>", http.StatusGatewayTimeout)
	}, func(r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if strings.HasSuffix(r.URL.Path, "/webhook/updateOrCreate") {
			calls = append(calls, 'C')
		} else {
			calls = append(calls, 'L')
		}
	})
	_, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "Down", URL: "https://crm.example.com/down", EventType: 1})
	if err == nil || creates.Load() != 4 {
		t.Fatalf("create: %v after %d sends; want a failure after 4", err, creates.Load())
	}
	// The lookups that follow each send, not the time the create took: a
	// bound of 3 request_timeouts on that failed on a loaded machine (3.5 s,
	// the test's goroutines starved of CPU), where the create's own waits
	// came to one request_timeout. The first send's lookups go on for a
	// request_timeout (several); each later send is looked up once.
	mu.Lock()
	seq := string(calls)
	mu.Unlock()
	after := strings.Split(seq[strings.IndexByte(seq, 'C')+1:], "C")
	if len(after) != 4 || after[0] == "" || after[1] != "L" || after[2] != "L" || after[3] != "L" {
		t.Errorf("calls %s (C a create, L a lookup): want the first send looked up for a request_timeout (%v), each later one once, not one request_timeout of lookups for each of its 4 attempts", seq, timeout)
	}
}

// webhookCreates is a client of a simulator whose webhook creates go to
// create (which may pass them to the simulator, now or later), counted;
// its retries wait little, and its time-out is timeout.
// Each request is shown to seen first, if given. The client calls the
// simulator in process (client.InProcess): call it in the test's bubble.
func webhookCreates(t *testing.T, timeout time.Duration, create func(w http.ResponseWriter, r *http.Request, sim http.Handler), seen ...func(*http.Request)) (*client.Client, *atomic.Int32) {
	t.Helper()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	creates := new(atomic.Int32)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, f := range seen {
			f(r)
		}
		if strings.HasSuffix(r.URL.Path, "/webhook/updateOrCreate") {
			creates.Add(1)
			create(w, r, sim)
			return
		}
		sim.ServeHTTP(w, r)
	})
	t.Cleanup(sim.Wait)
	return bubbleClient(t, h, client.Config{Timeout: timeout, MaxRetries: 3, RetryWaitMin: 10 * time.Millisecond, RetryWaitMax: 40 * time.Millisecond}), creates
}
