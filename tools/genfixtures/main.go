// Command genfixtures writes the demo spreadsheets of ccsync:
// examples/spreadsheets/agents.xlsx (a roster of 20 agents) and
// recipients.xlsx (an SMS recipient list for a template with the variables
// name and date). Numbers are written as number cells on purpose, the way
// people type them, so the demo exercises the importer's cell reading.
//
//	go run ./tools/genfixtures [-dir examples/spreadsheets] [-queues 101,102] [-agents 20]
//
// queue_ids refer to skill groups by id; ids are issued by the platform, so
// the roster takes them from -queues (default 101,102: the first two groups
// a fresh simulator creates). scripts/demo-ccsync.sh regenerates the roster
// with the ids of the running simulator.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
)

//go:generate go run . -dir ../../examples/spreadsheets

var names = []string{"Li Wei", "Wang Fang", "Zhang Min", "Liu Yang", "Chen Jing", "Yang Lei", "Zhao Qiang", "Huang Li",
	"Zhou Jie", "Wu Ting", "Xu Hao", "Sun Yan", "Ma Chao", "Zhu Lin", "Hu Bo", "Guo Xin", "He Ping", "Lin Na", "Luo Kai", "Gao Yu"}

func main() {
	dir := flag.String("dir", "examples/spreadsheets", "output folder")
	queues := flag.String("queues", "101,102", "two skill-group ids for queue_ids (comma-separated)")
	agents := flag.Int("agents", 20, "number of agents in the roster")
	recipients := flag.Int("recipients", 25, "number of recipients")
	flag.Parse()
	q := strings.Split(*queues, ",")
	if len(q) == 1 {
		q = append(q, q[0])
	}
	if err := os.MkdirAll(*dir, 0o750); err != nil {
		fail(err)
	}
	if err := writeRoster(filepath.Join(*dir, "agents.xlsx"), *agents, q[0], q[1]); err != nil {
		fail(err)
	}
	if err := writeRecipients(filepath.Join(*dir, "recipients.xlsx"), *recipients); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "genfixtures:", err)
	os.Exit(1)
}

func writeRoster(path string, n int, q1, q2 string) error {
	// Start from the template so the demo file has notes and drop-downs.
	tmp := path + ".tmp.xlsx"
	if err := importer.WriteTemplate(tmp); err != nil {
		return err
	}
	defer os.Remove(tmp)
	f, err := excelize.OpenFile(tmp)
	if err != nil {
		return err
	}
	defer f.Close()
	col := func(name string) int {
		for i, fd := range importer.AgentFields {
			if fd.Name == name {
				return i + 1
			}
		}
		panic(name)
	}
	for i := range n {
		row := i + 2
		set := func(field string, v any) {
			ref, _ := excelize.CoordinatesToCellName(col(field), row)
			if err := f.SetCellValue(importer.RosterSheet, ref, v); err != nil {
				fail(err)
			}
		}
		name := names[i%len(names)]
		set("user_num", 9001+i) // a number cell, as typed
		set("user_name", name)
		set("user_password", fmt.Sprintf("Demo-%04d!pw", 9001+i))
		set("ag_nickname", strings.Split(name, " ")[1])
		set("user_email", fmt.Sprintf("%s.%d@example.com", strings.ToLower(strings.ReplaceAll(name, " ", ".")), 9001+i))
		set("user_sms_phone", int64(13900000000)+int64(i*137)) // a number cell
		set("user_type", "1")
		switch {
		case i < 8:
			set("queue_ids", q1)
		case i < 14:
			set("queue_ids", q2)
		case i < 16:
			set("queue_ids", q1+","+q2)
		}
		if i%5 == 4 {
			set("user_status", "3 - frozen")
		} else {
			set("user_status", "1 - on duty")
		}
		set("is_enable_outbound", i%7 != 6)
		set("max_sessions", 10+i%5)
		set("basic_sessions", 1+i%3)
	}
	return importer.SaveWorkbook(f, path)
}

func writeRecipients(path string, n int) error {
	f := excelize.NewFile()
	defer f.Close()
	sh := importer.RecipientSheet
	if err := f.SetSheetName("Sheet1", sh); err != nil {
		return err
	}
	dateStyle, err := f.NewStyle(&excelize.Style{NumFmt: 14})
	if err != nil {
		return err
	}
	hdr := []any{"mobile", "name", "date"}
	if err := f.SetSheetRow(sh, "A1", &hdr); err != nil {
		return err
	}
	day := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		ref, _ := excelize.CoordinatesToCellName(1, i+2)
		row := []any{int64(13800138000) + int64(i), names[i%len(names)], day.AddDate(0, 0, i%7)}
		if i == 3 {
			row[0] = "+86 138-0013-8000" // the first number again, typed differently: sent once
		}
		if err := f.SetSheetRow(sh, ref, &row); err != nil {
			return err
		}
		dref, _ := excelize.CoordinatesToCellName(3, i+2)
		if err := f.SetCellStyle(sh, dref, dref, dateStyle); err != nil {
			return err
		}
	}
	for c, w := range map[string]float64{"A": 16, "B": 16, "C": 12} {
		if err := f.SetColWidth(sh, c, c, w); err != nil {
			return err
		}
	}
	return importer.SaveWorkbook(f, path)
}
