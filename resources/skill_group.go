// Package resources holds the provider's managed resources, one per file.
package resources

import (
	"cmp"
	"context"
	"fmt"
	"iter"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/textcheck"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ resource.ResourceWithConfigure   = (*skillGroupResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*skillGroupResource)(nil)
	_ resource.ResourceWithImportState = (*skillGroupResource)(nil)
	_ resource.ResourceWithIdentity    = (*skillGroupResource)(nil)
	_ list.ListResourceWithConfigure   = (*skillGroupLister)(nil)
)

// waitAudioRE accepts -1 (blank tone), 0 (default tone) or a voice-file id.
var waitAudioRE = regexp.MustCompile(`^(-1|[0-9]+)$`)

// NewSkillGroupResource returns the contactcenter_skill_group resource.
func NewSkillGroupResource() resource.Resource {
	r := &skillGroupResource{}
	r.Managed = framework.NewManaged("skill_group", "Skill Group", r.get)
	r.Steps.Volatile = []string{"sound_name"} // the sound renamed
	return r
}

type skillGroupResource struct {
	framework.Managed[skillGroupModel]
}

func (r *skillGroupResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "A skill group (queue): callers wait in it until one of its agents takes the call, and its settings " +
			"say how long they wait, what they hear, how calls are shared among the agents and what happens when an agent " +
			"does not answer. Settings left unset take the platform's own values, which the provider then reads back. " +
			"A setting removed from the configuration likewise keeps the value the platform holds (nothing is sent for it): " +
			"to change it back, set the value you want. " +
			"Agents are placed in groups with `contactcenter_skill_group_members` or `contactcenter_skill_group_member`. " +
			"Import by id (`terraform import contactcenter_skill_group.x 12`), by name (`que_name:Support`, the same in every contact center, where ids are not) or by identity. " +
			"Renaming the resource or changing its `for_each` key needs a `moved` block from the old address to the new one: without it the plan deletes the group " +
			"and creates another of the same `que_name`, which is refused when it runs first, and a group with agents cannot be deleted " +
			"(the plan warns \"Skill Group Deleted and Created Again\"). " +
			"API: queue/add, queue/update, queue/list, queue/delete (spec §4.6, §2.11).",
		Attributes: framework.Strict(SkillGroupAttributes()),
	}
}

// SkillGroupAttributes are the skill group's fields, declared once for the
// resource and the contactcenter_skill_groups data source.
func SkillGroupAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"id": framework.IDAttribute("The group id (`que_id`)."),
		"que_name": schema.StringAttribute{
			Required: true, MarkdownDescription: "Group name (`que_name`), not empty. Unique within the enterprise: a rename to a name another group holds is refused, and so are both renames of two groups that swap their names in one apply " +
				"(the plan warns of each; swap them in two applies, through a temporary name). " +
				"A name the platform holds in another Unicode form of the same text (decomposed, as some systems type it in the portal) is kept in that form by edits of other settings.",
			Validators: []validator.String{stringvalidator.LengthAtLeast(1), trimmed()},
		},
		"que_priority": schema.Int64Attribute{
			Required:            true,
			MarkdownDescription: "Group priority (`que_priority`) from `0` to `255`; a smaller number is a higher priority.",
			Validators:          []validator.Int64{int64validator.Between(0, 255)},
		},
		"que_num": framework.OptionalComputedString("Group number (`que_num`). Unique within the enterprise when set.", trimmed()),
		"que_type": framework.OptionalComputedInt64("Direction (`que_type`): `0` inbound and outbound, `1` inbound, `2` outbound. "+
			"Unset, the platform's value is kept (the provider sends it only when set).",
			tfkit.OneOf(tfkit.Means(0, "inbound and outbound"), tfkit.Means(1, "inbound"), tfkit.Means(2, "outbound"))),
		"que_length": framework.OptionalComputedInt64("Maximum queue length (`que_length`), in callers, at least `0`.", int64validator.AtLeast(0)),
		"que_time":   framework.OptionalComputedInt64("Longest time in the queue (`que_time`), in seconds, at least `0`.", int64validator.AtLeast(0)),
		"ring_time":  framework.OptionalComputedInt64("Agent ring duration (`ring_time`), in seconds, at least `0`.", int64validator.AtLeast(0)),
		"next_wait":  framework.OptionalComputedInt64("After-call wait before the next call (`next_wait`), in seconds, at least `0`.", int64validator.AtLeast(0)),
		"b_announce": framework.OptionalComputedInt64("Announce the agent number to the caller (`b_announce`): `0` no, `1` yes.", tfkit.OneOf(tfkit.Means(0, "no"), tfkit.Means(1, "yes"))),
		"noans_times": framework.OptionalComputedInt64("Unanswered rings before `noans_action` applies (`noans_times`), at least `0`.",
			int64validator.AtLeast(0)),
		"noans_wait": framework.OptionalComputedInt64("Wait after an unanswered ring (`noans_wait`), in seconds, at least `0`.", int64validator.AtLeast(0)),
		"noans_action": framework.OptionalComputedString("What happens to an agent who does not answer (`noans_action`): `\"0\"` nothing, `\"1\"` set the agent busy.",
			stringvalidator.OneOf("0", "1")),
		"que_strategy": framework.OptionalComputedInt64("Distribution strategy (`que_strategy`): `1` longest wait, `2` skill priority, `9` round robin.",
			tfkit.OneOf(tfkit.Means(1, "longest wait"), tfkit.Means(2, "skill priority"), tfkit.Means(9, "round robin"))),
		"wait_audio": framework.OptionalComputedString("Voice played while callers wait (`wait_audio`): a voice-file id (see `contactcenter_sound`), `\"-1\"` blank tone, `\"0\"` default tone.",
			tfkit.Matching(waitAudioRE, "must be -1, 0 or a voice-file id (digits)")),
		"auto_evaluate": schema.Int64Attribute{
			Optional: true, Computed: true, Default: int64default.StaticInt64(1),
			MarkdownDescription: "Ask callers for a satisfaction evaluation automatically (`auto_evaluate`): `0` no, `1` yes. Defaults to `1`.",
			Validators:          []validator.Int64{tfkit.OneOf(tfkit.Means(0, "no"), tfkit.Means(1, "yes"))},
		},
		"sound_name": schema.StringAttribute{
			Computed: true, MarkdownDescription: "Name of the wait voice (`sound_name`), when `wait_audio` is a voice file.",
			PlanModifiers: []planmodifier.String{framework.FollowsAttribute("wait_audio")},
		},
		"force_delete": schema.BoolAttribute{
			Optional: true, Computed: true, Default: booldefault.StaticBool(false),
			MarkdownDescription: "Delete the group even when agents are still in it (`flag = 1` on queue/delete). " +
				"When `false` (the default) a group with agents cannot be deleted (code 404). Groups with signed-in agents can never be deleted (code 410). " +
				"Removing a group and taking it out of agents' `queue_ids` in one apply fails on that refusal (Terraform deletes the group before it updates the agents): " +
				"change `queue_ids` (or set `force_delete = true`) and apply first, then remove the group.",
		},
	}
}

func (r *skillGroupResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = framework.IDIdentity("The group id (`que_id`).")
}

func (r *skillGroupResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	r.Steps.Create(ctx, req, resp, func(ctx context.Context, plan *skillGroupModel) error {
		defer groupName.applied(r.Claims, plan.QueName)
		id, err := r.Client.Queues.Create(ctx, plan.expand())
		plan.ID = types.StringValue(id)
		if e, ok := client.AsAPIError(err); ok && e.Code == 404 && e.Hint == "" {
			// The name is taken (404 group exists): the group holding it,
			// and the likely causes (refusedHint).
			var held []takenBy
			if g, ferr := r.Client.Queues.FindByName(ctx, plan.QueName.ValueString()); ferr == nil && g != nil {
				held = []takenBy{groupHolder(*g)}
			}
			e.Hint = groupName.refusedHint("que_name:", plan.QueName.ValueString(), held)
		}
		err = conflictHint(err, plan, 405, 404) // queue/add: 405 number exists, 404 group exists (§7.2)
		if e, ok := client.AsAPIError(err); ok && e.Hint != "" && e.Code == 405 {
			e.Hint += replacingHint("que_num")
		}
		return err
	})
}

// ModifyPlan warns of a que_name another instance of this plan deletes or
// creates the other way (warnDeletedAndCreated), and of a create whose
// que_name an existing group holds (warnNameTaken).
func (r *skillGroupResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.Steps.PlanChecks(ctx, req, resp)
	defer groupName.planHolder(req, resp, r.Claims)
	defer groupName.noteReplaced(req, resp, r.Claims, "skill_group")
	deleted := groupName.warnDeletedAndCreated(req, r.Claims, &resp.Diagnostics)
	r.warnNameTaken(ctx, req, resp, deleted)
	warnKeyChanged(ctx, req, resp, r.Claims, r.Client, groupName, "que_name:", r.Client == nil,
		func(name string) ([]client.SkillGroup, bool, error) { return r.Client.Queues.SeenByName(ctx, name) },
		groupHolder, func(id string) bool { return r.Client.Queues.ReadInWalk(id) })
}

func (r *skillGroupResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	r.Steps.Update(ctx, req, resp, func(ctx context.Context, plan, state *skillGroupModel) error {
		in := skillGroupEdit(plan, state)
		// queue/update requires que_name and que_priority (§4.6); a
		// setting the plan does not change is sent as the platform holds
		// it now. As refreshed, an edit of another setting put back a name
		// or a priority set in the portal since the plan, without a word,
		// also under lifecycle { ignore_changes } (the portal owns them).
		// The other settings are optional on update, and whether one left
		// out keeps its value or takes the add default is not shown: sent
		// as held, a rename cannot reset ring_time or que_strategy, set
		// earlier, to a default (each apply then set back the settings
		// the one before reset, and the plan never came to rest).
		held, err := r.Client.Queues.Get(ctx, framework.ID(plan.ID))
		err = framework.SendHeld(held, err, heldGroupName, &in.QueName, plan.QueName.Equal(state.QueName), func(g *client.SkillGroup) {
			framework.KeepHeld(plan.QuePriority.Equal(state.QuePriority), &in.QuePriority, int64(g.QuePriority))
			keepHeldSettings(&in, g)
		})
		if err != nil {
			return err
		}
		err = r.Client.Queues.Update(ctx, framework.ID(plan.ID), in)
		if e, ok := client.AsAPIError(err); ok && e.Code == 405 && e.Hint == "" && !plan.QueName.Equal(state.QueName) {
			// The new name is taken (405 group exists): the group holding
			// it, and what fits an update (updateRefusedHint).
			var held []takenBy
			if g, ferr := r.Client.Queues.FindByName(ctx, plan.QueName.ValueString()); ferr == nil && g != nil && string(g.ID) != plan.ID.ValueString() {
				held = []takenBy{groupHolder(*g)}
			}
			e.Hint = groupName.updateRefusedHint(r.Claims, "que_name:", state.QueName.ValueString(), plan.QueName.ValueString(), held, "")
		}
		return conflictHint(err, plan, 409, 405) // queue/update: 409 number, 405 group exists
	}, "force_delete")
}

// heldGroupName is the name every queue/update requires (§4.6).
var heldGroupName = framework.HeldName[client.SkillGroup]{Attr: "que_name", Of: func(g *client.SkillGroup) string { return string(g.QueName) }}

// conflictHint says what to do when the service refuses a group's number
// as another group's, and ties a refusal to its attribute: the codes
// differ between queue/add and queue/update. Swapping two groups' numbers
// in one apply always meets this (each update finds the other group still
// holding the value). A name refused so has its hint already, naming the
// holder: a create's (refusedHint), a rename's (updateRefusedHint).
func conflictHint(err error, plan *skillGroupModel, numCode, nameCode int64) error {
	e, ok := client.AsAPIError(err)
	if !ok {
		return err
	}
	switch {
	case e.Hint != "":
	case e.Code == numCode:
		e.Hint = fmt.Sprintf("another skill group already has que_num %q, and numbers are unique: choose a free one. "+
			"To swap the numbers of two groups, apply twice: first give one of them a free number", plan.QueNum.ValueString())
	}
	// The attribute each code concerns; both calls share 403 name empty,
	// 408 priority not 0-255, 411 strategy and 412 auto-evaluate (§7.2).
	return tfkit.AttrOfCode(err, map[int64]string{numCode: "que_num", nameCode: "que_name", 403: "que_name", 408: "que_priority", 411: "que_strategy", 412: "auto_evaluate"})
}

func (r *skillGroupResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	// who names the agents a refused delete (code 404, the group has
	// agents) found in the group: the platform gives only their count, and
	// where another configuration, a ccsync roster or the portal put them
	// there, this configuration's plan showed none of them.
	// later is a failure of another kind met by a try after the refusal
	// (deleteWhileUsed): said beside the refusal, which it does not replace.
	who, later := "", error(nil)
	r.Steps.Delete(ctx, req, resp, func(ctx context.Context, state *skillGroupModel) error {
		defer groupName.applied(r.Claims, state.QueName)
		id := framework.ID(state.ID)
		// The agents or the membership the same destroy deletes may still
		// be in the group: with a literal que_id or queue_ids (generated
		// configuration) Terraform deletes the group beside them, not
		// after, and the refusal came one destroy in two. Code 410 (agents
		// signed in) is not tried again: it lasts until they sign out.
		var err error
		err, later = deleteWhileUsed(ctx, func() error { return r.Client.Queues.Delete(ctx, id, state.ForceDelete.ValueBool()) },
			func(err error) bool { return client.HasCode(err, 404) },
			func(ctx context.Context) error { _, err := r.Client.Queues.Get(ctx, id); return err })
		if client.HasCode(later, 410) {
			// An agent signed in during the wait: the platform's answer
			// now, and force_delete (the refusal's advice) would not help.
			err, later = later, nil
		}
		if client.HasCode(err, 404) {
			who = groupAgentsNamed(ctx, r.Client, id)
		}
		return err
	}, func(err error) string {
		switch {
		case client.HasCode(err, 404):
			text := "The group still has agents" + who + ". Remove them first where they were put in the group (the agents' queue_ids or the group's membership resources, " +
				"in this configuration or another one; a ccsync roster's queue_ids; the portal), " +
				"or set force_delete = true and apply before destroying, to delete the group with its agents' assignments: " +
				"a destroy uses the force_delete the last apply saved. " +
				"If this apply also takes the group out of agents' queue_ids, that is why: Terraform deletes the group before it updates those agents, " +
				"so this fails on every apply (-target too). Keep the group in the configuration for one apply that changes queue_ids (or sets force_delete = true), then remove it. " +
				fmt.Sprintf("(The delete was tried again for %s, in case agents were being taken out of the group beside it.)", inUseRetryWait)
			if later != nil {
				text += fmt.Sprintf("\n\nA later try of the delete failed otherwise (%s); read back after it, the group was still there, held by the refusal above.", later)
			}
			return text
		case client.HasCode(err, 410):
			return "Agents of the group are signed in, and force_delete does not help: apply (or destroy) again once they have signed out."
		}
		return ""
	})
}

func (r *skillGroupResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	settings := map[string]any{"force_delete": false}
	if name, ok := strings.CutPrefix(req.ID, groupNamePrefix); ok {
		if id, ok := importGroupByName(ctx, r.Client, name, "Skill Group", &resp.Diagnostics); ok {
			framework.SetImported(ctx, resp, id, settings)
		}
		return
	}
	framework.ImportByNumericID(ctx, req, resp, "A skill group is imported by its numeric id (que_id) or as que_name:<group name>", settings)
}

// groupNamePrefix starts the import id that names a skill group by its
// que_name, which is unique within the enterprise (queue/add answers 404
// "group exists", spec §4.6, §7.2) and, unlike the id, the same in every
// contact center: a configuration exported from one center (staging) and
// planned against another imports that center's group of the name, never
// an unrelated group that holds the id there.
const groupNamePrefix = "que_name:"

// importGroupByName finds the id of the group named name (the text after
// que_name:), for the skill group and its membership; what is the
// resource's title in the errors. The name is matched as written (a
// group's name may hold spaces the export keeps): the error quotes it, so
// a stray space shows.
func importGroupByName(ctx context.Context, c *client.Client, name, what string, diags *diag.Diagnostics) (string, bool) {
	return groupNameKey(what).lookup(ctx, c, name, diags)
}

// groupNameKey is the import of a group by its name for the resource what
// names. Each resource is a reader of its own: a group's import and its
// membership's share one read of the group list. A name the platform holds
// decomposed is matched in one Unicode form, over the whole group list
// (one call, §4.6): see inAnyForm.
func groupNameKey(what string) *importKey {
	return &importKey{prefix: groupNamePrefix, title: what, field: "que_name", noun: "skill group", value: "group name", idField: "que_id",
		list: `data "contactcenter_skill_groups"`,
		find: keyFinder(func(ctx context.Context, c *client.Client, name string) ([]client.SkillGroup, error) {
			g, err := c.Queues.FindByNameFor(ctx, name, what)
			if g == nil {
				return nil, err
			}
			return []client.SkillGroup{*g}, err
		}, func(ctx context.Context, c *client.Client) iter.Seq2[client.SkillGroup, error] {
			return c.Queues.List(ctx, client.SkillGroupFilter{})
		}, func(g client.SkillGroup) string { return string(g.QueName) },
			func(g client.SkillGroup) keyMatch { return keyMatch{id: framework.ID(types.StringValue(string(g.ID)))} }),
	}
}

// get reads the group m names through the client's finder.
func (r *skillGroupResource) get(ctx context.Context, m *skillGroupModel) error {
	g, err := r.Client.Queues.Get(ctx, framework.ID(m.ID))
	if err == nil {
		m.flatten(g)
	}
	return err
}

// keepHeldSettings fills every optional setting the edit in leaves out
// (the plan does not change it) with its value in g, the group as the
// platform holds it.
func keepHeldSettings(in *client.SkillGroupInput, g *client.SkillGroup) {
	framework.KeepUnset(&in.QueNum, string(g.QueNum))
	framework.KeepUnset(&in.QueType, int64(g.QueType))
	framework.KeepUnset(&in.QueLength, int64(g.QueLength))
	framework.KeepUnset(&in.QueTime, int64(g.QueTime))
	framework.KeepUnset(&in.RingTime, int64(g.RingTime))
	framework.KeepUnset(&in.NextWait, int64(g.NextWait))
	framework.KeepUnset(&in.BAnnounce, int64(g.BAnnounce))
	framework.KeepUnset(&in.NoansTimes, int64(g.NoansTimes))
	framework.KeepUnset(&in.NoansWait, int64(g.NoansWait))
	framework.KeepUnset(&in.WaitAudio, string(g.WaitAudio))
	framework.KeepUnset(&in.NoansAction, string(g.NoansAction))
	framework.KeepUnset(&in.QueStrategy, int64(g.QueStrategy))
	framework.KeepUnset(&in.AutoEvaluate, int64(g.AutoEvaluate))
}

// skillGroupEdit is the queue/update body: que_name and que_priority, which
// the call requires, and of the other parameters (optional, §4.6) only those
// the plan changes. Sent whole, an edit carried the state's value of every
// setting the configuration leaves unset (the plan holds the state's value
// there), so a change made in the portal after the plan's refresh (a saved
// plan applied later) was undone by an unrelated edit, although an unset
// setting keeps the platform's value. Update then fills the settings left
// out as the platform holds them (keepHeldSettings).
func skillGroupEdit(plan, state *skillGroupModel) client.SkillGroupInput {
	in, prior := plan.expand(), state.expand()
	clearSame(reflect.ValueOf(&in).Elem(), reflect.ValueOf(&prior).Elem())
	return in
}

func (m skillGroupModel) expand() client.SkillGroupInput {
	var in client.SkillGroupInput
	framework.Expand(m.SkillGroupItem, &in)
	return in
}

func (m *skillGroupModel) flatten(g *client.SkillGroup) {
	framework.Flatten(g, &m.SkillGroupItem)
	if m.ForceDelete.IsNull() || m.ForceDelete.IsUnknown() {
		m.ForceDelete = types.BoolValue(false)
	}
}

// skillGroupLister is the contactcenter_skill_group list resource.
type skillGroupLister = framework.Lister[skillGroupFilter, skillGroupModel, client.SkillGroup]

type skillGroupFilter struct {
	Keyword types.String `tfsdk:"keyword"`
}

// NewSkillGroupListResource lists skill groups for `terraform query`.
func NewSkillGroupListResource() list.ListResource {
	l := &skillGroupLister{Resource: framework.NewResource("skill_group"), Plural: "skill groups",
		Description: "Without a filter every group is listed; `keyword` keeps the groups whose name contains it (API: queue/list).",
		Filters: map[string]listschema.Attribute{
			"keyword": listschema.StringAttribute{Optional: true, MarkdownDescription: "Only groups whose name contains this text, not empty.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1), EdgeSpaces}},
		},
		Display: func(g client.SkillGroup) string { return string(g.QueName) },
		Flatten: func(_ context.Context, g client.SkillGroup, m *skillGroupModel) error { m.flatten(&g); return nil },
	}
	l.Items = func(ctx context.Context, f skillGroupFilter) iter.Seq2[client.SkillGroup, error] {
		return l.Client.Queues.List(ctx, client.SkillGroupFilter{Keyword: f.Keyword.ValueString()})
	}
	return l
}

// SkillGroupItem is a group as queue/list answers it: the fields the
// resource and the contactcenter_skill_groups data source share.
type SkillGroupItem struct {
	ID           types.String `tfsdk:"id"`
	QueName      types.String `tfsdk:"que_name"`
	QuePriority  types.Int64  `tfsdk:"que_priority"`
	QueNum       types.String `tfsdk:"que_num"`
	QueType      types.Int64  `tfsdk:"que_type"`
	QueLength    types.Int64  `tfsdk:"que_length"`
	QueTime      types.Int64  `tfsdk:"que_time"`
	RingTime     types.Int64  `tfsdk:"ring_time"`
	NextWait     types.Int64  `tfsdk:"next_wait"`
	BAnnounce    types.Int64  `tfsdk:"b_announce"`
	NoansTimes   types.Int64  `tfsdk:"noans_times"`
	NoansWait    types.Int64  `tfsdk:"noans_wait"`
	NoansAction  types.String `tfsdk:"noans_action"`
	QueStrategy  types.Int64  `tfsdk:"que_strategy"`
	WaitAudio    types.String `tfsdk:"wait_audio"`
	AutoEvaluate types.Int64  `tfsdk:"auto_evaluate"`
	SoundName    types.String `tfsdk:"sound_name"`
}

type skillGroupModel struct {
	SkillGroupItem
	ForceDelete types.Bool `tfsdk:"force_delete"`
}

// groupAgentsNamed lists the agents of skill group queID (queue/get/agents,
// spec §4.6) as ": 9201 (ag_id 1003), …", at most 20; "" when the group
// cannot be read or has none.
func groupAgentsNamed(ctx context.Context, c *client.Client, queID int64) string {
	data, err := c.Queues.GetAgents(ctx, queID)
	agents := data[strconv.FormatInt(queID, 10)]
	if err != nil || len(agents) == 0 {
		return ""
	}
	slices.SortFunc(agents, func(a, b client.GroupAgent) int { return cmp.Compare(a.AgID.Int64(), b.AgID.Int64()) })
	return fmt.Sprintf(" (%d): %s", len(agents), textcheck.SomeOf(len(agents), 20, func(i int) string {
		return agentLabel(string(agents[i].AgNum), agents[i].AgID.Int64())
	}))
}

// agentLabel names an agent of a skill group as the membership messages
// do: "9201 (ag_id 1003)", or "ag_id 1003" when its number is not known.
func agentLabel(num string, agID int64) string {
	if num == "" {
		return fmt.Sprintf("ag_id %d", agID)
	}
	return fmt.Sprintf("%s (ag_id %d)", num, agID)
}
