package client

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestFlexMap: an object as a PHP service writes one. Empty, it arrives
// as `[]`; keyed 0, 1, … n-1 in order, as a list.
func TestFlexMap(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]FlexMap[[]int]{
		`{"1":[1],"2":[]}`: {"1": {1}, "2": {}},
		`{}`:               {},
		`[]`:               nil,
		` [ ] `:            nil,
		`null`:             nil,
		`[[1],[2,3]]`:      {"0": {1}, "1": {2, 3}},
	} {
		var m FlexMap[[]int]
		if err := json.Unmarshal([]byte(in), &m); err != nil {
			t.Errorf("Unmarshal(%s): %v", in, err)
			continue
		}
		if diff := cmp.Diff(want, m); diff != "" {
			t.Errorf("Unmarshal(%s) (-want +got):\n%s", in, diff)
		}
	}
	var m FlexMap[[]int]
	if err := json.Unmarshal([]byte(`"x"`), &m); err == nil {
		t.Errorf("Unmarshal(\"x\") = %v, want an error", m)
	}
}

// TestTaskPHPObjects: a task created in the portal without worktime,
// filter rules or recall strategies comes back with those objects as `[]`,
// and a worktime for Sunday and Monday (weekdays "0" and "1") as a list.
// Each failed the whole task read ("cannot unmarshal array into Go struct
// field"); they now read as unset, and the list as weekdays.
func TestTaskPHPObjects(t *testing.T) {
	t.Parallel()
	body := `{"id":7,"type":3,"name":"n","config":{"webhook":[],"tts":[]},"recall_strategies":{"default":[],"asr":[]},` +
		`"worktime":{"name":"w","working":[[["09:00:00","12:00:00"]],[["13:00:00","18:00:00"]]]},"filter_rules":[]}`
	var task Task
	if err := json.Unmarshal([]byte(body), &task); err != nil {
		t.Fatalf("decoding a task with PHP's empty objects: %v", err)
	}
	if task.Config == nil || task.Config.Webhook == nil || task.Config.Webhook.Enable != nil || task.Config.TTS == nil || task.Config.TTS.Name != nil {
		t.Errorf("config = %+v, want empty webhook and tts", task.Config)
	}
	if task.RecallStrategies == nil || task.RecallStrategies.Default != nil || task.RecallStrategies.ASR != nil {
		t.Errorf("recall_strategies = %+v", task.RecallStrategies)
	}
	if task.FilterRules == nil || task.FilterRules.History != nil {
		t.Errorf("filter_rules = %+v", task.FilterRules)
	}
	want := FlexMap[[][]string]{"0": {{"09:00:00", "12:00:00"}}, "1": {{"13:00:00", "18:00:00"}}}
	if diff := cmp.Diff(want, task.Worktime.Working); diff != "" {
		t.Errorf("worktime.working (-want +got):\n%s", diff)
	}
	for _, empty := range []string{`{"id":8,"config":[],"recall_strategies":[],"worktime":[],"filter_rules":[]}`} {
		var tk Task
		if err := json.Unmarshal([]byte(empty), &tk); err != nil {
			t.Errorf("decoding %s: %v", empty, err)
		}
	}
}
