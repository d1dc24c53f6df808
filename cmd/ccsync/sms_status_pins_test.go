package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSMSStatusPull_secondRunAppends: the gateway hands each record out
// once, so a second pull into the same --out file keeps the first run's lines.
func TestSMSStatusPull_secondRunAppends(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	out := filepath.Join(t.TempDir(), "status.jsonl")
	pull := func() {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"sms", "status", "pull", "--kind", "delivery", "--out", out}, e.conn()...), &stdout, &stderr); code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
	}
	first := e.send(t, 3)
	pull()
	second := e.send(t, 2)
	pull()
	seen := map[string]bool{}
	lines := readLines(t, out)
	for _, l := range lines {
		seen[smsID(l)] = true
	}
	if len(lines) != 5 {
		t.Fatalf("%d lines after two pulls, want 5 (3 then 2): the second run must keep the first run's lines", len(lines))
	}
	for _, id := range append(first, second...) {
		if !seen[id] {
			t.Errorf("delivery record of %s missing after the second pull (the first run's lines must be kept)", id)
		}
	}
}

// TestSMSStatusPull_outDash: --out - writes the records to stdout and
// creates no file named "-". Not parallel: it changes the working directory.
func TestSMSStatusPull_outDash(t *testing.T) {
	e := newSMSEnv(t)
	dir := t.TempDir()
	t.Chdir(dir)
	e.send(t, 2)
	var stdout, stderr bytes.Buffer
	if code := run(append([]string{"sms", "status", "pull", "--kind", "delivery", "--out", "-"}, e.conn()...), &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "-")); err == nil {
		t.Errorf(`--out - created a file named "-"`)
	}
	n := 0
	for _, s := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
		var l statusLine
		if err := json.Unmarshal([]byte(s), &l); err != nil || l.Kind != "delivery" {
			t.Fatalf("stdout line %q is not a delivery record (%v)", s, err)
		}
		n++
	}
	if n != 2 {
		t.Errorf("%d records on stdout, want 2:\n%s", n, stdout.String())
	}
}

// TestSMSStatusPull_maxZero: --max 0 is a usage error.
func TestSMSStatusPull_maxZero(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"sms", "status", "pull", "--max", "0"}, e.conn()...), &stdout, &stderr)
	if code != exitUsage || !strings.Contains(stderr.String(), "--max must be from 1 to 100, got 0") {
		t.Errorf("exit %d, stderr %q; want exit %d and %q", code, stderr.String(), exitUsage, "--max must be from 1 to 100, got 0")
	}
}

// TestSMSStatusListen_getRefused: the listener takes POSTs only; a GET is
// answered 405 and stores nothing.
func TestSMSStatusListen_getRefused(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "pushes.jsonl")
	w, err := openJSONL(out, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	srv := httptest.NewServer(&statusListener{out: w, stderr: &bytes.Buffer{}})
	defer srv.Close()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, srv.URL+`?smsId=1&state=0`, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET answered %d, want 405", resp.StatusCode)
	}
	if lines := readLines(t, out); len(lines) != 0 {
		t.Errorf("a GET stored %v", lines)
	}
}

// TestPushKind: a record is delivery, reply or file only with all the fields
// that kind has (§6.2–6.4); anything else is unknown.
func TestPushKind(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		`{"smsId":"1","mobile":"13700000000","state":0}`:            "delivery",
		`{"state":0,"mobile":"13700000000"}`:                        "unknown",
		`{"smsText":"hi","mobile":"13700000000","timeDelivered":1}`: "reply",
		`{"smsId":"1","smsText":"hi","time":"2024-01-01 00:00:00"}`: "file",
		`{"smsText":"hi","time":"2024-01-01 00:00:00"}`:             "unknown",
		`{}`: "unknown",
	}
	for body, want := range cases {
		var rec map[string]json.RawMessage
		if err := json.Unmarshal([]byte(body), &rec); err != nil {
			t.Fatal(err)
		}
		if got := pushKind(rec); got != want {
			t.Errorf("pushKind(%s) = %q, want %q", body, got, want)
		}
	}
}

// TestSMSStatusPull_failedCountSaysSo: a pull refused (a wrong app key)
// printed "delivery: 0 records" after its error, which reads like a queue
// found empty; the count says the pull failed.
func TestSMSStatusPull_failedCountSaysSo(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	var stdout, stderr bytes.Buffer
	code := run([]string{"sms", "status", "pull", "--kind", "delivery", "--out", filepath.Join(t.TempDir(), "s.jsonl"),
		"--endpoint", e.url, "--app-id", "sim-app", "--app-key", "not-the-key"}, &stdout, &stderr)
	if code != exitFailures || !strings.Contains(stderr.String(), "delivery: 0 records taken before the pull failed") ||
		strings.Contains(stderr.String(), "delivery: 0 records\n") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr.String())
	}
}
