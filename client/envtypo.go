package client

import (
	"fmt"
	"slices"
	"strings"
)

// envPrefix begins every variable a setting is read from.
const envPrefix = "CONTACTCENTER_"

// UnreadEnvVar is a CONTACTCENTER_* variable of the environment that no
// setting reads (CONTACTCENTER_TOKEN, CONTACTCENTER_ENDPOIT, a name in
// lower case), with the variable it most likely means ("" when none).
type UnreadEnvVar struct {
	Var, Mean string
}

// UnreadEnvVars lists the variables of environ (os.Environ's form,
// NAME=value) that look meant for a setting but are not read: their name
// begins with CONTACTCENTER_ in any case, their value is not empty, and
// no setting has that name. A user who exported CONTACTCENTER_TOKEN was
// told only that access_token was missing.
func UnreadEnvVars(environ []string) []UnreadEnvVar {
	known := map[string]bool{}
	for _, s := range SettingNames() {
		known[EnvVar(s)] = true
	}
	var out []UnreadEnvVar
	for _, kv := range environ {
		name, value, _ := strings.Cut(kv, "=")
		if value == "" || known[name] || !strings.HasPrefix(strings.ToUpper(name), envPrefix) || strings.HasPrefix(name, envPrefix+"TEST_") {
			continue
		}
		out = append(out, UnreadEnvVar{Var: name, Mean: meantEnvVar(name)})
	}
	slices.SortFunc(out, func(a, b UnreadEnvVar) int { return strings.Compare(a.Var, b.Var) })
	return out
}

// meantEnvVar is the setting variable name most likely means: the same in
// another case, one a few letters apart, or the only one that has name's
// words (TOKEN: CONTACTCENTER_ACCESS_TOKEN); "" when none or several.
func meantEnvVar(name string) string {
	upper := strings.ToUpper(name)
	rest := strings.TrimPrefix(upper, envPrefix)
	var near, words []string
	for _, s := range SettingNames() {
		v := EnvVar(s)
		if v == upper {
			return v
		}
		if EditDistance(upper, v) <= 2 {
			near = append(near, v)
		}
		if rest != "" && (strings.HasSuffix(v, "_"+rest) || strings.HasPrefix(v, envPrefix+rest+"_")) {
			words = append(words, v)
		}
	}
	switch {
	case len(near) == 1:
		return near[0]
	case len(near) == 0 && len(words) == 1:
		return words[0]
	}
	return ""
}

// EditDistance is the Levenshtein distance of a and b (bytes): how near a
// name given is to one known, for "did you mean" advice.
func EditDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// UnreadEnvAdvice says which of unread a missing setting may have been
// meant in: those that mean one of the settings' variables, and those
// that mean none. "" when there are none.
func UnreadEnvAdvice(unread []UnreadEnvVar, settings ...string) string {
	var parts []string
	for _, u := range unread {
		switch {
		case u.Mean == "":
			parts = append(parts, fmt.Sprintf("%s is set but not read: no setting has that name", u.Var))
		case !slices.ContainsFunc(settings, func(s string) bool { return EnvVar(s) == u.Mean }):
		case strings.EqualFold(u.Var, u.Mean):
			parts = append(parts, fmt.Sprintf("%s is set but not read: the variable is %s, in capitals", u.Var, u.Mean))
		default:
			parts = append(parts, fmt.Sprintf("%s is set but not read: the variable is %s", u.Var, u.Mean))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " " + strings.Join(parts, "; ") + "."
}
