package simulator

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestResultsPage(t *testing.T) {
	t.Parallel()
	items := []int{1, 2, 3, 4, 5, 6, 7}
	p := resultsPage(items, 3, 3)
	if p["total_page"] != int64(3) || p["total"] != int64(7) || len(p["results"].([]int)) != 1 || p["empty"] != false {
		t.Errorf("last page: %v", p)
	}
	p = resultsPage(items, 3, 9)
	if len(p["results"].([]int)) != 0 || p["empty"] != true {
		t.Errorf("beyond the last page: %v", p)
	}
}

func TestReferenceSeedKeys(t *testing.T) {
	t.Parallel()
	s, err := New(Options{Now: func() time.Time { return time.Date(2026, 5, 20, 12, 0, 0, 0, time.UTC) }})
	if err != nil {
		t.Fatal(err)
	}
	bad := map[string]string{
		"trunks":           `[{"code":"021"}]`,
		"busy_reasons":     `[{"ag_stat":"9"}]`,
		"ivrs":             `[{"ivrCode":"x"}]`,
		"trunk_cdrs":       `[{"call_id":"c","time_start":"yesterday"}]`,
		"vos_cdrs":         `[{"call_id":"c"}]`,
		"robot_recordings": `{"c":""}`,
		"virtual_bindings": `["not an object"]`,
	}
	for k, v := range bad {
		if err := s.Seed(map[string]json.RawMessage{k: json.RawMessage(v)}); err == nil {
			t.Errorf("seed %s %s must be refused", k, v)
		}
	}
	good := map[string]json.RawMessage{
		"trunks":           json.RawMessage(`[{"phone":"02899990000","code":"028","city":"成都"}]`),
		"virtual_bindings": json.RawMessage(`{"17000000001":["02899990000"]}`),
		"busy_reasons":     json.RawMessage(`[{"ag_stat":"2","stat_reason":"培训"}]`),
		"trunk_cdrs":       json.RawMessage(`[{"call_id":"c-1","time_start":"2026-05-19 08:00:00","call_type":2}]`),
		"vos_cdrs":         json.RawMessage(`[{"call_id":"c-1","start_time":"2026-05-19 08:00:00"}]`),
	}
	if err := s.Seed(good); err != nil {
		t.Fatal(err)
	}
	st := s.st.Reference()
	last := st.Trunks[len(st.Trunks)-1]
	if last.Type != 2 || last.TypeString == "" {
		t.Errorf("a seeded trunk gets type 2 and its text by default: %+v", last)
	}
	if got := st.VirtualBindings["17000000001"]; len(got) != 3 {
		t.Errorf("bindings are appended: %v", got)
	}
	if r := st.BusyReasons[len(st.BusyReasons)-1]; r.ID == "" || r.VccID == "" {
		t.Errorf("busy reason id and vcc_id are filled: %+v", r)
	}
	if c := st.TrunkCDRs[len(st.TrunkCDRs)-1]; c.CallTypeName == "" {
		t.Errorf("call_type_name is filled from call_type: %+v", c)
	}
	// The seed covers today and earlier days, relative to the clock.
	var today, earlier int
	for _, c := range st.VOSCDRs {
		if strings.HasPrefix(c.StartTime, "2026-05-20") {
			today++
		} else {
			earlier++
		}
	}
	if today == 0 || earlier == 0 {
		t.Errorf("VOS seed: %d today, %d earlier", today, earlier)
	}
	// Reset restores the seed without the additions.
	s.Reset()
	for _, tr := range s.st.Reference().Trunks {
		if tr.Phone == "02899990000" {
			t.Error("reset must drop seeded additions")
		}
	}
}

// TestUpdateUserDataBody: call/updateUserData is form-urlencoded with
// user_data a string of JSON (§4.7); a JSON body, or user_data sent as an
// object, is refused with 400, so a client that stops sending the form
// fails against the simulator.
func TestUpdateUserDataBody(t *testing.T) {
	t.Parallel()
	h := newHarness(t, Options{})
	const path = "/portal/v2/svcapi/call/updateUserData"
	form := "application/x-www-form-urlencoded"
	for name, tc := range map[string]struct {
		ct, body string
		code     float64
		message  string
	}{
		"form":                      {form, "call_id=c1&business_status=1&user_data=%7B%22order%22%3A%22A%22%7D", 200, ""},
		"form without user_data":    {form, "call_id=c1&business_status=0", 200, ""},
		"JSON body":                 {"application/json", `{"call_id":"c1","business_status":"1","user_data":"{\"order\":\"A\"}"}`, 400, "form-urlencoded"},
		"JSON body, user_data obj":  {"application/json", `{"call_id":"c1","user_data":{"order":"A"}}`, 400, "form-urlencoded"},
		"no content type":           {"", `{"call_id":"c1"}`, 400, "form-urlencoded"},
		"multipart":                 {"multipart/form-data; boundary=XX", "--XX\r\nContent-Disposition: form-data; name=\"call_id\"\r\n\r\nc1\r\n--XX--\r\n", 400, "form-urlencoded"},
		"form, user_data not JSON":  {form, "call_id=c1&user_data=nope", 400, "user_data"},
		"form, user_data JSON list": {form, "call_id=c1&user_data=%5B1%5D", 400, "user_data"},
	} {
		r := h.req("POST", path, tc.ct, tc.body, "Bearer sim-token")
		if r.num("code") != tc.code || !strings.Contains(r.raw, tc.message) {
			t.Errorf("%s: want code %v mentioning %q, got %s", name, tc.code, tc.message, r.raw)
		}
	}
}
