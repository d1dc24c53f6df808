package resources

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"golang.org/x/text/unicode/norm"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ resource.ResourceWithConfigure      = (*agentResource)(nil)
	_ resource.ResourceWithImportState    = (*agentResource)(nil)
	_ resource.ResourceWithValidateConfig = (*agentResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*agentResource)(nil)
	_ resource.ResourceWithIdentity       = (*agentResource)(nil)
)

var (
	// userTypeRE is a comma list of the agent types 1-7 (§2.6), or empty
	// (none: what the service holds for an agent without types).
	userTypeRE = regexp.MustCompile(`^([1-7](,[1-7])*)?$`)
	// trimmedRE matches text without leading or trailing white space, as
	// strings.TrimSpace (the service's trim) sees it: Unicode spaces too,
	// such as the ideographic space U+3000 of copied Chinese text (\s
	// alone is ASCII only).
	trimmedRE = regexp.MustCompile(`(?s)^(` + nonSpace + `(.*` + nonSpace + `)?)?$`)
)

// Values of delete_mode.
const (
	agentDeleteModeDelete = "delete"
	agentDeleteModeResign = "resign"
)

// errNoPassword is the create of an agent without a password. Its text is
// the detail of a diagnostic (at plan time in ModifyPlan, at apply time
// through Create): sentences for the user, capitalized and punctuated.
var errNoPassword = errors.New( //nolint:staticcheck // ST1005: diagnostic text shown verbatim, never wrapped (see above)
	"A new agent needs a password: set user_password or user_password_wo (with user_password_wo_version). " +
		"Only an existing agent, imported or adopted, is managed without one.")

// notInStateCreate follows errNoPassword at plan when the agent is not in
// the state: an adopted agent (no password in its block) deleted outside
// Terraform, or removed by a partial destroy, is planned as a new one. A
// terraform destroy plans the configuration once before it (to refresh
// the state), creates included, and stopped on the error with nothing to
// say why a destroy asked for a password.
const notInStateCreate = "This agent is not in the state, so the plan creates it: it was deleted outside Terraform (the refresh took it out of the state), " +
	"removed by an earlier destroy, or never created. During terraform destroy this error comes from the plan Terraform makes of the configuration " +
	"before destroying (to refresh the state), and it stops the destroy: run terraform destroy -refresh=false, " +
	"or remove the agent from the configuration (or give it a password) first."

// NewAgentResource returns the contactcenter_agent resource.
func NewAgentResource() resource.Resource {
	r := &agentResource{}
	r.Managed = framework.NewManaged("agent", "Agent", r.get)
	return r
}

type agentResource struct {
	// Its Claims record the agents this run resigned (resignedKey): one
	// that a create of the same run finds again is this configuration's own
	// (a replacement), not a former colleague's.
	framework.Managed[agentModel]
}

// optionalComputedString is an optional text the service stores as sent and
// answers back; unset keeps what the service holds.
func optionalComputedString(desc string, v ...validator.String) schema.StringAttribute {
	return framework.OptionalComputedString(desc+" Unset, the service's value is kept (removing it from the configuration does not clear it; set `\"\"` to clear it).", v...)
}

// agentSchema is built once: the framework asks for it on every request
// that needs it, and it is the largest schema of the provider.
var agentSchema = sync.OnceValue(func() schema.Schema {
	return schema.Schema{
		MarkdownDescription: "An agent (seat): a person who logs in to the call bar to answer and place calls, with the agent's settings and the ten configuration objects that shape the call bar. " +
			"Import by id (`terraform import contactcenter_agent.x 1001`), by agent number (`user_num:8001`) or by identity; " +
			"an imported agent is managed without a password in the configuration. " +
			"A setting with a default (`user_phone_type`, `is_forbidden_login` …) that the platform does not report in the agent list " +
			"(the list's `config` member is promised to hold the configuration objects, not these) is left as an adopted agent holds it while the configuration does not set it, " +
			"not planned to its default; set, it is sent. Where the list reports them (the simulator does), an adopted agent's settings that the configuration leaves out " +
			"are planned to their defaults, as `user_status` is: importing an agent barred from logging in plans `is_forbidden_login = true -> false` " +
			"unless the configuration sets it (the plan warns, as it does for a frozen agent's `user_status = 3 -> 1`). " +
			"Skill-group membership is managed here only when `queue_ids` is set; otherwise use `contactcenter_skill_group_members` " +
			"(the whole membership of one group) or `contactcenter_skill_group_member` (one agent in one group). " +
			"Renaming the resource or changing its `for_each` key needs a `moved` block from the old address to the new one: without it the plan deletes " +
			"the agent and creates a new one with the same `user_num`, without the old one's history (with `delete_mode = \"resign\"`, it resigns " +
			"the agent and re-activates it) (the plan warns \"Agent Deleted and Created Again\"). Terraform runs the two in any order: a create that finds the delete of its number " +
			"under way waits for it, and one that runs first is refused (the number is taken), which the next apply settles. " +
			"Keep agents under `for_each` keyed by `user_num` rather than `count`: removing an element of a list that `count` iterates replaces " +
			"every later agent by a new one with the next element's number (the plan warns the same way). " +
			"Where a `ccsync` roster manages agents on the same platform (a resigned agent's number given to a new hire, firing, `--prune`, exports), " +
			"see [Terraform or the spreadsheet?](../guides/spreadsheets-with-ccsync.md#terraform-or-the-spreadsheet) in the ccsync guide. " +
			"API: users/add, users/edit, users/list, users/delete (spec §4.2, §2.6, §2.6.1).",
		Attributes: framework.OmitNulls(framework.Strict(AgentAttributes())),
	}
})

func (r *agentResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = agentSchema()
}

// AgentAttributes are the agent's fields, declared once for the resource and
// the contactcenter_agent and contactcenter_agents data sources.
func AgentAttributes() map[string]schema.Attribute {
	attrs := map[string]schema.Attribute{
		"id": framework.IDAttribute("The agent's `user_id`."),
		"user_num": schema.StringAttribute{
			Required: true, MarkdownDescription: "Agent number (`user_num`), not empty, unique within the enterprise. It cannot be changed: a new value replaces the agent " +
				"(the old agent is destroyed first; the plan warns when another agent holds the new value, since the apply would then refuse the new agent after destroying the old one).",
			Validators:    []validator.String{stringvalidator.LengthAtLeast(1), trimmed()},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace(), lookalikeNumber.whenWritten()},
		},
		"user_name": schema.StringAttribute{
			Required: true, MarkdownDescription: "Agent name (`user_name`), not empty.",
			Validators: []validator.String{stringvalidator.LengthAtLeast(1), trimmed()},
		},
		"user_password": schema.StringAttribute{
			Optional: true, Sensitive: true,
			MarkdownDescription: "Login password (`user_password`). Stored in state (sensitive); prefer `user_password_wo`, which never is. " +
				"At most one of `user_password` and `user_password_wo` may be set; creating an agent needs one of them, managing an existing (imported) agent needs neither. The service never returns the password, so a change made outside Terraform is not detected, and after an import a configured password is sent by the first apply.",
			Validators: []validator.String{stringvalidator.LengthAtLeast(1), typablePassword},
		},
		"user_password_wo": schema.StringAttribute{
			Optional: true, Sensitive: true, WriteOnly: true,
			MarkdownDescription: "Login password (`user_password`) as a write-only argument: sent to the service, never stored in plan or state (Terraform 1.11 or later). " +
				"Sent on create and whenever `user_password_wo_version` changes; bump the version to rotate the password.",
			Validators: []validator.String{stringvalidator.LengthAtLeast(1), typablePassword},
		},
		"user_password_wo_version": schema.Int64Attribute{
			Optional:            true,
			MarkdownDescription: "Version of `user_password_wo`. Required with `user_password_wo`; change it (for example increment it) to send a new password.",
		},
		"ag_nickname":    optionalComputedString("Nickname shown to customers (`ag_nickname`).", trimmed()),
		"user_email":     optionalComputedString("E-mail address (`user_email`), a plain address such as `ann.lee@example.com`, unique within the enterprise.", emailAddress),
		"user_sms_phone": warnWritten(optionalComputedString("Mobile number for SMS (`user_sms_phone`), unique within the enterprise.", trimmed()), lookalikeNumber),
		"fixed_phone":    warnWritten(optionalComputedString("Fixed extension (`fixed_phone`).", trimmed()), lookalikeNumber),
		"crm_id":         optionalComputedString("Third-party id (`crm_id`).", trimmed()),
		"user_type": optionalComputedString("Agent types (`user_type`), a comma-separated list of: `1` call center, `2` online chat, `3` work order, "+
			"`4` management, `5` voice assist, `6` video service, `7` text assist. For example `\"1,2\"`.",
			tfkit.Matching(userTypeRE, "must be a comma-separated list of agent types 1-7 without spaces, for example \"1,2\"")),
		"user_status": framework.DefaultInt64("Status (`user_status`): `1` on duty, `2` resigned, `3` frozen; any status can be set at any time. Defaults to `1`: "+
			"an agent frozen or resigned after the apply (in the portal) shows at the next plan as a change back to the configured status, which the apply makes, "+
			"and when `user_status` is not set that unfreezes a frozen agent and re-activates a resigned one (the plan warns, \"Agent Unfrozen by the Default Status\", "+
			"\"Agent Re-activated by the Default Status\"; "+
			"`lifecycle { ignore_changes = [user_status] }` leaves the status to the portal).", 1, tfkit.OneOf(tfkit.Means(1, "on duty"), tfkit.Means(2, "resigned"), tfkit.Means(3, "frozen"))),
		"dept_id": framework.OptionalComputedInt64("Department id (`dept_id`). Unset, the service's value is kept (a new agent is put in the enterprise's root department; removing it from the configuration does not move the agent).",
			int64validator.AtLeast(1)),
		"role_id":       framework.OptionalComputedInt64("Role id (`role_id`). Unset, the service's value is kept.", int64validator.AtLeast(0)),
		"position_id":   framework.OptionalComputedInt64("Position id (`position_id`). Unset, the service's value is kept.", int64validator.AtLeast(0)),
		"supervisor_id": framework.OptionalComputedInt64("Supervisor's user id (`supervisor_id`). Unset, the service's value is kept.", int64validator.AtLeast(0)),
		"queue_ids": schema.SetAttribute{
			Optional: true, ElementType: types.Int64Type,
			MarkdownDescription: "Skill groups the agent belongs to (`queue_ids`), as group ids; new memberships get skill level `1`. " +
				"When set, the agent's groups are exactly these and changes made outside Terraform show as drift; set on an agent that exists " +
				"(adopted, or managed before without it), the plan warns of the groups the agent will leave. " +
				"When unset, this resource manages no membership at all (use `contactcenter_skill_group_members` or `contactcenter_skill_group_member`; " +
				"only a create that re-activates another configuration's resigned agent, see `delete_mode`, takes it out of its groups), " +
				"and removing the attribute leaves the current groups as they are (the plan warns). Do not manage one group through both this attribute and a membership resource, " +
				"nor add an agent with `queue_ids` to another group through one: the attribute lists all of the agent's groups, so each apply would undo the other " +
				"(an apply that writes both, in one configuration, warns \"Skill Group Managed Twice\") " +
				"(the plan of an update warns of the groups it takes the agent out of that this configuration did not put it in, as do a destroy and a replacement (a new `user_num`) with `delete_mode = \"resign\"`; " +
				"it knows them from its last create or update, so an imported agent's first plan cannot). " +
				"To delete a group an agent is in, take it out of `queue_ids` in one apply and remove the group in the next: Terraform deletes the group before it updates the agent, " +
				"and the platform refuses to delete a group with agents (unless its `force_delete` was applied first).",
			Validators: []validator.Set{tfkit.EachInt64(tfkit.AtLeastID(1, "skill-group"))},
		},
		"user_phone_type":  framework.DefaultInt64("Web phone (`user_phone_type`): `3` off, `4` on. Defaults to `3`.", 3, tfkit.OneOf(tfkit.Means(3, "off"), tfkit.Means(4, "on"))),
		"user_login_state": framework.DefaultInt64("State after login (`user_login_state`): `1` idle, `2` busy. Defaults to `1`.", 1, tfkit.OneOf(tfkit.Means(1, "idle"), tfkit.Means(2, "busy"))),
		"user_auto_login":  framework.DefaultInt64("Log in to the call bar automatically (`user_auto_login`): `1` yes, `0` no. Defaults to `1`.", 1, tfkit.OneOf(tfkit.Means(1, "yes"), tfkit.Means(0, "no"))),
		"is_enable_outbound": schema.BoolAttribute{
			Optional: true, Computed: true, Default: booldefault.StaticBool(true),
			MarkdownDescription: "Allow outbound calls (`is_enable_outbound`). Defaults to `true`: when it is not set, an agent barred from outbound calls outside this configuration " +
				"(in the portal, or before it was imported) may call out again after the next apply (the plan warns, \"Agent Allowed Outbound Calls by the Default\"; " +
				"`lifecycle { ignore_changes = [is_enable_outbound] }` leaves it to the portal).",
		},
		"user_outcall_popup": framework.DefaultInt64("Pop up the customer screen on outbound calls (`user_outcall_popup`): `1` on, `2` off. Defaults to `1`.", 1, tfkit.OneOf(tfkit.Means(1, "on"), tfkit.Means(2, "off"))),
		"is_enable_mfa": framework.DefaultInt64("Multi-factor login (`is_enable_mfa`): `1` on, `2` off. Defaults to `2`: when it is not set, multi-factor login turned on outside this configuration "+
			"(in the portal, or before the agent was imported) is turned off by the next apply (the plan warns, \"Agent MFA Turned Off by the Default\"; "+
			"`lifecycle { ignore_changes = [is_enable_mfa] }` leaves it to the portal). The MFA secret (`mfa_secret`) is never read into state.", 2,
			tfkit.OneOf(tfkit.Means(1, "on"), tfkit.Means(2, "off"))),
		"is_forbidden_login": schema.BoolAttribute{
			Optional: true, Computed: true, Default: booldefault.StaticBool(false),
			MarkdownDescription: "Forbid the agent to log in (`is_forbidden_login`). Defaults to `false`: when it is not set, an agent barred from logging in outside this configuration " +
				"(in the portal, or before it was imported) is let in again by the next apply (the plan warns, \"Agent Allowed to Log In by the Default\"; " +
				"`lifecycle { ignore_changes = [is_forbidden_login] }` leaves it to the portal).",
		},
		"max_sessions": framework.OptionalComputedInt64("Most simultaneous online-chat sessions (`max_sessions`), from `0` to `300` (the platform's limit). Unset, the service's value is kept.",
			int64validator.Between(0, client.AgentMaxSessionsLimit)),
		"basic_sessions": framework.OptionalComputedInt64("Basic number of online-chat sessions (`basic_sessions`), at least `1` (the platform's minimum). Unset, the service's value is kept.",
			int64validator.AtLeast(client.AgentBasicSessionsMin)),
		"is_enable_update_capcity": framework.DefaultInt64("Let the agent change their own session capacity (`is_enable_update_capcity`): `1` on, `2` off. Defaults to `1`.", 1,
			tfkit.OneOf(tfkit.Means(1, "on"), tfkit.Means(2, "off"))),
		"delete_mode": schema.StringAttribute{
			Optional: true, Computed: true, Default: stringdefault.StaticString(agentDeleteModeDelete),
			MarkdownDescription: "What destroying the resource does: `delete` removes the agent (users/delete); `resign` keeps the agent and its history " +
				"and sets `user_status = 2` (users/edit); when `queue_ids` is set, the agent also leaves those groups (other memberships stay). " +
				"A resigned agent keeps its `user_num`: applying the configuration again re-activates that agent (users/edit) instead of creating one. " +
				"So does creating an agent whose `user_num` a resigned agent holds (one resigned in the portal too): that agent is set as a new one would be, " +
				"its nickname, e-mail, phones, CRM id and skill groups cleared unless configured (its call history stays), and a warning names what was cleared and kept; the plan of such a create warns too (one list of the resigned agents per plan or apply; if it fails, the plan warns once and goes on). " +
				"An agent the same apply resigned (a replacement) comes back as it was, with its skill groups. " +
				"A resigned agent also keeps its `user_email` and `user_sms_phone`, which are unique: a new `user_num` that keeps them is refused at plan " +
				"(\"Resigned Agent Keeps user_email\": the create would be refused after the old agent was resigned); set them to `\"\"` and apply first. " +
				"A replacement (a new `user_num`, `-replace`) destroys the old agent with the `delete_mode` the last apply saved: change it in an apply of its own first " +
				"(a plan that changes it from `delete` to `resign` together with `user_num` is refused). The plan of a new `user_num` with `resign` warns that the old agent is resigned, " +
				"not deleted (\"Replacement Resigns the Agent\"); a `user_num` known only at apply (another resource's value) replaces the agent whatever it comes out as, " +
				"and is checked and warned of the same way (with `delete`, \"Replacement Deletes the Agent\"); a replacement Terraform plans without a new `user_num` (`-replace`, a tainted agent) is not told to the provider, and resigns the agent all the same without that warning. Defaults to `delete`.",
			Validators: []validator.String{stringvalidator.OneOf(agentDeleteModeDelete, agentDeleteModeResign)},
		},
		"vcc_id":   framework.StableInt64("Enterprise id (`vcc_id`)."),
		"vcc_code": framework.Stamp("Enterprise code (`vcc_code`)."),
		"dept_name": schema.StringAttribute{
			Computed: true, MarkdownDescription: "Department name (`dept_name`).",
			PlanModifiers: []planmodifier.String{framework.FollowsAttribute("dept_id")},
		},
		"role_name": schema.StringAttribute{
			Computed: true, MarkdownDescription: "Role name (`role_name`).",
			PlanModifiers: []planmodifier.String{framework.FollowsAttribute("role_id")},
		},
		"date_create_time": framework.Stamp("Creation time (`date_create_time`), `yyyy-mm-dd HH:ii:ss` in the platform's local time (no zone)."),
	}
	for _, o := range tfkit.AgentConfigObjects {
		attrs[o.Name] = o.ResourceAttribute()
	}
	unansweredSettings(attrs)
	return attrs
}

// AgentConfigAttributeNames are the attributes of the config member
// (relations_config = 1), which the list data source does not ask for.
func AgentConfigAttributeNames() []string {
	var names []string
	for _, s := range client.AgentSettings {
		names = append(names, s.Name)
	}
	for _, o := range tfkit.AgentConfigObjects {
		names = append(names, o.Name)
	}
	return names
}

// AgentProviderAttributeNames are the attributes the service does not hold
// or the resource may not manage (queue_ids): data sources leave them out.
var AgentProviderAttributeNames = []string{"user_password", "user_password_wo", "user_password_wo_version", "delete_mode", "queue_ids"}

func (r *agentResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = framework.IDIdentity("The agent's id (`user_id`).")
}

func (r *agentResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	r.Steps.Create(ctx, req, resp, func(ctx context.Context, plan *agentModel) error {
		defer agentNumber.applied(r.Claims, plan.UserNum)
		defer contactsApplied(r.Claims, plan)
		in, err := plan.expand(ctx)
		if err != nil {
			return err
		}
		if in.UserPassword, err = password(ctx, *plan, req.Config); err != nil {
			return err
		}
		if in.UserPassword == nil {
			return errNoPassword
		}
		twice := queueIDsWrite(ctx, r.Claims, walkOf(r.Client), in, plan.QueueIDs, plan.UserNum.ValueString(), "")
		a, err := r.Client.Agents.Create(ctx, in)
		if err != nil {
			var detail string
			if a, detail, err = r.reactivate(ctx, in, err); err != nil {
				return err
			}
			if detail != "" {
				resp.Diagnostics.AddWarning("Resigned Agent Re-activated", detail)
			}
		}
		plan.ID = types.StringValue(strconv.FormatInt(a.UserID.Int64(), 10))
		r.Claims.ClaimAs(walkOf(r.Client), createdHereKey(plan.UserNum.ValueString(), plan.ID.ValueString()))
		twice(plan.ID.ValueString(), &resp.Diagnostics)
		setAppliedQueueIDs(ctx, resp.Private, plan.QueueIDs, &resp.Diagnostics)
		return nil
	})
	recordConfiguredDefaults(ctx, req.Config.Raw, resp.Private, &resp.Diagnostics, agentUndoneByDefault)
}

func (r *agentResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	r.Steps.Update(ctx, req, resp, func(ctx context.Context, plan, state *agentModel) error {
		defer contactsApplied(r.Claims, plan)
		in, err := plan.expand(ctx)
		if err != nil {
			return err
		}
		prior, err := state.expand(ctx)
		if err != nil {
			return err
		}
		// users/edit takes every parameter but user_id as optional (spec
		// §4.2): only what the plan changes is sent. Sent whole, the edit
		// carried values nobody set nor changed, and a value the portal
		// holds outside the add/edit rules (basic_sessions 0, dept_id 0)
		// made any edit of an adopted agent fail.
		unchangedAgentInput(&in, &prior)
		// The password is sent only when it changes: the classic attribute's
		// value, or a new user_password_wo_version.
		if !plan.UserPassword.Equal(state.UserPassword) || !plan.UserPasswordWOVersion.Equal(state.UserPasswordWOVersion) {
			if in.UserPassword, err = password(ctx, *plan, req.Config); err != nil {
				return err
			}
		}
		// A password removed from the configuration is left as it is: when
		// that is the whole change, there is nothing to send.
		if in.UserPassword == nil && (reflect.ValueOf(in).IsZero() || framework.OnlyChanged(ctx, req.Plan.Raw, req.State.Raw, req.Config.Raw,
			"delete_mode", "user_password", "user_password_wo_version")) {
			setAppliedQueueIDs(ctx, resp.Private, plan.QueueIDs, &resp.Diagnostics)
			return nil
		}
		twice := queueIDsWrite(ctx, r.Claims, walkOf(r.Client), in, plan.QueueIDs, plan.UserNum.ValueString(), state.ID.ValueString())
		if _, err = r.Client.Agents.Update(ctx, framework.ID(state.ID), in); err != nil {
			return err
		}
		twice(state.ID.ValueString(), &resp.Diagnostics)
		// The groups queue_ids lists are the agent's now (sent, or held
		// already): recorded for warnQueueIDsAddedOutside. A failed update
		// keeps the last record.
		setAppliedQueueIDs(ctx, resp.Private, plan.QueueIDs, &resp.Diagnostics)
		return nil
	}, "delete_mode")
	recordConfiguredDefaults(ctx, req.Config.Raw, resp.Private, &resp.Diagnostics, agentUndoneByDefault)
}

// Delete removes the agent, or with delete_mode = "resign" (as the state
// holds it: the value configured when the agent was last applied) resigns it.
func (r *agentResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	r.Steps.Delete(ctx, req, resp, func(ctx context.Context, state *agentModel) error {
		defer agentNumber.applied(r.Claims, state.UserNum)
		// A create of the same number in this apply (a for_each key
		// changed without a moved block) waits until the number is
		// resigned or freed (reactivate).
		defer r.Claims.Lock(numberKey(state.UserNum.ValueString()))()
		id := framework.ID(state.ID)
		if state.DeleteMode.ValueString() != agentDeleteModeResign {
			err := r.Client.Agents.Delete(ctx, id)
			if err != nil && client.IsAmbiguous(err) && ctx.Err() == nil {
				// The answer was lost: a read says whether the agent is gone
				// (the number is then free for a create in this apply).
				if _, gerr := r.Client.Agents.Get(client.FreshReads(ctx), id); client.IsNotFound(gerr) {
					err = nil
				}
			}
			if err == nil {
				r.Claims.Claim(freedKey(state.UserNum.ValueString()))
			}
			return err
		}
		// Resigning keeps the agent and its history. The memberships this
		// resource managed (queue_ids set) go with it, as they would with a
		// delete, so that the groups can be destroyed too.
		status := int64(client.AgentStatusResigned)
		in := client.AgentInput{UserStatus: &status}
		if !state.QueueIDs.IsNull() {
			in.QueueIDs = &[]int64{}
		}
		_, err := r.Client.Agents.Update(ctx, id, in)
		if err != nil && client.IsAmbiguous(err) && ctx.Err() == nil {
			// The answer was lost: the agent says whether the resign (one
			// edit, queue_ids with it) took effect. Failed while it had, the
			// old instance stayed in the state with the agent's id, and a
			// create of its number in this apply re-activated the agent:
			// the next apply then resigned the agent the new one manages.
			if a, gerr := r.Client.Agents.Get(client.FreshReads(ctx), id); gerr == nil && a.UserStatus.Int64() == client.AgentStatusResigned {
				err = nil
			}
		}
		if err == nil {
			r.Claims.Claim(resignedKey(id))
		}
		return err
	}, nil)
}

// get reads the agent m names through the client's finder.
func (r *agentResource) get(ctx context.Context, m *agentModel) error {
	a, err := r.Client.Agents.Get(ctx, framework.ID(m.ID))
	if client.IsNotFound(err) && m.UserNum.IsNull() {
		// Just imported (the state holds the id only): an agent number
		// taken for the id is a common mistake, both being digits. Said
		// here, it costs a call only when the import fails.
		if b, nerr := r.Client.Agents.GetByNum(ctx, m.ID.ValueString()); nerr == nil {
			return fmt.Errorf("no agent has the id %s; the agent whose number (user_num) is %s has the id %d: import it as %d, or as user_num:%s",
				m.ID.ValueString(), m.ID.ValueString(), b.UserID.Int64(), b.UserID.Int64(), m.ID.ValueString())
		}
	}
	if err != nil {
		return err
	}
	if err := sameAgent(m, a); err != nil {
		return err
	}
	return framework.DiagsError(m.flatten(a))
}

// sameAgent refuses a read whose agent has another number than the state's:
// users/edit cannot change user_num (spec §4.2), so the id names another
// agent, most often of another contact center (a resource moved to another
// provider alias or endpoint, or a moved block between two). Taken as
// drift, the plan replaced "7001" with "7002" there: it deleted the other
// center's agent, which another resource managed.
func sameAgent(m *agentModel, a *client.Agent) error {
	had := m.UserNum.ValueString()
	// Compared in one Unicode form: Terraform writes a configuration's
	// strings composed (NFC), and an agent made in the portal may hold the
	// same number decomposed ("7e" and U+0301 for "7é"), which read as
	// another agent after an import, at every plan.
	if m.UserNum.IsNull() || m.UserNum.IsUnknown() || had == "" || norm.NFC.String(string(a.UserNum)) == norm.NFC.String(had) {
		return nil
	}
	return &framework.OtherObjectError{
		Msg: fmt.Sprintf("agent id %s answers as agent %+q, but this resource manages agent %+q: an agent's number never changes, "+
			"so the id names another agent. The provider configuration may point at another contact center than the one this agent was created in "+
			"(the resource's provider or the endpoint changed, a moved block crossed two provider configurations, or this state was copied from another center's folder or workspace).",
			m.ID.ValueString(), string(a.UserNum), had),
		Advice: "Point the resource back at its contact center, or remove it from the state (terraform state rm, or a removed block) and import the agent this configuration means.",
	}
}

// expand builds the add/edit parameters (without the password).
func (m *agentModel) expand(ctx context.Context) (client.AgentInput, error) {
	var in client.AgentInput
	framework.Expand(m.AgentFields, &in)
	framework.Expand(m.AgentConfigFields, &in)
	in.UserPassword = nil
	var diags diag.Diagnostics
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
	return in, framework.DiagsError(diags)
}

// flatten copies what the service holds into the model. The password,
// delete_mode and (when unmanaged) queue_ids are Terraform-side only.
func (m *agentModel) flatten(a *client.Agent) diag.Diagnostics {
	m.AgentFields.Flatten(a)
	diags := m.AgentConfigFields.Flatten(a.Config)
	if m.QueueIDs.IsNull() {
		m.QueueIDs = types.SetNull(types.Int64Type) // typed, also in a new model (list resource)
	} else {
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
	return diags
}

// Flatten sets the fields from a users/list item.
func (f *AgentFields) Flatten(a *client.Agent) {
	framework.Flatten(a, f)
	f.ID = types.StringValue(strconv.FormatInt(a.UserID.Int64(), 10))
	f.IsEnableMFA = types.Int64Value(a.MFA())
}

// Flatten sets the fields from the config member; without one (the list
// was not asked for it) the scalars are left as they are and the objects
// read as the spec's defaults. A setting the member lacks keeps the value
// the model holds (null when it holds none, or an unknown one): §2.6 gives
// config the structure of the §2.6.1 objects and does not promise the
// settings in it, and one read as 0 or false would plan a change on every
// run, and fail an apply that set it ("inconsistent result").
func (f *AgentConfigFields) Flatten(cfg *client.AgentConfig) diag.Diagnostics {
	objs := tfkit.AgentObjectsDefault()
	var diags diag.Diagnostics
	if cfg != nil {
		before := *f
		framework.Flatten(cfg, f)
		f.keepUnanswered(cfg, before)
		objs, diags = tfkit.AgentObjectsFromAPI(cfg.AgentObjects)
	}
	for name, p := range f.objects() {
		*p = objs[name]
	}
	return diags
}

// objects returns the ten configuration objects by name.
func (f *AgentConfigFields) objects() map[string]*types.Object {
	return map[string]*types.Object{
		"evaluate_config": &f.EvaluateConfig, "wait_time_config": &f.WaitTimeConfig, "notice_config": &f.NoticeConfig,
		"user_caller": &f.UserCaller, "outbound_callers": &f.OutboundCallers, "user_display": &f.UserDisplay,
		"wincall_buttons": &f.WincallButtons, "wincall_transfer_ivrs": &f.WincallTransferIvrs,
		"wincall_interact_ivrs": &f.WincallInteractIvrs, "wincall_transfer_queues": &f.WincallTransferQueues,
	}
}

// AgentFields are an agent's fields as users/list answers them (§2.6),
// shared by the resource, the list resource and both data sources.
type AgentFields struct {
	ID             types.String `tfsdk:"id"`
	UserNum        types.String `tfsdk:"user_num"`
	UserName       types.String `tfsdk:"user_name"`
	AgNickname     types.String `tfsdk:"ag_nickname"`
	UserEmail      types.String `tfsdk:"user_email"`
	UserSMSPhone   types.String `tfsdk:"user_sms_phone"`
	FixedPhone     types.String `tfsdk:"fixed_phone"`
	CrmID          types.String `tfsdk:"crm_id"`
	UserType       types.String `tfsdk:"user_type"`
	UserStatus     types.Int64  `tfsdk:"user_status"`
	DeptID         types.Int64  `tfsdk:"dept_id"`
	RoleID         types.Int64  `tfsdk:"role_id"`
	PositionID     types.Int64  `tfsdk:"position_id"`
	SupervisorID   types.Int64  `tfsdk:"supervisor_id"`
	IsEnableMFA    types.Int64  `tfsdk:"is_enable_mfa"`
	VccID          types.Int64  `tfsdk:"vcc_id"`
	VccCode        types.String `tfsdk:"vcc_code"`
	DeptName       types.String `tfsdk:"dept_name"`
	RoleName       types.String `tfsdk:"role_name"`
	DateCreateTime types.String `tfsdk:"date_create_time"`
}

// AgentConfigFields are the agent's config member (relations_config = 1):
// settings and the ten configuration objects of §2.6.1.
type AgentConfigFields struct {
	UserPhoneType         types.Int64  `tfsdk:"user_phone_type"`
	UserLoginState        types.Int64  `tfsdk:"user_login_state"`
	UserAutoLogin         types.Int64  `tfsdk:"user_auto_login"`
	IsEnableOutbound      types.Bool   `tfsdk:"is_enable_outbound"`
	UserOutcallPopup      types.Int64  `tfsdk:"user_outcall_popup"`
	IsForbiddenLogin      types.Bool   `tfsdk:"is_forbidden_login"`
	MaxSessions           types.Int64  `tfsdk:"max_sessions"`
	BasicSessions         types.Int64  `tfsdk:"basic_sessions"`
	IsEnableUpdateCapcity types.Int64  `tfsdk:"is_enable_update_capcity"`
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

type agentModel struct {
	AgentFields
	AgentConfigFields
	UserPassword          types.String `tfsdk:"user_password"`
	UserPasswordWO        types.String `tfsdk:"user_password_wo"`
	UserPasswordWOVersion types.Int64  `tfsdk:"user_password_wo_version"`
	QueueIDs              types.Set    `tfsdk:"queue_ids"`
	DeleteMode            types.String `tfsdk:"delete_mode"`
}
