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

// TestOpenSMSRequestWide: the open interface's refusals of an SMS send
// that every batch would get (the token, the template's review, a deleted
// template) and those of one batch (a parameter, a rate limit, an answer
// in doubt, another surface's code).
func TestOpenSMSRequestWide(t *testing.T) {
	t.Parallel()
	open := func(status int, code int64) error {
		return fmt.Errorf("send: %w", &APIError{Surface: SurfaceBase, Method: "POST", Path: "/sms/send", HTTPStatus: status, Code: code})
	}
	for _, c := range []struct {
		err  error
		want bool
	}{
		{open(401, 401), true}, // the token refused
		{open(401, -1), true},
		{open(403, -1), true},
		{open(200, 401), true},
		{open(200, SMSCodeState), true},    // template not approved
		{open(200, SMSCodeNotFound), true}, // template gone
		{open(200, SMSCodeInvalid), false}, // this request's parameters
		{open(429, -1), false},
		{open(502, SMSCodeState), false}, // in doubt
		{open(404, SMSCodeNotFound), false},
		{&APIError{Surface: SurfaceSMSAPI, HTTPStatus: 200, Code: 403}, false},
		{errors.New("connection reset"), false},
		{nil, false},
	} {
		if got := OpenSMSRequestWide(c.err); got != c.want {
			t.Errorf("OpenSMSRequestWide(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}
