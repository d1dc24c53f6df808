package importer

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// A dry run after a run that left numbers in doubt told each of them
// "Check delivery reports, then run again with --resend-unknown": through
// the open interface, which settles them from its send records without
// --resend-unknown, and also to a dry run given --resend-unknown. It says
// what a send does with them instead.
func TestSend_dryRunSaysWhatASendDoesWithDoubt(t *testing.T) {
	t.Parallel()
	list, _, _ := ReadRecipients(recipientsBook(t, 3), []string{"name", "date"}, "open")
	s := newFakeSender()
	jpath := filepath.Join(t.TempDir(), "j")
	opts := SendOptions{TemplateID: "7", Journal: jpath, crashAfterSend: 1}
	if _, err := Send(context.Background(), s, list, opts); !errors.Is(err, errCrash) {
		t.Fatalf("first run: %v", err)
	}
	for _, resend := range []bool{false, true} {
		res, err := Send(context.Background(), s, list, SendOptions{TemplateID: "7", Journal: jpath, DryRun: true, ResendUnknown: resend})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, r := range res {
			if r.Outcome != SendUnknown {
				continue
			}
			n++
			if strings.Contains(r.Message, "Check delivery reports") || !strings.Contains(r.Message, "a dry run does not settle it") ||
				!strings.Contains(r.Message, "send records") {
				t.Errorf("dry run (--resend-unknown %v), row %d: %q", resend, r.Row, r.Message)
			}
		}
		if n == 0 {
			t.Fatalf("no number in doubt: %+v", res)
		}
	}
	if msg := doubtDryRun("gateway"); !strings.Contains(msg, "delivery reports") || !strings.Contains(msg, "--resend-unknown") {
		t.Errorf("gateway: %q", msg)
	}
}
