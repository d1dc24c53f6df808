package importer

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/textcheck"
)

// RecipientSheet is the worksheet a recipient list is read from (the only
// sheet besides Help when the workbook has none of that name).
const RecipientSheet = "Recipients"

// mobileHeaders are the headings accepted for the number column
// (mobileHeadings), as normHeader reads a heading.
var mobileHeaders = func() map[string]bool {
	m := map[string]bool{}
	for _, h := range mobileHeadings {
		m[normHeader(h)] = true
	}
	return m
}()

// mobileHeadings are the headings accepted for the number column, as they
// are written, in the order they are suggested: English ones and the
// Chinese ones a list kept for this platform's senders is headed with
// (手机号码 "mobile number", 电话 "phone"), where the sheet was refused for
// having no number column.
var mobileHeadings = []string{"mobile", "phone", "mobile_number", "phone_number", "number",
	"手机号码", "手机号", "手机", "电话号码", "电话"}

// noMobileColumn is the rule of a heading row without the number column.
// A template variable named like it (${mobile}) takes that heading's
// column, so the message suggests a heading no variable takes: "a heading
// such as "mobile"" sent the user to add the column the variable already
// had.
func noMobileColumn(params []string) string {
	var taken []string
	var free []string
	for _, h := range mobileHeadings {
		if slices.ContainsFunc(params, func(p string) bool { return normHeader(p) == normHeader(h) }) {
			taken = append(taken, "${"+h+"}")
			continue
		}
		free = append(free, fmt.Sprintf("%q", h))
	}
	if len(taken) == 0 {
		return "has no mobile column (a heading such as \"mobile\")"
	}
	if len(free) == 0 {
		return fmt.Sprintf("has no mobile column: the template's variables %s take every heading the number column can have (%s); "+
			"use a template whose variables are named otherwise", strings.Join(taken, ", "), strings.Join(mobileHeadings, ", "))
	}
	return fmt.Sprintf("has no mobile column: a column headed like the template's variable %s holds that variable, "+
		"so head the number column %s", strings.Join(taken, ", "), strings.Join(free, " or "))
}

var reMobile = regexp.MustCompile(`^1[3-9]\d{9}$`)

// RecipientRow is one data row of a recipient list.
type RecipientRow struct {
	Row int
	Recipient
	// DuplicateOf is the row of the first occurrence of the same number
	// (0 when this row is the first); duplicates are not sent.
	DuplicateOf int
	// Keys are the values by meaning, for the send journal: a number or
	// date cell's stored number where its display is a format's (a date
	// shown 2026-12-01 by one program and 12/1/2026 by another after a
	// save is the same value), else the value as Params holds it.
	Keys []string
}

// RecipientList is a read and validated recipient sheet.
type RecipientList struct {
	Path   string
	Sheet  string
	Params []string
	// ParamCols are the 1-based columns of Params, in the same order.
	ParamCols []int
	Rows      []RecipientRow
}

// Unique counts the rows that will be sent (duplicates removed).
func (l *RecipientList) Unique() int {
	n := 0
	for _, r := range l.Rows {
		if r.DuplicateOf == 0 {
			n++
		}
	}
	return n
}

// ReadRecipients reads a recipient sheet for a template whose variables are
// params: one mobile column plus one column per variable (headings matched
// ignoring case, spaces and underscores). Numbers are normalised (spaces,
// dashes and a +86 prefix removed) and checked; every variable must be
// filled; for the open interface (via "open") a value may not hold a comma
// or a line break, which separate numbers and values in a type-2 batch
// (§4.1). Repeated numbers are kept as duplicates of their first row.
func ReadRecipients(path string, params []string, via string) (*RecipientList, Problems, error) {
	return ReadRecipientsContext(context.Background(), path, params, via)
}

// ReadRecipientsContext is ReadRecipients, which stops with ctx's error
// once ctx is done.
func ReadRecipientsContext(ctx context.Context, path string, params []string, via string) (*RecipientList, Problems, error) {
	sr, err := openSheet(ctx, path, RecipientSheet)
	if err != nil {
		return nil, nil, err
	}
	defer sr.Close()
	l := &RecipientList{Path: path, Sheet: sr.Sheet, Params: params}
	probs := sr.quirks.problems(sr.Sheet)
	quirks := len(probs)
	add := func(cell, field, value string, hasValue bool, rule string) {
		probs = append(probs, Problem{Sheet: sr.Sheet, Cell: cell, Field: field, Value: value, HasValue: hasValue, Rule: rule})
	}
	paramOf := map[string]int{}
	for i, p := range params {
		paramOf[normHeader(p)] = i
	}

	mobileCol := -1
	paramCol := make([]int, len(params))
	for i := range paramCol {
		paramCol[i] = -1
	}
	var colKind []int // -2 none, -1 mobile, ≥0 param index
	headRow := 0
	for colKind == nil {
		rowNum, cells, ok, err := sr.Next()
		if err != nil {
			return nil, nil, err
		}
		if !ok {
			add("A1", "", "", false, "the sheet is empty: the first row must name a mobile column and one column per template variable")
			return l, probs, nil
		}
		if allEmpty(cells) {
			continue
		}
		headRow = rowNum
		colKind = make([]int, len(cells))
		for i, c := range cells {
			colKind[i] = -2
			h := strings.TrimSpace(c.Text)
			if noHeading(h) {
				continue
			}
			n := normHeader(h)
			// A variable literally named "mobile" wins over the number column.
			if pi, ok := paramOf[n]; ok {
				if paramCol[pi] >= 0 {
					add(cellRef(i+1, rowNum), "", h, true, fmt.Sprintf("repeats column %s", colName(paramCol[pi]+1)))
					continue
				}
				paramCol[pi] = i
				colKind[i] = pi
				if hidden, narrow := sr.quirks.colHidden(i + 1); hidden {
					probs = append(probs, hiddenColumn(sr.Sheet, i+1, rowNum, h, narrow))
					quirks++ // the rows can be read all the same
				}
				continue
			}
			if mobileHeaders[n] {
				if mobileCol >= 0 {
					add(cellRef(i+1, rowNum), "", h, true, fmt.Sprintf("repeats the mobile column %s", colName(mobileCol+1)))
					continue
				}
				mobileCol = i
				colKind[i] = -1
				if hidden, narrow := sr.quirks.colHidden(i + 1); hidden {
					probs = append(probs, hiddenColumn(sr.Sheet, i+1, rowNum, h, narrow))
					quirks++ // the rows can be read all the same
				}
				continue
			}
			add(cellRef(i+1, rowNum), "", h, true, fmt.Sprintf("is neither the mobile column nor a variable of the template (variables: %s)", paramList(params)))
		}
		hdr := fmt.Sprintf("A%d:%s%d", rowNum, colName(max(len(cells), 1)), rowNum)
		if title, ok := titleRow(cells); ok && mobileCol < 0 && !slices.ContainsFunc(colKind, func(k int) bool { return k >= 0 }) {
			// A title above the headings ("December reminders", merged
			// across the columns): the first row that is not empty holds
			// the headings.
			add(hdr, "", title, true, titleRule(rowNum))
		}
		if mobileCol < 0 {
			add(hdr, "", "", false, noMobileColumn(params))
		}
		for pi, name := range params {
			if paramCol[pi] < 0 {
				add(hdr, "", "", false, fmt.Sprintf("has no column for template variable %q", name))
			}
		}
	}
	sr.quirks.nameColumns(probs, headRow, func(col int) string {
		switch {
		case col > len(colKind) || colKind[col-1] == -2:
			return ""
		case colKind[col-1] == -1:
			return "mobile"
		}
		return params[colKind[col-1]]
	})
	if len(probs) > quirks {
		return l, probs, nil
	}
	for _, c := range paramCol {
		l.ParamCols = append(l.ParamCols, c+1)
	}

	first := map[string]int{}
	for {
		rowNum, cells, ok, err := sr.Next()
		if err != nil {
			return l, probs, err
		}
		if !ok {
			break
		}
		if allEmpty(cells) {
			continue
		}
		rr := RecipientRow{Row: rowNum, Recipient: Recipient{Params: make([]string, len(params))}, Keys: make([]string, len(params))}
		bad := false
		for i, c := range cells {
			if c.Empty() {
				continue
			}
			if i >= len(colKind) || colKind[i] == -2 {
				add(cellRef(i+1, rowNum), "", c.Text, true, "is in a column without a heading; name the column or clear the cell")
				bad = true
			}
		}
		var mc Cell
		if mobileCol < len(cells) {
			mc = cells[mobileCol]
		}
		if blank := blankText(mc); blank != "" {
			// A no-break space pasted from a web page: "is required"
			// said nothing of what the cell, which looks empty, holds.
			add(cellRef(mobileCol+1, rowNum), "mobile", mc.Text, true, "holds "+blank+", so it looks empty: the mobile number is required")
			bad = true
		} else if mc.Empty() {
			add(cellRef(mobileCol+1, rowNum), "mobile", "", false, "is required")
			bad = true
		} else if m, rule := normalizeMobile(mc); rule != "" {
			add(cellRef(mobileCol+1, rowNum), "mobile", mc.Text, true, rule)
			bad = true
		} else {
			rr.Mobile = m
		}
		for pi, name := range params {
			col := paramCol[pi]
			var c Cell
			if col < len(cells) {
				c = cells[col]
			}
			v := cellShown(c)
			invisible, onlyInvisible := invisibleOnly(v)
			hidden := hiddenNumber(c, false)
			switch {
			case lostDigits(c):
				add(cellRef(col+1, rowNum), name, strings.TrimSpace(c.Text), true, ruleLostDigits)
				bad = true
			case v == "" && hidden != "":
				add(cellRef(col+1, rowNum), name, "", true, hidden)
				bad = true
			case v == "" && blankText(c) != "":
				add(cellRef(col+1, rowNum), name, c.Text, true, "holds "+blankText(c)+", so it looks empty: a value is required, the template uses ${"+name+"}")
				bad = true
			case v == "":
				add(cellRef(col+1, rowNum), name, "", false, "is required: the template uses ${"+name+"}")
				bad = true
			case c.Unshown != "":
				add(cellRef(col+1, rowNum), name, v, true, ruleUnshown(c))
				bad = true
			case onlyInvisible:
				add(cellRef(col+1, rowNum), name, v, true, ruleInvisibleOnly(invisible))
				bad = true
			case invisibleAtEdge(v) != "":
				// A zero-width space after "30", pasted from a web page
				// with it: sent, unseen, in the message (the provider
				// warns of it in a message text, tfkit.InvisibleInMessage).
				// Quoted by that edge only (textcheck.EdgeShown): the
				// value may be a one-time code, and the line may go
				// into a CI log.
				add(cellRef(col+1, rowNum), name, "", false, textcheck.EdgeShown(v)+" "+ruleInvisibleInMessage(invisibleAtEdge(v)))
				bad = true
			case via != "gateway" && strings.ContainsAny(v, ",\n\r"):
				add(cellRef(col+1, rowNum), name, v, true, "contains a comma or line break, which the open interface's batch send uses as separators; remove it or use --via gateway")
				bad = true
			default:
				rr.Params[pi] = v
				rr.Keys[pi] = cellKey(c, v)
			}
		}
		if bad {
			continue
		}
		if f, dup := first[rr.Mobile]; dup {
			rr.DuplicateOf = f
		} else {
			first[rr.Mobile] = rowNum
		}
		l.Rows = append(l.Rows, rr)
	}
	sortProblems(probs)
	return l, probs, nil
}

// normalizeMobile reads a mainland mobile number: 11 digits starting with 1,
// typed as text or a number, with an optional +86 / 0086 / 86 prefix, read
// as mobile_normalize reads it (client.CompactMobile).
func normalizeMobile(c Cell) (string, string) {
	p, rule := cellPhone(c)
	if rule != "" {
		return "", rule
	}
	p = client.CompactMobile(p)
	if !reMobile.MatchString(p) {
		return "", "is not a mobile number (11 digits starting with 1, optionally +86)"
	}
	return p, ""
}

func paramList(ps []string) string {
	if len(ps) == 0 {
		return "none"
	}
	return strings.Join(ps, ", ")
}

// CheckContent fills the template with every recipient's variables and
// names each row whose message the platform would refuse as too long, at
// the cell of the row's longest value. Senders that are not a
// ContentLimiter have no limit to check.
func CheckContent(ctx context.Context, sender SMSSender, list *RecipientList, templateID string) (Problems, error) {
	cl, ok := sender.(ContentLimiter)
	if !ok {
		return nil, nil
	}
	text, limit, err := cl.TemplateContent(ctx, templateID)
	if err != nil {
		return nil, err
	}
	var probs Problems
	values := make(map[string]string, len(list.Params))
	for _, r := range list.Rows {
		if r.DuplicateOf != 0 {
			continue // not sent; its first row is checked
		}
		clear(values)
		longest := -1
		for i, name := range list.Params {
			values[name] = r.Params[i]
			if longest < 0 || utf8.RuneCountInString(r.Params[i]) > utf8.RuneCountInString(r.Params[longest]) {
				longest = i
			}
		}
		n := utf8.RuneCountInString(client.FillTemplate(text, values)) // as the gateway fills it, and the send action's plan counts
		if n <= limit {
			continue
		}
		p := Problem{Sheet: list.Sheet, Cell: cellRef(1, r.Row), HasValue: false}
		if longest >= 0 && longest < len(list.ParamCols) {
			p.Cell, p.Field, p.Value, p.HasValue = cellRef(list.ParamCols[longest], r.Row), list.Params[longest], preview(r.Params[longest], 24), true
		}
		p.Rule = fmt.Sprintf("makes row %d's message %d characters (template %s filled with the row's values); the gateway takes at most %d (error 1014)",
			r.Row, n, templateID, limit)
		if p.HasValue {
			p.Rule = fmt.Sprintf("(%d characters) %s", utf8.RuneCountInString(r.Params[longest]), p.Rule)
		}
		probs = append(probs, p)
	}
	return probs, nil
}

// preview shortens s to at most n runes, marking a cut with "…".
func preview(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

// titleRule says that row, taken for the headings, holds a title only.
func titleRule(row int) string {
	return fmt.Sprintf("is all that row %d holds, and the first row that is not empty is taken for the headings: "+
		"if it is a title, remove the rows above the headings so that they come first", row)
}

// titleRow reports whether cells hold one text only, as a title row does,
// and returns it.
func titleRow(cells []Cell) (string, bool) {
	var texts []string
	for _, c := range cells {
		if t := strings.TrimSpace(c.Text); t != "" {
			texts = append(texts, t)
		}
	}
	if len(texts) != 1 {
		return "", false
	}
	return texts[0], true
}
