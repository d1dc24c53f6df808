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
// the object and the import block that adopts it. importKey is the import
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
// warned), objects a resource of this configuration refreshed in this walk
// (held by another address), and what a create re-activates (a resigned
// agent).
func (u uniqueValue) warnTaken(diags *diag.Diagnostics, importKey, value string, held []takenBy) {
	if len(held) == 0 {
		return
	}
	names := make([]string, 0, len(held))
	for _, h := range held {
		if h.name != "" {
			names = append(names, fmt.Sprintf("%s %s (%q)", u.kind, h.id, h.name))
		} else {
			names = append(names, fmt.Sprintf("%s %s", u.kind, h.id))
		}
	}
	id := importKey + value
	which := fmt.Sprintf("the contact center already has %s with that %s", names[0], u.attr)
	if len(held) > 1 {
		// An import by value refuses several: by id, one of them.
		id = held[0].id
		which = fmt.Sprintf("the contact center already has %d with that %s: %s", len(held), u.attr, strings.Join(names, ", "))
	}
	diags.AddAttributeWarning(path.Root(u.attr), u.title+" Already Exists",
		fmt.Sprintf("This plan creates a new %[1]s with %[2]s = %[3]q, and %[4]s. The %[2]s is unique on the platform, so the apply will be refused "+
			"when it comes to this create, after applying what comes before it. "+
			"The existing %[1]s was most likely made by an earlier apply whose Terraform state was lost, or restored from a backup older than that apply, "+
			"or it was made outside Terraform (in the portal).\n\n"+
			"To manage it with this resource instead of creating another, import it: add this block to the configuration and plan again "+
			"(the plan then shows an import, and what it would change, instead of this create):\n\n"+
			"import {\n  to = <the address of this resource, shown above>\n  id = %[5]q\n}\n\n"+
			"When the state was lost, the other objects of the configuration exist too: `ccsync export terraform <empty folder>` writes an import block "+
			"for every object of the contact center into that folder's imports.tf, to copy with each `to` changed to your address "+
			"(see the guide \"Adopt an existing contact center\", section \"A lost or older state\"). "+
			"If this configuration holds that %[1]s at another address that this plan destroys (a for_each key or a resource name changed "+
			"without a moved block), add a moved block from that address to this one instead. Otherwise, choose another %[2]s.\n\n"+
			"Shown during an apply that replaces this resource under lifecycle { create_before_destroy = true } (Terraform plans the new object's "+
			"create again just before making it), the %[1]s holding the %[2]s is this resource's own, deleted only after the create: "+
			"the error that follows says what to do.",
			u.kind, u.attr, value, which, id))
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
		found, known, err := r.Client.Agents.SeenByNum(ctx, num)
		if err != nil || !known {
			// The refresh that read the list failed and says so; the
			// apply's create checks the number again.
			return nil, false
		}
		for _, a := range found {
			if a.UserStatus.Int64() == client.AgentStatusResigned || r.Client.Agents.ReadInWalk(a.UserID.Int64()) {
				continue
			}
			held = append(held, takenBy{id: strconv.FormatInt(a.UserID.Int64(), 10), name: string(a.UserName)})
		}
		return held, true
	}
	held, known := holders()
	if !known {
		return
	}
	held = settleHolders(ctx, r.Claims, r.Client.Refreshes, agentNumber, num, held, func() bool { return r.Claims.Claimed(freedKey(num)) }, func(id string) bool {
		n, _ := strconv.ParseInt(id, 10, 64)
		return r.Client.Agents.ReadInWalk(n)
	})
	agentNumber.warnTaken(&resp.Diagnostics, "user_num:", num, held)
}

// settleHolders returns the holders of value a create plans that still
// count once the plan's other instances have had their turn: none when
// this plan deletes the value at another address (warnDeletedAndCreated
// warned there) or freed (freed, nil for never), else those not read in
// this walk (readInWalk: held by another address of the configuration).
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
// no check finds a holder), then asks again; an object made outside
// Terraform, or held in another state, still counts, after that wait
// (about half a second, once per plan). A wait cannot outlast the slots
// Terraform gives the walk (-parallelism, 10): when every slot holds a
// waiting check (more renamed keys than that, created before any old
// address is planned), they give up, and some still warn, beside the
// "Deleted and Created Again" warning that says why.
func settleHolders(ctx context.Context, claims *tfkit.Claims, progress func() uint64, u uniqueValue, value string, held []takenBy, freed func() bool, readInWalk func(id string) bool) []takenBy {
	if len(held) == 0 {
		return nil
	}
	var left []takenBy
	deleted := func() bool { return claims.PlannedAs(true, u.key(value)) || (freed != nil && freed()) }
	claims.Settle(ctx, progress, func() bool {
		if deleted() {
			return true
		}
		left = left[:0]
		for _, h := range held {
			if !readInWalk(h.id) {
				left = append(left, h)
			}
		}
		return len(left) == 0
	})
	if deleted() {
		return nil
	}
	return left
}

// warnKeyTaken runs the key check of u (warnTaken) for a create: the
// key it plans, the objects the client's collection reads hold with it
// (seen), and of those the ones that count (held; a holder this walk
// read for a resource of the configuration does not). skip: the create
// is one this plan also deletes at another address (warnDeletedAndCreated
// warned), or the provider has no client.
func warnKeyTaken[T any](ctx context.Context, req resource.ModifyPlanRequest, claims *tfkit.Claims, progress func() uint64, diags *diag.Diagnostics, u uniqueValue, importKey string, skip bool,
	seen func(key string) ([]T, bool, error), held func(T) (takenBy, bool), readInWalk func(id string) bool) {
	key, ok := u.plannedKey(req)
	if !ok || skip {
		return
	}
	found, known, err := seen(key)
	if err != nil || !known {
		return
	}
	var holders []takenBy
	for _, f := range found {
		if h, ok := held(f); ok {
			holders = append(holders, h)
		}
	}
	u.warnTaken(diags, importKey, key, settleHolders(ctx, claims, progress, u, key, holders, nil, readInWalk))
}

// warnNameTaken: a skill group's create whose que_name another group
// holds (warnKeyTaken).
func (r *skillGroupResource) warnNameTaken(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse, deleted bool) {
	warnKeyTaken(ctx, req, r.Claims, r.Client.Refreshes, &resp.Diagnostics, groupName, "que_name:", deleted || r.Client == nil,
		func(name string) ([]client.SkillGroup, bool, error) { return r.Client.Queues.SeenByName(ctx, name) },
		func(g client.SkillGroup) (takenBy, bool) {
			return takenBy{id: string(g.ID)}, !r.Client.Queues.ReadInWalk(string(g.ID))
		}, func(id string) bool { return r.Client.Queues.ReadInWalk(id) })
}

// warnTextTaken: an SMS signature's create whose sign_text another
// signature holds (warnKeyTaken).
func (r *smsSignatureResource) warnTextTaken(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse, deleted bool) {
	warnKeyTaken(ctx, req, r.Claims, r.Client.Refreshes, &resp.Diagnostics, signatureText, signTextPrefix, deleted || r.Client == nil,
		func(text string) ([]client.SMSSignature, bool, error) {
			return r.Client.SMS.SeenSignaturesByText(ctx, text)
		},
		func(sg client.SMSSignature) (takenBy, bool) {
			return takenBy{id: strconv.FormatInt(sg.ID.Int64(), 10)}, !r.Client.SMS.SignatureReadInWalk(sg.ID.Int64())
		}, func(id string) bool { n, _ := strconv.ParseInt(id, 10, 64); return r.Client.SMS.SignatureReadInWalk(n) })
}

// warnNameTaken: an SMS template's create whose template_name another
// template holds (warnKeyTaken).
func (r *smsTemplateResource) warnNameTaken(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse, deleted bool) {
	warnKeyTaken(ctx, req, r.Claims, r.Client.Refreshes, &resp.Diagnostics, templateName, templateNamePrefix, deleted || r.Client == nil,
		func(name string) ([]client.SMSTemplate, bool, error) {
			return r.Client.SMS.SeenTemplatesByName(ctx, name)
		},
		func(t client.SMSTemplate) (takenBy, bool) {
			return takenBy{id: strconv.FormatInt(t.ID.Int64(), 10)}, !r.Client.SMS.TemplateReadInWalk(t.ID.Int64())
		}, func(id string) bool { n, _ := strconv.ParseInt(id, 10, 64); return r.Client.SMS.TemplateReadInWalk(n) })
}
