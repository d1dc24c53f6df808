package importer

import (
	"strings"
	"testing"
)

// TestJoinersWrittenOnPurpose: a zero-width non-joiner or joiner between
// two characters that show is typed, not pasted: the non-joiner of a
// Persian word (a key of the Persian keyboard; IDNA2008 allows it within
// a label, RFC 5892 A.1) and the joiner of an emoji sequence (a phone's
// emoji keyboard types it). 75cabc1 and 252be1b refused them in an e-mail
// address and a password ("holds the invisible character U+200C (pasted
// with it ...)", "cannot be typed at login"), which were accepted before
// and which the provider's textcheck leaves alone in a text. One at an end,
// beside "@" or ".", or doubled is still refused.
func TestJoinersWrittenOnPurpose(t *testing.T) {
	t.Parallel()
	r, probs, err := ReadRoster(writeBook(t, RosterSheet, [][]any{
		{"user_num", "user_name", "user_password", "user_email"},
		{"9001", "Ann", "رمز\u200cعبور123", "می\u200cخواهم@example.ir"},
		{"9002", "Bob", "Pass👩\u200d💻word1", "bob@می\u200cخواهم.ir"},
		{"9003", "Cid", "Secret123!", "cid\u200c@example.com"},
		{"9004", "Dee", "Secret123!", "dee@example\u200d.com"},
		{"9005", "Eve", "Secret123!\u200d", "eve@exa\u200c\u200cmple.com"},
	}))
	if err != nil {
		t.Fatal(err)
	}
	const email = " (pasted with it, from a web page or a chat?), which an e-mail address cannot hold; clear the cell and type the address again"
	want := []string{
		`Agents!D4: user_email "cid\u200c@example.com" holds the invisible character U+200C` + email,
		`Agents!D5: user_email "dee@example\u200d.com" holds the invisible character U+200D` + email,
		`Agents!C6: user_password "***" holds the invisible character U+200D at its end (pasted with it, from a web page or a chat?), which cannot be typed at login; clear the cell and type the password again`,
		`Agents!D6: user_email "eve@exa\u200c\u200cmple.com" holds the invisible character U+200C` + email,
	}
	if got := problemLines(probs); strings.Join(got, "\n") != strings.Join(want, "\n") || len(r.Rows) != 2 ||
		r.Rows[0].Get("user_email") != "می\u200cخواهم@example.ir" || r.Rows[1].Get("user_password") != "Pass👩\u200d💻word1" {
		t.Errorf("rows %+v, problems:\n%s\nwant:\n%s", r.Rows, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
