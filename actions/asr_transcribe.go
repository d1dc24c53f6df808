package actions

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/action/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/actionvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/replaceable"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ action.ActionWithConfigure        = (*asrTranscribeAction)(nil)
	_ action.ActionWithConfigValidators = (*asrTranscribeAction)(nil)
	_ action.ActionWithValidateConfig   = (*asrTranscribeAction)(nil)
)

// ASR polling bounds: queryText is asked first after asrPollMin, then at
// doubling intervals up to asrPollMax. Variables so tests can shorten them.
var (
	asrPollMin = 250 * time.Millisecond
	asrPollMax = 5 * time.Second
)

// asrDefaultTimeout bounds the wait when timeouts.invoke is not set.
const asrDefaultTimeout = 10 * time.Minute

// NewASRTranscribeAction returns the contactcenter_asr_transcribe action.
func NewASRTranscribeAction() action.Action {
	return &asrTranscribeAction{Action: framework.NewAction("asr_transcribe")}
}

type asrTranscribeAction struct {
	framework.Action
}

func (a *asrTranscribeAction) Schema(ctx context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Converts a recording to text with the platform's speech recognition (ASR) and waits " +
			"for the result within `timeouts.invoke` (default 10 minutes), reporting progress while the service answers " +
			"code 400 \"in progress\". The transcript (sentences with times, channel, emotion and speech rate) is written as " +
			"JSON to `output_file` when set; it can also be read later with the `contactcenter_asr_transcript` data source " +
			"(results are kept 30 days)." + interruptedDoc + "note the task id of `Speech recognition task <id> started`. The recognition " +
			"goes on in the service: `data \"contactcenter_asr_transcript\" { task_id = \"<id>\" }` reads its text (kept 30 days), while " +
			"invoking the action again starts another task." + triggerDoc + "\n\nAPI: speechRecognition, then queryText.",
		Attributes: framework.Strict(map[string]schema.Attribute{
			"speech_file_url": schema.StringAttribute{
				Optional: true, MarkdownDescription: "Address of the recording to convert (`speechFileUrl`). Exactly one of `speech_file_url` and `call_id` is required.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"call_id": schema.StringAttribute{
				Optional: true, MarkdownDescription: "Id of the call whose recording is converted (`callId`). Exactly one of `speech_file_url` and `call_id` is required.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"enable_callback": schema.BoolAttribute{
				Optional: true, MarkdownDescription: "Ask the service to POST `{fileUrl, fileTxt, taskId}` to `callback_url` when the conversion ends (`enableCallBack`). Defaults to `false`.",
			},
			"callback_url": schema.StringAttribute{
				Optional: true, MarkdownDescription: "Where the callback is sent (`callBackUrl`). Required when `enable_callback` is `true` (the service answers code 402 otherwise).",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"output_file": schema.StringAttribute{
				Optional: true, MarkdownDescription: "Local path the transcript is written to as JSON (mode 0600): `task_id`, `status` and `sentences` " +
					"(`index`, `channel_id`, `content`, `begin_time_ms`, `end_time_ms`, `emotion_value`, `silence_duration_s`, `speech_rate_cpm`). " +
					"Its folder must exist. A file already there is replaced only when it is empty or a transcript this action wrote (not through a link); any other file is kept, " +
					"and the action stops before it starts a recognition. The plan warns of a folder that does not exist and of a file that would be kept.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"timeouts": timeouts.AttributesWithOpts(ctx, timeouts.Opts{
				InvokeDescription: "How long to wait for the conversion, as a duration such as `\"90s\"` or `\"10m\"`. Defaults to `10m`.",
			}),
		}),
	}
}

func (a *asrTranscribeAction) ConfigValidators(context.Context) []action.ConfigValidator {
	return []action.ConfigValidator{
		actionvalidator.ExactlyOneOf(path.MatchRoot("speech_file_url"), path.MatchRoot("call_id")),
	}
}

// ValidateConfig applies §6.6: callBackUrl is required with enableCallBack.
func (a *asrTranscribeAction) ValidateConfig(ctx context.Context, req action.ValidateConfigRequest, resp *action.ValidateConfigResponse) {
	var m asrTranscribeModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if m.EnableCallback.ValueBool() && m.CallbackURL.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("callback_url"), "Missing Callback URL",
			"callback_url is required when enable_callback is true: the service refuses a callback without an address (code 402).")
	}
}

// ModifyPlan runs the checks on the values known at plan (framework.PlanChecks),
// and warns of an output_file the run would refuse as things are now: said
// at invoke only, an action_trigger's run failed after the apply had
// created the resource, and the next plan was empty. A warning, since the
// same apply may create the folder (a local_file in it) or remove the file.
func (a *asrTranscribeAction) ModifyPlan(ctx context.Context, req action.ModifyPlanRequest, resp *action.ModifyPlanResponse) {
	framework.PlanChecks(ctx, a, req, resp)
	if resp.Diagnostics.HasError() {
		return
	}
	var out types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("output_file"), &out)...)
	if out.IsNull() || out.IsUnknown() {
		return
	}
	if detail := outputFileProblem(out.ValueString()); detail != "" {
		resp.Diagnostics.AddAttributeWarning(path.Root("output_file"), "Invalid Output File", detail+
			" As things are now, the action will stop when it runs, before it starts a recognition (the check is made again then).")
	}
}

// outputFileProblem says why the transcript cannot be written to p ("" when
// it can): its folder does not exist, p is a folder, or p is a file this
// action did not write (overwritable).
func outputFileProblem(p string) string {
	dir := filepath.Dir(p)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		if err == nil {
			return fmt.Sprintf("output_file %q: %s is not a folder.", p, dir)
		}
		return fmt.Sprintf("output_file %q: its folder %s does not exist.", p, dir)
	}
	if st, err := os.Stat(p); err == nil && st.IsDir() {
		return fmt.Sprintf("output_file %q is a folder; give the path of a file in it (such as %q).", p, filepath.Join(p, "transcript.json"))
	}
	if why := overwritable(p); why != "" {
		return fmt.Sprintf("output_file %q %s, so it is not overwritten: give the path of a new file, or delete this one.", p, why)
	}
	return ""
}

func (a *asrTranscribeAction) Invoke(ctx context.Context, req action.InvokeRequest, resp *action.InvokeResponse) {
	framework.Invoke(ctx, a, &a.Action, req, resp, a.run)
}

func (a *asrTranscribeAction) run(ctx context.Context, m *asrTranscribeModel, progress framework.Progress, diags *diag.Diagnostics) {
	limit, d := m.Timeouts.Invoke(ctx, asrDefaultTimeout)
	diags.Append(d...)
	if diags.HasError() {
		return
	}
	// The transcript is written after a recognition that may take minutes:
	// a folder that does not exist fails now, before the task starts.
	if !m.OutputFile.IsNull() {
		if detail := outputFileProblem(m.OutputFile.ValueString()); detail != "" {
			diags.AddAttributeError(path.Root("output_file"), "Invalid Output File", detail+" Nothing was started.")
			return
		}
	}
	taskID, err := a.Client.ASR.Recognize(ctx, client.ASRRequest{
		EnableCallBack: m.EnableCallback.ValueBool(), CallBackURL: m.CallbackURL.ValueString(),
		SpeechFileURL: m.SpeechFileURL.ValueString(), CallID: m.CallID.ValueString(),
	})
	if err != nil {
		if client.IsAmbiguous(err) {
			// speechRecognition creates a task each time it is processed
			// (spec §4.5), and its answer, with the task id, was lost.
			callback := ""
			if m.EnableCallback.ValueBool() {
				callback = ", and its callback to callback_url may follow"
			}
			diags.AddError("Speech Recognition Outcome Unknown", fmt.Sprintf("The outcome is unknown: %v\n\n"+
				"The service may have created a recognition task%s; its task id was not received. Running the action again starts another "+
				"task (and another callback). The contactcenter_asr_transcript data source reads a task by its task_id only, so it cannot find this one: "+
				"check the platform's portal for a recognition of this recording before running the action again.", err, callback))
			return
		}
		detail := tfkit.APIErrorDetail(err)
		if client.HasCode(err, 402) && m.CallbackURL.ValueString() == "" {
			// §6.6: "callBackUrl is required in practice for callbacks: a
			// request without it returns code 402". Read here as "with
			// enable_callback" (a plan-time rule), a platform may mean every
			// request: said, the refusal has a way out.
			detail += "\n\nThe request had no callback_url. The platform's documentation says a recognition request without one is refused " +
				"with code 402; if this platform asks for it even without callbacks, set callback_url (it is called only with enable_callback = true)."
		}
		diags.AddError("Unable to Start Speech Recognition", detail+"\n\nNo recognition task was started. "+rerunHint(a.Name))
		return
	}
	progress("Speech recognition task %s started; waiting up to %s for the text.", taskID, limit)

	waitStart := time.Now()
	wctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	// A failed poll ends nothing: the task runs on in the service, so a
	// transient failure (5xx, transport, rate limit, code 500 system error,
	// spec §7.3) is polled again until timeouts.invoke runs out. lastErr is
	// the last poll's failure while no later poll was answered.
	var (
		res     *client.ASRResult
		lastErr error
		queries int
		pause   = asrPollMin
	)
	for {
		res, err = a.Client.ASR.Wait(wctx, taskID, asrPollMin, asrPollMax, func(n int, elapsed time.Duration) {
			lastErr = nil
			queries++
			progress("Task %s is still converting (query %d, %s elapsed).", taskID, queries, elapsed.Round(100*time.Millisecond))
		})
		if err == nil || client.OutOfTime(wctx, err) || !transientPoll(err) {
			break
		}
		lastErr = err
		queries++
		progress("Task %s: query %d failed (%v); asking again.", taskID, queries, err)
		if werr := client.SleepWithin(wctx, pause); werr != nil {
			err = errors.Join(err, werr) // the time limit (client.OutOfTime), or Ctrl-C
			break
		}
		pause = min(pause*2, asrPollMax)
	}
	readLater := fmt.Sprintf("The conversion goes on in the service: read it later with data \"contactcenter_asr_transcript\" { task_id = %q } "+
		"(results are kept 30 days). Running the action again starts another task.", taskID)
	switch {
	case err != nil && client.OutOfTime(wctx, err) && ctx.Err() == nil:
		detail := fmt.Sprintf("Task %s had not finished after %s (timeouts.invoke).", taskID, limit)
		if lastErr != nil {
			detail = fmt.Sprintf("Task %s: no answer with its text within %s (timeouts.invoke); the last query failed: %v.", taskID, limit, lastErr)
		}
		if tl := (*client.TimeLimitError)(nil); errors.As(err, &tl) {
			// The wait ended before the limit: "had not finished after
			// 12s" was said of a wait that gave up after 1s, its next
			// query (after an HTTP 429) due in 20s.
			why := ""
			if ae, ok := client.AsAPIError(err); ok && client.IsRateLimited(err) {
				why = fmt.Sprintf(" (the service limited requests: %s)", ae.Error())
			}
			waited := time.Since(waitStart).Round(100 * time.Millisecond)
			detail = fmt.Sprintf("Task %s had not finished after %s", taskID, waited)
			if lastErr != nil {
				detail = fmt.Sprintf("Task %s: no answer with its text after %s; the last query failed: %v", taskID, waited, lastErr)
			}
			detail += fmt.Sprintf(". Its next query, due in %s%s, would have come after the %s limit (timeouts.invoke), so the wait ended then.",
				tl.Wait.Round(time.Second), why, limit)
		}
		diags.AddError("Speech Recognition Timed Out", detail+" "+readLater+" Or raise timeouts.invoke.")
		return
	case err != nil:
		diags.AddError("Unable to Read Speech Recognition Result", tfkit.APIErrorDetail(err)+"\n\nTask "+taskID+" was started. "+readLater)
		return
	}
	progress("Task %s finished: %d sentence(s).", taskID, len(res.Sentences))
	if m.OutputFile.IsNull() {
		return
	}
	if err := writeTranscript(m.OutputFile.ValueString(), taskID, res); err != nil {
		diags.AddAttributeError(path.Root("output_file"), "Unable to Write Transcript",
			fmt.Sprintf("Task %s finished, but its transcript could not be written: %v. The text stays available for 30 days "+
				"through the contactcenter_asr_transcript data source.", taskID, err))
		return
	}
	progress("Transcript written to %s.", m.OutputFile.ValueString())
}

// transientPoll reports whether a failed queryText may answer next time:
// not a task the service does not know (402) or a refusal (401), but a
// server or transport failure, a rate limit, or code 500 (system error).
func transientPoll(err error) bool {
	if client.IsNotFound(err) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	e, ok := client.AsAPIError(err)
	return !ok || e.HTTPStatus >= 500 || e.HTTPStatus == 429 || e.Code == 500
}

// transcriptFile is the JSON written to output_file.
// overwritable says why the transcript may not be written at p ("" when
// it may): nothing is there, an empty file, or a transcript an earlier run
// wrote. Any other file is kept: an output_file built from a variable
// ("keep.tf") replaced a configuration file with the transcript, mode 0600,
// and every later plan failed to read it. Only a regular file is read (a
// named pipe would block the read for ever); a link is not followed (the
// rename would replace the link, not its target).
func overwritable(p string) string {
	st, err := os.Lstat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return ""
	case err != nil:
		return fmt.Sprintf("cannot be examined (%v)", err)
	case st.Mode()&fs.ModeSymlink != 0:
		return "is a link (the transcript would replace the link, not the file it points to)"
	case !st.Mode().IsRegular():
		return "exists and is not a regular file (a folder, a named pipe or a device)"
	case st.Size() > 64<<20: // no transcript is that large
		return "exists and is not a transcript this action wrote (a JSON object with a task_id)"
	}
	b, err := os.ReadFile(p) //nolint:gosec // the path the configuration gives
	if err != nil {
		return fmt.Sprintf("cannot be read (%v)", err)
	}
	var prior struct {
		TaskID *string `json:"task_id"`
	}
	if len(bytes.TrimSpace(b)) == 0 || json.Unmarshal(b, &prior) == nil && prior.TaskID != nil {
		return ""
	}
	return "exists and is not a transcript this action wrote (a JSON object with a task_id)"
}

type transcriptFile struct {
	TaskID    string               `json:"task_id"`
	Status    int64                `json:"status"`
	Sentences []transcriptSentence `json:"sentences"`
}

type transcriptSentence struct {
	Index           int64  `json:"index"`
	ChannelID       int64  `json:"channel_id"`
	Content         string `json:"content"`
	BeginTimeMS     int64  `json:"begin_time_ms"`
	EndTimeMS       int64  `json:"end_time_ms"`
	EmotionValue    int64  `json:"emotion_value"`
	SilenceDuration int64  `json:"silence_duration_s"`
	SpeechRate      int64  `json:"speech_rate_cpm"`
}

func writeTranscript(p, taskID string, res *client.ASRResult) error {
	out := transcriptFile{TaskID: taskID, Status: int64(res.Status), Sentences: make([]transcriptSentence, 0, len(res.Sentences))}
	for _, s := range res.Sentences {
		out.Sentences = append(out.Sentences, transcriptSentence{
			Index: int64(s.Index), ChannelID: int64(s.ChannelID), Content: string(s.Content),
			BeginTimeMS: int64(s.BeginTime), EndTimeMS: int64(s.EndTime), EmotionValue: int64(s.EmotionValue),
			SilenceDuration: int64(s.SilenceDuration), SpeechRate: int64(s.SpeechRate),
		})
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	// A transcript holds personal data: the file ends mode 0600 even when
	// it existed with another mode (created 0600, and set so whatever the umask).
	return replaceable.WriteWhole(p, "."+filepath.Base(p)+".*", 0o600, func(tmp *os.File) error {
		_, err := tmp.Write(append(b, '\n'))
		if err == nil {
			err = tmp.Chmod(0o600)
		}
		return err
	})
}

type asrTranscribeModel struct {
	SpeechFileURL  types.String   `tfsdk:"speech_file_url"`
	CallID         types.String   `tfsdk:"call_id"`
	EnableCallback types.Bool     `tfsdk:"enable_callback"`
	CallbackURL    types.String   `tfsdk:"callback_url"`
	OutputFile     types.String   `tfsdk:"output_file"`
	Timeouts       timeouts.Value `tfsdk:"timeouts"`
}
