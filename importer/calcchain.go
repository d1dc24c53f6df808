package importer

import (
	"archive/zip"
	"encoding/xml"
	"errors"
	"io"
	"strings"
)

// calcChain reads the workbook's calculation chain (xl/calcChain.xml): the
// formula cells of the sheet whose sheetId is sheetID, as the spreadsheet
// that last calculated the workbook listed them. Excel writes every
// formula cell there when it saves. A formula cell that is not listed was
// written after that save by a program that does not calculate (excelize's
// SetCellFormula over a cell that held a value keeps the old value, or the
// index of the old text in the shared strings, as the formula's result):
// its saved value is not its result. ok is false when the workbook has no
// chain (a workbook written by a program, or saved by a spreadsheet that
// writes none): nothing can be told then.
func calcChain(zr *zip.Reader, sheetID string) (cells map[string]bool, ok bool, err error) {
	f, err := openPart(zr, "xl/calcChain.xml")
	if err != nil {
		return nil, false, nil // no chain
	}
	defer f.Close()
	cells = map[string]bool{}
	d := xml.NewDecoder(f)
	sheet := "" // the i attribute holds until a cell names another sheet
	for {
		tok, err := d.RawToken()
		if errors.Is(err, io.EOF) {
			return cells, true, nil
		}
		if err != nil {
			return nil, false, err
		}
		t, isStart := tok.(xml.StartElement)
		if !isStart || t.Name.Local != "c" {
			continue
		}
		if i := attr(t, "i"); i != "" {
			sheet = i
		}
		if sheet == sheetID || sheet == "" && sheetID == "1" {
			cells[strings.ToUpper(attr(t, "r"))] = true
		}
	}
}
