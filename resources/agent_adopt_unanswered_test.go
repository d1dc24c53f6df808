package resources_test

import (
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccAgent_adoptedSettingsNotAnsweredKept: an agent adopted (an import
// block, as ccsync export writes, which leaves out the settings users/list
// does not answer) on a platform whose config member holds the §2.6.1
// objects only. The state holds no value for is_forbidden_login,
// user_phone_type and the rest, and the plan set each to its default
// (null -> false, null -> 3): "1 to import, 1 to change", and the apply
// allowed an agent forbidden to log in to log in again, and turned its web
// phone off. Unset, a setting never answered is left as the agent holds
// it; set in the configuration, it is sent.
func TestAccAgent_adoptedSettingsNotAnsweredKept(t *testing.T) {
	t.Parallel()
	var raw atomic.Bool
	env := acctest.NewWithHandler(t, objectsOnlyConfig(&raw))
	c := env.Client(t)
	num, name, pw, phone, forbidden, outbound := "8801", "Fay", "Secret-123", int64(4), true, false
	if _, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: &num, UserName: &name, UserPassword: &pw,
		UserPhoneType: &phone, IsForbiddenLogin: &forbidden, IsEnableOutbound: &outbound}); err != nil {
		t.Fatal(err)
	}
	held := func(want string) func(*terraform.State) error {
		return func(s *terraform.State) error {
			raw.Store(true)
			defer raw.Store(false)
			a, err := c.Agents.Get(t.Context(), agentID(s))
			if err != nil {
				return err
			}
			got := fmt.Sprintf("user_phone_type %d, is_forbidden_login %t, is_enable_outbound %t",
				*a.Config.UserPhoneType, bool(*a.Config.IsForbiddenLogin), bool(*a.Config.IsEnableOutbound))
			if got != want {
				return fmt.Errorf("the agent holds %s, want %s", got, want)
			}
			return nil
		}
	}
	adopt := func(extra string) string {
		return env.Config(fmt.Sprintf(`
import {
  to = contactcenter_agent.test
  id = "user_num:8801"
}

resource "contactcenter_agent" "test" {
  user_num  = "8801"
  user_name = "Fay"
%s}
`, extra))
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: adopt(""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(agentAddr, plancheck.ResourceActionNoop),
				}},
				Check: held("user_phone_type 4, is_forbidden_login true, is_enable_outbound false"),
			},
			{
				Config: adopt("  is_forbidden_login = false\n"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(agentAddr, plancheck.ResourceActionUpdate),
				}},
				Check: held("user_phone_type 4, is_forbidden_login false, is_enable_outbound false"),
			},
		},
	})
}
