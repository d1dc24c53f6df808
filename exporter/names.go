package exporter

import (
	"strconv"
	"strings"
)

// Sanitize turns a natural key (que_name, user_num, a name) into a
// Terraform resource name: lower-case ASCII letters, digits and
// underscores, starting with a letter or an underscore. Runs of anything
// else become one underscore; a key that starts with a digit gets prefix
// (the kind's word, "agent" → agent_8001). A key with nothing usable left
// (empty, or only non-ASCII text) gives "" and the caller falls back to
// prefix + id. A name is cut to MaxNameLength characters (at a word
// boundary where there is one in its second half): a voice file is written
// under its resource's name, and a file name has at most 255 bytes.
func Sanitize(key, prefix string) string {
	var b strings.Builder
	pending := false
	for _, r := range strings.ToLower(key) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			if pending && b.Len() > 0 {
				b.WriteByte('_')
			}
			pending = false
			b.WriteRune(r)
		default:
			pending = true
		}
	}
	s := b.String()
	if s == "" {
		return ""
	}
	if s[0] >= '0' && s[0] <= '9' {
		s = prefix + "_" + s
	}
	if len(s) > MaxNameLength {
		s = s[:MaxNameLength]
		if i := strings.LastIndexByte(s, '_'); i >= MaxNameLength/2 {
			s = s[:i]
		}
		s = strings.TrimRight(s, "_")
	}
	return s
}

// MaxNameLength is the longest resource name Sanitize gives (the namer may
// add a suffix such as _2 to keep names unique).
const MaxNameLength = 64

// namer hands out unique resource names within one resource type.
type namer struct {
	prefix string
	used   map[string]bool
}

func newNamer(prefix string) *namer { return &namer{prefix: prefix, used: map[string]bool{}} }

// name returns a unique name for the object with natural key key and id id:
// the sanitised key, else prefix_id; a name already taken gets _2, _3, …
func (n *namer) name(key, id string) string {
	base := Sanitize(key, n.prefix)
	if base == "" {
		base = Sanitize(n.prefix+"_"+id, n.prefix)
	}
	name := base
	for i := 2; n.used[name]; i++ {
		name = base + "_" + strconv.Itoa(i)
	}
	n.used[name] = true
	return name
}
