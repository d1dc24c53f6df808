package framework

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// Lister is the list resource of a managed resource, for `terraform query`
// (Terraform 1.14 and later). It has the managed resource's type name, lists
// the objects that match the filters of its list block through the client's
// paging iterator (at the largest page size the endpoint allows), stops at
// the query's limit, and flattens each object as the resource's Read does,
// so that `-generate-config-out` writes configuration that imports cleanly.
type Lister[F, M, T any] struct {
	Resource
	// Plural names the objects in errors and in the description ("Skill Groups").
	Plural string
	// Description completes the list block's description.
	Description string
	// Filters are the list block's attributes (all optional), named as the
	// list endpoint's filters.
	Filters map[string]listschema.Attribute
	// Items lists the objects that match the filters.
	Items func(ctx context.Context, f F) iter.Seq2[T, error]
	// Flatten fills a new model from one object, as Read does.
	Flatten func(ctx context.Context, t T, m *M) error
	// Display names one object for people ("Sales (12)").
	Display func(t T) string
}

// ListResourceConfigSchema is the list block's schema: the filters.
func (l *Lister[F, M, T]) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = listschema.Schema{
		MarkdownDescription: "Lists the existing " + l.Plural + " for `terraform query`. " + l.Description,
		Attributes:          l.Filters,
	}
}

// List streams one result per matching object.
func (l *Lister[F, M, T]) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	var f F
	diags := req.Config.Get(ctx, &f)
	if diags.HasError() {
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}
	if l.Client == nil {
		diags.AddError("Provider Not Configured", "The provider was not configured; "+l.Plural+" cannot be listed.")
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}
	stream.Results = func(push func(list.ListResult) bool) {
		var n int64
		for t, err := range l.Items(ctx, f) {
			if req.Limit > 0 && n >= req.Limit {
				return
			}
			r := req.NewListResult(ctx)
			if err == nil {
				var m M
				err = l.Flatten(ctx, t, &m)
				if err == nil {
					r.DisplayName = l.Display(t)
					r.Diagnostics.Append(r.Resource.Set(ctx, &m)...)
					setIdentityFrom(ctx, r.Resource.Raw, r.Identity, &r.Diagnostics)
					if !req.IncludeResource {
						r.Resource = nil
					}
				}
			}
			if err != nil {
				r.Diagnostics.AddError("Unable to List "+l.Plural, tfkit.APIErrorDetail(err))
				push(r)
				return
			}
			n++
			if !push(r) || r.Diagnostics.HasError() {
				return
			}
		}
	}
}
