// The agent's create when its number is taken: a resigned agent holding
// it is re-activated (as a new agent, or, resigned by this same apply, as
// it was), and a refusal says how the configuration's own previous agent
// can hold the number, e-mail or phone.

package resources

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// resignedKey names, in Claims, an agent this run resigned.
func resignedKey(id int64) string { return fmt.Sprintf("resigned agent %d", id) }

// numberKey names, in Claims, the lock of an agent number: the delete of
// the agent holding it and a create with it wait for each other.
func numberKey(num string) string { return "agent number " + num }

// freedKey names, in Claims, an agent number a delete of this run freed.
func freedKey(num string) string { return "freed agent number " + num }

// createdHereKey names, in Claims, the create of agent id with user_num
// num by this apply (claimed as the walk, walkOf).
func createdHereKey(num, id string) string { return "agent created " + num + ":" + id }

// createdHereHint is the hint of a create refused user_num num because
// another create of this apply made agent id with it: two resources or
// instances of the configuration given one user_num, which the plan warned
// of ("Agent Created Twice") when it could tell them apart. The hint of
// refusedHint, which names causes outside this apply, said the provider
// "cannot tell why".
func createdHereHint(num, id string) string {
	return fmt.Sprintf("agent %[2]s was created with user_num = %[1]q earlier in this apply, by another resource or instance of this configuration "+
		"(the \"Agent Created Twice\" warning, of this apply's plan or of the plan before it, names the value): the user_num is unique on the platform. "+
		"Give one of the two another user_num (search the configuration, and its data files, for %[1]q), or remove one of them; "+
		"do not import agent %[2]s here, the other resource manages it", num, id)
}

// reactivate handles a failed users/add: when the number belongs to a
// resigned agent (delete_mode = "resign" keeps it, and so does the portal
// when a person leaves), that agent is brought back as a new agent would
// be made: the planned values, user_status (default 1) included, and the
// contact fields and skill groups the configuration does not set cleared.
// The agent was perhaps another person's: a new hire given a former
// colleague's number took over their e-mail, phone, nickname, CRM id and
// groups. An agent this run resigned (a replacement: resign, then create)
// is this configuration's own and comes back with its groups and fields,
// which membership resources may manage. It returns the agent and the
// warning that says what the re-activation did; any other failure is
// returned as it was.
//
// A delete or resign of the same number in this apply (a for_each key
// changed without a moved block) is waited for: under a lost answer, the
// resign sent again after this re-activation resigned the agent again, and
// the apply ended with it resigned. A number that delete freed meanwhile
// is created now, where the apply failed ("apply again"); then the
// returned warning is "".
func (r *agentResource) reactivate(ctx context.Context, in client.AgentInput, addErr error) (*client.Agent, string, error) {
	defer r.Claims.Lock(numberKey(*in.UserNum))()
	a, err := r.Client.Agents.GetByNum(ctx, *in.UserNum)
	if client.IsNotFound(err) && r.Claims.Claimed(freedKey(*in.UserNum)) {
		created, cerr := r.Client.Agents.Create(ctx, in)
		if cerr == nil {
			return created, "", nil
		}
		addErr = cerr // refused for another reason (a taken e-mail): said with its hint below
	}
	if err != nil {
		if e, ok := client.AsAPIError(addErr); ok && e.Hint == "" && client.IsNotFound(err) {
			e.Hint = contactTakenHint(e.Message, in)
			if field := takenField(e.Message, in); field != "" {
				return nil, "", tfkit.AtAttr(path.Root(field), addErr)
			}
		}
		return nil, "", addErr
	}
	if a.UserStatus.Int64() != client.AgentStatusResigned {
		// The number is taken by an agent that works: refusedHint names
		// the likely causes.
		if e, ok := client.AsAPIError(addErr); ok && e.Hint == "" {
			e.Hint = agentNumber.refusedHint("user_num:", *in.UserNum, []takenBy{agentHolder(*a)})
			if id := strconv.FormatInt(a.UserID.Int64(), 10); r.Claims.ClaimedAs(createdHereKey(*in.UserNum, id), walkOf(r.Client)) {
				e.Hint = createdHereHint(*in.UserNum, id)
			}
		}
		return nil, "", tfkit.AtAttr(path.Root("user_num"), addErr)
	}
	asNew, resignedHere := in, r.Claims.Claimed(resignedKey(a.UserID.Int64()))
	if !resignedHere {
		for _, f := range []**string{&asNew.AgNickname, &asNew.UserEmail, &asNew.UserSMSPhone, &asNew.FixedPhone, &asNew.CrmID} {
			if *f == nil {
				*f = new("")
			}
		}
		if asNew.QueueIDs == nil {
			asNew.QueueIDs = &[]int64{}
		}
	}
	if _, err := r.Client.Agents.Update(ctx, a.UserID.Int64(), asNew); err != nil {
		// The re-activation is refused as users/add is when another agent
		// holds the configured e-mail or SMS phone (both unique, §4.2): the
		// same advice, which the create of an agent with a free number gave
		// and this one did not.
		if e, ok := client.AsAPIError(err); ok && e.Hint == "" {
			if field := takenField(e.Message, in); field == "user_email" || field == "user_sms_phone" {
				e.Hint = contactTakenHint(e.Message, in)
				return nil, "", tfkit.AtAttr(path.Root(field), err)
			}
		}
		return nil, "", err
	}
	return a, reactivatedDetail(*in.UserNum, a, in, resignedHere), nil
}

// takenField names the unique attribute a users/add refusal's message says
// is taken (user_email, user_sms_phone or user_num), "" when it names none
// (see contactTakenHint).
func takenField(message string, in client.AgentInput) string {
	lower := strings.ToLower(message)
	if !slices.ContainsFunc([]string{"already", "exist", "used", "taken", "duplicate", "unique", "已"}, func(w string) bool { return strings.Contains(lower, w) }) {
		return ""
	}
	switch {
	case in.UserEmail != nil && *in.UserEmail != "" && (strings.Contains(lower, "user_email") || strings.Contains(lower, strings.ToLower(*in.UserEmail))):
		return "user_email"
	case in.UserSMSPhone != nil && *in.UserSMSPhone != "" && (strings.Contains(lower, "user_sms_phone") || strings.Contains(message, *in.UserSMSPhone)):
		return "user_sms_phone"
	case in.UserNum != nil && (strings.Contains(lower, "user_num") || strings.Contains(message, strconv.Quote(*in.UserNum))):
		return "user_num"
	}
	return ""
}

// contactTakenHint explains a users/add refused because another agent holds
// the configured e-mail or SMS phone (both unique, §4.2): most often two
// resources or roster rows share the value, and otherwise that agent may
// be this resource's own previous one; or the user_num when no agent holds
// it any more (deleted meanwhile, by the same apply): a change of user_num replaces the
// agent, and the old one keeps its e-mail and phone when it is resigned
// (delete_mode = "resign") or not yet deleted (create_before_destroy, where
// the old agent is still this resource's: importing it elsewhere, which the
// advice said of both, would have two resources manage it; dropping
// create_before_destroy, or freeing the value in an apply of its own, does
// it). The
// spec gives no code for the refusal: the message must name the field or
// the value, and say it is taken. "" otherwise.
func contactTakenHint(message string, in client.AgentInput) string {
	field := takenField(message, in)
	switch field {
	case "":
		return ""
	case "user_num":
		// No agent holds the number by the time it is looked up: the one
		// that did was deleted while this create ran.
		return fmt.Sprintf("no agent holds user_num %q any more: the one that held it was deleted while this create ran, most likely by this apply "+
			"(an agent destroyed and another created with its number: a resource or module renamed, or a for_each key changed, without a moved block). "+
			"Apply again to create it; a moved block from the old address to the new one keeps the agent instead of deleting and creating it", *in.UserNum)
	}
	return fmt.Sprintf("%[1]s is unique on the platform, and another agent holds this one (the message names it): give this agent another %[1]s, "+
		"or clear the %[1]s of the agent holding it first (in the portal, or in its resource: two resources or roster rows may share it). "+
		"If the agent holding the %[1]s is this resource's previous agent: changing user_num replaces the agent, and the old agent keeps its %[1]s "+
		"while it is not yet deleted or resigned. Under lifecycle { create_before_destroy = true } (set on this resource, or on one that depends on it) "+
		"the new agent is created first, while the old one, still this resource's in the state, holds the %[1]s: remove create_before_destroy "+
		"for this change (with delete_mode = \"delete\" the old agent is then deleted before the new one is created, which frees the %[1]s), "+
		"or free the %[1]s first: apply %[1]s = \"\" with the old user_num, then change user_num and set the %[1]s again. "+
		"An agent resigned (delete_mode = \"resign\") keeps its %[1]s: clear it there first (in the portal, or import it into a resource of its own and set %[1]s = \"\")", field)
}

// reactivatedDetail tells what a re-activation (reactivate) did to the
// resigned agent a: which of its values it cleared, and which it kept
// because the configuration does not set them and a new agent's value
// cannot be told; or, for an agent this run resigned, that it came back as
// it was.
func reactivatedDetail(num string, a *client.Agent, in client.AgentInput, resignedHere bool) string {
	if resignedHere {
		return fmt.Sprintf("Agent number %s belongs to agent %d (%q), which this apply resigned (delete_mode = \"resign\": a replacement, or an address changed): "+
			"that agent was re-activated and set from the configuration instead of a new one being created, with its skill groups and history.", num, a.UserID.Int64(), string(a.UserName))
	}
	var cleared, kept []string
	for _, f := range []struct {
		name string
		set  bool
		was  string
	}{
		{"ag_nickname", in.AgNickname != nil, string(a.AgNickname)}, {"user_email", in.UserEmail != nil, string(a.UserEmail)},
		{"user_sms_phone", in.UserSMSPhone != nil, string(a.UserSMSPhone)}, {"fixed_phone", in.FixedPhone != nil, string(a.FixedPhone)},
		{"crm_id", in.CrmID != nil, string(a.CrmID)},
	} {
		if !f.set && f.was != "" {
			cleared = append(cleared, f.name)
		}
	}
	if groups := a.QueueIDList(); in.QueueIDs == nil && len(groups) > 0 {
		cleared = append(cleared, fmt.Sprintf("its skill groups (%s)", strings.Trim(strings.Join(strings.Fields(fmt.Sprint(groups)), ", "), "[]")))
	}
	for _, f := range []struct {
		name string
		set  bool
		was  int64
	}{
		{"dept_id", in.DeptID != nil, a.DeptID.Int64()}, {"role_id", in.RoleID != nil, a.RoleID.Int64()},
		{"position_id", in.PositionID != nil, a.PositionID.Int64()}, {"supervisor_id", in.SupervisorID != nil, a.SupervisorID.Int64()},
	} {
		if !f.set && f.was != 0 {
			kept = append(kept, fmt.Sprintf("%s %d", f.name, f.was))
		}
	}
	detail := fmt.Sprintf("Agent number %s belonged to a resigned agent (id %d, %q), which keeps its number: that agent was re-activated and set from the configuration "+
		"instead of a new one being created. Its call history stays with it.", num, a.UserID.Int64(), string(a.UserName))
	if len(cleared) > 0 {
		detail += " Cleared, as a new agent has none and the configuration sets none: " + strings.Join(cleared, ", ") + "."
	}
	if len(kept) > 0 {
		detail += " Kept from the resigned agent, as the configuration does not set them: " + strings.Join(kept, ", ") + "; set them to change them."
	}
	return detail
}
