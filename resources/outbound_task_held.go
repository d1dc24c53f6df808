package resources

// What an edit of an outbound task sends as the platform holds it:
// projects/updateOrCreate (§2.7) writes every member it is sent, so the
// members the plan does not change, the name in its held Unicode form and
// the TTS options' types are taken from one read of the task.

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"slices"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// heldTaskFields are the members of updateOrCreate (§2.7) an edit sends as
// the platform holds them when the plan does not change them (type and
// context cannot change; status is chosen by Update).
var heldTaskFields = []string{"Name", "DeptID", "Priority", "Concurrent", "Callers", "MaxConnSecs", "TimeoutSecs", "MaxQueueSecs",
	"EnableASR", "Config", "RecallStrategies", "AssignedUsers", "Worktime", "FilterRules", "TransTo"}

// keepHeldFields sends each member of the edit the plan does not change
// (edit and current, the state's, are the same) that the platform holds
// otherwise now, as it holds it. updateOrCreate writes every member it is
// sent, and the edit sent them as refreshed at plan time: an edit of the
// name put back the callers, agents or working hours changed in the portal
// since the plan (or the refresh), without a word, also under lifecycle {
// ignore_changes }, where the portal owns them. A member the platform holds
// as the state does, but for the order of its lists (which the read keeps
// as the state has it), goes as before. The read is the one heldTask makes
// for the edit.
func keepHeldFields(ctx context.Context, read func(context.Context) (*client.Task, error), edit, current *client.Task) error {
	t, err := read(ctx)
	if err != nil {
		return heldReadFailed(ctx, "name", string(edit.Name), func(t *client.Task) string { return string(t.Name) }, err)
	}
	if t == nil {
		return nil
	}
	e, c, h := reflect.ValueOf(edit).Elem(), reflect.ValueOf(current).Elem(), reflect.ValueOf(t).Elem()
	for _, f := range heldTaskFields {
		planned, prior, held := e.FieldByName(f), c.FieldByName(f), h.FieldByName(f)
		if reflect.DeepEqual(planned.Interface(), prior.Interface()) && !sameButOrder(prior.Interface(), held.Interface()) {
			planned.Set(held)
		}
	}
	return nil
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

// heldTask reads the task as the platform holds it (projects/detail, not
// batched) at most once for an update: keepOptionTypes and heldName each
// needed it, and read it each (two reads of one task before one edit).
func (r *outboundTaskResource) heldTask(id int64) func(context.Context) (*client.Task, error) {
	var (
		t    *client.Task
		err  error
		read bool
	)
	return func(ctx context.Context) (*client.Task, error) {
		if !read {
			t, err = r.Client.Tasks.Get(ctx, id)
			read = true
		}
		return t, err
	}
}

// heldName sends the name as the platform holds it when that is the
// planned name in another Unicode form (heldForm): projects/updateOrCreate
// requires name (§2.7), and any edit of the task rewrote a name held
// decomposed composed. It is applied after the edit is compared with the
// state, so opening a task alone still sends no edit.
func heldName(ctx context.Context, held func(context.Context) (*client.Task, error), edit *client.Task) error {
	name, err := heldForm(ctx, "name", string(edit.Name), held, func(t *client.Task) string { return string(t.Name) })
	edit.Name = client.FlexString(name)
	return err
}

// keepOptionTypes: the voice's options are read as text (a map of
// strings), so an option the platform holds as a number or a boolean
// ({"n": 1}) would go back as the text "1" on any write of the task. An
// option whose text is unchanged is sent as the platform holds it (one
// held as null, which reads as "", stays null); that costs one read, only
// for a task with options. A read that fails fails the edit, unlike the
// other held fields' (heldReadFailed lets those go as planned): sent
// without it, an option held as a number would be rewritten as text, a
// change no plan showed (as heldForm does for a name).
func keepOptionTypes(ctx context.Context, read func(context.Context) (*client.Task, error), edit *client.Task) error {
	if edit.Config == nil || edit.Config.TTS == nil || len(edit.Config.TTS.Options) == 0 {
		return nil
	}
	held, err := read(ctx)
	if err != nil {
		return err
	}
	if held.Config == nil || held.Config.TTS == nil {
		return nil
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
	return nil
}
