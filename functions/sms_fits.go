package functions

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/function"

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
			"signature is not counted). Use it in a `precondition` or a variable `validation` to stop a plan before a " +
			"send would fail. A variable without a value in `params` is an error. See spec §4.8, §7.4 and §8.",
		Parameters: smsParameters(),
		Return:     function.BoolReturn{},
	}
}

func (f *smsFitsFunction) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	n, ferr := filledLength(ctx, req)
	if ferr != nil {
		resp.Error = ferr
		return
	}
	resp.Error = resp.Result.Set(ctx, n <= client.GatewayMaxContent)
}
