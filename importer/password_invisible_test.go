package importer

import (
	"strings"
	"testing"
)

// TestPasswordWithInvisibleCharacter: a password pasted from a chat with
// a zero-width space, a byte order mark or a direction mark was set with it,
// unseen (a password is never shown), and the agent could not log in with
// the password as it reads. It is refused at its cell, the character
// named, the password not echoed.
func TestPasswordWithInvisibleCharacter(t *testing.T) {
	t.Parallel()
	r, probs, err := ReadRoster(writeBook(t, RosterSheet, [][]any{
		{"user_num", "user_name", "user_password"},
		{"9001", "Ann", "Secret123!\u200b"},
		{"9002", "Bob", "\ufeffSecret123!"},
		{"9003", "Cid", "Sec\u200eret123!"},
		{"9004", "Dee", " Secret 123! "}, // spaces can be typed
	}))
	if err != nil {
		t.Fatal(err)
	}
	const rule = " (pasted with it, from a web page or a chat?), which cannot be typed at login; clear the cell and type the password again"
	want := []string{
		`Agents!C2: user_password "***" holds a zero-width space (U+200B) at its end` + rule,
		`Agents!C3: user_password "***" holds a byte order mark (U+FEFF) at its start` + rule,
		`Agents!C4: user_password "***" holds the invisible character U+200E` + rule,
	}
	if got := problemLines(probs); strings.Join(got, "\n") != strings.Join(want, "\n") || len(r.Rows) != 1 || r.Rows[0].Get("user_password") != " Secret 123! " {
		t.Errorf("rows %+v, problems:\n%s\nwant:\n%s", r.Rows, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got := strings.Join(problemLines(probs), "\n"); strings.Contains(got, "Secret") {
		t.Errorf("a password is echoed:\n%s", got)
	}
}
