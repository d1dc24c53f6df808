package client

import (
	"errors"
	"net/http"
)

// The gateway's response codes (spec §7.4).
const (
	GatewayOK               = 0
	GatewaySigCheckFailed   = 1001
	GatewayAppIDUnknown     = 1002
	GatewayAppIDDisabled    = 1003
	GatewayAppIDMissing     = 1004
	GatewayBodyUnparsable   = 1005
	GatewayNotPermitted     = 1006
	GatewayNotSupported     = 1007
	GatewayOtherError       = 1008
	GatewayTimeAbnormal     = 1009
	GatewaySendTimeout      = 1010
	GatewayNoSuchInterface  = 1011
	GatewayMobileFormat     = 1012
	GatewayTooManyMobiles   = 1013
	GatewayContentTooLong   = 1014
	GatewayTemplateParams   = 1015
	GatewayTemplateInvalid  = 1016
	GatewayNoChannel        = 1017
	GatewaySignatureMissing = 1018
	GatewayNoRoute          = 1019
	GatewayRequiredEmpty    = 1020
	GatewayFileType         = 1021
	GatewayExtenFormat      = 1022
)

var gatewayMeanings = map[int64]string{
	GatewayOK:               "success",
	GatewaySigCheckFailed:   "signature check failed",
	GatewayAppIDUnknown:     "appId does not exist",
	GatewayAppIDDisabled:    "appId disabled",
	GatewayAppIDMissing:     "appId missing or sig empty",
	GatewayBodyUnparsable:   "request body could not be parsed",
	GatewayNotPermitted:     "request not permitted",
	GatewayNotSupported:     "request not supported",
	GatewayOtherError:       "other error",
	GatewayTimeAbnormal:     "request time abnormal (server time difference)",
	GatewaySendTimeout:      "sending timed out (retry)",
	GatewayNoSuchInterface:  "interface does not exist",
	GatewayMobileFormat:     "mobile number format wrong",
	GatewayTooManyMobiles:   "more than 200 numbers in one request",
	GatewayContentTooLong:   "SMS content longer than 400 characters",
	GatewayTemplateParams:   "template parameter abnormal",
	GatewayTemplateInvalid:  "template id does not exist or is not approved",
	GatewayNoChannel:        "no SMS channel found",
	GatewaySignatureMissing: "signature does not exist",
	GatewayNoRoute:          "channel route does not exist",
	GatewayRequiredEmpty:    "required request field empty",
	GatewayFileType:         "file type wrong (must be txt or csv)",
	GatewayExtenFormat:      "exten format wrong (digits 0-9)",
}

// GatewayCodeMeaning returns the §7.4 meaning of a gateway code, or "" for a
// code the spec does not list.
func GatewayCodeMeaning(code int64) string { return gatewayMeanings[code] }

// gatewayHints say what to do about the codes a user can fix.
var gatewayHints = map[int64]string{
	GatewaySigCheckFailed:   "check sms_app_key (CONTACTCENTER_SMS_APP_KEY): it must be the secret of sms_app_id",
	GatewayAppIDUnknown:     "check sms_app_id (CONTACTCENTER_SMS_APP_ID)",
	GatewayAppIDDisabled:    "the appId is disabled; ask the gateway operator to enable it",
	GatewayAppIDMissing:     "set sms_app_id and sms_app_key",
	GatewayTimeAbnormal:     "the local clock differs from the gateway's; synchronise it (NTP)",
	GatewaySendTimeout:      "the send timed out; check the delivery records before sending again",
	GatewayTemplateInvalid:  "use an approved template id (state 1)",
	GatewaySignatureMissing: "use the text of an approved signature, without brackets",
	// The gateway's own set-up, which no argument changes.
	GatewayNoChannel: "the gateway has no SMS channel for this appId (or for this template's type): ask the gateway's operator to assign one; " +
		"nothing in the configuration changes it",
	GatewayNoRoute: "the gateway has no route for this appId's channel: ask the gateway's operator to set one up; nothing in the configuration changes it",
}

// unlistedHint is the hint of a code the §7.4 table does not list (say
// 86, or "0086" as some gateways write it): the code and the message were
// all the user got, "code 86: error 86", with nothing to do.
const unlistedHint = "the gateway's code table (spec §7.4) does not list this code, so its meaning is the gateway's message alone: " +
	"give the code and the message to the gateway's operator"

// AsGatewayError returns the *APIError in err's chain when the gateway
// answered it with a code (Surface SMSAPI, Code > 0); Meaning, Hint and
// Retryable are then set from the §7.4 table.
func AsGatewayError(err error) (*APIError, bool) {
	e, ok := AsAPIError(err)
	if !ok || e.Surface != SurfaceSMSAPI || e.Code <= 0 {
		return nil, false
	}
	return e, true
}

// GatewayRequestWide reports whether the gateway refused a request with an
// error every further request of the same send would get: credentials
// (1001-1004), the template (1015, 1016), the signature (1018), content,
// the channel and any other code the gateway answered (a code the §7.4
// table does not list included). Per-request problems are not: 1010
// (sending timed out), 1012 (a number's format) and 1013 (too many
// numbers in this request), nor a failure without a gateway code (the
// transport). The contactcenter_gateway_sms_send action and ccsync sms
// send stop at such a refusal and say once which numbers were not sent.
func GatewayRequestWide(err error) bool {
	ge, ok := AsGatewayError(err)
	if !ok {
		return false
	}
	switch ge.Code {
	case GatewaySendTimeout, GatewayMobileFormat, GatewayTooManyMobiles:
		return false
	}
	return true
}

// OpenSMSRequestWide reports whether the open interface refused an SMS send
// (/sms/send, §4.1) with an error every further batch of the same send
// would get: the access token refused (HTTP 401 or 403, or an envelope code
// 401), the template not approved (code 403, SMSCodeState) or gone (code
// 404). §7.1 does not show the open interface's codes; these are the ones
// the simulator answers (simulator/fidelity/sms.md). A batch's own
// problems are not: a parameter of that request (code 400), a rate limit
// (HTTP 429), an answer in doubt (HTTP 5xx, no answer), and a number the
// platform refused, which is in data.error with code 0 (§7.5). ccsync sms
// send stops at such a refusal, as at GatewayRequestWide's.
func OpenSMSRequestWide(err error) bool {
	e, ok := AsAPIError(err)
	if !ok || e.Surface != SurfaceBase || IsAmbiguous(err) {
		return false
	}
	switch {
	case e.HTTPStatus == http.StatusUnauthorized || e.HTTPStatus == http.StatusForbidden:
		return true
	case e.HTTPStatus != 0 && (e.HTTPStatus < 200 || e.HTTPStatus >= 300):
		return false
	}
	switch e.Code {
	case http.StatusUnauthorized, SMSCodeState, SMSCodeNotFound:
		return true
	}
	return false
}

// ErrGatewayCredentials is returned (wrapped) when the gateway is called
// without an appId and key.
var ErrGatewayCredentials = errors.New("the SMS gateway signs every request with sms_app_id and sms_app_key; " +
	"set both in the provider block or in CONTACTCENTER_SMS_APP_ID and CONTACTCENTER_SMS_APP_KEY")

// explainGatewayCode fills the §7.4 meaning, hint and retryability of a
// gateway answer's code; the transport calls it for every gateway failure.
func explainGatewayCode(e *APIError) {
	if e.Surface != SurfaceSMSAPI || e.Code <= 0 {
		return
	}
	e.Meaning = GatewayCodeMeaning(e.Code)
	e.Hint = gatewayHints[e.Code]
	if e.Meaning == "" && e.HTTPStatus != http.StatusTooManyRequests && e.HTTPStatus < 500 {
		// Not of an HTTP 429 or 5xx whose envelope repeats the status
		// ({"code": 429, "msg": "rate limit exceeded ..."}, as the
		// simulator's rate limit answers): the status says what it is,
		// and the error's own advice (max_requests_per_second, retrying
		// later) follows; "give the code to the gateway's operator"
		// contradicted it.
		e.Hint = unlistedHint
	}
	e.Retryable = e.Code == GatewaySendTimeout
}
