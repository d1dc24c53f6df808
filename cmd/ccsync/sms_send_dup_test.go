package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// dupBook writes a recipient sheet in which row 4 repeats row 2's number
// with another name and row 5 repeats it with the same values.
func dupBook(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "dup.xlsx")
	f := excelize.NewFile()
	_ = f.SetSheetName("Sheet1", "Recipients")
	for i, row := range [][]any{
		{"mobile", "name", "date"},
		{"13800138001", "Alice", "2026-12-01"},
		{"13800138002", "Bob", "2026-12-01"},
		{"+86-13800138001", "Alicia", "2026-12-01"},
		{"13800138001", "Alice", "2026-12-01"},
	} {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		_ = f.SetSheetRow("Recipients", cell, &row)
	}
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestSMSSend_duplicateWithOtherValuesIsNamed: a repeated number whose
// values differ is not dropped quietly: the text output lists the row and
// says which of its values were not sent; the JSON result marks it.
func TestSMSSend_duplicateWithOtherValuesIsNamed(t *testing.T) {
	t.Parallel()
	s := importertest.NewSender()
	ep := fakeEndpoint(t, importer.Backend{Open: s})
	book := dupBook(t)
	want := `Recipients row 4 13800138001: duplicate: same number as row 2, with other values (name "Alicia" here, "Alice" in row 2); this row's values are not sent: the number gets one message, with row 2's values`
	for _, dry := range []bool{true, false} {
		args := []string{"send", book, "--template", "7", "--journal", filepath.Join(t.TempDir(), "j"), "--endpoint", ep, "--access-token", "t"}
		if dry {
			args = append(args, "--dry-run")
		}
		code, o, e := runSMSCmd(args...)
		if code != 0 || !strings.Contains(o, want+"\n") || !strings.Contains(o, "2 duplicates") {
			t.Errorf("dry %v: exit %d, stdout lacks\n%s\n%s\n%s", dry, code, want, o, e)
		}
		if strings.Contains(o, "row 5 ") {
			t.Errorf("dry %v: the duplicate with the same values is listed:\n%s", dry, o)
		}
	}
	if len(s.Log) != 2 || s.Log[0].Mobile != "13800138001" || s.Log[0].Params[0] != "Alice" {
		t.Errorf("the platform got %v, want Alice's values for 13800138001 and Bob", s.Log)
	}
	_, o, _ := runSMSCmd("send", book, "--template", "7", "--dry-run", "--output", "json", "--journal", filepath.Join(t.TempDir(), "j"), "--endpoint", ep, "--access-token", "t")
	var res struct {
		Results []importer.SendResult `json:"results"`
	}
	if err := json.Unmarshal([]byte(o), &res); err != nil || len(res.Results) != 4 {
		t.Fatalf("%v\n%s", err, o)
	}
	if r := res.Results[2]; !r.ValuesDiffer || !strings.Contains(r.Message, `name "Alicia" here`) {
		t.Errorf("row 4: %+v", r)
	}
	if r := res.Results[3]; r.ValuesDiffer || r.Message != "same number as row 2; not sent again" {
		t.Errorf("row 5: %+v", r)
	}
}

// TestSMSSend_dryRunShowsWhatWouldBeSent: a text dry run lists, row by
// row, the number and the values that would be sent, the first 20, then
// how many more.
func TestSMSSend_dryRunShowsWhatWouldBeSent(t *testing.T) {
	t.Parallel()
	s := importertest.NewSender()
	ep := fakeEndpoint(t, importer.Backend{Open: s})
	code, o, e := runSMSCmd("send", demoRecipients, "--template", "7", "--dry-run", "--journal", filepath.Join(t.TempDir(), "j"), "--endpoint", ep, "--access-token", "t")
	if code != 0 || s.Batches != 0 {
		t.Fatalf("exit %d, %d batches\n%s\n%s", code, s.Batches, o, e)
	}
	lines := strings.Split(strings.TrimSpace(o), "\n")
	// 20 rows that would be sent, row 5 (row 2's number with other
	// values), the rest and the summary.
	if len(lines) != 23 || !strings.HasPrefix(lines[3], "Recipients row 5 13800138000: duplicate: same number as row 2, with other values") {
		t.Fatalf("want 20 rows, the duplicate, the rest and the summary, got %d lines:\n%s", len(lines), o)
	}
	if !strings.HasPrefix(lines[0], `Recipients row 2 138`) || !strings.Contains(lines[0], `: would send with name "`) || !strings.Contains(lines[0], `", date "2026-12-01"`) {
		t.Errorf("first row: %s", lines[0])
	}
	if lines[21] != "…and 4 more rows would be sent (--output json or --report lists every row)" {
		t.Errorf("rest: %s", lines[21])
	}
	if !strings.HasPrefix(lines[22], "Dry run: 25 rows, 24 unique numbers;") {
		t.Errorf("summary: %s", lines[22])
	}
}

// TestSMSHelp_saysWhereResultsAre: the help sends open-interface users to
// the send records and gateway users to sms status pull|listen.
func TestSMSHelp_saysWhereResultsAre(t *testing.T) {
	t.Parallel()
	_, send, _ := runSMSCmd("send", "--help") // help asked for: stdout
	_, status, _ := runSMSCmd("status", "--help")
	for _, c := range []struct{ help, want string }{
		{send, "through the open interface (--via open), the\nplatform's send records"},
		{send, "contactcenter_sms_records"},
		{send, "through the gateway, its delivery\nreports and replies (ccsync sms status pull drains its down_status and\nup_status queues"},
		{status, "Both are for messages sent through the SMS gateway (sms send --via gateway)."},
		{status, "contactcenter_sms_records"},
	} {
		if !strings.Contains(c.help, c.want) {
			t.Errorf("help lacks %q:\n%s", c.want, c.help)
		}
	}
}

// TestSMSSend_problemsSayNothingWasSent: a sheet with bad cells said "1
// problem(s); nothing was written:", for a command that sends. It says
// "1 problem; nothing was sent:"; agents keeps "nothing was written".
func TestSMSSend_problemsSayNothingWasSent(t *testing.T) {
	t.Parallel()
	s := importertest.NewSender()
	ep := fakeEndpoint(t, importer.Backend{Open: s})
	path := filepath.Join(t.TempDir(), "bad.xlsx")
	f := excelize.NewFile()
	_ = f.SetSheetName("Sheet1", "Recipients")
	for i, row := range [][]any{{"mobile", "name", "date"}, {"not a number", "Alice", "2026-12-01"}} {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		_ = f.SetSheetRow("Recipients", cell, &row)
	}
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	code, _, e := runSMSCmd("send", path, "--template", "7", "--journal", filepath.Join(t.TempDir(), "j"), "--endpoint", ep, "--access-token", "t")
	if code != exitUsage || !strings.Contains(e, "ccsync sms send: 1 problem; nothing was sent:\n") || s.Batches != 0 {
		t.Errorf("exit %d, %d batches, stderr:\n%s\nwant exit 2 and \"1 problem; nothing was sent:\"", code, s.Batches, e)
	}
}
