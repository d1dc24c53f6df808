package importer

import (
	"strings"
	"testing"
)

// TestReadRecipients_invisibleInValue: a template value that begins or
// ends with a character that does not show (a zero-width space after "30"
// pasted from a web page, a byte order mark, a word joiner, a soft hyphen)
// was sent as it is, unseen, in the message, without a word; it is
// refused at its cell, quoted so that the character shows, and named as
// the provider names it (tfkit.InvisibleInMessage). Both channels. One
// within the text is left as it is (TestInvisibleOnlyCells: 张\u200b三).
func TestReadRecipients_invisibleInValue(t *testing.T) {
	t.Parallel()
	const sent = " (pasted with it, from a web page or a chat?): the platform would send it as written, unseen, in the message, " +
		"where it counts in the message's length and some phones show it as a box or a question mark; clear the cell and type the value again"
	rows := [][]any{{"mobile", "name", "minutes"},
		{"13800000011", "Al", "30\u200b"},
		{"13800000012", "\ufeffBo", "5"},
		{"13800000013", "Joe\u2060", "5"},
		{"13800000014", "\u00adHal", "5"},
		{"13800000015", "Cy", "5"},
		{"13800000018", "Ann", "Code 4821\u200b"}, // quoted by its end only: it may be a one-time code
		{"13800000016", "Dee\u200d", "5"},         // a joiner that shapes an emoji: written on purpose
		{"13800000017", "Ji\u200bm", "5"},         // within: a line-break hint
	}
	want := []string{
		`Recipients!C2: minutes "30\u200b" holds a zero-width space (U+200B) at its end` + sent,
		`Recipients!B3: name "\ufeffBo" holds a byte order mark (U+FEFF) at its start` + sent,
		`Recipients!B4: name …"oe\u2060" holds a word joiner (U+2060) at its end` + sent,
		`Recipients!B5: name "\u00adHa"… holds a soft hyphen (U+00AD) at its start` + sent,
		`Recipients!C7: minutes …"21\u200b" holds a zero-width space (U+200B) at its end` + sent,
	}
	for _, via := range []string{"open", "gateway"} {
		l, probs, err := ReadRecipients(writeBook(t, "Recipients", rows), []string{"name", "minutes"}, via)
		if err != nil {
			t.Fatal(err)
		}
		if got := problemLines(probs); strings.Join(got, "\n") != strings.Join(want, "\n") || len(l.Rows) != 3 {
			t.Errorf("--via %s: %d rows read, problems:\n%s\nwant:\n%s", via, len(l.Rows), strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}
