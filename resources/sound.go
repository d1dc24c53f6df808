package resources

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ resource.ResourceWithConfigure      = (*soundResource)(nil)
	_ resource.ResourceWithImportState    = (*soundResource)(nil)
	_ resource.ResourceWithValidateConfig = (*soundResource)(nil)
)

// NewSoundResource returns the contactcenter_sound resource.
func NewSoundResource() resource.Resource { return &soundResource{} }

type soundResource struct {
	client *client.Client
}

func (r *soundResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_sound"
}

func (r *soundResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	computed := func(desc string) schema.StringAttribute {
		return schema.StringAttribute{Computed: true, MarkdownDescription: desc,
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "A voice file (sound/upload, spec §4.5, §2.9), for example the wait audio of a skill group " +
			"(`contactcenter_skill_group.wait_audio = contactcenter_sound.x.id`).\n\n" +
			"The service has no update interface: changing `name`, `remark`, `sound_type` or `source_hash` uploads a new file " +
			"and deletes the old one (the id changes). Pass `source_hash = filesha256(source)` so that a new recording at the same " +
			"path is uploaded.\n\n" +
			"**Import** by id (`terraform import contactcenter_sound.x 512`). The service does not give the file back as a path, so " +
			"`source` and `source_hash` stay null after import; the first apply with them in the configuration records them " +
			"without uploading again (a null `source_hash` in state never forces a replacement).",
		Attributes: map[string]schema.Attribute{
			"id": computed("The voice-file id (`id`), usable as a skill group's `wait_audio`."),
			"name": schema.StringAttribute{
				Required: true, MarkdownDescription: "Voice name (`name`). Required by the service (code 403 when empty). Changing it replaces the file.",
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
				Required: true,
				MarkdownDescription: "Path of the local voice file to upload (multipart field `sound`): WAV (`RIFF…WAVE`) or MP3 " +
					"(an ID3 tag or an MPEG frame), checked at plan time. A new path alone does not upload again; " +
					"`source_hash` decides that.",
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
			"address":        computed("Real storage path of the voice on the platform (`address`)."),
			"sounds_address": computed("Upload path of the voice (`sounds_address`, the `path` answered by the upload)."),
			"add_time":       computed("When the voice was uploaded (`add_time`, `yyyy-mm-dd HH:ii:ss`)."),
		},
	}
}

func (r *soundResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = tfkit.ClientFrom(req.ProviderData, &resp.Diagnostics)
}

func (r *soundResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan soundModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	content, err := readSoundFile(plan.Source.ValueString())
	if err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("source"), "Unable to Create Sound", err.Error())
		return
	}
	id, _, err := r.client.Sounds.Upload(ctx, client.SoundInput{
		Name: plan.Name.ValueString(), Remark: plan.Remark.ValueString(), SoundType: plan.SoundType.ValueInt64(),
		FileName: filepath.Base(plan.Source.ValueString()), Content: content,
	})
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Create Sound", err)
		return
	}
	plan.ID = types.StringValue(id)
	snd, err := r.client.Sounds.Get(ctx, id)
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Read Sound After Create", err)
		return
	}
	plan.flatten(snd)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *soundResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state soundModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	snd, err := r.client.Sounds.Get(ctx, state.ID.ValueString())
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Read Sound", err)
		return
	}
	state.flatten(snd)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Update only records `source` and `source_hash`: every attribute the
// service stores forces a replacement, so there is nothing to send.
func (r *soundResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state soundModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	state.Source, state.SourceHash = plan.Source, plan.SourceHash
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *soundResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state soundModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	err := r.client.Sounds.DeleteOne(ctx, state.ID.ValueString())
	if err == nil || client.IsNotFound(err) {
		return
	}
	tfkit.AddAPIError(&resp.Diagnostics, "Unable to Delete Sound", err)
}

func (r *soundResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if _, err := strconv.ParseInt(req.ID, 10, 64); err != nil {
		resp.Diagnostics.AddError("Invalid Import ID", fmt.Sprintf("A sound is imported by its numeric id, got %q.", req.ID))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
}

// ValidateConfig checks the file at plan time: it must exist and be WAV or
// MP3 by content, the check the service makes (code 404).
func (r *soundResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var src types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("source"), &src)...)
	if src.IsNull() || src.IsUnknown() {
		return
	}
	if _, err := readSoundFile(src.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("source"), "Invalid Voice File", err.Error())
	}
}

// readSoundFile reads a voice file and checks its format by content.
func readSoundFile(p string) ([]byte, error) {
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("source %q cannot be read: %w", p, err)
	}
	switch {
	case len(b) == 0:
		return nil, fmt.Errorf("source %q is empty; the service refuses an empty upload (code 409)", p)
	case len(b) >= 12 && bytes.Equal(b[:4], []byte("RIFF")) && bytes.Equal(b[8:12], []byte("WAVE")),
		len(b) >= 3 && bytes.Equal(b[:3], []byte("ID3")),
		len(b) >= 2 && b[0] == 0xFF && b[1]&0xE0 == 0xE0:
		return b, nil
	}
	return nil, fmt.Errorf("source %q is neither a WAV (RIFF/WAVE) nor an MP3 file by its content; the service would answer code 404 (voice format wrong)", p)
}

func (m *soundModel) flatten(s *client.Sound) {
	m.ID = types.StringValue(string(s.ID))
	m.Name = types.StringValue(string(s.Name))
	m.Remark = tfkit.StringOrNull(string(s.Remark))
	m.SoundType = types.Int64Value(int64(s.SoundType))
	m.Address = types.StringValue(string(s.Address))
	m.SoundsAddress = types.StringValue(string(s.SoundsAddress))
	m.AddTime = types.StringValue(string(s.AddTime))
}

type soundModel struct {
	ID            types.String `tfsdk:"id"`
	Name          types.String `tfsdk:"name"`
	Remark        types.String `tfsdk:"remark"`
	SoundType     types.Int64  `tfsdk:"sound_type"`
	Source        types.String `tfsdk:"source"`
	SourceHash    types.String `tfsdk:"source_hash"`
	Address       types.String `tfsdk:"address"`
	SoundsAddress types.String `tfsdk:"sounds_address"`
	AddTime       types.String `tfsdk:"add_time"`
}
