package importer

import (
	"context"
	"strings"
	"testing"
)

// TestReadRecipients_rowRules: the checks of a recipients sheet's
// headings and rows, each named at its cell. A value in a column without a
// heading (within the headings' width or beyond it) refuses its row, so no
// value the sender typed is left out of a message unseen; a second number
// column is named, also when the first is column A; a row that ends before
// the number column lacks its number; a number written 0086… is read.
func TestReadRecipients_rowRules(t *testing.T) {
	t.Parallel()
	params := []string{"name"}
	for _, c := range []struct {
		rows  [][]any
		want  []string
		sends []string // the numbers of the rows that read
	}{
		{
			rows: [][]any{{"mobile", "name"}, {"13800000011", "Al", "extra"}, {"13800000012", "Bo", nil, "far"}, {"13800000013", "Cy"}},
			want: []string{
				`Recipients!C2: "extra" is in a column without a heading; name the column or clear the cell`,
				`Recipients!D3: "far" is in a column without a heading; name the column or clear the cell`,
			},
			sends: []string{"13800000013"},
		},
		{
			rows: [][]any{{"mobile", "name", "phone"}, {"13800000011", "Al", "13800000012"}},
			want: []string{`Recipients!C1: "phone" repeats the mobile column A`},
		},
		{
			rows: [][]any{{"mobile", "", "name"}, {"13800000011", "x", "Al"}, {"13800000012", nil, "Bo"}},
			want: []string{
				`Recipients!B2: "x" is in a column without a heading; name the column or clear the cell`,
			},
			sends: []string{"13800000012"},
		},
		{
			rows: [][]any{{"name", "mobile"}, {"Al"}, {"Bo", "008613800000012"}, {"Cy", "2380000001"}},
			want: []string{
				`Recipients!B2: mobile is required`,
				`Recipients!B4: mobile "2380000001" is not a mobile number (11 digits starting with 1, optionally +86)`,
			},
			sends: []string{"13800000012"},
		},
	} {
		l, probs, err := ReadRecipients(writeBook(t, "Recipients", c.rows), params, "open")
		if err != nil {
			t.Fatal(err)
		}
		var sends []string
		for _, r := range l.Rows {
			sends = append(sends, r.Mobile)
		}
		if got := problemLines(probs); strings.Join(got, "\n") != strings.Join(c.want, "\n") || strings.Join(sends, ",") != strings.Join(c.sends, ",") {
			t.Errorf("sheet %v:\nproblems:\n%s\nrows %v\nwant problems:\n%s\nrows %v", c.rows, strings.Join(got, "\n"), sends, strings.Join(c.want, "\n"), c.sends)
		}
	}
}

// limiter is a sender whose template takes ${name} and ${x} and whose
// messages may be 15 characters long.
type limiter struct{ SMSSender }

func (limiter) TemplateContent(context.Context, string) (string, int, error) {
	return "Hi ${name}, ${x}", 15, nil
}

// TestCheckContent_rowTooLong: a row whose filled-in message is longer
// than the gateway takes is named at the cell of its longest value (in its
// own column: the variables' columns are in another order than the
// template's); a message exactly as long as the limit is sent.
func TestCheckContent_rowTooLong(t *testing.T) {
	t.Parallel()
	l, probs, err := ReadRecipients(writeBook(t, "Recipients", [][]any{
		{"mobile", "x", "name"},
		{"13800000011", "a", "Alexander"},    // "Hi Alexander, a": 15
		{"13800000011", "a", "Alexander"},    // the same number again: not sent
		{"13800000012", "bbbbbbbbbbbb", "B"}, // 18
	}), []string{"name", "x"}, "open")
	if err != nil || len(probs) > 0 {
		t.Fatal(err, problemLines(probs))
	}
	got, err := CheckContent(t.Context(), limiter{}, l, "7")
	if err != nil {
		t.Fatal(err)
	}
	want := `Recipients!B4: x "bbbbbbbbbbbb" (12 characters) makes row 4's message 18 characters (template 7 filled with the row's values); the gateway takes at most 15 (error 1014)`
	if lines := problemLines(got); len(lines) != 1 || lines[0] != want {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(lines, "\n"), want)
	}
}
