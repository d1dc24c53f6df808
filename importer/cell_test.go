package importer

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/xuri/excelize/v2"
)

// TestCells writes each case as a real cell (numbers as number cells, with
// number formats people use) and reads it back through the roster reader.
func TestCells(t *testing.T) {
	t.Parallel()
	f := excelize.NewFile()
	sh := "Agents"
	_ = f.SetSheetName("Sheet1", sh)
	header := []any{"User Num", "user_name", "USER SMS PHONE", "fixed_phone", "is_enable_outbound", "is_forbidden_login", "queue_ids", "user_type", "max_sessions", "user_status", "crm_id", "basic_sessions"}
	_ = f.SetSheetRow(sh, "A1", &header)
	style := func(fmtID int) int {
		id, err := f.NewStyle(&excelize.Style{NumFmt: fmtID})
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	sci, twoDec, date := style(11), style(2), style(14)
	rows := [][]any{
		// user_num as number, phone as number, TRUE/FALSE booleans, list text, enum by label, date in a text column
		{9001, "Ann", int64(13812345678), "010-8888 1234", true, false, "101, 102", "1,2", 300, "on duty", time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC), 1},
		// 9002.0 float, phone shown in scientific format, yes/no, single id as number, enum "2 - resigned"
		{9002.0, "Bob", int64(13912345678), "+86 (21) 5555", "yes", "no", 101, 7, "12", "2 - resigned", int64(12345678901234), "3"},
		// phone as text with zeros kept, 1/0 booleans, enum by code typed as number
		{"0042", "Cy", "139 1234 5679", "8001", 1, 0, "102", "call center, online chat", 0, 3, "CRM-7", 2},
	}
	for i, r := range rows {
		_ = f.SetSheetRow(sh, cellRef(1, i+2), &r)
	}
	_ = f.SetCellStyle(sh, "C3", "C3", sci)
	_ = f.SetCellStyle(sh, "A3", "A3", twoDec)
	_ = f.SetCellStyle(sh, "K2", "K2", date)
	_ = f.SetCellStyle(sh, "K3", "K3", sci)
	path := filepath.Join(t.TempDir(), "cells.xlsx")
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	r, probs, err := ReadRoster(path)
	if err != nil || len(probs) > 0 {
		t.Fatalf("ReadRoster: %v %v", err, problemLines(probs))
	}
	got := []map[string]string{}
	for _, row := range r.Rows {
		m := map[string]string{}
		for i, fd := range AgentFields {
			if row.Vals[i] != "" {
				m[fd.Name] = row.Vals[i]
			}
		}
		got = append(got, m)
	}
	want := []map[string]string{
		{"user_num": "9001", "user_name": "Ann", "user_sms_phone": "13812345678", "fixed_phone": "01088881234", "is_enable_outbound": "true", "is_forbidden_login": "false", "queue_ids": "101,102", "user_type": "1,2", "max_sessions": "300", "user_status": "1", "crm_id": "2026-11-23", "basic_sessions": "1"},
		{"user_num": "9002", "user_name": "Bob", "user_sms_phone": "13912345678", "fixed_phone": "+86215555", "is_enable_outbound": "true", "is_forbidden_login": "false", "queue_ids": "101", "user_type": "7", "max_sessions": "12", "user_status": "2", "crm_id": "12345678901234", "basic_sessions": "3"},
		{"user_num": "0042", "user_name": "Cy", "user_sms_phone": "13912345679", "fixed_phone": "8001", "is_enable_outbound": "true", "is_forbidden_login": "false", "queue_ids": "102", "user_type": "1,2", "max_sessions": "0", "user_status": "3", "crm_id": "CRM-7", "basic_sessions": "2"},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("values (-want +got):\n%s", d)
	}
}

func TestCellConverters(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		cell Cell
		fn   func(Cell) (string, string)
		want string
		rule bool
	}{
		"digits from sci display":  {Cell{Raw: "13812345678", Text: "1.38E+10"}, func(c Cell) (string, string) { return cellPhone(c) }, "13812345678", false},
		"digits from float raw":    {Cell{Raw: "9002.0", Text: "9002.0"}, func(c Cell) (string, string) { v, _ := cellDigits(c); return v, "" }, "9002", false},
		"digits raw exponent":      {Cell{Raw: "1.3812345678E10", Text: "1.38E+10"}, func(c Cell) (string, string) { return cellPhone(c) }, "13812345678", false},
		"sci text lost digits":     {Cell{Raw: "1.38E+10", Text: "1.38E+10"}, func(c Cell) (string, string) { return cellPhone(c) }, "", true},
		"bool TRUE cell":           {Cell{Raw: "1", Text: "TRUE"}, cellBool, "true", false},
		"bool No":                  {Cell{Raw: "No", Text: "No"}, cellBool, "false", false},
		"bool maybe":               {Cell{Raw: "maybe", Text: "maybe"}, cellBool, "", true},
		"date cell m/d/yy":         {Cell{Raw: "46349", Text: "11/23/26"}, cellDate, "2026-11-23", false},
		"date text":                {Cell{Raw: "2026/11/23", Text: "2026/11/23"}, cellDate, "2026-11-23", false},
		"date time cell":           {Cell{Raw: "46349.5", Text: "2026-11-23 12:00"}, cellDate, "2026-11-23 12:00:00", false},
		"not a date":               {Cell{Raw: "soon", Text: "soon"}, cellDate, "", true},
		"list full-width commas":   {Cell{Raw: "3，1；2", Text: "3，1；2"}, cellIntList, "1,2,3", false},
		"list bad item":            {Cell{Raw: "3,x", Text: "3,x"}, cellIntList, "", true},
		"text keeps number format": {Cell{Raw: "12.5", Text: "12.50"}, func(c Cell) (string, string) { return cellText(c), "" }, "12.50", false},
		// A + and the zeros after it are part of a phone number typed as text.
		"phone +86 text":      {Cell{Raw: "+8613911112222", Text: "+8613911112222"}, cellPhone, "+8613911112222", false},
		"phone +00 text":      {Cell{Raw: "+0085223456789", Text: "+0085223456789"}, cellPhone, "+0085223456789", false},
		"code 9002.0 text":    {Cell{Raw: "9002.0", Text: "9002.0"}, func(c Cell) (string, string) { v, _ := cellDigits(c); return v, "" }, "9002", false},
		"time is not a date":  {Cell{Raw: "0.604166666666667", Text: "14:30"}, func(c Cell) (string, string) { return cellText(c), "" }, "14:30", false},
		"sms time as shown":   {Cell{Raw: "0.604166666666667", Text: "14:30"}, func(c Cell) (string, string) { return cellShown(c), "" }, "14:30", false},
		"sms own date format": {Cell{Raw: "45356", Text: "05/03/2024"}, func(c Cell) (string, string) { return cellShown(c), "" }, "05/03/2024", false},
		"sms default date":    {Cell{Raw: "45356", Text: "03-05-24"}, func(c Cell) (string, string) { return cellShown(c), "" }, "2024-03-05", false},
		// An id in a number cell formatted 00-00-00 looks like the default
		// date format; it was read as the date of serial 123456.
		"sms id shown 00-00-00": {Cell{Raw: "123456", Text: "12-34-56"}, func(c Cell) (string, string) { return cellShown(c), "" }, "12-34-56", false},
		// The same in a roster's text column (crm_id): it was written to the
		// platform as 2238-01-03, and 20240301 shown 0000-00-00 as 57316-01-22.
		"text id shown 00-00-00":   {Cell{Raw: "123456", Text: "12-34-56"}, func(c Cell) (string, string) { return cellText(c), "" }, "12-34-56", false},
		"text id shown 0000-00-00": {Cell{Raw: "20240301", Text: "2024-03-01"}, func(c Cell) (string, string) { return cellText(c), "" }, "2024-03-01", false},
		"text date own format":     {Cell{Raw: "45352", Text: "01/03/2024"}, func(c Cell) (string, string) { return cellText(c), "" }, "2024-03-01", false},
		"text date d-mmm-yy":       {Cell{Raw: "45352", Text: "1-Mar-24"}, func(c Cell) (string, string) { return cellText(c), "" }, "2024-03-01", false},
		"text date mmm-yy":         {Cell{Raw: "45352", Text: "Mar-24"}, func(c Cell) (string, string) { return cellText(c), "" }, "2024-03-01", false},
		// One group stood for the year, the month and the day at once.
		"text id 11-39-06":   {Cell{Raw: "113906", Text: "11-39-06"}, func(c Cell) (string, string) { return cellText(c), "" }, "11-39-06", false},
		"text id 12-05-29":   {Cell{Raw: "120529", Text: "12-05-29"}, func(c Cell) (string, string) { return cellText(c), "" }, "12-05-29", false},
		"text id 1147-05-67": {Cell{Raw: "11470567", Text: "1147-05-67"}, func(c Cell) (string, string) { return cellText(c), "" }, "1147-05-67", false},
		"text id 1377-20-06": {Cell{Raw: "13772006", Text: "1377-20-06"}, func(c Cell) (string, string) { return cellText(c), "" }, "1377-20-06", false},
		"date shown as time": {Cell{Raw: "46357.4375", Text: "10:30"}, func(c Cell) (string, string) { return cellText(c), "" }, "2026-12-01 10:30:00", false},
		"date cell as time":  {Cell{Raw: "46357.4375", Text: "10:30 AM"}, cellDate, "2026-12-01 10:30:00", false},
		"text date and time": {Cell{Raw: "45352.5", Text: "2024/3/1 12:00"}, func(c Cell) (string, string) { return cellText(c), "" }, "2024-03-01 12:00:00", false},
		// Chinese date displays (built-in formats 31, 57, 58, 32 in a
		// Chinese Excel, or formats of the sheet's own).
		"text date 年月日":         {Cell{Raw: "46357", Text: "2026年12月1日"}, func(c Cell) (string, string) { return cellText(c), "" }, "2026-12-01", false},
		"text date 년월일":         {Cell{Raw: "46357", Text: "2026년 12월 1일"}, func(c Cell) (string, string) { return cellText(c), "" }, "2026-12-01", false},
		"text date 月日":          {Cell{Raw: "46357", Text: "12月1日"}, func(c Cell) (string, string) { return cellText(c), "" }, "2026-12-01", false},
		"text date 时分":          {Cell{Raw: "46357.5", Text: "下午12时00分"}, func(c Cell) (string, string) { return cellText(c), "" }, "2026-12-01 12:00:00", false},
		"text id shown 年月":      {Cell{Raw: "202612", Text: "2026年12月"}, func(c Cell) (string, string) { return cellText(c), "" }, "2026年12月", false},
		"text wrong day 年月日":    {Cell{Raw: "46357", Text: "2026年12月2日"}, func(c Cell) (string, string) { return cellText(c), "" }, "2026年12月2日", false},
		"date cell 年月日":         {Cell{Raw: "46357", Text: "2026年12月1日"}, cellDate, "2026-12-01", false},
		"sms sci digits":        {Cell{Raw: "13812345678", Text: "1.38E+10"}, func(c Cell) (string, string) { return cellShown(c), "" }, "13812345678", false},
		"18 digits in a number": {Cell{Raw: "1.1010119900307101E+17", Text: "1.10101E+17"}, cellPhone, "", true},
		"code lost digits":      {Cell{Raw: "6.2220212345678899E+18", Text: "6.22202E+18"}, Field{Kind: KindCode}.Convert, "", true},
		"text lost digits":      {Cell{Raw: "1.1010119900307101E+17", Text: "1.10101E+17"}, Field{Kind: KindText}.Convert, "", true},
		"15 digits exact":       {Cell{Raw: "110101199003071", Text: "1.10101E+14"}, Field{Kind: KindText}.Convert, "110101199003071", false},
		"email double dot":      {Cell{Raw: "first..last@example.com", Text: "first..last@example.com"}, Field{Kind: KindEmail}.Convert, "", true},
		"email trailing dot":    {Cell{Raw: "trail.@example.com", Text: "trail.@example.com"}, Field{Kind: KindEmail}.Convert, "", true},
		"email plain":           {Cell{Raw: "ann.lee@example.com", Text: "ann.lee@example.com"}, Field{Kind: KindEmail}.Convert, "ann.lee@example.com", false},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got, rule := tc.fn(tc.cell)
			if got != tc.want || (rule != "") != tc.rule {
				t.Errorf("got %q rule %q; want %q rule? %v", got, rule, tc.want, tc.rule)
			}
		})
	}
}

// TestCellTextIDsNotDates: no six-digit id shown through 00-00-00 is read as
// a date (27 were: one group stood for the year, the month and the day).
func TestCellTextIDsNotDates(t *testing.T) {
	t.Parallel()
	for v := 100000; v <= 999999; v++ {
		shown := fmt.Sprintf("%02d-%02d-%02d", v/10000, v/100%100, v%100)
		if got := cellText(Cell{Raw: strconv.Itoa(v), Text: shown}); got != shown {
			t.Fatalf("id %d shown %s read as %s", v, shown, got)
		}
	}
}

// A number that looks right but is refused names what is wrong with it:
// full-width digits (typed with a Chinese or Japanese input method) and an
// apostrophe that is part of the text read "is not a phone number".
func TestCellPhone_namesWhatIsWrong(t *testing.T) {
	t.Parallel()
	for text, want := range map[string]string{
		"１３８００１３８００４":    "has full-width digits (０-９); type the number with ASCII digits 0-9 (Excel's ASC function converts them)",
		"138００138004":    "has full-width digits",
		"'13800138001":   "starts with an apostrophe that is part of the cell's text (a text marker a spreadsheet adds is not stored); remove the apostrophe",
		"138'00138001":   "is not a phone number (digits, an optional leading +)",
		"call 138001380": "is not a phone number (digits, an optional leading +)",
		// Other characters of a Chinese or Japanese input method.
		"＋8613800138002": `has the full-width character '＋'; type the number with ASCII characters`,
		"138　0013　8003":  `has the full-width character '\u3000'`,
		"138－0013－8005":  `has the full-width character '－'`,
		"’13800138004":   "starts with an apostrophe that is part of the cell's text",
	} {
		if got, rule := cellPhone(Cell{Raw: text, Text: text}); got != "" || !strings.HasPrefix(rule, want) {
			t.Errorf("%q: %q, rule %q; want one starting %q", text, got, rule, want)
		}
	}
}

// TestRoster_dateInNumberColumn: a number typed into a General cell that
// the spreadsheet turned into a date (3/12 → 12-Mar) is stored as the
// date's serial number; it was read as that number (user_num 45363) without
// a word. A number column refuses it, naming the cell; a text column
// (crm_id) still reads the date as yyyy-mm-dd, and a number shown through
// a format of digits (0-0000) is still its number.
func TestRoster_dateInNumberColumn(t *testing.T) {
	t.Parallel()
	f := excelize.NewFile()
	sh := "Agents"
	_ = f.SetSheetName("Sheet1", sh)
	header := []any{"user_num", "user_name", "user_password", "user_sms_phone", "fixed_phone", "dept_id", "max_sessions", "queue_ids", "crm_id"}
	_ = f.SetSheetRow(sh, "A1", &header)
	day := time.Date(2024, 3, 12, 0, 0, 0, 0, time.UTC)
	rows := [][]any{
		{day, "D1", "pwpwpw1"},
		{7202, "D2", "pwpwpw1", day, nil, time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(1900, 1, 5, 0, 0, 0, 0, time.UTC), day},
		{7203, "D3", "pwpwpw1", nil, 12345, nil, nil, nil, day},
	}
	for i, r := range rows {
		_ = f.SetSheetRow(sh, cellRef(1, i+2), &r)
	}
	for ref, format := range map[string]string{"A2": "d-mmm", "D3": "yyyy/m/d", "F3": "yyyy-mm-dd", "G3": "m/d/yy", "H3": "d-mmm-yy", "E4": "0-0000", "I4": "d-mmm"} {
		id, err := f.NewStyle(&excelize.Style{CustomNumFmt: &format})
		if err != nil {
			t.Fatal(err)
		}
		_ = f.SetCellStyle(sh, ref, ref, id)
	}
	path := filepath.Join(t.TempDir(), "dates.xlsx")
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	r, probs, err := ReadRoster(path)
	if err != nil {
		t.Fatal(err)
	}
	rule := dateRule
	want := []string{
		`Agents!A2: user_num "12-Mar" ` + rule("45363"),
		`Agents!D3: user_sms_phone "2024/3/12" ` + rule("45363"),
		`Agents!F3: dept_id "1900-01-01" ` + rule("1"),
		`Agents!G3: max_sessions "1/5/00" ` + rule("5"),
		`Agents!H3: queue_ids "12-Mar-24" ` + rule("45363"),
	}
	if d := cmp.Diff(want, problemLines(probs)); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
	if len(r.Rows) != 1 || r.Rows[0].Get("fixed_phone") != "12345" || r.Rows[0].Get("crm_id") != "2024-03-12" {
		t.Errorf("rows: %+v", r.Rows)
	}
}

// TestCellCode_lookalikes: an agent number that looks like an existing one
// and is not (full-width digits, an apostrophe typed before it, a
// zero-width space) was read as a new agent's number: plan said create,
// and --prune=delete deleted the agent it looked like. Scientific notation
// and an error value pasted as text were taken too. Each is refused the
// way the phone columns refuse them; numbers and codes still read.
func TestCellCode_lookalikes(t *testing.T) {
	t.Parallel()
	userNum, _ := FieldByName("user_num")
	for text, want := range map[string]string{
		"６００１":        "has full-width digits (０-９); type the number with ASCII digits 0-9 (Excel's ASC function converts them)",
		"60０1":        "has full-width digits",
		"6001\u200b":  "holds the invisible character U+200B (pasted with it, from a web page or a chat?); clear the cell and type the number again",
		"\ufeff6001":  "holds the invisible character U+FEFF",
		"'6002":       "starts with an apostrophe that is part of the cell's text (a text marker a spreadsheet adds is not stored); remove the apostrophe",
		"’6002":       "starts with an apostrophe",
		"＋6002":       `has the full-width character '＋'`,
		"1.23457E+11": "is in scientific notation and has lost digits; format the column as text and type the number again",
		"#N/A":        "is a spreadsheet error value (the result of a formula that failed, pasted as text), not a value; type the value",
		"#div/0!":     "is a spreadsheet error value",
		"60 01":       "must not contain blanks",
		"60\u00a001":  "must not contain blanks",
	} {
		if got, rule := userNum.Convert(Cell{Raw: text, Text: text}); got != "" || !strings.HasPrefix(rule, want) {
			t.Errorf("%q: %q, rule %q; want one starting %q", text, got, rule, want)
		}
	}
	for text, want := range map[string]string{"6001": "6001", "007": "007", "A-17": "A-17", "O'Brien": "O'Brien", "9002.0": "9002", "#7": "#7"} {
		if got, rule := userNum.Convert(Cell{Raw: text, Text: text}); got != want || rule != "" {
			t.Errorf("%q: %q, rule %q; want %q", text, got, rule, want)
		}
	}
	// The phone columns name an invisible character too.
	if _, rule := cellPhone(Cell{Raw: "13800138001\u200b", Text: "13800138001\u200b"}); !strings.HasPrefix(rule, "holds the invisible character U+200B") {
		t.Errorf("phone with a zero-width space: rule %q", rule)
	}
}

// TestRoster_numberPasswordShownThroughAFormat: a number typed into the
// password column was set as the sheet shows it, formatting included
// (1234567 in a #,##0 column became "1,234,567"; 20240312 shown through
// 0000-00-00 became "2024-03-12"), and no plan shows a password. Such a
// cell is refused without echoing it; a number shown as typed still reads.
func TestRoster_numberPasswordShownThroughAFormat(t *testing.T) {
	t.Parallel()
	f := excelize.NewFile()
	sh := "Agents"
	_ = f.SetSheetName("Sheet1", sh)
	rows := [][]any{
		{"user_num", "user_name", "user_password"},
		{7701, "PW", 1234567},
		{7702, "PW2", 20240312},
		{7703, "PW3", time.Date(2024, 3, 12, 0, 0, 0, 0, time.UTC)},
		{7704, "PW4", 7654321},
		{7705, "PW5", "1,234,567"},
	}
	for i, r := range rows {
		_ = f.SetSheetRow(sh, cellRef(1, i+1), &r)
	}
	for ref, format := range map[string]string{"C2": "#,##0", "C3": "0000-00-00", "C4": "yyyy-mm-dd"} {
		id, err := f.NewStyle(&excelize.Style{CustomNumFmt: &format})
		if err != nil {
			t.Fatal(err)
		}
		_ = f.SetCellStyle(sh, ref, ref, id)
	}
	path := filepath.Join(t.TempDir(), "pw.xlsx")
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	r, probs, err := ReadRoster(path)
	if err != nil {
		t.Fatal(err)
	}
	rule := `user_password "***" is a number that the sheet shows through a number or date format, not as typed, and the password would be set to the text shown; ` +
		`format the column as Text and type the password again`
	want := []string{"Agents!C2: " + rule, "Agents!C3: " + rule, "Agents!C4: " + rule}
	if d := cmp.Diff(want, problemLines(probs)); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
	var got []string
	for _, row := range r.Rows {
		got = append(got, row.Get("user_password"))
	}
	if d := cmp.Diff([]string{"7654321", "1,234,567"}, got); d != "" {
		t.Errorf("passwords read (-want +got):\n%s", d)
	}
}

// A problem quotes a long cell by its start and length: a 600-character
// paste into user_status made one error line of about 1,900 characters.
func TestProblem_longValueClipped(t *testing.T) {
	long := strings.Repeat("在职", 300)
	got := Problem{Sheet: "Agents", Cell: "J2", Field: "user_status", Value: long, HasValue: true, Rule: "must be 1, 2 or 3"}.String()
	want := `Agents!J2: user_status "` + strings.Repeat("在职", 30) + `"… (600 characters) must be 1, 2 or 3`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	short := Problem{Sheet: "Agents", Cell: "C7", Field: "user_email", Value: "x@", HasValue: true, Rule: "is not an e-mail address"}.String()
	if short != `Agents!C7: user_email "x@" is not an e-mail address` {
		t.Errorf("short value: %s", short)
	}
}

// book1904 writes rows into sheet sh of a workbook that counts dates from
// 1904 (Excel for Mac's older workbooks, or Excel's "Use 1904 date system"
// option), with a number format on some cells. Numbers are written as the
// serials the workbook stores.
func book1904(t *testing.T, sh string, rows [][]any, formats map[string]any) string {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	yes := true
	if err := f.SetWorkbookProps(&excelize.WorkbookPropsOptions{Date1904: &yes}); err != nil {
		t.Fatal(err)
	}
	_ = f.SetSheetName("Sheet1", sh)
	for i, r := range rows {
		_ = f.SetSheetRow(sh, cellRef(1, i+1), &r)
	}
	for ref, format := range formats {
		style := &excelize.Style{}
		switch v := format.(type) {
		case int:
			style.NumFmt = v
		case string:
			style.CustomNumFmt = &v
		}
		id, err := f.NewStyle(style)
		if err != nil {
			t.Fatal(err)
		}
		_ = f.SetCellStyle(sh, ref, ref, id)
	}
	path := filepath.Join(t.TempDir(), "1904.xlsx")
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestRoster_1904DateSystem: a workbook in the 1904 date system stores
// 12 March 2026 as 44631 (46093 in the 1900 system). Its serials were read
// as 1900 ones: 44631 was 11 March 2022, which "12-Mar" does not show, so a
// date typed into user_num was taken for agent 44631 (the same sheet in a
// 1900 workbook is refused), and a date in a text column was not turned into
// yyyy-mm-dd (crm_id 2026-11-24 read as 11-24-26, an update to plan). The
// serials are read in the workbook's date system now. Serials below 61
// (January and February 1904) are shown by the reader with the 1900
// system's quirks (1 as 1900-01-03): they read as their 1904 date.
func TestRoster_1904DateSystem(t *testing.T) {
	t.Parallel()
	path := book1904(t, "Agents", [][]any{
		{"user_num", "user_name", "user_password", "dept_id", "crm_id", "ag_nickname"},
		{44631, "Typed 3/12", "Passw0rd!x", 44631},
		{7302, "B", "Passw0rd!x", nil, 44888, 44888},
		{7303, "C", "Passw0rd!x", 1, 44888.375, 1},
		{7304, "D", "Passw0rd!x", nil, 59, 60},
	}, map[string]any{
		"A2": "d-mmm", "D2": "d-mmm",
		"E3": 14, "F3": "dd/mm/yyyy",
		"D4": "yyyy-mm-dd", "E4": "yyyy-mm-dd hh:mm:ss", "F4": "yyyy-mm-dd",
		"E5": "yyyy-mm-dd", "F5": "yyyy-mm-dd",
	})
	r, probs, err := ReadRoster(path)
	if err != nil {
		t.Fatal(err)
	}
	rule := dateRule
	want := []string{
		`Agents!A2: user_num "12-Mar" ` + rule("44631"),
		`Agents!D2: dept_id "12-Mar" ` + rule("44631"),
		`Agents!D4: dept_id "1900-01-03" ` + rule("1"),
	}
	if d := cmp.Diff(want, problemLines(probs)); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
	got := map[string][2]string{}
	for _, row := range r.Rows {
		got[row.Get("user_num")] = [2]string{row.Get("crm_id"), row.Get("ag_nickname")}
	}
	wantRows := map[string][2]string{
		"7302": {"2026-11-24", "2026-11-24"},
		"7304": {"1904-02-29", "1904-03-01"},
	}
	if d := cmp.Diff(wantRows, got); d != "" {
		t.Errorf("values (-want +got):\n%s", d)
	}
}

// TestRecipients_1904DateSystem: in a recipient list in the 1904 date
// system, a date in Excel's default date format (which follows each
// reader's locale) comes back as yyyy-mm-dd, as in a 1900 workbook; it
// was left as the reader's 11-24-26.
func TestRecipients_1904DateSystem(t *testing.T) {
	t.Parallel()
	path := book1904(t, "Recipients", [][]any{
		{"mobile", "name", "date"},
		{"13800000000", "Ann", 44888},
		{"13800000001", "Bob", 1},
		{"13800000002", "Cy", 46350.5},
	}, map[string]any{"C2": 14, "C3": 14, "C4": "dd/mm/yyyy"})
	list, probs, err := ReadRecipients(path, []string{"name", "date"}, "open")
	if err != nil || len(probs) > 0 {
		t.Fatal(err, problemLines(probs))
	}
	var got []string
	for _, row := range list.Rows {
		got = append(got, row.Params[1])
	}
	// A date in a format of the sheet's own keeps its display.
	if d := cmp.Diff([]string{"2026-11-24", "1904-01-02", "25/11/2030"}, got); d != "" {
		t.Errorf("dates (-want +got):\n%s", d)
	}
}

// TestReaders_cjkBuiltInDateFormats: Excel's built-in number formats 27-36
// and 50-58 are dates and times whose display depends on the language of
// Excel (or WPS): in Chinese, 31 is yyyy年m月d日 and 57 yyyy年m月. ccsync
// read such a date as its serial number: "on 46357.5." was sent, and a
// roster's crm_id became "46357". They read as the Chinese Excel shows
// them now: as shown in a recipient list, as yyyy-mm-dd in a roster's text
// column, refused in a number column; other formats read as before.
func TestReaders_cjkBuiltInDateFormats(t *testing.T) {
	t.Parallel()
	day := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	book := func(sh string, rows [][]any, formats map[string]int) string {
		f := excelize.NewFile()
		defer f.Close()
		_ = f.SetSheetName("Sheet1", sh)
		for i, r := range rows {
			_ = f.SetSheetRow(sh, cellRef(1, i+1), &r)
		}
		for ref, id := range formats {
			style, err := f.NewStyle(&excelize.Style{NumFmt: id})
			if err != nil {
				t.Fatal(err)
			}
			_ = f.SetCellStyle(sh, ref, ref, style)
		}
		path := filepath.Join(t.TempDir(), "cjk.xlsx")
		if err := f.SaveAs(path); err != nil {
			t.Fatal(err)
		}
		return path
	}
	recip := book("Recipients", [][]any{
		{"mobile", "date"},
		{"13800000001", day},
		{"13800000002", day},
		{"13800000003", day},
		{"13800000004", day},
		{"13800000005", day},
	}, map[string]int{"B2": 31, "B3": 57, "B4": 58, "B5": 14, "B6": 22})
	l, probs, err := ReadRecipients(recip, []string{"date"}, "open")
	if err != nil || len(probs) != 0 {
		t.Fatalf("%v %q", err, problemLines(probs))
	}
	got := firstParams(l, false)
	if d := cmp.Diff([]string{"2026年12月1日", "2026年12月", "12月1日", "2026-12-01", "12/1/26 00:00"}, got); d != "" {
		t.Errorf("recipient dates (-want +got):\n%s", d)
	}

	roster := book("Agents", [][]any{
		{"user_num", "user_name", "crm_id", "dept_id"},
		{9001, "Ann", day},
		{9002, "Bob", day.Add(9*time.Hour + 30*time.Minute)},
		{9003, "Cy", day},
		{9004, "Di", nil, day},
	}, map[string]int{"C2": 31, "C3": 32, "C4": 57, "D5": 31})
	r, probs, err := ReadRoster(roster)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`Agents!D5: dept_id "2026年12月1日" is a date (the spreadsheet turned what was typed into a date, stored as the number 46357), not a number; ` +
		"format the column as text (or as a number) and type the value again"}
	if d := cmp.Diff(want, problemLines(probs)); d != "" {
		t.Errorf("roster problems (-want +got):\n%s", d)
	}
	got = nil
	for _, row := range r.Rows {
		got = append(got, row.Get("crm_id"))
	}
	if d := cmp.Diff([]string{"2026-12-01", "2026-12-01 09:30:00", "2026-12-01"}, got[:3]); d != "" {
		t.Errorf("crm_id (-want +got):\n%s", d)
	}
}

// TestReaders_isoDateCells: a date cell may hold its date as ISO 8601 text
// (type "d"), as SheetJS writes dates with cellDates. ccsync read it as
// excelize displays the default date format, "12-01-26": a roster wrote
// that to crm_id, an SMS carried it. It reads as any date cell now:
// yyyy-mm-dd (with the time when it has one) in a roster's text column and
// for the default date format in a recipient list, and as the sheet's own
// format shows it otherwise.
func TestReaders_isoDateCells(t *testing.T) {
	t.Parallel()
	f := excelize.NewFile()
	_ = f.SetSheetName("Sheet1", "Agents")
	rows := [][]any{{"user_num", "user_name", "crm_id"}, {9001, "Ann", "x"}, {9002, "Bob", "x"}, {9003, "Cy", "x"}}
	for i, r := range rows {
		_ = f.SetSheetRow("Agents", cellRef(1, i+1), &r)
	}
	short, _ := f.NewStyle(&excelize.Style{NumFmt: 14})
	own := "dd/mm/yyyy hh:mm"
	long, _ := f.NewStyle(&excelize.Style{CustomNumFmt: &own})
	_ = f.SetCellStyle("Agents", "C2", "C3", short)
	_ = f.SetCellStyle("Agents", "C4", "C4", long)
	path := filepath.Join(t.TempDir(), "isodates.xlsx")
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	f.Close()
	rewriteCells(t, path, map[string]string{
		"C2": fmt.Sprintf(`<c r="C2" s="%d" t="d"><v>2026-12-01T00:00:00.000Z</v></c>`, short),
		"C3": fmt.Sprintf(`<c r="C3" s="%d" t="d"><v>2026-12-01T09:30:00Z</v></c>`, short),
		"C4": fmt.Sprintf(`<c r="C4" s="%d" t="d"><v>2026-12-01T09:30:00.000Z</v></c>`, long),
	})
	r, probs, err := ReadRoster(path)
	if err != nil || len(probs) != 0 {
		t.Fatalf("%v %q", err, problemLines(probs))
	}
	var got []string
	for _, row := range r.Rows {
		got = append(got, row.Get("crm_id"))
	}
	if d := cmp.Diff([]string{"2026-12-01", "2026-12-01 09:30:00", "2026-12-01 09:30:00"}, got); d != "" {
		t.Errorf("crm_id (-want +got):\n%s", d)
	}

	for i, c := range []Cell{{Raw: "46357", Text: "12-01-26"}, {Raw: "46357.395833333336", Text: "01/12/2026 09:30"}} {
		if got, want := cellShown(c), []string{"2026-12-01", "01/12/2026 09:30"}[i]; got != want {
			t.Errorf("cellShown(%v) = %q, want %q", c, got, want)
		}
	}
	if s, ok := isoSerial("2026-12-01T09:30:00.000Z", false); !ok || s != "46357.395833333336" {
		t.Errorf("isoSerial: %q %v", s, ok)
	}
	if s, ok := isoSerial("2026-12-01", true); !ok || s != "44895" {
		t.Errorf("isoSerial 1904: %q %v", s, ok)
	}
	// Dates past 2192 (a Duration's reach from 1900) each read as their own
	// serial: they all read as 2192-04-11's, 106751.99116730066.
	for v, want := range map[string]string{"2193-06-30": "107199", "9999-12-31": "2958465", "9999-12-31T12:00:00Z": "2958465.5"} {
		if s, ok := isoSerial(v, false); !ok || s != want {
			t.Errorf("isoSerial(%q) = %q %v, want %s", v, s, ok, want)
		}
	}
	for _, v := range []string{"2026-12-01 soon", "12-01-26", "46357", "1900-01-15"} {
		if s, ok := isoSerial(v, false); ok {
			t.Errorf("isoSerial(%q) = %q", v, s)
		}
	}
}

// dateRule is the rule a number cell turned into a date breaks, for the
// date stored as serial.
func dateRule(serial string) string {
	return "is a date (the spreadsheet turned what was typed into a date, stored as the number " + serial + "), not a number; " +
		"format the column as text (or as a number) and type the value again"
}
