package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestVersionCommand(t *testing.T) {
	tests := map[string]struct {
		args             []string
		code             int
		stdout, inStderr string
		inStdout         string // instead of stdout
	}{
		"version":         {args: []string{"version"}, code: exitOK, stdout: "ccsync dev\n"},
		"--version":       {args: []string{"--version"}, code: exitOK, stdout: "ccsync dev\n"},
		"-version":        {args: []string{"-version"}, code: exitOK, stdout: "ccsync dev\n"},
		"extra argument":  {args: []string{"version", "x"}, code: exitUsage, inStderr: `unexpected argument "x"`},
		"listed in usage": {args: []string{"help"}, code: exitOK, inStdout: "  version      print the version of ccsync"},
		// Help asked for goes to stdout; --help was refused as an argument.
		"--help": {args: []string{"version", "--help"}, code: exitOK, inStdout: "usage: ccsync version"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(tc.args, &stdout, &stderr)
			if code != tc.code {
				t.Errorf("exit code %d, want %d (stderr %q)", code, tc.code, stderr.String())
			}
			if tc.inStdout != "" {
				if !strings.Contains(stdout.String(), tc.inStdout) {
					t.Errorf("stdout %q does not contain %q", stdout.String(), tc.inStdout)
				}
			} else if diff := cmp.Diff(tc.stdout, stdout.String()); diff != "" {
				t.Errorf("stdout (-want +got):\n%s", diff)
			}
			if !bytes.Contains(stderr.Bytes(), []byte(tc.inStderr)) {
				t.Errorf("stderr %q does not contain %q", stderr.String(), tc.inStderr)
			}
		})
	}
}

// TestVersion_buildInfo: a `go install .../cmd/ccsync@v1.4.0` build sets
// no -X main.version and printed "ccsync dev"; it prints the module's
// version Go recorded. A build from a work tree ("(devel)") is still dev,
// and -X main.version still wins. Not parallel: it replaces readBuildInfo.
func TestVersion_buildInfo(t *testing.T) {
	old := readBuildInfo
	t.Cleanup(func() { readBuildInfo = old })
	for _, tc := range []struct{ recorded, ldflags, want string }{
		{"v1.4.0", "dev", "ccsync 1.4.0\n"},
		{"(devel)", "dev", "ccsync dev\n"},
		{"v1.4.0", "1.5.0", "ccsync 1.5.0\n"},
	} {
		readBuildInfo = func() (*debug.BuildInfo, bool) {
			return &debug.BuildInfo{Main: debug.Module{Path: "github.com/contactcenter/terraform-provider-contactcenter", Version: tc.recorded}}, true
		}
		saved := version
		version = tc.ldflags
		code, out, e := runCLI("version")
		version = saved
		if code != exitOK || out != tc.want {
			t.Errorf("recorded %s, -X %s: exit %d, stdout %q, stderr %q; want %q", tc.recorded, tc.ldflags, code, out, e, tc.want)
		}
	}
}

// TestVersion_ldflags builds both binaries as the Makefile and goreleaser do
// and checks that -X main.version reaches what they print: a variable that
// does not exist is silently ignored by the linker.
func TestVersion_ldflags(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds two binaries; skipped with -short")
	}
	dir := t.TempDir()
	for _, b := range []struct{ name, pkg, flag, want string }{
		{"ccsync", ".", "--version", "ccsync 1.2.3-test\n"},
		{"terraform-provider-contactcenter", "../..", "-version", "terraform-provider-contactcenter 1.2.3-test\n"},
	} {
		// The two builds (mostly their links) run side by side: one after
		// the other they were this package's longest test.
		t.Run(b.name, func(t *testing.T) {
			t.Parallel()
			bin := filepath.Join(dir, b.name)
			build := exec.CommandContext(t.Context(), "go", "build", "-ldflags", "-X main.version=1.2.3-test", "-o", bin, b.pkg)
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("go build %s: %v\n%s", b.pkg, err, out)
			}
			out, err := exec.CommandContext(t.Context(), bin, b.flag).Output()
			if err != nil {
				t.Fatalf("%s %s: %v", b.name, b.flag, err)
			}
			if diff := cmp.Diff(b.want, string(out)); diff != "" {
				t.Errorf("%s %s (-want +got):\n%s", b.name, b.flag, diff)
			}
		})
	}
}
