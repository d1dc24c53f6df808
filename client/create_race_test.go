package client_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// TestCreateSameNameConcurrently: two creates of one client (two resources
// of one apply, a for_each whose instances differ elsewhere) make objects of
// the same name at the same time. The first one's request fails before the
// platform processes it; meanwhile the second one's object is made. The
// first create's lookup took that object for its own: both resources held
// one id (a task missing, or deleted later as the other's). Each create now
// ends with its own object, or, where the key is unique (an agent's
// user_num), the second is refused as a duplicate.
func TestCreateSameNameConcurrently(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		path   string
		unique bool
		create func(*client.Client, int) (string, error)
	}{
		"task": {path: "/autocall/api/v3/projects/updateOrCreate", create: func(c *client.Client, i int) (string, error) {
			trans := client.FlexString("ivr_" + strconv.Itoa(i))
			id, err := c.Tasks.Create(t.Context(), client.Task{Name: "Payment reminders", Type: 3, TransTo: &trans})
			return strconv.FormatInt(id, 10), err
		}},
		"webhook": {path: "/autocall/api/v3/webhook/updateOrCreate", create: func(c *client.Client, _ int) (string, error) {
			w, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "CRM", URL: "https://crm.example.com/hook", EventType: 1})
			if err != nil {
				return "", err
			}
			return strconv.FormatInt(int64(w.ID), 10), nil
		}},
		"gateway signature": {path: "/smsapi/sign/v1/add_sign", create: func(c *client.Client, _ int) (string, error) {
			id, err := c.Gateway.AddSignature(t.Context(), client.GatewaySignatureInput{SignText: "Acme"})
			return strconv.FormatInt(id, 10), err
		}},
		"agent": {path: "/open/v3/svcapi/users/add", unique: true, create: func(c *client.Client, _ int) (string, error) {
			num, name, pw := "7001", "A", "Pass-1"
			a, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: &num, UserName: &name, UserPassword: &pw})
			if err != nil {
				return "", err
			}
			return strconv.FormatInt(int64(a.UserID), 10), nil
		}},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			sim, err := simulator.New(simulator.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var calls atomic.Int32
			firstArrived, secondDone := make(chan struct{}), make(chan struct{})
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.Method != http.MethodPost || r.URL.Path != tc.path {
					sim.ServeHTTP(w, r)
					return
				}
				switch calls.Add(1) {
				case 1: // fails before it is processed, once the other create is done (or has had its chance)
					close(firstArrived)
					select {
					case <-secondDone:
					case <-time.After(300 * time.Millisecond):
					}
					http.Error(w, "upstream unavailable", http.StatusServiceUnavailable)
				case 2:
					sim.ServeHTTP(w, r)
					close(secondDone)
				default:
					sim.ServeHTTP(w, r)
				}
			}))
			t.Cleanup(srv.Close)
			c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", AppID: "sim-app", AppKey: "sim-key",
				RetryWaitMin: time.Millisecond, RetryWaitMax: 5 * time.Millisecond, MaxRetries: 2})
			if err != nil {
				t.Fatal(err)
			}
			ids, errs := make([]string, 2), make([]error, 2)
			var wg sync.WaitGroup
			wg.Go(func() { ids[0], errs[0] = tc.create(c, 0) })
			<-firstArrived
			wg.Go(func() { ids[1], errs[1] = tc.create(c, 1) })
			wg.Wait()
			switch {
			case tc.unique && (errs[0] == nil) == (errs[1] == nil):
				t.Errorf("creates of one user_num: ids %q, errors %v; want one made, the other refused as a duplicate", ids, errs)
			case !tc.unique && (errs[0] != nil || errs[1] != nil):
				t.Errorf("errors %v", errs)
			case !tc.unique && ids[0] == ids[1]:
				t.Errorf("both creates returned %s: one object for two resources", ids[0])
			}
		})
	}
}

// TestCreateLostWhileMadeElsewhere: a create's answer is lost while another
// configuration (another client) makes an object of the same name. The
// lookup found both and took the newer, the other's: two states held one
// object, and destroying one configuration deleted the other's. Now the
// create is in doubt, naming both, and neither is taken.
func TestCreateLostWhileMadeElsewhere(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	hook := client.WebhookInput{Name: "CRM", URL: "https://crm.example.com/hook", EventType: 1}
	var calls atomic.Int32
	var elsewhere *client.Client
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.URL.Path == "/autocall/api/v3/webhook/updateOrCreate" && calls.Add(1) == 1 {
			sim.ServeHTTP(httptest.NewRecorder(), r)                                // made, answer lost...
			if _, err := elsewhere.Webhooks.Create(r.Context(), hook); err != nil { // ...while the other team makes its own
				t.Errorf("the other configuration's create: %v", err)
			}
			http.Error(w, "upstream timeout", http.StatusGatewayTimeout)
			return
		}
		sim.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	newClient := func() *client.Client { return fastClient(t, srv.URL) }
	elsewhere = newClient()
	_, err = newClient().Webhooks.Create(t.Context(), hook)
	var doubt *client.CreateInDoubtError
	var several *client.SeveralNewError
	if !errors.As(err, &doubt) || !errors.As(err, &several) || len(several.IDs) != 2 {
		t.Fatalf("error %v, want the create in doubt naming the two webhooks", err)
	}
	if !strings.Contains(err.Error(), "2 objects of the same key (webhooks 301, 302) were made since the create began") {
		t.Errorf("error %v", err)
	}
	// The create's own failure is what the error reports: the answer lost
	// (HTTP 504), not a success without an id (none was answered).
	if !strings.Contains(err.Error(), "HTTP 504") || strings.Contains(err.Error(), "answered success") {
		t.Errorf("error %v, want the create's HTTP 504", err)
	}
	if n := calls.Load(); n != 2 { // ours, lost, and the other's: not sent again
		t.Errorf("updateOrCreate sent %d times, want 2", n)
	}
}

// TestCreateLostAfterKeyTaken: an agent's user_num and a group's que_name
// are unique. Another configuration (or a person) holds the key; this
// create is refused as a duplicate, and the refusal is lost. The lookup
// afterwards found the other's object and took it: two states held one
// agent, and replacing the tainted one deleted the other configuration's
// agent. The object that had the key before the create is never taken now:
// the create is sent again and its refusal reported.
//
// In a synctest bubble on the simulator in process (fastBubbleClient): the
// lookup after each lost answer waits the client's Timeout (1 s) on the
// bubble's clock, not the wall clock's (2 s of the test before).
func TestCreateLostAfterKeyTaken(t *testing.T) {
	t.Parallel()
	synctest.Test(t, createLostAfterKeyTaken)
}

func createLostAfterKeyTaken(t *testing.T) {
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var lost sync.Map // path → lost once
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && (r.URL.Path == "/open/v3/svcapi/users/add" || r.URL.Path == "/portal/v2/svcapi/queue/add") {
			if _, done := lost.LoadOrStore(r.URL.Path, true); !done {
				sim.ServeHTTP(httptest.NewRecorder(), r) // refused as a duplicate, the answer lost
				http.Error(w, "upstream timeout", http.StatusGatewayTimeout)
				return
			}
		}
		sim.ServeHTTP(w, r)
	})
	newClient := func() *client.Client { return fastBubbleClient(t, h) }
	other, ours := newClient(), newClient()
	lost.Store("/open/v3/svcapi/users/add", true) // the other's creates answer
	lost.Store("/portal/v2/svcapi/queue/add", true)
	theirs, err := other.Agents.Create(t.Context(), client.AgentInput{UserNum: str("9101"), UserName: str("Theirs"), UserPassword: str("s3cret!")})
	if err != nil {
		t.Fatal(err)
	}
	theirGroup, err := other.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Group A", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	lost.Clear()

	a, err := ours.Agents.Create(t.Context(), client.AgentInput{UserNum: str("9101"), UserName: str("Ours"), UserPassword: str("s3cret!")})
	if err == nil {
		t.Errorf("the agent create took agent %d (the other's is %d), want the duplicate refused", a.UserID, theirs.UserID)
	} else if !strings.Contains(err.Error(), "9101") {
		t.Errorf("agent: %v, want the duplicate refusal naming user_num 9101", err)
	}
	g, err := ours.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Group A", QuePriority: 1})
	if err == nil {
		t.Errorf("the group create took group %s (the other's is %s), want the duplicate refused", g, theirGroup)
	} else if !strings.Contains(err.Error(), "Group A") {
		t.Errorf("group: %v, want the duplicate refusal naming Group A", err)
	}
	if n := sim.Stats()["POST /open/v3/svcapi/users/add"]; n != 3 { // theirs; ours lost; ours again, refused
		t.Errorf("users/add sent %d times, want 3", n)
	}
}

// TestCreateInterrupted: Ctrl-C (Terraform stops the provider, which
// cancels the create's context) while a create is on its way. The service
// carries out what it received: the object was left behind in no state, and
// the next apply made a second webhook (or failed on the agent's number as
// a duplicate). The create now looks the object up after the interruption
// and ends with it; when it is not there, the error says the create may
// still take effect.
//
// Each case runs in a synctest bubble on the simulator in process
// (bubbleClient): the create made 60 ms after the client gave up, and the
// lookups 40 ms and 200 ms after it, are on the bubble's clock. On the
// wall clock a loaded machine could delay the server's sight of the
// disconnect and the late create past the lookups (140 ms apart).
func TestCreateInterrupted(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]interruptedCase{
		"made before the interruption": {0, true},
		"made a moment after":          {60 * time.Millisecond, true},
		"never made":                   {-1, false},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			synctest.Test(t, func(t *testing.T) { createInterrupted(t, tc) })
		})
	}
}

// interruptedCase is a case of TestCreateInterrupted.
type interruptedCase struct {
	processAfter time.Duration // after the client gave up; <0: never
	wantFound    bool
}

func createInterrupted(t *testing.T, tc interruptedCase) {
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	arrived := make(chan struct{}, 2)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && (r.URL.Path == "/autocall/api/v3/webhook/updateOrCreate" || r.URL.Path == "/open/v3/svcapi/users/add") {
			body, _ := io.ReadAll(r.Body)
			arrived <- struct{}{}
			<-r.Context().Done() // the client gives up
			if tc.processAfter >= 0 {
				time.Sleep(tc.processAfter)
				r2 := httptest.NewRequestWithContext(context.WithoutCancel(r.Context()), r.Method, r.URL.String(), bytes.NewReader(body))
				r2.Header = r.Header.Clone()
				sim.ServeHTTP(httptest.NewRecorder(), r2)
			}
			return
		}
		sim.ServeHTTP(w, r)
	})
	c := bubbleClient(t, h, client.Config{RetryWaitMin: 40 * time.Millisecond, RetryWaitMax: 80 * time.Millisecond, MaxRetries: 2})
	interrupt := func() (context.Context, context.CancelFunc) {
		ctx, cancel := context.WithCancel(t.Context())
		go func() { <-arrived; cancel() }()
		return ctx, cancel
	}
	ctx, cancel := interrupt()
	hook, herr := c.Webhooks.Create(ctx, client.WebhookInput{Name: "CRM", URL: "https://crm.example.com/hook", EventType: 1})
	cancel()
	ctx, cancel = interrupt()
	agent, aerr := c.Agents.Create(ctx, client.AgentInput{UserNum: str("9201"), UserName: str("Ann"), UserPassword: str("s3cret!")})
	cancel()
	if tc.wantFound {
		if herr != nil || hook == nil || hook.ID == 0 {
			t.Errorf("webhook: %v, want the webhook made", herr)
		}
		if aerr != nil || agent == nil || agent.UserID == 0 {
			t.Errorf("agent: %v, want the agent made", aerr)
		}
		return
	}
	var ie *client.CreateInterruptedError
	for what, err := range map[string]error{"webhook": herr, "agent": aerr} {
		if !errors.As(err, &ie) || !errors.Is(err, context.Canceled) ||
			!strings.Contains(err.Error(), "the create was interrupted after it was sent, and the service may still carry it out; looked up right after, the object was not found") {
			t.Errorf("%s: %v, want the create interrupted and in doubt", what, err)
		}
	}
}

// TestCreateInterrupted_noLookup: ccsync's second Ctrl-C aborts at once; the
// lookups after an interrupted create (up to 15 s) held it back. With
// InterruptedLookup < 0 the create ends at once, its outcome unknown; and a
// create whose context ended before it was sent is not said to have been
// sent.
//
// In a synctest bubble on the simulator in process (bubbleClient): the
// 500 ms bounds (against retries a second apart) are on the bubble's
// clock, where a create that ends at once takes no time; on a listener
// and the wall clock a loaded machine's scheduling counted against them.
func TestCreateInterrupted_noLookup(t *testing.T) {
	t.Parallel()
	synctest.Test(t, createInterruptedNoLookup)
}

func createInterruptedNoLookup(t *testing.T) {
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	arrived := make(chan struct{}, 1)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.URL.Path == "/autocall/api/v3/webhook/updateOrCreate" {
			_, _ = io.ReadAll(r.Body) // the server then sees the client go
			arrived <- struct{}{}
			<-r.Context().Done()
			return
		}
		sim.ServeHTTP(w, r)
	})
	c := bubbleClient(t, h, client.Config{RetryWaitMin: time.Second, RetryWaitMax: 2 * time.Second, MaxRetries: 2, InterruptedLookup: -1})
	ctx, cancel := context.WithCancel(t.Context())
	// The time is taken from the cancel, not from the call: the send before
	// it took more than 500ms on a loaded machine (0.7-1.1 s) when the test
	// ran on the wall clock.
	cancelled := make(chan time.Time, 1)
	go func() { <-arrived; cancelled <- time.Now(); cancel() }()
	_, err = c.Webhooks.Create(ctx, client.WebhookInput{Name: "CRM", URL: "https://crm.example.com/hook", EventType: 1})
	returned := time.Now()
	select {
	case at := <-cancelled:
		if took := returned.Sub(at); took > 500*time.Millisecond {
			t.Errorf("the create took %v after its context ended, want at once (its retries wait a second)", took)
		}
	default:
		t.Errorf("the create returned (%v) before it reached the server", err)
	}
	var ie *client.CreateInterruptedError
	if !errors.As(err, &ie) || !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "the create was cut off after it was sent, and the service may still carry it out") {
		t.Errorf("error %v, want the create cut off, its outcome unknown", err)
	}

	// Ended before it was sent: a plain cancellation, nothing to look up.
	ended, cancel := context.WithCancel(t.Context())
	cancel()
	c2 := bubbleClient(t, h, client.Config{RetryWaitMin: time.Second})
	for range 10 { // the create's turn may be taken before the context is seen
		began := time.Now()
		_, err = c2.Agents.CreateListed(ended, client.AgentInput{UserNum: str("9301"), UserName: str("Ann"), UserPassword: str("s3cret!")})
		if errors.As(err, &ie) || !errors.Is(err, context.Canceled) || time.Since(began) > 500*time.Millisecond {
			t.Fatalf("cancelled before sending: %v after %v, want context canceled at once", err, time.Since(began))
		}
	}
}

// fastClient is a client of the server at origin that retries at once (two
// retries), as a test wants.
func fastClient(t *testing.T, origin string) *client.Client {
	t.Helper()
	// A create answered HTTP 504 is looked up for one Timeout before it is
	// sent again: short here, as the retries' waits are.
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(origin), AccessToken: "sim-token", Timeout: time.Second,
		RetryWaitMin: time.Millisecond, RetryWaitMax: 5 * time.Millisecond, MaxRetries: 2})
	if err != nil {
		t.Fatal(err)
	}
	return c
}
