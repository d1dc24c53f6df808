package importer

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/xuri/excelize/v2"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/textcheck"
)

// Cell conversion: "as people type them". Each converter returns the
// canonical text of a value or the rule it breaks (used in a Problem).

var (
	reDigits     = regexp.MustCompile(`^\d+$`)
	reNumberLike = regexp.MustCompile(`^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$`)
	reSci        = regexp.MustCompile(`^[+-]?\d+(\.\d+)?[eE][+-]?\d+$`)
	// reWholeDecimal is a whole number typed with a decimal point, "9002.0".
	reWholeDecimal = regexp.MustCompile(`^\d+\.0*$`)
)

// ruleLostDigits is the rule a number cell breaks when it holds more digits
// than a spreadsheet number keeps.
const ruleLostDigits = "has more than 15 digits, which a number cell cannot hold exactly (the last ones were lost); format the column as text and type the value again"

// ruleSci is the rule a number shown in scientific notation as text breaks.
const ruleSci = "is in scientific notation and has lost digits; format the column as text and type the number again"

// lostDigits reports whether c is a number cell whose whole value has more
// than 15 digits: spreadsheets keep 15 significant digits, so an 18-digit
// id typed as a number is stored as 1.10101199003071E+17 and its last
// digits are gone. Exact digits written as such (by a program) are kept.
func lostDigits(c Cell) bool {
	raw := strings.TrimSpace(c.Raw)
	if reDigits.MatchString(raw) || !reNumberLike.MatchString(raw) {
		return false
	}
	f, err := strconv.ParseFloat(raw, 64)
	return err == nil && math.Abs(f) >= 1e15
}

// integralDigits turns a stored number ("13812345678", "9002.0",
// "1.3812345678E10") into its exact digits, or "" when it is not a whole
// non-negative number. Values written by Excel keep up to 15 significant
// digits; digits-only text is returned unchanged so no precision is lost.
func integralDigits(raw string) string {
	raw = strings.TrimSpace(raw)
	if reDigits.MatchString(raw) {
		return raw
	}
	if !reNumberLike.MatchString(raw) {
		return ""
	}
	f, err := strconv.ParseFloat(raw, 64)
	if err != nil || f < 0 || f != math.Trunc(f) || f > 1e18 {
		return ""
	}
	return strconv.FormatFloat(f, 'f', 0, 64)
}

// shownAsDate reports whether c is a number cell that the sheet shows as a
// date (or a date and time): Excel turns 3/12 or 2024-03-12 typed into a
// General cell into a date, whose stored value is a serial number (45363).
// A number shown through a format of digits (00-00-00, 0000-00-00) is not.
func shownAsDate(c Cell) bool {
	shown, raw := strings.TrimSpace(c.Text), strings.TrimSpace(c.Raw)
	serial, err := strconv.ParseFloat(raw, 64)
	if err != nil || serial < 1 || raw == shown || !looksLikeDate(shown) {
		return false
	}
	shows := func(t time.Time) bool { return showsDate(shown, t) }
	// Before 1 March 1900 too: excelize (from v2.11.1) dates serials 1-59
	// as Excel shows them, though Excel counts a 29 February 1900.
	_, ok := c.serialDate(serial, shows)
	return ok
}

// serialDate is the date (and time) that serial, c's stored number, stands
// for in the workbook's date system, when shows finds that date in c's
// display; ok is false when it does not (a number shown through a format
// of digits, 00-00-00, is no date).
func (c Cell) serialDate(serial float64, shows func(time.Time) bool) (t time.Time, ok bool) {
	t, err := excelize.ExcelDateToTime(serial, c.Date1904)
	if err != nil {
		return time.Time{}, false
	}
	if shows(t) {
		return t, true
	}
	if c.Date1904 && serial < 61 {
		for _, d := range shown1904(serial) {
			if shows(d) {
				return t, true
			}
		}
	}
	return time.Time{}, false
}

// shown1904 are the dates the reader (excelize) displays for a serial below
// 61 in a workbook in the 1904 date system: it shows them with the 1900
// system's quirks (29 February 1900, a year 1900 below serial 2), so 1,
// which is 2 January 1904, shows as 1900-01-03. The month shown as a number
// and the one shown by name may differ (60 shows as 1904-02-29 and 29-Mar).
func shown1904(serial float64) []time.Time {
	t, err1 := excelize.ExcelDateToTime(serial, true)
	next, err2 := excelize.ExcelDateToTime(serial+1, true)
	if err1 != nil || err2 != nil || serial >= 61 {
		return nil
	}
	year, month, nameMonth, day := t.Year(), t.Month(), next.Month(), next.Day()
	if serial < 2 {
		year, month, nameMonth = 1900, time.January, time.January
	}
	if serial >= 60 {
		month, nameMonth, day = time.February, t.Month(), 29
	}
	return []time.Time{
		time.Date(year, month, day, t.Hour(), t.Minute(), t.Second(), 0, time.UTC),
		time.Date(year, nameMonth, day, t.Hour(), t.Minute(), t.Second(), 0, time.UTC),
	}
}

// ruleShownAsDate is the rule a number column's cell breaks when the sheet
// shows it as a date: its stored value is the date's serial number, not what
// was typed.
func ruleShownAsDate(c Cell) string {
	return fmt.Sprintf("is a date (the spreadsheet turned what was typed into a date, stored as the number %s), not a number; "+
		"format the column as text (or as a number) and type the value again", strings.TrimSpace(c.Raw))
}

// cellDigits reads an identifier made of digits (user_num, phone numbers).
// What the sheet shows wins when it is all digits (so a "000123" format or
// text keeps its zeros); otherwise the stored number gives the exact digits,
// never "1.38E+10" or "9002.0".
func cellDigits(c Cell) (string, bool) {
	shown := strings.TrimSpace(c.Text)
	if reDigits.MatchString(shown) {
		return shown, true
	}
	if d := integralDigits(c.Raw); d != "" && c.Raw != c.Text {
		return d, true // a number cell displayed in another format
	}
	if reWholeDecimal.MatchString(shown) {
		return strings.TrimRight(strings.TrimRight(shown, "0"), "."), true // "9002.0" typed as text
	}
	return shown, false
}

// reNumberShown is a number as a number format shows it without adding
// to it: digits with thousands separators or decimals, a sign, scientific
// notation (1,234; 1 234,50; -42; 1.38E+10).
var reNumberShown = regexp.MustCompile(`^[+-]?[\d.,\s\x{00a0}\x{202f}']*\d[\d.,\s\x{00a0}\x{202f}']*([eE][+-]?\d+)?$`)

// decorated reports whether c is a number cell whose display adds
// characters to the number: a text before or after it ("GH"0000 shows
// GH0042), a dash within it (000\-000), a percent sign.
func decorated(c Cell) bool {
	shown, raw := strings.TrimSpace(c.Text), strings.TrimSpace(c.Raw)
	if shown == raw || shown == "" || !reNumberLike.MatchString(raw) {
		return false
	}
	return !reNumberShown.MatchString(shown)
}

// lookalikeRule is the rule a character of a number (an agent number, a
// phone number) breaks when the number looks right and holds it: full-width
// characters, an apostrophe typed before it, an invisible character. first
// says whether r is the value's first character. "" when r is none of them.
func lookalikeRule(r rune, first bool) string {
	switch kind, what := client.Lookalike(r); kind {
	case client.FullWidthDigit:
		// Typed with a Chinese or Japanese input method: the number
		// looks right and is refused, so the rule names what it sees.
		return "has " + what + "; type the number with ASCII digits 0-9 (Excel's ASC function converts them)"
	case client.FullWidthSign:
		// The input method's plus, dash or space (＋, －, the
		// ideographic space).
		return "has " + what + "; type the number with ASCII characters (Excel's ASC function converts them)"
	case client.InvisibleCharacter:
		// A zero-width space or a direction mark, pasted with the number
		// from a web page or a chat: the cell shows nothing of it.
		return "holds " + what + " (pasted with it, from a web page or a chat?); clear the cell and type the number again"
	}
	if (r == '\'' || r == '\u2018' || r == '\u2019') && first {
		// A spreadsheet's own text marker is never part of the text:
		// this one was typed or pasted into it.
		return "starts with an apostrophe that is part of the cell's text (a text marker a spreadsheet adds is not stored); remove the apostrophe"
	}
	return ""
}

// invisibleOnly reports whether s holds characters and none that shows:
// blanks and invisible characters only (a zero-width space, a byte-order
// mark or a direction mark, pasted from a web page or a chat). The cell
// looks empty and is not: it would be sent or written as it is. r is the
// first invisible character.
func invisibleOnly(s string) (r rune, ok bool) {
	for _, c := range s {
		switch kind, _ := client.Lookalike(c); {
		case kind == client.InvisibleCharacter:
			if r == 0 {
				r = c
			}
		case unicode.IsSpace(c):
		default:
			return 0, false
		}
	}
	return r, r != 0
}

// ruleInvisibleOnly is the rule a cell that holds nothing but invisible
// characters breaks; r is the first of them.
func ruleInvisibleOnly(r rune) string {
	return fmt.Sprintf("holds nothing but the invisible character %U (pasted from a web page or a chat?), so it looks empty and is not; "+
		"clear the cell, or type the value", r)
}

// ruleUnshown is the rule a number cell shown through a format that ccsync
// cannot reproduce (Cell.Unshown) breaks where its display is the value.
func ruleUnshown(c Cell) string {
	return fmt.Sprintf("is the number %s, which the sheet shows through the number format %s (Chinese numerals, a condition, or a text beside General), "+
		"and ccsync cannot show it so: it would be sent or written otherwise than the sheet shows it; format the cell as Text and type the value as it should read",
		strings.TrimSpace(c.Raw), c.Unshown)
}

// reErrorValue is a spreadsheet's error value (#N/A, #DIV/0!, #NAME?),
// which a cell holds as text when a failed formula's result was pasted as
// a value.
var reErrorValue = regexp.MustCompile(`^#(N/A|NULL!|DIV/0!|VALUE!|REF!|NAME\?|NUM!|SPILL!|CALC!|GETTING_DATA|FIELD!|BLOCKED!|BUSY!|CONNECT!|EXTERNAL!|PYTHON!|UNKNOWN!)$`)

// cellCode reads an identifier (user_num): digits kept exactly (cellDigits),
// or text without blanks. What looks like a number and is not one is
// refused, since it would name a new agent beside the one it looks like:
// full-width digits, an apostrophe, an invisible character, scientific
// notation (digits lost), an error value pasted as text.
func cellCode(c Cell) (string, string) {
	if d := integralDigits(c.Raw); d != "" && decorated(c) {
		// "GH"0000 shows 42 as GH0042, 0000"号" as 0042号: which of the
		// two is the agent's number only the person who typed it knows.
		return "", fmt.Sprintf("is the number %s, shown with more than its digits by the cell's number format; "+
			"the agent number could be either: type it as text as it is meant (format the column as Text first), or clear the cell's number format to use %s", d, d)
	}
	if d, ok := cellDigits(c); ok {
		return d, ""
	}
	v := strings.TrimSpace(c.Text)
	for i, r := range v {
		if rule := lookalikeRule(r, i == 0); rule != "" {
			return "", rule
		}
	}
	switch {
	case strings.ContainsFunc(v, unicode.IsSpace):
		return "", "must not contain blanks"
	case reSci.MatchString(v):
		return "", ruleSci
	case reErrorValue.MatchString(strings.ToUpper(v)):
		return "", "is a spreadsheet error value (the result of a formula that failed, pasted as text), not a value; type the value"
	}
	return v, ""
}

// cellPhone reads a phone number: digits, with an optional leading "+",
// the separators people type (client.PhoneSeparator: spaces, dashes,
// dots, brackets) removed, as mobile_normalize removes them.
func cellPhone(c Cell) (string, string) {
	if lostDigits(c) {
		return "", ruleLostDigits
	}
	if d, ok := cellDigits(c); ok {
		return d, ""
	}
	shown := strings.TrimSpace(c.Text)
	if reSci.MatchString(shown) {
		return "", ruleSci
	}
	var b strings.Builder
	for i, r := range shown {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '+' && b.Len() == 0:
			// "(+86) 138 0013 8000" as much as "+86 138 0013 8000": a +
			// before any digit, as mobile_normalize reads it.
			b.WriteRune(r)
		case client.PhoneSeparator(r):
			// Including the dashes a word processor or a chat puts in
			// for "-" (138–0013–8000), pasted with the number.
		case lookalikeRule(r, i == 0) != "":
			return "", lookalikeRule(r, i == 0)
		default:
			return "", "is not a phone number (digits, an optional leading +)"
		}
	}
	s := b.String()
	if len(strings.TrimPrefix(s, "+")) == 0 {
		return "", "is not a phone number (digits, an optional leading +)"
	}
	return s, ""
}

// cellText reads free text as shown, except that a whole number the sheet
// displays in scientific notation gets its exact digits back, and a date
// comes back as yyyy-mm-dd (or yyyy-mm-dd HH:MM:SS with a time part, the
// spec's timestamp format) whatever the cell's date format.
func cellText(c Cell) string {
	shown := strings.TrimSpace(c.Text)
	raw := strings.TrimSpace(c.Raw)
	if raw == shown || raw == "" {
		return shown
	}
	if reSci.MatchString(shown) {
		if d := integralDigits(raw); d != "" {
			return d
		}
		return raw
	}
	// A serial below 1 is a time of day with no date: it stays as shown.
	if serial, err := strconv.ParseFloat(raw, 64); err == nil && serial >= 1 && looksLikeDate(shown) {
		// Only when the display is that date: an id shown through a
		// custom format such as 00-00-00 or 0000-00-00 has the same shape.
		if t, ok := c.serialDate(serial, func(t time.Time) bool { return showsDate(shown, t) }); ok {
			return isoDate(t)
		}
	}
	return shown
}

var reDigitRuns = regexp.MustCompile(`\d+`)

// reTimeShown is a display of a time of day alone (h:mm, hh:mm:ss, AM/PM;
// the Chinese and Japanese ones, 上午9时30分, 9時30分05秒).
var reTimeShown = regexp.MustCompile(`^\d{1,2}:\d{2}(:\d{2})?( ?[AaPp][Mm])?$|^(上午|下午)?\d{1,2}[时時]\d{2}分(\d{2}秒)?$`)

// reCJKDateShown is a date displayed through a Chinese, Japanese or
// Korean date format (Excel's built-in formats 27-31, 36, 50-54, 57 and 58
// in those languages, and formats of the sheet's own such as
// yyyy"年"m"月"d"日"): 2026年12月1日, 2026年12月, 12月1日, 2026년 12월 1일,
// with a time after it or not.
var reCJKDateShown = regexp.MustCompile(`^(\d{4}[年년] ?\d{1,2}[月월]( ?\d{1,2}[日일])?|\d{1,2}[月월] ?\d{1,2}[日일])( .*)?$`)

// showsDate reports whether shown (a display that looks like a date) shows
// the date t: each of its year (four digits or two), month (a number, or a
// name) and day is a part of its own, the year first (y-m-d) or last (m/d/y,
// d/m/y), as date formats have them. A time of day alone shows a date and
// time cell through a time format: it is that date and time, as before.
func showsDate(shown string, t time.Time) bool {
	if reTimeShown.MatchString(shown) {
		return true
	}
	if t.Year() > 9999 {
		return false
	}
	is := func(g string, n int) bool { v, err := strconv.Atoi(g); return err == nil && v == n }
	if m := reCJKDate.FindStringSubmatch(shown); m != nil {
		// The year, the month and the day each carry their sign;
		// the year or the day may be left out (yyyy年m月, m月d日).
		return (m[1] == "" || is(m[1], t.Year())) && is(m[2], int(t.Month())) && (m[3] == "" || is(m[3], t.Day()))
	}
	date, _, _ := strings.Cut(strings.Replace(shown, "T", " ", 1), " ")
	groups := reDigitRuns.FindAllString(date, -1)
	named := strings.Contains(strings.ToLower(date), strings.ToLower(t.Month().String()[:3]))
	isYear := func(g string) bool {
		// Two digits show a year of 1900 to 2099: an id's digits made
		// 2367 of "67".
		return g == strconv.Itoa(t.Year()) || len(g) == 2 && t.Year() >= 1900 && t.Year() <= 2099 && g == fmt.Sprintf("%02d", t.Year()%100)
	}
	if named && len(groups) == 1 && is(groups[0], t.Day()) {
		return true // d-mmm: the day and the month's name, no year
	}
	// Each part takes a group no other part took.
	for y, gy := range groups {
		if !isYear(gy) {
			continue
		}
		var rest []string
		for i, g := range groups {
			if i != y {
				rest = append(rest, g)
			}
		}
		switch {
		case named && len(rest) == 0: // mmm-yy
			return true
		case named && len(rest) == 1: // d-mmm-yy
			return is(rest[0], t.Day())
		case !named && len(rest) == 2 && y == 0: // y-m-d
			if is(rest[0], int(t.Month())) && is(rest[1], t.Day()) {
				return true
			}
		case !named && len(rest) == 2 && y == 2: // m/d/y, d/m/y
			if is(rest[0], int(t.Month())) && is(rest[1], t.Day()) || is(rest[1], int(t.Month())) && is(rest[0], t.Day()) {
				return true
			}
		}
	}
	return false
}

// reDefaultDate is how the reader renders Excel's default date format
// (built-in format 14), which Excel itself shows in the reader's locale.
var reDefaultDate = regexp.MustCompile(`^\d{2}-\d{2}-\d{2}$`)

// cellShown reads a value as the sheet shows it, as an SMS carries it: a
// date or a time in a format of the sheet's own (dd/mm/yyyy, h:mm) or a
// number keeps its display. Two exceptions: a whole number displayed in
// scientific notation gets its exact digits back, and a date in Excel's
// default date format, which has no one display (it follows each reader's
// locale), comes back as yyyy-mm-dd.
func cellShown(c Cell) string {
	shown := strings.TrimSpace(c.Text)
	raw := strings.TrimSpace(c.Raw)
	if reSci.MatchString(shown) {
		if d := integralDigits(raw); d != "" {
			return d
		}
	}
	if serial, err := strconv.ParseFloat(raw, 64); err == nil && serial >= 1 && raw != shown && reDefaultDate.MatchString(shown) {
		// Only when the display is that date: an id shown through a
		// custom format such as 00-00-00 has the same shape.
		if t, ok := c.serialDate(serial, func(t time.Time) bool { return t.Format("01-02-06") == shown }); ok {
			return isoDate(t)
		}
	}
	return shown
}

// cellKey is the value of a cell read as v by its meaning rather than its
// display: a number cell shown through a format (a date, 1,234.50) is its
// stored number, which a spreadsheet keeps when it rewrites the format (a
// workbook saved by LibreOffice turns Excel's default date format into
// m/d/yyyy); any other cell is v.
func cellKey(c Cell, v string) string {
	raw := strings.TrimSpace(c.Raw)
	if raw == strings.TrimSpace(c.Text) {
		return v
	}
	if f, err := strconv.ParseFloat(raw, 64); err == nil {
		return "number:" + strconv.FormatFloat(f, 'g', -1, 64)
	}
	return v
}

// isoDate renders a date in the spec's text format.
func isoDate(t time.Time) string {
	if t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 {
		return t.Format("2006-01-02")
	}
	return t.Format("2006-01-02 15:04:05")
}

var reDateShown = regexp.MustCompile(`^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}([ T]\d{1,2}:\d{2}(:\d{2})?( ?[AaPp][Mm])?)?$|^\d{1,2}-[A-Za-z]{3}(-\d{2,4})?$|^[A-Za-z]{3}-\d{2}$|^\d{1,2}:\d{2}(:\d{2})?( ?[AaPp][Mm])?$`)

// reCJKDate picks the year, the month and the day out of a display that
// reCJKDateShown matches.
var reCJKDate = regexp.MustCompile(`^(?:(\d{4})[年년] ?)?(\d{1,2})[月월](?: ?(\d{1,2})[日일])?`)

// looksLikeDate reports whether a number was displayed through a date or
// time format.
func looksLikeDate(shown string) bool {
	return reDateShown.MatchString(shown) || reCJKDateShown.MatchString(shown) || reTimeShown.MatchString(shown)
}

// cellDate reads a date: a date cell (any date format), or text in
// yyyy-mm-dd, yyyy/mm/dd or yyyy-mm-dd HH:MM:SS.
func cellDate(c Cell) (string, string) {
	v := cellText(c)
	for _, layout := range []string{"2006-01-02", "2006/01/02", "2006-01-02 15:04:05", "2006/1/2", "2006-1-2"} {
		if t, err := time.Parse(layout, v); err == nil {
			return isoDate(t), ""
		}
	}
	return "", "is not a date (yyyy-mm-dd)"
}

// cellBool reads TRUE/FALSE cells and the words people type for them.
func cellBool(c Cell) (string, string) {
	v := strings.ToLower(strings.TrimSpace(c.Text))
	if v == "" {
		v = strings.ToLower(strings.TrimSpace(c.Raw))
	}
	switch v {
	// 是/否 (yes/no) and √/× are how a Chinese sheet says it.
	case "true", "yes", "y", "1", "on", "x", "✓", "是", "√":
		return "true", ""
	case "false", "no", "n", "0", "off", "否", "×":
		return "false", ""
	}
	return "", "is not a boolean (TRUE/yes/是/1 or FALSE/no/否/0)"
}

// cellInt reads a whole number typed as a number or as text.
func cellInt(c Cell) (int64, string) {
	for _, s := range []string{c.Raw, c.Text} {
		s = strings.TrimSpace(s)
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return n, ""
		}
		if f, err := strconv.ParseFloat(s, 64); err == nil && f == math.Trunc(f) && math.Abs(f) < 1e15 {
			return int64(f), ""
		}
	}
	return 0, "is not a whole number"
}

// splitList splits a comma list as people type it: commas (also the
// full-width ones), semicolons or spaces, blanks ignored.
func splitList(s string) []string {
	f := func(r rune) bool {
		return r == ',' || r == ';' || r == '，' || r == '；' || r == '、' || r == ' ' || r == '\n' || r == '\t'
	}
	return strings.FieldsFunc(s, f)
}

// cellIntList reads "3, 5,7" into the canonical "3,5,7" (sorted, unique).
// A single number typed into a number cell reads as a one-item list.
func cellIntList(c Cell) (string, string) {
	text := strings.TrimSpace(c.Text)
	if d := integralDigits(c.Raw); d != "" && c.Raw != c.Text && !strings.ContainsAny(text, ",;，；、 ") {
		text = d
	}
	var ns []int64
	for _, part := range splitList(text) {
		n, err := strconv.ParseInt(part, 10, 64)
		if err != nil || n < 0 {
			return "", fmt.Sprintf("is not a comma-separated list of ids (%q is not an id)", part)
		}
		ns = append(ns, n)
	}
	return joinInts(ns), ""
}

// joinInts renders ids in canonical form: sorted, unique, comma-joined.
func joinInts(ns []int64) string {
	slices.Sort(ns)
	ns = slices.Compact(ns)
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.FormatInt(n, 10)
	}
	return strings.Join(parts, ",")
}

// CanonicalIntList normalises any comma list of ids (as the API returns
// queue_ids or user_type) to the form the sheet values take.
func CanonicalIntList(s string) string {
	var ns []int64
	for _, part := range splitList(s) {
		if n, err := strconv.ParseInt(strings.TrimSpace(part), 10, 64); err == nil {
			ns = append(ns, n)
		}
	}
	return joinInts(ns)
}

// invisibleAtEdge names the invisible character that s begins or ends
// with, and where (textcheck.AtEdge, which the provider's send actions
// share); "" when it holds none there.
func invisibleAtEdge(s string) string {
	what, _ := textcheck.AtEdge(s)
	return what
}

// ruleInvisibleInMessage is the rule a template value breaks when it
// begins or ends with an invisible character (invisibleAtEdge names it):
// the platform sends it as written, unseen, in the message. The provider's
// send actions refuse such a value the same way (refuseInvisibleEdges in
// actions).
func ruleInvisibleInMessage(what string) string {
	return "holds " + what + " (pasted with it, from a web page or a chat?): the platform would send it as written, unseen, in the message, " +
		"where it counts in the message's length and some phones show it as a box or a question mark; clear the cell and type the value again"
}

// blankText is what a cell that looks empty holds when it is not empty:
// white space alone that the reader trims (a no-break space pasted from a
// web page), named ("white space only (a no-break space (U+00A0))"). ""
// for an empty cell, or one that holds more.
func blankText(c Cell) string {
	s := c.Text
	if s == "" || strings.TrimSpace(s) != "" || strings.TrimSpace(c.Raw) != "" {
		return ""
	}
	var names []string
	for _, r := range s {
		if n := textcheck.Space(r); !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return "white space only (" + strings.Join(names, ", ") + ")"
}

// invisibleInSecret names the first invisible character that a password
// holds, anywhere: none of them can be typed at login. White space can,
// and is no concern of it.
func invisibleInSecret(s string) string { return textcheck.Hidden(s, false, "") }
