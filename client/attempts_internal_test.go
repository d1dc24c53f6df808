package client

import (
	"net/http"
	"testing"
)

// TestGiveUpSaysAttempts_serviceError: a safe call the service fails at
// every attempt (HTTP 503) gives up with the number of attempts on the
// service's error, which the provider's message says ("The service failed
// at each of 4 attempts; retrying later may succeed"); without it the
// message read as if the call had been tried once.
func TestGiveUpSaysAttempts_serviceError(t *testing.T) {
	t.Parallel()
	f := &fixed{status: http.StatusServiceUnavailable, body: `{"code":503,"message":"down"}`}
	c := newTestClient(t, f) // MaxRetries 3
	err := c.Do(t.Context(), Request{Surface: SurfaceBase, Method: "GET", Path: "/open/v3/svcapi/users/list", Idempotent: true, Read: true}, nil)
	ae, ok := AsAPIError(err)
	if !ok || ae.HTTPStatus != http.StatusServiceUnavailable {
		t.Fatalf("err %v, want the service's HTTP 503", err)
	}
	if ae.Attempts != 4 || f.n != 4 {
		t.Errorf("the error says %d attempts, and %d were sent; want 4 and 4", ae.Attempts, f.n)
	}
}
