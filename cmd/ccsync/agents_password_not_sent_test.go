package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// TestAgentsPlan_passwordOfExistingAgentSaid: a password typed on an
// existing agent's row planned nothing and said nothing (the column is the
// password an agent is created with), so a user who typed a new one
// believed it set. plan and apply name the cells, say why and how to set
// it; the JSON says it per row; --reset-passwords sends it.
func TestAgentsPlan_passwordOfExistingAgentSaid(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	for _, n := range []string{"7001", "7002", "7003", "7005"} {
		api.Seed(importer.Values{"user_num": n, "user_name": "Agent " + n, "user_status": "1"})
	}
	ep := fakeEndpoint(t, importer.Backend{Agents: api})
	path := agentsRoster(t, []any{"user_num", "user_name", "user_password"},
		[]any{"7001", "Agent 7001", "New-Pw-7001"}, []any{"7002", "Agent 7002", "New-Pw-7002"}, []any{"7003", "Agent 7003", nil},
		[]any{"7005", "Eve Five", "New-Pw-7005"}, []any{"7006", "Agent 7006", "Pw-7006"})
	conn := []string{"--endpoint", ep, "--access-token", "t"}
	const why = ": a password cannot be read back to compare, so the column is the password an agent is created with; " +
		"to set them, apply with --reset-passwords (which sends every password the sheet holds to its agent), or change them in the portal."
	want := "Passwords: the user_password typed for 3 existing agents is not sent (Agents!C2:C3, Agents!C5)" + why
	code, out, stderr := runCLI(append([]string{"agents", "plan", path}, conn...)...)
	if code != 0 || !strings.Contains(out, want) {
		t.Errorf("plan: exit %d\n%s\nwant:\n%s\n%s", code, out, want, stderr)
	}
	if strings.Contains(out, "New-Pw") || strings.Contains(out, "Agents!A2") {
		t.Errorf("plan shows a password or an unchanged row:\n%s", out)
	}

	code, out, stderr = runCLI(append([]string{"agents", "plan", path, "--output", "json"}, conn...)...)
	var doc struct {
		Steps []importer.Step `json:"steps"`
	}
	if err := json.Unmarshal([]byte(out), &doc); code != 0 || err != nil {
		t.Fatalf("plan json: exit %d, %v\n%s\n%s", code, err, out, stderr)
	}
	said := map[string]string{}
	for _, st := range doc.Steps {
		if st.PasswordNotSent {
			said[st.UserNum] = strings.Join(st.Notes, "; ")
		}
	}
	if len(said) != 3 || !strings.HasPrefix(said["7005"], "user_password in Agents!C5 is not sent: agent 7005 exists, and a password cannot be read back to compare") {
		t.Errorf("json steps say %q", said)
	}

	code, out, stderr = runCLI(append([]string{"agents", "apply", path}, conn...)...)
	if want := "Passwords: the user_password typed for 3 existing agents is not sent (Agents!C2:C3, Agents!C5)"; code != 0 || !strings.Contains(out, want) {
		t.Errorf("apply: exit %d\n%s\nwant %q\n%s", code, out, want, stderr)
	}
	if api.Passwords["7001"] != "" || api.Passwords["7006"] != "Pw-7006" {
		t.Errorf("passwords sent: %v", api.Passwords)
	}

	code, out, stderr = runCLI(append([]string{"agents", "apply", path, "--reset-passwords"}, conn...)...)
	if code != 0 || strings.Contains(out, "Passwords:") || api.Passwords["7001"] != "New-Pw-7001" {
		t.Errorf("apply --reset-passwords: exit %d, passwords %v\n%s\n%s", code, api.Passwords, out, stderr)
	}
}
