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
	if err := checkWorkbookShape(path); err != nil {
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
		if code, ok := r.unshownFormat(cells[i].Text); ok {
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

// reLocalGeneral is the General number format under the name a Chinese,
// Japanese or Korean spreadsheet gives it in a format code: WPS Office and
// Excel in those languages write G/通用格式 (G/標準, G/표준) where an English
// one writes General, alone or in a format of the sheet's own
// (G/通用格式"元", G/通用格式;-G/通用格式). The reader (excelize) knows only
// "General": it showed 1234.5 in such a cell as "/通用格式", and that text was
// sent in an SMS or written to the platform as a crm_id.
var reLocalGeneral = regexp.MustCompile(`G/(通用格式|常规|標準|标准|표준|Standard|General)`)

// localGeneral rewrites, in the workbook as read (it is never saved), each
// number format that names General in another language to name it
// "General", so that a cell shows as the spreadsheet shows it. Quoted text
// and a character escaped with \ are left as they are.
//
// It also replaces each format the reader shows otherwise than the
// spreadsheet (unshownFormat: Chinese numerals, a text beside General) by
// a stand-in that Next recognises: those formats are returned, by the
// index their stand-in names.
func localGeneral(f *excelize.File) (unshown, zeros []string, err error) {
	if _, err := f.GetStyle(0); err != nil && f.Styles == nil {
		return nil, nil, err
	}
	if f.Styles == nil || f.Styles.NumFmts == nil {
		return nil, nil, nil
	}
	for _, nf := range f.Styles.NumFmts.NumFmt {
		if nf == nil {
			continue
		}
		orig := nf.FormatCode
		if nf.FormatCode16 != "" {
			orig = nf.FormatCode16
		}
		nf.FormatCode = generalNamed(nf.FormatCode)
		nf.FormatCode16 = generalNamed(nf.FormatCode16)
		if sys, ok := systemFormat(orig); ok {
			nf.FormatCode, nf.FormatCode16 = sys, ""
			continue
		}
		if stand, ok := standIn(generalNamed(orig), len(unshown)); ok {
			unshown = append(unshown, orig)
			nf.FormatCode, nf.FormatCode16 = stand, ""
		} else if stand, zero, ok := zeroStandIn(generalNamed(orig), len(zeros)); ok {
			zeros = append(zeros, zero)
			nf.FormatCode, nf.FormatCode16 = stand, ""
		}
	}
	return unshown, zeros, nil
}

// systemFormat is the format that stands for code when code is Excel's
// system long date ([$-F800], "Long Date" in Excel's list of formats) or
// system time ([$-F400], "Time"): Excel shows those in the format of the
// reader's system, whatever follows the tag (dddd, mmmm dd, yyyy), so a
// date has no one display, as with Excel's default date format: it reads
// as yyyy-mm-dd, a time as hh:mm:ss. The reader showed the English text
// after the tag, "Tuesday, December 01, 2026", which an SMS sent where a
// Chinese Windows shows 2026年12月1日.
func systemFormat(code string) (string, bool) {
	switch lc := strings.ToUpper(code); {
	case strings.Contains(lc, "[$-F800]"):
		return "yyyy-mm-dd", true
	case strings.Contains(lc, "[$-F400]"):
		return "hh:mm:ss", true
	}
	return "", false
}

// zeroMark ends the text the reader shows for a number zero or above
// through a format whose zero section it cannot show (zeroStandIn); the
// format's index follows it.
const zeroMark = "\u2063ccsync-zero-format-"

// zeroStandIn is the format that replaces code when code has a section of
// its own for zero, a text (#,##0;-#,##0;"-" shows 0 as -; "是";"是";"否"
// shows 1 as 是 and 0 as 否): the reader shows zero through the first
// section (0, 是), never through the third. The stand-in is code with
// zeroMark and index after its first section: the reader shows a number of
// zero or above through it, and Next takes the mark away and, for zero,
// puts zero, the zero section's text, in place. A zero section with digits,
// or a first section with General (whose text the reader drops), is left
// as it is.
func zeroStandIn(code string, index int) (stand, zero string, ok bool) {
	sections := splitSections(code)
	if len(sections) < 3 || strings.Contains(strings.ToLower(sections[0]), "general") {
		return "", "", false
	}
	zero, ok = literalSection(sections[2])
	if !ok {
		return "", "", false
	}
	sections[0] += `"` + zeroMark + strconv.Itoa(index) + `"`
	return strings.Join(sections, ";"), zero, true
}

// literalSection is the text a number format section shows for zero, when
// it holds no digit, date or General: quoted text, escaped
// characters and characters that stand for themselves ("-", 否); colours
// and conditions in brackets show nothing, a padding (_x) a blank.
func literalSection(sec string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(sec); i++ {
		switch c := sec[i]; {
		case c == '"':
			j := strings.IndexByte(sec[i+1:], '"')
			if j < 0 {
				return "", false
			}
			b.WriteString(sec[i+1 : i+1+j])
			i += j + 1
		case c == '\\' && i+1 < len(sec):
			_, n := utf8.DecodeRuneInString(sec[i+1:])
			b.WriteString(sec[i+1 : i+1+n])
			i += n
		case c == '[':
			j := strings.IndexByte(sec[i:], ']')
			if j < 0 {
				return "", false
			}
			i += j
		case c == '_' && i+1 < len(sec):
			_, n := utf8.DecodeRuneInString(sec[i+1:])
			b.WriteByte(' ')
			i += n
		case c == '*' && i+1 < len(sec):
			_, n := utf8.DecodeRuneInString(sec[i+1:])
			i += n // a fill: as many as the column is wide, none here
		case c == '?':
			// A digit place shown as a blank when there is no digit: in a
			// zero section ("-"?? of Chinese Excel's comma and accounting
			// styles) there is none.
			b.WriteByte(' ')
		case strings.ContainsRune("0#.,%/eEyYmMdDhHsSaApPgG@bBnN", rune(c)):
			return "", false // a digit, a date part, General, the text
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// zeroFormat takes away from text the mark of a format whose zero section
// the reader cannot show (zeroStandIn), and returns the text for a number
// of raw: the zero section's text when raw is zero.
func (r *sheetReader) zeroFormat(text, raw string) (string, bool) {
	i := strings.LastIndex(text, zeroMark)
	if i < 0 {
		return "", false
	}
	n, err := strconv.Atoi(text[i+len(zeroMark):])
	if err != nil || n < 0 || n >= len(r.zeros) {
		return "", false
	}
	if f, err := strconv.ParseFloat(strings.TrimSpace(raw), 64); err == nil && f == 0 {
		return r.zeros[n], true
	}
	return text[:i], true
}

// unshownMark starts the text the reader shows for a number through a
// stand-in format (standIn); the format's index follows it.
const unshownMark = "ccsync-unshown-format-"

// standIn is the format that replaces code when the reader (excelize)
// shows a number through code otherwise than a spreadsheet does: a section
// with a condition ([<=9999999]###-####), Chinese
// numerals ([DBNum1] shows 1234 as 一千二百三十四, [DBNum2] as 壹仟贰佰叁拾肆;
// the reader shows 一二三四 and 壹贰叁肆), or General with a text beside it
// (General"元" shows 1234元; the reader shows 1234). Its number sections
// show unshownMark and index; a text section is kept.
func standIn(code string, index int) (string, bool) {
	sections := splitSections(code)
	bad := false
	for i, sec := range sections {
		if i < 3 && unfaithful(sec) {
			bad = true
		}
	}
	if !bad {
		return "", false
	}
	lit := fmt.Sprintf("%q", unshownMark+strconv.Itoa(index))
	out := lit + ";" + lit + ";" + lit
	if len(sections) == 4 {
		out += ";" + sections[3]
	}
	return out, true
}

// splitSections splits a number format at the semicolons outside quotes,
// escapes and brackets.
func splitSections(code string) []string {
	var out []string
	quoted, bracket, start := false, false, 0
	for i := 0; i < len(code); i++ {
		switch c := code[i]; {
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '\\':
			i++
		case c == '[':
			bracket = true
		case c == ']':
			bracket = false
		case c == ';' && !bracket:
			out = append(out, code[start:i])
			start = i + 1
		}
	}
	return append(out, code[start:])
}

// unfaithful tells whether the reader shows a number through the number
// format section sec otherwise than a spreadsheet does: sec asks for
// Chinese numerals ([DBNum1], [DBNum2], [DBNum3]), has a condition, or holds General and
// a text beside it (quoted, escaped, or a character that is no part of a
// format, as 元).
func unfaithful(sec string) bool {
	if strings.Contains(strings.ToLower(sec), "[dbnum") {
		return true
	}
	// A condition ([<=9999999]###-####;(###) ###-####, [>=1000]0,"K"):
	// the reader takes the sections in their order, whatever the number.
	if strings.Contains(sec, "[<") || strings.Contains(sec, "[>") || strings.Contains(sec, "[=") {
		return true
	}
	var rest strings.Builder
	general := false
	for i := 0; i < len(sec); i++ {
		switch c := sec[i]; {
		case c == '"', c == '\\':
			rest.WriteByte('x') // a text
			if c == '\\' {
				i++
			} else if j := strings.IndexByte(sec[i+1:], '"'); j >= 0 {
				i += j + 1
			}
		case c == '[':
			if j := strings.IndexByte(sec[i:], ']'); j >= 0 {
				i += j // a colour, a locale, a condition
			}
		case c == '_' || c == '*':
			i++ // a padding or a fill: blanks, trimmed
		case strings.HasPrefix(strings.ToLower(sec[i:]), "general"):
			general = true
			i += len("general") - 1
		case c == ' ' || c == '-':
		default:
			rest.WriteByte(c)
		}
	}
	return general && rest.Len() > 0
}

// unshownFormat tells whether text is what the reader shows for a number
// through a stand-in format (standIn), and returns the format it stands
// for.
func (r *sheetReader) unshownFormat(text string) (string, bool) {
	n, ok := strings.CutPrefix(text, unshownMark)
	if !ok {
		return "", false
	}
	i, err := strconv.Atoi(n)
	if err != nil || i < 0 || i >= len(r.unshown) {
		return "", false
	}
	return r.unshown[i], true
}

// cjkColours are the colours of number formats as a Chinese Excel or WPS
// names them, and their English names.
var cjkColours = map[string]string{
	"黑色": "Black", "白色": "White", "红色": "Red", "绿色": "Green", "蓝色": "Blue",
	"黄色": "Yellow", "洋红": "Magenta", "青色": "Cyan",
	"紅色": "Red", "綠色": "Green", "藍色": "Blue", "黃色": "Yellow",
}

// generalNamed is code with every G/通用格式 (reLocalGeneral) outside quotes
// and escapes written General, and every colour named in Chinese
// (cjkColours) named in English.
func generalNamed(code string) string {
	if !strings.Contains(code, "G/") && !strings.Contains(code, "[") {
		return code
	}
	var b strings.Builder
	quoted := false
	for i := 0; i < len(code); {
		switch c := code[i]; {
		case c == '"':
			quoted = !quoted
		case c == '\\' && !quoted && i+1 < len(code):
			_, n := utf8.DecodeRuneInString(code[i+1:])
			b.WriteString(code[i : i+1+n])
			i += 1 + n
			continue
		case !quoted && c == '[':
			// A colour named in Chinese ([红色]), as a Chinese Excel
			// writes its red negative numbers (0.00_ ;[红色]\-0.00\ ):
			// the reader knew only the English names, and showed such a
			// number unformatted (-1234.5 for -1,235).
			if j := strings.IndexByte(code[i:], ']'); j > 0 {
				if en, ok := cjkColours[code[i+1:i+j]]; ok {
					b.WriteString("[" + en + "]")
					i += j + 1
					continue
				}
			}
		case !quoted && c == 'G':
			if loc := reLocalGeneral.FindStringIndex(code[i:]); loc != nil && loc[0] == 0 {
				b.WriteString("General")
				i += loc[1]
				continue
			}
		}
		b.WriteByte(code[i])
		i++
	}
	return b.String()
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
