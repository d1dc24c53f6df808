package resources

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// Two more forms of a group that a membership resource puts an agent in
// and the agent's queue_ids leaves out (membership_twice.go).
//
// The agent's update leaves queue_ids unsent when it did not change (only
// user_name did, say: unchangedAgentInput), so it does not take the agent
// out of the group. Written after the membership (the agent depends_on
// it, or the membership names the agent by a literal id and Terraform ran
// it first), its read-back found the agent in the group and said "Agent
// Updated, but Read Back With Other Values ... Either someone changed them
// in the portal", blaming the portal for what the configuration did; the
// membership, written after such an update, said nothing. The update
// records the queue_ids it kept, and explains the read-back
// (framework.ExplainReadBack) with the membership that put the agent there.
//
// At plan, the membership resource warned only when the agents' plans came
// first, which a reference to them (agent_id = contactcenter_agent.x.id)
// ensures; one that names them by literal ids or through a data source is
// planned in any order beside them. Each side now records what it plans and
// looks for the other's record, under a lock of the agent: whichever is
// planned second warns, once.

// keptDoes says what an agent's update that leaves queue_ids unsent (it
// does not change) does, at plan or after the write, of group (a subject:
// "the group", "those groups").
func keptDoes(plan bool, group string) string {
	s := "this update did not send it (it did not change), so the agent is still in " + group + " after this apply"
	if plan {
		s = "it does not change, so this apply does not send it and leaves the agent in " + group
	}
	return s + ", while its state keeps the configured queue_ids: the next plan finds the agent in " + group + ", and its update takes the agent out"
}

// queueIDsKept records, at an agent's update that does not send queue_ids
// (unchanged), the queue_ids the agent keeps, for a membership resource
// written after it (warnQueueIDsOmit), and explains a read-back that finds
// the agent in groups a membership resource of this walk put it in.
func queueIDsKept(ctx context.Context, claims *tfkit.Claims, walk string, queueIDs types.Set, num, id string) {
	ag, err := strconv.ParseInt(id, 10, 64)
	if err != nil || queueIDs.IsNull() || queueIDs.IsUnknown() {
		return
	}
	ids, d := tfkit.Int64sFromSet(ctx, queueIDs)
	if d.HasError() {
		return
	}
	noteQueueIDs(claims, writtenQueueIDsKey(id), walk, num, ids, true)
	framework.ExplainReadBack(ctx, "queue_ids", func(_, got tftypes.Value, diags *diag.Diagnostics) bool {
		read, ok := numbers(got)
		if !ok {
			return false
		}
		notes := claims.NotedIn(putInSet(ag))
		var by []string
		kinds := map[string]bool{}
		for _, q := range ids {
			if !slices.Contains(read, q) {
				return false // out of a group queue_ids lists: not this
			}
		}
		for _, q := range read {
			if slices.Contains(ids, q) {
				continue
			}
			kind := putInBy(notes, walk, q)
			if kind == "" {
				return false // a group no membership resource of this apply put it in
			}
			by = append(by, fmt.Sprintf("skill group %d (by a %s)", q, kind))
			kinds[kind] = true
		}
		held := heldGroups(ids)
		diags.AddAttributeWarning(path.Root("queue_ids"), "Skill Group Managed Twice",
			fmt.Sprintf("Agent %s (id %s) is in groups this apply put it in that its queue_ids (%s) leaves out: %s. "+
				"queue_ids lists all of an agent's groups: %s. %s",
				num, id, held, strings.Join(by, ", "), keptDoes(false, "those groups"), listedWayOut(takeOutOfKinds(kinds))))
		return true
	})
}

// putInBy returns the kind of the membership resource that put the agent
// in group q in walk, by the agent's notes (claimPutIn); "" when none did.
func putInBy(notes map[string]string, walk string, q int64) string {
	for _, kind := range []string{kindMembers, kindMember} {
		if notes[putInKey(q, kind)] == walk {
			return kind
		}
	}
	return ""
}

// numbers reads a known set or list of whole numbers.
func numbers(v tftypes.Value) ([]int64, bool) {
	var elems []tftypes.Value
	if !v.IsFullyKnown() || v.IsNull() || v.As(&elems) != nil {
		return nil, false
	}
	out := make([]int64, 0, len(elems))
	for _, e := range elems {
		f := new(big.Float)
		if e.As(&f) != nil || !f.IsInt() {
			return nil, false
		}
		n, _ := f.Int64()
		out = append(out, n)
	}
	return out, true
}

// plannedPutInSet names, in Claims' notes, the set of the groups membership
// resources planned in this process put agent agID in (by putInKey);
// twicePlanLock the lock under which an agent's plan and a membership
// resource's plan record and read each other's notes.
func plannedPutInSet(agID int64) string { return fmt.Sprintf("groups agent %d is planned in", agID) }
func twicePlanLock(agID int64) string   { return fmt.Sprintf("managed twice plan of agent %d", agID) }

// planPutIn is a membership resource's side at plan: it records the agents
// it puts in group queID, and warns of those whose queue_ids, planned
// before it in this walk, leaves the group out. Agents written already in
// this walk (the apply plans an instance again just before its write) are
// left to the check that follows this resource's write.
func planPutIn(claims *tfkit.Claims, walk, kind string, queID int64, agents []int64, at path.Path, diags *diag.Diagnostics) {
	keys := make([]string, len(agents))
	for i, ag := range agents {
		keys[i] = twicePlanLock(ag)
	}
	defer claims.Lock(keys...)()
	var unwritten []int64
	for _, ag := range agents {
		claims.NoteIn(plannedPutInSet(ag), putInKey(queID, kind), walk)
		if _, _, _, written := notedQueueIDs(claims, writtenQueueIDsKey(strconv.FormatInt(ag, 10)), walk); !written {
			unwritten = append(unwritten, ag)
		}
	}
	warnQueueIDsOmit(claims, walk, true, kind, queID, unwritten, at, diags)
}

// planQueueIDs is the agent's side at plan: it records the planned
// queue_ids (notePlannedQueueIDs), and warns of the groups membership
// resources planned before it in this walk put the agent in that they
// leave out. Groups a membership resource of this walk has written (the
// apply plans an instance again just before its write) are left to the
// checks that follow the writes.
func planQueueIDs(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse, claims *tfkit.Claims, walk string) {
	var id string
	if req.Plan.Raw.IsNull() || rawAttr(req.Plan.Raw, "id").As(&id) != nil {
		return
	}
	ag, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		notePlannedQueueIDs(req, claims, walk)
		return
	}
	defer claims.Lock(twicePlanLock(ag))()
	notePlannedQueueIDs(req, claims, walk)
	num, ids, kept, ok := notedQueueIDs(claims, plannedQueueIDsKey(id), walk)
	if !ok {
		return
	}
	planned, written := claims.NotedIn(plannedPutInSet(ag)), claims.NotedIn(putInSet(ag))
	by, kinds := groupsLeftOut(planned, ids, func(k string) bool { return planned[k] == walk && written[k] != walk })
	if len(by) == 0 {
		return
	}
	held := heldGroups(ids)
	does := "the agent's write takes it out of them, the membership resource's puts it back"
	if kept {
		does = keptDoes(true, "those groups")
	}
	resp.Diagnostics.AddAttributeWarning(path.Root("queue_ids"), "Skill Group Managed Twice",
		fmt.Sprintf("Agent %s (id %s) is planned with a queue_ids (%s) that leaves out groups this plan also puts it in: %s. "+
			"queue_ids lists all of an agent's groups: %s. %s",
			num, id, held, strings.Join(by, ", "), does, listedWayOut(takeOutOfKinds(kinds))))
}
