package tfkit

import (
	"fmt"
	"testing"
)

// ParseIDPair accepts exactly two positive ids joined by a colon, and its
// answer written back as <a>:<b> reads back the same.
func FuzzParseIDPair(f *testing.F) {
	for _, s := range []string{"1:2", "+1:02", " 1:2", "1:2:3", ":", "9223372036854775807:1", "0:1", "1:-2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, b, err := ParseIDPair(s)
		if err != nil {
			return
		}
		if a <= 0 || b <= 0 {
			t.Fatalf("ParseIDPair(%q) = %d, %d", s, a, b)
		}
		a2, b2, err := ParseIDPair(fmt.Sprintf("%d:%d", a, b))
		if err != nil || a2 != a || b2 != b {
			t.Fatalf("ParseIDPair(%q) = %d:%d, which reads back as %d, %d, %v", s, a, b, a2, b2, err)
		}
	})
}
