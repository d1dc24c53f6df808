package textcheck

import "testing"

func TestTextcheck(t *testing.T) {
	for s, want := range map[string]bool{"": false, " ": true, "\u00a0": true, "\ufeff": true, "\u200b \u00ad": true, "a\u200b": false} {
		if got := Blank(s); got != want {
			t.Errorf("Blank(%q) = %v", s, got)
		}
	}
	for s, want := range map[string]string{"name": "name", "\ufeffname": `"\ufeffname"`, "time ": `"time "`, "a\u00a0b": `"a\u00a0b"`} {
		if got := Shown(s); got != want {
			t.Errorf("Shown(%q) = %s, want %s", s, got, want)
		}
	}
	if name, ok := Invisible('\u200b'); !ok || name != "a zero-width space (U+200B)" {
		t.Errorf("Invisible(U+200B) = %q, %v", name, ok)
	}
	if _, ok := Invisible('\u200d'); ok {
		t.Error("a zero-width joiner (emoji) is written on purpose")
	}
	if got := Space('\u00a0'); got != "a no-break space (U+00A0)" {
		t.Errorf("Space(U+00A0) = %q", got)
	}
}

// TestJoinerWithin: a joiner between two characters that show is typed
// (a Persian word, an emoji sequence); one at an end, doubled, beside a
// space or one of seps is not.
func TestJoinerWithin(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]string{
		"می\u200cخواهم@x.ir": "میخواهم@x.ir",
		"👩\u200d💻":           "👩💻",
		"a\u200c@x.ir":       "a\u200c@x.ir",
		"\u200da":            "\u200da",
		"a\u200d":            "a\u200d",
		"a\u200c\u200cb":     "a\u200c\u200cb",
		"a \u200cb":          "a \u200cb",
		"a\u200bb\u200cc":    "a\u200bbc",
	} {
		if got := WithoutJoiners(s, "@."); got != want {
			t.Errorf("WithoutJoiners(%+q) = %+q, want %+q", s, got, want)
		}
	}
}

func TestShown(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"name":       "name",
		"名字":         "名字",
		"\ufeffname": `"\ufeffname"`,
		"time ":      `"time "`,
		"na\u200bme": `"na\u200bme"`,
		"day\u00a0":  `"day\u00a0"`,
		"a\tb":       `"a\tb"`,
		"café":       "café",
		"":           "",
	} {
		if got := Shown(in); got != want {
			t.Errorf("Shown(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestAtEdge(t *testing.T) {
	for s, want := range map[string]string{
		"\u200bAlice": "a zero-width space (U+200B) at its start",
		"Alice\u2060": "a word joiner (U+2060) at its end",
		"\ufeff":      "a byte order mark (U+FEFF) at its start",
		"Ali\u200bce": "", // a line-break hint within the text is typed
		"Alice ":      "", // white space is not invisible
		"30\u200b ":   "a zero-width space (U+200B) at its end",
		"\n\ufeffHi":  "a byte order mark (U+FEFF) at its start",
		"":            "",
	} {
		if got, r := AtEdge(s); got != want || (want == "") != (r == 0) {
			t.Errorf("AtEdge(%q) = %q, %U; want %q", s, got, r, want)
		}
	}
}

// EdgeShown quotes only the edge an invisible character is at: the text
// may be a one-time code from a sensitive variable, or 400 characters.
func TestEdgeShown(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Your code is 4821\u200b":         `…"21\u200b"`,
		"Your code is 4821\u200b\n":       `…"21\u200b\n"`,
		"\ufeffDear Ann":                  `"\ufeffDe"…`,
		"\r\n\ufeffDear Ann":              `"\r\n\ufeffDe"…`,
		"30\u200b":                        `"30\u200b"`,
		"\u00adHa":                        `"\u00adHa"`,
		"Joe\u2060":                       `…"oe\u2060"`,
		"\u200bcode 4821\u200b":           `"\u200bco"…`,
		"no invisible at the edge\u200b!": `"no invisible at the edge\u200b!"`,
		"plain":                           "plain",
	} {
		if got := EdgeShown(in); got != want {
			t.Errorf("EdgeShown(%q) = %s, want %s", in, got, want)
		}
	}
}
