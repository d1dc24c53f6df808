package client

import (
	"errors"
	"net"
	"sync"
	"time"
)

// unreachableFor is how long, after a call gave up because it could not
// connect, further calls to the same address are sent once, without
// retries: a plan of 1,500 objects against a stopped service waited out
// every object's retries (7 minutes) to print the same error 1,500 times.
// A call is still sent, so a service back up is found at once.
const unreachableFor = 30 * time.Second

// unreachable remembers the addresses (scheme and host) that calls could
// not connect to after all their retries.
type unreachable struct {
	mu    sync.Mutex
	until map[string]time.Time
}

// down reports whether calls to origin could not connect lately.
func (u *unreachable) down(origin string, now time.Time) bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	return now.Before(u.until[origin])
}

// observe records how a call to origin ended: a failure to connect, after
// its retries, marks it for unreachableFor; anything that reached the
// service (an answer, even an error) clears it.
func (u *unreachable) observe(origin string, err error, now time.Time) {
	u.mu.Lock()
	defer u.mu.Unlock()
	switch {
	case couldNotConnect(err):
		if u.until == nil {
			u.until = map[string]time.Time{}
		}
		u.until[origin] = now.Add(unreachableFor)
	case reachedService(err):
		delete(u.until, origin)
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
