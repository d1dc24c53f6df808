package client

import (
	"testing"
	"time"
)

// TestNewPacer: the interval between requests is 1/rate; a rate so small
// that it overflowed a Duration made the interval negative, and nothing
// was paced.
func TestNewPacer(t *testing.T) {
	t.Parallel()
	for rate, want := range map[float64]time.Duration{2: 500 * time.Millisecond, 0.5: 2 * time.Second, 1e-12: 100 * 365 * 24 * time.Hour, 1e-300: 100 * 365 * 24 * time.Hour} {
		if p := newPacer(rate); p == nil || p.interval != want {
			t.Errorf("newPacer(%g): %+v, want interval %v", rate, p, want)
		}
	}
	if newPacer(0) != nil {
		t.Error("rate 0 must not pace")
	}
}
