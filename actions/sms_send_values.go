package actions

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/textcheck"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// planValues warns at plan what the send would refuse or leave out when it
// runs, as the template reads now: a recipient without a value for one of
// its variables (a typo such as dya for day planned cleanly and failed at
// apply, after the plan's other changes were made; under an action_trigger
// the next plan is empty), a template not approved or not found. Warnings,
// not errors: the same apply may change or approve the template, and the
// send checks again before anything is sent. Only a configuration known in
// full at plan is checked (one read of the template).
func (a *smsSendAction) planValues(ctx context.Context, req action.ModifyPlanRequest, resp *action.ModifyPlanResponse) {
	var m smsSendModel
	if req.Config.Get(ctx, &m).HasError() || m.TemplateID.IsUnknown() || m.Recipients.IsUnknown() || m.Params.IsUnknown() {
		return
	}
	rs, common, recipients, d := m.expand(ctx)
	if d.HasError() || slices.ContainsFunc(rs, func(r smsRecipientModel) bool { return r.Mobile.IsUnknown() || r.Params.IsUnknown() }) {
		return // known only at apply, where the run checks
	}
	tid := m.TemplateID.ValueString()
	id, err := strconv.ParseInt(tid, 10, 64)
	if err != nil {
		return // the validators say so
	}
	tpl, err := a.Client.SMS.GetTemplate(ctx, id)
	switch {
	case client.IsNotFound(err):
		resp.Diagnostics.AddAttributeWarning(path.Root("template_id"), "SMS Template Not Found",
			fmt.Sprintf("Template %s does not exist now, so the send will be refused when the action runs. template_id is the template's `id` "+
				"(contactcenter_sms_template.x.id), not its tpl_id.", tid))
		return
	case err != nil:
		return // the send reads it again, and says why it cannot
	}
	// Not approved now (a draft, pending or rejected): an edit of the text
	// does not approve it, and the template's own plan warns only of an
	// approved one going back to review, so this is said with an edit too
	// (an edit of a draft or a rejected template, sent right after it, was
	// refused at apply after a plan that warned of nothing). Unless the
	// edit waits for the approval (wait_for_approval): then the send runs
	// only once the template is approved, as the configuration means it
	// (the apply of the edit fails if the review rejects it).
	e, planned := a.Claims.PlannedEdit(tfkit.SMSTemplateText(tid), string(tpl.TplText))
	if int64(tpl.State) != client.TemplateApproved && (!planned || !e.WaitsForApproval) {
		by := "unless it is approved by then"
		if int64(tpl.State) == client.TemplatePending {
			by += " (wait_for_approval = true on the contactcenter_sms_template makes the apply wait for the review before the action runs)"
		}
		resp.Diagnostics.AddAttributeWarning(path.Root("template_id"), "SMS Template Not Approved",
			fmt.Sprintf("Template %s (%q) is %s (state %d) now; only approved templates can send, so the send will be refused when the action runs "+
				"%s.%s", tid, string(tpl.TplTitle), string(tpl.StateName), int64(tpl.State), by, reasonText(tpl)))
	}
	as := "As template %s reads now"
	if planned && e.To != e.From { // an edit of the text (else another change the review looks at)
		// This plan edits the template's text (contactcenter_sms_template,
		// planned before this action when template_id refers to it), and
		// the send runs after the edit: the values are checked against the
		// planned text (a variable added with its values in one change
		// warned "no variable day (a typo?) ... not sent", and the apply
		// sent it). An approved template's own plan warns that the edit
		// sends it back to review.
		if !e.Known {
			return
		}
		vars, err := client.TemplateVariables(e.To)
		if err != nil {
			return // the template's own validators say so
		}
		edited := *tpl
		edited.TplText, edited.TplParam = client.FlexString(e.To), vars
		tpl, as = &edited, "As this apply edits template %s"
	}
	var found diag.Diagnostics
	checkValues(ctx, tid, tpl, recipients, rs, common, "", true, &found)
	for _, d := range found {
		detail := d.Detail()
		if d.Severity() == diag.SeverityError {
			detail += fmt.Sprintf(as+", the send will be refused when the action runs, before anything is sent.", tid)
		}
		if dp, ok := d.(diag.DiagnosticWithPath); ok {
			resp.Diagnostics.AddAttributeWarning(dp.Path(), d.Summary(), detail)
		} else {
			resp.Diagnostics.AddWarning(d.Summary(), detail)
		}
	}
}

// checkValues checks the values of a send of template tid as tpl holds it:
// a recipient without a value for one of its variables is an error (the
// send is refused before anything is sent; after ends its detail), a value
// for a variable the template lacks a warning (a typo?), at its key with
// atKey (the plan: see unused).
func checkValues(ctx context.Context, tid string, tpl *client.SMSTemplate, recipients []client.SMSRecipient, rs []smsRecipientModel, common map[string]string, after string, atKey bool, diags *diag.Diagnostics) {
	// Every recipient needs a value for every variable; a missing one is a
	// configuration error, refused before anything is sent.
	// An empty value is none: the message would go out with a blank. So
	// is one of white space or invisible characters alone (textcheck.Blank: a
	// zero-width space pasted from a web page), which ccsync refuses in a
	// recipients file too.
	uses := map[string]bool{}
	for _, name := range tpl.TplParam {
		uses[name] = true
	}
	// Recipients that lack the same values are said in one diagnostic: a
	// typo in the shared params (tiem for time) left every recipient
	// without ${time}, and the plan of a send to 300 numbers listed 300
	// warnings alike, the typo's own warning after them.
	var lacking grouped
	for i, r := range recipients {
		var missing []string
		for _, name := range tpl.TplParam {
			if v, ok := r.Params[name]; !ok || v == "" || textcheck.Blank(v) {
				missing = append(missing, "${"+name+"}")
			}
		}
		if len(missing) > 0 {
			lacking.add(strings.Join(missing, ", "), i)
		}
	}
	vars := make([]string, len(tpl.TplParam))
	for j, name := range tpl.TplParam {
		vars[j] = "${" + name + "}"
	}
	for _, missing := range lacking.keys {
		is := lacking.of[missing]
		advice := fmt.Sprintf("Template %s uses %s: give each in params (shared by every recipient) "+
			"or in the recipient's own params (an empty value is none). %s", tid, strings.Join(vars, ", "), after)
		refuseAlike(diags, "Missing Template Value", len(is), func(k int) path.Path { return path.Root("recipients").AtListIndex(is[k]).AtName("params") },
			func() string {
				return fmt.Sprintf("recipients[%d] (%s) has no value for %s. %s", is[0], recipients[is[0]].Mobile, missing, advice)
			},
			recipientAt(is, recipients),
			func(named string) string {
				return fmt.Sprintf("%d recipients have no value for %s: %s. %s", len(is), missing, named, advice)
			})
	}
	// A value for a variable the template lacks (a typo?) is not sent: the
	// warning points where it was given, params or a recipient's own.
	its := "It has no variables."
	if len(tpl.TplParam) > 0 {
		its = "Its variables: " + strings.Join(tpl.TplParam, ", ") + "."
	}
	// A name is written quoted when a character of it does not show
	// (textcheck.Shown): a byte order mark that csvdecode(file()) keeps in the
	// first header of a CSV file saved as "UTF-8 with BOM" made the warning
	// read "no variable name (a typo?) ... Its variables: name, time".
	// With atKey (the plan) the warning of one such value is at its key,
	// whose line Terraform shows (a typo such as nam for name); an invoke's
	// diagnostics have no line, and its detail names the map the value is in.
	unused := func(names []string) (shown, one string) {
		var out []string
		for _, name := range names {
			if !uses[name] {
				out = append(out, name)
			}
		}
		slices.Sort(out)
		if len(out) == 1 && atKey {
			one = out[0]
		}
		for i, name := range out {
			out[i] = textcheck.Shown(name)
		}
		return strings.Join(out, ", "), one
	}
	say := func(p path.Path, one, names, what string) {
		if one != "" {
			p = p.AtMapKey(one)
		}
		bom := ""
		if strings.Contains(names, `"\ufeff`) {
			bom = " A name quoted with \\ufeff at its start begins with a byte order mark (U+FEFF), which csvdecode(file(\"…\")) keeps in the first column's header " +
				"of a CSV file saved as \"UTF-8 with BOM\" (Excel's \"CSV UTF-8\"): read the file with csvdecode(trimprefix(file(\"…\"), \"\\ufeff\")), " +
				"or save it as UTF-8 without BOM."
		}
		diags.AddAttributeWarning(p, "Template Values Not Used",
			fmt.Sprintf("Template %s has no variable %s (a typo?), given in %s; those values are not sent. %s%s", tid, names, what, its, bom))
	}
	if names, one := unused(slices.Collect(maps.Keys(common))); names != "" {
		say(path.Root("params"), one, names, "params")
	}
	// Recipients that give the same unused names are said in one warning,
	// as the missing values are.
	var giving grouped
	ones := map[string]string{}
	for i, r := range rs {
		if r.Params.IsNull() {
			continue
		}
		own := map[string]string{}
		diags.Append(r.Params.ElementsAs(ctx, &own, false)...)
		if names, one := unused(slices.Collect(maps.Keys(own))); names != "" {
			ones[names] = one
			giving.add(names, i)
		}
	}
	for _, names := range giving.keys {
		is := giving.of[names]
		if len(is) == 1 {
			say(path.Root("recipients").AtListIndex(is[0]).AtName("params"), ones[names], names, fmt.Sprintf("recipients[%d].params", is[0]))
			continue
		}
		say(path.Root("recipients"), "", names, fmt.Sprintf("the params of %d recipients: %s", len(is), someRecipients(is, recipients)))
	}
}

// grouped holds the recipients (by index) of each key, the keys in the
// order first given: recipients said alike are said in one diagnostic.
type grouped struct {
	keys []string
	of   map[string][]int
}

func (g *grouped) add(key string, i int) {
	if g.of == nil {
		g.of = map[string][]int{}
	}
	if _, seen := g.of[key]; !seen {
		g.keys = append(g.keys, key)
	}
	g.of[key] = append(g.of[key], i)
}

// someRecipients names the first three of the recipients at indexes is,
// and counts the others.
func someRecipients(is []int, recipients []client.SMSRecipient) string {
	return textcheck.SomeOf(len(is), 3, recipientAt(is, recipients))
}

// recipientAt names the k-th of the recipients at indexes is, with its
// number: "recipients[4] (13800000001)".
func recipientAt(is []int, recipients []client.SMSRecipient) func(k int) string {
	return func(k int) string {
		if i := is[k]; i < len(recipients) {
			return fmt.Sprintf("recipients[%d] (%s)", i, recipients[i].Mobile)
		}
		return fmt.Sprintf("recipients[%d]", is[k])
	}
}
