package client

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// TestGetAgentsNoGroupExists: a PHP service writes the empty object of
// queue/get/agents as `[]` when none of the groups asked for exists. That
// answer means "no such groups", not a failed call (it used to fail the
// membership read with "cannot unmarshal array").
func TestGetAgentsNoGroupExists(t *testing.T) {
	t.Parallel()
	c := newTestClient(t, &fixed{status: 200, body: `{"code":200,"message":"ok","data":[]}`})
	got, err := c.Queues.GetAgents(t.Context(), 5, 6)
	if err != nil {
		t.Fatalf("get/agents answering data [] failed: %v", err)
	}
	if _, listed := got["5"]; listed || len(got) != 0 {
		t.Errorf("members = %v, want no group", got)
	}
}

// TestQueueListLeavesGroupsOut: queue/list takes no page parameter. An
// answer that counts more groups than it holds (totalPage 2, or total 3
// with 2 items) must fail the read, naming the counts: read as the whole
// list, it made the groups it left out look deleted, and a refresh dropped
// them from state without a word.
func TestQueueListLeavesGroupsOut(t *testing.T) {
	t.Parallel()
	items := `[{"id":"101","que_name":"a"},{"id":"102","que_name":"b"}]`
	for name, tc := range map[string]struct {
		body    string
		filter  SkillGroupFilter
		wantErr string
	}{
		"totalPage 2":            {`{"code":200,"total":"3","totalPage":2,"data":` + items + `}`, SkillGroupFilter{}, "answered 2 groups of 3 (totalPage 2)"},
		"total above the items":  {`{"code":200,"total":"3","totalPage":1,"data":` + items + `}`, SkillGroupFilter{}, "answered 2 groups of 3 (totalPage 1)"},
		"filtered, totalPage 2":  {`{"code":200,"total":"3","totalPage":2,"data":` + items + `}`, SkillGroupFilter{Keyword: "a"}, "totalPage 2"},
		"whole list":             {`{"code":200,"total":"2","totalPage":1,"data":` + items + `}`, SkillGroupFilter{}, ""},
		"filtered, total of all": {`{"code":200,"total":"9","totalPage":1,"data":` + items + `}`, SkillGroupFilter{Keyword: "a"}, ""},
		"no totals":              {`{"code":200,"data":` + items + `}`, SkillGroupFilter{}, ""},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c := newTestClient(t, &fixed{status: 200, body: tc.body})
			gs, err := Collect(c.Queues.List(t.Context(), tc.filter))
			if tc.wantErr == "" {
				if err != nil || len(gs) != 2 {
					t.Fatalf("List = %d groups, %v; want 2, no error", len(gs), err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("List error = %v, want one containing %q", err, tc.wantErr)
			}
			if name == "totalPage 2" {
				// A refresh of a group past page 1 fails; it is not "gone".
				if _, err := c.Queues.Get(t.Context(), 103); err == nil || IsNotFound(err) {
					t.Errorf("Get(103) = %v, want the list's error, not not-found", err)
				}
			}
		})
	}
}

// TestSoundListLeavesFilesOut: sound/list takes no page parameter either.
// An answer of 2 voice files that counts 3 fails the read: a file left out
// read as deleted, and a refresh dropped it from state (the next apply
// uploaded it again).
func TestSoundListLeavesFilesOut(t *testing.T) {
	t.Parallel()
	items := `[{"id":"1","name":"a","sound_type":"1"},{"id":"2","name":"b","sound_type":"2"}]`
	c := newTestClient(t, &fixed{status: 200, body: `{"code":200,"total":"3","data":` + items + `}`})
	_, err := c.Sounds.Get(t.Context(), "3")
	if err == nil || IsNotFound(err) || !strings.Contains(err.Error(), "sound/list answered 2 voice files of 3") {
		t.Errorf("Get(3) = %v, want the list's error, not not-found", err)
	}
	c = newTestClient(t, &fixed{status: 200, body: `{"code":200,"total":"2","data":` + items + `}`})
	if s, err := c.Sounds.Get(t.Context(), "2"); err != nil || string(s.Name) != "b" {
		t.Errorf("Get(2) = %v, %v", s, err)
	}
}

// TestSoundTypeFilteredOnItems: the spec does not say what sound/list's
// select_type means, so the kind is kept from the items' sound_type and
// nothing is sent for it. A server that ignores the filter still gives
// only voice files of that kind.
func TestSoundTypeFilteredOnItems(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var info string
	c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body map[string]string
		_ = json.NewDecoder(r.Body).Decode(&body)
		mu.Lock()
		info = body["info"]
		mu.Unlock()
		_, _ = w.Write([]byte(`{"code":200,"total":"3","data":[{"id":"1","name":"a","sound_type":"1"},{"id":"2","name":"b","sound_type":"2"},{"id":"3","name":"c","sound_type":2}]}`))
	}))
	got, err := Collect(c.Sounds.List(t.Context(), SoundFilter{SoundType: 2}))
	if err != nil || len(got) != 2 || got[0].Name != "b" || got[1].Name != "c" {
		t.Errorf("List(sound_type 2) = %v, %v; want b and c", got, err)
	}
	mu.Lock()
	defer mu.Unlock()
	if info != `{"filter":{}}` {
		t.Errorf("info sent %s, want an empty filter", info)
	}
}
