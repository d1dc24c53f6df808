package client

import (
	"errors"
	"net"
	"sync"
	"time"
)

// unreachableAfter is how long an address must have been unreachable (a
// call gave up because it could not connect, and no call was answered
// since) before further calls to it are sent once, without retries: a plan
// of 1,500 objects against a stopped service waited out every object's
// retries (7 minutes) to print the same error 1,500 times. An outage
// shorter than that (a restart, a deploy) changes nothing: calls skipping
// their retries at the first refusal failed most of the rest of a run
// that the service's return would have let finish. The wait is longer
// when one call's retries (max_retries) would wait longer.
const unreachableAfter = 30 * time.Second

// unreachable remembers, per address (scheme and host), since when calls
// could not connect to it with no call answered since.
type unreachable struct {
	mu    sync.Mutex
	since map[string]time.Time
	// answered holds the addresses a call of this client was answered by.
	answered map[string]bool
}

// hasAnswered reports whether a call to origin has been answered (a
// success, or an error the service answered) by this client.
func (u *unreachable) hasAnswered(origin string) bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.answered[origin]
}

// down reports since when origin has been unreachable, when that is at
// least after ago.
func (u *unreachable) down(origin string, now time.Time, after time.Duration) (time.Time, bool) {
	u.mu.Lock()
	defer u.mu.Unlock()
	since, ok := u.since[origin]
	return since, ok && now.Sub(since) >= after
}

// observe records how a call to origin ended: a failure to connect starts
// the address's outage (if none is running); anything that reached the
// service (an answer, even an error) ends it.
func (u *unreachable) observe(origin string, err error, now time.Time) {
	u.mu.Lock()
	defer u.mu.Unlock()
	switch {
	case couldNotConnect(err):
		if u.since == nil {
			u.since = map[string]time.Time{}
		}
		if _, ok := u.since[origin]; !ok {
			u.since[origin] = now
		}
	case reachedService(err):
		delete(u.since, origin)
		if u.answered == nil {
			u.answered = map[string]bool{}
		}
		u.answered[origin] = true
	}
}

// couldNotConnect tells a call that found nobody to talk to: refused, no
// route, no such host (a dial error), not one cut off or timed out.
func couldNotConnect(err error) bool {
	var ne *NetworkError
	if !errors.As(err, &ne) || ne.Reading {
		return false
	}
	var oe *net.OpError
	var dns *net.DNSError
	return errors.As(err, &oe) && oe.Op == "dial" || errors.As(err, &dns)
}

// nothingSent tells a call that failed before its request was written
// whole to a connection: none could be made (couldNotConnect), none was
// made within request_timeout, or the one made broke while the request
// was written (the transport's WroteRequest never came). The service got
// nothing it could act on: a write is sent again as a safe call would be,
// and a create needs no lookup.
func nothingSent(err error) bool {
	if earlierAttemptInDoubt(err) {
		return false
	}
	if couldNotConnect(err) {
		return true
	}
	var te *TimeoutError
	if errors.As(err, &te) {
		return te.Unsent
	}
	var ne *NetworkError
	return errors.As(err, &ne) && ne.Unsent && !ne.Reading
}

// reachedService tells a call that was answered: a success, or an error
// the service (or something at its address) answered.
func reachedService(err error) bool {
	if err == nil {
		return true
	}
	_, ok := AsAPIError(err)
	return ok
}

// origin is the scheme and host calls of a surface go to.
func (c *Client) origin(s Surface) string {
	if u := c.urls[s]; u != nil {
		return u.Scheme + "://" + u.Host
	}
	return ""
}

// unreachableWait is how long an address must have been unreachable before
// calls to it skip their retries: unreachableAfter, or the longest one
// call's retries could wait, when max_retries makes that longer.
func (c *Client) unreachableWait() time.Duration {
	var window time.Duration
	for i := 1; i <= c.cfg.MaxRetries; i++ {
		window += c.backoffCap(i)
	}
	return max(unreachableAfter, window)
}

// earlierAttemptInDoubt tells a call whose last attempt sent nothing after
// an earlier attempt that may have reached the service (Do marks it): an
// update or a delete whose first attempt timed out after it was sent, and
// whose retries found the service gone, was said to have sent nothing
// ("was not deleted", of an object the service had deleted).
func earlierAttemptInDoubt(err error) bool {
	var ne *NetworkError
	if errors.As(err, &ne) && ne.EarlierInDoubt {
		return true
	}
	var te *TimeoutError
	return errors.As(err, &te) && te.EarlierInDoubt
}

// markEarlierInDoubt marks err, a last attempt that sent nothing, as
// following an earlier attempt that may have reached the service.
func markEarlierInDoubt(err error) {
	if !nothingSent(err) {
		return
	}
	if ne := (*NetworkError)(nil); errors.As(err, &ne) {
		ne.EarlierInDoubt = true
	}
	if te := (*TimeoutError)(nil); errors.As(err, &te) {
		te.EarlierInDoubt = true
	}
}
