package importer

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/xuri/excelize/v2"
)

// writeFormatted writes rows to sheet and gives each cell of formats its
// number format, as WPS Office or a Chinese, Japanese or Korean Excel
// stores it.
func writeFormatted(t *testing.T, sheet string, rows [][]any, formats map[string]string) string {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		if err := f.SetSheetRow(sheet, cellRef(1, i+1), &r); err != nil {
			t.Fatal(err)
		}
	}
	for ref, format := range formats {
		id, err := f.NewStyle(&excelize.Style{CustomNumFmt: &format})
		if err != nil {
			t.Fatal(err)
		}
		if err := f.SetCellStyle(sheet, ref, ref, id); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "in.xlsx")
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// A number in a cell whose format names General in Chinese (G/通用格式, as
// WPS Office and a Chinese Excel write it), Japanese or Korean shows as the
// number in the spreadsheet; the reader showed it as "/通用格式", which was
// sent as the SMS variable ("金额/通用格式") and written to the platform as
// crm_id and ag_nickname, with no problem reported.
func TestLocalGeneralFormat(t *testing.T) {
	t.Parallel()
	path := writeFormatted(t, RecipientSheet, [][]any{
		{"mobile", "amt"},
		{13800138000, 1234.5},
		{13800138001, 88},
		{13800138002, 88},
		{13800138003, 88},
		{13800138004, -7},
	}, map[string]string{
		"A2": "G/通用格式", "B2": "G/通用格式", "B3": "G/標準", "B4": "G/표준", "B5": "G/Standard",
		"B6": "G/通用格式;-G/通用格式",
	})
	l, probs, err := ReadRecipients(path, []string{"amt"}, "open")
	if err != nil || len(probs) > 0 {
		t.Fatalf("err %v, problems %v", err, probs)
	}
	var got []string
	for _, r := range l.Rows {
		got = append(got, r.Mobile+" "+r.Params[0])
	}
	want := []string{"13800138000 1234.5", "13800138001 88", "13800138002 88", "13800138003 88", "13800138004 -7"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("recipients (-want +got):\n%s", d)
	}

	path = writeFormatted(t, RosterSheet, [][]any{
		{"user_num", "user_name", "user_password", "crm_id", "ag_nickname"},
		{9001, "Ann", "Passw0rd!x", 778899, 5},
	}, map[string]string{"A2": "G/通用格式", "D2": "G/通用格式", "E2": "G/通用格式"})
	r, probs, err := ReadRoster(path)
	if err != nil || len(probs) > 0 {
		t.Fatalf("err %v, problems %v", err, probs)
	}
	if len(r.Rows) != 1 || r.Rows[0].Get("user_num") != "9001" || r.Rows[0].Get("crm_id") != "778899" || r.Rows[0].Get("ag_nickname") != "5" {
		t.Errorf("roster rows %+v; want user_num 9001, crm_id 778899, ag_nickname 5", r.Rows)
	}
}

func TestGeneralNamed(t *testing.T) {
	t.Parallel()
	for code, want := range map[string]string{
		"G/通用格式":                "General",
		`G/通用格式;-G/通用格式;0`:      "General;-General;0",
		`"G/通用格式"G/通用格式`:        `"G/通用格式"General`,
		`\G/通用格式`:               `\G/通用格式`,
		`[DBNum1][$-804]G/通用格式`: "[DBNum1][$-804]General",
		"0.00_ ":                "0.00_ ",
		`yyyy"年"m"月"d"日";@`:     `yyyy"年"m"月"d"日";@`,
	} {
		if got := generalNamed(code); got != want {
			t.Errorf("generalNamed(%q) = %q; want %q", code, got, want)
		}
	}
}
