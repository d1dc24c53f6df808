package client

import (
	"context"
	"errors"
)

// createOnce sends a create that must never be duplicated. After an
// ambiguous failure (transport error, or a 5xx whose effect is unknown) it
// waits, then asks lookup whether the object now exists under its natural
// key; only when it does not is the create sent again (DESIGN §3). The
// lookup also follows the last attempt, so a create whose answer was lost
// is found rather than reported as failed and left behind. An HTTP 429 did
// nothing: the create is sent again after its Retry-After, without a lookup. lookup fills
// the caller's output itself when it finds the object.
func (c *Client) createOnce(ctx context.Context, req Request, out any, lookup func(context.Context) (bool, error)) error {
	req.Idempotent = false
	attempts := 1 + max(c.cfg.MaxRetries, 0)
	var err error
	for i := 0; i < attempts; i++ {
		var retry bool
		retry, err = c.once(ctx, req, out, i+1)
		if err == nil || !retry {
			return err
		}
		if IsRateLimited(err) {
			// Refused, not processed: send it again without a lookup.
			if i+1 == attempts {
				return err
			}
			if werr := c.retryWait(ctx, err, i+1); werr != nil {
				return errors.Join(err, werr)
			}
			continue
		}
		if werr := c.wait(ctx, i+1); werr != nil {
			return errors.Join(err, werr)
		}
		found, lerr := lookup(ctx)
		if lerr != nil {
			return errors.Join(err, lerr)
		}
		if found {
			return nil
		}
	}
	return err
}
