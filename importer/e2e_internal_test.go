package importer

import (
	"context"
	"errors"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
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

func testSendInterrupted(t *testing.T, simOpts simulator.Options) {
	sim, err := simulator.New(simOpts)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	defer srv.Close()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", AppID: "sim-app", AppKey: "sim-key"})
	if err != nil {
		t.Fatal(err)
	}
	be, _ := BackendFor(c)
	ctx := context.Background()
	sig, err := c.SMS.CreateSignature(ctx, client.SMSSignatureInput{SignText: "Demo"})
	if err != nil {
		t.Fatal(err)
	}
	_ = sim.Review("sms_signature", strconv.FormatInt(int64(sig.ID), 10), 1, "")
	tpl, err := c.SMS.CreateTemplate(ctx, client.SMSTemplateInput{TemplateName: "R", TemplateContents: "Hi ${name} on ${date}", SignID: int64(sig.ID)})
	if err != nil {
		t.Fatal(err)
	}
	id := strconv.FormatInt(int64(tpl.ID), 10)
	_ = sim.Review("sms_template", id, 1, "")

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
