package importer

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/xuri/excelize/v2"
)

// writeFormatted writes rows to sheet and gives each cell of formats its
// number format, as WPS Office or a Chinese, Japanese or Korean Excel
// stores it.
func writeFormatted(t *testing.T, sheet string, rows [][]any, formats map[string]string) string {
	t.Helper()
	f := newBook(t, sheet, rows)
	defer f.Close()
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
		{int64(13800138000), 1234.5},
		{int64(13800138001), 88},
		{int64(13800138002), 88},
		{int64(13800138003), 88},
		{int64(13800138004), -7},
	}, map[string]string{
		"A2": "G/通用格式", "B2": "G/通用格式", "B3": "G/標準", "B4": "G/표준", "B5": "G/Standard",
		"B6": "G/通用格式;-G/通用格式",
	})
	l, probs, err := ReadRecipients(path, []string{"amt"}, "open")
	if err != nil || len(probs) > 0 {
		t.Fatalf("err %v, problems %v", err, probs)
	}
	got := firstParams(l, true)
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
		"G/通用格式":                         "General",
		`G/通用格式;-G/通用格式;0`:               "General;-General;0",
		`"G/通用格式"G/通用格式`:                 `"G/通用格式"General`,
		`\G/通用格式`:                        `\G/通用格式`,
		`[DBNum1][$-804]G/通用格式`:          "[DBNum1][$-804]General",
		"0.00_ ":                         "0.00_ ",
		`yyyy"年"m"月"d"日";@`:              `yyyy"年"m"月"d"日";@`,
		`0.00_ ;[红色]\-0.00\ `:            `0.00_ ;[Red]\-0.00\ `,
		`#,##0;[紅色]"[红色]"-#,##0;[Blue]0`: `#,##0;[Red]"[红色]"-#,##0;[Blue]0`,
	} {
		if got := generalNamed(code); got != want {
			t.Errorf("generalNamed(%q) = %q; want %q", code, got, want)
		}
	}
}

// An agent number typed as a number into a cell whose number format adds
// to it ("GH"0000 shows 43 as GH0043) was read as the stored number, 43,
// while the sheet shows GH0043: plan created agent 43 without a word.
// Either may be meant, so the cell is refused naming both; a format
// that only pads, groups or rounds the digits still reads.
func TestRoster_userNumShownWithMoreThanItsDigits(t *testing.T) {
	t.Parallel()
	path := writeFormatted(t, RosterSheet, [][]any{
		{"user_num", "user_name"},
		{43, "a"}, {47, "b"}, {51, "c"}, {52, "d"},
		{42, "e"}, {8001, "f"}, {45, "g"}, {int64(13800138000), "h"},
	}, map[string]string{
		"A2": `"GH"0000`, "A3": `0000"号"`, "A4": `000\-000`, "A5": "0%",
		"A6": "0000", "A7": "#,##0", "A8": "0.0", "A9": "0.00E+00",
	})
	r, probs, err := ReadRoster(path)
	if err != nil {
		t.Fatal(err)
	}
	rule := func(shown, n string) string {
		return fmt.Sprintf(`user_num %q is the number %s, shown with more than its digits by the cell's number format; `+
			`the agent number could be either: type it as text as it is meant (format the column as Text first), or clear the cell's number format to use %s`, shown, n, n)
	}
	want := []string{"Agents!A2: " + rule("GH0043", "43"), "Agents!A3: " + rule("0047号", "47"), "Agents!A4: " + rule("000-051", "51"), "Agents!A5: " + rule("5200%", "52")}
	if d := cmp.Diff(want, problemLines(probs)); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
	var got []string
	for _, row := range r.Rows {
		got = append(got, row.Get("user_num"))
	}
	if d := cmp.Diff([]string{"0042", "8001", "45", "13800138000"}, got); d != "" {
		t.Errorf("user_num read (-want +got):\n%s", d)
	}
}

// A cell holding nothing but a zero-width space (or another invisible
// character, pasted from a web page or a chat) looks empty in the
// spreadsheet: it was sent as the SMS variable ("Dear ," with the
// character) and written to the platform as the agent's name.
func TestInvisibleOnlyCells(t *testing.T) {
	t.Parallel()
	const rule = "holds nothing but the invisible character U+200B (pasted from a web page or a chat?), so it looks empty and is not; clear the cell, or type the value"
	path := writeBook(t, RecipientSheet, [][]any{
		{"mobile", "name"},
		{"13800138000", "\u200b"},
		{"13800138001", " \u200b\ufeff "},
		{"13800138002", "张\u200b三"},
	})
	l, probs, err := ReadRecipients(path, []string{"name"}, "gateway")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`Recipients!B2: name "\u200b" ` + rule, `Recipients!B3: name "\u200b\ufeff" ` + rule}
	if d := cmp.Diff(want, problemLines(probs)); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
	if len(l.Rows) != 1 || l.Rows[0].Params[0] != "张\u200b三" {
		t.Errorf("rows %+v; want row 4 only", l.Rows)
	}

	path = writeBook(t, RosterSheet, [][]any{
		{"user_num", "user_name", "ag_nickname"},
		{9001, "\u200b", "Ann"},
	})
	_, probs, err = ReadRoster(path)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{`Agents!B2: user_name "\u200b" ` + rule}, problemLines(probs)); d != "" {
		t.Errorf("roster problems (-want +got):\n%s", d)
	}
}

// A number shown through Chinese numerals ([DBNum2]0"元整" shows 1234 as
// 壹仟贰佰叁拾肆元整) or through General with a text beside it
// (G/通用格式"元" shows 1234元) was read as the reader shows it, 壹贰叁肆元整
// and 1234: sent so in an SMS, or written so to the platform, without a
// word. Where the display is the value (an SMS variable, a text column)
// the cell is refused naming the format; a number column reads the
// stored number; formats the reader shows as the spreadsheet does read
// as before.
func TestUnshownNumberFormats(t *testing.T) {
	t.Parallel()
	path := writeFormatted(t, RecipientSheet, [][]any{
		{"mobile", "amt"},
		{int64(13800138000), 1234}, {int64(13800138001), 1234}, {int64(13800138002), 1234},
		{int64(13800138003), 1234}, {int64(13800138004), 1234}, {int64(13800138005), "张"},
	}, map[string]string{
		"A2": "[DBNum1]0", "B2": `[DBNum2][$-804]0"元整"`, "B3": `G/通用格式"元"`, "B4": `[DBNum1][$-804]G/通用格式`,
		"B5": `G/通用格式;[Red]-G/通用格式`, "B6": `0"元"`, "B7": `G/通用格式;-G/通用格式;0;@"先生"`,
	})
	l, probs, err := ReadRecipients(path, []string{"amt"}, "open")
	if err != nil {
		t.Fatal(err)
	}
	rule := func(code string) string {
		return `is the number 1234, which the sheet shows through the number format ` + code + ` (Chinese numerals, a condition, or a text beside General), ` +
			`and ccsync cannot show it so: it would be sent or written otherwise than the sheet shows it; format the cell as Text and type the value as it should read`
	}
	want := []string{
		`Recipients!B2: amt "1234" ` + rule(`[DBNum2][$-804]0"元整"`),
		`Recipients!B3: amt "1234" ` + rule(`G/通用格式"元"`),
		`Recipients!B4: amt "1234" ` + rule(`[DBNum1][$-804]G/通用格式`),
	}
	if d := cmp.Diff(want, problemLines(probs)); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
	got := firstParams(l, true)
	if d := cmp.Diff([]string{"13800138003 1234", "13800138004 1234元", "13800138005 张先生"}, got); d != "" {
		t.Errorf("recipients (-want +got):\n%s", d)
	}

	path = writeFormatted(t, RosterSheet, [][]any{
		{"user_num", "user_name", "crm_id"},
		{42, "Ann", 1234},
	}, map[string]string{"A2": "[DBNum1]0", "C2": `[DBNum2]0`})
	r, probs, err := ReadRoster(path)
	if err != nil {
		t.Fatal(err)
	}
	want = []string{`Agents!C2: crm_id "1234" ` + rule(`[DBNum2]0`)}
	if d := cmp.Diff(want, problemLines(probs)); d != "" {
		t.Errorf("roster problems (-want +got):\n%s", d)
	}
	if len(r.Rows) != 0 {
		t.Errorf("roster rows %+v; want none", r.Rows)
	}
}

// A Chinese sheet says yes and no as 是 and 否 (or √ and ×): the roster
// refused them, "is not a boolean (TRUE/yes/1 or FALSE/no/0)".
func TestRoster_chineseBooleans(t *testing.T) {
	t.Parallel()
	path := writeBook(t, RosterSheet, [][]any{
		{"user_num", "user_name", "is_enable_outbound", "is_forbidden_login", "is_enable_mfa"},
		{9001, "Ann", "是", "否", "是"},
		{9002, "Bob", "×", "√", "否"},
		{9003, "Cy", "对", nil, nil},
	})
	r, probs, err := ReadRoster(path)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{`Agents!C4: is_enable_outbound "对" is not a boolean (TRUE/yes/是/1 or FALSE/no/否/0)`}, problemLines(probs)); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
	var got []string
	for _, row := range r.Rows {
		got = append(got, row.Get("is_enable_outbound")+" "+row.Get("is_forbidden_login")+" "+row.Get("is_enable_mfa"))
	}
	if d := cmp.Diff([]string{"true false 1", "false true 2"}, got); d != "" {
		t.Errorf("values (-want +got):\n%s", d)
	}
}

// A number pasted from a word processor or a chat has its dashes as
// typographic ones (138–0013–8000), and "(+86)" is how many write the
// country code; both were refused as "not a phone number", while
// 138-0013-8000 and +86 (138) 0013-8000 read.
func TestCellPhone_dashesAndBracketedPlus(t *testing.T) {
	t.Parallel()
	for _, text := range []string{"138–0013–8000", "138‐0013‐8000", "138—0013—8000", "138−0013−8000", "(+86)13800138000", "(+86) 138–0013–8000"} {
		got, rule := normalizeMobile(Cell{Raw: text, Text: text})
		if got != "13800138000" || rule != "" {
			t.Errorf("%q: %q, rule %q; want 13800138000", text, got, rule)
		}
	}
	for _, text := range []string{"138/0013/8000", "1(+86)3800138000", "－13800138000"} {
		if got, rule := cellPhone(Cell{Raw: text, Text: text}); got != "" || rule == "" {
			t.Errorf("%q: %q, want it refused", text, got)
		}
	}
}

// A workbook made by Excel 2010 or earlier has three sheets, Sheet1 to
// Sheet3: with the list on Sheet1 and the others empty, it was refused,
// "has no sheet named Recipients and 3 sheets that could hold the data
// (Sheet1, Sheet2, Sheet3)". Empty sheets hold no rows to leave out: the
// only sheet with cells is read. A sheet with one value still counts.
func TestOpenSheet_emptySheetsBeside(t *testing.T) {
	t.Parallel()
	book := func(sheet2Value bool) string {
		f := excelize.NewFile()
		defer f.Close()
		_ = f.SetSheetRow("Sheet1", "A1", &[]any{"手机号码", "name"})
		_ = f.SetSheetRow("Sheet1", "A2", &[]any{"13800138000", "张三"})
		for _, s := range []string{"Sheet2", "Sheet3"} {
			if _, err := f.NewSheet(s); err != nil {
				t.Fatal(err)
			}
		}
		// A formatted cell without a value is no data.
		style, _ := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
		_ = f.SetCellStyle("Sheet3", "B2", "B2", style)
		if sheet2Value {
			_ = f.SetCellValue("Sheet2", "C3", "note")
		}
		path := filepath.Join(t.TempDir(), "book.xlsx")
		if err := f.SaveAs(path); err != nil {
			t.Fatal(err)
		}
		return path
	}
	l, probs, err := ReadRecipients(book(false), []string{"name"}, "open")
	if err != nil || len(probs) > 0 {
		t.Fatalf("err %v, problems %v", err, problemLines(probs))
	}
	if l.Sheet != "Sheet1" || len(l.Rows) != 1 || l.Rows[0].Params[0] != "张三" {
		t.Errorf("read sheet %s rows %+v; want Sheet1's row 2", l.Sheet, l.Rows)
	}
	_, _, err = ReadRecipients(book(true), []string{"name"}, "open")
	if err == nil || !strings.Contains(err.Error(), "has no sheet named Recipients and 2 sheets that could hold the data (Sheet1, Sheet2)") {
		t.Errorf("with a value on Sheet2: %v", err)
	}
}

// A number format's third section is how it shows zero: #,##0;-#,##0;"-"
// shows 0 as "-", "是";"是";"否" (1 and 0 shown as yes and no) shows 0 as
// 否, "TRUE";"TRUE";"FALSE" (LibreOffice's boolean format) as FALSE. The
// reader showed zero through the first section: 0, 是 and TRUE, so a
// roster's is_forbidden_login 0, shown 否, read as true.
func TestZeroSection(t *testing.T) {
	t.Parallel()
	path := writeFormatted(t, RecipientSheet, [][]any{
		{"mobile", "amt"},
		{int64(13800138000), 0}, {int64(13800138001), 1234}, {int64(13800138002), -5}, {int64(13800138003), 0}, {int64(13800138004), 0.5}, {int64(13800138005), "x"},
		{int64(13800138006), 0}, {int64(13800138007), 0},
	}, map[string]string{
		"B2": `#,##0;-#,##0;"-"`, "B3": `#,##0;-#,##0;"-"`, "B4": `#,##0;-#,##0;"-"`, "B5": `[Red]0.0;[Blue]-0.0;\-\-_)`,
		"B6": `0.0;-0.0;"零"`, "B7": `0;-0;"-";@"先生"`,
		// Chinese Excel's comma style (format 43) and accounting style (44).
		"B8": `_ * #,##0.00_ ;_ * \-#,##0.00_ ;_ * "-"??_ ;_ @_ `, "B9": `_ "¥"* #,##0.00_ ;_ "¥"* \-#,##0.00_ ;_ "¥"* "-"??_ ;_ @_ `,
	})
	l, probs, err := ReadRecipients(path, []string{"amt"}, "gateway")
	if err != nil || len(probs) > 0 {
		t.Fatalf("err %v, problems %v", err, problemLines(probs))
	}
	got := firstParams(l, false)
	if d := cmp.Diff([]string{"-", "1,234", "-5", "--", "0.5", "x先生", "-", "¥-"}, got); d != "" {
		t.Errorf("values (-want +got):\n%s", d)
	}

	path = writeFormatted(t, RosterSheet, [][]any{
		{"user_num", "user_name", "is_forbidden_login", "is_enable_outbound"},
		{9001, "Ann", 0, 1},
		{9002, "Bob", 1, 0},
	}, map[string]string{
		"C2": `"是";"是";"否"`, "D2": `"是";"是";"否"`, "C3": `"TRUE";"TRUE";"FALSE"`, "D3": `"TRUE";"TRUE";"FALSE"`,
	})
	r, probs, err := ReadRoster(path)
	if err != nil || len(probs) > 0 {
		t.Fatalf("err %v, problems %v", err, problemLines(probs))
	}
	got = nil
	for _, row := range r.Rows {
		got = append(got, row.Get("is_forbidden_login")+" "+row.Get("is_enable_outbound"))
	}
	if d := cmp.Diff([]string{"false true", "true false"}, got); d != "" {
		t.Errorf("roster (-want +got):\n%s", d)
	}
}

// A format with conditions ([<=9999999]###-####;(###) ###-####, Excel's
// US phone number format) shows a number through the section whose
// condition it meets; the reader took the first section whatever the
// number, and 13800138000 was sent as "1380013-8000" where the sheet
// shows (1380) 013-8000. The cell is refused where the display is the
// value; the mobile column reads the stored number.
func TestConditionalNumberFormat(t *testing.T) {
	t.Parallel()
	path := writeFormatted(t, RecipientSheet, [][]any{
		{"mobile", "amt"},
		{int64(13800138000), int64(13800138000)},
		{int64(13800138001), 1500},
	}, map[string]string{
		"A2": `[<=9999999]###-####;(###) ###-####`, "B2": `[<=9999999]###-####;(###) ###-####`, "B3": `[>=1000]0.0,"K";0`,
	})
	l, probs, err := ReadRecipients(path, []string{"amt"}, "gateway")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`Recipients!B2: amt "13800138000" is the number 13800138000, which the sheet shows through the number format [<=9999999]###-####;(###) ###-#### (Chinese numerals, a condition, or a text beside General), ` +
			`and ccsync cannot show it so: it would be sent or written otherwise than the sheet shows it; format the cell as Text and type the value as it should read`,
		`Recipients!B3: amt "1500" is the number 1500, which the sheet shows through the number format [>=1000]0.0,"K";0 (Chinese numerals, a condition, or a text beside General), ` +
			`and ccsync cannot show it so: it would be sent or written otherwise than the sheet shows it; format the cell as Text and type the value as it should read`,
	}
	if d := cmp.Diff(want, problemLines(probs)); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
	if len(l.Rows) != 0 {
		t.Errorf("rows %+v; want none", l.Rows)
	}
}

// Excel's "Long Date" and "Time" formats ([$-F800]dddd, mmmm dd, yyyy and
// [$-F400]h:mm:ss AM/PM) show a date in the format of the reader's
// system: 2026年12月1日星期二 on a Chinese Windows. The reader showed the
// text after the tag, "Tuesday, December 01, 2026", which was sent in the
// SMS. Such a date has no one display, as Excel's default date format: it
// is sent as yyyy-mm-dd (a time as hh:mm:ss), and a text column reads it
// so.
func TestSystemDateFormats(t *testing.T) {
	t.Parallel()
	path := writeFormatted(t, RecipientSheet, [][]any{
		{"mobile", "when"},
		{int64(13800138000), 46357},
		{int64(13800138001), 46357.4375},
	}, map[string]string{"B2": `[$-F800]dddd\,\ mmmm\ dd\,\ yyyy`, "B3": `[$-F400]h:mm:ss\ AM/PM`})
	l, probs, err := ReadRecipients(path, []string{"when"}, "gateway")
	if err != nil || len(probs) > 0 {
		t.Fatalf("err %v, problems %v", err, problemLines(probs))
	}
	got := firstParams(l, false)
	if d := cmp.Diff([]string{"2026-12-01", "10:30:00"}, got); d != "" {
		t.Errorf("values (-want +got):\n%s", d)
	}

	path = writeFormatted(t, RosterSheet, [][]any{
		{"user_num", "user_name", "crm_id"},
		{9001, "Ann", 46357},
	}, map[string]string{"C2": `[$-F800]dddd\,\ mmmm\ dd\,\ yyyy`})
	r, probs, err := ReadRoster(path)
	if err != nil || len(probs) > 0 {
		t.Fatalf("err %v, problems %v", err, problemLines(probs))
	}
	if len(r.Rows) != 1 || r.Rows[0].Get("crm_id") != "2026-12-01" {
		t.Errorf("roster rows %+v; want crm_id 2026-12-01", r.Rows)
	}
}

// Excel for Microsoft 365 tags its "Long Date" and "Time" formats
// [$-x-sysdate] and [$-x-systime] rather than [$-F800] and [$-F400]: such a
// date went out as "Tuesday, December 01, 2026" (refused by the open
// interface for its comma), a time as "10:30:00 AM".
func TestSystemDateFormats_xTags(t *testing.T) {
	t.Parallel()
	path := writeFormatted(t, RecipientSheet, [][]any{
		{"mobile", "when"},
		{int64(13800138000), 46357},
		{int64(13800138001), 46357.4375},
	}, map[string]string{"B2": `[$-x-sysdate]dddd, mmmm dd, yyyy`, "B3": `[$-x-systime]h:mm:ss AM/PM`})
	l, probs, err := ReadRecipients(path, []string{"when"}, "open")
	if err != nil || len(probs) > 0 {
		t.Fatalf("err %v, problems %v", err, problemLines(probs))
	}
	got := firstParams(l, false)
	if d := cmp.Diff([]string{"2026-12-01", "10:30:00"}, got); d != "" {
		t.Errorf("values (-want +got):\n%s", d)
	}
}

// A Chinese Excel writes its red negative numbers as 0.00_ ;[红色]\-0.00\
// (and #,##0_ ;[红色]\-#,##0\ ): the reader knew only English colour
// names and showed such a number unformatted, -1234.5 where the sheet
// shows -1,235, which was sent.
func TestChineseColourNames(t *testing.T) {
	t.Parallel()
	path := writeFormatted(t, RecipientSheet, [][]any{
		{"mobile", "amt"},
		{int64(13800138000), -1234.5},
		{int64(13800138001), -1234.5},
	}, map[string]string{"B2": `0.00_ ;[红色]\-0.00\ `, "B3": `#,##0_ ;[红色]\-#,##0\ `})
	l, probs, err := ReadRecipients(path, []string{"amt"}, "gateway")
	if err != nil || len(probs) > 0 {
		t.Fatalf("err %v, problems %v", err, problemLines(probs))
	}
	got := firstParams(l, false)
	if d := cmp.Diff([]string{"-1234.50", "-1,235"}, got); d != "" {
		t.Errorf("values (-want +got):\n%s", d)
	}
}

// A password typed as a number into a cell whose format ccsync cannot show
// (a condition, Chinese numerals) is refused without naming the number:
// the rule of such cells quoted it ("is the number 87654321, which the
// sheet shows through …"), printing the password that the problem's value
// hides as "***", to the terminal and the --output json.
func TestUnshownNumberFormats_passwordNotEchoed(t *testing.T) {
	t.Parallel()
	path := writeFormatted(t, RosterSheet, [][]any{
		{"user_num", "user_name", "user_password"},
		{9001, "Ann", 87654321},
		{9002, "Bob", 12345678},
	}, map[string]string{"C2": "[<=9999999]###-####;(###) ###-####", "C3": "[DBNum1]0"})
	_, probs, err := ReadRoster(path)
	if err != nil {
		t.Fatal(err)
	}
	const rule = "is a number that the sheet shows through a number or date format, not as typed, and the password would be set to the text shown; " +
		"format the column as Text and type the password again"
	want := []string{`Agents!C2: user_password "***" ` + rule, `Agents!C3: user_password "***" ` + rule}
	got := problemLines(probs)
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
	for _, line := range got {
		if strings.Contains(line, "87654321") || strings.Contains(line, "12345678") {
			t.Errorf("a problem shows the password: %s", line)
		}
	}
}

// A switch or an on/off enumeration typed 0 in a column whose format has a
// zero section of its own (Chinese Excel's comma style #,##0;-#,##0;"-",
// its accounting style, 0;-0;;@) read as 0 (false, off) until that section
// was honoured; then it read as "-", and the roster was refused: "is not a
// boolean". Such a cell reads by the number it holds; a zero section that
// is a boolean word (否) is still read as shown.
func TestZeroSection_switchesReadByTheirNumber(t *testing.T) {
	t.Parallel()
	path := writeFormatted(t, RosterSheet, [][]any{
		{"user_num", "user_name", "is_enable_outbound", "user_auto_login", "is_forbidden_login"},
		{9001, "Ann", 0, 0, 1},
		{9002, "Bob", 0, 0, 0},
		{9003, "Cy", 0, 0, 0},
		{9004, "Di", 1, 1, 0},
	}, map[string]string{
		"C2": `#,##0;-#,##0;"-"`, "D2": `#,##0;-#,##0;"-"`, "E2": `#,##0;-#,##0;"-"`,
		"C3": `_ * #,##0_ ;_ * \-#,##0_ ;_ * "-"_ ;_ @_ `, "D3": `_ * #,##0_ ;_ * \-#,##0_ ;_ * "-"_ ;_ @_ `,
		// A zero shown blank (0;-0;;@) is refused: TestHiddenNumberRefused.
		"C4": `0;-0;"-";@`, "D4": `0;-0;"-";@`, "E4": `"是";"是";"否"`,
		"C5": `#,##0;-#,##0;"-"`, "D5": `#,##0;-#,##0;"-"`, "E5": `"是";"是";"否"`,
	})
	r, probs, err := ReadRoster(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(probs) != 0 {
		t.Errorf("problems %q; want none", problemLines(probs))
	}
	var got []string
	for _, row := range r.Rows {
		got = append(got, row.Get("is_enable_outbound")+" "+row.Get("user_auto_login")+" "+row.Get("is_forbidden_login"))
	}
	if d := cmp.Diff([]string{"false 0 true", "false 0 false", "false 0 false", "true 1 false"}, got); d != "" {
		t.Errorf("values (-want +got):\n%s", d)
	}
}

// A Chinese Excel's weekday format ([DBNum1][$-804]aaaa) shows a date as
// 星期二, with no numeral for [DBNum1] to write in Chinese: it reads as
// shown, as it did before Chinese numerals were refused. A date format of
// the same kind that shows numerals (yyyy"年"m"月"d"日") is still refused.
func TestChineseWeekdayFormatReads(t *testing.T) {
	t.Parallel()
	path := writeFormatted(t, RecipientSheet, [][]any{
		{"mobile", "day"},
		{int64(13800138000), 46357},
		{int64(13800138001), 46357},
	}, map[string]string{"B2": `[DBNum1][$-804]aaaa`, "B3": `[DBNum1][$-804]yyyy"年"m"月"d"日"`})
	l, probs, err := ReadRecipients(path, []string{"day"}, "open")
	if err != nil {
		t.Fatal(err)
	}
	got := firstParams(l, true)
	if d := cmp.Diff([]string{"13800138000 星期二"}, got); d != "" {
		t.Errorf("recipients (-want +got):\n%s", d)
	}
	if lines := problemLines(probs); len(lines) != 1 || !strings.HasPrefix(lines[0], `Recipients!B3: day`) || !strings.Contains(lines[0], "Chinese numerals") {
		t.Errorf("problems: %q, want B3's date in Chinese numerals refused", lines)
	}
}

// A number whose format shows it blank (0;-0;;@ shows 0 as nothing) looks
// empty and is not: refused, in a roster (where an empty cell leaves the
// agent's value as it is, and a 0 meant "off" was left on) and in a
// recipient list (where it read as a missing variable), naming the
// number; a password's is not named.
func TestHiddenNumberRefused(t *testing.T) {
	t.Parallel()
	path := writeFormatted(t, RosterSheet, [][]any{
		{"user_num", "user_name", "user_password", "max_sessions", "is_enable_outbound"},
		{8001, "Ann", 12345678, 0, 0},
	}, map[string]string{"C2": `;;;`, "D2": `0;-0;;@`, "E2": `0;-0;;@`})
	_, probs, err := ReadRoster(path)
	if err != nil {
		t.Fatal(err)
	}
	blank := ", which its number format shows as blank, so it looks empty and is not; clear the cell, or give it a format that shows the value (Format Cells > General)"
	want := []string{
		`Agents!C2: user_password "***" holds a number` + blank,
		`Agents!D2: max_sessions "" holds the number 0` + blank,
		`Agents!E2: is_enable_outbound "" holds the number 0` + blank,
	}
	if d := cmp.Diff(want, problemLines(probs)); d != "" {
		t.Errorf("roster problems (-want +got):\n%s", d)
	}

	path = writeFormatted(t, RecipientSheet, [][]any{
		{"mobile", "amt"},
		{int64(13800138000), 0},
		{int64(13800138001), 5},
	}, map[string]string{"B2": `0;-0;;@`})
	l, probs, err := ReadRecipients(path, []string{"amt"}, "open")
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{`Recipients!B2: amt "" holds the number 0` + blank}, problemLines(probs)); d != "" {
		t.Errorf("recipient problems (-want +got):\n%s", d)
	}
	if len(l.Rows) != 1 || l.Rows[0].Params[0] != "5" {
		t.Errorf("rows: %+v", l.Rows)
	}
}

// A text cell that reads like the mark of a stand-in format is read as the
// text it is: only a number is shown through a stand-in.
func TestUnshownMarkTypedAsText(t *testing.T) {
	t.Parallel()
	path := writeFormatted(t, RecipientSheet, [][]any{
		{"mobile", "amt"},
		{int64(13800138000), 1234},
		{int64(13800138001), unshownMark + "0"},
	}, map[string]string{"B2": "[DBNum2]0"})
	l, probs, err := ReadRecipients(path, []string{"amt"}, "open")
	if err != nil {
		t.Fatal(err)
	}
	if lines := problemLines(probs); len(lines) != 1 || !strings.HasPrefix(lines[0], "Recipients!B2: amt") {
		t.Errorf("problems %q, want B2's Chinese numerals alone refused", lines)
	}
	if d := cmp.Diff([]string{"13800138001 " + unshownMark + "0"}, firstParams(l, true)); d != "" {
		t.Errorf("recipients (-want +got):\n%s", d)
	}
}
