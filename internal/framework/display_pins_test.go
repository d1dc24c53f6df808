package framework

import "testing"

// TestDisplayText_zeroWidthNonJoiner: the zero-width non-joiner that
// Persian writes inside a word (می‌خواهم) is kept, not shown as \u200c.
func TestDisplayText_zeroWidthNonJoiner(t *testing.T) {
	for _, in := range []string{"گروه می\u200cخواهم", "پشتیبانی\u200cها"} {
		if got := DisplayText(in); got != in {
			t.Errorf("DisplayText(%q) = %q, want it unchanged", in, got)
		}
	}
}
