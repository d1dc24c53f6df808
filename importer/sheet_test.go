package importer

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"slices"
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
	_, err := openSheet(context.Background(), path, RosterSheet)
	if err == nil || strings.Count(err.Error(), "absent.xlsx") != 1 || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("err = %v", err)
	}
}

// A workbook without the sheet asked for is read from its only other sheet
// (Help aside); with several, it is refused naming them, so rows on the
// other sheets are never left out without a word (and never pruned).
func TestOpenSheet_choice(t *testing.T) {
	t.Parallel()
	book := func(hidden []string, sheets ...string) string {
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
		for i, s := range sheets {
			if !slices.Contains(hidden, s) {
				f.SetActiveSheet(i) // excelize does not hide the selected sheet
			}
		}
		for _, s := range hidden {
			if err := f.SetSheetVisible(s, false); err != nil {
				t.Fatal(err)
			}
		}
		path := filepath.Join(t.TempDir(), "teams.xlsx")
		if err := f.SaveAs(path); err != nil {
			t.Fatal(err)
		}
		return path
	}
	for name, tc := range map[string]struct {
		sheets []string
		hidden []string
		read   string // the sheet read, or "" for an error
		err    string // what the error says
	}{
		"named":                 {sheets: []string{"Team A", "agents", "Help"}, read: "agents"},
		"named, trailing blank": {sheets: []string{"Team A", "AGENTS ", " Help"}, read: "AGENTS "},
		"only one":              {sheets: []string{"Sheet1"}, read: "Sheet1"},
		"one besides help":      {sheets: []string{"Help", "Roster"}, read: "Roster"},
		"named, others hidden":  {sheets: []string{"Old", "Agents"}, hidden: []string{"Old"}, read: "Agents"},
		"hidden help":           {sheets: []string{"Help", "Roster"}, hidden: []string{"Help"}, read: "Roster"},
		"several, none named": {sheets: []string{"Team A", "Team B", "Help"},
			err: "has no sheet named Agents and 2 sheets that could hold the data (Team A, Team B): ccsync reads one sheet; name it Agents, or keep the rows in one sheet"},
		// A hidden sheet is never read, whether by its name or as the only
		// candidate: an old list hidden beside this week's would be used.
		"named sheet hidden": {sheets: []string{"Agents", "December"}, hidden: []string{"Agents"},
			err: "the sheet Agents is hidden, and ccsync does not read a hidden sheet (it may be an old list kept out of sight): unhide it (in Excel: right-click a sheet tab, Unhide) to read it, or delete it to read the visible sheet December (or rename it and name December Agents)"},
		"named sheet hidden, alone": {sheets: []string{"Agents", "Help"}, hidden: []string{"Agents"},
			err: "the sheet Agents is hidden, and ccsync does not read a hidden sheet (it may be an old list kept out of sight): unhide it (in Excel: right-click a sheet tab, Unhide) to read it"},
		"only candidate hidden": {sheets: []string{"Help", "Old"}, hidden: []string{"Old"},
			err: "has no sheet named Agents, and its only sheet that could hold the data, Old, is hidden; ccsync does not read a hidden sheet: unhide it"},
		// Deleting the named sheet would leave December and the hidden Old.
		"named sheet hidden, another hidden": {sheets: []string{"Agents", "December", "Old"}, hidden: []string{"Agents", "Old"},
			err: "unhide it (in Excel: right-click a sheet tab, Unhide) to read it, or delete or rename it and name the visible sheet December Agents"},
		"several, one hidden": {sheets: []string{"Old", "December"}, hidden: []string{"Old"},
			err: "has no sheet named Agents and 2 sheets that could hold the data (Old (hidden), December): ccsync reads one sheet; name it Agents, or keep the rows in one sheet (a hidden sheet counts too: delete it if it is not needed)"},
	} {
		t.Run(name, func(t *testing.T) {
			r, err := openSheet(context.Background(), book(tc.hidden, tc.sheets...), RosterSheet)
			if tc.read == "" {
				want := tc.err
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
