package resources

import (
	"context"
	"fmt"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// numericIDRE matches the numeric ids held in string attributes.
var numericIDRE = regexp.MustCompile(`^[1-9][0-9]*$`)

// groupIDRule is the rule of a membership's que_id: a skill group's id.
var groupIDRule = tfkit.Matching(numericIDRE, "must be a numeric skill-group id (a whole number from 1, without leading zeros)")

// groupIDAttribute is a membership's skill group (que_id), which the
// membership cannot move to another group: changing it replaces the resource.
func groupIDAttribute(desc string) schema.StringAttribute {
	return schema.StringAttribute{
		Required: true, MarkdownDescription: desc,
		Validators:    []validator.String{groupIDRule},
		PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
	}
}

// membersValidator checks each member of members, and reports at members
// naming the member: `members: agent_id "x" is not a numeric agent id ...`.
type membersValidator struct{ framework.Described }

var membersRule = membersValidator{"each member's agent_id is a numeric agent id and its skill at least 0"}

func (membersValidator) ValidateSet(ctx context.Context, req validator.SetRequest, resp *validator.SetResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	name := tfkit.AttrName(req.Path)
	for _, el := range req.ConfigValue.Elements() {
		obj, ok := el.(basetypes.ObjectValue)
		if !ok || obj.IsNull() || obj.IsUnknown() {
			continue
		}
		attrs := obj.Attributes()
		agent := ""
		if sv, ok := attrs["agent_id"].(basetypes.StringValuable); ok {
			if s, d := sv.ToStringValue(ctx); !d.HasError() && !s.IsNull() && !s.IsUnknown() {
				agent = s.ValueString()
				if !numericIDRE.MatchString(agent) {
					resp.Diagnostics.AddAttributeError(req.Path, "Invalid Attribute Value",
						fmt.Sprintf("%s: agent_id %q is not a numeric agent id (a whole number from 1, without leading zeros), such as contactcenter_agent.ann.id.", name, agent))
				}
			}
		}
		if iv, ok := attrs["skill"].(basetypes.Int64Valuable); ok {
			if n, d := iv.ToInt64Value(ctx); !d.HasError() && !n.IsNull() && !n.IsUnknown() && n.ValueInt64() < 0 {
				of := ""
				if agent != "" {
					of = fmt.Sprintf(" of agent_id %q", agent)
				}
				resp.Diagnostics.AddAttributeError(req.Path, "Invalid Attribute Value",
					fmt.Sprintf("%s: skill %d%s is below 0: a skill level is a whole number of at least 0.", name, n.ValueInt64(), of))
			}
		}
	}
}

// membersRefusal ties a membership write's refusal to the attribute it
// concerns, so Terraform shows that line and not the resource block: an
// agent refused (§7.2 queue/assign and queue/update/skill: 406 ag_id not
// of this enterprise, 407 agent already assigned a group; overall, or in
// the items of a code-500 overall result) to members, the group gone (403
// group not of this enterprise) to que_id.
func membersRefusal(err error) error {
	return tfkit.AttrOfCode(err, map[int64]string{403: "que_id", 406: "members", 407: "members"})
}
