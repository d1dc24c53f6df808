package resources_test

import (
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestReviewWait_interruptedAfterCreateSavesNoUnknowns: Ctrl-C right after
// a signature or template was stored, with wait_for_approval, failed the
// read-back and then every read of the wait; the wait saved the plan's
// unknown values as the new state, and Terraform answered with one
// "Provider returned invalid result object after apply ... always a bug
// in the provider" per computed attribute (7 for a signature, 11 for a
// template). The state keeps the id and no unknown value; the interruption
// is said once. Through the protocol in process, the request's context
// cancelled as Terraform's stop does.
func TestReviewWait_interruptedAfterCreateSavesNoUnknowns(t *testing.T) {
	t.Parallel()
	for typ, store := range map[string]string{
		"contactcenter_sms_signature": "/sms/sign/store",
		"contactcenter_sms_template":  "/sms/template/store",
	} {
		t.Run(typ, func(t *testing.T) {
			t.Parallel()
			var mu sync.Mutex
			var stop context.CancelFunc
			env := acctest.NewWithHandler(t, func(sim http.Handler) http.Handler {
				return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					sim.ServeHTTP(w, r)
					mu.Lock()
					defer mu.Unlock()
					if strings.HasSuffix(r.URL.Path, store) && stop != nil {
						stop() // Ctrl-C once the store is answered
					}
				})
			})
			srv := env.ActionServer(t)
			config := map[string]any{"sign_text": "Acme", "wait_for_approval": true}
			if typ == "contactcenter_sms_template" {
				sg, err := env.Client(t).SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
				if err != nil {
					t.Fatal(err)
				}
				config = map[string]any{"sign_id": int64(sg.ID), "template_name": "Welcome", "template_contents": "Hello", "wait_for_approval": true}
			}
			b, _ := json.Marshal(config)
			conf := &tfprotov6.DynamicValue{JSON: b}
			null := &tfprotov6.DynamicValue{JSON: []byte("null")}
			plan, err := srv.PlanResourceChange(t.Context(), &tfprotov6.PlanResourceChangeRequest{TypeName: typ, PriorState: null, ProposedNewState: conf, Config: conf})
			if err != nil || (acctest.ActionResult{Diagnostics: plan.Diagnostics}).HasError() {
				t.Fatalf("plan: %v %v", err, acctest.ActionResult{Diagnostics: plan.Diagnostics}.Text())
			}
			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			mu.Lock()
			stop = cancel
			mu.Unlock()
			res, err := srv.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{TypeName: typ, PriorState: null, PlannedState: plan.PlannedState, Config: conf, PlannedPrivate: plan.PlannedPrivate})
			if err != nil {
				t.Fatal(err)
			}
			text := acctest.ActionResult{Diagnostics: res.Diagnostics}.Text()
			if !strings.Contains(text, "Review Wait Interrupted") {
				t.Errorf("diagnostics: %s; want the interruption said", text)
			}
			schemas, err := srv.GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
			if err != nil {
				t.Fatal(err)
			}
			state, err := res.NewState.Unmarshal(schemas.ResourceSchemas[typ].ValueType())
			if err != nil {
				t.Fatal(err)
			}
			if !state.IsFullyKnown() {
				t.Errorf("the new state holds unknown values, which Terraform refuses after an apply: %v", state)
			}
			var attrs map[string]tftypes.Value
			if err := state.As(&attrs); err != nil || attrs["id"].IsNull() {
				t.Errorf("the new state has no id: %v", state)
			}
		})
	}
}

// TestAccReviewWait_deletedMeanwhile: a signature deleted in the portal
// while the apply waited for its review was polled until the create
// timeout (30 minutes by default); the apply fails at once, saying so, and
// the next plan creates it again.
func TestAccReviewWait_deletedMeanwhile(t *testing.T) {
	t.Parallel()
	var stored, deleted atomic.Bool
	var c *client.Client
	env := acctest.NewWithHandler(t, func(sim http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if stored.Load() && strings.HasSuffix(r.URL.Path, "/sms/sign/list") && deleted.CompareAndSwap(false, true) {
				if err := c.SMS.DeleteSignature(r.Context(), 101); err != nil {
					t.Errorf("deleting the signature in the portal: %v", err)
				}
			}
			sim.ServeHTTP(w, r)
			if strings.HasSuffix(r.URL.Path, "/sms/sign/store") {
				stored.Store(true)
			}
		})
	})
	c = env.Client(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config:      env.Config(smsSignatureConfig("Acme", "wait_for_approval = true\ntimeouts = { create = \"5s\" }")),
				ExpectError: regexp.MustCompile(`SMS Signature Deleted While Waiting for Review`),
			},
			{Config: env.Config(smsSignatureConfig("Acme", "wait_for_approval = true\ntimeouts = { create = \"5s\" }")), PlanOnly: true, ExpectNonEmptyPlan: true},
		},
	})
}
