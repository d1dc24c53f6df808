package simulator

import (
	"fmt"
	"strings"
	"testing"
)

const qp = "/portal/v2/svcapi/queue"

// queueFixture: agents 5001, 5002 and 5003 (signed in); group "Existing"
// (que_num 8001, agent 5001, id 101) and group "Other" (que_num 8002, id 102).
func queueFixture(t *testing.T, opts Options) *harness {
	h := newHarness(t, opts)
	h.seed(`{"agents": [{"user_id": 5001, "user_num": "9001"}, {"user_id": 5002, "user_num": "9002"}, {"user_id": 5003, "user_num": "9003", "check_in": true}]}`)
	for _, b := range []string{`{"que_name":"Existing","que_priority":1,"que_num":"8001"}`, `{"que_name":"Other","que_priority":1,"que_num":"8002"}`} {
		if r := h.api("POST", qp+"/add", b); r.num("code") != 200 {
			t.Fatalf("add: %s", r.raw)
		}
	}
	if r := h.api("POST", qp+"/assign", `{"que_id":101,"agents":"[{\"ag_id\":5001,\"skill\":1}]"}`); r.num("code") != 200 {
		t.Fatalf("assign: %s", r.raw)
	}
	return h
}

func (h *harness) force(method, path string, code int) {
	h.t.Helper()
	if r := h.admin("POST", "/_sim/faults", fmt.Sprintf(`{"force":[{"method":%q,"path":%q,"code":%d,"count":1}]}`, method, qp+path, code)); r.status != 200 {
		h.t.Fatalf("faults: %s", r.raw)
	}
}

// TestQueueCodes triggers every §7.2 queue code: by a real condition where
// one exists, by /_sim/faults force for the platform's internal failures.
func TestQueueCodes(t *testing.T) {
	t.Parallel()
	type tc struct {
		opts   Options
		force  int // forced code on method+path
		method string
		path   string
		body   string
		code   float64
		// item, when set, is the code of the per-item entry of a code-500
		// overall result (data[0] for delete, the named agent for assign).
		item    float64
		itemAg  string
		message string
	}
	multipart := func(fields map[string]string) string {
		var b strings.Builder
		for k, v := range fields {
			fmt.Fprintf(&b, "--XX\r\nContent-Disposition: form-data; name=%q\r\n\r\n%s\r\n", k, v)
		}
		b.WriteString("--XX--\r\n")
		return b.String()
	}
	cases := map[string]tc{
		"add 401 forced":               {force: 401, method: "POST", path: "/add", body: `{"que_name":"N","que_priority":1}`, code: 401, message: "enterprise code empty"},
		"add 402 forced":               {force: 402, method: "POST", path: "/add", body: `{"que_name":"N","que_priority":1}`, code: 402, message: "enterprise code does not exist"},
		"add 403 name empty":           {method: "POST", path: "/add", body: `{"que_name":"  ","que_priority":1}`, code: 403, message: "que_name"},
		"add 403 name missing":         {method: "POST", path: "/add", body: `{"que_priority":1}`, code: 403},
		"add 404 exists":               {method: "POST", path: "/add", body: `{"que_name":"Existing","que_priority":1}`, code: 404, message: "Existing"},
		"add 405 number exists":        {method: "POST", path: "/add", body: `{"que_name":"N","que_priority":1,"que_num":"8002"}`, code: 405, message: "8002"},
		"add 406 forced":               {force: 406, method: "POST", path: "/add", body: `{"que_name":"N","que_priority":1}`, code: 406, message: "reload failed"},
		"add 407 limit":                {opts: Options{MaxSkillGroups: 2}, method: "POST", path: "/add", body: `{"que_name":"N","que_priority":1}`, code: 407, message: "limit"},
		"add 408 priority 256":         {method: "POST", path: "/add", body: `{"que_name":"N","que_priority":256}`, code: 408},
		"add 408 priority -1":          {method: "POST", path: "/add", body: `{"que_name":"N","que_priority":-1}`, code: 408},
		"add 408 priority missing":     {method: "POST", path: "/add", body: `{"que_name":"N"}`, code: 408},
		"add 408 priority text":        {method: "POST", path: "/add", body: `{"que_name":"N","que_priority":"high"}`, code: 408, message: "high"},
		"add 409 que_type":             {method: "POST", path: "/add", body: `{"que_name":"N","que_priority":1,"que_type":5}`, code: 409, message: "que_type"},
		"add 409 noans_action":         {method: "POST", path: "/add", body: `{"que_name":"N","que_priority":1,"noans_action":"2"}`, code: 409, message: "noans_action"},
		"add 409 wait_audio":           {method: "POST", path: "/add", body: `{"que_name":"N","que_priority":1,"wait_audio":"x"}`, code: 409, message: "wait_audio"},
		"add 409 forced":               {force: 409, method: "POST", path: "/add", body: `{"que_name":"N","que_priority":1}`, code: 409, message: "add failed"},
		"add 411 strategy":             {method: "POST", path: "/add", body: `{"que_name":"N","que_priority":1,"que_strategy":3}`, code: 411},
		"add 412 auto_evaluate":        {method: "POST", path: "/add", body: `{"que_name":"N","que_priority":1,"auto_evaluate":2}`, code: 412},
		"update 403 name empty":        {method: "POST", path: "/update", body: `{"que_id":101,"que_name":"","que_priority":1}`, code: 403},
		"update 403 name missing":      {method: "POST", path: "/update", body: `{"que_id":101,"que_priority":1}`, code: 403},
		"update 404 unknown":           {method: "POST", path: "/update", body: `{"que_id":999,"que_name":"A","que_priority":1}`, code: 404, message: "999"},
		"update 404 id missing":        {method: "POST", path: "/update", body: `{"que_name":"A","que_priority":1}`, code: 404},
		"update 405 exists":            {method: "POST", path: "/update", body: `{"que_id":101,"que_name":"Other","que_priority":1}`, code: 405},
		"update 406 edit failed":       {method: "POST", path: "/update", body: `{"que_id":101,"que_name":"A","que_priority":1,"b_announce":2}`, code: 406, message: "b_announce"},
		"update 407 forced":            {force: 407, method: "POST", path: "/update", body: `{"que_id":101,"que_name":"A","que_priority":1}`, code: 407, message: "reload failed"},
		"update 408 priority":          {method: "POST", path: "/update", body: `{"que_id":101,"que_name":"A","que_priority":300}`, code: 408},
		"update 408 priority missing":  {method: "POST", path: "/update", body: `{"que_id":101,"que_name":"A"}`, code: 408},
		"update 409 number exists":     {method: "POST", path: "/update", body: `{"que_id":101,"que_name":"A","que_priority":1,"que_num":"8002"}`, code: 409},
		"update 411 strategy":          {method: "POST", path: "/update", body: `{"que_id":101,"que_name":"A","que_priority":1,"que_strategy":"4"}`, code: 411},
		"update 412 auto_evaluate":     {method: "POST", path: "/update", body: `{"que_id":101,"que_name":"A","que_priority":1,"auto_evaluate":-1}`, code: 412},
		"delete 403 unknown":           {method: "GET", path: "/delete?que_id=999", code: 500, item: 403},
		"delete 403 not a number":      {method: "GET", path: "/delete?que_id=abc", code: 500, item: 403},
		"delete 404 has agents":        {method: "GET", path: "/delete?que_id=101", code: 500, item: 404, message: "overall result"},
		"delete 404 has agents flag=0": {method: "GET", path: "/delete?que_id=101&flag=0", code: 500, item: 404},
		"delete 405 forced":            {force: 405, method: "GET", path: "/delete?que_id=102", code: 500, item: 405},
		"delete 406 forced":            {force: 406, method: "GET", path: "/delete?que_id=102", code: 500, item: 406},
		"delete 407 id empty":          {method: "GET", path: "/delete", code: 407, message: "group id empty"},
		"delete 410 signed in":         {method: "GET", path: "/delete?que_id=102&flag=1", code: 500, item: 410}, // 5003 is put in 102 below
		"list 403 unknown filter id":   {method: "POST", path: "/list", body: `{"info":"{\"filter\":{\"que_id\":999}}"}`, code: 403},
		"list 404 info an object":      {method: "POST", path: "/list", body: `{"info":{"filter":{"que_id":101}}}`, code: 404, message: "string"},
		"list 404 info not JSON":       {method: "POST", path: "/list", body: `{"info":"{nope"}`, code: 404},
		"assign 403 unknown group":     {method: "POST", path: "/assign", body: `{"que_id":999,"agents":"[{\"ag_id\":5002,\"skill\":1}]"}`, code: 403},
		"assign 404 id empty":          {method: "POST", path: "/assign", body: `{"agents":"[{\"ag_id\":5002,\"skill\":1}]"}`, code: 404},
		"assign 405 not JSON":          {method: "POST", path: "/assign", body: `{"que_id":101,"agents":"[{ag_id:1}]"}`, code: 405},
		"assign 405 agents an array":   {method: "POST", path: "/assign", body: `{"que_id":101,"agents":[{"ag_id":5002,"skill":1}]}`, code: 405, message: "string"},
		"assign 405 agents a number":   {method: "POST", path: "/assign", body: `{"que_id":101,"agents":5002}`, code: 405, message: "string"},
		"assign 406 unknown agent":     {method: "POST", path: "/assign", body: `{"que_id":101,"agents":"[{\"ag_id\":777,\"skill\":1}]"}`, code: 500, item: 406, itemAg: "777"},
		"assign 407 already assigned":  {method: "POST", path: "/assign", body: `{"que_id":101,"agents":"[{\"ag_id\":5001,\"skill\":1}]"}`, code: 500, item: 407, itemAg: "5001"},
		"assign 408 bad skill":         {method: "POST", path: "/assign", body: `{"que_id":101,"agents":"[{\"ag_id\":5002,\"skill\":-2}]"}`, code: 500, item: 408, itemAg: "5002"},
		"assign 408 forced":            {force: 408, method: "POST", path: "/assign", body: `{"que_id":101,"agents":"[{\"ag_id\":5002,\"skill\":1}]"}`, code: 408},
		"assign 409 agents empty":      {method: "POST", path: "/assign", body: `{"que_id":101,"agents":"[]"}`, code: 409},
		"assign 409 agents missing":    {method: "POST", path: "/assign", body: `{"que_id":101}`, code: 409},
		"cancel 403 unknown group":     {method: "POST", path: "/cancel_assign", body: `{"que_id":999,"agents":"[5001]"}`, code: 403},
		"cancel 404 id empty":          {method: "POST", path: "/cancel_assign", body: `{"agents":"[5001]"}`, code: 404},
		"cancel 405 agents empty":      {method: "POST", path: "/cancel_assign", body: `{"que_id":101,"agents":""}`, code: 405},
		"cancel 406 not JSON":          {method: "POST", path: "/cancel_assign", body: `{"que_id":101,"agents":"5001,5002"}`, code: 406},
		"cancel 406 agents an array":   {method: "POST", path: "/cancel_assign", body: `{"que_id":101,"agents":[5001]}`, code: 406, message: "string"},
		"cancel 406 objects, not ids":  {method: "POST", path: "/cancel_assign", body: `{"que_id":101,"agents":"[{\"ag_id\":5001}]"}`, code: 406, message: "element 0 is {\"ag_id\":5001}"},
		"skill 405 agents an array":    {method: "POST", path: "/update/skill", body: `{"que_id":101,"agents":[{"ag_id":5001,"skill":2}],"is_transaction":1}`, code: 405, message: "string"},
		"skill 403 unknown group":      {method: "POST", path: "/update/skill", body: `{"que_id":999,"agents":"[{\"ag_id\":5001,\"skill\":1}]","is_transaction":1}`, code: 403},
		"skill 404 id empty":           {method: "POST", path: "/update/skill", body: `{"agents":"[{\"ag_id\":5001,\"skill\":1}]"}`, code: 404},
		"skill 405 not JSON":           {method: "POST", path: "/update/skill", body: `{"que_id":101,"agents":"nope"}`, code: 405},
		"skill 406 unknown agent tx":   {method: "POST", path: "/update/skill", body: `{"que_id":101,"agents":"[{\"ag_id\":777,\"skill\":1}]","is_transaction":1}`, code: 406, message: "777"},
		"skill 407 not in group tx":    {method: "POST", path: "/update/skill", body: `{"que_id":101,"agents":"[{\"ag_id\":5002,\"skill\":1}]","is_transaction":1}`, code: 407, message: "5002"},
		"skill 500 bad skill tx":       {method: "POST", path: "/update/skill", body: `{"que_id":101,"agents":"[{\"ag_id\":5001,\"skill\":\"x\"}]","is_transaction":1}`, code: 500},
		"skill multipart 407 tx":       {method: "POST", path: "/update/skill", body: multipart(map[string]string{"que_id": "101", "agents": `[{"ag_id":5002,"skill":1}]`, "is_transaction": "1"}), code: 407},
		"get/agents 405 empty":         {method: "GET", path: "/get/agents", code: 405},
		"get/agents 405 malformed":     {method: "GET", path: "/get/agents?que_ids=101,,102", code: 405},
		"get/agents 405 letters":       {method: "GET", path: "/get/agents?que_ids=abc", code: 405, message: "abc"},
		"unparsable body 400":          {method: "POST", path: "/add", body: `{"que_name":`, code: 400, message: "could not be parsed"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h := queueFixture(t, c.opts)
			if strings.Contains(name, "410") {
				h.api("POST", qp+"/assign", `{"que_id":102,"agents":"[{\"ag_id\":5003,\"skill\":1}]"}`)
			}
			if c.force != 0 {
				h.force(c.method, strings.SplitN(c.path, "?", 2)[0], c.force)
			}
			ct := "application/json"
			if strings.HasPrefix(c.body, "--XX") {
				ct = "multipart/form-data; boundary=XX"
			}
			r := h.req(c.method, qp+c.path, ct, c.body, "Bearer sim-token")
			if r.status != 200 || r.num("code") != c.code {
				t.Fatalf("HTTP %d %s, want code %v", r.status, r.raw, c.code)
			}
			msg, _ := r.body["message"].(string)
			if msg == "" || !strings.Contains(msg, c.message) {
				t.Errorf("message %q, want it to contain %q", msg, c.message)
			}
			if c.item == 0 {
				return
			}
			items, _ := r.body["data"].([]any)
			found := false
			for _, it := range items {
				m := it.(map[string]any)
				if c.itemAg != "" && m["ag_id"] != c.itemAg {
					continue
				}
				found = true
				if m["code"] != c.item || m["message"] == "" {
					t.Errorf("item %v, want code %v", m, c.item)
				}
				if strings.HasPrefix(c.path, "/delete") {
					if _, ok := m["que_id"].(string); !ok {
						t.Errorf("delete item %v has no que_id string", m)
					}
				}
			}
			if !found {
				t.Errorf("no item for %q in %s", c.itemAg, r.raw)
			}
		})
	}
}

func TestQueueListShape(t *testing.T) {
	t.Parallel()
	h := queueFixture(t, Options{})
	r := h.api("POST", qp+"/list", `{}`)
	if r.num("code") != 200 || r.body["total"] != "2" || r.body["totalPage"] != float64(1) {
		t.Fatalf("list = %s; want total \"2\" (string) and totalPage 1 (int)", r.raw)
	}
	items := r.body["data"].([]any)
	want := []string{"id", "que_name", "que_num", "que_tag", "que_type", "que_length", "que_time", "ring_time", "next_wait",
		"b_announce", "noans_times", "noans_wait", "noans_action", "que_strategy", "wait_audio", "sound_name", "brecord", "que_priority", "auto_evaluate"}
	for _, it := range items {
		m := it.(map[string]any)
		for _, k := range want {
			v, present := m[k]
			if !present {
				t.Errorf("item lacks %s", k)
				continue
			}
			if _, isStr := v.(string); !isStr && (k != "sound_name" || v != nil) {
				t.Errorf("%s = %#v, want a string (§2.11: all values are strings)", k, v)
			}
		}
		if len(m) != len(want) {
			t.Errorf("item has %d fields, want %d: %v", len(m), len(want), m)
		}
	}
	first := items[0].(map[string]any)
	// Defaults applied on add; auto_evaluate's is the spec's.
	for k, v := range map[string]string{"id": "101", "que_name": "Existing", "que_num": "8001", "que_tag": "0", "brecord": "0", "auto_evaluate": "1",
		"que_strategy": "1", "wait_audio": "0", "noans_action": "0", "que_length": "10", "que_time": "60", "ring_time": "20"} {
		if first[k] != v {
			t.Errorf("%s = %v, want %q", k, first[k], v)
		}
	}
	cases := map[string]struct {
		info  string
		names []string
	}{
		"keyword name":     {`{"filter":{"keyword":"Oth"}}`, []string{"Other"}},
		"keyword number":   {`{"filter":{"keyword":"8001"}}`, []string{"Existing"}},
		"keyword no match": {`{"filter":{"keyword":"zzz"}}`, nil},
		"id":               {`{"filter":{"que_id":102}}`, []string{"Other"}},
		"id as string":     {`{"filter":{"que_id":"101"}}`, []string{"Existing"}},
		"id 0 means all":   {`{"filter":{"que_id":0}}`, []string{"Existing", "Other"}},
		"empty info":       {``, []string{"Existing", "Other"}},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			body := `{}`
			if c.info != "" {
				body = fmt.Sprintf(`{"info":%q}`, c.info)
			}
			r := h.api("POST", qp+"/list", body)
			var got []string
			for _, it := range r.body["data"].([]any) {
				got = append(got, it.(map[string]any)["que_name"].(string))
			}
			if fmt.Sprint(got) != fmt.Sprint(c.names) || r.body["total"] != fmt.Sprint(len(c.names)) {
				t.Errorf("names %v total %v, want %v", got, r.body["total"], c.names)
			}
			if len(c.names) == 0 && r.body["totalPage"] != float64(0) {
				t.Errorf("totalPage %v for an empty list", r.body["totalPage"])
			}
		})
	}
}

func TestQueueSuccessShapes(t *testing.T) {
	t.Parallel()
	h := queueFixture(t, Options{})
	r := h.api("POST", qp+"/add", `{"que_name":"New","que_priority":"7","que_type":2,"que_strategy":9,"auto_evaluate":0}`)
	data, _ := r.body["data"].(map[string]any)
	if r.num("code") != 200 || data["que_id"] != "103" {
		t.Errorf("add = %s; want data.que_id \"103\" (string)", r.raw)
	}
	// queue/update answers code and msg (§4.6), not message.
	r = h.api("POST", qp+"/update", `{"que_id":"103","que_name":"New 2","que_priority":8,"que_type":1}`)
	if r.num("code") != 200 || r.body["msg"] != "ok" || r.body["message"] != nil {
		t.Errorf("update = %s", r.raw)
	}
	r = h.api("POST", qp+"/list", `{"info":"{\"filter\":{\"que_id\":103}}"}`)
	item := r.body["data"].([]any)[0].(map[string]any)
	// Fields not sent on update keep their value.
	if item["que_name"] != "New 2" || item["que_priority"] != "8" || item["que_type"] != "1" || item["que_strategy"] != "9" || item["auto_evaluate"] != "0" {
		t.Errorf("after update: %v", item)
	}
	// Form bodies work like JSON.
	r = h.req("POST", qp+"/add", "application/x-www-form-urlencoded", "que_name=Form&que_priority=4", "Bearer sim-token")
	if r.num("code") != 200 {
		t.Errorf("form add = %s", r.raw)
	}
	// Partial assign applies the valid entries.
	r = h.api("POST", qp+"/assign", `{"que_id":101,"agents":"[{\"ag_id\":5002,\"skill\":4},{\"ag_id\":777}]"}`)
	if r.num("code") != 500 {
		t.Errorf("assign = %s", r.raw)
	}
	r = h.api("GET", qp+"/get/agents?que_ids=101,102,999", "")
	d := r.body["data"].(map[string]any)
	if fmt.Sprint(d["101"]) != "[map[ag_id:5001 ag_num:9001 skill:1] map[ag_id:5002 ag_num:9002 skill:4]]" || fmt.Sprint(d["102"]) != "[]" || d["999"] != nil {
		t.Errorf("get/agents = %s", r.raw)
	}
	// update/skill without a transaction skips and lists invalid entries.
	r = h.api("POST", qp+"/update/skill", `{"que_id":101,"agents":"[{\"ag_id\":5001,\"skill\":6},{\"ag_id\":5003,\"skill\":1}]","is_transaction":0}`)
	errs, _ := r.body["errMessage"].([]any)
	if r.num("code") != 200 || len(errs) != 1 || errs[0].(map[string]any)["ag_id"] != "5003" {
		t.Errorf("update/skill = %s", r.raw)
	}
	// cancel_assign ignores agents not in the group.
	r = h.api("POST", qp+"/cancel_assign", `{"que_id":101,"agents":"[5002, 5003]"}`)
	if r.num("code") != 200 {
		t.Errorf("cancel_assign = %s", r.raw)
	}
	r = h.api("GET", qp+"/get/agents?que_ids=101", "")
	if fmt.Sprint(r.body["data"]) != "map[101:[map[ag_id:5001 ag_num:9001 skill:6]]]" {
		t.Errorf("after cancel: %s", r.raw)
	}
	// delete with flag=1 removes a group with agents; the answer lists the item.
	r = h.api("GET", qp+"/delete?que_id=101&flag=1", "")
	if r.num("code") != 200 || fmt.Sprint(r.body["data"]) != "[map[code:200 message:ok que_id:101]]" {
		t.Errorf("delete = %s", r.raw)
	}
	if r = h.api("GET", qp+"/get/agents?que_ids=101", ""); fmt.Sprint(r.body["data"]) != "map[]" {
		t.Errorf("membership of a deleted group: %s", r.raw)
	}
}
