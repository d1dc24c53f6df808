// Package textcheck holds the checks of text for characters that do not
// show, shared by the provider (internal/tfkit) and ccsync (importer/),
// which imports nothing of Terraform (DESIGN §2): the invisible
// characters a text most often carries by accident, text of white space
// alone, and a value written so that such a character shows.
package textcheck

import (
	"fmt"
	"regexp"
	"strconv"
	"unicode"
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

// notBlankRE matches text with a character that is neither white space
// nor one of the invisible characters: a text of a byte order mark alone
// (a file saved empty as "UTF-8 with BOM") is as blank.
var notBlankRE = regexp.MustCompile(`[^\s\x0B\x{85}\p{Z}\x{FEFF}\x{200B}\x{2060}\x{00AD}]`)

// Blank reports whether s is text of white space only (not empty), or of
// the invisible characters.
func Blank(s string) bool { return s != "" && !notBlankRE.MatchString(s) }

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
