package importer

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

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

// A missing file is named once, not "open x.xlsx: open x.xlsx: ...".
func TestOpenSheet_missingFileNamedOnce(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "absent.xlsx")
	_, err := openSheet(path, RosterSheet)
	if err == nil || strings.Count(err.Error(), "absent.xlsx") != 1 || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("err = %v", err)
	}
}
