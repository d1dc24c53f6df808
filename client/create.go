package client

import (
	"context"
	"errors"
	"fmt"
	"iter"
)

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
func (c *Client) createOnce(ctx context.Context, req Request, out any, lookup func(context.Context) (bool, error)) error {
	req.Idempotent = false
	attempts := 1 + max(c.cfg.MaxRetries, 0)
	var err, lerr error
	sends, failedLookups, round := 0, 0, 0
	send := true
	for {
		round++
		if send {
			sends++
			var retry bool
			retry, err = c.once(ctx, req, out, sends)
			if err == nil || !retry {
				return err
			}
			if IsRateLimited(err) {
				// Refused, not processed: send it again without a lookup.
				if sends == attempts {
					return err
				}
				if werr := c.retryWait(ctx, err, sends); werr != nil {
					return errors.Join(err, werr)
				}
				continue
			}
		}
		if werr := c.wait(ctx, round); werr != nil {
			return errors.Join(err, werr)
		}
		var found bool
		found, lerr = lookup(ctx)
		if lerr != nil {
			failedLookups++
			if failedLookups == attempts || ctx.Err() != nil {
				return &CreateInDoubtError{Err: err, LookupErr: lerr}
			}
			send = false
			continue
		}
		if found {
			return nil
		}
		if sends == attempts {
			return err
		}
		send = true
	}
}

// CreateInDoubtError is a create whose answer was lost (or failed
// ambiguously) and whose lookup afterwards failed too: the object may
// exist. It was not sent again; sending it again blindly could make a
// second object, or fail as a duplicate.
type CreateInDoubtError struct {
	Err       error // the create's failure
	LookupErr error // the lookup's
}

func (e *CreateInDoubtError) Error() string {
	return fmt.Sprintf("%v\nthe create may have taken effect: looking the object up afterwards failed too (%v), so it was not sent again; "+
		"check whether it exists (and import it) before applying again", e.Err, e.LookupErr)
}

func (e *CreateInDoubtError) Unwrap() []error { return []error{e.Err, e.LookupErr} }

// newMatch prepares the lookup of a create whose natural key is not unique
// (a webhook's name and url, a task's name and type, a voice file's name, a
// signature's text: the spec makes none of them unique). It lists the
// objects the key matches before the create is sent (one filtered list,
// almost always empty) and returns a lookup that finds a match that was not
// among them, so an object that existed before (another team's, another
// configuration's) is never taken for the one created.
func newMatch[T any](ctx context.Context, list func(context.Context) iter.Seq2[T, error], match func(T) bool, id func(T) string) (func(context.Context) (*T, error), error) {
	before := map[string]bool{}
	for o, err := range list(ctx) {
		if err != nil {
			return nil, fmt.Errorf("listing the objects of the same name before creating one failed, so nothing was created and applying again is safe: %w", err)
		}
		if match(o) {
			before[id(o)] = true
		}
	}
	return func(ctx context.Context) (*T, error) {
		var found *T
		for o, err := range list(ctx) {
			if err != nil {
				return nil, err
			}
			if match(o) && !before[id(o)] {
				found = &o // the last one listed: the newest, should there be two
			}
		}
		return found, nil
	}, nil
}
