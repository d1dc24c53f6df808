package framework

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
)

// Described is the Description and the MarkdownDescription of a validator
// or plan modifier whose rule is one fixed text, the same in both (every
// rule of the provider is plain text). Embed it and give the text where
// the value is declared: var mobileRule = mobileValidator{"must be a
// mobile number: ..."}.
type Described string

// Description is the rule in plain text.
func (d Described) Description(context.Context) string { return string(d) }

// MarkdownDescription is the rule in Markdown: the same text.
func (d Described) MarkdownDescription(context.Context) string { return string(d) }

// Condition is one "attribute equals value" test of a conditional rule.
type Condition struct {
	Path   path.Path
	Equals attr.Value
}

// Is is the condition that the attribute at p equals v.
func Is(p path.Path, v attr.Value) Condition { return Condition{Path: p, Equals: v} }

// RequiredWhen is the rule "these attributes are required when every
// condition holds" ("config.tts is required for a robot task (type = 4)").
// because completes the error's sentence after "is required". A condition
// whose value is unknown at plan time skips the rule (it is checked when
// the value is known); a null attribute or an empty list or set is missing.
// It validates resources, data sources and actions alike.
func RequiredWhen(because string, when []Condition, required ...path.Path) ConditionalValidator {
	return ConditionalValidator{when: when, paths: required, because: because}
}

// ForbiddenWhen is the rule "these attributes cannot be set when every
// condition holds" ("status cannot be set when all = true: ..."). because
// completes the error's sentence after "cannot be set". Unknown conditions
// skip the rule as in RequiredWhen; a null attribute is not set.
func ForbiddenWhen(because string, when []Condition, forbidden ...path.Path) ConditionalValidator {
	return ConditionalValidator{when: when, paths: forbidden, because: because, forbid: true}
}

// ConditionalValidator implements RequiredWhen and ForbiddenWhen.
type ConditionalValidator struct {
	when    []Condition
	paths   []path.Path
	because string
	forbid  bool
}

var (
	_ resource.ConfigValidator   = ConditionalValidator{}
	_ datasource.ConfigValidator = ConditionalValidator{}
	_ action.ConfigValidator     = ConditionalValidator{}
)

// Description says the rule in plain text.
func (v ConditionalValidator) Description(context.Context) string {
	names := make([]string, len(v.paths))
	for i, p := range v.paths {
		names[i] = p.String()
	}
	if v.forbid {
		return strings.Join(names, ", ") + " cannot be set " + v.because
	}
	return strings.Join(names, ", ") + " required " + v.because
}

// MarkdownDescription says the rule in Markdown.
func (v ConditionalValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

// ValidateResource checks a resource's configuration.
func (v ConditionalValidator) ValidateResource(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	v.validate(ctx, req.Config, &resp.Diagnostics)
}

// ValidateDataSource checks a data source's configuration.
func (v ConditionalValidator) ValidateDataSource(ctx context.Context, req datasource.ValidateConfigRequest, resp *datasource.ValidateConfigResponse) {
	v.validate(ctx, req.Config, &resp.Diagnostics)
}

// ValidateAction checks an action's configuration.
func (v ConditionalValidator) ValidateAction(ctx context.Context, req action.ValidateConfigRequest, resp *action.ValidateConfigResponse) {
	v.validate(ctx, req.Config, &resp.Diagnostics)
}

func (v ConditionalValidator) validate(ctx context.Context, cfg tfsdk.Config, diags *diag.Diagnostics) {
	for _, c := range v.when {
		var got attr.Value
		if d := cfg.GetAttribute(ctx, c.Path, &got); d.HasError() || got == nil || got.IsUnknown() || !got.Equal(c.Equals) {
			return
		}
	}
	for _, p := range v.paths {
		var got attr.Value
		if d := cfg.GetAttribute(ctx, p, &got); d.HasError() {
			diags.Append(d...)
			return
		}
		switch {
		case v.forbid && got != nil && !got.IsNull():
			diags.AddAttributeError(p, "Invalid Attribute Combination", fmt.Sprintf("%s cannot be set %s.", p, v.because))
		case !v.forbid && Missing(got) && got != nil && !got.IsNull():
			// Set to an empty list, set or map: "is required" read as if
			// it were not set (a module's for over an empty map of agents).
			diags.AddAttributeError(p, "Missing Required Attribute", fmt.Sprintf("%s is required %s. It is set, but empty (0 elements): at least one is needed.", p, v.because))
		case !v.forbid && Missing(got):
			diags.AddAttributeError(p, "Missing Required Attribute", fmt.Sprintf("%s is required %s.", p, v.because))
		}
	}
}

// Missing tells whether a configured value is absent: null, or a known
// empty list, set or map. An unknown value is not missing.
func Missing(v attr.Value) bool {
	if v == nil || v.IsNull() {
		return true
	}
	if v.IsUnknown() {
		return false
	}
	if c, ok := v.(interface{ Elements() []attr.Value }); ok {
		return len(c.Elements()) == 0
	}
	if m, ok := v.(interface{ Elements() map[string]attr.Value }); ok {
		return len(m.Elements()) == 0
	}
	return false
}
