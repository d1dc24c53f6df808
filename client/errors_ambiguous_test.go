package client

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
)

func TestIsAmbiguous(t *testing.T) {
	cases := map[string]struct {
		err  error
		want bool
	}{
		"nil":                {nil, false},
		"transport":          {errors.New("dial tcp: connection reset"), true},
		"5xx":                {&APIError{HTTPStatus: http.StatusBadGateway, Code: -1}, true},
		"wrapped 5xx":        {fmt.Errorf("assign: %w", &APIError{HTTPStatus: 504, Code: -1}), true},
		"gateway retry code": {&APIError{HTTPStatus: 200, Code: 1010, Retryable: true}, true},
		"business code":      {&APIError{HTTPStatus: 200, Code: 407}, false},
		"429":                {&APIError{HTTPStatus: http.StatusTooManyRequests}, false},
		"canceled":           {fmt.Errorf("x: %w", context.Canceled), false},
	}
	for name, tc := range cases {
		if got := IsAmbiguous(tc.err); got != tc.want {
			t.Errorf("%s: IsAmbiguous = %v, want %v", name, got, tc.want)
		}
	}
}

// TestIsAmbiguous_beforeSending: a request that could not leave (no
// connection could be made, gateway credentials missing) did nothing, so
// it is not ambiguous; a connection that broke after it was made is.
func TestIsAmbiguous_beforeSending(t *testing.T) {
	t.Parallel()
	ln, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	ln.Close()
	urls := map[Surface]string{}
	for _, s := range Surfaces {
		urls[s] = closed
	}
	c, err := New(Config{URLs: urls})
	if err != nil {
		t.Fatal(err)
	}
	err = c.Do(t.Context(), Request{Surface: SurfaceBase, Method: "POST", Path: "/sms/send"}, nil)
	if err == nil || IsAmbiguous(err) {
		t.Errorf("connection refused: IsAmbiguous(%v) = true, want false", err)
	}
	_, err = c.Gateway.SendSMS(t.Context(), GatewaySMS{Mobiles: []string{"13800138000"}, SmsText: "x", SignText: "Acme"})
	if !errors.Is(err, ErrGatewayCredentials) || IsAmbiguous(err) {
		t.Errorf("missing credentials: IsAmbiguous(%v) = true, want false", err)
	}
	if err := c.Gateway.CheckCredentials(); !errors.Is(err, ErrGatewayCredentials) || !strings.Contains(err.Error(), "sms_app_id and sms_app_key are not set (") {
		t.Errorf("CheckCredentials = %v", err)
	}
	reset := fmt.Errorf("POST /x: %w", &net.OpError{Op: "read", Net: "tcp", Err: errors.New("connection reset by peer")})
	if !IsAmbiguous(reset) {
		t.Errorf("a connection reset after the request was sent: IsAmbiguous = false, want true")
	}
}
