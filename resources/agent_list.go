package resources

import (
	"context"
	"fmt"
	"iter"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var _ list.ListResourceWithConfigure = (*agentLister)(nil)

// agentLister is the contactcenter_agent list resource.
type agentLister = framework.Lister[agentFilter, agentModel, client.Agent]

type agentFilter struct {
	UserNum    types.String `tfsdk:"user_num"`
	UserStatus types.List   `tfsdk:"user_status"`
	DeptIDs    types.List   `tfsdk:"dept_ids"`
	QueueIDs   types.List   `tfsdk:"queue_ids"`
	UserType   types.List   `tfsdk:"user_type"`
}

// NewAgentListResource lists agents for `terraform query`. A listed agent
// is flattened as Read does, with the provider's settings at their defaults
// and no password: the configuration generated from it imports with no
// change.
func NewAgentListResource() list.ListResource {
	ids := func(desc string, v validator.Int64) listschema.ListAttribute {
		return listschema.ListAttribute{Optional: true, ElementType: types.Int64Type, MarkdownDescription: desc,
			Validators: []validator.List{listvalidator.SizeAtLeast(1), listvalidator.ValueInt64sAre(v)}}
	}
	l := &agentLister{Resource: framework.NewResource("agent"), Plural: "agents",
		Description: "Without a filter every agent is listed; filters combine with AND, the values of one filter with OR. Each agent comes with its configuration objects (API: users/list); its `queue_ids` stays unset, " +
			"since setting it makes the resource manage the agent's groups: the groups' memberships are listed by `contactcenter_skill_group_members`." +
			" A `dept_id` or `basic_sessions` of `0` (which the portal allows and the attributes' rules do not) stays unset too, as in `ccsync export terraform`: the import keeps the platform's value.",
		Filters: map[string]listschema.Attribute{
			// As the agents data source's: the service reads an empty
			// user_num as no filter, and stores numbers trimmed.
			"user_num": listschema.StringAttribute{Optional: true, MarkdownDescription: "Only the agent with this agent number (`user_num`), not empty.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1), Trimmed()}},
			"user_status": ids("Only agents in these states (`user_status`): `1` on duty, `2` resigned, `3` frozen.", tfkit.OneOf(tfkit.Means(1, "on duty"), tfkit.Means(2, "resigned"), tfkit.Means(3, "frozen"))),
			"dept_ids":    ids("Only agents of these departments (`dept_ids`).", int64validator.AtLeast(1)),
			"queue_ids":   ids("Only agents in these skill groups (`queue_ids`).", int64validator.AtLeast(1)),
			"user_type": listschema.ListAttribute{Optional: true, ElementType: types.StringType,
				MarkdownDescription: "Only agents having any of these types (`user_type`), `\"1\"` to `\"7\"`.",
				Validators:          []validator.List{listvalidator.SizeAtLeast(1), listvalidator.ValueStringsAre(tfkit.Matching(regexp.MustCompile(`^[1-7]$`), "must be an agent type from 1 to 7"))}},
		},
		Display: func(a client.Agent) string { return fmt.Sprintf("%s %s", a.UserNum, a.UserName) },
		Flatten: func(_ context.Context, a client.Agent, m *agentModel) error {
			if err := framework.DiagsError(m.flatten(&a)); err != nil {
				return err
			}
			// dept_id 0 and basic_sessions 0 (an agent made in the portal;
			// 0 is also what the platform answers for a value it does not
			// hold) are outside the attributes' rules (at least 1, §4.2,
			// §8): generated into the configuration, terraform validate
			// refused it ("Attribute dept_id value must be at least 1,
			// got: 0"). Left unset, by the export's rule
			// (client.Agent.ZerosLeftUnset), the configuration validates
			// and the import keeps the platform's value (both attributes
			// are optional and computed).
			unset := map[string]*types.Int64{"dept_id": &m.DeptID, "basic_sessions": &m.BasicSessions}
			for _, name := range a.ZerosLeftUnset() {
				p, ok := unset[name]
				if !ok {
					return fmt.Errorf("agent %s: %s is 0, which the provider's rules refuse, and the list resource cannot leave it unset", a.UserNum, name)
				}
				*p = types.Int64Null()
			}
			return nil
		},
	}
	l.Items = func(ctx context.Context, f agentFilter) iter.Seq2[client.Agent, error] {
		af := client.AgentFilter{UserNum: f.UserNum.ValueString(), RelationsQueues: true, RelationsConfig: true}
		var diags diag.Diagnostics
		for _, s := range []struct {
			src types.List
			dst *[]int64
		}{{f.UserStatus, &af.UserStatus}, {f.DeptIDs, &af.DeptIDs}, {f.QueueIDs, &af.QueueIDs}} {
			if !s.src.IsNull() && !s.src.IsUnknown() {
				diags.Append(s.src.ElementsAs(ctx, s.dst, false)...)
			}
		}
		if !f.UserType.IsNull() && !f.UserType.IsUnknown() {
			diags.Append(f.UserType.ElementsAs(ctx, &af.UserTypes, false)...)
		}
		if err := framework.DiagsError(diags); err != nil {
			return func(yield func(client.Agent, error) bool) { yield(client.Agent{}, err) }
		}
		return l.Client.Agents.List(ctx, af)
	}
	return l
}
