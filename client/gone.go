package client

import (
	"context"
	"net/http"
)

// The spec does not show the codes with which the open interface and the
// autocall surface refuse a call on an object that no longer exists (§7.1:
// "not shown" for SMS management, agents, tasks and webhooks); the client
// knows the simulator's (404). So that a destroy of an object deleted by
// hand, or a refresh of such a task, does not fail on the real platform's
// other code, a refusal of a call on one object is taken for "gone" when
// the object's listing no longer holds it either.

// goneUnlessListed returns err, or an error that satisfies IsNotFound when
// err is the platform's refusal (it answered, with a non-zero code) and
// listed reports the object absent. A transport failure, a 5xx, an error
// that already means "not found", or a listing that fails or still holds
// the object leave err as it is.
func goneUnlessListed(ctx context.Context, err error, listed func(context.Context) (bool, error)) error {
	if err == nil || IsNotFound(err) || ctx.Err() != nil {
		return err
	}
	e, ok := AsAPIError(err)
	// An HTTP 404 is looked up too: a platform may answer a missing object
	// so (the spec does not show its statuses), and a path the server does
	// not have (a wrong endpoint) answers so as well, whose listing fails.
	if !ok || (e.HTTPStatus < 200 || e.HTTPStatus >= 300) && e.HTTPStatus != http.StatusNotFound {
		return err
	}
	if there, lerr := listed(ctx); lerr != nil || there {
		return err
	}
	return &notListedError{e}
}

// notListedError is a refusal of a call on an object the listing no
// longer holds: it satisfies IsNotFound and keeps the platform's answer.
type notListedError struct{ *APIError }

func (e *notListedError) Error() string {
	return e.APIError.Error() + " (the object is no longer listed: it was deleted)"
}
func (e *notListedError) Unwrap() error        { return e.APIError }
func (e *notListedError) Is(target error) bool { return target == ErrNotFound }

// present adapts a by-id read to goneUnlessListed: false when it finds
// nothing.
func present[T any](get func(context.Context) (T, error)) func(context.Context) (bool, error) {
	return func(ctx context.Context) (bool, error) {
		_, err := get(ctx)
		if IsNotFound(err) {
			return false, nil
		}
		return err == nil, err
	}
}
