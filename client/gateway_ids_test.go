package client_test

import (
	"fmt"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestGatewayGetByIDsSplitsAt50: GetTemplates and GetSignatures (the ids
// of contactcenter_gateway_sms_templates and _signatures) send at most 50
// ids per get_template/get_sign call, the gateway's most items per answer
// (§4.8, §8), at 50, 51, 100 and 101 ids, and return every object once.
func TestGatewayGetByIDsSplitsAt50(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	ctx := t.Context()
	var tpls, signs []int64
	for i := range 101 {
		id, err := e.c.Gateway.AddTemplate(ctx, gwTemplate(fmt.Sprintf("T%d", i)))
		if err != nil {
			t.Fatal(err)
		}
		tpls = append(tpls, id)
		sid, err := e.c.Gateway.AddSignature(ctx, client.GatewaySignatureInput{SignText: fmt.Sprintf("Sig%d", i)})
		if err != nil {
			t.Fatal(err)
		}
		signs = append(signs, sid)
	}
	idCalls := func(path, key string) (calls, most int) {
		e.mu.Lock()
		defer e.mu.Unlock()
		for _, b := range e.bodies[path] {
			if ids, ok := b[key].([]any); ok {
				calls++
				most = max(most, len(ids))
			}
		}
		return calls, most
	}
	for _, n := range []int{1, 50, 51, 100, 101} {
		tc0, _ := idCalls("/smsapi/tpl/v1/get_template", "tplId")
		sc0, _ := idCalls("/smsapi/sign/v1/get_sign", "signId")
		// A repeated id is read once.
		got, err := e.c.Gateway.GetTemplates(ctx, append(append([]int64{}, tpls[:n]...), tpls[0]))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != n {
			t.Errorf("%d template ids: got %d templates, want %d", n, len(got), n)
		}
		gotS, err := e.c.Gateway.GetSignatures(ctx, signs[:n])
		if err != nil {
			t.Fatal(err)
		}
		if len(gotS) != n {
			t.Errorf("%d signature ids: got %d signatures, want %d", n, len(gotS), n)
		}
		want := (n + 49) / 50
		if tc, most := idCalls("/smsapi/tpl/v1/get_template", "tplId"); tc-tc0 != want || most > 50 {
			t.Errorf("%d template ids: %d get_template calls (at most %d ids in one), want %d of at most 50", n, tc-tc0, most, want)
		}
		if sc, most := idCalls("/smsapi/sign/v1/get_sign", "signId"); sc-sc0 != want || most > 50 {
			t.Errorf("%d signature ids: %d get_sign calls (at most %d ids in one), want %d of at most 50", n, sc-sc0, most, want)
		}
	}
}
