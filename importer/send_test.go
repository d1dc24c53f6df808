package importer

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/xuri/excelize/v2"
)

// fakeSender is an SMSSender+Reconciler recording every number sent (the
// importertest fake cannot be imported here without a cycle).
type fakeSender struct {
	sent    map[string]int
	at      map[string]time.Time
	invalid map[string]string
	batches int
	sizes   []int
	lose    int // batch whose answer is lost after sending (transport error)
	reject  int // batch refused as a whole
	noRecs  bool
	// unmentioned: numbers the answer leaves out (not sent).
	unmentioned map[string]bool
	// undelivered: numbers whose send record shows a failed delivery
	// (result 0), with its errmsg.
	undelivered map[string]string
}

func newFakeSender() *fakeSender {
	return &fakeSender{sent: map[string]int{}, at: map[string]time.Time{}, invalid: map[string]string{}, undelivered: map[string]string{}}
}

func (s *fakeSender) TemplateParams(context.Context, string) ([]string, error) {
	return []string{"name", "date"}, nil
}

func (s *fakeSender) SendBatch(_ context.Context, _, _ string, b []Recipient) (map[string]Outcome, error) {
	s.batches++
	s.sizes = append(s.sizes, len(b))
	if s.batches == s.reject {
		return nil, &Rejected{Err: errors.New("code 1016: template not approved")}
	}
	out := map[string]Outcome{}
	for _, r := range b {
		if s.unmentioned[r.Mobile] {
			continue
		}
		if msg, ok := s.invalid[r.Mobile]; ok {
			out[r.Mobile] = Outcome{Message: msg}
			continue
		}
		s.sent[r.Mobile]++
		s.at[r.Mobile] = time.Now()
		out[r.Mobile] = Outcome{Sent: true, Message: "ok"}
	}
	if s.batches == s.lose {
		return nil, errors.New("read tcp: connection reset by peer")
	}
	return out, nil
}

func (s *fakeSender) SentSince(_ context.Context, _ string, want map[string]string, since time.Time) (map[string]Recorded, error) {
	if s.noRecs {
		return nil, errors.New("no send records through the gateway")
	}
	out := map[string]Recorded{}
	for m := range want {
		if t, ok := s.at[m]; ok && !t.Before(since) {
			out[m] = Recorded{Sent: true}
			if reason, failed := s.undelivered[m]; failed {
				out[m] = Recorded{Failed: reason}
			}
		}
	}
	return out, nil
}

func recipientsBook(t *testing.T, n int) string {
	rows := [][]any{{"Mobile", "Name", "DATE"}}
	for i := range n {
		rows = append(rows, []any{13800000000 + int64(i), fmt.Sprintf("Cust %d", i), "2026-12-01"})
	}
	// Two duplicates of the first number, one as text with +86.
	rows = append(rows, []any{"+86 138 0000 0000", "Again", "2026-12-01"}, []any{int64(13800000000), "Cust 0", "2026-12-01"})
	return writeBook(t, "Recipients", rows)
}

func outcomes(rs []SendResult) map[string]int {
	m := map[string]int{}
	for _, r := range rs {
		m[r.Outcome]++
	}
	return m
}

func TestRecipients_validation(t *testing.T) {
	t.Parallel()
	path := writeBook(t, "Recipients", [][]any{
		{"mobile", "name", "extra"},
		{"12345", "A", nil},
		{int64(13800000001), "", nil},
		{int64(13800000002), "Smith, John", "x"},
	})
	_, probs, err := ReadRecipients(path, []string{"name", "date"}, "open")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`Recipients!C1: "extra" is neither the mobile column nor a variable of the template (variables: name, date)`,
		`Recipients!A1:C1: has no column for template variable "date"`,
	}
	if d := cmp.Diff(want, problemLines(probs)); d != "" {
		t.Fatalf("header (-want +got):\n%s", d)
	}
	path = writeBook(t, "Recipients", [][]any{
		{"mobile", "name"},
		{"12345", "A"},
		{int64(13800000001), nil},
		{int64(13800000002), "Smith, John"},
		{nil, "B"},
		{int64(12000000000), "C"}, // the second digit is 3 to 9: the gateway refuses a whole request for one such number
	})
	_, probs, _ = ReadRecipients(path, []string{"name"}, "open")
	want = []string{
		`Recipients!A2: mobile "12345" is not a mobile number (11 digits starting with 1, optionally +86)`,
		`Recipients!B3: name is required: the template uses ${name}`,
		`Recipients!B4: name "Smith, John" contains a comma or line break, which the open interface's batch send uses as separators; remove it or use --via gateway`,
		`Recipients!A5: mobile is required`,
		`Recipients!A6: mobile "12000000000" is not a mobile number (11 digits starting with 1, optionally +86)`,
	}
	if d := cmp.Diff(want, problemLines(probs)); d != "" {
		t.Errorf("rows (-want +got):\n%s", d)
	}
	// Through the gateway a comma is fine.
	_, probs, _ = ReadRecipients(writeBook(t, "Recipients", [][]any{{"mobile", "name"}, {int64(13800000002), "Smith, John"}}), []string{"name"}, "gateway")
	if len(probs) != 0 {
		t.Errorf("gateway: %v", problemLines(probs))
	}
}

// TestSend_interruptedAndRerun crashes a send between a batch going out and
// its outcome being recorded, then runs again: nobody twice, nobody missed.
func TestSend_interruptedAndRerun(t *testing.T) {
	t.Parallel()
	path := recipientsBook(t, 450)
	list, probs, err := ReadRecipients(path, []string{"name", "date"}, "open")
	if err != nil || len(probs) > 0 {
		t.Fatal(err, problemLines(probs))
	}
	if list.Unique() != 450 || len(list.Rows) != 452 {
		t.Fatalf("unique %d rows %d", list.Unique(), len(list.Rows))
	}
	jpath := filepath.Join(t.TempDir(), "send.journal")
	s := newFakeSender()
	s.invalid["13800000007"] = "invalid number" // a §7.5 per-number error
	ctx := context.Background()
	opts := SendOptions{TemplateID: "7", Journal: jpath, BatchSize: 100, crashAfterSend: 2}
	_, err = Send(ctx, s, list, opts)
	if !errors.Is(err, errCrash) {
		t.Fatalf("first run: %v", err)
	}
	if len(s.sent) != 199 { // 2 batches of 100, one invalid
		t.Fatalf("sent before crash = %d", len(s.sent))
	}

	// Re-run: batch 2 is reconciled from send records (sent), batch 1 is
	// settled in the journal; the invalid number is tried again.
	opts.crashAfterSend = 0
	res, err := Send(ctx, s, list, opts)
	if err != nil {
		t.Fatal(err)
	}
	if tw := twice(s); len(tw) > 0 {
		t.Fatalf("sent twice: %v", tw)
	}
	if len(s.sent) != 449 {
		t.Errorf("sent %d numbers, want 449 (450 unique, one invalid)", len(s.sent))
	}
	want := map[string]int{SendAlreadySent: 199, SendSent: 250, SendFailed: 1, SendDuplicate: 2}
	if d := cmp.Diff(want, outcomes(res)); d != "" {
		t.Errorf("outcomes (-want +got):\n%s", d)
	}
	for _, r := range res {
		if r.Mobile == "13800000007" && (r.Outcome != SendFailed || r.Message != "invalid number") {
			t.Errorf("per-number error: %+v", r)
		}
		if r.Mobile == "13800000150" && (r.Outcome != SendAlreadySent) {
			t.Errorf("reconciled number: %+v", r)
		}
	}
	// A third run sends nothing new.
	batches := s.batches
	res, _ = Send(ctx, s, list, opts)
	if s.batches != batches+1 || outcomes(res)[SendAlreadySent] != 449 { // only the invalid number again
		t.Errorf("third run: batches %d, %v", s.batches-batches, outcomes(res))
	}

	report := filepath.Join(t.TempDir(), "r.xlsx")
	if err := WriteSendReport(report, list.Params, res); err != nil {
		t.Fatal(err)
	}
}

// TestSend_doubtWithoutRecords: through the gateway there are no send
// records; numbers in doubt are reported unknown and not resent, unless
// --resend-unknown.
func TestSend_doubtWithoutRecords(t *testing.T) {
	t.Parallel()
	list, probs, err := ReadRecipients(recipientsBook(t, 30), []string{"name", "date"}, "gateway")
	if err != nil || len(probs) > 0 {
		t.Fatal(err, problemLines(probs))
	}
	jpath := filepath.Join(t.TempDir(), "send.journal")
	s := newFakeSender()
	s.noRecs = true
	s.lose = 1 // the first batch's answer is lost
	ctx := context.Background()
	opts := SendOptions{TemplateID: "7", Via: "gateway", Journal: jpath, BatchSize: 10}
	res, err := Send(ctx, s, list, opts)
	if err != nil {
		t.Fatal(err)
	}
	// Batches of 10 in row order (the gateway sender sends recipients
	// with their own variables in one send_file); the first one's answer
	// was lost.
	if got := outcomes(res); got[SendUnknown] != 10 || got[SendSent] != 20 || s.batches != 3 {
		t.Fatalf("first run: %v", got)
	}
	res, _ = Send(ctx, s, list, opts)
	if got := outcomes(res); got[SendUnknown] != 10 || got[SendAlreadySent] != 20 || len(twice(s)) > 0 {
		t.Fatalf("second run: %v twice %v", got, twice(s))
	}
	opts.ResendUnknown = true
	res, _ = Send(ctx, s, list, opts)
	if got := outcomes(res); got[SendSent] != 10 || got[SendAlreadySent] != 20 {
		t.Fatalf("resend-unknown run: %v", got)
	}
	if tw := twice(s); len(tw) != 10 { // the lost ones went out twice, as asked (no delivery reports to settle them)
		t.Errorf("twice = %v", tw)
	}
}

func TestSend_batchesDryRunRejectedAndJournalGuard(t *testing.T) {
	t.Parallel()
	list, _, _ := ReadRecipients(recipientsBook(t, 450), []string{"name", "date"}, "open")
	s := newFakeSender()
	res, err := Send(context.Background(), s, list, SendOptions{TemplateID: "7", DryRun: true})
	if err != nil || s.batches != 0 || outcomes(res)[SendDryRun] != 450 {
		t.Fatalf("dry run: %v %d %v", err, s.batches, outcomes(res))
	}
	jpath := filepath.Join(t.TempDir(), "j")
	s.reject = 2
	res, err = Send(context.Background(), s, list, SendOptions{TemplateID: "7", Journal: jpath})
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]int{200, 200, 50}, s.sizes); d != "" {
		t.Errorf("batch sizes: %s", d)
	}
	if got := outcomes(res); got[SendFailed] != 200 || got[SendSent] != 250 {
		t.Errorf("outcomes %v", got)
	}
	// A rejected batch is definite: the next run sends exactly those.
	res, _ = Send(context.Background(), s, list, SendOptions{TemplateID: "7", Journal: jpath})
	if got := outcomes(res); got[SendSent] != 200 || len(twice(s)) > 0 {
		t.Errorf("after rejection: %v twice %v", got, twice(s))
	}
	if _, err := Send(context.Background(), s, list, SendOptions{TemplateID: "8", Journal: jpath}); err == nil || !strings.Contains(err.Error(), "belongs to template 7") {
		t.Errorf("journal guard: %v", err)
	}
	// The same template through the other channel: another send, not a
	// rerun of this one (a survivor of mutation testing took it for one).
	if _, err := Send(context.Background(), s, list, SendOptions{TemplateID: "7", Via: "gateway", Journal: jpath}); err == nil ||
		!strings.Contains(err.Error(), "belongs to template 7 via open, not template 7 via gateway") {
		t.Errorf("journal guard on --via: %v", err)
	}
}

// TestJournal_onceSentAlwaysSent: a later outcome that says failed for a
// number the journal has as sent with the same values does not make the
// next run send it again (a survivor of mutation testing).
func TestJournal_onceSentAlwaysSent(t *testing.T) {
	t.Parallel()
	jpath := filepath.Join(t.TempDir(), "j")
	j, err := openJournal(jpath, "7", "open", false)
	if err != nil {
		t.Fatal(err)
	}
	content := map[string]string{"13800000001": "d1"}
	for _, r := range []journalRec{
		{Type: "run", Template: "7", Via: "open"},
		{Type: "intent", Mobiles: []string{"13800000001"}, Content: content},
		{Type: "outcome", Results: map[string]Outcome{"13800000001": {Sent: true}}, Content: content},
		{Type: "outcome", Results: map[string]Outcome{"13800000001": {Message: "no record"}}, Content: content},
	} {
		if err := j.write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := j.close(); err != nil {
		t.Fatal(err)
	}
	j, err = openJournal(jpath, "7", "open", true)
	if err != nil {
		t.Fatal(err)
	}
	if st := j.state["13800000001"]; st == nil || st.status != "sent" {
		t.Errorf("state after sent then failed with the same values: %+v; want sent", st)
	}
}

func twice(s *fakeSender) []string {
	var out []string
	for m, n := range s.sent {
		if n > 1 {
			out = append(out, m)
		}
	}
	return out
}

// TestJournal_tornLastLine: a power cut in the middle of a record leaves a
// partial last line; it is ignored (that record never completed), and the
// journal stays usable.
func TestJournal_tornLastLine(t *testing.T) {
	t.Parallel()
	list, _, _ := ReadRecipients(recipientsBook(t, 10), []string{"name", "date"}, "open")
	jpath := filepath.Join(t.TempDir(), "j")
	s := newFakeSender()
	if _, err := Send(context.Background(), s, list, SendOptions{TemplateID: "7", Journal: jpath}); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(jpath, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = f.WriteString(`{"type":"intent","mobiles":["1380000`)
	f.Close()
	for range 2 {
		res, err := Send(context.Background(), s, list, SendOptions{TemplateID: "7", Journal: jpath})
		if err != nil {
			t.Fatal(err)
		}
		if got := outcomes(res); got[SendAlreadySent] != 10 || len(twice(s)) > 0 {
			t.Fatalf("after a torn line: %v", got)
		}
	}
}

// TestSend_sameFileNewValues: the journal is kept by file, template and
// channel, so next week's list saved under the same name meets last week's
// journal. Rows with other values are new messages and are sent; rows with
// the same values are not sent again, and say when they were sent and how
// to send them again on purpose. Before the journal recorded the values,
// the whole new list was reported "already sent" and nothing went out.
func TestSend_sameFileNewValues(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	jpath := filepath.Join(dir, "send.journal")
	book := func(dates ...string) *RecipientList {
		rows := [][]any{{"Mobile", "Name", "Date"}}
		for i, d := range dates {
			rows = append(rows, []any{13800000000 + int64(i), fmt.Sprintf("Cust %d", i), d})
		}
		list, probs, err := ReadRecipients(writeBook(t, "Recipients", rows), []string{"name", "date"}, "open")
		if err != nil || len(probs) > 0 {
			t.Fatal(err, problemLines(probs))
		}
		return list
	}
	s := newFakeSender()
	ctx := context.Background()
	opts := SendOptions{TemplateID: "7", Journal: jpath}
	if _, err := Send(ctx, s, book("2026-12-01", "2026-12-01", "2026-12-01"), opts); err != nil {
		t.Fatal(err)
	}
	// Next week: two of the three have a new date.
	next := book("2026-12-08", "2026-12-01", "2026-12-08")
	dry, err := Send(ctx, s, next, SendOptions{TemplateID: "7", Journal: jpath, DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := outcomes(dry); got[SendDryRun] != 2 || got[SendAlreadySent] != 1 {
		t.Errorf("dry run: %v", got)
	}
	if dry[0].Message != "would send: an earlier run sent this number other values" {
		t.Errorf("dry-run message: %q", dry[0].Message)
	}
	res, err := Send(ctx, s, next, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := outcomes(res); got[SendSent] != 2 || got[SendAlreadySent] != 1 {
		t.Fatalf("next week's run: %v", got)
	}
	if s.sent["13800000000"] != 2 || s.sent["13800000001"] != 1 || s.sent["13800000002"] != 2 {
		t.Errorf("sends per number: %v", s.sent)
	}
	msg := res[1].Message
	if !strings.HasPrefix(msg, "sent by an earlier run on ") || !strings.Contains(msg, "with the same values (journal "+jpath+")") ||
		!strings.Contains(msg, "use another --journal") {
		t.Errorf("already-sent message: %q", msg)
	}
	// Run again: everything is settled with this week's values.
	res, _ = Send(ctx, s, next, opts)
	if got := outcomes(res); got[SendAlreadySent] != 3 {
		t.Errorf("third run: %v", got)
	}
	// Column order does not change what a row's values are.
	rows := [][]any{{"Mobile", "Date", "Name"}, {int64(13800000001), "2026-12-01", "Cust 1"}}
	swapped, probs, err := ReadRecipients(writeBook(t, "Recipients", rows), []string{"name", "date"}, "open")
	if err != nil || len(probs) > 0 {
		t.Fatal(err, problemLines(probs))
	}
	if res, _ = Send(ctx, s, swapped, opts); outcomes(res)[SendAlreadySent] != 1 {
		t.Errorf("columns swapped: %v", outcomes(res))
	}
	if tw := twice(s); len(tw) != 2 {
		t.Errorf("numbers sent twice: %v (want the two with new values)", tw)
	}
}

// TestSend_journalWithoutValues: a journal written before values were
// recorded keeps its meaning: its numbers are sent, whatever the values.
func TestSend_journalWithoutValues(t *testing.T) {
	t.Parallel()
	list, _, _ := ReadRecipients(recipientsBook(t, 5), []string{"name", "date"}, "open")
	jpath := filepath.Join(t.TempDir(), "old.journal")
	old := `{"type":"run","time":"2026-11-01T10:00:00Z","template":"7","via":"open","tag":"ccsold"}
{"type":"intent","time":"2026-11-01T10:00:01Z","batch":"b-1","mobiles":["13800000000","13800000001"],"tag":"ccsold"}
{"type":"outcome","time":"2026-11-01T10:00:02Z","batch":"b-1","results":{"13800000000":{"Sent":true,"Message":"ok"},"13800000001":{"Sent":true,"Message":"ok"}}}
`
	if err := os.WriteFile(jpath, []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	s := newFakeSender()
	res, err := Send(context.Background(), s, list, SendOptions{TemplateID: "7", Journal: jpath})
	if err != nil {
		t.Fatal(err)
	}
	if got := outcomes(res); got[SendAlreadySent] != 2 || got[SendSent] != 3 || s.sent["13800000000"] != 0 {
		t.Errorf("old journal: %v, sent %v", got, s.sent)
	}
}

// TestSend_doubtWithNewValues: a number whose earlier send is in doubt is
// not sent new values either: the first message may have gone out.
func TestSend_doubtWithNewValues(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	jpath := filepath.Join(dir, "send.journal")
	read := func(date string) *RecipientList {
		rows := [][]any{{"Mobile", "Name", "Date"}, {int64(13800000000), "Cust 0", date}}
		list, _, err := ReadRecipients(writeBook(t, "Recipients", rows), []string{"name", "date"}, "gateway")
		if err != nil {
			t.Fatal(err)
		}
		return list
	}
	s := newFakeSender()
	s.noRecs, s.lose = true, 1
	opts := SendOptions{TemplateID: "7", Via: "gateway", Journal: jpath}
	if _, err := Send(context.Background(), s, read("2026-12-01"), opts); err != nil {
		t.Fatal(err)
	}
	res, _ := Send(context.Background(), s, read("2026-12-08"), opts)
	if got := outcomes(res); got[SendUnknown] != 1 || s.sent["13800000000"] != 1 {
		t.Errorf("doubt with new values: %v, sent %v", got, s.sent)
	}
}

// TestSend_formatRewrittenBySpreadsheet: opening and saving a recipient
// list in LibreOffice, with no edit, rewrites Excel's default date format
// (built-in 14, read as 2026-12-01) as its own m/d/yyyy (read as
// 12/1/2026). The send journal took that for new values, and a second run
// sent every number again. Values are now journalled by meaning: the
// date's stored number. A changed date is still a new message.
func TestSend_formatRewrittenBySpreadsheet(t *testing.T) {
	t.Parallel()
	jpath := filepath.Join(t.TempDir(), "send.journal")
	serial := 46357.0 // 2026-12-01
	book := func(format string, serials ...float64) *RecipientList {
		f := excelize.NewFile()
		defer f.Close()
		sh := "Recipients"
		_ = f.SetSheetName("Sheet1", sh)
		style := &excelize.Style{NumFmt: 14}
		if format != "" {
			style = &excelize.Style{CustomNumFmt: &format}
		}
		id, err := f.NewStyle(style)
		if err != nil {
			t.Fatal(err)
		}
		_ = f.SetSheetRow(sh, "A1", &[]any{"mobile", "name", "date"})
		for i, s := range serials {
			row := i + 2
			_ = f.SetSheetRow(sh, fmt.Sprintf("A%d", row), &[]any{fmt.Sprint(13800000000 + int64(i)), fmt.Sprintf("Cust %d", i), s})
			_ = f.SetCellStyle(sh, fmt.Sprintf("C%d", row), fmt.Sprintf("C%d", row), id)
		}
		path := filepath.Join(t.TempDir(), "recipients.xlsx")
		if err := f.SaveAs(path); err != nil {
			t.Fatal(err)
		}
		list, probs, err := ReadRecipients(path, []string{"name", "date"}, "open")
		if err != nil || len(probs) > 0 {
			t.Fatal(err, problemLines(probs))
		}
		return list
	}
	s := newFakeSender()
	ctx := context.Background()
	opts := SendOptions{TemplateID: "7", Journal: jpath}
	first := book("", serial, serial)
	if first.Rows[0].Params[1] != "2026-12-01" {
		t.Fatalf("default date format read as %q", first.Rows[0].Params[1])
	}
	if _, err := Send(ctx, s, first, opts); err != nil {
		t.Fatal(err)
	}
	saved := book("m/d/yyyy", serial, serial+7)
	if saved.Rows[0].Params[1] != "12/1/2026" {
		t.Fatalf("m/d/yyyy read as %q", saved.Rows[0].Params[1])
	}
	dry, err := Send(ctx, s, saved, SendOptions{TemplateID: "7", Journal: jpath, DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	if dry[0].Outcome != SendAlreadySent || dry[1].Outcome != SendDryRun {
		t.Errorf("after the save: row 2 %s (%s), row 3 %s; want already sent (same date), would send (a week later)",
			dry[0].Outcome, dry[0].Message, dry[1].Outcome)
	}
}

// TestSend_progressPerBatch: every batch's progress says what happened to
// it, and the batches a stopped run did not send are reported too.
func TestSend_progressPerBatch(t *testing.T) {
	t.Parallel()
	list, _, _ := ReadRecipients(recipientsBook(t, 50), []string{"name", "date"}, "open")
	s := newFakeSender()
	s.lose, s.reject = 2, 3
	s.invalid["13800000001"] = "invalid number"
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got []BatchProgress
	opts := SendOptions{TemplateID: "7", Journal: filepath.Join(t.TempDir(), "j"), BatchSize: 10, Progress: func(p BatchProgress) {
		got = append(got, p)
		if p.Batch == 3 {
			cancel()
		}
	}}
	res, err := Send(ctx, s, list, opts)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
	// The numbers of the batches not sent are neither failed nor unknown:
	// nothing went out for them, and the next run sends them.
	if got := outcomes(res); got[SendNotSent] != 20 || SendFailures(res) != 1+10+10 {
		t.Errorf("outcomes %v, %d failures; want 20 not sent, 21 failures (1 invalid, 10 in doubt, 10 refused)", got, SendFailures(res))
	}
	for _, r := range res {
		if r.Outcome == SendNotSent && r.Message != MessageNotSent {
			t.Errorf("row %d: message %q, want %q", r.Row, r.Message, MessageNotSent)
		}
	}
	want := []BatchProgress{
		{Batch: 1, Last: 1, Total: 5, Status: BatchSent, Numbers: 10, Sent: 9},
		{Batch: 2, Last: 2, Total: 5, Status: BatchInDoubt, Numbers: 10, Reason: "read tcp: connection reset by peer", Cause: CauseLost},
		{Batch: 3, Last: 3, Total: 5, Status: BatchRefused, Numbers: 10, Reason: "code 1016: template not approved"},
		{Batch: 4, Last: 5, Total: 5, Status: BatchNotSent, Numbers: 20, Reason: "interrupted"},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("progress (-want +got):\n%s", d)
	}
}

// TestSend_doubtWhoseDeliveryFailedIsSentAgain: a number in doubt whose
// send record shows the message sent and its delivery failed (result 0,
// UNDELIV) is sent again on purpose, and the run says so. Before, the
// journal and the report said the platform had no record of it.
func TestSend_doubtWhoseDeliveryFailedIsSentAgain(t *testing.T) {
	t.Parallel()
	list, _, _ := ReadRecipients(recipientsBook(t, 5), []string{"name", "date"}, "open")
	s := newFakeSender()
	jpath := filepath.Join(t.TempDir(), "j")
	opts := SendOptions{TemplateID: "7", Journal: jpath, crashAfterSend: 1}
	if _, err := Send(context.Background(), s, list, opts); !errors.Is(err, errCrash) {
		t.Fatalf("first run: %v", err)
	}
	s.undelivered["13800000003"] = "UNDELIV"
	opts.crashAfterSend = 0
	res, err := Send(context.Background(), s, list, opts)
	if err != nil {
		t.Fatal(err)
	}
	const want = "found sent after a run that stopped between sending and recording the answer (or a journal of an earlier ccsync, which did not record why), but its delivery failed (UNDELIV): sending again"
	for _, r := range res {
		switch {
		case r.Mobile == "13800000003":
			if r.Outcome != SendSent || !strings.HasPrefix(r.Message, want) {
				t.Errorf("row %d: %s %q, want sent, %q", r.Row, r.Outcome, r.Message, want)
			}
		case r.Outcome != SendAlreadySent && r.Outcome != SendDuplicate:
			t.Errorf("row %d: %s %q", r.Row, r.Outcome, r.Message)
		}
	}
	if s.sent["13800000003"] != 2 || len(twice(s)) != 1 {
		t.Errorf("sent twice: %v, want only 13800000003", twice(s))
	}
	b, err := os.ReadFile(jpath)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), want) || strings.Contains(string(b), "show no message with these values") {
		t.Errorf("journal:\n%s", b)
	}
}

// TestSend_numberLeftOutOfTheAnswer: a number the platform's answer does
// not mention was not sent: it is reported failed, saying so, and the next
// run sends it (once), while the numbers the answer accepted are not sent
// again.
func TestSend_numberLeftOutOfTheAnswer(t *testing.T) {
	t.Parallel()
	list, probs, err := ReadRecipients(recipientsBook(t, 3), []string{"name", "date"}, "open")
	if err != nil || len(probs) > 0 {
		t.Fatal(err, problemLines(probs))
	}
	s := newFakeSender()
	s.unmentioned = map[string]bool{"13800000001": true}
	ctx := context.Background()
	opts := SendOptions{TemplateID: "7", Journal: filepath.Join(t.TempDir(), "send.journal")}
	res, err := Send(ctx, s, list, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := outcomes(res); got[SendSent] != 2 || got[SendFailed] != 1 {
		t.Errorf("first run: %v, want 2 sent and 1 failed", got)
	}
	for _, r := range res {
		if r.Mobile == "13800000001" && (r.Outcome != SendFailed || r.Message != "the platform's answer does not mention this number") {
			t.Errorf("the number left out: %s %q, want failed, saying the answer does not mention it", r.Outcome, r.Message)
		}
	}
	s.unmentioned = nil
	res, err = Send(ctx, s, list, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := outcomes(res); got[SendSent] != 1 || got[SendAlreadySent] != 2 {
		t.Errorf("second run: %v, want the number left out sent and the others already sent", got)
	}
	if s.sent["13800000001"] != 1 || len(twice(s)) > 0 {
		t.Errorf("sends per number: %v", s.sent)
	}
}
