package textcheck

import "testing"

func TestSomeOf(t *testing.T) {
	t.Parallel()
	letters := func(i int) string { return string(rune('a' + i)) }
	for _, tc := range []struct {
		n, most int
		want    string
	}{{0, 3, ""}, {1, 3, "a"}, {3, 3, "a, b, c"}, {4, 3, "a, b, c and 1 more"}, {300, 3, "a, b, c and 297 more"}} {
		if got := SomeOf(tc.n, tc.most, letters); got != tc.want {
			t.Errorf("SomeOf(%d, %d) = %q, want %q", tc.n, tc.most, got, tc.want)
		}
	}
}
