package resources

import (
	"fmt"
	"strings"
)

// refusedHint is the hint ("What to do: ...") of a create the platform
// refused because the unique value u.attr = value is held by held (named
// by a look-up made after the refusal; none when it failed). importKey is
// the import id prefix of the kind ("user_num:").
//
// It said only "import it ...; otherwise choose another user_num", which
// names no cause, and is wrong after a removed block (destroy = false) of
// the object's old address: Terraform forgets that block's objects in the
// same apply, the create's failure notwithstanding (1.11 and 1.15 alike),
// so the moved block the plan's "Already Exists" warning advised finds
// nothing, and only the import adopts the object. As the plan's warning
// does (warnTaken), it names the likely causes, each with its advice, and
// asserts none: at apply the provider sees no more of the blocks around
// the create than at plan. The plan's warning has the long form.
func (u uniqueValue) refusedHint(importKey, value string, held []takenBy) string {
	holder, it, id := "another "+u.kind, "it", "<its id>"
	byKey := fmt.Sprintf("or an import block with id = %q", importKey+value)
	switch {
	case len(held) == 1:
		holder, id = u.holderNames(held)[0], held[0].id
	case len(held) > 1:
		holder, it, id = fmt.Sprintf("%d %ss (%s)", len(held), u.kind, strings.Join(u.holderNames(held), ", ")), "one of them", held[0].id
		byKey = "or an import block with that id: one by " + u.attr + " refuses several"
	}
	// Several holders: the value is not unique, but the platform refuses
	// it to a new object all the same (the spec does not say so of SMS
	// signatures and templates; the refusal just did).
	has, rule := "already has", "which is unique on the platform"
	if len(held) > 1 {
		has, rule = "already have", "and the platform refuses a "+u.attr+" already held"
	}
	return fmt.Sprintf("%[1]s %[2]s %[3]s = %[4]q, %[10]s. The provider cannot tell why "+
		"(the plan's %[5]q warning, if it showed one, says more). The likely causes:\n"+
		"- Made outside any state (the portal, a state lost or restored from an older backup, "+
		"an earlier apply whose answer was lost): import %[6]s (terraform import <address> %[7]s, %[8]s), or give this resource another %[3]s.\n"+
		"- Managed by another configuration (another team's state): do not import %[6]s here too (two states that manage one object undo each other's "+
		"changes, and a destroy in either deletes it): give this resource another %[3]s, or hand %[6]s over (a removed block with "+
		"lifecycle { destroy = false } in that configuration, then the import here).\n"+
		"- Left by a removed block (lifecycle { destroy = false }): this apply forgot that block's objects although this create failed, "+
		"so a moved block no longer finds them: import %[6]s as above, or give this resource another %[3]s.\n"+
		"- Adopted in this apply by an import block through another provider configuration: give this resource another %[3]s, or remove one of the two.\n"+
		"- Held by another address of this configuration that this apply deletes (a for_each key or resource name changed without a moved block): "+
		"do not import; a moved block from the old address to this one keeps the %[9]s as it is.\n"+
		"- This resource's own %[9]s, which this create replaces under lifecycle { create_before_destroy = true }: it holds the %[3]s until it is deleted "+
		"after the create. Remove create_before_destroy from this resource (Terraform also applies it when a resource that depends on this one sets it), "+
		"or change the %[3]s in the same apply",
		holder, has, u.attr, value, u.title+" Already Exists", it, id, byKey, u.kind, rule)
}
