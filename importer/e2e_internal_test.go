package importer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// TestE2E_sendInterruptedAgainstSimulator crashes a send between a batch
// going out and its outcome being written, with the real open interface
// of the simulator, then runs again: the simulator's send records settle
// the batch in doubt, and its stats show nobody sent twice.
func TestE2E_sendInterruptedAgainstSimulator(t *testing.T) {
	t.Parallel()
	testSendInterrupted(t, simulator.Options{})
}

// TestE2E_sendInterruptedPlatformInAnotherZone: the spec does not say in
// which time zone record/list's start_time is read (§4.1). Here the
// platform's clock runs in a zone 10 hours behind this machine's, so the
// wall-clock time of the intent, written in this machine's zone, lies hours
// after the platform's records of the batch in doubt. Reconciliation must
// still find them, or the batch would be sent twice.
func TestE2E_sendInterruptedPlatformInAnotherZone(t *testing.T) {
	t.Parallel()
	zone := time.FixedZone("platform", int((offsetOf(time.Local)-10*time.Hour)/time.Second))
	testSendInterrupted(t, simulator.Options{Now: func() time.Time { return time.Now().In(zone) }})
}

// offsetOf is the current UTC offset of loc.
func offsetOf(loc *time.Location) time.Duration {
	_, off := time.Now().In(loc).Zone()
	return time.Duration(off) * time.Second
}

// approvedTemplate starts a simulator and returns it, a client of it, the
// backend over that client and the id of an approved template
// "Hi ${name} on ${date}".
func approvedTemplate(t *testing.T, simOpts simulator.Options, maxRetries int) (*simulator.Server, *client.Client, Backend, string) {
	t.Helper()
	sim, err := simulator.New(simOpts)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", AppID: "sim-app", AppKey: "sim-key", MaxRetries: maxRetries})
	if err != nil {
		t.Fatal(err)
	}
	be, _ := BackendFor(c)
	sig, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Demo"})
	if err != nil {
		t.Fatal(err)
	}
	_ = sim.Review("sms_signature", strconv.FormatInt(int64(sig.ID), 10), 1, "")
	tpl, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: "R", TemplateContents: "Hi ${name} on ${date}", SignID: int64(sig.ID)})
	if err != nil {
		t.Fatal(err)
	}
	id := strconv.FormatInt(int64(tpl.ID), 10)
	_ = sim.Review("sms_template", id, 1, "")
	return sim, c, be, id
}

func testSendInterrupted(t *testing.T, simOpts simulator.Options) {
	sim, c, be, id := approvedTemplate(t, simOpts, 0)
	ctx := context.Background()

	rows := [][]any{{"mobile", "name", "date"}}
	for i := range 50 {
		rows = append(rows, []any{13800000000 + int64(i), "N" + strconv.Itoa(i), "2026-12-01"})
	}
	list, probs, err := ReadRecipients(writeBook(t, "Recipients", rows), []string{"name", "date"}, "open")
	if err != nil || len(probs) > 0 {
		t.Fatal(err, problemLines(probs))
	}
	journal := filepath.Join(t.TempDir(), "j")
	opts := SendOptions{TemplateID: id, Journal: journal, BatchSize: 20, crashAfterSend: 2}
	if _, err := Send(ctx, be.Open, list, opts); !errors.Is(err, errCrash) {
		t.Fatalf("first run: %v", err)
	}
	opts.crashAfterSend = 0
	res, err := Send(ctx, be.Open, list, opts)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, r := range res {
		count[r.Outcome]++
	}
	if count[SendAlreadySent] != 40 || count[SendSent] != 10 {
		t.Errorf("re-run outcomes: %v", count)
	}
	// Batch 1 is settled by the journal, batch 2 by the send records: the
	// report says which.
	var fromRecords int
	for _, r := range res {
		if r.Outcome == SendAlreadySent && strings.Contains(r.Message, "the platform's send records show") {
			fromRecords++
		}
	}
	if fromRecords != 20 {
		t.Errorf("%d rows say the send records settled them, want 20 (batch 2): %+v", fromRecords, res)
	}
	// Every number has exactly one send record on the platform.
	perMobile := map[string]int{}
	for r, err := range c.SMS.ListRecords(ctx, client.SMSRecordFilter{}) {
		if err != nil {
			t.Fatal(err)
		}
		perMobile[string(r.Mobile)]++
	}
	if len(perMobile) != 50 {
		t.Errorf("%d numbers have records, want 50", len(perMobile))
	}
	for m, n := range perMobile {
		if n != 1 {
			t.Errorf("%s has %d send records", m, n)
		}
	}
	var sends int
	for k, n := range sim.Stats() {
		if strings.HasSuffix(k, "/sms/send") {
			sends += n
		}
	}
	if sends != 3 { // batches 1 and 2 before the crash, the last 10 after
		t.Errorf("sms/send calls = %d, want 3", sends)
	}
}

// lostSender loses every batch's answer without the batch reaching the
// platform: the connection broke on the way out.
type lostSender struct{ *openSender }

func (lostSender) SendBatch(context.Context, string, string, []Recipient) (map[string]Outcome, error) {
	return nil, errors.New("write tcp: connection reset by peer")
}

// TestE2E_sendInterruptedNextWeek: this week's list went out; next week's
// values for the same numbers are sent with the same journal, and that run
// loses its batch before it reaches the platform. A run once the records
// can tell (recordsSettle later) finds only last week's messages in them:
// those are not next week's, so everybody is sent next week's message,
// once.
func TestE2E_sendInterruptedNextWeek(t *testing.T) {
	t.Parallel()
	_, c, be, id := approvedTemplate(t, simulator.Options{}, -1)
	ctx := context.Background()
	week := func(date string) *RecipientList { return fiveRecipients(t, 13800000000, date) }
	opts := SendOptions{TemplateID: id, Journal: filepath.Join(t.TempDir(), "j")}
	if _, err := Send(ctx, be.Open, week("2026-12-01"), opts); err != nil {
		t.Fatal(err)
	}
	next := week("2026-12-08")
	res, err := Send(ctx, lostSender{be.Open.(*openSender)}, next, opts)
	if err != nil || res[0].Outcome != SendUnknown {
		t.Fatalf("lost run: %v %+v", err, res)
	}
	// At once, the records cannot tell yet: nobody is sent (a send whose
	// answer was lost may still land: TestE2E_sendRerunSoonAfterALostAnswer).
	res, err = Send(ctx, be.Open, next, opts)
	if err != nil || res[0].Outcome != SendUnknown {
		t.Fatalf("run at once: %v %+v", err, res)
	}
	// Later, when the records tell.
	opts.now = func() time.Time { return time.Now().Add(recordsSettle) }
	res, err = Send(ctx, be.Open, next, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		if r.Outcome != SendSent {
			t.Errorf("row %d (%s): %s %q, want sent: last week's message is not next week's", r.Row, r.Mobile, r.Outcome, r.Message)
		}
	}
	dates := map[string]int{}
	for r, err := range c.SMS.ListRecords(ctx, client.SMSRecordFilter{}) {
		if err != nil {
			t.Fatal(err)
		}
		var p map[string]string
		if err := json.Unmarshal([]byte(r.SmsParams), &p); err != nil {
			t.Fatalf("record %d sms_params %q: %v", r.ID, r.SmsParams, err)
		}
		dates[p["date"]]++
	}
	if dates["2026-12-01"] != 5 || dates["2026-12-08"] != 5 || len(dates) != 2 {
		t.Errorf("send records by date: %v, want 5 of each week", dates)
	}
}

// TestRecordContent: a send record's sms_params compare with the journal's
// digest of a row's values whatever their order and JSON form; a record
// with nothing readable is not comparable (and counts as sent).
func TestRecordContent(t *testing.T) {
	t.Parallel()
	row := contentDigest([]string{"name", "date"}, []string{"Ann", "2026-12-01"})
	none := contentDigest(nil, nil)
	for params, want := range map[string]string{
		`{"date":"2026-12-01","name":"Ann"}`: row,
		`{"name":"Ann","date":"2026-12-01"}`: row,
		`{"name":"Ann","date":"2026-12-08"}`: "other",
		`{"name":"Ann","order":7}`:           contentDigest([]string{"name", "order"}, []string{"Ann", "7"}),
		`{}`:                                 none,
		`[]`:                                 none,
		`null`:                               none,
		``:                                   "unreadable",
		`["Ann"]`:                            "unreadable",
		`"Ann"`:                              "unreadable",
	} {
		got, ok := recordContent(params)
		switch want {
		case "unreadable":
			if ok {
				t.Errorf("%q: digest %s, want none", params, got)
			}
		case "other":
			if !ok || got == row {
				t.Errorf("%q: %s %v, want another digest than the row's", params, got, ok)
			}
		default:
			if !ok || got != want {
				t.Errorf("%q: %s %v, want %s", params, got, ok, want)
			}
		}
	}
}

// answerLostSender sends, then loses the answer: the batch reached the
// platform, the run cannot tell.
type answerLostSender struct{ *openSender }

func (s answerLostSender) SendBatch(ctx context.Context, id, tag string, rec []Recipient) (map[string]Outcome, error) {
	if _, err := s.openSender.SendBatch(ctx, id, tag, rec); err != nil {
		return nil, err
	}
	return nil, errors.New("read tcp: connection reset by peer")
}

// TestE2E_sendAnswerLostDateCells: a batch whose answer was lost is settled
// from the send records, which hold the values as sent (the date as the
// sheet shows it). The journal identified a date cell's value by its stored
// number, so no record matched and the next run sent everybody again.
func TestE2E_sendAnswerLostDateCells(t *testing.T) {
	t.Parallel()
	_, c, be, id := approvedTemplate(t, simulator.Options{}, -1)
	ctx := context.Background()
	list := fiveRecipients(t, 13800000000, time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC))
	if list.Rows[0].Keys[1] == list.Rows[0].Params[1] {
		t.Fatalf("the date cell's key %q is its display: the test needs a date cell", list.Rows[0].Keys[1])
	}
	opts := SendOptions{TemplateID: id, Journal: filepath.Join(t.TempDir(), "j")}
	res, err := Send(ctx, answerLostSender{be.Open.(*openSender)}, list, opts)
	if err != nil || res[0].Outcome != SendUnknown {
		t.Fatalf("lost answer: %v %+v", err, res)
	}
	res, err = Send(ctx, be.Open, list, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		if r.Outcome != SendAlreadySent {
			t.Errorf("row %d (%s): %s %q, want already sent (found in the send records)", r.Row, r.Mobile, r.Outcome, r.Message)
		}
	}
	if n := sendRecords(t, c); n != 5 {
		t.Errorf("%d send records, want 5: nobody is sent twice", n)
	}
}

// TestOpenTemplateGivenByTplID: a template's tpl_id given for its id (both
// are numbers on the portal) said only "not found"; it names the id to use.
func TestOpenTemplateGivenByTplID(t *testing.T) {
	t.Parallel()
	_, c, be, id := approvedTemplate(t, simulator.Options{}, -1)
	n, _ := strconv.ParseInt(id, 10, 64)
	tpl, err := c.SMS.GetTemplate(t.Context(), n)
	if err != nil {
		t.Fatal(err)
	}
	_, err = be.Open.TemplateParams(t.Context(), strconv.FormatInt(int64(tpl.TplID), 10))
	want := fmt.Sprintf(`no SMS template has the id %d; the template "R" has the tpl_id %d and the id %s: use --template %s`, tpl.TplID, tpl.TplID, id, id)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want it to say %q", err, want)
	}
}

// TestE2E_sendAnswerLostDeliveryFailed: against the simulator, a number
// whose message was sent before its answer was lost and whose delivery failed
// (record result 0, errmsg UNDELIV; numbers ending in 0000) is sent again,
// and the run says why; the number delivered is not.
func TestE2E_sendAnswerLostDeliveryFailed(t *testing.T) {
	t.Parallel()
	var ahead atomic.Int64
	_, c, be, id := approvedTemplate(t, simulator.Options{Now: func() time.Time { return time.Now().Add(time.Duration(ahead.Load())) }}, -1)
	ctx := context.Background()
	rows := [][]any{{"mobile", "name", "date"}, {"13800000000", "Fails", "2026-12-01"}, {"13800000001", "Arrives", "2026-12-01"}}
	list, probs, err := ReadRecipients(writeBook(t, "Recipients", rows), []string{"name", "date"}, "open")
	if err != nil || len(probs) > 0 {
		t.Fatal(err, problemLines(probs))
	}
	opts := SendOptions{TemplateID: id, Journal: filepath.Join(t.TempDir(), "j")}
	if res, err := Send(ctx, answerLostSender{be.Open.(*openSender)}, list, opts); err != nil || res[0].Outcome != SendUnknown {
		t.Fatalf("lost answer: %v %+v", err, res)
	}
	ahead.Store(int64(10 * time.Second)) // the delivery receipts have arrived
	res, err := Send(ctx, be.Open, list, opts)
	if err != nil {
		t.Fatal(err)
	}
	want := "found sent after a lost answer to the send (read tcp: connection reset by peer), but its delivery failed (UNDELIV: the number is unreachable): sending again"
	if res[0].Outcome != SendSent || !strings.HasPrefix(res[0].Message, want) {
		t.Errorf("row 2: %s %q, want sent, %q", res[0].Outcome, res[0].Message, want)
	}
	if res[1].Outcome != SendAlreadySent {
		t.Errorf("row 3: %s %q, want already sent", res[1].Outcome, res[1].Message)
	}
	n := 0
	for _, err := range c.SMS.ListRecords(ctx, client.SMSRecordFilter{}) {
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != 3 {
		t.Errorf("%d send records, want 3 (the failed one sent again)", n)
	}
}

// slowSender has the batch carried out by the platform only after its
// answer was lost (a gateway time-out, HTTP 504, with the platform still
// at work): the send lands once the next run has read the records.
type slowSender struct {
	*openSender
	land chan func()
}

func (s slowSender) SendBatch(ctx context.Context, tpl, sign string, rs []Recipient) (map[string]Outcome, error) {
	s.land <- func() { _, _ = s.openSender.SendBatch(context.WithoutCancel(ctx), tpl, sign, rs) }
	return nil, errors.New("POST /v3/sms/send: HTTP 504: gateway time-out")
}

// TestE2E_sendRerunSoonAfterALostAnswer: a run whose batch answer was lost
// to a gateway time-out, and run again at once, sends nobody again: the
// platform's records do not show the batch yet, and it lands after. The
// second run sent every number again (each texted twice). Once the records
// can tell, a run settles them as sent.
func TestE2E_sendRerunSoonAfterALostAnswer(t *testing.T) {
	t.Parallel()
	_, c, be, id := approvedTemplate(t, simulator.Options{}, -1)
	ctx := context.Background()
	list := fiveRecipients(t, 13800000100, "2026-12-01")
	opts := SendOptions{TemplateID: id, Journal: filepath.Join(t.TempDir(), "j")}
	slow := slowSender{be.Open.(*openSender), make(chan func(), 1)}
	if res, err := Send(ctx, slow, list, opts); err != nil || res[0].Outcome != SendUnknown {
		t.Fatalf("lost run: %v %+v", err, res)
	}
	res, err := Send(ctx, be.Open, list, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		if r.Outcome != SendUnknown || !strings.Contains(r.Message, "the platform's send records do not show it yet") || !strings.Contains(r.Message, "Run again after") {
			t.Errorf("row %d (%s) at once: %s %q, want left in doubt until the records can tell", r.Row, r.Mobile, r.Outcome, r.Message)
		}
	}
	(<-slow.land)() // the platform carries the batch out
	opts.now = func() time.Time { return time.Now().Add(recordsSettle) }
	res, err = Send(ctx, be.Open, list, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		if r.Outcome != SendAlreadySent {
			t.Errorf("row %d (%s) later: %s %q, want settled as sent from the records", r.Row, r.Mobile, r.Outcome, r.Message)
		}
	}
	if n := sendRecords(t, c); n != 5 {
		t.Errorf("%d send records, want 5: nobody twice", n)
	}
}

// fiveRecipients is a recipients workbook of five numbers from first, each
// with a name and date (any cell value), read for the open interface.
func fiveRecipients(t *testing.T, first int64, date any) *RecipientList {
	t.Helper()
	rows := [][]any{{"mobile", "name", "date"}}
	for i := range 5 {
		rows = append(rows, []any{first + int64(i), "N" + strconv.Itoa(i), date})
	}
	list, probs, err := ReadRecipients(writeBook(t, "Recipients", rows), []string{"name", "date"}, "open")
	if err != nil || len(probs) > 0 {
		t.Fatal(err, problemLines(probs))
	}
	return list
}

// sendRecords counts the platform's send records.
func sendRecords(t *testing.T, c *client.Client) int {
	t.Helper()
	n := 0
	for _, err := range c.SMS.ListRecords(t.Context(), client.SMSRecordFilter{}) {
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	return n
}
