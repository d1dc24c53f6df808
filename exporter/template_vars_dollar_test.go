package exporter

import "testing"

// The exporter refuses what contactcenter_sms_template refuses: a "$"
// just before a variable ("$${amount}") does not hide a malformed one.
func TestTemplateVarsREDollar(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{
		"Your bill: $${amount}.":   true,
		"US$ 5, $$ and $":          true,
		"Your bill: $${ amount }.": false,
		"Your bill: $${amount.":    false,
	} {
		if got := templateVarsRE.MatchString(s); got != want {
			t.Errorf("templateVarsRE(%q) = %v, want %v", s, got, want)
		}
	}
}
