package textcheck

import (
	"fmt"
	"strings"
)

// SomeOf names the first most of n things (name(i) names the i-th), and
// counts the others: "a, b, c and 297 more". A diagnostic about hundreds of
// recipients or agents alike names a few and stays readable.
func SomeOf(n, most int, name func(i int) string) string {
	named := make([]string, 0, min(n, most))
	for i := range min(n, most) {
		named = append(named, name(i))
	}
	s := strings.Join(named, ", ")
	if n > most {
		s += fmt.Sprintf(" and %d more", n-most)
	}
	return s
}
