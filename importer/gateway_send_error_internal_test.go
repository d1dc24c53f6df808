package importer

import (
	"net/http"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestGatewaySendError_codeWith5xxInDoubt: a gateway code answered with
// HTTP 5xx left the batch "rejected" (nothing went out, so the next run
// sends it again) where the client holds such an answer in doubt
// (client.IsAmbiguous) and the send action reports its numbers as "may or
// may not have been sent": the batch stays in doubt, for the journal to
// reconcile, and does not stop the run as a refusal. The same code with
// HTTP 200 is a refusal as before, and one every batch would get.
func TestGatewaySendError_codeWith5xxInDoubt(t *testing.T) {
	t.Parallel()
	refusal := func(status int) error {
		return &client.APIError{Surface: client.SurfaceSMSAPI, Method: http.MethodPost, Path: "/smsapi/send_batch", HTTPStatus: status, Code: 1018, Message: "signature does not exist"}
	}
	if err := gatewaySendError(refusal(http.StatusBadGateway)); IsRejected(err) || rejectsAll(err) {
		t.Errorf("code 1018 with HTTP 502: rejected (nothing sent) = %v, stops the run = %v; want in doubt, not rejected", IsRejected(err), rejectsAll(err))
	}
	if err := gatewaySendError(refusal(http.StatusOK)); !IsRejected(err) || !rejectsAll(err) {
		t.Errorf("code 1018 with HTTP 200: rejected = %v, stops the run = %v; want both", IsRejected(err), rejectsAll(err))
	}
}
