// Command testsummary reads `go test -json` on standard input and prints what
// plain `go test` prints (the per-package `ok`/`FAIL` lines, the output of
// failed tests, build errors) followed by the counts plain `go test` does not
// give: tests passed, failed and skipped per package and in total, and every
// skipped test with its reason, so that a skip is never silent.
//
//	go test -json ./... | testsummary [-require-acc]
//
// It exits 1 when a package or test failed, when a build failed, or (with
// -require-acc) when an acceptance test was skipped because TF_ACC was unset.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"
)

// event is one line of `go test -json` (cmd/test2json).
type event struct {
	Time        time.Time
	Action      string
	Package     string
	Test        string
	Elapsed     float64
	Output      string
	ImportPath  string
	FailedBuild string
}

type counts struct{ pass, fail, skip, top int }

type skipped struct{ pkg, test, reason string }

type summary struct {
	out        io.Writer
	requireAcc bool

	testOutput map[string][]string // pkg + "\x00" + test → output lines
	pkgOutput  map[string][]string // pkg → package-level output lines
	perPkg     map[string]*counts
	pkgFailed  map[string]bool
	skips      []skipped
	total      counts
	failed     bool
	accSkipped bool
	packages   int
}

func main() {
	requireAcc := flag.Bool("require-acc", false, "fail when an acceptance test skipped because TF_ACC was not set")
	flag.Parse()
	s := newSummary(os.Stdout, *requireAcc)
	if err := s.read(os.Stdin); err != nil {
		fmt.Fprintf(os.Stderr, "testsummary: %v\n", err)
		os.Exit(1)
	}
	if !s.report() {
		os.Exit(1)
	}
}

func newSummary(out io.Writer, requireAcc bool) *summary {
	return &summary{
		out: out, requireAcc: requireAcc,
		testOutput: map[string][]string{}, pkgOutput: map[string][]string{},
		perPkg: map[string]*counts{}, pkgFailed: map[string]bool{},
	}
}

func (s *summary) read(r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<20), 16<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var ev event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &ev) != nil {
			// Not an event (e.g. a message of the go command): pass it on.
			fmt.Fprintln(s.out, string(line))
			continue
		}
		s.handle(ev)
	}
	return sc.Err()
}

func (s *summary) handle(ev event) {
	switch ev.Action {
	case "build-output":
		fmt.Fprint(s.out, ev.Output)
		return
	case "build-fail":
		s.failed = true
		return
	}
	if ev.Test == "" {
		s.handlePackage(ev)
		return
	}
	key := ev.Package + "\x00" + ev.Test
	switch ev.Action {
	case "output":
		s.testOutput[key] = append(s.testOutput[key], ev.Output)
	case "pass", "fail", "skip":
		c := s.pkg(ev.Package)
		top := !strings.Contains(ev.Test, "/")
		if top {
			c.top++
			s.total.top++
		}
		switch ev.Action {
		case "pass":
			c.pass++
			s.total.pass++
		case "fail":
			c.fail++
			s.total.fail++
			s.failed = true
			for _, l := range s.testOutput[key] {
				if !isProgress(l) {
					fmt.Fprint(s.out, l)
				}
			}
		case "skip":
			c.skip++
			s.total.skip++
			reason := skipReason(s.testOutput[key])
			s.skips = append(s.skips, skipped{ev.Package, ev.Test, reason})
			if strings.Contains(reason, "skipped unless env 'TF_ACC' set") {
				s.accSkipped = true
			}
		}
		delete(s.testOutput, key)
	}
}

func (s *summary) handlePackage(ev event) {
	switch ev.Action {
	case "output":
		s.pkgOutput[ev.Package] = append(s.pkgOutput[ev.Package], ev.Output)
	case "pass", "skip":
		s.packages++
		s.pkg(ev.Package)
		for _, l := range s.pkgOutput[ev.Package] {
			// Plain go test prints only the closing line of a passing package.
			if strings.HasPrefix(l, "ok ") || strings.HasPrefix(l, "?   ") {
				fmt.Fprint(s.out, l)
			}
		}
		delete(s.pkgOutput, ev.Package)
	case "fail":
		s.packages++
		s.pkg(ev.Package)
		s.pkgFailed[ev.Package] = true
		s.failed = true
		for _, l := range s.pkgOutput[ev.Package] {
			fmt.Fprint(s.out, l)
		}
		delete(s.pkgOutput, ev.Package)
	}
}

func (s *summary) pkg(name string) *counts {
	c := s.perPkg[name]
	if c == nil {
		c = &counts{}
		s.perPkg[name] = c
	}
	return c
}

// isProgress reports the RUN/PAUSE/CONT lines plain go test hides.
func isProgress(l string) bool {
	t := strings.TrimSpace(l)
	return strings.HasPrefix(t, "=== RUN") || strings.HasPrefix(t, "=== PAUSE") ||
		strings.HasPrefix(t, "=== CONT") || strings.HasPrefix(t, "=== NAME")
}

// skipReason is the last message a skipped test logged.
func skipReason(lines []string) string {
	for i := len(lines) - 1; i >= 0; i-- {
		t := strings.TrimSpace(lines[i])
		if t == "" || isProgress(t) || strings.HasPrefix(t, "--- SKIP") {
			continue
		}
		return t
	}
	return "(no reason given)"
}

// report prints the counts and returns whether everything passed.
func (s *summary) report() bool {
	w := s.out
	fmt.Fprintln(w)
	fmt.Fprintln(w, "== go test counts (passed/failed/skipped include subtests)")
	names := make([]string, 0, len(s.perPkg))
	width := len("package")
	for n := range s.perPkg {
		names = append(names, n)
		width = max(width, len(shortPkg(n)))
	}
	sort.Strings(names)
	fmt.Fprintf(w, "%-*s %9s %7s %7s %7s\n", width, "package", "top-level", "passed", "failed", "skipped")
	withTests := 0
	for _, n := range names {
		c := s.perPkg[n]
		if c.pass+c.fail+c.skip == 0 && !s.pkgFailed[n] {
			continue
		}
		mark := ""
		if s.pkgFailed[n] {
			mark = "  FAIL"
		}
		fmt.Fprintf(w, "%-*s %9d %7d %7d %7d%s\n", width, shortPkg(n), c.top, c.pass, c.fail, c.skip, mark)
		withTests++
	}
	if len(s.skips) > 0 {
		fmt.Fprintln(w, "skipped:")
		for _, sk := range s.skips {
			fmt.Fprintf(w, "  %s %s: %s\n", shortPkg(sk.pkg), sk.test, sk.reason)
		}
	}
	ok := !s.failed
	if s.requireAcc && s.accSkipped {
		fmt.Fprintln(w, "acceptance tests were skipped because TF_ACC is not set: they must run (make test sets TF_ACC=1)")
		ok = false
	}
	if s.packages == 0 {
		fmt.Fprintln(w, "no test results were read")
		ok = false
	}
	verdict := "PASS"
	if !ok {
		verdict = "FAIL"
	}
	fmt.Fprintf(w, "%s: %d tests passed, %d failed, %d skipped (%d top-level tests) in %d packages (%d with tests)\n",
		verdict, s.total.pass, s.total.fail, s.total.skip, s.total.top, s.packages, withTests)
	// The plain closing line CI runners read: "N passed, N failed, N skipped".
	fmt.Fprintf(w, "tests: %d passed, %d failed, %d skipped\n", s.total.pass, s.total.fail, s.total.skip)
	return ok
}

// shortPkg drops the module path, which every package shares.
func shortPkg(p string) string {
	const mod = "github.com/contactcenter/terraform-provider-contactcenter"
	if p == mod {
		return "."
	}
	return strings.TrimPrefix(p, mod+"/")
}
