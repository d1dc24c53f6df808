package importer

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/xuri/excelize/v2"
)

// rewriteCells replaces cells of the first worksheet of the workbook at
// path by the XML given by reference ("D2", `<c r="D2">...</c>`), as
// another program would have written them.
func rewriteCells(t *testing.T, path string, cells map[string]string) {
	t.Helper()
	rewritePart(t, path, "xl/worksheets/sheet1.xml", func(s string) string {
		for ref, x := range cells {
			re := regexp.MustCompile(`<c r="` + ref + `"[^>]*>.*?</c>`)
			if !re.MatchString(s) {
				t.Fatalf("no cell %s in:\n%s", ref, s)
			}
			s = re.ReplaceAllLiteralString(s, x)
		}
		return s
	})
}

// rewritePart replaces the part name of the workbook at path by what edit
// makes of it.
func rewritePart(t *testing.T, path, name string, edit func(string) string) {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "rewritten.xlsx")
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for _, zf := range zr.File {
		rc, err := zf.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		if zf.Name == name {
			b = []byte(edit(string(b)))
		}
		w, _ := zw.Create(zf.Name)
		_, _ = w.Write(b)
	}
	zr.Close()
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if err := os.Rename(out, path); err != nil {
		t.Fatal(err)
	}
}

// TestReaders_formulaWithoutSavedValue: a workbook written by a program
// (openpyxl, excelize, a report generator) holds formulas without their
// results until a spreadsheet opens and saves it. ccsync read such a cell
// as empty: "leave as it is" in a roster, a missing value in a recipient
// list. It is now refused, naming the cell. A formula with a saved result,
// an empty text result included, reads as that result.
func TestReaders_formulaWithoutSavedValue(t *testing.T) {
	t.Parallel()
	path := writeBook(t, "Agents", [][]any{
		{"user_num", "user_name", "dept_id", "ag_nickname", "crm_id"},
		{"9001", "Ann", 3, "Annie", "c-1"},
		{"9002", "Bob", 3, "Bobby", "c-2"},
	})
	// C3: a formula written without a result (excelize, report
	// generators); D2: with an empty <v/>, as openpyxl writes it; D3: an
	// empty text result, as a spreadsheet saves it (t="str"); E2: a saved
	// result.
	rewriteCells(t, path, map[string]string{
		"C3": `<c r="C3"><f>1+2</f></c>`,
		"D2": `<c r="D2"><f>B2&amp;"ie"</f><v></v></c>`,
		"D3": `<c r="D3" t="str"><f>""</f><v></v></c>`,
		"E2": `<c r="E2" t="str"><f>"c-"&amp;9</f><v>c-9</v></c>`,
	})
	rows := map[string]AgentRow{}
	probs, err := ScanRoster(path, func(_ *Roster, r AgentRow) { rows[r.Get("user_num")] = r }, &Roster{})
	if err != nil {
		t.Fatal(err)
	}
	const rule = " is a formula whose result was never saved (the workbook was written by a program and not opened in a spreadsheet since); " +
		"ccsync reads saved values: open and save the workbook in a spreadsheet, or replace the formula by its value"
	if d := cmp.Diff([]string{"Agents!D2: ag_nickname" + rule, "Agents!C3: dept_id" + rule}, problemLines(probs)); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
	if got := rows["9001"].Get("crm_id"); got != "c-9" {
		t.Errorf("a saved formula result reads %q, want c-9", got)
	}
}

// TestReaders_formulaRecalculatedOnOpen: xlsxwriter (and pandas through
// it) saves 0 as every formula's result and asks the spreadsheet to
// calculate them all when it opens the workbook (fullCalcOnLoad); Excel
// shows the real values. ccsync read the 0: "Dear 0, your code ..." was
// sent and a roster renamed agent 9001 "0". In such a workbook every
// formula is refused, naming the cell, even with a saved value; the cells
// without a formula read as before.
func TestReaders_formulaRecalculatedOnOpen(t *testing.T) {
	t.Parallel()
	path := writeBook(t, "Recipients", [][]any{
		{"mobile", "name", "code"},
		{"13800000001", "Ann", "A17"},
		{"13800000002", "Bob", "X9"},
	})
	rewriteCells(t, path, map[string]string{
		"C2": `<c r="C2"><f>"A"&amp;"17"</f><v>0</v></c>`,
		"B3": `<c r="B3" t="str"><f>UPPER("bob")</f><v>BOB</v></c>`,
	})
	recalc := func(s string) string {
		return regexp.MustCompile(`<calcPr[^>]*/>|</workbook>`).ReplaceAllStringFunc(s, func(m string) string {
			if m == "</workbook>" {
				return `<calcPr calcId="124519" fullCalcOnLoad="1"/>` + m
			}
			return ""
		})
	}
	const rule = " is a formula in a workbook that asks to have every formula calculated when it is opened (written by a program such as xlsxwriter or pandas): " +
		"the value saved with it is a stand-in (0), not its result, and ccsync reads saved values; open the workbook in a spreadsheet, " +
		"copy the formula cells and paste them as values (Paste Special, Values), and save (converting the file, with LibreOffice for one, keeps the stand-in)"

	// Without the request the saved values are the results.
	l, probs, err := ReadRecipients(path, []string{"name", "code"}, "open")
	if err != nil || len(probs) != 0 {
		t.Fatalf("without fullCalcOnLoad: %v %q", err, problemLines(probs))
	}
	if got := l.Rows[1].Params[0]; got != "BOB" {
		t.Errorf("a saved result reads %q, want BOB", got)
	}
	rewritePart(t, path, "xl/workbook.xml", recalc)
	_, probs, err = ReadRecipients(path, []string{"name", "code"}, "open")
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{"Recipients!C2: code" + rule, "Recipients!B3: name" + rule}, problemLines(probs)); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}

	roster := writeBook(t, "Agents", [][]any{
		{"user_num", "user_name"},
		{9001, "Ann Smith"},
	})
	rewriteCells(t, roster, map[string]string{"B2": `<c r="B2"><f>PROPER("ann smith")</f><v>0</v></c>`})
	rewritePart(t, roster, "xl/workbook.xml", recalc)
	probs, err = ScanRoster(roster, func(*Roster, AgentRow) {}, &Roster{})
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{"Agents!B2: user_name" + rule}, problemLines(probs)); d != "" {
		t.Errorf("roster problems (-want +got):\n%s", d)
	}
}

// TestReaders_mergedCells: a merged range keeps its value in its first cell
// only; the others read as empty, which a roster takes for "leave as it is"
// and a recipient list for a missing value. Merged cells are refused,
// naming the range.
func TestReaders_mergedCells(t *testing.T) {
	t.Parallel()
	path := writeBook(t, "Recipients", [][]any{
		{"mobile", "name", "date"},
		{"13800000001", "Ann", "2026-12-01"},
		{"13800000002", "Bob"},
		{"13800000003", "Cy"},
	})
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.MergeCell("Recipients", "C2", "C4"); err != nil {
		t.Fatal(err)
	}
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, probs, err := ReadRecipients(path, []string{"name", "date"}, "open")
	if err != nil {
		t.Fatal(err)
	}
	want := "Recipients!C2:C4: is a merged cell: the spreadsheet shows the value of C2 across it, while each other cell reads as empty or as a value the merge hides; unmerge it and fill every cell"
	got := problemLines(probs)
	if len(got) == 0 || got[0] != want {
		t.Errorf("problems: %q, want first %q", got, want)
	}
}

// TestReaders_errorValues: a formula that failed keeps its error value
// (#N/A, #DIV/0!) as its saved result, in a cell of type "e"; a lookup
// without a match gives #N/A. ccsync read it as text: the recipient list
// sent "Dear #N/A, your appointment is on #DIV/0!" and the roster stored
// "#N/A" as a name. Such cells are now refused, naming the cell and the
// value, as LibreOffice and Excel save them.
func TestReaders_errorValues(t *testing.T) {
	t.Parallel()
	path := writeBook(t, "Recipients", [][]any{
		{"mobile", "name", "date"},
		{"13800000001", "Ann", "2026-12-01"},
		{"13800000002", "Bob", "2026-12-02"},
	})
	rewriteCells(t, path, map[string]string{
		"B3": `<c r="B3" s="0" t="e"><f aca="false">VLOOKUP(A3,Customers!$A$1:$B$2,2,0)</f><v>#N/A</v></c>`,
		"C3": `<c r="C3" t="e"><f>1/0</f><v>#DIV/0!</v></c>`,
	})
	_, probs, err := ReadRecipients(path, []string{"name", "date"}, "open")
	if err != nil {
		t.Fatal(err)
	}
	const rule = " (a formula that failed), not a value; correct the formula or type the value"
	want := []string{"Recipients!B3: name holds the error value #N/A" + rule, "Recipients!C3: date holds the error value #DIV/0!" + rule}
	if d := cmp.Diff(want, problemLines(probs)); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}

	roster := writeBook(t, "Agents", [][]any{
		{"user_num", "user_name", "dept_id"},
		{"9001", "Ann", 3},
	})
	rewriteCells(t, roster, map[string]string{"B2": `<c r="B2" t="e"><v>#N/A</v></c>`}) // a constant error, no formula
	probs, err = ScanRoster(roster, func(*Roster, AgentRow) {}, &Roster{})
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{"Agents!B2: user_name holds the error value #N/A" + rule}, problemLines(probs)); d != "" {
		t.Errorf("roster problems (-want +got):\n%s", d)
	}
}

// TestMentions_acrossBlocks: the byte search finds a mark that straddles
// two blocks it reads.
func TestMentions_acrossBlocks(t *testing.T) {
	t.Parallel()
	for _, at := range []int{0, 1<<20 - 4, 1<<20 + 12, 3 << 20} {
		b := bytes.Repeat([]byte("x"), 3<<20+100)
		copy(b[at:], "mergeCell")
		if ok, err := mentions(bytes.NewReader(b), quirkMarks); !ok || err != nil {
			t.Errorf("mark at %d: %v %v", at, ok, err)
		}
	}
	if ok, _ := mentions(bytes.NewReader(bytes.Repeat([]byte("<c r=\"A1\"><v>1</v></c>"), 1<<17)), quirkMarks); ok {
		t.Error("found a mark in a sheet without one")
	}
}

// TestRecipients_titleAboveHeadings: a title row above the headings ("December
// reminders") was read as the headings, and the problems said only that
// the mobile and variable columns were missing. They now say the row
// holds a title and what to do.
func TestRecipients_titleAboveHeadings(t *testing.T) {
	t.Parallel()
	path := writeBook(t, "Recipients", [][]any{
		{"December reminders"},
		{"mobile", "name", "date"},
		{"13800000001", "Ann", "2026-12-01"},
	})
	_, probs, err := ReadRecipients(path, []string{"name", "date"}, "open")
	if err != nil {
		t.Fatal(err)
	}
	want := `Recipients!A1:A1: "December reminders" is all that row 1 holds, and the first row that is not empty is taken for the headings: ` +
		"if it is a title, remove the rows above the headings so that they come first"
	if got := problemLines(probs); !slices.Contains(got, want) {
		t.Errorf("problems %q lack %q", got, want)
	}
}

// TestReaders_hiddenRows: a hidden row (by hand or by a filter) was read
// like the others: a recipient hidden to leave them out was sent the SMS,
// and a hidden roster row was created. A hidden row that holds values is
// now refused, naming it; an empty hidden row is no matter.
func TestReaders_hiddenRows(t *testing.T) {
	t.Parallel()
	path := writeBook(t, "Recipients", [][]any{
		{"mobile", "name", "date"},
		{"13800000001", "Ann", "2026-12-01"},
		{"13800000002", "Bob", "2026-12-02"},
		{"13800000003", "Cy", "2026-12-03"},
	})
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range []int{3, 7} { // 7 is empty
		if err := f.SetRowVisible("Recipients", row, false); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, probs, err := ReadRecipients(path, []string{"name", "date"}, "open")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Recipients!A3: row 3 is hidden (by hand or by a filter), and ccsync reads hidden rows like the others: unhide it to keep it, or delete it to leave it out"}
	if d := cmp.Diff(want, problemLines(probs)); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
}

// TestRoster_titleAboveHeadings: a title merged across the columns above
// the headings gave four problems (the merged cell, "is not a column", the
// title, "has no user_num column"), ranges reading Agents!A1:A1. The title
// alone is the problem now, at its cell, naming the headings' row. A single
// heading that is no column, with no headings below, is still named as such.
func TestRoster_titleAboveHeadings(t *testing.T) {
	t.Parallel()
	rule := func(title, cell string, row int) string {
		return fmt.Sprintf(`Agents!%s: %q is a title above the headings (row %d): ccsync takes the first row that is not empty for the headings; `+
			`delete the rows above row %d so that the headings come first`, cell, title, row, row)
	}
	for name, tc := range map[string]struct {
		rows  [][]any
		merge string
		want  []string
	}{
		"merged title": {[][]any{{"Agent roster – March 2025"}, {"user_num", "user_name", "user_password"}, {7301, "T1", "pwpwpw1"}}, "A1:C1",
			[]string{rule("Agent roster – March 2025", "A1", 2)}},
		"title, empty row": {[][]any{{"Agent roster – March 2025"}, {nil}, {"user_num", "user_name", "user_password"}, {7301, "T1", "pwpwpw1"}}, "",
			[]string{rule("Agent roster – March 2025", "A1", 3)}},
		"title in B": {[][]any{{nil, "Roster"}, {"User Num", "user_name"}, {7301, "T1"}}, "",
			[]string{rule("Roster", "B1", 2)}},
		"one unknown heading": {[][]any{{"usr_num"}, {7301}}, "", []string{
			`Agents!A1: "usr_num" is not a column of the agent roster (known columns: ` + knownColumns() + `)`,
			`Agents!A1:A1: "usr_num" ` + titleRule(1),
			`Agents!A1:A1: has no user_num column; every row is matched by user_num`,
		}},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path := writeBook(t, "Agents", tc.rows)
			if tc.merge != "" {
				f, err := excelize.OpenFile(path)
				if err != nil {
					t.Fatal(err)
				}
				first, last, _ := strings.Cut(tc.merge, ":")
				if err := f.MergeCell("Agents", first, last); err != nil {
					t.Fatal(err)
				}
				if err := f.Save(); err != nil {
					t.Fatal(err)
				}
				f.Close()
			}
			_, probs, err := ReadRoster(path)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tc.want, problemLines(probs)); d != "" {
				t.Errorf("problems (-want +got):\n%s", d)
			}
		})
	}
}

// TestReaders_strictOpenXML: Excel's "Strict Open XML Spreadsheet" names
// its parts' relationships in other namespaces
// (http://purl.oclc.org/ooxml/...); such a workbook failed with
// "worksheet Recipients: no part in the workbook". It reads as the same
// workbook saved as "Excel Workbook", its quirks (here a hidden row)
// found as well.
func TestReaders_strictOpenXML(t *testing.T) {
	t.Parallel()
	path := writeBook(t, "Recipients", [][]any{
		{"mobile", "name"},
		{int64(13800000001), "Ann"},
		{"13800000002", "Bob"},
		{"13800000003", "Cy"},
	})
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.SetRowVisible("Recipients", 4, false); err != nil {
		t.Fatal(err)
	}
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	strict := strings.NewReplacer(
		"http://schemas.openxmlformats.org/spreadsheetml/2006/main", "http://purl.oclc.org/ooxml/spreadsheetml/main",
		"http://schemas.openxmlformats.org/officeDocument/2006/relationships", "http://purl.oclc.org/ooxml/officeDocument/relationships",
		"http://schemas.openxmlformats.org/drawingml/2006/main", "http://purl.oclc.org/ooxml/drawingml/main",
	)
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, zf := range zr.File {
		names = append(names, zf.Name)
	}
	zr.Close()
	for _, name := range names {
		rewritePart(t, path, name, strict.Replace)
	}
	l, probs, err := ReadRecipients(path, []string{"name"}, "open")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Recipients!A4: row 4 is hidden (by hand or by a filter), and ccsync reads hidden rows like the others: unhide it to keep it, or delete it to leave it out"}
	if d := cmp.Diff(want, problemLines(probs)); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
	var got []string
	for _, r := range l.Rows {
		got = append(got, r.Mobile+" "+r.Params[0])
	}
	if d := cmp.Diff([]string{"13800000001 Ann", "13800000002 Bob", "13800000003 Cy"}, got); d != "" {
		t.Errorf("rows (-want +got):\n%s", d)
	}
}

// TestReaders_hiddenColumns: a hidden column was read like the others,
// while hidden rows and sheets are refused: a roster whose user_status
// column was hidden resigned an agent. A hidden column with a heading the
// reader reads is refused now, naming it at its heading; the rows are
// still checked. A hidden column without a heading is no matter.
func TestReaders_hiddenColumns(t *testing.T) {
	t.Parallel()
	hide := func(path, sheet string, cols ...string) {
		f, err := excelize.OpenFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cols {
			if err := f.SetColVisible(sheet, c, false); err != nil {
				t.Fatal(err)
			}
		}
		if err := f.Save(); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	const rule = ", which is hidden, and ccsync reads hidden columns like the others: unhide it to keep it, or delete it to leave it out"

	roster := writeBook(t, "Agents", [][]any{
		{"user_num", "user_name", "user_status"},
		{"9001", "Ann Again", "2 - resigned"},
		{"0042", "Zero Two", nil, nil, nil},
		{"x y", "Bad", nil},
	})
	hide(roster, "Agents", "C", "E")
	probs, err := ScanRoster(roster, func(*Roster, AgentRow) {}, &Roster{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`Agents!C1: "user_status" heads column C` + rule, `Agents!A4: user_num "x y" must not contain blanks`}
	if d := cmp.Diff(want, problemLines(probs)); d != "" {
		t.Errorf("roster problems (-want +got):\n%s", d)
	}

	recip := writeBook(t, "Recipients", [][]any{
		{"mobile", "name", "code"},
		{"13800000001", "Ann", "A1"},
	})
	hide(recip, "Recipients", "A", "C")
	_, probs, err = ReadRecipients(recip, []string{"name", "code"}, "open")
	if err != nil {
		t.Fatal(err)
	}
	want = []string{`Recipients!A1: "mobile" heads column A` + rule, `Recipients!C1: "code" heads column C` + rule}
	if d := cmp.Diff(want, problemLines(probs)); d != "" {
		t.Errorf("recipient problems (-want +got):\n%s", d)
	}
}

// TestReaders_zeroSizeColumnsAndRows: a column 0 wide or a row 0 high (as
// openpyxl writes one dragged shut, without the hidden mark) is shown
// hidden by a spreadsheet, and was read like the others: a roster whose
// user_status column was dragged shut resigned an agent. They are refused
// as hidden columns and rows are, saying why.
func TestReaders_zeroSizeColumnsAndRows(t *testing.T) {
	t.Parallel()
	roster := writeBook(t, "Agents", [][]any{
		{"user_num", "user_name", "user_status"},
		{"9001", "Ann Again", "2 - resigned"},
		{"9002", "Bob", nil},
		{"9003", "Cy", nil},
	})
	f, err := excelize.OpenFile(roster)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.SetColWidth("Agents", "C", "C", 0); err != nil {
		t.Fatal(err)
	}
	if err := f.SetColWidth("Agents", "B", "B", 0.5); err != nil { // narrow, not shut
		t.Fatal(err)
	}
	if err := f.SetRowHeight("Agents", 3, 0); err != nil {
		t.Fatal(err)
	}
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	probs, err := ScanRoster(roster, func(*Roster, AgentRow) {}, &Roster{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`Agents!C1: "user_status" heads column C, which is 0 wide (Excel shows it hidden), and ccsync reads hidden columns like the others: unhide it to keep it, or delete it to leave it out`,
		"Agents!A3: row 3 is 0 high (Excel shows it hidden), and ccsync reads hidden rows like the others: unhide it to keep it, or delete it to leave it out",
	}
	if d := cmp.Diff(want, problemLines(probs)); d != "" {
		t.Errorf("roster problems (-want +got):\n%s", d)
	}
}

// TestReaders_quirksNameTheirColumn: a cell refused for what it holds
// rather than for its value (a formula without a saved result, an error
// value) is named with its column's heading, as every other bad cell is
// ("Recipients!A3: mobile is a formula ..."): a sheet of 25 columns left
// the reader counting columns to learn which field D16 was. A cell
// under no heading the reader knows keeps the bare reference.
func TestReaders_quirksNameTheirColumn(t *testing.T) {
	t.Parallel()
	path := writeBook(t, "Recipients", [][]any{
		{"mobile", "name", "date"},
		{"13800000001", "Ann", "2026-12-01", "x"},
		{"13800000002", "Bob", "2026-12-02"},
	})
	rewriteCells(t, path, map[string]string{
		"A3": `<c r="A3"><f>13800000000+2</f></c>`,
		"D2": `<c r="D2" t="e"><v>#REF!</v></c>`,
	})
	_, probs, err := ReadRecipients(path, []string{"name", "date"}, "open")
	if err != nil {
		t.Fatal(err)
	}
	got := problemLines(probs)
	for _, want := range []string{
		"Recipients!A3: mobile is a formula whose result was never saved (the workbook was written by a program and not opened in a spreadsheet since); " +
			"ccsync reads saved values: open and save the workbook in a spreadsheet, or replace the formula by its value",
		"Recipients!D2: holds the error value #REF! (a formula that failed), not a value; correct the formula or type the value",
	} {
		if !slices.Contains(got, want) {
			t.Errorf("problems %q\nwant among them %q", got, want)
		}
	}
}
