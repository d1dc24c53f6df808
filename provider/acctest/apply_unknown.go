package acctest

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// unknownMark stands for an unknown value in a plan decoded by
// withUnknowns: no value a provider plans is this string.
const unknownMark = "\x00(known after apply)"

// ExpectPlannedUnknown is plancheck.ExpectUnknownValue of the plan Apply
// applied to in: the value at path is unknown in it ("known after apply").
func (r *Resources) ExpectPlannedUnknown(in Instance, path tfjsonpath.Path) error {
	r.t.Helper()
	if in.Planned == nil {
		return fmt.Errorf("no plan for %s", path)
	}
	v, err := in.Planned.Unmarshal(r.ty)
	if err != nil {
		return err
	}
	m, _ := withUnknowns(v).(map[string]any)
	got, err := tfjsonpath.Traverse(any(m), path)
	if err != nil {
		return err
	}
	if got != unknownMark {
		return fmt.Errorf("attribute at path is known: %s (planned %v), want unknown", path, got)
	}
	return nil
}

// withUnknowns is toGo, with each unknown value unknownMark.
func withUnknowns(v tftypes.Value) any {
	switch {
	case !v.IsKnown():
		return unknownMark
	case v.IsNull():
		return nil
	}
	if out, ok := eachElement(v, withUnknowns); ok {
		return out
	}
	return toGo(v)
}
