package functions

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

var _ function.Function = (*templateParamsFunction)(nil)

// NewTemplateParamsFunction returns template_params(text).
func NewTemplateParamsFunction() function.Function { return &templateParamsFunction{} }

type templateParamsFunction struct{}

func (f *templateParamsFunction) Metadata(_ context.Context, _ function.MetadataRequest, resp *function.MetadataResponse) {
	resp.Name = "template_params"
}

func (f *templateParamsFunction) Definition(_ context.Context, _ function.DefinitionRequest, resp *function.DefinitionResponse) {
	resp.Definition = function.Definition{
		Summary: "The variables of an SMS template text",
		MarkdownDescription: "Returns the names of the `${name}` variables of an SMS template text, as the platform reads them: " +
			"each distinct name once, in order of first use. This is the list a template reports as `tpl_param`, " +
			"and the order in which a batch send takes each number's values, so it is known at plan time " +
			"before the template exists. A `${` without a closing `}`, an empty name (`${}`), a name with white space (`${ name }`) " +
			"or a name with a `{` (`${a{b}`, which a gateway template reads as the variable `a{b` and `contactcenter_sms_template` refuses) is an error.\n\n" +
			"In HCL, write a literal `${` as `$${` (`\"Dear $${name}\"`), or read the text with `file()`. " +
			"The result is a list, and Terraform compares a list with a bracketed `[...]` (a tuple) as unequal whatever they hold: " +
			"`template_params(t) == [\"name\"]` is always `false`. Compare it with `tolist([\"name\"])` or a `list(string)` variable, " +
			"or, when the order does not matter, compare `toset(template_params(t)) == toset([\"name\"])`. " +
			"See spec §2.4 and §4.8.",
		Parameters: []function.Parameter{
			function.StringParameter{
				Name:                "text",
				MarkdownDescription: "The template text, for example `Dear ${name}, your parcel ${parcel} ships today.`",
			},
		},
		Return: function.ListReturn{ElementType: types.StringType},
	}
}

func (f *templateParamsFunction) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	var text string
	if resp.Error = req.Arguments.Get(ctx, &text); resp.Error != nil {
		return
	}
	vars, err := templateVariables(text)
	if err != nil {
		// Terraform puts "Invalid value for "text" parameter:" before it:
		// "Invalid template text" said Invalid twice.
		resp.Error = function.NewArgumentFuncError(0, "Cannot list the template's variables: "+err.Error())
		return
	}
	if vars == nil {
		vars = []string{}
	}
	resp.Error = resp.Result.Set(ctx, vars)
}
