package exporter

import (
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// MaxNameLength is the longest name Name gives (the namer may add a suffix
// such as _2 to keep names unique): a voice file is written under its
// resource's name, and a file name has at most 255 bytes.
const MaxNameLength = 64

// Name turns a natural key (que_name, user_num, a name) of the object with
// id id into a Terraform resource name: lower-case ASCII letters, digits
// and underscores, starting with a letter.
//
//   - Letters are written in ASCII where they have an ASCII form: accents
//     are dropped (é → e), compatibility forms are unfolded (full-width
//     ＣＲＭ → crm), and ß, æ, œ, ø, ł, đ, ð, þ are spelt out. Runs of
//     anything else (spaces, punctuation) become one underscore.
//   - A key that starts with a digit gets prefix (the kind's word, "agent"
//     → agent_8001).
//   - A key with letters or digits that cannot be written in ASCII (Chinese,
//     Cyrillic, …) does not give a name that passes for the object's: the
//     ASCII part gets the id (挂机话单推送（CRM） → crm_305), and a key
//     with no ASCII part gives prefix_id (销售组 → skill_group_107). The
//     name depends on the object only, not on which other objects share
//     its ASCII part or the order they are listed in.
//   - A key with nothing usable (empty, only punctuation) gives prefix_id.
//
// A name is cut to MaxNameLength characters, at a word boundary where there
// is one in its second half; an id added above is kept whole.
func Name(key, prefix, id string) string {
	s, dropped := asciiWords(key)
	idPart, _ := asciiWords(id)
	if s == "" {
		if idPart == "" {
			return prefix
		}
		return cut(prefix+"_"+idPart, MaxNameLength)
	}
	if s[0] >= '0' && s[0] <= '9' {
		s = prefix + "_" + s
	}
	if !dropped || idPart == "" {
		return cut(s, MaxNameLength)
	}
	suffix := "_" + idPart
	return cut(s, MaxNameLength-len(suffix)) + suffix
}

// spelt gives the ASCII spelling of the letters that have no decomposition
// into an ASCII letter and accents.
var spelt = map[rune]string{'ß': "ss", 'æ': "ae", 'œ': "oe", 'ø': "o", 'ł': "l", 'đ': "d", 'ð': "d", 'þ': "th", 'ı': "i", 'ħ': "h", 'ŧ': "t"}

// asciiWords lower-cases key and joins its runs of ASCII letters and digits
// with single underscores. dropped says that a letter or digit with no
// ASCII form was left out.
func asciiWords(key string) (s string, dropped bool) {
	var b strings.Builder
	pending := false
	word := func(w string) {
		if pending && b.Len() > 0 {
			b.WriteByte('_')
		}
		pending = false
		b.WriteString(w)
	}
	for _, r := range strings.ToLower(norm.NFKD.String(key)) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			word(string(r))
		case spelt[r] != "":
			word(spelt[r])
		case unicode.Is(unicode.M, r):
			// An accent, decomposed from the letter before it.
		case unicode.IsLetter(r) || unicode.IsNumber(r):
			dropped = true
			pending = true
		default:
			pending = true
		}
	}
	return b.String(), dropped
}

// cut shortens s to at most n characters, at a word boundary where there is
// one in its second half.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:n]
	if i := strings.LastIndexByte(s, '_'); i >= n/2 {
		s = s[:i]
	}
	return strings.TrimRight(s, "_")
}

// namer hands out unique resource names within one resource type.
type namer struct {
	prefix string
	used   map[string]bool
	// kept are the names a local state gives objects of the type, by id
	// (keptNames): an object keeps its address when the folder is
	// exported again.
	kept map[string]string
	// theirs are the objects the user's own .tf files declare
	// (readTheirs): one the user declares by id keeps the user's name, so
	// that the export's references name the user's resource.
	theirs *theirs
}

// mind makes n give the objects the user's own .tf files declare by id
// the user's name (where it is a plain root resource), and no other
// object a name the user's files give an object of another known id
// (the module would declare it twice).
func (n *namer) mind(t *theirs) *namer {
	if t == nil {
		return n
	}
	n.theirs = t
	for _, d := range t.addrs {
		if d.typ == "contactcenter_"+n.prefix && d.id != "" {
			n.used[d.name] = true
		}
	}
	return n
}

// newNamer is the namer of contactcenter_<prefix>, with the names kept
// (by type and id, see keptNames) reserved for their objects.
func newNamer(prefix string, kept map[string]string) *namer {
	n := &namer{prefix: prefix, used: map[string]bool{}, kept: map[string]string{}}
	for k, name := range kept {
		if typ, id, _ := strings.Cut(k, "\x00"); typ == "contactcenter_"+prefix {
			n.kept[id], n.used[name] = name, true
		}
	}
	return n
}

// name returns a unique name for the object with natural key key and id id:
// the name the state gives it, else Name(key, prefix, id); a name already
// taken gets _2, _3, …
func (n *namer) name(key, id string) string {
	return n.named(id, Name(key, n.prefix, id))
}

// named returns the name the state gives the object id, else base made
// unique.
func (n *namer) named(id, base string) string {
	if d := n.theirs.mine("contactcenter_"+n.prefix, id, ""); d != nil && d.plain {
		return d.name
	}
	if name := n.kept[id]; name != "" {
		return name
	}
	return n.unique(base)
}

// unique returns base, or base_2, base_3, … if it is taken, and marks it
// taken.
func (n *namer) unique(base string) string {
	name := base
	for i := 2; n.used[name]; i++ {
		name = base + "_" + strconv.Itoa(i)
	}
	n.used[name] = true
	return name
}
