package actions

import (
	"context"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/textcheck"
)

// A template send whose message is over the gateway's 400 characters once
// filled (client.GatewayMaxContent, counted as sms_length counts: code
// points of the filled text, the signature not counted) is refused by the
// gateway with 1014 (spec §4.8, §8), at invoke: after the apply had changed
// the resources whose action_trigger runs it. sms_text is held to the same
// limit by its own validator; a template's text is known at plan only by
// reading it (tpl_id known, credentials set), so this check is made at plan
// when tpl_id and the values are known then, and again at invoke, before
// anything is sent (templateRefusesAtInvoke).

// filledMessage is the message one number (or every number of mobiles)
// would get: its length, whether values known only at apply were counted as
// empty (least: n is the least it can be), and its longest value.
type filledMessage struct {
	p       path.Path // where its values are written
	to      string    // "13800138000", "recipients[2]", or "every number"
	n       int
	least   bool
	longest string // "${name}" of its longest value
	longN   int
}

// tooLongMessages refuses the messages of m that text (the template's, read
// at plan) filled with their values is over the gateway's limit. Values
// known only at apply count as empty, so a message is refused only when it
// is too long whatever they turn out to be. Values the gateway would refuse
// otherwise (a missing variable, a list of another length: 1015) are left
// to it.
func tooLongMessages(text, tplID string, m gatewaySMSSendModel, rs []gatewayRecipientModel, diags *diag.Diagnostics) {
	vars, err := client.TemplateVariables(text)
	if err != nil {
		return
	}
	var msgs []filledMessage
	switch {
	case !m.Recipients.IsNull():
		if m.SmsParamsList.IsUnknown() {
			return
		}
		for i, r := range rs {
			if r.SmsParamsList.IsUnknown() {
				continue
			}
			// A recipient's values override the shared list position by
			// position (send_file).
			values := append([]types.String(nil), stringElems(m.SmsParamsList)...)
			for j, v := range stringElems(r.SmsParamsList) {
				if j < len(values) {
					values[j] = v
				} else {
					values = append(values, v)
				}
			}
			to := whose(i, r.Mobile)[len(" for "):]
			if f, ok := fillByPosition(text, vars, values); ok {
				f.p, f.to = path.Root("recipients").AtListIndex(i).AtName("sms_params_list"), to
				msgs = append(msgs, f)
			}
		}
	case !m.SmsParams.IsNull():
		if m.SmsParams.IsUnknown() {
			return
		}
		values := map[string]types.String{}
		for k, v := range m.SmsParams.Elements() {
			if s, ok := v.(types.String); ok {
				values[k] = s
			}
		}
		if f, ok := fillNamed(text, vars, values); ok {
			f.p, f.to = path.Root("sms_params"), "every number"
			msgs = append(msgs, f)
		}
	case !m.SmsParamsList.IsNull():
		if m.SmsParamsList.IsUnknown() {
			return
		}
		if f, ok := fillByPosition(text, vars, stringElems(m.SmsParamsList)); ok {
			f.p, f.to = path.Root("sms_params_list"), "every number"
			msgs = append(msgs, f)
		}
	default:
		if f, ok := fillNamed(text, vars, nil); ok {
			f.p, f.to = path.Root("tpl_id"), "every number"
			msgs = append(msgs, f)
		}
	}
	var over []filledMessage
	for _, f := range msgs {
		if f.n > client.GatewayMaxContent {
			over = append(over, f)
		}
	}
	why := fmt.Sprintf("the gateway sends at most %d characters in a message (counted as provider::contactcenter::sms_length counts them: "+
		"characters, not bytes, the signature not counted) and refuses a longer one with code 1014, so nothing would be sent. "+
		"Shorten the value or the template (provider::contactcenter::sms_fits(text, params) checks a message in a precondition).", client.GatewayMaxContent)
	switch len(over) {
	case 0:
		return
	case 1:
		f := over[0]
		diags.AddAttributeError(f.p, "SMS Message Too Long",
			fmt.Sprintf("The message for %s is %s once template %s is filled%s: %s", f.to, f.length(), tplID, f.longestShown(), why))
	default:
		named := textcheck.SomeOf(len(over), 3, func(k int) string {
			f := over[k]
			if f.longest == "" {
				return fmt.Sprintf("%s (%s)", f.to, f.length())
			}
			return fmt.Sprintf("%s (%s; %s)", f.to, f.length(), f.longestValue())
		})
		diags.AddAttributeError(path.Root("recipients"), "SMS Message Too Long",
			fmt.Sprintf("%d messages are over the limit once template %s is filled: %s. Each: %s", len(over), tplID, named, why))
	}
}

func (f filledMessage) length() string {
	if f.least {
		return fmt.Sprintf("at least %d characters (values known only at apply counted as empty)", f.n)
	}
	return fmt.Sprintf("%d characters", f.n)
}

// longestValue names the longest value by its variable and length, not by
// what it holds: a value may be a one-time code, or come from a sensitive
// variable.
func (f filledMessage) longestValue() string {
	return fmt.Sprintf("its longest value, %s, is %d characters", f.longest, f.longN)
}

// longestShown is longestValue in brackets, after the length ("" when the
// message has no known value).
func (f filledMessage) longestShown() string {
	if f.longest == "" {
		return ""
	}
	return " (" + f.longestValue() + ")"
}

// stringElems are the elements of a list of strings (nil for a null list).
func stringElems(l types.List) []types.String {
	var out []types.String
	for _, e := range l.Elements() {
		s, _ := e.(types.String)
		out = append(out, s)
	}
	return out
}

// fillByPosition fills text with values by position, in the order of the
// template's variables, as the gateway reads smsParams as an array; a list
// of another length is the gateway's 1015, not checked here.
func fillByPosition(text string, vars []string, values []types.String) (filledMessage, bool) {
	if len(values) != len(vars) {
		return filledMessage{}, false
	}
	byName := make(map[string]types.String, len(vars))
	for i, v := range vars {
		byName[v] = values[i]
	}
	return fillNamed(text, vars, byName)
}

// fillNamed fills text with values by name; false when a variable has no value
// or a null one (the gateway's 1015, said by it).
func fillNamed(text string, vars []string, values map[string]types.String) (filledMessage, bool) {
	var f filledMessage
	known := make(map[string]string, len(vars))
	for _, name := range vars {
		v, ok := values[name]
		switch {
		case !ok || v.IsNull():
			return filledMessage{}, false
		case v.IsUnknown():
			known[name], f.least = "", true
		default:
			known[name] = v.ValueString()
			if n := utf8.RuneCountInString(known[name]); f.longest == "" || n > f.longN {
				f.longest, f.longN = "${"+name+"}", n
			}
		}
	}
	f.n = utf8.RuneCountInString(client.FillTemplate(text, known))
	return f, true
}

// planTemplate reads the template tplID names at plan: nil, and no error,
// when the id is not known yet or the gateway's credentials are not set;
// nil and the error when the read fails (the invoke says why).
func (a *gatewaySMSSendAction) planTemplate(ctx context.Context, tplID types.String) (*client.GatewayTemplate, error) {
	if a.Client == nil || a.Client.Gateway.CheckCredentials() != nil || tplID.IsNull() || tplID.IsUnknown() {
		return nil, nil
	}
	id, err := strconv.ParseInt(tplID.ValueString(), 10, 64)
	if err != nil {
		return nil, nil
	}
	return a.Client.Gateway.GetTemplate(ctx, id)
}

// needsValues is false for a template read to have no variables, which
// needs no values (one read of it, made only for recipients without any;
// a text that could not be read, "", leaves the warning to say).
func needsValues(text string) bool {
	if text == "" {
		return true
	}
	vars, err := client.TemplateVariables(text)
	return err != nil || len(vars) > 0
}

// templateRefusesAtInvoke refuses, before anything is sent, the messages of m that
// tpl (the template read at invoke) makes over the gateway's limit or
// leaves a variable of without a value (missingValues), and reports
// whether it did. The plan checks them only when tpl_id and the values are
// known then: a tpl_id from a gateway template created in the same apply,
// or values from another resource, went out unchecked, and the gateway
// refused the whole send with 1014 or 1015 (spec §7.4, §8) naming neither
// the number nor the value. Every value is known at invoke.
func templateRefusesAtInvoke(ctx context.Context, name string, tpl *client.GatewayTemplate, m *gatewaySMSSendModel, diags *diag.Diagnostics) bool {
	if tpl == nil || tpl.TplText == "" {
		return false
	}
	var rs []gatewayRecipientModel
	if !m.Recipients.IsNull() && m.Recipients.ElementsAs(ctx, &rs, false).HasError() {
		return false
	}
	var found diag.Diagnostics
	tooLongMessages(string(tpl.TplText), m.TplID.ValueString(), *m, rs, &found)
	missingValues(string(tpl.TplText), m.TplID.ValueString(), *m, rs, &found)
	if !found.HasError() {
		return false
	}
	for _, d := range found {
		detail := d.Detail() + " No number was sent. " + rerunHint(name)
		if pd, ok := d.(diag.DiagnosticWithPath); ok {
			diags.AddAttributeError(pd.Path(), d.Summary(), detail)
		} else {
			diags.AddError(d.Summary(), detail)
		}
	}
	return true
}
