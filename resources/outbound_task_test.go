package resources_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-testing/config"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// taskEnv seeds two agents (user_id 5001 "9001", 5002 "9002") and a skill
// group holding 5001, and returns the group id.
func taskEnv(t *testing.T) (*acctest.Env, int64) {
	t.Helper()
	env := acctest.New(t)
	err := env.Sim.Seed(map[string]json.RawMessage{"agents": json.RawMessage(
		`[{"user_id": 5001, "user_num": "9001", "user_name": "Ann"}, {"user_id": 5002, "user_num": "9002", "user_name": "Bo"}]`)})
	if err != nil {
		t.Fatal(err)
	}
	c := env.Client(t)
	id, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Robot escalation", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	que, _ := strconv.ParseInt(id, 10, 64)
	if err := c.Queues.Assign(t.Context(), que, []client.AgentSkill{{AgID: 5001, Skill: 1}}); err != nil {
		t.Fatal(err)
	}
	return env, que
}

// apiTask reads the task of addr from the simulator through the client.
func apiTask(t *testing.T, env *acctest.Env, s *terraform.State, addr string) (*client.Task, error) {
	id, _ := strconv.ParseInt(s.RootModule().Resources[addr].Primary.ID, 10, 64)
	return env.Client(t).Tasks.Get(t.Context(), id)
}

const predictiveV1 = `
resource "contactcenter_webhook" "hangup" {
  name       = "hang-up records"
  url        = "https://crm.example.com/hangup"
  status     = true
  event_type = 1
}

resource "contactcenter_outbound_task" "test" {
  name     = "Renewals"
  type     = 1
  trans_to = "101"
  callers  = ["95001001", "95001002"]
  priority = 120

  assigned_users = [
    { user_num = "9001", conn_limit = 2 },
    { user_id = 5002 },
  ]

  config = {
    call_ratio_type   = 1
    manual_call_ratio = 1.5
    max_call_ratio    = 3
    makecall_flag     = 8
    webhook = {
      enable = true
      ids    = [contactcenter_webhook.hangup.id]
    }
  }

  recall_strategies = {
    default = {
      recall           = 1
      recall_max_times = 2
      recall_interval  = [10, 30]
    }
  }

  worktime = {
    name = "office hours"
    working = {
      "1" = [["09:00:00", "12:00:00"], ["13:30:00", "18:00:00"]]
      "5" = [["09:00:00", "15:00:00"]]
    }
  }

  filter_rules = {
    blacklist      = true
    call_blacklist = true
  }
}
`

const predictiveV2 = `
resource "contactcenter_webhook" "hangup" {
  name       = "hang-up records"
  url        = "https://crm.example.com/hangup"
  status     = true
  event_type = 1
}

resource "contactcenter_outbound_task" "test" {
  name         = "Renewals Q3"
  type         = 1
  status       = "open"
  force_delete = true
  priority     = 200
  concurrent   = 4

  assigned_users = [
    { user_num = "9001" },
  ]

  config = {
    call_ratio_type = 0
    max_call_ratio  = 2.5
  }

  recall_strategies = {
    asr = {
      "1" = { recall = 1, recall_max_times = 3, recall_interval = [5, 10, 20] }
      "11" = { recall = 0 }
    }
  }
}
`

// A predictive task: create, empty plan, import, update (status opened
// through status/update, members removed), empty plan, import.
func TestAccOutboundTask_basic(t *testing.T) {
	t.Parallel()
	env, _ := taskEnv(t)
	addr := "contactcenter_outbound_task.test"
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(predictiveV1),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectKnownValue(addr, tfjsonpath.New("context"), knownvalue.StringExact("mc_transque")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("id"), knownvalue.StringRegexp(regexp.MustCompile(`^[0-9]+$`))),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("context"), knownvalue.StringExact("mc_transque")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("type_string"), knownvalue.StringExact("predictive")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("status"), knownvalue.StringExact("closed")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("status_string"), knownvalue.StringExact("closed")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("max_conn_secs"), knownvalue.Int64Exact(300)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("timeout_secs"), knownvalue.Int64Exact(30)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("max_queue_secs"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("config").AtMapKey("init_call_ratio"), knownvalue.Float64Exact(1)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("assigned_users").AtSliceIndex(1).AtMapKey("conn_limit"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("filter_rules").AtMapKey("history"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("worktime").AtMapKey("working").AtMapKey("1").AtSliceIndex(1),
						knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("13:30:00"), knownvalue.StringExact("18:00:00")})),
				},
				Check: func(s *terraform.State) error {
					task, err := apiTask(t, env, s, addr)
					if err != nil {
						return err
					}
					if task.Config == nil || task.Config.Webhook == nil || len(task.Config.Webhook.IDs) != 1 ||
						task.RecallStrategies == nil || task.RecallStrategies.Default == nil || len(task.RecallStrategies.Default.RecallInterval) != 2 {
						return fmt.Errorf("the API holds config %+v recall %+v", task.Config, task.RecallStrategies)
					}
					return nil
				},
			},
			{
				ResourceName: addr, ImportState: true, ImportStateVerify: true,
				ImportStateVerifyIgnore: []string{"force_delete"},
			},
			{
				Config: env.Config(predictiveV2),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("name"), knownvalue.StringExact("Renewals Q3")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("status"), knownvalue.StringExact("open")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("status_string"), knownvalue.StringExact("open")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("priority"), knownvalue.Int64Exact(200)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("concurrent"), knownvalue.Int64Exact(4)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("callers"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("worktime"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("trans_to"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("config").AtMapKey("call_ratio_type"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("recall_strategies").AtMapKey("asr").AtMapKey("11").AtMapKey("recall"), knownvalue.Int64Exact(0)),
				},
				Check: func(s *terraform.State) error {
					task, err := apiTask(t, env, s, addr)
					if err != nil {
						return err
					}
					if ptr(task.Status) != 1 || len(task.Callers) != 0 || len(task.Worktime.Working) != 0 || task.Config.Webhook != nil {
						return fmt.Errorf("the API still holds removed members: status %d callers %v worktime %+v webhook %+v",
							ptr(task.Status), task.Callers, task.Worktime, task.Config.Webhook)
					}
					return nil
				},
			},
			{
				ResourceName: addr, ImportState: true, ImportStateVerify: true,
				ImportStateVerifyIgnore: []string{"force_delete"},
			},
		},
	})
	if n := env.Sim.Stats()["POST /autocall/api/v3/projects/status/update"]; n != 1 {
		t.Errorf("opening the task should use status/update once, got %d calls", n)
	}
}

// wrapped matches text that Terraform may have wrapped across lines.
func wrapped(text string) *regexp.Regexp {
	return regexp.MustCompile(strings.ReplaceAll(regexp.QuoteMeta(text), " ", `\s+`))
}

func ptr(p *client.FlexInt) int64 {
	if p == nil {
		return -1
	}
	return int64(*p)
}

func automaticConfig(status string) string {
	return fmt.Sprintf(`
resource "contactcenter_outbound_task" "test" {
  name     = "Payment reminders"
  type     = 3
  trans_to = "ivr_main"
  status   = %q
}
`, status)
}

// An automatic task with the defaults of §8, moved closed → paused → closed (§3.4).
func TestAccOutboundTask_automaticStatus(t *testing.T) {
	t.Parallel()
	env, _ := taskEnv(t)
	addr := "contactcenter_outbound_task.test"
	status := func(want int64) resource.TestCheckFunc {
		return func(s *terraform.State) error {
			task, err := apiTask(t, env, s, addr)
			if err != nil {
				return err
			}
			if ptr(task.Status) != want {
				return fmt.Errorf("the API holds status %d, want %d", ptr(task.Status), want)
			}
			return nil
		}
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(automaticConfig("closed")),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("context"), knownvalue.StringExact("mc_transivr")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("type_string"), knownvalue.StringExact("automatic")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("priority"), knownvalue.Int64Exact(100)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("dept_id"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("enable_asr"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("concurrent"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("config"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("filter_rules"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("trans_to"), knownvalue.StringExact("ivr_main")),
				},
				Check: status(0),
			},
			{ResourceName: addr, ImportState: true, ImportStateVerify: true},
			{Config: env.Config(automaticConfig("paused")), Check: status(2)},
			{Config: env.Config(automaticConfig("closed")), Check: status(0)},
		},
	})
}

func robotConfig(que int64, extra string) string {
	return fmt.Sprintf(`
resource "contactcenter_outbound_task" "test" {
  name     = "Survey robot"
  type     = 4
  trans_to = "script-42"
  enable_asr = true

  assigned_users = [{ user_id = 5001, conn_limit = 3 }]

  config = {
    max_call_ratio   = 2
    nlp_silence_time = 800
    enable_scheduler = true
    agent_wait_time  = 10
    que_id           = %d
    tts = {
      provider = "ali"
      name     = "xiaoyun"
      voice    = "xiaoyun"
      speed    = 0
      volume   = 50
      options  = { sample_rate = "16000" }
    }
  }
%s
}
`, que, extra)
}

// A robot task with scheduling: create, empty plan, import, update, empty plan.
func TestAccOutboundTask_robot(t *testing.T) {
	t.Parallel()
	env, que := taskEnv(t)
	addr := "contactcenter_outbound_task.test"
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(robotConfig(que, "")),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("context"), knownvalue.StringExact("mc_transai")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("type_string"), knownvalue.StringExact("robot")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("config").AtMapKey("que_id"), knownvalue.Int64Exact(que)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("config").AtMapKey("tts").AtMapKey("speed"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("config").AtMapKey("tts").AtMapKey("pitch"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("config").AtMapKey("tts").AtMapKey("options").AtMapKey("sample_rate"), knownvalue.StringExact("16000")),
				},
			},
			{ResourceName: addr, ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: []string{"force_delete"}},
			{
				Config: env.Config(robotConfig(que, `  worktime = { working = { "0" = [["10:00:00", "16:00:00"]] } }`)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("worktime").AtMapKey("name"), knownvalue.Null()),
				},
			},
		},
	})
}

// An agent outside config.que_id is refused by the service (§2.7.3); the
// provider cannot know group membership at plan time.
func TestAccOutboundTask_robotAgentOutsideGroup(t *testing.T) {
	t.Parallel()
	env, que := taskEnv(t)
	cfg := robotConfig(que, "")
	cfg = regexp.MustCompile(`user_id = 5001`).ReplaceAllString(cfg, `user_id = 5002`)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config:      env.Config(cfg),
			ExpectError: wrapped(`agent user_id 5002 is not in skill group`),
		}},
	})
}

// An endpoint written with a path of its own (copied from a surface URL)
// sends every call to a path the server does not have: HTTP 404, which the
// simulator answers with code 404, the tasks' "no such project" code. The
// refresh took that for the task being deleted outside Terraform and
// planned a new one (a destroy forgot it). It is an error now, which says
// what to check.
func TestAccOutboundTask_endpointWithPath(t *testing.T) {
	t.Parallel()
	env, _ := taskEnv(t)
	withPath := strings.Replace(env.Config(automaticConfig("closed")), env.Origin, env.Origin+"/open", 1)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: env.Config(automaticConfig("closed"))},
			{Config: withPath, PlanOnly: true, ExpectError: inOrder(`answered code 404`, `(HTTP 404)`, `The server has no such path. Check endpoint`)},
			{Config: withPath, Destroy: true, ExpectError: inOrder(`The server has no such path`)},
			// The task is still there, and the right endpoint finds it.
			{Config: env.Config(automaticConfig("closed")), PlanOnly: true},
		},
	})
}

func TestAccOutboundTask_disappears(t *testing.T) {
	t.Parallel()
	env, _ := taskEnv(t)
	c := env.Client(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(automaticConfig("open") + "\n"),
			Check: func(s *terraform.State) error {
				id, _ := strconv.ParseInt(s.RootModule().Resources["contactcenter_outbound_task.test"].Primary.ID, 10, 64)
				return c.Tasks.Delete(t.Context(), []int64{id}, true)
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

// Destroying an open task without force_delete fails with a hint; with
// force_delete it is deleted. Both the destroy and a replacement (a new
// type) fail at plan, before anything of the apply ran: they failed at
// apply, with create_before_destroy after the new task was made.
func TestAccOutboundTask_forceDelete(t *testing.T) {
	t.Parallel()
	env, _ := taskEnv(t)
	addr := "contactcenter_outbound_task.test"
	robot := `
resource "contactcenter_outbound_task" "test" {
  name   = "Payment reminders"
  type   = 4
  status = "open"
  config = {
    tts              = { provider = "ali", name = "xiaoyun" }
    nlp_silence_time = 800
    enable_scheduler = false
    agent_wait_time  = 5
    que_id           = 100
    max_call_ratio   = 2
  }
}
`
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: env.Config(automaticConfig("open"))},
			{Config: env.Config(robot), PlanOnly: true, ExpectError: inOrder(`Replacing an Open Outbound Task`, `Changing type replaces outbound task`,
				`or force_delete = true, and apply before changing type`)},
			{Config: env.Config(automaticConfig("open")), Destroy: true, ExpectError: inOrder(`Destroying an Open Outbound Task`, `or force_delete = true, and apply before destroying`,
				`When the resource ignores status`, `pause the task with a contactcenter_outbound_task_status action`)},
			{
				Config: env.Config(`
resource "contactcenter_outbound_task" "test" {
  name         = "Payment reminders"
  type         = 3
  trans_to     = "ivr_main"
  status       = "open"
  force_delete = true
}
`),
				ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectKnownValue(addr, tfjsonpath.New("force_delete"), knownvalue.Bool(true))},
			},
		},
	})
}

func TestAccOutboundTask_validation(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	task := func(body string) string {
		return fmt.Sprintf("resource \"contactcenter_outbound_task\" \"test\" {\n  name = \"V\"\n%s\n}\n", body)
	}
	const users = `assigned_users = [{ user_num = "9001" }]`
	const tts = `tts = { provider = "ali", name = "xiaoyun" }`
	robot := func(omit string, extra string) string {
		fields := map[string]string{
			"tts": tts, "nlp_silence_time": "nlp_silence_time = 800", "enable_scheduler": "enable_scheduler = false",
			"agent_wait_time": "agent_wait_time = 5", "que_id": "que_id = 100", "max_call_ratio": "max_call_ratio = 2",
		}
		cfg := ""
		for _, k := range []string{"tts", "nlp_silence_time", "enable_scheduler", "agent_wait_time", "que_id", "max_call_ratio"} {
			if k != omit {
				cfg += "    " + fields[k] + "\n"
			}
		}
		return task(fmt.Sprintf("  type = 4\n  config = {\n%s  }\n%s", cfg, extra))
	}
	predictive := func(cfg, extra string) string {
		return task(fmt.Sprintf("  type = 1\n  config = { %s }\n%s", cfg, extra))
	}
	automatic := func(extra string) string { return task("  type = 3\n" + extra) }
	cases := map[string]struct {
		body string
		want string
	}{
		"type 2":                        {task("  type = 2"), `type 2 is not one of 1 (predictive), 3 (automatic), 4 (robot).`},
		"type 1 without assigned_users": {predictive("call_ratio_type = 0\nmax_call_ratio = 2", ""), `assigned_users is required for a predictive task`},
		"type 1 with empty assigned_users": {predictive("call_ratio_type = 0\nmax_call_ratio = 2", "assigned_users = []"),
			`assigned_users is required for a predictive task (type = 1): list the agents who take the calls. It is set, but empty (0 elements): at least one is needed.`},
		"type 1 without call_ratio_type":  {predictive("max_call_ratio = 2", users), `config.call_ratio_type is required for a predictive task`},
		"type 1 without config":           {task("  type = 1\n  " + users), `config.max_call_ratio is required for a predictive task`},
		"type 1 without max_call_ratio":   {predictive("call_ratio_type = 0", users), `config.max_call_ratio is required for a predictive task`},
		"manual ratio without value":      {predictive("call_ratio_type = 1\nmax_call_ratio = 2", users), `config.manual_call_ratio is required when config.call_ratio_type = 1`},
		"call_ratio_type 2":               {predictive("call_ratio_type = 2\nmax_call_ratio = 2", users), `config.call_ratio_type 2 is not one of 0 (automatically), 1 (manually).`},
		"type 4 without tts":              {robot("tts", ""), `config.tts is required for a robot task`},
		"type 4 without nlp_silence_time": {robot("nlp_silence_time", ""), `config.nlp_silence_time is required for a robot task`},
		"type 4 without enable_scheduler": {robot("enable_scheduler", ""), `config.enable_scheduler is required for a robot task`},
		"type 4 without agent_wait_time":  {robot("agent_wait_time", ""), `config.agent_wait_time is required for a robot task`},
		"type 4 without que_id":           {robot("que_id", ""), `config.que_id is required for a robot task`},
		"type 4 without max_call_ratio":   {robot("max_call_ratio", ""), `config.max_call_ratio is required for a robot task`},
		"type 4 with scheduler, no assigned_users": {
			task("  type = 4\n  config = {\n    " + tts + "\n    nlp_silence_time = 800\n    enable_scheduler = true\n    agent_wait_time = 5\n    que_id = 100\n    max_call_ratio = 2\n  }"),
			`assigned_users is required for a robot task (type = 4) with config.enable_scheduler = true`,
		},
		"assigned user with both ids":   {automatic(`assigned_users = [{ user_id = 5001, user_num = "9001" }]`), `2 attributes specified when one (and only one) of [assigned_users[0].user_id,assigned_users[0].user_num] is required`},
		"assigned user with neither id": {automatic(`assigned_users = [{ conn_limit = 1 }]`), `No attribute specified when one (and only one) of [assigned_users[0].user_id,assigned_users[0].user_num] is required`},
		"predictive trans_to not a group id": {predictive("call_ratio_type = 0\nmax_call_ratio = 2", users+"\ntrans_to = \"not-a-group\""),
			`trans_to must be a skill-group id (a whole number from 1, without leading zeros, such as contactcenter_skill_group.x.id) for a predictive task (type = 1, which hands each answered call to a skill group), got "not-a-group".`},
		"predictive trans_to with leading zeros": {predictive("call_ratio_type = 0\nmax_call_ratio = 2", users+"\ntrans_to = \"007\""),
			`for a predictive task (type = 1, which hands each answered call to a skill group), got "007".`},
		"priority 256":               {automatic("priority = 256"), `priority value must be between 0 and 255`},
		"priority -1":                {automatic("priority = -1"), `priority value must be between 0 and 255`},
		"status running":             {automatic(`status = "running"`), `status value must be one of`},
		"worktime weekday 7":         {automatic(`worktime = { working = { "7" = [["09:00:00", "10:00:00"]] } }`), `worktime.working key "7" must be a weekday`},
		"worktime time not HH:mm:ss": {automatic(`worktime = { working = { "1" = [["9:00", "10:00:00"]] } }`), `must be a [start, end] pair of times in HH:mm:ss`},
		"worktime pair of three":     {automatic(`worktime = { working = { "1" = [["09:00:00", "10:00:00", "11:00:00"]] } }`), `must be a [start, end] pair of times in HH:mm:ss`},
		"worktime start after end":   {automatic(`worktime = { working = { "2" = [["18:00:00", "09:00:00"]] } }`), `start 18:00:00 must be before end 09:00:00`},
		"recall_interval as an int":  {automatic(`recall_strategies = { default = { recall_interval = 5 } }`), `list of number required`},
		"recall_max_times as a list": {automatic(`recall_strategies = { default = { recall_max_times = [3] } }`), `number required`},
		"recall 2":                   {automatic(`recall_strategies = { default = { recall = 2 } }`), `recall_strategies.default.recall 2 is not one of 0 (off), 1 (on).`},
		"asr reason 6":               {automatic(`recall_strategies = { asr = { "6" = { recall = 1 } } }`), `value must be one of`},
		"tts provider not ali or tx": {
			task("  type = 4\n  config = {\n    tts = { provider = \"google\", name = \"x\" }\n    nlp_silence_time = 800\n    enable_scheduler = false\n    agent_wait_time = 5\n    que_id = 100\n    max_call_ratio = 2\n  }"),
			`provider value must be one of`,
		},
		"makecall_flag 1": {automatic(`config = { makecall_flag = 1 }`), `config.makecall_flag 1 is not one of 0 (no), 8 (yes).`},
		"webhook id 0":    {automatic(`config = { webhook = { enable = true, ids = [5, 0] } }`), `Attribute config.webhook.ids[1] value must be at least 1, got: 0`},
		// Written as configured: float64validator said "at least 0.000000, got: -1.000000".
		"max_call_ratio -1":    {automatic(`config = { max_call_ratio = -1 }`), `Attribute config.max_call_ratio value must be at least 0, got: -1`},
		"init_call_ratio -0.5": {automatic(`config = { init_call_ratio = -0.5 }`), `Attribute config.init_call_ratio value must be at least 0, got: -0.5`},
		"blank name": {"resource \"contactcenter_outbound_task\" \"test\" {\n  name = \"  \"\n  type = 3\n}\n",
			`Attribute name must hold more than white space`},
		"empty trans_to":      {automatic(`trans_to = ""`), `Attribute trans_to string length must be at least 1`},
		"empty assigned list": {automatic(`assigned_users = []`), `assigned_users list must contain at least 1 elements`},
	}
	plan := map[string]acctest.PlanError{}
	for name, tc := range cases {
		plan[name] = acctest.PlanError{Config: tc.body, Want: tc.want}
	}
	env.ExpectPlanErrors(t, plan)
}

// Values known only after apply (ids of a group and webhooks created in the
// same run) pass plan-time validation, as in examples/complete/tasks.tf.
func TestAccOutboundTask_references(t *testing.T) {
	t.Parallel()
	env, _ := taskEnv(t)
	cfg := `
resource "contactcenter_skill_group" "bots" {
  que_name     = "Bots"
  que_priority = 5
}

resource "contactcenter_webhook" "pre" {
  name       = "pre-call"
  url        = "https://crm.example.com/pre"
  status     = true
  event_type = 2
}

resource "contactcenter_outbound_task" "test" {
  name     = "Robot with references"
  type     = 4
  trans_to = contactcenter_skill_group.bots.id

  config = {
    max_call_ratio   = 2
    nlp_silence_time = 800
    enable_scheduler = false
    agent_wait_time  = 10
    que_id           = contactcenter_skill_group.bots.id
    tts              = { provider = "tx", name = "zhiyu" }
    webhook          = { enable = true, ids = [contactcenter_webhook.pre.id] }
  }
}
`
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(cfg),
				Check: func(s *terraform.State) error {
					task, err := apiTask(t, env, s, "contactcenter_outbound_task.test")
					if err != nil {
						return err
					}
					que := s.RootModule().Resources["contactcenter_skill_group.bots"].Primary.ID
					if fmt.Sprint(int64(*task.Config.QueID)) != que || len(task.Config.Webhook.IDs) != 1 {
						return fmt.Errorf("config %+v, want que_id %s and one webhook", task.Config, que)
					}
					return nil
				},
			},
		},
	})
}

// §2.7 gives request status a default of 0 (closed). An edit of an open or
// paused task must therefore carry its status, or a service that applies the
// default on update would close the task. The simulator keeps the current
// status when none is sent, so this test reads the update bodies themselves.
// In process: the checks are of the provider's plan and writes.
func TestOutboundTask_updateCarriesStatus(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var updates []map[string]any
	record := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/api/v3/projects/updateOrCreate") {
				body, _ := io.ReadAll(r.Body)
				r.Body = io.NopCloser(bytes.NewReader(body))
				var m map[string]any
				if json.Unmarshal(body, &m) == nil && m["id"] != nil {
					mu.Lock()
					updates = append(updates, m)
					mu.Unlock()
				}
			}
			next.ServeHTTP(w, r)
		})
	}
	env := acctest.NewWithHandler(t, record)
	// Over the protocol in process (acctest.Resources: Terraform's plan
	// and apply calls, the empty plan after each apply checked): the
	// checks are of what the provider plans and sends.
	r := env.Resources(t, "contactcenter_outbound_task")
	config := func(name, status string) []any {
		return []any{r.Config(fmt.Sprintf(`
  name     = %q
  type     = 3
  trans_to = "ivr_main"
  status   = %q
`, name, status))}
	}
	apply := func(prior []acctest.Instance, configs []any) []acctest.Instance {
		t.Helper()
		out := r.Apply(prior, configs)
		r.CheckPlanEmpty(out, configs)
		return out
	}
	task := apply(nil, config("Reminders", "open"))
	// A rename keeps the status: its name is known at plan.
	task = apply(task, config("Reminders (renamed)", "open"))
	if err := r.ExpectPlannedValue(task[0], tfjsonpath.New("status_string"), knownvalue.StringExact("open")); err != nil {
		t.Errorf("rename plan: %v", err)
	}
	task = apply(task, config("Reminders (renamed)", "paused"))
	task = apply(task, config("Reminders (paused, renamed)", "paused"))
	r.Destroy(task)
	mu.Lock()
	defer mu.Unlock()
	want := []float64{1, 2, 2} // open rename, pause, paused rename
	if len(updates) != len(want) {
		t.Fatalf("want %d updateOrCreate calls with an id, got %d: %v", len(want), len(updates), updates)
	}
	for i, u := range updates {
		if got, ok := u["status"].(float64); !ok || got != want[i] {
			t.Errorf("update %d sent status %v, want %v (body %v)", i+1, u["status"], want[i], u)
		}
	}
}

// One write per change (issue 12): force_delete alone reaches no API,
// opening alone is one status/update, pausing alone one updateOrCreate; a
// create sends callers and assigned_users as arrays, never null.
func TestOutboundTask_oneWritePerChange(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var creates []map[string]json.RawMessage
	record := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/api/v3/projects/updateOrCreate") {
				body, _ := io.ReadAll(r.Body)
				r.Body = io.NopCloser(bytes.NewReader(body))
				var m map[string]json.RawMessage
				if json.Unmarshal(body, &m) == nil {
					mu.Lock()
					creates = append(creates, m)
					mu.Unlock()
				}
			}
			next.ServeHTTP(w, r)
		})
	}
	env := acctest.NewWithHandler(t, record)
	// Over the protocol in process (acctest.Resources: Terraform's plan
	// and apply calls, the empty plan after each apply checked).
	r := env.Resources(t, "contactcenter_outbound_task")
	config := func(status string, force bool) []any {
		return []any{r.Config(fmt.Sprintf(`
  name         = "Reminders"
  type         = 3
  status       = %q
  force_delete = %v
`, status, force))}
	}
	writes := func(step string, edits, statusUpdates int) {
		t.Helper()
		st := env.Sim.Stats()
		if e, s := st["PUT /autocall/api/v3/projects/updateOrCreate"], st["POST /autocall/api/v3/projects/status/update"]; e != edits || s != statusUpdates {
			t.Errorf("%s: so far %d edits and %d status/update calls, want %d and %d", step, e, s, edits, statusUpdates)
		}
	}
	apply := func(prior []acctest.Instance, configs []any) []acctest.Instance {
		t.Helper()
		out := r.Apply(prior, configs)
		r.CheckPlanEmpty(out, configs)
		return out
	}
	task := apply(nil, config("closed", false))
	writes("create", 0, 0)
	task = apply(task, config("closed", true))
	if task[0].Action != "update" {
		t.Errorf("force_delete planned %s, want update", task[0].Action)
	}
	if err := r.ExpectPlannedValue(task[0], tfjsonpath.New("status_string"), knownvalue.StringExact("closed")); err != nil {
		t.Errorf("force_delete plan: %v", err)
	}
	if err := r.ExpectKnownValue(task[0], tfjsonpath.New("force_delete"), knownvalue.Bool(true)); err != nil {
		t.Errorf("force_delete state: %v", err)
	}
	writes("force_delete", 0, 0)
	task = apply(task, config("open", true))
	writes("open", 0, 1)
	task = apply(task, config("paused", true))
	writes("pause", 1, 1)
	apply(task, config("paused", false))
	writes("force_delete off", 1, 1)
	mu.Lock()
	defer mu.Unlock()
	if len(creates) != 1 {
		t.Fatalf("want one create, got %d", len(creates))
	}
	for _, k := range []string{"callers", "assigned_users"} {
		if v := string(creates[0][k]); v != "[]" {
			t.Errorf("the create sent %q: %s, want [] (the spec types it as an array)", k, v)
		}
	}
}

// A read-back that fails after a successful create leaves the task in state
// (with a warning from the base), not tainted: the apply succeeds and the
// next plan, whose refresh reads the task, is empty.
func TestAccOutboundTask_readBackFails(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	created, failed := false, 0
	flaky := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			fail := created && failed == 0 && strings.HasSuffix(r.URL.Path, "/api/v3/projects/detail")
			if fail {
				failed++
			}
			if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/api/v3/projects/updateOrCreate") {
				created = true
			}
			mu.Unlock()
			if fail {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusForbidden)
				_, _ = io.WriteString(w, `{"code": 403, "message": "injected: detail unavailable"}`)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
	env := acctest.NewWithHandler(t, flaky)
	addr := "contactcenter_outbound_task.test"
	cfg := env.Config(automaticConfig("closed"))
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("id"), knownvalue.StringRegexp(regexp.MustCompile(`^[0-9]+$`))),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("name"), knownvalue.StringExact("Payment reminders")),
				},
			},
			{
				Config:           cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("type_string"), knownvalue.StringExact("automatic")),
				},
			},
		},
	})
	if failed != 1 {
		t.Fatalf("the read-back after create was failed %d times, want 1", failed)
	}
	if n := env.Sim.Stats()["POST /autocall/api/v3/projects/updateOrCreate"]; n != 1 {
		t.Errorf("%d creates; the task must not be re-created", n)
	}
}

// TestOutboundTask_list lists tasks made through the API as `terraform
// query` does: filters, limit, identity, and the resource flattened like
// Read (one detail call per task).
func TestOutboundTask_list(t *testing.T) {
	t.Parallel()
	env, que := taskEnv(t)
	c := env.Client(t)
	ctx := t.Context()
	for _, name := range []string{"Reminders A", "Reminders B"} {
		if _, err := c.Tasks.Create(ctx, client.Task{Name: client.FlexString(name), Type: 3, TransTo: flexStr("ivr-1")}); err != nil {
			t.Fatal(err)
		}
	}
	open := int64(1)
	robot, err := c.Tasks.Create(ctx, client.Task{Name: "Survey", Type: 4, Status: (*client.FlexInt)(&open),
		AssignedUsers: []client.AssignedUser{{UserID: (*client.FlexInt)(ptrTo(int64(5001)))}},
		Config: &client.TaskConfig{MaxCallRatio: (*client.FlexFloat)(ptrTo(2.0)), NLPSilenceTime: (*client.FlexInt)(ptrTo(int64(800))),
			EnableScheduler: (*client.FlexBool)(ptrTo(true)), AgentWaitTime: (*client.FlexInt)(ptrTo(int64(10))), QueID: (*client.FlexInt)(&que),
			TTS: &client.TaskTTS{Provider: flexStr("ali"), Name: flexStr("xiaoyun")}}})
	if err != nil {
		t.Fatal(err)
	}
	all := env.List(t, "contactcenter_outbound_task", map[string]any{}, true, 100)
	if len(all) != 3 {
		t.Fatalf("want 3 results, got %d: %+v", len(all), all)
	}
	for _, r := range all {
		if len(r.Diagnostics) != 0 {
			t.Fatalf("diagnostics: %v", r.Diagnostics)
		}
		if r.Identity["id"] == nil || r.Identity["id"] != r.Resource["id"] || r.DisplayName != r.Resource["name"] {
			t.Errorf("identity %v, display name %q, resource %v", r.Identity, r.DisplayName, r.Resource)
		}
		if r.Resource["force_delete"] != false || r.Resource["priority"] != int64(100) || r.Resource["max_conn_secs"] != int64(300) {
			t.Errorf("resource not flattened like Read: %v", r.Resource)
		}
		if r.Resource["name"] == "Survey" {
			cfg, _ := r.Resource["config"].(map[string]any)
			users, _ := r.Resource["assigned_users"].([]any)
			if r.Resource["id"] != strconv.FormatInt(robot, 10) || r.Resource["status"] != "open" || cfg["que_id"] != que ||
				cfg["init_call_ratio"] != int64(1) || len(users) != 1 || r.Resource["filter_rules"] != nil {
				t.Errorf("the robot task is not read in full: %v", r.Resource)
			}
		} else if r.Resource["config"] != nil || r.Resource["callers"] != nil || r.Resource["trans_to"] != "ivr-1" {
			t.Errorf("an automatic task with only defaults should have null objects: %v", r.Resource)
		}
	}
	details := env.Sim.Stats()["GET /autocall/api/v3/projects/detail"]
	if details != 3 {
		t.Errorf("a query with resources read %d task details, want 3", details)
	}
	for filter, want := range map[string]struct {
		f map[string]any
		n int
	}{
		"type":   {map[string]any{"type": 4}, 1},
		"status": {map[string]any{"status": "closed"}, 2},
		"name":   {map[string]any{"name": "Reminders"}, 2},
	} {
		got := env.List(t, "contactcenter_outbound_task", want.f, false, 100)
		if len(got) != want.n || got[0].Resource != nil {
			t.Errorf("filter %s: want %d results without resource, got %+v", filter, want.n, got)
		}
		for _, r := range got {
			if r.Identity["id"] == nil || r.DisplayName == "" {
				t.Errorf("filter %s: identity %v, display name %q", filter, r.Identity, r.DisplayName)
			}
		}
	}
	// Without include_resource a query lists; it does not read every task
	// in full (it read each task's detail before).
	if n := env.Sim.Stats()["GET /autocall/api/v3/projects/detail"] - details; n != 0 {
		t.Errorf("a query without resources read %d task details", n)
	}
	if one := env.List(t, "contactcenter_outbound_task", map[string]any{}, true, 1); len(one) != 1 {
		t.Fatalf("limit 1: got %d results", len(one))
	}
	if bad := env.List(t, "contactcenter_outbound_task", map[string]any{"status": "running"}, false, 10); len(bad) != 1 || len(bad[0].Diagnostics) == 0 {
		t.Fatalf("status running is no task status; want a validation error, got %+v", bad)
	}
	// projects/lists filters by closed and open only; paused tasks are kept
	// from the whole list.
	if err := c.Tasks.SetStatus(ctx, robot, client.TaskStatusPaused); err != nil {
		t.Fatal(err)
	}
	if got := env.List(t, "contactcenter_outbound_task", map[string]any{"status": "paused"}, false, 10); len(got) != 1 ||
		got[0].Identity["id"] != strconv.FormatInt(robot, 10) {
		t.Errorf("status paused: want the paused robot task %d, got %+v", robot, got)
	}
}

func flexStr(s string) *client.FlexString { v := client.FlexString(s); return &v }

func ptrTo[T any](v T) *T { return &v }

// TestOutboundTask_importByIdentity imports a task by its identity, as an
// import block with `identity = { id = ... }` does on Terraform 1.12+.
func TestOutboundTask_importByIdentity(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	id, err := env.Client(t).Tasks.Create(t.Context(), client.Task{Name: "Adopted", Type: 3})
	if err != nil {
		t.Fatal(err)
	}
	state, diags := env.ImportByIdentity(t, "contactcenter_outbound_task", map[string]any{"id": strconv.FormatInt(id, 10)})
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	if state["name"] != "Adopted" || state["context"] != "mc_transivr" || state["force_delete"] != false || state["config"] != nil {
		t.Fatalf("imported state: %v", state)
	}
	if _, diags := env.ImportByIdentity(t, "contactcenter_outbound_task", map[string]any{"id": "x"}); len(diags) == 0 ||
		!strings.Contains(diags[0].Detail, `An outbound task is imported by its numeric project id, got "x".`) {
		t.Fatalf("a bad identity must be refused naming the value, got %v", diags)
	}
}

func TestAccOutboundTask_importIdentity(t *testing.T) {
	t.Parallel()
	env, _ := taskEnv(t)
	addr := "contactcenter_outbound_task.test"
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_12_0)},
		Steps: []resource.TestStep{
			{
				Config:            env.Config(predictiveV1),
				ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectIdentityValueMatchesState(addr, tfjsonpath.New("id"))},
			},
			{
				Config: env.Config(predictiveV1), ResourceName: addr, ImportState: true,
				ImportStateKind: resource.ImportBlockWithResourceIdentity,
			},
		},
	})
}

// The example works as written: apply, an empty plan, destroy, twice on
// the same simulator (every id it uses is one it declares).
func TestAccOutboundTask_example(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	src, err := os.ReadFile("../examples/resources/contactcenter_outbound_task/resource.tf")
	if err != nil {
		t.Fatal(err)
	}
	vars := config.Variables{"agent_password": config.StringVariable("Secret-123")}
	apply := resource.TestStep{Config: env.Config(string(src)), ConfigVariables: vars}
	destroy := resource.TestStep{Config: env.Config(string(src)), ConfigVariables: vars, Destroy: true}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps:                    []resource.TestStep{apply, destroy, apply}, // each apply step plans again: empty
		CheckDestroy: func(*terraform.State) error {
			tasks, err := client.Collect(env.Client(t).Tasks.List(t.Context(), client.TaskFilter{}))
			if err != nil {
				return fmt.Errorf("after destroy: listing tasks: %w", err)
			}
			if len(tasks) != 0 {
				return fmt.Errorf("after destroy: %d tasks left", len(tasks))
			}
			return nil
		},
	})
}

// A force_delete change together with a configured value that is unknown at
// plan time (it follows another object that is being changed) is a real
// edit: the plan must leave the service's values unknown, or the apply
// fails with "inconsistent result" when the edit changes them.
func TestAccOutboundTask_forceDeleteWithUnknownChange(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	config := func(ivr string, force bool) string {
		return env.Config(fmt.Sprintf(`
resource "terraform_data" "ivr" {
  input = %q
}
resource "contactcenter_outbound_task" "test" {
  name         = "Reminders"
  type         = 3
  trans_to     = terraform_data.ivr.output
  force_delete = %v
}
`, ivr, force))
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: config("ivr-main", false)},
			{
				Config: config("ivr-night", true),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("contactcenter_outbound_task.test", tfjsonpath.New("trans_to"), knownvalue.StringExact("ivr-night")),
				},
			},
		},
	})
}

// TestAccOutboundTask_optionTypesKept: the voice's options are read as
// text, so an option the platform holds as a number ({"sample_rate":
// 16000}, set in the portal) went back as the text "16000" on the next,
// unrelated write of the task, and no plan showed it; one it holds as null
// (read as "") went back as "". An unchanged option keeps the platform's
// type.
func TestAccOutboundTask_optionTypesKept(t *testing.T) {
	t.Parallel()
	env, que := taskEnv(t)
	c := env.Client(t)
	addr := "contactcenter_outbound_task.test"
	held := func(id string) string {
		task, err := c.Tasks.Get(t.Context(), framework.ID(types.StringValue(id)))
		if err != nil {
			t.Fatal(err)
		}
		return string(task.Config.TTS.Options["sample_rate"]) + " " + string(task.Config.TTS.Options["style"])
	}
	config := func(extra string) string {
		return env.Config(strings.Replace(robotConfig(que, extra), `options  = { sample_rate = "16000" }`, `options  = { sample_rate = "16000", style = "" }`, 1))
	}
	var id string
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: config(""),
				Check: func(s *terraform.State) error {
					id = s.RootModule().Resources[addr].Primary.ID
					// In the portal, the option becomes the number 16000.
					task, err := c.Tasks.Get(t.Context(), framework.ID(types.StringValue(id)))
					if err != nil {
						return err
					}
					task.Config.TTS.Options["sample_rate"] = json.RawMessage(`16000`)
					task.Config.TTS.Options["style"] = json.RawMessage(`null`)
					return c.Tasks.Update(t.Context(), *task)
				},
			},
			{
				Config: config(`  priority = 200`),
				Check: func(*terraform.State) error {
					if got := held(id); got != `16000 null` {
						return fmt.Errorf("after an unrelated update the platform holds sample_rate and style %s, want the number 16000 and null", got)
					}
					return nil
				},
			},
		},
	})
}

// TestAccOutboundTask_sameNameForEach: instances of a for_each that differ
// only in trans_to create tasks of one name at the same time. One create's
// request fails before the platform gets it, while the other's task is
// made; its lookup took that task for its own, so both instances held one
// id (one task missing, and a later replace deleted the other's). Each
// instance gets its own task, and a second plan is empty.
func TestAccOutboundTask_sameNameForEach(t *testing.T) {
	t.Parallel()
	var calls sync.Mutex
	n := 0
	secondDone := make(chan struct{})
	env := acctest.NewWithHandler(t, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/projects/updateOrCreate") {
				next.ServeHTTP(w, r)
				return
			}
			calls.Lock()
			n++
			call := n
			calls.Unlock()
			switch call {
			case 1:
				select {
				case <-secondDone:
				case <-time.After(500 * time.Millisecond):
				}
				http.Error(w, "upstream unavailable", http.StatusServiceUnavailable)
			case 2:
				next.ServeHTTP(w, r)
				close(secondDone)
			default:
				next.ServeHTTP(w, r)
			}
		})
	})
	cfg := env.Config(`
locals {
  regions = { north = "ivr_main", south = "ivr_after_hours" }
}
resource "contactcenter_outbound_task" "t" {
  for_each = local.regions
  name     = "Payment reminders"
  type     = 3
  trans_to = each.value
}
`)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: cfg,
			ConfigStateChecks: []statecheck.StateCheck{stateCheckFunc(func(s *tfjson.State) error {
				ids := map[string]string{}
				for _, r := range s.Values.RootModule.Resources {
					ids[fmt.Sprint(r.Index)] = fmt.Sprint(r.AttributeValues["id"])
				}
				if len(ids) != 2 || ids["north"] == ids["south"] {
					return fmt.Errorf("task ids by instance: %v, want two tasks", ids)
				}
				var listed []int64
				for task, err := range env.Client(t).Tasks.List(t.Context(), client.TaskFilter{Name: "Payment reminders"}) {
					if err != nil {
						return err
					}
					listed = append(listed, int64(task.ID))
				}
				if len(listed) != 2 {
					return fmt.Errorf("the platform holds tasks %v, want two", listed)
				}
				return nil
			})},
		}, {
			Config: env.ProviderConfig(),
		}},
	})
}

// TestAccOutboundTask_openDeposed: -replace of an open task under
// create_before_destroy makes the new task, then cannot delete the old one
// (open), which Terraform keeps as a deposed object; every later plan
// refused its destroy, advising force_delete or status in the
// configuration, which no longer reach it. The refusal says what does, and
// once the old task is paused the next apply deletes it.
func TestAccOutboundTask_openDeposed(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(strings.Replace(automaticConfig("open"), "status   = \"open\"", "status   = \"open\"\n  lifecycle {\n    create_before_destroy = true\n  }", 1))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.Must(1, "apply", "-auto-approve", "-no-color", "-replace=contactcenter_outbound_task.test")
	out := strings.Join(strings.Fields(w.Must(1, "plan", "-no-color")), " ")
	for _, want := range []string{"Destroying an Open Outbound Task",
		"If Terraform refreshed this task as a deposed object (a replacement with create_before_destroy made a new task and could not delete this one), the configuration no longer reaches it:",
		"pause task 701 with a contactcenter_outbound_task_status action (Terraform 1.14 or later) or in the portal, and plan again"} {
		if !strings.Contains(out, want) {
			t.Errorf("plan with the deposed open task lacks %q:\n%s", want, out)
		}
	}
	c := env.Client(t)
	if err := c.Tasks.SetStatus(t.Context(), 701, client.TaskStatusPaused); err != nil {
		t.Fatal(err)
	}
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if _, err := c.Tasks.Get(t.Context(), 701); !client.IsNotFound(err) {
		t.Errorf("the deposed task after pausing and applying: %v, want it deleted", err)
	}
	w.Must(0, "plan", "-no-color", "-detailed-exitcode")
}

// reorderConfig is a predictive task with two agents (one named by number,
// one by id, with different ceilings) and two webhooks.
const reorderConfig = `
resource "contactcenter_webhook" "hangup" {
  name       = "hang-up records"
  url        = "https://crm.example.com/hangup"
  status     = true
  event_type = 1
}

resource "contactcenter_webhook" "precall" {
  name       = "pre-call push"
  url        = "https://crm.example.com/precall"
  status     = true
  event_type = 2
}

resource "contactcenter_outbound_task" "test" {
  name     = "Renewals"
  type     = 1
  trans_to = "101"

  assigned_users = [
    { user_num = "9002" },
    { user_id = 5001, conn_limit = %d },
  ]

  config = {
    call_ratio_type = 0
    max_call_ratio  = 2
    webhook = {
      enable = true
      ids    = [contactcenter_webhook.hangup.id, contactcenter_webhook.precall.id]
    }
  }
}
`

// changedOnly checks that the refreshed plan of in (PlanInstances)
// changes attribute changed of addr and leaves attribute same as the
// prior state holds it.
func changedOnly(r *acctest.Resources, addr string, in acctest.Instance, changed, same string) error {
	before := r.Decode(in)
	after := r.Decode(acctest.Instance{State: in.Planned})
	if reflect.DeepEqual(before[changed], after[changed]) {
		return fmt.Errorf("%s: the plan does not change %s (%v)", addr, changed, before[changed])
	} else if !reflect.DeepEqual(before[same], after[same]) {
		return fmt.Errorf("%s: the plan changes %s from %v to %v", addr, same, before[same], after[same])
	}
	return nil
}

// TestOutboundTask_portalReorder: the platform gives assigned_users and
// config.webhook.ids no meaning by order (§2.7.1, §2.7.3). The portal saved
// them in another order, and the next plan showed an order-only diff
// (assigned_users read as "conn_limit = 0 -> 3, user_num = 9002 -> ..."
// on an agent whose ceiling did not change). The same members in another
// order plan nothing; a real change still shows, on that list alone.
// In process (acctest.Resources); the two webhooks are made with the
// client.
func TestOutboundTask_portalReorder(t *testing.T) {
	t.Parallel()
	env, _ := taskEnv(t)
	c := env.Client(t)
	addr := "contactcenter_outbound_task.test"
	r := env.Resources(t, "contactcenter_outbound_task")
	var hooks []string
	for i, name := range []string{"hang-up records", "pre-call push"} {
		h, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: name, URL: []string{"https://crm.example.com/hangup", "https://crm.example.com/precall"}[i], Status: true, EventType: int64(i + 1)})
		if err != nil {
			t.Fatal(err)
		}
		hooks = append(hooks, strconv.Quote(strconv.FormatInt(int64(h.ID), 10)))
	}
	_, body, _ := strings.Cut(fmt.Sprintf(reorderConfig, 3), `resource "contactcenter_outbound_task" "test" {`)
	body = strings.Replace(strings.TrimSuffix(strings.TrimSpace(body), "}"),
		"[contactcenter_webhook.hangup.id, contactcenter_webhook.precall.id]", "["+strings.Join(hooks, ", ")+"]", 1)
	config := []any{r.Config(body)}
	task := r.Apply(nil, config)
	r.CheckPlanEmpty(task, config)
	id := r.Decode(task[0])["id"].(string)
	// portal edits the task as the portal would: read it, change it, save it.
	portal := func(edit func(*client.Task)) {
		task, err := c.Tasks.Get(t.Context(), framework.ID(types.StringValue(id)))
		if err != nil {
			t.Fatal(err)
		}
		edit(task)
		if err := c.Tasks.Update(t.Context(), *task); err != nil {
			t.Fatal(err)
		}
	}
	portal(func(task *client.Task) { slices.Reverse(task.AssignedUsers) })
	if got := r.Plan(task, config); got[0] != "no-op" {
		t.Errorf("assigned_users reordered in the portal: planned %s, want no-op", got[0])
	}
	portal(func(task *client.Task) { slices.Reverse(task.Config.Webhook.IDs) })
	if got := r.Plan(task, config); got[0] != "no-op" {
		t.Errorf("webhook ids reordered in the portal: planned %s, want no-op", got[0])
	}
	// Both lists still in the portal's order, and 5001's ceiling
	// changed: that is drift, on assigned_users alone.
	portal(func(task *client.Task) {
		for _, u := range task.AssignedUsers {
			if u.UserID != nil && *u.UserID == 5001 {
				*u.ConnLimit = 5
			}
		}
	})
	if err := changedOnly(r, addr, r.PlanInstances(task, config)[0], "assigned_users", "config"); err != nil {
		t.Errorf("5001's ceiling changed in the portal: %v", err)
	}
	task = r.Apply(task, config)
	if err := r.ExpectKnownValue(task[0], tfjsonpath.New("assigned_users"), knownvalue.ListExact([]knownvalue.Check{
		knownvalue.ObjectExact(map[string]knownvalue.Check{"user_num": knownvalue.StringExact("9002"), "user_id": knownvalue.Null(), "conn_limit": knownvalue.Int64Exact(0)}),
		knownvalue.ObjectExact(map[string]knownvalue.Check{"user_num": knownvalue.Null(), "user_id": knownvalue.Int64Exact(5001), "conn_limit": knownvalue.Int64Exact(3)}),
	})); err != nil {
		t.Errorf("applied again: %v", err)
	}
	r.CheckPlanEmpty(task, config)
	// An agent removed in the portal shows as removed; the webhooks
	// reordered there do not show.
	portal(func(task *client.Task) {
		task.AssignedUsers = task.AssignedUsers[1:]
		slices.Reverse(task.Config.Webhook.IDs)
	})
	if err := changedOnly(r, addr, r.PlanInstances(task, config)[0], "assigned_users", "config"); err != nil {
		t.Errorf("an agent removed in the portal: %v", err)
	}
	r.Destroy(task)
}

// answersReordered wraps the API so that projects/detail answers
// assigned_users and config.webhook.ids in reverse order, each agent with
// both its user_id and its user_num (as a platform that sorts them and
// names agents both ways would).
func answersReordered(next http.Handler) http.Handler {
	nums := map[string]string{"5001": "9001", "5002": "9002"}
	ids := map[string]string{"9001": "5001", "9002": "5002"}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/api/v3/projects/detail") {
			next.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		next.ServeHTTP(rec, r)
		body := rec.Body.Bytes()
		var env struct {
			Code    json.Number                `json:"code"`
			Message string                     `json:"message"`
			Data    map[string]json.RawMessage `json:"data"`
		}
		d := json.NewDecoder(bytes.NewReader(body))
		d.UseNumber()
		if d.Decode(&env) == nil && env.Data != nil {
			var users []map[string]any
			if json.Unmarshal(env.Data["assigned_users"], &users) == nil {
				slices.Reverse(users)
				for _, u := range users {
					if n, ok := u["user_num"].(string); ok {
						u["user_id"] = json.Number(ids[n])
					} else {
						u["user_num"] = nums[fmt.Sprint(u["user_id"])]
					}
				}
				env.Data["assigned_users"], _ = json.Marshal(users)
			}
			var cfg map[string]json.RawMessage
			var hook map[string]any
			if json.Unmarshal(env.Data["config"], &cfg) == nil && json.Unmarshal(cfg["webhook"], &hook) == nil {
				if l, ok := hook["ids"].([]any); ok {
					slices.Reverse(l)
				}
				cfg["webhook"], _ = json.Marshal(hook)
				env.Data["config"], _ = json.Marshal(cfg)
			}
			body, _ = json.Marshal(env)
		}
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.Header().Del("Content-Length")
		w.WriteHeader(rec.Code)
		_, _ = w.Write(body)
	})
}

// TestAccOutboundTask_readBackKeepsOrder: a platform that answers the
// lists in its own order. The read-back after create and after update keeps
// the configuration's order (else Terraform reports an inconsistent result
// after apply), and so does a refresh; an import, with no prior order,
// reads the platform's.
func TestAccOutboundTask_readBackKeepsOrder(t *testing.T) {
	t.Parallel()
	env := acctest.NewWithHandler(t, answersReordered)
	err := env.Sim.Seed(map[string]json.RawMessage{"agents": json.RawMessage(
		`[{"user_id": 5001, "user_num": "9001", "user_name": "Ann"}, {"user_id": 5002, "user_num": "9002", "user_name": "Bo"}]`)})
	if err != nil {
		t.Fatal(err)
	}
	addr := "contactcenter_outbound_task.test"
	var hooks [2]string
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(fmt.Sprintf(reorderConfig, 3)),
				Check: func(s *terraform.State) error {
					hooks[0] = s.RootModule().Resources["contactcenter_webhook.hangup"].Primary.ID
					hooks[1] = s.RootModule().Resources["contactcenter_webhook.precall"].Primary.ID
					return nil
				},
			},
			{
				Config: env.Config(fmt.Sprintf(reorderConfig, 4)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("assigned_users"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectExact(map[string]knownvalue.Check{"user_num": knownvalue.StringExact("9002"), "user_id": knownvalue.Null(), "conn_limit": knownvalue.Int64Exact(0)}),
						knownvalue.ObjectExact(map[string]knownvalue.Check{"user_num": knownvalue.Null(), "user_id": knownvalue.Int64Exact(5001), "conn_limit": knownvalue.Int64Exact(4)}),
					})),
				},
			},
			{
				ResourceName: addr, ImportState: true,
				ImportStateCheck: func(states []*terraform.InstanceState) error {
					a := states[0].Attributes
					got := []string{a["assigned_users.0.user_id"], a["assigned_users.0.conn_limit"], a["assigned_users.1.user_id"],
						a["config.webhook.ids.0"], a["config.webhook.ids.1"]}
					if want := []string{"5001", "4", "5002", hooks[1], hooks[0]}; !slices.Equal(got, want) {
						return fmt.Errorf("imported %v, want the platform's order %v", got, want)
					}
					return nil
				},
			},
		},
	})
}

// TestAccOutboundTask_openedSinceRead: a task opened after Terraform last
// read it (in the portal, by the status action) is refused by a destroy
// that does not refresh (-refresh=false, a saved destroy plan); the error
// was the platform's alone ("delete with is_force = 1", a parameter the
// configuration does not have). It says what to do. The plan of a destroy
// reads the task whatever its state says (see
// TestAccOutboundTask_openedThenRemoved), so -refresh=false is refused at
// plan; a saved destroy plan, made while the task was paused, meets it at
// apply.
func TestAccOutboundTask_openedSinceRead(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(automaticConfig("paused"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	c := env.Client(t)
	if err := c.Tasks.SetStatus(t.Context(), 701, client.TaskStatusOpen); err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(w.Must(1, "destroy", "-auto-approve", "-refresh=false", "-no-color")), " ")
	if !strings.Contains(out, "Error: Destroying an Open Outbound Task") || !strings.Contains(out, `Outbound task 701 ("Payment reminders") is open (dialing)`) {
		t.Errorf("destroy -refresh=false of a task opened since the last read was not refused at plan:\n%s", out)
	}
	if err := c.Tasks.SetStatus(t.Context(), 701, client.TaskStatusPaused); err != nil {
		t.Fatal(err)
	}
	w.Must(0, "plan", "-destroy", "-no-color", "-out=destroy.tfplan")
	if err := c.Tasks.SetStatus(t.Context(), 701, client.TaskStatusOpen); err != nil {
		t.Fatal(err)
	}
	out = strings.Join(strings.Fields(w.Must(1, "apply", "-no-color", "destroy.tfplan")), " ")
	if !strings.Contains(out, "it was opened after Terraform last read it") || !strings.Contains(out, "set force_delete = true and apply before destroying") {
		t.Errorf("destroy of a task opened since the last read lacks the advice:\n%s", out)
	}
}

// TestOutboundTask_unknownStatus: a task the platform holds with a status
// outside 0, 1 and 2 read as "closed", and the next edit (a priority
// change) wrote status 0 with nothing in the plan to say so; the data
// source listed it as "closed" while its closed filter left it out. It
// reads as its number now: the plan shows "3" -> "closed" and warns, an
// edit under ignore_changes = [status] sends the 3 back, and the data
// source lists it as "3".
func TestOutboundTask_unknownStatus(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	first := dir + "/first.json"
	env0 := acctest.New(t, func(o *simulator.Options) { o.StatePath = first })
	id, err := env0.Client(t).Tasks.Create(t.Context(), client.Task{Name: "Finished", Type: 3, TransTo: new(client.FlexString("ivr_main")),
		Context: client.FlexString(client.TaskContexts[3])})
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(first)
	if err != nil {
		t.Fatal(err)
	}
	var st map[string]any
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	st["tasks"].(map[string]any)["projects"].(map[string]any)[strconv.FormatInt(id, 10)].(map[string]any)["status"] = 3
	edited := dir + "/edited.json"
	b, _ = json.Marshal(st)
	if err := os.WriteFile(edited, b, 0o600); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var sent []any
	env := acctest.NewWithHandler(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/projects/updateOrCreate") {
				b, _ := io.ReadAll(r.Body)
				r.Body = io.NopCloser(bytes.NewReader(b))
				var m map[string]any
				_ = json.Unmarshal(b, &m)
				mu.Lock()
				sent = append(sent, m["status"])
				mu.Unlock()
			}
			h.ServeHTTP(w, r)
		})
	}, func(o *simulator.Options) { o.StatePath = edited })
	lastSent := func() any {
		mu.Lock()
		defer mu.Unlock()
		if len(sent) == 0 {
			return nil
		}
		return sent[len(sent)-1]
	}
	w := env.Workdir(t)
	body := func(lifecycle string) string {
		return fmt.Sprintf(`
import {
  to = contactcenter_outbound_task.test
  id = "%d"
}
resource "contactcenter_outbound_task" "test" {
  name     = "Finished"
  type     = 3
  trans_to = "ivr_main"
  priority = 120
  %s
}
data "contactcenter_outbound_tasks" "all" {}
data "contactcenter_outbound_tasks" "closed" { status = "closed" }
output "statuses" { value = { for t in data.contactcenter_outbound_tasks.all.tasks : t.id => t.status } }
output "closed" { value = [for t in data.contactcenter_outbound_tasks.closed.tasks : t.id] }
`, id, lifecycle)
	}
	w.WriteBody(body("lifecycle { ignore_changes = [status] }"))
	w.Must(0, "init")
	code, out := w.Run("apply", "-auto-approve", "-no-color")
	for _, want := range []string{"Warning: Outbound Task Status Sent Back", fmt.Sprintf("Outbound task %d has status 3 on the platform", id),
		"status must be 0 (closed), 1 (open) or 2 (paused), got 3"} {
		if !strings.Contains(out, want) {
			t.Errorf("apply under ignore_changes lacks %q:\n%s", want, out)
		}
	}
	if code != 1 || lastSent() != float64(3) {
		t.Fatalf("apply under ignore_changes: exit %d, status sent %v, want 1 and the held 3:\n%s", code, lastSent(), out)
	}
	// The data source lists the task as what it is, and its closed filter
	// (the platform's status 0) leaves it out: the two agree.
	if out := w.Must(0, "output", "-json"); !strings.Contains(out, fmt.Sprintf(`"value": {
      "%d": "3"
    }`, id)) || !strings.Contains(out, `"value": []`) {
		t.Errorf("outputs:\n%s", out)
	}
	w.WriteBody(body(""))
	out = w.Must(0, "plan", "-no-color")
	for _, want := range []string{`~ status         = "3" -> "closed"`, "Warning: Outbound Task Status Overwritten",
		`This plan sets it to "closed"`} {
		if !strings.Contains(out, want) {
			t.Errorf("plan lacks %q:\n%s", want, out)
		}
	}
	// Opened with another change in the same apply: the edit that goes
	// before the opening carried the held 3 back, and the platform refused
	// it (regression review); it sends 0, as the task is opened after it.
	w.WriteBody(strings.Replace(body(`status = "open"`), "priority = 120", "priority = 130", 1))
	if code, out := w.Run("apply", "-auto-approve", "-no-color"); code != 0 || lastSent() != float64(0) {
		t.Errorf("apply opening the task with a new priority: exit %d, edit sent status %v, want 0 and 0:\n%s", code, lastSent(), out)
	}
	if task, err := env.Client(t).Tasks.Get(t.Context(), id); err != nil || task.Status.Int64() != client.TaskStatusOpen || task.Priority.Int64() != 130 {
		t.Errorf("after opening: %+v, %v; want open, priority 130", task, err)
	}
	w.WriteBody(body(""))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if got := lastSent(); got != float64(0) {
		t.Errorf("apply of status = closed sent status %v, want 0", got)
	}
}

// TestOutboundTask_oneHeldReadPerEdit: an edit of a task whose name has
// a decomposed form (its name is sent as held) and whose voice has options
// (keepOptionTypes needs the task too) reads the task once for both,
// projects/detail being unbatched: as many reads as the same edit of a
// task whose name is ASCII. It read twice. In process (acctest.Resources):
// the reads counted are those of the plan after the create, and the plan
// and apply of the edit, as in the CLI test it was.
func TestOutboundTask_oneHeldReadPerEdit(t *testing.T) {
	t.Parallel()
	reads := func(name string) int {
		env, que := taskEnv(t)
		r := env.Resources(t, "contactcenter_outbound_task")
		config := func(priority int) []any {
			cfg := strings.Replace(robotConfig(que, fmt.Sprintf("  priority = %d", priority)), `"Survey robot"`, strconv.Quote(name), 1)
			_, body, _ := strings.Cut(cfg, `resource "contactcenter_outbound_task" "test" {`)
			return []any{r.Config(strings.TrimSuffix(strings.TrimSpace(body), "}"))}
		}
		const detail = "GET /autocall/api/v3/projects/detail"
		task := r.Apply(nil, config(100))
		before := env.Sim.Stats()[detail]
		r.CheckPlanEmpty(task, config(100))
		task = r.Apply(task, config(120))
		n := env.Sim.Stats()[detail] - before
		r.CheckPlanEmpty(task, config(120))
		r.Destroy(task)
		return n
	}
	ascii, composed := reads("Survey robot"), reads("Caf\u00e9 robot")
	if composed != ascii {
		t.Errorf("the edit of a task named \"Caf\u00e9 robot\" read it (projects/detail) %d times, that of one named \"Survey robot\" %d; want as many", composed, ascii)
	}
}

// TestAccOutboundTask_renamedWithoutMoved: a task's resource renamed
// without a moved block plans a destroy and a create of a task of the same
// name. The plan showed it as any destroy and create (the new task starts
// without the old one's dialing and call records); for an open task it
// failed advising to pause the task or force its delete, which is the way
// to lose it. The plan now warns of a paused task, and the refusal of an
// open one says to add a moved block; with the block, the apply writes
// nothing.
func TestAccOutboundTask_renamedWithoutMoved(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	renamed := func(status string) string {
		return strings.Replace(automaticConfig(status), `"test" {`, `"renamed" {`, 1)
	}
	w.WriteBody(automaticConfig("paused"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(renamed("paused"))
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	for _, want := range []string{`Warning: Outbound Task Deleted and Created Again`,
		`This plan deletes the outbound task whose name is "Payment reminders" at one address and creates one with the same name at another`,
		`it does not carry over the old task's dialing`,
		`Add a moved block from the old address to the new one`} {
		if !strings.Contains(out, want) {
			t.Errorf("plan of a renamed paused task lacks %q:\n%s", want, out)
		}
	}
	w.WriteBody(automaticConfig("open"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(renamed("open"))
	out = strings.Join(strings.Fields(w.Must(1, "plan", "-no-color")), " ")
	for _, want := range []string{`Destroying an Open Outbound Task`,
		`If the configuration still declares this task at another address (the resource renamed or moved into a module, or its for_each key changed: ` +
			`the plan also creates a task), do not pause it: add a moved block from the old address to the new one`} {
		if !strings.Contains(out, want) {
			t.Errorf("plan of a renamed open task lacks %q:\n%s", want, out)
		}
	}
	w.WriteBody(renamed("open") + `
moved {
  from = contactcenter_outbound_task.test
  to   = contactcenter_outbound_task.renamed
}
`)
	before := env.Sim.Stats()
	out = w.Must(0, "apply", "-auto-approve", "-no-color")
	if strings.Contains(out, "Deleted and Created Again") || !strings.Contains(out, "0 added, 0 changed, 0 destroyed") {
		t.Errorf("apply with the moved block:\n%s", out)
	}
	for k, n := range env.Sim.Stats() {
		if n != before[k] && (strings.Contains(k, "updateOrCreate") || strings.Contains(k, "delete") || strings.Contains(k, "status/update")) {
			t.Errorf("the apply with the moved block called %s", k)
		}
	}
}

// A type known only at apply replaces the task whatever it comes out as
// (RequiresReplace takes an unknown for a change): the plan warns that the
// task and its dialing are deleted, and an open task without force_delete
// fails at plan, where the plan passed and the apply failed part-way on the
// delete. No word on create, nor when the type is known.
func TestAccOutboundTask_unknownTypeReplaces(t *testing.T) {
	t.Parallel()
	env, _ := taskEnv(t)
	w := env.Workdir(t)
	cfg := func(rev int, status string) string {
		return fmt.Sprintf(`
resource "terraform_data" "u" {
  input = { type = 3, rev = %d }
}
resource "contactcenter_outbound_task" "test" {
  name     = "Payment reminders"
  type     = terraform_data.u.output.type
  trans_to = "ivr_main"
  status   = %q
}
`, rev, status)
	}
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	w.WriteBody(cfg(1, "open"))
	if out := w.Must(0, "apply", "-auto-approve", "-no-color"); strings.Contains(out, "Known Only at Apply") || strings.Contains(out, "Replacing an Open") {
		t.Errorf("create warns:\n%s", out)
	}
	if out := w.Must(0, "plan", "-no-color"); strings.Contains(out, "Known Only at Apply") {
		t.Errorf("plan at rest warns:\n%s", out)
	}
	w.WriteBody(cfg(2, "open"))
	out := flat(w.Must(1, "plan", "-no-color"))
	want := `type of outbound task 701 is known only at apply: Terraform replaces the task even if the value comes out the same, ` +
		`and the task is open (dialing) and force_delete is false: an open task is not deleted, so the replacement would fail at apply.`
	if !strings.Contains(out, "Error: Replacing an Open Outbound Task") || !strings.Contains(out, want) {
		t.Errorf("plan of an open task's type known only at apply lacks %q:\n%s", want, out)
	}
	w.WriteBody(cfg(1, "closed"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(cfg(2, "closed"))
	out = flat(w.Must(0, "plan", "-no-color"))
	want = `type of outbound task 701 ("Payment reminders") is known only at apply: Terraform replaces the task even if the value comes out the same. ` +
		`The new task is another project with another id, made from the configuration: it does not carry over the old task's dialing`
	if !strings.Contains(out, "Warning: Outbound Task Replaced for a Value Known Only at Apply") || !strings.Contains(out, want) {
		t.Errorf("plan of a type known only at apply lacks %q:\n%s", want, out)
	}
}

// TestAccOutboundTask_openedThenRemoved: a team's module instance (or a
// for_each key) taken out of the configuration plans the delete of its task.
// Opened since the last apply (in the portal, by the status action), the
// task cannot be deleted; Terraform 1.11 (1.11.4) plans the delete of an
// instance no longer in the configuration from the state it had before this
// plan's refresh, which said closed, so the plan passed and the apply failed
// ("Unable to Delete Outbound Task ... it was opened after Terraform last
// read it", though the plan had just read it). The plan now reads the task it
// deletes, refuses it, and says what reaches a task whose block is gone.
func TestAccOutboundTask_openedThenRemoved(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(`
variable "teams" {
  type    = set(string)
  default = ["alpha"]
}

resource "contactcenter_outbound_task" "team" {
  for_each = var.teams
  name     = "team-${each.key}"
  type     = 3
  trans_to = "ivr_main"
}
`)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	c := env.Client(t)
	if err := c.Tasks.SetStatus(t.Context(), 701, client.TaskStatusOpen); err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(w.Must(1, "plan", "-no-color", "-var", "teams=[]")), " ")
	for _, want := range []string{"Error: Destroying an Open Outbound Task",
		`with contactcenter_outbound_task.team["alpha"]`,
		`Outbound task 701 ("team-alpha") is open (dialing) and force_delete is false`,
		"If the configuration no longer declares this task (its for_each key, count index or module instance removed, or its resource block deleted), " +
			"status and force_delete reach it only if you put it back: pause task 701 instead, with a contactcenter_outbound_task_status action (Terraform 1.14 or later) or in the portal, and plan again."} {
		if !strings.Contains(out, want) {
			t.Errorf("plan removing the opened task lacks %q:\n%s", want, out)
		}
	}
	if _, err := c.Tasks.Get(t.Context(), 701); err != nil {
		t.Fatalf("the open task after the refused plan: %v", err)
	}
	if err := c.Tasks.SetStatus(t.Context(), 701, client.TaskStatusPaused); err != nil {
		t.Fatal(err)
	}
	w.Must(0, "apply", "-auto-approve", "-no-color", "-var", "teams=[]")
	if _, err := c.Tasks.Get(t.Context(), 701); !client.IsNotFound(err) {
		t.Errorf("the paused task after the apply: %v, want it deleted", err)
	}
}

// TestAccOutboundTask_openedThenTypeChangedNoRefresh: a change of type
// replaces the task; planned with -refresh=false from a state saved while
// the task was paused, the plan did not read the task opened since, passed,
// and its delete was refused at apply. The plan reads it and refuses.
func TestAccOutboundTask_openedThenTypeChangedNoRefresh(t *testing.T) {
	t.Parallel()
	env, que := taskEnv(t)
	w := env.Workdir(t)
	w.WriteBody(automaticConfig("paused"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	c := env.Client(t)
	if err := c.Tasks.SetStatus(t.Context(), 701, client.TaskStatusOpen); err != nil {
		t.Fatal(err)
	}
	w.WriteBody(fmt.Sprintf(`
resource "contactcenter_outbound_task" "test" {
  name   = "Payment reminders"
  type   = 4
  status = "paused"
  config = {
    tts              = { provider = "ali", name = "xiaoyun" }
    nlp_silence_time = 800
    enable_scheduler = false
    agent_wait_time  = 5
    que_id           = %d
    max_call_ratio   = 2
  }
}
`, que))
	out := strings.Join(strings.Fields(w.Must(1, "plan", "-refresh=false", "-no-color")), " ")
	for _, want := range []string{"Error: Replacing an Open Outbound Task", "Changing type replaces outbound task 701, which is open (dialing), and force_delete is false"} {
		if !strings.Contains(out, want) {
			t.Errorf("plan -refresh=false changing the opened task's type lacks %q:\n%s", want, out)
		}
	}
}
