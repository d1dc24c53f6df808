package resources

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// changedKey returns, for a plan that changes the unique value u.attr of
// an object in the state (in place: a skill group's que_name, an SMS
// template's template_name; by a replacement where u.replaces: an agent's
// user_num, an SMS signature's sign_text), the object's id, the value it
// holds (old) and the planned one (now), when all are known; ok is false
// for anything else (a create: the create's check; a destroy; a kind
// changed in place but replaced for another attribute; a value known only
// at apply: the write's own refusal).
func (u uniqueValue) changedKey(req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) (id, old, now string, ok bool) {
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() || (!u.replaces && len(resp.RequiresReplace) > 0) {
		return "", "", "", false
	}
	str := func(raw interface {
		IsKnown() bool
		IsNull() bool
		As(any) error
	}, v *string) bool {
		return raw.IsKnown() && !raw.IsNull() && raw.As(v) == nil && *v != ""
	}
	if !str(rawAttr(req.State.Raw, "id"), &id) || !str(rawAttr(req.State.Raw, u.attr), &old) || !str(rawAttr(req.Plan.Raw, u.attr), &now) || old == now {
		return "", "", "", false
	}
	return id, old, now, true
}

// warnKeyChanged is the key check of an update that changes the unique
// value u.attr in place (changedKey) to one another object holds: the
// platform refuses the update ("code 405: group exists"), and the plan
// showed a plain "1 to change". A kind whose value only a replacement
// changes (u.replaces) is checked so too, and worse off: the apply
// destroys the object first, then its create is refused, and nothing
// takes its place, where the plan showed a plain "must be replaced". As the create's check (warnKeyTaken), it
// costs no call of its own (seen: the collection read of the walk) and
// waits for the plan's other instances (sortHolders); it warns of a holder
// another resource of this configuration keeps (warnChangedManaged), of
// one no instance of this plan holds (warnChangedTaken), and of one this
// plan gives the value up at, which the update may still find holding it
// (warnChangedGivenUp: two names swapped, or a delete in the same apply).
// skip: the provider has no client.
func warnKeyChanged[T any](ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse, claims *tfkit.Claims, c *client.Client, u uniqueValue,
	importKey string, skip bool, seen func(key string) ([]T, bool, error), held func(T) takenBy, readInWalk func(id string) bool) {
	self, old, now, ok := u.changedKey(req, resp)
	if !ok || skip {
		return
	}
	// What this plan does with this object's own value, recorded now
	// rather than at the end of ModifyPlan (planHolder, deferred): in a
	// swap, the other object's check waits for it (sortHolders), as this
	// one waits for the other's. The value is planned by now (neither kind
	// changes it in ModifyPlan), and the deferred call records the same.
	u.planHolder(req, resp, claims)
	found, known, err := seen(now)
	if err != nil || !known {
		return
	}
	var holders []takenBy
	for _, h := range holdersOf(found, held) {
		if h.id != self {
			holders = append(holders, h)
		}
	}
	outside, managed, givenUp := sortHolders(ctx, claims, c, u, now, holders, nil, readInWalk, true)
	d := &resp.Diagnostics
	u.warnChangedManaged(d, old, now, managed)
	if c.RefreshedInWalk() {
		// Not in an apply's walk, which plans again only the instances
		// it changes: there a holder another resource keeps as it is
		// looks made outside Terraform, and the warning contradicted the
		// plan's "Already Managed Here" (the apply's refusal names both
		// causes); nor, so, with -refresh=false.
		u.warnChangedTaken(d, importKey, old, now, outside)
	}
	u.warnChangedGivenUp(d, claims, old, now, givenUp)
}

// changing opens each warning of warnKeyChanged.
func (u uniqueValue) changing(old, now string) string {
	if u.replaces {
		return fmt.Sprintf("This plan replaces this %[2]s to change its %[1]s from %[3]q to %[4]q: it destroys the %[2]s first, then creates a new one with %[1]s = %[4]q "+
			"(under lifecycle { create_before_destroy = true }, the other way round: the create is refused and this %[2]s stays)", u.attr, u.kind, old, now)
	}
	return fmt.Sprintf("This plan changes the %[1]s of this %[2]s from %[3]q to %[4]q", u.attr, u.kind, old, now)
}

// refused says what the apply does of a change of the value to one still
// held (warnKeyChanged): an update in place is refused and the object
// keeps old; a replacement destroys the object first, and its create is
// refused, so nothing takes its place: worse, and said so.
func (u uniqueValue) refused(old string) string {
	if u.replaces {
		return fmt.Sprintf("so the apply will destroy this %[1]s (the one with %[2]s = %[3]q) and then refuse the create of the new one, after applying what comes before it: "+
			"the %[1]s is gone and none takes its place", u.kind, u.attr, old)
	}
	return fmt.Sprintf("so the apply will refuse this update, after applying what comes before it, and this %s keeps %q", u.kind, old)
}

// warnChangedManaged: the new value is held by an object another resource
// of this configuration keeps (a no-op, or an update that leaves it).
func (u uniqueValue) warnChangedManaged(diags *diag.Diagnostics, old, now string, held []takenBy) {
	if len(held) == 0 {
		return
	}
	diags.AddAttributeWarning(path.Root(u.attr), u.title+" Already Managed Here",
		fmt.Sprintf("%[1]s, and another resource or instance of this configuration manages %[2]s, which holds %[4]q and keeps it: "+
			"this plan neither destroys it nor changes its %[3]s. The %[3]s is unique on the platform, %[7]s. Importing does not help: the %[5]s is in the state already.\n\n"+
			"Give this resource another %[3]s (the provider is not told which address manages the other one: search the configuration, "+
			"and its data files, for %[4]q). To move the %[3]s from that %[5]s to this one, change that resource's %[3]s first, "+
			"in an apply of its own, then this one's.",
			u.changing(old, now), strings.Join(u.holderNames(held), ", "), u.attr, now, u.kind, old, u.refused(old)))
}

// warnChangedTaken: the new value is held by an object that no instance of
// this plan holds: made outside this configuration, or its resource left
// out of the plan (-target, another provider configuration). Only in a
// plan's walk that refreshes (warnKeyChanged).
func (u uniqueValue) warnChangedTaken(diags *diag.Diagnostics, importKey, old, now string, held []takenBy) {
	if len(held) == 0 {
		return
	}
	names := u.holderNames(held)
	which, it := names[0], "it"
	if len(held) > 1 {
		which, it = fmt.Sprintf("%d %ss: %s", len(held), u.kind, strings.Join(names, ", ")), "them"
	}
	diags.AddAttributeWarning(path.Root(u.attr), u.title+" Already Exists",
		fmt.Sprintf("%[1]s, and the contact center already has %[2]s with that %[3]s. The %[3]s is unique on the platform, %[9]s. "+
			"No resource that this provider configuration plans keeps %[6]s: "+
			"made outside this configuration (the portal, another configuration or state), or managed by a resource this plan leaves out "+
			"(-target, another provider configuration).\n\n"+
			"Give this resource another %[3]s, or free %[7]q where %[6]s is managed (%[10]s). %[11]s",
			u.changing(old, now), which, u.attr, u.kind, old, it, now, importKey+now, u.refused(old), u.freeIt(it), u.adoptInstead(importKey+now)))
}

// freeIt says how the value is freed where its holder (it) is managed: a
// replacing kind's value changes only with a new object.
func (u uniqueValue) freeIt(it string) string {
	if u.replaces {
		return fmt.Sprintf("delete %s there", it)
	}
	return fmt.Sprintf("rename or delete %s there", it)
}

// adoptInstead says how to manage the holder in this configuration.
// An update's object is not the holder: importing at its address does not
// fit. A replacement gives its object up anyway: this block may take the
// holder over instead, once its own object is out of the state.
func (u uniqueValue) adoptInstead(id string) string {
	if u.replaces {
		return fmt.Sprintf("To have this resource manage that %[1]s instead of its own, take its own out of the state first (a removed block with "+
			"lifecycle { destroy = false }, or terraform state rm), then import that %[1]s here (an import block with id = %[2]q): nothing is destroyed.", u.kind, id)
	}
	return fmt.Sprintf("Importing does not fit: this resource manages its own %[1]s; to manage the other one in this configuration too, import it at an address of its own "+
		"(an import block with to = <a new resource address> and id = %[2]q), and rename it there first.", u.kind, id)
}

// warnChangedGivenUp: the new value is held by an object this plan gives
// it up at (an update of its value: PlanRename; a destroy or a
// replacement), which still holds it until that change is applied.
// Terraform orders the two by references only: two values swapped are
// refused both, a value moved along is refused when this update comes
// first.
func (u uniqueValue) warnChangedGivenUp(diags *diag.Diagnostics, claims *tfkit.Claims, old, now string, held []takenBy) {
	// A replacing kind's values passed between two instances are also
	// the values of a for_each map moved between its keys (or a count
	// list shifted), where the advice below gets the values through by
	// replacing both objects (and depends_on cannot join two instances of
	// one resource): say which warning keeps them.
	moved := ""
	if u.replaces {
		moved = fmt.Sprintf(" If the %[1]ss themselves moved between the keys of a for_each map (an element taken out, two keys swapped) or along a count list, "+
			"this replaces them: the %[2]q warning of this plan says how to keep them.", u.kind, u.title+" Deleted and Created Again")
	}
	for _, h := range held {
		name := u.holderNames([]takenBy{h})[0]
		to, renamed := claims.PlannedRename(u.key(now), h.id)
		switch {
		case renamed && to == old:
			diags.AddAttributeWarning(path.Root(u.attr), u.title+" "+u.attr+" Swapped",
				fmt.Sprintf("%[1]s, and changes that of %[2]s from %[4]q to %[5]q: the two swap their %[3]s. The %[3]s is unique on the platform, "+
					"and each update is applied alone, so the apply will refuse both: whichever comes first finds its new %[3]s still held by the other, "+
					"and the other then finds its own still held (after applying what comes before them). Swap them in two applies: first give one of the two "+
					"a temporary %[3]s (one no %[6]s holds) and apply, then give both the values you want and apply again.%[7]s",
					u.changing(old, now), name, u.attr, now, old, u.kind, moved))
		case renamed:
			diags.AddAttributeWarning(path.Root(u.attr), u.title+" "+u.attr+" Still Held",
				fmt.Sprintf("%[1]s, and changes that of %[2]s, which holds %[4]q, to %[5]q. The %[3]s is unique on the platform, and Terraform applies "+
					"the two updates in any order (it orders resources by their references only): if this one comes first, the apply will refuse it, "+
					"after applying what comes before it. Change the other resource's %[3]s first, in an apply of its own (terraform apply -target=<its address>), "+
					"or make this resource depend on that one (depends_on), so that its update comes first.%[6]s",
					u.changing(old, now), name, u.attr, now, to, moved))
		default:
			// A replacement's create may come after its own destroy and
			// before the other's: this object is then gone until the next
			// apply creates it.
			write, after := "update", "after applying what comes before it (the next apply then succeeds)"
			if u.replaces {
				write, after = "create", fmt.Sprintf("after destroying this %s, which is gone until the next apply creates the new one", u.kind)
			}
			diags.AddAttributeWarning(path.Root(u.attr), u.title+" "+u.attr+" Still Held",
				fmt.Sprintf("%[1]s, and destroys or replaces %[2]s, which holds %[4]q. The %[3]s is unique on the platform, and Terraform applies "+
					"that destroy and this %[5]s in any order (it orders resources by their references only): if this %[5]s comes first, the apply "+
					"will refuse it, %[6]s. To have it succeed at once, destroy the other "+
					"first, in an apply of its own (terraform apply -target=<its address>), then apply this change.",
					u.changing(old, now), name, u.attr, now, write, after))
		}
	}
}

// updateRefusedHint is the hint ("What to do: ...") of an update the
// platform refused because the value it gives u.attr (now; the object
// holds old) is held by held (a look-up made after the refusal; none when
// it failed). The create's hint (refusedHint) advises an import at this
// resource's address, which does not fit an update: this resource manages
// its own object (Terraform refuses an import to an address in the state),
// and the holder may be another resource's. The apply's walk plans only
// the instances it changes, so it cannot tell a holder another resource
// keeps as it is from one made outside Terraform, and names both; it can
// tell one this apply changes too (PlanRename, recorded by the holder's
// plan in this walk): then it says that alone. opening, when not empty,
// opens the hint instead of the default sentence.
func (u uniqueValue) updateRefusedHint(claims *tfkit.Claims, importKey, old, now string, held []takenBy, opening string) string {
	holder, id := "another "+u.kind, "<its id>"
	if len(held) > 0 {
		holder, id = strings.Join(u.holderNames(held), ", "), held[0].id
	}
	for _, h := range held {
		to, ok := claims.PlannedRename(u.key(now), h.id)
		if !ok {
			continue
		}
		name := u.holderNames([]takenBy{h})[0]
		if to == old {
			return fmt.Sprintf("%[2]s holds %[3]q, and this apply also changes its %[1]s, to %[4]q: the two swap their %[1]s. The platform refuses a %[1]s still held, "+
				"so neither update can come first: both are refused, and each keeps its %[1]s. Swap them in two applies: first give one of the two a temporary %[1]s "+
				"(one no %[5]s holds) and apply, then give both the values you want and apply again. Importing does not help: both are in the state already",
				u.attr, name, now, old, u.kind)
		}
		return fmt.Sprintf("%[2]s holds %[3]q, and this apply also changes its %[1]s, to %[4]q, but this update came first (Terraform applies the two in any order). "+
			"Apply again once that change is applied, or make this resource depend on that one (depends_on), so that its update comes first. "+
			"Importing does not help: both are in the state already", u.attr, name, now, to)
	}
	if opening == "" {
		opening = fmt.Sprintf("%s already has %s = %q, which is unique on the platform, so this %s keeps %q.", holder, u.attr, now, u.kind, old)
	}
	return fmt.Sprintf("%[1]s The provider cannot tell where that %[4]s is managed (the plan's warning, if it showed one, says more). The likely causes:\n"+
		"- Another resource of this configuration manages it (the plan's %[6]q warning): two resources cannot share a %[2]s, and importing does not help. "+
		"Give this resource another %[2]s, or, to move the %[2]s to this one, change that resource's %[2]s first, in an apply of its own.\n"+
		"- This apply changed its %[2]s too (two values swapped, or moved along: the plan's %[7]q or %[8]q warning): "+
		"apply twice, first giving one of the two a temporary %[2]s.\n"+
		"- Made or managed outside this configuration (the portal, another configuration or state): give this resource another %[2]s, "+
		"or free %[3]q there. Not at this resource's address, which manages its own %[4]s: to manage that %[4]s in this configuration too, "+
		"add a resource block for it and import it (terraform import <address> %[5]s) into that block, or with an import block by its %[2]s (id = %[9]q)",
		opening, u.attr, now, u.kind, id, u.title+" Already Managed Here", u.title+" "+u.attr+" Swapped", u.title+" "+u.attr+" Still Held", importKey+now)
}
