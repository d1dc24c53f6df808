package resources

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ resource.ResourceWithConfigure      = (*soundResource)(nil)
	_ resource.ResourceWithImportState    = (*soundResource)(nil)
	_ resource.ResourceWithIdentity       = (*soundResource)(nil)
	_ resource.ResourceWithValidateConfig = (*soundResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*soundResource)(nil)
)

// NewSoundResource returns the contactcenter_sound resource.
func NewSoundResource() resource.Resource {
	r := &soundResource{}
	r.Managed = framework.NewManaged("sound", "Sound", r.get)
	return r
}

type soundResource struct{ framework.Managed[soundModel] }

func (r *soundResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "A voice file: a recording uploaded to the platform and played to callers, for example the wait audio of a skill group " +
			"(`contactcenter_skill_group.wait_audio = contactcenter_sound.x.id`).\n\n" +
			"The service has no update interface: changing `name`, `remark`, `sound_type` or `source_hash` replaces the voice file " +
			"(the id changes). Terraform deletes the old file before it uploads the new one unless the resource has " +
			"`lifecycle { create_before_destroy = true }`: use that when a skill group or task plays the file, so that it never " +
			"points at a deleted one; it also orders a removal, so that the group or task stops playing the file (say `wait_audio = \"0\"`) " +
			"before the file is deleted. Leaving the setting out of the group instead keeps the platform's value, which then names a " +
			"deleted file: set it to what should play. Pass `source_hash = filesha256(source)` so that a new recording at the same " +
			"path is uploaded. A recording replaced between `terraform plan -out` and applying that plan makes Terraform stop the apply " +
			"(\"Provider produced inconsistent final plan\": it computes `filesha256` again): plan again. Without `create_before_destroy` the " +
			"old voice file is deleted by then, so keep the recording unchanged between plan and apply, or set it.\n\n" +
			"**Import** by id (`terraform import contactcenter_sound.x 512`, or an `import` block with `identity = { id = \"512\" }`). " +
			"The service does not give the file back as a path, so `source` and `source_hash` stay null after import: an adopted voice " +
			"file needs no `source` (the platform keeps its file; `terraform query -generate-config-out` writes it so), and setting " +
			"them later records them without uploading again (a null `source_hash` in state never forces a replacement). " +
			"To fetch the platform's file, use the `contactcenter_sound_file` data source. " +
			"An import id of the form `<id>,<path>` (`terraform import contactcenter_sound.x 512,./sounds/hold.wav`, as " +
			"`ccsync export terraform` writes it next to the downloaded file) also records that local copy as `source`, with its sha256 " +
			"as `source_hash`, so that a configuration naming the file plans no change after the import. That form downloads the platform's " +
			"file once (sound/play) and warns when the local file has other content (naming both sha256 sums; the platform may have converted the upload): " +
			"to upload a new recording instead, set `source` and `source_hash` and run `terraform apply -replace=<address>`.\n\n" +
			"API: sound/upload, sound/list, sound/delete (spec §4.5, §2.9).",
		Attributes: framework.OmitNulls(framework.Strict(SoundAttributes())),
	}
}

// SoundAttributes are the voice file's fields, declared once for the
// resource and the contactcenter_sounds data source.
func SoundAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"id": framework.IDAttribute("The voice-file id (`id`), usable as a skill group's `wait_audio`."),
		"name": schema.StringAttribute{
			Required: true, MarkdownDescription: "Voice name (`name`), not empty. Changing it replaces the file.",
			Validators:    []validator.String{stringvalidator.LengthAtLeast(1), trimmed()},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"remark": schema.StringAttribute{
			Optional: true, MarkdownDescription: "Note (`remark`). Changing it replaces the file.",
			Validators:    []validator.String{stringvalidator.LengthAtLeast(1)},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"sound_type": schema.Int64Attribute{
			Required: true,
			MarkdownDescription: "Kind of voice (`sound_type`): `1` skill-group voice, `2` satisfaction voice, `3` whitelist voice, " +
				"`4` key-press voice, `5` message voice, `6` other. Changing it replaces the file.",
			Validators:    []validator.Int64{int64validator.Between(1, 6)},
			PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()},
		},
		"source": schema.StringAttribute{
			Optional: true,
			MarkdownDescription: "Path of the local voice file to upload (multipart field `sound`): WAV (`RIFF…WAVE`) or MP3 " +
				"(an ID3 tag or an MPEG frame), checked at plan time. A new path alone does not upload again; " +
				"`source_hash` decides that. Required to create a voice file; a voice file adopted from the platform (import, " +
				"`terraform query`) may leave it unset and keeps the platform's file. The file must be there when a plan uploads it " +
				"(a create or a replacement); a plan that uploads nothing, and a destroy, only warn when it is gone. To go on without " +
				"the file, remove `source` and `source_hash`: that only stops tracking it (an update in place; nothing is uploaded or " +
				"deleted, the platform keeps its voice file). With `source_hash = filesha256(source)`, Terraform itself fails every plan " +
				"and destroy while the file is gone (the function cannot read it): restore the file, or remove both attributes.",
			Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
		},
		"source_hash": schema.StringAttribute{
			Optional: true,
			MarkdownDescription: "A hash of the file's content, normally `filesha256(source)`. When it changes the file is " +
				"uploaded again and the old one deleted (replacement). Null after import; setting it then does not replace, nor does removing it.",
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplaceIf(
				func(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
					// Null on either side is not a new content: after an
					// import nothing was tracked, and removing the
					// attribute stops tracking.
					resp.RequiresReplace = !req.StateValue.IsNull() && !req.PlanValue.IsNull()
				},
				"Replaces the voice file when the hash changes, except from or to null (after import, or when the attribute is removed).",
				"Replaces the voice file when the hash changes, except from or to null (after import, or when the attribute is removed).",
			)},
		},
		"address":        framework.Stamp("Real storage path of the voice on the platform (`address`)."),
		"sounds_address": framework.Stamp("Upload path of the voice (`sounds_address`, the `path` answered by the upload)."),
		"add_time":       framework.Stamp("When the voice was uploaded (`add_time`, `yyyy-mm-dd HH:ii:ss` in the platform's local time, no zone)."),
	}
}

func (r *soundResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = framework.IDIdentity("The voice-file id (`id`).")
}

func (r *soundResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	ctx, ex := client.RecordExisting(ctx)
	var key, created string
	r.Steps.Create(ctx, req, resp, func(ctx context.Context, plan *soundModel) error {
		if err := checkSoundFile(plan.Source.ValueString()); err != nil {
			return tfkit.AtAttr(path.Root("source"), errors.New(err.Error()+".")) // the detail's whole text, a sentence
		}
		// Streamed from the file, not read into memory.
		id, _, err := r.Client.Sounds.Upload(ctx, client.SoundInput{
			Name: plan.Name.ValueString(), Remark: plan.Remark.ValueString(), SoundType: plan.SoundType.ValueInt64(),
			FileName: filepath.Base(plan.Source.ValueString()), Path: plan.Source.ValueString(),
		})
		plan.ID = types.StringValue(id)
		if err == nil {
			created = id
		}
		key = fmt.Sprintf("named %q of sound_type %d", plan.Name.ValueString(), plan.SoundType.ValueInt64())
		// sound/upload: 403 name empty; 404 format wrong, 405 and 406
		// conversion failed, 409 no voice uploaded (§7.2).
		return tfkit.AttrOfCode(err, map[int64]string{403: "name", 404: "source", 405: "source", 406: "source", 409: "source"})
	})
	warnExisting(&resp.Diagnostics, ex, "Sound", key, created)
}

// Update only records `source` and `source_hash`: every attribute the
// service stores forces a replacement, so there is nothing to send.
func (r *soundResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	r.Steps.Update(ctx, req, resp, func(context.Context, *soundModel, *soundModel) error { return nil }, "source", "source_hash")
}

func (r *soundResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	r.Steps.Delete(ctx, req, resp, func(ctx context.Context, state *soundModel) error {
		return r.Client.Sounds.DeleteOne(ctx, state.ID.ValueString())
	}, nil)
}

// ImportState takes the voice file's id, or `<id>,<path>`: the id and the
// local copy of the platform's file (as `ccsync export terraform` downloads
// it), recorded as source with its sha256 as source_hash, so that a
// configuration naming that file plans no change after the import.
func (r *soundResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	id, file, withFile := strings.Cut(req.ID, ",")
	if !withFile {
		framework.ImportByNumericID(ctx, req, resp, "A sound is imported by its numeric id, or as <id>,<path of the local copy of its file>", nil)
		return
	}
	id, ok := framework.NumericID(id)
	if !ok {
		resp.Diagnostics.AddError("Invalid Import ID", fmt.Sprintf("A sound is imported by its numeric id, or as <id>,<path of the local copy of its file>, got %q.", req.ID))
		return
	}
	content, err := os.ReadFile(file)
	if err != nil {
		resp.Diagnostics.AddError("Invalid Import ID", fmt.Sprintf("The import id %q names the file %q, which cannot be read: %s.", req.ID, file, pathErrorReason(err)))
		return
	}
	sum := sha256.Sum256(content)
	local := hex.EncodeToString(sum[:])
	// The file is recorded as the platform's: a different recording would
	// plan no change and never be uploaded. One download (sound/play), only
	// for this form of the id; a voice file that is gone is left to the
	// read after the import, which says so. A difference is a warning: the
	// platform converts uploads (sox, §7.3 code 405), so its copy of the
	// very file imported may differ byte for byte.
	platform, err := r.Client.Sounds.Play(ctx, id)
	switch {
	case client.IsNotFound(err):
	case err != nil:
		resp.Diagnostics.AddWarning("Voice File Not Compared", fmt.Sprintf("The import id %q names the file %q as the local copy of voice file %s; "+
			"downloading the platform's file (sound/play) to compare them failed, so the file is recorded as the platform's without that check.\n\n%s",
			req.ID, file, id, tfkit.APIErrorDetailOf(tfkit.OpRead, err)))
	default:
		if got := sha256.Sum256(platform); hex.EncodeToString(got[:]) != local {
			resp.Diagnostics.AddWarning("Voice File Differs From the Platform's", fmt.Sprintf("The import id %q names the file %q (sha256 %s) as the local copy of voice file %s, "+
				"but the platform's file differs (sha256 %s). If %q is the file that was uploaded, the platform converted it and nothing needs doing. "+
				"If it is another recording, it is now recorded as uploaded while the platform keeps its own: to put it on the platform, "+
				"set source to it and source_hash = filesha256(source), and run terraform apply -replace=<its address> "+
				"(that uploads it as a new voice file and deletes the old one; the id changes). To hold a copy of the platform's file instead, "+
				"use the contactcenter_sound_file data source or ccsync export terraform.",
				req.ID, file, local, id, hex.EncodeToString(got[:]), file))
		}
	}
	framework.SetImported(ctx, resp, id, map[string]any{"source": file, "source_hash": local})
}

// ModifyPlan requires source to create a voice file (only a file adopted
// from the platform may leave it unset) and checks that its file can be
// read when the plan uploads it: a create, or the create half of a
// replacement, which Terraform plans again without a prior state. A plan
// that uploads nothing, and a destroy, go on without the file (they failed
// with "cannot be read" and no way out).
func (r *soundResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.Steps.PlanChecks(ctx, req, resp)
	if req.Plan.Raw.IsNull() {
		return
	}
	var src types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("source"), &src)...)
	if !req.State.Raw.IsNull() {
		warnUnknownSoundReplaces(ctx, req, resp)
		if src.IsNull() || src.IsUnknown() {
			return
		}
		if err := checkSoundFile(src.ValueString()); err != nil {
			resp.Diagnostics.AddAttributeWarning(path.Root("source"), "Voice File Missing",
				err.Error()+". This plan uploads nothing, so it goes on (a destroy does not need the file either), but a change that replaces the voice file "+
					"(name, remark, sound_type or source_hash) needs the file. Restore it at that path, or remove source and source_hash "+
					"from the configuration: that only stops tracking the local copy (an update in place that uploads and deletes nothing; "+
					"the platform keeps its voice file).")
		}
		return
	}
	if src.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("source"), "Missing Voice File",
			"source is required to create a voice file: the path of the WAV or MP3 file to upload. This plan creates one: "+
				"the file is new in the configuration, was deleted on the platform, or a change of name, remark or sound_type replaces it "+
				"(a voice file adopted by import without source has no file to upload). "+
				"To remove only this voice file, delete its resource block (or run terraform destroy -refresh=false -target=<its address>); "+
				"to destroy the whole configuration, run terraform destroy -refresh=false: Terraform plans the configuration before a destroy, and this check stops that plan.")
		return
	}
	if src.IsUnknown() {
		return // read at apply, by Create
	}
	if err := checkSoundFile(src.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("source"), "Invalid Voice File",
			err.Error()+". This plan uploads the file: the voice file is new in the configuration, was deleted on the platform, "+
				"or a change of name, remark, sound_type or source_hash replaces it. Restore the file at that path or point source at the "+
				"recording to upload.")
	}
}

// warnUnknownSoundReplaces warns when the only attributes that replace the
// voice file are known only at apply: RequiresReplace takes an unknown for
// a change, so the file is deleted and uploaded again (a new id) even if
// the values come out the same, behind a plan that shows only "# forces
// replacement" beside "(known after apply)".
func warnUnknownSoundReplaces(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	replacing := []string{"name", "remark", "sound_type", "source_hash"}
	var hash types.String
	if req.State.GetAttribute(ctx, path.Root("source_hash"), &hash).HasError() || hash.IsNull() {
		// source_hash set from null (after an import, or first set) does
		// not replace, known or not (its RequiresReplaceIf): the plan
		// updates in place, and a warning of a replacement was false.
		replacing = replacing[:3]
	}
	unknown := unknownOnly(ctx, req, replacing)
	if len(unknown) == 0 {
		return
	}
	id, of := stateObject(ctx, req.State, "voice file", "name", &resp.Diagnostics)
	resp.Diagnostics.AddWarning(replacedForUnknown("Voice File", unknown, of, "voice file",
		fmt.Sprintf("The file is deleted and uploaded again under a new id: the skill groups of this configuration that name it are written again, "+
			"and what names id %s outside this configuration (a setting made in the portal) no longer finds it.", id)))
}

// ValidateConfig checks the file's format at plan time: it must be WAV or
// MP3 by content, the check the service makes (code 404). A file that
// cannot be read is left to ModifyPlan, which knows whether the plan uploads
// it.
func (r *soundResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var src types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("source"), &src)...)
	if src.IsNull() || src.IsUnknown() {
		return
	}
	var unreadable *fs.PathError
	if err := checkSoundFile(src.ValueString()); err != nil && !errors.As(err, &unreadable) {
		resp.Diagnostics.AddAttributeError(path.Root("source"), "Invalid Voice File", err.Error()+".")
	}
}

// unreadableSource is a source file that cannot be read. Its text gives
// the path once, "source "/tmp/a.wav" cannot be read: no such file or
// directory", where the *fs.PathError it wraps repeated it ("... cannot be
// read: open /tmp/a.wav: no such file or directory").
type unreadableSource struct {
	path string
	err  error
}

func (e *unreadableSource) Error() string {
	return fmt.Sprintf("source %q cannot be read: %s", e.path, pathErrorReason(e.err))
}

func (e *unreadableSource) Unwrap() error { return e.err }

// pathErrorReason is a file's error without the operation and the path
// that *fs.PathError puts before it ("no such file or directory", not
// "open /tmp/a.wav: no such file or directory"): the text around it names
// the file.
func pathErrorReason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// checkSoundFile checks a voice file's format by its first bytes, without
// reading the rest (a recording may take hundreds of megabytes; the upload
// streams it). Its errors end without a period: the callers go on after
// them.
func checkSoundFile(p string) error {
	f, err := os.Open(p) //nolint:gosec // G304: the file the configuration names
	if err != nil {
		return &unreadableSource{path: p, err: err}
	}
	defer f.Close() //nolint:errcheck // read-only
	head := make([]byte, 16)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return &unreadableSource{path: p, err: err}
	}
	switch {
	case n == 0:
		return fmt.Errorf("source %q is empty; the service refuses an empty upload (code 409)", p)
	case client.SoundFormat(head[:n]) != "":
		return nil
	}
	return fmt.Errorf("source %q is neither a WAV (RIFF/WAVE) nor an MP3 file by its content: the platform takes only WAV and MP3 voice files", p)
}

func (r *soundResource) get(ctx context.Context, m *soundModel) error {
	snd, err := r.Client.Sounds.Get(ctx, m.ID.ValueString())
	if err == nil {
		m.Flatten(snd)
	}
	return err
}

// SoundItem is a voice file as sound/list answers it: the fields the
// resource and the contactcenter_sounds data source share.
type SoundItem struct {
	ID            types.String `tfsdk:"id"`
	Name          types.String `tfsdk:"name"`
	Remark        types.String `tfsdk:"remark"`
	SoundType     types.Int64  `tfsdk:"sound_type"`
	Address       types.String `tfsdk:"address"`
	SoundsAddress types.String `tfsdk:"sounds_address"`
	AddTime       types.String `tfsdk:"add_time"`
}

// Flatten fills the item from the API's voice file; an empty remark is null
// (the attribute refuses an empty text).
func (i *SoundItem) Flatten(s *client.Sound) {
	framework.Flatten(s, i)
	i.Remark = tfkit.StringOrNull(string(s.Remark))
}

type soundFilter struct {
	Keyword types.String `tfsdk:"keyword"`
}

// NewSoundListResource lists voice files for `terraform query`. The file
// itself stays on the platform: the generated configuration has no source.
func NewSoundListResource() list.ListResource {
	return newLister("sound", "voice files", "Without a filter every voice file is listed; `keyword` keeps those whose name contains it (API: sound/list). The configuration it generates has no `source`: the platform keeps the file.",
		map[string]listschema.Attribute{
			"keyword": listschema.StringAttribute{Optional: true, MarkdownDescription: "Only voice files whose name contains this text, not empty.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1), EdgeSpaces}},
		},
		func(s client.Sound) string { return string(s.Name) },
		func(s *client.Sound, m *soundModel) { m.Flatten(s) },
		func(ctx context.Context, c *client.Client, f soundFilter) iter.Seq2[client.Sound, error] {
			return c.Sounds.List(ctx, client.SoundFilter{Keyword: f.Keyword.ValueString()})
		})
}

type soundModel struct {
	SoundItem
	Source     types.String `tfsdk:"source"`
	SourceHash types.String `tfsdk:"source_hash"`
}
