package resources_test

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAgentPlannedAgainAtApply: `terraform test` with a provider block
// (Terraform 1.13 and later) serves the plan and the apply of a run with
// one provider process, and Terraform plans each create again at apply,
// with the values that were known only at apply (the id of a skill group
// the same apply makes, in queue_ids; here user_name) known. The first run
// of a test file that creates one agent warned "Agent Created Twice ...
// another resource or instance of this configuration, planned before this
// one, creates one with the same user_num", the agent's two plans taken
// for two agents, and "Agent user_email Given Twice" likewise. In process:
// one configured protocol-6 server, the agent planned with user_name
// unknown, then again with it known, as Terraform's apply does; then
// another agent with the same user_num and e-mail, which still warns.
func TestAgentPlannedAgainAtApply(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t) // configured once, as terraform test does
	agent, plan := agentPlanner(t, srv)

	// run "create", its plan: user_name refers to something made in the apply.
	if got := plan("plan", agent("9301", tftypes.NewValue(tftypes.String, tftypes.UnknownValue))); strings.Contains(got, "Twice") {
		t.Fatalf("plan: %s", got)
	}
	// The same run's apply plans the agent again, user_name known now.
	if got := plan("apply-time plan", agent("9301", tftypes.NewValue(tftypes.String, "Ann"))); strings.Contains(got, "Twice") {
		t.Errorf("the apply's plan of the agent the plan planned warns, taking it for another agent:\n%s", got)
	}
	// Another agent of the same configuration with the same user_num and
	// e-mail, planned in the same walk: the real duplicate still warns.
	got := plan("another agent", agent("9301", tftypes.NewValue(tftypes.String, "Bob")))
	for _, want := range []string{"Agent Created Twice", "Agent user_email Given Twice"} {
		if !strings.Contains(got, want) {
			t.Errorf("another agent with user_num 9301: no %q:\n%s", want, got)
		}
	}
}

// agentPlanner returns, for one configured server, an agent's
// configuration (user_num num, e-mail ann@example.com, the user_name
// given) and a plan of its create (ValidateResourceConfig, then
// PlanResourceChange), which returns the plan's diagnostics as text.
func agentPlanner(t *testing.T, srv tfprotov6.ProviderServer) (agent func(num string, name tftypes.Value) *tfprotov6.DynamicValue, plan func(step string, config *tfprotov6.DynamicValue) string) {
	ty := acctest.NewResources(t, func() tfprotov6.ProviderServer { return srv }, "contactcenter_agent").Type().(tftypes.Object)
	agent = func(num string, name tftypes.Value) *tfprotov6.DynamicValue {
		attrs := map[string]tftypes.Value{}
		for k, at := range ty.AttributeTypes {
			attrs[k] = tftypes.NewValue(at, nil)
		}
		attrs["user_num"] = tftypes.NewValue(tftypes.String, num)
		attrs["user_name"] = name
		attrs["user_password"] = tftypes.NewValue(tftypes.String, "Secret-1x")
		attrs["user_email"] = tftypes.NewValue(tftypes.String, "ann@example.com")
		dv, err := tfprotov6.NewDynamicValue(ty, tftypes.NewValue(ty, attrs))
		if err != nil {
			t.Fatal(err)
		}
		return &dv
	}
	null, err := tfprotov6.NewDynamicValue(ty, tftypes.NewValue(ty, nil))
	if err != nil {
		t.Fatal(err)
	}
	plan = func(step string, config *tfprotov6.DynamicValue) string {
		t.Helper()
		if _, err := srv.ValidateResourceConfig(t.Context(), &tfprotov6.ValidateResourceConfigRequest{TypeName: "contactcenter_agent", Config: config}); err != nil {
			t.Fatal(err)
		}
		p, err := srv.PlanResourceChange(t.Context(), &tfprotov6.PlanResourceChangeRequest{
			TypeName: "contactcenter_agent", PriorState: &null, ProposedNewState: config, Config: config,
		})
		if err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		text := acctest.ActionResult{Diagnostics: p.Diagnostics}.Text()
		if (acctest.ActionResult{Diagnostics: p.Diagnostics}).HasError() {
			t.Fatalf("%s: %s", step, text)
		}
		return text
	}

	return agent, plan
}

// TestAgentPlannedInEarlierRun: a `command = plan` run applies nothing,
// and left the creates it planned recorded in the provider process that
// serves the file's runs (`terraform test` with a provider block,
// Terraform 1.13 and later): the next run, which plans the same agent with
// other values (its variables), warned "Agent Created Twice" of it. A
// run's plan that refreshes an object the run before refreshed tells the
// provider a later command began. In process: a skill group applied, then
// two runs, each refreshing the group and planning the agent; then another
// agent with the same user_num in the second run, which still warns.
func TestAgentPlannedInEarlierRun(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t) // configured once, as terraform test does
	groups := acctest.NewResources(t, func() tfprotov6.ProviderServer { return srv }, "contactcenter_skill_group")
	g := groups.Apply(nil, []any{map[string]any{"que_name": "Earlier run", "que_priority": 1}})[0]
	refresh := func(run string) {
		t.Helper()
		r, err := srv.ReadResource(t.Context(), &tfprotov6.ReadResourceRequest{TypeName: "contactcenter_skill_group", CurrentState: g.State, Private: g.Private})
		if err != nil || (acctest.ActionResult{Diagnostics: r.Diagnostics}).HasError() {
			t.Fatalf("run %q: refresh: %v %v", run, err, r.Diagnostics)
		}
		g.State, g.Private = r.NewState, r.Private
	}
	agent, plan := agentPlanner(t, srv)
	name := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }

	refresh("plan_first") // command = plan
	if got := plan("run \"plan_first\"", agent("9311", name("Agent 1"))); strings.Contains(got, "Twice") {
		t.Fatalf("run \"plan_first\": %s", got)
	}
	refresh("apply") // its variables rename the agent
	if got := plan("run \"apply\"", agent("9311", name("Staff 1"))); strings.Contains(got, "Twice") {
		t.Errorf("run \"apply\" warns of the agent the run before planned with its other name:\n%s", got)
	}
	got := plan("run \"apply\", another agent", agent("9311", name("Other 1")))
	for _, want := range []string{"Agent Created Twice", "Agent user_email Given Twice"} {
		if !strings.Contains(got, want) {
			t.Errorf("another agent with user_num 9311 in the same run: no %q:\n%s", want, got)
		}
	}
}
