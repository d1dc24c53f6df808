package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// TestSMSSend_reportHeadingsUnique: a template variable named like one of
// the report's own columns (${message}, ${mobile}; a sheet whose number
// column is headed "phone") gave the Result sheet two columns of one
// heading, "message" twice, and the variable's values could be taken for
// the outcome's message. The report heads such a variable's column as the
// template writes it, ${message}; every other heading is as before.
func TestSMSSend_reportHeadingsUnique(t *testing.T) {
	t.Parallel()
	s := importertest.NewSender()
	s.Params["9"] = []string{"message", "Mobile", "name"}
	ep := fakeEndpoint(t, importer.Backend{Open: s})
	dir := t.TempDir()
	book := filepath.Join(dir, "rec.xlsx")
	f := excelize.NewFile()
	_ = f.SetSheetName("Sheet1", "Recipients")
	for i, row := range [][]any{
		{"phone", "message", "Mobile", "name"},
		{"13800138001", "Your parcel is here", "the driver's number", "Alice"},
	} {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		_ = f.SetSheetRow("Recipients", cell, &row)
	}
	if err := f.SaveAs(book); err != nil {
		t.Fatal(err)
	}
	report := filepath.Join(dir, "report.xlsx")
	code, o, e := runSMSCmd("send", book, "--template", "9", "--journal", filepath.Join(dir, "j"), "--report", report, "--endpoint", ep, "--access-token", "t")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, o, e)
	}
	rows := mustRows(t, report, "Result")
	if got, want := strings.Join(rows[0], ","), "row,mobile,${message},${Mobile},name,outcome,message,sms_id"; got != want {
		t.Errorf("report headings:\n%s\nwant\n%s", got, want)
	}
	if got := strings.Join(rows[1][:5], ","); got != "2,13800138001,Your parcel is here,the driver's number,Alice" {
		t.Errorf("report row: %s", got)
	}
}
