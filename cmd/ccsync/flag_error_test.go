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
