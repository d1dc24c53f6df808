package acctest_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestNewInMemory_bubbleClock: an in-memory Env works in a synctest
// bubble. Its requests reach the simulator without a listener, and the
// time a request takes is the bubble's: a handler that takes 2s takes
// exactly 2s, whatever the machine's load, and a client that gives up
// after 1s has its error after 1s, as with a server.
func TestNewInMemory_bubbleClock(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		env := acctest.NewInMemory(t, func(h http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if strings.HasSuffix(r.URL.Path, "/queryText/slow") {
					time.Sleep(2 * time.Second) // whether the client waits or not
				}
				h.ServeHTTP(w, r)
			})
		})
		c := env.Client(t)
		start := time.Now()
		_, err := c.ASR.Query(t.Context(), "slow")
		if !client.IsNotFound(err) || time.Since(start) != 2*time.Second {
			t.Errorf("a query of an unknown task answered in 2s: %v after %s, want code 402 (not found) after 2s", err, time.Since(start))
		}
		if n := env.Sim.Stats()["GET /portal/v3/api/asr/queryText/slow"]; n != 1 {
			t.Errorf("the simulator answered %d queries, want 1: %v", n, env.Sim.Stats())
		}
		// A client that gives up after 1s is not held until the handler
		// ends, 2s after the request (the handler does not watch the
		// request's context, as a server's slow answer does not).
		ctx, cancel := context.WithTimeout(t.Context(), time.Second)
		defer cancel()
		start = time.Now()
		_, err = c.ASR.Query(ctx, "slow")
		if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) != time.Second {
			t.Errorf("a query given 1s, answered in 2s: %v after %s, want the deadline after 1s", err, time.Since(start))
		}
	})
}
