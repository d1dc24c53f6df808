package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
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

// TestVersion_ldflags builds both binaries as the Makefile and goreleaser do
// and checks that -X main.version reaches what they print: a variable that
// does not exist is silently ignored by the linker.
func TestVersion_ldflags(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two binaries; skipped with -short")
	}
	dir := t.TempDir()
	for _, b := range []struct{ name, pkg, flag, want string }{
		{"ccsync", ".", "--version", "ccsync 1.2.3-test\n"},
		{"terraform-provider-contactcenter", "../..", "-version", "terraform-provider-contactcenter 1.2.3-test\n"},
	} {
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
	}
}
