package resources_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestSMSTemplate_signIDGivenThePlatformSignID: sign_id given a signature's
// platform sign_id (contactcenter_sms_signature.s.sign_id, 5001) where it
// takes the signature's id (101) said only "Check sign_id: it must be the
// id of an existing contactcenter_sms_signature", which the user believed
// it was. The error names the signature and the id to use; a sign_id no
// signature has in either way keeps the general advice.
func TestSMSTemplate_signIDGivenThePlatformSignID(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	srv := env.ActionServer(t)
	sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	if sg.SignID.Int64() == sg.ID.Int64() {
		t.Fatalf("the simulator gave the signature the same id and sign_id %d", sg.ID.Int64())
	}
	create := func(signID int64) []*tfprotov6.Diagnostic {
		plan, _ := json.Marshal(map[string]any{"template_name": fmt.Sprint("T", signID), "template_contents": "Hi", "sign_id": signID,
			"submit_for_review": true, "wait_for_approval": false})
		dv := &tfprotov6.DynamicValue{JSON: plan}
		null, _ := json.Marshal(nil)
		resp, err := srv.ApplyResourceChange(t.Context(), &tfprotov6.ApplyResourceChangeRequest{
			TypeName: "contactcenter_sms_template", PriorState: &tfprotov6.DynamicValue{JSON: null}, PlannedState: dv, Config: dv,
		})
		if err != nil {
			t.Fatal(err)
		}
		return resp.Diagnostics
	}
	diags := create(sg.SignID.Int64())
	got := diagsText(diags)
	want := fmt.Sprintf(`%d is the platform sign_id of signature %d ("Acme"); sign_id takes the signature's id: use contactcenter_sms_signature.<name>.id (%d).`,
		sg.SignID.Int64(), sg.ID.Int64(), sg.ID.Int64())
	if !strings.Contains(got, "Unable to Create SMS Template") || !strings.Contains(got, want) || strings.Contains(got, "Check sign_id") {
		t.Errorf("sign_id given the platform sign_id:\n%s\nwant %s", got, want)
	}
	for _, d := range diags {
		if d.Attribute == nil || !d.Attribute.Equal(tftypes.NewAttributePath().WithAttributeName("sign_id")) {
			t.Errorf("%s: at %v, want sign_id", d.Summary, d.Attribute)
		}
	}
	if got := diagsText(create(987654)); !strings.Contains(got, "Check sign_id: it must be the id of an existing contactcenter_sms_signature.") ||
		strings.Contains(got, "platform sign_id") {
		t.Errorf("sign_id no signature has:\n%s", got)
	}
}
