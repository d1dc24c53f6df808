package importer

import (
	"context"
	"errors"
	"io"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// reportingSender is a fakeSender whose sends leave delivery reports, with
// their tag, on a queue that PullReports drains (the gateway's
// down_status), plus reports of other sends.
type reportingSender struct {
	*fakeSender
	queue   []Report
	pulls   int
	pullErr error
}

func (s *reportingSender) SendBatch(ctx context.Context, id, tag string, b []Recipient) (map[string]Outcome, error) {
	before := map[string]int{}
	for _, r := range b {
		before[r.Mobile] = s.sent[r.Mobile]
	}
	out, err := s.fakeSender.SendBatch(ctx, id, tag, b)
	for _, r := range b {
		if s.sent[r.Mobile] > before[r.Mobile] {
			s.queue = append(s.queue, Report{Mobile: r.Mobile, Tag: tag, State: "SUCCESS", Record: []byte(`{"mobile":"` + r.Mobile + `"}`)})
		}
	}
	return out, err
}

func (s *reportingSender) PullReports(context.Context) ([]Report, error) {
	s.pulls++
	if s.pullErr != nil {
		return nil, s.pullErr
	}
	n := min(3, len(s.queue)) // small pulls: several are needed
	out := s.queue[:n]
	s.queue = s.queue[n:]
	return out, nil
}

// TestSend_doubtSettledFromDeliveryReports: a batch whose answer was lost
// went out; the next run, even with --resend-unknown at once, finds its
// numbers in the delivery reports of the run's tag and sends nobody twice.
// Reports of other sends pulled on the way are kept in the journal.
func TestSend_doubtSettledFromDeliveryReports(t *testing.T) {
	t.Parallel()
	list, probs, err := ReadRecipients(recipientsBook(t, 30), []string{"name", "date"}, "gateway")
	if err != nil || len(probs) > 0 {
		t.Fatal(err, problemLines(probs))
	}
	jpath := filepath.Join(t.TempDir(), "send.journal")
	s := &reportingSender{fakeSender: newFakeSender()}
	s.queue = []Report{{Mobile: "13900000000", Tag: "other", State: "SUCCESS"}}
	s.lose = 2
	opts := SendOptions{TemplateID: "7", Via: "gateway", Journal: jpath, BatchSize: 10}
	res, err := Send(context.Background(), s, list, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := outcomes(res); got[SendUnknown] != 10 || got[SendSent] != 20 {
		t.Fatalf("first run: %v", got)
	}
	opts.ResendUnknown = true
	taken, others := 0, 0
	opts.ReportsTaken = func(n, o int) { taken, others = n, o }
	res, err = Send(context.Background(), s, list, opts)
	if err != nil {
		t.Fatal(err)
	}
	// The queue held the other send's report, then the reports of this
	// journal's batches 1, 2 (the lost one) and 3; the pulls (3 at a time)
	// stop once batch 2's were all found, after 1+10+10 reports.
	if taken != 21 || others != 1 {
		t.Errorf("reports taken %d, of other sends %d; want 21 and 1", taken, others)
	}
	if got := outcomes(res); got[SendAlreadySent] != 30 || len(twice(s.fakeSender)) > 0 || s.batches != 3 {
		t.Fatalf("second run: %v twice %v batches %d", got, twice(s.fakeSender), s.batches)
	}
	j, err := openJournal(jpath, "7", "gateway", true)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := j.reported[reportKey("other", "13900000000")]; !ok {
		t.Errorf("the other send's report pulled on the way is not in the journal")
	}
}

// sendOneBatchInDoubt sends 20 numbers through the gateway in two batches,
// the first one's answer lost (in doubt, its reports on the queue).
func sendOneBatchInDoubt(t *testing.T) (*RecipientList, *reportingSender, SendOptions) {
	t.Helper()
	list, _, _ := ReadRecipients(recipientsBook(t, 20), []string{"name", "date"}, "gateway")
	s := &reportingSender{fakeSender: newFakeSender()}
	s.lose = 1
	opts := SendOptions{TemplateID: "7", Via: "gateway", Journal: filepath.Join(t.TempDir(), "send.journal"), BatchSize: 10}
	if _, err := Send(context.Background(), s, list, opts); err != nil {
		t.Fatal(err)
	}
	return list, s, opts
}

// TestSend_doubtNotReleasedWhenReportsUnreadable: --resend-unknown does not
// resend numbers whose delivery reports could not be read; once they can,
// numbers without a report are released and those with one are not.
func TestSend_doubtNotReleasedWhenReportsUnreadable(t *testing.T) {
	t.Parallel()
	list, s, opts := sendOneBatchInDoubt(t)
	// Half of the lost batch's reports are taken by another reader.
	s.queue = s.queue[5:]
	// The platform could not be reached: the pull took nothing.
	s.pullErr = &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}
	opts.ResendUnknown = true
	res, _ := Send(context.Background(), s, list, opts)
	if got := outcomes(res); got[SendUnknown] != 10 || s.batches != 2 {
		t.Fatalf("reports unreadable: %v, batches %d", got, s.batches)
	}
	s.pullErr = nil
	res, _ = Send(context.Background(), s, list, opts)
	if got := outcomes(res); got[SendSent] != 5 || got[SendAlreadySent] != 15 {
		t.Fatalf("reports read: %v", got)
	}
	// The 5 whose reports another reader took went out twice: asked for
	// by --resend-unknown, and said so in the message of the run before.
	if tw := twice(s.fakeSender); len(tw) != 5 {
		t.Errorf("twice = %v", tw)
	}
}

// TestSend_doubtReleasedAfterPullCancelled: a pull cancelled (a second
// Ctrl-C) before it was sent took nothing; the numbers in doubt were held
// back for good as if its reports were lost (the review found it).
func TestSend_doubtReleasedAfterPullCancelled(t *testing.T) {
	t.Parallel()
	list, s, opts := sendOneBatchInDoubt(t)
	s.queue = nil // the lost batch was not sent after all: no report
	s.pullErr = context.Canceled
	_, _ = Send(context.Background(), s, list, opts)
	s.pullErr = nil
	opts.ResendUnknown = true
	res, _ := Send(context.Background(), s, list, opts)
	if got := outcomes(res); got[SendSent] != 10 || got[SendAlreadySent] != 10 {
		t.Errorf("after a cancelled pull, the queue drained, with --resend-unknown: %v", got)
	}
}

// TestSend_doubtNotReleasedAfterOwnPullLost: the queue hands each delivery
// report out once. A pull of ccsync's own whose answer was lost (or whose
// run was killed) took reports nobody recorded; the numbers in doubt whose
// reports were among them stayed "unknown" on every run, the advice said
// to run with --resend-unknown, and that sent them a second time. They are
// not released; the note says why and what to check.
func TestSend_doubtNotReleasedAfterOwnPullLost(t *testing.T) {
	t.Parallel()
	for name, lose := range map[string]func(s *reportingSender, jpath string){
		"answer lost": func(s *reportingSender, _ string) {
			s.pullErr = io.ErrUnexpectedEOF
		},
		"run killed during the pull": func(s *reportingSender, jpath string) {
			j, err := openJournal(jpath, "7", "gateway", false)
			if err != nil {
				t.Fatal(err)
			}
			if err := j.write(journalRec{Type: "pull", Time: time.Now()}); err != nil {
				t.Fatal(err)
			}
			_ = j.close()
		},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			list, s, opts := sendOneBatchInDoubt(t)
			// The lost pull took the whole queue, the lost batch's reports too.
			lose(s, opts.Journal)
			s.queue = nil
			_, _ = Send(context.Background(), s, list, opts)
			s.pullErr = nil
			opts.ResendUnknown = true
			res, _ := Send(context.Background(), s, list, opts)
			if got := outcomes(res); got[SendUnknown] != 10 || len(twice(s.fakeSender)) != 0 {
				t.Fatalf("after the lost pull, with --resend-unknown: %v, twice %v", got, twice(s.fakeSender))
			}
			for _, r := range res {
				if r.Outcome == SendUnknown && !strings.Contains(r.Message, "got no answer or was interrupted, so the reports it took off the queue are lost") {
					t.Errorf("%s: %s", r.Mobile, r.Message)
					break
				}
			}
		})
	}
}
