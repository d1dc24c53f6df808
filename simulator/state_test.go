package simulator

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// Each domain registers its own part of the state; the state file has one
// member per part plus seq.
func TestStatePartsRegistered(t *testing.T) {
	t.Parallel()
	// The members of state files written so far: a part may be added (a
	// new domain registers it, and older files load without it), never
	// removed or renamed, or the files users keep would lose that data.
	released := []string{"agents", "asr", "gateway", "queues", "reference", "seq", "sms", "sounds", "tasks", "webhooks"}
	b, err := json.Marshal(newState())
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	got := slices.Sorted(maps.Keys(m))
	want := append(slices.Sorted(maps.Keys(stateParts)), "seq")
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("state file members %v, want the registered parts and seq %v", got, want)
	}
	for _, name := range released {
		if !slices.Contains(got, name) {
			t.Errorf("state file member %q of earlier releases is gone (members %v)", name, got)
		}
	}
}

// A state file lacking parts (written before a domain existed) loads with
// those parts empty and usable; members of no domain are ignored; ids go on.
func TestStateFileMissingAndUnknownParts(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state.json")
	body := `{"seq": {"queue": 105}, "queues": {"groups": {"105": {"id": 105, "que_name": "Old"}}}, "gateway": null, "retired_domain": {"x": 1}}`
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, Options{StatePath: path})
	st := h.sim.st
	if g := st.Queues().Groups[105]; g == nil || g.QueName != "Old" {
		t.Fatalf("queue 105 not restored: %+v", st.Queues().Groups)
	}
	if st.Queues().Members == nil || st.Agents().Users == nil || st.Gateway().Templates == nil || st.Gateway().inflight == nil {
		t.Fatal("a part missing from the file (or null) must start empty with its maps made")
	}
	if id := st.NextID("queue", 100); id != 106 {
		t.Errorf("next queue id %d, want 106", id)
	}
	if r := h.api("POST", qp+"/add", `{"que_name":"New","que_priority":1}`); r.body["code"] != float64(200) {
		t.Fatalf("add after load: %s", r.raw)
	}
	b, _ := os.ReadFile(path)
	var back State
	if err := json.Unmarshal(b, &back); err != nil || len(back.Queues().Groups) != 2 {
		t.Fatalf("rewritten state: %v, %d groups", err, len(back.Queues().Groups))
	}
}

// Reset replaces every part with a fresh one (and the reference seed).
func TestResetFreshParts(t *testing.T) {
	t.Parallel()
	h := newHarness(t, Options{})
	h.api("POST", qp+"/add", `{"que_name":"A","que_priority":1}`)
	before := h.sim.st
	h.admin("POST", "/_sim/reset", `{}`)
	after := h.sim.st
	if len(after.Queues().Groups) != 0 || after.Queues() == before.Queues() {
		t.Fatalf("reset kept the queues part: %+v", after.Queues().Groups)
	}
	if len(after.Reference().TrunkCDRs) == 0 {
		t.Error("reset lost the reference seed")
	}
}

// TestStateFileSeqBehindItsObjects: a state file whose seq is behind the
// ids it holds (edited by hand, or kept as a fixture) gave the next agent
// the id of an existing one, which it replaced without a word; ids go on
// above the highest held, for every kind of object a file can hold.
func TestStateFileSeqBehindItsObjects(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state.json")
	body := `{"seq": {"agent": 5},
	  "agents": {"users": {"1001": {"user_id": 1001, "user_num": "9001", "user_name": "A"}}},
	  "queues": {"groups": {"140": {"id": 140, "que_name": "Old"}}},
	  "sms": {"signatures": {"120": {"id": 120, "sign_id": 5020, "sign_text": "Acme"}}, "templates": {"3010": {"id": 3010, "tpl_id": 880010}}},
	  "sounds": {"sounds": {"520": {"id": 520}}}, "webhooks": {"hooks": {"330": {"id": 330}}}, "tasks": {"projects": {"730": {"id": 730}}},
	  "gateway": {"templates": {"5010": {"id": 5010}}, "signatures": {"3010": {"id": 3010}},
	    "messages": {"gw000000000042": {"smsId": "gw000000000042"}, "hand-made": {"smsId": "hand-made"}},
	    "delivery": [{"key": "d17"}], "replies": [{"key": "r23"}]},
	  "asr": {"tasks": {"asr10000077": {"id": "asr10000077"}}},
	  "reference": {"busy_reasons": [{"id": "140"}], "ivrs": [{"ivrId": 150}], "vos_cdrs": [{"id": "100300"}],
	    "trunk_cdrs": [{"call_id": "sim-call-90012"}, {"call_id": "5f1e-uuid"}]}}`
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, Options{StatePath: path})
	st := h.sim.st
	for kind, want := range map[string]int64{"agent": 1002, "queue": 141, "sms_signature": 121, "sms_platform_sign": 5021, "sms_template": 3011,
		"sms_platform_tpl": 880011, "sound": 521, "webhook": 331, "project": 731, "gateway_template": 5011, "gateway_signature": 3011,
		"gateway_sms": 43, "gateway_record": 24, "asr": 10000078, "busy_reason": 141, "ivr": 151, "vos_cdr": 100301, "call": 90013} {
		if got := st.NextID(kind, 0); got != want {
			t.Errorf("next %s id %d, want %d", kind, got, want)
		}
	}
	if a := st.Agents().Users[1001]; a == nil || a.UserNum != "9001" {
		t.Errorf("agent 1001: %+v", a)
	}
	// Every part of the state has an object here (CONTRIBUTING, step 2): a
	// new domain's part without one passed this test while a state file
	// behind its objects gave a new object an existing id.
	var parts map[string]json.RawMessage
	if err := json.Unmarshal([]byte(body), &parts); err != nil {
		t.Fatal(err)
	}
	for name := range stateParts {
		if _, ok := parts[name]; !ok {
			t.Errorf("state part %q has no object in this test's state file: add one whose id is above its seq, and the next id of its kind to the table", name)
		}
	}
}
