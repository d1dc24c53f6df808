package exporter

import (
	"testing"

	"github.com/zclconf/go-cty/cty"
)

// TestEmailRule_joinersWrittenOnPurpose: the export's e-mail rule is the
// provider's (resources/text_rules.go). The non-joiner of a Persian address
// (IDNA2008 allows it within a label, RFC 5892 A.1) is typed, and was
// within the rules until d2b46bc refused every format character; the
// export then wrote "terraform validate refuses it" of a good address. A
// joiner at an end or beside "@" or "." is refused still, as a zero-width
// space is.
func TestEmailRule_joinersWrittenOnPurpose(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{
		"می\u200cخواهم@example.ir":     true,
		"bob@می\u200cخواهم.ir":         true,
		"用户@例子.广告":                     true,
		"ann+tag@mail.sub.example.com": true,
		"cid\u200c@example.com":        false,
		"dee@example\u200d.com":        false,
		"\u200dann@example.com":        false,
		"ann@exa\u200bmple.com":        false,
	} {
		if got := email.ok(cty.StringVal(s)); got != want {
			t.Errorf("%+q: within the rules %v, want %v", s, got, want)
		}
	}
}
