package datasources

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var _ datasource.DataSourceWithConfigure = (*asrTranscriptDataSource)(nil)

var pathCallID = path.Root("call_id")

// NewASRTranscriptDataSource returns the contactcenter_asr_transcript data source.
func NewASRTranscriptDataSource() datasource.DataSource {
	return &asrTranscriptDataSource{DataSource: framework.NewDataSource("asr_transcript")}
}

type asrTranscriptDataSource struct {
	framework.DataSource
}

// sentenceAttributes describe a §2.10 sentence.
func sentenceAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"index":            framework.ComputedInt64("Position of the sentence (`index`)."),
		"channel_id":       framework.ComputedInt64("Audio track the sentence is on (`channelId`)."),
		"content":          framework.ComputedString("The recognised text (`content`)."),
		"begin_time":       framework.ComputedInt64("Start, in milliseconds from the beginning of the recording (`beginTime`)."),
		"end_time":         framework.ComputedInt64("End, in milliseconds (`endTime`)."),
		"emotion_value":    framework.ComputedInt64("Emotion strength from `1` to `10`, higher is stronger (`emotionValue`)."),
		"silence_duration": framework.ComputedInt64("Silence before the sentence, in seconds (`silenceDuration`)."),
		"speech_rate":      framework.ComputedInt64("Speech rate, in characters per minute (`speechRate`)."),
	}
}

func (d *asrTranscriptDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "The text of a speech-recognition (ASR) task, by task id (from " +
			"`contactcenter_asr_transcribe` or a callback). While the conversion runs, `done` is false and `sentences` is empty; " +
			"results are kept 30 days from the task's start (spec §8): after that the task is not found, and every plan that reads it fails until the data source is removed, " +
			"so save a transcript you need longer while it can be read (the action's `output_file`, or a `local_file` with the `sentences`). API: queryText (spec §4.5, §2.10, §3.7).",
		Attributes: map[string]schema.Attribute{
			"task_id":   framework.RequiredString("The task id (`taskId`).", stringvalidator.LengthAtLeast(1)),
			"done":      framework.ComputedBool("Whether the conversion has finished (`false` while queryText answers code 400 \"in progress\")."),
			"status":    framework.ComputedInt64("The service's `result.status` (its values are not documented; a finished task shows `30`)."),
			"sentences": framework.ComputedList("The recognised sentences (`result.cacheContentDTOList`), in order.", sentenceAttributes()),
		},
	}
}

func (d *asrTranscriptDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	framework.ReadDataSource(ctx, req, resp, "Unable to Read Speech Recognition Result", func(ctx context.Context, m *asrTranscriptModel) error {
		res, err := d.Client.ASR.Query(ctx, m.TaskID.ValueString())
		switch {
		case client.IsASRInProgress(err):
			m.Done, m.Status, m.Sentences = types.BoolValue(false), types.Int64Null(), []sentenceModel{}
		case client.IsNotFound(err):
			return framework.AttributeError(path.Root("task_id"), "Speech Recognition Task Not Found",
				tfkit.APIErrorDetail(err)+"\n\nThe task does not exist, or its result is older than 30 days: the platform keeps a result 30 days from the task's start, "+
					"then forgets the task (spec §8). Every plan that reads this data source fails from now on: remove it (or this task_id) from the configuration. "+
					"To keep a transcript longer, save it while it can be read (the contactcenter_asr_transcribe action's output_file, or a local_file resource with this data source's sentences).")
		case err != nil:
			return err
		default:
			m.Done, m.Status, m.Sentences = types.BoolValue(true), types.Int64Value(int64(res.Status)), flattenSentences(res.Sentences)
		}
		return nil
	})
}

// flattenSentences converts §2.10 sentences to their Terraform form.
func flattenSentences(in []client.Sentence) []sentenceModel {
	out := make([]sentenceModel, 0, len(in))
	for _, s := range in {
		out = append(out, sentenceModel{
			Index: types.Int64Value(int64(s.Index)), ChannelID: types.Int64Value(int64(s.ChannelID)),
			Content: types.StringValue(string(s.Content)), BeginTime: types.Int64Value(int64(s.BeginTime)),
			EndTime: types.Int64Value(int64(s.EndTime)), EmotionValue: types.Int64Value(int64(s.EmotionValue)),
			SilenceDuration: types.Int64Value(int64(s.SilenceDuration)), SpeechRate: types.Int64Value(int64(s.SpeechRate)),
		})
	}
	return out
}

type asrTranscriptModel struct {
	TaskID    types.String    `tfsdk:"task_id"`
	Done      types.Bool      `tfsdk:"done"`
	Status    types.Int64     `tfsdk:"status"`
	Sentences []sentenceModel `tfsdk:"sentences"`
}

// sentenceModel is a §2.10 sentence in Terraform form.
type sentenceModel struct {
	Index           types.Int64  `tfsdk:"index"`
	ChannelID       types.Int64  `tfsdk:"channel_id"`
	Content         types.String `tfsdk:"content"`
	BeginTime       types.Int64  `tfsdk:"begin_time"`
	EndTime         types.Int64  `tfsdk:"end_time"`
	EmotionValue    types.Int64  `tfsdk:"emotion_value"`
	SilenceDuration types.Int64  `tfsdk:"silence_duration"`
	SpeechRate      types.Int64  `tfsdk:"speech_rate"`
}
