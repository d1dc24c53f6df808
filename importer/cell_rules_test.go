package importer

import "testing"

// TestCellRules pins the cell rules the roster's documentation states,
// each of which a change could loosen without another test noticing
// (found by mutating them): a "+" only in front of a phone number, ids
// that are not negative, an id list read sorted and without repeats (the
// platform answers queue_ids so: a list with a repeat planned a change on
// every run), and every word a boolean cell takes.
func TestCellRules(t *testing.T) {
	t.Parallel()
	text := func(s string) Cell { return Cell{Raw: s, Text: s} }
	for in, want := range map[string]string{"+8613812345678": "+8613812345678", "138 1234-5678": "13812345678"} {
		if got, rule := cellPhone(text(in)); got != want || rule != "" {
			t.Errorf("phone %q: %q %q, want %q", in, got, rule, want)
		}
	}
	for _, in := range []string{"138+0013800", "13812345678+"} {
		if got, rule := cellPhone(text(in)); rule != "is not a phone number (digits, an optional leading +)" {
			t.Errorf("phone %q: %q %q, want it refused", in, got, rule)
		}
	}
	if got, rule := cellIntList(text("-3,5")); rule != `is not a comma-separated list of ids ("-3" is not an id)` {
		t.Errorf("id list -3,5: %q %q, want it refused", got, rule)
	}
	if got, rule := cellIntList(text("5, 3,3")); got != "3,5" || rule != "" {
		t.Errorf("id list 5, 3,3: %q %q, want 3,5", got, rule)
	}
	if got := CanonicalIntList("3,3,5"); got != "3,5" {
		t.Errorf("CanonicalIntList(3,3,5) = %q, want 3,5", got)
	}
	for in, want := range map[string]string{
		"TRUE": "true", "yes": "true", "Y": "true", "1": "true", "on": "true", "x": "true", "✓": "true",
		"FALSE": "false", "No": "false", "n": "false", "0": "false", "OFF": "false",
	} {
		if got, rule := cellBool(text(in)); got != want || rule != "" {
			t.Errorf("boolean %q: %q %q, want %q", in, got, rule, want)
		}
	}
	if _, rule := cellBool(text("maybe")); rule == "" {
		t.Error(`boolean "maybe" is taken`)
	}
}
