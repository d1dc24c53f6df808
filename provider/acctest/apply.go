package acctest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hcldec"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// Parallelism is Terraform's default -parallelism: how many resource
// instances one plan or apply walks at once.
const Parallelism = 10

// Instance is one resource instance as Terraform keeps it between runs:
// its state and the provider's private data. The zero Instance is an
// instance not yet created.
type Instance struct {
	State   *tfprotov6.DynamicValue
	Private []byte
	// Action is what the plan of the Apply that made it did, as
	// Terraform's plan shows it: "create", "update", "no-op" or "replace"
	// (destroy, then create).
	Action string
	// Planned is the planned state that Apply applied (the plan's value,
	// unknowns included).
	Planned *tfprotov6.DynamicValue
}

// Resources drives the instances of one resource type over the protocol
// in process, making the calls Terraform's plan and apply make for them,
// Parallelism instances at a time. Each walk (a plan, an apply, the plan
// after an apply) runs on a provider configured for it, as each Terraform
// command starts its own provider process: a client's state (its writes
// so far, what it has cached) does not carry from one walk to the next.
// For tests of what the provider does (API calls, state) that need no
// Terraform CLI; Terraform's own handling (its diff, import) stays with
// the CLI tests.
type Resources struct {
	t         testing.TB
	newServer func() tfprotov6.ProviderServer
	typ       string
	schema    *tfprotov6.Schema
	ty        tftypes.Type
	// PreApply, when set, runs after the plan walk of each Apply or
	// TryApply that planned without error, before its apply walk: the
	// moment of a CLI test's PreApply plan checks (between `terraform
	// plan -out` and `terraform apply`).
	PreApply func()
}

// Resources returns a driver of resource typ, each walk on a new server
// configured for this simulator.
func (e *Env) Resources(t testing.TB, typ string) *Resources {
	t.Helper()
	return NewResources(t, func() tfprotov6.ProviderServer { return e.ActionServer(t) }, typ)
}

// NewResources drives resource typ, each walk on a server newServer
// returns (configured).
func NewResources(t testing.TB, newServer func() tfprotov6.ProviderServer, typ string) *Resources {
	t.Helper()
	schemas, err := newServer().GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil || schemas.ResourceSchemas[typ] == nil {
		t.Fatalf("schema of %s: %v", typ, err)
	}
	s := schemas.ResourceSchemas[typ]
	return &Resources{t: t, newServer: newServer, typ: typ, schema: s, ty: s.ValueType()}
}

// Type is the resource's value type.
func (r *Resources) Type() tftypes.Type { return r.ty }

// Decode is an instance's state as plain Go values (nil when none).
func (r *Resources) Decode(in Instance) map[string]any {
	r.t.Helper()
	if in.State == nil {
		return nil
	}
	m, _ := decode(r.t, in.State, r.ty).(map[string]any)
	return m
}

// each runs f for 0..n-1, Parallelism at a time, and fails the test after
// all have run if any reported an error.
func (r *Resources) each(what string, n int, f func(i int) error) {
	r.t.Helper()
	if err := r.run(what, n, f); err != nil {
		r.t.Error(err)
		r.t.FailNow()
	}
}

// run runs f for 0..n-1, Parallelism at a time, and returns the errors
// they reported, each named by what and the instance, joined (nil when
// none).
func (r *Resources) run(what string, n int, f func(i int) error) error {
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
	)
	sem := make(chan struct{}, Parallelism)
	for i := range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			if err := f(i); err != nil {
				mu.Lock()
				errs = append(errs, fmt.Errorf("%s: %s[%d]: %w", what, r.typ, i, err))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// Apply is a test step's `terraform plan -out` and `terraform apply` of
// configs (one per instance) over priors (nil, or one per config; a zero
// Instance is created): the plan walk validates each configuration,
// refreshes each existing instance (ReadResource) and plans it
// (PlanResourceChange); the apply walk, on a provider of its own, plans
// each again with its final configuration and applies it
// (ApplyResourceChange), as Terraform does. It returns the applied
// instances. Any error fails the test (TryApply returns it).
func (r *Resources) Apply(priors []Instance, configs []any) []Instance {
	r.t.Helper()
	out, err := r.TryApply(priors, configs)
	if err != nil {
		r.t.Error(err)
		r.t.FailNow()
	}
	return out
}

// TryApply is Apply of a step that may fail (ExpectError): it returns the
// errors of the plan walk, or else of the apply walk, as Terraform reports
// them (the diagnostics' summaries and details), joined. When the plan
// fails nothing is applied and no instance is returned; when an apply
// fails, each instance is what Terraform keeps in its state: the state an
// apply returned (even with an error), or else the refreshed prior one.
func (r *Resources) TryApply(priors []Instance, configs []any) ([]Instance, error) {
	r.t.Helper()
	if priors == nil {
		priors = make([]Instance, len(configs))
	}
	if len(priors) != len(configs) {
		r.t.Fatalf("apply: %d priors for %d configurations", len(priors), len(configs))
	}
	ctx := r.t.Context()
	cfgs := make([]*tfprotov6.DynamicValue, len(configs))
	for i, c := range configs {
		cfgs[i] = r.typed(c)
	}
	srv := r.newServer()
	refreshed := make([]Instance, len(priors))
	planned := make([]*tfprotov6.PlanResourceChangeResponse, len(priors))
	actions := make([]string, len(priors))
	err := r.run("plan", len(configs), func(i int) error {
		if err := r.validate(srv, cfgs[i]); err != nil {
			return err
		}
		refreshed[i] = priors[i]
		if priors[i].State != nil {
			read, err := srv.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: r.typ, CurrentState: priors[i].State, Private: priors[i].Private})
			if err := failed(err, func() []*tfprotov6.Diagnostic { return read.Diagnostics }); err != nil {
				return fmt.Errorf("refresh: %w", err)
			}
			refreshed[i] = Instance{State: read.NewState, Private: read.Private}
			if r.isNull(read.NewState) {
				refreshed[i] = Instance{} // gone: Terraform plans a create
			}
		}
		p, err := r.plan(srv, refreshed[i], cfgs[i])
		if err != nil {
			return err
		}
		actions[i], err = r.action(refreshed[i], p)
		if err != nil {
			return err
		}
		if actions[i] == "replace" {
			// Terraform plans the new object as a create.
			if p, err = r.plan(srv, Instance{}, cfgs[i]); err != nil {
				return err
			}
		}
		planned[i] = p
		return nil
	})
	if err != nil {
		return nil, err
	}
	if r.PreApply != nil {
		r.PreApply()
	}
	srv = r.newServer()
	out := make([]Instance, len(configs))
	err = r.run("apply", len(configs), func(i int) error {
		out[i] = refreshed[i] // what Terraform keeps if this apply fails
		if actions[i] == "no-op" {
			out[i] = refreshed[i] // Terraform applies nothing
			out[i].Action, out[i].Planned = actions[i], planned[i].PlannedState
			return nil
		}
		if actions[i] == "replace" {
			if err := r.destroy(srv, refreshed[i]); err != nil {
				return err
			}
			refreshed[i], out[i] = Instance{}, Instance{}
		}
		prior := r.nullIfNone(refreshed[i].State)
		p, err := r.plan(srv, refreshed[i], cfgs[i])
		if err != nil {
			return err
		}
		// Terraform's "Provider produced inconsistent final plan": a
		// value known at plan time changed.
		saved, err1 := planned[i].PlannedState.Unmarshal(r.ty)
		final, err2 := p.PlannedState.Unmarshal(r.ty)
		if err1 != nil || err2 != nil {
			return fmt.Errorf("decoding: %w", errors.Join(err1, err2))
		}
		if saved.IsFullyKnown() && !final.Equal(saved) {
			return fmt.Errorf("inconsistent final plan:\nplanned %v\nfinal   %v", saved, final)
		}
		res, err := srv.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{
			TypeName: r.typ, PriorState: prior, PlannedState: p.PlannedState, Config: cfgs[i], PlannedPrivate: p.PlannedPrivate,
		})
		if err := failed(err, func() []*tfprotov6.Diagnostic { return res.Diagnostics }); err != nil {
			if res != nil && !r.isNull(res.NewState) {
				out[i] = Instance{State: res.NewState, Private: res.Private}
			}
			return fmt.Errorf("apply: %w", err)
		}
		// Terraform's "Provider produced inconsistent result after
		// apply": a value known in the plan came back otherwise.
		if err := r.consistent(p.PlannedState, res.NewState); err != nil {
			return err
		}
		out[i] = Instance{State: res.NewState, Private: res.Private, Action: actions[i], Planned: planned[i].PlannedState}
		return nil
	})
	return out, err
}

// validate is ValidateResourceConfig of config, which every Terraform
// plan makes first.
func (r *Resources) validate(srv tfprotov6.ProviderServer, config *tfprotov6.DynamicValue) error {
	v, err := srv.ValidateResourceConfig(r.t.Context(), &tfprotov6.ValidateResourceConfigRequest{TypeName: r.typ, Config: config})
	if err := failed(err, func() []*tfprotov6.Diagnostic { return v.Diagnostics }); err != nil {
		return fmt.Errorf("validate: %w", err)
	}
	return nil
}

// action is the action Terraform's plan shows for p over prior.
func (r *Resources) action(prior Instance, p *tfprotov6.PlanResourceChangeResponse) (string, error) {
	if prior.State == nil {
		return "create", nil
	}
	before, err1 := prior.State.Unmarshal(r.ty)
	after, err2 := p.PlannedState.Unmarshal(r.ty)
	if err1 != nil || err2 != nil {
		return "", fmt.Errorf("decoding: %w", errors.Join(err1, err2))
	}
	switch {
	case len(p.RequiresReplace) > 0:
		return "replace", nil
	case after.Equal(before):
		return "no-op", nil
	}
	return "update", nil
}

// Destroy is `terraform apply` of a configuration without these instances
// (or `terraform destroy`): each is refreshed and planned for deletion,
// then deleted (ApplyResourceChange to a null state), each walk on a
// provider of its own; one the refresh finds gone is dropped. Any error
// fails the test (TryDestroy returns it).
func (r *Resources) Destroy(insts []Instance) {
	r.t.Helper()
	if _, err := r.TryDestroy(insts); err != nil {
		r.t.Error(err)
		r.t.FailNow()
	}
}

// TryDestroy is Destroy of a step that may fail (ExpectError): it returns
// the errors of the plan walk, or else of the destroy walk, joined, and
// the instances Terraform keeps in its state: all of them when the plan
// fails, else those whose deletion failed (zero Instances for the others).
func (r *Resources) TryDestroy(insts []Instance) ([]Instance, error) {
	r.t.Helper()
	ctx, srv := r.t.Context(), r.newServer()
	refreshed := make([]Instance, len(insts))
	err := r.run("plan", len(insts), func(i int) error {
		read, err := srv.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: r.typ, CurrentState: insts[i].State, Private: insts[i].Private})
		if err := failed(err, func() []*tfprotov6.Diagnostic { return read.Diagnostics }); err != nil {
			return fmt.Errorf("refresh: %w", err)
		}
		refreshed[i] = Instance{State: read.NewState, Private: read.Private}
		if r.isNull(read.NewState) {
			return nil // gone already: Terraform drops it from the state
		}
		return r.planDestroy(srv, refreshed[i])
	})
	if err != nil {
		return insts, err
	}
	srv = r.newServer()
	kept := make([]Instance, len(insts))
	err = r.run("destroy", len(insts), func(i int) error {
		if r.isNull(refreshed[i].State) {
			return nil
		}
		if err := r.destroy(srv, refreshed[i]); err != nil {
			kept[i] = refreshed[i]
			return err
		}
		return nil
	})
	return kept, err
}

// isNull reports whether dv is no object (a resource Read found gone).
func (r *Resources) isNull(dv *tfprotov6.DynamicValue) bool {
	if dv == nil {
		return true
	}
	v, err := dv.Unmarshal(r.ty)
	return err == nil && v.IsNull()
}

// planDestroy is PlanResourceChange of a deletion (Terraform's destroy plan,
// for a provider that plans destroys).
func (r *Resources) planDestroy(srv tfprotov6.ProviderServer, in Instance) error {
	null := r.nullIfNone(nil)
	p, err := srv.PlanResourceChange(r.t.Context(), &tfprotov6.PlanResourceChangeRequest{
		TypeName: r.typ, PriorState: in.State, ProposedNewState: null, Config: null, PriorPrivate: in.Private,
	})
	if err := failed(err, func() []*tfprotov6.Diagnostic { return p.Diagnostics }); err != nil {
		return fmt.Errorf("plan destroy: %w", err)
	}
	return nil
}

// destroy deletes in: the destroy plan again, then ApplyResourceChange to
// a null state.
func (r *Resources) destroy(srv tfprotov6.ProviderServer, in Instance) error {
	if err := r.planDestroy(srv, in); err != nil {
		return err
	}
	null := r.nullIfNone(nil)
	res, err := srv.ApplyResourceChange(r.t.Context(), &tfprotov6.ApplyResourceChangeRequest{
		TypeName: r.typ, PriorState: in.State, PlannedState: null, Config: null, PlannedPrivate: in.Private,
	})
	if err := failed(err, func() []*tfprotov6.Diagnostic { return res.Diagnostics }); err != nil {
		return fmt.Errorf("destroy: %w", err)
	}
	return nil
}

// Config is body, the inside of a resource block (attributes and blocks,
// no references), decoded against the resource's schema as Terraform
// decodes it: a configuration for Apply.
func (r *Resources) Config(body string) *tfprotov6.DynamicValue {
	r.t.Helper()
	f, hd := hclsyntax.ParseConfig([]byte(body), r.typ+".tf", hcl.InitialPos)
	if hd.HasErrors() {
		r.t.Fatalf("config: %v", hd)
	}
	spec, err := blockSpec(r.schema.Block)
	if err != nil {
		r.t.Fatal(err)
	}
	v, hd := hcldec.Decode(f.Body, spec, &hcl.EvalContext{Functions: functions()})
	if hd.HasErrors() {
		r.t.Fatalf("config: %v", hd)
	}
	ty, err := ctyType(r.ty)
	if err != nil {
		r.t.Fatal(err)
	}
	dv, err := dynamicValue(v, ty)
	if err != nil {
		r.t.Fatal(err)
	}
	return dv
}

// typed is a configuration for Apply: a value Config made, or a Go value
// that encodes to the configuration's JSON.
func (r *Resources) typed(c any) *tfprotov6.DynamicValue {
	r.t.Helper()
	if dv, ok := c.(*tfprotov6.DynamicValue); ok {
		return dv
	}
	return typedConfig(r.t, r.ty, c)
}

// ExpectKnownValue is statecheck.ExpectKnownValue of in's state: the
// value at path, as `terraform show -json` shows it, passes want.
func (r *Resources) ExpectKnownValue(in Instance, path tfjsonpath.Path, want knownvalue.Check) error {
	r.t.Helper()
	return r.expect(in.State, path, want)
}

// ExpectPlannedValue is plancheck.ExpectKnownValue of the plan Apply
// applied to in: the value at path passes want. An unknown value reads as
// null here: check a known value, not knownvalue.Null().
func (r *Resources) ExpectPlannedValue(in Instance, path tfjsonpath.Path, want knownvalue.Check) error {
	r.t.Helper()
	return r.expect(in.Planned, path, want)
}

func (r *Resources) expect(dv *tfprotov6.DynamicValue, path tfjsonpath.Path, want knownvalue.Check) error {
	r.t.Helper()
	return ExpectValue(r.Decode(Instance{State: dv}), path, want)
}

// ExpectValue is statecheck.ExpectKnownValue of a state decoded to plain
// Go values (Resources.Decode, ReadDataSource's state): the value at path,
// as `terraform show -json` shows it, passes want.
func ExpectValue(state map[string]any, path tfjsonpath.Path, want knownvalue.Check) error {
	b, err := json.Marshal(state)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return err
	}
	v, err = tfjsonpath.Traverse(v, path)
	if err != nil {
		return err
	}
	if err := want.CheckValue(v); err != nil {
		return fmt.Errorf("error checking value for attribute at path: %s, err: %w", path, err)
	}
	return nil
}

// Plan is `terraform plan` of configs over insts (one per config): each
// refreshed and planned, on a provider of its own. It returns each
// instance's action ("no-op" for an empty plan).
func (r *Resources) Plan(insts []Instance, configs []any) []string {
	r.t.Helper()
	planned, _ := r.planAll(insts, configs)
	return actionsOf(planned)
}

// PlanInstances is Plan, returning for each instance what the plan shows
// of it (`terraform show -json` of the plan): State is the refreshed
// instance (the change's "before"; zero when the refresh found it gone),
// Planned the planned state (its "after") and Action the action.
func (r *Resources) PlanInstances(insts []Instance, configs []any) []Instance {
	r.t.Helper()
	planned, _ := r.planAll(insts, configs)
	return planned
}

// PlanDiagnostics is Plan, also returning each instance's plan
// diagnostics (its warnings: an error fails the test), as the provider
// sent them: the CLI shows warnings of the same title folded into the
// first ("and one more similar warning elsewhere").
func (r *Resources) PlanDiagnostics(insts []Instance, configs []any) ([]string, [][]*tfprotov6.Diagnostic) {
	r.t.Helper()
	planned, diags := r.planAll(insts, configs)
	return actionsOf(planned), diags
}

// actionsOf returns the action of each planned instance.
func actionsOf(planned []Instance) []string {
	actions := make([]string, len(planned))
	for i, p := range planned {
		actions[i] = p.Action
	}
	return actions
}

// planAll plans each instance (PlanInstances) and returns its diagnostics.
func (r *Resources) planAll(insts []Instance, configs []any) ([]Instance, [][]*tfprotov6.Diagnostic) {
	r.t.Helper()
	ctx, srv := r.t.Context(), r.newServer()
	out := make([]Instance, len(insts))
	diags := make([][]*tfprotov6.Diagnostic, len(insts))
	r.each("plan", len(insts), func(i int) error {
		config := r.typed(configs[i])
		if err := r.validate(srv, config); err != nil {
			return err
		}
		prior := insts[i]
		if prior.State != nil {
			read, err := srv.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: r.typ, CurrentState: prior.State, Private: prior.Private})
			if err := failed(err, func() []*tfprotov6.Diagnostic { return read.Diagnostics }); err != nil {
				return fmt.Errorf("refresh: %w", err)
			}
			prior = Instance{State: read.NewState, Private: read.Private}
			if r.isNull(read.NewState) {
				prior = Instance{}
			}
		}
		p, err := r.plan(srv, prior, config)
		if err != nil {
			return err
		}
		out[i] = prior
		out[i].Planned = p.PlannedState
		diags[i] = p.Diagnostics
		out[i].Action, err = r.action(prior, p)
		return err
	})
	return out, diags
}

// CheckPlanEmpty is the plan after an apply that Terraform's acceptance
// tests require to be empty: each instance refreshed (ReadResource) and
// planned with its configuration must give its applied state back,
// unchanged and with nothing to replace.
func (r *Resources) CheckPlanEmpty(applied []Instance, configs []any) {
	r.t.Helper()
	ctx, srv := r.t.Context(), r.newServer()
	r.each("plan after apply", len(applied), func(i int) error {
		config := r.typed(configs[i])
		if err := r.validate(srv, config); err != nil {
			return err
		}
		read, err := srv.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: r.typ, CurrentState: applied[i].State, Private: applied[i].Private})
		if err := failed(err, func() []*tfprotov6.Diagnostic { return read.Diagnostics }); err != nil {
			return fmt.Errorf("refresh: %w", err)
		}
		p, err := r.plan(srv, Instance{State: read.NewState, Private: read.Private}, config)
		if err != nil {
			return err
		}
		before, err1 := applied[i].State.Unmarshal(r.ty)
		after, err2 := read.NewState.Unmarshal(r.ty)
		plan, err3 := p.PlannedState.Unmarshal(r.ty)
		if err1 != nil || err2 != nil || err3 != nil {
			return fmt.Errorf("decoding: %w", errors.Join(err1, err2, err3))
		}
		if !after.Equal(before) || !plan.Equal(before) || len(p.RequiresReplace) > 0 {
			return fmt.Errorf("after the apply, the plan is not empty:\napplied   %v\nrefreshed %v\nplanned   %v (replace %v)", before, after, plan, p.RequiresReplace)
		}
		return nil
	})
}

// plan is PlanResourceChange of config over prior, with Terraform's
// proposed new state.
func (r *Resources) plan(srv tfprotov6.ProviderServer, prior Instance, config *tfprotov6.DynamicValue) (*tfprotov6.PlanResourceChangeResponse, error) {
	priorDV := r.nullIfNone(prior.State)
	proposed, err := r.proposed(priorDV, config)
	if err != nil {
		return nil, err
	}
	p, err := srv.PlanResourceChange(r.t.Context(), &tfprotov6.PlanResourceChangeRequest{
		TypeName: r.typ, PriorState: priorDV, ProposedNewState: proposed, Config: config, PriorPrivate: prior.Private,
	})
	if err := failed(err, func() []*tfprotov6.Diagnostic { return p.Diagnostics }); err != nil {
		return nil, fmt.Errorf("plan: %w", err)
	}
	return p, nil
}

func (r *Resources) nullIfNone(dv *tfprotov6.DynamicValue) *tfprotov6.DynamicValue {
	if dv != nil {
		return dv
	}
	null, err := tfprotov6.NewDynamicValue(r.ty, tftypes.NewValue(r.ty, nil))
	if err != nil {
		r.t.Fatal(err)
	}
	return &null
}

// proposed is Terraform's proposed new state (objchange.ProposedNew, for
// attributes): the configuration, with each computed attribute the
// configuration leaves null taken from the prior state, through nested
// attributes (single objects, lists by index, maps by key; a set is
// taken from the configuration).
func (r *Resources) proposed(prior, config *tfprotov6.DynamicValue) (*tfprotov6.DynamicValue, error) {
	pv, err := prior.Unmarshal(r.ty)
	if err != nil {
		return nil, err
	}
	cv, err := config.Unmarshal(r.ty)
	if err != nil {
		return nil, err
	}
	if pv.IsNull() {
		return config, nil
	}
	v, err := proposedAttrs(r.schema.Block.Attributes, pv, cv)
	if err != nil {
		return nil, err
	}
	dv, err := tfprotov6.NewDynamicValue(r.ty, v)
	if err != nil {
		return nil, err
	}
	return &dv, nil
}

func proposedAttrs(attrs []*tfprotov6.SchemaAttribute, prior, config tftypes.Value) (tftypes.Value, error) {
	if config.IsNull() || !config.IsKnown() {
		return config, nil
	}
	var pm, cm map[string]tftypes.Value
	if !prior.IsNull() && prior.IsKnown() {
		if err := prior.As(&pm); err != nil {
			return config, err
		}
	}
	if err := config.As(&cm); err != nil {
		return config, err
	}
	out := map[string]tftypes.Value{}
	for k, v := range cm {
		out[k] = v
	}
	for _, a := range attrs {
		c, p := cm[a.Name], pm[a.Name]
		switch {
		case c.IsNull() && a.Computed:
			if pm != nil {
				out[a.Name] = p
			}
		case a.NestedType != nil && pm != nil:
			v, err := proposedNested(a.NestedType, p, c)
			if err != nil {
				return config, err
			}
			out[a.Name] = v
		}
	}
	return tftypes.NewValue(config.Type(), out), nil
}

func proposedNested(o *tfprotov6.SchemaObject, prior, config tftypes.Value) (tftypes.Value, error) {
	if config.IsNull() || !config.IsKnown() || prior.IsNull() || !prior.IsKnown() {
		if o.Nesting == tfprotov6.SchemaObjectNestingModeSingle && !config.IsNull() && config.IsKnown() {
			return proposedAttrs(o.Attributes, tftypes.NewValue(config.Type(), nil), config)
		}
		return config, nil
	}
	switch o.Nesting {
	case tfprotov6.SchemaObjectNestingModeSingle:
		return proposedAttrs(o.Attributes, prior, config)
	case tfprotov6.SchemaObjectNestingModeList:
		var pl, cl []tftypes.Value
		if err := prior.As(&pl); err != nil {
			return config, err
		}
		if err := config.As(&cl); err != nil {
			return config, err
		}
		out := make([]tftypes.Value, len(cl))
		for i, c := range cl {
			p := tftypes.NewValue(c.Type(), nil)
			if i < len(pl) {
				p = pl[i]
			}
			v, err := proposedAttrs(o.Attributes, p, c)
			if err != nil {
				return config, err
			}
			out[i] = v
		}
		return tftypes.NewValue(config.Type(), out), nil
	case tfprotov6.SchemaObjectNestingModeMap:
		var pm, cm map[string]tftypes.Value
		if err := prior.As(&pm); err != nil {
			return config, err
		}
		if err := config.As(&cm); err != nil {
			return config, err
		}
		out := map[string]tftypes.Value{}
		for k, c := range cm {
			p, ok := pm[k]
			if !ok {
				p = tftypes.NewValue(c.Type(), nil)
			}
			v, err := proposedAttrs(o.Attributes, p, c)
			if err != nil {
				return config, err
			}
			out[k] = v
		}
		return tftypes.NewValue(config.Type(), out), nil
	}
	return config, nil
}

// failed is err, or else the response's error diagnostics as one error.
func failed(err error, diags func() []*tfprotov6.Diagnostic) error {
	if err != nil {
		return err
	}
	if ds := diags(); hasErr(ds) {
		return fmt.Errorf("%s", diagText(ds))
	}
	return nil
}
