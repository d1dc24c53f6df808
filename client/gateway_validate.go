package client

import (
	"errors"
	"fmt"
	"strings"
)

// ValidateGatewayTemplate checks the §4.8 rules of add_template locally.
func ValidateGatewayTemplate(in GatewayTemplateInput) error {
	var errs []error
	if strings.TrimSpace(in.TplText) == "" {
		errs = append(errs, errors.New("tplText is required"))
	}
	if strings.TrimSpace(in.TplTitle) == "" {
		errs = append(errs, errors.New("tplTitle is required"))
	}
	if in.TplType < 1 || in.TplType > 3 {
		errs = append(errs, fmt.Errorf("tplType must be 1 (code), 2 (notice) or 3 (marketing), got %d", in.TplType))
	}
	if _, err := TemplateVariables(in.TplText); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// TemplateVariables returns the distinct `${name}` variables of a template
// text in order of first use, failing on an unterminated or empty `${`.
func TemplateVariables(text string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	rest := text
	for {
		i := strings.Index(rest, "${")
		if i < 0 {
			return out, nil
		}
		j := strings.IndexByte(rest[i:], '}')
		if j < 0 {
			return out, fmt.Errorf("tplText has an unterminated variable at %q", preview([]byte(rest[i:])))
		}
		name := rest[i+2 : i+j]
		if strings.TrimSpace(name) == "" || strings.Contains(name, "${") {
			return out, fmt.Errorf("tplText has an empty or malformed variable %q", rest[i:i+j+1])
		}
		if !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
		rest = rest[i+j+1:]
	}
}

// FillTemplate is a template text with each `${name}` variable replaced by
// values[name], as the gateway fills it (spec §4.8): in one pass, left to
// right, a variable ending at the first "}" (TemplateVariables), so a value
// that itself holds "${x}" is sent as it is; a variable without a value, or
// a "${" never closed, stays as written. sms_length and the gateway send's
// plan-time length check count the characters of its result.
func FillTemplate(text string, values map[string]string) string {
	var b strings.Builder
	for {
		i := strings.Index(text, "${")
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		j := strings.IndexByte(text[i:], '}')
		if j < 0 {
			b.WriteString(text)
			return b.String()
		}
		j += i
		b.WriteString(text[:i])
		if v, ok := values[text[i+len("${"):j]]; ok {
			b.WriteString(v)
		} else {
			b.WriteString(text[i : j+1])
		}
		text = text[j+1:]
	}
}

// ValidateSend checks what the gateway would reject, before a request:
// mobile count (1013), content length (1014), exten digits (1022) and the
// mobile format (1012).
func ValidateSend(mobiles []string, content, exten string) error {
	var errs []error
	if len(mobiles) == 0 {
		errs = append(errs, errors.New("no mobile numbers"))
	}
	if len(mobiles) > GatewayMaxMobiles {
		errs = append(errs, fmt.Errorf("%d mobile numbers in one request; the gateway takes at most %d", len(mobiles), GatewayMaxMobiles))
	}
	if n := len([]rune(content)); n > GatewayMaxContent {
		errs = append(errs, fmt.Errorf("content is %d characters; the gateway takes at most %d", n, GatewayMaxContent))
	}
	if exten != "" && !IsDigits(exten) {
		errs = append(errs, fmt.Errorf("exten %q must contain only the digits 0-9", exten))
	}
	for _, m := range mobiles {
		if !ValidMobile(m) {
			errs = append(errs, fmt.Errorf("mobile %q is not a mobile number (11 digits starting with 1, optionally prefixed +86)", m))
		}
	}
	return errors.Join(errs...)
}

// IsDigits reports whether s is one or more of 0-9.
func IsDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// ValidMobile reports whether s is a mainland mobile number: 11 digits
// starting with 1 and a second digit 3-9, optionally prefixed +86 or 86.
// The simulator answers 1012 for anything else (see simulator/fidelity/gateway.md).
func ValidMobile(s string) bool {
	s = NationalMobile(s)
	return len(s) == 11 && IsDigits(s) && s[0] == '1' && s[1] >= '3'
}

// CompactMobile is a mobile number as people write it (+86 138-0013-8000,
// (+86) 138.0013.8000, 0086 138 0013 8000) in the form the platform
// stores: surrounding white space and the separators within removed
// (WithoutSeparators), then the country prefix dropped: a 0086 (the
// international call prefix from the mainland) before 11 digits, then
// +86 or 86 (NationalMobile). It is the one reading of a number that
// mobile_normalize and ccsync's recipient lists share: a number copied from
// a spreadsheet into a tfvars file comes out as it comes out of the cell.
func CompactMobile(s string) string {
	s = WithoutSeparators(s)
	if rest, ok := strings.CutPrefix(s, "0086"); ok && len(rest) == 11 {
		return rest
	}
	return NationalMobile(s)
}

// PhoneSeparator reports whether r is a character people write between a
// phone number's digits, which a number is read without: the space and
// the no-break space (a web page's or a spreadsheet's), the dash and the
// dashes a word processor or a chat puts in for it (U+2010-U+2015, the
// minus sign U+2212), the dot, and brackets ("(+86) 138 0013 8000",
// "(138) 0013-8000"). ccsync's cells (importer cellPhone) and
// mobile_normalize (WithoutSeparators) take out these and no others.
func PhoneSeparator(r rune) bool {
	switch {
	case r == ' ' || r == '\u00a0' || r == '-' || r == '.' || r == '(' || r == ')':
		return true
	case r >= '\u2010' && r <= '\u2015' || r == '\u2212':
		return true
	}
	return false
}

// WithoutSeparators is a mobile number as written without surrounding
// white space, nor the separators within (PhoneSeparator); a country
// prefix is kept. The white space is trimmed after the separators go:
// "13800138000\t-" (a cell's tab before a trailing dash) kept its tab, and
// matched nothing.
func WithoutSeparators(s string) string {
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if PhoneSeparator(r) {
			return -1
		}
		return r
	}, s))
}

// NationalMobile is a mobile number without its country prefix: the +86
// or 86 before 11 digits dropped, so that +8613800138000, 8613800138000
// and 13800138000 compare equal. Anything else is returned as it is: a
// "+" before another country's number (+13800138000) is not a mainland
// number, and the gateway refuses it (1012).
func NationalMobile(s string) string {
	for _, prefix := range []string{"+86", "86"} {
		if rest, ok := strings.CutPrefix(s, prefix); ok && len(rest) == 11 {
			return rest
		}
	}
	return s
}
