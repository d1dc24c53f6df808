package framework

import (
	"context"
	"errors"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	dschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// ReadDataSource is every data source's Read: the configuration into a new
// model, read (which calls the API and fills the model), the model into
// state. A failed read adds summary ("Unable to List Busy Reasons") with
// the API's error, or, for an *AttrError, the error it names. A read that
// adds its own error to resp.Diagnostics (a flatten's, an id that does not
// parse) and returns nil sets no state either. The read sees the platform
// as it is (client.FreshReads), not as a read earlier in the walk found it,
// and an object it reads is not taken for one a resource refreshed
// (client.DataSourceReads).
func ReadDataSource[M any](ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse, summary string, read func(ctx context.Context, m *M) error) {
	var m M
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if err := read(client.DataSourceReads(ctx), &m); err != nil {
		var ae *AttrError
		if errors.As(err, &ae) {
			resp.Diagnostics.AddAttributeError(ae.Path, ae.Summary, ae.Detail)
			return
		}
		tfkit.AddAPIError(&resp.Diagnostics, summary, err)
		return
	}
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// AttrError is a failed read that a data source reports on one of its
// attributes with its own summary (a lookup that found nothing, a file that
// could not be written) instead of as an API error.
type AttrError struct {
	Path            path.Path
	Summary, Detail string
}

// AttributeError returns an *AttrError.
func AttributeError(p path.Path, summary, detail string) error {
	return &AttrError{Path: p, Summary: summary, Detail: detail}
}

func (e *AttrError) Error() string { return e.Summary + ": " + e.Detail }

// FlattenEach flattens every item of items that keep accepts (nil keeps
// all) into a new model item I (Flatten), in order. The result is never nil:
// an empty list is a known, empty list in state.
func FlattenEach[I, T any](items []T, keep func(T) bool) []I {
	out := make([]I, 0, len(items))
	for _, t := range items {
		if keep != nil && !keep(t) {
			continue
		}
		var item I
		Flatten(t, &item)
		out = append(out, item)
	}
	return out
}

// ComputedString is a computed string attribute of a data source.
func ComputedString(desc string) dschema.StringAttribute {
	return dschema.StringAttribute{Computed: true, MarkdownDescription: desc}
}

// ComputedInt64 is a computed integer attribute of a data source.
func ComputedInt64(desc string) dschema.Int64Attribute {
	return dschema.Int64Attribute{Computed: true, MarkdownDescription: desc}
}

// ComputedBool is a computed boolean attribute of a data source.
func ComputedBool(desc string) dschema.BoolAttribute {
	return dschema.BoolAttribute{Computed: true, MarkdownDescription: desc}
}

// ComputedList is a computed list of objects with the given attributes.
func ComputedList(desc string, attrs map[string]dschema.Attribute) dschema.ListNestedAttribute {
	return dschema.ListNestedAttribute{Computed: true, MarkdownDescription: desc,
		NestedObject: dschema.NestedAttributeObject{Attributes: attrs}}
}

// ComputedListOf is a computed list of plain values (ids, numbers) of the
// element type elem.
func ComputedListOf(desc string, elem attr.Type) dschema.ListAttribute {
	return dschema.ListAttribute{Computed: true, MarkdownDescription: desc, ElementType: elem}
}

// OptionalString is an optional string argument of a data source (a
// filter) with its validators.
func OptionalString(desc string, v ...validator.String) dschema.StringAttribute {
	return dschema.StringAttribute{Optional: true, MarkdownDescription: desc, Validators: v}
}

// RequiredString is a required string argument of a data source (what it
// looks up) with its validators.
func RequiredString(desc string, v ...validator.String) dschema.StringAttribute {
	return dschema.StringAttribute{Required: true, MarkdownDescription: desc, Validators: v}
}

// OptionalInt64 is an optional integer argument of a data source (a
// filter) with its validators.
func OptionalInt64(desc string, v ...validator.Int64) dschema.Int64Attribute {
	return dschema.Int64Attribute{Optional: true, MarkdownDescription: desc, Validators: v}
}
