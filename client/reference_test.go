package client_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

func TestCheckCDRRange(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		begin, end string
		want       string // substring of the error; "" means valid
	}{
		"one day":                     {"2026-03-01 00:00:00", "2026-03-01 23:59:59", ""},
		"exactly one month":           {"2026-03-15 08:00:00", "2026-04-15 08:00:00", ""},
		"jan 31 to feb 28":            {"2026-01-31 00:00:00", "2026-02-28 00:00:00", ""},
		"jan 31 to mar 1":             {"2026-01-31 00:00:00", "2026-03-01 00:00:00", "longer than one month"},
		"latest end named":            {"2026-01-31 00:00:00", "2026-02-28 23:59:59", `longer than one month: for that time_start_begin the latest time_start_end is "2026-02-28 00:00:00"`},
		"leap year latest end":        {"2028-01-31 12:00:00", "2028-03-01 00:00:00", `the latest time_start_end is "2028-02-29 12:00:00"`},
		"begin after end, what to do": {"2026-03-02 00:00:00", "2026-03-01 00:00:00", "must not end before it begins (swap them)"},
		"dec to jan":                  {"2025-12-31 10:00:00", "2026-01-31 10:00:00", ""},
		"one month + 1s":              {"2026-03-01 00:00:00", "2026-04-01 00:00:01", "longer than one month"},
		"begin after end":             {"2026-03-02 00:00:00", "2026-03-01 00:00:00", "is after"},
		"bad begin format":            {"2026/03/01", "2026-03-01 00:00:00", "time_start_begin"},
		"bad end format":              {"2026-03-01 00:00:00", "2026-03-01T01:00:00Z", "time_start_end"},
		"open ends are valid":         {"", "", ""},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			err := client.CheckCDRRange(tc.begin, tc.end)
			if tc.want == "" {
				if err != nil {
					t.Fatalf("want valid, got %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("want error containing %q, got %v", tc.want, err)
			}
		})
	}
}

// rawGet answers the decoded JSON of a GET on the portal surface.
func (e *voiceEnv) raw(t *testing.T, method, path string, body string) (map[string]any, string) {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), method, e.origin+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer sim-token")
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	return m, string(b)
}

func TestTrunkNumbers(t *testing.T) {
	t.Parallel()
	e := newVoiceEnv(t)
	ctx := t.Context()
	all, err := client.Collect(e.c.Reference.TrunkNumbers(ctx, ""))
	if err != nil {
		t.Fatal(err)
	}
	codes, types := map[string]bool{}, map[int64]bool{}
	for _, tn := range all {
		codes[string(tn.Code)] = true
		types[int64(tn.Type)] = true
		if tn.Phone == "" || tn.City == "" || tn.TypeString == "" {
			t.Errorf("incomplete trunk number %+v", tn)
		}
	}
	if len(all) < 5 || len(codes) < 3 || len(types) != 3 {
		t.Fatalf("the seed must hold several numbers in several area codes and all three types: %d numbers, codes %v, types %v", len(all), codes, types)
	}
	sh, err := client.Collect(e.c.Reference.TrunkNumbers(ctx, "021"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tn := range sh {
		if tn.Code != "021" {
			t.Errorf("code filter leaked %+v", tn)
		}
	}
	everything, err := e.c.Reference.AllTrunkNumbers(ctx, "021")
	if err != nil || len(everything) != len(sh) {
		t.Fatalf("trunks/all 021: %d numbers (%v), lists gave %d", len(everything), err, len(sh))
	}

	// Paging: 150 more numbers need two pages of 100.
	var more []map[string]any
	for i := 0; i < 150; i++ {
		more = append(more, map[string]any{"phone": fmt.Sprintf("0571%08d", i), "code": "0571", "city": "杭州", "type": 2})
	}
	b, _ := json.Marshal(more)
	if err := e.sim.Seed(map[string]json.RawMessage{"trunks": b}); err != nil {
		t.Fatal(err)
	}
	hz, err := client.Collect(e.c.Reference.TrunkNumbers(ctx, "0571"))
	if err != nil || len(hz) != 150 {
		t.Fatalf("paged list: %d numbers, %v", len(hz), err)
	}
	if n := e.sim.Stats()["GET /portal/v2/svcapi/trunks/lists"]; n < 3 {
		t.Errorf("want at least two pages fetched for 150 numbers, %d calls in all", n)
	}
	// per_page defaults to 10 (§8).
	m, _ := e.raw(t, "GET", "/portal/v2/svcapi/trunks/lists?code=0571", "")
	data := m["data"].(map[string]any)
	if data["per_page"].(float64) != 10 || len(data["results"].([]any)) != 10 || data["total"].(float64) != 150 || data["total_page"].(float64) != 15 {
		t.Errorf("default page: %v", data)
	}
	m, _ = e.raw(t, "GET", "/portal/v2/svcapi/trunks/lists?per_page=0", "")
	if m["code"].(float64) != 400 {
		t.Errorf("per_page=0 must fail, got %v", m)
	}
}

func TestVirtualBindings(t *testing.T) {
	t.Parallel()
	e := newVoiceEnv(t)
	ctx := t.Context()
	got, err := client.Collect(e.c.Reference.VirtualBindings(ctx, "17000000001"))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"02160001000", "02160001001"}, got); diff != "" {
		t.Errorf("bindings (-want +got):\n%s", diff)
	}
	none, err := client.Collect(e.c.Reference.VirtualBindings(ctx, "19999999999"))
	if err != nil || len(none) != 0 {
		t.Errorf("unknown virtual number: %v %v", none, err)
	}
	m, _ := e.raw(t, "GET", "/portal/v2/svcapi/virtual/bindings/lists?virtual=17000000002", "")
	if d := m["data"].(map[string]any); d["per_page"].(float64) != 1000 || d["current_page"].(float64) != 1 {
		t.Errorf("defaults per_page 1000, current_page 1: %v", d)
	}
}

func TestBusyReasons(t *testing.T) {
	t.Parallel()
	e := newVoiceEnv(t)
	ctx := t.Context()
	plain, err := e.c.Reference.BusyReasons(ctx)
	if err != nil {
		t.Fatal(err)
	}
	stats := map[string]int{}
	for _, r := range plain {
		stats[string(r.AgStat)]++
	}
	if stats["1"] == 0 || stats["2"] == 0 {
		t.Errorf("want login (1) and busy (2) reasons, got %v", stats)
	}
	wrapped, err := e.c.Reference.BusyReasonsJSONP(ctx, "jQuery123_cb")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(plain, wrapped); diff != "" {
		t.Errorf("JSONP answer unwrapped differs (-plain +jsonp):\n%s", diff)
	}
	_, body := e.raw(t, "GET", "/portal/v2/svcapi/busyreason/list?jsonpcallback=jQuery123_cb", "")
	if !strings.HasPrefix(body, "jQuery123_cb({") {
		t.Errorf("JSONP body: %.60s", body)
	}
	e.force(t, "GET", "/portal/v2/svcapi/busyreason/list", 402)
	_, err = e.c.Reference.BusyReasons(ctx)
	wantCode(t, err, 402)
	e.force(t, "GET", "/portal/v2/svcapi/busyreason/list", 401)
	_, err = e.c.Reference.BusyReasons(ctx)
	wantCode(t, err, 401)
}

func TestTrunkCDRs(t *testing.T) {
	t.Parallel()
	e := newVoiceEnv(t)
	ctx := t.Context()
	today := time.Now().Format("2006-01-02")
	day, err := client.Collect(e.c.Reference.TrunkCDRs(ctx, client.CDRFilter{TimeStartBegin: today + " 00:00:00", TimeStartEnd: today + " 23:59:59"}))
	if err != nil {
		t.Fatal(err)
	}
	if len(day) == 0 {
		t.Fatal("the seed must hold trunk records for today")
	}
	for _, r := range day {
		if !strings.HasPrefix(string(r.TimeStart), today) || r.CallTypeName == "" {
			t.Errorf("record out of range or incomplete: %+v", r)
		}
	}
	one, err := client.Collect(e.c.Reference.TrunkCDRs(ctx, client.CDRFilter{CallID: string(day[0].CallID)}))
	if err != nil || len(one) != 1 || one[0].CallID != day[0].CallID {
		t.Fatalf("by call id: %v %v", one, err)
	}
	before := e.sim.Stats()["POST /portal/v2/svcapi/cdr/trunk/lists"]
	_, err = client.Collect(e.c.Reference.TrunkCDRs(ctx, client.CDRFilter{}))
	if err == nil || !strings.Contains(err.Error(), "call_id") {
		t.Errorf("no filter: want a client-side error, got %v", err)
	}
	_, err = client.Collect(e.c.Reference.TrunkCDRs(ctx, client.CDRFilter{TimeStartBegin: "2026-01-01 00:00:00", TimeStartEnd: "2026-03-01 00:00:00"}))
	if err == nil || !strings.Contains(err.Error(), "one month") {
		t.Errorf("two months: want a client-side error, got %v", err)
	}
	if after := e.sim.Stats()["POST /portal/v2/svcapi/cdr/trunk/lists"]; after != before {
		t.Errorf("client-side range errors must not reach the API")
	}
	// The simulator enforces the same rules.
	for body, want := range map[string]string{
		`{}`: "call_id", `{"time_start_begin":"2026-01-01 00:00:00","time_start_end":"2026-03-01 00:00:00"}`: "one month",
		`{"time_start_begin":"2026-01-02 00:00:00","time_start_end":"2026-01-01 00:00:00"}`: "after",
	} {
		m, raw := e.raw(t, "POST", "/portal/v2/svcapi/cdr/trunk/lists", body)
		if m["code"].(float64) == 0 || !strings.Contains(raw, want) {
			t.Errorf("%s: want a failure mentioning %q, got %s", body, want, raw)
		}
	}
}

func TestVOSCDRs(t *testing.T) {
	t.Parallel()
	e := newVoiceEnv(t)
	ctx := t.Context()
	today := time.Now().Format("2006-01-02")
	def, err := client.Collect(e.c.Reference.VOSCDRs(ctx, client.CDRFilter{}))
	if err != nil {
		t.Fatal(err)
	}
	if len(def) == 0 {
		t.Fatal("the seed must hold VOS records for today")
	}
	for _, r := range def {
		if !strings.HasPrefix(string(r.StartTime), today) {
			t.Errorf("without a range only today's records come back, got %s", r.StartTime)
		}
	}
	week, err := client.Collect(e.c.Reference.VOSCDRs(ctx, client.CDRFilter{
		TimeStartBegin: time.Now().AddDate(0, 0, -7).Format("2006-01-02") + " 00:00:00", TimeStartEnd: today + " 23:59:59"}))
	if err != nil || len(week) <= len(def) {
		t.Errorf("a week holds more than today: %d vs %d (%v)", len(week), len(def), err)
	}
	for body, want := range map[string]string{
		`{"per_page":501}`: "at most 500",
		`{"time_start_begin":"2026-01-01 00:00:00","time_start_end":"2026-03-01 00:00:00"}`: "one month",
		`{"time_start_begin":"01/01/2026"}`:                                                 "format",
	} {
		m, raw := e.raw(t, "POST", "/portal/v3/portal/api/vos/list", body)
		if m["code"].(float64) == 0 || !strings.Contains(raw, want) {
			t.Errorf("%s: want a failure mentioning %q, got %s", body, want, raw)
		}
	}
	m, _ := e.raw(t, "POST", "/portal/v3/portal/api/vos/list", `{}`)
	if m["data"].(map[string]any)["per_page"].(float64) != 100 {
		t.Errorf("VOS per_page defaults to 100: %v", m["data"])
	}
}

func TestUpdateUserData(t *testing.T) {
	t.Parallel()
	e := newVoiceEnv(t)
	ctx := t.Context()
	today := time.Now().Format("2006-01-02")
	recs := must(client.Collect(e.c.Reference.TrunkCDRs(ctx, client.CDRFilter{TimeStartBegin: today + " 00:00:00", TimeStartEnd: today + " 23:59:59"})))
	callID := string(recs[0].CallID)
	msg, err := e.c.Reference.UpdateUserData(ctx, callID, "0", map[string]string{"order": "A-17", "business_status": "1"})
	if err != nil || msg == "" {
		t.Fatalf("updateUserData: %q %v", msg, err)
	}
	rec := must(client.Collect(e.c.Reference.TrunkCDRs(ctx, client.CDRFilter{CallID: callID})))[0]
	var ud map[string]any
	if err := json.Unmarshal([]byte(rec.UserData), &ud); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string]any{"order": "A-17", "business_status": "1"}, ud); diff != "" {
		t.Errorf("user_data after update; the value inside user_data must win (-want +got):\n%s", diff)
	}
	if _, err := e.c.Reference.UpdateUserData(ctx, callID, "1", nil); err != nil {
		t.Fatal(err)
	}
	// Form-urlencoded, as §4.7 says; a missing call_id is refused.
	req, _ := http.NewRequestWithContext(ctx, "POST", e.origin+"/portal/v2/svcapi/call/updateUserData", strings.NewReader(url.Values{"business_status": {"1"}}.Encode()))
	req.Header.Set("Authorization", "Bearer sim-token")
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(b), `"code":400`) || !strings.Contains(string(b), "call_id") {
		t.Errorf("missing call_id: %s", b)
	}
	_, err = e.c.Reference.UpdateUserData(ctx, callID, "2", nil)
	wantCode(t, err, 400)
	e.force(t, "POST", "/portal/v2/svcapi/call/updateUserData", 402)
	_, err = e.c.Reference.UpdateUserData(ctx, callID, "1", nil)
	wantCode(t, err, 402)
}

func TestNumberSelectionAndIVRs(t *testing.T) {
	t.Parallel()
	e := newVoiceEnv(t)
	ctx := t.Context()
	ns, err := e.c.Reference.NumberSelection(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(ns.Groups) == 0 || len(ns.Phones) == 0 || len(ns.XTels) == 0 {
		t.Errorf("the seed must hold groups, phones and X numbers: %+v", ns)
	}
	ivrs, err := e.c.Reference.IVRs(ctx)
	if err != nil || len(ivrs) < 2 {
		t.Fatalf("ivrs: %v %v", ivrs, err)
	}
	if err := e.sim.Seed(map[string]json.RawMessage{
		"ivrs":             json.RawMessage(`[{"ivrName":"Billing","ivrCode":"ivr_billing"}]`),
		"number_selection": json.RawMessage(`{"xTels":[{"id":"17000000009","name":"17000000009"}]}`),
	}); err != nil {
		t.Fatal(err)
	}
	ivrs2 := must(e.c.Reference.IVRs(ctx))
	if len(ivrs2) != len(ivrs)+1 || ivrs2[len(ivrs2)-1].IvrName != "Billing" || ivrs2[len(ivrs2)-1].IvrID == 0 {
		t.Errorf("seeded IVR: %+v", ivrs2)
	}
	if ns2 := must(e.c.Reference.NumberSelection(ctx)); len(ns2.XTels) != len(ns.XTels)+1 {
		t.Errorf("seeded X number: %+v", ns2.XTels)
	}
	if err := e.sim.Seed(map[string]json.RawMessage{"busy_reasons": json.RawMessage(`[{"ag_stat":"3","stat_reason":"x"}]`)}); err == nil {
		t.Error("a busy reason with ag_stat 3 must be refused")
	}
}

// TestPortalCommonCodes checks the §7.2 common codes (401 enterprise code
// empty, 402 enterprise code does not exist) on every portal interface of
// §4.5/§4.7, forced through /_sim/faults since they depend on the account.
func TestPortalCommonCodes(t *testing.T) {
	t.Parallel()
	e := newVoiceEnv(t)
	ctx := t.Context()
	calls := map[string]struct {
		method, path string
		call         func() error
	}{
		"sound/upload": {"POST", "/portal/v2/svcapi/sound/upload", func() error {
			_, _, err := e.c.Sounds.Upload(ctx, client.SoundInput{Name: "x", SoundType: 1, Content: tinyWAV(8)})
			return err
		}},
		"sound/play":   {"GET", "/portal/v2/svcapi/sound/play", func() error { _, err := e.c.Sounds.Play(ctx, "1"); return err }},
		"sound/delete": {"GET", "/portal/v2/svcapi/sound/delete", func() error { _, err := e.c.Sounds.Delete(ctx, "1"); return err }},
		"sound/list": {"POST", "/portal/v2/svcapi/sound/list", func() error {
			_, err := client.Collect(e.c.Sounds.List(ctx, client.SoundFilter{}))
			return err
		}},
		"busyreason/list":         {"GET", "/portal/v2/svcapi/busyreason/list", func() error { _, err := e.c.Reference.BusyReasons(ctx); return err }},
		"record/robot/playrecord": {"GET", "/portal/v2/svcapi/record/robot/playrecord", func() error { _, err := e.c.ASR.PlayRecord(ctx, "robot-call-0001"); return err }},
		"call/updateUserData": {"POST", "/portal/v2/svcapi/call/updateUserData", func() error {
			_, err := e.c.Reference.UpdateUserData(ctx, "c", "1", nil)
			return err
		}},
	}
	for name, tc := range calls {
		for _, code := range []int{401, 402} {
			e.force(t, tc.method, tc.path, code)
			if err := tc.call(); !client.HasCode(err, int64(code)) {
				t.Errorf("%s: forced %d, got %v", name, code, err)
			}
		}
	}
}
