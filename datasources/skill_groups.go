// Package datasources holds the provider's data sources, one per file.
package datasources

import (
	"context"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/resources"
)

var _ datasource.DataSourceWithConfigure = (*skillGroupsDataSource)(nil)

// NewSkillGroupsDataSource returns the contactcenter_skill_groups data source.
func NewSkillGroupsDataSource() datasource.DataSource {
	return &skillGroupsDataSource{DataSource: framework.NewDataSource("skill_groups")}
}

type skillGroupsDataSource struct {
	framework.DataSource
}

func (d *skillGroupsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists skill groups with their settings (the attributes of `contactcenter_skill_group`): all of them, one by id, " +
			"or those whose name contains a keyword. API: queue/list (spec §4.6, §2.11).",
		Attributes: framework.Strict(map[string]schema.Attribute{
			"id":      framework.OptionalInt64("Only the group with this id (`filter.que_id`). An unknown id gives an empty list.", int64validator.AtLeast(1)),
			"keyword": textFilter("Only groups whose name contains this text (`filter.keyword`)."),
			"skill_groups": framework.ComputedList("The matching groups, in the service's order.",
				framework.ComputedAttributes(resources.SkillGroupAttributes(), "force_delete")),
		}),
	}
}

func (d *skillGroupsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	framework.ReadDataSource(ctx, req, resp, "Unable to List Skill Groups", func(ctx context.Context, m *skillGroupsModel) error {
		f := client.SkillGroupFilter{QueID: m.ID.ValueInt64(), Keyword: m.Keyword.ValueString()}
		groups, err := d.Client.Queues.ListShared(ctx, f)
		m.SkillGroups = framework.FlattenEach[resources.SkillGroupItem](groups, func(g client.SkillGroup) bool {
			return f.QueID == 0 || string(g.ID) == strconv.FormatInt(f.QueID, 10)
		})
		return err
	})
}

type skillGroupsModel struct {
	ID          types.Int64                `tfsdk:"id"`
	Keyword     types.String               `tfsdk:"keyword"`
	SkillGroups []resources.SkillGroupItem `tfsdk:"skill_groups"`
}
