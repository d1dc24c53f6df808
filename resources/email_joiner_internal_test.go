package resources

import "testing"

// TestEmailAddress_joinersWrittenOnPurpose: the non-joiner of a Persian
// address (IDNA2008 allows it within a label, RFC 5892 A.1) is typed, and
// user_email took it until d2b46bc refused every format character. A
// joiner at an end or beside "@" or "." is refused still, as a zero-width
// space is.
func TestEmailAddress_joinersWrittenOnPurpose(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]string{
		"می\u200cخواهم@example.ir":     "",
		"bob@می\u200cخواهم.ir":         "",
		"用户@例子.广告":                     "",
		"ü@example.de":                 "",
		"ann+tag@mail.sub.example.com": "",
		"cid\u200c@example.com":        `got "cid\u200c@example.com"`,
		"dee@example\u200d.com":        `got "dee@example\u200d.com"`,
		"ann@exa\u200bmple.com":        `got "ann@exa\u200bmple.com"`,
	} {
		if got := emailAddress.check(s); got != want {
			t.Errorf("%+q: %q, want %q", s, got, want)
		}
	}
}
