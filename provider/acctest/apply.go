package acctest

import (
	"fmt"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
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
				errs = append(errs, fmt.Errorf("%s[%d]: %w", r.typ, i, err))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		r.t.Errorf("%s: %v", what, err)
	}
	if len(errs) > 0 {
		r.t.FailNow()
	}
}

// Apply is a test step's `terraform plan -out` and `terraform apply` of
// configs (one per instance) over priors (nil, or one per config; a zero
// Instance is created): the plan walk validates each configuration,
// refreshes each existing instance (ReadResource) and plans it
// (PlanResourceChange); the apply walk, on a provider of its own, plans
// each again with its final configuration and applies it
// (ApplyResourceChange), as Terraform does. It returns the applied
// instances.
func (r *Resources) Apply(priors []Instance, configs []any) []Instance {
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
		cfgs[i] = typedConfig(r.t, r.ty, c)
	}
	srv := r.newServer()
	refreshed := make([]Instance, len(priors))
	planned := make([]*tfprotov6.PlanResourceChangeResponse, len(priors))
	r.each("plan", len(configs), func(i int) error {
		v, err := srv.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: r.typ, Config: cfgs[i]})
		if err := failed(err, func() []*tfprotov6.Diagnostic { return v.Diagnostics }); err != nil {
			return fmt.Errorf("validate: %w", err)
		}
		refreshed[i] = priors[i]
		if priors[i].State != nil {
			read, err := srv.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: r.typ, CurrentState: priors[i].State, Private: priors[i].Private})
			if err := failed(err, func() []*tfprotov6.Diagnostic { return read.Diagnostics }); err != nil {
				return fmt.Errorf("refresh: %w", err)
			}
			refreshed[i] = Instance{State: read.NewState, Private: read.Private}
		}
		p, err := r.plan(srv, refreshed[i], cfgs[i])
		planned[i] = p
		return err
	})
	srv = r.newServer()
	out := make([]Instance, len(configs))
	r.each("apply", len(configs), func(i int) error {
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
			return fmt.Errorf("decoding: %v %v", err1, err2)
		}
		if saved.IsFullyKnown() && !final.Equal(saved) {
			return fmt.Errorf("inconsistent final plan:\nplanned %v\nfinal   %v", saved, final)
		}
		res, err := srv.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{
			TypeName: r.typ, PriorState: prior, PlannedState: p.PlannedState, Config: cfgs[i], PlannedPrivate: p.PlannedPrivate,
		})
		if err := failed(err, func() []*tfprotov6.Diagnostic { return res.Diagnostics }); err != nil {
			return fmt.Errorf("apply: %w", err)
		}
		out[i] = Instance{State: res.NewState, Private: res.Private}
		return nil
	})
	return out
}

// CheckPlanEmpty is the plan after an apply that Terraform's acceptance
// tests require to be empty: each instance refreshed (ReadResource) and
// planned with its configuration must give its applied state back,
// unchanged and with nothing to replace.
func (r *Resources) CheckPlanEmpty(applied []Instance, configs []any) {
	r.t.Helper()
	ctx, srv := r.t.Context(), r.newServer()
	r.each("plan after apply", len(applied), func(i int) error {
		read, err := srv.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: r.typ, CurrentState: applied[i].State, Private: applied[i].Private})
		if err := failed(err, func() []*tfprotov6.Diagnostic { return read.Diagnostics }); err != nil {
			return fmt.Errorf("refresh: %w", err)
		}
		p, err := r.plan(srv, Instance{State: read.NewState, Private: read.Private}, typedConfig(r.t, r.ty, configs[i]))
		if err != nil {
			return err
		}
		before, err1 := applied[i].State.Unmarshal(r.ty)
		after, err2 := read.NewState.Unmarshal(r.ty)
		plan, err3 := p.PlannedState.Unmarshal(r.ty)
		if err1 != nil || err2 != nil || err3 != nil {
			return fmt.Errorf("decoding: %v %v %v", err1, err2, err3)
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

// proposed is Terraform's proposed new state for the top-level
// attributes: the configuration, with each computed attribute the
// configuration leaves null taken from the prior state (null for a
// create). Nested attributes are taken whole from one or the other.
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
	var pm, cm map[string]tftypes.Value
	if err := pv.As(&pm); err != nil {
		return nil, err
	}
	if err := cv.As(&cm); err != nil {
		return nil, err
	}
	computed := map[string]bool{}
	for _, a := range r.schema.Block.Attributes {
		computed[a.Name] = a.Computed
	}
	out := map[string]tftypes.Value{}
	for k, v := range cm {
		if v.IsNull() && computed[k] {
			v = pm[k]
		}
		out[k] = v
	}
	dv, err := tfprotov6.NewDynamicValue(r.ty, tftypes.NewValue(r.ty, out))
	if err != nil {
		return nil, err
	}
	return &dv, nil
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
