package importer

import (
	"fmt"
	"slices"
	"strings"

	"github.com/xuri/excelize/v2"
)

// Problem is one thing wrong with an input sheet: where, which field, which
// value and which rule.
type Problem struct {
	Sheet string
	// Cell is an A1 reference ("C7"), or a row or header range ("A1:F1").
	Cell  string
	Field string
	// Value is the cell's text; HasValue says whether to quote it.
	Value    string
	HasValue bool
	Rule     string
}

// String renders `Agents!C7: user_email "x@" is not an e-mail address`.
func (p Problem) String() string {
	var b strings.Builder
	b.WriteString(p.Sheet)
	b.WriteByte('!')
	b.WriteString(p.Cell)
	b.WriteString(": ")
	if p.Field != "" {
		b.WriteString(p.Field)
		b.WriteByte(' ')
	}
	if p.HasValue {
		// A long cell (600 characters pasted into user_status) is named
		// by its start and length, not quoted whole on one line.
		if r := []rune(p.Value); len(r) > maxShownValue {
			fmt.Fprintf(&b, "%q… (%d characters) ", string(r[:maxShownValue-20]), len(r))
		} else {
			fmt.Fprintf(&b, "%q ", p.Value)
		}
	}
	b.WriteString(p.Rule)
	return b.String()
}

// maxShownValue is the most characters of a cell a problem quotes.
const maxShownValue = 80

// Problems is every problem found in an input; as an error it lists them all.
type Problems []Problem

func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.String()
	}
	return fmt.Sprintf("%d problem(s) in the input:\n%s", len(ps), strings.Join(lines, "\n"))
}

// cellRef returns the A1 name of a 1-based column and row.
func cellRef(col, row int) string {
	s, err := excelize.CoordinatesToCellName(col, row)
	if err != nil {
		return fmt.Sprintf("R%dC%d", row, col)
	}
	return s
}

// colName returns the letters of a 1-based column.
func colName(col int) string {
	s, err := excelize.ColumnNumberToName(col)
	if err != nil {
		return fmt.Sprintf("C%d", col)
	}
	return s
}

// sortProblems orders problems by row, then column, as a person reads a sheet.
func sortProblems(ps Problems) {
	slices.SortStableFunc(ps, func(a, b Problem) int {
		ca, ra, ea := excelize.CellNameToCoordinates(firstCell(a.Cell))
		cb, rb, eb := excelize.CellNameToCoordinates(firstCell(b.Cell))
		if ea != nil || eb != nil {
			return 0
		}
		if ra != rb {
			return ra - rb
		}
		return ca - cb
	})
}

func firstCell(ref string) string {
	if i := strings.IndexByte(ref, ':'); i >= 0 {
		return ref[:i]
	}
	return ref
}
