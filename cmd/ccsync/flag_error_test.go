package main

import (
	"strings"
	"testing"
)

// TestBadFlagValue_errorOnceWithoutUsage: a bad flag value printed the
// error, naming the flag twice ("invalid value "30" for flag
// -request-timeout: --request-timeout must be …"), then some 30 lines of
// usage that scrolled it away. It prints the error once and where the
// flags are described, in every subcommand.
func TestBadFlagValue_errorOnceWithoutUsage(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		args []string
		want string // the first line after "<command>: "
	}{
		"agents plan":      {[]string{"agents", "plan", "x.xlsx", "--request-timeout", "30"}, "--request-timeout must be "},
		"agents apply":     {[]string{"agents", "apply", "x.xlsx", "--retries", "50"}, "--retries must be from 0 to 10, got 50"},
		"agents export":    {[]string{"agents", "export", "x.xlsx", "--max-retries", "50"}, "--max-retries must be from 0 to 10, got 50"},
		"export terraform": {[]string{"export", "terraform", "d", "--max-requests-per-second", "0"}, "--max-requests-per-second must be a number greater than 0, got 0"},
		"sms send":         {[]string{"sms", "send", "x.xlsx", "--max-retries", "50"}, "--max-retries must be from 0 to 10, got 50"},
		"sms status pull":  {[]string{"sms", "status", "pull", "--max", "many"}, `invalid value "many" for flag -max: `},
		"simulator":        {[]string{"simulator", "--delivery-delay", "soon"}, `invalid value "soon" for flag -delivery-delay: `},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			code, o, e := runCLI(tc.args...)
			cmd := "ccsync " + strings.Join(tc.args[:len(tc.args)-2], " ")
			cmd = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(cmd, " x.xlsx"), " d"), " ")
			lines := strings.Split(strings.TrimSuffix(e, "\n"), "\n")
			if code != exitUsage || o != "" || len(lines) != 2 || !strings.HasPrefix(lines[0], cmd+": "+tc.want) ||
				lines[1] != "run `"+cmd+" --help` for the flags" || strings.Count(e, "-"+tc.args[len(tc.args)-2][2:]) > 1 {
				t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant exit 2 and two lines: %q…, then run `%s --help` for the flags", code, o, e, cmd+": "+tc.want, cmd)
			}
		})
	}
}

// TestBadFlag_outputJSONStillPrintsTheError: a bad flag (unknown, out of
// range, without its value) or an unknown subcommand printed nothing on
// stdout even with --output json, although the guide says --output json
// prints one JSON document also when the run cannot start. It prints
// {"error": "..."} whenever --output json is among the arguments, before
// or after the bad flag, exit 2; without it stdout stays empty, and -h
// prints the help alone.
func TestBadFlag_outputJSONStillPrintsTheError(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		args []string
		want string // in the JSON error and on stderr
	}{
		"agents plan, unknown flag after":    {[]string{"agents", "plan", "r2.xlsx", "--output", "json", "--bogus"}, "flag provided but not defined: -bogus"},
		"agents plan, unknown flag before":   {[]string{"agents", "plan", "--bogus", "r2.xlsx", "--output=json"}, "flag provided but not defined: -bogus"},
		"agents apply, no value":             {[]string{"agents", "apply", "r.xlsx", "-output", "json", "--prune"}, "flag needs an argument: -prune"},
		"agents template":                    {[]string{"agents", "template", "r.xlsx", "--output", "json", "--endpoint", "x"}, "flag provided but not defined: -endpoint"},
		"agents export, bad value":           {[]string{"agents", "export", "r.xlsx", "--output", "json", "--max-retries", "50"}, "--max-retries must be from 0 to 10, got 50"},
		"sms send, out of range":             {[]string{"sms", "send", "x.xlsx", "--template", "3002", "--output", "json", "--max-retries", "99"}, "--max-retries must be from 0 to 10, got 99"},
		"sms send, bad number before output": {[]string{"sms", "send", "x.xlsx", "--batch-size", "many", "--output", "json"}, `invalid value "many" for flag -batch-size`},
		"export terraform, unknown flag":     {[]string{"export", "terraform", "d", "--output", "json", "--kind", "agents"}, "flag provided but not defined: -kind"},
		"agents, unknown subcommand":         {[]string{"agents", "plans", "r.xlsx", "--output", "json"}, `unknown subcommand "plans"`},
		"export, unknown format":             {[]string{"export", "tf", "d", "--output", "json"}, `unknown format "tf"`},
		"sms, unknown subcommand":            {[]string{"sms", "sned", "x.xlsx", "--output", "json"}, `unknown subcommand "sned"`},
		// The output flag in the subcommand's place, and the last --output
		// winning as in the flag set (review findings).
		"agents, no subcommand":       {[]string{"agents", "--output", "json"}, `unknown subcommand "--output"`},
		"agents plan, text then json": {[]string{"agents", "plan", "r2.xlsx", "--output", "text", "--output=json", "--bogus"}, "flag provided but not defined: -bogus"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			code, o, e := runCLI(tc.args...)
			if code != exitUsage || !strings.Contains(e, strings.TrimPrefix(tc.want, "unknown ")) {
				t.Errorf("exit %d (want 2), stderr lacks %q:\n%s", code, tc.want, e)
			}
			assertJSONError(t, o, tc.want)
		})
	}
	for _, args := range [][]string{
		{"agents", "plan", "r2.xlsx", "--output", "text", "--bogus"},
		{"agents", "plan", "r2.xlsx", "--output", "json", "--output", "text", "--bogus"},
		{"sms", "send", "x.xlsx", "--max-retries", "99"},
		{"export", "terraform", "d", "--bogus", "--", "--output", "json"},
		{"agents", "plan", "--output", "json", "-h"},
	} {
		code, o, e := runCLI(args...)
		if o != "" || (code != exitUsage && args[len(args)-1] != "-h") || (args[len(args)-1] == "-h" && code != exitOK) {
			t.Errorf("%v: exit %d, stdout %q (want none)\n%s", args, code, o, e)
		}
	}
}
