package resources

// A membership whose agent or skill group is replaced in the same plan
// follows it: its agent_id or que_id is known only at apply, and
// Terraform replaces it. The membership's "Replaced for a Value Known
// Only at Apply" warning is for an id that comes from another object and
// may come out the same; for a replaced agent or group it said "this is
// expected" at every -replace of an agent, every new user_num, once per
// membership.

import (
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// replacedKey is the Claims note of an object of kind ("agent",
// "skill_group") with id that this plan replaces.
func replacedKey(kind, id string) string { return "replaced\x00" + kind + "\x00" + id }

// noteReplaced records (replacedKey) that the plan being made replaces
// the object of req's state: a change that requires it (resp.RequiresReplace,
// or a change of u.attr when it replaces, or of u.replacing: the first of
// Terraform's two plans of a replacement), or the create of
// the second plan whose unique value u.attr the object of an instance
// kept by its first plan holds (-replace: that first plan changes
// nothing).
func (u uniqueValue) noteReplaced(req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse, claims *tfkit.Claims, kind string) {
	if claims == nil || resp.Plan.Raw.IsNull() {
		return
	}
	var id, v string
	if !req.State.Raw.IsNull() {
		// The attributes' RequiresReplace is not in resp (the framework
		// gives ModifyPlan an empty list): the attributes whose change
		// replaces tell it, a value known only at apply too.
		replaced := len(resp.RequiresReplace) > 0
		for _, a := range u.replacing {
			replaced = replaced || !rawAttr(resp.Plan.Raw, a).Equal(rawAttr(req.State.Raw, a))
		}
		if u.replaces {
			replaced = replaced || !rawAttr(resp.Plan.Raw, u.attr).Equal(rawAttr(req.State.Raw, u.attr))
		}
		if replaced && rawAttr(req.State.Raw, "id").As(&id) == nil && id != "" {
			noteReplacedID(claims, kind, id)
		}
		return
	}
	if raw := rawAttr(resp.Plan.Raw, u.attr); !raw.IsKnown() || raw.IsNull() || raw.As(&v) != nil || v == "" {
		return
	}
	for _, id := range claims.PlannedKeepers(u.key(v)) {
		noteReplacedID(claims, kind, id)
	}
}

// noteReplacedID records that this plan replaces the object of kind with
// id, for this plans' walk (tfkit.Claims.PlanWalk): under `terraform test`
// with a provider block, one process serves every run, and a replacement
// planned by one run (a -replace in a command = plan run, which applies
// nothing) kept a later run's membership of that agent or group quiet.
func noteReplacedID(claims *tfkit.Claims, kind, id string) {
	claims.Note(replacedKey(kind, id), strconv.FormatUint(claims.PlanWalk(), 10))
}

// followsReplaced reports whether the membership of state's que and
// agent follows a group or an agent this plan replaces (noteReplaced),
// for the attributes unknown names (que_id, agent_id).
func followsReplaced(claims *tfkit.Claims, unknown []string, que, agent string) bool {
	for _, a := range unknown {
		kind, id := "skill_group", que
		if a == "agent_id" {
			kind, id = "agent", agent
		}
		if w, ok := claims.Noted(replacedKey(kind, id)); ok && w == strconv.FormatUint(claims.PlanWalk(), 10) {
			return true
		}
	}
	return false
}
