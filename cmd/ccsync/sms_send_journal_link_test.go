package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// TestSMSSend_journalLink: a symbolic link planted beside the workbook (a
// shared folder) under the default journal's name was followed: the send
// appended its records to the file the link pointed at. The send refuses
// it, exit 2, naming the link and --journal, before anything is sent, and
// the file it points at is left as it was; so is a --journal that is one.
func TestSMSSend_journalLink(t *testing.T) {
	t.Parallel()
	rec := demoRecipientsCopy(t)
	victim := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(victim, []byte("someone else's notes\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	def := rec + ".send-7-open.journal"
	if err := os.Symlink(victim, def); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	named := filepath.Join(filepath.Dir(rec), "j")
	if err := os.Symlink(victim, named); err != nil {
		t.Fatal(err)
	}
	s := importertest.NewSender()
	ep := fakeEndpoint(t, importer.Backend{Open: s})
	for link, args := range map[string][]string{def: nil, named: {"--journal", named}} {
		code, o, e := runSMSCmd(append([]string{"send", rec, "--template", "7", "--endpoint", ep, "--access-token", "t"}, args...)...)
		if code != exitUsage || !strings.Contains(e, "the journal "+link+" is a symbolic link (to "+victim+")") || !strings.Contains(e, "name the file it points to with --journal") {
			t.Errorf("%v: exit %d\n%s\n%s\nwant exit 2 naming the link", args, code, o, e)
		}
	}
	if s.Batches != 0 {
		t.Errorf("%d batches sent", s.Batches)
	}
	if b, _ := os.ReadFile(victim); string(b) != "someone else's notes\n" {
		t.Errorf("the file the link points at now holds:\n%s", b)
	}
	// The library refuses it too (a program calling Send).
	err := importer.JournalLink(def)
	if err == nil || errors.Is(err, os.ErrNotExist) {
		t.Errorf("JournalLink: %v", err)
	}
}
