//go:build !unix

package actions_test

import "errors"

// mkfifo: no named pipes in the file system here.
func mkfifo(string) error { return errors.ErrUnsupported }
