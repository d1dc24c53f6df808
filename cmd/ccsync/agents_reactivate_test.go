package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// TestAgentsPlan_reactivationNotes: the text plan prints a re-activation's
// notes under its line (they were only in the JSON), so a row giving a
// resigned agent's number to a new hire does not read as a plain update.
func TestAgentsPlan_reactivationNotes(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	api.Seed(importer.Values{"user_num": "7012", "user_name": "Agent 7012", "user_status": "2"})
	ep := fakeEndpoint(t, importer.Backend{Agents: api})
	path := agentsRoster(t, []any{"user_num", "user_name", "user_password", "user_status"}, []any{"7012", "Tina Twelve", nil, "1"})
	code, out, stderr := runCLI("agents", "plan", path, "--endpoint", ep, "--access-token", "t")
	want := `Agents!A2        7012         update    user_name: "Agent 7012" → "Tina Twelve", user_status: "2" → "1"
                 re-activates resigned agent 1001 ("Agent 7012"), not a new agent: the platform keeps a resigned agent's number, so this row brings that account back, and its call history stays with it. For a new person with a record of their own, give the row a user_num no agent has
                 warning: user_password is empty in Agents!C2, so the resigned agent's old password still opens the account: type the new password there (a re-activation sends it) or change it in the portal
Plan: 0 to create, 1 to update (1 re-activates a resigned agent), 0 unchanged`
	if code != 0 || !strings.HasPrefix(out, want) {
		t.Errorf("plan: %d\n%s\nwant:\n%s\n%s", code, out, want, stderr)
	}
}

// TestAgentsPlan_resignedRowNoteShown: a row that changes nothing on a
// resigned agent's number but holds a password (which is not sent, the
// status being empty) is shown with its warning, where an unchanged row is
// not shown at all.
func TestAgentsPlan_resignedRowNoteShown(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	api.Seed(importer.Values{"user_num": "7012", "user_name": "Agent 7012", "user_status": "2"})
	ep := fakeEndpoint(t, importer.Backend{Agents: api})
	path := agentsRoster(t, []any{"user_num", "user_name", "user_password", "user_status"}, []any{"7012", "Agent 7012", "NewHire-Pw1", nil})
	code, out, stderr := runCLI("agents", "plan", path, "--endpoint", ep, "--access-token", "t")
	if code != 0 || !strings.Contains(out, "warning: agent 1001 (\"Agent 7012\") is resigned and user_status is empty in Agents!D2, so it stays resigned") {
		t.Errorf("plan: %d\n%s\n%s", code, out, stderr)
	}
}

// agentsRoster writes a roster workbook whose Agents sheet holds rows.
func agentsRoster(t *testing.T, rows ...[]any) string {
	t.Helper()
	f := excelize.NewFile()
	_ = f.SetSheetName("Sheet1", "Agents")
	for i, row := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		_ = f.SetSheetRow("Agents", cell, &row)
	}
	path := filepath.Join(t.TempDir(), "roster.xlsx")
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	return path
}
