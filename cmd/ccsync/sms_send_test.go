package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

func TestSMSSend_dryRunSendAndRerun(t *testing.T) {
	t.Parallel()
	s := importertest.NewSender()
	ep := fakeEndpoint(t, importer.Backend{Open: s, Gateway: s})
	dir := t.TempDir()
	journal := filepath.Join(dir, "j")
	rec := "../../examples/spreadsheets/recipients.xlsx"
	code, o, e := runSMSCmd("send", rec, "--template", "7", "--dry-run", "--journal", journal, "--endpoint", ep, "--access-token", "t")
	if code != 0 || s.Batches != 0 || !strings.Contains(o, "24 would send") || !strings.Contains(o, "1 duplicate,") {
		t.Fatalf("dry run: %d %d\n%s\n%s", code, s.Batches, o, e)
	}
	report := filepath.Join(dir, "r.xlsx")
	code, o, e = runSMSCmd("send", rec, "--template", "7", "--journal", journal, "--report", report, "--output", "json", "--endpoint", ep, "--access-token", "t")
	var res struct {
		Counts map[string]int `json:"counts"`
	}
	if err := json.Unmarshal([]byte(o), &res); err != nil || code != 0 || res.Counts["sent"] != 24 || res.Counts["duplicate"] != 1 {
		t.Fatalf("send: %d %v\n%s\n%s", code, err, o, e)
	}
	rows := mustRows(t, report, "Result")
	if strings.Join(rows[0], ",") != "row,mobile,name,date,outcome,message,sms_id" || len(rows) != 26 || rows[1][3] != "2026-12-01" || rows[4][4] != "duplicate" {
		t.Errorf("report: %v", rows[:5])
	}
	code, o, _ = runSMSCmd("send", rec, "--template", "7", "--journal", journal, "--endpoint", ep, "--access-token", "t")
	if code != 0 || !strings.Contains(o, "24 already sent") || len(s.Twice()) > 0 {
		t.Errorf("re-run: %d %s twice %v", code, o, s.Twice())
	}
}

func TestSMSSend_badInputExit2(t *testing.T) {
	t.Parallel()
	s := importertest.NewSender()
	ep := fakeEndpoint(t, importer.Backend{Open: s})
	rec := demoRecipientsCopy(t) // sent without --journal
	// Template 8 has no variables: the name and date columns are unknown.
	code, _, e := runSMSCmd("send", rec, "--template", "8", "--endpoint", ep, "--access-token", "t")
	if code != 2 || !strings.Contains(e, `Recipients!B1: "name" is neither the mobile column nor a variable of the template (variables: none)`) {
		t.Errorf("exit %d:\n%s", code, e)
	}
	for _, args := range [][]string{{"send", rec}, {"send", rec, "--template", "7", "--via", "pigeon"}, {"send", "--template", "7"}, {"send", rec, "--template", "7", "--batch-size", "201"}} {
		if code, _, _ := runSMSCmd(append(args, "--endpoint", ep)...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if s.Batches != 0 {
		t.Errorf("sent %d batches", s.Batches)
	}
}

// runSMSCmd runs `ccsync sms <args>` through the real command dispatcher.
func runSMSCmd(args ...string) (int, string, string) {
	var out, errb strings.Builder
	code := run(append([]string{"sms"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

// A platform that cannot be reached is not bad input: exit 1 (DESIGN §8),
// as for agents plan, not 2.
func TestSMSSend_unreachableExit1(t *testing.T) {
	t.Parallel()
	rec := "../../examples/spreadsheets/recipients.xlsx"
	journal := filepath.Join(t.TempDir(), "j")
	code, _, e := runSMSCmd("send", rec, "--template", "7", "--dry-run", "--journal", journal, "--endpoint", "http://127.0.0.1:1", "--access-token", "t", "--request-timeout", "2s")
	if code != 1 || !strings.Contains(e, "connection refused") {
		t.Errorf("exit %d, want 1:\n%s", code, e)
	}
}
