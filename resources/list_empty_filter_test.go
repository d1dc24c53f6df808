package resources_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestList_emptyTextFilterRefused: the client leaves an empty text filter
// out of the request, so `config { keyword = "" }` (an empty variable)
// listed every skill group, webhook, task... where the query asked for the
// matching ones. As the data sources' filters since 63d88c3, an empty one
// is refused when the list block is validated, naming the attribute.
func TestList_emptyTextFilterRefused(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	if _, err := env.Client(t).Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Sales", QuePriority: 1}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ typ, attr string }{
		{"skill_group", "keyword"}, {"skill_group_member", "keyword"}, {"skill_group_members", "keyword"},
		{"sms_template", "keyword"}, {"sms_signature", "sign_text"}, {"webhook", "name"}, {"webhook", "url"},
		{"outbound_task", "name"}, {"sound", "keyword"}, {"agent", "user_num"},
	} {
		got := env.List(t, "contactcenter_"+c.typ, map[string]any{c.attr: ""}, false, 10)
		want := `Attribute ` + c.attr + ` string length must be at least 1, got: 0`
		if len(got) != 1 || len(got[0].Diagnostics) == 0 || !strings.Contains(got[0].Diagnostics[0].Detail, want) {
			var text []string
			for _, l := range got {
				text = append(text, l.DisplayName)
				for _, d := range l.Diagnostics {
					text = append(text, d.Summary+": "+d.Detail)
				}
			}
			t.Errorf("%s with %s = \"\": %d results %q, want one error containing %q", c.typ, c.attr, len(got), text, want)
		}
	}
}

// The same through the CLI (`terraform query`, Terraform 1.14+).
func TestAccSkillGroup_queryEmptyKeyword(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{
			{Config: env.Config(`
resource "contactcenter_skill_group" "a" {
  que_name     = "Sales"
  que_priority = 1
}
`)},
			{
				// The provider block is the configuration's (.tf) of step 1.
				Query: true,
				Config: `
list "contactcenter_skill_group" "x" {
  provider = contactcenter
  config {
    keyword = ""
  }
}
`,
				ExpectError: regexp.MustCompile(`Attribute keyword string length must be at least 1, got: 0`),
			},
		},
	})
}
