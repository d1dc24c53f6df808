package resources

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// reviewTimeout is the default of the create (and update) timeouts: how
// long wait_for_approval waits for a review.
const reviewTimeout = 30 * time.Minute

// reviewWait describes one wait for a platform review (wait_for_approval).
type reviewWait struct {
	// kind names the object type in summaries ("SMS Signature").
	kind string
	// what names the object in details ("signature 101 (Acme)").
	what    string
	timeout time.Duration
	// inReview tells whether a state is still waiting for the reviewer.
	inReview func(state int64) bool
	// rejected is the state of a rejection.
	rejected int64
	// read fetches the object through its client finder (and records it in
	// the caller's model), returning its review state and reason.
	read func(ctx context.Context) (state int64, reason string, err error)
	// errorDetail renders a failed read; nil means tfkit.APIErrorDetail.
	errorDetail func(error) string
}

// waitForReview polls w.read with a growing interval until the state leaves
// review or w.timeout passes. It adds an error naming the object when the
// review rejects it (with the reason) or does not finish in time.
func waitForReview(ctx context.Context, diags *diag.Diagnostics, w reviewWait) {
	ctx, cancel := context.WithTimeout(ctx, w.timeout)
	defer cancel()
	detail := w.errorDetail
	if detail == nil {
		detail = tfkit.APIErrorDetail
	}
	interval := 250 * time.Millisecond
	for {
		state, reason, err := w.read(ctx)
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			diags.AddError("Unable to Read "+w.kind+" While Waiting for Review", detail(err))
			return
		}
		if !w.inReview(state) {
			if state == w.rejected {
				diags.AddError(w.kind+" Rejected",
					fmt.Sprintf("The review rejected %s: %s\n\nChange it and apply again; the rejected object is replaced or resubmitted.", w.what, reason))
			}
			return
		}
		select {
		case <-ctx.Done():
		case <-time.After(interval):
			interval = min(interval*2, 10*time.Second)
			continue
		}
		break
	}
	diags.AddError(w.kind+" Review Not Finished",
		fmt.Sprintf("%s was still in review when the %s timeout ran out. Raise the timeout (timeouts = { create = \"1h\" }), or set wait_for_approval = false.", w.what, w.timeout))
}

// waitForApprovalAttribute is wait_for_approval of an object whose review
// only matters on create (the gateway's): changing it later is an in-place
// no-op, never a replacement.
func waitForApprovalAttribute(object string) schema.BoolAttribute {
	return schema.BoolAttribute{
		Optional: true, Computed: true, Default: booldefault.StaticBool(false),
		MarkdownDescription: fmt.Sprintf("Wait after creating the %[1]s until the gateway's review is done (`state` leaves `0`), within the `create` "+
			"timeout (default 30 minutes), so that `state` is `1` once the apply finishes. A rejection fails the apply with the reviewer's `reason`, "+
			"and so does the timeout; the %[1]s is then kept in state as tainted and replaced on the next apply (the gateway keeps the old one). "+
			"It only matters on create: changing it on an existing %[1]s updates nothing and does not replace it. Defaults to `false`.", object),
	}
}

// createTimeoutAttribute is the timeouts attribute of a resource that only
// waits on create.
func createTimeoutAttribute(ctx context.Context) schema.Attribute {
	return timeouts.Attributes(ctx, timeouts.Opts{
		Create:            true,
		CreateDescription: "How long `wait_for_approval` waits for the review after creating. Defaults to `30m`.",
	})
}
