package importer

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/xuri/excelize/v2"
)

// bookWithTotals writes rows to sheet as a table (Insert > Table) over
// all of them, the last being the table's total row (Table Design > Total
// Row), as Excel stores it: totalsRowCount="1" on the table, a SUBTOTAL
// formula under a column. next is a row written below the table.
func bookWithTotals(t *testing.T, sheet string, rows [][]any, subtotal string, next []any) string {
	t.Helper()
	f := newBook(t, sheet, rows)
	defer f.Close()
	if err := f.SetCellFormula(sheet, subtotal, "SUBTOTAL(103,Table1[user_name])"); err != nil {
		t.Fatal(err)
	}
	if next != nil {
		if err := f.SetSheetRow(sheet, cellRef(1, len(rows)+1), &next); err != nil {
			t.Fatal(err)
		}
	}
	ref := "A1:" + cellRef(len(rows[0]), len(rows))
	if err := f.AddTable(sheet, &excelize.Table{Range: ref, Name: "Table1"}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "table.xlsx")
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	rewritePart(t, path, "xl/tables/table1.xml", func(s string) string {
		return strings.Replace(s, `ref="`+ref+`"`, `ref="`+ref+`" totalsRowCount="1"`, 1)
	})
	return path
}

// The total row of a table (Table Design > Total Row) is no data: a
// roster read its "Total" as agent Total (plan: "user_password is
// required: agent Total does not exist yet and will be created"), a
// recipient list its "汇总" as a number ("is not a phone number"), and its
// SUBTOTAL, saved without a result by a program, as a formula to fix. It
// is left out; a row below the table is read as before.
func TestReaders_tableTotalRow(t *testing.T) {
	t.Parallel()
	path := bookWithTotals(t, RosterSheet, [][]any{
		{"user_num", "user_name", "user_password"},
		{9001, "Ann", "Passw0rd!x"},
		{9002, "Bob", "Passw0rd!y"},
		{"Total", nil, nil},
	}, "B4", []any{9003, "Cy", "Passw0rd!z"})
	r, probs, err := ReadRoster(path)
	if err != nil || len(probs) > 0 {
		t.Fatalf("err %v, problems %v", err, problemLines(probs))
	}
	var got []string
	for _, row := range r.Rows {
		got = append(got, row.Get("user_num"))
	}
	if d := cmp.Diff([]string{"9001", "9002", "9003"}, got); d != "" {
		t.Errorf("agents read (-want +got):\n%s", d)
	}

	path = bookWithTotals(t, RecipientSheet, [][]any{
		{"mobile", "user_name"},
		{"13800138000", "张三"},
		{"汇总", nil},
	}, "B3", nil)
	l, probs, err := ReadRecipients(path, []string{"user_name"}, "open")
	if err != nil || len(probs) > 0 {
		t.Fatalf("err %v, problems %v", err, problemLines(probs))
	}
	if len(l.Rows) != 1 || l.Rows[0].Mobile != "13800138000" {
		t.Errorf("recipients %+v; want 13800138000 only", l.Rows)
	}
}
