package importer

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
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

// A workbook without the sheet asked for is read from its only other sheet
// (Help aside); with several, it is refused naming them, so rows on the
// other sheets are never left out without a word (and never pruned).
func TestOpenSheet_choice(t *testing.T) {
	t.Parallel()
	book := func(sheets ...string) string {
		f := excelize.NewFile()
		defer f.Close()
		_ = f.SetSheetName("Sheet1", sheets[0])
		for _, s := range sheets[1:] {
			if _, err := f.NewSheet(s); err != nil {
				t.Fatal(err)
			}
		}
		for _, s := range sheets {
			_ = f.SetSheetRow(s, "A1", &[]any{"user_num", "user_name"})
			_ = f.SetSheetRow(s, "A2", &[]any{"6001", s})
		}
		path := filepath.Join(t.TempDir(), "teams.xlsx")
		if err := f.SaveAs(path); err != nil {
			t.Fatal(err)
		}
		return path
	}
	for name, tc := range map[string]struct {
		sheets []string
		read   string // the sheet read, or "" for an error
	}{
		"named":               {[]string{"Team A", "agents", "Help"}, "agents"},
		"only one":            {[]string{"Sheet1"}, "Sheet1"},
		"one besides help":    {[]string{"Help", "Roster"}, "Roster"},
		"several, none named": {[]string{"Team A", "Team B", "Help"}, ""},
	} {
		t.Run(name, func(t *testing.T) {
			r, err := openSheet(book(tc.sheets...), RosterSheet)
			if tc.read == "" {
				want := "has no sheet named Agents and 2 sheets that could hold the data (Team A, Team B): ccsync reads one sheet; name it Agents"
				if err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("err = %v, want one containing %q", err, want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			if r.Sheet != tc.read {
				t.Errorf("read %q, want %q", r.Sheet, tc.read)
			}
		})
	}
}
