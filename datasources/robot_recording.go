package datasources

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var _ datasource.DataSourceWithConfigure = (*robotRecordingDataSource)(nil)

// NewRobotRecordingDataSource returns the contactcenter_robot_recording data source.
func NewRobotRecordingDataSource() datasource.DataSource {
	return &robotRecordingDataSource{DataSource: framework.NewDataSource("robot_recording")}
}

type robotRecordingDataSource struct {
	framework.DataSource
}

func (d *robotRecordingDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "The address of the recording of a robot call (a call placed by a robot outbound task), for example to convert it to text with " +
			"`contactcenter_asr_transcribe`. A call without a recording is an error (code 407). API: record/robot/playrecord (spec §4.5).",
		Attributes: map[string]schema.Attribute{
			"call_id": framework.RequiredString("The robot call's id (`call_id`).", stringvalidator.LengthAtLeast(1)),
			"path":    framework.ComputedString("Address of the recording (`path`), usable as `speech_file_url` of `contactcenter_asr_transcribe`."),
		},
	}
}

func (d *robotRecordingDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	framework.ReadDataSource(ctx, req, resp, "Unable to Read Robot Recording", func(ctx context.Context, m *robotRecordingModel) error {
		p, err := d.Client.ASR.PlayRecord(ctx, m.CallID.ValueString())
		if client.IsNotFound(err) {
			return framework.AttributeError(pathCallID, "Robot Recording Not Found",
				tfkit.APIErrorDetail(err)+"\n\nThe call "+m.CallID.ValueString()+" has no robot recording; check that it was a robot (call_type 16) call.")
		}
		m.Path = types.StringValue(p)
		return err
	})
}

type robotRecordingModel struct {
	CallID types.String `tfsdk:"call_id"`
	Path   types.String `tfsdk:"path"`
}
