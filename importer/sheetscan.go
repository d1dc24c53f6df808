package importer

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

// sheetQuirks are the cells of a worksheet that the row iterators would
// read as something other than a value the user means:
//   - formulas whose result was never saved (a workbook written by a
//     program and not opened in a spreadsheet since): the file holds the
//     formula and no value;
//   - every formula of a workbook that asks to be recalculated when it is
//     opened (fullCalcOnLoad, as xlsxwriter and pandas write it): the value
//     saved with the formula is a stand-in (xlsxwriter saves 0), which
//     the spreadsheet replaces on opening and ccsync would send or store;
//   - merged ranges: the file holds the value in the first cell only;
//   - error values (#N/A, #DIV/0!: a formula that failed, t="e"): they read
//     as their text, and "Dear #N/A" would be sent or stored;
//   - hidden rows (by hand or by a filter) that hold values: they read like
//     the others, while whoever hid one may mean to leave it out; so do
//     hidden columns, which the readers refuse when they read them.
//
// Read as empty (the first two) they would mean "leave as it is" (a
// roster) or a missing value (a recipient list), so the readers refuse
// them all, naming the cells.
type sheetQuirks struct {
	formulas []string // A1 references
	recalc   []string // A1 references of formulas whose saved value is a stand-in
	// stale are the A1 references of formulas the workbook's calculation
	// chain does not list: written after the spreadsheet last calculated
	// it, their saved value is what the cell held before (calcChain).
	stale  []string
	merged []string // ranges, "D3:D5"; the first maxMerged
	// moreMerged counts the merged ranges after the first maxMerged.
	moreMerged int
	errors     []string // "B4 #N/A": cells holding an error value
	hidden     []string // row numbers of hidden rows that hold values
	flat       []string // row numbers of rows of height 0 that hold values
	// hiddenCols are the ranges of hidden columns, 1-based and inclusive;
	// the readers refuse those with a heading they read (hiddenColumn).
	hiddenCols []colRange
	// totals are the total rows of the sheet's tables (Excel's Table
	// Design > Total Row: "Total" and a SUBTOTAL under each column), which
	// the readers leave out: they are no data, and a roster read one as
	// the agent "Total", a recipient list as a number "汇总".
	totals []cellRange
}

// cellRange is a range of cells, 1-based and inclusive.
type cellRange struct {
	table                  string
	fromRow, toRow, lo, hi int
}

// inTotals tells whether the cell at the 1-based col and row is in a
// table's total row.
func (q sheetQuirks) inTotals(col, row int) bool {
	for _, r := range q.totals {
		if r.fromRow <= row && row <= r.toRow && r.lo <= col && col <= r.hi {
			return true
		}
	}
	return false
}

// inTotalsRef is inTotals for an A1 reference.
func (q sheetQuirks) inTotalsRef(ref string) bool {
	col, row, err := excelize.CellNameToCoordinates(ref)
	return err == nil && q.inTotals(col, row)
}

// maxMerged is the most merged ranges listed one by one; the others are
// counted. A worksheet of merged cells and nothing else (a few hundred KB
// packed) listed every one: 2 million ranges took 1.4 GB of memory and
// printed 2 million lines.
const maxMerged = 1000

// maxColRanges is the most hidden-column ranges kept: a worksheet has
// 16,384 columns, and each range is looked through for every column read.
const maxColRanges = 16384

// colRange is a range of hidden columns, 1-based and inclusive; narrow
// when they are not marked hidden but 0 wide (as excelize and other
// libraries write a width set to 0), which Excel shows as hidden just the
// same (LibreOffice shows it, and drops the width when it saves).
type colRange struct {
	lo, hi int
	narrow bool
}

// zeroSize tells whether a width or height attribute's value is 0: a
// column or row a spreadsheet shows as hidden.
func zeroSize(v string) bool {
	f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	return err == nil && f == 0
}

// colHidden tells whether the 1-based column col is hidden, and if so
// whether by a width of 0.
func (q sheetQuirks) colHidden(col int) (hidden, narrow bool) {
	for _, r := range q.hiddenCols {
		if r.lo <= col && col <= r.hi {
			return true, r.narrow
		}
	}
	return false, false
}

// hiddenColumn is the problem of a hidden column whose heading, in the cell
// at col and row, names a column the reader reads: a hidden column's values
// are read like the others, while whoever hid it may mean to leave it out
// (a hidden user_status column resigned an agent), as a hidden row.
func hiddenColumn(sheet string, col, row int, heading string, narrow bool) Problem {
	how := "is hidden"
	if narrow {
		how = "is 0 wide (Excel shows it hidden)"
	}
	return Problem{Sheet: sheet, Cell: cellRef(col, row), Value: heading, HasValue: true,
		Rule: fmt.Sprintf("heads column %s, which %s, and ccsync reads hidden columns like the others: unhide it to keep it, or delete it to leave it out", colName(col), how)}
}

// nameColumns gives the problems of cells that hold no value the reader
// can read (a formula without a saved result, a formula whose saved value
// is a stand-in, an error value: the first problems of q.problems) the
// name of the column they are in, as every other bad cell is named
// ("Agents!D16: ag_nickname is a formula ..."), so the reader sees which
// field the cell is for without counting columns. headRow is the row of
// the headings (whose cells are headings, not values); name gives the
// column's field or variable for a 1-based column, "" for none.
func (q sheetQuirks) nameColumns(probs Problems, headRow int, name func(col int) string) {
	n := min(len(q.formulas)+len(q.recalc)+len(q.stale)+len(q.errors), len(probs))
	for i := range probs[:n] {
		p := &probs[i]
		col, row, err := excelize.CellNameToCoordinates(p.Cell)
		if err != nil || row <= headRow || p.Field != "" {
			continue
		}
		p.Field = name(col)
	}
}

// problems turns the quirks into problems of sheet.
func (q sheetQuirks) problems(sheet string) Problems {
	var out Problems
	for _, ref := range q.formulas {
		out = append(out, Problem{Sheet: sheet, Cell: ref,
			Rule: "is a formula whose result was never saved (the workbook was written by a program and not opened in a spreadsheet since); " +
				"ccsync reads saved values: open and save the workbook in a spreadsheet, or replace the formula by its value"})
	}
	for _, ref := range q.recalc {
		out = append(out, Problem{Sheet: sheet, Cell: ref,
			Rule: "is a formula in a workbook that asks to have every formula calculated when it is opened (written by a program such as xlsxwriter or pandas): " +
				"the value saved with it is a stand-in (0), not its result, and ccsync reads saved values; open the workbook in a spreadsheet, " +
				"copy the formula cells and paste them as values (Paste Special, Values), and save (converting the file, with LibreOffice for one, keeps the stand-in)"})
	}
	for _, ref := range q.stale {
		out = append(out, Problem{Sheet: sheet, Cell: ref,
			Rule: "is a formula written after the workbook was last calculated (the workbook's calculation chain does not list it: a program, such as one using excelize, " +
				"wrote it over the cell's value), so the value saved with it is what the cell held before, not its result, and ccsync reads saved values; " +
				"open and save the workbook in a spreadsheet, or replace the formula by its value"})
	}
	for _, ref := range q.errors {
		cell, value, _ := strings.Cut(ref, " ")
		out = append(out, Problem{Sheet: sheet, Cell: cell,
			Rule: fmt.Sprintf("holds the error value %s (a formula that failed), not a value; correct the formula or type the value", value)})
	}
	for _, row := range q.hidden {
		out = append(out, Problem{Sheet: sheet, Cell: "A" + row,
			Rule: fmt.Sprintf("row %s is hidden (by hand or by a filter), and ccsync reads hidden rows like the others: unhide it to keep it, or delete it to leave it out", row)})
	}
	for _, row := range q.flat {
		out = append(out, Problem{Sheet: sheet, Cell: "A" + row,
			Rule: fmt.Sprintf("row %s is 0 high (Excel shows it hidden), and ccsync reads hidden rows like the others: unhide it to keep it, or delete it to leave it out", row)})
	}
	for _, ref := range q.merged {
		first, _, _ := strings.Cut(ref, ":")
		out = append(out, Problem{Sheet: sheet, Cell: ref,
			Rule: fmt.Sprintf("is a merged cell: the spreadsheet shows the value of %s across it, while each other cell reads as empty or as a value the merge hides; unmerge it and fill every cell", first)})
	}
	if q.moreMerged > 0 {
		out = append(out, Problem{Sheet: sheet, Cell: q.merged[len(q.merged)-1],
			Rule: fmt.Sprintf("and %d more merged cells after it, not listed one by one (%d are): unmerge every cell of the sheet (in Excel: select all, Merge & Center, Unmerge Cells)", q.moreMerged, maxMerged)})
	}
	return out
}

// scanSheet reads the worksheet part of sheet in the workbook at file with
// a streaming XML decoder (memory stays flat: the rows are not kept) and
// returns its quirks. It stops with ctx's error once ctx is done.
func scanSheet(ctx context.Context, file, sheet string) (sheetQuirks, error) {
	var q sheetQuirks
	zr, err := zip.OpenReader(file)
	if err != nil {
		return q, err
	}
	defer zr.Close()
	part, sheetID, fullCalc, err := sheetPart(&zr.Reader, sheet)
	if err != nil {
		return q, err
	}
	q.totals = tableTotals(&zr.Reader, part)
	// Most sheets have neither: a plain byte search says so at a fraction
	// of the cost of decoding the XML.
	f, err := openPart(&zr.Reader, part)
	if err != nil {
		return q, err
	}
	maybe, err := mentions(ctxReader{ctx, f}, quirkMarks)
	_ = f.Close() // read-only: nothing to flush
	if err != nil || !maybe {
		return q, err
	}
	chain, chained, err := calcChain(&zr.Reader, sheetID)
	if err != nil {
		return q, fmt.Errorf("read xl/calcChain.xml: %w", err)
	}
	if f, err = openPart(&zr.Reader, part); err != nil {
		return q, err
	}
	defer f.Close()
	d := xml.NewDecoder(ctxReader{ctx, f})
	var (
		ref, typ, value   string
		inCell, inValue   bool
		formula, hasValue bool
		row               string // the row's number when it is hidden
		rowFlat           bool   // the row is hidden by a height of 0
		rowHasValue       bool
	)
	for {
		tok, err := d.RawToken()
		if errors.Is(err, io.EOF) {
			return q, nil
		}
		if err != nil {
			return q, fmt.Errorf("read %s: %w", part, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "row":
				row, rowFlat, rowHasValue = "", false, false
				if h := attr(t, "hidden"); h == "1" || h == "true" {
					row = attr(t, "r")
				} else if zeroSize(attr(t, "ht")) {
					row, rowFlat = attr(t, "r"), true
				}
			case "c":
				inCell, formula, hasValue, value = true, false, false, ""
				ref, typ = attr(t, "r"), attr(t, "t")
			case "f":
				formula = formula || inCell
			case "v":
				inValue, hasValue = inCell, hasValue || inCell
			case "is":
				hasValue = hasValue || inCell
			case "col":
				h := attr(t, "hidden")
				hidden, narrow := h == "1" || h == "true", zeroSize(attr(t, "width"))
				if hidden || narrow {
					lo, err1 := strconv.Atoi(attr(t, "min"))
					hi, err2 := strconv.Atoi(attr(t, "max"))
					if err1 == nil && err2 == nil && len(q.hiddenCols) < maxColRanges {
						q.hiddenCols = append(q.hiddenCols, colRange{lo, hi, narrow && !hidden})
					}
				}
			case "mergeCell":
				if len(q.merged) < maxMerged {
					q.merged = append(q.merged, attr(t, "ref"))
				} else {
					q.moreMerged++
				}
			}
		case xml.CharData:
			if inValue {
				value += string(t)
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "v":
				inValue = false
			case "row":
				switch {
				case row == "" || !rowHasValue:
				case rowFlat:
					q.flat = append(q.flat, row)
				default:
					q.hidden = append(q.hidden, row)
				}
			case "c":
				rowHasValue = rowHasValue || hasValue && (value != "" || typ == "inlineStr")
				// No saved result: no <v>, or an empty one on a cell that
				// is not a string (a spreadsheet saves a formula's empty
				// text as t="str" with an empty <v>; some programs write
				// an empty <v> for a formula they did not compute).
				switch {
				case q.inTotalsRef(ref):
					// A total row is not read (inTotals).
				case formula && fullCalc:
					q.recalc = append(q.recalc, ref)
				case formula && (!hasValue || value == "" && typ != "str"):
					q.formulas = append(q.formulas, ref)
				case formula && chained && !chain[strings.ToUpper(ref)]:
					q.stale = append(q.stale, ref)
				case typ == "e":
					q.errors = append(q.errors, ref+" "+strings.TrimSpace(value))
				}
				inCell = false
			}
		}
	}
}

// quirkMarks are the byte strings without which a worksheet has no
// formula, no merged cell, no error value and no hidden row or column, nor
// one of width or height 0 (with or without a namespace prefix).
var quirkMarks = [][]byte{[]byte("<f>"), []byte("<f "), []byte(":f>"), []byte(":f "), []byte("mergeCell"), []byte(`t="e"`), []byte(`t='e'`),
	[]byte(`hidden="1"`), []byte(`hidden="true"`), []byte(`hidden='1'`), []byte(`hidden='true'`),
	[]byte(`width="0`), []byte(`width='0`), []byte(`ht="0`), []byte(`ht='0`)}

// mentions tells whether r holds any of marks, reading it in blocks.
func mentions(r io.Reader, marks [][]byte) (bool, error) {
	const overlap = 16 // longer than every mark
	buf := make([]byte, overlap+1<<20)
	kept := 0
	for {
		n, err := io.ReadFull(r, buf[kept:])
		block := buf[:kept+n]
		for _, m := range marks {
			if bytes.Contains(block, m) {
				return true, nil
			}
		}
		switch {
		case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
			return false, nil
		case err != nil:
			return false, err
		}
		kept = copy(buf, block[max(0, len(block)-overlap):])
	}
}

// sheetPart finds the zip part of the worksheet named sheet through
// xl/workbook.xml and its relationships. fullCalc says that the workbook
// asks to have every formula calculated when it is opened
// (<calcPr fullCalcOnLoad="1"/>).
func sheetPart(zr *zip.Reader, sheet string) (part, sheetID string, fullCalc bool, err error) {
	var wb struct {
		Sheets []struct {
			Name    string `xml:"name,attr"`
			SheetID string `xml:"sheetId,attr"`
			// r:id, in the transitional namespace or in Strict Open XML's
			// (http://purl.oclc.org/ooxml/officeDocument/relationships).
			RID string `xml:"id,attr"`
		} `xml:"sheets>sheet"`
		CalcPr struct {
			FullCalcOnLoad string `xml:"fullCalcOnLoad,attr"`
		} `xml:"calcPr"`
	}
	var rels struct {
		Rels []struct {
			ID     string `xml:"Id,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	if err := decodePart(zr, "xl/workbook.xml", &wb); err != nil {
		return "", "", false, err
	}
	if err := decodePart(zr, "xl/_rels/workbook.xml.rels", &rels); err != nil {
		return "", "", false, err
	}
	fullCalc = wb.CalcPr.FullCalcOnLoad == "1" || wb.CalcPr.FullCalcOnLoad == "true"
	for _, s := range wb.Sheets {
		if s.Name != sheet {
			continue
		}
		for _, r := range rels.Rels {
			if r.ID == s.RID {
				if strings.HasPrefix(r.Target, "/") {
					return strings.TrimPrefix(r.Target, "/"), s.SheetID, fullCalc, nil
				}
				return path.Join("xl", r.Target), s.SheetID, fullCalc, nil
			}
		}
	}
	return "", "", false, fmt.Errorf("worksheet %s: no part in the workbook", sheet)
}

// sheetBlank tells whether the worksheet sheet of the workbook at file
// holds no cell with a value, a formula or an inline text; false when it
// cannot be read.
func sheetBlank(file, sheet string) bool {
	zr, err := zip.OpenReader(file)
	if err != nil {
		return false
	}
	defer zr.Close()
	part, _, _, err := sheetPart(&zr.Reader, sheet)
	if err != nil {
		return false
	}
	f, err := openPart(&zr.Reader, part)
	if err != nil {
		return false
	}
	defer f.Close()
	d := xml.NewDecoder(f)
	inCell := false
	for {
		tok, err := d.RawToken()
		if errors.Is(err, io.EOF) {
			return true
		}
		if err != nil {
			return false
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "c":
				inCell = true
			case "v", "f", "is":
				if inCell {
					return false
				}
			}
		case xml.EndElement:
			if t.Name.Local == "c" {
				inCell = false
			}
		}
	}
}

// tableTotals returns the total rows of the tables of the worksheet part:
// the last totalsRowCount rows of each table's range (ECMA-376
// §18.5.1.2). A table that cannot be read is left out: its rows are then
// read as any others.
func tableTotals(zr *zip.Reader, part string) []cellRange {
	var rels struct {
		Rels []struct {
			Type   string `xml:"Type,attr"`
			Target string `xml:"Target,attr"`
			Mode   string `xml:"TargetMode,attr"`
		} `xml:"Relationship"`
	}
	dir, file := path.Split(part)
	if err := decodePart(zr, dir+"_rels/"+file+".rels", &rels); err != nil {
		return nil
	}
	var out []cellRange
	for _, r := range rels.Rels {
		if !strings.HasSuffix(r.Type, "/table") || r.Mode == "External" {
			continue
		}
		name := path.Join(dir, r.Target)
		if strings.HasPrefix(r.Target, "/") {
			name = strings.TrimPrefix(r.Target, "/")
		}
		var t struct {
			Name  string `xml:"displayName,attr"`
			Ref   string `xml:"ref,attr"`
			Count string `xml:"totalsRowCount,attr"`
		}
		if decodePart(zr, name, &t) != nil {
			continue
		}
		n, err := strconv.Atoi(t.Count)
		if err != nil || n <= 0 {
			continue
		}
		from, to, ok := strings.Cut(t.Ref, ":")
		if !ok {
			continue
		}
		c1, r1, err1 := excelize.CellNameToCoordinates(from)
		c2, r2, err2 := excelize.CellNameToCoordinates(to)
		if err1 != nil || err2 != nil || r2-n+1 <= r1 {
			continue
		}
		out = append(out, cellRange{table: t.Name, fromRow: r2 - n + 1, toRow: r2, lo: min(c1, c2), hi: max(c1, c2)})
	}
	return out
}

func decodePart(zr *zip.Reader, name string, v any) error {
	f, err := openPart(zr, name)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := xml.NewDecoder(f).Decode(v); err != nil {
		return fmt.Errorf("read %s: %w", name, err)
	}
	return nil
}

// openPart opens a part by name; names are matched without case, as
// spreadsheet programs write them in either.
func openPart(zr *zip.Reader, name string) (io.ReadCloser, error) {
	for _, f := range zr.File {
		if strings.EqualFold(f.Name, name) {
			return f.Open()
		}
	}
	return nil, fmt.Errorf("the workbook has no part %s", name)
}

func attr(t xml.StartElement, name string) string {
	for _, a := range t.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}
