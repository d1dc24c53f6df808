package client

import (
	"testing"
	"time"
)

// TestDurationWords: the help and messages that name a constant duration
// (the 5 minutes a call waits out HTTP 429s, the 5 minutes after which
// ccsync sms send settles a batch in doubt) say it through DurationWords,
// and said "5 minutes" typed beside the constant, which a change of the
// constant would have left behind.
func TestDurationWords(t *testing.T) {
	for d, want := range map[time.Duration]string{
		5 * time.Minute: "5 minutes", time.Minute: "1 minute", 90 * time.Second: "1m30s", 30 * time.Second: "30s", 2 * time.Hour: "120 minutes",
	} {
		if got := DurationWords(d); got != want {
			t.Errorf("DurationWords(%v) = %q, want %q", d, got, want)
		}
	}
	if DefaultRateLimitPatienceText != DurationWords(DefaultRateLimitPatience) {
		t.Errorf("DefaultRateLimitPatienceText %q does not say DefaultRateLimitPatience %v", DefaultRateLimitPatienceText, DefaultRateLimitPatience)
	}
}
