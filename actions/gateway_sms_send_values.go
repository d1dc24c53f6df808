package actions

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// withoutValues warns when recipients are given and none of them, nor
// sms_params_list, holds a value: the values were most likely written
// under another name (sms_params, or params as contactcenter_sms_send
// takes them), which Terraform drops from an object without a word when
// it converts it to the recipients' type, so the plan showed only the
// numbers, and the gateway refused the file at apply (code 1015) or sent
// a template without variables to the numbers as they were.
func withoutValues(rs []gatewayRecipientModel, shared types.List, diags *diag.Diagnostics) {
	if len(rs) == 0 || !shared.IsNull() {
		return
	}
	for _, r := range rs {
		if !r.SmsParamsList.IsNull() {
			return
		}
	}
	diags.AddAttributeWarning(path.Root("recipients"), "Recipients Without Values",
		fmt.Sprintf("None of the %d recipients has sms_params_list, and sms_params_list is not set: every number is sent without template values. "+
			"A recipient's values are its sms_params_list, by position in the order of the template's variables "+
			"(contactcenter_gateway_sms_template.x.variables), e.g. sms_params_list = [for v in contactcenter_gateway_sms_template.x.variables : r.params[v]]. "+
			"Terraform drops an attribute a recipient does not have (sms_params, params) without a word, so values written under another name are not sent. "+
			"For a template without variables, list the numbers in mobiles.", len(rs)))
}

// notBlank refuses text of white space only (an empty text is left to the
// length rule beside it). The gateway takes smsText and signText as given
// (§4.8 requires them, not what they hold): sms_text = "\n" (a message file
// left empty) went out to every number, billed, and a blank sign_text
// failed only at send with 1018 "signature does not exist".
func notBlank(why string) validator.String { return tfkit.NotBlank(why) }

// refuseEmptyValues refuses an empty value in a recipient's
// sms_params_list: recipients are sent in one file (send_file, §4.8) that
// cannot carry one. Several are said once: an empty column of the list the
// recipients are read from (csvdecode) made one error a recipient,
// hundreds alike.
func refuseEmptyValues(rs []gatewayRecipientModel, diags *diag.Diagnostics) {
	type empty struct{ i, j int }
	var empties []empty
	for i, r := range rs {
		if r.SmsParamsList.IsNull() || r.SmsParamsList.IsUnknown() {
			continue
		}
		for j, v := range r.SmsParamsList.Elements() {
			if s, ok := v.(types.String); ok && !s.IsNull() && !s.IsUnknown() && s.ValueString() == "" {
				empties = append(empties, empty{i, j})
			}
		}
	}
	const why = "recipients are sent in one file, a line a number with its values separated by spaces, " +
		"which cannot carry an empty value: the values after it would fill the wrong variables. Give a value (repeat the shared " +
		"sms_params_list value to keep it), or leave the list shorter: a shorter list keeps the shared values for the positions it leaves out."
	refuseAlike(diags, "Empty Template Value", len(empties),
		func(k int) path.Path {
			return path.Root("recipients").AtListIndex(empties[k].i).AtName("sms_params_list").AtListIndex(empties[k].j)
		},
		func() string {
			return fmt.Sprintf("Value %d for %s is empty. %s", empties[0].j+1, rs[empties[0].i].Mobile.ValueString(), why)
		},
		func(k int) string {
			e := empties[k]
			return fmt.Sprintf("value %d for %s (recipients[%d].sms_params_list[%d])", e.j+1, rs[e.i].Mobile.ValueString(), e.i, e.j)
		},
		func(named string) string { return fmt.Sprintf("%d values are empty: %s. %s", len(empties), named, why) })
}
