package functions

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

var _ function.Function = (*smsFitsFunction)(nil)

// NewSMSFitsFunction returns sms_fits(text, params).
func NewSMSFitsFunction() function.Function { return &smsFitsFunction{} }

type smsFitsFunction struct{}

func (f *smsFitsFunction) Metadata(_ context.Context, _ function.MetadataRequest, resp *function.MetadataResponse) {
	resp.Name = "sms_fits"
}

func (f *smsFitsFunction) Definition(_ context.Context, _ function.DefinitionRequest, resp *function.DefinitionResponse) {
	resp.Definition = function.Definition{
		Summary: "Whether an SMS text fits the gateway's 400-character limit once filled",
		MarkdownDescription: "Returns `true` when the SMS text, after each `${name}` variable is replaced by its value in " +
			"`params`, is at most 400 characters long: the most the SMS gateway sends in one message (longer content is " +
			"refused with code 1014). Characters are counted as `sms_length` counts them (code points, not bytes; the " +
			"signature is not counted). The text itself, before its variables are filled, must be at most 400 characters too: " +
			"the gateway refuses a longer template text (add_template answers 1014, and `contactcenter_gateway_sms_template` " +
			"refuses its `tpl_text` at plan), even when its values are shorter than their `${name}`. " +
			"An empty message is `false`: an empty text (`sms_fits(\"\", {})`), or a text of variables alone whose values are all empty, which no send takes. " +
			"Use it in a `precondition` or a variable `validation` to stop a plan before a " +
			"send would fail. A variable without a value in `params` is an error. See spec §4.8, §7.4 and §8.",
		Parameters: smsParameters(),
		Return:     function.BoolReturn{},
	}
}

func (f *smsFitsFunction) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	n, own, known, ferr := filledLength(ctx, req)
	if ferr != nil {
		resp.Error = ferr
		return
	}
	// Both the filled text and the text as written: a template text over
	// the limit fits no message, whatever its values, since the gateway
	// refuses it on add_template (1014, spec §7.4, §8) and
	// contactcenter_gateway_sms_template refuses such a tpl_text at plan
	// (the same client.GatewayMaxContent). Counted filled only, a text of
	// 402 characters with ${customer_full_name} filled by "Li" fitted.
	// Values known only at apply count as empty (n is the least the text
	// can be): too long already is false at plan, else unknown.
	//
	// An empty message fits nothing: the gateway send's sms_text and
	// contactcenter_gateway_sms_template's tpl_text are refused empty
	// (1 to 400 characters), and a value left empty is refused by the send
	// actions; sms_fits("", {}) said true of a text every send refuses.
	// A message empty but for values known only at apply may not be.
	switch fits := n <= client.GatewayMaxContent && own <= client.GatewayMaxContent && own > 0; {
	case fits && !known:
		resp.Error = resp.Result.Set(ctx, types.BoolUnknown())
	default:
		resp.Error = resp.Result.Set(ctx, fits && n > 0)
	}
}
