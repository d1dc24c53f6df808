package importer

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/xuri/excelize/v2"
)

// RosterSheet is the worksheet a roster is read from (the only sheet besides
// Help when the workbook has none of that name) and the one template/export
// write.
const RosterSheet = "Agents"

// AgentRow is one data row of a roster: canonical values indexed like
// AgentFields, "" meaning "not set" (an empty cell leaves the platform's
// value alone).
type AgentRow struct {
	Row  int
	Vals []string
	// blank holds, by field index, the text of a cell that looks empty
	// and holds white space (a no-break space pasted from a web page):
	// read as empty, and named when the field is required.
	blank map[int]string
}

// blankText is what the cell of field name holds when it looks empty and
// holds white space ("white space only (a no-break space (U+00A0))"), and
// that text; "" for an empty cell or one that holds more.
func (r AgentRow) blankText(name string) (what, text string) {
	text, ok := r.blank[fieldIndex[name]]
	if !ok {
		return "", ""
	}
	return blankText(Cell{Text: text}), text
}

// Get returns the canonical value of a field ("" when not set).
func (r AgentRow) Get(name string) string { return r.Vals[fieldIndex[name]] }

// Roster is a read and validated roster sheet.
type Roster struct {
	Path  string
	Sheet string
	// colOf maps a field index to its 1-based column (0: no such column).
	colOf []int
	Rows  []AgentRow
}

// Cell names the cell of a field in a sheet row: "Agents!C7".
func (r *Roster) Cell(row int, field string) string {
	col := r.colOf[fieldIndex[field]]
	if col == 0 {
		return fmt.Sprintf("%s!%d:%d", r.Sheet, row, row)
	}
	return r.Sheet + "!" + cellRef(col, row)
}

// HasColumn reports whether the sheet has a column for the field.
func (r *Roster) HasColumn(field string) bool { return r.colOf[fieldIndex[field]] != 0 }

// ReadRoster reads and checks a whole roster: every cell converted, every
// rule of §4.2 and §8 that a single sheet can decide, duplicates of the
// unique fields. Problems holds every bad cell; err is for unreadable files.
func ReadRoster(path string) (*Roster, Problems, error) {
	return ReadRosterContext(context.Background(), path)
}

// ReadRosterContext is ReadRoster, which stops with ctx's error once ctx
// is done.
func ReadRosterContext(ctx context.Context, path string) (*Roster, Problems, error) {
	r := &Roster{Path: path}
	probs, err := ScanRosterContext(ctx, path, func(roster *Roster, row AgentRow) { roster.Rows = append(roster.Rows, row) }, r)
	return r, probs, err
}

// ScanRoster streams a roster through fn row by row, filling into's
// sheet and column data; memory stays flat apart from what fn keeps and the
// duplicate index of the unique fields.
func ScanRoster(path string, fn func(*Roster, AgentRow), into *Roster) (Problems, error) {
	return ScanRosterContext(context.Background(), path, fn, into)
}

// ScanRosterContext is ScanRoster, which stops with ctx's error once ctx
// is done.
func ScanRosterContext(ctx context.Context, path string, fn func(*Roster, AgentRow), into *Roster) (Problems, error) {
	sr, err := openSheet(ctx, path, RosterSheet)
	if err != nil {
		return nil, err
	}
	defer sr.Close()
	into.Path, into.Sheet, into.colOf = path, sr.Sheet, make([]int, NumFields)
	probs := sr.quirks.problems(sr.Sheet)
	quirks := len(probs)
	add := func(cell, field, value string, hasValue bool, rule string) {
		probs = append(probs, Problem{Sheet: sr.Sheet, Cell: cell, Field: field, Value: value, HasValue: hasValue, Rule: rule})
	}

	// Header: the first non-empty row.
	var fieldOfCol []int // column index (0-based) → field index, -1 for none
	headRow := 0
	for fieldOfCol == nil {
		rowNum, cells, ok, err := sr.Next()
		if err != nil {
			return nil, err
		}
		if !ok {
			add("A1", "", "", false, "the sheet is empty: the first row must hold the column names (user_num, user_name, ...)")
			return probs, nil
		}
		if allEmpty(cells) {
			continue
		}
		if title, col, ok := titleCell(cells); ok && !headerKnown(title) {
			// A title above the headings ("Agent roster – March 2025",
			// often merged across the columns): when a later row holds
			// the headings, the title alone is the problem.
			next, found, err := headingsBelow(sr)
			if err != nil {
				return nil, err
			}
			if found {
				probs = slices.DeleteFunc(probs, func(p Problem) bool { return inRow(p.Cell, rowNum) })
				add(cellRef(col, rowNum), "", title, true, fmt.Sprintf("is a title above the headings (row %d): ccsync takes the first row that is not empty "+
					"for the headings; delete the rows above row %d so that the headings come first", next, next))
				return probs, nil
			}
		}
		headRow = rowNum
		fieldOfCol = make([]int, len(cells))
		for i, c := range cells {
			fieldOfCol[i] = -1
			h := strings.TrimSpace(c.Text)
			if noHeading(h) {
				continue
			}
			fi, ok := headerIndex[normHeader(h)]
			if !ok {
				add(cellRef(i+1, rowNum), "", h, true, "is not a column of the agent roster (known columns: "+knownColumns()+")")
				continue
			}
			if prev := into.colOf[fi]; prev != 0 {
				add(cellRef(i+1, rowNum), "", h, true, fmt.Sprintf("repeats column %s (%s)", colName(prev), AgentFields[fi].Name))
				continue
			}
			into.colOf[fi] = i + 1
			fieldOfCol[i] = fi
			if hidden, narrow := sr.quirks.colHidden(i + 1); hidden {
				probs = append(probs, hiddenColumn(sr.Sheet, i+1, rowNum, h, narrow))
				quirks++ // the rows can be read all the same
			}
		}
		if into.colOf[fieldIndex["user_num"]] == 0 {
			hdr := fmt.Sprintf("A%d:%s%d", rowNum, colName(max(len(cells), 1)), rowNum)
			if title, ok := titleRow(cells); ok && !headerKnown(title) {
				add(hdr, "", title, true, titleRule(rowNum))
			}
			add(hdr, "", "", false, "has no user_num column; every row is matched by user_num")
		}
	}
	sr.quirks.nameColumns(probs, headRow, func(col int) string {
		if col > len(fieldOfCol) || fieldOfCol[col-1] < 0 {
			return ""
		}
		return AgentFields[fieldOfCol[col-1]].Name
	})
	if len(probs) > quirks {
		return probs, nil
	}

	seen := map[string]map[string]int{}
	for _, f := range AgentFields {
		if f.Unique {
			seen[f.Name] = map[string]int{}
		}
	}
	for {
		rowNum, cells, ok, err := sr.Next()
		if err != nil {
			return probs, err
		}
		if !ok {
			break
		}
		if allEmpty(cells) {
			continue
		}
		row := AgentRow{Row: rowNum, Vals: make([]string, NumFields)}
		bad := false
		for i, c := range cells {
			if c.Empty() {
				if blankText(c) != "" && i < len(fieldOfCol) && fieldOfCol[i] >= 0 {
					if row.blank == nil {
						row.blank = map[int]string{}
					}
					row.blank[fieldOfCol[i]] = c.Text
				}
				continue
			}
			if i >= len(fieldOfCol) || fieldOfCol[i] < 0 {
				add(cellRef(i+1, rowNum), "", c.Text, true, "is in a column without a heading; name the column or clear the cell")
				bad = true
				continue
			}
			f := AgentFields[fieldOfCol[i]]
			v, rule := f.Convert(c)
			if rule != "" {
				shown := c.Text
				if f.Kind == KindSecret {
					shown = "***"
				}
				add(cellRef(i+1, rowNum), f.Name, shown, true, rule)
				bad = true
				continue
			}
			row.Vals[fieldOfCol[i]] = v
		}
		if col := into.colOf[fieldIndex["user_num"]]; row.Get("user_num") == "" && !bad {
			if what, text := row.blankText("user_num"); what != "" {
				// A no-break space pasted from a web page: "is required"
				// said nothing of what the cell, which looks empty, holds.
				add(cellRef(col, rowNum), "user_num", text, true, "holds "+what+", so it looks empty: user_num is required, rows are matched to agents by it")
			} else {
				add(cellRef(col, rowNum), "user_num", "", false, "is required: rows are matched to agents by it")
			}
			bad = true
		}
		for name, idx := range seen {
			v := row.Get(name)
			if v == "" {
				continue
			}
			key := uniqueKey(name, v)
			col := into.colOf[fieldIndex[name]]
			if first, dup := idx[key]; dup {
				add(cellRef(col, rowNum), name, v, true, fmt.Sprintf("repeats row %d (%s!%s); %s must be unique", first, sr.Sheet, cellRef(col, first), name))
				bad = true
				continue
			}
			idx[key] = rowNum
		}
		if !bad {
			fn(into, row)
		}
	}
	sortProblems(probs)
	return probs, nil
}

func allEmpty(cells []Cell) bool {
	for _, c := range cells {
		if !c.Empty() {
			return false
		}
	}
	return true
}

func knownColumns() string {
	names := make([]string, len(AgentFields))
	for i, f := range AgentFields {
		names[i] = f.Name
	}
	return strings.Join(names, ", ")
}

// headerKnown tells whether h names a roster column.
func headerKnown(h string) bool {
	_, ok := headerIndex[normHeader(h)]
	return ok
}

// titleCell reports whether cells hold one text only, as a title row does,
// and returns it with its 1-based column.
func titleCell(cells []Cell) (string, int, bool) {
	title, ok := titleRow(cells)
	if !ok {
		return "", 0, false
	}
	for i, c := range cells {
		if strings.TrimSpace(c.Text) != "" {
			return title, i + 1, true
		}
	}
	return "", 0, false
}

// headingsBelow reads on to the next row that is not empty and reports
// whether it holds the user_num heading, and its number.
func headingsBelow(sr *sheetReader) (int, bool, error) {
	for {
		rowNum, cells, ok, err := sr.Next()
		if err != nil || !ok {
			return 0, false, err
		}
		if allEmpty(cells) {
			continue
		}
		for _, c := range cells {
			if i, ok := headerIndex[normHeader(strings.TrimSpace(c.Text))]; ok && AgentFields[i].Name == "user_num" {
				return rowNum, true, nil
			}
		}
		return rowNum, false, nil
	}
}

// inRow tells whether the cell or range ref ("A1", "A1:C1") lies in row.
func inRow(ref string, row int) bool {
	for _, end := range strings.Split(ref, ":") {
		if _, r, err := excelize.CellNameToCoordinates(end); err != nil || r != row {
			return false
		}
	}
	return true
}
