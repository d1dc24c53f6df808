package resources

import (
	"context"
	"reflect"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
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

// password returns the password to send: the classic attribute, else the
// write-only one, which only the configuration holds.
func password(ctx context.Context, plan agentModel, config interface {
	GetAttribute(context.Context, path.Path, any) diag.Diagnostics
}) (*string, error) {
	if p := tfkit.StringPtr(plan.UserPassword); p != nil {
		return p, nil
	}
	var wo types.String
	if d := config.GetAttribute(ctx, path.Root("user_password_wo"), &wo); d.HasError() {
		return nil, framework.DiagsError(d)
	}
	return tfkit.StringPtr(wo), nil
}
