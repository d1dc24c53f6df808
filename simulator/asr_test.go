package simulator

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestASRTranscriptIsDeterministicAndPlausible(t *testing.T) {
	t.Parallel()
	a, b := asrTranscript("https://x/a.wav"), asrTranscript("https://x/a.wav")
	if diff := cmp.Diff(a, b); diff != "" {
		t.Fatalf("the same file must give the same text (-first +second):\n%s", diff)
	}
	for i, s := range a {
		if s.EmotionValue < 1 || s.EmotionValue > 10 {
			t.Errorf("sentence %d: emotionValue %d outside 1-10", i, s.EmotionValue)
		}
		if s.SpeechRate < 120 || s.SpeechRate > 400 {
			t.Errorf("sentence %d: speechRate %d characters per minute is implausible", i, s.SpeechRate)
		}
		if s.SilenceDuration < 1 || s.EndTime <= s.BeginTime {
			t.Errorf("sentence %d: times %+v", i, s)
		}
	}
}
