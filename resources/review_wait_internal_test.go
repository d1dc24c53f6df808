package resources

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
)

// TestWaitForReview_interrupted: Ctrl-C during wait_for_approval (Terraform
// stops the provider, which cancels the request) was reported as the
// timeout running out, with the advice to raise it. It is now reported as
// an interruption; the timeout's own message is unchanged.
func TestWaitForReview_interrupted(t *testing.T) {
	t.Parallel()
	wait := func(ctx context.Context, timeout time.Duration) diag.Diagnostics {
		var diags diag.Diagnostics
		waitForReview(ctx, &diags, reviewWait{kind: "SMS Signature", what: "signature 101 (Acme)", op: "create", timeout: timeout,
			inReview: func(s int64) bool { return s == 0 }, rejected: 2,
			read: func(context.Context) (int64, string, error) { return 0, "", nil }})
		return diags
	}
	ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond) // stands for Ctrl-C
	defer cancel()
	d := wait(ctx, time.Hour)
	if len(d) != 1 || d[0].Summary() != "SMS Signature Review Wait Interrupted" ||
		!strings.Contains(d[0].Detail(), "signature 101 (Acme) was still in review when the apply was interrupted.") ||
		strings.Contains(d[0].Detail(), "timeout") {
		t.Errorf("interrupted: %v", d)
	}
	d = wait(t.Context(), 300*time.Millisecond)
	if len(d) != 1 || d[0].Summary() != "SMS Signature Review Not Finished" || !strings.Contains(d[0].Detail(), "timeout ran out") {
		t.Errorf("timed out: %v", d)
	}
}

// TestWaitForReview_rejectedAdvice: after a create the rejected object is
// tainted and replaced; after an update (or switching wait_for_approval on
// for an imported object) nothing is tainted, and the advice said it would
// be "replaced or resubmitted" all the same.
func TestWaitForReview_rejectedAdvice(t *testing.T) {
	t.Parallel()
	for op, want := range map[string]string{
		"create": "Terraform marks it tainted: the next apply replaces it",
		"update": "Change it and apply again: the change is submitted for review again",
	} {
		var d diag.Diagnostics
		waitForReview(t.Context(), &d, reviewWait{kind: "SMS Template", what: "template 3001 (Parcel)", op: op, timeout: time.Minute,
			inReview: func(s int64) bool { return s == 0 }, rejected: -1,
			read: func(context.Context) (int64, string, error) { return -1, "links are not allowed", nil }})
		if len(d) != 1 || d[0].Summary() != "SMS Template Rejected" ||
			!strings.Contains(d[0].Detail(), "The review rejected template 3001 (Parcel): links are not allowed") || !strings.Contains(d[0].Detail(), want) {
			t.Errorf("%s: %v", op, d)
		}
	}
}
