package framework

import (
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
	readBackDiffers("Task", "Create", planned, obj("7", 2, true, "xiaoyan", []int{2, 1}, nil), noSecret, &same)
	if same.HasError() {
		t.Errorf("equal values (an unknown id filled in, a set in another order) taken for differences: %v", same)
	}
	var d diag.Diagnostics
	readBackDiffers("Task", "Update", planned, obj("7", 0, false, "xiaofeng", []int{1}, "x"), noteSecret, &d)
	if !d.HasError() {
		t.Fatal("no error for a read-back that differs")
	}
	got := d.Errors()[0].Summary() + ": " + d.Errors()[0].Detail()
	for _, want := range []string{"Task Updated With Other Values Than Planned", "The task was updated",
		"n: planned 2, saved 0", "on: planned true, saved false", `tts[0].voice: planned "xiaoyan", saved "xiaofeng"`,
		"ids: planned [1, 2], saved [1]", `note: planned null, saved (sensitive value)`} {
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
