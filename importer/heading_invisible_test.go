package importer

import (
	"strings"
	"testing"
)

// TestHeadingsWithInvisibleCharacters: a heading copied from a web page
// (a zero-width space, a soft hyphen) or from a CSV file saved as "UTF-8
// with BOM" (a byte order mark before the first) was "not a column of the
// agent roster (known columns: user_num, ...)" or "neither the mobile
// column nor a variable", though it reads user_num or mobile: such
// characters do not matter in a heading, as blanks and case do not. A
// heading of a zero-width space alone is none.
func TestHeadingsWithInvisibleCharacters(t *testing.T) {
	t.Parallel()
	r, probs, err := ReadRoster(writeBook(t, RosterSheet, [][]any{
		{"\ufeffuser_num", "user_name\u200b", "user_e\u00admail", "\u2060user_sms_phone", "\u200b"},
		{"9001", "Ann", "ann@example.com", "13800138000", "x"},
		{"9002", "Bob", "bob@example.com", "13800138001"},
	}))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`Agents!E2: "x" is in a column without a heading; name the column or clear the cell`}
	if got := problemLines(probs); strings.Join(got, "\n") != strings.Join(want, "\n") || len(r.Rows) != 1 ||
		r.Rows[0].Get("user_num") != "9002" || r.Rows[0].Get("user_name") != "Bob" || r.Rows[0].Get("user_email") != "bob@example.com" || r.Rows[0].Get("user_sms_phone") != "13800138001" {
		t.Errorf("roster rows %+v, problems:\n%s\nwant:\n%s", r.Rows, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	for _, via := range []string{"open", "gateway"} {
		l, probs, err := ReadRecipients(writeBook(t, "Recipients", [][]any{
			{"\ufeffmobile", "name\u200b", "min\u00adutes"},
			{"13800000011", "Al", "5"},
		}), []string{"name", "minutes"}, via)
		if err != nil {
			t.Fatal(err)
		}
		if len(probs) != 0 || len(l.Rows) != 1 || l.Rows[0].Mobile != "13800000011" || strings.Join(l.Rows[0].Params, ",") != "Al,5" {
			t.Errorf("--via %s: rows %+v, problems:\n%s", via, l.Rows, strings.Join(problemLines(probs), "\n"))
		}
	}
}
