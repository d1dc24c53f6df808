package resources

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// The other shape of a group managed twice (membership_twice.go): a
// contactcenter_skill_group_members (or contactcenter_skill_group_member)
// puts an agent in a group that the agent's own queue_ids, which lists all
// of its groups, leaves out. The usual configuration: every agent's
// queue_ids = [sales] and a membership of support listing all the agents
// by their ids. The first apply (the agents first, the membership, which
// refers to them, after) said nothing; the next plan showed every agent
// leaving support ("Agent Will Leave Groups It Joined Outside This
// Configuration", which blames the portal or another configuration), and
// each later apply undid the other's. Each side records what it writes in
// Claims (the agent its queue_ids, the membership the agents it puts in
// the group) and looks for the other's record after its write: the second
// write warns. At plan, the agent records its planned queue_ids, and the
// membership, planned after the agents it refers to, warns.

// Kinds of the membership resources, as the warnings name them.
const (
	kindMembers = "contactcenter_skill_group_members"
	kindMember  = "contactcenter_skill_group_member"
)

// writtenQueueIDsKey names, in Claims' notes, the queue_ids an agent's
// create or update of this process wrote (agent id id); plannedQueueIDsKey
// the queue_ids a plan of this process gives it.
func writtenQueueIDsKey(id string) string { return "queue_ids written of agent " + id }
func plannedQueueIDsKey(id string) string { return "queue_ids planned of agent " + id }

// putInPrefix and putInKey name, in Claims, an agent that a membership
// resource of kind put in group queID in this process.
func putInPrefix(agID int64) string { return fmt.Sprintf("agent %d put in group ", agID) }
func putInKey(agID, queID int64, kind string) string {
	return fmt.Sprintf("%s%d by %s", putInPrefix(agID), queID, kind)
}

// The notes are of one walk (client.Client.Walk, 0 in a process that
// serves one command): a provider process that serves several commands
// (`terraform test`, or the acceptance tests) does not take an earlier
// command's write or plan for this one's.
func walkOf(c *client.Client) string {
	if c == nil {
		return "0"
	}
	return strconv.FormatUint(c.Walk(), 10)
}

// noteQueueIDs records under key, for walk, the agent's user_num and its
// queue_ids.
func noteQueueIDs(claims *tfkit.Claims, key, walk, num string, ids []int64) {
	claims.Note(key, walk+"|"+num+"|"+joinIDs(ids))
}

// notedQueueIDs returns what noteQueueIDs recorded under key in walk.
func notedQueueIDs(claims *tfkit.Claims, key, walk string) (num string, ids []int64, ok bool) {
	v, ok := claims.Noted(key)
	w, v, _ := strings.Cut(v, "|")
	if !ok || w != walk {
		return "", nil, false
	}
	num, list, _ := strings.Cut(v, "|")
	for _, s := range strings.Split(list, ", ") {
		if q, err := strconv.ParseInt(s, 10, 64); err == nil {
			ids = append(ids, q)
		}
	}
	return num, ids, true
}

// claimPutIn records, before a membership resource of kind writes in
// walk, the agents it puts in group queID.
func claimPutIn(claims *tfkit.Claims, walk, kind string, queID int64, agents ...int64) {
	for _, ag := range agents {
		claims.Note(putInKey(ag, queID, kind), walk)
	}
}

// listedWayOut is the way out of a group that a membership resource puts
// an agent in and the agent's queue_ids leaves out.
func listedWayOut(takeOut string) string {
	return "Terraform runs the two writes in either order, and every later apply undoes the other's (the agent's plan shows it leaving the group, " +
		"the membership's plan puts it back). Manage each agent's groups in one form only: add the group to the agent's queue_ids, or, to keep the agent out of the group, " +
		takeOut + "; or manage all of the agent's groups with membership resources and take queue_ids out of the agent."
}

// takeOutOf says how to take an agent out of a membership resource of kind.
func takeOutOf(kind string) string {
	if kind == kindMember {
		return "remove that " + kindMember
	}
	return "take it out of that " + kindMembers + "' members"
}

// warnQueueIDsOmit is a membership resource's side, after its write or
// at plan (planned): the agents it puts in group queID whose queue_ids,
// written (writtenQueueIDsKey) or planned (plannedQueueIDsKey) in this
// process, leaves the group out.
func warnQueueIDsOmit(claims *tfkit.Claims, walk string, planned bool, kind string, queID int64, agents []int64, at path.Path, diags *diag.Diagnostics) {
	key, when := writtenQueueIDsKey, "was written in this apply with"
	if planned {
		key, when = plannedQueueIDsKey, "is planned with"
	}
	slices.Sort(agents)
	for _, ag := range agents {
		num, ids, ok := notedQueueIDs(claims, key(strconv.FormatInt(ag, 10)), walk)
		if !ok || slices.Contains(ids, queID) {
			continue
		}
		held := "no group"
		if len(ids) > 0 {
			held = "skill group(s) " + joinIDs(ids)
		}
		diags.AddAttributeWarning(at, "Skill Group Managed Twice",
			fmt.Sprintf("This %s puts agent %s (id %d) in skill group %d, and the agent's contactcenter_agent %s a queue_ids that leaves the group out (it lists %s). "+
				"queue_ids lists all of an agent's groups: the agent's write takes it out of the group, this resource's puts it back. %s",
				kind, num, ag, queID, when, held, listedWayOut(takeOutOf(kind))))
	}
}

// warnPutInElsewhere is the agent's side, after its write of queue_ids
// (ids): the groups it leaves out that a membership resource of this
// process put the agent in.
func warnPutInElsewhere(claims *tfkit.Claims, walk string, ids []int64, num, id string, diags *diag.Diagnostics) {
	ag, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return
	}
	noteQueueIDs(claims, writtenQueueIDsKey(id), walk, num, ids)
	var by []string
	kinds := map[string]bool{}
	notes := claims.NotedUnder(putInPrefix(ag))
	for _, k := range slices.Sorted(maps.Keys(notes)) {
		if notes[k] != walk {
			continue
		}
		group, kind, _ := strings.Cut(strings.TrimPrefix(k, putInPrefix(ag)), " by ")
		if q, err := strconv.ParseInt(group, 10, 64); err == nil && !slices.Contains(ids, q) {
			by = append(by, fmt.Sprintf("skill group %d (by a %s)", q, kind))
			kinds[kind] = true
		}
	}
	if len(by) == 0 {
		return
	}
	takeOut := takeOutOf(kindMembers)
	if kinds[kindMember] {
		takeOut = "take it out of that membership resource (the " + kindMembers + "' members, or remove the " + kindMember + ")"
	}
	diags.AddAttributeWarning(path.Root("queue_ids"), "Skill Group Managed Twice",
		fmt.Sprintf("Agent %s (id %s) was written with a queue_ids that leaves out groups this apply also put it in: %s. "+
			"queue_ids lists all of an agent's groups: the agent's write takes it out of them, the membership resource's puts it back. %s",
			num, id, strings.Join(by, ", "), listedWayOut(takeOut)))
}

// notePlannedQueueIDs records, at an agent's plan, the queue_ids the plan
// gives it (known, with its id known: every plan after the create), for
// the membership resources planned after it (they refer to the agent's
// id). A queue_ids left unset records none.
func notePlannedQueueIDs(ctx context.Context, req resource.ModifyPlanRequest, claims *tfkit.Claims, walk string) {
	if req.Plan.Raw.IsNull() {
		return
	}
	var id, num string
	if rawAttr(req.Plan.Raw, "id").As(&id) != nil || id == "" || rawAttr(req.Plan.Raw, "user_num").As(&num) != nil {
		return
	}
	q := rawAttr(req.Plan.Raw, "queue_ids")
	if !q.IsFullyKnown() || q.IsNull() {
		claims.Note(plannedQueueIDsKey(id), "")
		return
	}
	var plan agentModel
	if req.Plan.Get(ctx, &plan).HasError() {
		return
	}
	ids, d := tfkit.Int64sFromSet(ctx, plan.QueueIDs)
	if d.HasError() {
		return
	}
	noteQueueIDs(claims, plannedQueueIDsKey(id), walk, num, ids)
}
