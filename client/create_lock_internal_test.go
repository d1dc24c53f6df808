package client

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestLockCreateCancelled: a create waiting for its turn behind another of
// the same key gives up when its context ends (it waited for the other
// create to end, whatever happened to its own apply), and the turns are
// forgotten once no create holds or waits for them.
func TestLockCreateCancelled(t *testing.T) {
	t.Parallel()
	c, err := New(Config{URLs: SurfaceURLs("http://127.0.0.1:1"), AccessToken: "t"})
	if err != nil {
		t.Fatal(err)
	}
	unlock, err := c.lockCreate(t.Context(), "task", "Renewals", "3")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
	defer cancel()
	if _, err := c.lockCreate(ctx, "task", "Renewals", "3"); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("waiting create: %v, want the context's end", err)
	}
	other, err := c.lockCreate(t.Context(), "task", "Renewals", "4") // another key: no wait
	if err != nil {
		t.Fatal(err)
	}
	other()
	unlock()
	again, err := c.lockCreate(t.Context(), "task", "Renewals", "3")
	if err != nil {
		t.Fatal(err)
	}
	again()
	if n := len(c.creates.locks); n != 0 {
		t.Errorf("%d turns kept after every create ended", n)
	}
}
