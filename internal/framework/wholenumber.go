package framework

import (
	dschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// WholeNumber is tfkit.WholeNumber: the type of configurable integer
// attributes, which refuses a fraction naming the attribute.
var WholeNumber = tfkit.WholeNumber

// WholeNumbers gives the configurable top-level integer attributes of a
// resource schema the WholeNumber type (those that have no type of their
// own), so that a fraction is refused naming the attribute. It changes
// attrs and returns it.
func WholeNumbers(attrs map[string]rschema.Attribute) map[string]rschema.Attribute {
	for name, a := range attrs {
		if i, ok := a.(rschema.Int64Attribute); ok && i.CustomType == nil && (i.Required || i.Optional) {
			i.CustomType = WholeNumber
			attrs[name] = i
		}
	}
	return attrs
}

// WholeNumberInputs is WholeNumbers for the arguments of a data source.
func WholeNumberInputs(attrs map[string]dschema.Attribute) map[string]dschema.Attribute {
	for name, a := range attrs {
		if i, ok := a.(dschema.Int64Attribute); ok && i.CustomType == nil && (i.Required || i.Optional) {
			i.CustomType = WholeNumber
			attrs[name] = i
		}
	}
	return attrs
}
