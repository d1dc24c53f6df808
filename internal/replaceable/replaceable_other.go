//go:build !windows

package replaceable

import "os"

// Check returns nil outside Windows: a rename replaces a file whatever its
// mode and whoever has it open (see replaceable_windows.go).
func Check(string) error { return nil }

func rename(oldpath, newpath string) error { return os.Rename(oldpath, newpath) }
