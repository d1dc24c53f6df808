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
		"sms status pull":  {[]string{"sms", "status", "pull", "--max", "many"}, `--max takes a whole number, got "many"`},
		"simulator":        {[]string{"simulator", "--delivery-delay", "soon"}, `--delivery-delay takes a duration with a unit, such as "3s", "2m" or "1m30s"; got "soon"`},
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
		"agents plan, unknown flag after":    {[]string{"agents", "plan", "r2.xlsx", "--output", "json", "--bogus"}, "unknown flag --bogus"},
		"agents plan, unknown flag before":   {[]string{"agents", "plan", "--bogus", "r2.xlsx", "--output=json"}, "unknown flag --bogus"},
		"agents apply, no value":             {[]string{"agents", "apply", "r.xlsx", "-output", "json", "--prune"}, "--prune needs a value"},
		"agents template":                    {[]string{"agents", "template", "r.xlsx", "--output", "json", "--endpoint", "x"}, "unknown flag --endpoint (a flag of ccsync agents export and ccsync agents plan and ccsync agents apply)"},
		"agents export, bad value":           {[]string{"agents", "export", "r.xlsx", "--output", "json", "--max-retries", "50"}, "--max-retries must be from 0 to 10, got 50"},
		"sms send, out of range":             {[]string{"sms", "send", "x.xlsx", "--template", "3002", "--output", "json", "--max-retries", "99"}, "--max-retries must be from 0 to 10, got 99"},
		"sms send, bad number before output": {[]string{"sms", "send", "x.xlsx", "--batch-size", "many", "--output", "json"}, `--batch-size takes a whole number, got "many"`},
		"export terraform, unknown flag":     {[]string{"export", "terraform", "d", "--output", "json", "--kind", "agents"}, "unknown flag --kind"},
		"agents, unknown subcommand":         {[]string{"agents", "plans", "r.xlsx", "--output", "json"}, `unknown subcommand "plans"`},
		"export, unknown format":             {[]string{"export", "tf", "d", "--output", "json"}, `unknown format "tf"`},
		"sms, unknown subcommand":            {[]string{"sms", "sned", "x.xlsx", "--output", "json"}, `unknown subcommand "sned"`},
		// The output flag in the subcommand's place, and the last --output
		// winning as in the flag set (review findings).
		"agents, no subcommand":       {[]string{"agents", "--output", "json"}, `unknown subcommand "--output"`},
		"agents plan, text then json": {[]string{"agents", "plan", "r2.xlsx", "--output", "text", "--output=json", "--bogus"}, "unknown flag --bogus"},
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
		if args[len(args)-1] == "-h" {
			// Help asked for goes to stdout, alone: no JSON document.
			if code != exitOK || !strings.HasPrefix(o, "Usage of ccsync agents plan:") || strings.Contains(o, "{") {
				t.Errorf("%v: exit %d, stdout %q (want the help alone)\n%s", args, code, o, e)
			}
			continue
		}
		if o != "" || code != exitUsage {
			t.Errorf("%v: exit %d, stdout %q (want none)\n%s", args, code, o, e)
		}
	}
}

// TestFlagErrors_inCcsyncWords: the flag package's texts ("flag provided
// but not defined: -yes" and a 40-line usage, "invalid boolean value
// "maybe" for -yes: parse error", "flag needs an argument: -template", a
// duration without its unit) are one line in ccsync's words, naming the
// flag as it is written, then where the flags are described. A flag of a
// sibling subcommand says whose it is.
func TestFlagErrors_inCcsyncWords(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		args []string
		cmd  string
		want string
	}{
		"sibling's flag":   {[]string{"agents", "plan", "r.xlsx", "--yes"}, "ccsync agents plan", "unknown flag --yes (a flag of ccsync agents apply)"},
		"sms sibling":      {[]string{"sms", "status", "pull", "--template", "3"}, "ccsync sms status pull", "unknown flag --template (a flag of ccsync sms send)"},
		"nobody's flag":    {[]string{"agents", "plan", "r.xlsx", "--bogus"}, "ccsync agents plan", "unknown flag --bogus"},
		"boolean value":    {[]string{"agents", "apply", "r.xlsx", "--yes=maybe"}, "ccsync agents apply", `--yes takes no value (or true/false), got "maybe"`},
		"no value":         {[]string{"sms", "send", "r.xlsx", "--template"}, "ccsync sms send", "--template needs a value"},
		"no unit":          {[]string{"simulator", "--auto-approve", "3"}, "ccsync simulator", `--auto-approve takes a duration with a unit, such as "3s", "2m" or "1m30s"; got "3"`},
		"not a number":     {[]string{"agents", "apply", "r.xlsx", "--concurrency", "four"}, "ccsync agents apply", `--concurrency takes a whole number, got "four"`},
		"export terraform": {[]string{"export", "terraform", "d", "--kind", "agents"}, "ccsync export terraform", "unknown flag --kind"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			code, o, e := runCLI(tc.args...)
			want := tc.cmd + ": " + tc.want + "\nrun `" + tc.cmd + " --help` for the flags\n"
			if code != exitUsage || o != "" || e != want {
				t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant exit 2 and:\n%s", code, o, e, want)
			}
		})
	}
}
