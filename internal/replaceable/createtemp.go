package replaceable

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// CreateTemp is os.CreateTemp with the new file's mode: perm less the
// umask, where os.CreateTemp makes it 0600 (and a Chmod afterwards ignores
// the umask). It is for a file written beside the one it replaces and
// renamed over it (Rename): the last "*" of pattern is replaced by a random
// number, and a name already taken is tried again with another.
func CreateTemp(dir, pattern string, perm os.FileMode) (*os.File, error) {
	prefix, suffix := pattern, ""
	if i := strings.LastIndex(pattern, "*"); i >= 0 {
		prefix, suffix = pattern[:i], pattern[i+1:]
	}
	var err error
	for range 100 {
		name := filepath.Join(dir, prefix+strconv.FormatUint(uint64(rand.Uint32()), 10)+suffix) //nolint:gosec // G404: a unique name, not a secret
		var f *os.File
		f, err = os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm) //nolint:gosec // G304: the caller's folder
		if !errors.Is(err, os.ErrExist) {
			return f, err
		}
	}
	return nil, err
}
