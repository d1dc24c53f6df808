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
func TestInterrupt_whileCheckingTheWorkbooksShape(t *testing.T) {
	roster := slowShapeWorkbook(t, demoRoster)
	interruptSoon(t)
	ep := fakeEndpoint(t, importer.Backend{Agents: importertest.NewAgents()})
	start := time.Now()
	code, o, e := runCLI("agents", "plan", roster, "--endpoint", ep, "--access-token", "t")
	took := time.Since(start)
	if code != exitFailures || !strings.Contains(e, "ccsync agents plan: interrupted while planning; nothing was written") || took > 1500*time.Millisecond {
		t.Errorf("exit %d after %v, want 1 within 1.5 s (interrupted after 0.3 s), saying it was interrupted\n%s\n%s", code, took.Round(time.Millisecond), o, e)
	}
}
