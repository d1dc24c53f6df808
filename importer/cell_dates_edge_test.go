package importer

import (
	"fmt"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/xuri/excelize/v2"
)

// TestRoster_datesAtTheEdges pins what the date check reads at its edges,
// on a real workbook: 31 December 9999 (Excel's last date, a common "no
// end" value) and 31 December 2099 shown with a two-digit year are dates
// (turned into yyyy-mm-dd in a text column, refused in a number column);
// a number shown through a format of the sheet's own with the signs of a
// Chinese date (312 as 3月12日) is not a date: 312 is 7 November 1900,
// which 3月12日 does not show. A date and time shown with a T between
// them (yyyy-mm-ddThh:mm:ss, ISO 8601) is a date too.
func TestRoster_datesAtTheEdges(t *testing.T) {
	t.Parallel()
	f := excelize.NewFile()
	sh := "Agents"
	_ = f.SetSheetName("Sheet1", sh)
	header := []any{"user_num", "user_name", "user_password", "dept_id", "crm_id", "ag_nickname"}
	_ = f.SetSheetRow(sh, "A1", &header)
	last := time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)
	end2099 := time.Date(2099, 12, 31, 0, 0, 0, 0, time.UTC)
	rows := [][]any{
		{7401, "A", "pwpwpw1", 312, last, 312},
		{7402, "B", "pwpwpw1", nil, end2099, time.Date(2024, 3, 12, 10, 30, 0, 0, time.UTC)},
		{7403, "C", "pwpwpw1", last},
		{7404, "D", "pwpwpw1", end2099},
	}
	for i, r := range rows {
		_ = f.SetSheetRow(sh, cellRef(1, i+2), &r)
	}
	for ref, format := range map[string]string{
		"D2": `0"月"00"日"`, "E2": "m/d/yyyy", "F2": `0"月"00"日"`,
		"E3": "m/d/yy", "F3": `yyyy-mm-dd"T"hh:mm:ss`,
		"D4": "yyyy-mm-dd",
		"D5": "m/d/yy",
	} {
		id, err := f.NewStyle(&excelize.Style{CustomNumFmt: &format})
		if err != nil {
			t.Fatal(err)
		}
		_ = f.SetCellStyle(sh, ref, ref, id)
	}
	path := filepath.Join(t.TempDir(), "edges.xlsx")
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	r, probs, err := ReadRoster(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`Agents!D4: dept_id "9999-12-31" ` + dateRule("2958465"),
		`Agents!D5: dept_id "12/31/99" ` + dateRule("73050"),
	}
	if d := cmp.Diff(want, problemLines(probs)); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
	var got []string
	for _, row := range r.Rows {
		got = append(got, row.Get("user_num")+" "+row.Get("dept_id")+" "+row.Get("crm_id")+" "+row.Get("ag_nickname"))
	}
	if d := cmp.Diff([]string{"7401 312 9999-12-31 3月12日", "7402  2099-12-31 2024-03-12 10:30:00"}, got); d != "" {
		t.Errorf("rows: user_num dept_id crm_id ag_nickname (-want +got):\n%s", d)
	}
}

// TestCellTextShownDigitsNotDates: a number shown through a format of the
// sheet's own that has a date's shape (00-00-00 for ids of up to six
// digits, leading zeros shown; 0"月"00"日" for 101 to 1231; 0"-Mar") is read as a
// date only when the display is that number's date: the year two digits
// (1900 to 2099), first (yy-mm-dd) or last (mm-dd-yy, dd-mm-yy), the
// month and the day each the group of its own (04-21-15 is 42115's date,
// 21 April 2015, and cannot be told from it). Any other id keeps its
// display in a text column.
func TestCellTextShownDigitsNotDates(t *testing.T) {
	t.Parallel()
	check := func(v int, shown string, isDate func(time.Time) bool) {
		t.Helper()
		want := shown
		if d, err := excelize.ExcelDateToTime(float64(v), false); err == nil && isDate(d) {
			want = d.Format("2006-01-02")
		}
		if got := cellText(Cell{Raw: strconv.Itoa(v), Text: shown}); got != want {
			t.Fatalf("%d shown %s read as %q, want %q", v, shown, got, want)
		}
	}
	for v := 61; v <= 999999; v++ { // serials 1-60: excelize's 1900 quirks
		shown := fmt.Sprintf("%02d-%02d-%02d", v/10000, v/100%100, v%100)
		check(v, shown, func(d time.Time) bool {
			return d.Year() >= 1900 && d.Year() <= 2099 &&
				(d.Format("06-01-02") == shown || d.Format("01-02-06") == shown || d.Format("02-01-06") == shown)
		})
	}
	for v := 1; v <= 99; v++ { // 0"-Mar": 12-Mar is 12, 12 January 1900
		check(v, fmt.Sprintf("%d-Mar", v), func(d time.Time) bool { return d.Month() == time.March && d.Day() == v })
	}
	for v := 101; v <= 1231; v++ {
		check(v, fmt.Sprintf("%d月%02d日", v/100, v%100), func(d time.Time) bool {
			return int(d.Month()) == v/100 && d.Day() == v%100
		})
	}
}
