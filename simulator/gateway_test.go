package simulator_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

type gwEnv struct {
	sim *simulator.Server
	srv *httptest.Server
}

func newGW(t *testing.T, opts ...func(*simulator.Options)) *gwEnv {
	t.Helper()
	o := simulator.Options{DisabledAppIDs: []string{"off-app"}}
	for _, f := range opts {
		f(&o)
	}
	sim, err := simulator.New(o)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	t.Cleanup(func() { srv.Close(); sim.Wait() })
	return &gwEnv{sim: sim, srv: srv}
}

// signed is a correctly signed request's query and time.
func signed(appID, key string, at time.Time) (url.Values, string, string) {
	ts := strconv.FormatInt(at.UnixMilli(), 10)
	random := "r" + ts
	return url.Values{"appId": {appID}, "random": {random}}, ts, client.SignGateway(key, random, ts)
}

// post sends a signed JSON body and returns the decoded answer.
func (e *gwEnv) post(t *testing.T, path string, body map[string]any) map[string]any {
	t.Helper()
	q, ts, sig := signed("sim-app", "sim-key", time.Now())
	b := map[string]any{"sig": sig, "time": json.Number(ts)}
	for k, v := range body {
		b[k] = v
	}
	raw, _ := json.Marshal(b)
	return e.raw(t, path+"?"+q.Encode(), "application/json", raw)
}

func (e *gwEnv) raw(t *testing.T, pathQuery, ct string, body []byte) map[string]any {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, e.srv.URL+"/smsapi"+pathQuery, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", ct)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var out map[string]any
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	if err := d.Decode(&out); err != nil {
		t.Fatalf("answer is not JSON: %s", b)
	}
	return out
}

func code(m map[string]any) int {
	n, _ := strconv.Atoi(fmt.Sprint(m["code"]))
	return n
}

func (e *gwEnv) client(t *testing.T) *client.Client {
	t.Helper()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(e.srv.URL), AccessToken: "sim-token", AppID: "sim-app", AppKey: "sim-key"})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// approved creates an approved signature "Acme" and an approved template
// "Hello ${name}, code ${code}" and returns the template id.
func (e *gwEnv) approved(t *testing.T) int64 {
	t.Helper()
	s := e.post(t, "/sign/v1/add_sign", map[string]any{"signText": "Acme"})
	if code(s) != 0 {
		t.Fatalf("add_sign: %v", s)
	}
	if err := e.sim.Review("gateway_signature", fmt.Sprint(s["signId"]), 1, ""); err != nil {
		t.Fatal(err)
	}
	tp := e.post(t, "/tpl/v1/add_template", map[string]any{"tplText": "Hello ${name}, code ${code}", "tplType": 1, "tplTitle": "t"})
	if code(tp) != 0 {
		t.Fatalf("add_template: %v", tp)
	}
	if err := e.sim.Review("gateway_template", fmt.Sprint(tp["tplId"]), 1, ""); err != nil {
		t.Fatal(err)
	}
	id, _ := strconv.ParseInt(fmt.Sprint(tp["tplId"]), 10, 64)
	return id
}

func mobiles(n int, last string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("138%07d%s", i, last)
	}
	return out
}

// TestGatewayCodes checks one request per §7.4 code the simulator decides.
func TestGatewayCodes(t *testing.T) {
	t.Parallel()
	e := newGW(t)
	tpl := e.approved(t)
	// A pending template and signature for 1016/1018.
	pend := e.post(t, "/tpl/v1/add_template", map[string]any{"tplText": "x", "tplType": 2, "tplTitle": "p"})
	_ = e.post(t, "/sign/v1/add_sign", map[string]any{"signText": "Pending"})
	now := time.Now()
	signedBody := func(appID, key string, at time.Time, extra string) (string, []byte) {
		q, ts, sig := signed(appID, key, at)
		return "/sms/v1/send_sms?" + q.Encode(), []byte(fmt.Sprintf(`{"sig":%q,"time":%s%s}`, sig, ts, extra))
	}
	type rawCase struct {
		path string
		body []byte
	}
	raws := map[int]rawCase{}
	p, b := signedBody("sim-app", "wrong-key", now, "")
	raws[1001] = rawCase{p, b}
	p, b = signedBody("no-such-app", "sim-key", now, "")
	raws[1002] = rawCase{p, b}
	p, b = signedBody("off-app", "sim-key", now, "")
	raws[1003] = rawCase{p, b}
	raws[1004] = rawCase{"/sms/v1/send_sms?random=1", []byte(`{"time":1}`)}
	p, _ = signedBody("sim-app", "sim-key", now, "")
	raws[1005] = rawCase{p, []byte(`{"sig": "x", "time": `)}
	p, b = signedBody("sim-app", "sim-key", now.Add(-11*time.Minute), "")
	raws[1009] = rawCase{p, b}
	p, b = signedBody("sim-app", "sim-key", now, "")
	raws[1011] = rawCase{strings.Replace(p, "send_sms", "send_nothing", 1), b}
	for want, rc := range raws {
		t.Run(strconv.Itoa(want), func(t *testing.T) {
			got := e.raw(t, rc.path, "application/json", rc.body)
			if code(got) != want || got["msg"] != client.GatewayCodeMeaning(int64(want)) {
				t.Errorf("got %v, want code %d %q", got, want, client.GatewayCodeMeaning(int64(want)))
			}
		})
	}

	good := map[string]any{"mobiles": []string{"13800000001"}, "smsText": "hi", "signText": "Acme"}
	with := func(base map[string]any, k string, v any) map[string]any {
		out := map[string]any{}
		for kk, vv := range base {
			out[kk] = vv
		}
		if v == nil {
			delete(out, k)
		} else {
			out[k] = v
		}
		return out
	}
	batch := map[string]any{"mobiles": []string{"13800000001"}, "tplId": tpl, "smsParams": []string{"Ann", "42"}, "signText": "Acme"}
	cases := map[string]struct {
		path string
		body map[string]any
		code int
		msg  string
	}{
		"1008 tplType 4":         {"/tpl/v1/add_template", map[string]any{"tplText": "x", "tplType": 4, "tplTitle": "t"}, 1008, "tplType must be 1"},
		"1008 pull max 101":      {"/pull/v1/down_status", map[string]any{"max": 101}, 1008, "max must be from 1 to 100"},
		"1008 page max 51":       {"/tpl/v1/get_template", map[string]any{"tplPage": map[string]any{"max": 51, "offset": 0}}, 1008, "max must be from 1 to 50"},
		"1008 tplId a number":    {"/tpl/v1/get_template", map[string]any{"tplId": tpl}, 1008, "tplId must be an array"},
		"1008 tplId a string":    {"/tpl/v1/get_template", map[string]any{"tplId": fmt.Sprint(tpl)}, 1008, "tplId must be an array"},
		"1008 signId a number":   {"/sign/v1/get_sign", map[string]any{"signId": 1}, 1008, "signId must be an array"},
		"1008 pic too long":      {"/sign/v1/add_sign", map[string]any{"signText": "B", "pic": strings.Repeat("A", 1028)}, 1008, "pic is 1028 characters"},
		"1012 mobile":            {"/sms/v1/send_sms", with(good, "mobiles", []string{"13800000001", "12345"}), 1012, `"12345"`},
		"1012 lone mobiles":      {"/sms/v1/send_sms", with(good, "mobiles", "13800000001"), 1012, "must be an array of strings"},
		"1012 batch lone":        {"/sms/v1/send_batch", with(batch, "mobiles", "13800000001"), 1012, "must be an array of strings"},
		"1012 single mobile":     {"/sms/v1/send_single", map[string]any{"mobile": "+8699", "tplId": tpl, "smsParams": []string{"a", "b"}, "signText": "Acme"}, 1012, `"+8699"`},
		"1013 201 numbers":       {"/sms/v1/send_sms", with(good, "mobiles", mobiles(201, "1")), 1013, "201"},
		"1013 batch 201":         {"/sms/v1/send_batch", with(batch, "mobiles", mobiles(201, "1")), 1013, "201"},
		"1014 401 chars":         {"/sms/v1/send_sms", with(good, "smsText", strings.Repeat("字", 401)), 1014, "401"},
		"1015 param count":       {"/sms/v1/send_batch", with(batch, "smsParams", []string{"only one"}), 1015, "has 2 variable(s)"},
		"1015 param names":       {"/sms/v1/send_batch", with(batch, "smsParams", map[string]string{"name": "a", "cod": "b"}), 1015, `no value for variable "code"`},
		"1015 malformed tplText": {"/tpl/v1/add_template", map[string]any{"tplText": "Hi ${name", "tplType": 1, "tplTitle": "t"}, 1015, "unterminated"},
		"1016 unknown template":  {"/sms/v1/send_batch", with(batch, "tplId", 999999), 1016, "999999"},
		"1016 pending template":  {"/sms/v1/send_batch", with(batch, "tplId", pend["tplId"]), 1016, fmt.Sprint(pend["tplId"])},
		"1018 unknown signature": {"/sms/v1/send_sms", with(good, "signText", "Nobody"), 1018, "Nobody"},
		"1018 pending signature": {"/sms/v1/send_sms", with(good, "signText", "Pending"), 1018, "Pending"},
		"1018 template sign":     {"/tpl/v1/add_template", map[string]any{"tplText": "x", "tplType": 1, "tplTitle": "t", "signText": "Nobody"}, 1018, "Nobody"},
		"1020 smsText":           {"/sms/v1/send_sms", with(good, "smsText", ""), 1020, "smsText"},
		"1020 mobiles":           {"/sms/v1/send_sms", with(good, "mobiles", nil), 1020, "mobiles"},
		"1020 smsParams":         {"/sms/v1/send_single", map[string]any{"mobile": "13800000001", "tplId": tpl, "signText": "Acme"}, 1020, "smsParams"},
		"1020 tplTitle":          {"/tpl/v1/add_template", map[string]any{"tplText": "x", "tplType": 1}, 1020, "tplTitle"},
		"1020 signText":          {"/sign/v1/add_sign", map[string]any{"remark": "r"}, 1020, "signText"},
		"1020 pull max":          {"/pull/v1/up_status", map[string]any{}, 1020, "max"},
		"1020 neither selector":  {"/sign/v1/get_sign", map[string]any{}, 1020, "signId or signPage"},
		"1022 exten":             {"/sms/v1/send_sms", with(good, "exten", "12a"), 1022, `"12a"`},
		"1022 batch exten":       {"/sms/v1/send_batch", with(batch, "exten", "-1"), 1022, `"-1"`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := e.post(t, tc.path, tc.body)
			if code(got) != tc.code || !strings.Contains(fmt.Sprint(got["msg"]), tc.msg) {
				t.Errorf("got %v, want code %d with %q in msg", got, tc.code, tc.msg)
			}
		})
	}

	// 1021 and the file-specific checks go through the multipart form.
	t.Run("1021 file type", func(t *testing.T) {
		got := e.file(t, "mobiles.xlsx", "13800000001 a b\n", map[string][]string{"tplId": {fmt.Sprint(tpl)}, "signText": {"Acme"}})
		if code(got) != 1021 || !strings.Contains(fmt.Sprint(got["msg"]), "mobiles.xlsx") {
			t.Errorf("got %v", got)
		}
	})
	t.Run("1015 file line params", func(t *testing.T) {
		got := e.file(t, "m.csv", "13800000001 a b\n13800000002 a b c\n", map[string][]string{"tplId": {fmt.Sprint(tpl)}, "signText": {"Acme"}})
		if code(got) != 1015 || !strings.Contains(fmt.Sprint(got["msg"]), "line 2") {
			t.Errorf("got %v", got)
		}
	})
	t.Run("1012 file mobile", func(t *testing.T) {
		got := e.file(t, "m.txt", "13800000001 a b\nabc a b\n", map[string][]string{"tplId": {fmt.Sprint(tpl)}, "signText": {"Acme"}})
		if code(got) != 1012 {
			t.Errorf("got %v", got)
		}
	})

	// A form post (a lenient body kind) carries mobiles as repeated fields:
	// every number is sent, not only the first.
	t.Run("form mobiles repeated", func(t *testing.T) {
		q, ts, sig := signed("sim-app", "sim-key", time.Now())
		form := url.Values{"sig": {sig}, "time": {ts}, "smsText": {"hi"}, "signText": {"Acme"},
			"mobiles": {"13800000001", "13800000002"}}
		got := e.raw(t, "/sms/v1/send_sms?"+q.Encode(), "application/x-www-form-urlencoded", []byte(form.Encode()))
		if data, _ := got["data"].([]any); code(got) != 0 || len(data) != 2 {
			t.Errorf("got %v, want code 0 with a result for each of the 2 numbers", got)
		}
	})

	// Codes that depend on the platform's internals are forced.
	for _, want := range []int{1006, 1007, 1010, 1017, 1019} {
		t.Run(fmt.Sprint(want, " forced"), func(t *testing.T) {
			if err := e.force(t.Context(), "/smsapi/sms/v1/send_batch", want); err != nil {
				t.Fatal(err)
			}
			_, err := e.client(t).Gateway.SendBatch(t.Context(), client.GatewayBatch{Mobiles: []string{"13800000001"}, TplID: tpl, SmsParams: []string{"a", "b"}})
			ge, ok := client.AsGatewayError(err)
			if !ok || ge.Code != int64(want) || ge.Meaning != client.GatewayCodeMeaning(int64(want)) || !client.HasCode(err, int64(want)) {
				t.Fatalf("got %v, want a GatewayError with code %d", err, want)
			}
			if ge.Retryable != (want == 1010) {
				t.Errorf("Retryable = %v for %d", ge.Retryable, want)
			}
		})
	}
}

func (e *gwEnv) force(ctx context.Context, path string, code int) error {
	b, _ := json.Marshal(map[string]any{"force": []map[string]any{{"method": "POST", "path": path, "code": code, "count": 1}}})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.srv.URL+"/_sim/faults", bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		return fmt.Errorf("faults: HTTP %d", resp.StatusCode)
	}
	return nil
}

func (e *gwEnv) file(t *testing.T, name, content string, fields map[string][]string) map[string]any {
	t.Helper()
	q, ts, sig := signed("sim-app", "sim-key", time.Now())
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	_ = w.WriteField("sig", sig)
	_ = w.WriteField("time", ts)
	for k, vs := range fields {
		for _, v := range vs {
			_ = w.WriteField(k, v)
		}
	}
	fw, _ := w.CreateFormFile("mobiles", name)
	_, _ = fw.Write([]byte(content))
	_ = w.Close()
	return e.raw(t, "/sms/v1/send_file?"+q.Encode(), w.FormDataContentType(), buf.Bytes())
}

// receiver collects pushes; answer decides the code it answers.
type receiver struct {
	mu     sync.Mutex
	bodies []map[string]any
	calls  int
	answer func(n int) int
	srv    *httptest.Server
}

func newReceiver(t *testing.T, answer func(n int) int) *receiver {
	r := &receiver{answer: answer}
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		var m map[string]any
		_ = json.NewDecoder(req.Body).Decode(&m)
		r.mu.Lock()
		r.calls++
		c := r.answer(r.calls)
		if c == 0 {
			r.bodies = append(r.bodies, m)
		}
		r.mu.Unlock()
		_ = json.NewEncoder(w).Encode(map[string]any{"code": c, "msg": ""})
	}))
	t.Cleanup(r.srv.Close)
	return r
}

func (r *receiver) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.calls
}

func (r *receiver) got() []map[string]any {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]map[string]any(nil), r.bodies...)
}

func TestGatewayDeliveryPushAndPull(t *testing.T) {
	t.Parallel()
	e := newGW(t)
	tpl := e.approved(t)
	ok := newReceiver(t, func(int) int { return 0 })
	if err := e.sim.SetGatewayCallbacks("sim-app", simulator.GatewayCallbacks{DeliveryURL: ok.srv.URL}); err != nil {
		t.Fatal(err)
	}
	c := e.client(t)
	res, err := c.Gateway.SendBatch(t.Context(), client.GatewayBatch{Mobiles: []string{"13800000001", "13800000010"}, TplID: tpl,
		SmsParams: map[string]string{"name": "Ann", "code": "7"}, SignText: "Acme", SmsExt: "ext-1", Exten: "12"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Data) != 2 || res.Data[0].SmsID == "" || res.SmsExt != "ext-1" {
		t.Fatalf("send result %+v", res)
	}
	e.sim.Wait()
	got := ok.got()
	if len(got) != 2 {
		t.Fatalf("pushed %d records, want 2: %v", len(got), got)
	}
	states := map[string]string{}
	for _, g := range got {
		states[fmt.Sprint(g["mobile"])] = fmt.Sprint(g["state"])
		if g["smsFee"] == nil || g["exten"] != "12" || g["smsExt"] != "ext-1" {
			t.Errorf("push body lacks fields: %v", g)
		}
	}
	if states["13800000001"] != "SUCCESS" || states["13800000010"] != "FAIL" {
		t.Errorf("states %v: numbers ending in 0 fail, others succeed", states)
	}
	// Acknowledged pushes are not pulled again.
	if recs, err := c.Gateway.PullDeliveryRecords(t.Context(), 100); err != nil || len(recs) != 0 {
		t.Fatalf("pull after acknowledged pushes: %v %v", recs, err)
	}

	// A receiver that keeps failing: the record is retried, then pulled.
	bad := newReceiver(t, func(int) int { return 1 })
	_ = e.sim.SetGatewayCallbacks("sim-app", simulator.GatewayCallbacks{DeliveryURL: bad.srv.URL})
	if _, err := c.Gateway.SendSMS(t.Context(), client.GatewaySMS{Mobiles: []string{"13900000002"}, SmsText: "hi", SignText: "Acme"}); err != nil {
		t.Fatal(err)
	}
	e.sim.Wait()
	if bad.count() != 4 {
		t.Errorf("a failing receiver got %d attempts, want 4", bad.count())
	}
	recs, err := c.Gateway.PullDeliveryRecords(t.Context(), 100)
	if err != nil || len(recs) != 1 || recs[0].Mobile != "13900000002" || recs[0].State != "SUCCESS" || recs[0].SmsFee != 0 {
		t.Fatalf("pull after failed pushes: %+v %v", recs, err)
	}
	// A receiver that fails twice then accepts: pushed once more, not pulled.
	flaky := newReceiver(t, func(n int) int { return map[bool]int{true: 0, false: 7}[n > 2] })
	_ = e.sim.SetGatewayCallbacks("sim-app", simulator.GatewayCallbacks{DeliveryURL: flaky.srv.URL})
	_, _ = c.Gateway.SendSMS(t.Context(), client.GatewaySMS{Mobiles: []string{"13900000003"}, SmsText: "hi", SignText: "Acme"})
	e.sim.Wait()
	if len(flaky.got()) != 1 || flaky.count() != 3 {
		t.Errorf("flaky receiver: %d stored, %d calls", len(flaky.got()), flaky.count())
	}
	if recs, _ := c.Gateway.PullDeliveryRecords(t.Context(), 100); len(recs) != 0 {
		t.Errorf("record acknowledged on retry was pulled again: %+v", recs)
	}
}

func TestGatewayRepliesAndFileCallback(t *testing.T) {
	t.Parallel()
	e := newGW(t)
	tpl := e.approved(t)
	replies := newReceiver(t, func(int) int { return 0 })
	files := newReceiver(t, func(int) int { return 0 })
	_ = e.sim.SetGatewayCallbacks("sim-app", simulator.GatewayCallbacks{ReplyURL: replies.srv.URL, FileURL: files.srv.URL})
	c := e.client(t)
	err := c.Gateway.SendFile(t.Context(), client.GatewayFile{TplID: tpl, SignText: "Acme", Exten: "55", SmsParams: []string{"X", "0"},
		Recipients: []client.FileRecipient{{Mobile: "13800000001", Params: []string{"Ann Lee", "1 2"}}, {Mobile: "13800000002"}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.sim.Reply("sim-app", "13800000001", "STOP"); err != nil {
		t.Fatal(err)
	}
	e.sim.Wait()
	fs := files.got()
	if len(fs) != 2 {
		t.Fatalf("file callbacks %v", fs)
	}
	texts := map[string]string{}
	for _, f := range fs {
		texts[fmt.Sprint(f["mobile"])] = fmt.Sprint(f["smsText"])
		if f["smsId"] == "" || f["time"] == nil {
			t.Errorf("file callback lacks fields: %v", f)
		}
	}
	if texts["13800000001"] != "【Acme】Hello Ann Lee, code 1 2" || texts["13800000002"] != "【Acme】Hello X, code 0" {
		t.Errorf("file lines must override smsParams, URI-decoded: %v", texts)
	}
	rs := replies.got()
	if len(rs) != 1 || rs[0]["smsText"] != "STOP" || rs[0]["exten"] != "55" {
		t.Errorf("reply pushes %v", rs)
	}
	// No delivery URL: both delivery records wait on the pull queue.
	recs, err := c.Gateway.PullDeliveryRecords(t.Context(), 1)
	if err != nil || len(recs) != 1 {
		t.Fatalf("max 1 must return 1 record: %v %v", recs, err)
	}
	recs, _ = c.Gateway.PullDeliveryRecords(t.Context(), 100)
	if len(recs) != 1 {
		t.Fatalf("the second pull must return the remaining record: %+v", recs)
	}
	// The pushed reply was acknowledged: nothing to pull.
	if up, _ := c.Gateway.PullReplyRecords(t.Context(), 10); len(up) != 0 {
		t.Errorf("acknowledged reply pulled again: %+v", up)
	}
	_ = e.sim.SetGatewayCallbacks("sim-app", simulator.GatewayCallbacks{})
	_ = e.sim.Reply("sim-app", "13800000002", "yes")
	up, _ := c.Gateway.PullReplyRecords(t.Context(), 10)
	if len(up) != 1 || up[0].SmsText != "yes" || up[0].TimeDelivered == 0 {
		t.Errorf("reply pull %+v", up)
	}
}

// TestGatewayPullExactlyOnce drains the queue with concurrent pullers: the
// union is every record and no record comes twice (§6.5).
func TestGatewayPullExactlyOnce(t *testing.T) {
	t.Parallel()
	e := newGW(t)
	e.approved(t)
	c := e.client(t)
	const n = 5 * 200
	for i := 0; i < n/200; i++ {
		ms := make([]string, 200)
		for j := range ms {
			ms[j] = fmt.Sprintf("139%04d%04d", i, j)
		}
		if _, err := c.Gateway.SendSMS(t.Context(), client.GatewaySMS{Mobiles: ms, SmsText: "x", SignText: "Acme"}); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	seen := map[string]int{}
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				recs, err := c.Gateway.PullDeliveryRecords(t.Context(), 7+w)
				if err != nil {
					t.Error(err)
					return
				}
				if len(recs) == 0 {
					return
				}
				mu.Lock()
				for _, r := range recs {
					seen[string(r.SmsID)]++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(seen) != n {
		t.Errorf("pulled %d distinct records, want %d", len(seen), n)
	}
	for id, k := range seen {
		if k != 1 {
			t.Errorf("record %s pulled %d times", id, k)
		}
	}
}

func TestGatewayReviewAndPaging(t *testing.T) {
	t.Parallel()
	now := time.Now()
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	e := newGW(t, func(o *simulator.Options) { o.AutoApprove = time.Minute; o.Now = clock })
	c := e.client(t)
	var ids []int64
	for i := 0; i < 55; i++ {
		id, err := c.Gateway.AddSignature(t.Context(), client.GatewaySignatureInput{SignText: fmt.Sprintf("S%d", i)})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	all, err := client.Collect(c.Gateway.ListSignatures(t.Context()))
	if err != nil || len(all) != 55 {
		t.Fatalf("listed %d signatures (%v), want 55 over two pages", len(all), err)
	}
	g, err := c.Gateway.GetSignature(t.Context(), ids[3])
	if err != nil || g.Content() != "S3" || g.State != 0 {
		t.Fatalf("signature %+v %v", g, err)
	}
	if _, err := c.Gateway.GetSignature(t.Context(), 1); !client.IsNotFound(err) {
		t.Errorf("unknown id: %v", err)
	}
	// Auto-approval is lazy: a minute later the next call sees approval.
	mu.Lock()
	now = now.Add(2 * time.Minute)
	mu.Unlock()
	tid, err := c.Gateway.AddTemplate(t.Context(), client.GatewayTemplateInput{TplText: "code ${c}", TplType: 1, TplTitle: "otp", SignText: "S3"})
	if err != nil {
		t.Fatal(err)
	}
	g, _ = c.Gateway.GetSignature(t.Context(), ids[3])
	tp, _ := c.Gateway.GetTemplate(t.Context(), tid)
	if g.State != 1 || tp.State != 0 || tp.SignText != "S3" || tp.TplType != 1 {
		t.Errorf("after auto-approve delay: signature %+v, fresh template %+v", g, tp)
	}
	if err := e.sim.Review("gateway_template", strconv.FormatInt(tid, 10), 2, "too short"); err != nil {
		t.Fatal(err)
	}
	tp, _ = c.Gateway.GetTemplate(t.Context(), tid)
	if tp.State != 2 || tp.Reason != "too short" {
		t.Errorf("rejected template %+v", tp)
	}
}

// TestGatewayStatePersists: queued records, templates and callbacks survive a
// restart with --state; a record whose push was in flight is pullable after it.
func TestGatewayStatePersists(t *testing.T) {
	t.Parallel()
	path := t.TempDir() + "/state.json"
	e := newGW(t, func(o *simulator.Options) { o.StatePath = path })
	tpl := e.approved(t)
	if _, err := e.client(t).Gateway.SendSMS(t.Context(), client.GatewaySMS{Mobiles: []string{"13800000001", "13800000002"}, SmsText: "x", SignText: "Acme"}); err != nil {
		t.Fatal(err)
	}
	e2 := newGW(t, func(o *simulator.Options) { o.StatePath = path })
	c := e2.client(t)
	recs, err := c.Gateway.PullDeliveryRecords(t.Context(), 100)
	if err != nil || len(recs) != 2 {
		t.Fatalf("after restart: %+v %v", recs, err)
	}
	if tp, err := c.Gateway.GetTemplate(t.Context(), tpl); err != nil || tp.State != 1 {
		t.Errorf("template after restart: %+v %v", tp, err)
	}
}

// TestGatewayAutoApprovalPersists: an approval --auto-approve made when the
// provider read the object back (get_sign, get_template: the review wait's
// polls) is saved to --state, as a review through /_sim/review is. It was
// not: the file kept state 0, and a simulator started again on it without
// --auto-approve (or with a longer delay) showed the approved signature and
// template in review again.
func TestGatewayAutoApprovalPersists(t *testing.T) {
	t.Parallel()
	path := t.TempDir() + "/state.json"
	clock := newFakeClock()
	e := newGW(t, func(o *simulator.Options) { o.StatePath = path; o.AutoApprove = time.Minute; o.Now = clock.Now })
	c := e.client(t)
	sign, err := c.Gateway.AddSignature(t.Context(), client.GatewaySignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	clock.Add(2 * time.Minute)
	tpl, err := c.Gateway.AddTemplate(t.Context(), client.GatewayTemplateInput{TplText: "code ${c}", TplType: 1, TplTitle: "otp", SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	clock.Add(2 * time.Minute)
	// Reads only: the approval happens in them.
	if tp, err := c.Gateway.GetTemplate(t.Context(), tpl); err != nil || tp.State != 1 {
		t.Fatalf("template before restart: %+v %v", tp, err)
	}
	if g, err := c.Gateway.GetSignature(t.Context(), sign); err != nil || g.State != 1 {
		t.Fatalf("signature before restart: %+v %v", g, err)
	}
	e.srv.Close()
	e.sim.Wait()
	e2 := newGW(t, func(o *simulator.Options) { o.StatePath = path }) // no auto-approval
	c2 := e2.client(t)
	if tp, err := c2.Gateway.GetTemplate(t.Context(), tpl); err != nil {
		t.Errorf("template after restart: %v", err)
	} else if tp.State != 1 {
		t.Errorf("template after restart without --auto-approve: state %d, want 1 (approved before the restart)", tp.State)
	}
	if g, err := c2.Gateway.GetSignature(t.Context(), sign); err != nil {
		t.Errorf("signature after restart: %v", err)
	} else if g.State != 1 {
		t.Errorf("signature after restart without --auto-approve: state %d, want 1 (approved before the restart)", g.State)
	}
}

// fakeClock is a simulator clock that moves only when told.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func newFakeClock() *fakeClock { return &fakeClock{now: time.Now().Truncate(time.Second)} }

func (f *fakeClock) Now() time.Time { f.mu.Lock(); defer f.mu.Unlock(); return f.now }

func (f *fakeClock) Add(d time.Duration) { f.mu.Lock(); defer f.mu.Unlock(); f.now = f.now.Add(d) }

// withDelay sets a fake clock and a delivery delay.
func withDelay(clock *fakeClock, d time.Duration) func(*simulator.Options) {
	return func(o *simulator.Options) { o.Now = clock.Now; o.GatewayDeliveryDelay = d }
}

// byMobile indexes pulled delivery records by mobile, failing on a repeat.
func byMobile(t *testing.T, recs []client.DeliveryRecord) map[string]client.DeliveryRecord {
	t.Helper()
	out := map[string]client.DeliveryRecord{}
	for _, r := range recs {
		if _, dup := out[string(r.Mobile)]; dup {
			t.Errorf("two records for %s in one pull: %+v", r.Mobile, recs)
		}
		out[string(r.Mobile)] = r
	}
	return out
}

// TestGatewayDeliveryDelay_pull: with a delivery delay a message is SENDED
// (§3.6) until the delay has passed on the simulator clock, then its final
// record follows; each record is pulled exactly once (§6.5).
func TestGatewayDeliveryDelay_pull(t *testing.T) {
	t.Parallel()
	clock := newFakeClock()
	e := newGW(t, withDelay(clock, 5*time.Second))
	e.approved(t)
	c := e.client(t)
	sent := clock.Now()
	ms := []string{"13800000001", "13800000010", "13800000002"}
	res, err := c.Gateway.SendSMS(t.Context(), client.GatewaySMS{Mobiles: ms, SmsText: "hi", SignText: "Acme", Exten: "7"})
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	for _, it := range res.Data {
		ids[string(it.Mobile)] = string(it.SmsID)
	}

	recs, err := c.Gateway.PullDeliveryRecords(t.Context(), 100)
	if err != nil || len(recs) != len(ms) {
		t.Fatalf("first pull: %d records (%+v, %v), want one SENDED record per number", len(recs), recs, err)
	}
	got := byMobile(t, recs)
	for _, m := range ms {
		r, ok := got[m]
		if !ok || r.State != "SENDED" || r.Errmsg != "" || r.ErrType != 0 || string(r.SmsID) != ids[m] || r.Exten != "7" ||
			string(r.TimeDelivered) != sent.Format("2006-01-02 15:04:05") {
			t.Errorf("%s: %+v, want state SENDED, empty errmsg, errType 0, smsId %s, exten 7, stamped at the send", m, r, ids[m])
		}
	}
	if recs, _ := c.Gateway.PullDeliveryRecords(t.Context(), 100); len(recs) != 0 {
		t.Fatalf("SENDED records pulled twice, or final records before the delay: %+v", recs)
	}
	clock.Add(5*time.Second - time.Millisecond)
	if recs, _ := c.Gateway.PullDeliveryRecords(t.Context(), 100); len(recs) != 0 {
		t.Fatalf("final records before the delay has passed: %+v", recs)
	}

	clock.Add(time.Millisecond)
	recs, err = c.Gateway.PullDeliveryRecords(t.Context(), 100)
	if err != nil || len(recs) != len(ms) {
		t.Fatalf("pull after the delay: %d records (%+v, %v), want one final record per number", len(recs), recs, err)
	}
	got = byMobile(t, recs)
	due := sent.Add(5 * time.Second).Format("2006-01-02 15:04:05")
	for _, m := range []string{"13800000001", "13800000002"} {
		if r := got[m]; r.State != "SUCCESS" || r.Errmsg != "" || r.ErrType != 0 || string(r.SmsID) != ids[m] || string(r.TimeDelivered) != due {
			t.Errorf("%s: %+v, want SUCCESS delivered at %s", m, r, due)
		}
	}
	if r := got["13800000010"]; r.State != "FAIL" || r.ErrType != 4 || r.ErrCode != "UNDELIV" || r.Errmsg == "" || string(r.SmsID) != ids["13800000010"] {
		t.Errorf("a number ending in 0: %+v, want FAIL with errType 4 and errCode UNDELIV", r)
	}
	clock.Add(time.Hour)
	if recs, _ := c.Gateway.PullDeliveryRecords(t.Context(), 100); len(recs) != 0 {
		t.Errorf("final records pulled twice: %+v", recs)
	}
	if d, p := e.sim.DeliverDue(); d != 0 || p != 0 {
		t.Errorf("DeliverDue after everything was delivered: %d delivered, %d pending", d, p)
	}
}

// TestGatewayDeliveryDelay_pushOrder: a push receiver gets a message's
// SENDED record, then its final record, in that order, also when the delay
// passes while the SENDED push is still waiting for its answer.
func TestGatewayDeliveryDelay_pushOrder(t *testing.T) {
	t.Parallel()
	clock := newFakeClock()
	e := newGW(t, withDelay(clock, 5*time.Second))
	e.approved(t)
	c := e.client(t)
	var mu sync.Mutex
	var bodies []map[string]any
	arrived, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		var m map[string]any
		_ = json.NewDecoder(req.Body).Decode(&m)
		mu.Lock()
		bodies = append(bodies, m)
		first := len(bodies) == 1
		mu.Unlock()
		if first {
			// Hold the first answer until the test has let the delay pass.
			once.Do(func() { close(arrived) })
			<-release
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"code": 0, "msg": ""})
	}))
	t.Cleanup(rcv.Close)
	if err := e.sim.SetGatewayCallbacks("sim-app", simulator.GatewayCallbacks{DeliveryURL: rcv.URL}); err != nil {
		t.Fatal(err)
	}
	pushed := func() []string {
		mu.Lock()
		defer mu.Unlock()
		var out []string
		for _, b := range bodies {
			out = append(out, fmt.Sprintf("%v %v", b["smsId"], b["state"]))
		}
		return out
	}

	res, err := c.Gateway.SendSMS(t.Context(), client.GatewaySMS{Mobiles: []string{"13800000001"}, SmsText: "hi", SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	id1 := string(res.Data[0].SmsID)
	select {
	case <-arrived:
	case <-time.After(10 * time.Second):
		t.Fatal("the SENDED push never arrived")
	}
	clock.Add(6 * time.Second)
	// Due, but its SENDED push has no answer yet: the final record waits,
	// and the in-flight SENDED record is not pullable either.
	if d, p := e.sim.DeliverDue(); d != 0 || p != 1 {
		t.Errorf("DeliverDue while the SENDED push is in flight: %d delivered, %d pending; want 0 and 1", d, p)
	}
	if recs, _ := c.Gateway.PullDeliveryRecords(t.Context(), 100); len(recs) != 0 {
		t.Errorf("pulled while the SENDED push is in flight: %+v", recs)
	}
	close(release)
	e.sim.Wait() // the SENDED push's answer lets the final record go out
	if got, want := pushed(), []string{id1 + " SENDED", id1 + " SUCCESS"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("pushes %v, want %v", got, want)
	}

	// A later message, delivered through POST /_sim/gateway/deliver.
	res, err = c.Gateway.SendSMS(t.Context(), client.GatewaySMS{Mobiles: []string{"13800000010"}, SmsText: "hi", SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	id2 := string(res.Data[0].SmsID)
	e.sim.Wait()
	clock.Add(5 * time.Second)
	status, b := adminPost(t, e.srv.URL+"/_sim/gateway/deliver", "")
	if status != 200 || strings.TrimSpace(b) != `{"delivered":1,"ok":true,"pending":0}` {
		t.Errorf("POST /_sim/gateway/deliver: HTTP %d %s", status, b)
	}
	e.sim.Wait()
	want := []string{id1 + " SENDED", id1 + " SUCCESS", id2 + " SENDED", id2 + " FAIL"}
	if got := pushed(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("pushes %v, want %v", got, want)
	}
	mu.Lock()
	last := bodies[len(bodies)-1]
	mu.Unlock()
	if last["smsFee"] == nil || last["errType"] != float64(4) {
		t.Errorf("final push body %v lacks smsFee or errType 4", last)
	}
	if recs, _ := c.Gateway.PullDeliveryRecords(t.Context(), 100); len(recs) != 0 {
		t.Errorf("acknowledged pushes pulled again: %+v", recs)
	}
	if status, b := adminPost(t, e.srv.URL+"/_sim/gateway/deliver", `{"nope":1}`); status != 400 || !strings.Contains(b, "gateway deliver") {
		t.Errorf("deliver with an unknown member: HTTP %d %s, want 400", status, b)
	}
}

// adminPost posts body (none when empty) to an admin URL.
func adminPost(t *testing.T, url, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestGatewayDeliveryDelay_concurrentPullers drains the queue with
// concurrent pullers while the clock passes the delay midway: every
// message's SENDED and final records each come exactly once.
func TestGatewayDeliveryDelay_concurrentPullers(t *testing.T) {
	t.Parallel()
	clock := newFakeClock()
	e := newGW(t, withDelay(clock, 5*time.Second))
	e.approved(t)
	c := e.client(t)
	const n = 3 * 200
	for i := 0; i < n/200; i++ {
		ms := make([]string, 200)
		for j := range ms {
			ms[j] = fmt.Sprintf("139%04d%04d", i, j)
		}
		if _, err := c.Gateway.SendSMS(t.Context(), client.GatewaySMS{Mobiles: ms, SmsText: "x", SignText: "Acme"}); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	seen := map[string]int{} // smsId + " " + state
	total := 0
	deadline := time.Now().Add(30 * time.Second)
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				recs, err := c.Gateway.PullDeliveryRecords(t.Context(), 7+w)
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				for _, r := range recs {
					seen[string(r.SmsID)+" "+string(r.State)]++
					total++
				}
				done := total >= 2*n
				mu.Unlock()
				if done {
					return
				}
				if len(recs) == 0 {
					if time.Now().After(deadline) {
						t.Error("pullers gave up before every record came")
						return
					}
					time.Sleep(2 * time.Millisecond)
				}
			}
		}()
	}
	for {
		mu.Lock()
		k := total
		mu.Unlock()
		if k >= n/3 || time.Now().After(deadline) {
			break
		}
		time.Sleep(time.Millisecond)
	}
	clock.Add(5 * time.Second)
	wg.Wait()
	if total != 2*n || len(seen) != 2*n {
		t.Errorf("pulled %d records, %d distinct; want %d (SENDED and final per message)", total, len(seen), 2*n)
	}
	for k, v := range seen {
		if v != 1 {
			t.Errorf("record %s pulled %d times", k, v)
		}
	}
	for k := range seen {
		if !strings.HasSuffix(k, " SENDED") && !strings.HasSuffix(k, " SUCCESS") && !strings.HasSuffix(k, " FAIL") {
			t.Errorf("unexpected record %s", k)
		}
	}
	if recs, _ := c.Gateway.PullDeliveryRecords(t.Context(), 100); len(recs) != 0 {
		t.Errorf("records left after the drain: %+v", recs)
	}
}

// TestGatewayDeliveryDelay_persists: a SENDED message survives a restart
// with --state and is delivered after it.
func TestGatewayDeliveryDelay_persists(t *testing.T) {
	t.Parallel()
	clock := newFakeClock()
	path := t.TempDir() + "/state.json"
	withState := func(o *simulator.Options) { o.StatePath = path }
	e := newGW(t, withDelay(clock, 5*time.Second), withState)
	e.approved(t)
	if _, err := e.client(t).Gateway.SendSMS(t.Context(), client.GatewaySMS{Mobiles: []string{"13800000001"}, SmsText: "x", SignText: "Acme"}); err != nil {
		t.Fatal(err)
	}
	e2 := newGW(t, withDelay(clock, 5*time.Second), withState)
	c := e2.client(t)
	if recs, err := c.Gateway.PullDeliveryRecords(t.Context(), 100); err != nil || len(recs) != 1 || recs[0].State != "SENDED" {
		t.Fatalf("after restart, before the delay: %+v %v", recs, err)
	}
	clock.Add(5 * time.Second)
	if recs, err := c.Gateway.PullDeliveryRecords(t.Context(), 100); err != nil || len(recs) != 1 || recs[0].State != "SUCCESS" {
		t.Fatalf("after restart and the delay: %+v %v", recs, err)
	}
}

// A template send fills the variables in one pass: a value that holds
// another variable (${b}) is sent as written, not filled again. It was
// filled by ReplaceAll over the params map, so whether ${b} was filled
// depended on the map's order, and the same request was sent (206
// characters) or refused with 1014 (406 characters once ${b} was filled
// again) from run to run.
func TestGatewayTemplateFilledOnce(t *testing.T) {
	t.Parallel()
	path := t.TempDir() + "/state.json"
	e := newGW(t, func(o *simulator.Options) { o.StatePath = path })
	e.approved(t) // the signature Acme
	tp := e.post(t, "/tpl/v1/add_template", map[string]any{"tplText": "X${a}Y${b}", "tplType": 1, "tplTitle": "once"})
	if code(tp) != 0 {
		t.Fatalf("add_template: %v", tp)
	}
	if err := e.sim.Review("gateway_template", fmt.Sprint(tp["tplId"]), 1, ""); err != nil {
		t.Fatal(err)
	}
	bs := strings.Repeat("b", 200)
	want := "【Acme】X${b}Y" + bs
	files := newReceiver(t, func(int) int { return 0 })
	_ = e.sim.SetGatewayCallbacks("sim-app", simulator.GatewayCallbacks{FileURL: files.srv.URL})
	sends := map[string]struct {
		path string
		body map[string]any
	}{
		"send_single, values by name":  {"/sms/v1/send_single", map[string]any{"mobile": "13800000001", "smsParams": map[string]string{"a": "${b}", "b": bs}}},
		"send_single, values in order": {"/sms/v1/send_single", map[string]any{"mobile": "13800000001", "smsParams": []string{"${b}", bs}}},
		"send_batch":                   {"/sms/v1/send_batch", map[string]any{"mobiles": []string{"13800000001", "13800000002"}, "smsParams": map[string]string{"a": "${b}", "b": bs}}},
	}
	const runs = 30
	for name, s := range sends {
		for range runs {
			s.body["tplId"], s.body["signText"] = tp["tplId"], "Acme"
			if r := e.post(t, s.path, s.body); code(r) != 0 {
				t.Fatalf("%s: %v, want code 0 (the one-pass fill is %d characters)", name, r, len([]rune(want)))
			}
		}
	}
	for range runs {
		r := e.file(t, "m.txt", "13800000003 "+url.PathEscape("${b}")+" "+bs+"\n", map[string][]string{
			"tplId": {fmt.Sprint(tp["tplId"])}, "signText": {"Acme"}, "smsParams": {`["x","y"]`}})
		if code(r) != 0 {
			t.Fatalf("send_file: %v, want code 0", r)
		}
	}
	e.sim.Wait()
	// What was sent: the file callbacks' smsText and every stored message.
	for _, f := range files.got() {
		if f["smsText"] != want {
			t.Fatalf("send_file sent %q, want %q", f["smsText"], want)
		}
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var st struct {
		Gateway struct {
			Messages map[string]struct{ Content string } `json:"messages"`
		} `json:"gateway"`
	}
	if err := json.Unmarshal(raw, &st); err != nil {
		t.Fatal(err)
	}
	if n := len(st.Gateway.Messages); n != 4*runs+runs {
		t.Fatalf("%d messages stored, want %d", n, 5*runs)
	}
	for id, m := range st.Gateway.Messages {
		if m.Content != want {
			t.Fatalf("message %s holds %q, want %q", id, m.Content, want)
		}
	}
}
