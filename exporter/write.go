package exporter

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
)

// ownedFiles are the files an export writes (and, with Force, replaces or
// removes): everything else in the folder is left alone.
func ownedFiles() []string {
	out := []string{"versions.tf", "imports.tf"}
	for _, k := range AllKinds {
		out = append(out, string(k)+".tf")
	}
	return out
}

// writeModule writes the files into a temporary folder beside Dir and
// moves them into place at the end, so a failure leaves Dir as it was.
//
// The module is the user's own Terraform configuration, to read, edit and
// commit like any other: its folders are 0755 and its files (the .tf files
// and the voice files under sounds/) 0644, before the umask, hence the
// gosec exceptions below.
func writeModule(opts Options, files []outFile) (err error) {
	dir := filepath.Clean(opts.Dir)
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil { //nolint:gosec // G301: a folder of the user's files (see above)
		return err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".ccsync-")
	if err != nil {
		return err
	}
	defer func() {
		if rmErr := os.RemoveAll(tmp); rmErr != nil && err == nil {
			err = rmErr
		}
	}()
	for _, f := range files {
		p := filepath.Join(tmp, filepath.FromSlash(f.name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil { //nolint:gosec // G301: a folder of the module (see above)
			return err
		}
		if err := os.WriteFile(p, f.content, 0o644); err != nil { //nolint:gosec // G306: a file of the module, for the user to read and edit (see above)
			return err
		}
	}
	if err := os.Chmod(tmp, 0o755); err != nil { //nolint:gosec // G302: MkdirTemp made it 0700; it becomes the module folder (see above)
		return err
	}
	_, statErr := os.Stat(dir)
	if errors.Is(statErr, os.ErrNotExist) {
		return os.Rename(tmp, dir)
	}
	// The folder exists (empty, or --force): move each file the export owns.
	names := make([]string, 0, len(files))
	for _, f := range files {
		names = append(names, f.name)
	}
	for _, name := range ownedFiles() {
		dst := filepath.Join(dir, name)
		if slices.Contains(names, name) {
			if err := os.Rename(filepath.Join(tmp, name), dst); err != nil {
				return err
			}
		} else if err := os.Remove(dst); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	// sounds/ is replaced whole: the old one is moved aside first.
	old := filepath.Join(tmp, "sounds.old")
	if err := os.Rename(filepath.Join(dir, "sounds"), old); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("replacing %s: %w", filepath.Join(dir, "sounds"), err)
	}
	if err := os.Rename(filepath.Join(tmp, "sounds"), filepath.Join(dir, "sounds")); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}
