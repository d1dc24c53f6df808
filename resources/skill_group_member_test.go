package resources_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

const memberAddr = "contactcenter_skill_group_member.test"

func memberConfig(agent, skill string) string {
	return membershipBase + fmt.Sprintf(`
resource "contactcenter_skill_group_member" "test" {
  que_id   = contactcenter_skill_group.g.id
  agent_id = contactcenter_agent.%s.id
  %s
}
`, agent, skill)
}

// TestSkillGroupMember_basic: create, a new skill, an agent added outside
// Terraform that stays without a diff, then another agent replacing the
// resource. In process: the checks are of the provider's plan, state and
// writes (the group and agents, which the CLI test made with resources,
// are made with the client); its import steps are in
// TestAccSkillGroupMember_importThenDisappears.
func TestSkillGroupMember_basic(t *testing.T) {
	t.Parallel()
	m := newMembersInProcess(t)
	r := m.env.Resources(t, "contactcenter_skill_group_member")
	config := func(agent, skill string) []any {
		return []any{r.Config(fmt.Sprintf("que_id = \"%d\"\nagent_id = \"%d\"\n%s\n", m.q, m.agents[agent], skill))}
	}
	check := func(step string, err error) {
		t.Helper()
		if err != nil {
			t.Errorf("%s: %v", step, err)
		}
	}
	member := r.Apply(nil, config("a", ""))
	check("create", r.ExpectKnownValue(member[0], tfjsonpath.New("skill"), knownvalue.Int64Exact(1)))
	check("create", r.ExpectKnownValue(member[0], tfjsonpath.New("id"), knownvalue.StringRegexp(regexp.MustCompile(`^[0-9]+:[0-9]+$`))))
	check("create", m.expectGroup(map[string]int64{"a": 1}))
	r.CheckPlanEmpty(member, config("a", ""))

	skill4 := config("a", "skill = 4")
	member = r.Apply(member, skill4)
	if member[0].Action != "update" {
		t.Errorf("skill 4: planned %s, want update", member[0].Action)
	}
	check("skill 4", m.expectGroup(map[string]int64{"a": 4}))
	r.CheckPlanEmpty(member, skill4)

	// Additive: an agent added outside Terraform stays and shows no diff.
	member = r.Apply(member, skill4)
	if err := m.c.Queues.Assign(t.Context(), m.q, []client.AgentSkill{{AgID: m.agents["b"], Skill: 1}}); err != nil {
		t.Fatal(err)
	}
	r.CheckPlanEmpty(member, skill4)
	// The CLI test's PlanOnly step.
	if got := r.Plan(member, skill4); got[0] != "no-op" {
		t.Errorf("plan with b added outside Terraform: %s, want no-op", got[0])
	}
	check("b added outside Terraform", m.expectGroup(map[string]int64{"a": 4, "b": 1}))

	// Another agent replaces the resource; b is left alone.
	other := config("c", "skill = 4")
	member = r.Apply(member, other)
	if member[0].Action != "replace" {
		t.Errorf("agent c: planned %s, want replace", member[0].Action)
	}
	check("agent c", m.expectGroup(map[string]int64{"b": 1, "c": 4}))
	r.CheckPlanEmpty(member, other)
	r.Destroy(member)
}

// TestSkillGroupMember_drift: the member's skill changed outside Terraform
// plans an update, which restores it. In process: the checks are of the
// provider's refresh, plan and write (the group and agents, which the CLI
// test made with resources, are made with the client).
func TestSkillGroupMember_drift(t *testing.T) {
	t.Parallel()
	m := newMembersInProcess(t)
	r := m.env.Resources(t, "contactcenter_skill_group_member")
	cfg := []any{r.Config(fmt.Sprintf("que_id = \"%d\"\nagent_id = \"%d\"\nskill = 2\n", m.q, m.agents["a"]))}
	member := r.Apply(nil, cfg)
	r.CheckPlanEmpty(member, cfg)
	if _, err := m.c.Queues.UpdateSkill(t.Context(), m.q, []client.AgentSkill{{AgID: m.agents["a"], Skill: 9}}, true); err != nil {
		t.Fatal(err)
	}
	// The CLI's ExpectNonEmptyPlan: the plan after the apply is not empty.
	if got := r.Plan(member, cfg); got[0] != "update" {
		t.Errorf("plan after the skill changed outside Terraform: %s, want update", got[0])
	}
	member = r.Apply(member, cfg)
	if member[0].Action != "update" {
		t.Errorf("restore: planned %s, want update", member[0].Action)
	}
	if err := m.expectGroup(map[string]int64{"a": 2}); err != nil {
		t.Errorf("restore: %v", err)
	}
	r.CheckPlanEmpty(member, cfg)
	r.Destroy(member)
}

// TestAccSkillGroupMember_importThenDisappears: Terraform's import of a
// member (ImportStateVerify, and an id not of the <que_id>:<agent_id>
// form refused), then the member removed outside Terraform plans a create.
// One CLI test for both, so they share one terraform init.
func TestAccSkillGroupMember_importThenDisappears(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: env.Config(memberConfig("a", ""))},
			{ResourceName: memberAddr, ImportState: true, ImportStateVerify: true},
			{ResourceName: memberAddr, ImportState: true, ImportStateId: "12", ExpectError: regexp.MustCompile(`imported as <que_id>:<agent_id>`)},
			{
				Config: env.Config(memberConfig("a", "")),
				Check: func(s *terraform.State) error {
					return c.Queues.CancelAssign(t.Context(), resID(s, "contactcenter_skill_group.g"), []int64{resID(s, "contactcenter_agent.a")})
				},
				ExpectNonEmptyPlan: true,
			},
		},
	})
}

// TestSkillGroupMember_importByIdentity imports one agent of a group by its
// identity (que_id and agent_id).
func TestSkillGroupMember_importByIdentity(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	q := seedGroups(t, env, 1, 2)[0]
	state, diags := env.ImportByIdentity(t, "contactcenter_skill_group_member", map[string]any{"que_id": q, "agent_id": "5002"})
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	want := map[string]any{"id": q + ":5002", "que_id": q, "agent_id": "5002", "skill": int64(1)}
	if diff := cmp.Diff(want, state); diff != "" {
		t.Fatalf("imported state (-want +got):\n%s", diff)
	}
	if _, diags := env.ImportByIdentity(t, "contactcenter_skill_group_member", map[string]any{"que_id": q, "agent_id": "x"}); len(diags) == 0 ||
		!strings.Contains(diags[0].Detail, `imported as <que_id>:<agent_id>`) {
		t.Fatalf("a bad identity must be refused, got %v", diags)
	}
	// An agent that is not in the group cannot be imported.
	if state, diags := env.ImportByIdentity(t, "contactcenter_skill_group_member", map[string]any{"que_id": q, "agent_id": "5009"}); state != nil {
		t.Fatalf("imported an agent not in the group: %v %v", state, diags)
	}
}

func TestAccSkillGroupMember_importIdentity(t *testing.T) {
	t.Parallel()
	testImportIdentity(t, memberConfig("a", "skill = 3"), memberAddr, "que_id", "agent_id")
}

// lostAnswers wraps the simulator: the next n[suffix] requests whose path
// ends with suffix are applied, then answered 502 without an envelope, as
// when the platform acted and its answer was lost on the way back.
type lostAnswers struct {
	mu   sync.Mutex
	next map[string]int
}

func (l *lostAnswers) lose(suffix string, n int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.next == nil {
		l.next = map[string]int{}
	}
	l.next[suffix] = n
}

// reset answers every request again.
func (l *lostAnswers) reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.next = nil
}

func (l *lostAnswers) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l.mu.Lock()
		lost := false
		for suffix, n := range l.next {
			if n > 0 && strings.HasSuffix(r.URL.Path, suffix) {
				l.next[suffix], lost = n-1, true
			}
		}
		l.mu.Unlock()
		if !lost {
			h.ServeHTTP(w, r)
			return
		}
		h.ServeHTTP(httptest.NewRecorder(), r)
		http.Error(w, "answer lost", http.StatusBadGateway)
	})
}

// TestSkillGroupMember_list lists one result per agent in a group, each
// resource as Read makes it.
func TestSkillGroupMember_list(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	ids := seedGroups(t, env, 2, 3)
	all := env.List(t, "contactcenter_skill_group_member", map[string]any{}, true, 100)
	if len(all) != 6 {
		t.Fatalf("want 6 results, got %d: %+v", len(all), all)
	}
	for i, r := range all {
		if len(r.Diagnostics) != 0 {
			t.Fatalf("diagnostics: %v", r.Diagnostics)
		}
		q, ag := ids[i/3], fmt.Sprint(5001+i)
		if diff := cmp.Diff(map[string]any{"que_id": q, "agent_id": ag}, r.Identity); diff != "" {
			t.Errorf("identity (-want +got):\n%s", diff)
		}
		if want := fmt.Sprintf("Team %d: s%04d", i/3, i); r.DisplayName != want {
			t.Errorf("display name %q, want %q", r.DisplayName, want)
		}
		read, diags := env.ImportByIdentity(t, "contactcenter_skill_group_member", r.Identity)
		if len(diags) != 0 {
			t.Fatal(diags)
		}
		if diff := cmp.Diff(read, r.Resource); diff != "" {
			t.Errorf("listed resource differs from Read's (-read +listed):\n%s", diff)
		}
	}
	if got := env.List(t, "contactcenter_skill_group_member", map[string]any{"keyword": "Team 1"}, false, 100); len(got) != 3 || got[0].Resource != nil {
		t.Fatalf("keyword filter: want the 3 agents of Team 1 without resource, got %+v", got)
	}
	if got := env.List(t, "contactcenter_skill_group_member", map[string]any{}, false, 4); len(got) != 4 {
		t.Fatalf("limit 4: got %d results", len(got))
	}
}

// refusedWrites answers the next n calls of a path 503 without passing them
// on: the platform did nothing, as with the simulator's error_rate.
type refusedWrites struct {
	mu   sync.Mutex
	path string
	n    int
}

func (f *refusedWrites) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		refuse := f.n > 0 && strings.HasSuffix(r.URL.Path, f.path)
		if refuse {
			f.n--
		}
		f.mu.Unlock()
		if refuse {
			http.Error(w, "simulated server fault", http.StatusServiceUnavailable)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// A membership write that failed before the platform acted (a 5xx) is
// found undone by the read that follows, and sent again in the same apply:
// one apply converges, where the next apply had to do it before.
func TestAccSkillGroupMember_failedWriteSentAgain(t *testing.T) {
	t.Parallel()
	refused := &refusedWrites{path: "/queue/assign", n: 1}
	env := acctest.NewWithHandler(t, refused.wrap)
	c := env.Client(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(memberConfig("a", "skill = 2")),
			Check: resource.ComposeTestCheckFunc(expectGroup(t, c, map[string]int64{"a": 2}), func(*terraform.State) error {
				if n := env.Sim.Stats()["POST /portal/v2/svcapi/queue/assign"]; n != 1 {
					return fmt.Errorf("the platform saw queue/assign %d times, want 1 (the refused call never reached it)", n)
				}
				return nil
			}),
		}},
	})
}

// TestAccSkillGroupMember_oneGroupPerAgent: §7.2 gives queue/assign's 407
// as "agent already assigned a group", which may be another group on a
// platform that allows one per agent. The advice was to import a
// membership that does not exist; it now says the agent is not in this
// group and may have to leave its other one.
func TestAccSkillGroupMember_oneGroupPerAgent(t *testing.T) {
	t.Parallel()
	env := acctest.NewWithHandler(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/queue/assign") {
				w.Header().Set("Content-Type", "application/json")
				_, _ = io.WriteString(w, `{"code":407,"message":"agent already assigned a group"}`)
				return
			}
			h.ServeHTTP(w, r)
		})
	})
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config:      env.Config(memberConfig("a", "")),
			ExpectError: regexp.MustCompile(`Agent [0-9]+ is not in skill group [0-9]+, yet the platform says the agent is\s+already assigned a group`),
		}},
	})
}

// TestAccSkillGroupMember_adoptWithOtherSkillWarnsAtPlan: a membership the
// group already has (made in the portal) is taken over by a create, which
// sets the configured skill. The plan showed "+ skill = 1" as a new
// membership, and only the apply said the agent had had skill 3
// ("Membership Adopted"). The plan now says so; the same skill, or an agent
// not in the group, plans without the warning.
func TestAccSkillGroupMember_adoptWithOtherSkillWarnsAtPlan(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	q, ag := portalMembership(t, env, w, 3)
	cfg := func(agent, skill string) string {
		return membershipBase + fmt.Sprintf(`
resource "contactcenter_skill_group_member" "m" {
  que_id   = contactcenter_skill_group.g.id
  agent_id = contactcenter_agent.%s.id
  %s
}
`, agent, skill)
	}
	w.WriteBody(cfg("c", ""))
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	for _, want := range []string{`Warning: Membership Exists With Another Skill`, `with contactcenter_skill_group_member.m,`,
		fmt.Sprintf(`Agent 7003 (ag_id %d) is already in skill group %d, with skill 3: this create takes that membership over and changes its skill to 1`, ag, q),
		`To keep the agent's skill, set skill = 3.`, fmt.Sprintf(`(an import block with id = "%d:%d")`, q, ag)} {
		if !strings.Contains(out, want) {
			t.Errorf("plan of a membership the group has with another skill lacks %q:\n%s", want, out)
		}
	}
	for _, c := range [][2]string{{"c", "skill = 3"}, {"a", ""}} {
		w.WriteBody(cfg(c[0], c[1]))
		if out := w.Must(0, "plan", "-no-color"); strings.Contains(out, "Another Skill") {
			t.Errorf("plan of agent %s (%s) warns:\n%s", c[0], c[1], out)
		}
	}
}

// A que_id or agent_id known only at apply replaces a membership resource
// whatever it comes out as (RequiresReplace takes an unknown for a change):
// the agents left the group and were added again behind a plan that showed
// only "# forces replacement". Each membership resource warns, naming what
// leaves; not on create, nor when the values are known.
func TestAccMembership_unknownReplaceWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	cfg := func(rev int) string {
		return fmt.Sprintf(`
resource "contactcenter_skill_group" "one" {
  que_name     = "One"
  que_priority = 1
}
resource "contactcenter_skill_group" "all" {
  que_name     = "All"
  que_priority = 1
  depends_on   = [contactcenter_skill_group.one]
}
resource "contactcenter_agent" "ann" {
  user_num                 = "8801"
  user_name                = "Ann"
  user_password_wo         = "Secret-123x"
  user_password_wo_version = 1
}
resource "terraform_data" "u" {
  input = { one = contactcenter_skill_group.one.id, all = contactcenter_skill_group.all.id, rev = %d }
}
resource "contactcenter_skill_group_member" "m" {
  que_id   = terraform_data.u.output.one
  agent_id = contactcenter_agent.ann.id
}
resource "contactcenter_skill_group_members" "all" {
  que_id  = terraform_data.u.output.all
  members = [{ agent_id = contactcenter_agent.ann.id, skill = 2 }]
}
`, rev)
	}
	w.WriteBody(cfg(1))
	if out := w.Must(0, "apply", "-auto-approve", "-no-color"); strings.Contains(out, "Known Only at Apply") {
		t.Errorf("create warns:\n%s", out)
	}
	if out := w.Must(0, "plan", "-no-color"); strings.Contains(out, "Known Only at Apply") {
		t.Errorf("plan at rest warns:\n%s", out)
	}
	w.WriteBody(cfg(2))
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	for _, want := range []string{
		`Warning: Membership Replaced for a Value Known Only at Apply`,
		`que_id of the membership of agent 1001 in skill group 101 is known only at apply: Terraform replaces the resource even if the value comes out the same. ` +
			`When the skill group or the agent is itself replaced in this plan (its id is then known only at apply), the membership follows it, and this is expected. ` +
			`Otherwise the value comes from another object that changes: the replacement removes the agent from the group and adds it again`,
		`Warning: Skill Group Members Replaced for a Value Known Only at Apply`,
		`que_id of the membership of skill group 102 is known only at apply: Terraform replaces the resource even if the value comes out the same. ` +
			`When the skill group or the agent is itself replaced in this plan (its id is then known only at apply), the membership follows it, and this is expected. ` +
			`Otherwise the value comes from another object that changes: the replacement empties the group of its agents (1001) and adds the listed ones again`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("plan of a que_id known only at apply lacks %q:\n%s", want, out)
		}
	}
}
