package resources

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/resourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ resource.ResourceWithConfigure        = (*agentResource)(nil)
	_ resource.ResourceWithImportState      = (*agentResource)(nil)
	_ resource.ResourceWithConfigValidators = (*agentResource)(nil)
	_ resource.ResourceWithIdentity         = (*agentResource)(nil)
)

var (
	// userTypeRE is a comma list of the agent types 1-7 (§2.6).
	userTypeRE = regexp.MustCompile(`^[1-7](,[1-7])*$`)
	// emailRE is a plain address check; the service enforces uniqueness.
	emailRE = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[^@\s]+$`)
	// trimmedRE matches text without leading or trailing whitespace.
	trimmedRE = regexp.MustCompile(`(?s)^(\S(.*\S)?)?$`)
)

// trimmed rejects text the service would store trimmed (agents, webhooks and
// voice names are trimmed on write): the value read back would differ from
// the configuration, so it fails at plan time instead of after apply.
func trimmed() validator.String {
	return stringvalidator.RegexMatches(trimmedRE,
		"must not begin or end with whitespace (the service trims it, so the stored value would differ from the configuration)")
}

// Values of delete_mode.
const (
	agentDeleteModeDelete = "delete"
	agentDeleteModeResign = "resign"
)

// NewAgentResource returns the contactcenter_agent resource.
func NewAgentResource() resource.Resource { return &agentResource{} }

type agentResource struct {
	client *client.Client
}

func (r *agentResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_agent"
}

// optionalComputedString is an optional text the service stores as sent and
// answers back; unset keeps what the service holds.
func optionalComputedString(desc string, v ...validator.String) schema.StringAttribute {
	return schema.StringAttribute{
		Optional: true, Computed: true, MarkdownDescription: desc + " Unset, the service's value is kept (removing it from the configuration does not clear it).",
		Validators:    v,
		PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
	}
}

func defaultInt(desc string, def int64, v ...validator.Int64) schema.Int64Attribute {
	return schema.Int64Attribute{Optional: true, Computed: true, MarkdownDescription: desc, Default: int64default.StaticInt64(def), Validators: v}
}

func (r *agentResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	attrs := map[string]schema.Attribute{
		"id": schema.StringAttribute{
			Computed: true, MarkdownDescription: "The agent's `user_id`.",
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		},
		"user_num": schema.StringAttribute{
			Required: true, MarkdownDescription: "Agent number (`user_num`), unique within the enterprise. It cannot be changed: a new value replaces the agent.",
			Validators:    []validator.String{stringvalidator.LengthAtLeast(1), trimmed()},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"user_name": schema.StringAttribute{
			Required: true, MarkdownDescription: "Agent name (`user_name`).",
			Validators: []validator.String{stringvalidator.LengthAtLeast(1), trimmed()},
		},
		"user_password": schema.StringAttribute{
			Optional: true, Sensitive: true,
			MarkdownDescription: "Login password (`user_password`). Stored in state (sensitive); prefer `user_password_wo`, which never is. " +
				"Exactly one of `user_password` and `user_password_wo` must be set. The service never returns the password, so a change made outside Terraform is not detected, and after an import the first apply sends the configured password.",
			Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
		},
		"user_password_wo": schema.StringAttribute{
			Optional: true, Sensitive: true, WriteOnly: true,
			MarkdownDescription: "Login password (`user_password`) as a write-only argument: sent to the service, never stored in plan or state (Terraform 1.11 or later). " +
				"Sent on create and whenever `user_password_wo_version` changes; bump the version to rotate the password.",
			Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
		},
		"user_password_wo_version": schema.Int64Attribute{
			Optional:            true,
			MarkdownDescription: "Version of `user_password_wo`. Required with `user_password_wo`; change it (for example increment it) to send a new password.",
		},
		"ag_nickname":    optionalComputedString("Nickname shown to customers (`ag_nickname`).", trimmed()),
		"user_email":     optionalComputedString("E-mail address (`user_email`), unique within the enterprise.", stringvalidator.RegexMatches(emailRE, "must be an e-mail address")),
		"user_sms_phone": optionalComputedString("Mobile number for SMS (`user_sms_phone`), unique within the enterprise.", trimmed()),
		"fixed_phone":    optionalComputedString("Fixed extension (`fixed_phone`).", trimmed()),
		"crm_id":         optionalComputedString("Third-party id (`crm_id`).", trimmed()),
		"user_type": optionalComputedString("Agent types (`user_type`), a comma-separated list of: `1` call center, `2` online chat, `3` work order, "+
			"`4` management, `5` voice assist, `6` video service, `7` text assist. For example `\"1,2\"`.",
			stringvalidator.RegexMatches(userTypeRE, "must be a comma-separated list of agent types 1-7, for example \"1,2\"")),
		"user_status": defaultInt("Status (`user_status`): `1` on duty, `2` resigned, `3` frozen (§3.3). Defaults to `1`.", 1, int64validator.OneOf(1, 2, 3)),
		"dept_id": schema.Int64Attribute{
			Optional: true, Computed: true, MarkdownDescription: "Department id (`dept_id`). Defaults to the enterprise's root department.",
			Validators:    []validator.Int64{int64validator.AtLeast(1)},
			PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
		},
		"role_id":       optionalInt("Role id (`role_id`). Unset, the service's value is kept.", int64validator.AtLeast(0)),
		"position_id":   optionalInt("Position id (`position_id`). Unset, the service's value is kept.", int64validator.AtLeast(0)),
		"supervisor_id": optionalInt("Supervisor's user id (`supervisor_id`). Unset, the service's value is kept.", int64validator.AtLeast(0)),
		"queue_ids": schema.SetAttribute{
			Optional: true, ElementType: types.Int64Type,
			MarkdownDescription: "Skill groups the agent belongs to (`queue_ids`), as group ids; new memberships get skill level `1`. " +
				"When set, the agent's groups are exactly these and changes made outside Terraform show as drift. " +
				"When unset, this resource manages no membership at all (use `contactcenter_skill_group_members` or `contactcenter_skill_group_member`), " +
				"and removing the attribute leaves the current groups as they are. Do not manage one group through both this attribute and a membership resource.",
			Validators: []validator.Set{setvalidator.ValueInt64sAre(int64validator.AtLeast(1))},
		},
		"user_phone_type":  defaultInt("Web phone (`user_phone_type`): `3` off, `4` on. Defaults to `3`.", 3, int64validator.OneOf(3, 4)),
		"user_login_state": defaultInt("State after login (`user_login_state`): `1` idle, `2` busy. Defaults to `1`.", 1, int64validator.OneOf(1, 2)),
		"user_auto_login":  defaultInt("Log in to the call bar automatically (`user_auto_login`): `1` yes, `0` no. Defaults to `1`.", 1, int64validator.OneOf(0, 1)),
		"is_enable_outbound": schema.BoolAttribute{
			Optional: true, Computed: true, Default: booldefault.StaticBool(true),
			MarkdownDescription: "Allow outbound calls (`is_enable_outbound`). Defaults to `true`.",
		},
		"user_outcall_popup": defaultInt("Pop up the customer screen on outbound calls (`user_outcall_popup`): `1` on, `2` off. Defaults to `1`.", 1, int64validator.OneOf(1, 2)),
		"is_enable_mfa": defaultInt("Multi-factor login (`is_enable_mfa`): `1` on, `2` off. Defaults to `2`. The MFA secret (`mfa_secret`) is never read into state.", 2,
			int64validator.OneOf(1, 2)),
		"is_forbidden_login": schema.BoolAttribute{
			Optional: true, Computed: true, Default: booldefault.StaticBool(false),
			MarkdownDescription: "Forbid the agent to log in (`is_forbidden_login`). Defaults to `false`.",
		},
		"max_sessions": optionalInt("Most simultaneous online-chat sessions (`max_sessions`), at most `300` (§8). Unset, the service's value is kept.",
			int64validator.Between(0, client.AgentMaxSessionsLimit)),
		"basic_sessions": optionalInt("Basic number of online-chat sessions (`basic_sessions`), at least `1` (§8). Unset, the service's value is kept.",
			int64validator.AtLeast(client.AgentBasicSessionsMin)),
		"is_enable_update_capcity": defaultInt("Let the agent change their own session capacity (`is_enable_update_capcity`): `1` on, `2` off. Defaults to `1`.", 1,
			int64validator.OneOf(1, 2)),
		"delete_mode": schema.StringAttribute{
			Optional: true, Computed: true, Default: stringdefault.StaticString(agentDeleteModeDelete),
			MarkdownDescription: "What destroying the resource does: `delete` removes the agent (users/delete); `resign` keeps the agent and its history " +
				"and sets `user_status = 2` (users/edit); when `queue_ids` is set, the agent also leaves those groups (other memberships stay). " +
				"A resigned agent keeps its `user_num`, so a new agent cannot reuse it. Defaults to `delete`.",
			Validators: []validator.String{stringvalidator.OneOf(agentDeleteModeDelete, agentDeleteModeResign)},
		},
		"vcc_id": schema.Int64Attribute{
			Computed: true, MarkdownDescription: "Enterprise id (`vcc_id`).",
			PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
		},
		"vcc_code": schema.StringAttribute{
			Computed: true, MarkdownDescription: "Enterprise code (`vcc_code`).",
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		},
		"dept_name": schema.StringAttribute{
			Computed: true, MarkdownDescription: "Department name (`dept_name`).",
			PlanModifiers: []planmodifier.String{nameFollowsID{id: "dept_id"}},
		},
		"role_name": schema.StringAttribute{
			Computed: true, MarkdownDescription: "Role name (`role_name`).",
			PlanModifiers: []planmodifier.String{nameFollowsID{id: "role_id"}},
		},
		"date_create_time": schema.StringAttribute{
			Computed: true, MarkdownDescription: "Creation time (`date_create_time`), `yyyy-mm-dd HH:ii:ss`.",
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		},
	}
	for _, o := range tfkit.AgentConfigObjects {
		attrs[o.Name] = o.ResourceAttribute()
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "An agent (seat) with its call-bar configuration (spec §4.2, §2.6, §2.6.1). " +
			"Import by id (`terraform import contactcenter_agent.x 1001`) or by agent number (`user_num:8001`). " +
			"Skill-group membership is managed here only when `queue_ids` is set; otherwise use `contactcenter_skill_group_members` " +
			"(the whole membership of one group) or `contactcenter_skill_group_member` (one agent in one group).",
		Attributes: attrs,
	}
}

// IdentitySchema gives the agent a resource identity (Terraform 1.12 and
// later): its user_id, importable with an import block's identity.
func (r *agentResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = identityschema.Schema{Attributes: map[string]identityschema.Attribute{
		"id": identityschema.StringAttribute{RequiredForImport: true, Description: "The agent's id (`user_id`)."},
	}}
}

func (r *agentResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = tfkit.ClientFrom(req.ProviderData, &resp.Diagnostics)
}

func (r *agentResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan agentModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	in := plan.expand(ctx, &resp.Diagnostics)
	in.UserNum = tfkit.StringPtr(plan.UserNum)
	in.UserPassword = r.password(ctx, plan, req.Config, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	created, err := r.client.Agents.Create(ctx, in)
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Create Agent", err)
		return
	}
	plan.ID = types.StringValue(strconv.FormatInt(created.UserID.Int64(), 10))
	// Keep the id in state even if the read below fails, so the agent is not orphaned.
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), plan.ID)...)
	if resp.Identity != nil {
		resp.Diagnostics.Append(resp.Identity.Set(ctx, agentIdentityModel{ID: plan.ID})...)
	}
	r.readInto(ctx, &plan, &resp.Diagnostics, "Unable to Read Agent After Create")
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *agentResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state agentModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("id"), state.ID.ValueString())
	if !ok {
		return
	}
	// The identity is set first: the framework wants one even when the
	// agent turns out to be gone.
	if resp.Identity != nil {
		resp.Diagnostics.Append(resp.Identity.Set(ctx, agentIdentityModel{ID: state.ID})...)
	}
	a, err := r.client.Agents.Get(ctx, id)
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Read Agent", err)
		return
	}
	resp.Diagnostics.Append(state.flatten(a)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *agentResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state agentModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("id"), state.ID.ValueString())
	if !ok {
		return
	}
	in := plan.expand(ctx, &resp.Diagnostics)
	// The password is sent only when it changes: the classic attribute's
	// value, or a new user_password_wo_version.
	if !plan.UserPassword.Equal(state.UserPassword) || !plan.UserPasswordWOVersion.Equal(state.UserPasswordWOVersion) {
		in.UserPassword = r.password(ctx, plan, req.Config, &resp.Diagnostics)
	}
	if resp.Diagnostics.HasError() {
		return
	}
	if _, err := r.client.Agents.Update(ctx, id, in); err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Update Agent", err)
		return
	}
	r.readInto(ctx, &plan, &resp.Diagnostics, "Unable to Read Agent After Update")
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
	if resp.Identity != nil {
		resp.Diagnostics.Append(resp.Identity.Set(ctx, agentIdentityModel{ID: plan.ID})...)
	}
}

func (r *agentResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state agentModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("id"), state.ID.ValueString())
	if !ok {
		return
	}
	var err error
	if state.DeleteMode.ValueString() == agentDeleteModeResign {
		// Resigning keeps the agent and its history. The memberships this
		// resource managed (queue_ids set) go with it, as they would with a
		// delete, so that the groups can be destroyed too.
		status := int64(client.AgentStatusResigned)
		in := client.AgentInput{UserStatus: &status}
		if !state.QueueIDs.IsNull() {
			in.QueueIDs = &[]int64{}
		}
		_, err = r.client.Agents.Update(ctx, id, in)
	} else {
		err = r.client.Agents.Delete(ctx, id)
	}
	if err != nil && !client.IsNotFound(err) {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Delete Agent", err)
	}
}

// ImportState accepts the agent's id or `user_num:<number>`, or an identity.
func (r *agentResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	id := req.ID
	if id == "" && req.Identity != nil {
		var ident agentIdentityModel
		resp.Diagnostics.Append(req.Identity.Get(ctx, &ident)...)
		if resp.Diagnostics.HasError() {
			return
		}
		id = ident.ID.ValueString()
	}
	if num, ok := strings.CutPrefix(req.ID, "user_num:"); ok {
		if num == "" {
			resp.Diagnostics.AddError("Invalid Import ID", "Expected user_num:<agent number>, got an empty agent number.")
			return
		}
		a, err := r.client.Agents.GetByNum(ctx, num)
		if err != nil {
			tfkit.AddAPIError(&resp.Diagnostics, "Unable to Import Agent", err)
			return
		}
		id = strconv.FormatInt(a.UserID.Int64(), 10)
	} else if n, err := strconv.ParseInt(id, 10, 64); err != nil || n <= 0 {
		resp.Diagnostics.AddError("Invalid Import ID",
			fmt.Sprintf("An agent is imported by its numeric id (user_id) or as user_num:<agent number>, got %q.", req.ID))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), id)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("delete_mode"), agentDeleteModeDelete)...)
}

func (r *agentResource) ConfigValidators(_ context.Context) []resource.ConfigValidator {
	return []resource.ConfigValidator{
		resourcevalidator.ExactlyOneOf(path.MatchRoot("user_password"), path.MatchRoot("user_password_wo")),
		resourcevalidator.RequiredTogether(path.MatchRoot("user_password_wo"), path.MatchRoot("user_password_wo_version")),
	}
}

// password returns the password to send: the classic attribute, else the
// write-only one, which only the configuration holds.
func (r *agentResource) password(ctx context.Context, plan agentModel, config interface {
	GetAttribute(context.Context, path.Path, any) diag.Diagnostics
}, diags *diag.Diagnostics) *string {
	if p := tfkit.StringPtr(plan.UserPassword); p != nil {
		return p
	}
	var wo types.String
	diags.Append(config.GetAttribute(ctx, path.Root("user_password_wo"), &wo)...)
	return tfkit.StringPtr(wo)
}

// readInto reads the agent back after a write so computed values are known.
func (r *agentResource) readInto(ctx context.Context, m *agentModel, diags *diag.Diagnostics, summary string) {
	id, _ := strconv.ParseInt(m.ID.ValueString(), 10, 64)
	a, err := r.client.Agents.Get(ctx, id)
	if err != nil {
		diags.AddError(summary, tfkit.APIErrorDetail(err))
		return
	}
	diags.Append(m.flatten(a)...)
}

// objects returns the ten configuration objects of the model by name.
func (m *agentModel) objects() map[string]*types.Object {
	return map[string]*types.Object{
		"evaluate_config": &m.EvaluateConfig, "wait_time_config": &m.WaitTimeConfig, "notice_config": &m.NoticeConfig,
		"user_caller": &m.UserCaller, "outbound_callers": &m.OutboundCallers, "user_display": &m.UserDisplay,
		"wincall_buttons": &m.WincallButtons, "wincall_transfer_ivrs": &m.WincallTransferIvrs,
		"wincall_interact_ivrs": &m.WincallInteractIvrs, "wincall_transfer_queues": &m.WincallTransferQueues,
	}
}

// expand builds the add/edit parameters (without user_num and password).
func (m *agentModel) expand(ctx context.Context, diags *diag.Diagnostics) client.AgentInput {
	in := client.AgentInput{
		UserName:              tfkit.StringPtr(m.UserName),
		AgNickname:            tfkit.StringPtr(m.AgNickname),
		UserEmail:             tfkit.StringPtr(m.UserEmail),
		UserSMSPhone:          tfkit.StringPtr(m.UserSMSPhone),
		FixedPhone:            tfkit.StringPtr(m.FixedPhone),
		UserStatus:            tfkit.Int64Ptr(m.UserStatus),
		DeptID:                tfkit.Int64Ptr(m.DeptID),
		RoleID:                tfkit.Int64Ptr(m.RoleID),
		CrmID:                 tfkit.StringPtr(m.CrmID),
		UserType:              tfkit.StringPtr(m.UserType),
		PositionID:            tfkit.Int64Ptr(m.PositionID),
		SupervisorID:          tfkit.Int64Ptr(m.SupervisorID),
		UserPhoneType:         tfkit.Int64Ptr(m.UserPhoneType),
		UserLoginState:        tfkit.Int64Ptr(m.UserLoginState),
		UserAutoLogin:         tfkit.Int64Ptr(m.UserAutoLogin),
		IsEnableOutbound:      tfkit.BoolPtr(m.IsEnableOutbound),
		UserOutcallPopup:      tfkit.Int64Ptr(m.UserOutcallPopup),
		IsEnableMFA:           tfkit.Int64Ptr(m.IsEnableMFA),
		IsForbiddenLogin:      tfkit.BoolPtr(m.IsForbiddenLogin),
		MaxSessions:           tfkit.Int64Ptr(m.MaxSessions),
		BasicSessions:         tfkit.Int64Ptr(m.BasicSessions),
		IsEnableUpdateCapcity: tfkit.Int64Ptr(m.IsEnableUpdateCapcity),
	}
	if !m.QueueIDs.IsNull() && !m.QueueIDs.IsUnknown() {
		ids, d := tfkit.Int64sFromSet(ctx, m.QueueIDs)
		diags.Append(d...)
		if ids == nil {
			ids = []int64{}
		}
		in.QueueIDs = &ids
	}
	objs := map[string]types.Object{}
	for name, p := range m.objects() {
		objs[name] = *p
	}
	o, d := tfkit.AgentObjectsToAPI(objs)
	diags.Append(d...)
	in.AgentObjects = o
	return in
}

// flatten copies what the service holds into the model. The password,
// delete_mode and (when unmanaged) queue_ids are Terraform-side only.
func (m *agentModel) flatten(a *client.Agent) diag.Diagnostics {
	var diags diag.Diagnostics
	m.ID = types.StringValue(strconv.FormatInt(a.UserID.Int64(), 10))
	m.UserNum = types.StringValue(string(a.UserNum))
	m.UserName = types.StringValue(string(a.UserName))
	m.AgNickname = types.StringValue(string(a.AgNickname))
	m.UserEmail = types.StringValue(string(a.UserEmail))
	m.UserSMSPhone = types.StringValue(string(a.UserSMSPhone))
	m.FixedPhone = types.StringValue(string(a.FixedPhone))
	m.CrmID = types.StringValue(string(a.CrmID))
	m.UserType = types.StringValue(string(a.UserType))
	m.UserStatus = types.Int64Value(a.UserStatus.Int64())
	m.DeptID = types.Int64Value(a.DeptID.Int64())
	m.RoleID = types.Int64Value(a.RoleID.Int64())
	m.PositionID = types.Int64Value(a.PositionID.Int64())
	m.SupervisorID = types.Int64Value(a.SupervisorID.Int64())
	m.VccID = types.Int64Value(a.VccID.Int64())
	m.VccCode = types.StringValue(string(a.VccCode))
	m.DeptName = types.StringValue(string(a.DeptName))
	m.RoleName = types.StringValue(string(a.RoleName))
	m.DateCreateTime = types.StringValue(string(a.DateCreateTime))
	if !m.QueueIDs.IsNull() {
		elems := []attr.Value{}
		for _, id := range a.QueueIDList() {
			elems = append(elems, types.Int64Value(id))
		}
		v, d := types.SetValue(types.Int64Type, elems)
		diags.Append(d...)
		m.QueueIDs = v
	}
	if m.DeleteMode.IsNull() || m.DeleteMode.IsUnknown() {
		m.DeleteMode = types.StringValue(agentDeleteModeDelete)
	}
	objs := tfkit.AgentObjectsDefault()
	if cfg := a.Config; cfg != nil {
		m.UserPhoneType = types.Int64Value(cfg.UserPhoneType.Int64())
		m.UserLoginState = types.Int64Value(cfg.UserLoginState.Int64())
		m.UserAutoLogin = types.Int64Value(cfg.UserAutoLogin.Int64())
		m.IsEnableOutbound = types.BoolValue(bool(cfg.IsEnableOutbound))
		m.UserOutcallPopup = types.Int64Value(cfg.UserOutcallPopup.Int64())
		m.IsForbiddenLogin = types.BoolValue(bool(cfg.IsForbiddenLogin))
		m.MaxSessions = types.Int64Value(cfg.MaxSessions.Int64())
		m.BasicSessions = types.Int64Value(cfg.BasicSessions.Int64())
		m.IsEnableUpdateCapcity = types.Int64Value(cfg.IsEnableUpdateCapcity.Int64())
		var d diag.Diagnostics
		objs, d = tfkit.AgentObjectsFromAPI(cfg.AgentObjects)
		diags.Append(d...)
	}
	m.IsEnableMFA = types.Int64Value(a.MFA())
	for name, p := range m.objects() {
		*p = objs[name]
	}
	return diags
}

// nameFollowsID plans a computed name (dept_name, role_name) as it is in
// state while the id it names (dept_id, role_id) stays the same, so an
// update does not show it as "known after apply". A changed or unknown id
// leaves it unknown; a rename made outside Terraform is read on refresh.
type nameFollowsID struct{ id string }

func (m nameFollowsID) Description(context.Context) string {
	return "Keeps the name from state while " + m.id + " does not change."
}

func (m nameFollowsID) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (m nameFollowsID) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.StateValue.IsNull() || !req.PlanValue.IsUnknown() || req.Plan.Raw.IsNull() {
		return
	}
	var planned, current types.Int64
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root(m.id), &planned)...)
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root(m.id), &current)...)
	if resp.Diagnostics.HasError() || planned.IsUnknown() || !planned.Equal(current) {
		return
	}
	resp.PlanValue = req.StateValue
}

type agentIdentityModel struct {
	ID types.String `tfsdk:"id"`
}

type agentModel struct {
	ID                    types.String `tfsdk:"id"`
	UserNum               types.String `tfsdk:"user_num"`
	UserName              types.String `tfsdk:"user_name"`
	UserPassword          types.String `tfsdk:"user_password"`
	UserPasswordWO        types.String `tfsdk:"user_password_wo"`
	UserPasswordWOVersion types.Int64  `tfsdk:"user_password_wo_version"`
	AgNickname            types.String `tfsdk:"ag_nickname"`
	UserEmail             types.String `tfsdk:"user_email"`
	UserSMSPhone          types.String `tfsdk:"user_sms_phone"`
	FixedPhone            types.String `tfsdk:"fixed_phone"`
	CrmID                 types.String `tfsdk:"crm_id"`
	UserType              types.String `tfsdk:"user_type"`
	UserStatus            types.Int64  `tfsdk:"user_status"`
	DeptID                types.Int64  `tfsdk:"dept_id"`
	RoleID                types.Int64  `tfsdk:"role_id"`
	PositionID            types.Int64  `tfsdk:"position_id"`
	SupervisorID          types.Int64  `tfsdk:"supervisor_id"`
	QueueIDs              types.Set    `tfsdk:"queue_ids"`
	UserPhoneType         types.Int64  `tfsdk:"user_phone_type"`
	UserLoginState        types.Int64  `tfsdk:"user_login_state"`
	UserAutoLogin         types.Int64  `tfsdk:"user_auto_login"`
	IsEnableOutbound      types.Bool   `tfsdk:"is_enable_outbound"`
	UserOutcallPopup      types.Int64  `tfsdk:"user_outcall_popup"`
	IsEnableMFA           types.Int64  `tfsdk:"is_enable_mfa"`
	IsForbiddenLogin      types.Bool   `tfsdk:"is_forbidden_login"`
	MaxSessions           types.Int64  `tfsdk:"max_sessions"`
	BasicSessions         types.Int64  `tfsdk:"basic_sessions"`
	IsEnableUpdateCapcity types.Int64  `tfsdk:"is_enable_update_capcity"`
	DeleteMode            types.String `tfsdk:"delete_mode"`
	VccID                 types.Int64  `tfsdk:"vcc_id"`
	VccCode               types.String `tfsdk:"vcc_code"`
	DeptName              types.String `tfsdk:"dept_name"`
	RoleName              types.String `tfsdk:"role_name"`
	DateCreateTime        types.String `tfsdk:"date_create_time"`
	EvaluateConfig        types.Object `tfsdk:"evaluate_config"`
	WaitTimeConfig        types.Object `tfsdk:"wait_time_config"`
	NoticeConfig          types.Object `tfsdk:"notice_config"`
	UserCaller            types.Object `tfsdk:"user_caller"`
	OutboundCallers       types.Object `tfsdk:"outbound_callers"`
	UserDisplay           types.Object `tfsdk:"user_display"`
	WincallButtons        types.Object `tfsdk:"wincall_buttons"`
	WincallTransferIvrs   types.Object `tfsdk:"wincall_transfer_ivrs"`
	WincallInteractIvrs   types.Object `tfsdk:"wincall_interact_ivrs"`
	WincallTransferQueues types.Object `tfsdk:"wincall_transfer_queues"`
}
