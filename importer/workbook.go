package importer

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/replaceable"
)

// HelpSheet explains every column of a roster template.
const HelpSheet = "Help"

// WriteTemplate writes an empty roster: the header row with a comment on
// every heading, drop-downs for the enumerations and booleans, text format
// for identifiers and phone numbers (so Excel keeps leading zeros and all
// digits), and a Help sheet listing each column.
func WriteTemplate(path string) error {
	f, err := newRosterBook()
	if err != nil {
		return err
	}
	defer f.Close()
	return SaveWorkbook(f, path)
}

// SaveWorkbook writes f to path as a regular file (mode 0644 before the
// umask; excelize's SaveAs creates files with mode 0777, so every workbook
// came out executable). It writes a new file beside path and renames it
// over path once complete: a failed write (a full disk, a size limit)
// leaves the file that was there as it was, not a truncated workbook.
func SaveWorkbook(f *excelize.File, path string) error {
	f.Path = path // Write picks the content type (.xlsx, .xlsm) from it
	path = filepath.Clean(path)
	// G302: a workbook is a document for people to open, edit and share,
	// like any spreadsheet; 0644 was asked for explicitly.
	return replaceable.WriteWhole(path, "."+filepath.Base(path)+".*.tmp", 0o644, func(out *os.File) error { return f.Write(out) })
}

// ExportRoster writes today's agents in the template layout, passwords blank.
// Fields the platform does not report stay empty, which apply reads as
// "leave alone". Rows are sorted by user_num (numerically when both are
// digits), the order people look agents up in, whatever order the platform
// lists them. It returns how many agents were written, and notes naming
// the cells it left empty because the platform holds a value the roster's
// rules refuse (an agent made in the portal with dept_id 0 or
// basic_sessions 0), or read as another value (a phone number with
// blanks): written, the value made plan refuse the exported roster as it
// was, or change the agent; empty, the cell keeps the platform's value.
func ExportRoster(ctx context.Context, api AgentAPI, path string) (int, []string, error) {
	f, err := newRosterBook()
	if err != nil {
		return 0, nil, err
	}
	defer f.Close()
	var agents []Agent
	for a, err := range api.List(ctx) {
		if err != nil {
			return 0, nil, fmt.Errorf("list agents: %w", err)
		}
		agents = append(agents, a)
	}
	slices.SortStableFunc(agents, func(a, b Agent) int { return compareUserNum(a.Values["user_num"], b.Values["user_num"]) })
	n := 0
	var notes []string
	for _, a := range agents {
		n++
		row := make([]any, NumFields)
		for i, fd := range AgentFields {
			v, ok := a.Values[fd.Name]
			if !ok || v == "" || fd.Kind == KindSecret {
				row[i] = nil
				continue
			}
			// A value the roster's own rules refuse (the portal allows
			// what the API's add and edit do not) is left out.
			// user_num names the row: left empty, the row would name no
			// agent, and plan would refuse it with the value gone.
			// So is a value the roster reads as another (a phone
			// number with blanks or dashes, a name with a blank at an
			// end, as the portal keeps them): written, plan read the
			// cell as that other value and proposed to change the
			// agent to it, an update nobody made. A value plan takes
			// for the same (another order of queue_ids, an e-mail's
			// case) is written as it is.
			got, rule := fd.Convert(Cell{Raw: v, Text: v})
			if rule != "" && fd.Name != "user_num" {
				notes = append(notes, fmt.Sprintf("%s!%s left empty: agent %s holds %s %q, which %s in a roster; an empty cell keeps the platform's value",
					RosterSheet, cellRef(i+1, n+1), a.Values["user_num"], fd.Name, v, rule))
				row[i] = nil
				continue
			}
			if rule == "" && !sameValue(fd, v, got) && fd.Name != "user_num" {
				notes = append(notes, fmt.Sprintf("%s!%s left empty: agent %s holds %s %q, which a roster reads as %q (plan would change the agent to that); "+
					"an empty cell keeps the platform's value", RosterSheet, cellRef(i+1, n+1), a.Values["user_num"], fd.Name, v, got))
				row[i] = nil
				continue
			}
			row[i] = exportCell(fd, v)
		}
		if err := f.SetSheetRow(RosterSheet, cellRef(1, n+1), &row); err != nil {
			return n, notes, err
		}
	}
	return n, notes, SaveWorkbook(f, path)
}

// compareUserNum orders user_num values: digits by number (9 before 10),
// anything else as text after them.
func compareUserNum(a, b string) int {
	da, db := client.IsDigits(a), client.IsDigits(b)
	switch {
	case da && db:
		ta, tb := strings.TrimLeft(a, "0"), strings.TrimLeft(b, "0")
		return cmp.Or(cmp.Compare(len(ta), len(tb)), strings.Compare(ta, tb), strings.Compare(a, b))
	case da:
		return -1
	case db:
		return 1
	}
	return strings.Compare(a, b)
}

// exportCell renders a canonical value the way the template's drop-downs
// and text columns expect it.
func exportCell(fd Field, v string) any {
	switch fd.Kind {
	case KindBool:
		return v == "true"
	case KindEnum:
		for _, e := range fd.Enum {
			if e.Code == v {
				return e.Code + " - " + e.Label
			}
		}
	}
	return v
}

func newRosterBook() (*excelize.File, error) {
	f := excelize.NewFile()
	if err := f.SetSheetName("Sheet1", RosterSheet); err != nil {
		return nil, err
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}, Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"DDEBF7"}}})
	if err != nil {
		return nil, err
	}
	text, err := f.NewStyle(&excelize.Style{NumFmt: 49}) // "@": text
	if err != nil {
		return nil, err
	}
	for i, fd := range AgentFields {
		col := colName(i + 1)
		ref := cellRef(i+1, 1)
		if err := f.SetCellStr(RosterSheet, ref, fd.Name); err != nil {
			return nil, err
		}
		width := float64(max(len(fd.Name)+2, 12))
		if err := f.SetColWidth(RosterSheet, col, col, width); err != nil {
			return nil, err
		}
		if err := f.AddComment(RosterSheet, excelize.Comment{Cell: ref, Author: "ccsync", Text: fd.Note}); err != nil {
			return nil, err
		}
		switch fd.Kind {
		case KindCode, KindPhone, KindIntList, KindEnumList, KindText, KindEmail, KindSecret:
			if err := f.SetColStyle(RosterSheet, col, text); err != nil {
				return nil, err
			}
		}
		var choices []string
		switch fd.Kind {
		case KindEnum:
			choices = fd.Choices()
		case KindBool:
			choices = []string{"TRUE", "FALSE"}
		}
		if choices != nil {
			dv := excelize.NewDataValidation(true)
			dv.Sqref = fmt.Sprintf("%s2:%s1048576", col, col)
			if err := dv.SetDropList(choices); err != nil {
				return nil, err
			}
			dv.SetError(excelize.DataValidationErrorStyleStop, fd.Name, "Choose one of: "+strings.Join(choices, ", "))
			if err := f.AddDataValidation(RosterSheet, dv); err != nil {
				return nil, err
			}
		}
	}
	if err := f.SetCellStyle(RosterSheet, "A1", cellRef(NumFields, 1), bold); err != nil {
		return nil, err
	}
	if err := f.SetPanes(RosterSheet, &excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return nil, err
	}

	if _, err := f.NewSheet(HelpSheet); err != nil {
		return nil, err
	}
	help := [][]any{{"column", "required", "allowed values", "explanation"}}
	for _, fd := range AgentFields {
		req := ""
		switch fd.Name {
		case "user_num":
			req = "always"
		case "user_name", "user_password":
			req = "new agents"
		}
		allowed := ""
		switch fd.Kind {
		case KindEnum, KindEnumList:
			allowed = fd.enumList()
		case KindBool:
			allowed = "TRUE/FALSE, yes/no, 1/0"
		case KindInt:
			switch {
			case fd.HasMax:
				allowed = fmt.Sprintf("%d to %d", fd.Min, fd.Max)
			case fd.HasMin:
				allowed = fmt.Sprintf("at least %d", fd.Min)
			}
		case KindIntList:
			allowed = "comma list of ids"
		case KindPhone:
			allowed = "digits, optional leading +"
		case KindEmail:
			allowed = "an e-mail address"
		}
		help = append(help, []any{fd.Name, req, allowed, fd.Note})
	}
	help = append(help, []any{}, []any{"An empty cell leaves the agent's current value alone. Rows are matched to agents by user_num."})
	for i, r := range help {
		if err := f.SetSheetRow(HelpSheet, cellRef(1, i+1), &r); err != nil {
			return nil, err
		}
	}
	if err := f.SetCellStyle(HelpSheet, "A1", "D1", bold); err != nil {
		return nil, err
	}
	for col, w := range map[string]float64{"A": 26, "B": 12, "C": 40, "D": 100} {
		if err := f.SetColWidth(HelpSheet, col, col, w); err != nil {
			return nil, err
		}
	}
	f.SetActiveSheet(0)
	return f, nil
}

// WriteResults writes an apply report: a Result sheet with row, user_num,
// action, outcome, message and notes (the step's notes, one a line: what
// plan and apply print under the row, such as the --terraform-state warning
// that the next terraform apply sets the row back; the report left them
// out, where --output json has them). Passwords never reach it (messages
// are scrubbed when the results are made).
func WriteResults(path string, results []Result) error {
	rows := make([][]any, 0, len(results))
	for _, r := range results {
		var row any
		if r.Row > 0 {
			row = r.Row
		}
		rows = append(rows, []any{row, r.UserNum, string(r.Action), r.Outcome, r.Message, strings.Join(r.Notes, "\n")})
	}
	return writeTable(path, "Result", []string{"row", "user_num", "action", "outcome", "message", "notes"}, rows)
}

// writeTable streams a one-sheet workbook: a bold header and the rows.
func writeTable(path, sheet string, header []string, rows [][]any) error {
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		return err
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return err
	}
	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		return err
	}
	hdr := make([]any, len(header))
	for i, h := range header {
		hdr[i] = excelize.Cell{StyleID: bold, Value: h}
	}
	if err := sw.SetRow("A1", hdr); err != nil {
		return err
	}
	for i, r := range rows {
		if err := sw.SetRow(cellRef(1, i+2), r); err != nil {
			return err
		}
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	return SaveWorkbook(f, path)
}
