package resources

import (
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// agentContacts are the agent's values, besides user_num, that the
// platform keeps unique among agents (§4.2 users/add: user_email and
// user_sms_phone unique; users/edit: user_sms_phone unique).
var agentContacts = []string{"user_email", "user_sms_phone"}

// sameContact reports whether a and b are the same value of field: an
// e-mail address is the same whatever its case (the platform refuses
// "Ann@example.com" while an agent holds "ann@example.com").
func sameContact(field, a, b string) bool {
	return a == b || field == "user_email" && strings.EqualFold(a, b)
}

// What an instance's plan does with a value of an agent's, in the tokens
// of its claims (contactKey): given to its agent, kept by it (a resign
// keeps it too), or given up (the agent deleted, or given another).
const (
	given = "given\x00"
	kept  = "kept\x00"
	freed = "freed\x00"
)

// contactKey names, in Claims, the agents a plan gives value v of field.
func contactKey(field, v string) string {
	if field == "user_email" {
		v = strings.ToLower(v)
	}
	return "contact\x00" + field + "\x00" + v
}

// warnContactGivenTwice warns of two agents of one configuration that the
// plan leaves with the same user_email or user_sms_phone: one given it (a
// create, or an update or replacement that changes it) while another is
// given it too or keeps it (a resign keeps it too). A copied block, or a
// data file's row copied with its e-mail, planned two agents, and the
// apply wrote the first and was refused the second (the agents planned
// after it applied or not, as Terraform got to them). It warns too of a
// value one agent gives up (deleted, or changed to another) while another
// is given it: Terraform runs the two in any order, and the write is
// refused when it comes first; a row renumbered in a data file (a new
// user_num with the old row's e-mail) plans just that. The instances are
// planned in any order: the one planned second warns, whichever it is.
// Values known only at apply, and "" (none), are left alone.
func warnContactGivenTwice(req resource.ModifyPlanRequest, claims *tfkit.Claims, diags *diag.Diagnostics) {
	known := func(v tftypes.Value, field string) (string, bool) {
		var s string
		raw := rawAttr(v, field)
		if v.IsNull() || raw.IsNull() {
			return "", true
		}
		if !raw.IsKnown() || raw.As(&s) != nil {
			return "", false
		}
		return s, true
	}
	token, resigns := req.Plan.Raw, false
	if req.Plan.Raw.IsNull() {
		var mode string
		token, resigns = req.State.Raw, rawAttr(req.State.Raw, "delete_mode").As(&mode) == nil && mode == agentDeleteModeResign
	}
	for _, field := range agentContacts {
		now, nowKnown := known(req.Plan.Raw, field)
		was, _ := known(req.State.Raw, field)
		type claim struct{ v, kind string }
		var mine []claim
		switch {
		case now != "" && was != "" && sameContact(field, was, now):
			mine = append(mine, claim{now, kept})
		case nowKnown:
			if now != "" {
				mine = append(mine, claim{now, given})
			}
			if was != "" {
				mine = append(mine, claim{was, map[bool]string{true: kept, false: freed}[resigns]})
			}
		}
		for _, c := range mine {
			others := map[string]int{}
			for _, k := range claims.PlanGiven(contactKey(field, c.v), c.kind, token) {
				others[k]++
			}
			if title, what := contactConflict(field, c.v, c.kind, others, resigns); what != "" {
				diags.AddAttributeWarning(path.Root(field), title, what)
				break
			}
		}
	}
}

// contactConflict is the warning of value v of field that this instance
// claims as kind (given, kept or freed) while others claims it as each
// kind, counted: "" when they do not meet. resigns is set when this
// instance's agent is resigned by the plan.
func contactConflict(field, v, kind string, others map[string]int, resigns bool) (title, what string) {
	before := "another resource or instance of this configuration, planned before this one,"
	twice := fmt.Sprintf(" It is unique among agents on the platform%[3]s. Give one of the two agents another %[1]s (search the configuration, and its data files, "+
		"for %[2]q%[4]s), or set it to \"\" on one of them.", field, v, caseNote(field), map[bool]string{true: " in any case"}[field == "user_email"])
	order := fmt.Sprintf(" It is unique among agents on the platform%[2]s, and Terraform runs the two in any order (it orders resources by their references only): "+
		"if the write comes first, the platform refuses it, after applying what comes before it. Apply the agent that gives it up first, in an apply "+
		"of its own (terraform apply -target=<its address>). If the two are one person whose user_num changed (a row of a data file renumbered): "+
		"an agent's user_num cannot change, so this plan deletes the old agent (with its history, under delete_mode = \"delete\") and makes a new one; "+
		"keep the old user_num to keep the agent.", field, caseNote(field))
	holder := "this agent"
	if resigns {
		holder = "this agent, which the plan resigns (delete_mode = \"resign\": a resigned agent keeps it),"
	}
	switch {
	case kind == given && others[given] > 0:
		return "Agent " + field + " Given Twice", fmt.Sprintf("This plan gives this agent %s = %q, and %s gives another agent the same %s: "+
			"the apply writes whichever comes first and refuses the other.", field, v, before, field) + twice
	case kind == given && others[kept] > 0:
		return "Agent " + field + " Given Twice", fmt.Sprintf("This plan gives this agent %s = %q, and %s keeps it on the agent that holds it "+
			"(or resigns that agent, which keeps it): the apply refuses this agent's write.", field, v, before) + twice
	case kind == kept && others[given] > 0:
		return "Agent " + field + " Given Twice", fmt.Sprintf("This plan keeps %s = %q on %s and %s gives another agent the same %s: "+
			"the apply refuses the other agent's write.", field, v, holder, before, field) + twice
	case kind == given && others[freed] > 0:
		return "Agent " + field + " Moves Between Agents", fmt.Sprintf("This plan gives this agent %s = %q, which another agent holds now, and %s "+
			"deletes that agent or changes its %s.", field, v, before, field) + order
	case kind == freed && others[given] > 0:
		return "Agent " + field + " Moves Between Agents", fmt.Sprintf("This plan deletes this agent, or changes its %s from %q, and %s "+
			"gives another agent %s = %q.", field, v, before, field, v) + order
	}
	return "", ""
}

// contactsApplied forgets what the plans recorded of the agent's values
// once its create or update ran (tfkit.Claims.Done): a process that serves
// several commands (`terraform test`) plans the agent again as one that
// keeps them.
func contactsApplied(claims *tfkit.Claims, plan *agentModel) {
	for _, v := range []struct {
		field string
		value types.String
	}{{"user_email", plan.UserEmail}, {"user_sms_phone", plan.UserSMSPhone}} {
		if !v.value.IsNull() && !v.value.IsUnknown() {
			claims.Done(contactKey(v.field, v.value.ValueString()))
		}
	}
}

// caseNote says how field's values are compared, where it matters.
func caseNote(field string) string {
	if field == "user_email" {
		return " (an e-mail address is the same whatever its case)"
	}
	return ""
}
