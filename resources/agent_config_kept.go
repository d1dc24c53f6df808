package resources

import (
	"context"
	"fmt"
	"reflect"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
)

// keepUnanswered sets back every setting the config member cfg lacks to
// its value in before, or to null when before's is unknown.
func (f *AgentConfigFields) keepUnanswered(cfg *client.AgentConfig, before AgentConfigFields) {
	to, was := reflect.ValueOf(f).Elem(), reflect.ValueOf(before)
	for _, s := range client.AgentSettings {
		if _, ok := s.In(cfg); ok {
			continue
		}
		v := fieldTagged(was, s.Name)
		if v.Interface().(attr.Value).IsUnknown() {
			v = reflect.Zero(v.Type()) // null: a types value's zero is its null
		}
		fieldTagged(to, s.Name).Set(v)
	}
}

// fieldTagged is the field of the struct v whose tfsdk tag names name. client.AgentSettings names only fields the model has
// (TestAgentConfigScalarsTagged).
func fieldTagged(v reflect.Value, name string) reflect.Value {
	for i := range v.NumField() {
		if tag, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("tfsdk"), ","); tag == name {
			return v.Field(i)
		}
	}
	panic(fmt.Sprintf("%s has no field tagged tfsdk:%q", v.Type(), name))
}

// unansweredStaysUnset is the plan modifier of a config setting with a
// default (user_phone_type, is_forbidden_login, ...): on an agent that
// exists, whose state holds no value for it (the platform's users/list
// never answered it, keepUnanswered: an agent imported, or adopted from
// ccsync export), and which the configuration does not set, the default
// is not planned. What the agent holds is not known: the default planned
// null -> 3 or null -> false, and the first apply after an adoption wrote
// it over what the agent held (an agent forbidden to log in allowed
// again), where the plan of an adoption is to change nothing. Set in the
// configuration, the setting is planned and sent as before.
type unansweredStaysUnset struct{ framework.Described }

var keepsUnanswered = unansweredStaysUnset{"A setting the platform has not answered and the configuration does not set is not planned to its default."}

func (unansweredStaysUnset) keep(state tfsdk.State, config, prior attr.Value) bool {
	return !state.Raw.IsNull() && config.IsNull() && prior.IsNull()
}

func (m unansweredStaysUnset) PlanModifyInt64(_ context.Context, req planmodifier.Int64Request, resp *planmodifier.Int64Response) {
	if m.keep(req.State, req.ConfigValue, req.StateValue) {
		resp.PlanValue = types.Int64Null()
	}
}

func (m unansweredStaysUnset) PlanModifyBool(_ context.Context, req planmodifier.BoolRequest, resp *planmodifier.BoolResponse) {
	if m.keep(req.State, req.ConfigValue, req.StateValue) {
		resp.PlanValue = types.BoolNull()
	}
}

// unansweredSettings gives the config settings (client.AgentSettings)
// with a default their unansweredStaysUnset modifier.
func unansweredSettings(attrs map[string]schema.Attribute) {
	for _, s := range client.AgentSettings {
		switch a := attrs[s.Name].(type) {
		case schema.Int64Attribute:
			if a.Default != nil {
				a.PlanModifiers = append(a.PlanModifiers, keepsUnanswered)
				attrs[s.Name] = a
			}
		case schema.BoolAttribute:
			if a.Default != nil {
				a.PlanModifiers = append(a.PlanModifiers, keepsUnanswered)
				attrs[s.Name] = a
			}
		default:
			panic(fmt.Sprintf("agent setting %s is a %T", s.Name, a))
		}
	}
}
