package client

import (
	"strings"
	"testing"
)

// TestScrubItemsWithoutMessage: an envelope that fails with per-item
// results and no message of its own (the batch answers of §7.2) keeps no
// secret of the request in its items, whose messages the provider shows
// ("item 7: code 400: ..."): a password echoed there reached the
// diagnostic and the CI log.
func TestScrubItemsWithoutMessage(t *testing.T) {
	t.Parallel()
	const pw = "Pass-SECRET-71"
	f := &fixed{status: 200, body: `{"code":500,"message":"","data":[{"id":"7","code":400,"message":"weak password ` + pw + `"}]}`}
	c := newTestClient(t, f)
	err := c.Do(t.Context(), Request{Surface: SurfaceBase, Method: "POST", Path: "/open/v3/svcapi/users/add", Envelope: EnvelopeOpen,
		Body: map[string]string{"user_num": "8001", "user_password": pw}}, nil)
	ae, ok := AsAPIError(err)
	if !ok {
		t.Fatalf("err %v, want the envelope's error", err)
	}
	items := ae.Items()
	if len(items) != 1 || strings.Contains(string(items[0].Message), pw) || !strings.Contains(string(items[0].Message), "weak password") {
		t.Errorf("items %+v: want the item's message without the password", items)
	}
}
