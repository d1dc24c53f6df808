package framework

import (
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// TestReadBackDiffers: each value the plan knew and the read-back changed
// is named by its configuration path with both values; values the plan
// left unknown, and equal sets in another order, are not differences.
func TestReadBackDiffers(t *testing.T) {
	t.Parallel()
	tts := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"voice": tftypes.String}}
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"id": tftypes.String, "n": tftypes.Number, "on": tftypes.Bool,
		"tts":  tftypes.List{ElementType: tts},
		"ids":  tftypes.Set{ElementType: tftypes.Number},
		"note": tftypes.String,
	}}
	obj := func(id any, n, on any, voice string, ids []int, note any) tftypes.Value {
		var set []tftypes.Value
		for _, i := range ids {
			set = append(set, tftypes.NewValue(tftypes.Number, i))
		}
		return tftypes.NewValue(typ, map[string]tftypes.Value{
			"id": tftypes.NewValue(tftypes.String, id), "n": tftypes.NewValue(tftypes.Number, n), "on": tftypes.NewValue(tftypes.Bool, on),
			"tts":  tftypes.NewValue(tftypes.List{ElementType: tts}, []tftypes.Value{tftypes.NewValue(tts, map[string]tftypes.Value{"voice": tftypes.NewValue(tftypes.String, voice)})}),
			"ids":  tftypes.NewValue(tftypes.Set{ElementType: tftypes.Number}, set),
			"note": tftypes.NewValue(tftypes.String, note),
		})
	}
	planned := obj(tftypes.UnknownValue, 2, true, "xiaoyan", []int{1, 2}, nil)
	var same diag.Diagnostics
	equal := obj("7", 2, true, "xiaoyan", []int{2, 1}, nil)
	if kept := readBackDiffers("Task", "Create", planned, equal, noSecret, &same); len(same) != 0 || !kept.Equal(equal) {
		t.Errorf("equal values (an unknown id filled in, a set in another order) taken for differences: %v", same)
	}
	var d diag.Diagnostics
	kept := readBackDiffers("Task", "Update", planned, obj("7", 0, false, "xiaofeng", []int{1}, "x"), noteSecret, &d)
	if d.HasError() || d.WarningsCount() != 1 {
		t.Fatalf("want one warning for a read-back that differs, got %v", d)
	}
	// The state keeps the planned values (and the id the plan left to the apply).
	if want := obj("7", 2, true, "xiaoyan", []int{1, 2}, nil); !kept.Equal(want) {
		t.Errorf("state %v, want the planned values %v", kept, want)
	}
	got := d.Warnings()[0].Summary() + ": " + d.Warnings()[0].Detail()
	for _, want := range []string{"Task Updated, but Read Back With Other Values", "The task was updated",
		"n: planned 2, read back 0", "on: planned true, read back false", `tts[0].voice: planned "xiaoyan", read back "xiaofeng"`,
		"ids: planned [1, 2], read back [1]", `note: planned null, read back (sensitive value)`, "someone changed them in the portal between the write and the read (or before a plan made with -refresh=false"} {
		if !strings.Contains(got, want) {
			t.Errorf("error lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, `"x"`) {
		t.Errorf("a sensitive value is shown:\n%s", got)
	}
	if strings.Contains(got, "id: planned") {
		t.Errorf("the id the plan left unknown is named:\n%s", got)
	}
}

func noSecret(*tftypes.AttributePath) bool { return false }

func noteSecret(p *tftypes.AttributePath) bool {
	return p.Equal(tftypes.NewAttributePath().WithAttributeName("note"))
}

// TestReadBackDiffers_listLength: a list the read-back holds with another
// number of elements was compared element by element, so an element the
// plan lacked went unseen and Terraform refused the state ("inconsistent
// result"); it is a difference of the whole list.
func TestReadBackDiffers_listLength(t *testing.T) {
	t.Parallel()
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"ids": tftypes.List{ElementType: tftypes.Number}}}
	list := func(ns ...int) tftypes.Value {
		var vs []tftypes.Value
		for _, n := range ns {
			vs = append(vs, tftypes.NewValue(tftypes.Number, n))
		}
		return tftypes.NewValue(typ, map[string]tftypes.Value{"ids": tftypes.NewValue(tftypes.List{ElementType: tftypes.Number}, vs)})
	}
	var d diag.Diagnostics
	kept := readBackDiffers("Task", "Update", list(1, 2), list(1, 2, 3), noSecret, &d)
	if !kept.Equal(list(1, 2)) || d.WarningsCount() != 1 || !strings.Contains(d.Warnings()[0].Detail(), "ids: planned [1, 2], read back [1, 2, 3]") {
		t.Errorf("state %v, diagnostics %v", kept, d)
	}
}

// TestReadBackDiffers_mapKeys: a map read back with as many elements as
// planned under other keys (an option renamed in the portal between the
// write and the read) was compared key by key, and a planned key the
// read-back lacked was skipped as a path with nothing to compare: the
// state saved what was read, which Terraform refused ("Provider produced
// inconsistent result after apply"). It is a difference of the whole map.
func TestReadBackDiffers_mapKeys(t *testing.T) {
	t.Parallel()
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"options": tftypes.Map{ElementType: tftypes.String}}}
	options := func(kv ...string) tftypes.Value {
		m := map[string]tftypes.Value{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = tftypes.NewValue(tftypes.String, kv[i+1])
		}
		return tftypes.NewValue(typ, map[string]tftypes.Value{"options": tftypes.NewValue(tftypes.Map{ElementType: tftypes.String}, m)})
	}
	var d diag.Diagnostics
	planned := options("emotion", "happy")
	kept := readBackDiffers("Task", "Update", planned, options("style", "happy"), noSecret, &d)
	if !kept.Equal(planned) || d.WarningsCount() != 1 ||
		!strings.Contains(d.Warnings()[0].Detail(), `options: planned { emotion = "happy" }, read back { style = "happy" }`) {
		t.Errorf("state %v, diagnostics %v", kept, d)
	}
}

// TestReadBackDiffers_mapGainsAKey: a map read back with every planned key
// and one more (an option the portal added between the write and the
// read) differs as a whole; compared key by key, the added key was no
// planned path, the state saved what was read and Terraform refused it as
// an inconsistent result.
func TestReadBackDiffers_mapGainsAKey(t *testing.T) {
	t.Parallel()
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"options": tftypes.Map{ElementType: tftypes.String}}}
	options := func(kv ...string) tftypes.Value {
		m := map[string]tftypes.Value{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = tftypes.NewValue(tftypes.String, kv[i+1])
		}
		return tftypes.NewValue(typ, map[string]tftypes.Value{"options": tftypes.NewValue(tftypes.Map{ElementType: tftypes.String}, m)})
	}
	var d diag.Diagnostics
	planned := options("emotion", "happy")
	kept := readBackDiffers("Task", "Update", planned, options("emotion", "happy", "style", "calm"), noSecret, &d)
	if !kept.Equal(planned) || d.WarningsCount() != 1 ||
		!strings.Contains(d.Warnings()[0].Detail(), `options: planned { emotion = "happy" }, read back { emotion = "happy", style = "calm" }`) {
		t.Errorf("state %v, diagnostics %v", kept, d)
	}
}

// TestReadBackDiffers_nullObject: a nested object the plan left null and
// the read-back fills in (or one planned and read back null) differs as a
// whole: walked into, a null has nothing to compare, the state saved what
// was read and Terraform refused it as an inconsistent result.
func TestReadBackDiffers_nullObject(t *testing.T) {
	t.Parallel()
	tts := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"voice": tftypes.String}}
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"tts": tts}}
	obj := func(voice any) tftypes.Value {
		v := tftypes.NewValue(tts, nil)
		if voice != nil {
			v = tftypes.NewValue(tts, map[string]tftypes.Value{"voice": tftypes.NewValue(tftypes.String, voice)})
		}
		return tftypes.NewValue(typ, map[string]tftypes.Value{"tts": v})
	}
	for _, c := range []struct {
		planned, read tftypes.Value
		want          string
	}{
		{obj(nil), obj("xiaoyan"), `tts: planned null, read back { voice = "xiaoyan" }`},
		{obj("xiaoyan"), obj(nil), `tts: planned { voice = "xiaoyan" }, read back null`},
	} {
		var d diag.Diagnostics
		kept := readBackDiffers("Task", "Update", c.planned, c.read, noSecret, &d)
		if !kept.Equal(c.planned) || d.WarningsCount() != 1 || !strings.Contains(d.Warnings()[0].Detail(), c.want) {
			t.Errorf("planned %v, read back %v: state %v, diagnostics %v", c.planned, c.read, kept, d)
		}
	}
}

// TestReadBackDiffers_text: the warning names each difference once, by the
// path a configuration writes (no leading dot), with numbers as written.
func TestReadBackDiffers_text(t *testing.T) {
	t.Parallel()
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"n":   tftypes.Number,
		"ids": tftypes.List{ElementType: tftypes.Number},
	}}
	obj := func(n float64, ids ...int) tftypes.Value {
		var vs []tftypes.Value
		for _, i := range ids {
			vs = append(vs, tftypes.NewValue(tftypes.Number, i))
		}
		return tftypes.NewValue(typ, map[string]tftypes.Value{
			"n":   tftypes.NewValue(tftypes.Number, n),
			"ids": tftypes.NewValue(tftypes.List{ElementType: tftypes.Number}, vs),
		})
	}
	var d diag.Diagnostics
	planned := obj(1234.5, 1, 2)
	kept := readBackDiffers("Task", "Update", planned, obj(60, 1, 5, 3), noSecret, &d)
	if !kept.Equal(planned) || d.WarningsCount() != 1 {
		t.Fatalf("state %v, diagnostics %v", kept, d)
	}
	got := d.Warnings()[0].Detail()
	for _, want := range []string{"\n  - ids: planned [1, 2], read back [1, 5, 3]\n", "\n  - n: planned 1234.5, read back 60\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("warning lacks %q:\n%s", want, got)
		}
	}
	if strings.Count(got, "\n  - ") != 2 {
		t.Errorf("want the two differences named once each:\n%s", got)
	}
}

// TestReadBackDiffers_heldForm: a name the platform holds decomposed
// ("Cafe" and U+0301), which an edit sends as held (SendHeld), read back
// against the plan's composed "Café" warned "name: planned "Café Q", read
// back "Café Q"" at every edit, a change Terraform cannot see. It is the
// same name (InAnotherForm); a name changed otherwise (in the portal
// between the write and the read), in either form, still warns.
func TestReadBackDiffers_heldForm(t *testing.T) {
	t.Parallel()
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"name": tftypes.String}}
	obj := func(name string) tftypes.Value {
		return tftypes.NewValue(typ, map[string]tftypes.Value{"name": tftypes.NewValue(tftypes.String, name)})
	}
	planned := obj("Caf\u00e9 Q")
	var d diag.Diagnostics
	if saved := obj("Cafe\u0301 Q"); !readBackDiffers("Webhook", "Update", planned, saved, noSecret, &d).Equal(saved) || len(d) != 0 {
		t.Errorf("a name read back in its decomposed form taken for another value: %v", d)
	}
	for _, got := range []string{"Caf\u00e9 R", "Cafe\u0301 R", "Cafe Q", "caf\u00e9 q"} {
		var d diag.Diagnostics
		kept := readBackDiffers("Webhook", "Update", planned, obj(got), noSecret, &d)
		if d.WarningsCount() != 1 || !strings.Contains(d.Warnings()[0].Summary(), "Read Back With Other Values") ||
			!strings.Contains(d.Warnings()[0].Detail(), `name: planned "Café Q", read back `+strconv.Quote(got)) {
			t.Errorf("name %+q read back for %+q: want the warning naming it, got %v", got, "Caf\u00e9 Q", d)
		}
		if !kept.Equal(planned) {
			t.Errorf("name %+q read back: state %v, want the planned %v", got, kept, planned)
		}
	}
}
