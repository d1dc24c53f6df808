package resources_test

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestStateCopied_goneElsewhereRefused: staging's state copied into the
// production folder (or the endpoint changed in place), planned against a
// production center where the ids name nothing. The refresh took each
// object out of the state ("deleted outside Terraform") and the plan
// created it anew in production, with no word: applied, staging's objects
// were forgotten by the state, still in staging and no longer managed. The
// refresh now refuses, naming both addresses, and leaves the state as it
// was; production gets no request but reads. The same object gone at its
// own addresses, or a state written before the addresses were recorded,
// still leaves the state as before.
func TestStateCopied_goneElsewhereRefused(t *testing.T) {
	t.Parallel()
	stg, prod := acctest.New(t), acctest.New(t)
	for _, c := range []struct{ typ, body, noun string }{
		{"contactcenter_skill_group", "que_name = \"Acme Sales\"\nque_priority = 20\n", "skill group"},
		{"contactcenter_webhook", "name = \"CRM\"\nurl = \"https://crm.example.com/calls\"\n", "webhook"},
		{"contactcenter_sms_signature", "sign_text = \"Acme\"\n", "SMS signature"},
		{"contactcenter_agent", "user_num = \"9001\"\nuser_name = \"Ann Lee\"\nuser_password = \"Passw0rd!x\"\n", "agent"},
	} {
		t.Run(c.typ, func(t *testing.T) {
			r := stg.Resources(t, c.typ)
			made := r.Apply(nil, []any{r.Config(c.body)})
			if len(made[0].Private) == 0 {
				t.Fatalf("the create recorded no private state")
			}
			id := r.Decode(made[0])["id"]

			before := prod.Requests()
			read := readOn(t, prod.ActionServer(t), c.typ, made[0])
			text := flatDiags(read.Diagnostics)
			for _, want := range []string{
				"was created or last read through other addresses than the ones this provider configuration reaches now (" + stg.Origin + ", now " + prod.Origin + ")",
				"and the id " + id.(string) + " names no " + c.noun + " there",
				"Nothing was changed",
				"terraform workspace new",
			} {
				if !strings.Contains(text, want) {
					t.Errorf("refresh at the other center lacks %q:\n%s", want, text)
				}
			}
			if read.NewState != nil && isNullState(t, r, read.NewState) {
				t.Errorf("the refresh at the other center took the object out of the state")
			}
			if n := prod.Requests() - before; n == 0 {
				t.Errorf("the other center got no request: the test reads nothing there")
			}
			for k, v := range prod.Sim.Stats() {
				if !strings.Contains(k, "list") && !strings.Contains(k, "get") && !strings.Contains(k, "detail") && v > 0 {
					t.Errorf("the other center got %d %s", v, k)
				}
			}

			// A state without recorded addresses (written by a provider
			// before they were) has nothing to tell: gone, as before.
			old := made[0]
			old.Private = nil
			if read := readOn(t, prod.ActionServer(t), c.typ, old); hasErrorDiag(read.Diagnostics) || !isNullState(t, r, read.NewState) {
				t.Errorf("a state without recorded addresses: %s (want the object gone, no error)", flatDiags(read.Diagnostics))
			}

			// At its own addresses an object deleted outside Terraform
			// leaves the state, as before.
			r.Destroy(made)
			if read := readOn(t, stg.ActionServer(t), c.typ, made[0]); hasErrorDiag(read.Diagnostics) || !isNullState(t, r, read.NewState) {
				t.Errorf("gone at its own center: %s (want the object gone, no error)", flatDiags(read.Diagnostics))
			}
		})
	}
}

// readOn is the refresh of in through srv.
func readOn(t *testing.T, srv tfprotov6.ProviderServer, typ string, in acctest.Instance) *tfprotov6.ReadResourceResponse {
	t.Helper()
	read, err := srv.ReadResource(t.Context(), &tfprotov6.ReadResourceRequest{TypeName: typ, CurrentState: in.State, Private: in.Private})
	if err != nil {
		t.Fatalf("ReadResource: %v", err)
	}
	return read
}

// flatDiags is diagsText on one line (the details are wrapped by no one,
// but compared with single spaces).
func flatDiags(ds []*tfprotov6.Diagnostic) string {
	return strings.Join(strings.Fields(diagsText(ds)), " ")
}

func hasErrorDiag(ds []*tfprotov6.Diagnostic) bool {
	for _, d := range ds {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			return true
		}
	}
	return false
}

func isNullState(t *testing.T, r *acctest.Resources, dv *tfprotov6.DynamicValue) bool {
	t.Helper()
	if dv == nil {
		return true
	}
	v, err := dv.Unmarshal(r.Type())
	if err != nil {
		t.Fatalf("state: %v", err)
	}
	return v.IsNull()
}

// TestStateCopied_refreshFalsePlanSaid: the same copied state planned with
// -refresh=false reads nothing in production. Its plan said "No changes"
// with no word, and a plan that edited or destroyed staging's ids was
// shown as any other and refused only by its apply (a saved plan approved
// for an apply that could only refuse it). The plan now warns of each
// unchanged object and refuses the destroy (and an edit) at plan.
func TestStateCopied_refreshFalsePlanSaid(t *testing.T) {
	t.Parallel()
	stg, prod := acctest.New(t), acctest.New(t)
	r := stg.Resources(t, "contactcenter_webhook")
	config := r.Config("name = \"CRM\"\nurl = \"https://crm.example.com/calls\"\n")
	made := r.Apply(nil, []any{config})
	nullDV, err := tfprotov6.NewDynamicValue(r.Type(), tftypes.NewValue(r.Type(), nil))
	null := &nullDV
	if err != nil {
		t.Fatal(err)
	}
	plan := func(srv tfprotov6.ProviderServer, proposed, cfg *tfprotov6.DynamicValue) []*tfprotov6.Diagnostic {
		t.Helper()
		p, err := srv.PlanResourceChange(t.Context(), &tfprotov6.PlanResourceChangeRequest{
			TypeName: "contactcenter_webhook", PriorState: made[0].State, ProposedNewState: proposed, Config: cfg, PriorPrivate: made[0].Private,
		})
		if err != nil {
			t.Fatal(err)
		}
		return p.Diagnostics
	}
	id := r.Decode(made[0])["id"].(string)
	noop := plan(prod.ActionServer(t), made[0].State, config)
	if hasErrorDiag(noop) || !strings.Contains(flatDiags(noop), "Webhook Not Read Where the Configuration Points: Webhook "+id+
		" was created or last read through other addresses than the ones this provider configuration reaches now ("+stg.Origin+", now "+prod.Origin+"), and this plan did not read it there") {
		t.Errorf("an unchanged plan at the other center: %s", flatDiags(noop))
	}
	// A plan saves nothing it read: the way to stop the warning at an
	// honest new address is an apply.
	if !strings.Contains(flatDiags(noop), "terraform apply -refresh-only records the new address") {
		t.Errorf("the warning does not say how a new address is recorded: %s", flatDiags(noop))
	}
	destroy := plan(prod.ActionServer(t), null, null)
	if !hasErrorDiag(destroy) || !strings.Contains(flatDiags(destroy), "Unable to Delete Webhook: Webhook "+id+" was created or last read through other addresses") {
		t.Errorf("a destroy planned at the other center: %s", flatDiags(destroy))
	}
	// At its own addresses nothing is said.
	if d := plan(stg.ActionServer(t), made[0].State, config); len(d) > 0 {
		t.Errorf("an unchanged plan at its own center: %s", flatDiags(d))
	}
	if d := plan(stg.ActionServer(t), null, null); hasErrorDiag(d) {
		t.Errorf("a destroy planned at its own center: %s", flatDiags(d))
	}
}
