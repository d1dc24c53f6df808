package resources

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// The four objects the platform reviews (SMS signatures and templates, and
// the gateway's) share their steps here: the common steps of the base, a
// wait for the review after a write (wait_for_approval), and import by
// numeric id with the wait switched off. Each object's file keeps its
// schema, its API calls and its mapping.

// reviewTimeout is the default of the create (and update) timeouts: how
// long wait_for_approval waits for a review.
const reviewTimeout = 30 * time.Minute

// review is what a model says about its review.
type review struct {
	wait     bool           // wait_for_approval (and, for a template, submitted)
	timeouts timeouts.Value // the create and update timeouts
	state    int64          // the review state read last
	reason   string         // the reviewer's reason read last
	what     string         // the object for people: "signature 101 (Acme)"
}

// reviewedResource is the base of a reviewed object over its model M.
type reviewedResource[M any] struct {
	framework.Resource
	steps reviewSteps[M]
	// importRule completes the import error ("An SMS signature is imported
	// by its numeric id (`id` of sms/sign/list)").
	importRule string
	// importKey, when set, is a second import form by a natural key.
	importKey *importKey
	// adopted are the text warnings (by attribute) the import of an object
	// gives once (warnAdopted); a plan gives them when it writes the text.
	adopted map[string]textWarning
}

// reviewSteps are the base's steps plus the wait for a review.
type reviewSteps[M any] struct {
	framework.Steps[M]
	review   func(m *M) review
	inReview func(state int64) bool
	rejected int64
	// approved is the state of an approval; stateName names a state ("" for
	// one the spec does not list).
	approved  int64
	stateName func(state int64) string
	// explain may add advice to a failed write ("" adds none); nil adds none.
	explain func(error) string
	// replaced says what replacing the object does ("deletes it and
	// submits a new one for review").
	replaced string
}

// Read refreshes the object, in a plan's walk: the client and the claims
// are told, as for every resource (framework.Managed.Read).
func (r *reviewedResource[M]) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	r.Refreshing(ctx, req)
	r.steps.Read(ctx, req, resp)
	r.steps.approvedSinceTaint(ctx, resp)
	if r.adopted != nil {
		warnAdopted(ctx, resp, framework.Noun(r.steps.Title), r.adopted)
	}
}

// waitRanOut is the private state key a create sets when its wait for the
// review stopped (timeout, Ctrl-C) before the review was done: Terraform
// keeps such an object tainted and replaces it on the next apply.
const waitRanOut = "review_wait_ran_out"

// approvedSinceTaint warns when an object whose create stopped waiting for
// the review (so Terraform marked it tainted) has been approved since: the
// next apply would replace an approved object, and a gateway one stays on
// the gateway beside the new one, which is reviewed again. Terraform does
// not tell a read that the object is tainted: the warning says what to do
// if the plan replaces it. The mark is cleared once the review is done.
func (s reviewSteps[M]) approvedSinceTaint(ctx context.Context, resp *resource.ReadResponse) {
	if resp.Diagnostics.HasError() || resp.Private == nil || resp.State.Raw.IsNull() {
		return
	}
	mark, d := resp.Private.GetKey(ctx, waitRanOut)
	resp.Diagnostics.Append(d...)
	if len(mark) == 0 {
		return
	}
	var m M
	resp.Diagnostics.Append(resp.State.Get(ctx, &m)...)
	rev := s.review(&m)
	if resp.Diagnostics.HasError() || s.inReview(rev.state) {
		return
	}
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, waitRanOut, nil)...)
	if rev.state == s.rejected {
		return // replacing it is right
	}
	resp.Diagnostics.AddWarning(s.Title+" Approved After Its Create Stopped Waiting",
		fmt.Sprintf("The %s was approved after the apply that created it stopped waiting for the review, so Terraform marked it tainted. "+
			"If this plan replaces it (\"tainted, so must be replaced\"), the apply %s. "+
			"To keep the approved one, run terraform untaint with the address above, then plan again: a plan that shows no replacement keeps it, "+
			"and this warning stops after the next apply.", rev.what, s.replaced))
}

func (r *reviewedResource[M]) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if r.adopted != nil {
		defer markImported(ctx, resp)
	}
	settings := map[string]any{"wait_for_approval": false}
	if k := r.importKey; k != nil {
		if value, ok := strings.CutPrefix(req.ID, k.prefix); ok {
			k.importByKey(ctx, r.Client, value, resp, settings)
			return
		}
	}
	framework.ImportByNumericID(ctx, req, resp, r.importRule, settings)
}

// create sends the object (create records its id in the plan), reads it
// back, and waits for the review when asked. A rejection or a timeout is an
// error after the state is saved, so Terraform keeps the (tainted) object.
func (s reviewSteps[M]) create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse, create func(ctx context.Context, plan *M) error) {
	plan, timeout, ok := s.planned(ctx, req.Plan, timeouts.Value.Create, &resp.Diagnostics)
	if !ok {
		return
	}
	if err := create(ctx, &plan); err != nil {
		s.writeError(&resp.Diagnostics, tfkit.ConfigNames(req.Plan.Schema.GetAttributes()), "Unable to Create "+s.Title, err, "")
		return
	}
	s.SaveCreated(ctx, &plan, resp)
	if resp.Diagnostics.HasError() {
		return
	}
	s.await(ctx, "create", &plan, timeout, &resp.State, resp.Identity, &resp.Diagnostics)
	framework.ReadBackDiffers(ctx, s.Title, "Create", req.Plan, &resp.State, &resp.Diagnostics)
	if resp.Diagnostics.HasError() && s.inReview(s.review(&plan).state) {
		// Tainted while still in review: a later read says so if it is
		// approved before the next apply replaces it.
		resp.Diagnostics.Append(resp.Private.SetKey(ctx, waitRanOut, []byte(`true`))...)
	}
}

// update writes a change (update is not called when only providerOnly
// attributes changed), reads the object back and waits for the review when
// asked: switching wait_for_approval on while a review is pending waits now.
func (s reviewSteps[M]) update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse, update func(ctx context.Context, plan *M) error, providerOnly ...string) {
	plan, timeout, ok := s.planned(ctx, req.Plan, timeouts.Value.Update, &resp.Diagnostics)
	if !ok || s.UnreadElsewhere(ctx, "Update", req.Private, req.State, &resp.Diagnostics) {
		return
	}
	if framework.OnlyChanged(ctx, req.Plan.Raw, req.State.Raw, req.Config.Raw, providerOnly...) {
		// Nothing to send; values the service computes stay as they were.
		resp.State.Raw = framework.NullUnknowns(framework.FillUnknowns(req.Plan.Raw, req.State.Raw))
		framework.SetIdentity(ctx, resp.State, resp.Identity, &resp.Diagnostics)
		resp.Diagnostics.Append(resp.State.Get(ctx, &plan)...)
	} else {
		if err := update(ctx, &plan); err != nil {
			var state M
			resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
			s.writeError(&resp.Diagnostics, tfkit.ConfigNames(req.Plan.Schema.GetAttributes()), "Unable to Update "+s.Title, err, s.GoneSincePlan(ctx, &state))
			return
		}
		s.SaveAndReadBack(ctx, "Update", &plan, &resp.State, resp.Identity, &resp.Diagnostics)
	}
	s.await(ctx, "update", &plan, timeout, &resp.State, resp.Identity, &resp.Diagnostics)
	framework.ReadBackDiffers(ctx, s.Title, "Update", req.Plan, &resp.State, &resp.Diagnostics)
}

// planned reads the plan and the time the write may wait for the review:
// its timeouts block's create or update value (timeouts.Value.Create or
// .Update), reviewTimeout when unset. ok is false after an error.
func (s reviewSteps[M]) planned(ctx context.Context, p tfsdk.Plan, timeoutOf func(timeouts.Value, context.Context, time.Duration) (time.Duration, diag.Diagnostics),
	diags *diag.Diagnostics) (plan M, timeout time.Duration, ok bool) {
	diags.Append(p.Get(ctx, &plan)...)
	if diags.HasError() {
		return plan, 0, false
	}
	timeout, d := timeoutOf(s.review(&plan).timeouts, ctx, reviewTimeout)
	diags.Append(d...)
	return plan, timeout, !diags.HasError()
}

// writeError adds the error of a failed write, with the object's advice
// (explain) and more (GoneSincePlan's, or "").
func (s reviewSteps[M]) writeError(diags *diag.Diagnostics, names []string, summary string, err error, more string) {
	detail := tfkit.WithGone(tfkit.APIErrorDetailOf(tfkit.OpOf(summary), err), more)
	if s.explain != nil && more == "" { // the object's advice is about another cause
		if more := s.explain(err); more != "" {
			detail += "\n\n" + more
		}
	}
	tfkit.AddErrorFor(diags, err, summary, detail, names)
}

// await waits for the review of m when it asks for that, then saves what
// it read last.
func (s reviewSteps[M]) await(ctx context.Context, op string, m *M, timeout time.Duration, state *tfsdk.State, identity *tfsdk.ResourceIdentity, diags *diag.Diagnostics) {
	if diags.HasError() || !s.review(m).wait {
		return
	}
	waitForReview(ctx, diags, reviewWait{
		kind: s.Title, what: s.review(m).what, op: op, timeout: timeout, inReview: s.inReview, rejected: s.rejected,
		approved: s.approved, stateName: s.stateName,
		read: func(ctx context.Context) (int64, string, error) {
			if err := s.Get(ctx, m); err != nil {
				return 0, "", err
			}
			r := s.review(m)
			return r.state, r.reason, nil
		},
	})
	// No read may have succeeded (Ctrl-C right after the write): m still
	// holds the plan's unknown values, which Terraform refuses as the
	// result of an apply; they are saved as null, as SaveAndReadBack does.
	diags.Append(state.Set(ctx, m)...)
	state.Raw = framework.NullUnknowns(state.Raw)
	framework.SetIdentity(ctx, *state, identity, diags)
}

// planReview plans the computed values of a reviewed object on an update
// that sends nothing (no attribute of api changed): the review's state,
// state_name and reason, and the kept attributes, stay as state holds them,
// except that the review's are unknown when wait_for_approval waits for a
// pending review. It returns false, planning nothing, on a create, a
// destroy, or when an api attribute changed. resubmit is the warning's
// advice for a rejected object: how to have it reviewed again.
func planReview(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse, kind string, pending, rejected int64, resubmit string, api []string, kept ...string) bool {
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return false
	}
	for _, a := range api {
		var before, after attr.Value
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root(a), &before)...)
		resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root(a), &after)...)
		if before == nil || after == nil || !before.Equal(after) {
			return false
		}
	}
	var wait types.Bool
	var state types.Int64
	var id, reason types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("wait_for_approval"), &wait)...)
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("state"), &state)...)
	if state.ValueInt64() == rejected {
		// An update the reviewer rejected failed once; the next plan found
		// nothing to send and said nothing: a pipeline went green while the
		// object could not send.
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("id"), &id)...)
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("reason"), &reason)...)
		resp.Diagnostics.AddWarning(fmt.Sprintf("%s Rejected by Review", kind),
			fmt.Sprintf("%s %s was rejected by the platform's review (reason: %q) and cannot be used to send. This plan changes nothing the review looks at, "+
				"so it stays rejected. %s "+
				// Without a way out for an object no one will resubmit, the
				// warning came back on every plan, for good.
				"If it is not wanted any more, remove it from the configuration: the apply deletes it, and this warning stops.", kind, id.ValueString(), reason.ValueString(), resubmit))
	}
	waiting := wait.ValueBool() && state.ValueInt64() == pending
	unknown := map[string]attr.Value{"state": types.Int64Unknown(), "state_name": types.StringUnknown(), "reason": types.StringUnknown()}
	for _, a := range append([]string{"state", "state_name", "reason"}, kept...) {
		var v attr.Value
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root(a), &v)...)
		if u, ok := unknown[a]; ok && waiting {
			v = u
		}
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root(a), v)...)
	}
	return true
}

// reviewWait describes one wait for a platform review (wait_for_approval).
type reviewWait struct {
	// kind names the object type in summaries ("SMS Signature").
	kind string
	// what names the object in details ("signature 101 (Acme)").
	what string
	// op is the write waited for, "create" or "update": its timeout.
	op      string
	timeout time.Duration
	// inReview tells whether a state is still waiting for the reviewer.
	inReview func(state int64) bool
	// rejected is the state of a rejection, approved of an approval.
	rejected, approved int64
	// stateName names a state for the error of one that is neither ("" for
	// a state the spec does not list); nil names none.
	stateName func(state int64) string
	// read fetches the object through its client finder (and records it in
	// the caller's model), returning its review state and reason.
	read func(ctx context.Context) (state int64, reason string, err error)
}

// waitForReview polls w.read with a growing interval until the state leaves
// review or w.timeout passes. It adds an error naming the object when the
// review rejects it (with the reason) or does not finish in time.
func waitForReview(parent context.Context, diags *diag.Diagnostics, w reviewWait) {
	ctx, cancel := context.WithTimeout(parent, w.timeout)
	defer cancel()
	// The wait writes lines of its own: TF_LOG=INFO showed nothing during
	// a wait of up to hours, and DEBUG only the reads of a list, which
	// name no object.
	start := time.Now()
	fields := func(more map[string]any) map[string]any {
		f := map[string]any{"object": w.what, "operation": w.op, "timeout": w.timeout.String()}
		if more != nil {
			f["elapsed"] = time.Since(start).Round(time.Millisecond).String()
		}
		for k, v := range more {
			f[k] = v
		}
		return f
	}
	tflog.Info(parent, "waiting for the platform's review", fields(nil))
	// ended logs how a wait ended without the review's outcome: the log
	// said "waiting" and then nothing of a wait that timed out, was
	// interrupted or could not read the object.
	ended := func(how string) {
		tflog.Info(parent, "review wait ended", fields(map[string]any{"ended": how}))
	}
	// cut: the retry of a shared read (run without this wait's deadline:
	// its line said "retrying in 30s") that the wait did not wait for; its
	// end line said only "timeout", in the same millisecond.
	var cut *client.TimeLimitError
	interval := 250 * time.Millisecond
	var lastErr error
	read := false   // a read has finished (its state was seen)
	unread := false // the timeout ran out before any read finished
	early := ""     // how a wait that ended before its timeout ended
	gone := 0       // reads in a row that found no such object
	seen := false   // a read found the object in review
	for {
		state, reason, err := w.read(ctx)
		// The timeout ended the read, or its retry would have passed it
		// (client.TimeLimitError: the read returns at once, not at the
		// deadline).
		outOfTime := client.OutOfTime(ctx, err)
		if err != nil && !outOfTime && client.IsNotFound(err) {
			gone++
		} else {
			gone = 0
		}
		if gone == 2 {
			// Deleted meanwhile (in the portal, by another configuration):
			// no review will finish; it was polled until the timeout. Two
			// reads in a row say so, not one that a list lagging behind
			// the create could give.
			ended("deleted")
			diags.AddError(w.kind+" Deleted While Waiting for Review",
				fmt.Sprintf("%s was deleted while the apply waited for its review (in the portal, or by another configuration), so the review cannot finish (%v). "+
					"The next plan finds it gone and plans to create it again, for a new review.", w.what, err))
			return
		}
		if gone == 1 {
			// Read again after the interval.
			lastErr = err
		} else {
			if err != nil && !outOfTime && !client.IsAmbiguous(err) && !client.IsRateLimited(err) && !unreachedForAWhile(err) {
				ended("read failed")
				diags.AddError("Unable to Read "+w.kind+" While Waiting for Review", tfkit.APIErrorDetail(err))
				return
			}
			// A read that failed for a while (the network, a 5xx, a rate
			// limit) is tried again within the timeout: the object exists,
			// and failing here would taint a created one, replaced on the
			// next apply.
			if err != nil && outOfTime {
				if tl := (*client.TimeLimitError)(nil); errors.As(err, &tl) && ctx.Err() == nil {
					cut = tl
					// Ended before the timeout: "the 8s timeout ran out"
					// was said 0.1s into the wait.
					wait, _ := tl.Rounded(time.Second)
					early = fmt.Sprintf(" The wait ended after %s, before the timeout: the read's next retry, due in %s, would have come after it.",
						time.Since(start).Round(100*time.Millisecond), wait)
				}
				// The timeout cut the read short. With no read finished
				// before it (the platform down since the write, the first
				// read still retrying), "still in review ... Raise the
				// timeout" was said of an object never read.
				unread = !read && lastErr == nil
				break
			}
			lastErr = err
			read = read || err == nil
			seen = seen || err == nil && w.inReview(state)
			if err == nil && !w.inReview(state) {
				tflog.Info(parent, "review finished", fields(map[string]any{"state": state}))
				if state == w.rejected {
					next := "Change it and apply again: the change is submitted for review again (or replaces the object where it cannot be changed in place)."
					if w.op == "create" {
						next = "Terraform marks it tainted: the next apply replaces it, and the new one is reviewed. Change what the reviewer refused first."
					}
					diags.AddError(w.kind+" Rejected", fmt.Sprintf("The review rejected %s: %s\n\n%s", w.what, reason, next))
				} else if state != w.approved {
					w.notApproved(diags, state, seen)
				}
				return
			}
		}
		if err == nil {
			tflog.Debug(parent, "still in review", fields(map[string]any{"state": state, "next_read_in": interval.String()}))
		} else {
			// Not the error's text: the request's own lines log it,
			// scrubbed of secrets.
			tflog.Debug(parent, "review state not read (see the request's lines); reading again", fields(map[string]any{"next_read_in": interval.String()}))
		}
		select {
		case <-ctx.Done():
		case <-time.After(interval):
			interval = min(interval*2, 10*time.Second)
			continue
		}
		break
	}
	if parent.Err() != nil {
		// Ctrl-C (Terraform stops the provider), not the timeout: raising
		// the timeout would not help.
		ended("interrupted")
		// "Still in review" only of an object a read saw so: one never
		// read, or whose last read failed, has a review state not known.
		was := fmt.Sprintf("%s was still in review when the apply was interrupted.", w.what)
		switch {
		case !read:
			was = fmt.Sprintf("%s had not been read when the apply was interrupted, so its review state is not known.", w.what)
		case lastErr != nil:
			was = fmt.Sprintf("%s was in review at its last read that succeeded; the reads after it failed, so its review state when the apply was interrupted is not known.", w.what)
		}
		if lastErr != nil {
			was += " The last read failed: " + tfkit.APIErrorDetail(lastErr)
		}
		diags.AddError(w.kind+" Review Wait Interrupted", was+reviewTimeoutAfter(w.op))
		return
	}
	if cut != nil {
		wait, left := cut.Rounded(time.Second)
		tflog.Info(parent, "review wait ended", fields(map[string]any{"ended": "timeout",
			"wait_ms": cut.Wait.Milliseconds(), "left_ms": cut.Left.Milliseconds(),
			"decision": fmt.Sprintf("not waiting for the read's retry, due in %v: the %s timeout ends in %v, before it", wait, w.timeout, left)}))
	} else {
		ended("timeout")
	}
	if unread {
		diags.AddError("Unable to Read "+w.kind+" While Waiting for Review",
			fmt.Sprintf("%s could not be read before the %s timeout ran out: its first read had not finished (still retried after failures, "+
				"waiting for the time an HTTP 429 (rate limit) answer named, or waiting for an answer), so its review state is unknown.%s "+
				"The provider's debug log (TF_LOG_PROVIDER=DEBUG) shows each attempt: check that the platform is reachable from this machine, "+
				"or, where it shows HTTP 429, set max_requests_per_second in the provider block below the platform's limit; or raise the timeout (timeouts = { %s = \"1h\" }).%s",
				w.what, w.timeout, early, w.op, reviewTimeoutAfter(w.op)))
		return
	}
	if lastErr != nil {
		diags.AddError("Unable to Read "+w.kind+" While Waiting for Review",
			fmt.Sprintf("%s could not be read until the %s timeout ran out; the last read failed: %s%s%s",
				w.what, w.timeout, tfkit.APIErrorDetail(lastErr), early, reviewTimeoutAfter(w.op)))
		return
	}
	diags.AddError(w.kind+" Review Not Finished",
		fmt.Sprintf("%s was still in review when the %s timeout ran out.%s Raise the timeout (timeouts = { %s = \"1h\" }), or set wait_for_approval = false.%s",
			w.what, w.timeout, early, w.op, reviewTimeoutAfter(w.op)))
}

// notApproved adds the error of a wait that found the object out of
// review in a state that is neither an approval nor a rejection: a draft
// (a template saved as a draft in the portal meanwhile, a gateway signature
// the gateway keeps as a draft, §2.13), or a state the spec does not list
// (§2.3, §2.4, §2.13). The wait ended without a word on such a state, and
// the apply said "complete" of an object that cannot send, where
// wait_for_approval is there so that a finished apply means an approved
// one. seen says whether a read found it in review first.
func (w reviewWait) notApproved(diags *diag.Diagnostics, state int64, seen bool) {
	name := ""
	if w.stateName != nil {
		name = w.stateName(state)
	}
	if name == "" {
		name = "a state the platform's documentation does not list"
	}
	next := "The next plan compares it with the configuration again (a draft plans to submit it for review again); apply to wait for that review."
	if w.op == "create" {
		next = "Terraform marks it tainted: the next apply replaces it, and the new one is reviewed."
	}
	if !seen {
		diags.AddError(w.kind+" Not Submitted for Review",
			fmt.Sprintf("%s is in state %d (%s), not in review, and neither approved (%d) nor rejected (%d): the platform does not review it in this state, "+
				"so wait_for_approval cannot wait for its approval. Submit it for review on the platform, or set wait_for_approval = false.\n\n%s",
				w.what, state, name, w.approved, w.rejected, next))
		return
	}
	diags.AddError(w.kind+" Not Approved",
		fmt.Sprintf("%s left review in state %d (%s), which is neither approved (%d) nor rejected (%d): it cannot send in this state, "+
			"so wait_for_approval does not count it as done.\n\n%s", w.what, state, name, w.approved, w.rejected, next))
}

// waitForApprovalAttribute is wait_for_approval of an object whose review
// only matters on create (the gateway's): changing it later is an in-place
// no-op, never a replacement.
func waitForApprovalAttribute(object string) schema.BoolAttribute {
	return schema.BoolAttribute{
		Optional: true, Computed: true, Default: booldefault.StaticBool(false),
		MarkdownDescription: fmt.Sprintf("Wait after creating the %[1]s until the gateway's review is done (`state` leaves `0`), within the `create` "+
			"timeout (default 30 minutes), so that `state` is `1` once the apply finishes. A rejection fails the apply with the reviewer's `reason`, "+
			"and so does the timeout; the %[1]s is then kept in state as tainted and replaced on the next apply (the gateway keeps the old one); "+
			"if the review approves it before then, the plan warns, and `terraform untaint` keeps it. "+
			"It only matters on create: changing it on an existing %[1]s updates nothing and does not replace it. Defaults to `false`.", object),
	}
}

// newLister is the list resource of the resource contactcenter_<name>: it
// lists through items and flattens each object with Read's flatten.
func newLister[F, M, T any](name, plural, desc string, filters map[string]listschema.Attribute, display func(T) string,
	flatten func(t *T, m *M), items func(ctx context.Context, c *client.Client, f F) iter.Seq2[T, error]) list.ListResource {
	l := &framework.Lister[F, M, T]{Resource: framework.NewResource(name), Plural: plural, Description: desc, Filters: filters, Display: display,
		Flatten: func(_ context.Context, t T, m *M) error { flatten(&t, m); return nil }}
	l.Items = func(ctx context.Context, f F) iter.Seq2[T, error] { return items(ctx, l.Client, f) }
	return l
}

// notWaiting is wait_for_approval as an import or a list result has it:
// false (the platform has no such setting).
func notWaiting(v *types.Bool) {
	if v.IsNull() || v.IsUnknown() {
		*v = types.BoolValue(false)
	}
}

// nullTimeouts is a null timeouts attribute with the given timeouts, for a
// model that is not read from a plan or state (a list result).
func nullTimeouts(names ...string) timeouts.Value {
	t := map[string]attr.Type{}
	for _, n := range names {
		t[n] = types.StringType
	}
	return timeouts.Value{Object: types.ObjectNull(t)}
}

// createWaitDescription is the create timeout of a reviewed object.
const createWaitDescription = "How long `wait_for_approval` waits for the review after creating. Defaults to `30m`."

// createTimeoutAttribute is the timeouts attribute of a resource that only
// waits on create.
func createTimeoutAttribute(ctx context.Context) schema.Attribute {
	return timeouts.Attributes(ctx, timeouts.Opts{
		Create:            true,
		CreateDescription: createWaitDescription,
	})
}

// createUpdateTimeoutAttribute is the timeouts attribute of a resource that
// waits for the review on create and, as update describes, on an update.
func createUpdateTimeoutAttribute(ctx context.Context, update string) schema.Attribute {
	return timeouts.Attributes(ctx, timeouts.Opts{
		Create: true, Update: true,
		CreateDescription: createWaitDescription,
		UpdateDescription: update,
	})
}

// reviewTimeoutAfter says what the next apply does after a wait ran out:
// a create that failed leaves the object tainted (Terraform's rule for a
// failed create), so the next apply replaces it, review and all.
func reviewTimeoutAfter(op string) string {
	if op != "create" {
		return " The next apply waits for the review again; it sends nothing."
	}
	return " The object exists and stays in review, but Terraform marks it tainted: the next apply replaces it and the new one is reviewed again. " +
		"If it is approved meanwhile, keep it with terraform untaint <address> before applying."
}

// unreachedForAWhile tells a read that did not reach the service: no
// connection (refused, no such host, none within request_timeout) or one
// closed without an answer. Not ambiguous (a read changes nothing, and one
// that was never sent did nothing), it is still a failure of the moment,
// tried again within the wait's timeout: ending the wait tainted the
// object just created. A certificate not accepted or a proxy's login is
// not one: it does not pass by itself.
func unreachedForAWhile(err error) bool {
	return errors.As(err, new(*client.NetworkError)) || errors.As(err, new(*client.TimeoutError))
}
