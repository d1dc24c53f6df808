package importer

import (
	"archive/zip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/xuri/excelize/v2"
)

// addCalcChain gives the workbook at path the calculation chain a
// spreadsheet writes when it saves (Excel lists every formula cell in
// xl/calcChain.xml), listing cells of the sheet whose sheetId is 1.
func addCalcChain(t *testing.T, path string, cells ...string) {
	t.Helper()
	chain := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" +
		`<calcChain xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`
	for i, c := range cells {
		if i == 0 {
			chain += `<c r="` + c + `" i="1"/>`
		} else {
			chain += `<c r="` + c + `"/>` // i holds from the cell before
		}
	}
	chain += `</calcChain>`
	rewritePart(t, path, "[Content_Types].xml", func(s string) string {
		return strings.Replace(s, "</Types>", `<Override PartName="/xl/calcChain.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.calcChain+xml"/></Types>`, 1)
	})
	rewritePart(t, path, "xl/_rels/workbook.xml.rels", func(s string) string {
		return strings.Replace(s, "</Relationships>", `<Relationship Id="rIdChain" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/calcChain" Target="calcChain.xml"/></Relationships>`, 1)
	})
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "chained.xlsx")
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for _, zf := range zr.File {
		rc, err := zf.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		w, _ := zw.Create(zf.Name)
		_, _ = w.Write(b)
	}
	w, _ := zw.Create("xl/calcChain.xml")
	_, _ = w.Write([]byte(chain))
	zr.Close()
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if err := os.Rename(out, path); err != nil {
		t.Fatal(err)
	}
}

// TestReaders_formulaOverValueKeepsStaleResult: a workbook a spreadsheet
// saved, then edited by a program with excelize, whose SetCellFormula
// over a cell that held a value keeps that value as the formula's saved
// result: over the text "Old Bob" the result read was "4" (the old text's
// index in the shared strings) and over 42 it was 42, sent as if the
// formula (UPPER("bob"), 40+3) had said so. Such a formula, which the
// workbook's calculation chain does not list, is refused, naming the
// cell; a formula the spreadsheet calculated reads as its result.
func TestReaders_formulaOverValueKeepsStaleResult(t *testing.T) {
	t.Parallel()
	path := writeBook(t, "Recipients", [][]any{
		{"mobile", "name", "code"},
		{"13800000001", "Ann", "A17"},
		{"13800000002", "Old Bob", 42},
	})
	// As a spreadsheet leaves it: C2 a formula with its result, listed in
	// the calculation chain.
	rewriteCells(t, path, map[string]string{"C2": `<c r="C2" t="str"><f>"A"&amp;"17"</f><v>A17</v></c>`})
	addCalcChain(t, path, "C2")
	l, probs, err := ReadRecipients(path, []string{"name", "code"}, "open")
	if err != nil || len(probs) != 0 {
		t.Fatalf("as the spreadsheet saved it: %v %q", err, problemLines(probs))
	}
	if got := l.Rows[1].Params; !cmp.Equal(got, []string{"Old Bob", "42"}) {
		t.Fatalf("row 3 reads %q", got)
	}

	// A program writes formulas over the text and the number.
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for ref, formula := range map[string]string{"B3": `UPPER("bob")`, "C3": "40+3"} {
		if err := f.SetCellFormula("Recipients", ref, formula); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	f.Close()

	const rule = " is a formula written after the workbook was last calculated (the workbook's calculation chain does not list it: a program, such as one using excelize, " +
		"wrote it over the cell's value), so the value saved with it is what the cell held before, not its result, and ccsync reads saved values; " +
		"open and save the workbook in a spreadsheet, or replace the formula by its value"
	_, probs, err = ReadRecipients(path, []string{"name", "code"}, "open")
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{"Recipients!B3: name" + rule, "Recipients!C3: code" + rule}, problemLines(probs)); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}

	// A roster alike.
	roster := writeBook(t, "Agents", [][]any{{"user_num", "user_name", "crm_id"}, {"9001", "Ann", "c-1"}, {"9002", "Bob", "c-2"}})
	rewriteCells(t, roster, map[string]string{"C2": `<c r="C2" t="str"><f>"c-"&amp;1</f><v>c-1</v></c>`})
	addCalcChain(t, roster, "C2")
	f, err = excelize.OpenFile(roster)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.SetCellFormula("Agents", "B3", `PROPER("bob smith")`); err != nil {
		t.Fatal(err)
	}
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	probs, err = ScanRoster(roster, func(*Roster, AgentRow) {}, &Roster{})
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{"Agents!B3: user_name" + rule}, problemLines(probs)); d != "" {
		t.Errorf("roster problems (-want +got):\n%s", d)
	}
}
