package actions

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// missingValues refuses a send that leaves a variable of the template
// (text, read at plan or at invoke) without a value: sms_params without one
// of its names, sms_params_list or a recipient's line with fewer values than
// it has variables, or no values at all. The gateway refuses such a send
// whole with 1015, "template parameter abnormal" (spec §7.4), which names
// neither the variable nor the number; it was sent, after the apply had
// changed the resources whose action_trigger runs it. A value known only
// later counts as given; values for names the template does not use, or
// more values than variables, are left to the gateway.
func missingValues(text, tplID string, m gatewaySMSSendModel, rs []gatewayRecipientModel, diags *diag.Diagnostics) {
	vars, err := client.TemplateVariables(text)
	if err != nil || len(vars) == 0 {
		return
	}
	order := "${" + strings.Join(vars, "}, ${") + "}"
	why := fmt.Sprintf("the gateway fills every variable of template %s (%s, in this order) and refuses a send that leaves one without a value "+
		"(code 1015, \"template parameter abnormal\"), so nothing would be sent.", tplID, order)
	switch {
	case !m.Recipients.IsNull():
		if m.SmsParamsList.IsUnknown() {
			return
		}
		shared := len(m.SmsParamsList.Elements())
		var short []int
		for i, r := range rs {
			if r.SmsParamsList.IsUnknown() {
				continue
			}
			if n := max(shared, len(r.SmsParamsList.Elements())); n < len(vars) {
				short = append(short, i)
			}
		}
		count := func(i int) int { return max(shared, len(rs[i].SmsParamsList.Elements())) }
		refuseAlike(diags, "Missing Template Values", len(short),
			func(k int) path.Path { return path.Root("recipients").AtListIndex(short[k]).AtName("sms_params_list") },
			func() string {
				i := short[0]
				return fmt.Sprintf("The line for %s has %s (recipients[%d].sms_params_list over sms_params_list), and template %s has %d variables: %s",
					rs[i].Mobile.ValueString(), plural(count(i), "value", "values"), i, tplID, len(vars), why)
			},
			func(k int) string {
				return fmt.Sprintf("%s (%s)", rs[short[k]].Mobile.ValueString(), plural(count(short[k]), "value", "values"))
			},
			func(named string) string {
				return fmt.Sprintf("%d recipients have fewer values than template %s has variables (%d): %s. Each: %s", len(short), tplID, len(vars), named, why)
			})
	case !m.SmsParams.IsNull():
		if m.SmsParams.IsUnknown() {
			return
		}
		given := m.SmsParams.Elements()
		var missing, unused []string
		for _, v := range vars {
			if e, ok := given[v]; !ok || e.IsNull() {
				missing = append(missing, "${"+v+"}")
			}
		}
		if len(missing) == 0 {
			return
		}
		for k := range given {
			if !slices.Contains(vars, k) {
				unused = append(unused, k)
			}
		}
		sort.Strings(unused)
		detail := fmt.Sprintf("sms_params has no value for %s: %s", strings.Join(missing, ", "), why)
		if len(unused) > 0 {
			detail += fmt.Sprintf(" sms_params names %s, which the template does not use (a misspelt name?).", strings.Join(unused, ", "))
		}
		diags.AddAttributeError(path.Root("sms_params"), "Missing Template Values", detail)
	case !m.SmsParamsList.IsNull():
		if m.SmsParamsList.IsUnknown() {
			return
		}
		if n := len(m.SmsParamsList.Elements()); n < len(vars) {
			diags.AddAttributeError(path.Root("sms_params_list"), "Missing Template Values",
				fmt.Sprintf("sms_params_list has %s, and template %s has %d variables: %s", plural(n, "value", "values"), tplID, len(vars), why))
		}
	default:
		diags.AddAttributeError(path.Root("tpl_id"), "Missing Template Values",
			fmt.Sprintf("Neither sms_params nor sms_params_list is set, so no values are sent: %s", why))
	}
}
