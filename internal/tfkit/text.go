package tfkit

import (
	"context"
	"fmt"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// notBlankRE matches text with a character that is not white space.
var notBlankRE = regexp.MustCompile(NonSpace)

// Blank reports whether s is text of white space only (not empty).
func Blank(s string) bool { return s != "" && !notBlankRE.MatchString(s) }

// NotBlank refuses text of white space only, which the service takes as
// given or refuses as empty only at apply (gateway code 1020, sms/template
// code 400); why, when not "", says what it would do with it. An empty
// text is left to the length rule beside it, which says so once. The
// resources' and the actions' texts share it.
func NotBlank(why string) validator.String { return notBlank{why} }

type notBlank struct{ why string }

func (v notBlank) Description(context.Context) string {
	return "must hold more than white space"
}

func (v notBlank) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v notBlank) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() || !Blank(req.ConfigValue.ValueString()) {
		return
	}
	rule := v.Description(ctx)
	if v.why != "" {
		rule += " (" + v.why + ")"
	}
	// Quoted: "got:" and white space showed nothing.
	resp.Diagnostics.AddAttributeError(req.Path, "Invalid Attribute Value Match",
		fmt.Sprintf("Attribute %s %s, got %q", req.Path, rule, req.ConfigValue.ValueString()))
}

// Matching is stringvalidator.RegexMatches with the value quoted: its
// "got: 13800138000 " showed nothing of a space at either end, or of one
// after a comma, which is how a value read from a CSV file (csvdecode) or
// typed in a spreadsheet most often breaks the rule. The resources' and
// the actions' patterns share it.
func Matching(re *regexp.Regexp, desc string) validator.String { return matching{re, desc} }

type matching struct {
	re   *regexp.Regexp
	desc string
}

func (v matching) Description(context.Context) string             { return v.desc }
func (v matching) MarkdownDescription(ctx context.Context) string { return v.desc }

func (v matching) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() || v.re.MatchString(req.ConfigValue.ValueString()) {
		return
	}
	resp.Diagnostics.AddAttributeError(req.Path, "Invalid Attribute Value Match",
		fmt.Sprintf("Attribute %s %s, got %q", req.Path, v.desc, req.ConfigValue.ValueString()))
}
