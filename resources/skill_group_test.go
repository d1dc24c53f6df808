package resources_test

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

func skillGroupConfig(name string, prio int, extra string) string {
	return fmt.Sprintf(`
resource "contactcenter_skill_group" "test" {
  que_name     = %q
  que_priority = %d
%s
}
`, name, prio, extra)
}

func TestAccSkillGroup_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	addr := "contactcenter_skill_group.test"
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(skillGroupConfig("Support", 10, "")),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("que_name"), knownvalue.StringExact("Support")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("que_priority"), knownvalue.Int64Exact(10)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("auto_evaluate"), knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("que_strategy"), knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("wait_audio"), knownvalue.StringExact("0")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("id"), knownvalue.StringRegexp(regexp.MustCompile(`^[0-9]+$`))),
				},
			},
			{
				ResourceName:            addr,
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"force_delete"},
			},
			{
				Config: env.Config(skillGroupConfig("Support Tier 2", 0, `
  que_strategy  = 9
  auto_evaluate = 0
  ring_time     = 25
  b_announce    = 1
  noans_action  = "1"
  wait_audio    = "-1"
  que_num       = "8002"
  que_type      = 1
`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("que_name"), knownvalue.StringExact("Support Tier 2")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("que_priority"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("que_strategy"), knownvalue.Int64Exact(9)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("auto_evaluate"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("ring_time"), knownvalue.Int64Exact(25)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("noans_action"), knownvalue.StringExact("1")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("wait_audio"), knownvalue.StringExact("-1")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("que_num"), knownvalue.StringExact("8002")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("que_type"), knownvalue.Int64Exact(1)),
				},
			},
			{
				Config:   env.Config(skillGroupConfig("Support Tier 2", 0, "que_strategy = 9\nauto_evaluate = 0\nring_time = 25\nb_announce = 1\nnoans_action = \"1\"\nwait_audio = \"-1\"\nque_num = \"8002\"\nque_type = 1")),
				PlanOnly: true, // the plan after apply is empty
			},
		},
	})
}

func TestAccSkillGroup_disappears(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(skillGroupConfig("Gone", 5, "")),
			Check: func(s *terraform.State) error {
				id, _ := strconv.ParseInt(s.RootModule().Resources["contactcenter_skill_group.test"].Primary.ID, 10, 64)
				return c.Queues.Delete(t.Context(), id, true)
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

func TestAccSkillGroup_validation(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cases := map[string]struct {
		body string
		want string
	}{
		"priority above 255":      {skillGroupConfig("A", 256, ""), `que_priority value must be between 0 and 255`},
		"priority below 0":        {skillGroupConfig("A", -1, ""), `que_priority value must be between 0 and 255`},
		"strategy 3":              {skillGroupConfig("A", 1, "que_strategy = 3"), `que_strategy value must be one of`},
		"auto_evaluate 2":         {skillGroupConfig("A", 1, "auto_evaluate = 2"), `auto_evaluate value must be one of`},
		"b_announce 2":            {skillGroupConfig("A", 1, "b_announce = 2"), `b_announce value must be one of`},
		"noans_action 2":          {skillGroupConfig("A", 1, `noans_action = "2"`), `noans_action value must be one of`},
		"que_type 3":              {skillGroupConfig("A", 1, "que_type = 3"), `que_type value must be one of`},
		"wait_audio not an id":    {skillGroupConfig("A", 1, `wait_audio = "beep"`), `must be -1, 0 or a voice-file id`},
		"empty name":              {skillGroupConfig("", 1, ""), `que_name string length must be at least 1`},
		"negative ring_time":      {skillGroupConfig("A", 1, "ring_time = -5"), `ring_time value must be at least 0`},
		"negative que_length":     {skillGroupConfig("A", 1, "que_length = -1"), `que_length value must be at least 0`},
		"negative noans_times":    {skillGroupConfig("A", 1, "noans_times = -1"), `noans_times value must be at least 0`},
		"missing priority (type)": {`resource "contactcenter_skill_group" "test" { que_name = "A" }`, `The argument "que_priority" is required`},
	}
	var steps []resource.TestStep
	for _, tc := range cases {
		steps = append(steps, resource.TestStep{
			Config: env.Config(tc.body), PlanOnly: true,
			ExpectError: regexp.MustCompile(regexp.QuoteMeta(tc.want)),
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
