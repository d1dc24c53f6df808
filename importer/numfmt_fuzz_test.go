package importer

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
)

// FuzzNumberFormat: a workbook whose cells have a custom number format of
// any code is read without a panic; the marks of the stand-in formats
// (localGeneral) never reach a cell's value; a cell whose format is not
// rewritten reads as the reader (excelize) shows it; a number through a
// zero stand-in reads as the sheet shows it (the original format's text
// for a number other than zero, the zero section's text for zero), and
// one through a stand-in for an unshown format reads as its stored number
// with the format named.
func FuzzNumberFormat(f *testing.F) {
	for _, code := range []string{
		"0", "G/通用格式", `G/通用格式"元"`, "[DBNum1]0", `#,##0;-#,##0;"-"`, `"是";"是";"否"`, `0.00_ ;[红色]\-0.00\ `,
		`[<=9999999]###-####;(###) ###-####`, `[$-F800]dddd, mmmm dd, yyyy`, `G/通用格式;-G/通用格式;0;@"先生"`,
		`0;-0;"-"??;@`, `0\`, `0_`, `0*`, `@`, `;;;`, `"`, `0;;"zero"`, `[Red];;"z"`, `0_);(0);"-"_)`,
		`0_;-0;"-"`, `#,##0* ;-#,##0* ;"-"* `, `0*;;"-"`, `[Red]0;[Blue]-0;[Green]"z"`, `0;-0;"-";"x"@`, `0;-0;;@`,
		`0\;-0;"-"`, `0";-0;"-"`, `[>0]0;-0;"-"`, `yyyy-mm-dd;;"无"`, `0%;-0%;"-"`, `0.0E+00;;"-"`, `@;@;"-"`, `General;-General;"-"`,
	} {
		f.Add(code, 1234.5, "text")
	}
	f.Add("0;-0;\"零\"", 0.0, "x")
	f.Add("0;-0;\"零\"", -3.0, "x")
	f.Fuzz(func(t *testing.T, code string, x float64, text string) {
		if strings.Contains(code, "ccsync") || strings.Contains(text, "ccsync") || len(code) > 255 || len(text) > 200 ||
			!xmlText(code) || !xmlText(text) {
			t.Skip()
		}
		book := excelize.NewFile()
		defer book.Close()
		style, err := book.NewStyle(&excelize.Style{CustomNumFmt: &code})
		if err != nil {
			t.Skip()
		}
		row := []any{x, 0, -x, text, 1}
		if err := book.SetSheetRow("Sheet1", "A1", &row); err != nil {
			t.Skip()
		}
		if err := book.SetCellStyle("Sheet1", "A1", "E1", style); err != nil {
			t.Skip()
		}
		path := filepath.Join(t.TempDir(), "in.xlsx")
		if err := book.SaveAs(path); err != nil {
			t.Skip()
		}

		// What the reader shows through the original format.
		plain, err := excelize.OpenFile(path, openOptions)
		if err != nil {
			t.Fatal(err)
		}
		shownRows, err := plain.GetRows("Sheet1")
		plain.Close()
		if err != nil || len(shownRows) != 1 {
			t.Skipf("excelize reads %d rows: %v", len(shownRows), err)
		}
		shown := shownRows[0]

		r, err := openSheet(context.Background(), path, "Sheet1")
		if err != nil {
			t.Fatalf("open: %v", err)
		}
		defer r.Close()
		_, cells, ok, err := r.Next()
		if err != nil || !ok {
			t.Fatalf("Next: ok %v, err %v", ok, err)
		}
		for i, c := range cells {
			for _, mark := range []string{unshownMark, zeroMark, "ccsync"} {
				if strings.Contains(c.Text, mark) || strings.Contains(c.Raw, mark) {
					t.Fatalf("format %q: cell %d (%v) reads %+v, with a stand-in's mark", code, i, row[i], c)
				}
			}
		}
		// Trailing empty cells are left out; blanks around a value do not count.
		for len(shown) < len(cells) {
			shown = append(shown, "")
		}
		for len(cells) < len(shown) {
			cells = append(cells, Cell{})
		}
		for i := range cells {
			cells[i].Text, shown[i] = strings.TrimSpace(cells[i].Text), strings.TrimSpace(shown[i])
		}
		orig := code
		_, isSys := systemFormat(orig)
		_, isUnshown := standIn(generalNamed(orig), 0)
		_, zero, isZero := zeroStandIn(generalNamed(orig), 0)
		switch {
		case isSys:
		case isUnshown:
			for i := range 3 {
				if i == 1 {
					continue
				}
				c := cells[i]
				if c.Unshown != orig || c.Text != c.Raw {
					t.Errorf("format %q (unshown): number %v reads %+v, want its stored number and the format", code, row[i], c)
				}
			}
		case isZero && oddSections(orig):
			// Not a format a spreadsheet writes: a number section with the
			// text (@), or a padding or fill (_ *) before a semicolon, which
			// a spreadsheet takes as the padding's character.
		case isZero:
			if cells[1].Text != strings.TrimSpace(zero) {
				t.Errorf("format %q: zero reads %q, want the zero section's %q", code, cells[1].Text, zero)
			}
			if generalNamed(orig) == orig {
				for _, i := range []int{0, 2, 3} {
					if i == 0 && x == 0 || i == 2 && -x == 0 {
						continue
					}
					if cells[i].Text != shown[i] {
						t.Errorf("format %q (zero stand-in): %v reads %q; through the format, the reader shows %q", code, row[i], cells[i].Text, shown[i])
					}
				}
			}
		case generalNamed(orig) == orig:
			for i := range cells {
				if cells[i].Text != shown[i] {
					t.Errorf("format %q (kept): %v reads %q; the reader shows %q", code, row[i], cells[i].Text, shown[i])
				}
			}
		}
	})
}

// oddSections: one of code's number sections holds the text (@) or ends
// in a padding or a fill without its character.
func oddSections(code string) bool {
	for i, sec := range splitSections(code) {
		if i < 3 && (strings.Contains(sec, "@") || strings.HasSuffix(sec, "_") || strings.HasSuffix(sec, "*")) {
			return true
		}
	}
	return false
}

// xmlText: s can be held in an XML part (a workbook's styles and strings):
// UTF-8 without the control characters XML 1.0 leaves out.
func xmlText(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF {
			return false
		}
	}
	return true
}
