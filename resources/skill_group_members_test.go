package resources_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

const membersAddr = "contactcenter_skill_group_members.test"

// membershipBase is one group and three agents. The group is deleted with
// force_delete: at destroy Terraform deletes it in parallel with the agents,
// and an agent a test put in it out of band may still be there.
const membershipBase = `
resource "contactcenter_skill_group" "g" {
  que_name     = "Members"
  que_priority = 1
  force_delete = true
}
resource "contactcenter_agent" "a" {
  user_num      = "7001"
  user_name     = "A"
  user_password = "Pass-1"
}
resource "contactcenter_agent" "b" {
  user_num      = "7002"
  user_name     = "B"
  user_password = "Pass-1"
}
resource "contactcenter_agent" "c" {
  user_num      = "7003"
  user_name     = "C"
  user_password = "Pass-1"
}
`

func membersConfig(members ...string) string {
	return membershipBase + fmt.Sprintf(`
resource "contactcenter_skill_group_members" "test" {
  que_id  = contactcenter_skill_group.g.id
  members = [%s]
}
`, strings.Join(members, ", "))
}

func member(agent string, skill int) string {
	return fmt.Sprintf(`{ agent_id = contactcenter_agent.%s.id, skill = %d }`, agent, skill)
}

func resID(s *terraform.State, addr string) int64 {
	id, _ := strconv.ParseInt(s.RootModule().Resources[addr].Primary.ID, 10, 64)
	return id
}

// expectGroup checks the group's membership as the service holds it, as
// agent resource name → skill.
func expectGroup(t *testing.T, c *client.Client, want map[string]int64) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		q := resID(s, "contactcenter_skill_group.g")
		data, err := c.Queues.GetAgents(t.Context(), q)
		if err != nil {
			return err
		}
		got := map[string]int64{}
		for _, it := range data[strconv.FormatInt(q, 10)] {
			got[strconv.FormatInt(it.AgID.Int64(), 10)] = it.Skill.Int64()
		}
		w := map[string]int64{}
		for name, skill := range want {
			w[s.RootModule().Resources["contactcenter_agent."+name].Primary.ID] = skill
		}
		if diff := cmp.Diff(w, got); diff != "" {
			return fmt.Errorf("membership (-want +got):\n%s", diff)
		}
		return nil
	}
}

// TestAccSkillGroupMembers_import: the members of a group imported by the
// group's id, also written with a leading zero (as the skill group's own
// import takes it). Terraform's import; what the resource does with the
// members is TestSkillGroupMembers_basic's.
func TestAccSkillGroupMembers_import(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: env.Config(membersConfig(member("a", 1), member("b", 5)))},
			{
				ResourceName: membersAddr, ImportState: true, ImportStateVerify: true,
			},
			{
				// The group's id written with a leading zero, as the skill
				// group's own import takes it.
				ResourceName: membersAddr, ImportState: true, ImportStateVerify: true,
				ImportStateIdFunc: func(s *terraform.State) (string, error) {
					return "0" + s.RootModule().Resources[membersAddr].Primary.ID, nil
				},
			},
		},
	})
}

// membersInProcess is a driver of contactcenter_skill_group_members (in
// process, acctest.Resources) on a simulator that holds membershipBase's
// group (made with the client) and its three agents a, b and c (seeded),
// and a configuration of the group's members.
type membersInProcess struct {
	t      *testing.T
	env    *acctest.Env
	c      *client.Client
	r      *acctest.Resources
	q      int64
	agents map[string]int64
}

func newMembersInProcess(t *testing.T) *membersInProcess {
	t.Helper()
	env := acctest.New(t)
	if err := env.Sim.Seed(map[string]json.RawMessage{"agents": json.RawMessage(`[` +
		`{"user_id": 6001, "user_num": "7001", "user_name": "A"}, {"user_id": 6002, "user_num": "7002", "user_name": "B"},` +
		`{"user_id": 6003, "user_num": "7003", "user_name": "C"}]`)}); err != nil {
		t.Fatal(err)
	}
	c := env.Client(t)
	gid, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Members", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	q, _ := strconv.ParseInt(gid, 10, 64)
	return &membersInProcess{t: t, env: env, c: c, r: env.Resources(t, "contactcenter_skill_group_members"), q: q,
		agents: map[string]int64{"a": 6001, "b": 6002, "c": 6003}}
}

// config is the members resource with members, each "agent:skill".
func (m *membersInProcess) config(members ...string) []any {
	var list []string
	for _, it := range members {
		name, skill, _ := strings.Cut(it, ":")
		list = append(list, fmt.Sprintf(`{ agent_id = "%d", skill = %s }`, m.agents[name], skill))
	}
	return []any{m.r.Config(fmt.Sprintf("que_id = \"%d\"\nmembers = [%s]\n", m.q, strings.Join(list, ", ")))}
}

// expectGroup is expectGroup's check of the membership the service holds,
// as agent name → skill.
func (m *membersInProcess) expectGroup(want map[string]int64) error {
	data, err := m.c.Queues.GetAgents(m.t.Context(), m.q)
	if err != nil {
		return err
	}
	got := map[string]int64{}
	for _, it := range data[strconv.FormatInt(m.q, 10)] {
		got[strconv.FormatInt(it.AgID.Int64(), 10)] = it.Skill.Int64()
	}
	w := map[string]int64{}
	for name, skill := range want {
		w[strconv.FormatInt(m.agents[name], 10)] = skill
	}
	if diff := cmp.Diff(w, got); diff != "" {
		return fmt.Errorf("membership (-want +got):\n%s", diff)
	}
	return nil
}

// TestSkillGroupMembers_basic: create, then one update that removes a,
// changes b's skill and adds c (one call of each kind), then no members.
// In process; the import is TestAccSkillGroupMembers_import's.
func TestSkillGroupMembers_basic(t *testing.T) {
	t.Parallel()
	m := newMembersInProcess(t)
	r := m.r
	check := func(step string, err error) {
		t.Helper()
		if err != nil {
			t.Errorf("%s: %v", step, err)
		}
	}
	members := r.Apply(nil, m.config("a:1", "b:5"))
	check("create", m.expectGroup(map[string]int64{"a": 1, "b": 5}))
	check("create", r.ExpectKnownValue(members[0], tfjsonpath.New("members"), knownvalue.SetSizeExact(2)))
	r.CheckPlanEmpty(members, m.config("a:1", "b:5"))

	// Remove a, change b's skill, add c: one call of each kind.
	members = r.Apply(members, m.config("b:9", "c:2"))
	if members[0].Action != "update" {
		t.Errorf("remove a, change b, add c: planned %s, want update", members[0].Action)
	}
	check("update", m.expectGroup(map[string]int64{"b": 9, "c": 2}))
	st := m.env.Sim.Stats()
	for _, p := range []string{"POST /portal/v2/svcapi/queue/cancel_assign", "POST /portal/v2/svcapi/queue/update/skill"} {
		if st[p] != 1 {
			t.Errorf("%s called %d times, want 1", p, st[p])
		}
	}
	if n := st["POST /portal/v2/svcapi/queue/assign"]; n != 2 {
		t.Errorf("queue/assign called %d times, want 2 (create, then c)", n)
	}
	r.CheckPlanEmpty(members, m.config("b:9", "c:2"))

	members = r.Apply(members, m.config())
	check("no members", m.expectGroup(map[string]int64{}))
	check("no members", r.ExpectKnownValue(members[0], tfjsonpath.New("members"), knownvalue.SetSizeExact(0)))
	r.CheckPlanEmpty(members, m.config())
	r.Destroy(members)
}

// TestSkillGroupMembers_drift: outside Terraform a leaves, c joins and b's
// skill changes; the plan restores the configured membership. In process.
func TestSkillGroupMembers_drift(t *testing.T) {
	t.Parallel()
	m := newMembersInProcess(t)
	r, c, ctx, q := m.r, m.c, t.Context(), m.q
	cfg := m.config("a:1", "b:2")
	members := r.Apply(nil, cfg)
	// Outside Terraform: a leaves, c joins, b's skill changes.
	if err := c.Queues.CancelAssign(ctx, q, []int64{m.agents["a"]}); err != nil {
		t.Fatal(err)
	}
	if err := c.Queues.Assign(ctx, q, []client.AgentSkill{{AgID: m.agents["c"], Skill: 3}}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Queues.UpdateSkill(ctx, q, []client.AgentSkill{{AgID: m.agents["b"], Skill: 7}}, true); err != nil {
		t.Fatal(err)
	}
	// The CLI's ExpectNonEmptyPlan: the plan after the apply is not empty.
	if got := r.Plan(members, cfg); got[0] != "update" {
		t.Errorf("plan after the membership changed outside Terraform: %s, want update", got[0])
	}
	// The plan restores the configured membership.
	members = r.Apply(members, cfg)
	if members[0].Action != "update" {
		t.Errorf("restore: planned %s, want update", members[0].Action)
	}
	if err := m.expectGroup(map[string]int64{"a": 1, "b": 2}); err != nil {
		t.Error(err)
	}
	r.CheckPlanEmpty(members, cfg)
	r.Destroy(members)
}

func TestAccSkillGroupMembers_unlisted(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(membershipBase),
				Check: func(s *terraform.State) error {
					return c.Queues.Assign(t.Context(), resID(s, "contactcenter_skill_group.g"),
						[]client.AgentSkill{{AgID: resID(s, "contactcenter_agent.c"), Skill: 1}})
				},
			},
			{
				// The group already holds c; the authoritative resource removes it (with a warning).
				Config: env.Config(membersConfig(member("a", 1))),
				Check:  expectGroup(t, c, map[string]int64{"a": 1}),
			},
		},
	})
}

func TestAccSkillGroupMembers_disappears(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(membersConfig(member("a", 1))),
			Check: func(s *terraform.State) error {
				return c.Queues.Delete(t.Context(), resID(s, "contactcenter_skill_group.g"), true)
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

func TestAccSkillGroupMembers_validation(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cases := map[string]struct {
		body string
		want string
	}{
		"agent twice": {`resource "contactcenter_skill_group_members" "test" {
  que_id  = "101"
  members = [{ agent_id = "1001", skill = 1 }, { agent_id = "1001", skill = 2 }]
}`, `Agent 1001 appears more than once in members`},
		"negative skill": {`resource "contactcenter_skill_group_members" "test" {
  que_id  = "101"
  members = [{ agent_id = "1001", skill = -1 }]
}`, `members: skill -1 of agent_id "1001" is below 0: a skill level is a whole number of at least 0.`},
		"que_id not numeric": {`resource "contactcenter_skill_group_members" "test" {
  que_id  = "support"
  members = []
}`, `must be a numeric skill-group id`},
		"agent_id not numeric": {`resource "contactcenter_skill_group_members" "test" {
  que_id  = "101"
  members = [{ agent_id = "ann", skill = 1 }]
}`, `members: agent_id "ann" is not a numeric agent id (a whole number from 1, without leading zeros)`},
		"member skill missing": {`resource "contactcenter_skill_group_members" "test" {
  que_id  = "101"
  members = [{ agent_id = "1001" }]
}`, `attribute "skill" is required`},
		"single member negative skill": {`resource "contactcenter_skill_group_member" "test" {
  que_id   = "101"
  agent_id = "1001"
  skill    = -3
}`, `skill value must be at least 0`},
		"single member bad agent": {`resource "contactcenter_skill_group_member" "test" {
  que_id   = "101"
  agent_id = "x"
}`, `must be a numeric agent id`},
		// An id read from a CSV file with a space: the value is quoted.
		"single member spaced agent": {`resource "contactcenter_skill_group_member" "test" {
  que_id   = "101"
  agent_id = " 1001"
}`, `Attribute agent_id must be a numeric agent id (a whole number from 1, without leading zeros), got " 1001"`},
		"single member group with leading zero": {`resource "contactcenter_skill_group_member" "test" {
  que_id   = "0101"
  agent_id = "1001"
}`, `Attribute que_id must be a numeric skill-group id (a whole number from 1, without leading zeros), got "0101"`},
	}
	plan := map[string]acctest.PlanError{}
	for name, tc := range cases {
		plan[name] = acctest.PlanError{Config: tc.body, Want: tc.want}
	}
	env.ExpectPlanErrors(t, plan)
}

// The commonest way to write membership: a for expression over a for_each
// resource, and the members resource itself inside a for_each. members is
// unknown at validate time (whole) and at plan time (the agents' ids).
func TestAccSkillGroupMembers_forExpression(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	cfg := env.Config(`
resource "contactcenter_skill_group" "g" {
  for_each     = toset(["Sales", "Support"])
  que_name     = each.key
  que_priority = 1
}
resource "contactcenter_agent" "a" {
  for_each      = toset(["7101", "7102", "7103"])
  user_num      = each.key
  user_name     = "A${each.key}"
  user_password = "Pass-1"
}
resource "contactcenter_skill_group_members" "test" {
  que_id  = contactcenter_skill_group.g["Sales"].id
  members = [for a in contactcenter_agent.a : { agent_id = a.id, skill = 3 }]
}
resource "contactcenter_skill_group_members" "each" {
  # Sales is managed by "test"; two authoritative resources would fight.
  for_each = { for k, g in contactcenter_skill_group.g : k => g if k == "Support" }
  que_id   = each.value.id
  members  = [for k, a in contactcenter_agent.a : { agent_id = a.id, skill = 2 } if k != "7103"]
}
`)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(membersAddr, tfjsonpath.New("members"), knownvalue.SetSizeExact(3)),
					statecheck.ExpectKnownValue(`contactcenter_skill_group_members.each["Support"]`, tfjsonpath.New("members"), knownvalue.SetSizeExact(2)),
					// (Check's legacy state cannot hold for_each instances.)
					groupSizes(t, c, map[string]int{"Sales": 3, "Support": 2}),
				},
			},
			// Nor can the harness's final state: destroy in a step.
			{Config: env.ProviderConfig()},
		},
	})
}

// groupSizes checks how many agents the service holds in each group of
// contactcenter_skill_group.g (for_each keys).
func groupSizes(t *testing.T, c *client.Client, want map[string]int) statecheck.StateCheck {
	return stateCheckFunc(func(st *tfjson.State) error {
		for _, r := range st.Values.RootModule.Resources {
			n, ok := want[fmt.Sprint(r.Index)]
			if r.Type != "contactcenter_skill_group" || !ok {
				continue
			}
			id := r.AttributeValues["id"].(string)
			q, _ := strconv.ParseInt(id, 10, 64)
			data, err := c.Queues.GetAgents(t.Context(), q)
			if err != nil {
				return err
			}
			if got := len(data[id]); got != n {
				return fmt.Errorf("group %v has %d agents, want %d", r.Index, got, n)
			}
			delete(want, fmt.Sprint(r.Index))
		}
		if len(want) != 0 {
			return fmt.Errorf("groups not in state: %v", want)
		}
		return nil
	})
}

type stateCheckFunc func(*tfjson.State) error

func (f stateCheckFunc) CheckState(_ context.Context, req statecheck.CheckStateRequest, resp *statecheck.CheckStateResponse) {
	if err := f(req.State); err != nil {
		resp.Error = err
	}
}

// TestSkillGroupMembers_unknownMembers validates and plans members unknown
// as a whole and partly (an element whose agent_id is not known yet), as
// Terraform sends them: no diagnostic, and nothing blames the provider.
func TestSkillGroupMembers_unknownMembers(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	// Group 101 exists: the plan of a create refuses a que_id that names
	// no group ("Skill Group Not Found").
	if id, err := env.Client(t).Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Unknown members", QuePriority: 1}); err != nil || id != "101" {
		t.Fatalf("group: %q, %v", id, err)
	}
	before := env.Sim.Stats()
	elem := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"agent_id": tftypes.String, "skill": tftypes.Number}}
	set := tftypes.Set{ElementType: elem}
	member := func(id any, skill any) tftypes.Value {
		return tftypes.NewValue(elem, map[string]tftypes.Value{
			"agent_id": tftypes.NewValue(tftypes.String, id), "skill": tftypes.NewValue(tftypes.Number, skill),
		})
	}
	cases := map[string]tftypes.Value{
		"whole set unknown": tftypes.NewValue(set, tftypes.UnknownValue),
		"agent ids unknown": tftypes.NewValue(set, []tftypes.Value{member(tftypes.UnknownValue, 3), member("1001", 3)}),
		"skill unknown":     tftypes.NewValue(set, []tftypes.Value{member("1001", tftypes.UnknownValue)}),
	}
	for name, members := range cases {
		t.Run(name, func(t *testing.T) {
			for _, queID := range []any{"101", tftypes.UnknownValue} {
				cfg := objectValue(t, env, "contactcenter_skill_group_members", map[string]tftypes.Value{
					"que_id": tftypes.NewValue(tftypes.String, queID), "members": members,
				})
				if diags := validatePlan(t, env, "contactcenter_skill_group_members", cfg); len(diags) != 0 {
					t.Fatalf("que_id %v: %s", queID, diagsText(diags))
				}
			}
		})
	}
	// A known duplicate next to an unknown element is still refused.
	dup := objectValue(t, env, "contactcenter_skill_group_members", map[string]tftypes.Value{
		"que_id":  tftypes.NewValue(tftypes.String, "101"),
		"members": tftypes.NewValue(set, []tftypes.Value{member("1001", 1), member("1001", 2), member(tftypes.UnknownValue, 1)}),
	})
	if text := diagsText(validatePlan(t, env, "contactcenter_skill_group_members", dup)); !strings.Contains(text, "Agent 1001 appears more than once in members") {
		t.Fatalf("duplicate not refused: %s", text)
	}
	// A fraction as skill is refused naming the attribute.
	frac := objectValue(t, env, "contactcenter_skill_group_members", map[string]tftypes.Value{
		"que_id":  tftypes.NewValue(tftypes.String, "101"),
		"members": tftypes.NewValue(set, []tftypes.Value{member("1001", big.NewFloat(2.5))}),
	})
	if text := diagsText(validatePlan(t, env, "contactcenter_skill_group_members", frac)); !strings.Contains(text, "skill must be a whole number, got 2.5") || strings.Contains(text, "provider") {
		t.Fatalf("fractional skill: %s", text)
	}
	// The plan of a create whose que_id is known reads that group's agents
	// (queue/get/agents; a group missing from the answer is looked up in
	// queue/list), to name the ones the create would remove (warnUnlisted).
	// Nothing else reaches the API.
	for p, n := range env.Sim.Stats() {
		if n -= before[p]; n > 0 && p != "GET /portal/v2/svcapi/queue/get/agents" && p != "POST /portal/v2/svcapi/queue/list" {
			t.Errorf("validation reached the API: %s, %d requests", p, n)
		}
	}
}

// seedGroups makes groups by hand, through the API as people do: group i
// (named "Team <i>") holds agents of skill i+1, n agents each, out of a
// pool seeded from ag_id 5001.
func seedGroups(t *testing.T, env *acctest.Env, groups, perGroup int) []string {
	t.Helper()
	c := env.Client(t)
	var seed []map[string]any
	for i := range groups * perGroup {
		seed = append(seed, map[string]any{"user_id": 5001 + i, "user_num": fmt.Sprintf("s%04d", i), "user_name": "x"})
	}
	raw, _ := json.Marshal(seed)
	if err := env.Sim.Seed(map[string]json.RawMessage{"agents": raw}); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for g := range groups {
		id, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: fmt.Sprintf("Team %d", g), QuePriority: 1})
		if err != nil {
			t.Fatal(err)
		}
		q, _ := strconv.ParseInt(id, 10, 64)
		var agents []client.AgentSkill
		for i := range perGroup {
			agents = append(agents, client.AgentSkill{AgID: int64(5001 + g*perGroup + i), Skill: int64(g + 1)})
		}
		if len(agents) > 0 {
			if err := c.Queues.Assign(t.Context(), q, agents); err != nil {
				t.Fatal(err)
			}
		}
		ids = append(ids, id)
	}
	return ids
}

// TestSkillGroupMembers_importByIdentity imports a membership by its
// identity (que_id), as an import block with `identity` does on 1.12+.
func TestSkillGroupMembers_importByIdentity(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	q := seedGroups(t, env, 1, 2)[0]
	state, diags := env.ImportByIdentity(t, "contactcenter_skill_group_members", map[string]any{"que_id": q})
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	want := map[string]any{"id": q, "que_id": q, "members": []any{
		map[string]any{"agent_id": "5001", "skill": int64(1)}, map[string]any{"agent_id": "5002", "skill": int64(1)},
	}}
	if diff := cmp.Diff(want, state); diff != "" {
		t.Fatalf("imported state (-want +got):\n%s", diff)
	}
	if _, diags := env.ImportByIdentity(t, "contactcenter_skill_group_members", map[string]any{"que_id": "abc"}); len(diags) == 0 || diags[0].Summary != "Invalid Import Identity" ||
		!strings.Contains(diags[0].Detail, `imported by the group's numeric id (que_id); identity.que_id is "abc"`) {
		t.Fatalf("a bad identity must be refused naming the value, got %v", diags)
	}
}

func TestAccSkillGroupMembers_importIdentity(t *testing.T) {
	t.Parallel()
	testImportIdentity(t, membersConfig(member("a", 1), member("b", 5)), membersAddr, "que_id")
}

// testImportIdentity applies body, checks that addr's identity matches its
// state attributes attrs, and imports it by identity and by id with import
// blocks (Terraform 1.12 and later).
func testImportIdentity(t *testing.T, body, addr string, attrs ...string) {
	t.Helper()
	env := acctest.New(t)
	cfg := env.Config(body)
	var checks []statecheck.StateCheck
	for _, a := range attrs {
		checks = append(checks, statecheck.ExpectIdentityValueMatchesState(addr, tfjsonpath.New(a)))
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_12_0)},
		Steps: []resource.TestStep{
			{Config: cfg, ConfigStateChecks: checks},
			{Config: cfg, ResourceName: addr, ImportState: true, ImportStateKind: resource.ImportBlockWithResourceIdentity},
			{Config: cfg, ResourceName: addr, ImportState: true, ImportStateKind: resource.ImportBlockWithID},
		},
	})
}

// TestSkillGroupMembers_list lists memberships made by hand as `terraform
// query` does: one result per group with its whole membership, the agents
// of all groups read in one queue/get/agents call, each resource as Read
// (and so an import) makes it.
func TestSkillGroupMembers_list(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	ids := seedGroups(t, env, 3, 2)
	before := env.Sim.Stats()["GET /portal/v2/svcapi/queue/get/agents"]
	all := env.List(t, "contactcenter_skill_group_members", map[string]any{}, true, 100)
	if n := env.Sim.Stats()["GET /portal/v2/svcapi/queue/get/agents"] - before; n != 1 {
		t.Errorf("queue/get/agents called %d times for 3 groups, want 1", n)
	}
	if len(all) != 3 {
		t.Fatalf("want 3 results, got %d: %+v", len(all), all)
	}
	for i, r := range all {
		if len(r.Diagnostics) != 0 {
			t.Fatalf("diagnostics: %v", r.Diagnostics)
		}
		if diff := cmp.Diff(map[string]any{"que_id": ids[i]}, r.Identity); diff != "" {
			t.Errorf("identity (-want +got):\n%s", diff)
		}
		if want := fmt.Sprintf("Team %d (2 agents)", i); r.DisplayName != want {
			t.Errorf("display name %q, want %q", r.DisplayName, want)
		}
		read, diags := env.ImportByIdentity(t, "contactcenter_skill_group_members", r.Identity)
		if len(diags) != 0 {
			t.Fatal(diags)
		}
		if diff := cmp.Diff(read, r.Resource); diff != "" {
			t.Errorf("listed resource differs from Read's (-read +listed):\n%s", diff)
		}
	}
	if got := env.List(t, "contactcenter_skill_group_members", map[string]any{"keyword": "Team 1"}, false, 100); len(got) != 1 ||
		got[0].Resource != nil || got[0].Identity["que_id"] != ids[1] {
		t.Fatalf("keyword filter: want Team 1 without resource, got %+v", got)
	}
	if got := env.List(t, "contactcenter_skill_group_members", map[string]any{"que_id": ids[2]}, false, 100); len(got) != 1 || got[0].Identity["que_id"] != ids[2] {
		t.Fatalf("que_id filter: got %+v", got)
	}
	if got := env.List(t, "contactcenter_skill_group_members", map[string]any{}, false, 2); len(got) != 2 {
		t.Fatalf("limit 2: got %d results", len(got))
	}
	if got := env.List(t, "contactcenter_skill_group_members", map[string]any{"que_id": "x"}, false, 2); len(got) != 1 ||
		!strings.Contains(diagsText(got[0].Diagnostics), "must be a numeric skill-group id") {
		t.Fatalf("a bad filter must be refused: %+v", got)
	}
}

// TestSkillGroupMembers_listOneAgent: a group of one agent is listed as
// "(1 agent)", not "(1 agents)"; a numeric filter's rule says which ids it
// takes.
func TestSkillGroupMembers_listOneAgent(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	seedGroups(t, env, 1, 1)
	got := env.List(t, "contactcenter_skill_group_members", map[string]any{}, false, 10)
	if len(got) != 1 || got[0].DisplayName != "Team 0 (1 agent)" {
		t.Errorf("listed %+v, want one group displayed as %q", got, "Team 0 (1 agent)")
	}
	bad := env.List(t, "contactcenter_skill_group_members", map[string]any{"que_id": "0"}, false, 10)
	if len(bad) != 1 || !strings.Contains(diagsText(bad[0].Diagnostics), `must be a numeric skill-group id (a whole number from 1, without leading zeros)`) {
		t.Errorf("que_id = \"0\": %+v", bad)
	}
}

// TestAccSkillGroupMembers_addedSincePlan: an agent put in the group after
// the plan was made (in the portal, or by another configuration's
// contactcenter_skill_group_member applied meanwhile) was removed by the
// update without a word: the plan could not show it, and only Create
// warned about agents it removed. The update warns, naming them.
func TestAccSkillGroupMembers_addedSincePlan(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	w := env.Workdir(t)
	w.WriteBody(membersConfig(member("a", 1)) + `
output "ids" {
  value = [contactcenter_skill_group.g.id, contactcenter_agent.c.id]
}
`)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	var ids []string
	if err := json.Unmarshal([]byte(w.Must(0, "output", "-json", "ids")), &ids); err != nil {
		t.Fatal(err)
	}
	w.WriteBody(membersConfig(member("a", 3)) + `
output "ids" {
  value = [contactcenter_skill_group.g.id, contactcenter_agent.c.id]
}
`)
	if out := w.Must(0, "apply", "-auto-approve", "-no-color"); strings.Contains(out, "Added Since the Plan") {
		t.Errorf("an update with nothing added since its plan warns:\n%s", out)
	}
	w.WriteBody(membersConfig(member("a", 2)) + `
output "ids" {
  value = [contactcenter_skill_group.g.id, contactcenter_agent.c.id]
}
`)
	w.Must(2, "plan", "-detailed-exitcode", "-out=p.tfplan", "-no-color")
	queID, agID := mustAtoi(t, ids[0]), mustAtoi(t, ids[1])
	if err := c.Queues.Assign(t.Context(), queID, []client.AgentSkill{{AgID: agID, Skill: 4}}); err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(w.Must(0, "apply", "-no-color", "p.tfplan")), " ")
	want := fmt.Sprintf("Skill group %d held 1 agent(s) that neither this plan nor the state listed (ag_id %d)", queID, agID)
	if !strings.Contains(out, "Agents Added Since the Plan Were Removed") || !strings.Contains(out, want) {
		t.Errorf("apply of a saved plan lacks the warning %q:\n%s", want, out)
	}
}

// TestAccSkillGroupMembers_createPartlyFailed: members naming an agent that
// does not exist passes plan; the create assigned the other agents, failed
// on that one, and Terraform recorded nothing: the agents stayed in the
// group, and destroying the group then failed ("group has 1 agent(s)").
// The resource is saved (tainted), the error says what was assigned, and a
// fixed configuration applies and plans empty; a destroy leaves nothing.
func TestAccSkillGroupMembers_createPartlyFailed(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	body := func(extra string) string {
		return strings.Replace(membersConfig(member("a", 3)), "members = [", "members = ["+extra, 1)
	}
	w.WriteBody(body(`{ agent_id = "99999", skill = 1 }, `))
	out := strings.Join(strings.Fields(w.Must(1, "apply", "-auto-approve", "-no-color")), " ")
	if !strings.Contains(out, "Before it failed, this create put agent(s)") || !strings.Contains(out, "The resource is saved, and Terraform marks it tainted") {
		t.Errorf("apply lacks what was assigned:\n%s", out)
	}
	if list := w.Must(0, "state", "list"); !strings.Contains(list, membersAddr) {
		t.Errorf("the members resource is not in the state:\n%s", list)
	}
	w.WriteBody(body(""))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.Must(0, "plan", "-detailed-exitcode", "-no-color")
	w.Must(0, "destroy", "-auto-approve", "-no-color")
}

// TestAccSkillGroupMembers_unlistedWarnsAtPlan: the create of the whole
// membership of a group that already has agents removes the ones members
// does not list. The plan showed only "+ members" with the listed agents,
// and only the apply said that others were removed, once they were out of
// the group. The plan now names them; a group made in the same plan, and
// a members list that names every agent, plan without the warning.
func TestAccSkillGroupMembers_unlistedWarnsAtPlan(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	q, ag := portalMembership(t, env, w, 1)
	w.WriteBody(membersConfig(member("a", 1)))
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	for _, want := range []string{`Warning: Agents Will Leave the Skill Group`, `with contactcenter_skill_group_members.test,`,
		fmt.Sprintf(`Skill group %d already has 1 agent(s) that members does not list: 7003 (ag_id %d).`, q, ag),
		`so this create removes them from the group and they stop taking its calls`} {
		if !strings.Contains(out, want) {
			t.Errorf("plan of the whole membership of a group holding an unlisted agent lacks %q:\n%s", want, out)
		}
	}
	// An agent made in the same plan has an id known only at apply.
	w.WriteBody(membersConfig(member("a", 1), member("d", 1)) + `
resource "contactcenter_agent" "d" {
  user_num      = "7004"
  user_name     = "D"
  user_password = "Pass-1"
}
`)
	out = strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	if want := fmt.Sprintf(`7003 (ag_id %d). contactcenter_skill_group_members manages the whole membership, so this create removes them from the group `+
		`(1 agent id(s) of members are known only at apply; any of these agents they turn out to be stays) and they stop taking its calls`, ag); !strings.Contains(out, want) {
		t.Errorf("plan listing an agent made in the same plan lacks %q:\n%s", want, out)
	}
	// A members list known only at apply as a whole (a for expression
	// over another resource's list) planned "+ members = (known after
	// apply)" in silence, and the apply removed the unlisted agent.
	w.WriteBody(membershipBase + `
resource "terraform_data" "list" {
  input = [contactcenter_agent.a.id]
}
resource "contactcenter_skill_group_members" "test" {
  que_id  = contactcenter_skill_group.g.id
  members = [for id in terraform_data.list.output : { agent_id = id, skill = 1 }]
}
`)
	out = strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	if want := `Warning: Agents Will Leave the Skill Group with contactcenter_skill_group_members.test, on main.tf line `; !strings.Contains(out, want) ||
		!strings.Contains(out, fmt.Sprintf(`Skill group %d already has 1 agent(s): 7003 (ag_id %d). members is known only at apply, `+
			`and contactcenter_skill_group_members manages the whole membership, so this create removes from the group each of them that members does not list then`, q, ag)) {
		t.Errorf("plan of a members list known only at apply lacks the warning:\n%s", out)
	}
	w.WriteBody(membersConfig(member("a", 1), member("c", 1)))
	if out := w.Must(0, "plan", "-no-color"); strings.Contains(out, "Leave the Skill Group") {
		t.Errorf("plan listing every agent of the group warns:\n%s", out)
	}

	fresh := env.Workdir(t)
	fresh.WriteBody(strings.ReplaceAll(strings.ReplaceAll(membersConfig(member("a", 1)), `"Members"`, `"Members 2"`), `"700`, `"710`))
	if out := fresh.Must(0, "apply", "-auto-approve", "-no-color"); strings.Contains(out, "Leave the Skill Group") || strings.Contains(out, "Unlisted") {
		t.Errorf("apply of a new group with its membership warns:\n%s", out)
	}
	if out := fresh.Must(0, "plan", "-no-color"); strings.Contains(out, "Warning: Agents") {
		t.Errorf("plan at rest warns:\n%s", out)
	}
}

// TestAccSkillGroupMembership_planReadFailureSaid: the plan of a create of
// a group's membership reads the group's agents to warn of the agents the
// create removes (contactcenter_skill_group_members) or of a membership it
// takes over with another skill (contactcenter_skill_group_member). When
// that read failed, the plan said nothing and read as a create that
// removes no one and changes no skill, while the apply (whose read
// succeeded) removed the unlisted agent. The plan now says that it could
// not check.
func TestAccSkillGroupMembership_planReadFailureSaid(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	q, ag := portalMembership(t, env, w, 3)
	faults := func(body string) {
		t.Helper()
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, env.Origin+"/_sim/faults", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	for _, tc := range []struct{ body, want string }{
		{membersConfig(member("a", 1)), fmt.Sprintf(`The plan could not read the agents of skill group %d, which this create removes from the group when members does not list them`, q)},
		{membershipBase + `
resource "contactcenter_skill_group_member" "m" {
  que_id   = contactcenter_skill_group.g.id
  agent_id = contactcenter_agent.c.id
}
`, fmt.Sprintf(`The plan could not read the agents of skill group %d, to see whether agent %d is in it already with another skill`, q, ag)},
	} {
		w.WriteBody(tc.body)
		faults(`{"force":[{"method":"GET","path":"/portal/v2/svcapi/queue/get/agents","code":500,"count":5}]}`)
		out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
		faults(`{}`)
		for _, want := range []string{`Warning: Could Not Check the Skill Group's Agents`, tc.want, `The plan goes on without that check`} {
			if !strings.Contains(out, want) {
				t.Errorf("plan whose read of the group failed lacks %q:\n%s", want, out)
			}
		}
	}
}

// portalMembership applies membershipBase and puts its agent c in its group
// g with skill, as the portal would, outside the configuration: the
// group's id and the agent's.
func portalMembership(t *testing.T, env *acctest.Env, w *acctest.Workdir, skill int64) (queID, agID int64) {
	t.Helper()
	w.WriteBody(membershipBase + `
output "ids" {
  value = [contactcenter_skill_group.g.id, contactcenter_agent.c.id]
}
`)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	var ids []string
	if err := json.Unmarshal([]byte(w.Must(0, "output", "-json", "ids")), &ids); err != nil {
		t.Fatal(err)
	}
	queID, agID = mustAtoi(t, ids[0]), mustAtoi(t, ids[1])
	if err := env.Client(t).Queues.Assign(t.Context(), queID, []client.AgentSkill{{AgID: agID, Skill: skill}}); err != nil {
		t.Fatal(err)
	}
	return queID, agID
}
