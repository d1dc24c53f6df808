package importer

import (
	"path/filepath"
	"testing"

	"github.com/xuri/excelize/v2"
)

// firstParams is the first template variable of each recipient of l, after
// the recipient's number and a space when withMobile.
func firstParams(l *RecipientList, withMobile bool) []string {
	var got []string
	for _, r := range l.Rows {
		if withMobile {
			got = append(got, r.Mobile+" "+r.Params[0])
		} else {
			got = append(got, r.Params[0])
		}
	}
	return got
}

// newBook is a new workbook with rows (header first) in sheet; cell
// values keep their Go types, so numbers are written as number cells.
// The caller closes it.
func newBook(t *testing.T, sheet string, rows [][]any) *excelize.File {
	t.Helper()
	f := excelize.NewFile()
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		if err := f.SetSheetRow(sheet, cellRef(1, i+1), &r); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

// writeBook writes rows (header first) to sheet of a new workbook; cell
// values keep their Go types, so numbers are written as number cells.
func writeBook(t *testing.T, sheet string, rows [][]any) string {
	t.Helper()
	f := newBook(t, sheet, rows)
	defer f.Close()
	path := filepath.Join(t.TempDir(), "in.xlsx")
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	return path
}

func problemLines(ps Problems) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}
