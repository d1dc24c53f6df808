package resources

import (
	"reflect"
	"slices"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// unchangedAgentInput clears in's parameters that hold what prior (the
// state's) holds, so that users/edit carries only the plan's changes. A
// configuration object (§2.6.1) is one parameter: a change to any of its
// fields sends it whole, as the service replaces it whole (its fields
// left out take their defaults). queue_ids compare as a set.
func unchangedAgentInput(in, prior *client.AgentInput) {
	clearSame(reflect.ValueOf(in).Elem(), reflect.ValueOf(prior).Elem())
	if in.QueueIDs != nil && prior.QueueIDs != nil && sameInt64Set(*in.QueueIDs, *prior.QueueIDs) {
		in.QueueIDs = nil
	}
}

// clearSame sets each pointer field of in that deep-equals prior's to nil,
// and goes into embedded structs (AgentObjects).
func clearSame(in, prior reflect.Value) {
	for i := range in.NumField() {
		f, p := in.Field(i), prior.Field(i)
		switch {
		case in.Type().Field(i).Anonymous && f.Kind() == reflect.Struct:
			clearSame(f, p)
		case f.Kind() == reflect.Pointer && !f.IsNil() && !p.IsNil() && f.Type().Elem().Kind() != reflect.Slice &&
			reflect.DeepEqual(f.Interface(), p.Interface()):
			f.SetZero()
		}
	}
}

func sameInt64Set(a, b []int64) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(slices.Compact(a), slices.Compact(b))
}
