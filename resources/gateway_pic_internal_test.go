package resources

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestReadPic_bigFileNotReadWhole: a pic_file naming a big file (here a
// sparse 256 MiB one; a photo, a disk image, /dev/zero alike) was read
// whole into memory, at every plan, before it was refused for its size:
// /dev/zero took every byte of the machine. At most 769 bytes are read now,
// and the refusal still gives the file's size.
func TestReadPic_bigFileNotReadWhole(t *testing.T) {
	p := filepath.Join(t.TempDir(), "licence.png")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(256 << 20); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, _, err = readPic(p)
	runtime.ReadMemStats(&after)
	want := `pic_file "` + p + `" is 268435456 bytes, 357913944 characters in base64; the gateway's pic takes at most 1024 characters (its limit for the base64 text), so the image may be at most 768 bytes`
	if err == nil || err.Error() != want {
		t.Errorf("readPic: %v, want %q", err, want)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
		t.Errorf("readPic allocated %d MiB for a 256 MiB file it refuses; want it read no further than the limit", grew>>20)
	}
	// A device has no size to give: it is named by the limit.
	if _, err := os.Stat("/dev/zero"); err == nil {
		_, _, err := readPic("/dev/zero")
		if err == nil || !strings.Contains(err.Error(), `pic_file "/dev/zero" is more than 768 bytes;`) {
			t.Errorf("readPic(/dev/zero): %v", err)
		}
	}
}
