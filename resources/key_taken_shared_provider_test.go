package resources_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/hashicorp/go-version"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccKeyTaken_terraformTestRuns: `terraform test` with a provider block
// in the test file (Terraform 1.13 and later) serves every run with one
// provider process, one client. After the first run's apply, a later run's
// plan that creates an agent whose user_num is taken said nothing: the
// key check read nothing after the client's writes (agent 7998, made
// outside Terraform), and took an agent the earlier apply had read back
// for one the plan refreshes (7999, created by a run of another module,
// in another state). The creates here depend on the agents of the state,
// so that they are planned after its refresh (the testing guide says why).
func TestAccKeyTaken_terraformTestRuns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	if v := w.TerraformVersion(); v.LessThan(version.Must(version.NewVersion("1.13.0"))) {
		t.Skipf("terraform %s configures a test file's provider for each run; 1.13 and later serve every run with one", v)
	}
	raw, _ := json.Marshal([]map[string]any{{"user_num": "7998", "user_name": "Outside"}})
	if err := env.Sim.Seed(map[string]json.RawMessage{"agents": raw}); err != nil {
		t.Fatal(err)
	}
	required := `terraform {
  required_providers {
    contactcenter = { source = "` + strings.TrimPrefix(acctest.ProviderAddr, "registry.terraform.io/") + `" }
  }
}
`
	w.Write(required + `
variable "extra" {
  type    = string
  default = ""
}
resource "contactcenter_agent" "a" {
  for_each                 = toset(["7310", "7311"])
  user_num                 = each.key
  user_name                = "Runs ${each.key}"
  user_password_wo         = "Pw-12345678"
  user_password_wo_version = 1
}
resource "contactcenter_agent" "extra" {
  count                    = var.extra == "" ? 0 : 1
  user_num                 = var.extra
  user_name                = "Extra"
  user_password_wo         = "Pw-12345678"
  user_password_wo_version = 1
  depends_on               = [contactcenter_agent.a]
}
`)
	w.WriteFile("other/main.tf", required+`
resource "contactcenter_agent" "o" {
  user_num                 = "7999"
  user_name                = "Other state"
  user_password_wo         = "Pw-12345678"
  user_password_wo_version = 1
}
`)
	w.WriteFile("tests/runs.tftest.hcl", env.ProviderConfig()+`
run "setup" {}
run "other_state" {
  module { source = "./other" }
}
run "taken_outside" {
  command = plan
  variables { extra = "7998" }
}
run "taken_in_other_state" {
  command = plan
  variables { extra = "7999" }
}
`)
	w.Must(0, "init", "-no-color")
	out := w.Must(0, "test", "-no-color")
	if !strings.Contains(out, "4 passed, 0 failed") {
		t.Fatalf("terraform test did not run the four runs:\n%s", out)
	}
	for _, run := range []string{"taken_outside", "taken_in_other_state"} {
		_, after, _ := strings.Cut(out, `run "`+run+`"`)
		after, _, _ = strings.Cut(after, "\n  run ")
		if !strings.Contains(after, "Agent Already Exists") {
			t.Errorf("run %s does not warn Agent Already Exists:\n%s", run, out)
		}
	}
}
