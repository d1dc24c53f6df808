package framework

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// TestReadBackExplained: a difference the write explains (an agent's
// update that left queue_ids unsent while a membership resource put the
// agent in another group) is kept as planned and said by the explanation
// alone, where the read-back's warning blamed the portal; a difference it
// does not explain, and one at another attribute, still name the portal.
func TestReadBackExplained(t *testing.T) {
	t.Parallel()
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"ids": tftypes.Set{ElementType: tftypes.Number}, "name": tftypes.String}}
	obj := func(name string, ids ...int) tftypes.Value {
		set := []tftypes.Value{}
		for _, i := range ids {
			set = append(set, tftypes.NewValue(tftypes.Number, i))
		}
		return tftypes.NewValue(typ, map[string]tftypes.Value{
			"ids": tftypes.NewValue(tftypes.Set{ElementType: tftypes.Number}, set), "name": tftypes.NewValue(tftypes.String, name),
		})
	}
	explain := func(ctx context.Context) context.Context {
		ctx = withExplanations(ctx)
		ExplainReadBack(ctx, "ids", func(_, got tftypes.Value, diags *diag.Diagnostics) bool {
			var elems []tftypes.Value
			if got.As(&elems) != nil || len(elems) != 2 {
				return false // only [1, 2] is explained
			}
			diags.AddWarning("Explained", "group 2 was put there by this apply")
			return true
		})
		return ctx
	}
	planned := obj("a", 1)
	for name, tc := range map[string]struct {
		ctx        context.Context
		read       tftypes.Value
		want, lack []string
	}{
		"explained":         {explain(t.Context()), obj("a", 1, 2), []string{"Explained: group 2"}, []string{"Read Back With Other Values"}},
		"explained, other":  {explain(t.Context()), obj("b", 1, 2), []string{"Explained: group 2", `name: planned "a", read back "b"`}, []string{"ids: planned"}},
		"not explained":     {explain(t.Context()), obj("a", 1, 2, 3), []string{"ids: planned [1], read back [1, 2, 3]", "someone changed them in the portal"}, []string{"Explained"}},
		"outside the write": {t.Context(), obj("a", 1, 2), []string{"ids: planned [1], read back [1, 2]", "someone changed them in the portal"}, []string{"Explained"}},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var d diag.Diagnostics
			kept := readBackExplained("Agent", "Update", planned, tc.read, noSecret, explained(tc.ctx, &d), &d)
			var ids tftypes.Value
			if v, err := valueAt(kept, tftypes.NewAttributePath().WithAttributeName("ids")); err == nil {
				ids = v
			}
			if want, _ := valueAt(planned, tftypes.NewAttributePath().WithAttributeName("ids")); !ids.Equal(want) {
				t.Errorf("the state keeps ids %v, want the planned %v", ids, want)
			}
			var got []string
			for _, w := range d.Warnings() {
				got = append(got, w.Summary()+": "+w.Detail())
			}
			all := strings.Join(got, "\n")
			for _, want := range tc.want {
				if !strings.Contains(all, want) {
					t.Errorf("the warnings lack %q:\n%s", want, all)
				}
			}
			for _, lack := range tc.lack {
				if strings.Contains(all, lack) {
					t.Errorf("the warnings say %q:\n%s", lack, all)
				}
			}
		})
	}
}
