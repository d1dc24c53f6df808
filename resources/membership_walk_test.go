package resources_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestMembershipListedNextRun: the "Skill Group Managed Twice" checks of
// an apply read what the agents' writes and the membership resources'
// wrote in the same apply (Claims notes). `terraform test` with a provider
// block (Terraform 1.13 and later) serves every run of the file with one
// provider process, so those notes outlive the run that made them: a later
// run whose apply changes only the membership's skill warned "the agent's
// contactcenter_agent was written in this apply with a queue_ids that
// leaves the group out", of an agent written in an earlier run. The notes
// carry the walk (client.Client.Walk, which a plan's refresh after writes
// moves on), and an apply reads only its own walk's. In process, on one
// configured protocol-6 server: run 1 creates the agent (queue_ids =
// [sales]) and a membership of support listing it, which warns (both
// written in that apply); run 2 refreshes and plans both (the membership's
// plan warns "is planned with", from the agent's plan of this run) and
// applies the membership's new skill alone: its apply does not say the
// agent was written in it.
func TestMembershipListedNextRun(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	srv := env.ActionServer(t) // configured once, as terraform test does
	dv := func(v any) *tfprotov6.DynamicValue {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return &tfprotov6.DynamicValue{JSON: b}
	}
	null := dv(nil)
	text := func(ds []*tfprotov6.Diagnostic) string { return acctest.ActionResult{Diagnostics: ds}.Text() }
	type inst struct {
		state   *tfprotov6.DynamicValue
		private []byte
	}
	plan := func(typ string, prior inst, config any) (*tfprotov6.PlanResourceChangeResponse, string) {
		t.Helper()
		if prior.state == nil {
			prior.state = null
		}
		conf := dv(config)
		p, err := srv.PlanResourceChange(t.Context(), &tfprotov6.PlanResourceChangeRequest{
			TypeName: typ, PriorState: prior.state, ProposedNewState: conf, Config: conf, PriorPrivate: prior.private,
		})
		if err != nil || (acctest.ActionResult{Diagnostics: p.Diagnostics}).HasError() {
			t.Fatalf("plan %s: %v %s", typ, err, text(p.Diagnostics))
		}
		return p, text(p.Diagnostics)
	}
	apply := func(typ string, prior inst, config any, p *tfprotov6.PlanResourceChangeResponse) (inst, string) {
		t.Helper()
		if prior.state == nil {
			prior.state = null
		}
		res, err := srv.ApplyResourceChange(t.Context(), &tfprotov6.ApplyResourceChangeRequest{
			TypeName: typ, PriorState: prior.state, PlannedState: p.PlannedState, Config: dv(config), PlannedPrivate: p.PlannedPrivate,
		})
		if err != nil || (acctest.ActionResult{Diagnostics: res.Diagnostics}).HasError() {
			t.Fatalf("apply %s: %v %s", typ, err, text(res.Diagnostics))
		}
		return inst{res.NewState, res.Private}, text(res.Diagnostics)
	}
	// run applies one change: the plan, the apply-time plan and the apply.
	run := func(typ string, prior inst, config any) (inst, string) {
		t.Helper()
		_, warned := plan(typ, prior, config)
		p, again := plan(typ, prior, config)
		next, applied := apply(typ, prior, config, p)
		return next, warned + again + applied
	}
	refresh := func(typ string, prior inst) inst {
		t.Helper()
		r, err := srv.ReadResource(t.Context(), &tfprotov6.ReadResourceRequest{TypeName: typ, CurrentState: prior.state, Private: prior.private})
		if err != nil || (acctest.ActionResult{Diagnostics: r.Diagnostics}).HasError() {
			t.Fatalf("refresh %s: %v %s", typ, err, text(r.Diagnostics))
		}
		return inst{r.NewState, r.Private}
	}
	group := func(name string) string {
		t.Helper()
		id, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: name, QuePriority: 1})
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	sales, support := group("Walk sales"), group("Walk support")
	agentConf := map[string]any{"user_num": "9401", "user_name": "Walk Ann", "user_password": "Secret-1x", "queue_ids": []string{sales}}

	// run "create"
	agent, _ := run("contactcenter_agent", inst{}, agentConf)
	agentType := acctest.NewResources(t, func() tfprotov6.ProviderServer { return srv }, "contactcenter_agent").Type()
	v, err := agent.state.Unmarshal(agentType)
	var attrs map[string]tftypes.Value
	var agID string
	if err != nil || v.As(&attrs) != nil || attrs["id"].As(&agID) != nil || agID == "" {
		t.Fatalf("the agent's state: %v %v", v, err)
	}
	membersConf := func(skill int) map[string]any {
		return map[string]any{"que_id": support, "members": []map[string]any{{"agent_id": agID, "skill": skill}}}
	}
	members, warned := run("contactcenter_skill_group_members", inst{}, membersConf(1))
	if !strings.Contains(warned, "was written in this apply with a queue_ids that leaves the group out") {
		t.Fatalf("run \"create\": the membership's apply does not warn of the agent written in it: %q", warned)
	}

	// run "skill": its plan refreshes both, then applies the membership's new skill.
	agent, members = refresh("contactcenter_agent", agent), refresh("contactcenter_skill_group_members", members)
	if _, w := plan("contactcenter_agent", agent, agentConf); strings.Contains(w, "Twice") {
		t.Errorf("run \"skill\": the agent's plan warns %q", w)
	}
	_, warned = plan("contactcenter_skill_group_members", members, membersConf(2))
	if !strings.Contains(warned, "is planned with a queue_ids that leaves the group out") {
		t.Errorf("run \"skill\": the membership's plan does not warn of the agent's planned queue_ids: %q", warned)
	}
	p, _ := plan("contactcenter_skill_group_members", members, membersConf(2))
	if _, applied := apply("contactcenter_skill_group_members", members, membersConf(2), p); strings.Contains(applied, "written in this apply") {
		t.Errorf("run \"skill\": the membership's apply says the agent, written in the run before, was written in this apply:\n%s", applied)
	}
}
