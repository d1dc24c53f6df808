package main

import (
	"flag"
	"io"
	"slices"
	"strings"
	"testing"
)

// TestParseArgs_dashDashEndsFlags: after "--" every argument is
// positional. parseArgs parsed the flags again after each positional
// argument, so `agents plan -- a.xlsx --b.xlsx` refused --b.xlsx as an
// unknown flag and `-- a.xlsx --yes` took --yes as the flag. A "--" that
// is a flag's value ends nothing.
func TestParseArgs_dashDashEndsFlags(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args, pos []string
		report    string
		yes       bool
	}{
		{args: []string{"--", "--weird.xlsx"}, pos: []string{"--weird.xlsx"}},
		{args: []string{"--", "a.xlsx", "--b.xlsx"}, pos: []string{"a.xlsx", "--b.xlsx"}},
		{args: []string{"a.xlsx", "--", "--yes"}, pos: []string{"a.xlsx", "--yes"}},
		{args: []string{"--yes", "a.xlsx", "--", "-", "--"}, pos: []string{"a.xlsx", "-", "--"}, yes: true},
		{args: []string{"a.xlsx", "--yes"}, pos: []string{"a.xlsx"}, yes: true},
		// "--" as a value: the flags go on.
		{args: []string{"--report", "--", "a.xlsx", "--yes"}, pos: []string{"a.xlsx"}, report: "--", yes: true},
		{args: []string{"a.xlsx", "--report", "--yes", "--", "--yes"}, pos: []string{"a.xlsx", "--yes"}, report: "--yes"},
		{args: []string{"a.xlsx", "--report=x", "--yes", "--", "b"}, pos: []string{"a.xlsx", "b"}, report: "x", yes: true},
	} {
		fs := flag.NewFlagSet("ccsync agents apply", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		report := fs.String("report", "", "")
		yes := fs.Bool("yes", false, "")
		pos, err := parseArgs(fs, tc.args, io.Discard)
		if err != nil || !slices.Equal(pos, tc.pos) || *report != tc.report || *yes != tc.yes {
			t.Errorf("%q: positional %q, --report %q, --yes %v, error %v; want %q, %q, %v",
				tc.args, pos, *report, *yes, err, tc.pos, tc.report, tc.yes)
		}
	}
}

// TestAgentsPlan_dashDash: as a user runs it, the argument after "--" and
// a file is a second file, not an unknown flag.
func TestAgentsPlan_dashDash(t *testing.T) {
	t.Parallel()
	code, o, e := runCLI("agents", "plan", "--", "a.xlsx", "--b.xlsx")
	if code != exitUsage || o != "" || !strings.Contains(e, "want exactly one FILE.xlsx, got 2 arguments") {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and two arguments", code, o, e)
	}
}
