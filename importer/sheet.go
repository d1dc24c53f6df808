package importer

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
)

// Cell is one cell as stored and as shown. Raw is the stored value (a number
// cell's digits, a boolean's 1/0, a date's serial); Text is what the
// spreadsheet displays with the cell's number format applied. Converters pick
// whichever reproduces what the person typed (cell.go).
type Cell struct {
	Raw  string
	Text string
}

// Empty reports whether the cell holds nothing but blanks: empty means "not set".
func (c Cell) Empty() bool { return strings.TrimSpace(c.Raw) == "" && strings.TrimSpace(c.Text) == "" }

// openOptions keeps memory flat on big workbooks: worksheet and shared-string
// parts above 1 MiB are unzipped to temporary files and read from there
// instead of being held in memory. Other parts are read into memory, so the
// whole workbook may unpack to maxUnpacked at most: a small file that
// unpacks to gigabytes (a "zip bomb") is refused before anything is read.
var openOptions = excelize.Options{UnzipXMLSizeLimit: 1 << 20, UnzipSizeLimit: maxUnpacked}

// maxUnpacked is 512 MiB: a 100 000-row roster unpacks to about a third
// of it.
const maxUnpacked = 512 << 20

// sheetReader streams the rows of one worksheet. Two iterators advance in
// lockstep over the same sheet, one returning raw values and one formatted
// values: excelize gives a row only once per iterator and in one of the two
// forms, and both are needed to read numbers, dates and booleans faithfully.
type sheetReader struct {
	f      *excelize.File
	Sheet  string
	raw    *excelize.Rows
	shown  *excelize.Rows
	rowNum int
	// quirks are the cells read as empty that show a value (sheetscan.go).
	quirks sheetQuirks
}

// openSheet opens path and the sheet named want (in any case), or, when the
// workbook has no sheet of that name, its only sheet besides Help (a roster
// saved under "Sheet1" still reads). Several other sheets are an error.
func openSheet(path, want string) (*sheetReader, error) {
	f, err := excelize.OpenFile(path, openOptions)
	if err != nil {
		if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
			return nil, err // already "open PATH: reason"
		}
		if strings.Contains(err.Error(), "unzip size exceeds") {
			return nil, fmt.Errorf("%s unpacks to more than %d MiB, far more than a roster or a recipient list needs; ccsync does not read it, "+
				"to bound its memory. Remove what the workbook does not need (other sheets, pictures, pivot tables) or split it", path, maxUnpacked>>20)
		}
		if kind := notXLSX(path); kind != "" {
			return nil, fmt.Errorf("%s is %s; ccsync reads Excel workbooks (.xlsx): save it as \"Excel 2007-365 (.xlsx)\" and run again", path, kind)
		}
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	sheet := ""
	names := f.GetSheetList()
	for _, n := range names {
		if strings.EqualFold(n, want) {
			sheet = n
		}
	}
	if sheet == "" {
		var candidates []string
		for _, n := range names {
			if !strings.EqualFold(n, HelpSheet) {
				candidates = append(candidates, n)
			}
		}
		switch len(candidates) {
		case 0:
			return nil, errors.Join(fmt.Errorf("%s has no worksheet to read (want one named %s)", path, want), f.Close())
		case 1:
			sheet = candidates[0]
		default:
			// Reading one of several sheets would leave the others' rows
			// out without a word, and --prune would act on them.
			return nil, errors.Join(fmt.Errorf("%s has no sheet named %s and %d sheets that could hold the data (%s): ccsync reads one sheet; name it %s, or keep the rows in one sheet",
				path, want, len(candidates), strings.Join(candidates, ", "), want), f.Close())
		}
	}
	r := &sheetReader{f: f, Sheet: sheet}
	if r.quirks, err = scanSheet(path, sheet); err != nil {
		return nil, errors.Join(fmt.Errorf("read %s!%s: %w", path, sheet, err), f.Close())
	}
	if r.raw, err = f.Rows(sheet); err == nil {
		r.shown, err = f.Rows(sheet)
	}
	if err != nil {
		return nil, errors.Join(fmt.Errorf("read %s!%s: %w", path, sheet, err), r.Close())
	}
	return r, nil
}

// Next advances to the next row and returns its 1-based number and cells
// (trailing empty cells may be missing). ok is false at the end.
func (r *sheetReader) Next() (row int, cells []Cell, ok bool, err error) {
	if !r.raw.Next() {
		return 0, nil, false, r.raw.Error()
	}
	if !r.shown.Next() {
		return 0, nil, false, errors.New("the two row iterators disagree")
	}
	r.rowNum++
	raw, err := r.raw.Columns(excelize.Options{RawCellValue: true})
	if err != nil {
		return 0, nil, false, err
	}
	shown, err := r.shown.Columns()
	if err != nil {
		return 0, nil, false, err
	}
	n := max(len(raw), len(shown))
	cells = make([]Cell, n)
	for i := range n {
		if i < len(raw) {
			cells[i].Raw = raw[i]
		}
		if i < len(shown) {
			cells[i].Text = shown[i]
		}
	}
	return r.rowNum, cells, true, nil
}

// Close releases the iterators, their temporary files and the workbook.
func (r *sheetReader) Close() error {
	var errs []error
	for _, it := range []*excelize.Rows{r.raw, r.shown} {
		if it != nil {
			if err := it.Close(); err != nil {
				errs = append(errs, err)
			}
		}
	}
	errs = append(errs, r.f.Close())
	return errors.Join(errs...)
}

// normHeader folds a header for matching: case, blanks (spaces, tabs, the
// line break of a wrapped heading, no-break and ideographic spaces),
// underscores, hyphens and dots do not matter ("User Num", "user_num" and
// "USER NUM" are one name).
func normHeader(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsSpace(r) || r == '_' || r == '-' || r == '.' {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// notXLSX names what the file at path is when it is a kind of spreadsheet
// people keep that is no .xlsx workbook, from its first bytes; "" when it
// is none of them (excelize's own error then says what is wrong). Before,
// an OpenDocument file read as "EOF" and a CSV as "zip: not a valid zip
// file".
func notXLSX(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	switch {
	case bytes.HasPrefix(head, []byte("PK\x03\x04")) && bytes.Contains(head, []byte("application/vnd.oasis.opendocument")):
		return "an OpenDocument file (.ods)"
	case bytes.HasPrefix(head, []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}):
		return "an Excel 97-2003 workbook (.xls), or a password-protected one (remove the password)"
	case n > 0 && !bytes.HasPrefix(head, []byte("PK\x03\x04")) && textStart(head):
		return "a text file (CSV?), not a workbook"
	}
	return ""
}

// textStart tells whether b is the start of a UTF-8 text (it may end inside
// a character: 512 bytes were read).
func textStart(b []byte) bool {
	if bytes.IndexByte(b, 0) >= 0 {
		return false
	}
	for cut := 0; cut <= 3 && cut < len(b); cut++ {
		if utf8.Valid(b[:len(b)-cut]) {
			return true
		}
	}
	return false
}
