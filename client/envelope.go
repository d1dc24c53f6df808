package client

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"
)

// Envelope names one of the four response envelopes of the spec. Every
// response is decoded through decodeEnvelope, so the success rule of each
// lives in exactly one place.
type Envelope int

const (
	// EnvelopeOpen: `code` 0 is success, `message`, `request_id` (§1.2).
	EnvelopeOpen Envelope = iota
	// EnvelopePortal: `code` 200 is success, `message` or `msg` (§1.2, §7.2).
	EnvelopePortal
	// EnvelopeASR: `code` "200" as a string, `errorMsg` on failure (§7.3).
	EnvelopeASR
	// EnvelopeGateway: `code` 0 is success, `msg` (§4.8, §7.4).
	EnvelopeGateway
)

func (e Envelope) String() string {
	switch e {
	case EnvelopeOpen:
		return "open"
	case EnvelopePortal:
		return "portal"
	case EnvelopeASR:
		return "asr"
	case EnvelopeGateway:
		return "gateway"
	}
	return fmt.Sprintf("envelope(%d)", int(e))
}

// successCode is the code each envelope uses for success.
func (e Envelope) successCode() int64 {
	switch e {
	case EnvelopePortal, EnvelopeASR:
		return 200
	}
	return 0
}

// envelopeHeader holds the fields every envelope may carry. The code is a
// number, or a numeric string (the ASR surface sends "200"): see
// envelopeCode.
type envelopeHeader struct {
	Code      json.RawMessage `json:"code"`
	Message   FlexString      `json:"message"`
	Msg       FlexString      `json:"msg"`
	ErrorMsg  FlexString      `json:"errorMsg"`
	RequestID FlexString      `json:"request_id"`
	Data      json.RawMessage `json:"data"`
}

// text is the failure's message. The ASR surface puts it in errorMsg
// (§7.3), which comes first there: a `message` beside it may be generic.
func (h envelopeHeader) text(env Envelope) string {
	order := []FlexString{h.Message, h.Msg, h.ErrorMsg}
	if env == EnvelopeASR {
		order = []FlexString{h.ErrorMsg, h.Message, h.Msg}
	}
	for _, s := range order {
		if strings.TrimSpace(string(s)) != "" {
			return string(s)
		}
	}
	return ""
}

// decodeEnvelope checks the envelope of body and, on success, decodes the
// whole body into out (when out is not nil). Failures become *APIError.
func decodeEnvelope(env Envelope, body []byte, out any, apiErr *APIError) error {
	var h envelopeHeader
	if err := json.Unmarshal(body, &h); err != nil {
		apiErr.Message = fmt.Sprintf("response is not a JSON %s envelope: %v (body starts %q)", env, err, apiErr.preview(body))
		apiErr.Code = -1
		if apiErr.HTTPStatus == http.StatusBadRequest && strings.HasPrefix(apiErr.Origin, "http://") && plainToTLSPort(body) {
			// A plain http:// URL to an address that serves HTTPS: the
			// server refused the request before reading it.
			apiErr.Hint = fmt.Sprintf("the address serves HTTPS, not plain HTTP: write https://%s in endpoint (or the surface's URL)", strings.TrimPrefix(apiErr.Origin, "http://"))
		}
		return apiErr
	}
	apiErr.RequestID = string(h.RequestID)
	if h.Code == nil {
		apiErr.Message = fmt.Sprintf("response has no code field (body starts %q)", apiErr.preview(body))
		apiErr.Code = -1
		return apiErr
	}
	code, ok := envelopeCode(h.Code)
	if !ok {
		apiErr.Message = fmt.Sprintf("response code %s is not a number (body starts %q)", h.Code, apiErr.preview(body))
		apiErr.Code = -1
		return apiErr
	}
	if code != env.successCode() {
		apiErr.Code = code
		apiErr.Message = h.text(env)
		apiErr.Data = h.Data
		return apiErr
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(body, out); err != nil {
		return fmt.Errorf("%s %s: decoding response: %w", apiErr.Method, apiErr.Path, err)
	}
	return nil
}

// envelopeCode reads an envelope's code: a JSON number or a string
// holding one. Anything else (null, "", a boolean) is no code: read as 0 it
// would pass for success on the surfaces whose success code is 0.
func envelopeCode(raw json.RawMessage) (int64, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '"' {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return 0, false
		}
		raw = []byte(strings.TrimSpace(s))
	}
	var n FlexInt
	if len(raw) == 0 || n.parse(string(raw)) != nil {
		return 0, false
	}
	return int64(n), true
}

// preview is the start of b for an error message, with the secrets of the
// request that got it replaced first (see once): a secret the cut would
// split must not show its start.
func (e *APIError) preview(b []byte) string {
	if e.scrub != nil {
		b = []byte(e.scrub(string(b)))
	}
	return preview(b)
}

// preview is the start of a body for an error message: at most 120 bytes,
// cut between two characters (a Chinese message is not cut mid-character).
func preview(b []byte) string {
	n := 120
	if len(b) <= n {
		return string(b)
	}
	for n > 0 && !utf8.RuneStart(b[n]) {
		n--
	}
	return string(b[:n]) + "…"
}

// plainToTLSPort reports whether body is a server's refusal of a plain HTTP
// request sent to its HTTPS port: Go's "Client sent an HTTP request to an
// HTTPS server.", nginx's "The plain HTTP request was sent to HTTPS port",
// Apache's "You're speaking plain HTTP to an SSL-enabled server port".
func plainToTLSPort(body []byte) bool {
	b := strings.ToLower(string(body[:min(len(body), 2048)]))
	return strings.Contains(b, "client sent an http request to an https server") ||
		strings.Contains(b, "plain http request was sent to https port") ||
		strings.Contains(b, "speaking plain http to an ssl-enabled server port")
}
