package resources_test

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestGatewaySMSSignature_rejectedAfterWaitRanOut: a signature whose create
// stopped waiting (Terraform keeps it tainted) and that was then rejected
// gets no "approved ... untaint" warning at refresh: replacing it is right.
// One approved meanwhile gets the warning (the test reaches it). In process:
// the read is given the private mark the create leaves.
func TestGatewaySMSSignature_rejectedAfterWaitRanOut(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	mark, _ := json.Marshal(map[string][]byte{"review_wait_ran_out": []byte("true")})
	for _, tc := range []struct {
		text   string
		review int
		warn   bool
	}{{"Acme", 1, true}, {"Globex", 2, false}} {
		id, err := c.Gateway.AddSignature(t.Context(), client.GatewaySignatureInput{SignText: tc.text})
		if err != nil {
			t.Fatal(err)
		}
		if err := env.Sim.Review("gateway_signature", strconv.FormatInt(id, 10), tc.review, "blurry licence"); err != nil {
			t.Fatal(err)
		}
		// The state the create saved: still in review, waiting asked for.
		prior, _ := json.Marshal(map[string]any{"id": fmt.Sprint(id), "sign_text": tc.text, "state": 0, "wait_for_approval": true})
		// A server (a plan's walk) of its own: a walk's first refresh reads
		// the whole list, which a signature added later is not in.
		resp, err := env.ActionServer(t).ReadResource(t.Context(), &tfprotov6.ReadResourceRequest{
			TypeName: "contactcenter_gateway_sms_signature", CurrentState: &tfprotov6.DynamicValue{JSON: prior}, Private: mark,
		})
		if err != nil {
			t.Fatal(err)
		}
		got := diagsText(resp.Diagnostics)
		if warned := strings.Contains(got, "Approved After Its Create Stopped Waiting"); warned != tc.warn {
			t.Errorf("%s reviewed %d: warned %v, want %v:\n%s", tc.text, tc.review, warned, tc.warn, got)
		}
		for _, d := range resp.Diagnostics {
			if d.Severity == tfprotov6.DiagnosticSeverityError || resp.NewState == nil {
				t.Errorf("%s: read failed:\n%s", tc.text, got)
			}
		}
	}
}

// TestSMSTemplate_updateGoneSincePlan: an update of a template deleted since
// the plan says so, and not also the template's advice for a "not found"
// about its signature ("Check sign_id").
func TestSMSTemplate_updateGoneSincePlan(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	srv := env.ActionServer(t)
	sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	tp, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: "Parcel", TemplateContents: "Your parcel is on its way", SignID: sg.ID.Int64()})
	if err != nil {
		t.Fatal(err)
	}
	// The state as import and refresh leave it (the plan's prior state).
	typ := "contactcenter_sms_template"
	ir, err := srv.ImportResourceState(t.Context(), &tfprotov6.ImportResourceStateRequest{TypeName: typ, ID: fmt.Sprint(tp.ID)})
	if err != nil || len(ir.ImportedResources) != 1 {
		t.Fatalf("import: %v %s", err, diagsText(ir.Diagnostics))
	}
	rr, err := srv.ReadResource(t.Context(), &tfprotov6.ReadResourceRequest{TypeName: typ, CurrentState: ir.ImportedResources[0].State, Private: ir.ImportedResources[0].Private})
	if err != nil || rr.NewState == nil {
		t.Fatalf("read: %v %s", err, diagsText(rr.Diagnostics))
	}
	schemas, err := srv.GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	ty := schemas.ResourceSchemas[typ].ValueType()
	prior, err := rr.NewState.Unmarshal(ty)
	if err != nil {
		t.Fatal(err)
	}
	planned, err := tftypes.Transform(prior, func(p *tftypes.AttributePath, v tftypes.Value) (tftypes.Value, error) {
		if p.Equal(tftypes.NewAttributePath().WithAttributeName("template_contents")) {
			return tftypes.NewValue(tftypes.String, "Your parcel arrives today"), nil
		}
		return v, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	plannedDV, err := tfprotov6.NewDynamicValue(ty, planned)
	if err != nil {
		t.Fatal(err)
	}
	// Deleted after the plan.
	if err := c.SMS.DeleteTemplate(t.Context(), tp.ID.Int64()); err != nil {
		t.Fatal(err)
	}
	resp, err := srv.ApplyResourceChange(t.Context(), &tfprotov6.ApplyResourceChangeRequest{
		TypeName: typ, PriorState: rr.NewState, PlannedState: &plannedDV, Config: &plannedDV, PlannedPrivate: rr.Private,
	})
	if err != nil {
		t.Fatal(err)
	}
	got := diagsText(resp.Diagnostics)
	if !strings.Contains(got, "Unable to Update SMS Template") || !strings.Contains(got, "it was deleted outside Terraform after this plan was made") ||
		strings.Contains(got, "Check sign_id") {
		t.Errorf("update of a template deleted since the plan:\n%s", got)
	}
	// Not sign_id's fault: the error is the resource's, not the attribute's.
	for _, d := range resp.Diagnostics {
		if d.Attribute != nil {
			t.Errorf("%s: put at %s", d.Summary, d.Attribute)
		}
	}
}
