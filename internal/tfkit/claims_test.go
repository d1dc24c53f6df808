package tfkit

import (
	"sync"
	"testing"
	"time"
)

// TestClaims: a key is written by one holder at a time, overlapping sets
// locked in any order do not wait on each other for ever, a claim is seen
// by later holders, and a nil *Claims coordinates nothing.
func TestClaims(t *testing.T) {
	t.Parallel()
	var c Claims
	unlock := c.Lock("g1:a")
	got := make(chan bool)
	go func() {
		defer c.Lock("g1:b", "g1:a")()
		got <- c.Claimed("g1:a")
	}()
	select {
	case <-got:
		t.Fatal("a second holder of g1:a ran while the first held it")
	case <-time.After(50 * time.Millisecond):
	}
	c.Claim("g1:a")
	unlock()
	if !<-got {
		t.Error("the claim made under the first lock is not seen by the next holder")
	}
	var wg sync.WaitGroup
	for i := range 50 {
		keys := []string{"x", "y", "z"}
		if i%2 == 1 {
			keys = []string{"z", "y", "x"}
		}
		wg.Go(func() { c.Lock(keys...)() })
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("holders of overlapping keys locked in opposite orders wait on each other")
	}
	var none *Claims
	none.Lock("k")()
	none.Claim("k")
	if none.Claimed("k") {
		t.Error("a nil *Claims claims")
	}
}
