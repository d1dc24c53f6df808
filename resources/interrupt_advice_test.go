package resources_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestInterrupted_adviceFitsTheOperation: every interrupted refresh, update
// and delete ended with the advice of an interrupted send ("check first
// what it did: running it again may repeat it"), which says nothing true of
// a read (it changed nothing), an update (the object may have some of the
// new values; the next plan shows which) or a delete (a run again finishes
// it). Through the protocol in process: Ctrl-C (the request's context
// cancelled) once the call reached the platform, whose answer never comes.
func TestInterrupted_adviceFitsTheOperation(t *testing.T) {
	t.Parallel()
	const typ = "contactcenter_webhook"
	var mu sync.Mutex
	var stop context.CancelFunc
	var stopAt string // the path whose call Ctrl-C cuts off
	env := acctest.NewWithHandler(t, func(sim http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			cancel := stop
			if cancel == nil || !strings.HasSuffix(r.URL.Path, stopAt) {
				cancel = nil
			} else {
				stop = nil // the calls after the interrupt (a delete's read-back) are answered
			}
			mu.Unlock()
			if cancel == nil {
				sim.ServeHTTP(w, r)
				return
			}
			// Ctrl-C once the client has seen its request written whole
			// (a request cut off while it was written was not sent).
			time.Sleep(100 * time.Millisecond)
			cancel()
			select {
			case <-r.Context().Done():
			case <-time.After(3 * time.Second):
			}
		})
	})
	srv := env.ActionServer(t)
	schemas, err := srv.GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	null := &tfprotov6.DynamicValue{JSON: []byte("null")}
	value := func(m map[string]any) *tfprotov6.DynamicValue {
		b, _ := json.Marshal(m)
		return &tfprotov6.DynamicValue{JSON: b}
	}
	conf := value(map[string]any{"name": "Hang-up", "url": "https://crm.example.com/h", "status": true, "event_type": 1})
	plan, err := srv.PlanResourceChange(t.Context(), &tfprotov6.PlanResourceChangeRequest{TypeName: typ, PriorState: null, ProposedNewState: conf, Config: conf})
	if err != nil || (acctest.ActionResult{Diagnostics: plan.Diagnostics}).HasError() {
		t.Fatalf("plan: %v %v", err, acctest.ActionResult{Diagnostics: plan.Diagnostics}.Text())
	}
	created, err := srv.ApplyResourceChange(t.Context(), &tfprotov6.ApplyResourceChangeRequest{TypeName: typ, PriorState: null, PlannedState: plan.PlannedState, Config: conf, PlannedPrivate: plan.PlannedPrivate})
	if err != nil || (acctest.ActionResult{Diagnostics: created.Diagnostics}).HasError() {
		t.Fatalf("create: %v %v", err, acctest.ActionResult{Diagnostics: created.Diagnostics}.Text())
	}
	interrupted := func(path string) context.Context {
		ctx, cancel := context.WithCancel(t.Context())
		t.Cleanup(cancel)
		mu.Lock()
		stop, stopAt = cancel, path
		mu.Unlock()
		return ctx
	}
	check := func(op, text string, want ...string) {
		t.Helper()
		if strings.Contains(text, "may repeat it") || strings.Contains(text, "interrupted send or action") {
			t.Errorf("%s: the advice of an interrupted send:\n%s", op, text)
		}
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: lacks %q:\n%s", op, w, text)
			}
		}
	}

	read, err := srv.ReadResource(interrupted("/webhook/lists"), &tfprotov6.ReadResourceRequest{TypeName: typ, CurrentState: created.NewState, Private: created.Private})
	if err != nil {
		t.Fatal(err)
	}
	check("read", acctest.ActionResult{Diagnostics: read.Diagnostics}.Text(), "Unable to Read Webhook", "Terraform was stopped",
		"This was a read, which changes nothing on the platform")

	// The prior state with another url: the planned update.
	ty := schemas.ResourceSchemas[typ].ValueType()
	priorValue, err := created.NewState.Unmarshal(ty)
	if err != nil {
		t.Fatal(err)
	}
	attrs := map[string]tftypes.Value{}
	if err := priorValue.As(&attrs); err != nil {
		t.Fatal(err)
	}
	attrs["url"] = tftypes.NewValue(tftypes.String, "https://crm.example.com/h2")
	proposed, err := tfprotov6.NewDynamicValue(ty, tftypes.NewValue(ty, attrs))
	if err != nil {
		t.Fatal(err)
	}
	newConf := value(map[string]any{"name": "Hang-up", "url": "https://crm.example.com/h2", "status": true, "event_type": 1})
	uplan, err := srv.PlanResourceChange(t.Context(), &tfprotov6.PlanResourceChangeRequest{TypeName: typ, PriorState: created.NewState, ProposedNewState: &proposed, Config: newConf, PriorPrivate: created.Private})
	if err != nil || (acctest.ActionResult{Diagnostics: uplan.Diagnostics}).HasError() {
		t.Fatalf("plan update: %v %v", err, acctest.ActionResult{Diagnostics: uplan.Diagnostics}.Text())
	}
	// Ctrl-C in the read the update makes before it sends (the fields it
	// leaves as the platform holds them): nothing was sent, and it said
	// "The update may or may not have reached the platform".
	preRead, err := srv.ApplyResourceChange(interrupted("/webhook/lists"), &tfprotov6.ApplyResourceChangeRequest{TypeName: typ, PriorState: created.NewState, PlannedState: uplan.PlannedState, Config: newConf, PlannedPrivate: uplan.PlannedPrivate})
	if err != nil {
		t.Fatal(err)
	}
	text := acctest.ActionResult{Diagnostics: preRead.Diagnostics}.Text()
	check("update's read", text, "Unable to Update Webhook", "The update reads the object before it is sent, and the read was cut off, so nothing was updated and applying again is safe",
		"interrupted (Terraform was stopped, for example with Ctrl-C)")
	if strings.Contains(text, "may or may not have reached") || strings.Contains(text, "no longer exists") {
		t.Errorf("update's read: says the update may have reached the platform, or that the webhook is gone:\n%s", text)
	}
	updated, err := srv.ApplyResourceChange(interrupted("/webhook/updateOrCreate"), &tfprotov6.ApplyResourceChangeRequest{TypeName: typ, PriorState: created.NewState, PlannedState: uplan.PlannedState, Config: newConf, PlannedPrivate: uplan.PlannedPrivate})
	if err != nil {
		t.Fatal(err)
	}
	check("update", acctest.ActionResult{Diagnostics: updated.Diagnostics}.Text(), "Unable to Update Webhook", "Terraform was stopped",
		"The update may or may not have reached the platform", "The next terraform plan reads it")

	// The delete reaches the platform but is not carried out (the
	// handler never serves it): the read-back finds the object.
	deleted, err := srv.ApplyResourceChange(interrupted("/webhook/delete"), &tfprotov6.ApplyResourceChangeRequest{TypeName: typ, PriorState: created.NewState, PlannedState: null, Config: null, PlannedPrivate: created.Private})
	if err != nil {
		t.Fatal(err)
	}
	check("delete", acctest.ActionResult{Diagnostics: deleted.Diagnostics}.Text(), "Unable to Delete Webhook", "may or may not have been deleted",
		"read right after the interrupt, it still existed", "Run the destroy (or apply) again")
}
