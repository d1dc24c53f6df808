package client_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// TestTrunkCDRsGrownByAPageWhileRead: the simulator lists trunk call
// records newest first, as a platform may (the spec does not say the
// order). 100 calls (one page) ending while page 1 of the last hour's
// records is read put the records of page 1 on page 2: the read ended with
// "page 2 of the list was asked for and the service answered the same
// items as for page 1 ... a proxy or cache", a healthy platform taken for
// a broken one. It reads every record there before the read.
func TestTrunkCDRsGrownByAPageWhileRead(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	seed := func(h http.Handler, from, n int, at time.Time) {
		var recs []map[string]any
		for i := range n {
			recs = append(recs, map[string]any{"call_id": fmt.Sprintf("c%d", from+i), "time_start": at.Add(time.Duration(i) * time.Second).Format("2006-01-02 15:04:05"), "user_num": "13900000000"})
		}
		b, _ := json.Marshal(map[string]any{"trunk_cdrs": recs})
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequestWithContext(t.Context(), "POST", "/_sim/seed", bytes.NewReader(b)))
		if rec.Code != 200 {
			t.Fatal(rec.Body.String())
		}
	}
	now := time.Now().Truncate(time.Hour)
	seed(sim, 0, 250, now.Add(-50*time.Minute))
	var once sync.Once
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sim.ServeHTTP(w, r)
		if r.URL.Path == "/portal/v2/svcapi/cdr/trunk/lists" {
			once.Do(func() { seed(sim, 1000, 100, now.Add(-10*time.Minute)) }) // 100 calls end while page 1 is read
		}
	}))
	defer srv.Close()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	recs, err := client.Collect(c.Reference.TrunkCDRs(t.Context(), client.CDRFilter{TimeStartBegin: now.Add(-time.Hour).Format("2006-01-02 15:04:05"), TimeStartEnd: now.Format("2006-01-02 15:04:05")}))
	if err != nil || len(recs) < 250 {
		t.Errorf("read %d records, err = %v; want the 250 there before the read, no error", len(recs), err)
	}
}
