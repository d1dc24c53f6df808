package client

import (
	"errors"
	"fmt"
	"testing"
)

// TestGatewayRequestWide: the rule the gateway send action and ccsync sms
// send stop by. A refusal of the template, the signature or the
// credentials is one every request would get; a time-out (1010), a
// number's format (1012), too many numbers (1013) and a failure without
// a gateway code are the request's own.
func TestGatewayRequestWide(t *testing.T) {
	t.Parallel()
	gw := func(code int64) error {
		e := &APIError{Surface: SurfaceSMSAPI, Code: code, HTTPStatus: 200}
		explainGatewayCode(e)
		return fmt.Errorf("send_batch: %w", e)
	}
	for _, c := range []struct {
		err  error
		want bool
	}{
		{gw(GatewaySigCheckFailed), true},
		{gw(GatewayAppIDUnknown), true},
		{gw(GatewayTemplateInvalid), true},
		{gw(GatewaySignatureMissing), true},
		{gw(GatewayTemplateParams), true},
		{gw(86), true}, // a code the table does not list
		{gw(GatewaySendTimeout), false},
		{gw(GatewayMobileFormat), false},
		{gw(GatewayTooManyMobiles), false},
		{&APIError{Surface: SurfaceBase, Code: 1016}, false}, // not the gateway's
		{errors.New("connection reset"), false},
		{nil, false},
	} {
		if got := GatewayRequestWide(c.err); got != c.want {
			t.Errorf("GatewayRequestWide(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}
