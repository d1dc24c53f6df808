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

// TestRender_rejectedObjectsNoted: an object the review rejected is named
// in the summary's notes, with the reason and how the warning every plan
// gives of it ends; an adopter met that warning unannounced after the
// first apply. An approved one is not noted.
func TestRender_rejectedObjectsNoted(t *testing.T) {
	rejected := client.FlexInt(client.SignatureRejected)
	inv := &inventory{
		signatures: []client.SMSSignature{{ID: 3, SignText: "Acme", State: rejected, Reason: "brand not proven"}, {ID: 4, SignText: "Beta", State: client.FlexInt(client.SignatureApproved)}},
		templates:  []client.SMSTemplate{{ID: 30, TplTitle: "Lottery", TplText: "Win!", NewSignID: 4, State: client.FlexInt(client.TemplateRejected), Reason: "gambling"}},
		gwTpls:     []client.GatewayTemplate{{ID: 50, TplID: 50, TplTitle: "Promo", TplText: "Sale", TplType: 2, State: client.FlexInt(client.GatewayStateRejected), Reason: "advertising"}},
	}
	m := render(inv, Options{Kinds: []Kind{KindSMSSignatures, KindSMSTemplates, KindGatewaySMSTemplates}})
	notes := strings.Join(m.notes, "\n")
	for _, want := range []string{
		`rejected by review: contactcenter_sms_signature.acme (reason: "brand not proven"): every plan warns that it cannot send, until its sign_text or remark is changed`,
		`rejected by review: contactcenter_sms_template.lottery (reason: "gambling"): every plan warns that it cannot send, until its text, name or signature is changed`,
		`rejected by review: contactcenter_gateway_sms_template.promo (reason: "advertising"): every plan warns that it cannot send, until it is replaced`,
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	if strings.Contains(notes, "beta") || strings.Count(notes, "rejected by review") != 3 {
		t.Errorf("notes name other objects than the three rejected ones:\n%s", notes)
	}
}
