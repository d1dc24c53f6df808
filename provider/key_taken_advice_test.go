package provider_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestKeyTakenAdvice: the plan's key check ("Agent Already Exists") of a
// create whose user_num an agent holds that no instance of this provider
// configuration's plan holds. The provider cannot see why: Terraform sends
// it neither removed blocks (a removed block with destroy = false forgets
// the agent with no read and no plan: a `TF_LOG=trace terraform plan` of
// such a configuration shows no ReadResource and one PlanResourceChange,
// the create's), nor import blocks planned through another provider
// configuration, nor -target. Each of these plans exactly this one create
// here. The detail said "most likely made by an earlier apply whose
// Terraform state was lost, ... or outside Terraform": wrong beside a
// removed block of the same plan, or an import through an alias. It now
// names the likely causes, those two included, each with its advice, and
// asserts none.
//
// An agent the plan imports through this same provider configuration is
// read and planned here: the create is told "Agent Already Managed Here",
// which said the agent "is in the state already" (the plan imports it).
func TestKeyTakenAdvice(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	pw := "Pass-1"
	held, err := env.Client(t).Agents.Create(t.Context(), client.AgentInput{UserNum: new("8801"), UserName: new("Ann"), UserPassword: &pw})
	if err != nil {
		t.Fatal(err)
	}
	const typ = "contactcenter_agent"
	agent := func(name string) map[string]any {
		return map[string]any{"user_num": "8801", "user_name": name, "user_password": "Secret-1"}
	}
	t.Run("removed block", func(t *testing.T) {
		t.Parallel()
		p := newKeyPlanner(t, env.ActionServer(t), typ)
		detail := p.warning(t, p.plan(t, nil, agent("Bea")), "Agent Already Exists")
		for _, want := range []string{
			`This plan creates a new agent with user_num = "8801", and the contact center already has agent ` + strconv.FormatInt(held.UserID.Int64(), 10) + ` ("Ann") with that user_num. `,
			"The user_num is unique on the platform, so the apply will refuse this create",
			"it cannot tell where that agent came from",
			"- A removed block (lifecycle { destroy = false }) left it in the contact center, holding the user_num: to manage it here, " +
				"add a moved block from its address to this one and keep the removed block (one that names a for_each or count resource, or a module, " +
				"also leaves their other objects: without it this plan destroys them), or import it (below; once an apply with the removed block has run, " +
				"it is out of the state and only the import finds it); to leave it unmanaged, give this resource another user_num.",
			"- Another address holds it, or will: an import block of this plan (one through another provider configuration",
			"Give this resource another user_num, or remove one of the two.",
			"- The Terraform state was lost, or restored from a backup older than the apply that made it, or it was made outside Terraform",
			"import {\n  to = <the address of this resource, shown above>\n  id = \"user_num:8801\"\n}",
			"ccsync export terraform <empty folder>",
		} {
			if !strings.Contains(detail, want) {
				t.Errorf("detail lacks %q:\n%s", want, detail)
			}
		}
		if strings.Contains(detail, "most likely") {
			t.Errorf("detail asserts a cause the provider cannot know:\n%s", detail)
		}
	})
	t.Run("import of this configuration", func(t *testing.T) {
		t.Parallel()
		srv := env.ActionServer(t)
		p := newKeyPlanner(t, srv, typ)
		ir, err := srv.ImportResourceState(t.Context(), &tfprotov6.ImportResourceStateRequest{TypeName: typ, ID: "user_num:8801"})
		if err != nil || hasErrDiag(ir.Diagnostics) || len(ir.ImportedResources) != 1 {
			t.Fatalf("import: %v %v", err, ir)
		}
		imp := ir.ImportedResources[0]
		rr, err := srv.ReadResource(t.Context(), &tfprotov6.ReadResourceRequest{TypeName: typ, CurrentState: imp.State, CurrentIdentity: imp.Identity, Private: imp.Private})
		if err != nil || hasErrDiag(rr.Diagnostics) {
			t.Fatalf("read: %v %v", err, rr.Diagnostics)
		}
		p.plan(t, rr.NewState, agent("Ann")) // the import's plan
		ds := p.plan(t, nil, agent("Bea"))
		detail := p.warning(t, ds, "Agent Already Managed Here")
		if want := "Importing does not help: the agent is in the state already, or this plan imports it there."; !strings.Contains(detail, want) {
			t.Errorf("detail lacks %q:\n%s", want, detail)
		}
		for _, d := range ds {
			if strings.Contains(d.Summary, "Already Exists") {
				t.Errorf("create beside the import warned %q:\n%s", d.Summary, d.Detail)
			}
		}
	})
}

// keyPlanner plans instances of one resource type on one server, as a
// Terraform walk does (each instance: validate, then plan).
type keyPlanner struct {
	srv tfprotov6.ProviderServer
	typ string
	sch *tfprotov6.Schema
}

func newKeyPlanner(t *testing.T, srv tfprotov6.ProviderServer, typ string) *keyPlanner {
	t.Helper()
	schemas, err := srv.GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil || schemas.ResourceSchemas[typ] == nil {
		t.Fatalf("schema of %s: %v", typ, err)
	}
	return &keyPlanner{srv: srv, typ: typ, sch: schemas.ResourceSchemas[typ]}
}

// plan plans config against prior (nil: a create) and returns the
// diagnostics, failing on an error.
func (p *keyPlanner) plan(t *testing.T, prior *tfprotov6.DynamicValue, config map[string]any) []*tfprotov6.Diagnostic {
	t.Helper()
	ty := p.sch.ValueType()
	js, _ := json.Marshal(config)
	cfg, err := (&tfprotov6.DynamicValue{JSON: js}).Unmarshal(ty)
	if err != nil {
		t.Fatalf("config: %v", err)
	}
	priorV := tftypes.NewValue(ty, nil)
	if prior != nil {
		if priorV, err = prior.Unmarshal(ty); err != nil {
			t.Fatalf("prior: %v", err)
		}
	}
	val := func(v tftypes.Value) *tfprotov6.DynamicValue {
		d, err := tfprotov6.NewDynamicValue(ty, v)
		if err != nil {
			t.Fatal(err)
		}
		return &d
	}
	vr, err := p.srv.ValidateResourceConfig(t.Context(), &tfprotov6.ValidateResourceConfigRequest{TypeName: p.typ, Config: val(cfg)})
	if err != nil || hasErrDiag(vr.Diagnostics) {
		t.Fatalf("validate: %v %v", err, vr.Diagnostics)
	}
	pr, err := p.srv.PlanResourceChange(t.Context(), &tfprotov6.PlanResourceChangeRequest{
		TypeName: p.typ, PriorState: val(priorV), Config: val(cfg), ProposedNewState: val(proposedNew(p.sch.Block.Attributes, priorV, cfg)),
	})
	if err != nil || hasErrDiag(pr.Diagnostics) {
		t.Fatalf("plan: %v %v", err, pr.Diagnostics)
	}
	return pr.Diagnostics
}

// warning is the detail of the one warning titled summary in ds.
func (p *keyPlanner) warning(t *testing.T, ds []*tfprotov6.Diagnostic, summary string) string {
	t.Helper()
	var found []string
	for _, d := range ds {
		if d.Severity == tfprotov6.DiagnosticSeverityWarning && d.Summary == summary {
			found = append(found, d.Detail)
		}
	}
	if len(found) != 1 {
		var got []string
		for _, d := range ds {
			got = append(got, d.Summary)
		}
		t.Fatalf("%d warnings %q, want 1; got %q", len(found), summary, got)
	}
	return found[0]
}
