package importer

import (
	"strings"
	"testing"
)

// A template variable named like the number column (${mobile}) takes the
// "mobile" heading: the message for the missing number column said to add
// "a heading such as "mobile"", the heading the variable already had.
// It names the variable and the headings left for the number column; with
// the number column headed "phone", the sheet reads.
func TestReadRecipients_variableNamedMobile(t *testing.T) {
	t.Parallel()
	params := []string{"mobile", "name"}
	_, probs, err := ReadRecipients(writeBook(t, "Recipients", [][]any{{"mobile", "name"}, {"13800000011", "Al"}}), params, "open")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Join(problemLines(probs), "\n")
	if len(probs) != 1 || !strings.Contains(lines, "${mobile}") || !strings.Contains(lines, `head the number column "phone"`) ||
		strings.Contains(lines, `a heading such as "mobile"`) {
		t.Fatalf("problems:\n%s\nwant one naming ${mobile} and the heading \"phone\"", lines)
	}

	list, probs, err := ReadRecipients(writeBook(t, "Recipients", [][]any{{"phone", "mobile", "name"}, {"13800000011", "x", "Al"}}), params, "open")
	if err != nil || len(probs) > 0 {
		t.Fatal(err, problemLines(probs))
	}
	if len(list.Rows) != 1 || list.Rows[0].Mobile != "13800000011" || strings.Join(list.Rows[0].Params, ",") != "x,Al" {
		t.Fatalf("rows: %+v", list.Rows)
	}

	// Without such a variable the message is as it was.
	_, probs, _ = ReadRecipients(writeBook(t, "Recipients", [][]any{{"name"}, {"Al"}}), []string{"name"}, "open")
	if lines := strings.Join(problemLines(probs), "\n"); !strings.Contains(lines, `has no mobile column (a heading such as "mobile")`) {
		t.Fatalf("problems:\n%s", lines)
	}
}
