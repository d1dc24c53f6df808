package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// TestAgentsPlan_detailedExitcode: a CI job that checks whether the
// platform still matches the roster had only the text or the JSON to
// read: plan exits 0 either way. --detailed-exitcode gives terraform
// plan's codes: 2 when there are changes, 0 when none, 1 on any error,
// bad input included (its usual 2 would read as "changes"). Without the
// flag the codes are as before.
func TestAgentsPlan_detailedExitcode(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	ep := fakeEndpoint(t, importer.Backend{Agents: api})
	conn := []string{"--endpoint", ep, "--access-token", "t"}
	plan := func(args ...string) (int, string, string) {
		return runCLI(append(append([]string{"agents", "plan"}, args...), conn...)...)
	}
	if code, o, e := plan(demoRoster, "--detailed-exitcode"); code != 2 || !strings.Contains(o, "Plan: 20 to create") {
		t.Errorf("changes: exit %d, want 2\n%s\n%s", code, o, e)
	}
	if code, o, e := plan(demoRoster, "--detailed-exitcode", "--output", "json"); code != 2 || !strings.Contains(o, `"create": 20`) {
		t.Errorf("changes, json: exit %d, want 2\n%s\n%s", code, o, e)
	}
	if code, o, e := plan(demoRoster); code != exitOK {
		t.Errorf("changes without the flag: exit %d, want 0\n%s\n%s", code, o, e)
	}
	if code, o, e := runCLI(append([]string{"agents", "apply", demoRoster}, conn...)...); code != exitOK {
		t.Fatalf("apply: exit %d\n%s\n%s", code, o, e)
	}
	if code, o, e := plan(demoRoster, "-detailed-exitcode"); code != exitOK || !strings.Contains(o, "No changes") {
		t.Errorf("no changes: exit %d, want 0\n%s\n%s", code, o, e)
	}
	bad := filepath.Join(t.TempDir(), "missing.xlsx")
	for name, args := range map[string][]string{
		"a file that does not exist": {bad, "--detailed-exitcode"},
		"a bad flag before it":       {demoRoster, "--prune", "sideways", "--detailed-exitcode"},
		"an unknown flag before it":  {demoRoster, "--bogus", "--detailed-exitcode"},
	} {
		if code, o, e := plan(args...); code != exitFailures {
			t.Errorf("%s: exit %d, want 1\n%s\n%s", name, code, o, e)
		}
	}
	if code, _, _ := plan(bad); code != exitUsage {
		t.Errorf("a file that does not exist, without the flag: exit %d, want 2", code)
	}
}
