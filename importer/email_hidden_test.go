package importer

import (
	"strings"
	"testing"
)

// TestEmailWithHiddenCharacter: an address holding a character that does
// not show (a zero-width space or a byte order mark pasted with it, a
// no-break space) passed the check (net/mail takes UTF-8, and \s is ASCII
// white space) and was written as the agent's user_email, where mail goes
// nowhere. It is refused at its cell, quoted, the character named.
func TestEmailWithHiddenCharacter(t *testing.T) {
	t.Parallel()
	r, probs, err := ReadRoster(writeBook(t, RosterSheet, [][]any{
		{"user_num", "user_email"},
		{"9001", "ann@example.com\u200b"},
		{"9002", "\ufeffbob@example.com"},
		{"9003", "cid\u00a0@example.com"},
		{"9004", "dee@exa\u200emple.com"},
		{"9005", "eve@example.com\u00a0"}, // trimmed, as a space is
	}))
	if err != nil {
		t.Fatal(err)
	}
	const rule = " (pasted with it, from a web page or a chat?), which an e-mail address cannot hold; clear the cell and type the address again"
	want := []string{
		`Agents!B2: user_email "ann@example.com\u200b" holds a zero-width space (U+200B) at its end` + rule,
		`Agents!B3: user_email "\ufeffbob@example.com" holds a byte order mark (U+FEFF) at its start` + rule,
		`Agents!B4: user_email "cid\u00a0@example.com" holds a no-break space (U+00A0)` + rule,
		`Agents!B5: user_email "dee@exa\u200emple.com" holds the invisible character U+200E` + rule,
	}
	if got := problemLines(probs); strings.Join(got, "\n") != strings.Join(want, "\n") || len(r.Rows) != 1 || r.Rows[0].Get("user_email") != "eve@example.com" {
		t.Errorf("rows %+v, problems:\n%s\nwant:\n%s", r.Rows, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
