package provider_test

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestPlanStopped_checksNotSaid: a plan stopped by Ctrl-C (StopProvider
// cancels the requests in flight) while an agent's create read the
// resigned agents, or a membership's create read its group's agents, said
// "Could Not Check for Resigned Agents" / "Could Not Check the Skill
// Group's Agents" ... "The plan goes on without that check", among the
// apply's "execution halted" errors: the plan did not go on. Seen in an
// apply interrupted during its creates (Terraform plans each create again
// before applying it). A stopped plan says nothing of the checks now; one
// whose read failed otherwise still does (TestAccSkillGroupMembership_
// planReadFailureSaid).
func TestPlanStopped_checksNotSaid(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	pw := "Pass-1"
	c := env.Client(t)
	ag, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: new("8901"), UserName: new("Ann"), UserPassword: &pw})
	if err != nil {
		t.Fatal(err)
	}
	queID, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Stopped plan", QuePriority: 10})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		typ    string
		config map[string]any
		unsaid string
	}{
		{"contactcenter_agent", map[string]any{"user_num": "8902", "user_name": "Bea", "user_password": "Secret-1"}, "Could Not Check for Resigned Agents"},
		{"contactcenter_skill_group_members", map[string]any{"que_id": queID,
			"members": []any{map[string]any{"agent_id": strconv.FormatInt(ag.UserID.Int64(), 10), "skill": 1}}}, "Could Not Check the Skill Group's Agents"},
		{"contactcenter_skill_group_member", map[string]any{"que_id": queID, "agent_id": strconv.FormatInt(ag.UserID.Int64(), 10), "skill": 1},
			"Could Not Check the Skill Group's Agents"},
	} {
		t.Run(tc.typ, func(t *testing.T) {
			t.Parallel()
			srv := env.ActionServer(t)
			ds := planCreateStopped(t, srv, tc.typ, tc.config)
			for _, d := range ds {
				if d.Summary == tc.unsaid || strings.Contains(d.Detail, "The plan goes on without that check") {
					t.Errorf("stopped plan said %q:\n%s", d.Summary, d.Detail)
				}
			}
		})
	}
}

// planCreateStopped validates config, then plans its create with a context
// canceled as StopProvider cancels it, and returns the plan's diagnostics.
func planCreateStopped(t *testing.T, srv tfprotov6.ProviderServer, typ string, config map[string]any) []*tfprotov6.Diagnostic {
	t.Helper()
	schemas, err := srv.GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil || schemas.ResourceSchemas[typ] == nil {
		t.Fatalf("schema of %s: %v", typ, err)
	}
	sch := schemas.ResourceSchemas[typ]
	ty := sch.ValueType()
	js, _ := json.Marshal(config)
	cfg, err := (&tfprotov6.DynamicValue{JSON: js}).Unmarshal(ty)
	if err != nil {
		t.Fatalf("config: %v", err)
	}
	val := func(v tftypes.Value) *tfprotov6.DynamicValue {
		d, err := tfprotov6.NewDynamicValue(ty, v)
		if err != nil {
			t.Fatal(err)
		}
		return &d
	}
	vr, err := srv.ValidateResourceConfig(t.Context(), &tfprotov6.ValidateResourceConfigRequest{TypeName: typ, Config: val(cfg)})
	if err != nil || hasErrDiag(vr.Diagnostics) {
		t.Fatalf("validate: %v %v", err, vr.Diagnostics)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	null := tftypes.NewValue(ty, nil)
	pr, err := srv.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
		TypeName: typ, PriorState: val(null), Config: val(cfg), ProposedNewState: val(proposedNew(sch.Block.Attributes, null, cfg)),
	})
	if err != nil {
		t.Fatalf("plan: %v", err)
	}
	for _, d := range pr.Diagnostics {
		t.Logf("%s: %s", d.Summary, strings.SplitN(d.Detail, "\n", 2)[0])
	}
	return pr.Diagnostics
}
