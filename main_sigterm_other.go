//go:build !unix

package main

// watchSIGTERM does nothing where the process group's SIGTERM does not
// come (Windows: a console's close ends the processes, and the parent's
// process id does not change when it ends, so nothing could tell when
// Terraform is gone).
func watchSIGTERM() {}
