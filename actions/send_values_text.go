package actions

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/textcheck"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// sendValue is a template value of a send as the configuration gives it:
// of says what it fills ("${name} for 13800000001", "value 2 for
// 13800000001"), p where it is written.
type sendValue struct {
	p  path.Path
	of string
	v  string
}

// mapValues are the known values of a map of template values (params,
// sms_params), of naming each by its variable and whose it is.
func mapValues(p path.Path, m types.Map, whose string) []sendValue {
	if m.IsNull() || m.IsUnknown() {
		return nil
	}
	var vs []sendValue
	for _, k := range slices.Sorted(maps.Keys(m.Elements())) {
		if s, ok := m.Elements()[k].(types.String); ok && !s.IsNull() && !s.IsUnknown() {
			vs = append(vs, sendValue{p: p.AtMapKey(k), of: "${" + k + "}" + whose, v: s.ValueString()})
		}
	}
	return vs
}

// listValues are the known values of a list of template values by
// position (sms_params_list), from the first position to the last.
func listValues(p path.Path, l types.List, whose string) []sendValue {
	if l.IsNull() || l.IsUnknown() {
		return nil
	}
	var vs []sendValue
	for j, e := range l.Elements() {
		if s, ok := e.(types.String); ok && !s.IsNull() && !s.IsUnknown() {
			vs = append(vs, sendValue{p: p.AtListIndex(j), of: fmt.Sprintf("value %d%s", j+1, whose), v: s.ValueString()})
		}
	}
	return vs
}

// refuseInvisibleEdges refuses template values that begin or end with an
// invisible character (textcheck.AtEdge: a zero-width space pasted with a
// name from a web page or a chat, a byte order mark that file() keeps from
// a file saved as "UTF-8 with BOM"): the platform sends a value as given,
// so it went out, unseen, in every message, counted in its length, where
// some phones show a box or a question mark. ccsync refuses the same in a
// recipients workbook (importer: ruleInvisibleInMessage). A value of such
// characters alone is blank, said by the rules of blank values. Values
// alike (a column pasted with the character) are said once, naming three
// and counting the rest; one is said at its own line. A value is quoted
// by the edge its character is at only (textcheck.EdgeShown): it may be a
// one-time code, or come from a sensitive variable.
func refuseInvisibleEdges(vs []sendValue, diags *diag.Diagnostics) {
	type found struct {
		sendValue
		what string
		r    rune
	}
	var fs []found
	for _, v := range vs {
		if textcheck.Blank(v.v) {
			continue
		}
		if what, r := textcheck.AtEdge(v.v); what != "" {
			fs = append(fs, found{v, what, r})
		}
	}
	const why = "the platform would send it as written, unseen, in the message, where it counts in the message's length and " +
		"some phones show it as a box or a question mark. Nothing is sent while a value holds one"
	refuseAlike(diags, "Invisible Character in Template Value", len(fs), func(k int) path.Path { return fs[k].p },
		func() string {
			f := fs[0]
			return fmt.Sprintf("%s, %s, holds %s (%s): %s. Remove it (%s).",
				tfkit.Sentence(f.of), textcheck.EdgeShown(f.v), f.what, invisibleSource(f.r, "it"), why, invisibleFix(f.r))
		},
		func(k int) string {
			f := fs[k]
			return fmt.Sprintf("%s, %s, holds %s (%s)", f.of, textcheck.EdgeShown(f.v), f.what, f.p)
		},
		func(named string) string {
			return fmt.Sprintf("%d values begin or end with an invisible character (pasted with them, from a web page or a chat?): %s. Each: %s. Remove them (%s).",
				len(fs), named, why, invisibleFix(fs[0].r))
		})
}

// invisibleFix says how to remove the invisible character r from a value
// or text that begins or ends with it (textcheck.AtEdge).
func invisibleFix(r rune) string {
	if r == '\ufeff' {
		return `for a value read with file(): trimprefix(file("…"), "\ufeff"), or save the file as UTF-8 without BOM; else replace(…, "\ufeff", "")`
	}
	return fmt.Sprintf(`replace(…, "\u%04x", ""), or type the value again`, r)
}

// invisibleSource guesses where the invisible character r at a value's or
// a text's edge came from, as the error asks it: a byte order mark is kept
// by file() (or csvdecode(file())) from a file saved as "UTF-8 with BOM",
// another is pasted with what (the value, the text).
func invisibleSource(r rune, what string) string {
	if r == '\ufeff' {
		return `kept by file() from a file saved as "UTF-8 with BOM"?`
	}
	return "pasted with " + what + ", from a web page or a chat?"
}

// whose names the recipient a value is given for: " for 13800000001",
// or by its place while its number is known only at invoke.
func whose(i int, mobile types.String) string {
	if mobile.IsNull() || mobile.IsUnknown() {
		return fmt.Sprintf(" for recipients[%d]", i)
	}
	return " for " + mobile.ValueString()
}

// smsSendValues are the values a contactcenter_sms_send sends: each
// recipient's own params, and the shared params that a recipient takes
// (a shared value every recipient gives its own of is not sent). While a
// recipient is known only at invoke, the shared values wait for it.
func smsSendValues(params types.Map, rs []smsRecipientModel) []sendValue {
	var vs []sendValue
	shared := true
	for i, r := range rs {
		if r.Params.IsUnknown() {
			shared = false
		}
		vs = append(vs, mapValues(path.Root("recipients").AtListIndex(i).AtName("params"), r.Params, whose(i, r.Mobile))...)
	}
	if !shared {
		return vs
	}
	var own []sendValue
	for _, v := range mapValues(path.Root("params"), params, " in params") {
		k := v.p.Steps()[1].(path.PathStepElementKeyString)
		if slices.ContainsFunc(rs, func(r smsRecipientModel) bool { _, ok := r.Params.Elements()[string(k)]; return !ok }) {
			own = append(own, v)
		}
	}
	return append(own, vs...)
}

// gatewaySendValues are the values a contactcenter_gateway_sms_send
// sends: the shared sms_params, the shared sms_params_list at the
// positions a recipient's own list leaves to it (all of them without
// recipients), and each recipient's own list. While a recipient is known
// only at invoke, the shared values wait for it.
func gatewaySendValues(m gatewaySMSSendModel, rs []gatewayRecipientModel) []sendValue {
	vs := mapValues(path.Root("sms_params"), m.SmsParams, " in sms_params")
	var own []sendValue
	shortest := -1 // positions of the shared list a recipient takes: all (-1) without recipients
	for i, r := range rs {
		if r.SmsParamsList.IsUnknown() {
			return append(vs, own...)
		}
		if n := len(r.SmsParamsList.Elements()); shortest < 0 || n < shortest {
			shortest = n
		}
		own = append(own, listValues(path.Root("recipients").AtListIndex(i).AtName("sms_params_list"), r.SmsParamsList, whose(i, r.Mobile))...)
	}
	for _, v := range listValues(path.Root("sms_params_list"), m.SmsParamsList, " in sms_params_list") {
		// The value's position in the list, not among the known values
		// listValues returns: a value after one known only at invoke
		// ([random_string.x.result, "\u200b5"]) was taken as the one before it.
		if j := int(v.p.Steps()[1].(path.PathStepElementKeyInt)); shortest < 0 || j >= shortest {
			vs = append(vs, v)
		}
	}
	return append(vs, own...)
}

// refuseBlankValues refuses a template value the gateway would send as
// nothing: white space or invisible characters alone (textcheck.Blank: a
// no-break space left in a cell, a zero-width space), or a shared value
// left empty that a number takes. The gateway sends a value as given, so
// the message went out with a blank where its variable stood;
// contactcenter_sms_send takes such a value as none and refuses the send.
// An empty value of a recipient's own list is refused by
// refuseEmptyValues, which says why the file cannot carry it.
func refuseBlankValues(vs []sendValue, diags *diag.Diagnostics) {
	var blank []sendValue
	for _, v := range vs {
		shared := v.p.Steps()[0] != path.PathStepAttributeName("recipients")
		if textcheck.Blank(v.v) || (shared && v.v == "") {
			blank = append(blank, v)
		}
	}
	const why = "the gateway would send the message with it, a blank, where the template's variable stands (a value of white space " +
		"or invisible characters alone is none). Give the value"
	refuseAlike(diags, "Blank Template Value", len(blank), func(k int) path.Path { return blank[k].p },
		func() string {
			return fmt.Sprintf("%s is %s: %s.", tfkit.Sentence(blank[0].of), blankly(blank[0].v), why)
		},
		func(k int) string { return fmt.Sprintf("%s is %s (%s)", blank[k].of, blankly(blank[k].v), blank[k].p) },
		func(named string) string {
			return fmt.Sprintf("%d values are blank: %s. Each: %s.", len(blank), named, why)
		})
}

// blankly says what a blank value holds: "empty", or the value quoted so
// that its characters show (textcheck.Shown).
func blankly(v string) string {
	if v == "" {
		return "empty"
	}
	return textcheck.Shown(v) + ", white space or invisible characters alone"
}

// smsTextInvisible refuses a free text that begins or ends with an
// invisible character (textcheck.AtEdge: a byte order mark that file()
// keeps from a file saved as "UTF-8 with BOM", a zero-width space pasted at
// the end), as the template values are (refuseInvisibleEdges), and warns of
// one within the text (tfkit.InvisibleInMessage: 张\u200b三, a line-break
// hint of a web page, may be meant). A warning is not shown at invoke
// (framework.Revalidate keeps errors only): a text known only then, from
// another resource, went out with the character without a word. A send is
// not a template an adopted configuration holds, so refusing costs no
// working configuration its plan. A text of such characters alone is
// blank, said by notBlank. The text is quoted by that edge only
// (textcheck.EdgeShown): a message may hold a one-time code, or come from
// a sensitive variable, which Terraform does not mask in the diagnostic.
type smsTextInvisible struct{ framework.Described }

var smsTextInvisibleRule = smsTextInvisible{"must not begin or end with an invisible character (a byte order mark, a zero-width space); should hold none"}

func (smsTextInvisible) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() || textcheck.Blank(req.ConfigValue.ValueString()) {
		return
	}
	s := req.ConfigValue.ValueString()
	// textcheck.AtEdge looks within the white space at the text's ends:
	// file() keeps a text file's final line break ("…shipped.\u200b\n").
	if what, r := textcheck.AtEdge(s); what != "" {
		resp.Diagnostics.AddAttributeError(req.Path, "Invisible Character in Message Text",
			fmt.Sprintf("%s, %s, holds %s (%s): the platform would send it as written, "+
				"unseen, in every message, where it counts in the message's length and some phones show it as a box or a question mark. "+
				"Nothing is sent while the text begins or ends with one. Remove it (%s).", req.Path, textcheck.EdgeShown(s), what, invisibleSource(r, "the text"), invisibleFix(r)))
		return
	}
	tfkit.InvisibleInMessage().ValidateString(ctx, req, resp)
}
