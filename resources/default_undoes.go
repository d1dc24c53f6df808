package resources

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// undoneByDefault is an attribute whose schema Default undoes, at the next
// apply made for anything else, an operational setting changed outside the
// configuration (in the portal, or before an import): the plan showed it
// as one line among the others, `is_enable_mfa = 1 -> 2`, and said
// nothing. warnUndoneByDefault warns of it, in the shape of "Agent
// Unfrozen by the Default Status" (agent_defaults.go): the object, the
// value it holds, the default, and the two ways out.
type undoneByDefault struct {
	attr  []string // the attribute, and the names under it (config, makecall_flag)
	title string   // what happens, "Agent MFA Turned Off by the Default"
	// holds says what the held value means ("has multi-factor login on"),
	// heldMeans by the held value when it says more than one thing.
	holds     string
	heldMeans map[string]string
	how       string // how it came to hold it: "turned on" (outside this configuration)
	def       string // the default, with its meaning: "2 (off)"
	does      string // what the apply does: "turns multi-factor login off for the agent"
	keep      string // "To keep it on"
	// only limits the check to one held value, as written ("3", "true",
	// "\"open\""); empty, any value the default differs from.
	only string
	// leaveTo names what the status is left to under ignore_changes;
	// empty, "the portal".
	leaveTo string
	// unset is, for a nested attribute, the value the platform takes when
	// the configuration does not set the object holding it (config): the
	// plan removes the object (config = {...} -> null), an edit sends it
	// empty, and the service applies its defaults, the same as the
	// attribute's Default ("0" for config.makecall_flag). Empty: such a
	// plan is not checked.
	unset string
}

// warnUndoneByDefault warns, for each check, of an update in place (the
// state's id planned again: not a create, nor a replacement, which makes
// another object) whose configuration does not set the attribute, so that
// the plan takes the value the platform holds (read at refresh) back to
// the schema's Default. A configured value says what the user wants and
// does not warn; nor does a value unknown at plan, nor one the last
// apply's configuration set (its line removed since: setByLastApply). object names the object
// from the state ("Agent 9001 (id 1001)").
func warnUndoneByDefault(ctx context.Context, req resource.ModifyPlanRequest, diags *diag.Diagnostics, object func(state tftypes.Value) string, checks ...undoneByDefault) {
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	id, plannedID := rawAttr(req.State.Raw, "id"), rawAttr(req.Plan.Raw, "id")
	if !id.IsKnown() || id.IsNull() || !id.Equal(plannedID) {
		return
	}
	for _, c := range checks {
		held, planned := rawPath(req.State.Raw, c.attr), rawPath(req.Plan.Raw, c.attr)
		if !rawPath(req.Config.Raw, c.attr).IsNull() || !held.IsFullyKnown() || held.IsNull() {
			continue
		}
		// removed is the object holding the attribute when the
		// configuration does not set it and the plan removes it: the
		// apply resets what it held all the same (unset), where the
		// attribute's own line reads `makecall_flag = 8 -> null`.
		removed := ""
		if c.unset != "" && planned.IsNull() {
			removed = removedObject(req, c.attr)
		}
		name, value := strings.Join(c.attr, "."), rawText(held)
		switch {
		case removed != "":
			if value == c.unset {
				continue
			}
		case !planned.IsFullyKnown() || planned.IsNull() || held.Equal(planned):
			continue
		}
		if c.only != "" && value != c.only || setByLastApply(ctx, req.Private, name, held) {
			continue
		}
		leaveTo := c.leaveTo
		if leaveTo == "" {
			leaveTo = "the portal"
		}
		holds := c.holds
		if m, ok := c.heldMeans[value]; ok {
			holds = m
		}
		p := path.Root(c.attr[0])
		for _, n := range c.attr[1:] {
			p = p.AtName(n)
		}
		if removed != "" {
			// ignore_changes = [config.makecall_flag] does nothing here:
			// Terraform keeps an ignored value only under an object the
			// configuration sets.
			diags.AddAttributeWarning(p, c.title, fmt.Sprintf("%s %s on the platform (%s = %s), %s outside this configuration, whose %s is not set: "+
				"the plan removes it, the apply sends it empty, and %s takes the platform's default, %s: this apply %s. %s, set %s = %s; "+
				"to leave it to %s, add lifecycle { ignore_changes = [%s] }.",
				object(req.State.Raw), holds, name, value, c.how, removed, name, c.def, c.does, c.keep, name, value, leaveTo, removed))
			continue
		}
		diags.AddAttributeWarning(p, c.title, fmt.Sprintf("%s %s on the platform (%s = %s), %s outside this configuration, whose %s is not set "+
			"and defaults to %s: this apply %s. %s, set %s = %s; to leave it to %s, add lifecycle { ignore_changes = [%s] }.",
			object(req.State.Raw), holds, name, value, c.how, name, c.def, c.does, c.keep, name, value, leaveTo, name))
	}
}

// removedObject names the outermost object on the way to the nested
// attribute (config, or config.webhook) that the configuration does not
// set and the plan removes (null in both), or "" when there is none.
func removedObject(req resource.ModifyPlanRequest, attr []string) string {
	for i := 1; i < len(attr); i++ {
		planned := rawPath(req.Plan.Raw, attr[:i])
		if !planned.IsKnown() {
			return ""
		}
		if planned.IsNull() && rawPath(req.Config.Raw, attr[:i]).IsNull() {
			return strings.Join(attr[:i], ".")
		}
	}
	return ""
}

// rawPath is the value at the attribute names under v; a null value when
// an object on the way is null or missing.
func rawPath(v tftypes.Value, names []string) tftypes.Value {
	for _, n := range names {
		v = rawAttr(v, n)
	}
	return v
}

// rawText writes a primitive value as a configuration would.
func rawText(v tftypes.Value) string {
	var b bool
	var n big.Float
	var s string
	switch {
	case v.As(&b) == nil:
		return fmt.Sprint(b)
	case v.As(&n) == nil:
		return n.Text('f', -1)
	case v.As(&s) == nil:
		return fmt.Sprintf("%q", s)
	}
	return v.String()
}
