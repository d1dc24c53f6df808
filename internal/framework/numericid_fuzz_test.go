package framework

import (
	"strconv"
	"testing"
)

// NumericID's canonical form is a positive decimal that reads back as
// itself (idempotent).
func FuzzNumericID(f *testing.F) {
	for _, s := range []string{"522", " 0522", "+522", "-1", "0", "1e3", "9223372036854775808"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, ok := NumericID(s)
		if !ok {
			return
		}
		n, err := strconv.ParseInt(c, 10, 64)
		if err != nil || n <= 0 || strconv.FormatInt(n, 10) != c {
			t.Fatalf("NumericID(%q) = %q", s, c)
		}
		if c2, ok := NumericID(c); !ok || c2 != c {
			t.Fatalf("NumericID not idempotent: %q -> %q -> %q", s, c, c2)
		}
	})
}
