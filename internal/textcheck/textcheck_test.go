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
