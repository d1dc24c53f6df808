package resources

import (
	"strings"
	"testing"
	"unicode"
)

// trimmedRE sees white space as strings.TrimSpace (the
// service's trim) does, for every character of the Basic Multilingual
// Plane at either end.
func TestTrimRulesMatchTrimSpace(t *testing.T) {
	t.Parallel()
	for r := rune(0); r <= 0xFFFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		for _, s := range []string{string(r) + "a", "a" + string(r)} {
			want := strings.TrimSpace(s) == s
			if got := trimmedRE.MatchString(s); got != want {
				t.Errorf("trimmedRE(%q) = %v; strings.TrimSpace says trimmed = %v (unicode.IsSpace %v)", s, got, want, unicode.IsSpace(r))
			}
		}
	}
}

// templateVarsRE refuses a variable name with any character unicode.IsSpace
// takes for white space, as the template_params function does (${first name}
// with a no-break space was accepted here and refused there), and accepts
// every other character of the Basic Multilingual Plane but the braces.
func TestTemplateVarsREWhiteSpace(t *testing.T) {
	t.Parallel()
	for r := rune(0); r <= 0xFFFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF || r == '{' || r == '}' {
			continue
		}
		s := "Hi ${first" + string(r) + "name}"
		if got, want := templateVarsRE.MatchString(s), !unicode.IsSpace(r); got != want {
			t.Errorf("templateVarsRE(%q) = %v, want %v (unicode.IsSpace %v)", s, got, want, !want)
		}
	}
}

// A "$" just before a variable ("$${amount}", a price in dollars) does not
// hide it: "$${ amount }" and "$${amount" are refused as " ${ amount }" and
// "${amount" are, as template_params refuses them (they were taken, and the
// platform reported no variable for "$${ amount }"); dollars elsewhere pass.
func TestTemplateVarsREDollar(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{
		"Your bill: $${amount}.":      true,
		"Your bill: $$${amount}.":     true,
		"US$ 5, $$ and $":             true,
		"$":                           true,
		"$$":                          true,
		"$}{$":                        true,
		"Your bill: $${ amount }.":    false,
		"Your bill: $${amount.":       false,
		"Your bill: $${}.":            false,
		"$$${":                        false,
		"$${a}$${b c}":                false,
		"Your bill: $ ${ amount }.":   false,
		"Your bill: $\u00a0${amount}": true,
	} {
		if got := templateVarsRE.MatchString(s); got != want {
			t.Errorf("templateVarsRE(%q) = %v, want %v", s, got, want)
		}
	}
}
