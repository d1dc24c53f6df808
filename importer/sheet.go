package importer

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/textcheck"
)

// Cell is one cell as stored and as shown. Raw is the stored value (a number
// cell's digits, a boolean's 1/0, a date's serial); Text is what the
// spreadsheet displays with the cell's number format applied. Converters pick
// whichever reproduces what the person typed (cell.go).
type Cell struct {
	Raw  string
	Text string
	// Unshown is the number format the sheet shows this number cell
	// through when the reader cannot show it so (Chinese numerals, a text
	// beside General: localGeneral); Text is then the stored number. ""
	// for any other cell.
	Unshown string
	// Date1904 says that the workbook counts dates from 1904 (Excel's
	// "Use 1904 date system", the default of older Excel for Mac): a
	// date's serial is read in that system (serialDate).
	Date1904 bool
}

// Empty reports whether the cell holds nothing but blanks: empty means "not set".
func (c Cell) Empty() bool { return strings.TrimSpace(c.Raw) == "" && strings.TrimSpace(c.Text) == "" }

// openOptions keeps memory flat on big workbooks: worksheet and shared-string
// parts above 1 MiB are unzipped to temporary files and read from there
// instead of being held in memory. Other parts are read into memory, so the
// whole workbook may unpack to maxUnpacked at most: a small file that
// unpacks to gigabytes (a "zip bomb") is refused before anything is read.
// The built-in number formats whose display depends on the language of
// Excel (ids 27-36 and 50-58, dates and times in Chinese, Japanese and
// Korean Excel and WPS) are shown as a Chinese Excel shows them
// (yyyy年m月d日); without a language excelize shows their serial number.
// The other formats do not depend on it.
var openOptions = excelize.Options{UnzipXMLSizeLimit: 1 << 20, UnzipSizeLimit: maxUnpacked, CultureInfo: excelize.CultureNameZhCN}

// maxUnpacked is 512 MiB: a 100 000-row roster unpacks to about a third
// of it.
const maxUnpacked = 512 << 20

// sheetReader streams the rows of one worksheet. Two iterators advance in
// lockstep over the same sheet, one returning raw values and one formatted
// values: excelize gives a row only once per iterator and in one of the two
// forms, and both are needed to read numbers, dates and booleans faithfully.
type sheetReader struct {
	// ctx ends the reading: Next returns its error once it is done (an
	// interrupt; the reading of a big or oddly made workbook can take
	// minutes, and Ctrl-C did nothing until it had ended).
	ctx    context.Context
	f      *excelize.File
	Sheet  string
	raw    *excelize.Rows
	shown  *excelize.Rows
	rowNum int
	// date1904 is the workbook's date system (Cell.Date1904).
	date1904 bool
	// unshown are the number formats the reader cannot show a number
	// through as the spreadsheet does (localGeneral), by the index
	// their stand-in names.
	unshown []string
	// zeros are the texts of the zero sections the reader cannot show
	// (zeroStandIn), by the index their stand-in names.
	zeros []string
	// quirks are the cells read as empty that show a value (sheetscan.go).
	quirks sheetQuirks
}

// openSheet opens path and the sheet named want (in any case, blanks
// around the name ignored), or, when the
// workbook has no sheet of that name, its only sheet besides Help (a roster
// saved under "Sheet1" still reads). Several other sheets are an error, and
// so is a hidden sheet chosen either way (chooseSheet).
func openSheet(ctx context.Context, path, want string) (*sheetReader, error) {
	if err := checkWorkbookShape(ctx, path); err != nil {
		return nil, err
	}
	// An OLE compound file (an .xls, or a workbook saved with a password)
	// is refused before excelize opens it: ccsync has no password to give,
	// and excelize runs its decryption on any such file. v2.11.0 crashed
	// or hashed for hours (deaf to Ctrl-C) on a malformed one; v2.11.1
	// still hashes up to 10 000 000 rounds, seconds of a core.
	if kind, _ := notXLSX(path); kind == oleKind {
		return nil, fmt.Errorf("%s is %s; ccsync reads Excel workbooks (.xlsx): %s", path, kind, saveAsXLSX)
	}
	// excelize's opening cannot be interrupted (under a second for the
	// largest workbook read): an interrupt during the scans above stops
	// before it.
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	f, err := excelize.OpenFile(path, openOptions)
	if err != nil {
		if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
			return nil, err // already "open PATH: reason"
		}
		if strings.Contains(err.Error(), "unzip size exceeds") {
			return nil, fmt.Errorf("%s unpacks to more than %d MiB, far more than a roster or a recipient list needs; ccsync does not read it, "+
				"to bound its memory. Remove what the workbook does not need (other sheets, pictures, pivot tables) or split it", path, maxUnpacked>>20)
		}
		if kind, advice := notXLSX(path); kind != "" {
			if advice == "" {
				advice = saveAsXLSX
			}
			return nil, fmt.Errorf("%s is %s; ccsync reads Excel workbooks (.xlsx): %s", path, kind, advice)
		}
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	sheet, err := chooseSheet(f, path, want)
	if err != nil {
		return nil, errors.Join(err, f.Close())
	}
	unshown, zeros, err := localGeneral(f)
	if err != nil {
		return nil, errors.Join(fmt.Errorf("read %s: %w", path, err), f.Close())
	}
	r := &sheetReader{ctx: ctx, f: f, Sheet: sheet, unshown: unshown, zeros: zeros}
	props, err := f.GetWorkbookProps()
	if err != nil {
		return nil, errors.Join(fmt.Errorf("read %s: %w", path, err), f.Close())
	}
	r.date1904 = props.Date1904 != nil && *props.Date1904
	if r.quirks, err = scanSheet(ctx, path, sheet); err != nil {
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

// chooseSheet names the sheet openSheet reads. A hidden sheet is never
// read: an old list hidden beside this week's would be sent, or a hidden
// roster applied, while the person sees another sheet. It is not skipped
// either, which would leave its rows out without a word: the error names it
// and says how to go on.
func chooseSheet(f *excelize.File, path, want string) (string, error) {
	hidden := func(n string) bool {
		visible, err := f.GetSheetVisible(n)
		return err == nil && !visible
	}
	names := f.GetSheetList()
	var candidates, visible []string // the sheets besides want and Help
	named := ""
	for _, n := range names {
		switch {
		// Blanks around a name do not show on its tab ("AGENTS ").
		case strings.EqualFold(strings.TrimSpace(n), want):
			named = n
		case strings.EqualFold(strings.TrimSpace(n), HelpSheet):
		default:
			candidates = append(candidates, n)
			if !hidden(n) {
				visible = append(visible, n)
			}
		}
	}
	if named == "" && len(candidates) > 1 {
		// A sheet that holds no cell (Sheet2 and Sheet3 of a workbook
		// made by Excel 2010 or earlier) holds no rows to leave out.
		var full, fullVisible []string
		for _, n := range candidates {
			if !sheetBlank(path, n) {
				full = append(full, n)
				if !hidden(n) {
					fullVisible = append(fullVisible, n)
				}
			}
		}
		if len(full) > 0 {
			candidates, visible = full, fullVisible
		}
	}
	if named != "" {
		if !hidden(named) {
			return named, nil
		}
		how := "unhide it (in Excel: right-click a sheet tab, Unhide) to read it"
		switch len(visible) {
		case 0:
		case 1:
			// Renaming the hidden sheet alone would leave two candidates;
			// deleting it, too, when another hidden sheet is left.
			if len(candidates) == 1 {
				how += fmt.Sprintf(", or delete it to read the visible sheet %s (or rename it and name %s %s)", visible[0], visible[0], want)
			} else {
				how += fmt.Sprintf(", or delete or rename it and name the visible sheet %s %s", visible[0], want)
			}
		default:
			how += fmt.Sprintf(", or delete or rename it and name the sheet to read %s", want)
		}
		return "", fmt.Errorf("%s: the sheet %s is hidden, and ccsync does not read a hidden sheet (it may be an old list kept out of sight): %s", path, named, how)
	}
	switch len(candidates) {
	case 0:
		return "", fmt.Errorf("%s has no worksheet to read (want one named %s)", path, want)
	case 1:
		if hidden(candidates[0]) {
			return "", fmt.Errorf("%s has no sheet named %s, and its only sheet that could hold the data, %s, is hidden; ccsync does not read a hidden sheet: unhide it (in Excel: right-click a sheet tab, Unhide) to read it",
				path, want, candidates[0])
		}
		return candidates[0], nil
	}
	// Reading one of several sheets would leave the others' rows out
	// without a word, and --prune would act on them.
	shown := make([]string, len(candidates))
	for i, n := range candidates {
		shown[i] = n
		if hidden(n) {
			shown[i] += " (hidden)"
		}
	}
	msg := fmt.Sprintf("%s has no sheet named %s and %d sheets that could hold the data (%s): ccsync reads one sheet; name it %s, or keep the rows in one sheet",
		path, want, len(candidates), strings.Join(shown, ", "), want)
	switch len(candidates) - len(visible) {
	case 0:
	case 1:
		msg += " (a hidden sheet counts too: delete it if it is not needed)"
	default:
		msg += " (hidden sheets count too: delete those not needed)"
	}
	return "", errors.New(msg)
}

// Next advances to the next row and returns its 1-based number and cells
// (trailing empty cells may be missing). ok is false at the end.
func (r *sheetReader) Next() (row int, cells []Cell, ok bool, err error) {
	if err := r.ctx.Err(); err != nil {
		return 0, nil, false, err
	}
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
		cells[i].Date1904 = r.date1904
		if i < len(raw) {
			cells[i].Raw = raw[i]
		}
		if i < len(shown) {
			cells[i].Text = shown[i]
		}
		if serial, ok := isoSerial(cells[i].Raw, r.date1904); ok && cells[i].Raw != cells[i].Text {
			cells[i].Raw = serial
		}
		if text, ok := r.zeroFormat(cells[i].Text, cells[i].Raw); ok {
			cells[i].Text = text
		}
		if code, ok := r.unshownFormat(cells[i].Text, cells[i].Raw); ok {
			cells[i].Text, cells[i].Unshown = cells[i].Raw, code
		}
		if r.quirks.inTotals(i+1, r.rowNum) {
			cells[i] = Cell{Date1904: r.date1904} // a table's total row is no data
		}
	}
	return r.rowNum, cells, true, nil
}

// reISODate is a date cell's value stored as ISO 8601 text (a cell of type
// "d", as SheetJS writes dates with cellDates): 2026-12-01T00:00:00.000Z.
var reISODate = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?)?$`)

// isoSerial turns the stored value of a date cell of type "d" into the
// serial number a spreadsheet stores for that date in the workbook's date
// system (1904 or 1900), so that it reads like any other date cell; the
// sheet shows it through the cell's number format. ok is false for any
// other value, and for a date before 1 March 1900, which the 1900 system
// counts with a day too many.
func isoSerial(raw string, date1904 bool) (serial string, ok bool) {
	if !reISODate.MatchString(raw) {
		return "", false
	}
	layout := "2006-01-02T15:04:05"
	switch {
	case len(raw) == len("2006-01-02"):
		layout = "2006-01-02"
	case len(raw) == len("2006-01-02T15:04"), len(raw) == len("2006-01-02T15:04Z"):
		layout = "2006-01-02T15:04"
	}
	t, err := time.Parse(layout, strings.TrimSuffix(raw, "Z")) // fractions of a second are taken with the seconds
	if err != nil {
		return "", false
	}
	epoch := time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)
	if date1904 {
		epoch = time.Date(1904, 1, 1, 0, 0, 0, 0, time.UTC)
	} else if t.Before(time.Date(1900, 3, 1, 0, 0, 0, 0, time.UTC)) {
		return "", false
	}
	if t.Before(epoch) {
		return "", false
	}
	// Whole seconds and the fraction apart: t.Sub (a Duration, at most 292
	// years) stopped at 2192-04-11, and every later date (9999-12-31, "no
	// end") read as that one.
	secs := float64(t.Unix()-epoch.Unix()) + float64(t.Nanosecond())/1e9
	return strconv.FormatFloat(secs/86400, 'f', -1, 64), true
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
// "USER NUM" are one name), nor the invisible characters a heading copied
// from a web page or a CSV file saved as "UTF-8 with BOM" carries
// (textcheck.Invisible: "\ufeffuser_num" and "user_name\u200b" were "not a
// column of the agent roster (known columns: user_num, user_name, ...)").
func normHeader(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if _, invisible := textcheck.Invisible(r); invisible || unicode.IsSpace(r) || r == '_' || r == '-' || r == '.' {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// noHeading reports whether h, a heading's text, is none: empty, or white
// space and invisible characters alone (a zero-width space), which look
// empty.
func noHeading(h string) bool { return h == "" || textcheck.Blank(h) }

// oleKind is what notXLSX calls an OLE compound file.
const oleKind = "an Excel 97-2003 workbook (.xls), or a password-protected one (remove the password)"

// saveAsXLSX is the advice for a file a spreadsheet can save as .xlsx.
const saveAsXLSX = "save it as \"Excel 2007-365 (.xlsx)\" and run again"

// notXLSX names what the file at path is when it is a kind of spreadsheet
// people keep that is no .xlsx workbook, from its first bytes or, for a
// zip archive, the names of its parts; "" when it is none of them
// (excelize's own error then says what is wrong). advice says what to do
// when saving the file as .xlsx is not the way ("" when it is). Before, an
// OpenDocument file read as "EOF", a CSV as "zip: not a valid zip file"
// and an .xlsb as "XML syntax error on line 2: invalid UTF-8".
func notXLSX(path string) (kind, advice string) {
	f, err := os.Open(path)
	if err != nil {
		return "", ""
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	switch {
	case n == 0:
		return "empty (0 bytes), not a workbook", "save or copy the workbook again (it was saved or copied only in part?) and run again"
	case bytes.HasPrefix(head, []byte("PK\x03\x04")) && bytes.Contains(head, []byte("application/vnd.oasis.opendocument")):
		return "an OpenDocument file (.ods)", ""
	case bytes.HasPrefix(head, []byte("PK\x03\x04")):
		return zipKind(path)
	case bytes.HasPrefix(head, []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}):
		return oleKind, ""
	case bytes.HasPrefix(head, []byte{0xFF, 0xFE}) || bytes.HasPrefix(head, []byte{0xFE, 0xFF}):
		// Excel's "Unicode Text" and some exports are UTF-16.
		return "a text file in UTF-16 (Unicode text or CSV?), not a workbook", ""
	case textStart(head):
		return "a text file (CSV?), not a workbook", ""
	case legacyText(head):
		// Excel's "CSV (Comma delimited)" on a Chinese Windows writes GBK;
		// the file read as "zip: not a valid zip file".
		return "a text file (CSV?) in an encoding other than UTF-8 (GBK, as Excel on a Chinese Windows saves a CSV?), not a workbook", ""
	}
	return "", ""
}

// zipKind names what a zip archive that excelize cannot read as a workbook
// holds: an Excel Binary Workbook, an Apple Numbers document, a workbook
// zipped up; "" for anything else.
func zipKind(path string) (kind, advice string) {
	zr, err := zip.OpenReader(path)
	if err != nil {
		return "", ""
	}
	defer zr.Close()
	var workbooks []string
	for _, f := range zr.File {
		name := strings.ToLower(f.Name)
		switch {
		case name == "xl/workbook.bin":
			return "an Excel Binary Workbook (.xlsb)", "open it in Excel and save it as \"Excel Workbook (.xlsx)\", and run again"
		case strings.HasPrefix(name, "index/") && strings.HasSuffix(name, ".iwa"):
			return "an Apple Numbers document", "open it in Numbers and choose File > Export To > Excel, and run again with the .xlsx file"
		case strings.HasSuffix(name, ".xlsx") || strings.HasSuffix(name, ".xlsm"):
			workbooks = append(workbooks, f.Name)
		}
	}
	if len(workbooks) > 0 {
		return fmt.Sprintf("a zip archive holding %s, not a workbook itself", strings.Join(workbooks, ", ")), "unzip it, and run again with the workbook it holds"
	}
	return "", ""
}

// legacyText tells whether b is the start of a text in an 8-bit or
// double-byte encoding (GBK, GB18030, Big5, Shift-JIS, Windows-1252): no
// control character but tabs and line breaks, and bytes of 0x80 or more.
func legacyText(b []byte) bool {
	high := false
	for _, c := range b {
		switch {
		case c >= 0x80:
			high = true
		case c < 0x20 && c != '\t' && c != '\r' && c != '\n', c == 0x7f:
			return false
		}
	}
	return high
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
