package client

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

// Creates of the same natural key within one client (one Terraform walk,
// one ccsync run) run one at a time, and each remembers the object it made.
// Two resources of one apply that create objects of the same name (a
// for_each whose instances differ elsewhere) otherwise raced: one create's
// lookup after a failure found the object the other had just made, and
// both held it (or the object of one was deleted as the other's). Under the
// lock, a create lists the objects of its key before it is sent only once
// an earlier create of that key has ended, so that object counts as one
// that existed before (newMatch); and a lookup never takes an object
// another create of the client made (claimedBy), for the kinds with a
// unique key too (an agent's user_num: the agent found then is the other
// create's, and this one was refused as a duplicate).
type creates struct {
	mu      sync.Mutex
	locks   map[string]*keyLock
	claimed map[string]bool
}

type keyLock struct {
	turn chan struct{} // holds a token while a create has its turn
	refs int
}

// lockCreate waits until no other create of kind with this key is under
// way, and returns the function that ends this one's turn; or ctx's error
// when ctx ends first.
func (c *Client) lockCreate(ctx context.Context, kind string, key ...string) (unlock func(), err error) {
	k := kind + "\x00" + strings.Join(key, "\x00")
	cr := &c.creates
	cr.mu.Lock()
	if cr.locks == nil {
		cr.locks = map[string]*keyLock{}
	}
	l := cr.locks[k]
	if l == nil {
		l = &keyLock{turn: make(chan struct{}, 1)}
		cr.locks[k] = l
	}
	l.refs++
	cr.mu.Unlock()
	release := func() {
		cr.mu.Lock()
		if l.refs--; l.refs == 0 {
			delete(cr.locks, k)
		}
		cr.mu.Unlock()
	}
	select {
	case l.turn <- struct{}{}:
	case <-ctx.Done():
		release()
		return nil, ctx.Err()
	}
	return func() {
		<-l.turn
		release()
	}, nil
}

// claimedBy reports whether a create of this client made the object of
// kind with this id.
func (c *Client) claimedBy(kind, id string) bool {
	c.creates.mu.Lock()
	defer c.creates.mu.Unlock()
	return c.creates.claimed[kind+"\x00"+id]
}

// claim records the object a create made; it fails when another create of
// this client made it already (the platform answered one object for two).
func (c *Client) claim(kind, id string) error {
	c.creates.mu.Lock()
	defer c.creates.mu.Unlock()
	k := kind + "\x00" + id
	if c.creates.claimed[k] {
		return fmt.Errorf("the %s created is %s, which another create of this run made too: the two may be one object; "+
			"check the objects of this name and import the one this resource should manage before applying again", kind, id)
	}
	if c.creates.claimed == nil {
		c.creates.claimed = map[string]bool{}
	}
	c.creates.claimed[k] = true
	return nil
}

// createOnce sends a create that must never be duplicated. After an
// ambiguous failure (transport error, or a 5xx whose effect is unknown) it
// waits, then asks lookup whether the object now exists under its natural
// key; only when it does not is the create sent again (DESIGN §3). The
// lookup also follows the last attempt, so a create whose answer was lost
// is found rather than reported as failed and left behind. A lookup that
// fails (after its own retries) leaves the create in doubt: it is looked up
// again, up to as many times as the create may be sent, and the create is
// never re-sent until a lookup has answered. An HTTP 429 did nothing: the
// create is sent again after its Retry-After, without a lookup. lookup
// fills the caller's output itself when it finds the object.
//
// got tells whether the answer carried the new object's id (nil: no id to
// check). An answer of success without it (a
// shape the spec rules out) left an object on the platform that the state
// never held, and the next apply made a second webhook or task: the
// object is looked up as after a lost answer, and when the lookup does not
// find it the error says it may exist and is to be imported.
func (c *Client) createOnce(ctx context.Context, req Request, out any, lookup func(context.Context) (bool, error), got func() bool) error {
	if req.call == 0 {
		req.call = c.calls.Add(1)
	}
	err := c.createOnceAttempts(ctx, req, out, lookup)
	c.markAnsweredBefore(req, err)
	if err != nil || got == nil || got() {
		return err
	}
	c.logDecision(ctx, logMsgInDoubt, req, 1, 1, "answered success without the new object's id: it is looked up", nil)
	found, lerr := lookup(ctx)
	switch {
	case lerr == nil && found && got():
		c.logLookup(ctx, req, 1, 1, "the lookup found the object: it is taken as the one created", nil)
		return nil
	case errors.As(lerr, new(*SeveralNewError)):
		c.logLookup(ctx, req, 1, 1, "the lookup found several new objects of the key: none is taken", nil)
	default:
		c.logLookup(ctx, req, 1, 1, "the lookup did not find the object", lerr)
	}
	missing := fmt.Errorf("%s %s answered success without the new object's id", req.Method, strings.TrimPrefix(req.Path, "/"))
	if lerr != nil {
		return &CreateInDoubtError{Err: missing, LookupErr: lerr}
	}
	return errors.New(missing.Error() + "; the object was probably created, but a lookup by its key (its name, number or text) found none. " +
		"Look for it on the platform and import it before applying again: another apply would create a second one")
}

// markAnsweredBefore sets AnsweredBefore on a create's network error as Do
// sets it on its calls' (the create's sends are made one by one, outside
// Do): a create whose every send was dropped, each looked up by calls the
// service answered, said "The service could not be reached ... Check
// endpoint", of an address that had just answered its lookups.
func (c *Client) markAnsweredBefore(req Request, err error) {
	if ne := (*NetworkError)(nil); errors.As(err, &ne) && !couldNotConnect(err) && c.unreachable.hasAnswered(c.origin(req.Surface)) {
		ne.AnsweredBefore = true
	}
}

// cutSettleAfter is how long a create must have been under way when its
// connection was cut for a lookup to wait for it to land (see settleBy).
const cutSettleAfter = time.Second

func (c *Client) createOnceAttempts(ctx context.Context, req Request, out any, lookup func(context.Context) (bool, error)) error {
	req.Idempotent = false
	attempts := 1 + max(c.cfg.MaxRetries, 0)
	var err, lerr error
	sends, failedLookups, round := 0, 0, 0
	// Sends refused by the rate limit (nothing was done) do not count
	// against attempts; they are bounded by time (rateLimitWait).
	limitedSends := 0 // the log lines count them in: "attempt 3 of 2" read as a bug
	rl := rateLimitWait{c: c}
	send := true
	// A create that timed out (or that a gateway answered HTTP 504, or
	// whose connection was cut a while after it was sent) may still be
	// worked on by the service, and land after a lookup has found nothing:
	// until settleBy (one more request_timeout after it gave up; after a
	// cut, as long again as it had been under way), a lookup that finds
	// nothing is made again rather than the create sent again. Sent again at once, a slow platform's create landed twice (a
	// second webhook or task that no state holds). Only the first such
	// failure waits: a platform that has not carried the create out a
	// request_timeout after it is not at work on it (a gateway whose
	// platform is down answered 504 to every attempt, and each attempt's
	// wait made a create take four request_timeouts to fail).
	var settleBy time.Time
	// inDoubt is set once a send may have reached the service (every
	// failure but a refusal by the rate limit and a connection that could
	// not be made): from then on nothing is sent again before a lookup.
	inDoubt := false
	for {
		round++
		if send {
			sends++
			var retry bool
			retry, err = c.once(ctx, req, out, sends)
			limited := rl.observe(err)
			if err != nil && ctx.Err() != nil && !errors.As(err, new(notSentError)) {
				c.logNotRetried(ctx, req, sends, attempts+limitedSends, "the create was interrupted after it was sent: it is looked up once more")
				return c.createInterrupted(ctx, err, lookup)
			}
			if err != nil && ctx.Err() != nil && !inDoubt && errors.As(err, new(notSentError)) {
				// Interrupted before it left (in its wait for a turn under
				// max_requests_per_second, or while its connection was
				// made), with no earlier send in doubt: nothing was created.
				// It said only "interrupted", with the advice of an
				// interrupted send ("running it again may repeat it").
				return &NothingDoneError{fmt.Errorf("%s %s was not sent, so nothing was created and applying again is safe: %w",
					req.Method, strings.TrimPrefix(req.Path, "/"), err)}
			}
			if err == nil {
				return nil
			}
			if settleBy.IsZero() { // only the first such failure waits (see settleBy)
				if te := (*TimeoutError)(nil); errors.As(err, &te) && !te.Unsent && !errors.As(err, new(notSentError)) {
					settleBy = c.cfg.Now().Add(te.After)
				} else if ae, ok := AsAPIError(err); ok && ae.HTTPStatus == http.StatusGatewayTimeout {
					// A gateway in front of the platform stopped waiting; the
					// platform may go on (as long as a time-out of ours, at least).
					settleBy = c.cfg.Now().Add(c.cfg.Timeout)
				} else if ne := (*NetworkError)(nil); errors.As(err, &ne) && !nothingSent(err) && ne.Waited >= cutSettleAfter {
					// The connection was cut after the create was sent, with no
					// answer, once it had been under way a while (a load
					// balancer's idle limit on a slow create): a platform at
					// work on it for as long as the attempt lasted (from its
					// sending: a wait for the pace is not counted) is given as
					// long again, at most a request_timeout. A cut sooner (a
					// kept-alive connection the service had closed, a proxy's
					// refusal) costs nothing.
					settleBy = c.cfg.Now().Add(min(ne.Waited, c.cfg.Timeout))
				}
			}
			if !retry && !errors.As(err, new(*UnreadableAnswerError)) {
				c.logNotRetried(ctx, req, sends, attempts+limitedSends, notTransient(ctx, err))
				return err
			}
			if nothingSent(err) && !inDoubt {
				// No connection was made (refused, no route, no such
				// host, none within request_timeout), or the request was
				// not written whole: the create never reached the service,
				// so there is nothing to look up, and it is sent again as
				// its next attempt. Looked up, a service still down failed
				// the lookups too, and the create was reported as one that
				// may have taken effect, to be looked for and imported.
				if sends-limitedSends == attempts {
					c.logGivingUp(ctx, req, sends, attempts+limitedSends)
					setAttempts(err, sends-limitedSends)
					return err
				}
				d := c.backoff(sends - limitedSends)
				c.logRetryWithin(ctx, req, sends, attempts+limitedSends, attempts+limitedSends, d, "backoff; the connection could not be made, so nothing was sent and the create is sent again without a lookup", err)
				c.noticeRetry(ctx, req, err, sends+1, attempts+limitedSends, d)
				if werr := SleepWithin(ctx, d); werr != nil {
					what := networkWhat(err, false)
					if te := (*TimeoutError)(nil); errors.As(err, &te) {
						what = fmt.Sprintf("could not be sent within %s (request_timeout)", te.After)
					}
					if errors.As(werr, new(*TimeLimitError)) {
						return &NothingDoneError{fmt.Errorf("%s %s %s, so nothing was created and applying again is safe; it was %w",
							req.Method, strings.TrimPrefix(req.Path, "/"), what, werr)}
					}
					return &NothingDoneError{fmt.Errorf("%s %s %s, so nothing was created and applying again is safe; then it was %w",
						req.Method, strings.TrimPrefix(req.Path, "/"), what, werr)}
				}
				continue
			}
			if !limited {
				inDoubt = true
			}
			if limited {
				// Refused, not processed: send it again without a lookup.
				limitedSends++
				if rl.exhausted() {
					c.logGivingUp(ctx, req, sends, attempts+limitedSends)
					setAttempts(err, sends)
					rl.gaveUp(err)
					return err
				}
				d, why := c.retryDelay(err, sends)
				c.logRetryWithin(ctx, req, sends, 0, attempts+limitedSends, d, why+"; an HTTP 429 was not processed, so the create is sent again without a lookup", err)
				c.noticeRetry(ctx, req, err, sends+1, 0, d)
				if werr := SleepWithin(ctx, d); werr != nil {
					return errors.Join(err, werr)
				}
				continue
			}
		}
		d := c.backoff(round)
		if send {
			// Not "not retried": the lookup may send it again.
			c.logDecision(ctx, logMsgInDoubt, req, sends, attempts+limitedSends, fmt.Sprintf("a create whose outcome is unknown is not sent again blindly: "+
				"the object is looked up first, in %v", d.Round(time.Millisecond)), map[string]any{"reason": retryCause(err)})
		} else {
			c.logLookup(ctx, req, sends, attempts+limitedSends, fmt.Sprintf("looking the object up again in %v", d.Round(time.Millisecond)), lerr)
		}
		if werr := Sleep(ctx, d); werr != nil {
			// Interrupted after a send whose effect is unknown.
			return c.createInterrupted(ctx, err, lookup)
		}
		var found bool
		found, lerr = lookup(ctx)
		if lerr != nil && ctx.Err() != nil {
			return c.createInterrupted(ctx, err, lookup)
		}
		if errors.As(lerr, new(*SeveralNewError)) {
			c.logLookup(ctx, req, sends, attempts+limitedSends, "the lookup found several new objects of the key: none is taken, and the create is not sent again", nil)
			return &CreateInDoubtError{Err: err, LookupErr: lerr, Sends: sends - limitedSends}
		}
		if lerr != nil {
			failedLookups++
			if failedLookups == attempts {
				c.logLookup(ctx, req, sends, attempts+limitedSends, fmt.Sprintf("giving up after %d failed lookups: the create stays in doubt and is not sent again", failedLookups), lerr)
				return &CreateInDoubtError{Err: err, LookupErr: lerr}
			}
			send = false
			continue
		}
		if found {
			c.logLookup(ctx, req, sends, attempts+limitedSends, "the lookup found the object: the create took effect and is not sent again", nil)
			return nil
		}
		if now := c.cfg.Now(); now.Before(settleBy) {
			c.logLookup(ctx, req, sends, attempts+limitedSends, fmt.Sprintf("the lookup did not find the object, but the create that timed out may still land "+
				"for %v: it is looked up again before anything is sent", settleBy.Sub(now).Round(time.Millisecond)), nil)
			send = false
			continue
		}
		if sends-limitedSends == attempts {
			c.logLookup(ctx, req, sends, attempts+limitedSends, fmt.Sprintf("the lookup did not find the object; giving up after %d of %d attempts", sends, attempts+limitedSends), nil)
			// Each send is made alone, so its error counted one attempt:
			// "The service failed" of a create sent four times.
			setAttempts(err, sends-limitedSends)
			return err
		}
		c.logLookup(ctx, req, sends, attempts+limitedSends, fmt.Sprintf("the lookup did not find the object: sending the create again as attempt %d of %d", sends+1, attempts+limitedSends), nil)
		send = true
	}
}

// logLookup writes what a create in doubt does after (or before) a lookup
// of its object; lerr is the failed lookup's error, if any (only its kind
// is logged: the lookup's own request lines carry the details).
func (c *Client) logLookup(ctx context.Context, req Request, attempt, of int, decision string, lerr error) {
	var extra map[string]any
	if lerr != nil {
		extra = map[string]any{"lookup_failed": true}
	}
	c.logDecision(ctx, logMsgInDoubt, req, attempt, of, decision, extra)
}

// createInterrupted ends a create cut off (Ctrl-C: Terraform stops the
// provider, which cancels ctx) after its request may have reached the
// service, which carries out what it received. It left the object behind,
// in no state: the next apply made a second one where names may repeat, or
// failed as a duplicate where they may not. The object is looked up once
// more outside the cancelled context (at most interruptedLookup, after
// short waits for the service to finish): found, the create ends with it,
// and Terraform saves it; else the error says that it may still appear.
func (c *Client) createInterrupted(ctx context.Context, err error, lookup func(context.Context) (bool, error)) error {
	if c.cfg.InterruptedLookup < 0 {
		return &CreateInterruptedError{Err: err, Skipped: true}
	}
	limit := interruptedLookup
	if c.cfg.InterruptedLookup > 0 {
		limit = c.cfg.InterruptedLookup
	}
	lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), limit)
	defer cancel()
	var lerr error
	for _, d := range []time.Duration{c.cfg.RetryWaitMin, 4 * c.cfg.RetryWaitMin} {
		if Sleep(lctx, d) != nil {
			break
		}
		var found bool
		if found, lerr = lookup(lctx); lerr == nil && found {
			return nil
		}
		if OutOfTime(lctx, lerr) {
			lerr = fmt.Errorf("the lookups did not finish within %v", limit)
			break
		}
		if errors.As(lerr, new(*SeveralNewError)) {
			break
		}
	}
	return &CreateInterruptedError{Err: err, LookupErr: lerr}
}

// AfterInterrupt returns a context for one read, after an interrupt
// (Ctrl-C: Terraform stops the provider, which cancels ctx), of what a
// write cut off after it was sent did: the service carries out what it
// received, and the cancelled context leaves nothing to read it with. It
// keeps ctx's values but not its cancellation, and ends as an interrupted
// create's lookups do (Config.InterruptedLookup), at most a request_timeout
// after it begins, so that Terraform, which waits for the calls in flight,
// stops within request_timeout. ok is false when no such read is to be made
// (InterruptedLookup < 0: ccsync's abort, which must stop at once).
func (c *Client) AfterInterrupt(ctx context.Context) (rctx context.Context, cancel context.CancelFunc, ok bool) {
	if c.cfg.InterruptedLookup < 0 {
		return ctx, func() {}, false
	}
	limit := interruptedLookup
	if c.cfg.InterruptedLookup > 0 {
		limit = c.cfg.InterruptedLookup
	}
	rctx, cancel = context.WithTimeout(context.WithoutCancel(ctx), min(limit, c.cfg.Timeout))
	return rctx, cancel, true
}

// interruptedLookup bounds the lookups of an interrupted create.
const interruptedLookup = 15 * time.Second

// CreateInterruptedError is a create cut off by its context (Ctrl-C) after
// its request may have reached the service, whose object was not found by
// the lookups after it.
type CreateInterruptedError struct {
	Err       error // the create's failure (the context's error)
	LookupErr error // the last lookup's, nil when it found nothing
	Skipped   bool  // no lookup was made (Config.InterruptedLookup < 0)
}

func (e *CreateInterruptedError) Error() string {
	found := "the object was not found"
	switch {
	case e.Skipped:
		return fmt.Sprintf("%v: the create was cut off after it was sent, and the service may still carry it out: "+
			"check whether the object exists before creating it again", e.Err)
	case e.LookupErr != nil:
		found = fmt.Sprintf("looking the object up failed (%v)", e.LookupErr)
	}
	return fmt.Sprintf("%v: the create was interrupted after it was sent, and the service may still carry it out; "+
		"looked up right after, %s. Before applying again, check whether it exists and import it if it does: "+
		"applying again otherwise makes a second one, or fails as a duplicate", e.Err, found)
}

func (e *CreateInterruptedError) Unwrap() []error { return []error{e.Err, e.LookupErr} }

// notSentError is a failure before a request left the client (waiting for
// its turn under the request rate): nothing reached the service.
type notSentError struct{ error }

func (e notSentError) Unwrap() error { return e.error }

// NotSent reports whether err ended a call before its request left the
// client (its context ended while it waited for its turn under the
// request rate, or before its request was written whole to a connection),
// or while it waited to send again after attempts that each sent nothing
// or were refused unprocessed (HTTP 429): nothing of the call reached the
// service to act on.
func NotSent(err error) bool { return errors.As(err, new(notSentError)) }

// CreateInDoubtError is a create whose answer was lost (or failed
// ambiguously) and whose lookup afterwards failed too: the object may
// exist. It was not sent again; sending it again blindly could make a
// second object, or fail as a duplicate.
type CreateInDoubtError struct {
	Err       error // the create's failure
	LookupErr error // the lookup's
	// Sends is how many times the create was sent (each with an unknown
	// outcome): with more than one, the objects found may all be its own.
	Sends int
}

func (e *CreateInDoubtError) Error() string {
	if errors.As(e.LookupErr, new(*SeveralNewError)) {
		return fmt.Sprintf("%v\nthe create may have taken effect, and looking the object up afterwards found several: %v; it was not sent again", e.Err, e.LookupErr)
	}
	return fmt.Sprintf("%v\nthe create may have taken effect: looking the object up afterwards failed too (%v), so it was not sent again; "+
		"check whether it exists (and import it) before applying again", e.Err, e.LookupErr)
}

func (e *CreateInDoubtError) Unwrap() []error { return []error{e.Err, e.LookupErr} }

// newMatch prepares the lookup of a create (after a lost answer) by its
// natural key: unique or not (a webhook's name and url, a task's name and
// type, a voice file's name, a signature's text, an agent's user_num, a
// group's name). It lists the objects the key matches before the create is
// sent (one filtered list, almost always empty) and returns a lookup that
// finds a match that was not among them, so an object that existed before
// (another team's, another configuration's; for a unique key, the one that
// got this create refused as a duplicate) is never taken for the one
// created, nor one another create of the client made (kind names them, see
// claimedBy). The caller holds lockCreate for the key.
func newMatch[T any](ctx context.Context, c *Client, kind string, list func(context.Context) iter.Seq2[T, error], match func(T) bool, id func(T) string) (func(context.Context) (*T, error), error) {
	before := map[string]bool{}
	for o, err := range list(ctx) {
		if err != nil {
			return nil, &NothingDoneError{fmt.Errorf("listing the objects of the same name before creating one failed, so nothing was created and applying again is safe: %w", err)}
		}
		if match(o) {
			before[id(o)] = true
			if ex, ok := ctx.Value(existingKey{}).(*Existing); ok && !c.claimedBy(kind, id(o)) {
				ex.add(id(o))
			}
		}
	}
	return matchSince(c, kind, before, list, match, id), nil
}

// Existing collects the ids of the objects of a create's key (a webhook's
// name and url, a task's name and type, a voice file's name and type) that
// existed before it was sent, as the lookup newMatch makes before every
// create lists them; objects another create of the client made are left
// out. Where the key is not unique the platform creates a second object
// beside them, which a resource may want to say (a configuration exported
// from one center and planned against another that has the object already).
type Existing struct {
	mu  sync.Mutex
	ids []string
}

type existingKey struct{}

// RecordExisting returns a context whose creates record in the returned
// Existing the objects of their key that existed before them.
func RecordExisting(ctx context.Context) (context.Context, *Existing) {
	ex := &Existing{}
	return context.WithValue(ctx, existingKey{}, ex), ex
}

func (e *Existing) add(id string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !slices.Contains(e.ids, id) {
		e.ids = append(e.ids, id)
	}
}

// IDs returns the ids recorded, in the order listed.
func (e *Existing) IDs() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.Clone(e.ids)
}

// matchSince is newMatch's lookup with the objects that existed before
// given: a caller that listed every object since it began (ccsync's apply)
// passes none.
func matchSince[T any](c *Client, kind string, before map[string]bool, list func(context.Context) iter.Seq2[T, error], match func(T) bool, id func(T) string) func(context.Context) (*T, error) {
	return func(ctx context.Context) (*T, error) {
		one, several, err := onlyMatch(list(ctx), func(o T) bool { return match(o) && !before[id(o)] && !c.claimedBy(kind, id(o)) }, id)
		if err == nil && several != nil {
			err = &SeveralNewError{Kind: kind, IDs: several}
		}
		return one, err
	}
}

// onlyMatch returns the one object of list that match accepts: nil when
// none does, and the ids of all of them (id) when several do.
func onlyMatch[T any](list iter.Seq2[T, error], match func(T) bool, id func(T) string) (one *T, several []string, err error) {
	var found []T
	for o, err := range list {
		if err != nil {
			return nil, nil, err
		}
		if match(o) {
			found = append(found, o)
		}
	}
	switch len(found) {
	case 0:
		return nil, nil, nil
	case 1:
		return &found[0], nil, nil
	}
	for _, o := range found {
		several = append(several, id(o))
	}
	return nil, several, nil
}

// SeveralNewError is the lookup after a failed create finding several
// objects of its key made since the create began: someone else (another
// configuration, a person in the portal) made one at the same time, and
// which one is this create's cannot be told. None is taken, and the create
// is not sent again (see CreateInDoubtError).
type SeveralNewError struct {
	Kind string
	IDs  []string
}

func (e *SeveralNewError) Error() string {
	return fmt.Sprintf("%d objects of the same key (%s %s) were made since the create began, one of them possibly elsewhere at the same moment (another configuration, or the portal), "+
		"so which one this create made cannot be told and none is taken: one another configuration manages is not this create's; import one that none manages",
		len(e.IDs), e.Kind+"s", strings.Join(e.IDs, ", "))
}
