package main

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// slowShapeWorkbook copies the workbook src with one more XML part, not
// used by the workbook, of 400 MiB of empty elements ("<a/>"): ccsync's
// check of the workbook's shape, which reads every XML part, takes seconds
// over it.
func slowShapeWorkbook(t *testing.T, src string) string {
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
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) { return flate.NewWriter(w, flate.BestSpeed) })
	for _, zf := range zr.File {
		if err := zw.Copy(zf); err != nil {
			t.Fatal(err)
		}
	}
	w, err := zw.Create("xl/filler.xml")
	if err != nil {
		t.Fatal(err)
	}
	block := bytes.Repeat([]byte("<a/>"), 1<<18) // 1 MiB
	for range 400 {
		if _, err := w.Write(block); err != nil {
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

// TestInterrupt_whileCheckingTheWorkbooksShape: before it reads a
// workbook's rows, ccsync checks every XML part of it (importer's
// checkWorkbookShape) and scans its worksheet for hidden rows and merged
// cells; over a big workbook these take seconds, and Ctrl-C waited for
// their end. The interrupt now stops them at once, with the words of an
// interrupted reading.
//
// The interrupt comes once ccsync has had the workbook open (the check is
// its first reading of it) for 200 ms of CPU, in the middle of the check,
// not 300 ms of wall clock after it starts; and how fast ccsync stops is
// the CPU time it spends after the interrupt. On a loaded machine the wall
// clock counted the time the process waited for a CPU ("exit 1 after
// 2.321s, want 1 within 1.5 s", 1 run in 5 with 6 busy loops). Not
// interrupted, this plan costs 1.8 to 2.5 s of CPU, most of it the check;
// stopped, it costs well under a millisecond after the interrupt.
func TestInterrupt_whileCheckingTheWorkbooksShape(t *testing.T) {
	roster := slowShapeWorkbook(t, demoRoster)
	opened, since := openedHere(roster), time.Duration(-1)
	sent := interruptWhen(t, func() bool {
		if since < 0 && opened() {
			since = processCPU()
		}
		return since >= 0 && processCPU()-since >= 200*time.Millisecond
	})
	ep := fakeEndpoint(t, importer.Backend{Agents: importertest.NewAgents()})
	code, o, e := runCLI("agents", "plan", roster, "--endpoint", ep, "--access-token", "t")
	cpu, end := processCPU(), time.Now()
	var m stopMark
	select {
	case m = <-sent:
	default:
		t.Fatalf("exit %d before any interrupt: ccsync never had the workbook open\n%s\n%s", code, o, e)
	}
	cpu, took := cpu-m.cpu, end.Sub(m.at)
	if code != exitFailures || !strings.Contains(e, "ccsync agents plan: interrupted while planning; nothing was written") || cpu > 300*time.Millisecond {
		t.Errorf("exit %d, %v of CPU (%v of wall clock) after the interrupt, want 1 within 300 ms of CPU, saying it was interrupted\n%s\n%s",
			code, cpu.Round(time.Millisecond), took.Round(time.Millisecond), o, e)
	}
	t.Logf("stopped %v of CPU, %v of wall clock after the interrupt", cpu.Round(time.Microsecond), took.Round(time.Microsecond))
}
