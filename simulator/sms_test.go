package simulator_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// smsSim is a simulator on a fake clock with helpers for raw calls.
type smsSim struct {
	t   *testing.T
	sim *simulator.Server
	srv *httptest.Server
	mu  sync.Mutex
	now time.Time
}

func newSMSSim(t *testing.T, autoApprove time.Duration) *smsSim {
	t.Helper()
	s := &smsSim{t: t, now: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}
	sim, err := simulator.New(simulator.Options{AutoApprove: autoApprove, Now: func() time.Time {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.now
	}})
	if err != nil {
		t.Fatal(err)
	}
	s.sim = sim
	s.srv = httptest.NewServer(sim)
	t.Cleanup(s.srv.Close)
	return s
}

func (s *smsSim) advance(d time.Duration) {
	s.mu.Lock()
	s.now = s.now.Add(d)
	s.mu.Unlock()
}

// call posts body to /open+path and returns the decoded envelope.
func (s *smsSim) call(path string, body any) map[string]any {
	s.t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequestWithContext(s.t.Context(), http.MethodPost, s.srv.URL+"/open"+path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer sim-token")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		s.t.Fatal(err)
	}
	return out
}

// ok calls and fails the test unless the envelope is code 0; it returns data.
func (s *smsSim) ok(path string, body any) map[string]any {
	s.t.Helper()
	out := s.call(path, body)
	if out["code"] != float64(0) {
		s.t.Fatalf("%s %v: want code 0, got %v", path, body, out)
	}
	d, _ := out["data"].(map[string]any)
	return d
}

// fail calls and checks a non-zero code whose message contains want.
func (s *smsSim) fail(path string, body any, code int, want string) {
	s.t.Helper()
	out := s.call(path, body)
	if out["code"] != float64(code) || !strings.Contains(fmt.Sprint(out["message"]), want) {
		s.t.Fatalf("%s %v: want code %d with %q, got %v", path, body, code, want, out)
	}
}

func num(v any) int64 { f, _ := v.(float64); return int64(f) }

func items(d map[string]any) []map[string]any {
	var out []map[string]any
	for _, it := range d["data"].([]any) {
		out = append(out, it.(map[string]any))
	}
	return out
}

// approvedTemplate creates a signature and an approved template with text.
func (s *smsSim) approvedTemplate(text string) (signID, tplID int64) {
	s.t.Helper()
	sg := s.ok("/sms/sign/store", map[string]any{"sign_text": "Acme " + text[:3]})
	signID = num(sg["id"])
	tp := s.ok("/sms/template/store", map[string]any{"template_name": "T " + text, "template_contents": text, "sign_id": signID})
	tplID = num(tp["id"])
	if err := s.sim.Review("sms_template", fmt.Sprint(tplID), 1, ""); err != nil {
		s.t.Fatal(err)
	}
	return signID, tplID
}

func TestSMSSignStoreListDelete(t *testing.T) {
	t.Parallel()
	s := newSMSSim(t, 0)
	d := s.ok("/sms/sign/store", map[string]any{"sign_text": "Acme", "remark": "brand"})
	for _, k := range []string{"sign_text", "remark", "vcc_id", "sign_id", "state", "add_user", "add_time", "id"} {
		if _, ok := d[k]; !ok {
			t.Errorf("sign/store answer lacks %s: %v", k, d)
		}
	}
	if num(d["state"]) != 0 {
		t.Errorf("a new signature is reviewing (0), got %v", d["state"])
	}
	id := num(d["id"])
	s.fail("/sms/sign/store", map[string]any{"sign_text": "Acme"}, 409, `"Acme" exists`)
	s.fail("/sms/sign/store", map[string]any{"remark": "x"}, 400, "sign_text is required")

	list := s.ok("/sms/sign/list", map[string]any{"sign_text": "cm", "state": 0})
	if got := items(list); len(got) != 1 || got[0]["state_name"] != "reviewing" || got[0]["is_used"] != false {
		t.Fatalf("sign/list: %v", list)
	}
	if got := items(s.ok("/sms/sign/list", map[string]any{"state": 1})); len(got) != 0 {
		t.Fatalf("state filter: %v", got)
	}
	s.fail("/sms/sign/list", map[string]any{"state": 5}, 400, "state must be one of")
	s.fail("/sms/sign/list", map[string]any{"rows": 501}, 400, "rows must be a whole number from 1 to 500")

	if err := s.sim.Review("sms_signature", fmt.Sprint(id), 2, "brand not registered"); err != nil {
		t.Fatal(err)
	}
	got := items(s.ok("/sms/sign/list", map[string]any{}))[0]
	if num(got["state"]) != 2 || got["reason"] != "brand not registered" || got["state_name"] != "rejected" {
		t.Fatalf("after rejection: %v", got)
	}

	del := s.ok("/sms/sign/delete", map[string]any{"ids": []any{id, 999}})
	if len(del["success"].([]any)) != 1 || len(del["error"].([]any)) != 1 {
		t.Fatalf("sign/delete: %v", del)
	}
	if e := del["error"].([]any)[0].(map[string]any); num(e["code"]) != 404 || num(e["id"]) != 999 {
		t.Fatalf("error item: %v", e)
	}
	s.fail("/sms/sign/delete", map[string]any{}, 400, "ids is required")
}

func TestSMSSignDeleteInUseNamesTemplates(t *testing.T) {
	t.Parallel()
	s := newSMSSim(t, 0)
	sg := num(s.ok("/sms/sign/store", map[string]any{"sign_text": "Acme"})["id"])
	s.ok("/sms/template/store", map[string]any{"template_name": "Welcome", "template_contents": "Hi ${name}", "sign_id": sg})
	s.ok("/sms/template/store", map[string]any{"template_name": "Bye", "template_contents": "Bye", "sign_id": sg, "action": 1})
	if u := items(s.ok("/sms/sign/list", map[string]any{}))[0]["is_used"]; u != true {
		t.Fatalf("is_used = %v", u)
	}
	del := s.ok("/sms/sign/delete", map[string]any{"ids": []any{sg}})
	e := del["error"].([]any)[0].(map[string]any)
	msg := fmt.Sprint(e["message"])
	if num(e["code"]) != 409 || !strings.Contains(msg, `"Welcome"`) || !strings.Contains(msg, `"Bye"`) {
		t.Fatalf("in-use error must name both templates: %v", e)
	}
}

func TestSMSTemplateLifecycle(t *testing.T) {
	t.Parallel()
	s := newSMSSim(t, 0)
	sg := num(s.ok("/sms/sign/store", map[string]any{"sign_text": "Acme"})["id"])
	draft := s.ok("/sms/template/store", map[string]any{"template_name": "Code", "template_contents": "Your code is ${code}, valid ${min} minutes. ${code}", "sign_id": sg, "action": 1, "dept_id": 3})
	if num(draft["state"]) != -1 || num(draft["tpl_type"]) != 1 || draft["is_del"] == nil || draft["app_id"] == nil {
		t.Fatalf("draft: %v", draft)
	}
	if p := fmt.Sprint(draft["tpl_param"]); p != "[code min]" {
		t.Fatalf("tpl_param = %s", p)
	}
	id := num(draft["id"])
	pending := s.ok("/sms/template/store", map[string]any{"template_name": "Notice", "template_contents": "Hello", "sign_id": sg})
	if num(pending["state"]) != 0 || num(pending["tpl_type"]) != 2 {
		t.Fatalf("action 2 (default) → pending review: %v", pending)
	}
	s.fail("/sms/template/store", map[string]any{"template_name": "Notice", "template_contents": "x", "sign_id": sg}, 409, "exists")
	s.fail("/sms/template/store", map[string]any{"template_name": "N2", "template_contents": "x", "sign_id": 1}, 404, "signature does not exist")
	s.fail("/sms/template/store", map[string]any{"template_name": "N2", "template_contents": "x"}, 400, "sign_id is required")
	s.fail("/sms/template/store", map[string]any{"template_name": "N2", "sign_id": sg}, 400, "template_contents is required")
	s.fail("/sms/template/store", map[string]any{"template_name": "N2", "template_contents": "x", "sign_id": sg, "action": 3}, 400, "action must be one of")

	up := s.ok("/sms/template/update", map[string]any{"template_id": id, "template_name": "Code", "template_contents": "Code ${code}", "sign_id": sg})
	if num(up["state"]) != 0 || fmt.Sprint(up["tpl_param"]) != "[code]" {
		t.Fatalf("update with action 2 → pending: %v", up)
	}
	s.fail("/sms/template/update", map[string]any{"template_id": 1, "template_name": "a", "template_contents": "b", "sign_id": sg}, 404, "does not exist")
	s.fail("/sms/template/update", map[string]any{"template_name": "a", "template_contents": "b", "sign_id": sg}, 400, "template_id is required")

	list := s.ok("/sms/template/list", map[string]any{"ids": fmt.Sprint(id), "state": 0, "dept_id": 3, "keyword": "Co"})
	if got := items(list); len(got) != 1 || got[0]["dept_name"] != "Department 3" || got[0]["sign_text"] != "Acme" || num(got[0]["new_sign_id"]) != sg {
		t.Fatalf("template/list: %v", list)
	}
	s.fail("/sms/template/list", map[string]any{"ids": "a,b"}, 400, "ids must be")
	s.fail("/sms/template/list", map[string]any{"state": 7}, 400, "state must be one of")

	if err := s.sim.Review("sms_template", fmt.Sprint(id), 2, "unclear wording"); err != nil {
		t.Fatal(err)
	}
	got := items(s.ok("/sms/template/list", map[string]any{"ids": fmt.Sprint(id)}))[0]
	if got["reason"] != "unclear wording" || got["state_name"] != "rejected" {
		t.Fatalf("rejected: %v", got)
	}
	del := s.ok("/sms/template/delete", map[string]any{"ids": []any{id, 42}})
	if s0 := del["success"].([]any)[0].(map[string]any); s0["tpl_title"] != "Code" || len(del["error"].([]any)) != 1 {
		t.Fatalf("template/delete: %v", del)
	}
}

func TestSMSAutoApprove(t *testing.T) {
	t.Parallel()
	s := newSMSSim(t, 3*time.Second)
	sg := num(s.ok("/sms/sign/store", map[string]any{"sign_text": "Acme"})["id"])
	s.ok("/sms/template/store", map[string]any{"template_name": "A", "template_contents": "x", "sign_id": sg})
	s.ok("/sms/template/store", map[string]any{"template_name": "D", "template_contents": "x", "sign_id": sg, "action": 1})
	s.advance(2 * time.Second)
	if st := num(items(s.ok("/sms/sign/list", map[string]any{}))[0]["state"]); st != 0 {
		t.Fatalf("approved too early: %d", st)
	}
	s.advance(time.Second)
	if st := num(items(s.ok("/sms/sign/list", map[string]any{}))[0]["state"]); st != 1 {
		t.Fatalf("not approved after the delay: %d", st)
	}
	for _, tp := range items(s.ok("/sms/template/list", map[string]any{})) {
		want := int64(1)
		if tp["tpl_title"] == "D" {
			want = -1 // drafts are not in review
		}
		if num(tp["state"]) != want {
			t.Errorf("template %v: state %v, want %d", tp["tpl_title"], tp["state"], want)
		}
	}
}

func TestSMSPaging(t *testing.T) {
	t.Parallel()
	s := newSMSSim(t, 0)
	for i := range 7 {
		s.ok("/sms/sign/store", map[string]any{"sign_text": fmt.Sprintf("S%d", i)})
	}
	p := s.ok("/sms/sign/list", map[string]any{"page": 2, "rows": 3})
	if num(p["current_page"]) != 2 || num(p["last_page"]) != 3 || num(p["total"]) != 7 || num(p["per_page"]) != 3 ||
		num(p["from"]) != 4 || num(p["to"]) != 6 || p["next_page_url"] == nil || p["prev_page_url"] == nil || len(items(p)) != 3 {
		t.Fatalf("page object: %v", p)
	}
	if d := s.ok("/sms/sign/list", map[string]any{}); num(d["per_page"]) != 100 || d["next_page_url"] != nil {
		t.Fatalf("rows defaults to 100: %v", d)
	}
	s.fail("/sms/template/list", map[string]any{"rows": 1000}, 400, "rows")
	s.fail("/sms/record/list", map[string]any{"rows": 0}, 400, "rows")
	s.fail("/sms/record/list", map[string]any{"page": 0}, 400, "page")
}

func TestSMSSendSingleAndRecords(t *testing.T) {
	t.Parallel()
	s := newSMSSim(t, 0)
	_, tpl := s.approvedTemplate("Hi ${name}, your order ${order} shipped")
	d := s.ok("/sms/send", map[string]any{"phone": "+8613800138000", "template_id": fmt.Sprint(tpl), "sms_params": map[string]any{"name": "Ann", "order": 7}})
	if d["success"].(map[string]any)["+8613800138000"] != "sent" || len(d["error"].(map[string]any)) != 0 {
		t.Fatalf("single send: %v", d)
	}
	recs := items(s.ok("/sms/record/list", map[string]any{}))
	if len(recs) != 1 || num(recs[0]["result"]) != -1 || recs[0]["time_send"] != "" || recs[0]["mobile"] != "13800138000" ||
		!strings.Contains(fmt.Sprint(recs[0]["sms_text"]), "Hi Ann, your order 7 shipped") {
		t.Fatalf("fresh record: %v", recs)
	}
	s.advance(time.Second)
	if r := items(s.ok("/sms/record/list", map[string]any{}))[0]; r["time_send"] == "" || num(r["result"]) != -1 {
		t.Fatalf("after 1s: %v", r)
	}
	s.advance(2 * time.Second)
	r := items(s.ok("/sms/record/list", map[string]any{"result": 1, "mobile": "138"}))
	if len(r) != 1 || r[0]["time_delivered"] == "" || r[0]["result_name"] != "success" {
		t.Fatalf("after 3s: %v", r)
	}
	if got := items(s.ok("/sms/record/list", map[string]any{"result": -1})); len(got) != 0 {
		t.Fatalf("result filter: %v", got)
	}
	if got := items(s.ok("/sms/record/list", map[string]any{"start_time": "2026-03-01 09:00:00", "end_time": "2026-03-01 09:00:00", "tpl_id": r[0]["tpl_id"]})); len(got) != 1 {
		t.Fatalf("time + tpl_id filter: %v", got)
	}
	if got := items(s.ok("/sms/record/list", map[string]any{"start_time": "2026-03-02 00:00:00"})); len(got) != 0 {
		t.Fatalf("start_time filter: %v", got)
	}
	s.fail("/sms/record/list", map[string]any{"start_time": "yesterday"}, 400, "start_time must be yyyy-mm-dd HH:ii:ss")
	s.fail("/sms/record/list", map[string]any{"result": 3}, 400, "result must be one of")

	// a missing variable fails that number alone, code 0 (§7.5)
	d = s.ok("/sms/send", map[string]any{"phone": "13800138001", "template_id": fmt.Sprint(tpl), "sms_params": map[string]any{"name": "Ann"}})
	if e := d["error"].(map[string]any)["13800138001"]; !strings.Contains(fmt.Sprint(e), "${order}") {
		t.Fatalf("missing variable: %v", d)
	}
}

func TestSMSSendBatch(t *testing.T) {
	t.Parallel()
	s := newSMSSim(t, 0)
	_, tpl := s.approvedTemplate("Dear ${name}, code ${code}")
	phone := "13800138000,Ann,111\n13800138001,Bob\n12345,Cid,333\n13800130000,Dan,444\n13800138000,Ann,111\n13800138002,Eve,1,2"
	d := s.ok("/sms/send", map[string]any{"type": 2, "phone": phone, "template_id": fmt.Sprint(tpl)})
	succ, errs := d["success"].(map[string]any), d["error"].(map[string]any)
	if len(succ) != 2 || succ["13800138000"] == nil || succ["13800130000"] == nil {
		t.Fatalf("success: %v", succ)
	}
	for num, want := range map[string]string{"13800138001": "${code}", "12345": "format wrong", "13800138002": "3 values given"} {
		if !strings.Contains(fmt.Sprint(errs[num]), want) {
			t.Errorf("error[%s] = %v, want %q", num, errs[num], want)
		}
	}
	s.advance(5 * time.Second)
	failed := items(s.ok("/sms/record/list", map[string]any{"result": 0}))
	if len(failed) != 1 || failed[0]["mobile"] != "13800130000" || failed[0]["errmsg"] == "" {
		t.Fatalf("numbers ending in 0000 fail at the receipt: %v", failed)
	}

	var many []string
	for i := range 201 {
		many = append(many, fmt.Sprintf("138%08d,a,b", i))
	}
	s.fail("/sms/send", map[string]any{"type": 2, "phone": strings.Join(many, "\n"), "template_id": fmt.Sprint(tpl)}, 400, "at most 200")
}

func TestSMSSendErrors(t *testing.T) {
	t.Parallel()
	s := newSMSSim(t, 0)
	sg := num(s.ok("/sms/sign/store", map[string]any{"sign_text": "Acme"})["id"])
	pending := num(s.ok("/sms/template/store", map[string]any{"template_name": "P", "template_contents": "x", "sign_id": sg})["id"])
	_, tpl := s.approvedTemplate("Plain text")
	cases := map[string]struct {
		body map[string]any
		code int
		want string
	}{
		"no template":        {map[string]any{"phone": "13800138000"}, 400, "template_id is required"},
		"template not id":    {map[string]any{"phone": "13800138000", "template_id": "abc"}, 400, "digits"},
		"unknown template":   {map[string]any{"phone": "13800138000", "template_id": "9"}, 404, "does not exist"},
		"pending template":   {map[string]any{"phone": "13800138000", "template_id": fmt.Sprint(pending)}, 403, "not approved"},
		"no phone":           {map[string]any{"template_id": fmt.Sprint(tpl)}, 400, "phone is required"},
		"bad type":           {map[string]any{"phone": "13800138000", "template_id": fmt.Sprint(tpl), "type": 3}, 400, "type must be one of"},
		"type 1 two numbers": {map[string]any{"phone": "13800138000\n13800138001", "template_id": fmt.Sprint(tpl)}, 400, "use type 2"},
		"params not object":  {map[string]any{"phone": "13800138000", "template_id": fmt.Sprint(tpl), "sms_params": []int{1}}, 400, "sms_params must be an object"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			s.t = t
			s.fail("/sms/send", tc.body, tc.code, tc.want)
		})
	}
}

func TestSMSReviewAdminErrors(t *testing.T) {
	t.Parallel()
	s := newSMSSim(t, 0)
	if err := s.sim.Review("sms_signature", "77", 1, ""); err == nil || !strings.Contains(err.Error(), "no sms_signature") {
		t.Fatalf("unknown id: %v", err)
	}
	id := num(s.ok("/sms/sign/store", map[string]any{"sign_text": "Acme"})["id"])
	if err := s.sim.Review("sms_signature", fmt.Sprint(id), 5, ""); err == nil {
		t.Fatal("state 5 must be refused")
	}
	if err := s.sim.Review("sms_signature", fmt.Sprint(id), 2, ""); err != nil {
		t.Fatal(err)
	}
	if r := items(s.ok("/sms/sign/list", map[string]any{}))[0]["reason"]; r == "" {
		t.Fatal("a rejection always carries a reason")
	}
}

// A send fills the template's variables in one pass: a value that holds
// another variable (${b}) is stored as written. ReplaceAll over the params
// map filled it again or not depending on the map's order.
func TestSMSSendFillsOnce(t *testing.T) {
	t.Parallel()
	s := newSMSSim(t, 0)
	_, tpl := s.approvedTemplate("X${a}Y${b}")
	const runs = 20
	for i := range runs {
		mobile := fmt.Sprintf("138001380%02d", i)
		d := s.ok("/sms/send", map[string]any{"phone": mobile, "template_id": fmt.Sprint(tpl), "sms_params": map[string]any{"a": "${b}", "b": "B"}})
		if d["success"].(map[string]any)[mobile] != "sent" {
			t.Fatalf("send: %v", d)
		}
	}
	recs := items(s.ok("/sms/record/list", map[string]any{"rows": 100}))
	if len(recs) != runs {
		t.Fatalf("%d records, want %d", len(recs), runs)
	}
	for _, r := range recs {
		if text := fmt.Sprint(r["sms_text"]); !strings.HasSuffix(text, "X${b}YB") {
			t.Fatalf("record %v holds %q, want the text ending X${b}YB", r["mobile"], text)
		}
	}
}

// TestSMSDeleteIDsIsArray: sign/delete and template/delete take ids as an
// array (§4.1); a comma-separated string or a lone number is refused with
// 400 (the comma string is users/delete's shape, §4.2, not these).
func TestSMSDeleteIDsIsArray(t *testing.T) {
	t.Parallel()
	s := newSMSSim(t, 0)
	sg := num(s.ok("/sms/sign/store", map[string]any{"sign_text": "Acme"})["id"])
	tpl := num(s.ok("/sms/template/store", map[string]any{"template_name": "T", "template_contents": "Hi", "sign_id": sg, "action": 1})["id"])
	for _, path := range []string{"/sms/template/delete", "/sms/sign/delete"} {
		id := tpl
		if path == "/sms/sign/delete" {
			id = sg
		}
		s.fail(path, map[string]any{"ids": fmt.Sprint(id)}, 400, "array")
		s.fail(path, map[string]any{"ids": fmt.Sprintf("%d,999", id)}, 400, "array")
		s.fail(path, map[string]any{"ids": id}, 400, "array")
		if d := s.ok(path, map[string]any{"ids": []any{fmt.Sprint(id)}}); len(d["success"].([]any)) != 1 {
			t.Errorf("%s with an array of one numeric string: %v", path, d)
		}
	}
}
