package client

import (
	"fmt"
	"unicode"
)

// LookalikeKind is why a character makes a number (an agent number, a
// phone number) only look typed in ASCII.
type LookalikeKind int

// The kinds of look-alike characters.
const (
	NotLookalike       LookalikeKind = iota
	FullWidthDigit                   // ０-９, as a Chinese or Japanese input method types them
	FullWidthSign                    // ＋, －, the ideographic space
	InvisibleCharacter               // a zero-width space, a direction mark: pasted with the number
)

// Lookalike says whether r makes a number only look typed in ASCII, and
// names it ("full-width digits (０-９)", "the full-width character '＋'",
// "the invisible character U+200B"). The platform takes such a number as
// another than the one it looks like; ccsync refuses it in a roster, and
// the provider warns.
func Lookalike(r rune) (LookalikeKind, string) {
	switch {
	case r >= '０' && r <= '９':
		return FullWidthDigit, "full-width digits (０-９)"
	case r >= '\uff01' && r <= '\uff5e' || r == '\u3000':
		return FullWidthSign, fmt.Sprintf("the full-width character %q", r)
	case unicode.Is(unicode.Cf, r):
		return InvisibleCharacter, fmt.Sprintf("the invisible character %U", r)
	}
	return NotLookalike, ""
}
