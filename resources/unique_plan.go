package resources

import (
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// uniqueValue is an attribute the platform keeps unique (an SMS
// signature's sign_text, a template's template_name, a skill group's
// que_name, an agent's user_num), with what a plan that deletes its object
// at one address and creates another with it at a second one leads to.
type uniqueValue struct {
	kind, title, attr string
	// why says what such an apply meets.
	why string
	// replaces is set when a change of attr replaces the object: a
	// replacement deletes the old value and creates the new one too (the
	// elements of a count list shifted: each instance takes the next one's
	// value).
	replaces bool
	// shared is set when the platform lets several objects hold the
	// value (warnCreatedTwice says nothing of two).
	shared bool
	// replacing are the other attributes whose change replaces the
	// object (planHolder: a replacement gives the value up).
	replacing []string
}

var (
	signatureText = uniqueValue{kind: "SMS signature", title: "SMS Signature", attr: "sign_text", replaces: true, replacing: []string{"remark"},
		why: "sign_text is unique on the platform: the create is refused when Terraform runs it before the delete (it runs them in any order), and " +
			"templates that still use the old signature keep it from being deleted until they use the new one, which cannot be created first: " +
			"while such templates stay, the apply fails every time."}
	templateName = uniqueValue{kind: "SMS template", title: "SMS Template", attr: "template_name",
		why: "template_name is unique within the enterprise: the create is refused when Terraform runs it before the delete (it runs them in any order), " +
			"and when it succeeds, the new template goes through review again before it can send."}
	agentNumber = uniqueValue{kind: "agent", title: "Agent", attr: "user_num", replaces: true,
		why: "user_num is unique: the create is refused while the old agent holds it (Terraform runs the two in any order); with " +
			"delete_mode = \"delete\" the agent and its history are deleted and a new agent is made, and with \"resign\" the agent is resigned and re-activated."}
	// taskName is not unique on the platform (§4.3 updateOrCreate), but a
	// plan that deletes a task at one address and creates one of the same
	// name at another is a task moved without a moved block.
	taskName = uniqueValue{kind: "outbound task", title: "Outbound Task", attr: "name", shared: true,
		why: "The new task is another project with another id, made from the configuration: it does not carry over the old task's dialing " +
			"(its numbers, their progress and recalls) nor its call records, which are deleted with it, and an open task is not deleted at all (the plan fails)."}
	groupName = uniqueValue{kind: "skill group", title: "Skill Group", attr: "que_name",
		why: "que_name is unique: the create is refused when Terraform runs it before the delete (it runs them in any order), a group that still " +
			"has agents cannot be deleted, and the new group has another que_id, so its memberships and the tasks that use it are written again."}
)

// key is the claim of value v.
func (u uniqueValue) key(v string) string { return "unique\x00" + u.attr + "\x00" + v }

// shiftKey marks value v as given up or taken by a replacement, an
// instance whose address stays (warnDeletedAndCreated).
func (u uniqueValue) shiftKey(v string) string { return "shifted\x00" + u.key(v) }

// warnDeletedAndCreated is the ModifyPlan step of a resource with a unique
// value. A for_each key or a resource name changed without a moved block
// makes a plan in which one instance deletes the object holding a value
// and another creates an object with it: an apply that fails, or replaces
// the object for nothing (the review, the id, an agent's history), where a
// moved block keeps it as it is. So does an element removed from a list
// that count iterates, where each later instance is replaced by one with
// the next element's value. The instances are planned in any order; the
// second warns.
//
// It reports whether it warned: the plan deletes the object holding the
// value, which the key check of a create (warnTaken) leaves alone.
func (u uniqueValue) warnDeletedAndCreated(req resource.ModifyPlanRequest, claims *tfkit.Claims, diags *diag.Diagnostics) bool {
	value := func(v tftypes.Value) (string, bool) {
		var s string
		raw := rawAttr(v, u.attr)
		ok := raw.IsKnown() && !raw.IsNull() && raw.As(&s) == nil
		return s, ok
	}
	var both []string
	old, hadOld := "", false
	if !req.State.Raw.IsNull() {
		old, hadOld = value(req.State.Raw)
		// The walk's progress with -refresh=false (Claims.Settle).
		claims.PlannedInState()
	}
	now, hasNow := "", false
	if !req.Plan.Raw.IsNull() {
		now, hasNow = value(req.Plan.Raw)
	}
	replaced := hadOld && hasNow && old != now && u.replaces
	if hasNow && (replaced || req.State.Raw.IsNull()) {
		u.warnCreatedTwice(req, claims, diags, now)
	}
	// A replacement keeps its address in the configuration with another
	// value: the values of a for_each map (or a count list) shifted
	// between instances, where no moved block can be written (Terraform
	// refuses one from an address still declared). Its mark is recorded
	// before its claims, so the other instance of the pair, planned
	// second, finds it.
	if replaced {
		claims.Planned(false, u.shiftKey(old), u.shiftKey(now))
	}
	switch {
	case replaced:
		both = append(claims.Planned(true, u.key(old)), claims.Planned(false, u.key(now))...)
	case hadOld && req.Plan.Raw.IsNull():
		both = claims.Planned(true, u.key(old))
	case hasNow && req.State.Raw.IsNull():
		both = claims.Planned(false, u.key(now))
	}
	if len(both) == 0 {
		return false
	}
	v := strings.TrimPrefix(both[0], u.key(""))
	if replaced || claims.PlannedAs(false, u.shiftKey(v)) {
		diags.AddWarning(u.title+" Deleted and Created Again",
			fmt.Sprintf("This plan deletes the %[1]s whose %[2]s is %[3]q at one address and creates one with the same %[2]s at another, "+
				"and the address it leaves stays in the configuration with another %[2]s (or the new one held another %[1]s): the values of a for_each map "+
				"moved between its keys (an element taken out, two keys swapped), or an element removed from a list that count iterates. %[4]s "+
				"A moved block cannot say this: Terraform refuses one from an address the configuration still declares (\"Moved object still exists\"). "+
				"For a count list, use for_each keyed by the %[2]s instead, with a moved block for each instance. Key a for_each map by the %[2]s too, "+
				"with a moved block from each old key to the new one (and one for each resource whose for_each is this one's instances); or, to keep "+
				"its keys, move the instances in the state before the apply with terraform state mv '<old address>' '<new address>', through a "+
				"temporary key where two swap. Nothing is then sent for those %[1]ss.",
				u.kind, u.attr, v, u.why))
		return true
	}
	diags.AddWarning(u.title+" Deleted and Created Again",
		fmt.Sprintf("This plan deletes the %[1]s whose %[2]s is %[3]q at one address and creates one with the same %[2]s at another: "+
			"a for_each key or a resource name changed without a moved block, or an element removed from a list that count iterates. %[4]s "+
			"Add a moved block from the old address to the new one (moved { from = <old address> to = <new address> }): the %[1]s stays as it is, "+
			"and nothing is sent. For a count list, use for_each keyed by the %[2]s instead, with a moved block for each instance.", u.kind, u.attr, v, u.why))
	return true
}

// planHolder records, for the key check of a create planned beside it
// (settleHolders), whether the plan keeps the value u.attr of the object
// in req's state where it is: a no-op or an update that leaves the value
// keeps it, a destroy, a replacement or an update of the value gives it
// up (tfkit.Claims.PlanHolder). Terraform plans every instance of the
// state, a no-op too, so a create of a value another resource of the
// configuration keeps is told apart from one an object made outside
// Terraform holds, with refresh or without, at the cost of a map entry.
// It runs deferred, at the end of ModifyPlan, for the replacements it
// asks (resp.RequiresReplace).
func (u uniqueValue) planHolder(req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse, claims *tfkit.Claims) {
	if claims == nil || req.State.Raw.IsNull() {
		return
	}
	var id, v string
	if raw := rawAttr(req.State.Raw, "id"); !raw.IsKnown() || raw.IsNull() || raw.As(&id) != nil || id == "" {
		return
	}
	if raw := rawAttr(req.State.Raw, u.attr); !raw.IsKnown() || raw.IsNull() || raw.As(&v) != nil || v == "" {
		return
	}
	keeps := !resp.Plan.Raw.IsNull() && len(resp.RequiresReplace) == 0
	for _, a := range append([]string{u.attr}, u.replacing...) {
		// A value known only at apply is a change: it replaces, or may
		// change the value.
		keeps = keeps && rawAttr(resp.Plan.Raw, a).Equal(rawAttr(req.State.Raw, a))
	}
	// An update in place that changes the value: the object holds the
	// old one until the update is applied (warnKeyChanged).
	to := ""
	if raw := rawAttr(resp.Plan.Raw, u.attr); !keeps && !resp.Plan.Raw.IsNull() && len(resp.RequiresReplace) == 0 && raw.IsKnown() && !raw.IsNull() {
		if raw.As(&to) != nil || to == v {
			to = ""
		}
	}
	claims.PlanRename(u.key(v), id, to)
	claims.PlanHolder(u.key(v), id, keeps)
}

// warnCreatedTwice warns of a create (or a replacement's create) of value
// v that another instance of this plan creates too: two resources of the
// configuration given the same user_num or que_name (a copied block, a
// data file holding a row twice). The plan showed two plain creates, and
// the apply made the first and was refused the second, after whatever it
// applied before. The instances are planned in any order: the second
// planned warns (Terraform does not tell a provider which address it
// plans, so the warning names the other one by the value).
// tfkit.Claims.PlanCreate tells the instances apart by their planned
// values: two planned alike (a for_each whose map holds the same settings
// under two keys), or alike but for values the one planned first knows only at
// apply, are not told; the plan of one instance at apply, in a process
// that planned it before (`terraform test`), is not taken for another. A value known only at apply is
// checked by the apply's create.
func (u uniqueValue) warnCreatedTwice(req resource.ModifyPlanRequest, claims *tfkit.Claims, diags *diag.Diagnostics, v string) {
	if u.shared || v == "" || !claims.PlanCreate(u.key(v), req.Plan.Raw) {
		return
	}
	diags.AddAttributeWarning(path.Root(u.attr), u.title+" Created Twice",
		fmt.Sprintf("This plan creates a new %[1]s with %[2]s = %[3]q, and another resource or instance of this configuration, planned before this one, "+
			"creates one with the same %[2]s. The %[2]s is unique on the platform: the apply creates whichever comes first and refuses the other, "+
			"after applying what comes before it. Give one of the two another %[2]s (search the configuration, and its data files, for %[3]q), "+
			"or remove one of them.", u.kind, u.attr, v))
}

// applied forgets what a plan recorded of value v once its create or
// delete ran (tfkit.Claims.Done).
func (u uniqueValue) applied(claims *tfkit.Claims, v types.String) {
	if !v.IsNull() && !v.IsUnknown() {
		claims.Done(u.key(v.ValueString()), u.shiftKey(v.ValueString()))
	}
}
