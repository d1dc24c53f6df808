package functions

import (
	"context"
	"fmt"
	"strings"
	"unicode"

	"github.com/hashicorp/terraform-plugin-framework/function"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

var _ function.Function = (*mobileNormalizeFunction)(nil)

// NewMobileNormalizeFunction returns mobile_normalize(mobile).
func NewMobileNormalizeFunction() function.Function { return &mobileNormalizeFunction{} }

type mobileNormalizeFunction struct{}

func (f *mobileNormalizeFunction) Metadata(_ context.Context, _ function.MetadataRequest, resp *function.MetadataResponse) {
	resp.Name = "mobile_normalize"
}

func (f *mobileNormalizeFunction) Definition(_ context.Context, _ function.DefinitionRequest, resp *function.DefinitionResponse) {
	resp.Definition = function.Definition{
		Summary: "A mobile number in the 11-digit form the platform stores",
		MarkdownDescription: "Returns a mainland mobile number as its 11 digits, without the `+86`, `86` or `0086` country prefix and " +
			"without the separators people write in a number (spaces, no-break spaces, dashes, the typographic dashes `–` and `—`, " +
			"dots and brackets), so that `+86 138-0013-8000`, `(+86) 138.0013.8000` and `13800138000` compare equal. " +
			"It reads a number as `ccsync sms send` reads a recipient list's `mobile` cell, so a number copied from a spreadsheet " +
			"comes out the same. A number that is not " +
			"11 digits starting with `1` and a second digit `3`–`9` (after removing the prefix) is an error, the same rule " +
			"the SMS gateway applies (it refuses such a number with code 1012, \"mobile number format wrong\"); " +
			"wrap the call in `can()` to test a number instead. See spec §4.8 and §7.4.",
		Parameters: []function.Parameter{
			function.StringParameter{
				Name:                "mobile",
				MarkdownDescription: "The mobile number, for example `+86 138 0013 8000`.",
			},
		},
		Return: function.StringReturn{},
	}
}

func (f *mobileNormalizeFunction) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	var mobile string
	if resp.Error = req.Arguments.Get(ctx, &mobile); resp.Error != nil {
		return
	}
	s := client.WithoutSeparators(mobile)
	if !client.ValidMobile(client.CompactMobile(s)) {
		// Terraform says "Invalid value for "mobile" parameter:" before
		// it, and shows no value of a for expression's variable
		// ([for n in local.nums : ...(n)]): the text names the number.
		resp.Error = function.NewArgumentFuncError(0, fmt.Sprintf("%s is not a mainland mobile number: it %s; a mainland mobile number is 11 digits "+
			"starting with 1 and a second digit 3-9 (optionally prefixed +86, 86 or 0086)", masked(s), mobileProblem(s)))
		return
	}
	resp.Error = resp.Result.Set(ctx, client.CompactMobile(s))
}

// masked is s, separators removed, quoted as an error shows it: a
// function is not told that its argument is sensitive, so of a value long
// enough to be a phone number only the first 3 and the last 4 characters
// are shown, the others as * ("138****8000"), as the platform's own pages
// mask numbers: enough to find it in a list, not the number. Of a value
// far longer than a number (a column joined by mistake, a file), one * a
// hidden character made a line of hundreds: past 13 hidden ones the stars
// are cut ("111******…******1111") and the length is said.
func masked(s string) string {
	const shown = 12 // stars shown of a long value, either side of "…"
	r := []rune(s)
	switch hidden := len(r) - 7; {
	case hidden <= 0:
		return fmt.Sprintf("%q", s)
	case hidden <= shown+1:
		return fmt.Sprintf("%q", string(r[:3])+strings.Repeat("*", hidden)+string(r[len(r)-4:]))
	default:
		return fmt.Sprintf("%q (%d characters)", string(r[:3])+strings.Repeat("*", shown/2)+"…"+strings.Repeat("*", shown/2)+string(r[len(r)-4:]), len(r))
	}
}

// mobileProblem says what is wrong with s, a number that client.ValidMobile
// refuses once its prefix is dropped (client.CompactMobile), with the
// separators already removed (client.WithoutSeparators), after "it".
func mobileProblem(s string) string {
	switch {
	case s == "":
		return "is empty"
	case strings.HasPrefix(s, "+") && !strings.HasPrefix(s, "+86"):
		return "starts with + and a country code other than 86 (only mainland numbers are accepted)"
	}
	digits, prefix := s, ""
	switch {
	case strings.HasPrefix(s, "+86"):
		digits, prefix = s[len("+86"):], "+86"
	case len(s) == 13 && strings.HasPrefix(s, "86"):
		digits, prefix = s[len("86"):], "86"
	case len(s) == 15 && strings.HasPrefix(s, "0086"):
		digits, prefix = s[len("0086"):], "0086"
	}
	switch {
	case strings.ContainsFunc(digits, func(r rune) bool { return r < '0' || r > '9' }):
		return "holds a character other than digits, a leading + and the separators (spaces, dashes, dots, brackets)" + notDigit(digits)
	case len(digits) != 11 && prefix != "":
		return fmt.Sprintf("has %d digits after the %s prefix, not 11", len(digits), prefix)
	case len(digits) != 11:
		return fmt.Sprintf("has %d digits (after removing the separators), not 11 (or 13 beginning with the 86 prefix, 15 with 0086)", len(digits))
	case prefix != "":
		return "does not start with 1 and a second digit 3-9 after the " + prefix + " prefix"
	default:
		return "does not start with 1 and a second digit 3-9"
	}
}

// notDigit names the character of s that is not a digit: a look-alike
// (notASCII), else the first other one, a letter, a slash, an emoji. The
// masked number hides it ("Tel********8000" for "Tel: 13800138000" shows
// no ":"), and "a character other than digits" alone left the reader to
// find it.
func notDigit(s string) string {
	if what := notASCII(s); what != "" {
		return what
	}
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
		case r == '+':
			return ": a + after the start (a + goes before the country code 86 only)"
		default:
			return fmt.Sprintf(": %q (only spaces, dashes, dots and brackets are taken out: remove it)", string(r))
		}
	}
	return ""
}

// notASCII names the first character of s that only looks like one the
// number may hold ("", when none does): the masked number shows such a
// character as a digit or a space, or not at all, and "a character other
// than digits, spaces, dashes" alone named nothing the reader could see.
// These are the look-alikes a roster refuses by name too (client.Lookalike):
// full-width digits and signs, invisible characters; and white space other
// than the spaces taken out (client.PhoneSeparator), such as the narrow
// no-break space U+202F, a tab or a line break (which "looks like a space but is not
// the ASCII space" described badly: a line feed does not).
func notASCII(s string) string {
	for _, r := range s {
		switch kind, what := client.Lookalike(r); {
		case kind == client.FullWidthDigit || kind == client.FullWidthSign:
			return ": " + what + ", as an input method types them; type the number with ASCII digits 0-9"
		case kind == client.InvisibleCharacter:
			return ": " + what + " (pasted with the number?); type the number again"
		case r == '\t':
			return ": a tab (pasted from a spreadsheet?); type the number with ordinary spaces or none"
		case r == '\n' || r == '\r':
			return ": a line break (a value of several lines?); give one number, on one line"
		case unicode.IsSpace(r) && r > unicode.MaxASCII:
			return fmt.Sprintf(": the white space %U, which looks like a space but is not the ASCII space (pasted from a web page or a spreadsheet?); "+
				"type the number with ordinary spaces or none", r)
		}
	}
	return ""
}
