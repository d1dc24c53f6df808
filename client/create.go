package client

import (
	"context"
	"errors"
)

// createOnce sends a create that must never be duplicated. After an
// ambiguous failure (transport error, or a 5xx whose effect is unknown) it
// asks lookup whether the object now exists under its natural key; only when
// it does not is the create sent again (DESIGN §3). lookup fills the caller's
// output itself when it finds the object.
func (c *Client) createOnce(ctx context.Context, req Request, out any, lookup func(context.Context) (bool, error)) error {
	req.Idempotent = false
	attempts := 1 + max(c.cfg.MaxRetries, 0)
	var err error
	for i := 0; i < attempts; i++ {
		if i > 0 {
			if werr := c.wait(ctx, i); werr != nil {
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
		var retry bool
		retry, err = c.once(ctx, req, out, i+1)
		if err == nil || !retry {
			return err
		}
	}
	return err
}
