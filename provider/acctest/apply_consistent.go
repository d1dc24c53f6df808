package acctest

import (
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// consistent is Terraform's check of an applied state against its plan
// ("Provider produced inconsistent result after apply"): every value the
// plan knew must come back the same; an unknown one may become anything.
// Sets holding unknowns are not compared element by element (Terraform
// matches them loosely too).
func (r *Resources) consistent(plannedDV, appliedDV *tfprotov6.DynamicValue) error {
	planned, err1 := plannedDV.Unmarshal(r.ty)
	applied, err2 := appliedDV.Unmarshal(r.ty)
	if err1 != nil || err2 != nil {
		return fmt.Errorf("decoding: %w", errors.Join(err1, err2))
	}
	return consistentValue(tftypes.NewAttributePath(), planned, applied)
}

func consistentValue(at *tftypes.AttributePath, planned, applied tftypes.Value) error {
	switch {
	case !planned.IsKnown():
		return nil
	case planned.IsFullyKnown() || planned.IsNull() || applied.IsNull() || !applied.IsKnown():
		if !planned.Equal(applied) {
			return fmt.Errorf("inconsistent result after apply at %s:\nplanned %v\napplied %v", at, planned, applied)
		}
		return nil
	}
	switch planned.Type().(type) {
	case tftypes.Object, tftypes.Map:
		var pm, am map[string]tftypes.Value
		if err := planned.As(&pm); err != nil {
			return err
		}
		if err := applied.As(&am); err != nil {
			return err
		}
		for k, pv := range pm {
			av, ok := am[k]
			if !ok {
				return fmt.Errorf("inconsistent result after apply at %s: %q planned, not applied", at, k)
			}
			next := at.WithElementKeyString(k)
			if _, isObj := planned.Type().(tftypes.Object); isObj {
				next = at.WithAttributeName(k)
			}
			if err := consistentValue(next, pv, av); err != nil {
				return err
			}
		}
	case tftypes.List, tftypes.Tuple:
		var pl, al []tftypes.Value
		if err := planned.As(&pl); err != nil {
			return err
		}
		if err := applied.As(&al); err != nil {
			return err
		}
		if len(pl) != len(al) {
			return fmt.Errorf("inconsistent result after apply at %s: %d elements planned, %d applied", at, len(pl), len(al))
		}
		for k := range pl {
			if err := consistentValue(at.WithElementKeyInt(k), pl[k], al[k]); err != nil {
				return err
			}
		}
	}
	return nil
}
