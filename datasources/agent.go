package datasources

import (
	"context"
	"fmt"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
	"github.com/contactcenter/terraform-provider-contactcenter/resources"
)

var (
	_ datasource.DataSourceWithConfigure        = (*agentDataSource)(nil)
	_ datasource.DataSourceWithConfigValidators = (*agentDataSource)(nil)
)

// NewAgentDataSource returns the contactcenter_agent data source.
func NewAgentDataSource() datasource.DataSource {
	return &agentDataSource{DataSource: framework.NewDataSource("agent")}
}

type agentDataSource struct {
	framework.DataSource
}

func (d *agentDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := withAgentExtras(framework.ComputedAttributes(resources.AgentAttributes(), resources.AgentProviderAttributeNames...))
	attrs["id"] = schema.StringAttribute{
		Optional: true, Computed: true, MarkdownDescription: "The agent's id (`user_id`). Exactly one of `id` and `user_num` must be set.",
		Validators: []validator.String{tfkit.Matching(regexp.MustCompile(`^[1-9][0-9]*$`), "must be a numeric agent id")},
	}
	attrs["user_num"] = schema.StringAttribute{
		Optional: true, Computed: true, MarkdownDescription: "The agent number (`user_num`). Exactly one of `id` and `user_num` must be set.",
		Validators: []validator.String{stringvalidator.LengthAtLeast(1), resources.Trimmed()},
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "One agent, found by id or by agent number: what the platform holds of a `contactcenter_agent` (everything but the password), " +
			"with its skill groups and configuration objects. It is an error when no agent, or more than one, matches. " +
			"A lookup by `user_num` finds whoever holds the number when it is read: a resigned agent's number given to a new hire is the same agent, re-activated " +
			"(see [Terraform or the spreadsheet?](../guides/spreadsheets-with-ccsync.md#terraform-or-the-spreadsheet) in the ccsync guide). API: users/list (spec §4.2, §2.6).",
		Attributes: attrs,
	}
}

func (d *agentDataSource) ConfigValidators(_ context.Context) []datasource.ConfigValidator {
	return []datasource.ConfigValidator{
		datasourcevalidator.ExactlyOneOf(path.MatchRoot("id"), path.MatchRoot("user_num")),
	}
}

func (d *agentDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	framework.ReadDataSource(ctx, req, resp, "Unable to Read Agent", func(ctx context.Context, m *agentDataModel) error {
		var a *client.Agent
		if !m.ID.IsNull() {
			id, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("id"), m.ID.ValueString())
			if !ok {
				return nil // ParseID said why
			}
			got, err := d.Client.Agents.Get(ctx, id)
			if client.IsNotFound(err) {
				return framework.AttributeError(path.Root("id"), "Agent Not Found", fmt.Sprintf("No agent has id %d.%s", id, notCreatedYet("id = contactcenter_agent.<name>.id")))
			}
			if err != nil {
				return err
			}
			a = got
		} else {
			num := m.UserNum.ValueString()
			f := client.AgentFilter{UserNum: num, RelationsQueues: true, RelationsConfig: true}
			var matches []client.Agent
			for it, err := range d.Client.Agents.List(ctx, f) {
				if err != nil {
					return err
				}
				if string(it.UserNum) == num {
					matches = append(matches, it)
				}
			}
			switch len(matches) {
			case 0:
				return framework.AttributeError(path.Root("user_num"), "Agent Not Found", fmt.Sprintf("No agent has user_num %q.%s", num, notCreatedYet("user_num = contactcenter_agent.<name>.user_num")))
			case 1:
				a = &matches[0]
			default:
				return framework.AttributeError(path.Root("user_num"), "Several Agents Match",
					fmt.Sprintf("%d agents have user_num %q; look the agent up by id instead.", len(matches), num))
			}
		}
		item, diags := flattenAgentItem(a, skillGroupName(ctx, d.Client))
		resp.Diagnostics.Append(diags...)
		m.agentItem = item
		resp.Diagnostics.Append(m.Flatten(a.Config)...)
		if a.Config == nil {
			for _, p := range []*types.Int64{&m.UserPhoneType, &m.UserLoginState, &m.UserAutoLogin, &m.UserOutcallPopup,
				&m.MaxSessions, &m.BasicSessions, &m.IsEnableUpdateCapcity} {
				*p = types.Int64Null()
			}
			m.IsEnableOutbound, m.IsForbiddenLogin = types.BoolNull(), types.BoolNull()
		}
		return nil
	})
}

type agentDataModel struct {
	agentItem
	resources.AgentConfigFields
}

// notCreatedYet is the way out when the agent a lookup misses is one the
// same configuration creates: a data source whose arguments are known at
// plan (a number written as text) is read before any resource is created,
// so the first plan failed "No agent has user_num" for an agent it was
// about to create, with nothing to say why.
func notCreatedYet(ref string) string {
	return " If this configuration creates the agent, refer to its resource (" + ref + ") or add depends_on = [contactcenter_agent.<name>]: " +
		"a data source whose arguments are known at plan is read before any resource is created."
}
