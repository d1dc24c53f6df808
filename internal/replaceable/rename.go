package replaceable

// Rename is os.Rename, with this: on Windows, a rename that fails because
// another program has one of the two files open for a moment (a virus
// scanner or the search indexer reading the file just written, a reader of
// the file being replaced) is tried again for up to 2 seconds, as Go's own
// tools do (cmd/go/internal/robustio): the simulator's --state file was
// left unwritten whenever a reader had it open at the write, and every
// file ccsync writes beside another and renames over it could fail so.
// Elsewhere it is os.Rename: a rename there does not fail on an open file.
func Rename(oldpath, newpath string) error { return rename(oldpath, newpath) }
