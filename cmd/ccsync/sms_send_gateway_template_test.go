package main

import (
	"testing"
)

// TestSMSSend_gatewayTemplateNotFound: a --template the gateway does not
// know said only "--template 424242: gateway template 424242: not found",
// without saying that --via gateway takes the gateway's template ids (an
// operator sending with the open interface's template id, its own
// numbering, got no hint). Nothing is sent, exit 2.
func TestSMSSend_gatewayTemplateNotFound(t *testing.T) {
	t.Parallel()
	e := newGatewaySendEnv(t)
	e.tpl = "424242"
	code, o, errOut := e.send(sharedValuesBook(t, 2), "--journal", t.TempDir()+"/j")
	want := "ccsync sms send: --template 424242: no gateway template has the id 424242 (get_template does not know it). With --via gateway, " +
		"--template takes a gateway template's id (tplId, contactcenter_gateway_sms_template.x.id); the id of an open-interface template " +
		"(contactcenter_sms_template) is sent with --via open\n"
	if code != 2 || errOut != want {
		t.Errorf("exit %d, stderr %q\nwant exit 2, %q\n%s", code, errOut, want, o)
	}
	if n := e.gatewaySends(); n != 0 {
		t.Errorf("gateway send requests = %d, want 0", n)
	}
}
