package client_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// smsEnv is a simulator plus a client of it; bodies records what the client
// sent per path.
type smsEnv struct {
	sim    *simulator.Server
	c      *client.Client
	mu     sync.Mutex
	bodies map[string][]map[string]any
	// swallow counts answers per path that are served but replaced by a 503
	// (an ambiguous failure: the object exists, the client does not know).
	swallow map[string]int
	// pageCount makes get_template and get_sign answer the page's length as
	// their count, the other reading of §4.8's count (the simulator counts
	// the listing).
	pageCount bool
	// recode rewrites the code 404 of the answers to these paths (and of
	// their items) as 471: a "not found" the client has not been told of.
	recode map[string]bool
	// refuse answers these paths with code 471 without serving them.
	refuse map[string]bool
	// newestFirst makes get_template and get_sign list newest first (the
	// simulator lists oldest first; §4.8 does not say which).
	newestFirst bool
	url         string
}

func newSMSEnv(t *testing.T) *smsEnv {
	t.Helper()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	e := &smsEnv{sim: sim, bodies: map[string][]map[string]any{}, swallow: map[string]int{}, recode: map[string]bool{}, refuse: map[string]bool{}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		var m map[string]any
		_ = json.Unmarshal(b, &m)
		e.mu.Lock()
		e.bodies[r.URL.Path] = append(e.bodies[r.URL.Path], m)
		swallow := e.swallow[r.URL.Path] > 0
		e.swallow[r.URL.Path]--
		pageCount := e.pageCount && (strings.HasSuffix(r.URL.Path, "/get_template") || strings.HasSuffix(r.URL.Path, "/get_sign"))
		recode, refuse := e.recode[r.URL.Path], e.refuse[r.URL.Path]
		newestFirst := e.newestFirst
		e.mu.Unlock()
		r.Body = io.NopCloser(strings.NewReader(string(b)))
		if pageKey := map[bool]string{true: "tplPage", false: "signPage"}[strings.HasSuffix(r.URL.Path, "/get_template")]; newestFirst && m[pageKey] != nil &&
			(strings.HasSuffix(r.URL.Path, "/get_template") || strings.HasSuffix(r.URL.Path, "/get_sign")) {
			serveNewestFirst(w, r, sim, m, pageKey)
			return
		}
		if refuse {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"code":471,"message":"refused","msg":"refused"}`)
			return
		}
		if recode {
			rec := httptest.NewRecorder()
			sim.ServeHTTP(rec, r)
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(rec.Code)
			_, _ = io.WriteString(w, strings.ReplaceAll(rec.Body.String(), `"code":404`, `"code":471`))
			return
		}
		if pageCount {
			rec := httptest.NewRecorder()
			sim.ServeHTTP(rec, r)
			var out map[string]any
			_ = json.Unmarshal(rec.Body.Bytes(), &out)
			if data, ok := out["data"].([]any); ok {
				out["count"] = len(data)
			}
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(out)
			return
		}
		if swallow {
			sim.ServeHTTP(httptest.NewRecorder(), r)
			http.Error(w, "upstream timeout", http.StatusServiceUnavailable)
			return
		}
		sim.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	e.url = srv.URL
	e.c = e.newClient(t)
	return e
}

// serveNewestFirst answers a get_template or get_sign page (m, whose page
// object is under pageKey) from the simulator's whole listing, newest
// first.
func serveNewestFirst(w http.ResponseWriter, r *http.Request, sim http.Handler, m map[string]any, pageKey string) {
	pg, _ := m[pageKey].(map[string]any)
	size, _ := pg["max"].(float64)
	off, _ := pg["offset"].(float64)
	var all []any
	count := 0
	for o := 0; ; o += 50 {
		m[pageKey] = map[string]any{"max": 50, "offset": o}
		body, _ := json.Marshal(m)
		r2 := httptest.NewRequestWithContext(r.Context(), r.Method, r.URL.String(), strings.NewReader(string(body)))
		r2.Header = r.Header.Clone()
		rec := httptest.NewRecorder()
		sim.ServeHTTP(rec, r2)
		var out struct {
			Count int   `json:"count"`
			Data  []any `json:"data"`
		}
		_ = json.Unmarshal(rec.Body.Bytes(), &out)
		all, count = append(all, out.Data...), out.Count
		if len(out.Data) < 50 || len(all) >= count {
			break
		}
	}
	slices.Reverse(all)
	lo, hi := min(int(off), len(all)), min(int(off)+int(size), len(all))
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"code": 0, "msg": "ok", "count": count, "data": all[lo:hi]})
}

// newClient is another client of the env's server, with nothing read yet.
func (e *smsEnv) newClient(t *testing.T) *client.Client {
	t.Helper()
	urls := map[client.Surface]string{}
	for s, u := range client.SurfaceURLs(e.url) {
		urls[s] = u
	}
	c, err := client.New(client.Config{URLs: urls, AccessToken: "sim-token", AppID: "sim-app", AppKey: "sim-key",
		RetryWaitMin: time.Millisecond, RetryWaitMax: 5 * time.Millisecond, MaxRetries: 2})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func (e *smsEnv) sent(path string) []map[string]any {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.bodies["/open"+path]
}

func TestSMSSignatures(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	ctx := t.Context()
	sg, err := e.c.SMS.CreateSignature(ctx, client.SMSSignatureInput{SignText: "Acme", Remark: "brand"})
	if err != nil {
		t.Fatal(err)
	}
	if sg.ID == 0 || sg.SignID == 0 || sg.State != 0 || sg.SignText != "Acme" || sg.AddTime == "" {
		t.Fatalf("created: %+v", sg)
	}
	_, err = e.c.SMS.CreateSignature(ctx, client.SMSSignatureInput{SignText: "Acme"})
	if !client.HasCode(err, client.SMSCodeConflict) {
		t.Fatalf("duplicate: want code 409, got %v", err)
	}
	got, err := e.c.SMS.GetSignature(ctx, int64(sg.ID))
	if err != nil || got.Remark != "brand" || got.StateName != "reviewing" {
		t.Fatalf("get: %+v %v", got, err)
	}
	if _, err := e.c.SMS.GetSignature(ctx, 999999); !client.IsNotFound(err) {
		t.Fatalf("get unknown: %v", err)
	}
	approved := client.SignatureApproved
	if l, err := client.Collect(e.c.SMS.ListSignatures(ctx, client.SMSSignatureFilter{State: &approved})); err != nil || len(l) != 0 {
		t.Fatalf("state filter: %v %v", l, err)
	}
	if found, err := e.c.SMS.FindSignatureByText(ctx, "Acme"); err != nil || found == nil || found.ID != sg.ID {
		t.Fatalf("find: %v %v", found, err)
	}
	// The client always pages with the largest page size.
	for _, b := range e.sent("/sms/sign/list") {
		if b["rows"] != float64(500) {
			t.Fatalf("rows = %v, want 500", b["rows"])
		}
	}
	if err := e.c.SMS.DeleteSignature(ctx, int64(sg.ID)); err != nil {
		t.Fatal(err)
	}
	if err := e.c.SMS.DeleteSignature(ctx, int64(sg.ID)); !client.IsNotFound(err) {
		t.Fatalf("deleting again must be not-found, got %v", err)
	}
	res, err := e.c.SMS.DeleteSignatures(ctx, 1, 2)
	if err != nil || len(res.Error) != 2 || res.Error[0].Code != 404 {
		t.Fatalf("batch delete: %+v %v", res, err)
	}
}

func TestSMSSignaturePaging(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	ctx := t.Context()
	for i := range 503 {
		if _, err := e.c.SMS.CreateSignature(ctx, client.SMSSignatureInput{SignText: fmt.Sprintf("S%03d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	listed := len(e.sent("/sms/sign/list")) // each create lists its text first (newMatch)
	all, err := client.Collect(e.c.SMS.ListSignatures(ctx, client.SMSSignatureFilter{}))
	if err != nil || len(all) != 503 {
		t.Fatalf("paged %d signatures, err %v", len(all), err)
	}
	pages := e.sent("/sms/sign/list")[listed:]
	// Read twice: two reads that agree show the list held still.
	if len(pages) != 4 || pages[1]["page"] != float64(2) || pages[3]["page"] != float64(2) {
		t.Fatalf("want 2 pages of 500, twice, sent %v", pages)
	}
}

func TestSMSSignatureInUse(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	ctx := t.Context()
	sg, _ := e.c.SMS.CreateSignature(ctx, client.SMSSignatureInput{SignText: "Acme"})
	if _, err := e.c.SMS.CreateTemplate(ctx, client.SMSTemplateInput{TemplateName: "Welcome", TemplateContents: "Hi", SignID: int64(sg.ID)}); err != nil {
		t.Fatal(err)
	}
	err := e.c.SMS.DeleteSignature(ctx, int64(sg.ID))
	if !client.HasCode(err, client.SMSCodeConflict) || !strings.Contains(err.Error(), `"Welcome"`) || client.IsNotFound(err) {
		t.Fatalf("want a 409 naming the template, got %v", err)
	}
}

func TestSMSTemplates(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	ctx := t.Context()
	sg, _ := e.c.SMS.CreateSignature(ctx, client.SMSSignatureInput{SignText: "Acme"})
	dept := int64(4)
	tp, err := e.c.SMS.CreateTemplate(ctx, client.SMSTemplateInput{TemplateName: "Code", TemplateContents: "Code ${code} for ${user}",
		SignID: int64(sg.ID), DeptID: &dept, Action: client.TemplateActionDraft})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"code", "user"}, tp.TplParam); diff != "" {
		t.Errorf("tpl_param (-want +got):\n%s", diff)
	}
	if tp.State != client.FlexInt(client.TemplateDraft) || tp.TplID == 0 || tp.DeptID != 4 || tp.TplType != 1 {
		t.Fatalf("created: %+v", tp)
	}
	sent := e.sent("/sms/template/store")[0]
	if diff := cmp.Diff(map[string]any{"template_name": "Code", "template_contents": "Code ${code} for ${user}", "sign_id": float64(sg.ID),
		"dept_id": float64(4), "action": float64(1)}, sent); diff != "" {
		t.Errorf("store body (-want +got):\n%s", diff)
	}
	up, err := e.c.SMS.UpdateTemplate(ctx, int64(tp.ID), client.SMSTemplateInput{TemplateName: "Code", TemplateContents: "Code ${code}",
		SignID: int64(sg.ID), Action: client.TemplateActionSubmit})
	if err != nil || up.State != 0 || len(up.TplParam) != 1 {
		t.Fatalf("update: %+v %v", up, err)
	}
	if e.sent("/sms/template/update")[0]["template_id"] != float64(tp.ID) {
		t.Fatal("update must send template_id")
	}
	if _, err := e.c.SMS.UpdateTemplate(ctx, 1, client.SMSTemplateInput{TemplateName: "x", TemplateContents: "y", SignID: int64(sg.ID)}); !client.IsNotFound(err) {
		t.Fatalf("update unknown: %v", err)
	}
	listed := len(e.sent("/sms/template/list")) // the create listed its name first (newMatch)
	got, err := e.c.SMS.GetTemplate(ctx, int64(tp.ID))
	if err != nil || got.TplText != "Code ${code}" || got.StateName != "pending review" || got.SignText != "Acme" {
		t.Fatalf("get: %+v %v", got, err)
	}
	if ids := e.sent("/sms/template/list")[listed]["ids"]; ids != fmt.Sprint(tp.ID) {
		t.Fatalf("GetTemplate must filter by ids, sent %v", ids)
	}
	pending := client.TemplatePending
	l, err := client.Collect(e.c.SMS.ListTemplates(ctx, client.SMSTemplateFilter{DeptID: &dept, Keyword: "Co", State: &pending}))
	if err != nil || len(l) != 1 {
		t.Fatalf("filtered list: %v %v", l, err)
	}
	if f, _ := e.c.SMS.FindTemplateByName(ctx, "Code"); f == nil || f.ID != tp.ID {
		t.Fatalf("find by name: %v", f)
	}
	if err := e.c.SMS.DeleteTemplate(ctx, int64(tp.ID)); err != nil {
		t.Fatal(err)
	}
	if _, err := e.c.SMS.GetTemplate(ctx, int64(tp.ID)); !client.IsNotFound(err) {
		t.Fatalf("get deleted: %v", err)
	}
	if err := e.c.SMS.DeleteTemplate(ctx, int64(tp.ID)); !client.IsNotFound(err) {
		t.Fatalf("delete deleted: %v", err)
	}
	if res, err := e.c.SMS.DeleteTemplates(ctx, 5); err != nil || len(res.Error) != 1 {
		t.Fatalf("batch delete: %+v %v", res, err)
	}
}

func TestSMSSendAndRecords(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	ctx := t.Context()
	sg, _ := e.c.SMS.CreateSignature(ctx, client.SMSSignatureInput{SignText: "Acme"})
	tp, _ := e.c.SMS.CreateTemplate(ctx, client.SMSTemplateInput{TemplateName: "N", TemplateContents: "Hi ${name}, ${n} items", SignID: int64(sg.ID)})
	_, err := e.c.SMS.Send(ctx, client.SMSSendInput{Phone: "13800138000", Type: 1, TemplateID: fmt.Sprint(tp.ID)})
	if !client.HasCode(err, client.SMSCodeState) {
		t.Fatalf("sending with a pending template: %v", err)
	}
	if err := e.sim.Review("sms_template", fmt.Sprint(tp.ID), 1, ""); err != nil {
		t.Fatal(err)
	}
	res, err := e.c.SMS.Send(ctx, client.SMSSendInput{Phone: "13800138000", Type: 1, TemplateID: fmt.Sprint(tp.ID),
		SmsParams: map[string]string{"name": "Ann", "n": "2"}})
	if err != nil || res.Success["13800138000"] == "" {
		t.Fatalf("single: %+v %v", res, err)
	}
	phone, err := client.BatchPhone(tp.TplParam, []client.SMSRecipient{
		{Mobile: "13800138001", Params: map[string]string{"name": "Bob", "n": "3"}},
		{Mobile: "13800138002", Params: map[string]string{"name": "Cy"}},
		{Mobile: "999", Params: map[string]string{"name": "Di", "n": "1"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if phone != "13800138001,Bob,3\n13800138002,Cy\n999,Di,1" {
		t.Fatalf("batch lines: %q", phone)
	}
	res, err = e.c.SMS.Send(ctx, client.SMSSendInput{Phone: phone, Type: 2, TemplateID: fmt.Sprint(tp.ID)})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Success) != 1 || len(res.Error) != 2 || !strings.Contains(res.Error["13800138002"], "${n}") {
		t.Fatalf("batch: %+v", res)
	}
	recs, err := client.Collect(e.c.SMS.ListRecords(ctx, client.SMSRecordFilter{Mobile: "1380013800", TplID: (*int64)(&tp.TplID)}))
	if err != nil || len(recs) != 2 {
		t.Fatalf("records: %v %v", recs, err)
	}
	if recs[0].SmsText == "" || recs[0].Result != -1 || recs[0].SmsID == "" {
		t.Fatalf("record: %+v", recs[0])
	}
	sentBody := e.sent("/sms/record/list")[0]
	if sentBody["mobile"] != "1380013800" || sentBody["rows"] != float64(500) {
		t.Fatalf("record/list body: %v", sentBody)
	}
	if _, err := client.BatchPhone([]string{"a"}, []client.SMSRecipient{{Mobile: "1", Params: map[string]string{"a": "x,y"}}}); err == nil {
		t.Fatal("a value with a comma cannot be carried by the batch format")
	}
	if _, err := e.c.SMS.Send(ctx, client.SMSSendInput{Phone: "1", Type: 1, TemplateID: "424242"}); !client.IsNotFound(err) {
		t.Fatalf("unknown template: %v", err)
	}
}

func TestSMSCreateAfterAmbiguousFailure(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	ctx := t.Context()
	e.swallow["/open/sms/sign/store"] = 1
	sg, err := e.c.SMS.CreateSignature(ctx, client.SMSSignatureInput{SignText: "Once"})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(e.sent("/sms/sign/store")); n != 1 || sg.SignText != "Once" || sg.ID == 0 {
		t.Fatalf("store sent %d times (want 1: found by text after the 503), got %+v", n, sg)
	}
	e.swallow["/open/sms/template/store"] = 1
	tp, err := e.c.SMS.CreateTemplate(ctx, client.SMSTemplateInput{TemplateName: "Once", TemplateContents: "x", SignID: int64(sg.ID)})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(e.sent("/sms/template/store")); n != 1 || tp.ID == 0 {
		t.Fatalf("template store sent %d times, got %+v", n, tp)
	}
	// A send is never re-sent after an ambiguous failure.
	if err := e.sim.Review("sms_template", fmt.Sprint(tp.ID), 1, ""); err != nil {
		t.Fatal(err)
	}
	e.swallow["/open/sms/send"] = 1
	if _, err := e.c.SMS.Send(ctx, client.SMSSendInput{Phone: "13800138000", Type: 1, TemplateID: fmt.Sprint(tp.ID)}); err == nil {
		t.Fatal("want the 503")
	}
	if n := len(e.sent("/sms/send")); n != 1 {
		t.Fatalf("send was sent %d times", n)
	}
}

// The open interface is loose about types; one odd field must not fail a
// whole list (DESIGN §3).
func TestSMSTolerantDecoding(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/open/sms/template/list":
			_, _ = io.WriteString(w, `{"code":"0","message":"ok","data":{"current_page":"1","last_page":1,"per_page":500,"total":"1","next_page_url":null,
				"data":[{"id":"3001","tpl_id":880001,"tpl_type":null,"state":"-1","tpl_param":null,"new_sign_id":"101","dept_id":null,"verify_result":"1"}]}}`)
		case "/open/sms/sign/list":
			_, _ = io.WriteString(w, `{"code":0,"data":{"current_page":1,"last_page":1,"data":[{"id":101,"sign_id":"5001","is_used":1,"state":"2","reason":null}]}}`)
		case "/open/sms/record/list":
			_, _ = io.WriteString(w, `{"code":0,"data":{"current_page":1,"last_page":1,"data":[{"id":"1","result":"-1","user_data":{"k":"v"},"sms_result":"1"}]}}`)
		}
	}))
	t.Cleanup(srv.Close)
	urls := map[client.Surface]string{}
	for s, u := range client.SurfaceURLs(srv.URL) {
		urls[s] = u
	}
	c, err := client.New(client.Config{URLs: urls, AccessToken: "t"})
	if err != nil {
		t.Fatal(err)
	}
	tp, err := c.SMS.GetTemplate(t.Context(), 3001)
	if err != nil || tp.State != -1 || tp.NewSignID != 101 || tp.TplType != 0 || tp.TplParam != nil {
		t.Fatalf("template: %+v %v", tp, err)
	}
	sg, err := c.SMS.GetSignature(t.Context(), 101)
	if err != nil || sg.SignID != 5001 || !bool(sg.IsUsed) || sg.State != 2 || sg.Reason != "" {
		t.Fatalf("signature: %+v %v", sg, err)
	}
	recs, err := client.Collect(c.SMS.ListRecords(t.Context(), client.SMSRecordFilter{}))
	if err != nil || len(recs) != 1 || recs[0].Result != -1 || string(recs[0].UserData) != `{"k":"v"}` {
		t.Fatalf("records: %+v %v", recs, err)
	}
}

// TestSMSDeleteErrorItemsOfAnyShape: the item shape of a delete's error
// list is not shown (§4.1). Whatever it is (an object, a bare id, a text),
// the delete reports the failure instead of failing to decode the answer.
func TestSMSDeleteErrorItemsOfAnyShape(t *testing.T) {
	t.Parallel()
	var answer string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if strings.HasSuffix(r.URL.Path, "/sign/list") {
			// The signature is still there: the delete failed.
			_, _ = io.WriteString(w, `{"code":0,"message":"ok","data":{"current_page":1,"last_page":1,"total":1,"data":[{"id":101,"sign_text":"Acme","state":1}]}}`)
			return
		}
		_, _ = io.WriteString(w, answer)
	}))
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "t"})
	if err != nil {
		t.Fatal(err)
	}
	for name, tc := range map[string]struct{ errorList, want string }{
		"text":      {`["signature is used by template 3001"]`, "signature is used by template 3001"},
		"bare id":   {`[101]`, ""},
		"id string": {`["101"]`, ""},
		"object":    {`[{"id":101,"message":"in use"}]`, "in use"},
	} {
		answer = `{"code":0,"message":"ok","data":{"success":[],"error":` + tc.errorList + `}}`
		err := c.SMS.DeleteSignature(t.Context(), 101)
		var apiErr *client.APIError
		if !errors.As(err, &apiErr) || !strings.Contains(apiErr.Message, tc.want) || client.IsNotFound(err) {
			t.Errorf("%s: DeleteSignature = %v, want an API error with %q", name, err, tc.want)
		}
	}
	answer = `{"code":0,"message":"ok","data":{"success":[{"id":101,"sign_text":"Acme"}],"error":[]}}`
	if err := c.SMS.DeleteSignature(t.Context(), 101); err != nil {
		t.Errorf("success: %v", err)
	}
}

// TestSMSSendEmptyListsAsArrays: a PHP service writes an empty map as `[]`;
// a send where every number went out (error: []) or none did (success: [])
// must still decode (§4.1, §7.5).
func TestSMSSendEmptyListsAsArrays(t *testing.T) {
	t.Parallel()
	var answer string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if strings.HasSuffix(r.URL.Path, "/sign/list") {
			// The signature is still there: the delete failed.
			_, _ = io.WriteString(w, `{"code":0,"message":"ok","data":{"current_page":1,"last_page":1,"total":1,"data":[{"id":101,"sign_text":"Acme","state":1}]}}`)
			return
		}
		_, _ = io.WriteString(w, answer)
	}))
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "t"})
	if err != nil {
		t.Fatal(err)
	}
	answer = `{"code":0,"message":"ok","data":{"success":{"13800000001":"ok"},"error":[]}}`
	res, err := c.SMS.Send(t.Context(), client.SMSSendInput{Phone: "13800000001", Type: 1, TemplateID: "3001"})
	if err != nil || res.Success["13800000001"] != "ok" || len(res.Error) != 0 {
		t.Errorf("all sent: %+v %v", res, err)
	}
	answer = `{"code":0,"message":"ok","data":{"success":[],"error":{"12345":"bad number"}}}`
	res, err = c.SMS.Send(t.Context(), client.SMSSendInput{Phone: "12345", Type: 1, TemplateID: "3001"})
	if err != nil || len(res.Success) != 0 || res.Error["12345"] != "bad number" {
		t.Errorf("none sent: %+v %v", res, err)
	}
}
