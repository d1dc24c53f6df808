package importer

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

// Fuzz targets for ccsync's readers: cell conversion, the ISO date cell,
// the send journal and whole workbooks whose parts are mutated. The seed
// corpora are small so a plain `go test` runs them quickly.

var rePhoneOut = regexp.MustCompile(`^\+?[0-9]+$`)

// Every cell converter takes any stored value and display without a
// panic, and what it accepts has the shape its doc promises.
func FuzzCellConverters(f *testing.F) {
	for _, s := range [][2]string{
		{"13812345678", "13812345678"}, {"1.3812345678E10", "1.38E+10"}, {"45363", "3/12/24"},
		{"45363", "2024年3月12日"}, {"9002", "9002.0"}, {"3", "3, 5,7"}, {"0.5", "12:00"},
		{"NaN", "1-1-1"}, {"1e308", "1/1/2000"}, {"", "＋86 138 0013 8000"}, {"60", "29-Feb"},
	} {
		f.Add(s[0], s[1], false)
		f.Add(s[0], s[1], true)
	}
	f.Fuzz(func(t *testing.T, raw, text string, d1904 bool) {
		c := Cell{Raw: raw, Text: text, Date1904: d1904}
		_ = lostDigits(c)
		_ = shownAsDate(c)
		_ = cellText(c)
		_ = cellShown(c)
		_ = cellKey(c, text)
		if v, rule := cellCode(c); rule == "" && strings.ContainsFunc(v, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' }) {
			t.Fatalf("cellCode(%+v) = %q, with blanks", c, v)
		}
		if v, rule := cellPhone(c); rule == "" && !rePhoneOut.MatchString(v) {
			t.Fatalf("cellPhone(%+v) = %q, not digits with an optional +", c, v)
		}
		if v, rule := normalizeMobile(c); rule == "" && !reMobile.MatchString(v) {
			t.Fatalf("normalizeMobile(%+v) = %q", c, v)
		}
		if v, rule := cellDate(c); rule == "" {
			if _, err := time.Parse("2006-01-02", v); err != nil {
				if _, err := time.Parse("2006-01-02 15:04:05", v); err != nil {
					t.Fatalf("cellDate(%+v) = %q, not yyyy-mm-dd", c, v)
				}
			}
		}
		if v, rule := cellBool(c); rule == "" && v != "true" && v != "false" {
			t.Fatalf("cellBool(%+v) = %q", c, v)
		}
		_, _ = cellInt(c)
		if v, rule := cellIntList(c); rule == "" {
			if CanonicalIntList(v) != v {
				t.Fatalf("cellIntList(%+v) = %q, which is not canonical (%q)", c, v, CanonicalIntList(v))
			}
		}
		if v := CanonicalIntList(text); CanonicalIntList(v) != v {
			t.Fatalf("CanonicalIntList not idempotent on %q: %q", text, v)
		}
		_ = normHeader(text)
	})
}

// isoSerial: a date cell of type "d" becomes a serial that excelize reads
// back as the same date and time (to the second).
func FuzzISOSerial(f *testing.F) {
	for _, s := range []string{"2026-12-01", "2026-12-01T10:30", "2026-12-01T10:30:15.5Z", "1900-03-01", "1904-01-01T00:00Z", "2100-12-31T23:59:59.999Z", "2193-06-30", "9999-12-31T23:59:59Z"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, raw string, d1904 bool) {
		s, ok := isoSerial(raw, d1904)
		if !ok {
			return
		}
		x, err := strconv.ParseFloat(s, 64)
		if err != nil || x < 0 {
			t.Fatalf("isoSerial(%q) = %q", raw, s)
		}
		got, err := excelize.ExcelDateToTime(x, d1904)
		if err != nil {
			t.Fatalf("isoSerial(%q) = %q, which excelize does not read: %v", raw, s, err)
		}
		layout := "2006-01-02T15:04:05"
		switch {
		case len(raw) == len("2006-01-02"):
			layout = "2006-01-02"
		case len(raw) == len("2006-01-02T15:04"), len(raw) == len("2006-01-02T15:04Z"):
			layout = "2006-01-02T15:04"
		}
		want, _ := time.Parse(layout, strings.TrimSuffix(raw, "Z"))
		if d := got.Sub(want); d < -time.Second || d > time.Second {
			t.Fatalf("isoSerial(%q, 1904=%v) = %s, read back as %s", raw, d1904, s, got)
		}
	})
}

// The journal reader skips what it cannot read and never panics on any
// content of the file.
func FuzzJournal(f *testing.F) {
	f.Add([]byte(`{"type":"run","template":"7","via":"gateway"}` + "\n" +
		`{"type":"intent","mobiles":["13800138000"],"tag":"t1","content":{"13800138000":"d"}}` + "\n" +
		`{"type":"outcome","results":{"13800138000":{"sent":true}}}` + "\n" +
		`{"type":"reports","reports":[{"tag":"t1","mobile":"13800138000"}]}` + "\n{\"type\":\"outc"))
	f.Add([]byte(`{"type":"outcome","results":null}` + "\n" + `{"type":"intent","mobiles":null,"time":"x"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		path := fuzzFile(t, "j.jsonl", b)
		j, err := openJournal(path, "7", "gateway", true)
		if err != nil {
			return
		}
		for m := range j.state {
			_, _ = j.reportOf(m)
		}
	})
}

// baseBooks are small workbooks (a roster and a recipient list) as zip
// parts, to be mutated one part at a time.
var baseBooks = sync.OnceValue(func() [][]zipPart {
	mk := func(sheet string, rows [][]any) []zipPart {
		f := excelize.NewFile()
		defer f.Close()
		if err := f.SetSheetName("Sheet1", sheet); err != nil {
			panic(err)
		}
		for i, r := range rows {
			if err := f.SetSheetRow(sheet, cellRef(1, i+1), &r); err != nil {
				panic(err)
			}
		}
		style, _ := f.NewStyle(&excelize.Style{NumFmt: 14})
		_ = f.SetCellStyle(sheet, "C2", "C2", style)
		buf, err := f.WriteToBuffer()
		if err != nil {
			panic(err)
		}
		zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		if err != nil {
			panic(err)
		}
		var parts []zipPart
		for _, zf := range zr.File {
			rc, _ := zf.Open()
			b, _ := io.ReadAll(rc)
			rc.Close()
			parts = append(parts, zipPart{zf.Name, b})
		}
		sort.Slice(parts, func(i, j int) bool { return parts[i].name < parts[j].name })
		return parts
	}
	return [][]zipPart{
		mk(RosterSheet, [][]any{{"user_num", "user_name", "queue_ids", "user_status"}, {9001, "Ann", "3,5", 1}, {"9002", "Bob", 45363, "TRUE"}}),
		mk(RecipientSheet, [][]any{{"mobile", "name", "day"}, {int64(13800138000), "Ann", 45363}, {"+86 139-0013-9000", "Bob", "2024-03-12"}}),
	}
})

type zipPart struct {
	name string
	data []byte
}

func zipBook(parts []zipPart) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, p := range parts {
		w, err := zw.Create(p.name)
		if err != nil {
			panic(err)
		}
		_, _ = w.Write(p.data)
	}
	if err := zw.Close(); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// A workbook with one part replaced by the fuzzer's bytes (a worksheet,
// the shared strings, the styles, the workbook part...) is read as a
// roster and as a recipient list without a panic or a hang.
func FuzzWorkbookPart(f *testing.F) {
	books := baseBooks()
	for bi, parts := range books {
		for pi, p := range parts {
			if strings.HasPrefix(p.name, "xl/worksheets/") || p.name == "xl/sharedStrings.xml" || p.name == "xl/styles.xml" || p.name == "xl/workbook.xml" {
				f.Add(uint8(bi), uint8(pi), p.data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, book, part uint8, data []byte) {
		parts := append([]zipPart(nil), books[int(book)%len(books)]...)
		i := int(part) % len(parts)
		parts[i] = zipPart{parts[i].name, data}
		readBoth(t, fuzzFile(t, "b.xlsx", zipBook(parts)))
	})
}

// The same with the bytes of the whole file mutated (a damaged download).
func FuzzWorkbookBytes(f *testing.F) {
	for _, parts := range baseBooks() {
		f.Add(zipBook(parts))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		path := fuzzFile(t, "w.xlsx", data)
		readBoth(t, path)
	})
}

func readBoth(t *testing.T, path string) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		if r, probs, err := ReadRoster(path); err == nil {
			_ = probs.Error()
			for i := range r.Rows {
				for _, fd := range AgentFields {
					_ = r.Rows[i].Get(fd.Name)
				}
			}
		}
		if l, probs, err := ReadRecipients(path, []string{"name", "day"}, "gateway"); err == nil {
			_ = probs.Error()
			_ = l.Unique()
		}
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		b, _ := os.ReadFile(path)
		t.Fatalf("reading a %d-byte workbook took more than 20s", len(b))
	}
}

// fuzzFile writes one fuzz input to a file named name in a folder of its
// own, removed after the input.
func fuzzFile(t *testing.T, name string, b []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}
