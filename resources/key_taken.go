package resources

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// takenBy is an existing object that holds the unique value a create sets.
type takenBy struct {
	id, name string
}

// The holder of each kind's unique value, named as its warnings and hints
// name it: by the plan's key check (warnKeyTaken) and by a create's
// refusal (refusedHint).
func agentHolder(a client.Agent) takenBy {
	return takenBy{id: strconv.FormatInt(a.UserID.Int64(), 10), name: string(a.UserName)}
}
func groupHolder(g client.SkillGroup) takenBy { return takenBy{id: string(g.ID)} }
func signatureHolder(sg client.SMSSignature) takenBy {
	return takenBy{id: strconv.FormatInt(sg.ID.Int64(), 10)}
}
func templateHolder(t client.SMSTemplate) takenBy {
	return takenBy{id: strconv.FormatInt(t.ID.Int64(), 10)}
}

// holdersOf names each object of found by held.
func holdersOf[T any](found []T, held func(T) takenBy) []takenBy {
	holders := make([]takenBy, 0, len(found))
	for _, f := range found {
		holders = append(holders, held(f))
	}
	return holders
}

// plannedKey returns the unique value u.attr that a create plans (req.State
// null), when it is known; ok is false for anything else (an update, a
// destroy, a value known only at apply: the apply's create checks it).
func (u uniqueValue) plannedKey(req resource.ModifyPlanRequest) (v string, ok bool) {
	if !req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return "", false
	}
	raw := rawAttr(req.Plan.Raw, u.attr)
	if !raw.IsKnown() || raw.IsNull() || raw.As(&v) != nil || v == "" {
		return "", false
	}
	return v, true
}

// warnTaken is the plan's check that the unique value of a create is
// free: held by an existing object, the create is refused at apply (the
// value is unique on the platform, which compares it exactly, letter case
// and spaces included: the attributes refuse surrounding spaces), after
// whatever the apply did before it. Most often the state was lost, or
// restored from a backup older than the apply that made the object, or the
// object was made in the portal since: the plan showed a plain create, as
// in an empty contact center ("Plan: 21 to add"), and the user learned
// only from the apply that the objects exist. The plan now warns, naming
// the object and the import block that adopts it. A removed block (destroy
// = false) beside a new block of the same value, or an import through
// another provider configuration, looks the same from here: the warning
// names the likely causes, with their advice, and asserts none. importKey is the import
// id prefix ("user_num:"); objects that may be several (SMS signatures and
// templates, whose keys the spec does not make unique) are imported by id
// when several hold the value.
//
// A warning, not an error: Terraform plans each create again just before
// the apply creates it, with no prior state, and the provider cannot tell
// that plan from the first one. There the value may be held by an object
// this apply is about to delete, where the create succeeds: the
// resource's own object under create_before_destroy (the create's refusal
// says so), or the object of an address whose for_each key changed
// without a moved block (an agent's create waits for that delete,
// reactivate). Nor can a plan always tell the latter apart: the instances
// are planned in any order, and the old address's refresh may come after
// the new one's check (settleHolders waits for it, within bounds). An
// error would fail those applies; the warning costs nothing where it is
// wrong, and the apply's own refusal stays.
//
// The lookups cost no call per object (client finders' seen): the refresh
// of the kind's objects in the same walk reads the collection anyway, and
// a plan that refreshes none (no state, -refresh=false) reads it once.
// The callers leave out objects this plan deletes (warnDeletedAndCreated
// warned) or whose value it changes, objects another resource of this
// configuration keeps (warnManagedHere warns of those, without the import
// advice), and what a create re-activates (a resigned agent).
func (u uniqueValue) warnTaken(diags *diag.Diagnostics, importKey, value string, held []takenBy) {
	if len(held) == 0 {
		return
	}
	names := u.holderNames(held)
	// The bullets speak of the one holder, or of several: one of them is
	// imported (by id: an import by value refuses several), the others
	// stay where they are.
	w := struct{ which, rule, that, obj, some, subj, was, byID, own string }{
		which: fmt.Sprintf("the contact center already has %s with that %s", names[0], u.attr), rule: "The " + u.attr + " is unique on the platform", that: "that " + u.kind,
		obj: "it", some: "it", subj: "it", was: "was", own: "the " + u.kind + " is",
	}
	if len(held) > 1 {
		w.which = fmt.Sprintf("the contact center already has %d with that %s: %s", len(held), u.attr, strings.Join(names, ", "))
		w.rule = "The platform refuses a " + u.attr + " already held"
		w.that, w.obj, w.some, w.subj, w.was = "those "+u.kind+"s", "them", "one of them", "they", "were"
		w.byID, w.own = " by its id (an import by "+u.attr+" refuses several)", "one of those "+u.kind+"s is"
	}
	id := importKey + value
	if len(held) > 1 {
		id = held[0].id
	}
	// The provider sees the plan of each instance of its own provider
	// configuration, one at a time, and none of the blocks around them:
	// removed (destroy = false: Terraform neither reads nor plans the
	// object it forgets), import blocks planned through another provider
	// configuration, -target. So the detail names the likely causes,
	// each with its advice, and asserts none. A removed block's objects
	// are forgotten by the first apply with it, even one whose create of
	// this value fails: then the moved block finds nothing, and only the
	// import adopts the object (refusedHint says so at apply).
	diags.AddAttributeWarning(path.Root(u.attr), u.title+" Already Exists",
		fmt.Sprintf("This plan creates a new %[1]s with %[2]s = %[3]q, and %[4]s. %[14]s, so the apply will refuse this create, "+
			"after applying what comes before it. No resource that this provider configuration plans keeps %[6]s. The provider is not shown removed or import blocks, "+
			"-target, other provider configurations or other states, so it cannot tell where %[6]s came from. The likely causes:\n\n"+
			"- A removed block (lifecycle { destroy = false }) left %[7]s in the contact center, holding the %[2]s: to manage %[9]s here, add a moved block "+
			"from its address to this one and keep the removed block (one that names a for_each or count resource, or a module, also leaves their other objects: "+
			"without it this plan destroys them), or import it (below; once an apply with the removed block has run, it is out of the state and only the import finds it); "+
			"to leave %[7]s unmanaged, give this resource another %[2]s.\n"+
			"- Another address holds %[8]s, or will: an import block of this plan (one through another provider configuration, an alias or a module's own, "+
			"is not shown to this one), or an address in the state that -target left out. Give this resource another %[2]s, or remove one of the two.\n"+
			"- Another configuration of this contact center (another team's state) manages %[7]s: do not import %[7]s here too (two states that manage "+
			"one object undo each other's changes, and a destroy in either deletes it). Give this resource another %[2]s, and read %[7]s with a data source "+
			"where you need %[7]s; to hand %[7]s over, a removed block with lifecycle { destroy = false } in that configuration first, then the import below.\n"+
			"- The Terraform state was lost, or restored from a backup older than the apply that made %[7]s, or %[13]s %[10]s made outside Terraform "+
			"(the portal, a state no longer used): import %[8]s%[11]s, and plan again (the plan shows an import instead of this create):\n\n"+
			"import {\n  to = <the address of this resource, shown above>\n  id = %[5]q\n}\n\n"+
			"After a lost state, `ccsync export terraform <empty folder>` writes an import block for every object of the contact center "+
			"(guide \"Adopt an existing contact center\", section \"A lost or older state\").\n"+
			"- A for_each key or resource name changed without a moved block, and this plan destroys the old address: add a moved block "+
			"from the old address to this one.\n\n"+
			"Shown during an apply that replaces this resource under lifecycle { create_before_destroy = true }, %[12]s this resource's own, "+
			"deleted only after the create: the error that follows says what to do.",
			u.kind, u.attr, value, w.which, id, w.that, w.obj, w.some, w.some, w.was, w.byID, w.own, w.subj, w.rule))
}

// holderNames names each holder for a warning: "agent 1017 ("Ann")", or
// "skill group 101" where the kind's list gives no name.
func (u uniqueValue) holderNames(held []takenBy) []string {
	names := make([]string, 0, len(held))
	for _, h := range held {
		if h.name != "" {
			names = append(names, fmt.Sprintf("%s %s (%q)", u.kind, h.id, h.name))
		} else {
			names = append(names, fmt.Sprintf("%s %s", u.kind, h.id))
		}
	}
	return names
}

// warnManagedHere warns of a create whose unique value is held by an
// object another resource of this configuration keeps (settleHolders'
// managed): a second block given the same value, a for_each map holding
// it under two keys, a resource or key renamed while the old one stays.
// The apply refuses the create as surely as when the object was made
// outside Terraform, but the "Already Exists" advice, to import it, is
// wrong: the object is in the state already. With refresh, the holder was
// read for its own address, and the plan said nothing; with
// -refresh=false, it advised the import.
func (u uniqueValue) warnManagedHere(diags *diag.Diagnostics, value string, held []takenBy) {
	if len(held) == 0 {
		return
	}
	names := u.holderNames(held)
	diags.AddAttributeWarning(path.Root(u.attr), u.title+" Already Managed Here",
		fmt.Sprintf("This plan creates a new %[1]s with %[2]s = %[3]q, and another resource or instance of this configuration manages %[4]s, "+
			"which holds that %[2]s and keeps it: this plan neither destroys it nor changes its %[2]s. The %[2]s is unique on the platform, "+
			"so the apply will refuse this create, after applying what comes before it, unless that resource gives the %[2]s up in the same plan. "+
			"Importing does not help: the %[1]s is in the state already, or this plan imports it there.\n\n"+
			"Give this resource another %[2]s (search the configuration, and its data files, for %[3]q), or remove one of the two. "+
			"If you renamed a resource or a for_each key and the old one is still in the configuration, remove it and add a moved block "+
			"from the old address to the new one (moved { from = <old address> to = <new address> }): the %[1]s stays as it is.",
			u.kind, u.attr, value, strings.Join(names, ", ")))
}

// warnNumberTaken: an agent's create whose user_num another agent holds
// (warnTaken). A resigned agent's number is re-activated by the create
// (warnReactivation says so), not refused.
func (r *agentResource) warnNumberTaken(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse, deleted bool) {
	num, ok := agentNumber.plannedKey(req)
	if !ok || deleted || r.Client == nil {
		return
	}
	holders := func() (held []takenBy, known bool) {
		// An apply plans a create again just before it: a delete of the
		// same number in this apply (a for_each key changed without a
		// moved block) is waited for, and a number it freed is free (see
		// reactivate).
		defer r.Claims.Lock(numberKey(num))()
		if r.Claims.Claimed(freedKey(num)) {
			return nil, true
		}
		found, known, err := r.seenActive(ctx, num)
		if err != nil || !known {
			// The refresh that read the list failed and says so; the
			// apply's create checks the number again.
			return nil, false
		}
		return holdersOf(found, agentHolder), true
	}
	held, known := holders()
	if !known {
		return
	}
	outside, managed := settleHolders(ctx, r.Claims, r.Client, agentNumber, num, held, func() bool { return r.Claims.Claimed(freedKey(num)) }, func(id string) bool {
		n, _ := strconv.ParseInt(id, 10, 64)
		return r.Client.Agents.ReadInWalk(n)
	})
	agentNumber.warnManagedHere(&resp.Diagnostics, num, managed)
	agentNumber.warnTaken(&resp.Diagnostics, "user_num:", num, outside)
}

// seenActive is the agents the walk's collection read has with user_num
// num (Agents.SeenByNum) but the resigned: a create of a resigned agent's
// number re-activates it (warnReactivation), and is not refused.
func (r *agentResource) seenActive(ctx context.Context, num string) (active []client.Agent, known bool, err error) {
	found, known, err := r.Client.Agents.SeenByNum(ctx, num)
	for _, a := range found {
		if a.UserStatus.Int64() != client.AgentStatusResigned {
			active = append(active, a)
		}
	}
	return active, known, err
}

// warnNumberChanged: a new user_num replaces the agent (warnKeyChanged).
// Held by another agent, the apply destroyed this one and then its create
// was refused, where the plan said only "must be replaced".
func (r *agentResource) warnNumberChanged(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse, deleted bool) {
	warnKeyChanged(ctx, req, resp, r.Claims, r.Client, agentNumber, "user_num:", deleted || r.Client == nil,
		func(num string) ([]client.Agent, bool, error) { return r.seenActive(ctx, num) },
		agentHolder, func(id string) bool { n, _ := strconv.ParseInt(id, 10, 64); return r.Client.Agents.ReadInWalk(n) })
}

// settleHolders sorts the holders of value a create plans once the plan's
// other instances have had their turn: none count when this plan deletes
// the value at another address (warnDeletedAndCreated warned there) or
// freed it (freed, nil for never); of the rest, managed are those another
// resource of this configuration keeps (its plan, a no-op or an update
// that leaves the value, recorded so: uniqueValue.planHolder), outside
// those the plan of no instance holds (made outside Terraform, or held in
// another state: never read in this walk, never planned). A holder that
// an instance of this plan gives up (a destroy, a replacement, an update
// of the value) does not count, nor one read in this walk whose plan
// never came. A data source's read is no read in the walk
// (client.DataSourceReads): an agent it reads by id still counts outside.
//
// Terraform plans the instances in any order (the new addresses of a
// resource before its old ones, most often): a for_each key changed
// without a moved block plans the old address's refresh and destroy
// alongside the new address's create, and a check that came first found
// the value held by the very object the plan destroys. With one key
// renamed in each of the four kinds, the plan warned so in 5 plans of 40
// with refresh and 15 of 40 with -refresh=false. A check that finds a
// holder now waits for the plan's other instances (tfkit.Claims.Settle:
// while the walk is young or refreshes or plans destroys, not at all when
// no check finds a holder, nor past the plans of the holders when each
// gives the value up), then asks again (in a provider process that serves
// several commands, the window opens again for each plan's walk that
// refreshes after writes: client.Client.Walk, tfkit.Claims.Walk); an
// object made outside Terraform,
// or held in another state, still counts, after that wait (about half a
// second, once per plan, longer on a busy machine: Settle's clock), and so does one another resource keeps: a
// holder refreshed in this walk is waited for until its plan comes, which
// follows its refresh however loaded the machine (at most
// tfkit.SettleRefreshed, for one whose plan never comes). A
// wait cannot outlast the slots Terraform gives the walk (-parallelism,
// 10): when every slot holds a waiting check (more renamed keys than that,
// created before any old address is planned), they give up, and some
// still warn, beside the "Deleted and Created Again" warning that says
// why.
func settleHolders(ctx context.Context, claims *tfkit.Claims, c *client.Client, u uniqueValue, value string, held []takenBy, freed func() bool, readInWalk func(id string) bool) (outside, managed []takenBy) {
	outside, managed, _ = sortHolders(ctx, claims, c, u, value, held, freed, readInWalk, false)
	return outside, managed
}

// sortHolders is settleHolders, also returning the holders this plan
// gives up (givenUp), for the key check of an update (update true,
// warnKeyChanged): a value this plan deletes elsewhere still counts there,
// since the update may be applied before the delete.
func sortHolders(ctx context.Context, claims *tfkit.Claims, c *client.Client, u uniqueValue, value string, held []takenBy, freed func() bool,
	readInWalk func(id string) bool, update bool) (outside, managed, givenUp []takenBy) {
	if len(held) == 0 {
		return nil, nil, nil
	}
	deleted := func() bool {
		return !update && (claims.PlannedAs(true, u.key(value)) || (freed != nil && freed()))
	}
	// sort reports whether every holder is given up by this plan; the
	// others are left to the wait, a holder kept too: a record left by a
	// plan of this process that was not applied (a `command = plan` run of
	// `terraform test`) says kept of an object that this plan's destroy,
	// planned later, deletes (deleted wins).
	sort := func() (all bool) {
		outside, managed, givenUp = outside[:0], managed[:0], givenUp[:0]
		all = true
		for _, h := range held {
			keeps, planned := claims.PlannedHolder(u.key(value), h.id)
			switch {
			case planned && keeps:
				managed, all = append(managed, h), false
			case planned:
				givenUp = append(givenUp, h)
			case readInWalk(h.id):
				all = false // refreshed, its plan to come
			default:
				outside, all = append(outside, h), false
			}
		}
		return all
	}
	// refreshedUnplanned: a holder this walk refreshed whose plan has not
	// come. Its plan follows its refresh in the slot Terraform gave it, so
	// it comes, however slow the machine: Settle's quiet, measured in wall
	// time, ended before it on a loaded one, and the check left the holder
	// out ("Already Managed Here" missing, with refresh). Only a refresh
	// whose plan never comes waits the whole bound (a data source's read
	// is none: client.DataSourceReads).
	refreshedUnplanned := func() bool {
		for _, h := range held {
			if _, planned := claims.PlannedHolder(u.key(value), h.id); !planned && readInWalk(h.id) {
				return true
			}
		}
		return false
	}
	claims.Walk(c.Walk())
	claims.Settle(ctx, c.Refreshes, func() bool { return deleted() || sort() })
	tfkit.Await(ctx, tfkit.SettleRefreshed, func() bool { return deleted() || !refreshedUnplanned() })
	if deleted() {
		return nil, nil, nil
	}
	sort()
	return outside, managed, givenUp
}

// warnKeyTaken runs the key check of u (warnManagedHere, warnTaken) for a
// create: the key it plans, the objects the client's collection reads hold
// with it (seen, each named by held), sorted by settleHolders. skip: the create
// is one this plan also deletes at another address (warnDeletedAndCreated
// warned), or the provider has no client.
func warnKeyTaken[T any](ctx context.Context, req resource.ModifyPlanRequest, claims *tfkit.Claims, c *client.Client, diags *diag.Diagnostics, u uniqueValue, importKey string, skip bool,
	seen func(key string) ([]T, bool, error), held func(T) takenBy, readInWalk func(id string) bool) {
	key, ok := u.plannedKey(req)
	if !ok || skip {
		return
	}
	found, known, err := seen(key)
	if err != nil || !known {
		return
	}
	outside, managed := settleHolders(ctx, claims, c, u, key, holdersOf(found, held), nil, readInWalk)
	u.warnManagedHere(diags, key, managed)
	u.warnTaken(diags, importKey, key, outside)
}

// warnNameTaken: a skill group's create whose que_name another group
// holds (warnKeyTaken).
func (r *skillGroupResource) warnNameTaken(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse, deleted bool) {
	warnKeyTaken(ctx, req, r.Claims, r.Client, &resp.Diagnostics, groupName, "que_name:", deleted || r.Client == nil,
		func(name string) ([]client.SkillGroup, bool, error) { return r.Client.Queues.SeenByName(ctx, name) },
		groupHolder, func(id string) bool { return r.Client.Queues.ReadInWalk(id) })
}

// warnTextTaken: an SMS signature's create whose sign_text another
// signature holds (warnKeyTaken).
func (r *smsSignatureResource) warnTextTaken(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse, deleted bool) {
	warnKeyTaken(ctx, req, r.Claims, r.Client, &resp.Diagnostics, signatureText, signTextPrefix, deleted || r.Client == nil,
		func(text string) ([]client.SMSSignature, bool, error) {
			return r.Client.SMS.SeenSignaturesByText(ctx, text)
		},
		signatureHolder, func(id string) bool { n, _ := strconv.ParseInt(id, 10, 64); return r.Client.SMS.SignatureReadInWalk(n) })
}

// warnNameTaken: an SMS template's create whose template_name another
// template holds (warnKeyTaken).
func (r *smsTemplateResource) warnNameTaken(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse, deleted bool) {
	warnKeyTaken(ctx, req, r.Claims, r.Client, &resp.Diagnostics, templateName, templateNamePrefix, deleted || r.Client == nil,
		func(name string) ([]client.SMSTemplate, bool, error) {
			return r.Client.SMS.SeenTemplatesByName(ctx, name)
		},
		templateHolder, func(id string) bool { n, _ := strconv.ParseInt(id, 10, 64); return r.Client.SMS.TemplateReadInWalk(n) })
}
