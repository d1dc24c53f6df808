package datasources

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/contactcenter/terraform-provider-contactcenter/resources"
)

// textFilter is an optional "contains this text" filter of a list (a
// keyword, a name, part of an address). An empty text is refused (the
// client leaves it out of the request, which then lists everything), and a
// text starting or ending with white space warns (resources.EdgeSpaces).
func textFilter(desc string) schema.StringAttribute {
	return schema.StringAttribute{
		Optional: true, MarkdownDescription: desc,
		Validators: []validator.String{stringvalidator.LengthAtLeast(1), resources.EdgeSpaces},
	}
}
