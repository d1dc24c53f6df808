package framework

import (
	"context"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// A write may know why the read-back that follows it finds another value
// than planned at an attribute: an agent's update that leaves queue_ids
// unsent (it did not change) while a membership resource of the same
// apply put the agent in a group queue_ids leaves out. ReadBackDiffers
// then blamed the portal ("Either someone changed them in the portal
// ..."), for what the configuration did. The write registers an
// explanation (ExplainReadBack); the read-back gives it the planned and
// read values, and one that explains them adds its own warning in place
// of that attribute's line. The state keeps the planned value either way.

type explainedKey struct{}

type explanations struct {
	mu sync.Mutex
	by map[string]Explanation
}

// Explanation tells, given an attribute's planned value and the value read
// back, whether it explains the difference; when it does, it says so in
// diags.
type Explanation func(planned, got tftypes.Value, diags *diag.Diagnostics) bool

// withExplanations returns ctx in which ExplainReadBack records, for the
// read-back of the write made with it (Steps.Create, Steps.Update).
func withExplanations(ctx context.Context) context.Context {
	return context.WithValue(ctx, explainedKey{}, &explanations{})
}

// ExplainReadBack records, in a create or update of Steps, an explanation
// of a difference the read-back may find at root attribute name. Outside
// one it does nothing.
func ExplainReadBack(ctx context.Context, name string, e Explanation) {
	x, _ := ctx.Value(explainedKey{}).(*explanations)
	if x == nil {
		return
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.by == nil {
		x.by = map[string]Explanation{}
	}
	x.by[name] = e
}

// explained returns what tells, in ReadBackDiffers, a difference at p
// that an explanation registered in ctx accounts for (and which has then
// added its warning to diags).
func explained(ctx context.Context, diags *diag.Diagnostics) func(p *tftypes.AttributePath, planned, got tftypes.Value) bool {
	x, _ := ctx.Value(explainedKey{}).(*explanations)
	return func(p *tftypes.AttributePath, planned, got tftypes.Value) bool {
		if x == nil || len(p.Steps()) != 1 {
			return false
		}
		name, ok := p.Steps()[0].(tftypes.AttributeName)
		if !ok {
			return false
		}
		x.mu.Lock()
		e := x.by[string(name)]
		x.mu.Unlock()
		return e != nil && e(planned, got, diags)
	}
}
