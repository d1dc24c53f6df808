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
