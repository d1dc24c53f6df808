package actions_test

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestActions_failureNamesSkippedActions: when an action run by an
// action_trigger fails, Terraform runs none of the actions listed after it
// for the same resource and does not name them (TestAccActions_failure-
// SkipsLaterActions); the error said only how to run the failed action
// again, so a notification listed second was silently never sent. Every
// failed invoke's last error now says so, once: a send whose answer was lost
// (outcome unknown), a refusal by the platform, and a check that
// fails only at invoke.
func TestActions_failureNamesSkippedActions(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t)
	postAdmin(t, env, "/_sim/faults", `{"force":[{"method":"POST","path":"/smsapi/sms/v1/send_sms","lost":true,"count":1}]}`)
	for name, res := range map[string]acctest.ActionResult{
		"answer lost": acctest.RunAction(t, srv, "contactcenter_gateway_sms_send",
			map[string]any{"mobiles": []string{"13800000001"}, "sms_text": "Welcome", "sign_text": "Acme"}),
		"missing task": acctest.RunAction(t, srv, "contactcenter_outbound_task_status",
			map[string]any{"ids": []int64{999999}, "status": "open"}),
		"checked at invoke": acctest.InvokeOnly(t, srv, "contactcenter_gateway_sms_send",
			map[string]any{"mobiles": []string{"13800000001", ""}, "sms_text": "Welcome", "sign_text": "Acme"}),
	} {
		errs := errorDiags(res)
		if len(errs) == 0 {
			t.Errorf("%s: want an error: %s", name, res.Text())
			continue
		}
		if n := strings.Count(res.Text(), framework.TriggerSkipped); n != 1 || !strings.HasSuffix(errs[len(errs)-1].Detail, "\n\n"+framework.TriggerSkipped) {
			t.Errorf("%s: the last error must end with the note on skipped actions (found %d times):\n%s", name, n, res.Text())
		}
	}
	// A success says nothing of it.
	res := acctest.RunAction(t, srv, "contactcenter_call_user_data", map[string]any{"call_id": "c1", "user_data": map[string]string{"a": "b"}})
	if res.HasError() || strings.Contains(res.Text(), framework.TriggerSkipped) {
		t.Errorf("success: %s", res.Text())
	}
}

// TestAccActions_failureSkipsLaterActions shows what the note is about,
// through Terraform (1.14 or later): the first action of a trigger fails,
// and the action listed after it, in the same action_trigger and in a
// later one, does not run (the task stays closed); the error says so.
func TestAccActions_failureSkipsLaterActions(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	var taskID int64
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{{
			Config: env.Config(`
resource "contactcenter_outbound_task" "test" {
  name         = "Reminders"
  type         = 3
  force_delete = true
}
`),
			Check: func(s *terraform.State) error {
				taskID, _ = strconv.ParseInt(s.RootModule().Resources["contactcenter_outbound_task.test"].Primary.ID, 10, 64)
				return nil
			},
		}, {
			Config: env.Config(`
resource "contactcenter_outbound_task" "test" {
  name         = "Reminders"
  type         = 3
  force_delete = true
}

action "contactcenter_outbound_task_status" "missing" {
  config {
    ids    = [999999]
    status = "open"
  }
}

action "contactcenter_outbound_task_status" "open" {
  config {
    ids    = [contactcenter_outbound_task.test.id]
    status = "open"
  }
}

resource "terraform_data" "start" {
  input = contactcenter_outbound_task.test.id
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.contactcenter_outbound_task_status.missing, action.contactcenter_outbound_task_status.open]
    }
    action_trigger {
      events  = [after_create]
      actions = [action.contactcenter_outbound_task_status.open]
    }
  }
}
`),
			ExpectError: regexp.MustCompile(`(?s)Task 999999.*Terraform did not run the actions\s+listed after it`),
		}, {
			Config: env.Config(`
resource "contactcenter_outbound_task" "test" {
  name         = "Reminders"
  type         = 3
  force_delete = true
}
`),
			Check: func(*terraform.State) error {
				if st := taskStatus(t, c, taskID); st != client.TaskStatusClosed {
					return fmt.Errorf("task %d has status %d: the action listed after the failed one ran", taskID, st)
				}
				return nil
			},
		}},
	})
}
