package main

import (
	"bytes"
	"strings"
	"testing"
)

const stream = `{"Action":"start","Package":"m/a"}
{"Action":"run","Package":"m/a","Test":"TestOne"}
{"Action":"output","Package":"m/a","Test":"TestOne","Output":"=== RUN   TestOne\n"}
{"Action":"output","Package":"m/a","Test":"TestOne","Output":"--- PASS: TestOne (0.00s)\n"}
{"Action":"pass","Package":"m/a","Test":"TestOne"}
{"Action":"run","Package":"m/a","Test":"TestTwo/sub"}
{"Action":"pass","Package":"m/a","Test":"TestTwo/sub"}
{"Action":"pass","Package":"m/a","Test":"TestTwo"}
{"Action":"output","Package":"m/a","Test":"TestAccX_cli","Output":"    tfversion_checks.go:27: Terraform CLI version 1.11.4 is below minimum version 1.14.0: skipping test\n"}
{"Action":"output","Package":"m/a","Test":"TestAccX_cli","Output":"--- SKIP: TestAccX_cli (0.01s)\n"}
{"Action":"skip","Package":"m/a","Test":"TestAccX_cli"}
{"Action":"output","Package":"m/a","Output":"PASS\n"}
{"Action":"output","Package":"m/a","Output":"ok  \tm/a\t0.123s\n"}
{"Action":"pass","Package":"m/a"}
`

func TestSummary_pass(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	s := newSummary(&out, true)
	if err := s.read(strings.NewReader(stream)); err != nil {
		t.Fatal(err)
	}
	if !s.report() {
		t.Errorf("report() = false, want true; output:\n%s", out.String())
	}
	got := out.String()
	for _, want := range []string{
		"ok  \tm/a\t0.123s\n",
		"m/a TestAccX_cli: tfversion_checks.go:27: Terraform CLI version 1.11.4 is below minimum version 1.14.0: skipping test",
		"PASS: 3 tests passed, 0 failed, 1 skipped (3 top-level tests) in 1 packages (1 with tests)",
		"\ntests: 3 passed, 0 failed, 1 skipped\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "=== RUN") || strings.Contains(got, "--- PASS") {
		t.Errorf("output shows progress of passing tests:\n%s", got)
	}
}

func TestSummary_failAndAccSkip(t *testing.T) {
	t.Parallel()
	in := `{"Action":"output","Package":"m/b","Test":"TestBad","Output":"=== RUN   TestBad\n"}
{"Action":"output","Package":"m/b","Test":"TestBad","Output":"    b_test.go:9: want 1, got 2\n"}
{"Action":"output","Package":"m/b","Test":"TestBad","Output":"--- FAIL: TestBad (0.00s)\n"}
{"Action":"fail","Package":"m/b","Test":"TestBad"}
{"Action":"output","Package":"m/b","Test":"TestAccY","Output":"    testing.go:971: Acceptance tests skipped unless env 'TF_ACC' set\n"}
{"Action":"skip","Package":"m/b","Test":"TestAccY"}
{"Action":"output","Package":"m/b","Output":"FAIL\n"}
{"Action":"output","Package":"m/b","Output":"FAIL\tm/b\t0.2s\n"}
{"Action":"fail","Package":"m/b"}
go: some message that is not JSON
`
	var out bytes.Buffer
	s := newSummary(&out, true)
	if err := s.read(strings.NewReader(in)); err != nil {
		t.Fatal(err)
	}
	if s.report() {
		t.Errorf("report() = true, want false")
	}
	got := out.String()
	for _, want := range []string{
		"b_test.go:9: want 1, got 2", "--- FAIL: TestBad", "FAIL\tm/b\t0.2s", "go: some message that is not JSON",
		"acceptance tests were skipped because TF_ACC is not set", "FAIL: 0 tests passed, 1 failed, 1 skipped",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
}

func TestSummary_empty(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	s := newSummary(&out, false)
	if err := s.read(strings.NewReader("")); err != nil {
		t.Fatal(err)
	}
	if s.report() {
		t.Error("report() on no input = true, want false")
	}
}
