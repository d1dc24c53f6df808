package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/filelock"
)

// realTempDir is t.TempDir() with its symbolic links resolved (darwin's
// /var is /private/var).
func realTempDir(t *testing.T) string {
	t.Helper()
	d, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// runSecondSimulator runs `ccsync simulator --state state` while another
// holds it, and returns its exit code and stderr; one that serves is
// stopped after a while.
func runSecondSimulator(t *testing.T, state string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	var out, errb bytes.Buffer
	cmd := exec.CommandContext(ctx, os.Args[0], "simulator", "--listen", "127.0.0.1:0", "--state", state)
	cmd.Env = append(os.Environ(), "CCSYNC_TEST_MAIN=1")
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exitErr *exec.ExitError
	if !errors.As(err, &exitErr) {
		return 0, fmt.Sprintf("%v; stdout %q, stderr %q", err, out.String(), errb.String())
	}
	return exitErr.ExitCode(), errb.String()
}

// TestSimulatorCommandStateInUse_throughALink: a second simulator given
// the state file through a symbolic link (to the file, to its folder, a
// link to a file not written yet) took a lock of its own, <link>.lock, and
// both served; its first write replaced the link with a file of its own.
// The lock is the real file's: the second is refused, and the link stays a
// link to the file the first writes.
func TestSimulatorCommandStateInUse_throughALink(t *testing.T) {
	t.Parallel()
	dir := realTempDir(t)
	real := filepath.Join(dir, "data", "sim.json")
	if err := os.Mkdir(filepath.Dir(real), 0o700); err != nil {
		t.Fatal(err)
	}
	links := map[string]string{ // link → target
		"link.json":      "data/sim.json",
		"folder":         "data",
		"data/rel.json":  "../data/sim.json",
		"chain.json":     "folder/rel.json",
		"data/new.json":  "later.json", // a file not written yet
		"new-link.json":  "folder/new.json",
		"abs-link.json":  real,
		"data/self.json": "../folder/sim.json",
	}
	for link, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct{ first, second, file string }{
		{"data/sim.json", "link.json", real},
		{"link.json", "folder/sim.json", real},
		{"chain.json", "abs-link.json", real},
		{"folder/sim.json", "data/self.json", real},
		{"new-link.json", "data/later.json", filepath.Join(dir, "data", "later.json")},
	} {
		first := startSimulator(t, "--state", filepath.Join(dir, tc.first))
		if got := call(t, "POST", first.urls["portal_url"]+"/v2/svcapi/queue/add", "sim-token", `{"que_name":"Kept","que_priority":1}`); !strings.Contains(got, `"code":200`) {
			t.Fatalf("add: %s", got)
		}
		code, stderr := runSecondSimulator(t, filepath.Join(dir, tc.second))
		want := "is in use by another simulator (it holds " + tc.file + ".lock until it stops)"
		if code != exitUsage || !strings.Contains(stderr, want) {
			t.Errorf("first on %s, second on %s: exit %d, stderr %q; want exit 2 and %q", tc.first, tc.second, code, stderr, want)
		}
		first.stop(t, os.Interrupt)
		if !strings.Contains(first.out.String(), "(the file "+tc.file+")") && tc.first != "data/sim.json" {
			t.Errorf("first on %s does not name the file it writes:\n%s", tc.first, first.out.String())
		}
		b, err := os.ReadFile(tc.file)
		if err != nil || !strings.Contains(string(b), `"Kept"`) {
			t.Errorf("first on %s: %s holds %.80q (%v), want the queue added", tc.first, tc.file, b, err)
		}
		_ = os.Remove(tc.file)
	}
	for link := range links {
		if fi, err := os.Lstat(filepath.Join(dir, link)); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a link (%v)", link, err)
		}
	}
}

// TestResolveStatePath: the real file for every name of it, and a file
// not written yet in its folder's real path; a link loop is an error.
func TestResolveStatePath(t *testing.T) {
	t.Parallel()
	dir := realTempDir(t)
	for _, l := range [][2]string{{"real", "d"}, {"d/x.json", "y.json"}, {"loop1", "loop2"}, {"loop2", "loop1"}} {
		if l[0] == "real" {
			if err := os.Mkdir(filepath.Join(dir, l[1]), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(l[1], filepath.Join(dir, "lnk")); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.Symlink(l[1], filepath.Join(dir, l[0])); err != nil {
			t.Fatal(err)
		}
	}
	for in, want := range map[string]string{
		"lnk/none.json":   filepath.Join(dir, "d", "none.json"),
		"lnk/x.json":      filepath.Join(dir, "d", "y.json"),
		"nosuch/s.json":   filepath.Join(dir, "nosuch", "s.json"),
		"lnk/../d/a.json": filepath.Join(dir, "d", "a.json"),
	} {
		got, err := resolveStatePath(filepath.Join(dir, in))
		if err != nil || got != want {
			t.Errorf("%s: %q, %v; want %q", in, got, err, want)
		}
	}
	if got, err := resolveStatePath(filepath.Join(dir, "loop1")); err == nil {
		t.Errorf("a link loop resolved to %q", got)
	}
}

// TestLockStateFile_noLocksWarns: on a file system without locks
// (flock's ENOLCK, ENOSYS, ...), the simulator ran unlocked without a word
// (ENOLCK, EOPNOTSUPP) or refused to start (ENOSYS, EINVAL). It starts and
// says on stderr that the file is not locked.
func TestLockStateFile_noLocksWarns(t *testing.T) {
	t.Parallel()
	state := filepath.Join(realTempDir(t), "sim.json")
	var stderr bytes.Buffer
	noLocks := func(*os.File) error { return fmt.Errorf("%w (flock: %w)", filelock.ErrNoLocks, syscall.ENOSYS) }
	unlock, err := lockStateFile(state, state, noLocks, &stderr)
	if err != nil {
		t.Fatalf("lockStateFile: %v", err)
	}
	unlock()
	want := "ccsync simulator: warning: --state " + state + " is not locked: " + state + ".lock cannot be locked (its file system takes no locks (flock: function not implemented)); " +
		"a second simulator on the same file is not refused"
	if !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("stderr %q, want %q…", stderr.String(), want)
	}
}
