package framework_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
)

// ownDuration is a string check of an attribute's own whose type name
// says Duration, as a bounded wait's could.
type ownDuration struct{}

func (ownDuration) Description(context.Context) string         { return "at most 10m" }
func (ownDuration) MarkdownDescription(context.Context) string { return "at most 10m" }
func (ownDuration) ValidateString(context.Context, validator.StringRequest, *validator.StringResponse) {
}

// TestStrict_leavesAlone: Strict changes only what it lists. A computed
// list of integers (set by the provider as Int64 values) keeps its element
// type and gets no validators: typed WholeNumber, the values the provider
// sets no longer match the schema. A string's own duration check, outside
// the timeouts package, is not taken for the package's and replaced by
// PositiveDuration (which would drop its bound).
func TestStrict_leavesAlone(t *testing.T) {
	attrs := map[string]schema.Attribute{
		"queue_ids": schema.ListAttribute{Computed: true, ElementType: types.Int64Type},
		"wait":      schema.StringAttribute{Optional: true, Validators: []validator.String{ownDuration{}}},
	}
	for pass := 1; pass <= 2; pass++ {
		framework.Strict(attrs)
		if q := attrs["queue_ids"].(schema.ListAttribute); q.ElementType != types.Int64Type || len(q.Validators) != 0 {
			t.Errorf("pass %d: computed queue_ids got elements %v and %d validators; want it left alone", pass, q.ElementType, len(q.Validators))
		}
		if vs := attrs["wait"].(schema.StringAttribute).Validators; len(vs) != 1 || vs[0] != (ownDuration{}) {
			t.Errorf("pass %d: wait validators %v, want its own check left alone", pass, vs)
		}
	}
}
