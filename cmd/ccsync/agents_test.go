package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// fakeBackends maps an --endpoint value to the fakes a test registered, so
// parallel tests each talk to their own platform.
var fakeBackends sync.Map

func fakeEndpoint(t *testing.T, be importer.Backend) string {
	ep := "http://127.0.0.1/" + t.Name()
	fakeBackends.Store(ep, be)
	return ep
}

func runCLI(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestAgentsCommand_templatePlanApplyExport(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	api := importertest.NewAgents()
	ep := fakeEndpoint(t, importer.Backend{Agents: api})

	tpl := filepath.Join(dir, "template.xlsx")
	if code, _, stderr := runCLI("agents", "template", tpl); code != 0 {
		t.Fatalf("template: %d %s", code, stderr)
	}
	f, err := excelize.OpenFile(tpl)
	if err != nil {
		t.Fatal(err)
	}
	hdr, _ := f.GetRows("Agents")
	comments, _ := f.GetComments("Agents")
	dvs, _ := f.GetDataValidations("Agents")
	f.Close()
	if len(hdr) != 1 || len(hdr[0]) != len(importer.AgentFields) || hdr[0][0] != "user_num" {
		t.Errorf("template header: %v", hdr)
	}
	if len(comments) != len(importer.AgentFields) {
		t.Errorf("template has %d comments, want one per column", len(comments))
	}
	if len(dvs) < 8 {
		t.Errorf("template has %d drop-downs", len(dvs))
	}

	// The committed demo roster: plan, apply with a report, plan again.
	roster := "../../examples/spreadsheets/agents.xlsx"
	code, out, stderr := runCLI("agents", "plan", roster, "--endpoint", ep, "--access-token", "t")
	if code != 0 || !strings.Contains(out, "Plan: 20 to create, 0 to update, 0 unchanged") {
		t.Fatalf("plan: %d\n%s\n%s", code, out, stderr)
	}
	if strings.Contains(out, "Demo-") {
		t.Errorf("plan shows a password:\n%s", out)
	}
	// A create shows the values it writes (the sheet may show others).
	for _, want := range []string{`9001         create    user_num: "9001", user_name: "Li Wei", user_password (set), ag_nickname: "Wei", ` +
		`user_email: "li.wei.9001@example.com", user_sms_phone: "13900000000", user_status: "1"`, `is_enable_outbound: "true"`} {
		if !strings.Contains(out, want) {
			t.Errorf("plan lacks %q:\n%s", want, out)
		}
	}
	report := filepath.Join(dir, "report.xlsx")
	code, out, stderr = runCLI("agents", "apply", roster, "--report", report, "--concurrency", "3", "--endpoint", ep, "--access-token", "t")
	if code != 0 || api.Writes != 20 {
		t.Fatalf("apply: %d writes %d\n%s\n%s", code, api.Writes, out, stderr)
	}
	if strings.Contains(out+stderr, "Demo-") {
		t.Errorf("apply output shows a password")
	}
	if !strings.Contains(stderr, "[20/20]") { // plain progress lines when not a terminal
		t.Errorf("no progress lines:\n%s", stderr)
	}
	code, out, _ = runCLI("agents", "plan", roster, "--output", "json", "--endpoint", ep, "--access-token", "t")
	var plan struct {
		Counts map[string]int `json:"counts"`
	}
	if err := json.Unmarshal([]byte(out), &plan); err != nil || code != 0 || plan.Counts["unchanged"] != 20 || len(plan.Counts) != 1 {
		t.Errorf("second plan: %d %v %s", code, err, out)
	}
	code, out, _ = runCLI("agents", "apply", roster, "--endpoint", ep, "--access-token", "t")
	if code != 0 || api.Writes != 20 {
		t.Errorf("second apply wrote %d times: %s", api.Writes-20, out)
	}

	exp := filepath.Join(dir, "export.xlsx")
	if code, out, stderr := runCLI("agents", "export", exp, "--endpoint", ep, "--access-token", "t"); code != 0 || !strings.Contains(out, "exported 20 agents") {
		t.Fatalf("export: %d %s %s", code, out, stderr)
	}
	// The export reads back as a roster with no changes and no passwords.
	code, out, stderr = runCLI("agents", "plan", exp, "--endpoint", ep, "--access-token", "t")
	if code != 0 || !strings.Contains(out, "No changes") {
		t.Errorf("plan of export: %d\n%s\n%s", code, out, stderr)
	}
	rows := mustRows(t, exp, "Agents")
	for _, r := range rows[1:] {
		if len(r) > 2 && r[2] != "" {
			t.Errorf("export has a password: %v", r)
		}
	}
}

func TestAgentsCommand_badInputExit2(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	api := importertest.NewAgents()
	ep := fakeEndpoint(t, importer.Backend{Agents: api})
	path := filepath.Join(dir, "bad.xlsx")
	f := excelize.NewFile()
	_ = f.SetSheetName("Sheet1", "Agents")
	_ = f.SetSheetRow("Agents", "A1", &[]any{"user_num", "user_name", "user_password", "user_email", "max_sessions"})
	_ = f.SetSheetRow("Agents", "A2", &[]any{9001, "Ann", "pw", "x@", 500})
	_ = f.SetSheetRow("Agents", "A3", &[]any{9002, "Bob", "pw", "bob@example.com", 5})
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI("agents", "apply", path, "--endpoint", ep, "--access-token", "t")
	if code != 2 || api.Writes != 0 {
		t.Fatalf("exit %d, writes %d", code, api.Writes)
	}
	for _, want := range []string{`Agents!D2: user_email "x@" is not an e-mail address`, `Agents!E2: max_sessions "500" must be at most 300`} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	for _, args := range [][]string{{"agents"}, {"agents", "nope", "x"}, {"agents", "plan"}, {"agents", "apply", path, "--prune=maybe", "--endpoint", ep}} {
		if code, _, _ := runCLI(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	// Out-of-range flags are usage errors on a valid roster too, before any write.
	good := filepath.Join(dir, "good.xlsx")
	f = excelize.NewFile()
	_ = f.SetSheetName("Sheet1", "Agents")
	_ = f.SetSheetRow("Agents", "A1", &[]any{"user_num", "user_name", "user_password"})
	_ = f.SetSheetRow("Agents", "A2", &[]any{9001, "Ann", "pw"})
	if err := f.SaveAs(good); err != nil {
		t.Fatal(err)
	}
	for _, flags := range [][]string{{"--concurrency", "0"}, {"--concurrency", "-3"}, {"--retries", "-1"}} {
		code, _, e := runCLI(append([]string{"agents", "apply", good, "--endpoint", ep, "--access-token", "t"}, flags...)...)
		if code != 2 || api.Writes != 0 || !strings.Contains(e, flags[0]) {
			t.Errorf("%v: exit %d, writes %d, stderr %q; want exit 2 naming the flag, no write", flags, code, api.Writes, e)
		}
	}
}

func TestAgentsCommand_someRowsFailExit1(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	api.Reject["9005"] = "user_email exists"
	ep := fakeEndpoint(t, importer.Backend{Agents: api})
	report := filepath.Join(t.TempDir(), "r.xlsx")
	code, out, _ := runCLI("agents", "apply", "../../examples/spreadsheets/agents.xlsx", "--report", report, "--endpoint", ep, "--access-token", "t")
	if code != 1 || !strings.Contains(out, "FAILED 9005") || strings.Contains(out, "Demo-") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	rows := mustRows(t, report, "Result")
	if len(rows) != 21 || rows[5][1] != "9005" || rows[5][3] != "failed" || strings.Contains(rows[5][4], "Demo-") {
		t.Errorf("report rows: %d, row of 9005: %v", len(rows), rows[5])
	}
}

func mustRows(t *testing.T, path, sheet string) [][]string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(sheet)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestAgentsCommand_queueIDsByName: the platform's skill groups name the
// group a queue_ids cell holds the name of; the run still refuses the
// sheet (exit 2) and writes nothing.
func TestAgentsCommand_queueIDsByName(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	api.Groups = []importer.SkillGroup{{ID: 102, Name: "Sales", Num: "7001"}}
	ep := fakeEndpoint(t, importer.Backend{Agents: api})
	path := filepath.Join(t.TempDir(), "q.xlsx")
	f := excelize.NewFile()
	_ = f.SetSheetName("Sheet1", "Agents")
	_ = f.SetSheetRow("Agents", "A1", &[]any{"user_num", "user_name", "user_password", "queue_ids"})
	_ = f.SetSheetRow("Agents", "A2", &[]any{9001, "Ann", "S3cret-pass", "Sales"})
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI("agents", "plan", path, "--endpoint", ep, "--access-token", "t")
	want := `Agents!D2: queue_ids "Sales" is not a comma-separated list of ids ("Sales" is not an id); "Sales" is the name of skill group 102: write its id, 102`
	if code != 2 || api.Writes != 0 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, writes %d, stderr:\n%s\nwant exit 2 and %q", code, api.Writes, stderr, want)
	}
}
