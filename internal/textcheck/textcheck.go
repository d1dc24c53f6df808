// Package textcheck holds the checks of text for characters that do not
// show, shared by the provider (internal/tfkit) and ccsync (importer/),
// which imports nothing of Terraform (DESIGN §2): the invisible
// characters a text most often carries by accident, text of white space
// alone, and a value written so that such a character shows; and how a
// long list is cut short in a message (SomeOf).
package textcheck

import (
	"fmt"
	"net/mail"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// invisible are the invisible characters a text most often carries by
// accident: the byte order mark that a file saved as "UTF-8 with BOM"
// (Windows Notepad, Excel's "CSV UTF-8") begins with, and the zero-width
// space, word joiner and soft hyphen pasted from a web page or a word
// processor. Joiners that shape a script or an emoji (U+200C, U+200D) and
// direction marks are left alone: they are written on purpose.
var invisible = map[rune]string{
	'\ufeff': "a byte order mark (U+FEFF)",
	'\u200b': "a zero-width space (U+200B)",
	'\u2060': "a word joiner (U+2060)",
	'\u00ad': "a soft hyphen (U+00AD)",
}

// Invisible names r when it is one of the invisible characters a text
// carries by accident ("a zero-width space (U+200B)"); ok is false for any
// other character.
func Invisible(r rune) (name string, ok bool) {
	name, ok = invisible[r]
	return name, ok
}

// Blank reports whether s is text of white space only (not empty), or of
// the invisible characters (Invisible): a text of a byte order mark alone
// (a file saved empty as "UTF-8 with BOM") is as blank. White space is
// unicode.IsSpace, which holds every separator (\p{Z}) and the vertical
// tab and next line (U+000B, U+0085) that \s leaves out.
func Blank(s string) bool {
	for _, r := range s {
		if _, hidden := invisible[r]; !hidden && !unicode.IsSpace(r) {
			return false
		}
	}
	return s != ""
}

// AtEdge names the invisible character a text carries by accident
// (Invisible: a byte order mark, a zero-width space, a word joiner, a soft
// hyphen) that s begins or ends with, white space around it aside (file()
// keeps a text file's final line break, and "30\u200b " is as much at the
// end of what shows), and where: "a zero-width space (U+200B) at its end",
// as the provider's rules name a character at either end; r is that
// character. "" when s holds none there. One within the text (张\u200b三,
// a line-break hint of a web page) is left as it is.
// ccsync's recipients cells and the provider's send actions' values are
// checked with it.
func AtEdge(s string) (what string, r rune) {
	s = strings.TrimFunc(s, unicode.IsSpace)
	first, _ := utf8.DecodeRuneInString(s)
	last, _ := utf8.DecodeLastRuneInString(s)
	if name, ok := Invisible(first); ok {
		return name + " at its start", first
	}
	if name, ok := Invisible(last); ok {
		return name + " at its end", last
	}
	return "", 0
}

// EdgeShown quotes of s, a text AtEdge finds an invisible character at the
// edge of, only that edge: the invisible character, the white space beside
// it (file() keeps a text file's final line break) and the two characters
// next to it, escaped, with "…" for the rest: `…"21\u200b"` for
// "Your code is 4821\u200b", `"\ufeffDe"…` for "\ufeffDear Ann". A text
// that short is quoted whole. The text may be a one-time code, or come from
// a sensitive variable (which Terraform does not mask in a provider's
// diagnostic), and a 400-character message quoted whole hid where the
// character was; what AtEdge says ("at its end") and these characters
// show it. A text without one at an edge is as Shown writes it.
func EdgeShown(s string) string {
	const near = 2 // characters shown beside the invisible one
	rs := []rune(s)
	i := 0
	for i < len(rs) && unicode.IsSpace(rs[i]) {
		i++
	}
	if _, ok := invisible[at(rs, i)]; ok {
		if end := i + 1 + near; end < len(rs) {
			return strconv.Quote(string(rs[:end])) + "…"
		}
		return strconv.Quote(s)
	}
	j := len(rs) - 1
	for j >= 0 && unicode.IsSpace(rs[j]) {
		j--
	}
	if _, ok := invisible[at(rs, j)]; ok {
		if start := j - near; start > 0 {
			return "…" + strconv.Quote(string(rs[start:]))
		}
		return strconv.Quote(s)
	}
	return Shown(s)
}

// at is rs[i], or 0 outside rs.
func at(rs []rune, i int) rune {
	if i < 0 || i >= len(rs) {
		return 0
	}
	return rs[i]
}

// Shown writes s as it is when every character of it shows, else quoted,
// the characters that do not show escaped ("\ufeffname", "time ").
func Shown(s string) string {
	for _, r := range s {
		if _, hidden := invisible[r]; hidden || unicode.IsSpace(r) || !unicode.IsPrint(r) {
			return strconv.Quote(s)
		}
	}
	return s
}

// Space names a white-space character that is not a plain space, as a
// message names what a cell or a value holds: "a no-break space (U+00A0)";
// "a space" for U+0020.
func Space(r rune) string {
	switch r {
	case ' ':
		return "a space"
	case '\u00a0':
		return "a no-break space (U+00A0)"
	case '\u3000':
		return "an ideographic (full-width) space (U+3000)"
	case '\t':
		return "a tab"
	case '\n', '\r':
		return "a line break"
	}
	return fmt.Sprintf("the white-space character %U", r)
}

// JoinerWithin reports whether the character at byte offset i of s is a
// zero-width non-joiner or joiner (U+200C, U+200D) written on purpose:
// between two characters that show, as in a Persian word (می‌خواهم: the
// non-joiner is a key of the Persian keyboard) or an emoji sequence (👩‍💻,
// which a phone's emoji keyboard types). Neither end of s, nor beside white
// space, another format character or one of seps (the "@" and "." of an
// e-mail address, where a label cannot end with one: RFC 5892 CONTEXTJ).
func JoinerWithin(s string, i int, seps string) bool {
	r, n := utf8.DecodeRuneInString(s[i:])
	if r != '\u200c' && r != '\u200d' || i == 0 || i+n >= len(s) {
		return false
	}
	before, _ := utf8.DecodeLastRuneInString(s[:i])
	after, _ := utf8.DecodeRuneInString(s[i+n:])
	shows := func(r rune) bool {
		return !unicode.IsSpace(r) && !unicode.In(r, unicode.Z, unicode.Cf) && !strings.ContainsRune(seps, r)
	}
	return shows(before) && shows(after)
}

// WithoutJoiners is s without the joiners written on purpose
// (JoinerWithin), for a check of the other characters: an e-mail address
// refuses format characters, and "می‌خواهم@example.ir" is an address.
func WithoutJoiners(s, seps string) string {
	if !strings.ContainsAny(s, "\u200c\u200d") {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		if !JoinerWithin(s, i, seps) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// emailRE is a plain address: no separator (a no-break space) nor format
// character (a zero-width space or byte order mark pasted with the
// address), which net/mail takes and mail to such an address goes
// nowhere with. It is matched without the joiners written on purpose
// (WithoutJoiners: the non-joiner of a Persian address, which IDNA2008
// allows within a label, RFC 5892 A.1).
var emailRE = regexp.MustCompile(`^[^@\s\p{Z}\p{Cf}]+@[^@\s\p{Z}\p{Cf}]+\.[^@\s\p{Z}\p{Cf}]+$`)

// Email reports whether s is an e-mail address as the service parses it: a
// plain address (`first..last@` refused) that net/mail reads as itself.
// The provider's user_email rule (resources/text_rules.go) and the export's
// (exporter/rules.go) share it; "" is left to them.
func Email(s string) bool {
	addr, err := mail.ParseAddress(s)
	return err == nil && addr.Address == s && emailRE.MatchString(WithoutJoiners(s, "@."))
}

// Hidden names the first character of s that does not show, and where:
// an invisible character (Invisible, or another format character such as a
// direction mark: client.Lookalike) or, with spaces, white space ("a
// no-break space (U+00A0)"). "" when every character of s shows. A
// password is read without spaces: none of the invisible characters can be
// typed at login, white space can. A joiner written on purpose, between
// two characters that show (a Persian word's non-joiner, an emoji
// sequence's joiner: JoinerWithin, seps those it may not stand beside), is
// no hidden character: it was typed. ccsync's e-mail and password cells
// are checked with it (importer/fields.go).
func Hidden(s string, spaces bool, seps string) string {
	for i, r := range s {
		if JoinerWithin(s, i, seps) {
			continue
		}
		name, ok := Invisible(r)
		switch kind, what := client.Lookalike(r); {
		case ok:
		case kind == client.InvisibleCharacter:
			name = what
		case spaces && unicode.IsSpace(r):
			name = Space(r)
		default:
			continue
		}
		switch {
		case i == 0:
			return name + " at its start"
		case i+utf8.RuneLen(r) == len(s):
			return name + " at its end"
		}
		return name
	}
	return ""
}
