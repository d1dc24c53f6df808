package main

import (
	"path/filepath"
	"regexp"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// nullList finds a JSON key whose value is null.
var nullList = regexp.MustCompile(`"[a-z_]+": null`)

// TestJSONOutput_listsAreArrays: agents plan --output json printed
// "steps": null for a sheet without rows (apply printed []). A list is
// always an array. (export terraform's summary already gives [].)
func TestJSONOutput_listsAreArrays(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	roster := filepath.Join(dir, "r.xlsx")
	if code, _, e := runCLI("agents", "template", roster); code != exitOK {
		t.Fatal(e)
	}
	ep := fakeEndpoint(t, importer.Backend{Agents: importertest.NewAgents()})
	for _, sub := range []string{"plan", "apply"} {
		code, out, e := runCLI("agents", sub, roster, "--output", "json", "--endpoint", ep, "--access-token", "t")
		if code != exitOK || nullList.MatchString(out) || !regexp.MustCompile(`"steps": \[\]`).MatchString(out) {
			t.Errorf("agents %s: exit %d, want \"steps\": [] and no null:\n%s\n%s", sub, code, out, e)
		}
	}
}
