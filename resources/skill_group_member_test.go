package resources_test

import (
	"fmt"
	"regexp"
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

func TestAccSkillGroupMember_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(memberConfig("a", "")),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(memberAddr, tfjsonpath.New("skill"), knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownValue(memberAddr, tfjsonpath.New("id"), knownvalue.StringRegexp(regexp.MustCompile(`^[0-9]+:[0-9]+$`))),
				},
				Check: expectGroup(t, c, map[string]int64{"a": 1}),
			},
			{ResourceName: memberAddr, ImportState: true, ImportStateVerify: true},
			{
				Config: env.Config(memberConfig("a", "skill = 4")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(memberAddr, plancheck.ResourceActionUpdate)},
				},
				Check: expectGroup(t, c, map[string]int64{"a": 4}),
			},
			{
				// Additive: an agent added outside Terraform stays and shows no diff.
				Config: env.Config(memberConfig("a", "skill = 4")),
				Check: func(s *terraform.State) error {
					return c.Queues.Assign(t.Context(), resID(s, "contactcenter_skill_group.g"),
						[]client.AgentSkill{{AgID: resID(s, "contactcenter_agent.b"), Skill: 1}})
				},
			},
			{
				Config:   env.Config(memberConfig("a", "skill = 4")),
				PlanOnly: true,
				Check:    expectGroup(t, c, map[string]int64{"a": 4, "b": 1}),
			},
			{
				// Another agent replaces the resource; b is left alone.
				Config: env.Config(memberConfig("c", "skill = 4")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(memberAddr, plancheck.ResourceActionReplace)},
				},
				Check: expectGroup(t, c, map[string]int64{"b": 1, "c": 4}),
			},
			{ResourceName: memberAddr, ImportState: true, ImportStateId: "12", ExpectError: regexp.MustCompile(`imported as <que_id>:<agent_id>`)},
		},
	})
}

func TestAccSkillGroupMember_drift(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	cfg := env.Config(memberConfig("a", "skill = 2"))
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				Check: func(s *terraform.State) error {
					_, err := c.Queues.UpdateSkill(t.Context(), resID(s, "contactcenter_skill_group.g"),
						[]client.AgentSkill{{AgID: resID(s, "contactcenter_agent.a"), Skill: 9}}, true)
					return err
				},
				ExpectNonEmptyPlan: true,
			},
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(memberAddr, plancheck.ResourceActionUpdate)},
				},
				Check: expectGroup(t, c, map[string]int64{"a": 2}),
			},
		},
	})
}

func TestAccSkillGroupMember_disappears(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(memberConfig("a", "")),
			Check: func(s *terraform.State) error {
				return c.Queues.CancelAssign(t.Context(), resID(s, "contactcenter_skill_group.g"), []int64{resID(s, "contactcenter_agent.a")})
			},
			ExpectNonEmptyPlan: true,
		}},
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
