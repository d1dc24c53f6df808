package functions

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

var _ function.Function = (*smsLengthFunction)(nil)

// NewSMSLengthFunction returns sms_length(text, params).
func NewSMSLengthFunction() function.Function { return &smsLengthFunction{} }

type smsLengthFunction struct{}

func (f *smsLengthFunction) Metadata(_ context.Context, _ function.MetadataRequest, resp *function.MetadataResponse) {
	resp.Name = "sms_length"
}

func (f *smsLengthFunction) Definition(_ context.Context, _ function.DefinitionRequest, resp *function.DefinitionResponse) {
	resp.Definition = function.Definition{
		Summary: "The length of an SMS text once its variables are filled",
		MarkdownDescription: "Returns the number of characters of an SMS text after each `${name}` variable is replaced by " +
			"its value in `params`, counted as the SMS gateway counts them: characters (Unicode code points), not bytes, " +
			"so `é` and `中` count one each. The signature the gateway puts in front of the message (`【Acme】`) is not " +
			"counted: the gateway's 400-character limit applies to the content. Compare with `sms_fits` for a yes/no answer. " +
			"Terraform's own `length()` counts what a reader sees as one character (`length(\"👨‍👩‍👧家\")` is 2, `sms_length` of it 6), " +
			"so it is not the gateway's count: use `sms_length` or `sms_fits` in a `validation` block. " +
			"A variable without a value in `params` is an error; names in `params` that the text does not use are ignored " +
			"(the gateway's `send_single` refuses them, so send only the template's variables). See spec §4.8 and §8.",
		Parameters: smsParameters(),
		Return:     function.Int64Return{},
	}
}

func (f *smsLengthFunction) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	n, _, known, ferr := filledLength(ctx, req)
	if ferr != nil {
		resp.Error = ferr
		return
	}
	if !known {
		resp.Error = resp.Result.Set(ctx, types.Int64Unknown())
		return
	}
	resp.Error = resp.Result.Set(ctx, int64(n))
}

// smsParameters are the parameters of sms_length and sms_fits.
func smsParameters() []function.Parameter {
	return []function.Parameter{
		function.StringParameter{
			Name:                "text",
			MarkdownDescription: "The SMS text or template text, with variables written `${name}`.",
		},
		function.MapParameter{
			Name:        "params",
			ElementType: types.StringType,
			// Values known only at apply (a resource's id) still let the
			// text and the names be checked at plan (filledLength).
			AllowUnknownValues:  true,
			MarkdownDescription: "The value of each variable, by name (`{ name = \"Ada\" }`); `{}` for a text without variables.",
		},
	}
}

// filledLength reads (text, params) and returns the length of the filled
// text in characters and the text's own. A malformed text is an error of
// argument 0 (text); a variable of the text without a value, or with a null
// one, is an error of argument 1 (params). Neither repeats a value of
// params: a function is not told that its arguments are sensitive.
//
// A value known only at apply (a resource's id) is counted as empty and
// known is false: n is then the least the filled text can be, and the
// text and the names of params are checked at plan all the same (without
// it, Terraform skipped the call, and a variable missing from params was
// said only at apply). A params unknown as a whole leaves only the text to
// check.
func filledLength(ctx context.Context, req function.RunRequest) (n, own int, known bool, ferr *function.FuncError) {
	var text string
	var values types.Map
	if ferr := req.Arguments.Get(ctx, &text, &values); ferr != nil {
		return 0, 0, false, ferr
	}
	vars, err := templateVariables(text)
	if err != nil {
		return 0, 0, false, function.NewArgumentFuncError(0, "Cannot fill the SMS text: "+err.Error())
	}
	own = utf8.RuneCountInString(text)
	params := make(map[string]string, len(vars))
	known = !values.IsUnknown()
	var missing, null []string
	for _, v := range vars {
		val, ok := values.Elements()[v].(types.String)
		switch {
		case values.IsUnknown():
			params[v] = ""
		case !ok:
			missing = append(missing, v)
		case val.IsNull():
			null = append(null, v)
		case val.IsUnknown():
			params[v], known = "", false
		default:
			params[v] = val.ValueString()
		}
	}
	if len(missing) > 0 || len(null) > 0 {
		var problems []string
		if len(missing) > 0 {
			problems = append(problems, "has no value for "+quoteAll(missing))
		}
		if len(null) > 0 {
			problems = append(problems, "holds null for "+quoteAll(null))
		}
		msg := "Cannot fill the SMS text: params " + strings.Join(problems, " and ") +
			" (the text's variables are " + quoteAll(vars) + ")"
		if len(null) > 0 {
			msg += ": give each variable a string value"
		}
		return 0, 0, false, function.NewArgumentFuncError(1, msg)
	}
	filled, err := fill(text, params)
	if err != nil { // not reached: the variables were checked above
		return 0, 0, false, function.NewFuncError("Cannot fill the SMS text: " + err.Error())
	}
	return utf8.RuneCountInString(filled), own, known, nil
}
