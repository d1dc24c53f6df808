package simulator

import (
	"slices"
	"strings"
	"testing"
)

// The simulator's own copies of the spec's rules, pinned from the spec text
// (not from the client's copies).

func TestGatewaySignatureVector(t *testing.T) {
	t.Parallel()
	// Computed with: printf 'appKey=sim-key&random=5f3a9c&time=1700000000000' | sha256sum
	cases := map[string]struct{ key, random, ts, want string }{
		"sample": {"sim-key", "5f3a9c", "1700000000000", "b4cf07a08fdcab60ad123047548050a89f4f704cf1b629540375e428890711e0"},
		"empty":  {"K3y", "", "0", "80b353b2b8eb603a9e3bc46fdb86baf629cd66fec150244359bc3024284ec2ef"},
	}
	for name, tc := range cases {
		if got := gatewaySignature(tc.key, tc.random, tc.ts); got != tc.want {
			t.Errorf("%s: %s, want %s", name, got, tc.want)
		}
	}
}

func TestTemplateVars(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		text string
		want []string
		err  string
	}{
		"none":             {"Hello", nil, ""},
		"order of use":     {"${b} and ${a}, again ${b}", []string{"b", "a"}, ""},
		"adjacent":         {"${a}${b}", []string{"a", "b"}, ""},
		"dollar alone":     {"costs $5 {x}", nil, ""},
		"unterminated":     {"Hi ${name", nil, "unterminated"},
		"empty":            {"Hi ${}", nil, "empty or malformed"},
		"blank":            {"Hi ${  }", nil, "empty or malformed"},
		"nested":           {"Hi ${a${b}", nil, "empty or malformed"},
		"after a good one": {"${a} ${", []string{"a"}, "unterminated"},
	}
	for name, tc := range cases {
		got, err := templateVars(tc.text)
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%s: error %v, want %q", name, err, tc.err)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", name, got, tc.want)
		}
	}
}

func TestIsMobile(t *testing.T) {
	t.Parallel()
	for m, want := range map[string]bool{
		"13800138000": true, "19912345678": true, "+8613800138000": true, "8613800138000": true,
		"12800138000": false, "23800138000": false, "1380013800": false, "138001380000": false,
		"1380013800a": false, "+13800138000": false, "+86 13800138000": false, "": false,
		"+861380013800": false, "86138001380001": false, "１3800138000": false,
	} {
		if got := isMobile(m); got != want {
			t.Errorf("isMobile(%q) = %v, want %v", m, got, want)
		}
	}
	for s, want := range map[string]bool{"0": true, "0123456789": true, "": false, "1a": false, "-1": false, "١": false} {
		if got := onlyDigits(s); got != want {
			t.Errorf("onlyDigits(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestParseSendFile(t *testing.T) {
	t.Parallel()
	got, err := parseSendFile([]byte("13800000001 Ann%20Lee P%2F1\r\n\n  \n13800000002\n13800000003  a   b\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []fileLine{{"13800000001", []string{"Ann Lee", "P/1"}}, {"13800000002", nil}, {"13800000003", []string{"a", "b"}}}
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i].mobile != want[i].mobile || !slices.Equal(got[i].params, want[i].params) {
			t.Errorf("line %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if _, err := parseSendFile([]byte("13800000001 ok\n13800000002 50%\n")); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("bad escape: %v, want an error naming line 2", err)
	}
	if got, err := parseSendFile(nil); err != nil || len(got) != 0 {
		t.Errorf("empty file: %v %v", got, err)
	}
}

func TestCheckCallStartRange(t *testing.T) {
	t.Parallel()
	cases := map[string]struct{ begin, end, err string }{
		"both empty":           {"", "", ""},
		"one end":              {"2026-01-01 00:00:00", "", ""},
		"same instant":         {"2026-01-01 00:00:00", "2026-01-01 00:00:00", ""},
		"exactly a month":      {"2026-01-01 00:00:00", "2026-02-01 00:00:00", ""},
		"a second over":        {"2026-01-01 00:00:00", "2026-02-01 00:00:01", "longer than one month"},
		"jan 31 to feb 28":     {"2026-01-31 10:00:00", "2026-02-28 10:00:00", ""},
		"jan 31 past feb":      {"2026-01-31 10:00:00", "2026-03-01 00:00:00", "longer than one month"},
		"leap year feb 29":     {"2028-01-31 00:00:00", "2028-02-29 00:00:00", ""},
		"december to january":  {"2025-12-31 23:00:00", "2026-01-31 23:00:00", ""},
		"december over":        {"2025-12-31 23:00:00", "2026-01-31 23:00:01", "longer than one month"},
		"reversed":             {"2026-01-02 00:00:00", "2026-01-01 00:00:00", "is after"},
		"bad begin":            {"2026-01-02", "2026-01-03 00:00:00", "time_start_begin"},
		"bad end":              {"2026-01-02 00:00:00", "tomorrow", "time_start_end"},
		"bad begin, end empty": {"x", "", "time_start_begin"},
	}
	for name, tc := range cases {
		err := checkCallStartRange(tc.begin, tc.end)
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%s: %v, want %q", name, err, tc.err)
		}
	}
}

// render fills in one pass: a value holding another variable is not filled
// again, whatever the order of the params map (it was ReplaceAll over the
// map, so the result changed from run to run).
func TestRenderOnePass(t *testing.T) {
	t.Parallel()
	bs := strings.Repeat("b", 200)
	cases := map[string]struct {
		text   string
		params map[string]string
		want   string
	}{
		"value holds a variable": {"X${a}Y${b}", map[string]string{"a": "${b}", "b": bs}, "X${b}Y" + bs},
		"value holds itself":     {"${a}${a}", map[string]string{"a": "${a}"}, "${a}${a}"},
		"values swap":            {"${a}-${b}", map[string]string{"a": "${b}", "b": "${a}"}, "${b}-${a}"},
		"no value":               {"Hi ${a} ${b}", map[string]string{"a": "Ann"}, "Hi Ann ${b}"},
		"unclosed":               {"Hi ${a} ${b", map[string]string{"a": "Ann", "b": "x"}, "Hi Ann ${b"},
		"ends at the first }":    {"${a}}", map[string]string{"a": "1"}, "1}"},
		"dollar alone":           {"$5 ${a}$", map[string]string{"a": "1"}, "$5 1$"},
	}
	for name, tc := range cases {
		for range 100 {
			if got := render(tc.text, tc.params); got != tc.want {
				t.Fatalf("%s: render(%q) = %q, want %q", name, tc.text, got, tc.want)
			}
		}
	}
}
