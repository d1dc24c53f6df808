package resources

import (
	"context"
	"encoding/json"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// claimantKey is the private-state key of the token that names a membership
// instance in tfkit.Claims, so that a delete tells the instance's own
// earlier create (a run block of `terraform test` before this one, served by
// the same provider process) from another instance's create in this apply.
const claimantKey = "claimant"

type privateReader interface {
	GetKey(ctx context.Context, key string) ([]byte, diag.Diagnostics)
}

type privateWriter interface {
	SetKey(ctx context.Context, key string, value []byte) diag.Diagnostics
}

// claimantOf returns the instance's token: "" when it has none (a state
// written by an older provider, or nothing to read).
func claimantOf(ctx context.Context, p privateReader) string {
	if p == nil {
		return ""
	}
	b, _ := p.GetKey(ctx, claimantKey)
	var s string
	if json.Unmarshal(b, &s) != nil {
		return ""
	}
	return s
}

// keepClaimant returns the instance's token from its prior private state,
// or makes one, and writes it to the new private state.
func keepClaimant(ctx context.Context, prior privateReader, next privateWriter, diags *diag.Diagnostics) string {
	c := claimantOf(ctx, prior)
	if c == "" {
		c = tfkit.NewClaimant()
	}
	b, _ := json.Marshal(c)
	diags.Append(next.SetKey(ctx, claimantKey, b)...)
	return c
}
