package resources_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccAgent_newNumberUnderCreateBeforeDestroyKeepsEmail: a new user_num
// replaces the agent, and under create_before_destroy the new agent is
// created while the old one still holds the user_email, which is unique:
// the create is refused. The advice said to clear the value on the old
// agent "in the portal, or import it into a resource of its own", though
// that agent is still this resource's (an import elsewhere has two
// resources manage it); it now says to drop create_before_destroy for the
// change (delete_mode = "delete" then frees the value first) or free the
// value in an apply of its own. The old agent stays, unchanged and in the
// state, and the configuration without create_before_destroy applies.
func TestAccAgent_newNumberUnderCreateBeforeDestroyKeepsEmail(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	config := func(num, lifecycle string) string {
		return env.Config(`
resource "contactcenter_agent" "a" {
  user_num      = "` + num + `"
  user_name     = "CBD Mail"
  user_password = "s3cret-Pass1"
  user_email    = "cbd.mail@example.com"
` + lifecycle + `
}
`)
	}
	const cbd = "  lifecycle {\n    create_before_destroy = true\n  }"
	advice := strings.ReplaceAll(regexp.QuoteMeta(`Under lifecycle { create_before_destroy = true } (set on this resource, or on one that depends on it) `+
		`the new agent is created first, while the old one, still this resource's in the state, holds the user_email: remove create_before_destroy `+
		`for this change (with delete_mode = "delete" the old agent is then deleted before the new one is created, which frees the user_email), `+
		`or free the user_email first: apply user_email = "" with the old user_num, then change user_num and set the user_email again.`), " ", `\s+`)
	var oldID string
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: config("8751", cbd),
				Check: func(s *terraform.State) error {
					oldID = s.RootModule().Resources["contactcenter_agent.a"].Primary.ID
					return nil
				},
			},
			{
				Config:      config("8752", cbd),
				ExpectError: regexp.MustCompile(`users/add[\s\S]*user_email[\s\S]*already used[\s\S]*` + advice),
			},
			{
				// Nothing half done: the old agent is still the state's,
				// and no other agent was made.
				Config:   config("8751", cbd),
				PlanOnly: true,
				Check: func(s *terraform.State) error {
					if id := s.RootModule().Resources["contactcenter_agent.a"].Primary.ID; id != oldID {
						t.Errorf("state holds agent %s after the refused create, want %s", id, oldID)
					}
					return nil
				},
			},
			{
				// The advice works: without create_before_destroy the old
				// agent is deleted first.
				Config: config("8752", ""),
				Check: func(*terraform.State) error {
					var nums []string
					for a, err := range env.Client(t).Agents.List(context.Background(), client.AgentFilter{}) {
						if err != nil {
							return err
						}
						nums = append(nums, string(a.UserNum))
					}
					if len(nums) != 1 || nums[0] != "8752" {
						t.Errorf("agents after the replacement: %v, want only 8752", nums)
					}
					return nil
				},
			},
		},
	})
}
