package resources_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/go-version"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccApplyErrorPointsAtAttribute: a create the service refuses for one
// attribute (a unique value another object holds, an id that does not
// exist) showed the first line of the resource block; with 40 resources
// the user looked for the line. The error now shows the attribute's line
// (the snippet of the diagnostic, which plain output prints under it).
func TestAccApplyErrorPointsAtAttribute(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	pw := "Secret123!"
	if _, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: new("9001"), UserName: new("Ann"), UserPassword: &pw, UserEmail: new("taken@example.com")}); err != nil {
		t.Fatal(err)
	}
	queID, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Taken", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Taken"}); err != nil {
		t.Fatal(err)
	}
	w := env.Workdir(t)
	w.WriteBody(`
resource "contactcenter_agent" "email_taken" {
  user_num      = "E1"
  user_name     = "Eve"
  user_password = "Secret123!"
  user_email    = "taken@example.com"
}

resource "contactcenter_skill_group" "name_taken" {
  que_name     = "Taken"
  que_priority = 1
}

resource "contactcenter_sms_signature" "text_taken" {
  sign_text = "Taken"
}

resource "contactcenter_sms_template" "no_signature" {
  sign_id           = 999999
  template_name     = "Welcome"
  template_contents = "Hello"
}

resource "contactcenter_outbound_task" "no_agent" {
  name           = "Renewals"
  type           = 1
  trans_to       = "101"
  assigned_users = [{ user_num = "NOSUCH" }]
  config         = { call_ratio_type = 0, max_call_ratio = 3 }
}

# queue/assign refuses an agent that does not exist with a code-500 overall
# result whose item has code 406 (§7.2).
resource "contactcenter_skill_group_member" "no_agent" {
  que_id   = "` + queID + `"
  agent_id = "4243"
  skill    = 1
}
`)
	_, out := w.Run("apply", "-auto-approve", "-json")
	want := map[string]string{
		"contactcenter_agent.email_taken":           `user_email    = "taken@example.com"`,
		"contactcenter_skill_group.name_taken":      `que_name     = "Taken"`,
		"contactcenter_sms_signature.text_taken":    `sign_text = "Taken"`,
		"contactcenter_sms_template.no_signature":   `sign_id           = 999999`,
		"contactcenter_outbound_task.no_agent":      `assigned_users = [{ user_num = "NOSUCH" }]`,
		"contactcenter_skill_group_member.no_agent": `agent_id = "4243"`,
	}
	got := errorSnippets(out)
	for addr, line := range want {
		if got[addr] != line {
			t.Errorf("%s: the error shows %q; want the line %q", addr, got[addr], line)
		}
	}
	if t.Failed() {
		t.Log(out)
	}
}

// TestAccApplyErrorPointsAtNestedAttribute: a task refused for a webhook
// deleted since (config.webhook.ids names it) showed the resource block;
// the service's message names the field by its path, as the spec writes
// nested fields (config.que_id, §2.7), and the error is now where
// Terraform can show it: at that attribute on Terraform 1.15 and later,
// at its top-level attribute (config = {) before, where a nested path
// shows the resource block (and a message naming
// recall_strategies.default.* moved there from the recall_strategies line
// before the provider took the version into account).
func TestAccApplyErrorPointsAtNestedAttribute(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	c := env.Client(t)
	hook, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "Gone", URL: "https://crm.example.com/gone", EventType: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Webhooks.Delete(t.Context(), int64(hook.ID)); err != nil {
		t.Fatal(err)
	}
	w.WriteBody(fmt.Sprintf(`
resource "contactcenter_outbound_task" "gone_webhook" {
  name     = "Renewals"
  type     = 3
  trans_to = "ivr_main"
  config = {
    webhook = {
      enable = true
      ids    = [%d]
    }
  }
}
`, hook.ID))
	_, out := w.Run("apply", "-auto-approve", "-json")
	shown := func(code string) bool { return code == fmt.Sprintf("ids    = [%d]", hook.ID) }
	where := fmt.Sprintf("the line ids    = [%d]", hook.ID)
	if w.TerraformVersion().LessThan(version.Must(version.NewVersion("1.15.0"))) {
		shown = func(code string) bool { return strings.HasPrefix(code, "config = {") }
		where = "the line of config = {"
	}
	var got []string
	for _, d := range acctest.JSONDiagnostics(out) {
		if d.Severity != "error" || !d.Snippet {
			continue
		}
		got = append(got, d.Code)
		if !strings.Contains(d.Detail, fmt.Sprintf("config.webhook.ids: webhook %d does not exist", hook.ID)) {
			t.Errorf("the error says %q", d.Detail)
		}
	}
	if len(got) != 1 || !shown(got[0]) {
		t.Errorf("the errors show %q; want one at %s:\n%s", got, where, out)
	}
}
