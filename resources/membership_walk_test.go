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
	o := newOneServer(t)
	sales, support := o.group("Walk sales"), o.group("Walk support")
	agentConf := map[string]any{"user_num": "9401", "user_name": "Walk Ann", "user_password": "Secret-1x", "queue_ids": []string{sales}}

	// run "create"
	agent, _ := o.run("contactcenter_agent", inst{}, agentConf)
	agID := o.id("contactcenter_agent", agent)
	membersConf := func(skill int) map[string]any {
		return map[string]any{"que_id": support, "members": []map[string]any{{"agent_id": agID, "skill": skill}}}
	}
	members, warned := o.run("contactcenter_skill_group_members", inst{}, membersConf(1))
	if !strings.Contains(warned, "was written in this apply with a queue_ids that leaves the group out") {
		t.Fatalf("run \"create\": the membership's apply does not warn of the agent written in it: %q", warned)
	}

	// run "skill": its plan refreshes both, then applies the membership's new skill.
	agent, members = o.refresh("contactcenter_agent", agent), o.refresh("contactcenter_skill_group_members", members)
	if _, w := o.plan("contactcenter_agent", agent, agentConf); strings.Contains(w, "Twice") {
		t.Errorf("run \"skill\": the agent's plan warns %q", w)
	}
	_, warned = o.plan("contactcenter_skill_group_members", members, membersConf(2))
	if !strings.Contains(warned, "is planned with a queue_ids that leaves the group out") {
		t.Errorf("run \"skill\": the membership's plan does not warn of the agent's planned queue_ids: %q", warned)
	}
	p, _ := o.plan("contactcenter_skill_group_members", members, membersConf(2))
	if _, applied := o.apply("contactcenter_skill_group_members", members, membersConf(2), p); strings.Contains(applied, "written in this apply") {
		t.Errorf("run \"skill\": the membership's apply says the agent, written in the run before, was written in this apply:\n%s", applied)
	}
}

// TestMembersWholeNextRun: the other shape ("Skill Group Managed Twice":
// an agent's queue_ids puts it in a group whose whole membership a
// contactcenter_skill_group_members of the same apply writes without it)
// is judged from what the apply wrote (Claims), which outlived the run
// under `terraform test` with a provider block: a later run whose apply
// wrote only an agent's queue_ids, joining that group, said "a
// contactcenter_skill_group_members of this apply wrote the whole
// membership of those groups without the agent", of a membership written
// in an earlier run. In process, on one configured server: run 1 creates
// two agents in sales and a membership of support listing the first; run 2
// refreshes and adds support to the second's queue_ids alone (the first, listed, has it too).
func TestMembersWholeNextRun(t *testing.T) {
	t.Parallel()
	o := newOneServer(t)
	sales, support := o.group("Whole sales"), o.group("Whole support")
	agentConf := func(num string, groups ...string) map[string]any {
		return map[string]any{"user_num": num, "user_name": "Whole " + num, "user_password": "Secret-1x", "queue_ids": groups}
	}

	// run "create"
	ann, _ := o.run("contactcenter_agent", inst{}, agentConf("9411", sales, support))
	bob, _ := o.run("contactcenter_agent", inst{}, agentConf("9412", sales))
	members := map[string]any{"que_id": support, "members": []map[string]any{{"agent_id": o.id("contactcenter_agent", ann), "skill": 1}}}
	if _, warned := o.run("contactcenter_skill_group_members", inst{}, members); strings.Contains(warned, "Managed Twice") {
		t.Fatalf("run \"create\": %s", warned)
	}

	// run "join": its plan refreshes; the apply writes bob's queue_ids alone.
	bob = o.refresh("contactcenter_agent", bob)
	if _, warned := o.run("contactcenter_agent", bob, agentConf("9412", sales, support)); strings.Contains(warned, "of this apply wrote the whole membership") {
		t.Errorf("run \"join\": the agent's apply says a membership written in the run before was written in this apply:\n%s", warned)
	}
}

// oneServer is a configured protocol-6 server that serves several
// commands, as `terraform test` with a provider block does, with its
// simulator's client, and the calls a run makes of an instance.
type oneServer struct {
	t   *testing.T
	srv tfprotov6.ProviderServerWithActions
	c   *client.Client
}

type inst struct {
	state   *tfprotov6.DynamicValue
	private []byte
}

func newOneServer(t *testing.T) *oneServer {
	env := acctest.New(t)
	return &oneServer{t: t, srv: env.ActionServer(t), c: env.Client(t)}
}

func jsonDV(t *testing.T, v any) *tfprotov6.DynamicValue {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return &tfprotov6.DynamicValue{JSON: b}
}

func diagText(ds []*tfprotov6.Diagnostic) string { return acctest.ActionResult{Diagnostics: ds}.Text() }

// plan is a PlanResourceChange of typ's instance prior (zero: a create).
func (o *oneServer) plan(typ string, prior inst, config any) (*tfprotov6.PlanResourceChangeResponse, string) {
	t := o.t
	t.Helper()
	if prior.state == nil {
		prior.state = jsonDV(t, nil)
	}
	conf := jsonDV(t, config)
	p, err := o.srv.PlanResourceChange(t.Context(), &tfprotov6.PlanResourceChangeRequest{
		TypeName: typ, PriorState: prior.state, ProposedNewState: conf, Config: conf, PriorPrivate: prior.private,
	})
	if err != nil || (acctest.ActionResult{Diagnostics: p.Diagnostics}).HasError() {
		t.Fatalf("plan %s: %v %s", typ, err, diagText(p.Diagnostics))
	}
	return p, diagText(p.Diagnostics)
}

// apply is the ApplyResourceChange of plan p.
func (o *oneServer) apply(typ string, prior inst, config any, p *tfprotov6.PlanResourceChangeResponse) (inst, string) {
	t := o.t
	t.Helper()
	if prior.state == nil {
		prior.state = jsonDV(t, nil)
	}
	res, err := o.srv.ApplyResourceChange(t.Context(), &tfprotov6.ApplyResourceChangeRequest{
		TypeName: typ, PriorState: prior.state, PlannedState: p.PlannedState, Config: jsonDV(t, config), PlannedPrivate: p.PlannedPrivate,
	})
	if err != nil || (acctest.ActionResult{Diagnostics: res.Diagnostics}).HasError() {
		t.Fatalf("apply %s: %v %s", typ, err, diagText(res.Diagnostics))
	}
	return inst{res.NewState, res.Private}, diagText(res.Diagnostics)
}

// run applies one change: the plan, the apply-time plan and the apply,
// and returns their warnings.
func (o *oneServer) run(typ string, prior inst, config any) (inst, string) {
	o.t.Helper()
	_, warned := o.plan(typ, prior, config)
	p, again := o.plan(typ, prior, config)
	next, applied := o.apply(typ, prior, config, p)
	return next, warned + again + applied
}

// refresh is a plan's ReadResource of the instance.
func (o *oneServer) refresh(typ string, prior inst) inst {
	t := o.t
	t.Helper()
	r, err := o.srv.ReadResource(t.Context(), &tfprotov6.ReadResourceRequest{TypeName: typ, CurrentState: prior.state, Private: prior.private})
	if err != nil || (acctest.ActionResult{Diagnostics: r.Diagnostics}).HasError() {
		t.Fatalf("refresh %s: %v %s", typ, err, diagText(r.Diagnostics))
	}
	return inst{r.NewState, r.Private}
}

// group makes a skill group outside Terraform and returns its id.
func (o *oneServer) group(name string) string {
	o.t.Helper()
	id, err := o.c.Queues.Create(o.t.Context(), client.SkillGroupInput{QueName: name, QuePriority: 1})
	if err != nil {
		o.t.Fatal(err)
	}
	return id
}

// id is the id in an instance's state of typ.
func (o *oneServer) id(typ string, in inst) string {
	o.t.Helper()
	ty := acctest.NewResources(o.t, func() tfprotov6.ProviderServer { return o.srv }, typ).Type()
	v, err := in.state.Unmarshal(ty)
	var attrs map[string]tftypes.Value
	var id string
	if err != nil || v.As(&attrs) != nil || attrs["id"].As(&id) != nil || id == "" {
		o.t.Fatalf("the state of %s: %v %v", typ, v, err)
	}
	return id
}
