package importer

import "testing"

// Headings match ignoring case and every kind of blank, including the line
// break of a wrapped heading (Alt+Enter in Excel) and a tab.
func TestNormHeader_blanks(t *testing.T) {
	t.Parallel()
	for _, h := range []string{"user_num", " User Num ", "USER-NUM", "user\nnum", "User\r\nNum", "user\tnum", "user\u00a0num", "user\u3000num"} {
		if got := normHeader(h); got != "usernum" {
			t.Errorf("normHeader(%q) = %q, want \"usernum\"", h, got)
		}
	}
}
