// Package replaceable tells whether a file ccsync is about to replace (it
// writes a new file beside it and renames it over it) can be replaced, so
// that a run refuses before its work rather than failing after it.
package replaceable

import "errors"

var (
	// ErrOpenElsewhere is wrapped by Check's error when another program
	// has the file open and does not let it be replaced (on Windows: Excel
	// keeps a workbook it shows open so, a media player the file it plays).
	ErrOpenElsewhere = errors.New("it is open in another program, which keeps it from being replaced")
	// ErrReadOnly is wrapped by Check's error when the file may not be
	// written (on Windows, a rename does not replace a read-only file).
	ErrReadOnly = errors.New("it is read-only or you may not write it")
)
