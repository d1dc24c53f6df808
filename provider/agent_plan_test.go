package provider_test

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/big"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/path"
	fwprovider "github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
	"github.com/contactcenter/terraform-provider-contactcenter/resources"
)

// The plan cost of the agent (issue "Refresh at the cost of a list", item 2):
// BenchmarkPlanAgents plans N agents through the in-process protocol-6
// server as `terraform plan -refresh=false` does for each instance
// (UpgradeResourceState of the stored state, ValidateResourceConfig,
// PlanResourceChange with the prior state and the proposed new state), and
// the same for N objects of floor_string, a no-API framework resource shaped
// like random_string (the floor the issue compares against). One op plans
// all N of each, in alternation; the ratios are reported as agent/floor, in
// CPU time and in allocations.
//
//	go test ./provider/ -run '^$' -bench PlanAgents -benchtime 5x -count 1 -p 1 -cpuprofile /tmp/agent.prof

const planN = 1000

func BenchmarkPlanAgents(b *testing.B) {
	env := acctest.New(b)
	agentConfig := map[string]any{
		"user_num": "8001", "user_name": "Ann Lee", "user_password": "Secret-1",
		"user_email": "ann@example.com", "dept_id": 2,
		"notice_config": map[string]any{"type": 1, "is_auto_close": false},
	}
	agentCase := newPlanCase(b, env.ActionServer(b), "contactcenter_agent", agentConfig)
	floorCase := newPlanCase(b, floorServer(b), "floor_string", map[string]any{"length": 12})
	// floor_agent has the agent's schema (attributes, defaults, validators,
	// plan modifiers) and none of its code: no API, no ModifyPlan, no
	// ValidateConfig. agent/shape is what the resource's own code costs;
	// shape/floor is what the schema's size costs in the framework.
	shapeCase := newPlanCase(b, floorServer(b), "floor_agent", agentConfig)
	// What parts of that schema cost (see floorAgent): the configuration
	// objects without defaults, and the top-level fields alone.
	leanCase := newPlanCase(b, floorServer(b), "floor_agent_lean", agentConfig)
	topConfig := maps.Clone(agentConfig)
	delete(topConfig, "notice_config")
	topCase := newPlanCase(b, floorServer(b), "floor_agent_top", topConfig)
	// Wall time on a shared machine says little; CPU time of the process
	// (GC included: each phase starts after a collection, so it pays for
	// its own garbage) and allocations say what a plan costs.
	var agent, shape, floor, lean, top phaseCost
	b.ResetTimer()
	for range b.N {
		// The three alternate within one op, so all see the same machine.
		agent.measure(func() { agentCase.plan(b, planN) })
		shape.measure(func() { shapeCase.plan(b, planN) })
		floor.measure(func() { floorCase.plan(b, planN) })
		lean.measure(func() { leanCase.plan(b, planN) })
		top.measure(func() { topCase.plan(b, planN) })
	}
	n := float64(b.N)
	b.ReportMetric(float64(agent.wall)/n, "agent-ns/op")
	b.ReportMetric(float64(floor.wall)/n, "floor-ns/op")
	b.ReportMetric(float64(agent.cpu)/n, "agent-cpu-ns/op")
	b.ReportMetric(float64(floor.cpu)/n, "floor-cpu-ns/op")
	b.ReportMetric(float64(shape.cpu)/n, "shape-cpu-ns/op")
	b.ReportMetric(float64(agent.cpu)/float64(floor.cpu), "agent/floor-cpu")
	b.ReportMetric(float64(agent.cpu)/float64(shape.cpu), "agent/shape-cpu")
	b.ReportMetric(float64(shape.cpu)/float64(floor.cpu), "shape/floor-cpu")
	b.ReportMetric(float64(lean.cpu)/float64(floor.cpu), "lean/floor-cpu")
	b.ReportMetric(float64(top.cpu)/float64(floor.cpu), "top/floor-cpu")
	b.ReportMetric(float64(agent.allocs)/n, "agent-allocs/op")
	b.ReportMetric(float64(floor.allocs)/n, "floor-allocs/op")
	b.ReportMetric(float64(agent.allocs)/float64(floor.allocs), "agent/floor-allocs")
}

// phaseCost adds up what the runs of one phase cost.
type phaseCost struct {
	wall, cpu time.Duration
	allocs    uint64
}

func (c *phaseCost) measure(run func()) {
	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	cpu0, t0 := processCPU(), time.Now()
	run()
	c.wall += time.Since(t0)
	c.cpu += processCPU() - cpu0
	runtime.ReadMemStats(&m1)
	c.allocs += m1.Mallocs - m0.Mallocs
}

// planCase holds what Terraform sends to plan one instance of a resource
// whose configuration did not change since the last apply.
type planCase struct {
	srv                     tfprotov6.ProviderServer
	typ                     string
	config, prior, proposed *tfprotov6.DynamicValue
	rawState                *tfprotov6.RawState
}

// newPlanCase applies config once (plan and apply, as Terraform does) and
// keeps the applied state as the prior state of every later plan.
func newPlanCase(b *testing.B, srv tfprotov6.ProviderServer, typ string, config map[string]any) *planCase {
	b.Helper()
	ctx := context.Background()
	schemas, err := srv.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil || hasErrDiag(schemas.Diagnostics) {
		b.Fatalf("GetProviderSchema: %v %v", err, schemas.Diagnostics)
	}
	sch := schemas.ResourceSchemas[typ]
	ty := sch.ValueType()
	js, _ := json.Marshal(config)
	cfg, err := (&tfprotov6.DynamicValue{JSON: js}).Unmarshal(ty)
	if err != nil {
		b.Fatalf("config: %v", err)
	}
	attrs := sch.Block.Attributes
	null := tftypes.NewValue(ty, nil)
	pr, err := srv.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
		TypeName: typ, PriorState: dv(b, ty, null), Config: dv(b, ty, cfg),
		ProposedNewState: dv(b, ty, proposedNew(attrs, null, cfg)),
	})
	if err != nil || hasErrDiag(pr.Diagnostics) {
		b.Fatalf("plan create: %v %v", err, pr.Diagnostics)
	}
	ar, err := srv.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{
		TypeName: typ, PriorState: dv(b, ty, null), PlannedState: pr.PlannedState, Config: dv(b, ty, cfg),
	})
	if err != nil || hasErrDiag(ar.Diagnostics) {
		b.Fatalf("apply: %v %v", err, ar.Diagnostics)
	}
	state, err := ar.NewState.Unmarshal(ty)
	if err != nil {
		b.Fatalf("state: %v", err)
	}
	stateJSON, _ := json.Marshal(jsonOf(state))
	c := &planCase{srv: srv, typ: typ, config: dv(b, ty, cfg), prior: ar.NewState,
		proposed: dv(b, ty, proposedNew(attrs, state, cfg)), rawState: &tfprotov6.RawState{JSON: stateJSON}}
	planned, _ := c.planOne(b).PlannedState.Unmarshal(ty)
	if !planned.Equal(state) {
		// Not an error: the benchmark reports what a plan costs; a plan with
		// changes would be a defect that the acceptance tests catch.
		b.Logf("%s: the plan after apply is not empty", typ)
	}
	return c
}

func (c *planCase) plan(b *testing.B, n int) {
	for range n {
		c.planOne(b)
	}
}

func (c *planCase) planOne(b *testing.B) *tfprotov6.PlanResourceChangeResponse {
	ctx := context.Background()
	ur, err := c.srv.UpgradeResourceState(ctx, &tfprotov6.UpgradeResourceStateRequest{TypeName: c.typ, RawState: c.rawState})
	if err != nil || hasErrDiag(ur.Diagnostics) {
		b.Fatalf("UpgradeResourceState: %v %v", err, ur.Diagnostics)
	}
	vr, err := c.srv.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: c.typ, Config: c.config})
	if err != nil || hasErrDiag(vr.Diagnostics) {
		b.Fatalf("ValidateResourceConfig: %v %v", err, vr.Diagnostics)
	}
	pr, err := c.srv.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
		TypeName: c.typ, PriorState: c.prior, ProposedNewState: c.proposed, Config: c.config,
	})
	if err != nil || hasErrDiag(pr.Diagnostics) {
		b.Fatalf("PlanResourceChange: %v %v", err, pr.Diagnostics)
	}
	return pr
}

// proposedNew is Terraform's proposed new state (objchange.ProposedNew) for
// attributes without blocks: a computed attribute that the configuration
// leaves null keeps its prior value; a configured nested object is merged
// attribute by attribute; write-only values are never proposed.
func proposedNew(attrs []*tfprotov6.SchemaAttribute, prior, config tftypes.Value) tftypes.Value {
	if config.IsNull() || !config.IsKnown() {
		return config
	}
	var cm, pm map[string]tftypes.Value
	_ = config.As(&cm)
	if !prior.IsNull() {
		_ = prior.As(&pm)
	}
	out := make(map[string]tftypes.Value, len(cm))
	for _, a := range attrs {
		cv := cm[a.Name]
		pv, ok := pm[a.Name]
		if !ok {
			pv = tftypes.NewValue(cv.Type(), nil)
		}
		switch {
		case a.WriteOnly:
			out[a.Name] = tftypes.NewValue(cv.Type(), nil)
		case a.Computed && cv.IsNull():
			out[a.Name] = pv
		case a.NestedType != nil && a.NestedType.Nesting == tfprotov6.SchemaObjectNestingModeSingle:
			out[a.Name] = proposedNew(a.NestedType.Attributes, pv, cv)
		default:
			out[a.Name] = cv
		}
	}
	return tftypes.NewValue(config.Type(), out)
}

func dv(b *testing.B, ty tftypes.Type, v tftypes.Value) *tfprotov6.DynamicValue {
	b.Helper()
	d, err := tfprotov6.NewDynamicValue(ty, v)
	if err != nil {
		b.Fatal(err)
	}
	return &d
}

// jsonOf is v as Terraform stores it in a state file.
func jsonOf(v tftypes.Value) any {
	if v.IsNull() {
		return nil
	}
	switch {
	case v.Type().Is(tftypes.String):
		var s string
		_ = v.As(&s)
		return s
	case v.Type().Is(tftypes.Bool):
		var x bool
		_ = v.As(&x)
		return x
	case v.Type().Is(tftypes.Number):
		var f big.Float
		_ = v.As(&f)
		return json.Number(f.Text('g', -1))
	case v.Type().Is(tftypes.Object{}), v.Type().Is(tftypes.Map{}):
		var m map[string]tftypes.Value
		_ = v.As(&m)
		out := map[string]any{}
		for k, e := range m {
			out[k] = jsonOf(e)
		}
		return out
	default:
		var l []tftypes.Value
		_ = v.As(&l)
		out := make([]any, len(l))
		for i, e := range l {
			out[i] = jsonOf(e)
		}
		return out
	}
}

func hasErrDiag(ds []*tfprotov6.Diagnostic) bool {
	for _, d := range ds {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			return true
		}
	}
	return false
}

// floorServer serves a provider of one resource, floor_string: a framework
// resource that calls no API, with the schema shape of random_string
// (defaults, RequiresReplace, UseStateForUnknown, a validator).
func floorServer(b *testing.B) tfprotov6.ProviderServer {
	b.Helper()
	srv, err := providerserver.NewProtocol6WithError(&floorProvider{})()
	if err != nil {
		b.Fatal(err)
	}
	if _, err := srv.ConfigureProvider(context.Background(), &tfprotov6.ConfigureProviderRequest{
		TerraformVersion: "1.14.0", Config: dv(b, tftypes.Object{AttributeTypes: map[string]tftypes.Type{}}, tftypes.NewValue(tftypes.Object{AttributeTypes: map[string]tftypes.Type{}}, map[string]tftypes.Value{})),
	}); err != nil {
		b.Fatal(err)
	}
	return srv
}

type floorProvider struct{}

func (*floorProvider) Metadata(_ context.Context, _ fwprovider.MetadataRequest, resp *fwprovider.MetadataResponse) {
	resp.TypeName = "floor"
}
func (*floorProvider) Schema(context.Context, fwprovider.SchemaRequest, *fwprovider.SchemaResponse) {}
func (*floorProvider) Configure(context.Context, fwprovider.ConfigureRequest, *fwprovider.ConfigureResponse) {
}
func (*floorProvider) DataSources(context.Context) []func() datasource.DataSource { return nil }
func (*floorProvider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{
		func() resource.Resource { return &floorString{} },
		func() resource.Resource { return &floorAgent{} },
		func() resource.Resource { return &floorAgent{variant: "lean"} },
		func() resource.Resource { return &floorAgent{variant: "top"} },
		func() resource.Resource { return &floorMembers{} },
		func() resource.Resource { return &floorMembers{plain: true} },
	}
}

// floorAgent is a no-API resource with the schema of contactcenter_agent:
// the state is the plan, with the values only the service would fill left
// null. Two variants take parts of the schema away, to show what each part
// costs a plan (BenchmarkTerraformPlan):
//   - floor_agent_lean: the ten configuration objects are optional with no
//     defaults, so an agent that configures none holds ten nulls in state
//     instead of ten objects of defaults;
//   - floor_agent_top: no configuration objects at all, and the top-level
//     attributes without validators or plan modifiers: what the number of
//     the agent's own fields costs, and nothing else.
type floorAgent struct{ variant string }

func (f *floorAgent) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_agent"
	if f.variant != "" {
		resp.TypeName += "_" + f.variant
	}
}

func (f *floorAgent) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resources.NewAgentResource().Schema(ctx, req, resp)
	if f.variant == "" {
		return
	}
	// The agent's schema is built once and shared: change a copy.
	attrs := maps.Clone(resp.Schema.Attributes)
	for _, o := range tfkit.AgentConfigObjects {
		if f.variant == "lean" {
			attrs[o.Name] = withoutDefaults(attrs[o.Name])
		} else {
			delete(attrs, o.Name)
		}
	}
	if f.variant == "top" {
		for name, a := range attrs {
			attrs[name] = withoutChecks(a)
		}
	}
	resp.Schema.Attributes = attrs
}

// withoutDefaults is a nested object's attribute as optional only: no
// default, not computed, at any depth.
func withoutDefaults(a schema.Attribute) schema.Attribute {
	switch x := a.(type) {
	case schema.SingleNestedAttribute:
		sub := make(map[string]schema.Attribute, len(x.Attributes))
		for name, s := range x.Attributes {
			sub[name] = withoutDefaults(s)
		}
		return schema.SingleNestedAttribute{Optional: true, Attributes: sub}
	case schema.BoolAttribute:
		return schema.BoolAttribute{Optional: true}
	case schema.Int64Attribute:
		return schema.Int64Attribute{Optional: true, CustomType: x.CustomType, Validators: x.Validators}
	case schema.StringAttribute:
		return schema.StringAttribute{Optional: true, Validators: x.Validators}
	case schema.ListAttribute:
		return schema.ListAttribute{Optional: true, ElementType: x.ElementType, CustomType: x.CustomType, Validators: x.Validators}
	}
	panic(fmt.Sprintf("withoutDefaults: %T", a))
}

// withoutChecks is a top-level attribute without its validators and plan
// modifiers (defaults kept).
func withoutChecks(a schema.Attribute) schema.Attribute {
	switch x := a.(type) {
	case schema.StringAttribute:
		x.Validators, x.PlanModifiers = nil, nil
		return x
	case schema.Int64Attribute:
		x.Validators, x.PlanModifiers = nil, nil
		return x
	case schema.BoolAttribute:
		x.Validators, x.PlanModifiers = nil, nil
		return x
	case schema.SetAttribute:
		x.Validators, x.PlanModifiers = nil, nil
		return x
	}
	panic(fmt.Sprintf("withoutChecks: %T", a))
}

func (*floorAgent) Create(_ context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	raw, err := tftypes.Transform(req.Plan.Raw, func(_ *tftypes.AttributePath, v tftypes.Value) (tftypes.Value, error) {
		if !v.IsKnown() {
			return tftypes.NewValue(v.Type(), nil), nil
		}
		return v, nil
	})
	if err != nil {
		resp.Diagnostics.AddError("floor_agent", err.Error())
	}
	resp.State.Raw = raw
}

func (*floorAgent) Read(context.Context, resource.ReadRequest, *resource.ReadResponse) {}

func (*floorAgent) Update(_ context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	resp.State.Raw = req.Plan.Raw
}

func (*floorAgent) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

type floorString struct{}

func (*floorString) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_string"
}

func (*floorString) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	flag := func() schema.BoolAttribute {
		return schema.BoolAttribute{Optional: true, Computed: true, Default: booldefault.StaticBool(true),
			PlanModifiers: []planmodifier.Bool{boolplanmodifier.RequiresReplace()}}
	}
	least := func() schema.Int64Attribute {
		return schema.Int64Attribute{Optional: true, Computed: true, Default: int64default.StaticInt64(0),
			PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()}}
	}
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"keepers": schema.MapAttribute{Optional: true, ElementType: types.StringType,
			PlanModifiers: []planmodifier.Map{mapplanmodifier.RequiresReplace()}},
		"length": schema.Int64Attribute{Required: true, Validators: []validator.Int64{int64validator.AtLeast(1)},
			PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()}},
		"special": flag(), "upper": flag(), "lower": flag(), "numeric": flag(),
		"min_numeric": least(), "min_upper": least(), "min_lower": least(), "min_special": least(),
		"override_special": schema.StringAttribute{Optional: true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
		"result": schema.StringAttribute{Computed: true, Sensitive: true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		"id": schema.StringAttribute{Computed: true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
	}}
}

func (*floorString) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var length types.Int64
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, pathOf("length"), &length)...)
	s := strings.Repeat("x", int(length.ValueInt64()))
	resp.State.Raw = req.Plan.Raw
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, pathOf("result"), s)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, pathOf("id"), "none")...)
}

func (*floorString) Read(context.Context, resource.ReadRequest, *resource.ReadResponse) {}

func (*floorString) Update(_ context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	resp.State.Raw = req.Plan.Raw
}

func (*floorString) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

func pathOf(name string) path.Path { return path.Root(name) }

// TestAgentList_generatedConfigImportsClean does in process what
// `terraform query -generate-config-out` and the import blocks it writes do:
// each listed agent's resource, without its computed-only attributes, is
// the configuration; it must validate (no password) and plan no change
// against the state the import reads.
func TestAgentList_generatedConfigImportsClean(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	pw := "Pass-1"
	c := env.Client(t)
	for i, typ := range []string{"1", "1,2"} {
		num := fmt.Sprintf("860%d", i)
		if _, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: &num, UserName: &num, UserPassword: &pw, UserType: &typ}); err != nil {
			t.Fatal(err)
		}
	}
	srv := env.ActionServer(t)
	schemas, err := srv.GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	sch := schemas.ResourceSchemas["contactcenter_agent"]
	ty := sch.ValueType()
	listed := env.List(t, "contactcenter_agent", map[string]any{}, true, 10)
	if len(listed) != 2 {
		t.Fatalf("want 2 agents listed, got %+v %s", listed, diagsText(listed[0].Diagnostics))
	}
	for _, l := range listed {
		cfg := map[string]any{}
		for _, a := range sch.Block.Attributes {
			if !a.Computed || a.Optional {
				cfg[a.Name] = l.Resource[a.Name]
			}
		}
		config := toDynamic(t, ty, cfg)
		state := toDynamic(t, ty, l.Resource)
		vr, err := srv.ValidateResourceConfig(t.Context(), &tfprotov6.ValidateResourceConfigRequest{TypeName: "contactcenter_agent", Config: config})
		if err != nil || hasErrDiag(vr.Diagnostics) {
			t.Fatalf("the generated configuration of %s does not validate: %v %v", l.DisplayName, err, diagsText(vr.Diagnostics))
		}
		cv, _ := config.Unmarshal(ty)
		sv, _ := state.Unmarshal(ty)
		proposed, _ := tfprotov6.NewDynamicValue(ty, proposedNew(sch.Block.Attributes, sv, cv))
		pr, err := srv.PlanResourceChange(t.Context(), &tfprotov6.PlanResourceChangeRequest{
			TypeName: "contactcenter_agent", PriorState: state, ProposedNewState: &proposed, Config: config,
		})
		if err != nil || hasErrDiag(pr.Diagnostics) {
			t.Fatalf("plan of %s: %v %v", l.DisplayName, err, diagsText(pr.Diagnostics))
		}
		if planned, _ := pr.PlannedState.Unmarshal(ty); !planned.Equal(sv) || len(pr.RequiresReplace) != 0 {
			diffs, _ := planned.Diff(sv)
			t.Errorf("the import of %s plans changes: %v", l.DisplayName, diffs)
		}
	}
}

func toDynamic(t *testing.T, ty tftypes.Type, v map[string]any) *tfprotov6.DynamicValue {
	t.Helper()
	js, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	val, err := (&tfprotov6.DynamicValue{JSON: js}).Unmarshal(ty)
	if err != nil {
		t.Fatal(err)
	}
	d, err := tfprotov6.NewDynamicValue(ty, val)
	if err != nil {
		t.Fatal(err)
	}
	return &d
}

func diagsText(ds []*tfprotov6.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.Summary + ": " + d.Detail + "\n")
	}
	return b.String()
}
