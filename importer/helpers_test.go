package importer

import (
	"path/filepath"
	"testing"

	"github.com/xuri/excelize/v2"
)

// writeBook writes rows (header first) to sheet of a new workbook; cell
// values keep their Go types, so numbers are written as number cells.
func writeBook(t *testing.T, sheet string, rows [][]any) string {
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
