package datasources

import (
	"cmp"
	"iter"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
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

// flattenAll flattens every item of a client listing, in order, through
// the flatten its resource uses.
func flattenAll[T, I any](items iter.Seq2[T, error], flatten func(t *T, i *I)) ([]I, error) {
	all, err := client.Collect(items)
	return flattenItems(all, flatten), err
}

// byID sorts items by their API id, as the data sources that say "by id"
// promise: the spec gives no order to its lists, and a list whose order
// moves between reads would move every index a configuration uses.
func byID[T any](items []T, id func(T) int64) []T {
	slices.SortStableFunc(items, func(a, b T) int { return cmp.Compare(id(a), id(b)) })
	return items
}

// flattenItems flattens items in order. The result is never nil: an empty
// list is a known, empty list in state.
func flattenItems[T, I any](items []T, flatten func(t *T, i *I)) []I {
	out := make([]I, len(items))
	for n := range items {
		flatten(&items[n], &out[n])
	}
	return out
}
