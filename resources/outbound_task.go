package resources

import (
	"context"
	"fmt"
	"iter"
	"reflect"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ resource.ResourceWithConfigure        = (*outboundTaskResource)(nil)
	_ resource.ResourceWithImportState      = (*outboundTaskResource)(nil)
	_ resource.ResourceWithIdentity         = (*outboundTaskResource)(nil)
	_ resource.ResourceWithConfigValidators = (*outboundTaskResource)(nil)
	_ resource.ResourceWithModifyPlan       = (*outboundTaskResource)(nil)
	_ list.ListResourceWithConfigure        = (*outboundTaskLister)(nil)
)

// NewOutboundTaskResource returns the contactcenter_outbound_task resource.
func NewOutboundTaskResource() resource.Resource {
	r := &outboundTaskResource{}
	r.Managed = framework.NewManaged("outbound_task", "Outbound Task", r.get)
	r.Steps.Volatile = []string{"status", "status_string", "updated_at"} // opened or paused by an action or in the portal
	return r
}

type outboundTaskResource struct {
	framework.Managed[outboundTaskModel]
}

func (r *outboundTaskResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "An outbound call task (project): the platform dials the task's numbers and hands each connected call on. " +
			"There are three kinds: predictive (`type = 1`) dials ahead for a set of agents and passes each answered call to a skill group, " +
			"automatic (`3`) passes answered calls to an IVR, and robot (`4`) lets a voice robot talk, with a skill group for transfer to a person. " +
			"What is required depends on the type, and every rule is checked at plan time: " +
			"a predictive task needs `assigned_users`, `config.call_ratio_type` and `config.max_call_ratio` " +
			"(and `config.manual_call_ratio` when the ratio is manual); a robot task needs `config.tts`, `config.nlp_silence_time`, " +
			"`config.enable_scheduler`, `config.agent_wait_time`, `config.que_id` and `config.max_call_ratio`, and `assigned_users` " +
			"(members of the `que_id` group) when scheduling is on. `status` opens, pauses or closes the task. " +
			"Every field with a platform default has that default in the schema (each attribute below names it); an object or list left out of the configuration " +
			"stays null while the service holds nothing but its defaults. " +
			"Renaming the resource or changing its `for_each` key needs a `moved` block from the old address to the new one: without it the plan deletes the task " +
			"and creates a new one, without the old one's dialing and call records (the plan warns \"Outbound Task Deleted and Created Again\"; an open task's delete fails the plan). " +
			"An edit writes every member of the task (projects/updateOrCreate); a member the plan does not change that the portal changed since the plan is sent as the platform holds it then (one read), so that change is kept. " +
			"API: projects/updateOrCreate, projects/detail, projects/status/update, projects/delete (spec §4.3, §2.7).",
		Attributes: framework.OmitNulls(framework.Strict(OutboundTaskAttributes())),
	}
}

// OutboundTaskAttributes are the task's fields, declared once for the
// resource and (the top-level ones) the contactcenter_outbound_tasks data
// source. The nested objects are in outbound_task_config.go.
func OutboundTaskAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"id": framework.IDAttribute("The project id (`id`)."),
		"name": schema.StringAttribute{
			Required: true, MarkdownDescription: "Project name (`name`), not empty nor white space only, and kept as written (spaces at either end included).",
			Validators: []validator.String{stringvalidator.LengthAtLeast(1), notBlank()},
		},
		"type": schema.Int64Attribute{
			Required: true, MarkdownDescription: "Task type (`type`): `1` predictive, `3` automatic, `4` robot. Changing it replaces the task.",
			Validators:    []validator.Int64{tfkit.OneOf(tfkit.Means(1, "predictive"), tfkit.Means(3, "automatic"), tfkit.Means(4, "robot"))},
			PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()},
		},
		"context": schema.StringAttribute{
			Computed: true,
			MarkdownDescription: "Where a connected call goes (`context`), fixed by the type: `mc_transque` (type 1, to a skill group), " +
				"`mc_transivr` (type 3, to an IVR), `mc_transai` (type 4, to a robot).",
			PlanModifiers: []planmodifier.String{planContextFromType},
		},
		"trans_to": schema.StringAttribute{
			Optional: true,
			MarkdownDescription: "Transfer target (`trans_to`), read by `context`: the skill-group id for `mc_transque`, the IVR code for " +
				"`mc_transivr` (`ivr_code` of `contactcenter_ivrs`, not its id or name), the robot script id for `mc_transai`.",
			Validators: []validator.String{stringvalidator.LengthAtLeast(1), trimmed()},
		},
		"dept_id": framework.DefaultInt64("Department id (`dept_id`). Defaults to `0`.", 0, int64validator.AtLeast(0)),
		"status": schema.StringAttribute{
			Optional: true, Computed: true, Default: stringdefault.StaticString("closed"),
			MarkdownDescription: taskStatusDescription,
			Validators:          []validator.String{stringvalidator.OneOf("closed", "open", "paused")},
		},
		"priority": framework.DefaultInt64("Weight of the task (`priority`) from `0` to `255`; a larger weight gets a larger share of calls. Defaults to `100`.",
			100, int64validator.Between(0, 255)),
		"concurrent": framework.OptionalComputedInt64("Concurrent lines (`concurrent`). Unset, the service's value is kept: the service chooses it for a new task, and removing it from the configuration keeps the last value.",
			int64validator.AtLeast(0)),
		"callers": schema.ListAttribute{
			ElementType: types.StringType, Optional: true,
			MarkdownDescription: "Caller numbers of the task (`callers`), e.g. trunk numbers from `contactcenter_trunk_numbers`.",
			Validators:          []validator.List{listvalidator.ValueStringsAre(stringvalidator.LengthAtLeast(1))},
		},
		"max_conn_secs":     framework.DefaultInt64("Longest call duration (`max_conn_secs`), in seconds. Defaults to `300`.", 300, int64validator.AtLeast(0)),
		"timeout_secs":      framework.DefaultInt64("Outbound time-out (`timeout_secs`), in seconds: a call not connected by then is hung up. Defaults to `30`.", 30, int64validator.AtLeast(0)),
		"max_queue_secs":    framework.DefaultInt64("Data freshness (`max_queue_secs`), in seconds, at least `0`: data not dialed within this time after receipt is not dialed; `0` is unlimited. Defaults to `0`.", 0, int64validator.AtLeast(0)),
		"enable_asr":        defaultFalse("Whether speech recognition is on (`enable_asr`); it chooses between `recall_strategies.default` (off) and `recall_strategies.asr` (on)."),
		"config":            taskConfigAttribute(),
		"recall_strategies": recallStrategiesAttribute(),
		"assigned_users":    assignedUsersAttribute(),
		"worktime":          worktimeAttribute(),
		"filter_rules":      filterRulesAttribute(),
		"force_delete": schema.BoolAttribute{
			Optional: true, Computed: true, Default: booldefault.StaticBool(false),
			MarkdownDescription: "Delete the task even while it is open (`is_force = 1` on projects/delete). Defaults to `false`: an open task is not deleted, and a plan that would delete one " +
				"(a destroy, or a change of `type`) fails at plan. A delete uses the value the last apply saved, so set it (or pause the task) and apply before that plan. " +
				"A replacement Terraform decides (`-replace`, `replace_triggered_by`) is not seen at plan: it fails at apply, and with `create_before_destroy` only after the " +
				"new task is made, leaving the open one as a deposed object that every plan refuses to delete until it is paused (with the status action or in the portal). " +
				"Changing it alone makes no API call.",
		},
		"type_string": framework.Stamp("Name of the type (`type_string`)."),
		"status_string": schema.StringAttribute{Computed: true, MarkdownDescription: "Name of the status (`status_string`).",
			PlanModifiers: []planmodifier.String{framework.FollowsAttribute("status")}},
		"created_at": framework.Stamp("Creation time (`created_at`), `yyyy-mm-dd HH:ii:ss` in the platform's local time (no zone)."),
		"updated_at": schema.StringAttribute{Computed: true, MarkdownDescription: "Last update time (`updated_at`), `yyyy-mm-dd HH:ii:ss` in the platform's local time (no zone)."},
	}
}

func (r *outboundTaskResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = framework.IDIdentity("The project id (`id`).")
}

// ConfigValidators are the rules that depend on the type and on other
// fields (§2.7, §2.7.1, §2.7.3), checked at plan time.
func (r *outboundTaskResource) ConfigValidators(context.Context) []resource.ConfigValidator {
	typ, cfg := path.Root("type"), path.Root("config")
	predictive := framework.Is(typ, types.Int64Value(client.TaskTypePredictive))
	robot := framework.Is(typ, types.Int64Value(client.TaskTypeRobot))
	return []resource.ConfigValidator{
		framework.RequiredWhen("for a predictive task (type = 1): list the agents who take the calls",
			[]framework.Condition{predictive}, path.Root("assigned_users")),
		framework.RequiredWhen("for a predictive task (type = 1)", []framework.Condition{predictive},
			cfg.AtName("call_ratio_type"), cfg.AtName("max_call_ratio")),
		framework.RequiredWhen("when config.call_ratio_type = 1 (manual)",
			[]framework.Condition{predictive, framework.Is(cfg.AtName("call_ratio_type"), types.Int64Value(1))}, cfg.AtName("manual_call_ratio")),
		framework.RequiredWhen("for a robot task (type = 4)", []framework.Condition{robot},
			cfg.AtName("tts"), cfg.AtName("nlp_silence_time"), cfg.AtName("enable_scheduler"),
			cfg.AtName("agent_wait_time"), cfg.AtName("que_id"), cfg.AtName("max_call_ratio")),
		framework.RequiredWhen("for a robot task (type = 4) with config.enable_scheduler = true; "+
			"each agent must belong to the skill group config.que_id",
			[]framework.Condition{robot, framework.Is(cfg.AtName("enable_scheduler"), types.BoolValue(true))}, path.Root("assigned_users")),
		transToGroupRule,
		unusedTaskSettingsRule,
	}
}

// ModifyPlan keeps the service's values when only force_delete changes:
// that change reaches no API (see Update). A plan that deletes an open
// task without force_delete (a destroy, or a replacement) fails here: the
// delete would be refused at apply, after the rest of the apply had run
// (with create_before_destroy, after the new task was made).
func (r *outboundTaskResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.Steps.PlanChecks(ctx, req, resp)
	framework.PlanKeepsComputed(ctx, req, resp, "force_delete")
	taskName.warnDeletedAndCreated(req, r.Claims, &resp.Diagnostics)
	warnUndoneByDefault(ctx, req, &resp.Diagnostics, taskNamed, taskUndoneByDefault...)
	r.checkIVRTransTo(ctx, req, resp)
	if req.State.Raw.IsNull() {
		return
	}
	var id, status types.String
	var force types.Bool
	var typ, planned types.Int64
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("id"), &id)...)
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("status"), &status)...)
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("force_delete"), &force)...)
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("type"), &typ)...)
	if !req.Plan.Raw.IsNull() && !resp.Diagnostics.HasError() && !resp.Plan.Raw.Equal(req.State.Raw) {
		var plannedStatus types.String
		resp.Diagnostics.Append(resp.Plan.GetAttribute(ctx, path.Root("status"), &plannedStatus)...)
		if title, detail, ok := unknownTaskStatus(id, status, plannedStatus); ok {
			resp.Diagnostics.AddAttributeWarning(path.Root("status"), title, detail)
		}
	}
	if !req.Plan.Raw.IsNull() {
		// type is the one attribute whose change replaces the task (the
		// framework does not pass the attributes' RequiresReplace here).
		// A type known only at apply replaces the task whatever it comes
		// out as: RequiresReplace takes an unknown for a change, and
		// Terraform refuses to turn a planned replace into an update at
		// apply. The destroy half is never planned again, so the open
		// task's check below must run here too.
		resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("type"), &planned)...)
		if planned.Equal(typ) {
			return
		}
	}
	unknownType := !req.Plan.Raw.IsNull() && planned.IsUnknown() // see unknownOnly
	// A destroy or a replacement whose state says the task is not open
	// reads it too: Terraform 1.11 (1.11.4; 1.15 refreshes first,
	// hashicorp/terraform#36394) plans the delete of an instance no longer
	// in the configuration (a for_each key, a count index or a module
	// instance removed, or its block deleted) from the state it had before
	// this plan's refresh, and -refresh=false plans a destroy or a change
	// of type from the saved state, so a task opened since the last apply
	// passed the plan and its delete was refused at apply (§4.3
	// projects/delete: an open task needs is_force = 1). One projects/detail
	// per planned delete (a change of type is rare), shared with the plan's
	// refresh of the task (stillOpen).
	open := status.ValueString() == "open" || (!force.ValueBool() && !resp.Diagnostics.HasError())
	if resp.Diagnostics.HasError() || !open || force.ValueBool() || !r.stillOpen(ctx, id, client.TaskReaderDeleteCheck) {
		if unknownType && !resp.Diagnostics.HasError() {
			_, of := stateObject(ctx, req.State, "outbound task", "name", &resp.Diagnostics)
			summary, detail := replacedForUnknown("Outbound Task", []string{"type"}, of, "task",
				"The new task is another project with another id, made from the configuration: it does not carry over the old task's dialing "+
					"(its numbers, their progress and recalls) nor its call records, which are deleted with it.")
			resp.Diagnostics.AddAttributeWarning(path.Root("type"), summary, detail)
		}
		return
	}
	var name types.String
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("name"), &name)...)
	title := "Destroying an Open Outbound Task"
	detail := fmt.Sprintf("Outbound task %[1]s (%[2]q) is open (dialing) and force_delete is false: an open task is not deleted, so this destroy would fail at apply. "+
		"Set status = \"paused\" or \"closed\", or force_delete = true, and apply before destroying: a destroy uses the values the last apply saved."+ignoredStatusNote+taskOpenedOutsideDestroyNote+
		" If the configuration no longer declares this task (its for_each key, count index or module instance removed, or its resource block deleted), "+
		"status and force_delete reach it only if you put it back: pause task %[1]s instead, with a contactcenter_outbound_task_status action (Terraform 1.14 or later) "+
		"or in the portal, and plan again."+
		" If Terraform refreshed this task as a deposed object (a replacement with create_before_destroy made a new task and could not delete this one), "+
		"the configuration no longer reaches it: pause task %[1]s with a contactcenter_outbound_task_status action (Terraform 1.14 or later) or in the portal, and plan again. "+
		"If the configuration still declares this task at another address (the resource renamed or moved into a module, or its for_each key changed: "+
		"the plan also creates a task), do not pause it: add a moved block from the old address to the new one (moved { from = <old address> to = <new address> }), "+
		"and the task stays as it is, open.", id.ValueString(), name.ValueString())
	if unknownType {
		title = "Replacing an Open Outbound Task"
		detail = fmt.Sprintf("type of outbound task %s is known only at apply: Terraform replaces the task even if the value comes out the same, "+
			"and the task is open (dialing) and force_delete is false: an open task is not deleted, so the replacement would fail at apply. "+
			"Set type from a value known at plan, such as a variable, or apply the resource it comes from first with -target; "+
			"or set status = \"paused\" or \"closed\", or force_delete = true, and apply before this change: a replacement deletes with the values "+
			"the last apply saved, so setting them in the same change does not help."+ignoredStatusNote, id.ValueString())
	} else if !req.Plan.Raw.IsNull() {
		title = "Replacing an Open Outbound Task"
		detail = fmt.Sprintf("Changing type replaces outbound task %s, which is open (dialing), and force_delete is false: an open task is not deleted, so the replacement would fail at apply. "+
			"Set status = \"paused\" or \"closed\", or force_delete = true, and apply before changing type: a replacement deletes with the values the last apply saved, "+
			"so setting them in the same change does not help."+ignoredStatusNote, id.ValueString())
	}
	resp.Diagnostics.AddError(title, detail)
}

// stillOpen reads the task a plan would delete while its state says it is
// open: a plan without refresh (terraform destroy -refresh=false, the way
// out when a read fails) may hold a task since paused, closed or deleted,
// whose delete succeeds. A read that fails leaves the answer to the apply.
// A plan's check (client.TaskReaderDeleteCheck) shares the detail its
// refresh of the task reads (client GetFor); Delete's ("") reads afresh.
func (r *outboundTaskResource) stillOpen(ctx context.Context, id types.String, reader string) bool {
	if r.Client == nil {
		return false
	}
	t, err := r.Client.Tasks.GetFor(ctx, framework.ID(id), reader)
	return err == nil && t.Status != nil && int64(*t.Status) == client.TaskStatusOpen
}

func (r *outboundTaskResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	ctx, ex := client.RecordExisting(ctx)
	var key, created string
	r.Steps.Create(ctx, req, resp, func(ctx context.Context, plan *outboundTaskModel) error {
		defer taskName.applied(r.Claims, plan.Name)
		t := plan.expand()
		t.Status = flexInt(taskStatusValue(plan.Status))
		id, err := r.Client.Tasks.Create(ctx, t)
		plan.ID = types.StringValue(strconv.FormatInt(id, 10))
		if err == nil {
			created = plan.ID.ValueString()
		}
		key = fmt.Sprintf("named %q of type %d", string(t.Name), int64(t.Type))
		return err
	})
	warnExisting(&resp.Diagnostics, ex, "Outbound Task", key, created)
	recordConfiguredDefaults(ctx, req.Config.Raw, resp.Private, &resp.Diagnostics, taskUndoneByDefault)
}

// Update is one status write. Every edit carries a status, because §2.7
// defaults a request's status to 0 and an edit without one could close an
// open task; the status it carries is the planned one (a status the
// provider does not know, kept by ignore_changes, goes back as its
// number: ModifyPlan warns), except when the
// task is being opened: opening goes through projects/status/update
// (§4.3), so an edit sent with it keeps the current status, and a change of
// status alone sends no edit at all.
func (r *outboundTaskResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	r.Steps.Update(ctx, req, resp, func(ctx context.Context, plan, state *outboundTaskModel) error {
		id := framework.ID(state.ID)
		edit, current := plan.expand(), state.expand()
		clearing(&edit)
		clearing(&current)
		// keepOptionTypes comes after keepHeldFields and after the edit is
		// compared with the state: run before, its options in the
		// platform's types (16000 for "16000") made every config differ
		// from the state's, so a config the portal changed since the plan
		// (say max_call_ratio) was written back as refreshed, without a
		// word, and opening the task alone sent an edit too. held and
		// readErr are the edit's one read of the task (projects/detail).
		asHeld := func(edit, held *client.Task, readErr error) error {
			if err := framework.SendHeld(held, readErr, heldTaskName, &edit.Name, edit.Name == current.Name, func(t *client.Task) {
				keepHeldFields(t, edit, &current)
				keepOptionTypes(t, edit)
			}); err != nil {
				return err
			}
			if readErr != nil && hasOptions(edit) {
				return readErr // keepOptionTypes says why
			}
			return nil
		}
		opening := plan.Status.ValueString() == "open" && !plan.Status.Equal(state.Status)
		if !opening {
			status := taskStatusValue(plan.Status)
			t, err := r.Client.Tasks.Get(ctx, id)
			if plan.Status.Equal(state.Status) {
				// The plan does not change the status, but updateOrCreate
				// writes one (a status left out is 0, closed, §2.7): the
				// status the platform holds now is sent. The refreshed one
				// paused a task an operator had opened in the portal since
				// the plan (or the refresh), by an edit of its name, and
				// with lifecycle { ignore_changes = [status] } (the portal
				// owns it) without a word. One read of the task.
				if err == nil && t != nil && t.Status != nil {
					status = int64(*t.Status)
				}
			}
			edit.Status = flexInt(status)
			if err := asHeld(&edit, t, err); err != nil {
				return err
			}
			return r.Client.Tasks.Update(ctx, edit)
		}
		if !reflect.DeepEqual(edit, current) {
			// The edit keeps the current status, but for one the provider
			// does not know (a 3 the platform refuses on an edit): the
			// task is opened right after, so it goes as closed.
			status := int64(client.TaskStatusClosed)
			if v, known := taskStatusNames[state.Status.ValueString()]; known {
				status = v
			}
			edit.Status = flexInt(status)
			t, err := r.Client.Tasks.Get(ctx, id)
			if err := asHeld(&edit, t, err); err != nil {
				return err
			}
			if err := r.Client.Tasks.Update(ctx, edit); err != nil {
				return err
			}
		}
		return r.Client.Tasks.SetStatus(ctx, id, client.TaskStatusOpen)
	}, "force_delete")
	recordConfiguredDefaults(ctx, req.Config.Raw, resp.Private, &resp.Diagnostics, taskUndoneByDefault)
}

func (r *outboundTaskResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var open, openedSince bool
	r.Steps.Delete(ctx, req, resp, func(ctx context.Context, state *outboundTaskModel) error {
		defer taskName.applied(r.Claims, state.Name)
		force := state.ForceDelete.ValueBool()
		open = !force && state.Status.ValueString() == "open"
		err := r.Client.Tasks.Delete(ctx, []int64{framework.ID(state.ID)}, force)
		// Refused while the state says it is not open: opened after the
		// last read (in the portal, by the status action); one read says.
		openedSince = err != nil && !force && !open && !client.IsNotFound(err) && r.stillOpen(ctx, state.ID, "")
		return err
	}, func(error) string {
		switch {
		case open:
			return taskOpenRefused
		case openedSince:
			return taskOpenedSinceRefused
		}
		return ""
	})
}

func (r *outboundTaskResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	framework.ImportByNumericID(ctx, req, resp, "An outbound task is imported by its numeric project id",
		map[string]any{"force_delete": false})
}

// get reads the task m names through the client's finder (projects/detail;
// a plan's delete check of the task may have read it, see stillOpen).
func (r *outboundTaskResource) get(ctx context.Context, m *outboundTaskModel) error {
	t, err := r.Client.Tasks.GetFor(ctx, framework.ID(m.ID), client.TaskReaderRead)
	if err == nil {
		m.flatten(t)
	}
	return err
}

// outboundTaskLister is the contactcenter_outbound_task list resource.
type outboundTaskLister = framework.Lister[outboundTaskFilter, outboundTaskModel, client.Task]

type outboundTaskFilter struct {
	Type   types.Int64  `tfsdk:"type"`
	Status types.String `tfsdk:"status"`
	Name   types.String `tfsdk:"name"`
}

// NewOutboundTaskListResource lists outbound tasks for `terraform query`.
func NewOutboundTaskListResource() list.ListResource {
	l := &outboundTaskLister{Resource: framework.NewResource("outbound_task"), Plural: "outbound tasks",
		Description: "Without a filter every task is listed; `type`, `status` and `name` narrow the list (API: projects/lists). " +
			"With `include_resource`, each task is then read in full (projects/detail), since a list carries no config, recall strategies, worktime or assigned users.",
		Filters: map[string]listschema.Attribute{
			"type": listschema.Int64Attribute{Optional: true, MarkdownDescription: "Only tasks of this type: `1` predictive, `3` automatic, `4` robot.",
				Validators: []validator.Int64{tfkit.OneOf(tfkit.Means(1, "predictive"), tfkit.Means(3, "automatic"), tfkit.Means(4, "robot"))}},
			"status": listschema.StringAttribute{Optional: true, MarkdownDescription: "Only tasks with this status: `closed`, `open` or `paused` " +
				"(the platform filters by `closed` and `open`; for `paused` the provider reads the list and keeps the paused tasks).",
				Validators: []validator.String{stringvalidator.OneOf("closed", "open", "paused")}},
			"name": listschema.StringAttribute{Optional: true, MarkdownDescription: "Only tasks whose name contains this text, not empty.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1), EdgeSpaces}},
		},
		Display: func(t client.Task) string { return string(t.Name) },
	}
	l.Items = func(ctx context.Context, f outboundTaskFilter) iter.Seq2[client.Task, error] {
		return l.Client.Tasks.List(ctx, TaskListFilter(f.Type, f.Status, f.Name))
	}
	l.Detail = func(ctx context.Context, t client.Task) (client.Task, error) {
		full, err := l.Client.Tasks.Get(ctx, int64(t.ID))
		if err != nil {
			return t, err
		}
		return *full, nil
	}
	l.Flatten = func(_ context.Context, t client.Task, m *outboundTaskModel) error {
		m.flatten(&t)
		return nil
	}
	return l
}

// TaskListFilter is the projects/lists filter of the list resource and the
// data source: status `closed` (0), `open` (1) or `paused` (2; the API
// filters by the first two only, §4.3, and the client keeps paused tasks).
func TaskListFilter(typ types.Int64, status, name types.String) client.TaskFilter {
	f := client.TaskFilter{Type: typ.ValueInt64(), Name: name.ValueString()}
	if s, ok := taskStatusNames[status.ValueString()]; ok {
		f.Status = &s
	}
	return f
}

// OutboundTaskRecord is what projects/lists answers for a task: the
// top-level fields, shared by the resource's model and the
// contactcenter_outbound_tasks data source.
type OutboundTaskRecord struct {
	ID           types.String   `tfsdk:"id"`
	Name         types.String   `tfsdk:"name"`
	Type         types.Int64    `tfsdk:"type"`
	Context      types.String   `tfsdk:"context"`
	TransTo      types.String   `tfsdk:"trans_to"`
	DeptID       types.Int64    `tfsdk:"dept_id"`
	Status       types.String   `tfsdk:"status"`
	Priority     types.Int64    `tfsdk:"priority"`
	Concurrent   types.Int64    `tfsdk:"concurrent"`
	Callers      []types.String `tfsdk:"callers"`
	MaxConnSecs  types.Int64    `tfsdk:"max_conn_secs"`
	TimeoutSecs  types.Int64    `tfsdk:"timeout_secs"`
	MaxQueueSecs types.Int64    `tfsdk:"max_queue_secs"`
	EnableASR    types.Bool     `tfsdk:"enable_asr"`
	TypeString   types.String   `tfsdk:"type_string"`
	StatusString types.String   `tfsdk:"status_string"`
	CreatedAt    types.String   `tfsdk:"created_at"`
	UpdatedAt    types.String   `tfsdk:"updated_at"`
}

// Flatten sets the record from the API's task. callers is always a list
// here (empty when there are none).
func (r *OutboundTaskRecord) Flatten(t *client.Task) {
	framework.Flatten(t, r)
	r.Status = types.StringValue(taskStatusName(t))
	if r.Context.ValueString() == "" {
		r.Context = types.StringValue(client.TaskContexts[int64(t.Type)])
	}
	if r.TransTo.ValueString() == "" {
		r.TransTo = types.StringNull()
	}
	r.Callers = make([]types.String, 0, len(t.Callers))
	for _, c := range t.Callers {
		r.Callers = append(r.Callers, types.StringValue(string(c)))
	}
	// The spec's defaults (§2.7, §8) for a service that leaves them out.
	for _, d := range []struct {
		v   *types.Int64
		def int64
	}{{&r.DeptID, 0}, {&r.Priority, 100}, {&r.Concurrent, 0}, {&r.MaxConnSecs, 300}, {&r.TimeoutSecs, 30}, {&r.MaxQueueSecs, 0}} {
		if d.v.IsNull() {
			*d.v = types.Int64Value(d.def)
		}
	}
	if r.EnableASR.IsNull() {
		r.EnableASR = types.BoolValue(false)
	}
}

type outboundTaskModel struct {
	OutboundTaskRecord
	Config           *taskConfigModel       `tfsdk:"config"`
	RecallStrategies *recallStrategiesModel `tfsdk:"recall_strategies"`
	AssignedUsers    []assignedUserModel    `tfsdk:"assigned_users"`
	Worktime         *worktimeModel         `tfsdk:"worktime"`
	FilterRules      *filterRulesModel      `tfsdk:"filter_rules"`
	ForceDelete      types.Bool             `tfsdk:"force_delete"`
}

// flatten sets the model from projects/detail. The API answers a list or
// object that was never sent as empty or as its defaults, so such a value
// reads as null unless the model (the configuration, or the prior state)
// holds it; everything else is read as the API holds it, with the spec's
// defaults declared in the schema.
func (m *outboundTaskModel) flatten(t *client.Task) {
	hadCallers := m.Callers != nil
	m.Flatten(t)
	if len(m.Callers) == 0 && !hadCallers {
		m.Callers = nil
	}
	if m.ForceDelete.IsNull() || m.ForceDelete.IsUnknown() {
		m.ForceDelete = types.BoolValue(false)
	}
	m.AssignedUsers = flattenAssignedUsers(m.AssignedUsers, t.AssignedUsers)
	m.Config = keep(m.Config != nil, flattenConfig(m.Config, t.Config), flattenConfig(nil, nil))
	m.RecallStrategies = keep(m.RecallStrategies != nil, flattenRecall(m.RecallStrategies, t.RecallStrategies), flattenRecall(nil, nil))
	m.Worktime = keep(m.Worktime != nil, flattenWorktime(t.Worktime), flattenWorktime(nil))
	m.FilterRules = keep(m.FilterRules != nil, flattenFilterRules(t.FilterRules), flattenFilterRules(nil))
}

// keep returns v, or nil when the model did not have the object and v
// reads as an object never sent (empty, the spec's defaults).
func keep[T any](had bool, v, never *T) *T {
	if !had && reflect.DeepEqual(v, never) {
		return nil
	}
	return v
}

// expand builds the updateOrCreate body; members left out of the
// configuration are not sent (the service applies its defaults), arrays
// never go as null (§2.7 types them as arrays).
func (m outboundTaskModel) expand() client.Task {
	rec := m.OutboundTaskRecord
	// status is mapped by the caller; the rest is the service's.
	rec.Status, rec.TypeString, rec.StatusString, rec.CreatedAt, rec.UpdatedAt =
		types.StringNull(), types.StringNull(), types.StringNull(), types.StringNull(), types.StringNull()
	var t client.Task
	framework.Expand(rec, &t)
	t.Context = client.FlexString(client.TaskContexts[m.Type.ValueInt64()])
	t.Callers = []client.FlexString{}
	for _, c := range m.Callers {
		t.Callers = append(t.Callers, client.FlexString(c.ValueString()))
	}
	t.AssignedUsers = expandAssignedUsers(m.AssignedUsers)
	t.Config = m.Config.expand()
	t.RecallStrategies = m.RecallStrategies.expand()
	t.Worktime = m.Worktime.expand()
	t.FilterRules = m.FilterRules.expand()
	return t
}

// clearing sends the members an edit leaves out as empty, so that the edit
// replaces them (updateOrCreate keeps what is not sent).
func clearing(t *client.Task) {
	if t.TransTo == nil {
		t.TransTo = new(client.FlexString)
	}
	if t.Config == nil {
		t.Config = &client.TaskConfig{}
	}
	if t.RecallStrategies == nil {
		t.RecallStrategies = &client.RecallStrategies{}
	}
	if t.Worktime == nil {
		t.Worktime = &client.Worktime{}
	}
	if t.FilterRules == nil {
		t.FilterRules = &client.FilterRules{}
	}
}

func flexInt(v int64) *client.FlexInt { x := client.FlexInt(v); return &x }
