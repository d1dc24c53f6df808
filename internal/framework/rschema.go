package framework

import (
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// The schema shortcuts of managed resources: the attribute shapes every
// resource declares, written once. A shortcut takes the description (and
// validators) and nothing else; an attribute with more to it is written out.

// IDAttribute is a resource's id: computed by the service at create and
// kept from state afterwards (no "(known after apply)" on updates).
func IDAttribute(desc string) rschema.StringAttribute { return Stamp(desc) }

// Stamp is a computed string that does not change once set (a creation
// time, the creator's name): kept from state on updates.
func Stamp(desc string) rschema.StringAttribute {
	return rschema.StringAttribute{Computed: true, MarkdownDescription: desc,
		PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}
}

// StableInt64 is a computed integer that does not change once set (an
// enterprise id): kept from state on updates.
func StableInt64(desc string) rschema.Int64Attribute {
	return rschema.Int64Attribute{Computed: true, MarkdownDescription: desc,
		PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()}}
}

// OptionalComputedString is an optional string the service fills in when
// unset; its value is kept from state while the configuration leaves it unset.
func OptionalComputedString(desc string, v ...validator.String) rschema.StringAttribute {
	return rschema.StringAttribute{Optional: true, Computed: true, MarkdownDescription: desc, Validators: v,
		PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}
}

// OptionalComputedInt64 is an optional integer the service fills in when
// unset; its value is kept from state while the configuration leaves it unset.
func OptionalComputedInt64(desc string, v ...validator.Int64) rschema.Int64Attribute {
	return rschema.Int64Attribute{Optional: true, Computed: true, MarkdownDescription: desc, Validators: v,
		PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()}}
}

// DefaultInt64 is an optional integer with a default the provider plans.
func DefaultInt64(desc string, def int64, v ...validator.Int64) rschema.Int64Attribute {
	return rschema.Int64Attribute{Optional: true, Computed: true, MarkdownDescription: desc,
		Default: int64default.StaticInt64(def), Validators: v}
}

// DefaultBool is an optional boolean with a default the provider plans.
func DefaultBool(desc string, def bool) rschema.BoolAttribute {
	return rschema.BoolAttribute{Optional: true, Computed: true, MarkdownDescription: desc, Default: booldefault.StaticBool(def)}
}
