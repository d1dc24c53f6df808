package functions

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// fill replaces each variable once: with every variable given a value
// that holds no "${", the filled text's length is the text's length with
// each placeholder's length swapped for its value's; templateVariables
// never panics.
func FuzzFill(f *testing.F) {
	for _, s := range []string{"hi ${name}", "${a}${a}${b}", "$${a}}", "${a", "${ a }", "${a{b}", "中文${名字}！"} {
		f.Add(s, "v")
	}
	f.Fuzz(func(t *testing.T, text, value string) {
		vars, err := templateVariables(text)
		if err != nil {
			return
		}
		if strings.Contains(value, "${") || !utf8.ValidString(value) || !utf8.ValidString(text) {
			return
		}
		params := map[string]string{}
		for _, v := range vars {
			params[v] = value
		}
		out, err := fill(text, params)
		if err != nil {
			t.Fatalf("fill(%q) refused a text templateVariables accepted: %v", text, err)
		}
		want := utf8.RuneCountInString(text)
		for _, v := range vars {
			n := strings.Count(text, "${"+v+"}")
			want += n * (utf8.RuneCountInString(value) - utf8.RuneCountInString("${"+v+"}"))
		}
		if got := utf8.RuneCountInString(out); got != want {
			t.Fatalf("fill(%q, %q) = %q: %d characters, want %d", text, value, out, got, want)
		}
		if _, err := fill(text, map[string]string{}); len(vars) > 0 && err == nil {
			t.Fatalf("fill(%q) with no values succeeded", text)
		}
	})
}
