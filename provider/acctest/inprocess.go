package acctest

import (
	"context"
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hcldec"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"

	"github.com/contactcenter/terraform-provider-contactcenter/provider"
)

// The in-process plan: what `terraform plan` does with a configuration up to
// the provider's answers, without the CLI. It parses the HCL, decodes each
// resource, data and action block against the provider's schema as
// Terraform does (so "argument is required" and type errors are Terraform's
// own), then runs Terraform's two walks against the protocol-6 server:
//
//   - validate: ValidateProviderConfig and Validate*Config on every block,
//     every reference to another object unknown;
//   - plan: ConfigureProvider, then in dependency order Validate*Config
//     again and, for resources, PlanResourceChange for a create; references
//     to a resource are its planned value, as in Terraform. Data sources are
//     not read (that would call the API): references to them stay unknown.
//
// What it cannot model (other providers' blocks, modules, checks, unknown
// functions, unknown count/for_each, a cycle...) is reported as a fallback
// reason: the caller runs that case through the Terraform CLI instead.

// planOutcome is the in-process plan of one configuration.
type planOutcome struct {
	// Diags are the diagnostics Terraform would report: HCL's and the
	// provider's. Only these are matched against a case's Want.
	Diags []*tfprotov6.Diagnostic
	// Fallback, when not empty, says why the configuration must be planned
	// by the Terraform CLI instead; Diags are then meaningless.
	Fallback string
}

// harnessError is a failure of the in-process runner itself (a schema it
// cannot convert, a value it cannot encode, a server error): never a
// verdict on the configuration.
type harnessError struct{ msg string }

func (e *harnessError) Error() string { return "in-process plan harness: " + e.msg }

func harnessf(format string, args ...any) error {
	return &harnessError{msg: fmt.Sprintf(format, args...)}
}

// objBlock is one resource, data or action block of the configuration.
type objBlock struct {
	kind     string // "resource", "data" or "action"
	typ      string
	name     string
	body     hcl.Body // the block's body without Terraform's meta-arguments
	count    hcl.Expression
	forEach  hcl.Expression
	spec     hcldec.Spec
	ty       cty.Type // the decoded object's type, for msgpack
	deps     []string // addresses of the resources and data sources it refers to
	planned  bool
	value    cty.Value // after the plan walk: what references to it see
	repeated bool
}

func (b *objBlock) addr() string {
	if b.kind == "resource" {
		return b.typ + "." + b.name
	}
	return b.kind + "." + b.typ + "." + b.name
}

// reservedRoots are the root names of references that are not resource types.
var reservedRoots = map[string]bool{
	"var": true, "local": true, "data": true, "module": true, "each": true, "count": true,
	"path": true, "terraform": true, "self": true, "action": true, "ephemeral": true,
}

var rootSchema = &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{
	{Type: "provider", LabelNames: []string{"name"}},
	{Type: "resource", LabelNames: []string{"type", "name"}},
	{Type: "data", LabelNames: []string{"type", "name"}},
	{Type: "action", LabelNames: []string{"type", "name"}},
	{Type: "module", LabelNames: []string{"name"}},
	{Type: "ephemeral", LabelNames: []string{"type", "name"}},
	{Type: "check", LabelNames: []string{"name"}},
	{Type: "import"}, {Type: "moved"}, {Type: "removed"},
}}

var objectMetaSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "count"}, {Name: "for_each"}, {Name: "depends_on"}, {Name: "provider"}},
	Blocks: []hcl.BlockHeaderSchema{
		{Type: "lifecycle"}, {Type: "provisioner", LabelNames: []string{"type"}}, {Type: "connection"},
		{Type: "config"}, // action blocks
	},
}

var lifecycleSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "create_before_destroy"}, {Name: "prevent_destroy"}, {Name: "ignore_changes"}, {Name: "replace_triggered_by"}, {Name: "action_trigger"}},
}

// newServer is the provider server the in-process plan talks to, the one
// the CLI steps get from Factories: the provider's as main serves it
// (provider.Detached).
func newServer() (tfprotov6.ProviderServer, error) {
	s, err := providerserver.NewProtocol6WithError(provider.NewWithConfigHook("test", fastRetries)())()
	if err != nil {
		return nil, err
	}
	return provider.Detached(s), nil
}

func planWithServer(ctx context.Context, srv tfprotov6.ProviderServer, providerConfig, body string) (planOutcome, error) {
	schemas, err := srv.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		return planOutcome{}, harnessf("GetProviderSchema: %v", err)
	}
	if hasErr(schemas.Diagnostics) {
		return planOutcome{}, harnessf("GetProviderSchema: %s", diagText(schemas.Diagnostics))
	}
	p := &planner{ctx: ctx, srv: srv, schemas: schemas}

	// The provider block comes from the Env, parsed on its own so that
	// line numbers in the case's diagnostics are the case's.
	provFile, hd := hclsyntax.ParseConfig([]byte(providerConfig), "provider.tf", hcl.InitialPos)
	if hd.HasErrors() {
		return planOutcome{}, harnessf("parsing the Env's provider block: %s", hd.Error())
	}
	file, hd := hclsyntax.ParseConfig([]byte(body), "main.tf", hcl.InitialPos)
	if hd.HasErrors() {
		return planOutcome{Diags: hclDiags(hd)}, nil
	}
	provContent, _, hd := provFile.Body.PartialContent(rootSchema)
	if hd.HasErrors() || len(provContent.Blocks) != 1 || provContent.Blocks[0].Type != "provider" {
		return planOutcome{}, harnessf("the Env's provider configuration is not one provider block: %s", hd.Error())
	}
	content, _, hd := file.Body.PartialContent(rootSchema)
	if hd.HasErrors() {
		return planOutcome{Diags: hclDiags(hd)}, nil
	}
	for _, b := range content.Blocks {
		switch b.Type {
		case "resource", "data", "action":
			if fb, err := p.addBlock(b); fb != "" || err != nil {
				return planOutcome{Fallback: fb}, err
			}
		default:
			return planOutcome{Fallback: fmt.Sprintf("%s block at %s", b.Type, b.DefRange)}, nil
		}
	}
	if fb := p.checkReferences(); fb != "" {
		return planOutcome{Fallback: fb}, nil
	}
	return p.run(provContent.Blocks[0].Body)
}

type planner struct {
	ctx     context.Context
	srv     tfprotov6.ProviderServer
	schemas *tfprotov6.GetProviderSchemaResponse
	blocks  []*objBlock
	roots   map[string]bool // every root name referenced
	diags   []*tfprotov6.Diagnostic
}

func (p *planner) schemaOf(kind, typ string) *tfprotov6.Schema {
	switch kind {
	case "resource":
		return p.schemas.ResourceSchemas[typ]
	case "data":
		return p.schemas.DataSourceSchemas[typ]
	case "action":
		if a := p.schemas.ActionSchemas[typ]; a != nil {
			return a.Schema
		}
	}
	return nil
}

// addBlock records a resource, data or action block; it returns a fallback
// reason for what the runner does not model.
func (p *planner) addBlock(b *hcl.Block) (string, error) {
	ob := &objBlock{kind: b.Type, typ: b.Labels[0], name: b.Labels[1], value: cty.DynamicVal}
	s := p.schemaOf(ob.kind, ob.typ)
	if s == nil {
		return fmt.Sprintf("%s type %q is not one of this provider's", ob.kind, ob.typ), nil
	}
	meta, rest, hd := b.Body.PartialContent(objectMetaSchema)
	if hd.HasErrors() {
		return fmt.Sprintf("meta-arguments of %s: %s", ob.addr(), hd.Error()), nil
	}
	ob.body = rest
	for _, mb := range meta.Blocks {
		switch {
		case mb.Type == "lifecycle":
			if _, hd := mb.Body.Content(lifecycleSchema); hd.HasErrors() {
				return fmt.Sprintf("lifecycle of %s: %s", ob.addr(), hd.Error()), nil
			}
		case mb.Type == "config" && ob.kind == "action":
			ob.body = mb.Body
		default:
			return fmt.Sprintf("%s block in %s", mb.Type, ob.addr()), nil
		}
	}
	if a := meta.Attributes["count"]; a != nil {
		ob.count, ob.repeated = a.Expr, true
	}
	if a := meta.Attributes["for_each"]; a != nil {
		ob.forEach, ob.repeated = a.Expr, true
	}
	spec, err := blockSpec(s.Block)
	if err != nil {
		return "", harnessf("schema of %s %s: %v", ob.kind, ob.typ, err)
	}
	ob.spec = spec
	if ob.ty, err = ctyType(s.Block.ValueType()); err != nil {
		return "", harnessf("schema of %s %s: %v", ob.kind, ob.typ, err)
	}
	traversals := hcldec.Variables(ob.body, spec)
	for _, x := range []hcl.Expression{ob.count, ob.forEach} {
		if x != nil {
			traversals = append(traversals, x.Variables()...)
		}
	}
	if p.roots == nil {
		p.roots = map[string]bool{}
	}
	deps := map[string]bool{}
	for _, tr := range traversals {
		root := tr.RootName()
		p.roots[root] = true
		switch {
		case root == "data" && len(tr) >= 3:
			deps["data."+attrName(tr[1])+"."+attrName(tr[2])] = true
		case !reservedRoots[root] && len(tr) >= 2:
			deps[root+"."+attrName(tr[1])] = true
		}
	}
	for d := range deps {
		ob.deps = append(ob.deps, d)
	}
	sort.Strings(ob.deps)
	p.blocks = append(p.blocks, ob)
	return "", nil
}

func attrName(t hcl.Traverser) string {
	if a, ok := t.(hcl.TraverseAttr); ok {
		return a.Name
	}
	return ""
}

// checkReferences returns a fallback reason for references Terraform would
// reject (an undeclared resource) or resolve in ways the runner does not.
func (p *planner) checkReferences() string {
	declared := map[string]bool{}
	for _, b := range p.blocks {
		declared[b.addr()] = true
	}
	for _, b := range p.blocks {
		for _, d := range b.deps {
			if !declared[d] {
				return fmt.Sprintf("%s refers to %s, which the configuration does not declare", b.addr(), d)
			}
		}
	}
	return ""
}

// evalContext is the context blocks are decoded in. Resource and data
// references see each block's current value; everything else the runner
// does not resolve (var, local, path, ...) is unknown.
func (p *planner) evalContext() *hcl.EvalContext {
	vars := map[string]cty.Value{}
	resources := map[string]map[string]cty.Value{}
	datas := map[string]map[string]cty.Value{}
	for _, b := range p.blocks {
		m := resources
		if b.kind == "data" {
			m = datas
		} else if b.kind != "resource" {
			continue
		}
		if m[b.typ] == nil {
			m[b.typ] = map[string]cty.Value{}
		}
		m[b.typ][b.name] = b.value
	}
	for typ, byName := range resources {
		vars[typ] = cty.ObjectVal(byName)
	}
	if len(datas) > 0 {
		d := map[string]cty.Value{}
		for typ, byName := range datas {
			d[typ] = cty.ObjectVal(byName)
		}
		vars["data"] = cty.ObjectVal(d)
	}
	for r := range p.roots {
		if _, ok := vars[r]; !ok {
			vars[r] = cty.DynamicVal
		}
	}
	return &hcl.EvalContext{Variables: vars, Functions: functions()}
}

// instance is one instance of a block: its count.index or each.
type instance struct {
	key  string
	vars map[string]cty.Value // "count" or "each"
}

func (p *planner) run(providerBody hcl.Body) (planOutcome, error) {
	// The provider configuration.
	pschema := p.schemas.Provider
	pspec, err := blockSpec(pschema.Block)
	if err != nil {
		return planOutcome{}, harnessf("provider schema: %v", err)
	}
	pty, err := ctyType(pschema.Block.ValueType())
	if err != nil {
		return planOutcome{}, harnessf("provider schema: %v", err)
	}
	pval, hd := hcldec.Decode(providerBody, pspec, &hcl.EvalContext{Functions: functions()})
	if hd.HasErrors() {
		return planOutcome{}, harnessf("decoding the Env's provider block: %s", hd.Error())
	}
	pdv, err := dynamicValue(pval, pty)
	if err != nil {
		return planOutcome{}, err
	}

	// Validate walk: every reference to an object is unknown.
	for _, b := range p.blocks {
		if b.repeated {
			b.value = cty.DynamicVal
		} else {
			b.value = cty.UnknownVal(b.ty)
		}
	}
	vr, err := p.srv.ValidateProviderConfig(p.ctx, &tfprotov6.ValidateProviderConfigRequest{Config: pdv})
	if err != nil {
		return planOutcome{}, harnessf("ValidateProviderConfig: %v", err)
	}
	p.diags = append(p.diags, vr.Diagnostics...)
	for _, b := range p.blocks {
		ctx := p.evalContext()
		ctx.Variables["count"] = cty.ObjectVal(map[string]cty.Value{"index": cty.UnknownVal(cty.Number)})
		ctx.Variables["each"] = cty.ObjectVal(map[string]cty.Value{"key": cty.UnknownVal(cty.String), "value": cty.DynamicVal})
		if fb, err := p.validate(b, ctx); fb != "" || err != nil {
			return planOutcome{Fallback: fb}, err
		}
	}
	if hasErr(p.diags) {
		return planOutcome{Diags: p.diags}, nil
	}

	// Plan walk.
	cr, err := p.srv.ConfigureProvider(p.ctx, &tfprotov6.ConfigureProviderRequest{
		TerraformVersion: "1.11.4", Config: pdv,
		ClientCapabilities: &tfprotov6.ConfigureProviderClientCapabilities{DeferralAllowed: false},
	})
	if err != nil {
		return planOutcome{}, harnessf("ConfigureProvider: %v", err)
	}
	p.diags = append(p.diags, cr.Diagnostics...)
	if hasErr(cr.Diagnostics) {
		return planOutcome{Diags: p.diags}, nil
	}
	failed := map[string]bool{}
	for done := 0; done < len(p.blocks); {
		progress := false
		for _, b := range p.blocks {
			if b.planned || !p.depsPlanned(b) {
				continue
			}
			b.planned, progress = true, true
			done++
			if p.anyFailed(b, failed) {
				failed[b.addr()] = true // Terraform skips what depends on an error
				continue
			}
			ok, fb, err := p.planBlock(b)
			if fb != "" || err != nil {
				return planOutcome{Fallback: fb}, err
			}
			if !ok {
				failed[b.addr()] = true
			}
		}
		if !progress {
			return planOutcome{Fallback: "a dependency cycle between the configuration's objects"}, nil
		}
	}
	return planOutcome{Diags: p.diags}, nil
}

func (p *planner) depsPlanned(b *objBlock) bool {
	for _, d := range b.deps {
		for _, o := range p.blocks {
			if o.addr() == d && !o.planned {
				return false
			}
		}
	}
	return true
}

func (p *planner) anyFailed(b *objBlock, failed map[string]bool) bool {
	for _, d := range b.deps {
		if failed[d] {
			return true
		}
	}
	return false
}

// validate decodes b in ctx and asks the provider to validate it. Decoding
// errors are Terraform's own and are kept as diagnostics.
func (p *planner) validate(b *objBlock, ctx *hcl.EvalContext) (string, error) {
	dv, fb, err := p.decode(b, ctx)
	if fb != "" || err != nil || dv == nil {
		return fb, err
	}
	return "", p.validateValue(b, dv)
}

// decode returns the block's encoded value in ctx; it is nil when decoding failed
// with diagnostics (recorded).
func (p *planner) decode(b *objBlock, ctx *hcl.EvalContext) (*tfprotov6.DynamicValue, string, error) {
	v, hd := hcldec.Decode(b.body, b.spec, ctx)
	if fb := unsupported(hd); fb != "" {
		return nil, fb, nil
	}
	p.diags = append(p.diags, hclDiags(hd)...)
	if hd.HasErrors() {
		return nil, "", nil
	}
	dv, err := dynamicValue(v, b.ty)
	if err != nil {
		return nil, "", harnessf("%s: %v", b.addr(), err)
	}
	return dv, "", nil
}

func (p *planner) validateValue(b *objBlock, dv *tfprotov6.DynamicValue) error {
	var ds []*tfprotov6.Diagnostic
	switch b.kind {
	case "resource":
		r, err := p.srv.ValidateResourceConfig(p.ctx, &tfprotov6.ValidateResourceConfigRequest{
			TypeName: b.typ, Config: dv,
			ClientCapabilities: &tfprotov6.ValidateResourceConfigClientCapabilities{WriteOnlyAttributesAllowed: true},
		})
		if err != nil {
			return harnessf("ValidateResourceConfig %s: %v", b.addr(), err)
		}
		ds = r.Diagnostics
	case "data":
		r, err := p.srv.ValidateDataResourceConfig(p.ctx, &tfprotov6.ValidateDataResourceConfigRequest{TypeName: b.typ, Config: dv})
		if err != nil {
			return harnessf("ValidateDataResourceConfig %s: %v", b.addr(), err)
		}
		ds = r.Diagnostics
	case "action":
		as, ok := p.srv.(tfprotov6.ProviderServerWithActions)
		if !ok {
			return harnessf("the provider server does not implement actions")
		}
		r, err := as.ValidateActionConfig(p.ctx, &tfprotov6.ValidateActionConfigRequest{ActionType: b.typ, Config: dv})
		if err != nil {
			return harnessf("ValidateActionConfig %s: %v", b.addr(), err)
		}
		ds = r.Diagnostics
	}
	p.diags = append(p.diags, ds...)
	return nil
}

// instances expands count and for_each as Terraform's plan walk does.
func (p *planner) instances(b *objBlock) ([]instance, string) {
	ctx := p.evalContext()
	switch {
	case b.count != nil:
		v, hd := b.count.Value(ctx)
		if hd.HasErrors() || !v.IsWhollyKnown() || v.IsNull() {
			return nil, fmt.Sprintf("count of %s is not a known number at plan", b.addr())
		}
		n, err := convert.Convert(v, cty.Number)
		if err != nil {
			return nil, fmt.Sprintf("count of %s: %v", b.addr(), err)
		}
		i, acc := n.AsBigFloat().Int64()
		if i < 0 || acc != big.Exact {
			return nil, fmt.Sprintf("count of %s is not a whole number >= 0 (Terraform reports it)", b.addr())
		}
		out := make([]instance, 0, i)
		for k := int64(0); k < i; k++ {
			out = append(out, instance{key: fmt.Sprint(k), vars: map[string]cty.Value{
				"count": cty.ObjectVal(map[string]cty.Value{"index": cty.NumberIntVal(k)}),
			}})
		}
		return out, ""
	case b.forEach != nil:
		v, hd := b.forEach.Value(ctx)
		if hd.HasErrors() || !v.IsWhollyKnown() || v.IsNull() {
			return nil, fmt.Sprintf("for_each of %s is not known at plan", b.addr())
		}
		ty := v.Type()
		var out []instance
		switch {
		case ty.IsMapType() || ty.IsObjectType():
			for it := v.ElementIterator(); it.Next(); {
				k, ev := it.Element()
				out = append(out, eachInstance(k.AsString(), ev))
			}
		case ty.IsSetType() && ty.ElementType() == cty.String:
			for it := v.ElementIterator(); it.Next(); {
				_, ev := it.Element()
				out = append(out, eachInstance(ev.AsString(), ev))
			}
		default:
			return nil, fmt.Sprintf("for_each of %s is a %s, not a map or a set of strings", b.addr(), ty.FriendlyName())
		}
		return out, ""
	}
	return []instance{{}}, ""
}

func eachInstance(key string, v cty.Value) instance {
	return instance{key: key, vars: map[string]cty.Value{
		"each": cty.ObjectVal(map[string]cty.Value{"key": cty.StringVal(key), "value": v}),
	}}
}

// planBlock validates and plans every instance of b, and sets the value
// references to it see. ok is false when an instance had an error.
func (p *planner) planBlock(b *objBlock) (ok bool, fallback string, err error) {
	insts, fb := p.instances(b)
	if fb != "" {
		return false, fb, nil
	}
	values := make([]cty.Value, 0, len(insts))
	keyed := map[string]cty.Value{}
	ok = true
	for _, in := range insts {
		ctx := p.evalContext()
		for k, v := range in.vars {
			ctx.Variables[k] = v
		}
		before := len(p.diags)
		dv, fb, err := p.decode(b, ctx)
		if fb != "" || err != nil {
			return false, fb, err
		}
		val := cty.UnknownVal(b.ty)
		if dv != nil {
			if err := p.validateValue(b, dv); err != nil {
				return false, "", err
			}
			if b.kind == "resource" && !hasErr(p.diags[before:]) {
				if val, err = p.planResource(b, dv); err != nil {
					return false, "", err
				}
			}
		}
		if hasErr(p.diags[before:]) {
			ok = false
		}
		values = append(values, val)
		keyed[in.key] = val
	}
	switch {
	case b.count != nil && len(values) == 0:
		b.value = cty.EmptyTupleVal
	case b.count != nil:
		b.value = cty.TupleVal(values)
	case b.forEach != nil:
		b.value = cty.ObjectVal(keyed)
	default:
		b.value = values[0]
	}
	return ok, "", nil
}

// planResource plans the creation of a resource instance: no prior state,
// the configuration as the proposed new state (objchange.ProposedNew for a
// create: computed attributes left null for the provider to mark unknown).
func (p *planner) planResource(b *objBlock, config *tfprotov6.DynamicValue) (cty.Value, error) {
	prior, err := dynamicValue(cty.NullVal(b.ty), b.ty)
	if err != nil {
		return cty.NilVal, harnessf("%s: %v", b.addr(), err)
	}
	r, err := p.srv.PlanResourceChange(p.ctx, &tfprotov6.PlanResourceChangeRequest{
		TypeName: b.typ, PriorState: prior, ProposedNewState: config, Config: config,
		ClientCapabilities: &tfprotov6.PlanResourceChangeClientCapabilities{DeferralAllowed: false},
	})
	if err != nil {
		return cty.NilVal, harnessf("PlanResourceChange %s: %v", b.addr(), err)
	}
	p.diags = append(p.diags, r.Diagnostics...)
	if hasErr(r.Diagnostics) || r.PlannedState == nil {
		return cty.UnknownVal(b.ty), nil
	}
	v, err := ctymsgpack.Unmarshal(r.PlannedState.MsgPack, b.ty)
	if err != nil {
		return cty.NilVal, harnessf("decoding the planned state of %s: %v", b.addr(), err)
	}
	return v, nil
}

// dynamicValue encodes v, of (or convertible to) type ty, as msgpack: the
// encoding Terraform sends.
func dynamicValue(v cty.Value, ty cty.Type) (*tfprotov6.DynamicValue, error) {
	cv, err := convert.Convert(v, ty)
	if err != nil {
		return nil, harnessf("converting the decoded value to the schema type: %v", err)
	}
	b, err := ctymsgpack.Marshal(cv, ty)
	if err != nil {
		return nil, harnessf("encoding msgpack: %v", err)
	}
	return &tfprotov6.DynamicValue{MsgPack: b}, nil
}

// unsupported returns a fallback reason when HCL reports what Terraform
// would evaluate but the runner cannot: a function it does not provide.
func unsupported(hd hcl.Diagnostics) string {
	for _, d := range hd {
		if d.Summary == "Call to unknown function" || d.Summary == "Function calls not allowed" || strings.Contains(d.Detail, relativePathMarker) {
			return fmt.Sprintf("%s: %s", d.Summary, d.Detail)
		}
	}
	return ""
}

func hclDiags(hd hcl.Diagnostics) []*tfprotov6.Diagnostic {
	out := make([]*tfprotov6.Diagnostic, 0, len(hd))
	for _, d := range hd {
		sev := tfprotov6.DiagnosticSeverityError
		if d.Severity == hcl.DiagWarning {
			sev = tfprotov6.DiagnosticSeverityWarning
		}
		out = append(out, &tfprotov6.Diagnostic{Severity: sev, Summary: d.Summary, Detail: d.Detail})
	}
	return out
}

// diagLines renders diagnostics for a failure message, one per line.
func diagLines(ds []*tfprotov6.Diagnostic) string {
	if len(ds) == 0 {
		return "  (no diagnostics)"
	}
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "  %s: %s: %s\n", d.Severity, d.Summary, d.Detail)
	}
	return strings.TrimRight(b.String(), "\n")
}
