package main

import (
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// TestSMSSend_sentAgainAfterFailedDeliverySaid: a batch whose answer was
// lost is settled by the next run from the platform's send records; a
// number whose record shows the delivery failed (UNDELIV) is sent again,
// on purpose. That run's text said "2 sent, 1 already sent" for a list of
// two numbers, one of them found delivered, without naming the row sent a
// second time or why (the report alone had it). It names it.
func TestSMSSend_sentAgainAfterFailedDeliverySaid(t *testing.T) {
	t.Parallel()
	var ahead atomic.Int64
	sim, err := simulator.New(simulator.Options{Now: func() time.Time { return time.Now().Add(time.Duration(ahead.Load())) }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sim.Wait)
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	id := smsTemplate(t, sim, srv.URL, 1, "")

	f := excelize.NewFile()
	_ = f.SetSheetName("Sheet1", "Recipients")
	for i, r := range [][]any{{"mobile", "name", "date"}, {"13800000001", "Arrives", "2026-12-01"}, {"13800000000", "Fails", "2026-12-01"}} {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		_ = f.SetSheetRow("Recipients", cell, &r)
	}
	path := filepath.Join(t.TempDir(), "list.xlsx")
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	postFaults(t, srv.URL, `{"force": [{"method": "POST", "path": "/open/sms/send", "lost": true, "count": 1}]}`)
	args := []string{"sms", "send", path, "--template", id, "--journal", filepath.Join(t.TempDir(), "j"), "--endpoint", srv.URL, "--access-token", "sim-token"}
	if code, o, e := runCLI(args...); code != 1 || !strings.Contains(o, "2 unknown") {
		t.Fatalf("first run: exit %d, want 1 and 2 unknown\n%s\n%s", code, o, e)
	}
	ahead.Store(int64(10 * time.Second)) // the delivery receipts have arrived
	code, o, e := runCLI(args...)
	want := "Recipients row 3 13800000000: sent: found sent after a time-out waiting for the send's answer (POST /open/sms/send: HTTP 504: simulated gateway timeout), " +
		"but its delivery failed (UNDELIV: the number is unreachable): sending again; sent\n"
	if code != 0 || !strings.Contains(o, want) || !strings.Contains(o, "1 sent, 1 already sent") {
		t.Errorf("second run: exit %d, want %q\n%s\n%s", code, want, o, e)
	}
}
