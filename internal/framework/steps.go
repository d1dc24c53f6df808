package framework

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// Steps are the common steps of one managed resource over its model M. A
// resource builds one value and calls the steps by name from Create, Read,
// Update, Delete and ImportState; what is particular to the object (the
// API call, expand and flatten) stays in the resource's file.
type Steps[M any] struct {
	// Title names the object in error summaries ("Skill Group").
	Title string
	// Get reads the object that m names (its id) through a client finder
	// and flattens it into m. A client.IsNotFound error means it is gone.
	Get func(ctx context.Context, m *M) error
	// NestedPaths: a refused write's error may be shown at a nested
	// attribute (tfkit.AddErrorAt); Managed.Configure sets it.
	NestedPaths bool
	// AfterInterrupt, when set, gives a delete cut off by Ctrl-C after it
	// was sent a context to read the object back with
	// (client.Client.AfterInterrupt); Managed.Configure sets it.
	AfterInterrupt func(ctx context.Context) (context.Context, context.CancelFunc, bool)
	// Center is the contact center the provider configuration reaches
	// (CenterOf), recorded by a create and checked by a refresh
	// (checkCenter); "" checks nothing. Configure sets it.
	Center string
	// Volatile names the attributes (at the root) that change by
	// themselves, which the check of another contact center ignores
	// (sameObject): "state" of an object under review, "is_used" of a
	// signature, "updated_at" of a task.
	Volatile []string
	// Claims are the provider configuration's (tfkit.Claims), for the
	// check of an object managed twice (WarnManagedTwice); Configure sets
	// them.
	Claims *tfkit.Claims
}

// Read is read-or-remove: the object is read through Get; when it is gone
// the resource leaves the state (the next plan re-creates it).
func (s Steps[M]) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var m M
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	// The identity is set first: the framework wants one even from a read
	// that removes the resource.
	SetIdentity(ctx, req.State, resp.Identity, &resp.Diagnostics)
	if bad := stateIDBroken(ctx, req.State); bad != "" {
		// Read as "gone", a broken id planned a new object beside the
		// one the state was meant to name (a second webhook, task, voice
		// file: their names need not be unique).
		resp.Diagnostics.AddError("Unable to Read "+s.Title,
			fmt.Sprintf("The state gives this %s the id %q, which is no id (a whole number): the state was edited or damaged. Nothing was read or changed. "+
				"Restore the state from a copy, or remove the resource from it (terraform state rm) and import the object by its id.", Noun(s.Title), bad))
		return
	}
	if err := s.Get(ctx, &m); err != nil {
		if client.IsNotFound(err) {
			if s.goneElsewhere(ctx, req, resp) {
				return
			}
			resp.State.RemoveResource(ctx)
			return
		}
		if other := (*OtherObjectError)(nil); errors.As(err, &other) {
			resp.Diagnostics.AddError("Unable to Read "+s.Title, other.Error()+" Nothing was changed. "+other.Advice)
			return
		}
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Read "+s.Title, err)
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
	SetIdentity(ctx, resp.State, resp.Identity, &resp.Diagnostics)
	s.markFirstRead(ctx, req.Private, resp.Private, &resp.Diagnostics)
	s.checkCenter(ctx, req, resp)
}

// OtherObjectError is a read whose object is not the one the state names:
// the id names another object (most often of another contact center, whose
// ids overlap with this one's). Error says what was found; Advice what to
// do. A refresh stops with it, saying nothing was changed; a read-back
// after a write (a plan made with -refresh=false) says the write reached
// that object.
type OtherObjectError struct{ Msg, Advice string }

func (e *OtherObjectError) Error() string { return e.Msg }

// stateIDBroken returns the state's id when it is not an id the provider
// writes (a whole number, or two joined by ":" for a membership), "" when
// it is one or the state has none.
func stateIDBroken(ctx context.Context, state tfsdk.State) string {
	var id types.String
	if d := state.GetAttribute(ctx, path.Root("id"), &id); d.HasError() || id.IsNull() || id.IsUnknown() {
		return ""
	}
	if stateIDRE.MatchString(id.ValueString()) {
		return ""
	}
	return id.ValueString()
}

var stateIDRE = regexp.MustCompile(`^[1-9][0-9]*(:[1-9][0-9]*)?$`)

// Create gets the plan, calls create (which sends the object and records
// its id in m) and reads the object back (SaveAndReadBack).
func (s Steps[M]) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse, create func(ctx context.Context, plan *M) error) {
	var plan M
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	ctx = withExplanations(ctx)
	if err := create(ctx, &plan); err != nil {
		tfkit.AddErrorAt(&resp.Diagnostics, err, "Unable to Create "+s.Title, tfkit.APIErrorDetail(err), tfkit.ConfigNames(req.Plan.Schema.GetAttributes()), s.NestedPaths)
		return
	}
	s.SaveCreated(ctx, &plan, resp)
	ReadBackDiffers(ctx, s.Title, "Create", req.Plan, &resp.State, &resp.Diagnostics)
}

// SaveCreated is SaveAndReadBack after a create, which also records the
// contact center the object was created in (RecordCenter).
func (s Steps[M]) SaveCreated(ctx context.Context, m *M, resp *resource.CreateResponse) {
	s.SaveAndReadBack(ctx, "Create", m, &resp.State, resp.Identity, &resp.Diagnostics)
	if !resp.State.Raw.IsNull() {
		s.RecordCenter(ctx, resp.Private, &resp.Diagnostics)
	}
}

// Update gets the plan and the prior state, calls update unless only
// provider-side settings changed (attributes that never reach the API,
// such as force_delete or timeouts), and reads the object back.
func (s Steps[M]) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse, update func(ctx context.Context, plan, state *M) error, providerOnly ...string) {
	var plan, state M
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if OnlyChanged(ctx, req.Plan.Raw, req.State.Raw, req.Config.Raw, providerOnly...) {
		// Values the service computes stay as they were.
		resp.State.Raw = NullUnknowns(FillUnknowns(req.Plan.Raw, req.State.Raw))
		SetIdentity(ctx, resp.State, resp.Identity, &resp.Diagnostics)
		return
	}
	if s.UnreadElsewhere(ctx, "Update", req.Private, req.State, &resp.Diagnostics) {
		return
	}
	ctx = withExplanations(ctx)
	if err := update(ctx, &plan, &state); err != nil {
		tfkit.AddErrorAt(&resp.Diagnostics, err, "Unable to Update "+s.Title, tfkit.WithGone(tfkit.APIErrorDetailOf(tfkit.OpUpdate, err), s.GoneSincePlan(ctx, &state)),
			tfkit.ConfigNames(req.Plan.Schema.GetAttributes()), s.NestedPaths)
		return
	}
	s.SaveAndReadBack(ctx, "Update", &plan, &resp.State, resp.Identity, &resp.Diagnostics)
	ReadBackDiffers(ctx, s.Title, "Update", req.Plan, &resp.State, &resp.Diagnostics)
}

// GoneSincePlan explains an update that failed because the object was
// deleted after the plan was made (a saved plan applied later, a person in
// the portal meanwhile): the service's refusal alone ("code 404: user 1001
// does not exist") said nothing to do. It reads m once, only after a
// failed update (a refusal that means "not found" may name another object,
// such as a template's signature), and returns "" when m is still there.
func (s Steps[M]) GoneSincePlan(ctx context.Context, m *M) string {
	if !client.IsNotFound(s.Get(ctx, m)) {
		return ""
	}
	return "\n\nThe object no longer exists: it was deleted outside Terraform after this plan was made. " +
		"Run terraform plan again: it plans to create it anew."
}

// Delete is delete-if-gone: an object that no longer exists counts as
// deleted, also when the delete's answer was lost and a read finds it
// gone. explain, when not nil, may add advice for a particular failure
// (it returns "" to add none).
func (s Steps[M]) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse, del func(ctx context.Context, state *M) error, explain func(error) string) {
	var state M
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() || s.UnreadElsewhere(ctx, "Delete", req.Private, req.State, &resp.Diagnostics) {
		return
	}
	err := del(ctx, &state)
	if err == nil || client.IsNotFound(err) {
		return
	}
	verdict, again := "was not deleted", ""
	if ctx.Err() != nil && !client.NotSent(err) {
		// Interrupted (Ctrl-C) while the delete was on its way: the
		// service carries out what it received, and the cancelled context
		// leaves nothing to read it back with. "Was not deleted" was said
		// of objects the platform had deleted.
		verdict = "may or may not have been deleted (its request was already sent)"
		// One read outside the cancelled context tells: gone, the object
		// leaves the state. A destroy of 100 agents interrupted kept about
		// ten the platform had deleted, each with this error, until the
		// next run's refresh dropped them.
		if s.AfterInterrupt != nil {
			if rctx, cancel, ok := s.AfterInterrupt(ctx); ok {
				read := state
				gerr := s.Get(client.FreshReads(rctx), &read)
				cancel()
				switch {
				case client.IsNotFound(gerr):
					return
				case gerr == nil:
					verdict = "may or may not have been deleted (its request was already sent; read right after the interrupt, it still existed: the platform may yet carry out the delete, or it refused it)"
				default:
					verdict = fmt.Sprintf("may or may not have been deleted (its request was already sent, and reading it back right after the interrupt failed: %s)", gerr)
				}
			}
		}
	}
	if client.IsAmbiguous(err) && ctx.Err() == nil {
		// The answer was lost or the service failed (every attempt): the
		// delete may have taken effect, and one read tells. Gone, it was
		// deleted; a destroy that said "not deleted" of an object already
		// gone left it in the state for the next run to drop.
		read := state
		switch gerr := s.Get(ctx, &read); {
		case client.IsNotFound(gerr):
			return
		case gerr != nil:
			// The read's error in one line: its advice would repeat the
			// delete's.
			verdict = fmt.Sprintf("may or may not have been deleted (reading it back to find out failed too: %s)", gerr)
			again = "\n\nRun the destroy (or apply) again: an object already gone is then dropped from the state, one still there deleted."
		}
	}
	detail := tfkit.APIErrorDetailOf(tfkit.OpDelete, err) + again
	// Terraform shows a destroy's error without the resource's address
	// when the configuration no longer has it: the detail names the
	// object (nine failed deletes could only be told apart by elimination).
	var id types.String
	named := ""
	if d := req.State.GetAttribute(ctx, path.Root("id"), &id); !d.HasError() && !id.IsNull() && !id.IsUnknown() {
		detail = fmt.Sprintf("The %s with id %s %s. %s", Noun(s.Title), id.ValueString(), verdict, detail)
		if a, v := label(ctx, req.State); a != "" {
			named = fmt.Sprintf("\n\nThe %s with id %s has %s %q.", Noun(s.Title), id.ValueString(), a, v)
		}
	}
	if explain != nil {
		if more := explain(err); more != "" {
			detail += "\n\n" + more
		}
	}
	detail += named
	resp.Diagnostics.AddError("Unable to Delete "+s.Title, detail)
}

// labelAttrs are the attributes that name an object to a person, in the
// order they are looked for: the unique ones first.
var labelAttrs = []string{"que_name", "user_num", "template_name", "sign_text", "name"}

// label returns the first label attribute of a state and its value, or
// "" when it has none: with a for_each of teams taken out of the
// configuration, each failed delete named only an id, and Terraform shows
// no address for an object the configuration no longer declares.
func label(ctx context.Context, state tfsdk.State) (string, string) {
	for _, a := range labelAttrs {
		var v types.String
		if d := state.GetAttribute(ctx, path.Root(a), &v); !d.HasError() && !v.IsNull() && !v.IsUnknown() && v.ValueString() != "" {
			return a, v.ValueString()
		}
	}
	return "", ""
}

// SaveAndReadBack is the one read-back after a write. It first saves m (the
// planned values with the id the write returned; values still unknown are
// saved as null), so a failed read never leaves unknown values in state nor
// taints an object that exists; then it reads the object through Get and
// saves what the API holds. A failed read-back is a warning: the object was
// written, and the next plan's refresh fills in what is missing.
func (s Steps[M]) SaveAndReadBack(ctx context.Context, op string, m *M, state *tfsdk.State, identity *tfsdk.ResourceIdentity, diags *diag.Diagnostics) {
	diags.Append(state.Set(ctx, m)...)
	if diags.HasError() {
		return
	}
	state.Raw = NullUnknowns(state.Raw)
	SetIdentity(ctx, *state, identity, diags)
	if err := s.Get(ctx, m); err != nil {
		if other := (*OtherObjectError)(nil); errors.As(err, &other) {
			// Found only now (a plan made with -refresh=false read nothing):
			// the write reached that other object.
			diags.AddError(fmt.Sprintf("%s %sd, but Its Id Names Another %s", s.Title, op, s.Title),
				fmt.Sprintf("The write was sent to the %s's id before reading it back found this, so it changed that other %s: %s "+
					"Check it and undo the change there if needed (the state keeps this resource's values). %s",
					Noun(s.Title), Noun(s.Title), other.Error(), other.Advice))
			return
		}
		diags.AddWarning(fmt.Sprintf("%s %sd, but Reading It Back Failed", s.Title, op),
			fmt.Sprintf("The %s was %s and its id is saved, but reading it back failed:\n\n%s\n\n"+
				"Values the service computes are unknown until the next refresh; run terraform plan or apply again to read them.",
				Noun(s.Title), pastTense(op), tfkit.APIErrorDetailOf(tfkit.OpRead, err)))
		return
	}
	diags.Append(state.Set(ctx, m)...)
	SetIdentity(ctx, *state, identity, diags)
}

// Noun is a title ("Skill Group", "SMS Template") as a sentence writes it
// after its beginning: "skill group", "SMS template" (strings.ToLower made
// "sms template").
func Noun(title string) string {
	words := strings.Fields(title)
	for i, w := range words {
		if w != strings.ToUpper(w) || len(w) == 1 {
			words[i] = strings.ToLower(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}

func pastTense(op string) string {
	switch op {
	case "Create":
		return "created"
	case "Update":
		return "updated"
	}
	return op
}

// NullUnknowns replaces every unknown value in v by a null of its type.
func NullUnknowns(v tftypes.Value) tftypes.Value {
	out, err := tftypes.Transform(v, func(_ *tftypes.AttributePath, v tftypes.Value) (tftypes.Value, error) {
		if !v.IsKnown() {
			return tftypes.NewValue(v.Type(), nil), nil
		}
		return v, nil
	})
	if err != nil {
		return v
	}
	return out
}

// FillUnknowns replaces every unknown value in plan by the prior value at
// the same path (when there is one).
func FillUnknowns(plan, prior tftypes.Value) tftypes.Value {
	out, err := tftypes.Transform(plan, func(p *tftypes.AttributePath, v tftypes.Value) (tftypes.Value, error) {
		if v.IsKnown() {
			return v, nil
		}
		if old, _, err := tftypes.WalkAttributePath(prior, p); err == nil {
			if ov, ok := old.(tftypes.Value); ok && ov.Type().Equal(v.Type()) {
				return ov, nil
			}
		}
		return v, nil
	})
	if err != nil {
		return plan
	}
	return out
}

// OnlyChanged tells whether plan and state differ in the named top-level
// attributes only (provider-side settings that reach no API). A value
// unknown in plan is not a change where the configuration leaves the
// attribute unset: the service computes it, and it can only change if the
// object is written. A configured value that is unknown (at plan time, a
// reference to an object not yet known) is a change.
func OnlyChanged(ctx context.Context, plan, state, config tftypes.Value, names ...string) bool {
	if len(names) == 0 {
		return false
	}
	var p, s, c map[string]tftypes.Value
	if plan.As(&p) != nil || state.As(&s) != nil || config.As(&c) != nil {
		return false
	}
	skip := map[string]bool{}
	for _, n := range names {
		skip[n] = true
	}
	for k, pv := range p {
		if skip[k] {
			continue
		}
		if !pv.IsKnown() && (c[k].IsNull() || c[k].Type() == nil) {
			continue
		}
		sv, ok := s[k]
		if !ok || !pv.IsFullyKnown() || !pv.Equal(sv) {
			return false
		}
	}
	return true
}

// PlanKeepsComputed is a ModifyPlan step: when only provider-side settings
// change, nothing is written, so every value the service computes keeps its
// state value instead of showing "(known after apply)".
func PlanKeepsComputed(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse, providerOnly ...string) {
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	if OnlyChanged(ctx, resp.Plan.Raw, req.State.Raw, req.Config.Raw, providerOnly...) {
		resp.Plan.Raw = FillUnknowns(resp.Plan.Raw, req.State.Raw)
		return
	}
	resp.Plan.Raw = unknownWhenWritten(resp.Plan, req.State.Raw, providerOnly)
}

// unknownWhenWritten marks unknown the computed attributes that a write may
// change (computed only, with no plan modifier of their own: updated_at,
// a status name) when the plan changes the object. Terraform proposes an
// optional computed attribute removed from the configuration at its state
// value, and the framework marks computed values unknown only when the
// proposal differs from the state; OmitNulls' modifier then plans the
// removal as null. A plan whose only change was such a removal kept
// updated_at at its state value, and the apply failed with "Provider
// produced inconsistent result" when the write moved it.
func unknownWhenWritten(plan tfsdk.Plan, state tftypes.Value, providerOnly []string) tftypes.Value {
	var p, s map[string]tftypes.Value
	if plan.Raw.As(&p) != nil || state.As(&s) != nil {
		return plan.Raw
	}
	changed := false
	for k, pv := range p {
		if !slices.Contains(providerOnly, k) && !pv.Equal(s[k]) {
			changed = true
			break
		}
	}
	if !changed {
		return plan.Raw
	}
	for name, a := range plan.Schema.GetAttributes() {
		if !a.IsComputed() || a.IsOptional() || a.IsRequired() || hasPlanModifiers(a) || !p[name].IsKnown() {
			continue
		}
		p[name] = tftypes.NewValue(p[name].Type(), tftypes.UnknownValue)
	}
	return tftypes.NewValue(plan.Raw.Type(), p)
}

// hasPlanModifiers reports whether a schema attribute has plan modifiers
// of its own (UseStateForUnknown, FollowsAttribute), which decide its plan.
func hasPlanModifiers(a any) bool {
	v := reflect.ValueOf(a)
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return false
	}
	pm := v.FieldByName("PlanModifiers")
	return pm.IsValid() && pm.Len() > 0
}

// SetIdentity copies the identity attributes from the state attributes of
// the same names (every identity of this provider is made of state
// attributes). identity is nil when Terraform does not support identity.
func SetIdentity(ctx context.Context, state tfsdk.State, identity *tfsdk.ResourceIdentity, diags *diag.Diagnostics) {
	setIdentityFrom(ctx, state.Raw, identity, diags)
}

func setIdentityFrom(ctx context.Context, raw tftypes.Value, identity *tfsdk.ResourceIdentity, diags *diag.Diagnostics) {
	if identity == nil || raw.IsNull() {
		return
	}
	typ := identity.Schema.Type().TerraformType(ctx)
	vals := map[string]tftypes.Value{}
	for name := range identity.Schema.GetAttributes() {
		v, _, err := tftypes.WalkAttributePath(raw, tftypes.NewAttributePath().WithAttributeName(name))
		tv, ok := v.(tftypes.Value)
		if err != nil || !ok {
			diags.AddError("Unable to Set Resource Identity",
				fmt.Sprintf("The identity attribute %q has no state attribute of the same name: %v. Please report this issue to the provider developers.", name, err))
			return
		}
		vals[name] = tv
	}
	identity.Raw = tftypes.NewValue(typ, vals)
}

// DiagsError turns error diagnostics into an error (nil when there are
// none), for the functions the steps call, which return an error: a
// conversion of a set or list attribute (ElementsAs, SetValueFrom) that
// fails inside a flatten or an expand. Each error is "summary: detail", one
// per line.
func DiagsError(d diag.Diagnostics) error {
	var msgs []string
	for _, e := range d.Errors() {
		msgs = append(msgs, e.Summary()+": "+e.Detail())
	}
	if len(msgs) == 0 {
		return nil
	}
	return errors.New(strings.Join(msgs, "\n"))
}
