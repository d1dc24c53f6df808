package client

import (
	"context"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"
)

// ErrNotFound is returned (wrapped) by finders when the object does not exist.
var ErrNotFound = errors.New("not found")

// APIError is a failure answered by the service: a non-success envelope code,
// or an HTTP status without a decodable envelope.
type APIError struct {
	Surface Surface
	Method  string
	Path    string
	// Origin is the scheme and host the call went to ("" when unknown): with
	// several contact centers in one configuration, it says which answered.
	Origin     string
	HTTPStatus int
	// Code is the envelope code (-1 when the body had none).
	Code int64
	// Message is the service's text (message, msg or errorMsg).
	Message   string
	RequestID string
	// Data is the envelope's data member, e.g. the per-item results of a
	// code-500 "overall result" (§7.2).
	Data json.RawMessage
	// Meaning is the spec's text for Code where the spec lists the codes
	// of the surface (the gateway, §7.4); "" otherwise.
	Meaning string
	// Hint says what to do next, when there is something to do.
	Hint string
	// Retryable is true when the code itself asks for a retry (gateway
	// 1010, "sending timed out"): the effect of the call is unknown.
	Retryable bool
	// RetryAfter is the wait an HTTP 429 asked for (Retry-After); -1 when
	// it named none. Zero for other failures.
	RetryAfter time.Duration
	// Attempts is how many times the call was sent when the client gave
	// up retrying it (0 when it was not retried).
	Attempts int
	// LimitedFor is how long the client waited, in all, after HTTP 429
	// answers to the call before it gave up.
	LimitedFor time.Duration
	// RedirectedTo is where a read the service redirected to another host
	// or port was answered ("" when it was answered where it was sent).
	// The access token is not sent there.
	RedirectedTo string

	notFoundCodes []int64
	// scrub replaces the secrets of the request in a text of its answer.
	scrub func(string) string
}

func (e *APIError) Error() string {
	s := e.Method + " " + e.Path
	// Code -1 is no envelope code at all (a bare 5xx, a body that is not
	// the envelope): the HTTP status says more, and is said once.
	status := ""
	if e.HTTPStatus != 0 && e.HTTPStatus != 200 {
		status = fmt.Sprintf("HTTP %d", e.HTTPStatus)
	}
	switch {
	case e.Code != -1:
		s += fmt.Sprintf(": code %d", e.Code)
	case e.Message == "" && status != "":
		s += ": " + status
		status = ""
	}
	if e.Message != "" {
		s += ": " + e.Message
	}
	if e.Meaning != "" && !strings.Contains(e.Message, e.Meaning) {
		s += " (" + e.Meaning + ")"
	}
	if status != "" && !strings.HasPrefix(e.Message, status) {
		s += " (" + status + ")"
	}
	if e.RequestID != "" {
		s += " [request_id " + e.RequestID + "]"
	}
	if e.Hint != "" {
		s += "; " + e.Hint
	}
	return s
}

// NotFound reports whether the code means "this object does not exist" for
// the endpoint that answered it. Only an envelope the endpoint answered
// (HTTP 2xx) says so: an HTTP 404 may be a path the server does not have
// (an endpoint with a path of its own, /open/open/...), whose envelope-shaped
// body with code 404 made a refresh drop every task from the state as
// deleted, and a destroy forget them. goneUnlessListed confirms an HTTP 404
// by the listing, for a platform that answers a missing object so.
func (e *APIError) NotFound() bool {
	return (e.HTTPStatus == 0 || e.HTTPStatus >= 200 && e.HTTPStatus < 300) && slices.Contains(e.notFoundCodes, e.Code)
}

// Is lets errors.Is(err, ErrNotFound) match not-found API errors.
func (e *APIError) Is(target error) bool { return target == ErrNotFound && e.NotFound() }

// IsRateLimited reports whether err is an HTTP 429: the service refused
// the call before doing anything, so even a create may be sent again.
func IsRateLimited(err error) bool {
	e, ok := AsAPIError(err)
	return ok && e.HTTPStatus == http.StatusTooManyRequests
}

// TimeoutError is an attempt that got no answer, or no whole answer,
// within the time limit of one attempt (Config.Timeout, the provider's
// request_timeout). The request may have been processed: IsAmbiguous
// reports true, and a write is looked up or reported as in doubt, never
// as not done. It is a net.Error whose Timeout is true. It does not match
// context.DeadlineExceeded, which stays the caller's own deadline ("stop").
type TimeoutError struct {
	Surface      Surface
	Method, Path string
	// Origin is the scheme and host the call went to ("" when unknown).
	Origin  string
	After   time.Duration
	Reading bool // the answer had begun: its body did not arrive in time
	Write   bool // the request changes something (Request.Read is false)
	// Detail is the transport's own words when they say more than that
	// the time ran out ("dial tcp 10.0.0.1:443: i/o timeout"); "" when not.
	Detail string
	// Proxy says through which proxy the call went ("" when none).
	Proxy string
	// Attempts is how many times the call was sent when the client gave
	// up (0 or 1: once), so that a time-out of 5 s that took 20 s says why.
	Attempts int
	// Unsent is true when the time ran out before the request was written
	// whole to a connection (none could be made in time): nothing was sent.
	Unsent bool
	// Connected is true, with Unsent, when a connection was made but the
	// request was not written whole in time (a large upload on a slow
	// link): a longer request_timeout helps, not the network's checks.
	Connected bool
	// EarlierInDoubt is true when an earlier attempt of the call may have
	// reached the service (Do): though this last one sent nothing, the
	// request may have been processed.
	EarlierInDoubt bool
}

// CertificateError is a call refused before it was sent because the
// service's TLS certificate was not accepted: not trusted (a private
// certificate authority), expired, or issued for another name. It is not
// retried: trying again cannot make it trusted.
type CertificateError struct {
	Method, Path string
	Err          error
}

func (e *CertificateError) Error() string {
	if errors.As(e.Err, new(x509.HostnameError)) {
		return fmt.Sprintf("%s %s: the service's TLS certificate was not accepted, so nothing was sent (%v). "+
			"It is issued for other names than the endpoint's host: use one of the names it carries in the endpoint (or the surface's URL)", e.Method, e.Path, transportWords(e.Err))
	}
	return fmt.Sprintf("%s %s: the service's TLS certificate was not accepted, so nothing was sent (%v). "+
		"If the service uses a certificate of a private certificate authority, make this machine trust that authority: "+
		"on Linux, point SSL_CERT_FILE at a PEM file holding it (or SSL_CERT_DIR at a folder of them); on macOS and Windows, "+
		"add it to the system's certificate store. If the certificate is issued for another name, use that name in the endpoint", e.Method, e.Path, transportWords(e.Err))
}

func (e *CertificateError) Unwrap() error { return e.Err }

// SchemeMismatchError is an https:// call to an address that answers plain
// HTTP (Go's "server gave HTTP response to HTTPS client"): the simulator, or
// a service on its plain-HTTP port. The TLS handshake failed, so nothing was
// sent, and it is not retried: trying again cannot change the scheme.
type SchemeMismatchError struct {
	Method, Path string
	Origin       string // https://host:port, as configured
	Err          error
}

func (e *SchemeMismatchError) Error() string {
	plain := "http://" + strings.TrimPrefix(e.Origin, "https://")
	host := plain
	if u, err := url.Parse(plain); err == nil {
		host = u.Hostname()
	}
	advice := fmt.Sprintf("if the service serves plain HTTP there (the simulator does), write %s in endpoint (or the surface's URL)", plain)
	if !IsLoopbackHost(host) {
		advice = fmt.Sprintf("check the port (an https:// URL needs the service's HTTPS port); if the service only serves plain HTTP, write %s "+
			"in endpoint (or the surface's URL) and set insecure_http = true (tokens and keys then travel unencrypted)", plain)
	}
	return fmt.Sprintf("%s %s%s: the address answers plain HTTP, not HTTPS, so nothing was sent; %s", e.Method, e.Origin, e.Path, advice)
}

func (e *SchemeMismatchError) Unwrap() error { return e.Err }

// ProxyLoginError is a call the proxy (HTTPS_PROXY) refused to pass on
// because it wants a login (HTTP 407 to the tunnel): nothing was sent to
// the service, and it is not retried.
type ProxyLoginError struct {
	Method, Path string
	Err          error
	Proxy        string // its URL, the password hidden
}

func (e *ProxyLoginError) Error() string {
	return fmt.Sprintf("%s %s: the proxy %s (HTTPS_PROXY or HTTP_PROXY) asked for a login (HTTP 407) or refused the one given, so nothing was sent "+
		"to the service: give the proxy's login in its URL, http://user:password@host:port", e.Method, e.Path, e.Proxy)
}

func (e *ProxyLoginError) Unwrap() error { return e.Err }

func (e *TimeoutError) Error() string {
	return e.Method + " " + e.Path + " " + e.What()
}

// What says what happened, without the call: "got no answer within 1s
// (request_timeout)", and for a write that it may have been processed.
func (e *TimeoutError) What() string {
	what := "got no answer"
	if e.Reading {
		what = "got an answer that did not arrive whole"
	}
	s := fmt.Sprintf("%s within %s (request_timeout)", what, e.After)
	switch {
	case e.Unsent && e.Connected:
		s = fmt.Sprintf("could not be sent within %s (request_timeout): the connection was made, but the request was not written whole in time", e.After)
	case e.Unsent:
		s = fmt.Sprintf("could not be sent within %s (request_timeout): no connection was made in time", e.After)
	}
	if e.Attempts > 1 {
		s += fmt.Sprintf(" at the last of %d attempts", e.Attempts)
	}
	switch {
	case e.Unsent && e.EarlierInDoubt:
		s += earlierInDoubt
	case e.Unsent && e.Connected && e.Write:
		s += ", so the service got no whole request to act on (a large upload on a slow link needs a longer request_timeout)"
	case e.Unsent && e.Write:
		s += ", so nothing was sent"
	case e.Write:
		s += ", so the request may or may not have been processed"
	}
	if e.Detail != "" {
		s += " (" + e.Detail + ")"
	}
	return s + e.Proxy
}

// NetworkError is a call that got no answer: no connection could be made
// (nothing listens at the address, no such host, no route), or the
// connection was closed or reset before the whole answer arrived. It wraps
// the transport's error (a *url.Error, or the error reading the answer),
// so errors.As finds it and the network's errors under it; its text says
// what happened once, without Go's chain of the same URL ("Post
// "http://...": dial tcp ...: connect: connection refused").
type NetworkError struct {
	Surface      Surface
	Method, Path string
	// Origin is the scheme and host the call went to.
	Origin string
	// Reading is true when the answer had begun: it was cut off.
	Reading bool
	// Proxy says through which proxy the call went ("" when none).
	Proxy string
	// UnreachableFor, when not 0, is how long no call to the address had
	// connected when this one was sent once, without retries
	// (unreachableAfter).
	UnreachableFor time.Duration
	// Attempts is how many times the call was sent when the client gave
	// up retrying it (0 when it was not retried).
	Attempts int
	// AnsweredBefore is true when the call reached the service (it was
	// not a failure to connect) and an earlier call of the client to the
	// same address, or an earlier attempt of this one, was answered: the
	// address is right, and this call was dropped on its way.
	AnsweredBefore bool
	// Waited is how long the call had been under way (from its sending,
	// after any pacing) when it failed.
	Waited time.Duration
	// Unsent is true when the call failed before its request was written
	// whole to a connection (none could be made, or it broke while the
	// request was written): the service got nothing it could act on.
	Unsent bool
	// EarlierInDoubt is true when an earlier attempt of the call may have
	// reached the service (Do): though this last one sent nothing, the
	// request may have been processed.
	EarlierInDoubt bool
	Err            error
}

func (e *NetworkError) Error() string { return e.Method + " " + e.Path + " " + e.What() }

func (e *NetworkError) Unwrap() error { return e.Err }

// What says what happened, without the call: "could not connect:
// connection refused (nothing listens at 127.0.0.1:8080)".
func (e *NetworkError) What() string {
	s := networkWhat(e.Err, e.Reading)
	if e.Attempts > 1 {
		s += fmt.Sprintf(" at the last of %d attempts", e.Attempts)
	}
	if e.EarlierInDoubt {
		s += earlierInDoubt
	}
	s += e.Proxy
	if e.UnreachableFor > 0 {
		s += fmt.Sprintf("; sent once, not retried: no call to this address has connected for %v", e.UnreachableFor.Round(time.Second))
	}
	return s
}

// earlierInDoubt ends the words of a last attempt that sent nothing after
// an earlier one that may have reached the service.
const earlierInDoubt = "; an earlier attempt was sent and its outcome is unknown, so the request may or may not have been processed"

// transportWords is the transport's error without the call Go's client
// puts before it (`Post "http://...": `), which the error says already.
func transportWords(err error) error {
	var uerr *url.Error
	if errors.As(err, &uerr) {
		return uerr.Err
	}
	return err
}

// networkWhat words a transport failure for a person.
func networkWhat(err error, reading bool) string {
	inner := transportWords(err)
	var dnsErr *net.DNSError
	if errors.As(inner, &dnsErr) {
		if dnsErr.IsNotFound {
			return fmt.Sprintf("could not connect: no host is named %s (DNS: no such host)", dnsErr.Name)
		}
		return fmt.Sprintf("could not connect: looking up the host %s failed (%s)", dnsErr.Name, dnsErr.Err)
	}
	var oe *net.OpError
	if errors.As(inner, &oe) && (oe.Op == "dial" || oe.Op == "proxyconnect") {
		to := ""
		if oe.Op == "proxyconnect" {
			to = " to the proxy"
		}
		cause := oe.Err
		var se *os.SyscallError
		if errors.As(cause, &se) {
			cause = se.Err
		}
		addr := ""
		if oe.Addr != nil {
			addr = oe.Addr.String()
		}
		switch {
		case refused(cause) && addr != "":
			return fmt.Sprintf("could not connect%s: connection refused (nothing listens at %s)", to, addr)
		case addr != "":
			return fmt.Sprintf("could not connect%s to %s: %v", to, addr, cause)
		}
		return fmt.Sprintf("could not connect%s: %v", to, cause)
	}
	switch {
	case errors.Is(inner, io.ErrUnexpectedEOF) || reading && errors.Is(inner, io.EOF):
		return "got an answer cut off: the connection was closed before the whole answer arrived (unexpected EOF)"
	case errors.Is(inner, io.EOF):
		return "got no answer: the connection was closed without an answer (EOF)"
	case reset(inner):
		return "got no answer: the connection was reset (connection reset by peer)"
	}
	if reading {
		return "got an answer that could not be read: " + inner.Error()
	}
	return "failed: " + inner.Error()
}

// Timeout implements net.Error.
func (e *TimeoutError) Timeout() bool { return true }

// Temporary implements net.Error.
func (e *TimeoutError) Temporary() bool { return true }

// IsAmbiguous reports whether a failed write may or may not have taken
// effect: the connection failed, no answer came within the attempt's time
// limit (TimeoutError), or the service answered 5xx (or a code that asks
// for a retry), so the answer says nothing of what was done. A caller
// that can read the object's state finds out, and may send the write again
// when it did not happen. A context cancellation is not ambiguous: stop.
// Neither is a failure before the request left: no connection could be
// made (a dial error: refused, no route, unknown host; or none within
// request_timeout), the request was not written whole, the service's TLS
// certificate was not accepted (CertificateError) or the proxy asked for a
// login (ProxyLoginError), or the gateway credentials are missing
// (ErrGatewayCredentials).
func IsAmbiguous(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, ErrGatewayCredentials) {
		return false
	}
	if earlierAttemptInDoubt(err) {
		return true // the last attempt sent nothing, an earlier one may have
	}
	if nothingSent(err) {
		return false
	}
	if errors.As(err, new(*CertificateError)) || errors.As(err, new(*ProxyLoginError)) || errors.As(err, new(*SchemeMismatchError)) {
		return false // "so nothing was sent", as their text says
	}
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Op == "dial" {
		return false
	}
	if errors.As(err, new(*UnreadableAnswerError)) {
		return true
	}
	if e, ok := AsAPIError(err); ok {
		return e.HTTPStatus >= 500 || e.Retryable
	}
	return true
}

// NothingDoneError is a failure that the client knows changed nothing on
// the platform, and whose text says so ("... failed, so nothing was
// created and applying again is safe: ..."): a caller adds no advice to
// check first what was done.
type NothingDoneError struct{ Err error }

func (e *NothingDoneError) Error() string { return e.Err.Error() }
func (e *NothingDoneError) Unwrap() error { return e.Err }

// UnreadableAnswerError is a call answered with a success status (2xx)
// whose answer could not be read: a body that is not the envelope (cut
// short, empty, a proxy's HTML page), or a success envelope whose data does
// not decode. The call may have taken effect: IsAmbiguous says so, and a
// create looks the object up as after a lost answer (createOnce), where it
// had failed and left the object on the platform for the next apply to
// create again.
type UnreadableAnswerError struct{ Err error }

func (e *UnreadableAnswerError) Error() string { return e.Err.Error() }
func (e *UnreadableAnswerError) Unwrap() error { return e.Err }

// NoAnswer reports whether a call got no answer at all: no connection
// (refused, no such host, TLS), or a connection closed before the answer.
// A time-out of an attempt (TimeoutError) is not one: it says itself what
// happened.
func NoAnswer(err error) bool {
	var uerr *url.Error
	var operr *net.OpError
	var dnserr *net.DNSError
	var timeout *TimeoutError
	if errors.As(err, &timeout) {
		return false
	}
	// The network's own error types, not net.Error: a file's error
	// (syscall.Errno: a journal in a read-only folder) satisfies that
	// interface too, and was taken for the platform's silence.
	return errors.As(err, &uerr) || errors.As(err, &operr) || errors.As(err, &dnserr) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}

// IsNotFound reports whether err means the object does not exist, whatever
// surface and code said so.
func IsNotFound(err error) bool { return errors.Is(err, ErrNotFound) }

// AsAPIError returns the *APIError in err's chain.
func AsAPIError(err error) (*APIError, bool) {
	var e *APIError
	ok := errors.As(err, &e)
	return e, ok
}

// HasCode reports whether err is an APIError with the given code.
func HasCode(err error, code int64) bool {
	e, ok := AsAPIError(err)
	return ok && e.Code == code
}

// ItemResult is one entry of a code-500 "overall result" (§7.2) or of a
// per-item error list: which item, its code and message.
type ItemResult struct {
	ID      FlexString `json:"id"`
	QueID   FlexString `json:"que_id"`
	AgID    FlexString `json:"ag_id"`
	SoundID FlexString `json:"sound_id"`
	Skill   FlexString `json:"skill"`
	Code    FlexInt    `json:"code"`
	Message FlexString `json:"message"`
}

// Items decodes Data as a list of item results; nil when it is not one.
// AllItemsSucceeded tells an "overall result" answer (code 500 with
// per-item results, §7.2) whose every item succeeded: the callers take it
// as a success (itemError), and the log must not call it a failure.
func (e *APIError) AllItemsSucceeded() bool {
	if e.Code != 500 {
		return false
	}
	items := e.Items()
	for _, it := range items {
		if it.Code != 200 && it.Code != 0 {
			return false
		}
	}
	return len(items) > 0
}

func (e *APIError) Items() []ItemResult {
	var items []ItemResult
	if len(e.Data) == 0 || json.Unmarshal(e.Data, &items) != nil {
		return nil
	}
	return items
}

// setAttempts records on err's type (a time-out, a network failure, the
// service's answer) how many times its call was sent when the client gave
// up, which its message then says.
func setAttempts(err error, n int) {
	if te := (*TimeoutError)(nil); errors.As(err, &te) {
		te.Attempts = n
	}
	if ne := (*NetworkError)(nil); errors.As(err, &ne) {
		ne.Attempts = n
	}
	if ae, ok := AsAPIError(err); ok {
		ae.Attempts = n
	}
}

// AttemptsOf is how many times the call that ended with err was sent, as
// its error records it (a time-out, a network failure, the service's
// answer): at least 1.
func AttemptsOf(err error) int {
	n := 0
	if te := (*TimeoutError)(nil); errors.As(err, &te) {
		n = te.Attempts
	}
	if ne := (*NetworkError)(nil); errors.As(err, &ne) {
		n = max(n, ne.Attempts)
	}
	if ae, ok := AsAPIError(err); ok {
		n = max(n, ae.Attempts)
	}
	return max(n, 1)
}

// UnsettledWriteError ends a write that is sent again only after a read
// shows it did not take effect (a skill group's membership: a queue/assign
// sent twice fails with 407 on every later apply): each send failed without
// a known outcome (a 5xx, a lost or timed-out connection), the object was
// read back after each and did not show the write, and the caller's bound
// on sends was reached, or the last read failed. Err is the last send's
// error. Its callers' bound is their own: max_retries does not set it.
type UnsettledWriteError struct {
	Err error
	// What names what was read back ("skill group 12's membership").
	What string
	// Rounds is how many times the write was sent and then read back,
	// Sends how many requests those were (a call safe to repeat is
	// retried by the client within a round, up to 1 + max_retries).
	Rounds, Sends int
	// ReadErr is the failure of the read after the last round; nil when
	// that read showed the write not in effect.
	ReadErr error
}

func (e *UnsettledWriteError) Error() string {
	s := fmt.Sprintf("%v\nthe write was sent %d times, each failing without a known outcome", e.Err, e.Sends)
	switch {
	case e.ReadErr != nil && e.Rounds == 1:
		return s + fmt.Sprintf(", and reading %s back after it failed (%v)", e.What, e.ReadErr)
	case e.ReadErr != nil:
		return s + fmt.Sprintf("; %s read back after each did not show it, except after the last, when reading it failed (%v)", e.What, e.ReadErr)
	}
	return s + fmt.Sprintf("; %s read back after each did not show it", e.What)
}

func (e *UnsettledWriteError) Unwrap() error { return e.Err }

// TimeLimitError ends a call that stopped before a retry whose wait would
// end after its context's deadline: the time limit of the operation it is
// part of (a resource's timeouts, wait_for_approval's timeout, an action's
// timeouts.invoke). The call returns at once, where it slept until the
// deadline and then failed all the same. It is context.DeadlineExceeded
// (errors.Is) for the callers that recognise a time-out by it; its
// caller's own error names the limit (the client cannot tell which).
type TimeLimitError struct {
	// Wait is the wait the next retry needed, Left the time that was left
	// before the deadline.
	Wait, Left time.Duration
}

func (e *TimeLimitError) Error() string {
	wait, left := e.Rounded(time.Second)
	if wait <= left {
		// A wait that ends exactly at the limit (timeLimitFirst).
		return fmt.Sprintf("not tried again: the call's time limit ends in %v, when the next retry is due", left)
	}
	return fmt.Sprintf("not tried again: the call's time limit ends in %v, before the next retry, due in %v", left, wait)
}

// Rounded returns Wait rounded to unit (a second, or 100ms) and Left to
// 100ms, as the texts that say the retry comes after the time limit show
// them, each finer where those would not show Wait past Left: "the time
// limit ends in 4.2s, before the next retry, due in 4s" and "due in 3.7s:
// ... ends in 3.7s, before it" were said of a retry 4.4s and 3.74s away.
func (e *TimeLimitError) Rounded(unit time.Duration) (wait, left time.Duration) {
	for _, u := range []time.Duration{unit, 100 * time.Millisecond, 10 * time.Millisecond, time.Millisecond} {
		if u > unit {
			continue
		}
		wait, left = e.Wait.Round(u), e.Left.Round(min(u, 100*time.Millisecond))
		if wait > left {
			return wait, left
		}
	}
	return e.Wait, e.Left
}

// Is makes a TimeLimitError context.DeadlineExceeded.
func (e *TimeLimitError) Is(target error) bool { return target == context.DeadlineExceeded }

// OutOfTime reports whether a call ended at its context's time limit: ctx
// ended, or a retry would have passed its deadline (TimeLimitError, which
// returns before ctx ends, so ctx.Err alone does not tell).
func OutOfTime(ctx context.Context, err error) bool {
	return ctx.Err() != nil || errors.As(err, new(*TimeLimitError))
}
