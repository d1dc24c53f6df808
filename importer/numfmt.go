package importer

// Number formats the reader (excelize) shows otherwise than a spreadsheet
// does: General under its Chinese, Japanese or Korean name, colours named
// in Chinese, Excel's system date and time, zero sections, and formats it
// cannot show at all (Chinese numerals, conditions, a text beside
// General). openSheet rewrites them in the workbook as read (never saved);
// Next reads the stand-ins back.

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
)

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
	// Excel for Microsoft 365 writes the same formats with the tags
	// [$-x-sysdate] and [$-x-systime] in place of [$-F800] and [$-F400].
	switch lc := strings.ToUpper(code); {
	case strings.Contains(lc, "[$-F800]"), strings.Contains(lc, "[$-X-SYSDATE]"):
		return "yyyy-mm-dd", true
	case strings.Contains(lc, "[$-F400]"), strings.Contains(lc, "[$-X-SYSTIME]"):
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
	if strings.Contains(strings.ToLower(sec), "[dbnum") && showsNumerals(sec) {
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

// showsNumerals tells whether the number format section sec has a part
// shown in digits, which [DBNum] turns into Chinese numerals: a digit place
// (0 # ?), General, or a date or time part (y m d h s) outside quotes and
// brackets. A section of names only ([DBNum1][$-804]aaaa, the weekday as
// 星期二) shows no numeral, and the reader shows it as a spreadsheet does.
func showsNumerals(sec string) bool {
	for i := 0; i < len(sec); i++ {
		switch c := sec[i]; {
		case c == '"':
			if j := strings.IndexByte(sec[i+1:], '"'); j >= 0 {
				i += j + 1
			}
		case c == '\\' || c == '_' || c == '*':
			i++
		case c == '[':
			if j := strings.IndexByte(sec[i:], ']'); j >= 0 {
				i += j
			}
		case strings.ContainsRune("0#?yYmMdDhHsSgG", rune(c)):
			return true
		}
	}
	return false
}

// unshownFormat tells whether text is what the reader shows for the
// number raw through a stand-in format (standIn), and returns the format it
// stands for.
func (r *sheetReader) unshownFormat(text, raw string) (string, bool) {
	n, ok := strings.CutPrefix(text, unshownMark)
	if !ok {
		return "", false
	}
	if _, err := strconv.ParseFloat(strings.TrimSpace(raw), 64); err != nil {
		return "", false // a text that reads like the mark: stand-ins show numbers only
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
