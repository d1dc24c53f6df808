package importer

import (
	"context"
	"strings"
	"testing"
)

// TestSend_duplicateWithLongValuesQuotesWhereTheyDiffer: a duplicate row
// whose values differ from its first row's quoted both values whole: two
// notes of 300 characters made a message of 700, and the operator had to
// find the difference by eye. It quotes the part around the first
// difference, with each value's length.
func TestSend_duplicateWithLongValuesQuotesWhereTheyDiffer(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("Your parcel is at the depot. ", 10)
	rows := [][]any{{"mobile", "name", "date"},
		{"13800138001", long + "Gate A", "2026-12-01"},
		{"13800138001", long + "Gate B", "2026-12-01"},
		{"13800138002", "Alicia", "2026-12-01"},
		{"13800138002", "Alice", "2026-12-01"},
	}
	list, probs, err := ReadRecipients(writeBook(t, "Recipients", rows), []string{"name", "date"}, "open")
	if err != nil || len(probs) > 0 {
		t.Fatal(err, problemLines(probs))
	}
	res, err := Send(context.Background(), newFakeSender(), list, SendOptions{TemplateID: "7", DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		row  int
		want string
	}{
		{3, `same number as row 2, with other values (name …"pot. Gate B" (296 characters) here, …"pot. Gate A" (296 characters) in row 2); this row's values are not sent`},
		{5, `same number as row 4, with other values (name "Alice" here, "Alicia" in row 4); this row's values are not sent`},
	} {
		r := res[tc.row-2]
		if r.Outcome != SendDuplicate || !strings.HasPrefix(r.Message, tc.want) {
			t.Errorf("row %d: %s %q, want duplicate, %q", tc.row, r.Outcome, r.Message, tc.want)
		}
	}
}
