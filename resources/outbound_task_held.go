package resources

// What an edit of an outbound task sends as the platform holds it:
// projects/updateOrCreate (§2.7) writes every member it is sent, so the
// members the plan does not change, the name in its held Unicode form and
// the TTS options' types are taken from one read of the task
// (framework.SendHeld).

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
)

// heldTaskFields are the members of updateOrCreate (§2.7) an edit sends as
// the platform holds them when the plan does not change them (type and
// context cannot change; status is chosen by Update; the name is
// heldTaskName's).
var heldTaskFields = []string{"DeptID", "Priority", "Concurrent", "Callers", "MaxConnSecs", "TimeoutSecs", "MaxQueueSecs",
	"EnableASR", "Config", "RecallStrategies", "AssignedUsers", "Worktime", "FilterRules", "TransTo"}

// keepHeldFields sends each member of the edit the plan does not change
// (edit and current, the state's, are the same) that the platform holds
// otherwise now, as it holds it. updateOrCreate writes every member it is
// sent, and the edit sent them as refreshed at plan time: an edit of the
// name put back the callers, agents or working hours changed in the portal
// since the plan (or the refresh), without a word, also under lifecycle {
// ignore_changes }, where the portal owns them. A member the platform holds
// as the state does, but for the order of its lists (which the read keeps
// as the state has it), goes as before. t is the task as the edit's one
// read found it (framework.SendHeld).
func keepHeldFields(t, edit, current *client.Task) {
	e, c, h := reflect.ValueOf(edit).Elem(), reflect.ValueOf(current).Elem(), reflect.ValueOf(t).Elem()
	for _, f := range heldTaskFields {
		planned, prior, held := e.FieldByName(f), c.FieldByName(f), h.FieldByName(f)
		if reflect.DeepEqual(planned.Interface(), prior.Interface()) && !sameButOrder(prior.Interface(), held.Interface()) {
			planned.Set(held)
		}
	}
}

// sameButOrder tells two members that read alike as JSON once every list
// is sorted (and an empty object or list is taken for none).
func sameButOrder(a, b any) bool {
	canon := func(v any) string {
		raw, err := json.Marshal(v)
		if err != nil {
			return ""
		}
		var x any
		if json.Unmarshal(raw, &x) != nil {
			return ""
		}
		out, _ := json.Marshal(sortedJSON(x))
		return string(out)
	}
	return canon(a) == canon(b)
}

// sortedJSON sorts every list of a decoded JSON value by its elements'
// text, and takes an empty object or list for null.
func sortedJSON(v any) any {
	switch x := v.(type) {
	case map[string]any:
		if len(x) == 0 {
			return nil
		}
		for k, e := range x {
			x[k] = sortedJSON(e)
		}
		return x
	case []any:
		if len(x) == 0 {
			return nil
		}
		texts := make([]string, len(x))
		for i, e := range x {
			b, _ := json.Marshal(sortedJSON(e))
			texts[i] = string(b)
		}
		slices.Sort(texts)
		out := make([]any, len(texts))
		for i, t := range texts {
			out[i] = json.RawMessage(t)
		}
		return out
	}
	return v
}

// heldTaskName is the name every projects/updateOrCreate requires (§2.7).
var heldTaskName = framework.HeldName[client.Task]{Attr: "name", Of: func(t *client.Task) string { return string(t.Name) }}

// keepOptionTypes: the voice's options are read as text (a map of
// strings), so an option the platform holds as a number or a boolean
// ({"n": 1}) would go back as the text "1" on any write of the task. An
// option whose text is unchanged is sent as the platform holds it (one
// held as null, which reads as "", stays null), from held, the edit's one
// read of the task. A read that fails fails the edit of a task with
// options (hasOptions), unlike the other held fields' (framework.SendHeld
// lets those go as planned): sent without it, an option held as a number
// would be rewritten as text, a change no plan showed (as SendHeld says of
// a name).
func keepOptionTypes(held, edit *client.Task) {
	if !hasOptions(edit) || held.Config == nil || held.Config.TTS == nil {
		return
	}
	for k, sent := range edit.Config.TTS.Options {
		raw, ok := held.Config.TTS.Options[k]
		var text string
		if !ok {
			continue
		}
		if string(bytes.TrimSpace(raw)) == "null" {
			// Held as null, read as "" (a task made in the portal).
			if string(sent) == `""` {
				edit.Config.TTS.Options[k] = raw
			}
			continue
		}
		if json.Unmarshal(raw, &text) == nil {
			continue // held as text: sent as text
		}
		if json.Unmarshal(sent, &text) == nil && text == string(raw) {
			edit.Config.TTS.Options[k] = raw
		}
	}
}

// hasOptions tells an edit whose voice has options (keepOptionTypes).
func hasOptions(edit *client.Task) bool {
	return edit.Config != nil && edit.Config.TTS != nil && len(edit.Config.TTS.Options) > 0
}
