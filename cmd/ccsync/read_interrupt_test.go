package main

import (
	"archive/zip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// slowWorkbook copies the workbook src with 20,000 more rows, each with a
// cell in the last column (XFD): each such row is read as 16,384 cells, and
// the whole takes a minute or more to read.
func slowWorkbook(t *testing.T, src string) string {
	t.Helper()
	zr, err := zip.OpenReader(src)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	out := filepath.Join(t.TempDir(), filepath.Base(src))
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for _, zf := range zr.File {
		rc, err := zf.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		if zf.Name == "xl/worksheets/sheet1.xml" {
			var rows strings.Builder
			for r := 1000; r < 21000; r++ {
				fmt.Fprintf(&rows, `<row r="%d"><c r="XFD%d"><v>1</v></c></row>`, r, r)
			}
			b = []byte(strings.Replace(string(b), "</sheetData>", rows.String()+"</sheetData>", 1))
		}
		w, err := zw.Create(zf.Name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(b); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return out
}

// interruptSoon makes the command's signal handler receive SIGINT 300 ms
// after it starts listening.
func interruptSoon(t *testing.T) {
	t.Helper()
	old := notifySignals
	notifySignals = func(ch chan<- os.Signal) func() {
		go func() {
			time.Sleep(300 * time.Millisecond)
			ch <- os.Interrupt
		}()
		return func() {}
	}
	t.Cleanup(func() { notifySignals = old })
}

// TestInterrupt_whileReadingTheWorkbook: Ctrl-C (and a second one) did
// nothing while agents plan or sms send read their workbook, which for a
// big or oddly made one takes minutes (one with a cell in column XFD on
// each of 26,000 rows: over 3 minutes); only kill -9 stopped it. The first
// interrupt now stops the reading, says so and exits 1, nothing written or
// sent.
func TestInterrupt_whileReadingTheWorkbook(t *testing.T) {
	t.Run("agents plan", func(t *testing.T) {
		interruptSoon(t)
		roster := slowWorkbook(t, demoRoster)
		ep := fakeEndpoint(t, importer.Backend{Agents: importertest.NewAgents()})
		start := time.Now()
		code, o, e := runCLI("agents", "plan", roster, "--endpoint", ep, "--access-token", "t")
		took := time.Since(start)
		if code != exitFailures || !strings.Contains(e, "ccsync agents plan: interrupted while planning; nothing was written") || took > 10*time.Second {
			t.Errorf("exit %d after %v, want 1 within 10 s, saying it was interrupted\n%s\n%s", code, took.Round(time.Millisecond), o, e)
		}
	})
	t.Run("sms send", func(t *testing.T) {
		interruptSoon(t)
		list := slowWorkbook(t, demoRecipients)
		s := importertest.NewSender()
		ep := fakeEndpoint(t, importer.Backend{Open: s})
		start := time.Now()
		code, o, e := runSMSCmd("send", list, "--template", "7", "--journal", filepath.Join(t.TempDir(), "j"), "--endpoint", ep, "--access-token", "t")
		took := time.Since(start)
		if code != exitFailures || !strings.Contains(e, "ccsync sms send: interrupted before the first batch; nothing was sent") || took > 10*time.Second || len(s.Sent) != 0 {
			t.Errorf("exit %d after %v, %d sent, want 1 within 10 s, none sent, saying it was interrupted\n%s\n%s", code, took.Round(time.Millisecond), len(s.Sent), o, e)
		}
	})
}
