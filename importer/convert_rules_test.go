package importer

import "testing"

// TestConvert_values: how a cell of each kind of agent field reads, where
// a wrong reading would set another value than the one in the sheet: a
// fraction in a whole-number field is refused (not cut to 12), blanks
// around a number are no matter, lists split on commas and blanks, ids
// and codes shown with decimals are their number, and an on/off field
// takes yes/no; an id typed as a number past 15 digits has lost digits.
func TestConvert_values(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		field     string
		raw, text string
		want      string // the value read, or the rule broken
	}{
		{"max_sessions", "12.5", "12.5", "is not a whole number"},
		{"max_sessions", " 12 ", " 12 ", "12"},
		{"max_sessions", "300", "300", "300"},
		{"max_sessions", "301", "301", "must be at most 300"},
		{"basic_sessions", "0", "0", "must be at least 1"},
		{"queue_ids", "3, 5 7", "3, 5 7", "3,5,7"},
		{"queue_ids", "1234", "1234.00", "1234"},
		{"user_type", "3", "3.00", "3"},
		{"user_type", "1, 2 online chat", "1, 2 online chat", "1,2"},
		{"user_type", "1, 9", "1, 9", `has "9", which is not one of 1 (call center), 2 (online chat), 3 (work order), 4 (management), 5 (voice assist), 6 (video service), 7 (text assist)`},
		{"user_status", "2", "2.0", "2"},
		{"user_status", "2 resigned", "2 resigned", "2"},
		{"user_auto_login", "yes", "yes", "1"},
		{"user_auto_login", "FALSE", "FALSE", "0"},
		{"is_enable_mfa", "no", "no", "2"},
		{"user_num", "1.10101199003071E+17", "1.10101E+17", ruleLostDigits},
	} {
		f, ok := FieldByName(c.field)
		if !ok {
			t.Fatalf("no field %s", c.field)
		}
		v, rule := f.Convert(Cell{Raw: c.raw, Text: c.text})
		if got := v + rule; got != c.want || (v != "" && rule != "") {
			t.Errorf("%s cell %q shown %q: read %q, rule %q; want %q", c.field, c.raw, c.text, v, rule, c.want)
		}
	}
}
