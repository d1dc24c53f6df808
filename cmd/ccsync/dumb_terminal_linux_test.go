package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// openPTY opens a pseudo-terminal: the side a program writes to (a
// terminal to it) and the side that reads what it shows.
func openPTY(t *testing.T) (term, screen *os.File) {
	t.Helper()
	screen, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, screen.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Skipf("unlockpt: %v", e)
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, screen.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Skipf("ptsname: %v", e)
	}
	term, err = os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("open the terminal's side: %v", err)
	}
	t.Cleanup(func() { _ = term.Close(); _ = screen.Close() })
	return term, screen
}

// TestProgress_dumbTerminal: on a terminal with TERM=dumb (Emacs's shell,
// a CI log under a pseudo-terminal), the progress bar's carriage returns
// piled every redraw on one line. There progress is plain lines, as in a
// file; any other terminal still gets the bar.
func TestProgress_dumbTerminal(t *testing.T) {
	for _, tc := range []struct {
		term string
		bar  bool
	}{{"dumb", false}, {"xterm-256color", true}} {
		t.Run(tc.term, func(t *testing.T) {
			t.Setenv("TERM", tc.term)
			term, screen := openPTY(t)
			shown := make(chan []byte)
			go func() {
				var b bytes.Buffer
				_, _ = io.Copy(&b, screen) // until the terminal's side is closed
				shown <- b.Bytes()
			}()
			s := importertest.NewSender()
			ep := fakeEndpoint(t, importer.Backend{Open: s})
			var out bytes.Buffer
			code := run([]string{"sms", "send", demoRecipients, "--template", "7", "--batch-size", "5",
				"--journal", filepath.Join(t.TempDir(), "j"), "--endpoint", ep, "--access-token", "t"}, &out, term)
			_ = term.Close()
			got := string(<-shown)
			if code != exitOK {
				t.Fatalf("exit %d\n%s\n%s", code, out.String(), got)
			}
			if bar := strings.Contains(got, "\r["); bar != tc.bar || (!tc.bar && !strings.Contains(got, "batch 1/5 sent: 5 numbers")) {
				t.Errorf("TERM=%s: bar drawn %v, want %v; the terminal shows:\n%q", tc.term, bar, tc.bar, got)
			}
		})
	}
}
