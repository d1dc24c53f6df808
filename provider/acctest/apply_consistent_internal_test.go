package acctest

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// TestConsistentValue: the in-process apply fails, as Terraform does, for
// a value the plan knew that the apply changed, also inside an object the
// plan knew only in part; an unknown planned value may become anything.
func TestConsistentValue(t *testing.T) {
	t.Parallel()
	ty := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"id": tftypes.String, "name": tftypes.String, "tags": tftypes.List{ElementType: tftypes.String}}}
	obj := func(id, name any, tags ...any) tftypes.Value {
		var l []tftypes.Value
		for _, x := range tags {
			l = append(l, tftypes.NewValue(tftypes.String, x))
		}
		return tftypes.NewValue(ty, map[string]tftypes.Value{"id": tftypes.NewValue(tftypes.String, id), "name": tftypes.NewValue(tftypes.String, name),
			"tags": tftypes.NewValue(tftypes.List{ElementType: tftypes.String}, l)})
	}
	u := tftypes.UnknownValue
	for name, tc := range map[string]struct {
		planned, applied tftypes.Value
		want             string
	}{
		"same":               {obj("1", "a", "x"), obj("1", "a", "x"), ""},
		"unknown id filled":  {obj(u, "a", "x"), obj("7", "a", "x"), ""},
		"known name changed": {obj(u, "a", "x"), obj("7", "A", "x"), `inconsistent result after apply at AttributeName("name")`},
		"list element":       {obj(u, "a", "x"), obj("7", "a", "y"), `inconsistent result after apply at AttributeName("tags")`},
		"fully known":        {obj("1", "a"), obj("1", "b"), "inconsistent result after apply"},
	} {
		err := consistentValue(tftypes.NewAttributePath(), tc.planned, tc.applied)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: error %v, want one with %q", name, err, tc.want)
		}
	}
}
