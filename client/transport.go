package client

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"golang.org/x/text/encoding/htmlindex"
)

// BodyKind is how a request body is encoded (spec §1.2).
type BodyKind int

const (
	BodyJSON BodyKind = iota
	BodyForm
	BodyMultipart
	BodyNone
)

// FilePart is a file field of a multipart body: Content, or the file at
// Path, which is read as the request is written (a voice file of hundreds
// of megabytes is not held in memory) and again for each attempt.
type FilePart struct {
	Field, FileName, ContentType string
	Content                      []byte
	Path                         string
}

// Request describes one API call. Services build these; Client.Do sends them.
type Request struct {
	// call numbers the call in this client's log lines (the "call" field):
	// its attempts' lines and its retry decisions share it, so that a
	// retry line, which carries no body, can be tied to its object among
	// calls in flight at once (ccsync --log, concurrency 4). Set by Do
	// and createOnce.
	call    uint64
	Surface Surface
	Method  string
	// Path below the surface URL, e.g. "/v2/svcapi/queue/add".
	Path  string
	Query url.Values
	// Body is JSON-encoded for BodyJSON; for BodyForm and BodyMultipart it
	// must be url.Values.
	Body     any
	BodyKind BodyKind
	Files    []FilePart
	Envelope Envelope
	// Idempotent calls (reads, deletes, updates by id) are retried after a
	// transport error, a 5xx or gateway code 1010. Creates never are; every
	// call is retried after an HTTP 429, which the service did not process.
	Idempotent bool
	// Read marks a call that changes nothing (a list, a get). Every other
	// call bumps the client's generation when it returns, which ends what
	// the finders serve from earlier answers (see finder).
	Read bool
	// NotFoundCodes are the envelope codes that mean "no such object" for
	// this endpoint; APIError.NotFound reports them.
	NotFoundCodes []int64
	// Raw, when set, receives the body of a successful non-JSON answer (a
	// voice file) instead of envelope decoding.
	Raw *[]byte
	// LetFinish lets an attempt that was sent run to its answer (or to
	// request_timeout) when ctx ends meanwhile: a call whose answer alone
	// carries what it did (a pull takes its records off the queue). ctx
	// still ends the waits before an attempt and between attempts (the
	// pace, a retry's backoff, an HTTP 429's Retry-After), where nothing is
	// under way.
	LetFinish bool
}

// Do sends req and decodes the answer into out (the whole body, after the
// envelope check). It is exported for tests and for services in other files.
// An idempotent call is retried after a transient failure; any call is
// retried after an HTTP 429, which did nothing (see retryWait).
func (c *Client) Do(ctx context.Context, req Request, out any) error {
	if req.call == 0 {
		req.call = c.calls.Add(1)
	}
	budget := max(c.cfg.MaxRetries, 0)
	origin := c.origin(req.Surface)
	// Calls to an address unreachable for a while are sent once, without
	// retries (see unreachableAfter).
	since, down := c.unreachable.down(origin, c.cfg.Now(), c.unreachableWait())
	if down {
		budget = 0
	}
	var err error
	// inDoubt is set once an attempt of a write may have reached the
	// service: a last attempt that sent nothing (the service gone since)
	// does not make the call one that sent nothing.
	inDoubt := false
	defer func() {
		if inDoubt {
			markEarlierInDoubt(err)
		}
		c.unreachable.observe(origin, err, c.cfg.Now())
		var ne *NetworkError
		switch {
		case !errors.As(err, &ne):
		case couldNotConnect(err):
			if down {
				ne.UnreachableFor = c.cfg.Now().Sub(since)
			}
		default:
			ne.AnsweredBefore = c.unreachable.hasAnswered(origin)
		}
	}()
	// failures counts the attempts that failed for another reason than a
	// rate limit, which max_retries bounds; the waits after an HTTP 429
	// (nothing was done) are bounded by time instead, RateLimitPatience:
	// under an apply whose parallelism exceeds the limit, four attempts
	// gave up while the service only asked to wait.
	failures := 0
	// refused counts the attempts the rate limit refused: the call may
	// make that many more than max_retries allows, and its log lines count
	// them in ("attempt 5 of 4" read as a bug).
	refused := 0
	rl := rateLimitWait{c: c}
	var prev error // the failure the attempt under way retries
	for i := 0; ; i++ {
		var retry bool
		retry, err = c.once(ctx, req, out, i+1)
		if err != nil && reachedService(err) {
			// An attempt the service answered (an HTTP 5xx it retries)
			// shows the address is right, though a later attempt of the
			// call is dropped: its error said "could not be reached ...
			// Check endpoint" when no other call had ended yet (the first
			// read of a plan).
			c.unreachable.observe(origin, err, c.cfg.Now())
		}
		if ns := (notSentError{}); inDoubt && errors.As(err, &ns) {
			// Interrupted before this attempt left (its turn under the
			// request rate, its connection): an earlier one may have
			// reached the service, so the call is not one that sent
			// nothing (a destroy said "was not deleted" of an object the
			// first attempt had deleted).
			err = ns.error
		}
		limited := rl.observe(err)
		if err == nil {
			return nil
		}
		if !limited {
			failures++
		} else {
			refused++
		}
		allowed := budget + 1 + refused
		switch {
		case allItemsSucceeded(err):
			return err // the caller takes it as the success it is (itemError)
		case !limited && !retry:
			c.logNotRetried(ctx, req, i+1, allowed, notTransient(ctx, err))
			if prev != nil && req.Read && errors.Is(ctx.Err(), context.DeadlineExceeded) && errors.Is(err, context.DeadlineExceeded) &&
				!errors.As(err, new(*TimeLimitError)) {
				// The time limit ended while a retry was under way (a
				// slow answer; a wait that ended just before the limit):
				// Go's bare "context deadline exceeded" lost the failure
				// it retried.
				err = errors.Join(prev, &cutByTimeLimitError{attempt: i + 1, err: err})
			}
			return err
		case !limited && !req.Idempotent && !nothingSent(err):
			// A call whose request never reached the service (nothingSent)
			// is sent again like a safe one.
			c.logNotRetried(ctx, req, i+1, allowed, "the call is not idempotent and may have taken effect, so it is not sent again")
			return err
		case (limited && rl.exhausted()) || (!limited && failures > budget):
			c.logGivingUp(ctx, req, i+1, allowed)
			setAttempts(err, i+1)
			rl.gaveUp(err)
			return err
		}
		prev = err
		d, why := c.retryDelay(err, max(failures, 1))
		of := allowed
		if limited {
			of = 0 // bounded by time, not by a number of attempts
		}
		c.logRetryWithin(ctx, req, i+1, of, allowed, d, why, err)
		c.noticeRetry(ctx, req, err, i+2, of, d)
		tellRetryWait(ctx, sharedRetry{c: c, req: req, attempt: i + 1, of: of, wait: d, err: err})
		if !req.Read && !limited && IsAmbiguous(err) {
			inDoubt = true
		}
		if werr := SleepWithin(ctx, d); werr != nil {
			err = errors.Join(err, werr)
			if !inDoubt && (limited || nothingSent(err)) {
				// Interrupted while it waited to send again, after
				// attempts that each sent nothing or were refused
				// unprocessed (HTTP 429): the call did nothing (NotSent),
				// as one interrupted before its first attempt left (a
				// destroy said "may or may not have been deleted (its
				// request was already sent)" of a delete never sent).
				err = notSentError{err}
			}
			return err
		}
	}
}

// rateLimitWait follows one call's refusals by the rate limit (HTTP 429:
// nothing was done): each tells the client's pacer to slow down, and the
// call retries them for RateLimitPatience in all, not within MaxRetries
// (0 still turns them off), so an apply whose parallelism exceeds the
// limit finishes instead of giving up while the service asks it to wait.
type rateLimitWait struct {
	c     *Client
	first time.Time // the first refusal
}

// observe tells the pacer how an attempt went and reports whether the
// rate limit refused it.
func (w *rateLimitWait) observe(err error) bool {
	if !IsRateLimited(err) {
		w.c.pacer.succeeded()
		return false
	}
	w.c.pacer.limited(time.Now())
	if w.first.IsZero() {
		w.first = time.Now()
	}
	return true
}

// exhausted reports whether a refused call gives up now.
func (w *rateLimitWait) exhausted() bool {
	return w.c.cfg.MaxRetries <= 0 || time.Since(w.first) >= w.c.cfg.RateLimitPatience
}

// gaveUp records on a refusal the call gave up on how long it was
// retried (none when retries are off: its message says so).
func (w *rateLimitWait) gaveUp(err error) {
	if ae, ok := AsAPIError(err); ok && IsRateLimited(err) && w.c.cfg.MaxRetries > 0 {
		ae.LimitedFor = time.Since(w.first)
	}
}

// writeAttemptsKey carries the counter WithWriteAttempts set.
type writeAttemptsKey struct{}

// WithWriteAttempts returns ctx whose writes (Request.Read false) record
// in n the highest attempt any of them reached, its retries included: a
// caller that leaves retries to the client (ccsync's apply) reports how
// many times a row's write was sent, where it counted 1 for a write the
// client had sent three times.
func WithWriteAttempts(ctx context.Context, n *atomic.Int64) context.Context {
	return context.WithValue(ctx, writeAttemptsKey{}, n)
}

// retryWaitKey carries the function a finder's shared read (a flight,
// which runs detached from its readers' contexts, deadlines included) is
// told of each wait before a retry by: a reader whose time limit the retry
// would pass stops waiting for it (flight.wait), as a call made in its own
// context returns at once (SleepWithin).
type retryWaitKey struct{}

// sharedRetry is a wait before a retry, as tellRetryWait tells it: the
// call (c, req), the attempt that failed of its of (0: bounded by
// rate_limit patience, not a number), the wait and the failure.
type sharedRetry struct {
	c       *Client
	req     Request
	attempt int
	of      int
	wait    time.Duration
	err     error
}

// tellRetryWait tells ctx's retryWaitKey function, if any, that the call
// waits r.wait before its next attempt, after r.err.
func tellRetryWait(ctx context.Context, r sharedRetry) {
	if f, ok := ctx.Value(retryWaitKey{}).(func(sharedRetry)); ok {
		f(r)
	}
}

// retryNoticeKey carries the function WithRetryNotice set.
type retryNoticeKey struct{}

// WithRetryNotice returns ctx whose calls tell notice, in a line for a
// person, of each wait of a second or more before a retry: an action shows
// it as progress, where a wait of minutes after an HTTP 429 showed nothing.
// A read that shares a call with other readers (a finder's flight) is told
// of the call's waits while it waits on it, in its own goroutine, and of
// none once it has returned (noticeShared).
func WithRetryNotice(ctx context.Context, notice func(line string)) context.Context {
	return context.WithValue(ctx, retryNoticeKey{}, notice)
}

// noticeRetry tells ctx's retry notice (a wait of a second or more) and
// the client's (any wait), if set, of the wait d before attempt of of,
// after err. A shared call's context has no notice of its own (detach):
// each reader waiting on the call tells its own (noticeShared).
func (c *Client) noticeRetry(ctx context.Context, req Request, err error, attempt, of int, d time.Duration) {
	notice, _ := ctx.Value(retryNoticeKey{}).(func(string))
	if (notice == nil || d < time.Second) && c.cfg.RetryNotice == nil {
		return
	}
	line := retryLine(ctx, req, err, attempt, of, d)
	if notice != nil && d >= time.Second {
		notice(line)
	}
	if c.cfg.RetryNotice != nil {
		c.cfg.RetryNotice(d, line)
	}
}

// noticeLeast is the least of a shared call's wait that a reader that
// sees it late (one that joins the call while it waits) is told of: less
// is said as "trying again in 0s".
const noticeLeast = 500 * time.Millisecond

// noticeShared tells ctx's retry notice, for a reader waiting on a shared
// call (retryWatch.wait, in the reader's own goroutine), of the call's
// wait r (a second or more), which ends at at: how long it still waits.
// The call runs in the context of the reader that began it, detached from
// it, whose notice alone it told, also after that reader had left (an
// action whose invoke had returned: its progress channel is no longer
// read, and the call hung on it), and an action joining a read another
// reader began (a refresh, another action) was told nothing.
func noticeShared(ctx context.Context, r sharedRetry, at time.Time) {
	notice, _ := ctx.Value(retryNoticeKey{}).(func(string))
	left := time.Until(at)
	if notice == nil || ctx.Err() != nil || r.wait < time.Second || left < noticeLeast {
		return
	}
	notice(retryLine(ctx, r.req, r.err, r.attempt+1, r.of, left))
}

// retryLine says, for a person, that the call waits d before attempt of
// of (of 0: bounded by time), after err; or, when ctx's time limit ends
// first, that it is not tried again.
func retryLine(ctx context.Context, req Request, err error, attempt, of int, d time.Duration) string {
	cause := retryCause(err)
	count := fmt.Sprintf("attempt %d of %d", attempt, of)
	if of <= 0 {
		count = fmt.Sprintf("attempt %d", attempt)
	}
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < d {
		// A wait's time limit (timeouts.invoke, wait_for_approval's
		// timeout) ends first: "trying again in 17s" was shown 5 seconds
		// before the wait gave up, with no retry.
		// No attempt count: "(attempt 2 of 4)" after it read as if
		// another attempt were to come.
		return fmt.Sprintf("%s %s: %s; not tried again: its time limit ends in %v, before the %v a retry waits",
			req.Method, req.Path, cause, max(time.Until(dl), 0).Round(100*time.Millisecond), d.Round(time.Second))
	}
	return fmt.Sprintf("%s %s: %s; trying again in %v (%s)", req.Method, req.Path, cause, d.Round(time.Second), count)
}

// retryCause says, for a person, what failure a retry follows: the
// service's answer (its code or HTTP status), or what became of the
// request (no connection, no answer in time).
func retryCause(err error) string {
	var ue *url.Error
	var ne *NetworkError
	var te *TimeoutError
	switch e, isAPI := AsAPIError(err); {
	case IsRateLimited(err):
		return "the service is limiting requests (HTTP 429)"
	case isAPI:
		return answered(e)
	case errors.As(err, &ne):
		// "could not connect: connection refused (nothing listens at
		// 127.0.0.1:8080)", as the error says it when the call gives up.
		return oneLine(ne.What(), 160)
	case errors.As(err, &te):
		return oneLine(te.What(), 160)
	case errors.As(err, &ue):
		// Go's "Post "http://…/open/sms/template/list": EOF" repeats the call.
		return "no answer (" + oneLine(ue.Err.Error(), 120) + ")"
	}
	return "it failed: " + oneLine(err.Error(), 160)
}

// notTransient says why a failure is not retried: the service answered,
// and what it answered does not change by asking again.
func notTransient(ctx context.Context, err error) string {
	if ctx.Err() != nil {
		return "the operation was cancelled or ran out of time"
	}
	if e, ok := AsAPIError(err); ok {
		return answered(e) + ", which asking again does not change"
	}
	return "not a transient failure"
}

// answered says what the service answered: the envelope's code, or the
// HTTP status of an answer without one.
func answered(e *APIError) string {
	if e.Code != -1 {
		return fmt.Sprintf("the service answered code %d", e.Code)
	}
	return fmt.Sprintf("the service answered HTTP %d", e.HTTPStatus)
}

// retryDelay is the wait before attempt+1, and what it comes from. After
// an HTTP 429 the service said when to come back (Retry-After, in seconds
// or as an HTTP date): the client waits that long and up to as long again,
// at random, so the calls it refused together (a burst of parallel
// creates) do not all come back at the same instant and meet the same full
// bucket again. Without Retry-After, and after any other failure, it backs
// off exponentially.
func (c *Client) retryDelay(err error, attempt int) (time.Duration, string) {
	if e, ok := AsAPIError(err); ok && e.HTTPStatus == http.StatusTooManyRequests && e.RetryAfter >= 0 {
		ra := min(e.RetryAfter, maxRetryAfter)
		return ra + jitter(max(ra, c.cfg.RetryWaitMin)), fmt.Sprintf("Retry-After %v plus jitter", ra)
	}
	return c.backoff(attempt), "backoff"
}

// backoff is the exponential wait after attempt, with jitter.
func (c *Client) backoff(attempt int) time.Duration {
	d := c.backoffCap(attempt)
	// Full jitter between d/2 and d keeps concurrent retries apart.
	return d/2 + jitter(d/2)
}

// backoffCap is the longest wait after attempt: RetryWaitMin doubled per
// attempt, at most RetryWaitMax.
func (c *Client) backoffCap(attempt int) time.Duration {
	d := c.cfg.RetryWaitMin << (attempt - 1)
	if d > c.cfg.RetryWaitMax || d <= 0 {
		d = c.cfg.RetryWaitMax
	}
	return d
}

// jitter is a random duration between 0 and d.
func jitter(d time.Duration) time.Duration {
	if d <= 0 {
		return 0
	}
	n, err := rand.Int(rand.Reader, big.NewInt(int64(d)+1))
	if err != nil {
		return 0
	}
	return time.Duration(n.Int64())
}

// SleepWithin waits d before a retry or a poll, or returns at once a
// *TimeLimitError when ctx's deadline comes first: the retry could not be
// made, and sleeping until the deadline only made an apply with a short
// timeout idle before it failed all the same. Otherwise it returns
// Sleep's error.
func SleepWithin(ctx context.Context, d time.Duration) error {
	if tl := timeLimitFirst(ctx, d); tl != nil {
		return tl
	}
	return Sleep(ctx, d)
}

// timeLimitFirst is the TimeLimitError of a wait of d that ctx's deadline
// would cut short or end exactly at (the retry or poll after it would
// start with no time left), nil when it leaves time for it (or has none).
func timeLimitFirst(ctx context.Context, d time.Duration) *TimeLimitError {
	if dl, ok := ctx.Deadline(); ok && ctx.Err() == nil {
		if left := time.Until(dl); left <= d {
			return &TimeLimitError{Wait: d, Left: max(left, 0)}
		}
	}
	return nil
}

// cutByTimeLimitError is a retry of a read that its call's time limit
// ended while it was under way; Do joins it to the failure retried. It is
// context.DeadlineExceeded (errors.Is), as the error it stands for.
type cutByTimeLimitError struct {
	attempt int
	err     error
}

func (e *cutByTimeLimitError) Error() string {
	return fmt.Sprintf("then the call's time limit ended during attempt %d, before its answer", e.attempt)
}

func (e *cutByTimeLimitError) Unwrap() error { return e.err }

// Sleep waits d or until ctx ends, and returns ctx's error if it ended.
func Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// maxRetryAfter bounds the wait a Retry-After can impose on one attempt, so
// a wrong header cannot stall an apply for hours.
const maxRetryAfter = 5 * time.Minute

// maxAnswer is the most read of one answer (a variable for tests).
var maxAnswer int64 = 256 << 20

func answerLimitText() string {
	if maxAnswer%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", maxAnswer>>20)
	}
	return fmt.Sprintf("%d bytes", maxAnswer)
}

// parseRetryAfter reads a Retry-After header: delay-seconds or an HTTP
// date (RFC 9110 §10.2.3). It returns -1 when the header is absent or
// unreadable, so the caller backs off instead.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return -1
	}
	if secs, err := strconv.ParseFloat(v, 64); err == nil {
		if secs < 0 || math.IsNaN(secs) || math.IsInf(secs, 0) {
			return -1
		}
		return time.Duration(secs * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0)
	}
	return -1
}

// once makes one attempt, paced by MaxRequestsPerSecond; retry reports
// whether a failure is transient (an HTTP 429 is, and IsRateLimited).
func (c *Client) once(ctx context.Context, req Request, out any, attempt int) (retry bool, err error) {
	if !req.Read {
		// The generation moves before the write is seen to end: a read
		// back after it, which a batch waiting on it (writesInFlight)
		// serves, is never answered from before it.
		defer c.writes.begin()()
		defer c.gen.Add(1)
	}
	if err := c.pacer.wait(ctx); err != nil {
		return false, notSentError{err}
	}
	if n, ok := ctx.Value(writeAttemptsKey{}).(*atomic.Int64); ok && !req.Read {
		for {
			cur := n.Load()
			if int64(attempt) <= cur || n.CompareAndSwap(cur, int64(attempt)) {
				break
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return false, notSentError{err} // ended before the request left
	}
	base := c.urls[req.Surface]
	if base == nil {
		return false, fmt.Errorf("surface %q is not configured", req.Surface)
	}
	u := *base
	u.Path = strings.TrimRight(u.Path, "/") + req.Path
	query := url.Values{}
	for k, v := range req.Query {
		query[k] = v
	}
	body, contentType, logBody, fileAt, err := c.encodeBody(req, query)
	if err != nil {
		return false, err
	}
	// A body with a file part read from its file (FilePart.Path) is
	// streamed: body holds its text with the files left out, stream the
	// whole.
	stream, err := streamedBody(body, req.Files, fileAt)
	if err != nil {
		return false, err
	}
	u.RawQuery = query.Encode()

	attemptCtx := ctx
	// A LetFinish attempt is let finish once it has a connection; ctx
	// still ends it while the connection is made (the dial, a proxy's
	// tunnel, the TLS handshake, up to 10 s of Go's), where nothing was
	// sent: run detached from ctx from the start, Ctrl-C in `ccsync sms
	// status pull` waited for the handshake to time out. gate holds the
	// line between the two: an interrupt before the connection stops the
	// body from being read (gate.read), so a request whose connection
	// arrives at the same moment is not written either.
	var gate *startGate
	if req.LetFinish {
		gate = &startGate{}
		detached, cancelDetached := context.WithCancel(context.WithoutCancel(ctx))
		defer cancelDetached()
		stopBeforeStart := context.AfterFunc(ctx, func() {
			if gate.stop() {
				cancelDetached()
			}
		})
		defer stopBeforeStart()
		attemptCtx = detached
	}
	actx, cancel := context.WithTimeout(attemptCtx, c.cfg.Timeout)
	defer cancel()
	// Whether the request was written whole to a connection: a call that
	// failed before (no connection within request_timeout, a connection
	// that broke while the request was written) sent nothing the service
	// could act on, which a write's retry and the create's lookup rely on.
	var wrote, connected atomic.Bool
	traced := httptrace.WithClientTrace(actx, &httptrace.ClientTrace{
		GotConn: func(httptrace.GotConnInfo) {
			connected.Store(true)
			if gate != nil {
				gate.start()
			}
		},
		WroteRequest: func(i httptrace.WroteRequestInfo) {
			if i.Err == nil {
				wrote.Store(true)
			}
		},
	})
	var reqBody io.Reader = bytes.NewReader(body)
	if gate != nil {
		reqBody = &gatedReader{gate: gate, r: bytes.NewReader(body)}
	}
	if stream != nil {
		reqBody = stream.open()
	}
	if !req.Read {
		traced = context.WithValue(traced, writeKey{}, true) // not followed on a redirect (checkRedirect)
	}
	hreq, err := http.NewRequestWithContext(traced, req.Method, u.String(), reqBody)
	if err != nil {
		return false, err
	}
	switch {
	case stream != nil:
		// Its length, not a chunked body (a service may refuse a chunked
		// upload), and a fresh body for a request the transport sends
		// again on a new connection. A streamed request is never
		// LetFinish.
		hreq.ContentLength = stream.size
		hreq.GetBody = func() (io.ReadCloser, error) { return stream.open(), nil }
	case gate != nil:
		// As NewRequestWithContext sets them for a bytes.Reader: the
		// length (not a chunked body) and a fresh body for a request the
		// transport sends again on a new connection.
		hreq.ContentLength = int64(len(body))
		hreq.GetBody = func() (io.ReadCloser, error) {
			return io.NopCloser(&gatedReader{gate: gate, r: bytes.NewReader(body)}), nil
		}
		if len(body) == 0 {
			hreq.Body, hreq.GetBody = http.NoBody, nil
		}
	}
	if contentType != "" {
		hreq.Header.Set("Content-Type", contentType)
	}
	hreq.Header.Set("Accept", "application/json")
	if c.cfg.UserAgent != "" {
		hreq.Header.Set("User-Agent", c.cfg.UserAgent)
	}
	if req.Surface != SurfaceSMSAPI && c.cfg.AccessToken != "" {
		hreq.Header.Set("Authorization", "Bearer "+c.cfg.AccessToken)
	}

	start := time.Now()
	resp, err := c.http.Do(hreq)
	fields := map[string]any{
		"surface": string(req.Surface), "method": req.Method, "path": req.Path,
		"query": RedactQuery(query), "attempt": attempt, "request_body": logBody,
		"headers": RedactHeaders(hreq.Header), "call": req.call,
	}
	if err != nil {
		// The transport's error text carries the whole URL; put the
		// redacted query in it so no secret reaches a log or a diagnostic.
		// A password in the URL stays hidden (Go's client had hidden it).
		var uerr *url.Error
		if errors.As(err, &uerr) {
			ru := u
			ru.RawQuery = redactedQuery(query)
			uerr.URL = ru.Redacted()
		}
		fields["error"] = err.Error()
		fields["duration_ms"] = time.Since(start).Milliseconds()
		c.log(ctx, "contactcenter API request failed", fields)
		if gate != nil && gate.wasStopped() {
			// Interrupted while the connection was made: nothing was sent.
			return false, notSentError{ctx.Err()}
		}
		if ctx.Err() != nil && !req.LetFinish {
			if !wrote.Load() {
				// Interrupted before the request was written whole (while
				// the connection was made): nothing was sent (NotSent).
				return false, notSentError{ctx.Err()}
			}
			return false, ctx.Err()
		}
		origin := (&url.URL{Scheme: u.Scheme, Host: u.Host}).String()
		if actx.Err() != nil {
			return true, &TimeoutError{Surface: req.Surface, Method: req.Method, Path: u.Path, Origin: origin, After: c.cfg.Timeout, Write: !req.Read,
				Detail: timeoutDetail(err), Proxy: c.viaProxy(hreq), Unsent: !wrote.Load(), Connected: connected.Load()}
		}
		if errors.As(err, new(*tls.CertificateVerificationError)) {
			// Trying again cannot make the certificate trusted.
			return false, &CertificateError{Method: req.Method, Path: u.Path, Err: err}
		}
		if errors.Is(err, http.ErrSchemeMismatch) {
			// An https:// URL to a plain-HTTP address: trying again cannot
			// change the scheme, and the handshake sent nothing.
			return false, &SchemeMismatchError{Method: req.Method, Path: u.Path, Origin: origin, Err: err}
		}
		if proxy := c.proxyFor(hreq); proxy != "" && strings.HasSuffix(err.Error(), http.StatusText(http.StatusProxyAuthRequired)) {
			// The proxy refused the tunnel (HTTP 407): no retry brings the
			// login it wants.
			return false, &ProxyLoginError{Method: req.Method, Path: u.Path, Err: err, Proxy: proxy}
		}
		return true, &NetworkError{Surface: req.Surface, Method: req.Method, Path: u.Path, Origin: origin, Proxy: c.viaProxy(hreq), Waited: time.Since(start),
			Unsent: !wrote.Load(), Err: err}
	}
	defer resp.Body.Close()
	raw, rerr := io.ReadAll(io.LimitReader(resp.Body, maxAnswer+1))
	tooLarge := rerr == nil && int64(len(raw)) > maxAnswer
	if tooLarge {
		// Cut at the limit, the answer would read as data cut short (a
		// list), or be saved short as a file (a voice file's download).
		raw = raw[:maxAnswer]
	}
	fields["status"] = resp.StatusCode
	fields["duration_ms"] = time.Since(start).Milliseconds()
	fields["response_bytes"] = len(raw)

	apiErr := &APIError{Surface: req.Surface, Method: req.Method, Path: u.Path, Origin: (&url.URL{Scheme: u.Scheme, Host: u.Host}).String(),
		HTTPStatus: resp.StatusCode, notFoundCodes: req.NotFoundCodes}
	// The service's text may echo the request: no secret of it reaches an
	// error (a diagnostic, a CI log, a report).
	secrets := sync.OnceValue(func() []string {
		form, _ := req.Body.(url.Values)
		return append(secretValues(body, form), c.cfg.AccessToken, c.cfg.AppKey)
	})
	apiErr.scrub = func(s string) string { return scrub(s, secrets()...) }
	// The attempt's line is written once its answer is decoded (this runs
	// after the deferred scrub below): it carries the envelope's code,
	// message and request_id, so an HTTP 200 that failed does not read
	// like a success.
	defer func() { c.logAnswer(ctx, fields, apiErr, raw, err) }()
	if rerr != nil {
		if actx.Err() != nil && (ctx.Err() == nil || req.LetFinish) {
			return true, &TimeoutError{Surface: req.Surface, Method: req.Method, Path: u.Path, Origin: apiErr.Origin, After: c.cfg.Timeout, Reading: true, Write: !req.Read,
				Detail: timeoutDetail(rerr), Proxy: c.viaProxy(hreq)}
		}
		return true, &NetworkError{Surface: req.Surface, Method: req.Method, Path: u.Path, Origin: apiErr.Origin, Reading: true, Proxy: c.viaProxy(hreq), Waited: time.Since(start), Err: rerr}
	}
	if tooLarge {
		// Not tried again: the same answer would come. A write answered
		// with success may have taken effect.
		err := fmt.Errorf("%s %s: HTTP %d with an answer larger than %s, the most read of one answer; it was not read", req.Method, u.Path, resp.StatusCode, answerLimitText())
		if resp.StatusCode/100 == 2 {
			return false, &UnreadableAnswerError{Err: err}
		}
		return false, err
	}
	defer func() {
		if apiErr.Message == "" && len(apiErr.Data) == 0 {
			return
		}
		apiErr.Message = apiErr.scrub(apiErr.Message)
		if len(apiErr.Data) > 0 {
			apiErr.Data = json.RawMessage(apiErr.scrub(string(apiErr.Data)))
		}
	}()
	if resp.StatusCode >= 300 && resp.StatusCode < 400 {
		// Not followed (checkRedirect): a write would go on to another
		// address with its password or signature (or a delete be carried
		// out there), or a read from https to http.
		apiErr.Code = -1
		loc := resp.Header.Get("Location")
		if lu, err := u.Parse(loc); err == nil {
			loc = lu.String()
		}
		loc, _ = HideURLSecrets(loc) // its password, and a ?token=… value, as every address a message quotes
		apiErr.Message = fmt.Sprintf("HTTP %d redirect to %q, not followed: a write or a request with a body is not sent on to another address (it may carry a password "+
			"or a signature, or change what that address holds), nor a read from https to http. Point the provider (or ccsync) at the address the service answers on", resp.StatusCode, loc)
		return false, apiErr
	}
	if req.Raw == nil || looksLikeJSONEnvelope(resp.Header, raw) {
		raw = jsonText(resp.Header.Get("Content-Type"), raw)
	}
	if resp.StatusCode == http.StatusTooManyRequests {
		// Refused before it was processed, whatever the body says.
		if decodeEnvelope(req.Envelope, raw, nil, apiErr) == nil || apiErr.Code == -1 {
			apiErr.Code = -1
			apiErr.Message = strings.TrimSuffix(strings.TrimSpace("HTTP 429 Too Many Requests: "+apiErr.preview(raw)), ":")
		}
		apiErr.RetryAfter = parseRetryAfter(resp.Header.Get("Retry-After"), c.cfg.Now())
		explainGatewayCode(apiErr)
		return true, apiErr
	}
	if req.Raw != nil && resp.StatusCode == http.StatusOK && !looksLikeJSONEnvelope(resp.Header, raw) {
		*req.Raw = raw
		return false, nil
	}
	derr := decodeEnvelope(req.Envelope, raw, out, apiErr)
	if derr == nil {
		return false, nil
	}
	if resp.StatusCode/100 == 2 && (!errors.As(derr, new(*APIError)) || apiErr.Code == -1) {
		// Success by its status, but what it answered cannot be read: the
		// call may have taken effect.
		return false, &UnreadableAnswerError{Err: derr}
	}
	explainGatewayCode(apiErr)
	if resp.StatusCode >= 500 && apiErr.Code == -1 {
		apiErr.Message = fmt.Sprintf("HTTP %d: %s", resp.StatusCode, strings.TrimSpace(apiErr.preview(raw)))
		if strings.TrimSpace(string(raw)) == "" {
			// Said as such, where the message ended "HTTP 500: " (and a
			// diagnostic "HTTP 500: .").
			apiErr.Message = fmt.Sprintf("HTTP %d with an empty body", resp.StatusCode)
		}
	}
	if final := resp.Request; final != nil && final.URL.Host != u.Host {
		// A read followed a redirect to another host or port, which was
		// not sent the token (checkRedirect): a refusal there is no sign
		// of a wrong token.
		apiErr.RedirectedTo, _ = HideURLSecrets(final.URL.String())
		apiErr.Message = fmt.Sprintf("%s (answered by %s, where the service redirected the read; the access token is not sent on to another host or port)",
			apiErr.Message, apiErr.RedirectedTo)
	}
	transient := resp.StatusCode >= 500 || (req.Envelope == EnvelopeGateway && apiErr.Code == 1010)
	return transient, derr
}

// timeoutDetail is the transport's words for an attempt that ran out of
// time, when they say more than that: "" for Go's "Post "http://...":
// context deadline exceeded", which only repeats the call.
func timeoutDetail(err error) string {
	err = transportWords(err)
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return ""
	}
	return err.Error()
}

// viaProxy says, for an error's text, through which proxy hreq went (the
// environment's HTTPS_PROXY or HTTP_PROXY, which Go's client follows): a
// failed connection, a proxy asking for a login (407) or a time-out may be
// the proxy's, not the service's. "" when none.
func (c *Client) viaProxy(hreq *http.Request) string {
	proxy := c.proxyFor(hreq)
	if proxy == "" {
		return ""
	}
	return fmt.Sprintf(" (sent through the proxy %s, which HTTPS_PROXY or HTTP_PROXY names; hosts NO_PROXY lists are reached directly: "+
		"check the proxy too; one that wants a login takes it in its URL, http://user:password@host:port)", proxy)
}

// proxyFor is the proxy hreq goes through, its password hidden ("" when
// none).
func (c *Client) proxyFor(hreq *http.Request) string {
	tr, ok := c.http.Transport.(*http.Transport)
	if !ok || tr.Proxy == nil {
		return ""
	}
	pu, err := tr.Proxy(hreq)
	if err != nil || pu == nil {
		return ""
	}
	return pu.Redacted()
}

// jsonText is an answer's JSON as UTF-8 text. A byte-order mark before it
// (services on PHP or IIS may send one) is dropped. A body in another
// charset that its Content-Type names (GBK, GB18030: JSON is UTF-8, but a
// service may answer in its own) is converted, where the JSON decoder put
// U+FFFD for every Chinese character, without an error, into state,
// spreadsheets and generated configuration. A body that is UTF-8, or
// mostly (a stray byte in one remark, under whatever label: servers label
// UTF-8 as ISO-8859-1 too), is read as UTF-8, as is one that names no
// charset or one this client does not know (utf8mb4): the JSON decoder
// replaces the stray bytes alone, where converting the whole body would
// garble every Chinese text in it.
func jsonText(contentType string, raw []byte) []byte {
	raw = bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf"))
	// utf8.Valid first: it is fast, and nearly every answer passes it;
	// mostlyUTF8 decodes rune by rune.
	if utf8.Valid(raw) || mostlyUTF8(raw) {
		return raw
	}
	_, params, _ := mime.ParseMediaType(contentType)
	enc, err := htmlindex.Get(strings.TrimSpace(params["charset"]))
	if err != nil {
		return raw
	}
	if text, err := enc.NewDecoder().Bytes(raw); err == nil {
		return text
	}
	return raw
}

// mostlyUTF8 reports whether b reads as UTF-8 with at most a few stray
// bytes: its bytes in valid multi-byte sequences outnumber those in no
// valid sequence. Text in a double-byte charset (GBK) forms a valid UTF-8
// sequence only by chance, for a small share of its characters.
func mostlyUTF8(b []byte) bool {
	valid, invalid := 0, 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		switch {
		case r == utf8.RuneError && size == 1:
			invalid++
		case size > 1:
			valid += size
		}
		b = b[size:]
	}
	return invalid == 0 || valid > invalid
}

func looksLikeJSONEnvelope(h http.Header, raw []byte) bool {
	if strings.Contains(h.Get("Content-Type"), "json") {
		return true
	}
	t := bytes.TrimSpace(raw)
	return len(t) > 0 && t[0] == '{' && bytes.Contains(t, []byte(`"code"`))
}

// encodeBody returns the body, its content type and a redacted form for logs.
// Gateway requests get appId/random in the query and sig/time in the body.
func (c *Client) encodeBody(req Request, query url.Values) ([]byte, string, any, []int, error) {
	switch req.BodyKind {
	case BodyNone:
		return nil, "", nil, nil, nil
	case BodyForm, BodyMultipart:
		vals, _ := req.Body.(url.Values)
		if vals == nil {
			vals = url.Values{}
		}
		if req.Surface == SurfaceSMSAPI {
			vals = cloneValues(vals)
			sig, ts, random := c.sign()
			query.Set("appId", c.cfg.AppID)
			query.Set("random", random)
			vals.Set("sig", sig)
			vals.Set("time", ts)
		}
		logBody := RedactQuery(vals)
		if req.BodyKind == BodyForm {
			return []byte(vals.Encode()), "application/x-www-form-urlencoded", logBody, nil, nil
		}
		var buf bytes.Buffer
		var fileAt []int // where the content of each part read from its file goes
		w := multipart.NewWriter(&buf)
		for k, vs := range vals {
			for _, v := range vs {
				if err := w.WriteField(k, v); err != nil {
					return nil, "", nil, nil, err
				}
			}
		}
		for _, f := range req.Files {
			part, err := w.CreateFormFile(f.Field, f.FileName)
			if err != nil {
				return nil, "", nil, nil, err
			}
			if f.Path != "" {
				// streamedBody puts the file here.
				fileAt = append(fileAt, buf.Len())
				continue
			}
			if _, err := part.Write(f.Content); err != nil {
				return nil, "", nil, nil, err
			}
		}
		if err := w.Close(); err != nil {
			return nil, "", nil, nil, err
		}
		return buf.Bytes(), w.FormDataContentType(), logBody, fileAt, nil
	}
	body := req.Body
	if req.Surface == SurfaceSMSAPI {
		m, err := toMap(body)
		if err != nil {
			return nil, "", nil, nil, err
		}
		sig, ts, random := c.sign()
		query.Set("appId", c.cfg.AppID)
		query.Set("random", random)
		m["sig"] = sig
		m["time"] = json.Number(ts)
		body = m
	}
	if body == nil {
		body = map[string]any{}
	}
	b, err := json.Marshal(body)
	if err != nil {
		return nil, "", nil, nil, fmt.Errorf("encoding request: %w", err)
	}
	return b, "application/json", RedactJSON(b), nil, nil
}

func toMap(v any) (map[string]any, error) {
	if v == nil {
		return map[string]any{}, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	m := map[string]any{}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	if err := d.Decode(&m); err != nil {
		return nil, fmt.Errorf("gateway body must be a JSON object: %w", err)
	}
	return m, nil
}

func cloneValues(v url.Values) url.Values {
	out := make(url.Values, len(v))
	for k, vs := range v {
		out[k] = append([]string(nil), vs...)
	}
	return out
}

func (c *Client) log(ctx context.Context, msg string, fields map[string]any) {
	if c.cfg.Log == nil {
		return
	}
	if sc := sharedCallOf(ctx); sc != nil {
		// A call shared by several readers: through one still waiting
		// (its request's context), not the first reader's alone, whose
		// request may have returned (client/shared_log.go).
		ctx = sc.logContext(ctx)
	}
	c.cfg.Log(ctx, msg, fields)
}

// logLimit bounds a message or an error text in a log line.
const logLimit = 300

// logAnswer writes the line of an attempt the service answered, once its
// answer is decoded: its request_id, and for a failure the envelope code
// and message (or the start of the body of a non-2xx answer), scrubbed of
// the request's secrets and cut to logLimit.
func (c *Client) logAnswer(ctx context.Context, fields map[string]any, apiErr *APIError, raw []byte, err error) {
	if c.cfg.Log == nil {
		return
	}
	msg := "contactcenter API request"
	if apiErr.RequestID != "" {
		fields["request_id"] = clip(apiErr.scrub(apiErr.RequestID), logLimit)
	}
	if allItemsSucceeded(err) {
		fields["overall_result"] = "code 500 with every item succeeded: a success"
	} else if err != nil {
		msg = "contactcenter API request failed"
		if e, ok := AsAPIError(err); ok && e == apiErr {
			fields["code"] = apiErr.Code
			if apiErr.Message != "" {
				fields["message"] = oneLine(apiErr.scrub(apiErr.Message), logLimit)
			}
		}
		fields["error"] = oneLine(apiErr.scrub(err.Error()), logLimit)
	}
	if apiErr.HTTPStatus < 200 || apiErr.HTTPStatus > 299 {
		fields["body_start"] = oneLine(apiErr.preview(raw), logLimit)
	}
	c.log(ctx, msg, fields)
}

// allItemsSucceeded tells an "overall result" answer whose every item
// succeeded (APIError.AllItemsSucceeded): logged as the success it is.
func allItemsSucceeded(err error) bool {
	e, ok := AsAPIError(err)
	return ok && e.AllItemsSucceeded()
}

// logRetry, logNotRetried and logGivingUp write what the client does after
// a failed attempt, so a log shows each decision rather than leaving it to
// be inferred from the attempts' lines.
//
// The retry and giving-up lines are the operator's (OperatorLine): the
// provider writes them at INFO, where an apply against a failing service
// showed "Still creating..." for minutes and nothing said why. A retry
// line says itself what failed (reason: the service's code or HTTP
// status, its message), as the failed attempt's line, at DEBUG, does.
func (c *Client) logRetry(ctx context.Context, req Request, attempt, of int, wait time.Duration, why string, err error) {
	as := fmt.Sprintf("attempt %d of %d", attempt+1, of)
	if of <= 0 {
		as = fmt.Sprintf("attempt %d (after a rate limit, retried within rate_limit patience)", attempt+1)
	}
	extra := map[string]any{"wait_ms": wait.Milliseconds(), "wait_reason": why, "reason": retryCause(err)}
	if e, ok := AsAPIError(err); ok && e.Message != "" {
		extra["message"] = oneLine(e.scrub(e.Message), logLimit)
	}
	c.logDecision(ctx, logMsgRetry, req, attempt, of,
		fmt.Sprintf("retrying in %v (%s) as %s", wait.Round(time.Millisecond), why, as), extra)
}

// logRetryWithin is logRetry of a retry ctx's deadline leaves time for;
// of one it would come after, it logs that the call is not retried, and
// why (attempts is the count of attempts max_retries allows): no
// "retrying in 20s" of a retry that will not come (SleepWithin returns at
// once).
func (c *Client) logRetryWithin(ctx context.Context, req Request, attempt, of, attempts int, wait time.Duration, why string, err error) {
	if tl := timeLimitFirst(ctx, wait); tl != nil {
		// A retry that would have come: the operator's line, at INFO as
		// the retry's would be, with what failed (reason) and the wait
		// the time limit leaves no room for.
		extra := map[string]any{"wait_ms": wait.Milliseconds(), "wait_reason": why, "reason": retryCause(err)}
		if e, ok := AsAPIError(err); ok && e.Message != "" {
			extra["message"] = oneLine(e.scrub(e.Message), logLimit)
		}
		c.logDecision(ctx, logMsgNotRetried, req, attempt, attempts, "not retried: "+strings.TrimPrefix(tl.Error(), "not tried again: "), extra)
		return
	}
	c.logRetry(ctx, req, attempt, of, wait, why, err)
}

// The messages of the lines an operator follows a slow apply by
// (OperatorLine).
const (
	logMsgRetry    = "contactcenter API retry"
	logMsgGivingUp = "contactcenter API giving up"
	logMsgInDoubt  = "contactcenter API create in doubt"
	// logMsgNotRetried is an operator's line only for a retry the call's
	// time limit leaves no room for (it carries wait_ms, as a retry line):
	// a failure that is not transient is not retried on every 404 of a
	// read, and stays at DEBUG.
	logMsgNotRetried = "contactcenter API not retried"
	// logMsgRetryNotWaited is a reader's of a shared call (logRetryNotWaited).
	logMsgRetryNotWaited = "contactcenter API retry not waited for"
)

// OperatorLine reports whether a log line of this message is one an
// operator watches a run by (a retry, its wait and what it follows;
// giving up; a create looked up before it is sent again), which a log
// hook writes at INFO, rather than one of the lines of every request,
// for DEBUG.
func OperatorLine(msg string, fields map[string]any) bool {
	if msg == logMsgNotRetried {
		_, retryDue := fields["wait_ms"]
		return retryDue
	}
	return msg == logMsgRetry || msg == logMsgGivingUp || msg == logMsgInDoubt || msg == logMsgRetryNotWaited
}

// logRetryNotWaited writes, in the reader's ctx, that a reader of a shared
// call (a finder's flight, the tasks' shared listing) stops waiting for
// its retry r, which tl says its own time limit ends before: the retry's
// line, written in the call's context, said "retrying in 20s", and nothing
// said the reader did not wait for it (only the review wait's end line did).
func (c *Client) logRetryNotWaited(ctx context.Context, r sharedRetry, tl *TimeLimitError) {
	as := fmt.Sprintf("attempt %d of %d", r.attempt+1, r.of)
	if r.of <= 0 {
		as = fmt.Sprintf("attempt %d, after a rate limit", r.attempt+1)
	}
	extra := map[string]any{"wait_ms": tl.Wait.Milliseconds(), "left_ms": tl.Left.Milliseconds(), "reason": retryCause(r.err)}
	wait, left := tl.Rounded(100 * time.Millisecond)
	c.logDecision(ctx, logMsgRetryNotWaited, r.req, r.attempt, r.of,
		fmt.Sprintf("not waiting for the shared call's retry (%s, due in %v): this read's own time limit ends in %v, before it",
			as, wait, left), extra)
}

func (c *Client) logNotRetried(ctx context.Context, req Request, attempt, of int, why string) {
	c.logDecision(ctx, logMsgNotRetried, req, attempt, of, "not retried: "+why, nil)
}

func (c *Client) logGivingUp(ctx context.Context, req Request, attempt, of int) {
	c.logDecision(ctx, logMsgGivingUp, req, attempt, of, fmt.Sprintf("giving up after %d of %d attempts", attempt, of), nil)
}

func (c *Client) logDecision(ctx context.Context, msg string, req Request, attempt, of int, decision string, extra map[string]any) {
	if c.cfg.Log == nil {
		return
	}
	fields := map[string]any{"surface": string(req.Surface), "method": req.Method, "path": req.Path,
		"attempt": attempt, "max_attempts": of, "decision": decision, "call": req.call}
	if sc := sharedCallOf(ctx); sc != nil {
		// What a shared call's failure fails: every object it serves,
		// not the first reader's alone (servesShown of them named).
		if text, n := sc.serves(); n > 0 {
			fields["serves"], fields["serves_count"] = text, n
		}
	}
	for k, v := range extra {
		fields[k] = v
	}
	c.log(ctx, msg, fields)
}

// oneLine is s on one line (runs of white space, line breaks included, as
// one space: Terraform's log writes a value with a line break as a block
// of several lines), cut to n bytes.
func oneLine(s string, n int) string {
	return clip(strings.Join(strings.Fields(s), " "), n)
}

// clip cuts s to at most n bytes, between two characters.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// startGate is the line between a LetFinish attempt's connection, which an
// interrupt ends, and its request, which it lets finish (Request.LetFinish).
type startGate struct {
	mu               sync.Mutex
	started, stopped bool
}

// start marks the connection made: from now on the attempt is let finish.
// It reports false when an interrupt came first.
func (g *startGate) start() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.stopped {
		g.started = true
	}
	return g.started
}

// stop ends the attempt when it has no connection yet; it reports whether
// it did.
func (g *startGate) stop() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.started {
		g.stopped = true
	}
	return g.stopped
}

// wasStopped reports whether an interrupt ended the attempt before its
// connection.
func (g *startGate) wasStopped() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.stopped
}

// errStoppedBeforeSent is a LetFinish request's body read after an interrupt
// that came before its connection: the body is not written, so the service
// gets nothing to act on (over HTTP/1.1 the headers may still go out, and
// the connection then closes: a request without its body, which a server
// does not carry out).
var errStoppedBeforeSent = errors.New("interrupted before the request was sent")

// gatedReader is a LetFinish request's body: it is read only when the
// attempt started before any interrupt.
type gatedReader struct {
	gate *startGate
	r    io.Reader
}

func (g *gatedReader) Read(p []byte) (int, error) {
	if !g.gate.start() {
		return 0, errStoppedBeforeSent
	}
	return g.r.Read(p)
}

// streamBody is a multipart body whose file parts are read from their
// files as it is sent (FilePart.Path).
type streamBody struct {
	// text is the body without the files; files[i] goes at cuts[i].
	text  []byte
	cuts  []int
	files []streamFile
	size  int64
}

type streamFile struct {
	path string
	size int64
}

// streamedBody returns the body encodeBody made of files, with the files
// of a Path read from it at the offsets fileAt, or nil when no part has a
// Path. The size of each file is taken now: one that changes size before
// it is read fails the attempt (its Content-Length would be wrong), saying
// so.
func streamedBody(body []byte, files []FilePart, fileAt []int) (*streamBody, error) {
	s := &streamBody{text: body, cuts: fileAt, size: int64(len(body))}
	for _, f := range files {
		if f.Path == "" {
			continue
		}
		st, err := os.Stat(f.Path)
		if err != nil {
			return nil, err
		}
		if !st.Mode().IsRegular() {
			return nil, fmt.Errorf("%s is not a file", f.Path)
		}
		s.files = append(s.files, streamFile{path: f.Path, size: st.Size()})
		s.size += st.Size()
	}
	if len(s.files) == 0 {
		return nil, nil
	}
	return s, nil
}

// open returns a reader of the whole body; the files are opened as they
// are reached, and closed at their end (or by Close).
func (s *streamBody) open() io.ReadCloser {
	var rs []io.Reader
	at := 0
	for i, cut := range s.cuts {
		rs = append(rs, bytes.NewReader(s.text[at:cut]), &fileReader{f: s.files[i]})
		at = cut
	}
	rs = append(rs, bytes.NewReader(s.text[at:]))
	return &streamReader{r: io.MultiReader(rs...), rs: rs}
}

type streamReader struct {
	r  io.Reader
	rs []io.Reader
}

func (s *streamReader) Read(p []byte) (int, error) { return s.r.Read(p) }

func (s *streamReader) Close() error {
	for _, r := range s.rs {
		if f, ok := r.(*fileReader); ok {
			f.close()
		}
	}
	return nil
}

// fileReader reads a file of a streamed body, opened at its first read,
// and fails when the file is not the size it had when the body was made.
type fileReader struct {
	f    streamFile
	file *os.File
	n    int64
	done bool
}

func (r *fileReader) Read(p []byte) (int, error) {
	if r.done {
		return 0, io.EOF
	}
	if r.file == nil {
		f, err := os.Open(r.f.path)
		if err != nil {
			return 0, err
		}
		r.file = f
	}
	if left := r.f.size - r.n; int64(len(p)) > left {
		p = p[:left]
	}
	if len(p) == 0 {
		// The whole size read: the file must end here.
		var one [1]byte
		if n, _ := r.file.Read(one[:]); n > 0 {
			r.close()
			return 0, fmt.Errorf("%s grew while it was sent (it had %d bytes): send it again once it is written", r.f.path, r.f.size)
		}
		r.close()
		r.done = true
		return 0, io.EOF
	}
	n, err := r.file.Read(p)
	r.n += int64(n)
	if errors.Is(err, io.EOF) {
		if r.n < r.f.size {
			r.close()
			return n, fmt.Errorf("%s shrank while it was sent (it had %d bytes, %d were read): send it again once it is written", r.f.path, r.f.size, r.n)
		}
		err = nil
	}
	return n, err
}

func (r *fileReader) close() {
	if r.file != nil {
		_ = r.file.Close() // read-only
		r.file = nil
	}
}
