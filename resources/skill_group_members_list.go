package resources

import (
	"context"
	"fmt"
	"iter"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// The memberships of skill groups as `terraform query` lists them, for
// contactcenter_skill_group_members and contactcenter_skill_group_member.

// skillGroupMembersLister is the contactcenter_skill_group_members list
// resource: one result per group, with its whole membership.
type skillGroupMembersLister = framework.Lister[membersFilter, skillGroupMembersModel, groupMembership]

// NewSkillGroupMembersListResource lists the memberships of skill groups for `terraform query`.
func NewSkillGroupMembersListResource() list.ListResource {
	l := &skillGroupMembersLister{Resource: framework.NewResource("skill_group_members"), Plural: "skill group memberships",
		Description: "One result per group with agents, with all of them. Without a filter every group is read; `keyword` and `que_id` narrow the groups. " +
			"A group without agents is left out, as `ccsync export terraform` leaves it out: adopted, its membership would be held empty, " +
			"and an agent the portal later adds to it would be taken out by the next apply. `include_empty = true` lists such groups too. " +
			"The agents of many groups are read in one call (API: queue/list, queue/get/agents).",
		Filters: membersFilters,
		Display: func(g groupMembership) string {
			if len(g.Agents) == 1 {
				return fmt.Sprintf("%s (1 agent)", g.Group.QueName)
			}
			return fmt.Sprintf("%s (%d agents)", g.Group.QueName, len(g.Agents))
		},
		Flatten: func(ctx context.Context, g groupMembership, m *skillGroupMembersModel) error {
			return m.flatten(ctx, groupID(g.Group), agentSkills(g.Agents))
		},
	}
	l.Items = func(ctx context.Context, f membersFilter) iter.Seq2[groupMembership, error] {
		return func(yield func(groupMembership, error) bool) {
			for g, err := range groupMemberships(ctx, l.Client, f.membershipFilter) {
				if err == nil && len(g.Agents) == 0 && !f.IncludeEmpty.ValueBool() {
					continue
				}
				if !yield(g, err) {
					return
				}
			}
		}
	}
	return l
}

// membersFilter is the list block of contactcenter_skill_group_members:
// the groups' filters and include_empty.
type membersFilter struct {
	membershipFilter
	IncludeEmpty types.Bool `tfsdk:"include_empty"`
}

var membersFilters = map[string]listschema.Attribute{
	"keyword": membershipFilters["keyword"],
	"que_id":  membershipFilters["que_id"],
	"include_empty": listschema.BoolAttribute{Optional: true, MarkdownDescription: "Also list the groups without agents, " +
		"each with an empty `members`. Default `false`: they are left out, since a group adopted empty is held empty " +
		"(an agent the portal adds to it later is taken out by the next apply)."},
}

// membershipFilter is the list block of both membership list resources.
type membershipFilter struct {
	Keyword types.String `tfsdk:"keyword"`
	QueID   types.String `tfsdk:"que_id"`
}

var membershipFilters = map[string]listschema.Attribute{
	"keyword": listschema.StringAttribute{Optional: true, MarkdownDescription: "Only groups whose name contains this text, not empty.",
		Validators: []validator.String{stringvalidator.LengthAtLeast(1), EdgeSpaces}},
	"que_id": listschema.StringAttribute{Optional: true, MarkdownDescription: "Only the group with this id (`que_id`).",
		Validators: []validator.String{groupIDRule}},
}

// groupMembership is one group with its agents.
type groupMembership struct {
	Group  client.SkillGroup
	Agents []client.GroupAgent
}

// membershipBatch is how many groups one queue/get/agents call asks for
// (que_ids is a comma-separated query parameter: 500 ids stay under 6 KB
// of URL).
const membershipBatch = 500

// groupMemberships lists the groups that match f (one queue/list call) with
// their agents, read for membershipBatch groups at a time.
func groupMemberships(ctx context.Context, c *client.Client, f membershipFilter) iter.Seq2[groupMembership, error] {
	return func(yield func(groupMembership, error) bool) {
		var batch []client.SkillGroup
		flush := func() bool {
			ids := make([]int64, len(batch))
			for i, g := range batch {
				ids[i] = groupID(g)
			}
			data, err := c.Queues.GetAgents(ctx, ids...)
			if err != nil {
				yield(groupMembership{}, err)
				return false
			}
			for _, g := range batch {
				if !yield(groupMembership{Group: g, Agents: data[string(g.ID)]}, nil) {
					return false
				}
			}
			batch = batch[:0]
			return true
		}
		filter := client.SkillGroupFilter{Keyword: f.Keyword.ValueString(), QueID: framework.ID(f.QueID)}
		for g, err := range c.Queues.List(ctx, filter) {
			if err != nil {
				yield(groupMembership{}, err)
				return
			}
			batch = append(batch, g)
			if len(batch) == membershipBatch && !flush() {
				return
			}
		}
		if len(batch) > 0 {
			flush()
		}
	}
}

// groupID is a listed group's numeric id.
func groupID(g client.SkillGroup) int64 {
	id, _ := strconv.ParseInt(string(g.ID), 10, 64)
	return id
}

type skillGroupMembersModel struct {
	ID      types.String    `tfsdk:"id"`
	QueID   types.String    `tfsdk:"que_id"`
	Members tfkit.HashedSet `tfsdk:"members"`
}

type skillGroupMemberItem struct {
	AgentID types.String `tfsdk:"agent_id"`
	Skill   types.Int64  `tfsdk:"skill"`
}
