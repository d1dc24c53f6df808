package resources_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestDelete_interruptedAfterSentDropsWhatIsGone: Ctrl-C during a destroy
// of 100 agents (150 ms a call) left about ten of them in the state,
// each with "Unable to Delete Agent ... may or may not have been deleted
// (its request was already sent)", although the platform had deleted every
// one: the delete was cut off after it was sent, and the cancelled context
// left nothing to read the object back with. One read outside the cancelled
// context (bounded as an interrupted create's lookup) tells: an object gone
// leaves the state without an error. Through the protocol in process, the
// request's context cancelled as Terraform's stop does, once the platform
// has carried out the delete and before its answer arrives.
func TestDelete_interruptedAfterSentDropsWhatIsGone(t *testing.T) {
	t.Parallel()
	for typ, tc := range map[string]struct {
		del    string
		config map[string]any
	}{
		"contactcenter_webhook":     {"/webhook/delete", map[string]any{"name": "Hang-up", "url": "https://crm.example.com/h", "status": true, "event_type": 1}},
		"contactcenter_skill_group": {"/queue/delete", map[string]any{"que_name": "Support", "que_priority": 10}},
	} {
		t.Run(typ, func(t *testing.T) {
			t.Parallel()
			var mu sync.Mutex
			var stop context.CancelFunc
			env := acctest.NewWithHandler(t, func(sim http.Handler) http.Handler {
				return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					mu.Lock()
					cancel := stop
					mu.Unlock()
					if cancel == nil || !strings.HasSuffix(r.URL.Path, tc.del) {
						sim.ServeHTTP(w, r)
						return
					}
					// The platform carries the delete out; Ctrl-C comes
					// before its answer, which never arrives.
					sim.ServeHTTP(httptest.NewRecorder(), r)
					cancel()
					select {
					case <-r.Context().Done():
					case <-time.After(10 * time.Second):
					}
				})
			})
			srv := env.ActionServer(t)
			b, _ := json.Marshal(tc.config)
			conf := &tfprotov6.DynamicValue{JSON: b}
			null := &tfprotov6.DynamicValue{JSON: []byte("null")}
			plan, err := srv.PlanResourceChange(t.Context(), &tfprotov6.PlanResourceChangeRequest{TypeName: typ, PriorState: null, ProposedNewState: conf, Config: conf})
			if err != nil || (acctest.ActionResult{Diagnostics: plan.Diagnostics}).HasError() {
				t.Fatalf("plan: %v %v", err, acctest.ActionResult{Diagnostics: plan.Diagnostics}.Text())
			}
			created, err := srv.ApplyResourceChange(t.Context(), &tfprotov6.ApplyResourceChangeRequest{TypeName: typ, PriorState: null, PlannedState: plan.PlannedState, Config: conf, PlannedPrivate: plan.PlannedPrivate})
			if err != nil || (acctest.ActionResult{Diagnostics: created.Diagnostics}).HasError() {
				t.Fatalf("create: %v %v", err, acctest.ActionResult{Diagnostics: created.Diagnostics}.Text())
			}

			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			mu.Lock()
			stop = cancel
			mu.Unlock()
			start := time.Now()
			res, err := srv.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{TypeName: typ, PriorState: created.NewState, PlannedState: null, Config: null, PlannedPrivate: created.Private})
			if err != nil {
				t.Fatal(err)
			}
			if took := time.Since(start); took > 5*time.Second {
				t.Errorf("the interrupted destroy took %v", took)
			}
			if text := (acctest.ActionResult{Diagnostics: res.Diagnostics}).Text(); text != "" {
				t.Errorf("diagnostics: %s; want none: the object is gone", text)
			}
			schemas, err := srv.GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
			if err != nil {
				t.Fatal(err)
			}
			if res.NewState != nil {
				state, err := res.NewState.Unmarshal(schemas.ResourceSchemas[typ].ValueType())
				if err != nil {
					t.Fatal(err)
				}
				if !state.IsNull() {
					t.Errorf("the new state keeps the object: %v; want it dropped", state)
				}
			}
		})
	}
}
