package resources_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

const membersAddr = "contactcenter_skill_group_members.test"

// membershipBase is one group and three agents.
const membershipBase = `
resource "contactcenter_skill_group" "g" {
  que_name     = "Members"
  que_priority = 1
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

func TestAccSkillGroupMembers_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(membersConfig(member("a", 1), member("b", 5))),
				Check:  expectGroup(t, c, map[string]int64{"a": 1, "b": 5}),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(membersAddr, tfjsonpath.New("members"), knownvalue.SetSizeExact(2)),
				},
			},
			{
				ResourceName: membersAddr, ImportState: true, ImportStateVerify: true,
			},
			{
				// Remove a, change b's skill, add c: one call of each kind.
				Config: env.Config(membersConfig(member("b", 9), member("c", 2))),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(membersAddr, plancheck.ResourceActionUpdate)},
				},
				Check: resource.ComposeTestCheckFunc(
					expectGroup(t, c, map[string]int64{"b": 9, "c": 2}),
					func(*terraform.State) error {
						st := env.Sim.Stats()
						for _, p := range []string{"POST /portal/v2/svcapi/queue/cancel_assign", "POST /portal/v2/svcapi/queue/update/skill"} {
							if st[p] != 1 {
								return fmt.Errorf("%s called %d times, want 1", p, st[p])
							}
						}
						if n := st["POST /portal/v2/svcapi/queue/assign"]; n != 2 {
							return fmt.Errorf("queue/assign called %d times, want 2 (create, then c)", n)
						}
						return nil
					},
				),
			},
			{
				Config: env.Config(membersConfig()),
				Check:  expectGroup(t, c, map[string]int64{}),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(membersAddr, tfjsonpath.New("members"), knownvalue.SetSizeExact(0)),
				},
			},
		},
	})
}

func TestAccSkillGroupMembers_drift(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	cfg := env.Config(membersConfig(member("a", 1), member("b", 2)))
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				// Outside Terraform: a leaves, c joins, b's skill changes.
				Check: func(s *terraform.State) error {
					ctx, q := t.Context(), resID(s, "contactcenter_skill_group.g")
					a, b, cc := resID(s, "contactcenter_agent.a"), resID(s, "contactcenter_agent.b"), resID(s, "contactcenter_agent.c")
					if err := c.Queues.CancelAssign(ctx, q, []int64{a}); err != nil {
						return err
					}
					if err := c.Queues.Assign(ctx, q, []client.AgentSkill{{AgID: cc, Skill: 3}}); err != nil {
						return err
					}
					_, err := c.Queues.UpdateSkill(ctx, q, []client.AgentSkill{{AgID: b, Skill: 7}}, true)
					return err
				},
				ExpectNonEmptyPlan: true,
			},
			{
				// The plan restores the configured membership.
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(membersAddr, plancheck.ResourceActionUpdate)},
				},
				Check: expectGroup(t, c, map[string]int64{"a": 1, "b": 2}),
			},
			{Config: cfg, PlanOnly: true},
		},
	})
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
}`, `skill value must be at least 0`},
		"que_id not numeric": {`resource "contactcenter_skill_group_members" "test" {
  que_id  = "support"
  members = []
}`, `must be a numeric skill-group id`},
		"agent_id not numeric": {`resource "contactcenter_skill_group_members" "test" {
  que_id  = "101"
  members = [{ agent_id = "ann", skill = 1 }]
}`, `must be a numeric agent id`},
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
	}
	var steps []resource.TestStep
	for _, tc := range cases {
		steps = append(steps, resource.TestStep{
			Config: env.Config(tc.body), PlanOnly: true,
			ExpectError: regexp.MustCompile(strings.ReplaceAll(regexp.QuoteMeta(tc.want), " ", `\s+`)),
		})
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps:                    steps,
	})
	if n := env.Requests(); n != 0 {
		t.Errorf("plan-time validation reached the API: %d requests (%v)", n, env.Sim.Stats())
	}
}

func TestAccSkillGroupMembers_chunks(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	var seed []map[string]any
	for i := range 201 {
		seed = append(seed, map[string]any{"user_id": 5001 + i, "user_num": fmt.Sprintf("c%03d", i), "user_name": "x"})
	}
	raw, _ := json.Marshal(seed)
	if err := env.Sim.Seed(map[string]json.RawMessage{"agents": raw}); err != nil {
		t.Fatal(err)
	}
	cfg := func(skill int) string {
		return env.Config(fmt.Sprintf(`
resource "contactcenter_skill_group" "g" {
  que_name     = "Big"
  que_priority = 1
}
resource "contactcenter_skill_group_members" "test" {
  que_id  = contactcenter_skill_group.g.id
  members = [for id in range(5001, 5202) : { agent_id = tostring(id), skill = %d }]
}
`, skill))
	}
	calls := func(path string, want int) resource.TestCheckFunc {
		return func(*terraform.State) error {
			if n := env.Sim.Stats()["POST /portal/v2/svcapi/queue/"+path]; n != want {
				return fmt.Errorf("queue/%s called %d times, want %d (chunks of 100)", path, n, want)
			}
			return nil
		}
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: cfg(1), Check: calls("assign", 3)},
			{Config: cfg(2), Check: resource.ComposeTestCheckFunc(calls("update/skill", 3), func(s *terraform.State) error {
				data, err := c.Queues.GetAgents(t.Context(), resID(s, "contactcenter_skill_group.g"))
				if err != nil {
					return err
				}
				for _, items := range data {
					for _, it := range items {
						if it.Skill != 2 {
							return fmt.Errorf("agent %d has skill %d, want 2", it.AgID, it.Skill)
						}
					}
					if len(items) != 201 {
						return fmt.Errorf("%d members, want 201", len(items))
					}
				}
				return nil
			})},
		},
	})
}
