package importer

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// DefaultJournal is the journal ccsync sms send keeps beside workbook
// when --journal is not given: one per workbook, template and channel.
func DefaultJournal(workbook, template, via string) string {
	return workbook + journalSuffix(template, via)
}

func journalSuffix(template, via string) string { return ".send-" + template + "-" + via + ".journal" }

// OtherJournal is a journal of another workbook, beside this one, that
// records numbers of this list as sent the same template, the same way,
// with the same values: a copy of the list saved under another name
// ("名单_最终版.xlsx" after "名单.xlsx") that would send them again.
type OtherJournal struct {
	Path string
	// Numbers counts this list's numbers the journal shows sent (or left
	// in doubt, perhaps sent) with the values this list gives them.
	Numbers int
	// Example is one of them.
	Example string
}

// OtherJournals looks, beside the workbook, for the default journals of
// other workbooks (NAME.send-<template>-<via>.journal, the name ccsync
// sms send gives one when --journal is not given) other than own, and
// returns those that record numbers of list as sent with the same values.
// A journal is keyed by the workbook's file name, so without this check a
// list saved under another name started a journal of its own and sent
// everyone again. Journals that cannot be read are skipped: they are
// another run's, and this check only warns of a double send.
func OtherJournals(list *RecipientList, template, via, own string) []OtherJournal {
	dir := filepath.Dir(list.Path)
	suffix := journalSuffix(template, via)
	// A folder read in part (an entry that cannot be read) still answers
	// for the journals it listed.
	entries, _ := os.ReadDir(dir)
	var out []OtherJournal
	for _, e := range entries {
		name := e.Name()
		path := filepath.Join(dir, name)
		if !strings.HasSuffix(name, suffix) || !e.Type().IsRegular() || SameFile(path, own) {
			continue
		}
		j, err := openJournal(path, template, via, true)
		if err != nil {
			continue
		}
		oj := OtherJournal{Path: path}
		for _, r := range list.Rows {
			if r.DuplicateOf != 0 {
				continue
			}
			st := j.state[r.Mobile]
			if st == nil || (st.status != "sent" && st.status != "doubt") || !sameContent(st.content, contentDigest(list.Params, keysOf(r))) {
				continue
			}
			if oj.Numbers == 0 {
				oj.Example = r.Mobile
			}
			oj.Numbers++
		}
		if oj.Numbers > 0 {
			out = append(out, oj)
		}
	}
	slices.SortFunc(out, func(a, b OtherJournal) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// SameFile tells whether two paths name one file: the same file when both
// exist (a link, another spelling), else the same absolute path. A device
// (/dev/null, a terminal) is never the same file: it takes any number of
// writers.
func SameFile(a, b string) bool {
	if sa, err := os.Stat(a); err == nil { //nolint:gosec // G703: paths the user named, only compared
		if sb, err := os.Stat(b); err == nil { //nolint:gosec // G703: as above
			return os.SameFile(sa, sb) && sa.Mode()&os.ModeDevice == 0
		}
	}
	aa, err1 := filepath.Abs(a)
	ab, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == ab
}

// OtherJournalsMessage says why a send whose journal is new is refused
// while other journals record its numbers as sent, and the ways forward.
func OtherJournalsMessage(others []OtherJournal, own string) string {
	var b strings.Builder
	n := 0
	for _, o := range others {
		n = max(n, o.Numbers)
	}
	fmt.Fprintf(&b, "this run would start a new journal, %s, but ", own)
	for i, o := range others {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "the journal %s records %d of this sheet's numbers (%s among them) as sent this template with the same values", o.Path, o.Numbers, o.Example)
	}
	fmt.Fprintf(&b, ": sending would message them again (a journal is named after its workbook, so a list saved under another name, or another list holding these numbers, starts afresh). "+
		"Nothing was sent. To continue that send, and send only to the numbers it has not reached, give --journal %s; "+
		"to send to them again on purpose, give --journal with a new file name", others[0].Path)
	return b.String()
}
