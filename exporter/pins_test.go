package exporter

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestRender_agentNumberLeadingZero: an agent number that starts with 0
// gets the kind's prefix too: Terraform refuses a resource name that starts
// with a digit.
func TestRender_agentNumberLeadingZero(t *testing.T) {
	inv := &inventory{agents: []client.Agent{{UserID: 1001, UserNum: "007", UserName: "Bond"}, {UserID: 1002, UserNum: "0042", UserName: "Adams"}}}
	got := renderFile(t, render(inv, Options{Kinds: []Kind{KindAgents}}), "agents.tf")
	for _, w := range []string{`resource "contactcenter_agent" "agent_007" {`, `resource "contactcenter_agent" "agent_0042" {`} {
		if !strings.Contains(got, w) {
			t.Errorf("agents.tf lacks %q:\n%s", w, got)
		}
	}
}

// TestRender_rejectedSignatureComment: a rejected SMS signature's comment
// says rejected.
func TestRender_rejectedSignatureComment(t *testing.T) {
	inv := &inventory{signatures: []client.SMSSignature{{ID: 3, SignText: "Acme", State: client.FlexInt(client.SignatureRejected)}}}
	got := renderFile(t, render(inv, Options{Kinds: []Kind{KindSMSSignatures}}), "sms_signatures.tf")
	if !strings.Contains(got, "Review state: rejected (2).") || strings.Contains(got, "approved") {
		t.Errorf("sms_signatures.tf does not say the signature is rejected:\n%s", got)
	}
}
