package client

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStreamedBody_fileChanged: a file read from its path into a request
// (a voice file) that changed size after the request took its length (a
// recording still being written) fails the attempt, naming the file,
// rather than sending a body that does not match its Content-Length; one
// that did not change is sent whole between the body's other parts.
func TestStreamedBody_fileChanged(t *testing.T) {
	src := filepath.Join(t.TempDir(), "hold.wav")
	write := func(n int) {
		if err := os.WriteFile(src, bytes.Repeat([]byte("a"), n), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	files := []FilePart{{Field: "sound", Path: src}}
	for _, tc := range []struct {
		now  int
		want string
	}{{100, ""}, {150, " grew while it was sent (it had 100 bytes)"}, {60, " shrank while it was sent (it had 100 bytes, 60 were read)"}} {
		write(100)
		s, err := streamedBody([]byte("headtail"), files, []int{4})
		if err != nil {
			t.Fatal(err)
		}
		write(tc.now)
		r := s.open()
		b, err := io.ReadAll(r)
		_ = r.Close()
		switch {
		case tc.want == "" && (err != nil || string(b) != "head"+strings.Repeat("a", 100)+"tail" || s.size != 108):
			t.Errorf("unchanged file: %q (size %d), %v", b, s.size, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), src+tc.want)):
			t.Errorf("file of %d bytes, was 100: %v, want an error saying %q", tc.now, err, tc.want)
		}
	}
}
