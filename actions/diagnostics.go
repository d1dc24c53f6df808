package actions

import (
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/textcheck"
)

// interruptedDoc starts the paragraph of a long-running action's
// documentation on an interrupted run. terraform-plugin-go v0.31 (the
// newest) stops forwarding an action's events once the request's context
// is done (tf6server InvokeAction), so the completed event that carries the
// action's error never reaches Terraform, which reports success. The
// progress lines sent before are all the user gets: each action says which
// of them to note and what to read after.
const interruptedDoc = "\n\n**Interrupting.** If you interrupt Terraform (Ctrl-C) while the action runs, Terraform usually ends with " +
	"`Apply complete!` and exit code 0, without the action's error: its plugin library (terraform-plugin-go v0.31) drops the action's " +
	"last message once the run is cancelled, and that message is the error saying what was left undone. The progress lines printed " +
	"before the interrupt are what you have: "

// storedMobile is a number as the platform keeps it in its records: without
// the +86 (or 86) before a mainland number. The open interface's send
// records (spec §2.5, read by sms/record/list, §4.1) and the gateway's
// delivery records (§2.13) carry this form, so a lookup by the number as
// written (+8613800138000) finds nothing.
func storedMobile(m string) string { return client.NationalMobile(strings.TrimSpace(m)) }

// shownMobile names a number as the platform stores it, and as it was
// written when that differs: "13800138000 (written +8613800138000)".
func shownMobile(m string) string {
	if s := storedMobile(m); s != m {
		return s + " (written " + m + ")"
	}
	return m
}

// shownMobiles is shownMobile of each number, comma-separated.
func shownMobiles(ms []string) string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = shownMobile(m)
	}
	return strings.Join(out, ", ")
}

// rerunHint says how to run an action again (framework.RerunHint).
func rerunHint(name string) string { return framework.RerunHint(name) }

// triggerDoc is every action's word on action_trigger: what a failure
// leaves, and what Terraform does with the other instances of a for_each.
const triggerDoc = "\n\n**Triggers.** An action run by an `action_trigger` (`after_create`, `after_update`) that fails is not run again by the next apply: " +
	"the resource was saved, so the next plan is empty. Run it with `terraform apply -invoke=action.<type>.<name>` (an action with `for_each`: " +
	"`-invoke='action.<type>.<name>[\"key\"]'`; with `count`: `-invoke='action.<type>.<name>[0]'`, a number: `[\"0\"]` names no action). When one instance of a `for_each` or `count` resource fails to apply, Terraform skips the triggered actions " +
	"of the resource's other instances too, without a word, and no later apply runs them: after such an apply, invoke the actions of the instances that were created. " +
	"Likewise, when an action fails, Terraform runs none of the actions listed after it for the same resource (later in that `action_trigger` " +
	"or in a later one) and does not name them; the error ends by saying so: invoke those too."

// plural is n with the noun in the singular or plural: "1 number", "2 numbers".
func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// requireMobiles: a recipient's mobile is optional in the schema only so
// that a recipient unknown at plan (chosen by a condition on an object not
// yet applied) is accepted: the framework took the required attributes of
// an unknown recipient for unset ("Missing Configuration for Required
// Attribute"). A known recipient must have one.
func requireMobiles(recipients types.List, diags *diag.Diagnostics) {
	if recipients.IsNull() || recipients.IsUnknown() {
		return
	}
	for i, e := range recipients.Elements() {
		o, ok := e.(types.Object)
		if !ok || o.IsNull() || o.IsUnknown() {
			continue
		}
		if m, ok := o.Attributes()["mobile"]; ok && m.IsNull() {
			diags.AddAttributeError(path.Root("recipients").AtListIndex(i).AtName("mobile"), "Missing Recipient Mobile",
				fmt.Sprintf("recipients[%d] has no mobile: every recipient needs the number to send to.", i))
		}
	}
}

// refuseAlike refuses n findings alike (values blank, empty, holding an
// invisible character; recipients lacking the same values) in one error
// of the summary: a finding alone at its own path, at(0), where Terraform
// shows its line, with the detail one; several at the attribute their
// first is in (recipients, params, sms_params_list), with the detail
// several makes of the first three named (named) and the others counted
// (textcheck.SomeOf), not an error each: a column of a CSV file pasted with
// the same fault made hundreds alike.
func refuseAlike(diags *diag.Diagnostics, summary string, n int, at func(k int) path.Path, one func() string, named func(k int) string, several func(named string) string) {
	switch {
	case n == 1:
		diags.AddAttributeError(at(0), summary, one())
	case n > 1:
		first := at(0).Steps()[0].(path.PathStepAttributeName)
		diags.AddAttributeError(path.Root(string(first)), summary, several(textcheck.SomeOf(n, 3, named)))
	}
}
