//go:build unix

package main

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

// watchSIGTERM makes the provider outlive a SIGTERM (outliveSIGTERM).
func watchSIGTERM() {
	term := make(chan os.Signal, 1)
	signal.Notify(term, syscall.SIGTERM)
	go outliveSIGTERM(term, os.Getppid(), os.Getppid, time.Second, func() { os.Exit(1) })
}

// outliveSIGTERM keeps the provider serving after a SIGTERM, for as long as
// the Terraform that started it (parent) runs, and calls exit once that
// Terraform is gone (getppid no longer answers parent: the provider was
// handed to init or a subreaper), checking every tick.
//
// CI runners and job time-outs stop a job with SIGTERM to its whole process
// group (GitLab, Jenkins, systemd, GNU timeout), so the provider gets the
// signal together with Terraform. Go's default for SIGTERM is to exit at
// once, and a create whose request the platform had carried out was then
// never answered: Terraform printed "Plugin did not respond", saved no state
// for the object, and the next apply failed on its unique name ("is taken":
// import it) or made a second one (outbound tasks). go-plugin already
// ignores SIGINT for this reason; Terraform itself handles the SIGTERM like
// Ctrl-C (it stops the provider's calls, which end "Interrupted", saves
// what they created, and then ends the provider itself, never by SIGTERM).
func outliveSIGTERM(sig <-chan os.Signal, parent int, getppid func() int, tick time.Duration, exit func()) {
	<-sig
	t := time.NewTicker(tick)
	defer t.Stop()
	for range t.C {
		if getppid() != parent {
			exit()
			return
		}
	}
}
