package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// heldSender holds its first batch until release is closed, telling
// holding when it starts.
type heldSender struct {
	*importertest.Sender
	holding, release chan struct{}
	held             bool
}

func (s *heldSender) SendBatch(ctx context.Context, id, tag string, batch []importer.Recipient) (map[string]importer.Outcome, error) {
	if !s.held {
		s.held = true
		close(s.holding)
		<-s.release
	}
	return s.Sender.SendBatch(ctx, id, tag, batch)
}

// TestSMSSend_secondRunOnAJournalInUseRefused: two overlapping sends on
// one journal (a second started while the first, slowed by
// --max-requests-per-second, was still sending) both sent to every
// number: each recipient got the message twice. The second run now finds
// the journal locked and refuses at once, exit 1, saying another run is
// using it; it sends nothing. The default journal (no --journal) is
// locked the same way.
func TestSMSSend_secondRunOnAJournalInUseRefused(t *testing.T) {
	t.Parallel()
	s := &heldSender{Sender: importertest.NewSender(), holding: make(chan struct{}), release: make(chan struct{})}
	ep := fakeEndpoint(t, importer.Backend{Open: s})
	dir := t.TempDir()
	book := filepath.Join(dir, "rcpt.xlsx")
	b, err := os.ReadFile(demoRecipients)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(book, b, 0o600); err != nil {
		t.Fatal(err)
	}
	args := []string{"send", book, "--template", "7", "--batch-size", "10", "--endpoint", ep, "--access-token", "t"}
	type result struct {
		code int
		o, e string
	}
	done := make(chan result, 1)
	go func() {
		code, o, e := runSMSCmd(append(args, "--output", "json")...)
		done <- result{code, o, e}
	}()
	<-s.holding // the first run is sending its first batch

	journal := book + ".send-7-open.journal"
	for _, out := range []string{"json", "text"} {
		code, o, e := runSMSCmd(append(args, "--output", out)...)
		want := "another ccsync run is using the journal " + journal
		if code != exitFailures || !strings.Contains(e, want) || !strings.Contains(e, "wait for it to finish") {
			t.Errorf("--output %s: second run: exit %d, want 1 saying %q:\n%s\n%s", out, code, want, o, e)
		}
		if out == "json" {
			assertJSONError(t, o, want)
		}
	}
	close(s.release)
	first := <-done
	var res struct {
		Counts map[string]int `json:"counts"`
	}
	if err := json.Unmarshal([]byte(first.o), &res); err != nil || first.code != exitOK || res.Counts["sent"] != 24 {
		t.Fatalf("first run: exit %d %v\n%s\n%s", first.code, err, first.o, first.e)
	}
	for m, n := range s.Sent {
		if n != 1 {
			t.Errorf("%s sent %d times", m, n)
		}
	}
	// Once the first run is done, the journal is free.
	code, o, e := runSMSCmd(args...)
	if code != exitOK || !strings.Contains(o, "24 already sent") {
		t.Errorf("third run: exit %d\n%s\n%s", code, o, e)
	}
}
