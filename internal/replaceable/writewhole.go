package replaceable

import (
	"os"
	"path/filepath"
)

// WriteWhole writes the file p whole: write fills a temporary file beside
// it (named by pattern and made perm less the umask, see CreateTemp), which
// is then closed and renamed over p (Rename), so a reader never sees half a
// file. Until the rename the temporary file is removed on the way out: a
// failure leaves no partly written file behind. The error is write's first,
// else the close's, else the rename's.
func WriteWhole(p, pattern string, perm os.FileMode, write func(*os.File) error) error {
	tmp, err := CreateTemp(filepath.Dir(p), pattern, perm)
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after a successful rename there is nothing left to remove
	err = write(tmp)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return Rename(tmp.Name(), p)
}
