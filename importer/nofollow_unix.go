//go:build unix

package importer

import "syscall"

// oNoFollow makes an open fail on a symbolic link, where it opened the
// file the link points at.
const oNoFollow = syscall.O_NOFOLLOW
