package actions_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// invokeIn is acctest.InvokeOnly in ctx, which the test may end.
func invokeIn(ctx context.Context, t *testing.T, srv tfprotov6.ProviderServerWithActions, typ string, config any) acctest.ActionResult {
	b, err := json.Marshal(config)
	if err != nil {
		t.Error(err)
		return acctest.ActionResult{}
	}
	stream, err := srv.InvokeAction(ctx, &tfprotov6.InvokeActionRequest{ActionType: typ, Config: &tfprotov6.DynamicValue{JSON: b}})
	if err != nil {
		t.Errorf("InvokeAction: %v", err)
		return acctest.ActionResult{}
	}
	return acctest.InvokeEvents(stream)
}

// refuse429 wraps the simulator: while n > 0, a call of template/list
// takes one from n and is refused with HTTP 429 and Retry-After: 1 (a wait
// of 1 to 2 s).
func refuse429(n *atomic.Int32) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/sms/template/list") && n.Add(-1) >= 0 {
				w.Header().Set("Retry-After", "1")
				w.WriteHeader(http.StatusTooManyRequests)
				return
			}
			h.ServeHTTP(w, r)
		})
	}
}

// TestSMSSend_sharedReadRetryNotice: two sends of one template read it
// through one template/list call, which a rate limit refuses twice. The
// call told its waits to the progress of the send that began it alone, so
// the other send showed nothing while it waited; and once the first send
// had ended (its invoke context ended), the call's next notice went to
// that send's progress, which nobody read any more: the call hung there,
// and the second send with it, until its own context ended. The second
// send now shows the waits itself and completes.
//
// In a synctest bubble, on the simulator in process: the sleeps below and
// the read's waits run on the bubble's clock, so the order they set (the
// first send's read refused and waiting before the second send joins it;
// the first send ended during that wait) holds whatever the machine's load.
func TestSMSSend_sharedReadRetryNotice(t *testing.T) {
	t.Parallel()
	synctest.Test(t, sharedReadRetryNotice)
}

func sharedReadRetryNotice(t *testing.T) {
	var refuse atomic.Int32
	env := acctest.NewInMemory(t, refuse429(&refuse))
	tid := approvedTemplate(t, env, "Hi ${name}")
	refuse.Store(2)
	srv := env.ActionServer(t)
	config := map[string]any{"template_id": tid,
		"recipients": []any{map[string]any{"mobile": "+8613800138000", "params": map[string]string{"name": "Ann"}}}}
	firstCtx, endFirst := context.WithCancel(t.Context())
	defer endFirst()
	var wg sync.WaitGroup
	var first acctest.ActionResult
	wg.Go(func() { first = invokeIn(firstCtx, t, srv, "contactcenter_sms_send", config) })
	time.Sleep(300 * time.Millisecond) // the first send's read waits 1 to 2 s to try again
	// The first send ends while the read waits; its second attempt comes
	// 1 s after the first at the earliest.
	time.AfterFunc(400*time.Millisecond, endFirst)
	secondCtx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	second := invokeIn(secondCtx, t, srv, "contactcenter_sms_send", config)
	wg.Wait()
	if !first.HasError() {
		t.Errorf("the first send was not interrupted: %q", first.Progress)
	}
	if second.HasError() || !second.Completed {
		t.Fatalf("the second send: %s (progress %q)", second.Text(), second.Progress)
	}
	const want = "POST /sms/template/list: the service is limiting requests (HTTP 429); trying again in "
	var told []string
	for _, p := range second.Progress {
		if strings.Contains(p, "template/list") {
			told = append(told, p)
			if !strings.HasPrefix(p, want) {
				t.Errorf("the second send's notice %q, want %q…", p, want)
			}
		}
	}
	// It joined the read during its first wait (with 0.7 s left at least),
	// and waited through the second after the first send had ended.
	if len(told) != 2 || !strings.HasSuffix(told[0], "(attempt 2)") || !strings.HasSuffix(told[1], "(attempt 3)") {
		t.Errorf("the second send showed %q of the shared read's waits, want one for each (attempts 2 and 3)", told)
	}
}
