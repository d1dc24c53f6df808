package importer

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestReaders_deepXMLRefused: a 65 KB workbook whose worksheet opened 17
// million nested elements in one cell took 3.8 GB of memory (and 26 s) for
// `ccsync agents plan` to read, and a few more would take every byte of the
// machine. A worksheet nested deeper than a spreadsheet ever writes is now
// refused before anything is read, saying why, by both readers.
func TestReaders_deepXMLRefused(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "roster.xlsx")
	if err := WriteTemplate(path); err != nil {
		t.Fatal(err)
	}
	rewritePart(t, path, "xl/worksheets/sheet1.xml", func(s string) string {
		deep := `<row r="2"><c r="A2" t="inlineStr"><is>` + strings.Repeat("<r>", 200_000) + `</is></c></row>`
		return strings.Replace(s, "</sheetData>", deep+"</sheetData>", 1)
	})
	want := "its part xl/worksheets/sheet1.xml nests XML elements more than 128 levels deep"
	if _, _, err := ReadRoster(path); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("ReadRoster: %v, want an error containing %q", err, want)
	}
	if _, _, err := ReadRecipients(path, nil, "open"); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("ReadRecipients: %v, want an error containing %q", err, want)
	}
}

// TestReaders_hugeStylesRefused: a 140 KB workbook whose styles.xml
// unpacked to 50 MiB took 940 MB of memory to read (excelize reads the
// styles whole into objects); at the 512 MiB the readers allow in all, it
// would take about 10 GB. A part read whole that unpacks to more than 32
// MiB is refused before the workbook is opened.
func TestReaders_hugeStylesRefused(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "roster.xlsx")
	if err := WriteTemplate(path); err != nil {
		t.Fatal(err)
	}
	rewritePart(t, path, "xl/styles.xml", func(s string) string {
		i := strings.Index(s, "<cellXfs")
		j := strings.Index(s[i:], ">") + i + 1
		return s[:j] + strings.Repeat(`<xf numFmtId="0" fontId="0"/>`, (33<<20)/29) + s[j:]
	})
	want := "its part xl/styles.xml unpacks to 33 MiB, more than the 32 MiB ccsync reads of such a part"
	if _, _, err := ReadRoster(path); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("ReadRoster: %v, want an error containing %q", err, want)
	}
}

// TestXMLDepth: the byte scanner counts elements as an XML parser does:
// ">" and "/>" inside quoted attribute values, comments, CDATA sections,
// processing instructions and a DOCTYPE's internal subset open and close
// nothing.
func TestXMLDepth(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		xml   string
		limit int
		deep  bool
	}{
		{`<?xml version="1.0"?><a><b><c/></b></a>`, 2, true},
		{`<?xml version="1.0"?><a><b><c/></b></a>`, 3, false},
		{`<a><b><c></c></b></a>`, 2, true},
		{`<a x="1>2" y='/>'><b/></a>`, 2, false},
		{`<a x="1>2" y='/>'><b><c/></b></a>`, 2, true},
		{`<a><!-- <b><c><d> --><b/></a>`, 2, false},
		{`<a><![CDATA[<b><c><d>]]><b/></a>`, 2, false},
		{`<a><![CDATA[x]]]></a><a><b><c/></b></a>`, 2, true},
		{`<a><![CDATA[x]]]></a><a><b/></a>`, 2, false},
		{`<!DOCTYPE a [<!ENTITY e "<b><c>"> <!ELEMENT a ANY>]><a><b/></a>`, 2, false},
		{`<a><?pi <b><c>?><b/></a>`, 2, false},
		{strings.Repeat("<r>", 129), 128, true},
		{strings.Repeat("<r>", 128) + strings.Repeat("</r>", 128) + strings.Repeat("<r/>", 1000), 128, false},
	} {
		_, err := xmlDepth(strings.NewReader(tc.xml), tc.limit)
		if got := errors.Is(err, errTooDeep); got != tc.deep || (err != nil && !got) {
			t.Errorf("xmlDepth(%q, %d): %v, want too deep %v", tc.xml, tc.limit, err, tc.deep)
		}
	}
}

// TestReaders_manyMergedCellsCounted: a worksheet of merged cells and
// nothing else (a 140 KB workbook) listed each of its 2 million merged
// ranges as a problem: 1.4 GB of memory and 2 million lines printed. The
// first 1000 are listed and the others counted in one more line.
func TestReaders_manyMergedCellsCounted(t *testing.T) {
	t.Parallel()
	path := writeBook(t, "Recipients", [][]any{
		{"mobile", "name"},
		{"13800000001", "Ann"},
	})
	rewritePart(t, path, "xl/worksheets/sheet1.xml", func(s string) string {
		var b strings.Builder
		b.WriteString(`<mergeCells count="5000">`)
		for i := range 5000 {
			fmt.Fprintf(&b, `<mergeCell ref="D%d:E%d"/>`, i+10, i+10)
		}
		b.WriteString(`</mergeCells>`)
		return strings.Replace(s, "</sheetData>", "</sheetData>"+b.String(), 1)
	})
	_, probs, err := ReadRecipients(path, []string{"name"}, "open")
	if err != nil {
		t.Fatal(err)
	}
	merged, more := 0, []string{}
	for _, line := range problemLines(probs) {
		switch {
		case strings.Contains(line, "is a merged cell"):
			merged++
		case strings.Contains(line, "more merged cells"):
			more = append(more, line)
		}
	}
	wantMore := "Recipients!D1009:E1009: and 4000 more merged cells after it, not listed one by one (1000 are): unmerge every cell of the sheet (in Excel: select all, Merge & Center, Unmerge Cells)"
	if merged != 1000 || len(more) != 1 || more[0] != wantMore {
		t.Errorf("%d merged cells listed and %q, want 1000 and [%q]", merged, more, wantMore)
	}
}
