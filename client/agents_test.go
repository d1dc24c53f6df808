package client_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

func newAgentsClient(t *testing.T) (*client.Client, *simulator.Server) {
	t.Helper()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	return c, sim
}

func str(s string) *string { return &s }
func i64(n int64) *int64   { return &n }

func TestAgentsCreateGetUpdateDelete(t *testing.T) {
	t.Parallel()
	c, sim := newAgentsClient(t)
	ctx := t.Context()
	q, err := c.Queues.Create(ctx, client.SkillGroupInput{QueName: "Support", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	qid, err := strconv.ParseInt(q, 10, 64)
	if err != nil {
		t.Fatal(err)
	}

	objs := client.DefaultAgentObjects()
	objs.NoticeConfig.Type = client.ConfigTypeCustom
	objs.NoticeConfig.SystemNoticePosition = "topLeft"
	objs.WincallButtons.Buttons.Consult = true
	objs.WincallTransferQueues.TransferQueues = []client.FlexInt{client.FlexInt(qid)}
	created, err := c.Agents.Create(ctx, client.AgentInput{
		UserNum: str("8001"), UserName: str("Ann"), UserPassword: str("s3cret!"), UserEmail: str("ann@example.com"),
		MaxSessions: i64(300), BasicSessions: i64(1), QueueIDs: &[]int64{qid}, AgentObjects: objs,
	})
	if err != nil {
		t.Fatal(err)
	}
	id := created.UserID.Int64()
	if !sim.CheckAgentPassword(id, "s3cret!") {
		t.Error("password not stored")
	}

	got, err := c.Agents.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]int64{qid}, got.QueueIDList()); diff != "" {
		t.Errorf("queue ids (-want +got):\n%s", diff)
	}
	if got.Config == nil {
		t.Fatal("relations_config=1 returned no config")
	}
	if diff := cmp.Diff(objs, got.Config.AgentObjects); diff != "" {
		t.Errorf("config objects did not round-trip (-want +got):\n%s", diff)
	}
	if *got.Config.MaxSessions != 300 || *got.Config.UserPhoneType != 3 || !bool(*got.Config.IsEnableOutbound) {
		t.Errorf("config scalars: %+v", got.Config)
	}

	byNum, err := c.Agents.GetByNum(ctx, "8001")
	if err != nil || byNum.UserID.Int64() != id {
		t.Fatalf("GetByNum: %v %v", byNum, err)
	}

	if _, err := c.Agents.Update(ctx, id, client.AgentInput{UserName: str("Ann B"), QueueIDs: &[]int64{}}); err != nil {
		t.Fatal(err)
	}
	got, _ = c.Agents.Get(ctx, id)
	if got.UserName != "Ann B" || len(got.QueueIDList()) != 0 {
		t.Errorf("after edit: name %q queues %v", got.UserName, got.QueueIDList())
	}
	if err := c.Agents.SetStatus(ctx, id, client.AgentStatusResigned); err != nil {
		t.Fatal(err)
	}
	if err := c.Agents.Delete(ctx, id); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Agents.Get(ctx, id); !client.IsNotFound(err) {
		t.Errorf("Get after delete: %v, want not found", err)
	}
	if err := c.Agents.Delete(ctx, id); err != nil {
		t.Errorf("second delete: %v", err)
	}
	if _, err := c.Agents.Update(ctx, id, client.AgentInput{UserName: str("x")}); !client.IsNotFound(err) {
		t.Errorf("edit of a deleted agent: %v, want not found", err)
	}
}

func TestAgentsRules(t *testing.T) {
	t.Parallel()
	c, _ := newAgentsClient(t)
	ctx := t.Context()
	if _, err := c.Agents.Create(ctx, client.AgentInput{UserNum: str("1"), UserName: str("A"), UserPassword: str("p"),
		UserEmail: str("a@example.com"), UserSMSPhone: str("13800000001")}); err != nil {
		t.Fatal(err)
	}
	bad := func(mut func(*client.AgentInput)) client.AgentInput {
		in := client.AgentInput{UserNum: str("2"), UserName: str("B"), UserPassword: str("p")}
		mut(&in)
		return in
	}
	cases := map[string]struct {
		in   client.AgentInput
		code int64
	}{
		"duplicate user_num":       {bad(func(in *client.AgentInput) { in.UserNum = str("1") }), 409},
		"duplicate user_email":     {bad(func(in *client.AgentInput) { in.UserEmail = str("a@example.com") }), 409},
		"duplicate user_sms_phone": {bad(func(in *client.AgentInput) { in.UserSMSPhone = str("13800000001") }), 409},
		"max_sessions 301":         {bad(func(in *client.AgentInput) { in.MaxSessions = i64(301) }), 422},
		"basic_sessions 0":         {bad(func(in *client.AgentInput) { in.BasicSessions = i64(0) }), 422},
		"user_status 4":            {bad(func(in *client.AgentInput) { in.UserStatus = i64(4) }), 422},
		"user_phone_type 5":        {bad(func(in *client.AgentInput) { in.UserPhoneType = i64(5) }), 422},
		"is_enable_mfa 0":          {bad(func(in *client.AgentInput) { in.IsEnableMFA = i64(0) }), 422},
		"user_type 8":              {bad(func(in *client.AgentInput) { in.UserType = str("1,8") }), 422},
		"no password":              {bad(func(in *client.AgentInput) { in.UserPassword = nil }), 422},
		"unknown queue":            {bad(func(in *client.AgentInput) { in.QueueIDs = &[]int64{999} }), 422},
		"bad notice position": {bad(func(in *client.AgentInput) {
			in.NoticeConfig = &client.NoticeConfig{Type: 1, NoticeType: "system", SystemNoticePosition: "middle"}
		}), 422},
		"object type 3": {bad(func(in *client.AgentInput) { in.EvaluateConfig = &client.EvaluateConfig{Type: 3} }), 422},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := c.Agents.Create(ctx, tc.in)
			if !client.HasCode(err, tc.code) {
				t.Errorf("got %v, want code %d", err, tc.code)
			}
		})
	}
}

func TestAgentsListFiltersAndPaging(t *testing.T) {
	t.Parallel()
	c, sim := newAgentsClient(t)
	ctx := t.Context()
	var seed []map[string]any
	for i := range 1203 {
		seed = append(seed, map[string]any{"user_num": fmt.Sprintf("%05d", i), "user_name": "x", "user_status": 1 + i%3,
			"dept_id": 1 + i%2, "user_type": fmt.Sprint(1 + i%7)})
	}
	raw, _ := json.Marshal(seed)
	if err := sim.Seed(map[string]json.RawMessage{"agents": raw}); err != nil {
		t.Fatal(err)
	}
	all, err := client.Collect(c.Agents.List(ctx, client.AgentFilter{}))
	if err != nil || len(all) != 1203 {
		t.Fatalf("all: %d %v", len(all), err)
	}
	if n := sim.Stats()["POST /open/v3/svcapi/users/list"]; n != 6 {
		t.Errorf("paging used %d requests, want 6 (rows=500; a list of several pages is read twice, to see that it held still)", n)
	}
	count := func(keep func(i int) bool) int {
		n := 0
		for i := range 1203 {
			if keep(i) {
				n++
			}
		}
		return n
	}
	cases := map[string]struct {
		f    client.AgentFilter
		want int
	}{
		"status 2":      {client.AgentFilter{UserStatus: []int64{2}}, count(func(i int) bool { return i%3 == 1 })},
		"status 1,3":    {client.AgentFilter{UserStatus: []int64{1, 3}}, count(func(i int) bool { return i%3 != 1 })},
		"dept 2":        {client.AgentFilter{DeptIDs: []int64{2}}, count(func(i int) bool { return i%2 == 1 })},
		"type 7":        {client.AgentFilter{UserTypes: []string{"7"}}, count(func(i int) bool { return i%7 == 6 })},
		"num":           {client.AgentFilter{UserNum: "00042"}, 1},
		"ids":           {client.AgentFilter{UserIDs: []int64{all[0].UserID.Int64(), all[5].UserID.Int64()}}, 2},
		"queue none":    {client.AgentFilter{QueueIDs: []int64{5}}, 0},
		"role none":     {client.AgentFilter{RoleIDs: []int64{5}}, 0},
		"position none": {client.AgentFilter{PositionIDs: []int64{5}}, 0},
		"status+dept+type": {client.AgentFilter{UserStatus: []int64{1}, DeptIDs: []int64{1}, UserTypes: []string{"1", "2"}},
			count(func(i int) bool { return i%3 == 0 && i%2 == 0 && i%7 < 2 })},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got, err := client.Collect(c.Agents.List(ctx, tc.f))
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != tc.want {
				t.Errorf("got %d agents, want %d", len(got), tc.want)
			}
		})
	}
}

// loseFirstAdd forwards the first users/add to the server, then reports a
// transport failure as if the answer were lost on the way back.
type loseFirstAdd struct {
	next http.RoundTripper
	lost bool
}

func (l *loseFirstAdd) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := l.next.RoundTrip(r)
	if err == nil && !l.lost && strings.HasSuffix(r.URL.Path, "/users/add") {
		l.lost = true
		resp.Body.Close()
		return nil, errors.New("connection reset by peer")
	}
	return resp, err
}

func TestAgentsCreateNeverDuplicates(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", MaxRetries: 3,
		RetryWaitMin: time.Millisecond, RetryWaitMax: 2 * time.Millisecond,
		HTTPClient: &http.Client{Transport: &loseFirstAdd{next: http.DefaultTransport}}})
	if err != nil {
		t.Fatal(err)
	}
	a, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: str("4242"), UserName: str("Lost"), UserPassword: str("p")})
	if err != nil {
		t.Fatalf("create after a lost answer: %v", err)
	}
	if a.UserNum != "4242" || a.UserID == 0 {
		t.Errorf("create returned %+v, want the agent found by user_num", a)
	}
	if n := sim.Stats()["POST /open/v3/svcapi/users/add"]; n != 1 {
		t.Errorf("users/add sent %d times, want 1 (looked up by user_num instead of re-sent)", n)
	}
}

func TestAgentQueueIDList(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		raw  string
		want []int64
	}{
		"comma text":   {`"3,5"`, []int64{3, 5}},
		"spaces":       {`" 3 , 5 "`, []int64{3, 5}},
		"number array": {`[3,5]`, []int64{3, 5}},
		"string array": {`["3","5"]`, []int64{3, 5}},
		"one number":   {`7`, []int64{7}},
		"empty":        {`""`, nil},
		"null":         {`null`, nil},
		"junk skipped": {`"3,x,5"`, []int64{3, 5}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var a client.Agent
			if err := json.Unmarshal([]byte(`{"queue_ids":`+tc.raw+`}`), &a); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, a.QueueIDList()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func FuzzAgentDecode(f *testing.F) {
	f.Add([]byte(`{"user_id":"1001","user_status":"2","check_in":1,"queue_ids":"1,2","config":{"max_sessions":"10","notice_config":{"type":"1","is_auto_close":"true"}}}`))
	f.Add([]byte(`{"user_id":1001,"config":null}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var a client.Agent
		if json.Unmarshal(b, &a) == nil {
			_ = a.QueueIDList()
		}
	})
}
