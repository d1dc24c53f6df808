package main

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// TestSMSSend_textNamesTheRowsSettledFromRecords: a batch whose answer was
// lost (a job killed mid-send) is settled by the next run from the
// platform's send records; that run's text names those rows and how they
// were settled, where its summary only counted them "already sent" with
// the rows sent by the earlier batches. A run after it does not repeat it.
func TestSMSSend_textNamesTheRowsSettledFromRecords(t *testing.T) {
	t.Parallel()
	s := &scriptedSender{Sender: importertest.NewSender()}
	s.after = func(_ context.Context, n int) error {
		if n == 2 {
			return errors.New("read tcp: connection reset by peer")
		}
		return nil
	}
	ep := fakeEndpoint(t, importer.Backend{Open: s})
	journal := filepath.Join(t.TempDir(), "j")
	args := []string{"send", demoRecipients, "--template", "7", "--batch-size", "10", "--journal", journal, "--endpoint", ep, "--access-token", "t"}
	if code, o, e := runSMSCmd(args...); code != 1 || !strings.Contains(e, "batch 2/3 answer lost, in doubt") {
		t.Fatalf("first run: exit %d\n%s\n%s", code, o, e)
	}
	s.after = nil
	code, o, e := runSMSCmd(args...)
	want := "Recipients rows 13-22 (10 rows): already sent: sent before the interruption: the platform's send records show this template sent to it with these values; not sent again\n"
	if code != 0 || !strings.Contains(o, want) || !strings.Contains(o, "0 sent, 24 already sent") {
		t.Errorf("second run: exit %d, want 0 and %q\n%s\n%s", code, want, o, e)
	}
	if strings.Count(o, "already sent:") != 1 {
		t.Errorf("the rows the first run recorded as sent are listed as settled:\n%s", o)
	}
	if len(s.Twice()) > 0 {
		t.Errorf("sent twice: %v", s.Twice())
	}
	code, o, _ = runSMSCmd(args...)
	if code != 0 || strings.Contains(o, "sent before the interruption") {
		t.Errorf("third run: exit %d; it repeats the settling:\n%s", code, o)
	}
}
