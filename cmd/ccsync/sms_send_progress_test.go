package main

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// scriptedSender is the in-memory sender with a hook per batch: before
// (n is 1-based) may end the batch with an error instead of sending it;
// after runs once the batch went out and may lose its answer.
type scriptedSender struct {
	*importertest.Sender
	mu     sync.Mutex
	n      int
	before func(ctx context.Context, n int) error
	after  func(ctx context.Context, n int) error
}

func (s *scriptedSender) SendBatch(ctx context.Context, id, tag string, b []importer.Recipient) (map[string]importer.Outcome, error) {
	s.mu.Lock()
	s.n++
	n := s.n
	s.mu.Unlock()
	if s.before != nil {
		if err := s.before(ctx, n); err != nil {
			return nil, err
		}
	}
	out, err := s.Sender.SendBatch(ctx, id, tag, b)
	if err == nil && s.after != nil {
		err = s.after(ctx, n)
	}
	return out, err
}

// TestSMSSend_progressSaysWhatHappenedToEachBatch: a batch whose answer
// was lost and a batch the platform refused are not reported "sent".
func TestSMSSend_progressSaysWhatHappenedToEachBatch(t *testing.T) {
	t.Parallel()
	s := &scriptedSender{Sender: importertest.NewSender()}
	s.before = func(_ context.Context, n int) error {
		if n == 3 {
			return &importer.Rejected{Err: errors.New("code 1016: template not approved")}
		}
		return nil
	}
	s.after = func(_ context.Context, n int) error {
		if n == 2 {
			return errors.New("read tcp: connection reset by peer")
		}
		return nil
	}
	ep := fakeEndpoint(t, importer.Backend{Open: s})
	journal := filepath.Join(t.TempDir(), "j")
	code, o, e := runSMSCmd("send", demoRecipients, "--template", "7", "--batch-size", "10", "--journal", journal, "--endpoint", ep, "--access-token", "t")
	if code != 1 || !strings.Contains(o, "10 sent") || !strings.Contains(o, "10 unknown") || !strings.Contains(o, "4 failed") {
		t.Fatalf("exit %d\n%s\n%s", code, o, e)
	}
	for _, want := range []string{
		"batch 1/3 sent: 10 numbers\n",
		"batch 2/3 answer lost, in doubt (10 numbers; the platform may have sent it; a run once the batch is 5 minutes old settles it): read tcp: connection reset by peer\n",
		"batch 3/3 refused, nothing sent (4 numbers): code 1016: template not approved\n",
	} {
		if !strings.Contains(e, want) {
			t.Errorf("stderr lacks %q:\n%s", want, e)
		}
	}
	for _, wrong := range []string{"batch 2/3 sent", "batch 3/3 sent"} {
		if strings.Contains(e, wrong) {
			t.Errorf("stderr says %q:\n%s", wrong, e)
		}
	}
}

// TestSMSSend_gatewayDoubtSaysHowItSettles: through the gateway, a batch
// whose answer was lost is settled by the next run from the gateway's
// delivery reports, whatever its age (the gateway keeps no send records).
// The progress line and each row said "a run once the batch is 5 minutes
// old settles it" and "through the open interface": a gateway user waited
// for nothing, and was not told that numbers without a report stay unknown
// unless --resend-unknown.
func TestSMSSend_gatewayDoubtSaysHowItSettles(t *testing.T) {
	t.Parallel()
	s := &scriptedSender{Sender: importertest.NewSender()}
	s.after = func(_ context.Context, n int) error {
		if n == 1 {
			return errors.New("HTTP 504: gateway timeout")
		}
		return nil
	}
	ep := fakeEndpoint(t, importer.Backend{Gateway: s})
	journal := filepath.Join(t.TempDir(), "j")
	code, o, e := runSMSCmd("send", demoRecipients, "--template", "7", "--via", "gateway", "--batch-size", "10", "--journal", journal,
		"--endpoint", ep, "--sms-app-id", "a", "--sms-app-key", "k")
	if code != 1 || !strings.Contains(o, "10 unknown") {
		t.Fatalf("exit %d\n%s\n%s", code, o, e)
	}
	settles := "a run once its delivery reports have arrived settles it from them; a number they do not show stays unknown, sent again only with --resend-unknown"
	if want := "batch 1/3 answer lost, in doubt (10 numbers; the platform may have sent it; " + settles + "): HTTP 504: gateway timeout\n"; !strings.Contains(e, want) {
		t.Errorf("stderr lacks %q:\n%s", want, e)
	}
	if want := "run again to reconcile: " + settles; !strings.Contains(o, want) {
		t.Errorf("stdout lacks %q:\n%s", want, o)
	}
	for _, wrong := range []string{"5 minutes", "open interface"} {
		if strings.Contains(o+e, wrong) {
			t.Errorf("a gateway send says %q:\n%s\n%s", wrong, o, e)
		}
	}
}
