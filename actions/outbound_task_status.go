package actions

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var _ action.ActionWithConfigure = (*outboundTaskStatusAction)(nil)

// NewOutboundTaskStatusAction returns the contactcenter_outbound_task_status action.
func NewOutboundTaskStatusAction() action.Action {
	return &outboundTaskStatusAction{Action: framework.NewAction("outbound_task_status")}
}

type outboundTaskStatusAction struct {
	framework.Action
}

func (a *outboundTaskStatusAction) Schema(_ context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Opens (starts dialing) or pauses one or more outbound tasks, " +
			"reporting progress per task. Every task is attempted; the action fails when any of them failed. " +
			"A task managed by `contactcenter_outbound_task` keeps its `status` attribute: the next plan shows the difference, " +
			"unless the resource ignores it (`lifecycle { ignore_changes = [status] }`); destroying an open task needs `force_delete = true`. " +
			"An edit of such a task carries the status its state holds: an apply with `-refresh=false` after the action changed the status sets it back. " +
			"Trigger `open` on `after_create` only: on `after_update` it runs after every change of the task, and opens again a task the same apply paused or closed. " +
			"To close a task whose `status` the resource ignores, take `status` out of `ignore_changes` for the apply that sets `status = \"closed\"`." + triggerDoc,
		Attributes: framework.Strict(map[string]schema.Attribute{
			"ids": schema.ListAttribute{
				ElementType: types.Int64Type, Required: true,
				MarkdownDescription: "Project ids of the tasks (`id`), e.g. `contactcenter_outbound_task.x.id`: at least one, each once.",
				Validators: []validator.List{
					listvalidator.SizeAtLeast(1), listvalidator.UniqueValues(),
					listvalidator.ValueInt64sAre(int64validator.AtLeast(1)),
				},
			},
			"status": schema.StringAttribute{
				Required:            true,
				MarkdownDescription: "The status to set (`status`): `open` (`1`) or `paused` (`2`). Closing is done through the resource's `status`.",
				Validators:          []validator.String{taskStatusRule},
			},
		}),
	}
}

// ModifyPlan runs the checks on the values known at plan (framework.PlanChecks).
func (a *outboundTaskStatusAction) ModifyPlan(ctx context.Context, req action.ModifyPlanRequest, resp *action.ModifyPlanResponse) {
	framework.PlanChecks(ctx, a, req, resp)
}

func (a *outboundTaskStatusAction) Invoke(ctx context.Context, req action.InvokeRequest, resp *action.InvokeResponse) {
	framework.Invoke(ctx, a, &a.Action, req, resp, a.run)
}

func (a *outboundTaskStatusAction) run(ctx context.Context, m *outboundTaskStatusModel, progress framework.Progress, diags *diag.Diagnostics) {
	status, verb, summary := client.TaskStatusOpen, "opened", "Unable to Open Outbound Task"
	if m.Status.ValueString() == "paused" {
		status, verb, summary = client.TaskStatusPaused, "paused", "Unable to Pause Outbound Task"
	}
	name := m.Status.ValueString() // "open" or "paused", as the task reads
	failed := 0
	var done []string
	for i, v := range m.IDs {
		id := v.ValueInt64()
		err := a.Client.Tasks.SetStatus(ctx, id, status)
		if err != nil && client.IsAmbiguous(err) && ctx.Err() == nil {
			// Every answer was lost: the task's status says whether the
			// change took effect (it reported a failure for a task opened).
			if t, gerr := a.Client.Tasks.Get(client.FreshReads(ctx), id); gerr == nil && t.Status != nil && t.Status.Int64() == status {
				progress("Outbound task %d: %s (the answers were lost; the task reads %s) (%d of %d)", id, verb, name, i+1, len(m.IDs))
				done = append(done, strconv.FormatInt(id, 10))
				continue
			}
		}
		if err != nil {
			failed++
			detail := tfkit.APIErrorDetail(err)
			switch {
			case client.IsNotFound(err):
				detail += "\n\nNo outbound task has this id."
			case client.IsAmbiguous(err):
				// status/update sets a state (spec §3.4): applied twice it
				// is applied once.
				detail += fmt.Sprintf("\n\nThe answer was lost or the service failed after the request arrived: the task may have been %s already "+
					"(its status shows it). Setting a status is idempotent, so running the action again is safe.", verb)
			}
			detail += " " + rerunHint(a.Name)
			diags.AddAttributeError(path.Root("ids").AtListIndex(i), summary, fmt.Sprintf("Task %d: %s", id, detail))
			progress("Outbound task %d: failed (%d of %d)", id, i+1, len(m.IDs))
			continue
		}
		progress("Outbound task %d: %s (%d of %d)", id, verb, i+1, len(m.IDs))
		done = append(done, strconv.FormatInt(id, 10))
	}
	if failed == 0 {
		progress("%d outbound task(s) %s", len(m.IDs), verb)
		return
	}
	if len(done) > 0 {
		// The errors name the tasks that failed; say that the others were
		// changed, which only the progress lines showed.
		diags.AddWarning(fmt.Sprintf("Other Outbound Tasks Were %s", strings.ToUpper(verb[:1])+verb[1:]),
			fmt.Sprintf("Task(s) %s were %s; only the task(s) the errors name failed. Running the action again sets the same status on every task, which is safe.",
				strings.Join(done, ", "), verb))
	}
}

type outboundTaskStatusModel struct {
	IDs    []types.Int64 `tfsdk:"ids"`
	Status types.String  `tfsdk:"status"`
}

// taskStatusName is the rule of status: "open" or "paused", written by
// name. The API's numbers (its docs say "paused (2)") were refused with
// `value must be one of: ["open" "paused"], got: "2"`, which did not say
// that the number is the same status.
type taskStatusName struct{ framework.Described }

var taskStatusRule = taskStatusName{`"open" or "paused"`}

func (taskStatusName) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	got := req.ConfigValue.ValueString()
	if got == "open" || got == "paused" {
		return
	}
	detail := fmt.Sprintf(`status takes "open" or "paused" (the API's 1 and 2, written by name here), got %q`, got)
	switch strings.TrimSpace(got) {
	case "1":
		detail += `: write "open"`
	case "2":
		detail += `: write "paused"`
	case "0", "closed":
		detail += `: a task is closed through the status of its contactcenter_outbound_task resource`
	}
	resp.Diagnostics.AddAttributeError(req.Path, "Invalid Attribute Value", detail+".")
}
