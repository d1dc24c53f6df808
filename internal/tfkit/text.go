package tfkit

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/textcheck"
)

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
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() || !textcheck.Blank(req.ConfigValue.ValueString()) {
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

// InvisibleInMessage warns about a message text holding one of the
// invisible characters a text carries by accident (textcheck.Invisible: a
// byte order mark that file() keeps, a zero-width space pasted with it):
// the platform takes it and sends it, unseen, in every message (counted in
// its length: sms_length counts it too), where it may show as a box or a
// question mark on some phones. The template texts and
// the gateway send's sms_text share it.
func InvisibleInMessage() validator.String { return invisibleInMessage{} }

type invisibleInMessage struct{}

func (invisibleInMessage) Description(context.Context) string {
	return "should not hold invisible characters (a byte order mark, a zero-width space)"
}

func (v invisibleInMessage) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (invisibleInMessage) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if detail := invisibleDetail(req.Path, req.ConfigValue.ValueString()); detail != "" {
		resp.Diagnostics.AddAttributeWarning(req.Path, "Invisible Character in Message Text", detail)
	}
}

func invisibleDetail(p path.Path, s string) string {
	var found []string
	for i, r := range s {
		what, ok := textcheck.Invisible(r)
		if !ok {
			continue
		}
		if r == '\ufeff' && i == 0 {
			what += " at its start, which file() keeps from a file saved as \"UTF-8 with BOM\""
		}
		if !slices.Contains(found, what) {
			found = append(found, what)
		}
	}
	if len(found) == 0 {
		return ""
	}
	list, it, itCounts := found[0], "it", "it counts"
	if n := len(found); n > 1 {
		list, it, itCounts = strings.Join(found[:n-1], ", ")+" and "+found[n-1], "them", "they count"
	}
	fix := "."
	switch i := strings.IndexRune(s, '\ufeff'); {
	case i == 0 && strings.Count(s, "\ufeff") == 1:
		fix = " (for a file read with file(): trimprefix(file(\"…\"), \"\\ufeff\"), or save the file as UTF-8 without BOM)."
	case i >= 0:
		// Not only at the start: a text joined from several files saved
		// with a BOM (join, a template string), which trimprefix of the
		// whole text leaves in.
		fix = " (for a text made of files read with file(): replace(…, \"\\ufeff\", \"\") of the whole text, or save the files as UTF-8 without BOM)."
	}
	return fmt.Sprintf("%s holds %s: the platform sends %s as written, unseen, in every message, "+
		"where %s in the message's length and some phones show %s as a box or a question mark. Remove %s%s",
		p, list, it, itCounts, it, it, fix)
}
