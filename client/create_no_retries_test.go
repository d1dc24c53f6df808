package client_test

import (
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestCreateMaxRetriesZero: with max_retries = 0 a create is sent once:
// answered HTTP 503, it is looked up (the answer leaves its outcome
// unknown) and, not found, it fails; it is not sent a second time.
func TestCreateMaxRetriesZero(t *testing.T) {
	t.Parallel()
	c, creates := webhookCreatesFail(t, 0)
	if _, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "Once", URL: "https://example.com/once", EventType: 1}); err == nil {
		t.Error("the create succeeded")
	}
	if n := creates.Load(); n != 1 {
		t.Errorf("the create was sent %d times with max_retries = 0, want once", n)
	}
}
