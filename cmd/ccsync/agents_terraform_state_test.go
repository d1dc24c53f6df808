package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// tfState writes a Terraform state (as terraform state pull prints it)
// whose contactcenter_agent resources hold the numbers given, by address.
func tfState(t *testing.T, agents map[string]string) string {
	t.Helper()
	type instance struct {
		Attributes map[string]string `json:"attributes"`
	}
	type res struct {
		Mode      string     `json:"mode"`
		Type      string     `json:"type"`
		Name      string     `json:"name"`
		Provider  string     `json:"provider"`
		Instances []instance `json:"instances"`
	}
	st := struct {
		Version   int    `json:"version"`
		Lineage   string `json:"lineage"`
		Resources []res  `json:"resources"`
	}{Version: 4, Lineage: "0b7e-test"}
	for name, num := range agents {
		st.Resources = append(st.Resources, res{Mode: "managed", Type: "contactcenter_agent", Name: name,
			Provider:  `provider["registry.terraform.io/contactcenter/contactcenter"]`,
			Instances: []instance{{Attributes: map[string]string{"id": "1", "user_num": num}}}})
	}
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "tf.tfstate")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestAgentsCommand_terraformStateLeavesItsAgents: with --terraform-state,
// --prune leaves the agents a Terraform configuration manages (it resigned
// them, and the next terraform apply set them back on duty; deleted, made
// them again without their history), saying so under each and in the
// summary; a row that changes one warns that terraform apply sets it back.
// The others are pruned as before.
func TestAgentsCommand_terraformStateLeavesItsAgents(t *testing.T) {
	t.Parallel()
	api, ep := seededWithLeavers(t)
	// A sheet agent edited in the portal: the row puts its name back.
	var first string
	{
		code, out, stderr := runCLI("agents", "plan", demoRoster, "--output", "json", "--endpoint", ep, "--access-token", "t")
		var doc struct {
			Steps []struct {
				UserNum string `json:"user_num"`
			} `json:"steps"`
		}
		if code != 0 || json.Unmarshal([]byte(out), &doc) != nil || len(doc.Steps) == 0 {
			t.Fatalf("plan: %d\n%s\n%s", code, out, stderr)
		}
		first = doc.Steps[0].UserNum
	}
	_, id := api.Get(first)
	if err := api.Update(t.Context(), id, importer.Values{"user_name": "Renamed in Terraform"}); err != nil {
		t.Fatal(err)
	}
	state := tfState(t, map[string]string{"lead": "7001", "row": first})

	code, out, stderr := runCLI("agents", "plan", demoRoster, "--prune=resign", "--terraform-state", state, "--endpoint", ep, "--access-token", "t")
	if code != 0 {
		t.Fatalf("plan: %d\n%s", code, stderr)
	}
	out = strings.Join(strings.Fields(out), " ")
	for _, want := range []string{
		"(not in sheet) 7001 unchanged (user_name \"Leaver one\") managed by Terraform (contactcenter_agent.lead in the state given): --prune=resign leaves it",
		"(not in sheet) 7002 resign",
		first + " update user_name: \"Renamed in Terraform\" →",
		"warning: managed by Terraform (contactcenter_agent.row in the state given): the next terraform apply sets back what its configuration says",
		"Plan: 0 to create, 1 to update, 19 unchanged, 1 to resign, 1 not in the sheet left to Terraform (",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("plan lacks %q:\n%s", want, out)
		}
	}

	writes := api.Writes
	code, out, stderr = runCLI("agents", "apply", demoRoster, "--prune=resign", "--yes", "--output", "json", "--terraform-state", state, "--endpoint", ep, "--access-token", "t")
	if code != 0 {
		t.Fatalf("apply: %d\n%s\n%s", code, out, stderr)
	}
	var doc struct {
		TerraformKept int            `json:"terraform_kept"`
		NotInSheet    int            `json:"not_in_sheet"`
		Counts        map[string]int `json:"counts"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.TerraformKept != 1 || doc.NotInSheet != 2 || doc.Counts["resign"] != 1 {
		t.Errorf("apply JSON: terraform_kept %d, not_in_sheet %d, counts %v; want 1, 2 and one resign", doc.TerraformKept, doc.NotInSheet, doc.Counts)
	}
	if v, _ := api.Get("7001"); v["user_status"] != "1" {
		t.Errorf("agent 7001, which Terraform manages, has user_status %q after apply --prune=resign; want it left on duty", v["user_status"])
	}
	if v, _ := api.Get("7002"); v["user_status"] != "2" {
		t.Errorf("agent 7002 has user_status %q; want it resigned", v["user_status"])
	}
	if n := api.Writes - writes; n != 2 {
		t.Errorf("apply wrote %d times, want 2 (the row's update and 7002's resignation)", n)
	}
}

// TestAgentsCommand_terraformStateRefused: a --terraform-state that is not
// a state (empty, as terraform state pull prints where there is none; the
// document terraform show -json writes; a file missing) stops the run
// before anything is read or written, naming the flag and the file: read
// as no agents, --prune would remove Terraform's.
func TestAgentsCommand_terraformStateRefused(t *testing.T) {
	t.Parallel()
	api, ep := seededWithLeavers(t)
	dir := t.TempDir()
	empty, show := filepath.Join(dir, "empty.tfstate"), filepath.Join(dir, "show.json")
	_ = os.WriteFile(empty, nil, 0o600)
	_ = os.WriteFile(show, []byte(`{"format_version":"1.0","values":{}}`), 0o600)
	for file, want := range map[string]string{
		empty:                         "is empty (terraform state pull prints nothing where it finds no state)",
		show:                          "is not a Terraform state",
		filepath.Join(dir, "missing"): "cannot be read",
	} {
		writes, calls := api.Writes, api.Calls["list"]
		code, _, stderr := runCLI("agents", "apply", demoRoster, "--prune=delete", "--yes", "--terraform-state", file, "--endpoint", ep, "--access-token", "t")
		if code != exitUsage || !strings.Contains(stderr, "--terraform-state "+file+" ") || !strings.Contains(stderr, want) {
			t.Errorf("apply --terraform-state %s: exit %d\n%s\nwant exit %d and %q", filepath.Base(file), code, stderr, exitUsage, want)
		}
		if api.Writes != writes || api.Calls["list"] != calls {
			t.Errorf("apply --terraform-state %s wrote %d times and listed %d times", filepath.Base(file), api.Writes-writes, api.Calls["list"]-calls)
		}
	}
}

// TestPrintPlan_warningsAreNoMatch: a plan that writes nothing but warns
// of a row it cannot compare (a setting users/list does not answer) does
// not say the platform matches the roster; one without warnings does.
func TestPrintPlan_warningsAreNoMatch(t *testing.T) {
	t.Parallel()
	roster := &importer.Roster{Path: "roster.xlsx", Sheet: "Agents"}
	for _, tc := range []struct {
		notes []string
		want  string
	}{
		{[]string{"warning: max_sessions \"50\" (Agents row 2) not applied: users/list does not answer this setting for agent 1001"}, "No changes to write; see the warnings above.\n"},
		{[]string{"managed by Terraform (contactcenter_agent.lead in the state given): --prune=resign leaves it"}, "No changes: the platform matches the roster.\n"},
	} {
		var out strings.Builder
		plan := &importer.Plan{Steps: []importer.Step{{UserNum: "8001", UserID: 1001, Action: importer.ActionUnchanged, Notes: tc.notes}}}
		printPlan(&out, "text", roster, plan, 0)
		if !strings.HasSuffix(out.String(), tc.want) || strings.Count(out.String(), "No changes") != 1 {
			t.Errorf("plan with notes %q:\n%s\nwant it to end with %q", tc.notes, out.String(), tc.want)
		}
	}
}

// TestAgentsCommand_terraformStateMemberships: with --terraform-state, a
// row whose queue_ids changes a skill group membership the state manages
// (a group's whole membership, or this agent's own) warns that the next
// terraform apply sets it back, naming the group and the resource; a
// group Terraform does not manage is changed without a word, as before.
func TestAgentsCommand_terraformStateMemberships(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	api.Queues[103] = true
	api.Seed(importer.Values{"user_num": "7001", "user_name": "Ann", "queue_ids": "101,102"})
	_, id := api.Get("7001")
	ep := fakeEndpoint(t, importer.Backend{Agents: api})
	state := fmt.Sprintf(`{"version": 4, "lineage": "0b7e-test", "resources": [
	 {"mode": "managed", "type": "contactcenter_skill_group_member", "name": "sales", "provider": "provider[\"registry.terraform.io/contactcenter/contactcenter\"]",
	  "instances": [{"index_key": "7001", "attributes": {"id": "101:%d", "que_id": "101", "agent_id": "%d"}}]},
	 {"mode": "managed", "type": "contactcenter_skill_group_members", "name": "vip", "provider": "provider[\"registry.terraform.io/contactcenter/contactcenter\"]",
	  "instances": [{"attributes": {"id": "103", "que_id": "103"}}]}]}`, id, id)
	path := filepath.Join(t.TempDir(), "tf.tfstate")
	if err := os.WriteFile(path, []byte(state), 0o600); err != nil {
		t.Fatal(err)
	}
	roster := agentsRoster(t, []any{"user_num", "user_name", "queue_ids"}, []any{"7001", "Ann", "102,103"})
	code, out, stderr := runCLI("agents", "plan", roster, "--terraform-state", path, "--endpoint", ep, "--access-token", "t")
	text := strings.Join(strings.Fields(out), " ")
	for _, want := range []string{
		`warning: queue_ids takes the agent out of skill group 101, whose membership Terraform manages (contactcenter_skill_group_member.sales["7001"] in the state given): the next terraform apply sets back what its configuration says`,
		`warning: queue_ids adds the agent to skill group 103, whose membership Terraform manages (contactcenter_skill_group_members.vip in the state given)`,
	} {
		if code != 0 || !strings.Contains(text, want) {
			t.Errorf("plan: %d, want %q in\n%s\n%s", code, want, out, stderr)
		}
	}
	if strings.Count(text, "queue_ids takes")+strings.Count(text, "queue_ids adds") != 2 {
		t.Errorf("want the two managed groups warned of, not 102 (unchanged):\n%s", out)
	}
}

// TestAgentsCommand_terraformStateMembershipsOfNewAgent: a row that
// creates an agent in a group whose whole membership a Terraform state
// manages (contactcenter_skill_group_members) warns as an update's row
// does: the next terraform apply takes the new agent out of the group
// again. It said nothing, and the agent left the group unannounced.
func TestAgentsCommand_terraformStateMembershipsOfNewAgent(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	api.Queues[103] = true
	ep := fakeEndpoint(t, importer.Backend{Agents: api})
	state := `{"version": 4, "lineage": "0b7e-test", "resources": [
	 {"mode": "managed", "type": "contactcenter_skill_group_members", "name": "vip", "provider": "provider[\"registry.terraform.io/contactcenter/contactcenter\"]",
	  "instances": [{"attributes": {"id": "103", "que_id": "103"}}]}]}`
	path := filepath.Join(t.TempDir(), "tf.tfstate")
	if err := os.WriteFile(path, []byte(state), 0o600); err != nil {
		t.Fatal(err)
	}
	roster := agentsRoster(t, []any{"user_num", "user_name", "user_password", "queue_ids"}, []any{"7002", "Bea", "Passw0rd!x", "101,103"})
	for _, cmd := range []string{"plan"} {
		code, out, stderr := runCLI("agents", cmd, roster, "--terraform-state", path, "--endpoint", ep, "--access-token", "t")
		text := strings.Join(strings.Fields(out), " ")
		want := `warning: queue_ids adds the agent to skill group 103, whose membership Terraform manages (contactcenter_skill_group_members.vip in the state given): the next terraform apply sets back what its configuration says`
		if code != 0 || !strings.Contains(text, want) || strings.Count(text, "queue_ids adds") != 1 {
			t.Errorf("%s: %d, want %q once (not for 101, which Terraform does not manage) in\n%s\n%s", cmd, code, want, out, stderr)
		}
	}
}

// TestAgentsCommand_terraformStateApplyWarns: apply --terraform-state
// shows, as plan does, the row that changes an agent a Terraform state
// manages and the warning that the next terraform apply sets it back. It
// wrote the row with only "[1/1] 7001 update: done", so the warning
// reached only those who ran plan first.
func TestAgentsCommand_terraformStateApplyWarns(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	api.Seed(importer.Values{"user_num": "7001", "user_name": "Ann"})
	api.Seed(importer.Values{"user_num": "7002", "user_name": "Bea"})
	ep := fakeEndpoint(t, importer.Backend{Agents: api})
	state := tfState(t, map[string]string{"lead": "7001"})
	roster := agentsRoster(t, []any{"user_num", "user_name"}, []any{"7001", "Ann Lee"}, []any{"7002", "Bea"})
	code, out, stderr := runCLI("agents", "apply", roster, "--terraform-state", state, "--endpoint", ep, "--access-token", "t")
	text := strings.Join(strings.Fields(out), " ")
	for _, want := range []string{
		`Agents!A2 7001 update user_name: "Ann" → "Ann Lee" warning: managed by Terraform (contactcenter_agent.lead in the state given): the next terraform apply sets back what its configuration says`,
		"Apply: 0 to create, 1 to update, 1 unchanged; 0 failed",
	} {
		if code != 0 || !strings.Contains(text, want) {
			t.Errorf("apply: %d, want %q in\n%s\n%s", code, want, out, stderr)
		}
	}
	if strings.Contains(text, "7002") {
		t.Errorf("apply shows row 7002, which changes nothing and has no warning:\n%s", out)
	}
}

// TestAgentsCommand_terraformStateKeptFields: a row that changes a field
// contactcenter_agent keeps when its configuration leaves it unset (a
// nickname, a department) warned that "the next terraform apply sets back
// what its configuration says", while that apply keeps the sheet's value
// and its plan shows nothing. The warning says which of the row's changes
// are set back and which only if the configuration sets them; a password
// Terraform never reads back is said apart.
func TestAgentsCommand_terraformStateKeptFields(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	api.Seed(importer.Values{"user_num": "7001", "user_name": "Ann", "ag_nickname": "Annie"})
	api.Seed(importer.Values{"user_num": "7002", "user_name": "Bea", "ag_nickname": "Bee", "dept_id": "1"})
	ep := fakeEndpoint(t, importer.Backend{Agents: api})
	state := tfState(t, map[string]string{"ann": "7001", "bea": "7002"})
	roster := agentsRoster(t, []any{"user_num", "user_name", "ag_nickname", "user_password"},
		[]any{"7001", "Ann", "Ann L.", ""}, []any{"7002", "Bea Ray", "B.", "Pass-1234"})
	code, out, stderr := runCLI("agents", "plan", roster, "--reset-passwords", "--terraform-state", state, "--endpoint", ep, "--access-token", "t")
	text := strings.Join(strings.Fields(out), " ")
	for _, want := range []string{
		`warning: managed by Terraform (contactcenter_agent.ann in the state given): ag_nickname: terraform apply sets it back only if its configuration sets it ` +
			`(left unset there, the sheet's value stays, and Terraform's plan shows no change); change the agent there, or take the row out of the sheet`,
		`warning: managed by Terraform (contactcenter_agent.bea in the state given): the next terraform apply sets back what its configuration says of user_name; ` +
			`ag_nickname: terraform apply sets it back only if its configuration sets it (left unset there, the sheet's value stays, and Terraform's plan shows no change); ` +
			`user_password: Terraform never reads a password back, so the sheet's stays until the configuration's password changes; change the agent there`,
	} {
		if code != 0 || !strings.Contains(text, want) {
			t.Errorf("plan: %d, want %q in\n%s\n%s", code, want, out, stderr)
		}
	}
	if strings.Count(text, "sets back what its configuration says") != 1 {
		t.Errorf("plan says a nickname's change is set back whatever the configuration:\n%s", out)
	}
}

// TestAgentsCommand_terraformStateApplyJSONWarns: apply --output json with
// --terraform-state gave the warnings to nobody: the text apply prints
// them before it writes, while the JSON steps (results) had no notes. Each
// step now carries its notes, as the plan's steps do.
func TestAgentsCommand_terraformStateApplyJSONWarns(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	api.Seed(importer.Values{"user_num": "7001", "user_name": "Ann"})
	api.Seed(importer.Values{"user_num": "7002", "user_name": "Bea"})
	ep := fakeEndpoint(t, importer.Backend{Agents: api})
	state := tfState(t, map[string]string{"lead": "7001"})
	roster := agentsRoster(t, []any{"user_num", "user_name"}, []any{"7001", "Ann Lee"}, []any{"7002", "Bea Ray"})
	type step struct {
		UserNum string   `json:"user_num"`
		Outcome string   `json:"outcome"`
		Notes   []string `json:"notes"`
	}
	var plan, apply struct {
		Steps []step `json:"steps"`
	}
	for _, run := range []struct {
		sub string
		doc any
	}{{"plan", &plan}, {"apply", &apply}} {
		code, out, stderr := runCLI("agents", run.sub, roster, "--output", "json", "--terraform-state", state, "--endpoint", ep, "--access-token", "t")
		if code != 0 || json.Unmarshal([]byte(out), run.doc) != nil {
			t.Fatalf("%s: %d\n%s\n%s", run.sub, code, out, stderr)
		}
	}
	const want = "warning: managed by Terraform (contactcenter_agent.lead in the state given): the next terraform apply sets back what its configuration says; " +
		"change the agent there, or take the row out of the sheet"
	if len(apply.Steps) != 2 || apply.Steps[0].UserNum != "7001" || apply.Steps[0].Outcome != "done" || !slices.Equal(apply.Steps[0].Notes, []string{want}) {
		t.Errorf("apply's step for 7001 lacks the note %q:\n%+v", want, apply.Steps)
	}
	if len(apply.Steps) == 2 && (apply.Steps[1].Outcome != "done" || len(apply.Steps[1].Notes) != 0) {
		t.Errorf("apply's step for 7002, which no state manages, has notes or did not run:\n%+v", apply.Steps[1])
	}
	if len(plan.Steps) != 2 || !slices.Equal(plan.Steps[0].Notes, apply.Steps[0].Notes) {
		t.Errorf("plan's and apply's notes differ:\nplan %+v\napply %+v", plan.Steps, apply.Steps)
	}
}

// TestAgentsCommand_terraformStateApplyReportNotes: apply --report wrote
// row, user_num, action, outcome and message: the warning that the next
// terraform apply sets a row back (printed by plan and apply, and in
// --output json's notes) was in no column, so whoever worked from the
// report changed the agent twice. The report has a notes column.
func TestAgentsCommand_terraformStateApplyReportNotes(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	api.Seed(importer.Values{"user_num": "7001", "user_name": "Ann"})
	api.Seed(importer.Values{"user_num": "7002", "user_name": "Bea"})
	ep := fakeEndpoint(t, importer.Backend{Agents: api})
	state := tfState(t, map[string]string{"lead": "7001"})
	roster := agentsRoster(t, []any{"user_num", "user_name"}, []any{"7001", "Ann Lee"}, []any{"7002", "Bea Ray"})
	report := filepath.Join(t.TempDir(), "result.xlsx")
	if code, out, stderr := runCLI("agents", "apply", roster, "--terraform-state", state, "--report", report, "--endpoint", ep, "--access-token", "t"); code != 0 {
		t.Fatalf("apply: %d\n%s\n%s", code, out, stderr)
	}
	const note = "warning: managed by Terraform (contactcenter_agent.lead in the state given): the next terraform apply sets back what its configuration says; " +
		"change the agent there, or take the row out of the sheet"
	want := [][]string{
		{"row", "user_num", "action", "outcome", "message", "notes"},
		{"2", "7001", "update", "done", "changed user_name", note},
		{"3", "7002", "update", "done", "changed user_name"},
	}
	if d := cmp.Diff(want, mustRows(t, report, "Result")); d != "" {
		t.Errorf("report (-want +got):\n%s", d)
	}
}
