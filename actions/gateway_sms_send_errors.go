package actions

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// The gateway's errors as the send action reads them: which stop the
// remaining requests, and how a failed request is said.

// wideShown is how many numbers a refusal every request would get names;
// the others are counted, and named by their positions in the list.
const wideShown = 5

// whyUnknown says in a few words why a request's outcome is unknown, for
// its progress line: "the answer was lost" said of every such failure, also
// of a gateway that answered code 1010 (sending timed out, §7.4) or HTTP
// 503, which an operator watching a campaign read as a network fault.
func whyUnknown(err error) string {
	var te *client.TimeoutError
	switch ge, isGateway := client.AsGatewayError(err); {
	case isGateway && ge.Code == client.GatewaySendTimeout:
		return fmt.Sprintf("the gateway answered code %d, sending timed out", ge.Code)
	case errors.As(err, &te):
		return "no answer within request_timeout"
	}
	if ae, ok := client.AsAPIError(err); ok && ae.HTTPStatus >= 500 && ae.HTTPStatus != http.StatusGatewayTimeout {
		return fmt.Sprintf("answered HTTP %d", ae.HTTPStatus)
	}
	return "the answer was lost"
}

func reason(err error) string {
	if ge, ok := client.AsGatewayError(err); ok {
		s := fmt.Sprintf("code %d", ge.Code)
		if ge.Meaning != "" {
			s += " (" + ge.Meaning + ")"
		}
		if ge.Message != "" && ge.Message != ge.Meaning {
			s += ": " + ge.Message
		}
		// A send that timed out (1010) is told once, below the list, with
		// every number whose outcome is unknown: its hint would repeat it.
		if ge.Hint != "" && ge.Code != client.GatewaySendTimeout {
			s += "; " + ge.Hint
		}
		return s
	}
	return err.Error()
}
