// The agent's plan-time checks: the password rules, and the warnings a plan
// needs where Terraform's own diff would mislead (an agent replaced for a
// new user_num, queue_ids taken over or let go).

package resources

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// passwordsTogether refuses the two forms of the password set at once;
// setOnePassword says which to keep.
const (
	setOnePassword = "Set one: user_password_wo with user_password_wo_version " +
		"keeps the password out of the state (Terraform 1.11 and later); user_password is stored in the state, marked sensitive."
	passwordsTogether = "These attributes cannot be configured together: [user_password,user_password_wo]. " + setOnePassword
)

// ValidateConfig: at most one password, the write-only one with its version.
// It reads the raw configuration (resourcevalidator's rules resolve path
// expressions against the whole schema, on every plan of every agent); the
// messages are resourcevalidator's.
func (r *agentResource) ValidateConfig(_ context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	pw, wo, ver := rawAttr(req.Config.Raw, "user_password"), rawAttr(req.Config.Raw, "user_password_wo"), rawAttr(req.Config.Raw, "user_password_wo_version")
	// A value unknown here (a conditional on a variable, at validation) is
	// judged once it is known: Terraform validates again while planning.
	if !pw.IsKnown() || !wo.IsKnown() || !ver.IsKnown() {
		return
	}
	if !pw.IsNull() && !wo.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("user_password"), "Invalid Attribute Combination", passwordsTogether)
	}
	if wo.IsNull() != ver.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("user_password_wo"), "Invalid Attribute Combination",
			"These attributes must be configured together: [user_password_wo,user_password_wo_version]")
	}
}

// agentNumbers are the agent's numbers a plan warns of when it writes one
// that only looks like ASCII digits (lookalikeNumber), and the import of
// an agent that holds one warns of once.
var agentNumbers = map[string]textWarning{"user_num": lookalikeNumber, "user_sms_phone": lookalikeNumber, "fixed_phone": lookalikeNumber}

// warnDefaultType warns of a configuration object that sets values other
// than its defaults while its type is 2 (the platform default, also when
// type is left out): the platform applies its defaults and the values are
// not used, which nothing else shows (wait_time_config = { next_wait = 15 }
// planned type 2). It warns of what the plan writes: an object the state
// (the platform) already holds as configured is not this plan's doing, as
// after an import with generated configuration or ccsync export, where a
// portal may have left such values (state is null for a create). A value
// unknown at plan (a variable at validation, a reference) is not judged.
func warnDefaultType(config, state tftypes.Value, diags *diag.Diagnostics) {
	for _, o := range tfkit.AgentConfigObjects {
		var fields, held map[string]tftypes.Value
		if v := rawAttr(config, o.Name); !v.IsKnown() || v.IsNull() || v.As(&fields) != nil {
			continue
		}
		typ := fields["type"]
		var n big.Float
		if !typ.IsKnown() || (!typ.IsNull() && (typ.As(&n) != nil || n.Cmp(big.NewFloat(client.ConfigTypeCustom)) == 0)) {
			continue
		}
		_ = rawAttr(state, o.Name).As(&held)
		defaults := configDefaults()[o.Name]
		var set []string
		for name, f := range fields {
			if name != "type" && !f.IsNull() && f.IsFullyKnown() && !f.Equal(defaults[name]) && (held == nil || !f.Equal(held[name])) {
				set = append(set, name)
			}
		}
		if len(set) == 0 {
			continue
		}
		slices.Sort(set)
		diags.AddAttributeWarning(path.Root(o.Name), "Configuration Values Not Applied",
			fmt.Sprintf("%s sets %s, but its type is 2 (the platform default; type defaults to 2 when left out): the platform applies its own defaults and these values are not used. "+
				"Set type = 1 (custom) in %s to apply them.", o.Name, strings.Join(set, ", "), o.Name))
	}
}

// configDefaults are the configuration objects' defaults as Terraform
// values, by object and field, made once.
var configDefaults = sync.OnceValue(func() map[string]map[string]tftypes.Value {
	out := make(map[string]map[string]tftypes.Value, len(tfkit.AgentConfigObjects))
	for _, o := range tfkit.AgentConfigObjects {
		v, err := o.Default().ToTerraformValue(context.Background())
		var fields map[string]tftypes.Value
		if err == nil && v.As(&fields) == nil {
			out[o.Name] = fields
		}
	}
	return out
})

// ModifyPlan refuses, at plan time, to create an agent without a password
// (a replacement is a create too). A password that is unknown until apply
// is checked by Create.
func (r *agentResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.Steps.PlanChecks(ctx, req, resp)
	defer agentNumber.planHolder(req, resp, r.Claims)
	defer agentNumber.noteReplaced(req, resp, r.Claims, "agent")
	deleted := agentNumber.warnDeletedAndCreated(req, r.Claims, &resp.Diagnostics)
	warnContactGivenTwice(req, r.Claims, &resp.Diagnostics)
	planQueueIDs(ctx, req, resp, r.Claims, walkOf(r.Client))
	if req.Plan.Raw.IsNull() {
		// Terraform shows a resign as a destroy: say what it does.
		var mode, num, id string
		if rawAttr(req.State.Raw, "delete_mode").As(&mode) == nil && mode == agentDeleteModeResign &&
			rawAttr(req.State.Raw, "user_num").As(&num) == nil && rawAttr(req.State.Raw, "id").As(&id) == nil {
			resp.Diagnostics.AddWarning("Agent Will Be Resigned, Not Deleted",
				fmt.Sprintf("Agent %s (id %s) has delete_mode = \"resign\": this destroy keeps the agent and its history and sets user_status = 2; "+
					"its number stays taken, and creating an agent with it re-activates this one.", num, id))
			r.warnQueueIDsAddedOutside(ctx, req, resp)
		}
		return
	}
	warnDefaultType(req.Config.Raw, req.State.Raw, &resp.Diagnostics)
	warnUndoneByDefault(ctx, req, &resp.Diagnostics, agentNamed, agentUndoneByDefault...)
	warnWrittenByReplacement(req, &resp.Diagnostics, []string{"user_num"}, agentNumbers)
	// ValidateConfig leaves passwords unknown at validation to the plan.
	// One still unknown here (another resource's value) may come out null
	// (a condition: x == "wo" ? null : "…"), so the plan warns; once the
	// apply knows both (it plans each resource again), two set are refused
	// before anything is sent.
	if pw, wo := rawAttr(req.Config.Raw, "user_password"), rawAttr(req.Config.Raw, "user_password_wo"); !pw.IsNull() && !wo.IsNull() {
		if pw.IsKnown() && wo.IsKnown() {
			resp.Diagnostics.AddAttributeError(path.Root("user_password"), "Invalid Attribute Combination", passwordsTogether)
			return
		}
		resp.Diagnostics.AddAttributeWarning(path.Root("user_password"), "Both Passwords May Be Set",
			"user_password and user_password_wo are both configured, and one is known only at apply: if neither comes out null, the apply refuses this agent "+
				"(it cannot hold both) before sending it, after the resources it waits for have been applied. "+setOnePassword)
	}
	noPassword := rawAttr(req.Config.Raw, "user_password").IsNull() && rawAttr(req.Config.Raw, "user_password_wo").IsNull()
	if !req.State.Raw.IsNull() {
		was, now := rawAttr(req.State.Raw, "user_num"), rawAttr(req.Plan.Raw, "user_num")
		if n, replaced := newNumber(now); noPassword && replaced && !was.Equal(now) {
			// The replacement's create would refuse with the bare rule;
			// say first that user_num is what replaces the agent (an
			// import into a block with another number, say). One known
			// only at apply replaces it too (the replacement's create was
			// refused with the bare rule).
			var w string
			_ = was.As(&w)
			resp.Diagnostics.AddAttributeError(path.Root("user_num"), "Missing Agent Password",
				fmt.Sprintf("user_num changes from %q to %s, and an agent's number cannot be changed: the plan replaces agent %s with a new agent. %s "+
					"If the configuration means the existing agent, set user_num = %q.", w, n, w, errNoPassword.Error(), w))
			return
		}
		if now.IsKnown() && !now.IsNull() && !was.Equal(now) {
			if replacedWithSavedDeleteMode(req, &resp.Diagnostics) {
				return
			}
			if refuseResignedKeepsContact(req, &resp.Diagnostics) {
				return
			}
			warnReplacementResigns(req, &resp.Diagnostics)
			r.warnNumberChanged(ctx, req, resp, deleted)
		}
		if !now.IsKnown() {
			// A user_num known only at apply (another resource's value)
			// replaces the agent whatever it comes out as: RequiresReplace
			// takes an unknown for a change, and the apply does not plan
			// again what it destroys (its create is planned with no prior
			// state, so none of the checks above runs then).
			if replacedWithSavedDeleteMode(req, &resp.Diagnostics) {
				return
			}
			if !warnUnknownNumberResigns(req, &resp.Diagnostics) {
				warnUnknownNumberDeletes(req, &resp.Diagnostics)
			}
		}
		if was.Equal(now) { // a new user_num is a new agent, which the password is for
			warnPasswordFirstSent(req, &resp.Diagnostics)
		}
		r.warnQueueIDsTakeOver(ctx, req, resp)
		r.warnQueueIDsLetGo(ctx, req, resp)
		r.warnQueueIDsAddedOutside(ctx, req, resp)
		warnQueueIDsTakenOut(ctx, req, resp)
		return
	}
	if noPassword {
		resp.Diagnostics.AddAttributeError(path.Root("user_password"), "Missing Agent Password", errNoPassword.Error()+" "+notInStateCreate)
		return
	}
	r.warnNumberTaken(ctx, req, resp, deleted)
	r.warnReactivation(ctx, req, resp)
}

// warnPasswordFirstSent warns of an update that sends a password to an
// agent Terraform has never set one for: the state holds neither
// user_password nor user_password_wo_version (an imported agent, or one
// managed without a password until now) and the plan sets one, so the apply
// sends it (users/edit user_password, spec §4.2) and the password the agent
// logs in with is replaced. A data-driven configuration that sets one
// password for every row (new hires need one) and adopts the existing
// agents with import blocks planned this for every adopted agent as a
// one-line "+ user_password_wo_version = 1" among hundreds of attributes.
// The planned values are read, not the configuration: ignore_changes keeps
// the state's null in the plan, and then nothing is sent.
func warnPasswordFirstSent(req resource.ModifyPlanRequest, diags *diag.Diagnostics) {
	if !rawAttr(req.State.Raw, "user_password").IsNull() || !rawAttr(req.State.Raw, "user_password_wo_version").IsNull() {
		return
	}
	// kept is what ignore_changes keeps from being sent: the attribute the
	// plan sets (user_password_wo_version does nothing for user_password).
	var attr, set, kept string
	var ver big.Float
	switch pw, v := rawAttr(req.Plan.Raw, "user_password"), rawAttr(req.Plan.Raw, "user_password_wo_version"); {
	case !v.IsNull() && v.IsKnown() && v.As(&ver) == nil:
		attr, set, kept = "user_password_wo_version", fmt.Sprintf("sets user_password_wo_version = %s: the apply sends user_password_wo", ver.Text('f', -1)), "change of the version"
	case !v.IsKnown():
		// Known only at apply (another resource's value, a time_rotating
		// made in this apply): unless it comes out null, it is sent as well.
		attr, set, kept = "user_password_wo_version", "sets user_password_wo_version to a value known only at apply: unless it is null, the apply sends user_password_wo", "change of the version"
	case !pw.IsNull():
		attr, set, kept = "user_password", "sets user_password: the apply sends it", "change of user_password"
	default:
		return
	}
	var num, id string
	_, _ = rawAttr(req.State.Raw, "user_num").As(&num), rawAttr(req.State.Raw, "id").As(&id)
	diags.AddAttributeWarning(path.Root(attr), "Password Sent to an Existing Agent",
		fmt.Sprintf("Agent %s (id %s) has no password set by Terraform (it was imported, or managed without a password until now), and the configuration %s, "+
			"which replaces the password the agent logs in with. If the agent keeps its own password, leave both passwords null for it "+
			"(an imported agent needs none; only a create does), or keep lifecycle { ignore_changes = [%s] } on the resource: "+
			"a create still sends the password, but no %s is sent to an existing agent after that. "+
			// Terraform asks for this plan before it replaces the agent
			// (-replace, replace_triggered_by), and says nothing of that to
			// the provider: the warning shows then too.
			"If this plan replaces the agent (-replace, replace_triggered_by), the password is the new agent's, which needs one: "+
			"leave the configuration as it is.", num, id, set, attr, kept))
}

// warnReactivation: a create whose user_num a resigned agent holds
// re-activates that agent at apply (the platform keeps a resigned agent's
// number), while the plan showed a plain create, and a reviewer approved a
// new account. One list of the resigned agents per walk answers every
// create of the plan (client.Agents.Resigned); a list that fails leaves
// the word to the apply.
func (r *agentResource) warnReactivation(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var num string
	if r.Client == nil || rawAttr(req.Plan.Raw, "user_num").As(&num) != nil || num == "" {
		return
	}
	resigned, err := r.Client.Agents.Resigned(ctx)
	if err != nil {
		// Stopped (Ctrl-C): the plan does not go on, and Terraform says
		// so ("execution halted"); "the plan goes on without that check"
		// was wrong then, and stood among the apply's errors.
		if ctx.Err() == nil && !errors.Is(err, client.ErrResignedUnread) { // said once, by the create whose read failed
			resp.Diagnostics.AddWarning("Could Not Check for Resigned Agents",
				"The plan could not list the resigned agents, whose numbers a create re-activates instead of making a new agent: "+tfkit.APIErrorDetailOf(tfkit.OpRead, err)+
					"\n\nThe plan goes on without that check; the apply still says which agents it re-activated.")
		}
		return
	}
	a, ok := resigned[num]
	if !ok || r.Claims.Claimed(resignedKey(a.UserID.Int64())) {
		// An agent this apply resigned (a replacement with delete_mode =
		// "resign", planned again after its destroy) comes back as it
		// was, groups and all: Create says so.
		return
	}
	resp.Diagnostics.AddAttributeWarning(path.Root("user_num"), "Create Re-activates a Resigned Agent",
		fmt.Sprintf("Agent number %s belongs to resigned agent %d (%q): the platform keeps a resigned agent's number, so this create re-activates that agent "+
			"instead of making a new one, and its call history stays with it. What the configuration leaves out is cleared as for a new agent (nickname, e-mail, "+
			"phones, CRM id, skill groups); its department, role, position and supervisor are kept unless set. For a new person with a record of their own, "+
			"choose another user_num.", num, a.UserID.Int64(), string(a.UserName)))
}

// warnQueueIDsLetGo warns when queue_ids is removed from the
// configuration: the plan shows the groups going ("queue_ids = [...] ->
// null"), while the apply leaves the agent in them and stops managing its
// membership (as the attribute's description says).
func (r *agentResource) warnQueueIDsLetGo(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if !rawAttr(req.Plan.Raw, "queue_ids").IsNull() {
		return
	}
	var was types.Set
	var num types.String
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("queue_ids"), &was)...)
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("user_num"), &num)...)
	if resp.Diagnostics.HasError() || was.IsNull() || len(was.Elements()) == 0 {
		return
	}
	ids, _ := tfkit.Int64sFromSet(ctx, was)
	slices.Sort(ids)
	groups := make([]string, len(ids))
	for i, q := range ids {
		groups[i] = strconv.FormatInt(q, 10)
	}
	resp.Diagnostics.AddAttributeWarning(path.Root("queue_ids"), "Agent Stays in Its Skill Groups",
		fmt.Sprintf("queue_ids is no longer set for agent %s: Terraform stops managing the agent's skill groups and the agent stays in them (%s), "+
			"although the plan shows queue_ids going to null. To take the agent out of groups, first apply queue_ids with only the groups it keeps "+
			"(or [] for none), then remove the attribute.", num.ValueString(), strings.Join(groups, ", ")))
}

// warnQueueIDsTakeOver warns when queue_ids starts to be managed for an
// agent that exists (after an import, or added later): the plan can only
// show "+ queue_ids", which reads as additive, while the apply makes the
// agent's groups exactly these and it leaves the others. The warning names
// the groups it would leave, read now (one users/list, batched).
func (r *agentResource) warnQueueIDsTakeOver(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if !rawAttr(req.State.Raw, "queue_ids").IsNull() || r.Client == nil {
		return
	}
	var planned types.Set
	var id types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("queue_ids"), &planned)...)
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("id"), &id)...)
	if resp.Diagnostics.HasError() || planned.IsNull() {
		return
	}
	// Group ids known only at apply (a group made in this plan, a list
	// another resource gives): the known ones are kept, and each group the
	// agent is in now may be one of the others, so it is said as a
	// condition (the plan showed "+ queue_ids = (known after apply)" and
	// said nothing, and the apply took the agent out of its groups).
	var want []int64
	unknown := planned.IsUnknown()
	if !unknown {
		for _, e := range planned.Elements() {
			n, ok := e.(types.Int64)
			switch {
			case !ok || e.IsUnknown():
				unknown = true
			case !n.IsNull():
				want = append(want, n.ValueInt64())
			}
		}
	}
	a, err := r.Client.Agents.Get(ctx, framework.ID(id))
	if err != nil {
		return // the read of the refresh reports it
	}
	var leaves []string
	for _, q := range a.QueueIDList() {
		if !slices.Contains(want, q) {
			leaves = append(leaves, strconv.FormatInt(q, 10))
		}
	}
	if len(leaves) == 0 {
		return
	}
	if unknown {
		resp.Diagnostics.AddAttributeWarning(path.Root("queue_ids"), "Agent Will Leave Skill Groups",
			fmt.Sprintf("queue_ids was not managed for agent %s until now; from this apply the agent's groups are exactly the ones listed, "+
				"and queue_ids is known only at apply (in whole or in part): the agent leaves each skill group it belongs to now that the list does not name then: %s. "+
				"The plan shows only \"+ queue_ids\". To keep them, make sure queue_ids lists them.", a.UserNum, strings.Join(leaves, ", ")))
		return
	}
	resp.Diagnostics.AddAttributeWarning(path.Root("queue_ids"), "Agent Will Leave Skill Groups",
		fmt.Sprintf("queue_ids was not managed for agent %s until now; from this apply the agent's groups are exactly the ones listed, "+
			"so it leaves the skill groups it belongs to now and that are not listed: %s. The plan shows only \"+ queue_ids\". "+
			"To keep them, add them to queue_ids.", a.UserNum, strings.Join(leaves, ", ")))
}

// rawAttr is a top-level attribute of a configuration, plan or state.
func rawAttr(v tftypes.Value, name string) tftypes.Value {
	got, _, err := tftypes.WalkAttributePath(v, tftypes.NewAttributePath().WithAttributeName(name))
	if tv, ok := got.(tftypes.Value); ok && err == nil {
		return tv
	}
	return tftypes.NewValue(tftypes.String, nil)
}

// refuseResignedKeepsContact refuses a new user_num that replaces an
// agent whose delete_mode is "resign" when the configuration gives the new
// agent the old one's user_email or user_sms_phone. The destroy only
// resigns the old agent (users/edit user_status = 2), which keeps both
// values, and both are unique on the platform (§4.2 users/add, users/edit):
// the create would be refused after the old agent was resigned and had
// left the state, a write half done the user could not undo from the
// configuration. The plan looked like any replacement. An e-mail address
// is the same whatever its case (the platform refuses "Ann@example.com"
// while a resigned agent holds "ann@example.com", answering 409): compared
// exactly, a new user_num whose e-mail changed its case alone planned, and
// its apply resigned the old agent, then failed. It tells whether it
// refused.
func refuseResignedKeepsContact(req resource.ModifyPlanRequest, diags *diag.Diagnostics) bool {
	var mode, was, now, id string
	if rawAttr(req.State.Raw, "delete_mode").As(&mode) != nil || mode != agentDeleteModeResign ||
		rawAttr(req.State.Raw, "user_num").As(&was) != nil || rawAttr(req.Plan.Raw, "user_num").As(&now) != nil ||
		rawAttr(req.State.Raw, "id").As(&id) != nil {
		return false
	}
	refused := false
	for _, field := range agentContacts {
		held, wanted := rawAttr(req.State.Raw, field), rawAttr(req.Config.Raw, field)
		var v, h string
		if !wanted.IsKnown() || wanted.IsNull() || wanted.As(&v) != nil || v == "" || held.As(&h) != nil || !sameContact(field, h, v) {
			continue
		}
		refused = true
		same := ""
		if h != v {
			same = fmt.Sprintf(" (the configuration's %q is the same address: an e-mail address is unique whatever its case)", v)
		}
		diags.AddAttributeError(path.Root(field), "Resigned Agent Keeps "+field,
			fmt.Sprintf("user_num changes from %[1]q to %[2]q, which replaces agent %[3]s (id %[4]s) with a new agent, and delete_mode = \"resign\" only resigns "+
				"the old one: it keeps its %[5]s %[6]q%[7]s, which is unique on the platform, so the apply would resign agent %[1]s and then the create of agent %[2]s "+
				"with that %[5]s would be refused. Nothing was changed. Free the value first: set %[5]s = \"\" and apply (the agent keeps its number), then change user_num and set %[5]s again. "+
				"With delete_mode = \"delete\" (applied first) the replacement deletes the old agent and its history instead.",
				was, now, was, id, field, h, same))
	}
	return refused
}

// warnReplacementResigns: a new user_num replaces the agent, and
// delete_mode = "resign" (saved, and planned the same) makes the destroy
// half of the replacement a resign (users/edit user_status = 2). The plan
// reads "-/+ destroy and then create replacement" and hides delete_mode
// among the unchanged attributes, so a reviewer approved what read as the
// old agent's deletion, and the old agent stayed, resigned, holding its
// number (a later create with that number re-activates it) and its
// history. A destroy of the resource says so ("Agent Will Be Resigned,
// Not Deleted"); its replacement said nothing. A change of delete_mode in
// the same plan is replacedWithSavedDeleteMode's.
func warnReplacementResigns(req resource.ModifyPlanRequest, diags *diag.Diagnostics) {
	var was, now, id string
	note, resigns := savedResign(req)
	if !resigns || rawAttr(req.State.Raw, "user_num").As(&was) != nil || rawAttr(req.Plan.Raw, "user_num").As(&now) != nil ||
		rawAttr(req.State.Raw, "id").As(&id) != nil {
		return
	}
	diags.AddAttributeWarning(path.Root("user_num"), "Replacement Resigns the Agent", replacementResigns(was, id, &now, note, nil))
}

// replacementResigns is the detail of "Replacement Resigns the Agent": a
// new user_num, now (nil where it is known only at apply), replaces agent
// was (id id), and delete_mode = "resign" makes the destroy half a resign.
// note is savedResign's; kept (of an unknown now) names the unique values
// the resigned agent keeps that the configuration gives the new one too.
// A known number is a new agent, and the way out is to delete the old one;
// an unknown one may come out as was, and the way out is to know it at
// plan.
func replacementResigns(was, id string, now *string, note string, kept []string) string {
	shown, anew, create := unknownNumber, "", fmt.Sprintf(", and the create re-activates it if user_num comes out as %q", was)
	if now != nil {
		shown, anew, create = strconv.Quote(*now), " with a new agent", ""
	}
	detail := fmt.Sprintf("user_num changes from %[1]q to %[2]s, which replaces agent %[1]s (id %[3]s)%[4]s, and delete_mode = \"resign\": the destroy half of this replacement "+
		"does not delete agent %[1]s, it resigns it (users/edit user_status = 2)%[5]s.", was, shown, id, anew, create) + note + " "
	if now != nil {
		return detail + fmt.Sprintf("Agent %[1]s stays on the platform with its history and keeps its number (creating an agent with number %[1]s later re-activates it); "+
			"agent %[2]s starts without that history. To delete agent %[1]s instead, apply delete_mode = \"delete\" alone first (it sends nothing to the platform), then change user_num.", was, *now)
	}
	if len(kept) > 0 {
		detail += fmt.Sprintf("If it comes out as another number, the new agent's create is refused after agent %s was resigned: the resigned agent keeps its %s, "+
			"which the configuration gives the new agent too (or may: it is known only at apply), and which is unique on the platform. ", was, strings.Join(kept, " and "))
	}
	return detail + "To avoid the replacement, set user_num from a value known at plan, such as a variable, or apply the resource it comes from first with -target."
}

// savedResign tells whether the destroy half of a replacement resigns the
// agent: delete_mode "resign" saved, and planned the same or known only at
// apply (another resource's value), as the destroy uses the saved one
// whatever the planned one comes out as; a known change of it is
// replacedWithSavedDeleteMode's. note says the unknown one (with a leading
// space), "" otherwise. An unknown delete_mode beside "resign" saved planned
// the replacement without a word of the resign.
func savedResign(req resource.ModifyPlanRequest) (note string, resigns bool) {
	var saved, planned string
	if rawAttr(req.State.Raw, "delete_mode").As(&saved) != nil || saved != agentDeleteModeResign {
		return "", false
	}
	p := rawAttr(req.Plan.Raw, "delete_mode")
	if !p.IsKnown() {
		return " delete_mode is known only at apply, and the destroy uses the one the last apply saved, \"resign\", whatever it comes out as.", true
	}
	return "", p.As(&planned) == nil && planned == saved
}

// replacedWithSavedDeleteMode: a new user_num replaces the agent, and the
// destroy half of a replacement reads only the prior state, so it uses the
// delete_mode the last apply saved, not the one this plan shows beside the
// replacement (delete_mode = "delete" -> "resign"). From "delete" to
// "resign" the old agent and its history would be deleted while the plan
// reads as a resign: refused, it cannot be undone. From "resign" to
// "delete" the old agent is resigned and keeps its number: a warning. It
// tells whether it refused.
func replacedWithSavedDeleteMode(req resource.ModifyPlanRequest, diags *diag.Diagnostics) bool {
	var saved, planned, was, id string
	if rawAttr(req.State.Raw, "delete_mode").As(&saved) != nil || rawAttr(req.Plan.Raw, "delete_mode").As(&planned) != nil ||
		saved == "" || planned == "" || saved == planned ||
		rawAttr(req.State.Raw, "user_num").As(&was) != nil || rawAttr(req.State.Raw, "id").As(&id) != nil {
		return false
	}
	now, ok := newNumber(rawAttr(req.Plan.Raw, "user_num"))
	if !ok {
		return false
	}
	const replaces = "user_num changes from %[1]q to %[2]s, which replaces agent %[1]s (id %[3]s), and delete_mode changes from %[4]q to %[5]q in the same plan: " +
		"the replacement destroys the old agent with the delete_mode the last apply saved, %[4]q, not the new one. "
	if saved == agentDeleteModeDelete {
		diags.AddAttributeError(path.Root("delete_mode"), "Replacement Would Delete the Agent",
			fmt.Sprintf(replaces+"So agent %[1]s and its history would be deleted (users/delete), not resigned. "+
				"Apply delete_mode = %[5]q alone first (it sends nothing to the platform), then change user_num.", was, now, id, saved, planned))
		return true
	}
	diags.AddAttributeWarning(path.Root("delete_mode"), "Replacement Resigns the Agent",
		fmt.Sprintf(replaces+"So agent %[1]s is resigned (users/edit user_status = 2), not deleted: it keeps its number, e-mail and SMS phone. "+
			"To delete it, apply delete_mode = %[5]q alone first (it sends nothing to the platform), then change user_num.", was, now, id, saved, planned))
	return false
}

// unknownNumber stands for a planned user_num known only at apply in the
// replacement messages.
const unknownNumber = "a value known only at apply (Terraform replaces the agent even if it comes out the same)"

// newNumber is the planned user_num as the replacement messages show it:
// quoted, or unknownNumber. It tells whether there is one (null is not).
func newNumber(v tftypes.Value) (string, bool) {
	if !v.IsKnown() {
		return unknownNumber, true
	}
	var s string
	if v.IsNull() || v.As(&s) != nil {
		return "", false
	}
	return strconv.Quote(s), true
}

// warnUnknownNumberResigns: user_num is known only at apply, so Terraform
// replaces the agent (see ModifyPlan), and delete_mode = "resign" (saved,
// and planned the same) makes the destroy half a resign. The plan shows
// "user_num = \"8001\" -> (known after apply) # forces replacement" and no
// warning. The resigned agent keeps its number, e-mail and SMS phone: a new
// user_num that comes out the same re-activates it, but one that differs
// while the configuration keeps the old e-mail or SMS phone is refused
// after the old agent was resigned, which refuseResignedKeepsContact
// refuses at plan when the number is known.
func warnUnknownNumberResigns(req resource.ModifyPlanRequest, diags *diag.Diagnostics) bool {
	var was, id string
	note, resigns := savedResign(req)
	if !resigns || rawAttr(req.State.Raw, "user_num").As(&was) != nil || rawAttr(req.State.Raw, "id").As(&id) != nil {
		return false
	}
	var kept []string
	for _, field := range agentContacts {
		held, wanted := rawAttr(req.State.Raw, field), rawAttr(req.Config.Raw, field)
		var v, h string
		if held.As(&h) != nil || h == "" || (wanted.IsKnown() && (wanted.IsNull() || wanted.As(&v) != nil || !sameContact(field, h, v))) {
			continue
		}
		kept = append(kept, fmt.Sprintf("%s %q", field, h))
	}
	diags.AddAttributeWarning(path.Root("user_num"), "Replacement Resigns the Agent", replacementResigns(was, id, nil, note, kept))
	return true
}

// warnUnknownNumberDeletes: user_num is known only at apply, so Terraform
// replaces the agent (see ModifyPlan), and the saved delete_mode is
// "delete": the destroy half deletes the agent and its call history
// (users/delete) even if the number comes out the same, and the create
// makes a new agent with it. The plan shows only "# forces replacement"
// beside "(known after apply)". A delete_mode known only at apply is
// said too: the destroy uses the saved one whatever it comes out as.
func warnUnknownNumberDeletes(req resource.ModifyPlanRequest, diags *diag.Diagnostics) {
	var saved, was, id string
	if rawAttr(req.State.Raw, "delete_mode").As(&saved) != nil || saved != agentDeleteModeDelete ||
		rawAttr(req.State.Raw, "user_num").As(&was) != nil || rawAttr(req.State.Raw, "id").As(&id) != nil {
		return
	}
	mode := ""
	if !rawAttr(req.Plan.Raw, "delete_mode").IsKnown() {
		mode = " delete_mode is known only at apply too, and the destroy uses the one the last apply saved, \"delete\", whatever it comes out as."
	}
	diags.AddAttributeWarning(path.Root("user_num"), "Replacement Deletes the Agent",
		fmt.Sprintf("user_num changes from %[1]q to %[2]s, which replaces agent %[1]s (id %[3]s), and delete_mode = \"delete\": the destroy half of this replacement "+
			"deletes agent %[1]s and its history (users/delete), and the create makes a new agent, also if user_num comes out as %[1]q.%[4]s "+
			"To keep the agent, set user_num from a value known at plan, such as a variable, or apply the resource it comes from first with -target.",
			was, unknownNumber, id, mode))
}
