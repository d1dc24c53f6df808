package resources

import (
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

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
// given it too or keeps it. A copied block, or a data file's row copied
// with its e-mail, planned two agents, and the apply wrote the first and
// was refused the second (the agents planned after it applied or not, as
// Terraform got to them). The instances are planned in any order: the one
// planned second warns, whichever it is (an agent that keeps the value
// warns only of one given it). Values known only at apply, and "" (none),
// are left alone.
func warnContactGivenTwice(req resource.ModifyPlanRequest, claims *tfkit.Claims, diags *diag.Diagnostics) {
	const given, kept = "given\x00", "kept\x00"
	for _, field := range agentContacts {
		var v, was string
		if now := rawAttr(req.Plan.Raw, field); !now.IsKnown() || now.IsNull() || now.As(&v) != nil || v == "" {
			continue
		}
		keeps := !req.State.Raw.IsNull() && rawAttr(req.State.Raw, field).As(&was) == nil && sameContact(field, was, v)
		mine := given
		if keeps {
			mine = kept
		}
		othersGiven, othersKeep := 0, 0
		for _, t := range claims.PlanGiven(contactKey(field, v), mine+req.Plan.Raw.String()) {
			if strings.HasPrefix(t, given) {
				othersGiven++
			} else {
				othersKeep++
			}
		}
		var what string
		switch {
		case othersGiven > 0 && keeps:
			what = fmt.Sprintf("This plan keeps %[1]s = %[2]q on this agent, and another resource or instance of this configuration, planned before this one, "+
				"gives another agent the same %[1]s%[3]s. It is unique among agents on the platform: the apply refuses the other agent's write, after applying "+
				"what comes before it.", field, v, caseNote(field))
		case othersGiven > 0:
			what = fmt.Sprintf("This plan gives this agent %[1]s = %[2]q, and another resource or instance of this configuration, planned before this one, "+
				"gives another agent the same %[1]s%[3]s. It is unique among agents on the platform: the apply writes whichever comes first and "+
				"refuses the other, after applying what comes before it.", field, v, caseNote(field))
		case othersKeep > 0 && !keeps:
			what = fmt.Sprintf("This plan gives this agent %[1]s = %[2]q, and another resource or instance of this configuration, planned before this one, "+
				"keeps it on the agent that holds it%[3]s. It is unique among agents on the platform: the apply refuses this agent's write, after applying "+
				"what comes before it.", field, v, caseNote(field))
		default:
			continue
		}
		diags.AddAttributeWarning(path.Root(field), "Agent "+field+" Given Twice",
			what+fmt.Sprintf(" Give one of the two agents another %[1]s (search the configuration, and its data files, for %[2]q%[3]s), or set it to \"\" on one of them.",
				field, v, map[bool]string{true: " in any case"}[field == "user_email"]))
	}
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
