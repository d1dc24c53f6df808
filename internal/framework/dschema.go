package framework

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	dschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
)

// ComputedAttributes derives a data source's attributes from a managed
// resource's: the same names, types and descriptions, every one computed.
// A data source that lists an object declares its fields once, in the
// resource. except names resource attributes the data source leaves out
// (provider-side settings such as force_delete, write-only passwords).
func ComputedAttributes(attrs map[string]rschema.Attribute, except ...string) map[string]dschema.Attribute {
	skip := map[string]bool{}
	for _, n := range except {
		skip[n] = true
	}
	out := make(map[string]dschema.Attribute, len(attrs))
	for name, a := range attrs {
		if skip[name] || a.IsWriteOnly() {
			continue
		}
		out[name] = computed(a)
	}
	return out
}

// configOnly are the sentences of a resource attribute's description that
// speak of configuring it ("Defaults to `2`.", "Unset, the service's value is
// kept.", "Changing it replaces the file.", "It cannot be changed: a new
// value replaces the agent.", "Omitted, every field takes the default given
// below …"): a data source's attribute is only read.
var configOnly = regexp.MustCompile(`\s*(Defaults to [^.]*(\.[0-9][^.]*)*\.|Unset, the (service|platform)'s value is kept[^.]*\.|Changing it replaces the [^.]*\.|It cannot be changed: a new value replaces the [^.]*\.|When unset the service chooses[^.]*\.|The service chooses when unset\.|Known at plan time: [^.]*\.|Omitted, every field takes the default given below[^.]*\.)`)

// readOnly is a description without its configOnly sentences. Every
// terraform command asks for the provider's schema, and data source schemas
// are derived anew each time: the descriptions are a fixed set, so each is
// rewritten once per process.
func readOnly(desc string) string {
	if d, ok := readOnlyDescriptions.Load(desc); ok {
		return d.(string)
	}
	d := strings.TrimSpace(configOnly.ReplaceAllString(desc, ""))
	readOnlyDescriptions.Store(desc, d)
	return d
}

var readOnlyDescriptions sync.Map // resource attribute description → data source's

func computed(a rschema.Attribute) dschema.Attribute {
	d := readOnly(a.GetMarkdownDescription())
	switch a := a.(type) {
	case rschema.StringAttribute:
		return dschema.StringAttribute{Computed: true, MarkdownDescription: d, Sensitive: a.Sensitive}
	case rschema.Int64Attribute:
		return dschema.Int64Attribute{Computed: true, MarkdownDescription: d}
	case rschema.BoolAttribute:
		return dschema.BoolAttribute{Computed: true, MarkdownDescription: d}
	case rschema.Float64Attribute:
		return dschema.Float64Attribute{Computed: true, MarkdownDescription: d}
	case rschema.ListAttribute:
		return dschema.ListAttribute{Computed: true, MarkdownDescription: d, ElementType: a.ElementType}
	case rschema.SetAttribute:
		return dschema.SetAttribute{Computed: true, MarkdownDescription: d, ElementType: a.ElementType}
	case rschema.MapAttribute:
		return dschema.MapAttribute{Computed: true, MarkdownDescription: d, ElementType: a.ElementType}
	case rschema.SingleNestedAttribute:
		return dschema.SingleNestedAttribute{Computed: true, MarkdownDescription: d, Attributes: ComputedAttributes(a.Attributes)}
	case rschema.ListNestedAttribute:
		return dschema.ListNestedAttribute{Computed: true, MarkdownDescription: d,
			NestedObject: dschema.NestedAttributeObject{Attributes: ComputedAttributes(a.NestedObject.Attributes)}}
	case rschema.SetNestedAttribute:
		return dschema.SetNestedAttribute{Computed: true, MarkdownDescription: d,
			NestedObject: dschema.NestedAttributeObject{Attributes: ComputedAttributes(a.NestedObject.Attributes)}}
	}
	panic(fmt.Sprintf("framework.ComputedAttributes: no data source form for %T", a))
}
