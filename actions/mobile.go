package actions

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/textcheck"
)

// The send actions' checks of a recipient's number: the gateway's mainland
// mobile (mobileValidator) and the SMS service's phone number
// (phoneValidator), which name what mobile_normalize would.

// mobileValidator checks one mobile number as the gateway does (1012).
// A +86 or 86 prefix is accepted: spec §4.8 accepts +86 only on
// send_single's mobile, but every request carries the national form (send),
// so the gateway never sees the prefix.
type mobileValidator struct{ framework.Described }

var mobileRule = mobileValidator{"must be a mobile number: 11 digits starting with 1 and a second digit from 3 to 9, optionally prefixed +86 or 86"}

func (mobileValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if s := req.ConfigValue.ValueString(); !client.ValidMobile(s) {
		detail := fmt.Sprintf("%s: %q is not a mobile number: the gateway takes 11 digits starting with 1 (second digit 3-9), optionally prefixed +86 or 86, and answers code 1012 otherwise.", req.Path, s)
		detail += normalizeHint(s) + lookalikeInMobile(s)
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Mobile Number", detail)
	}
}

// normalizeHint points to mobile_normalize for a number it makes valid, s
// written with separators (spaces, dashes, dots, brackets) or a 0086
// prefix ("" for any other): only where it helps, since mobile_normalize
// makes no other number valid.
func normalizeHint(s string) string {
	if !client.ValidMobile(client.CompactMobile(s)) {
		return ""
	}
	return " A number written with spaces, dashes, dots or brackets (+86 (138) 0013-8000) or with a 0086 prefix can be passed through provider::contactcenter::mobile_normalize, which takes them out."
}

// lookalikeInMobile names a character of s that only looks like one a
// number holds, as mobile_normalize and the agent's user_sms_phone name it
// ("" when there is none): "１３８００１３８０００" was refused as "not a
// mobile number: the gateway takes 11 digits starting with 1", which it
// seems to be. An invisible one shows already, escaped in the quoted value.
func lookalikeInMobile(s string) string {
	for _, r := range s {
		switch kind, what := client.Lookalike(r); kind {
		case client.FullWidthDigit, client.FullWidthSign:
			return " It holds " + what + ", as an input method types them: type the number with ASCII digits 0-9."
		case client.InvisibleCharacter:
			return " It holds " + what + " (pasted with the number?): type the number again."
		}
	}
	return ""
}

// phoneValidator checks a recipient's number against mobileRE, as
// tfkit.Matching does, and names what mobile_normalize would: a number it
// makes valid (separators, a 0086 prefix), a full-width or invisible character
// ("１３８００１３８０００" was refused as not "5 to 20 digits", which it
// looks to be), as contactcenter_gateway_sms_send does.
type phoneValidator struct{}

const phoneRule = "must be a phone number: 5 to 20 digits, optionally after a leading +"

func (phoneValidator) Description(context.Context) string { return phoneRule }

func (v phoneValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (phoneValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() || mobileRE.MatchString(req.ConfigValue.ValueString()) {
		return
	}
	s := req.ConfigValue.ValueString()
	resp.Diagnostics.AddAttributeError(req.Path, "Invalid Attribute Value Match",
		fmt.Sprintf("Attribute %s %s, got %q.", req.Path, phoneRule, s)+normalizeHint(s)+lookalikeInMobile(s))
}

// mobilesValidator checks every number of a list at once, with
// mobileValidator: the numbers themselves (mobiles) or the attribute
// nested of each element (recipients[*].mobile). One bad number is said at
// its place, as mobileValidator says it; several are said in one error at
// the list, naming three: a column of a customer file written
// "+86 138-0000-0000" gave one error a number (1,000 numbers, 13,000 lines of
// output, each with the same source lines), as the empty values did before
// refuseAlike.
type mobilesValidator struct{ nested string }

func (v mobilesValidator) Description(ctx context.Context) string {
	return "every number " + mobileRule.Description(ctx)
}

func (v mobilesValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v mobilesValidator) ValidateList(ctx context.Context, req validator.ListRequest, resp *validator.ListResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	type bad struct {
		at path.Path
		s  string
		d  diag.Diagnostic
	}
	var bads []bad
	for i, e := range req.ConfigValue.Elements() {
		at := req.Path.AtListIndex(i)
		if v.nested != "" {
			o, ok := e.(types.Object)
			if !ok || o.IsNull() || o.IsUnknown() {
				continue
			}
			e, at = o.Attributes()[v.nested], at.AtName(v.nested)
		}
		s, ok := e.(types.String)
		if !ok {
			continue
		}
		var one validator.StringResponse
		mobileRule.ValidateString(ctx, validator.StringRequest{Path: at, ConfigValue: s}, &one)
		if one.Diagnostics.HasError() {
			bads = append(bads, bad{at, s.ValueString(), one.Diagnostics.Errors()[0]})
		}
	}
	switch len(bads) {
	case 0:
		return
	case 1:
		resp.Diagnostics.Append(bads[0].d)
		return
	}
	named := textcheck.SomeOf(len(bads), 3, func(k int) string { return fmt.Sprintf("%s %q", bads[k].at, bads[k].s) })
	detail := fmt.Sprintf("%d numbers are not mobile numbers: %s. The gateway takes 11 digits starting with 1 (second digit 3-9), optionally prefixed +86 or 86, and answers code 1012 otherwise.", len(bads), named)
	fixable, hints := 0, map[string]bool{}
	var extra []string
	for _, b := range bads {
		if normalizeHint(b.s) != "" {
			fixable++
		}
		if h := lookalikeInMobile(b.s); h != "" && !hints[h] && len(extra) < 2 {
			hints[h] = true
			extra = append(extra, fmt.Sprintf("%s:%s", b.at, h))
		}
	}
	switch {
	case fixable == len(bads):
		detail += " They are written with spaces, dashes, dots or brackets (+86 (138) 0013-8000) or with a 0086 prefix: pass them through provider::contactcenter::mobile_normalize, which takes them out."
	case fixable > 0:
		detail += fmt.Sprintf(" %s written with spaces, dashes, dots or brackets or with a 0086 prefix, which provider::contactcenter::mobile_normalize takes out.",
			plural(fixable, "of them is", "of them are"))
	}
	for _, h := range extra {
		detail += " " + h
	}
	resp.Diagnostics.AddAttributeError(req.Path, "Invalid Mobile Number", detail)
}

// mobileDuplicates collects the numbers listed twice (+86/86 prefixes name
// the same number): the gateway would send, and bill, such a number twice.
// Several are one error at the list (refuseAlike): a customer file appended
// to itself gave one error a number.
type mobileDuplicates struct {
	seen map[string]string // number → where it was first listed, "mobiles[0]"
	dups []mobileDuplicate
}

type mobileDuplicate struct {
	p               path.Path
	s, first, again string
}

func (d *mobileDuplicates) add(list string, i int, p path.Path, s types.String) {
	if s.IsNull() || s.IsUnknown() {
		return
	}
	num := client.NationalMobile(s.ValueString())
	at := fmt.Sprintf("%s[%d]", list, i)
	if first, dup := d.seen[num]; dup {
		d.dups = append(d.dups, mobileDuplicate{p, s.ValueString(), first, at})
		return
	}
	d.seen[num] = at
}

func (d *mobileDuplicates) refuse(diags *diag.Diagnostics) {
	const why = "each number may appear once, or it gets (and is billed for) the message twice."
	refuseAlike(diags, "Duplicate Mobile Number", len(d.dups),
		func(k int) path.Path { return d.dups[k].p },
		func() string {
			return fmt.Sprintf("%s is listed twice (%s and %s); %s", d.dups[0].s, d.dups[0].first, d.dups[0].again, why)
		},
		func(k int) string {
			return fmt.Sprintf("%s (%s and %s)", d.dups[k].s, d.dups[k].first, d.dups[k].again)
		},
		func(named string) string {
			return fmt.Sprintf("%d numbers are listed twice: %s. Each number may appear once, or it gets (and is billed for) the message twice.", len(d.dups), named)
		})
}
