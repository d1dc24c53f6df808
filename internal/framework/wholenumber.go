package framework

import (
	"github.com/hashicorp/terraform-plugin-framework/attr"
	dschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// WholeNumber is tfkit.WholeNumber: the type of configurable integer
// attributes, which refuses a fraction naming the attribute.
var WholeNumber = tfkit.WholeNumber

// WholeNumberElements is tfkit.WholeNumberElements: the validator of a list
// or set of WholeNumber, which refuses a fraction among its elements.
var WholeNumberElements = tfkit.WholeNumberElements

// WholeNumbers gives the configurable top-level integer attributes of a
// resource schema the WholeNumber type (those that have no type of their
// own), and lists and sets of integers WholeNumber elements, so that a
// fraction is refused naming the attribute. It changes attrs and returns it.
func WholeNumbers(attrs map[string]rschema.Attribute) map[string]rschema.Attribute {
	for name, a := range attrs {
		switch a := a.(type) {
		case rschema.Int64Attribute:
			a.CustomType = wholeInt(a.CustomType, a.Required || a.Optional)
			attrs[name] = a
		case rschema.ListAttribute:
			a.ElementType, a.Validators = WholeElements(a.ElementType, a.Validators, a.CustomType == nil && (a.Required || a.Optional))
			attrs[name] = a
		case rschema.SetAttribute:
			a.ElementType, a.Validators = WholeElements(a.ElementType, a.Validators, a.CustomType == nil && (a.Required || a.Optional))
			attrs[name] = a
		}
	}
	return attrs
}

// WholeNumberInputs is WholeNumbers for the arguments of a data source.
func WholeNumberInputs(attrs map[string]dschema.Attribute) map[string]dschema.Attribute {
	for name, a := range attrs {
		switch a := a.(type) {
		case dschema.Int64Attribute:
			a.CustomType = wholeInt(a.CustomType, a.Required || a.Optional)
			attrs[name] = a
		case dschema.ListAttribute:
			a.ElementType, a.Validators = WholeElements(a.ElementType, a.Validators, a.CustomType == nil && (a.Required || a.Optional))
			attrs[name] = a
		case dschema.SetAttribute:
			a.ElementType, a.Validators = WholeElements(a.ElementType, a.Validators, a.CustomType == nil && (a.Required || a.Optional))
			attrs[name] = a
		}
	}
	return attrs
}

// wholeNumberFilters is WholeNumbers for the filters of a list resource
// (all optional), on a copy.
func wholeNumberFilters(attrs map[string]listschema.Attribute) map[string]listschema.Attribute {
	out := make(map[string]listschema.Attribute, len(attrs))
	for name, a := range attrs {
		switch x := a.(type) {
		case listschema.Int64Attribute:
			x.CustomType = wholeInt(x.CustomType, true)
			a = x
		case listschema.ListAttribute:
			x.ElementType, x.Validators = WholeElements(x.ElementType, x.Validators, x.CustomType == nil)
			a = x
		}
		out[name] = a
	}
	return out
}

// wholeInt is the type of an Int64 attribute: WholeNumber when it is
// configurable and has no type of its own.
func wholeInt(custom basetypes.Int64Typable, configurable bool) basetypes.Int64Typable {
	if custom == nil && configurable {
		return WholeNumber
	}
	return custom
}

// WholeElements are the element type and validators of a list or set:
// WholeNumber elements, refused as fractions by WholeNumberElements, when it
// is a configurable collection of plain Int64 elements (WholeNumbers uses
// it; a list inside a nested object calls it itself).
func WholeElements[V any](elem attr.Type, vs []V, configurable bool) (attr.Type, []V) {
	if !configurable || elem != types.Int64Type {
		return elem, vs
	}
	if v, ok := any(WholeNumberElements).(V); ok {
		vs = append([]V{v}, vs...)
	}
	return WholeNumber, vs
}
