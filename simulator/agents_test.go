package simulator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// usersCall posts a JSON body to /open/v3/svcapi/users/<op> and decodes the envelope.
func usersCall(t *testing.T, srv *httptest.Server, op string, body map[string]any) map[string]any {
	t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequestWithContext(t.Context(), "POST", srv.URL+"/open/v3/svcapi/users/"+op, bytes.NewReader(b))
	req.Header.Set("Authorization", "Bearer sim-token")
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

func newUsersServer(t *testing.T) (*Server, *httptest.Server) {
	t.Helper()
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return s, srv
}

func code(out map[string]any) int { return int(out["code"].(float64)) }

// newUsersServerWithGroups is newUsersServer with skill groups 101 and 102.
func newUsersServerWithGroups(t *testing.T) (*Server, *httptest.Server) {
	t.Helper()
	s, srv := newUsersServer(t)
	s.mu.Lock()
	s.st.Queues().Groups[101] = &Queue{ID: 101, QueName: "G1"}
	s.st.Queues().Groups[102] = &Queue{ID: 102, QueName: "G2"}
	s.mu.Unlock()
	return s, srv
}

func TestUsersAddResponseSubset(t *testing.T) {
	t.Parallel()
	_, srv := newUsersServer(t)
	out := usersCall(t, srv, "add", map[string]any{"user_num": "1", "user_name": "A", "user_password": "p", "is_enable_mfa": 1})
	if code(out) != 0 || out["request_id"] == "" {
		t.Fatalf("add: %v", out)
	}
	data := out["data"].(map[string]any)
	var keys []string
	for k := range data {
		keys = append(keys, k)
	}
	want := []string{"user_num", "user_name", "user_password", "ag_nickname", "user_email", "user_sms_phone", "fixed_phone", "user_status",
		"dept_id", "crm_id", "user_type", "position_id", "supervisor_id", "vcc_id", "vcc_code", "create_user_id", "update_user_id",
		"is_first_login", "avatar", "dept_name", "user_id"}
	if diff := cmp.Diff(want, keys, cmpSorted); diff != "" {
		t.Errorf("add response fields (-want +got):\n%s", diff)
	}
	if data["user_password"] == "p" || !strings.HasPrefix(data["user_password"].(string), "$sim$") {
		t.Errorf("user_password must be the stored, transformed value, got %v", data["user_password"])
	}
	if data["user_status"].(float64) != 1 || data["dept_id"].(float64) != rootDeptID {
		t.Errorf("defaults: %v", data)
	}
}

var cmpSorted = cmp.Transformer("sort", func(in []string) []string {
	out := append([]string(nil), in...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
})

func TestUsersRulesAndCodes(t *testing.T) {
	t.Parallel()
	_, srv := newUsersServer(t)
	if out := usersCall(t, srv, "add", map[string]any{"user_num": "1", "user_name": "A", "user_password": "p",
		"user_email": "a@x.io", "user_sms_phone": "138"}); code(out) != 0 {
		t.Fatal(out)
	}
	if out := usersCall(t, srv, "add", map[string]any{"user_num": "9", "user_name": "Z", "user_password": "p"}); code(out) != 0 {
		t.Fatal(out)
	}
	base := func(extra map[string]any) map[string]any {
		m := map[string]any{"user_num": "2", "user_name": "B", "user_password": "p"}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	cases := map[string]struct {
		op   string
		body map[string]any
		code int
	}{
		"user_num taken":        {"add", base(map[string]any{"user_num": "1"}), 409},
		"email taken":           {"add", base(map[string]any{"user_email": "A@x.io"}), 409},
		"sms phone taken":       {"add", base(map[string]any{"user_sms_phone": "138"}), 409},
		"no user_num":           {"add", map[string]any{"user_name": "B", "user_password": "p"}, 422},
		"no user_name":          {"add", map[string]any{"user_num": "3", "user_password": "p"}, 422},
		"no password":           {"add", map[string]any{"user_num": "3", "user_name": "B"}, 422},
		"max_sessions 301":      {"add", base(map[string]any{"max_sessions": 301}), 422},
		"basic_sessions 0":      {"add", base(map[string]any{"basic_sessions": 0}), 422},
		"user_status 0":         {"add", base(map[string]any{"user_status": 0}), 422},
		"bad email":             {"add", base(map[string]any{"user_email": "x@"}), 422},
		"object type 5":         {"add", base(map[string]any{"wincall_buttons": map[string]any{"type": 5}}), 422},
		"object not an object":  {"add", base(map[string]any{"user_caller": "yes"}), 422},
		"negative ivr":          {"add", base(map[string]any{"wincall_transfer_ivrs": map[string]any{"type": 1, "transfer_ivrs": []int{-1}}}), 422},
		"edit unknown user":     {"edit", map[string]any{"user_id": 999999, "user_name": "x"}, 404},
		"edit without user_id":  {"edit", map[string]any{"user_name": "x"}, 422},
		"list rows 501":         {"list", map[string]any{"rows": 501}, 422},
		"list bad ids":          {"list", map[string]any{"user_ids": "1,a"}, 422},
		"list bad user_status":  {"list", map[string]any{"user_status": "4"}, 422},
		"list two user_status":  {"list", map[string]any{"user_status": "2,3"}, 422},
		"list one user_status":  {"list", map[string]any{"user_status": "2"}, 0},
		"list user_status int":  {"list", map[string]any{"user_status": 3}, 0},
		"delete without ids":    {"delete", map[string]any{}, 422},
		"edit keeps own phone":  {"edit", map[string]any{"user_id": 1001, "user_sms_phone": "138"}, 0},
		"edit sms phone taken":  {"edit", map[string]any{"user_id": 1002, "user_sms_phone": "138"}, 409},
		"edit email taken":      {"edit", map[string]any{"user_id": 1002, "user_email": "a@x.io"}, 409},
		"delete of unknown ids": {"delete", map[string]any{"ids": "424242"}, 0},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			out := usersCall(t, srv, tc.op, tc.body)
			if code(out) != tc.code {
				t.Errorf("code %d (%v), want %d", code(out), out["message"], tc.code)
			}
		})
	}
}

func TestUsersStatusMembershipAndRelations(t *testing.T) {
	t.Parallel()
	s, srv := newUsersServerWithGroups(t)
	out := usersCall(t, srv, "add", map[string]any{"user_num": "1", "user_name": "A", "user_password": "p", "queue_ids": []int{101, 102},
		"notice_config": map[string]any{"type": 1, "system_notice_position": "topLeft"}})
	id := out["data"].(map[string]any)["user_id"].(float64)
	list := func() map[string]any {
		out := usersCall(t, srv, "list", map[string]any{"user_ids": id, "relations_queues": 1, "relations_config": 1})
		return out["data"].(map[string]any)["data"].([]any)[0].(map[string]any)
	}
	it := list()
	if it["queue_ids"] != "101,102" || it["queue_names"] != "G1,G2" {
		t.Errorf("relations_queues: %v %v", it["queue_ids"], it["queue_names"])
	}
	notice := it["config"].(map[string]any)["notice_config"].(map[string]any)
	// A sent object keeps what was sent and fills the rest with the spec's defaults.
	if notice["system_notice_position"] != "topLeft" || notice["notice_type"] != "system" || notice["auto_close_interval"].(float64) != 5 {
		t.Errorf("notice_config round trip: %v", notice)
	}
	for _, st := range []int{3, 2, 1} {
		if out := usersCall(t, srv, "edit", map[string]any{"user_id": id, "user_status": st}); code(out) != 0 {
			t.Fatalf("status %d: %v", st, out)
		}
		if got := list()["user_status"].(float64); int(got) != st {
			t.Errorf("user_status %v, want %d", got, st)
		}
	}
	if out := usersCall(t, srv, "edit", map[string]any{"user_id": id, "user_num": "other"}); code(out) != 422 {
		t.Errorf("editing user_num: %v", out)
	}
	if out := usersCall(t, srv, "edit", map[string]any{"user_id": id, "queue_ids": []int{102}}); code(out) != 0 {
		t.Fatal(out)
	}
	if got := list()["queue_ids"]; got != "102" {
		t.Errorf("after edit queue_ids = %v, want 102", got)
	}
	if out := usersCall(t, srv, "delete", map[string]any{"ids": "1001"}); code(out) != 0 {
		t.Fatal(out)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.st.Queues().Members[102]) != 0 {
		t.Errorf("users/delete left the agent in its groups: %v", s.st.Queues().Members)
	}
}

// The list item's is_enable_mfa is 0 off / 1 on (§2.6), while add/edit and
// the config member use 1 on / 2 off (§4.2).
func TestUsersListMFAEncoding(t *testing.T) {
	t.Parallel()
	_, srv := newUsersServer(t)
	for _, a := range []map[string]any{
		{"user_num": "1", "user_name": "On", "user_password": "p", "is_enable_mfa": 1},
		{"user_num": "2", "user_name": "Off", "user_password": "p", "is_enable_mfa": 2},
		{"user_num": "3", "user_name": "Default", "user_password": "p"},
	} {
		if out := usersCall(t, srv, "add", a); code(out) != 0 {
			t.Fatal(out)
		}
	}
	out := usersCall(t, srv, "list", map[string]any{"relations_config": 1})
	if code(out) != 0 {
		t.Fatal(out)
	}
	got := map[string][2]float64{}
	for _, it := range out["data"].(map[string]any)["data"].([]any) {
		m := it.(map[string]any)
		got[m["user_num"].(string)] = [2]float64{m["is_enable_mfa"].(float64), m["config"].(map[string]any)["is_enable_mfa"].(float64)}
	}
	want := map[string][2]float64{"1": {1, 1}, "2": {0, 2}, "3": {0, 2}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("is_enable_mfa [list item, config] by user_num (-want +got):\n%s", diff)
	}
}

// TestUsersQueueIDsIsArray: users/add and users/edit take queue_ids as an
// int array (§4.2); the comma-separated string of the list filter, or a
// lone number, is refused with 422.
func TestUsersQueueIDsIsArray(t *testing.T) {
	t.Parallel()
	_, srv := newUsersServerWithGroups(t)
	out := usersCall(t, srv, "add", map[string]any{"user_num": "1", "user_name": "A", "user_password": "p", "queue_ids": []int{101}})
	if code(out) != 0 {
		t.Fatal(out)
	}
	id := out["data"].(map[string]any)["user_id"]
	for name, tc := range map[string]struct {
		op   string
		body map[string]any
		code int
	}{
		"add comma string":  {"add", map[string]any{"user_num": "2", "user_name": "B", "user_password": "p", "queue_ids": "101,102"}, 422},
		"add one as string": {"add", map[string]any{"user_num": "2", "user_name": "B", "user_password": "p", "queue_ids": "101"}, 422},
		"add a number":      {"add", map[string]any{"user_num": "2", "user_name": "B", "user_password": "p", "queue_ids": 101}, 422},
		"edit comma string": {"edit", map[string]any{"user_id": id, "queue_ids": "101,102"}, 422},
		"edit array":        {"edit", map[string]any{"user_id": id, "queue_ids": []int{101, 102}}, 0},
		"edit empty array":  {"edit", map[string]any{"user_id": id, "queue_ids": []int{}}, 0},
	} {
		out := usersCall(t, srv, tc.op, tc.body)
		if code(out) != tc.code {
			t.Errorf("%s: code %d (%v), want %d", name, code(out), out["message"], tc.code)
		}
	}
}

// TestSeedAgentsUnique: /_sim/seed took two agents of one user_num (or one
// of an agent that exists), which the platform never holds, and an agent
// seeded with user_id 1003 was overwritten by the third users/add, which
// issued 1003 again. Both seeds are refused, naming the agent, and an id
// given by a seed is never issued again.
func TestSeedAgentsUnique(t *testing.T) {
	t.Parallel()
	s, srv := newUsersServer(t)
	if err := s.Seed(map[string]json.RawMessage{"agents": json.RawMessage(`[{"user_num":"9001"},{"user_id":1003,"user_num":"9003","user_name":"Seeded"}]`)}); err != nil {
		t.Fatal(err)
	}
	for body, want := range map[string]string{
		`[{"user_num":"9101"},{"user_num":"9101"}]`:                                             `seed agents: agent 1: user_num "9101" is already used by agent`,
		`[{"user_num":"9001"}]`:                                                                 `seed agents: agent 0: user_num "9001" is already used by agent`,
		`[{"user_id":1003,"user_num":"9103"}]`:                                                  `seed agents: agent 0: user_id 1003 is already used by agent "9003"`,
		`[{"user_id":9223372036854775807,"user_num":"9106"}]`:                                   `seed agents: agent 0: user_id must be from 1 to 2147483647, got 9223372036854775807`,
		`[{"user_num":"9104","user_email":"a@x.cn"},{"user_num":"9105","user_email":"A@x.cn"}]`: `seed agents: agent 1: user_email "A@x.cn" is already used by agent`,
	} {
		err := s.Seed(map[string]json.RawMessage{"agents": json.RawMessage(body)})
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("seed %s: %v, want %s…", body, err, want)
		}
	}
	var ids []any
	for _, num := range []string{"1", "2", "3"} {
		out := usersCall(t, srv, "add", map[string]any{"user_num": num, "user_name": "A" + num, "user_password": "p"})
		if code(out) != 0 {
			t.Fatal(out)
		}
		ids = append(ids, out["data"].(map[string]any)["user_id"])
	}
	if got := fmt.Sprint(ids); got != "[1004 1005 1006]" {
		t.Errorf("users/add issued %s after a seed took 1001 and 1003, want [1004 1005 1006]", got)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if a := s.st.Agents().Users[1003]; a == nil || a.UserNum != "9003" || len(s.st.Agents().Users) != 5 {
		t.Errorf("the seeded agent 1003 is %+v among %d agents, want 9003 among 5", a, len(s.st.Agents().Users))
	}
}
