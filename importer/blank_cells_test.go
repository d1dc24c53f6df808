package importer

import (
	"strings"
	"testing"
)

// TestBlankRequiredCells: a required cell that looks empty and holds
// white space (a no-break space pasted from a web page, a tab) was
// reported "minutes is required" or "mobile is required", which said
// nothing of what the cell holds: the person looks at a cell that seems
// empty either way. The problem quotes the value, as the provider's
// tfkit.NotBlank does, and names the character. An empty cell is as it was.
func TestBlankRequiredCells(t *testing.T) {
	t.Parallel()
	rows := [][]any{{"mobile", "name", "minutes"},
		{"13800000011", "Al", "\u00a0"},
		{"\u00a0", "Bo", "5"},
		{"13800000013", "Cy", " \t"},
		{"13800000014", "Dee", nil},
		{"13800000015", "Eve", "\u00a05"}, // trimmed, as a space is
	}
	want := []string{
		`Recipients!C2: minutes "\u00a0" holds white space only (a no-break space (U+00A0)), so it looks empty: a value is required, the template uses ${minutes}`,
		`Recipients!A3: mobile "\u00a0" holds white space only (a no-break space (U+00A0)), so it looks empty: the mobile number is required`,
		`Recipients!C4: minutes " \t" holds white space only (a space, a tab), so it looks empty: a value is required, the template uses ${minutes}`,
		`Recipients!C5: minutes is required: the template uses ${minutes}`,
	}
	for _, via := range []string{"open", "gateway"} {
		l, probs, err := ReadRecipients(writeBook(t, "Recipients", rows), []string{"name", "minutes"}, via)
		if err != nil {
			t.Fatal(err)
		}
		if got := problemLines(probs); strings.Join(got, "\n") != strings.Join(want, "\n") || len(l.Rows) != 1 || l.Rows[0].Params[1] != "5" {
			t.Errorf("--via %s: rows %+v, problems:\n%s\nwant:\n%s", via, l.Rows, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}

	_, probs, err := ReadRoster(writeBook(t, RosterSheet, [][]any{
		{"user_name", "user_num"},
		{"Ann", "\u00a0"},
		{"Bob"},
		{"Cid", "9003"},
	}))
	if err != nil {
		t.Fatal(err)
	}
	want = []string{
		`Agents!B2: user_num "\u00a0" holds white space only (a no-break space (U+00A0)), so it looks empty: user_num is required, rows are matched to agents by it`,
		`Agents!B3: user_num is required: rows are matched to agents by it`,
	}
	if got := problemLines(probs); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("roster problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
