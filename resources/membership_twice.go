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
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// A group's membership written in one apply both by an agent's queue_ids
// and by a contactcenter_skill_group_members that does not list that agent
// (both forms in one configuration, which the attributes' descriptions
// advise against): the agent's write puts it in the group, the membership's
// write takes it out, in whichever order Terraform runs them (both refer to
// the group, neither to the other), and every later apply undoes the
// other's. The first apply said only "Skill Group Members Created, but
// Read Back With Other Values" (someone in the portal, or a value the
// platform does not take), or "Skill Group Had Unlisted Agents", and the
// next plans blamed the portal or another configuration. Each side records
// what it writes in Claims before it writes and looks for the other's
// record after: whichever writes second sees the first's record, so at
// least one of the two warns, naming both resources.

// queueIDsWrite records, before an agent's users/add or users/edit, the
// groups its queue_ids (in.QueueIDs, nil when not sent) puts agent num
// in (id "" before a create), and returns what warns after the write
// (with the agent's id). An update that leaves queue_ids unsent (it did
// not change) records the planned one (queueIDs) as kept (queueIDsKept).
func queueIDsWrite(ctx context.Context, claims *tfkit.Claims, walk string, in client.AgentInput, queueIDs types.Set, num, id string) func(id string, diags *diag.Diagnostics) {
	if in.QueueIDs == nil {
		if id != "" {
			queueIDsKept(ctx, claims, walk, queueIDs, num, id)
		}
		return func(string, *diag.Diagnostics) {}
	}
	ids := *in.QueueIDs
	claimQueueIDs(claims, walk, ids, num, id)
	if id != "" {
		noteQueueIDs(claims, writtenQueueIDsKey(id), walk, num, ids, false)
	}
	return func(id string, diags *diag.Diagnostics) {
		warnQueueIDsBesideMembers(claims, walk, ids, num, id, diags)
		warnPutInElsewhere(claims, walk, ids, num, id, diags)
	}
}

// queueIDsKey names, in Claims, agent's membership of group queID written
// through the agent's queue_ids in this process (claimed as the walk, see
// walkOf). agent is "num:<user_num>"
// (recorded before a create, whose id is not known yet) or "id:<user_id>".
func queueIDsKey(queID int64, agent string) string {
	return fmt.Sprintf("queue_ids %d:%s", queID, agent)
}

// wholeMembersKey names, in Claims, group queID's whole membership written
// by a contactcenter_skill_group_members in this process; listedKey one
// agent that membership lists. Both are claimed as the walk (walkOf): a
// later run of `terraform test` whose apply wrote an agent's queue_ids
// alone said a contactcenter_skill_group_members "of this apply" wrote the
// group without it, of an earlier run's write, and an agent the membership
// listed in an earlier run and no longer does was taken for listed.
func wholeMembersKey(queID int64) string { return fmt.Sprintf("members of group %d", queID) }
func listedKey(queID, agID int64) string {
	return fmt.Sprintf("members of group %d list %d", queID, agID)
}

// claimQueueIDs records, before an agent's create or update in walk, the
// groups its queue_ids puts it in (num its user_num; id "" before a
// create).
func claimQueueIDs(claims *tfkit.Claims, walk string, queueIDs []int64, num, id string) {
	for _, q := range queueIDs {
		claims.ClaimAs(walk, queueIDsKey(q, "num:"+num))
		if id != "" {
			claims.ClaimAs(walk, queueIDsKey(q, "id:"+id))
		}
	}
}

// warnQueueIDsBesideMembers is the agent's side, after its write: the
// groups of queue_ids whose whole membership a
// contactcenter_skill_group_members of this process wrote without the
// agent.
func warnQueueIDsBesideMembers(claims *tfkit.Claims, walk string, queueIDs []int64, num, id string, diags *diag.Diagnostics) {
	ag, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return
	}
	claimQueueIDs(claims, walk, queueIDs, num, id)
	var groups []string
	for _, q := range queueIDs {
		if claims.ClaimedAs(wholeMembersKey(q), walk) && !claims.ClaimedAs(listedKey(q, ag), walk) {
			groups = append(groups, strconv.FormatInt(q, 10))
		}
	}
	if len(groups) == 0 {
		return
	}
	diags.AddAttributeWarning(path.Root("queue_ids"), "Skill Group Managed Twice",
		fmt.Sprintf("Agent %s (id %s) was put in skill group(s) %s through its queue_ids, and a contactcenter_skill_group_members of this apply "+
			"wrote the whole membership of those groups without the agent. %s",
			num, id, strings.Join(groups, ", "), twiceAdvice))
}

// twiceAdvice says what managing one group in both forms does, and the way
// out.
const twiceAdvice = "Terraform runs the two writes in either order, so the agent may be in the group or not after this apply, " +
	"and every later apply undoes the other's (the plans show the agent leaving the group, then joining it again). " +
	"Manage each group in one form only: list the agent in that contactcenter_skill_group_members' members and take the group out of the agent's queue_ids, " +
	"or take queue_ids out of the agents of that group and let the membership resource hold them all."

// claimMembers records, before a contactcenter_skill_group_members write,
// that it writes group queID's whole membership, with these agents.
func claimMembers(claims *tfkit.Claims, walk string, queID int64, desired map[int64]int64) {
	keys := []string{wholeMembersKey(queID)}
	for ag := range desired {
		keys = append(keys, listedKey(queID, ag))
	}
	claims.ClaimAs(walk, keys...)
	claimPutIn(claims, walk, kindMembers, queID, slices.Collect(maps.Keys(desired))...)
}

// warnMembersBesideQueueIDs is the membership's side, after its write:
// the agents held in the group (before the write or read back after it)
// that the write did not list and whose queue_ids put them in the group in
// this process.
func warnMembersBesideQueueIDs(claims *tfkit.Claims, walk string, queID int64, desired map[int64]int64, diags *diag.Diagnostics, held ...map[int64]int64) {
	warnQueueIDsOmit(claims, walk, false, kindMembers, queID, slices.Collect(maps.Keys(desired)), path.Root("members"), diags)
	var agents []int64
	for _, h := range held {
		for ag := range h {
			if _, listed := desired[ag]; !listed && !slices.Contains(agents, ag) && claims.ClaimedAs(queueIDsKey(queID, "id:"+strconv.FormatInt(ag, 10)), walk) {
				agents = append(agents, ag)
			}
		}
	}
	if len(agents) == 0 {
		return
	}
	slices.Sort(agents)
	diags.AddAttributeWarning(path.Root("members"), "Skill Group Managed Twice",
		fmt.Sprintf("Skill group %d has agent(s) that members does not list, put there in this apply by a contactcenter_agent whose queue_ids lists the group: ag_id %s. %s",
			queID, joinIDs(agents), twiceAdvice))
}

// warnQueueIDsTakenOut warns at plan of the groups an agent's update puts
// it back in: its queue_ids lists them, its last create or update put it
// there, and the refresh found it out of them. Someone took it out since
// (the portal, a ccsync roster), or a contactcenter_skill_group_members
// that does not list it, of another configuration or of this one: then the
// two undo each other at every apply, and this side's plan showed only
// "+ 104" in queue_ids, as if the group were new to the configuration. A
// state without the record (an older provider, an import) and a queue_ids
// known only at apply say nothing.
func warnQueueIDsTakenOut(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	written, ok := applied(ctx, req.Private, appliedQueueIDsKey)
	if !ok || req.State.Raw.IsNull() || req.Plan.Raw.IsNull() || !rawAttr(req.Plan.Raw, "queue_ids").IsFullyKnown() {
		return
	}
	// The raw values, as the rest of the agent's plan reads them: decoding
	// the state and the plan into agentModel, twice per agent and plan, is
	// the framework's costliest step (issue 12's plan cost).
	held, ok := numbers(rawAttr(req.State.Raw, "queue_ids"))
	planned, ok2 := numbers(rawAttr(req.Plan.Raw, "queue_ids"))
	var num, id string
	if !ok || !ok2 || !rawAttr(req.Plan.Raw, "user_num").Equal(rawAttr(req.State.Raw, "user_num")) ||
		rawAttr(req.State.Raw, "user_num").As(&num) != nil || rawAttr(req.State.Raw, "id").As(&id) != nil {
		return
	}
	var back []int64
	for _, q := range planned {
		if written[q] && !slices.Contains(held, q) {
			back = append(back, q)
		}
	}
	if len(back) == 0 {
		return
	}
	slices.Sort(back)
	resp.Diagnostics.AddAttributeWarning(path.Root("queue_ids"), "Agent Put Back in Skill Groups",
		fmt.Sprintf("Agent %s (id %s) is no longer in skill group(s) %s, which this configuration's last apply put it in through queue_ids: someone took it out since "+
			"(the portal, a ccsync roster), or a contactcenter_skill_group_members that does not list the agent did (of another configuration, or of this one). "+
			"This update puts it back. If a contactcenter_skill_group_members manages the group, the two undo each other at every apply: manage each group in one form only "+
			"(list the agent in that resource's members and take the group out of queue_ids, or take it out of that resource's members and let queue_ids hold it).",
			num, id, joinIDs(back)))
}

// The other shape of a group managed twice (above, one group in both forms): a
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

// putInSet names, in Claims' notes, the set of the groups membership
// resources put agent agID in in this process; putInKey one group of it,
// put in by a resource of kind.
func putInSet(agID int64) string { return fmt.Sprintf("groups agent %d was put in", agID) }
func putInKey(queID int64, kind string) string {
	return fmt.Sprintf("%d by %s", queID, kind)
}

// The notes are of one walk (client.Client.Walk, 0 in a process that
// serves one command): a provider process that serves several commands
// (`terraform test` with a provider block, Terraform 1.13 and later) does
// not take an earlier command's write or plan for this one's. A later
// run's apply that wrote only the membership said the agent "was written
// in this apply" (TestMembershipListedNextRun). The walk moves on at a
// plan's refresh after writes: a run whose plan refreshes nothing (its
// first, or with refresh = false) shares the walk of the run before.
func walkOf(c *client.Client) string {
	if c == nil {
		return "0"
	}
	return strconv.FormatUint(c.Walk(), 10)
}

// noteQueueIDs records under key, for walk, the agent's user_num and its
// queue_ids; kept: an update that did not send them (unchanged).
func noteQueueIDs(claims *tfkit.Claims, key, walk, num string, ids []int64, kept bool) {
	claims.Note(key, walk+"|"+num+"|"+joinIDs(ids)+"|"+strconv.FormatBool(kept))
}

// notedQueueIDs returns what noteQueueIDs recorded under key in walk.
func notedQueueIDs(claims *tfkit.Claims, key, walk string) (num string, ids []int64, kept, ok bool) {
	v, ok := claims.Noted(key)
	w, v, _ := strings.Cut(v, "|")
	if !ok || w != walk {
		return "", nil, false, false
	}
	num, list, _ := strings.Cut(v, "|")
	list, keptText, _ := strings.Cut(list, "|")
	kept = keptText == "true"
	for _, s := range strings.Split(list, ", ") {
		if q, err := strconv.ParseInt(s, 10, 64); err == nil {
			ids = append(ids, q)
		}
	}
	return num, ids, kept, true
}

// claimPutIn records, before a membership resource of kind writes in
// walk, the agents it puts in group queID.
func claimPutIn(claims *tfkit.Claims, walk, kind string, queID int64, agents ...int64) {
	for _, ag := range agents {
		claims.NoteIn(putInSet(ag), putInKey(queID, kind), walk)
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

// takeOutOfKinds says how to take an agent out of the membership
// resources of kinds.
func takeOutOfKinds(kinds map[string]bool) string {
	if kinds[kindMember] {
		return "take it out of that membership resource (the " + kindMembers + "' members, or remove the " + kindMember + ")"
	}
	return takeOutOf(kindMembers)
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
		num, ids, kept, ok := notedQueueIDs(claims, key(strconv.FormatInt(ag, 10)), walk)
		if !ok || slices.Contains(ids, queID) {
			continue
		}
		held := heldGroups(ids)
		what, does := when+" a queue_ids that leaves the group out", "the agent's write takes it out of the group, this resource's puts it back"
		switch {
		case kept && planned:
			what, does = when+" a queue_ids that leaves the group out and does not change", keptDoes(true, "the group")
		case kept:
			// The agent's update left queue_ids unsent (unchanged): the
			// agent is in the group now, its state says otherwise.
			what, does = "was updated in this apply without sending its queue_ids, which did not change and leaves the group out", keptDoes(false, "the group")
		}
		diags.AddAttributeWarning(at, "Skill Group Managed Twice",
			fmt.Sprintf("This %s puts agent %s (id %d) in skill group %d, and the agent's contactcenter_agent %s (it lists %s). "+
				"queue_ids lists all of an agent's groups: %s. %s",
				kind, num, ag, queID, what, held, does, listedWayOut(takeOutOf(kind))))
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
	noteQueueIDs(claims, writtenQueueIDsKey(id), walk, num, ids, false)
	notes := claims.NotedIn(putInSet(ag))
	by, kinds := groupsLeftOut(notes, ids, func(k string) bool { return notes[k] == walk })
	if len(by) == 0 {
		return
	}
	diags.AddAttributeWarning(path.Root("queue_ids"), "Skill Group Managed Twice",
		fmt.Sprintf("Agent %s (id %s) was written with a queue_ids that leaves out groups this apply also put it in: %s. "+
			"queue_ids lists all of an agent's groups: the agent's write takes it out of them, the membership resource's puts it back. %s",
			num, id, strings.Join(by, ", "), listedWayOut(takeOutOfKinds(kinds))))
}

// notePlannedQueueIDs records, at an agent's plan, the queue_ids the plan
// gives it (known, with its id known: every plan after the create), for
// the membership resources planned after it (they refer to the agent's
// id). A queue_ids left unset records none.
func notePlannedQueueIDs(req resource.ModifyPlanRequest, claims *tfkit.Claims, walk string) {
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
	ids, ok := numbers(q)
	if !ok {
		return
	}
	// Unchanged, the apply does not send it (unchangedAgentInput), nor
	// takes the agent out of a group it leaves out.
	held, ok := numbers(rawAttr(req.State.Raw, "queue_ids"))
	kept := ok && rawAttr(req.State.Raw, "user_num").Equal(rawAttr(req.Plan.Raw, "user_num")) && sameInt64Set(held, ids)
	noteQueueIDs(claims, plannedQueueIDsKey(id), walk, num, ids, kept)
}

// groupsLeftOut returns, from notes of the groups membership resources put
// an agent in (claimPutIn's keys, "<que_id> by <kind>"), those that take
// keeps and queue_ids ids leaves out, as "skill group 102 (by a
// contactcenter_skill_group_members)", sorted, and the kinds that put it
// there.
func groupsLeftOut(notes map[string]string, ids []int64, take func(key string) bool) (by []string, kinds map[string]bool) {
	kinds = map[string]bool{}
	for _, k := range slices.Sorted(maps.Keys(notes)) {
		if !take(k) {
			continue
		}
		group, kind, _ := strings.Cut(k, " by ")
		if q, err := strconv.ParseInt(group, 10, 64); err == nil && !slices.Contains(ids, q) {
			by = append(by, fmt.Sprintf("skill group %d (by a %s)", q, kind))
			kinds[kind] = true
		}
	}
	return by, kinds
}

// heldGroups says which groups queue_ids ids lists: "skill group(s) 101,
// 102", or "no group".
func heldGroups(ids []int64) string {
	if len(ids) == 0 {
		return "no group"
	}
	return "skill group(s) " + joinIDs(ids)
}
