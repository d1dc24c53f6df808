package resources_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

const agentAddr = "contactcenter_agent.test"

func agentConfig(num, extra string) string {
	return fmt.Sprintf(`
resource "contactcenter_agent" "test" {
  user_num      = %q
  user_name     = "Ann"
  user_password = "Secret-1"
%s
}
`, num, extra)
}

// agentFullConfig sets every attribute, with every configuration object
// away from its defaults.
const agentFullConfig = `
resource "contactcenter_skill_group" "g" {
  que_name     = "Agents G1"
  que_priority = 1
}

resource "contactcenter_agent" "test" {
  user_num                 = "8001"
  user_name                = "Ann Lee"
  user_password            = "Secret-1"
  ag_nickname              = "Annie"
  user_email               = "ann@example.com"
  user_sms_phone           = "13800000001"
  fixed_phone              = "6001"
  crm_id                   = "crm-8001"
  user_type                = "1,2"
  user_status              = 3
  dept_id                  = 2
  role_id                  = 3
  position_id              = 4
  supervisor_id            = 5
  queue_ids                = [contactcenter_skill_group.g.id]
  user_phone_type          = 4
  user_login_state         = 2
  user_auto_login          = 0
  is_enable_outbound       = false
  user_outcall_popup       = 2
  is_enable_mfa            = 1
  is_forbidden_login       = true
  max_sessions             = 300
  basic_sessions           = 1
  is_enable_update_capcity = 2
  delete_mode              = "delete"

  evaluate_config = {
    type                             = 1
    is_enable_inbound_auto_evaluate  = true
    is_enable_outbound_auto_evaluate = true
  }
  wait_time_config = {
    type                       = 1
    next_wait                  = 30
    is_enable_busy_cancel_wait = true
  }
  notice_config = {
    type                         = 1
    is_enable_notice             = false
    is_enable_browser_tab_notice = true
    notice_type                  = "browser"
    system_notice_position       = "topLeft"
    is_auto_close                = false
    auto_close_interval          = 12
  }
  user_caller = {
    type        = 1
    auto        = true
    is_xtels    = true
    is_phones   = true
    is_groups   = true
    groups      = ["g1", "g2"]
    group_names = ["Group one", "Group two"]
    phones      = ["02100000001"]
    xtels       = ["17000000001"]
  }
  outbound_callers = {
    type        = 1
    is_phones   = true
    is_groups   = true
    groups      = ["g3"]
    group_names = ["Group three"]
    phones      = ["02100000002", "02100000003"]
  }
  user_display = {
    type      = 1
    is_phones = true
    phones    = ["02100000004"]
  }
  wincall_buttons = {
    type = 1
    buttons = {
      consult          = true
      transfer         = true
      threeway         = true
      evaluation       = true
      service          = true
      auto_answer      = true
      outbound_callers = true
      trans_ivr        = true
      switch_phone     = true
      raise_hand       = true
      dining_remind    = true
      outcall          = true
      innercall        = true
      queue            = true
      logout           = true
    }
  }
  wincall_transfer_ivrs = {
    type          = 1
    transfer_ivrs = [11, 12]
  }
  wincall_interact_ivrs = {
    type          = 1
    interact_ivrs = [13]
  }
  wincall_transfer_queues = {
    type            = 1
    transfer_queues = [contactcenter_skill_group.g.id]
  }
}
`

func agentID(s *terraform.State) int64 {
	id, _ := strconv.ParseInt(s.RootModule().Resources[agentAddr].Primary.ID, 10, 64)
	return id
}

// stateHolds reports whether any attribute of any resource in s holds text.
func stateHolds(s *terraform.State, text string) bool {
	for _, rs := range s.RootModule().Resources {
		for _, v := range rs.Primary.Attributes {
			if strings.Contains(v, text) {
				return true
			}
		}
	}
	return false
}

func TestAccAgent_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	obj := func(name string) tfjsonpath.Path { return tfjsonpath.New(name) }
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(agentFullConfig),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(agentAddr, obj("id"), knownvalue.StringRegexp(regexp.MustCompile(`^[0-9]+$`))),
					statecheck.ExpectKnownValue(agentAddr, obj("user_num"), knownvalue.StringExact("8001")),
					statecheck.ExpectKnownValue(agentAddr, obj("user_status"), knownvalue.Int64Exact(3)),
					statecheck.ExpectKnownValue(agentAddr, obj("user_email"), knownvalue.StringExact("ann@example.com")),
					statecheck.ExpectKnownValue(agentAddr, obj("dept_name"), knownvalue.StringExact("Department 2")),
					statecheck.ExpectKnownValue(agentAddr, obj("role_name"), knownvalue.StringExact("Role 3")),
					statecheck.ExpectKnownValue(agentAddr, obj("vcc_code"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue(agentAddr, obj("max_sessions"), knownvalue.Int64Exact(300)),
					statecheck.ExpectKnownValue(agentAddr, obj("is_enable_outbound"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(agentAddr, obj("queue_ids"), knownvalue.SetSizeExact(1)),
					statecheck.ExpectKnownValue(agentAddr, obj("user_password_wo"), knownvalue.Null()),
					statecheck.ExpectKnownValue(agentAddr, obj("evaluate_config").AtMapKey("is_enable_outbound_auto_evaluate"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(agentAddr, obj("wait_time_config"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"type": knownvalue.Int64Exact(1), "next_wait": knownvalue.Int64Exact(30), "is_enable_busy_cancel_wait": knownvalue.Bool(true),
					})),
					statecheck.ExpectKnownValue(agentAddr, obj("notice_config").AtMapKey("system_notice_position"), knownvalue.StringExact("topLeft")),
					statecheck.ExpectKnownValue(agentAddr, obj("notice_config").AtMapKey("notice_type"), knownvalue.StringExact("browser")),
					statecheck.ExpectKnownValue(agentAddr, obj("notice_config").AtMapKey("auto_close_interval"), knownvalue.Int64Exact(12)),
					statecheck.ExpectKnownValue(agentAddr, obj("user_caller").AtMapKey("group_names"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.StringExact("Group one"), knownvalue.StringExact("Group two"),
					})),
					statecheck.ExpectKnownValue(agentAddr, obj("user_caller").AtMapKey("is_xtels"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(agentAddr, obj("outbound_callers").AtMapKey("phones"), knownvalue.ListSizeExact(2)),
					statecheck.ExpectKnownValue(agentAddr, obj("user_display").AtMapKey("phones"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.StringExact("02100000004"),
					})),
					statecheck.ExpectKnownValue(agentAddr, obj("wincall_buttons").AtMapKey("buttons").AtMapKey("service"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(agentAddr, obj("wincall_buttons").AtMapKey("buttons").AtMapKey("logout"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(agentAddr, obj("wincall_transfer_ivrs").AtMapKey("transfer_ivrs"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.Int64Exact(11), knownvalue.Int64Exact(12),
					})),
					statecheck.ExpectKnownValue(agentAddr, obj("wincall_interact_ivrs").AtMapKey("interact_ivrs"), knownvalue.ListSizeExact(1)),
					statecheck.ExpectKnownValue(agentAddr, obj("wincall_transfer_queues").AtMapKey("transfer_queues"), knownvalue.ListSizeExact(1)),
				},
				Check: func(s *terraform.State) error {
					// What the service holds, read with the client: membership and MFA.
					a, err := c.Agents.Get(t.Context(), agentID(s))
					if err != nil {
						return err
					}
					if len(a.QueueIDList()) != 1 {
						return fmt.Errorf("agent is in groups %v, want the one group", a.QueueIDList())
					}
					if a.MFASecret == "" {
						return fmt.Errorf("is_enable_mfa = 1 gave no mfa_secret in the service")
					}
					if stateHolds(s, string(a.MFASecret)) {
						return fmt.Errorf("the MFA secret is in the state")
					}
					return nil
				},
			},
			{
				Config:   env.Config(agentFullConfig),
				PlanOnly: true, // every attribute set: the plan after apply is empty
			},
			{
				ResourceName:            agentAddr,
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"user_password", "queue_ids"},
			},
		},
	})
}

func TestAccAgent_defaults(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(agentConfig("8100", "")),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(agentAddr, tfjsonpath.New("user_status"), knownvalue.Int64Exact(1)),
				statecheck.ExpectKnownValue(agentAddr, tfjsonpath.New("user_phone_type"), knownvalue.Int64Exact(3)),
				statecheck.ExpectKnownValue(agentAddr, tfjsonpath.New("is_enable_mfa"), knownvalue.Int64Exact(2)),
				statecheck.ExpectKnownValue(agentAddr, tfjsonpath.New("is_enable_outbound"), knownvalue.Bool(true)),
				statecheck.ExpectKnownValue(agentAddr, tfjsonpath.New("dept_id"), knownvalue.Int64Exact(1)),
				statecheck.ExpectKnownValue(agentAddr, tfjsonpath.New("queue_ids"), knownvalue.Null()),
				statecheck.ExpectKnownValue(agentAddr, tfjsonpath.New("delete_mode"), knownvalue.StringExact("delete")),
				statecheck.ExpectKnownValue(agentAddr, tfjsonpath.New("notice_config"), knownvalue.ObjectExact(map[string]knownvalue.Check{
					"type": knownvalue.Int64Exact(2), "is_enable_notice": knownvalue.Bool(true), "is_enable_browser_tab_notice": knownvalue.Bool(false),
					"notice_type": knownvalue.StringExact("system"), "system_notice_position": knownvalue.StringExact("bottomRight"),
					"is_auto_close": knownvalue.Bool(true), "auto_close_interval": knownvalue.Int64Exact(5),
				})),
				statecheck.ExpectKnownValue(agentAddr, tfjsonpath.New("wait_time_config").AtMapKey("next_wait"), knownvalue.Int64Exact(5)),
				statecheck.ExpectKnownValue(agentAddr, tfjsonpath.New("user_caller").AtMapKey("phones"), knownvalue.ListSizeExact(0)),
				statecheck.ExpectKnownValue(agentAddr, tfjsonpath.New("wincall_buttons").AtMapKey("buttons").AtMapKey("consult"), knownvalue.Bool(false)),
			},
		}},
	})
}

func TestAgent_update(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	// Each step changes one configuration object (and a few scalars); the
	// last step removes them all, which plans the spec's defaults back.
	steps := []struct {
		extra string
		path  tfjsonpath.Path
		want  knownvalue.Check
	}{
		{`ag_nickname = "Ann 2"
  evaluate_config = { type = 1, is_enable_inbound_auto_evaluate = true }`,
			tfjsonpath.New("evaluate_config").AtMapKey("is_enable_inbound_auto_evaluate"), knownvalue.Bool(true)},
		{`wait_time_config = { next_wait = 60 }`, tfjsonpath.New("wait_time_config").AtMapKey("next_wait"), knownvalue.Int64Exact(60)},
		{`notice_config = { system_notice_position = "topRight" }`,
			tfjsonpath.New("notice_config").AtMapKey("system_notice_position"), knownvalue.StringExact("topRight")},
		{`user_caller = { type = 1, phones = ["02100000009"] }`,
			tfjsonpath.New("user_caller").AtMapKey("phones"), knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("02100000009")})},
		{`outbound_callers = { is_groups = true, groups = ["9"] }`,
			tfjsonpath.New("outbound_callers").AtMapKey("groups"), knownvalue.ListSizeExact(1)},
		{`user_display = { is_phones = true }`, tfjsonpath.New("user_display").AtMapKey("is_phones"), knownvalue.Bool(true)},
		{`wincall_buttons = { buttons = { raise_hand = true } }`,
			tfjsonpath.New("wincall_buttons").AtMapKey("buttons").AtMapKey("raise_hand"), knownvalue.Bool(true)},
		{`wincall_transfer_ivrs = { transfer_ivrs = [7] }`,
			tfjsonpath.New("wincall_transfer_ivrs").AtMapKey("transfer_ivrs"), knownvalue.ListSizeExact(1)},
		{`wincall_interact_ivrs = { interact_ivrs = [8, 9] }`,
			tfjsonpath.New("wincall_interact_ivrs").AtMapKey("interact_ivrs"), knownvalue.ListSizeExact(2)},
		{`wincall_transfer_queues = { type = 1, transfer_queues = [5] }
  user_status = 3
  max_sessions = 20
  basic_sessions = 2`,
			tfjsonpath.New("wincall_transfer_queues").AtMapKey("transfer_queues"), knownvalue.ListSizeExact(1)},
		{``, tfjsonpath.New("wincall_transfer_queues").AtMapKey("transfer_queues"), knownvalue.ListSizeExact(0)},
	}
	// Over the protocol in process (acctest.Resources: Terraform's plan
	// and apply calls): each step's plan must be an update, in place, and
	// the plan after its apply empty. Through the CLI, the 12 steps took
	// 33 s of a loaded machine.
	r := env.Resources(t, "contactcenter_agent")
	config := func(extra string) []any {
		return []any{r.Config(`
  user_num      = "8200"
  user_name     = "Ann"
  user_password = "Secret-1"
` + extra)}
	}
	agent := r.Apply(nil, config(""))
	r.CheckPlanEmpty(agent, config(""))
	for _, st := range steps {
		agent = r.Apply(agent, config(st.extra))
		if agent[0].Action != "update" {
			t.Errorf("%s: planned %s, want update", st.extra, agent[0].Action)
		}
		if err := r.ExpectKnownValue(agent[0], st.path, st.want); err != nil {
			t.Errorf("%s: %v", st.extra, err)
		}
		r.CheckPlanEmpty(agent, config(st.extra))
	}
	if n := env.Sim.Stats()["POST /open/v3/svcapi/users/add"]; n != 1 {
		t.Errorf("users/add called %d times, want 1 (updates must edit in place)", n)
	}
}

// dept_name and role_name follow dept_id and role_id: an update that keeps
// them plans the names as they are, not "known after apply". In process
// (acctest.Resources): the plan values are the provider's own.
func TestAgent_namesFollowIDs(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	r := env.Resources(t, "contactcenter_agent")
	config := func(dept, role int, extra string) []any {
		return []any{r.Config(fmt.Sprintf(`
  user_num      = "8210"
  user_name     = "Ann"
  user_password = "Secret-1"
  dept_id       = %d
  role_id       = %d
%s`, dept, role, extra))}
	}
	check := func(step string, err error) {
		t.Helper()
		if err != nil {
			t.Errorf("%s: %v", step, err)
		}
	}
	agent := r.Apply(nil, config(2, 3, ""))
	r.CheckPlanEmpty(agent, config(2, 3, ""))

	nick := `ag_nickname = "Annie"`
	agent = r.Apply(agent, config(2, 3, nick))
	if agent[0].Action != "update" {
		t.Errorf("nickname: planned %s, want update", agent[0].Action)
	}
	check("nickname", r.ExpectPlannedValue(agent[0], tfjsonpath.New("dept_name"), knownvalue.StringExact("Department 2")))
	check("nickname", r.ExpectPlannedValue(agent[0], tfjsonpath.New("role_name"), knownvalue.StringExact("Role 3")))
	r.CheckPlanEmpty(agent, config(2, 3, nick))

	agent = r.Apply(agent, config(4, 3, nick))
	check("dept 4", r.ExpectPlannedUnknown(agent[0], tfjsonpath.New("dept_name")))
	check("dept 4", r.ExpectPlannedValue(agent[0], tfjsonpath.New("role_name"), knownvalue.StringExact("Role 3")))
	check("dept 4", r.ExpectKnownValue(agent[0], tfjsonpath.New("dept_name"), knownvalue.StringExact("Department 4")))
	r.CheckPlanEmpty(agent, config(4, 3, nick))

	agent = r.Apply(agent, config(4, 5, nick))
	check("role 5", r.ExpectPlannedValue(agent[0], tfjsonpath.New("dept_name"), knownvalue.StringExact("Department 4")))
	check("role 5", r.ExpectPlannedUnknown(agent[0], tfjsonpath.New("role_name")))
	check("role 5", r.ExpectKnownValue(agent[0], tfjsonpath.New("role_name"), knownvalue.StringExact("Role 5")))
	r.CheckPlanEmpty(agent, config(4, 5, nick))
	r.Destroy(agent)
}

func TestAccAgent_passwordWO(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cfg := func(pw string, version int) string {
		return env.Config(fmt.Sprintf(`
resource "contactcenter_agent" "test" {
  user_num                 = "8300"
  user_name                = "Wo"
  user_password_wo         = %q
  user_password_wo_version = %d
}
`, pw, version))
	}
	var id int64
	checkPassword := func(pw string) resource.TestCheckFunc {
		return func(s *terraform.State) error {
			id = agentID(s)
			if !env.Sim.CheckAgentPassword(id, pw) {
				return fmt.Errorf("the service does not hold password %q", pw)
			}
			if stateHolds(s, pw) {
				return fmt.Errorf("the password %q is in the state", pw)
			}
			return nil
		}
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: cfg("First-pass-1", 1),
				Check:  checkPassword("First-pass-1"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(agentAddr, tfjsonpath.New("user_password_wo"), knownvalue.Null()),
					statecheck.ExpectKnownValue(agentAddr, tfjsonpath.New("user_password"), knownvalue.Null()),
					statecheck.ExpectKnownValue(agentAddr, tfjsonpath.New("user_password_wo_version"), knownvalue.Int64Exact(1)),
				},
			},
			{
				// A new write-only value without a new version changes nothing.
				Config: cfg("Second-pass-2", 1),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: checkPassword("First-pass-1"),
			},
			{
				Config: cfg("Second-pass-2", 2),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(agentAddr, plancheck.ResourceActionUpdate)},
				},
				Check: checkPassword("Second-pass-2"),
			},
			{
				// Switching to the classic attribute sends it.
				Config: env.Config(`
resource "contactcenter_agent" "test" {
  user_num      = "8300"
  user_name     = "Wo"
  user_password = "Third-pass-3"
}
`),
				Check: func(s *terraform.State) error {
					if !env.Sim.CheckAgentPassword(agentID(s), "Third-pass-3") {
						return fmt.Errorf("user_password was not sent")
					}
					return nil
				},
			},
		},
	})
}

func TestAccAgent_disappears(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(agentConfig("8400", "")),
			Check: func(s *terraform.State) error {
				return c.Agents.Delete(t.Context(), agentID(s))
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

func TestAccAgent_import(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cfg := env.Config(agentConfig("8500", `user_email = "imp@example.com"
  notice_config = { type = 1, is_auto_close = false }`))
	ignore := []string{"user_password"}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: cfg},
			{ResourceName: agentAddr, ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: ignore},
			{ResourceName: agentAddr, ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: ignore, ImportStateId: "user_num:8500"},
			// A space after the colon, as people type it.
			{ResourceName: agentAddr, ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: ignore, ImportStateId: "user_num: 8500"},
			{ResourceName: agentAddr, ImportState: true, ImportStateId: "user_num:nope", ExpectError: regexp.MustCompile(`user_num "nope": not found`)},
			{ResourceName: agentAddr, ImportState: true, ImportStateId: "abc", ExpectError: regexp.MustCompile(`imported by its numeric id \(user_id\)`)},
		},
	})
}

func TestAccAgent_resign(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	var id int64
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(agentConfig("8600", `delete_mode = "resign"`)),
			Check:  func(s *terraform.State) error { id = agentID(s); return nil },
		}},
		CheckDestroy: func(*terraform.State) error {
			a, err := c.Agents.Get(t.Context(), id)
			if err != nil {
				return fmt.Errorf("a resigned agent must remain: %w", err)
			}
			if a.UserStatus != client.AgentStatusResigned {
				return fmt.Errorf("user_status = %d after destroy, want 2 (resigned)", a.UserStatus)
			}
			return nil
		},
	})
}

// A resigned agent leaves the groups its queue_ids managed, so destroying
// the configuration also destroys the groups (queue/delete refuses a group
// that still has agents, code 404). Memberships it did not manage stay.
func TestAccAgent_resignWithQueueIDs(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	other, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Not managed here", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	otherID, _ := strconv.ParseInt(other, 10, 64)
	var id int64
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(`
resource "contactcenter_skill_group" "g" {
  que_name     = "Resign G"
  que_priority = 1
}
` + agentConfig("8601", `delete_mode = "resign"
  queue_ids   = [contactcenter_skill_group.g.id]`)),
			Check: func(s *terraform.State) error { id = agentID(s); return nil },
		}},
		CheckDestroy: func(*terraform.State) error {
			a, err := c.Agents.Get(t.Context(), id)
			if err != nil {
				return fmt.Errorf("a resigned agent must remain: %w", err)
			}
			if a.UserStatus != client.AgentStatusResigned {
				return fmt.Errorf("user_status = %d after destroy, want 2 (resigned)", a.UserStatus)
			}
			if len(a.QueueIDList()) != 0 {
				return fmt.Errorf("the resigned agent is still in groups %v", a.QueueIDList())
			}
			return nil
		},
	})

	// Without queue_ids the agent's groups are not Terraform's: resigning keeps them.
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(agentConfig("8602", `delete_mode = "resign"`)),
			Check: func(s *terraform.State) error {
				id = agentID(s)
				return c.Queues.Assign(t.Context(), otherID, []client.AgentSkill{{AgID: id, Skill: 1}})
			},
		}},
		CheckDestroy: func(*terraform.State) error {
			a, err := c.Agents.Get(t.Context(), id)
			if err != nil {
				return err
			}
			if got := a.QueueIDList(); len(got) != 1 || got[0] != otherID {
				return fmt.Errorf("unmanaged membership after resign: groups %v, want [%d]", got, otherID)
			}
			return nil
		},
	})
}

// TestAgent_queueIDs: queue_ids puts the agent in its groups and the plan
// restores a membership removed outside; unset, it manages no membership.
// Over the protocol in process (acctest.Resources: Terraform's plan and
// apply calls); the groups are made beforehand.
func TestAgent_queueIDs(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	var groups []string
	for i, name := range []string{"QA", "QB"} {
		id, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: name, QuePriority: int64(i + 1)})
		if err != nil {
			t.Fatal(err)
		}
		groups = append(groups, id)
	}
	qa, _ := strconv.ParseInt(groups[0], 10, 64)
	r := env.Resources(t, "contactcenter_agent")
	config := func(extra string) []any {
		return []any{r.Config(`
  user_num      = "8700"
  user_name     = "Ann"
  user_password = "Secret-1"
` + extra)}
	}
	inGroups := fmt.Sprintf(`queue_ids = [%q, %q]`, groups[0], groups[1])
	agentGroups := func(in acctest.Instance) []int64 {
		t.Helper()
		id, _ := strconv.ParseInt(fmt.Sprint(r.Decode(in)["id"]), 10, 64)
		a, err := c.Agents.Get(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		return a.QueueIDList()
	}
	agentOf := func(in acctest.Instance) int64 {
		id, _ := strconv.ParseInt(fmt.Sprint(r.Decode(in)["id"]), 10, 64)
		return id
	}

	agent := r.Apply(nil, config(inGroups))
	if g := agentGroups(agent[0]); len(g) != 2 {
		t.Errorf("groups %v, want 2", g)
	}
	// Drift: remove the agent from group a outside Terraform.
	if err := c.Queues.CancelAssign(t.Context(), qa, []int64{agentOf(agent[0])}); err != nil {
		t.Fatal(err)
	}
	if a := r.Plan(agent, config(inGroups)); a[0] == "no-op" {
		t.Errorf("the plan after the agent left group a outside is empty")
	}

	// The plan restores the membership.
	agent = r.Apply(agent, config(inGroups))
	if agent[0].Action != "update" {
		t.Errorf("restoring the membership planned %s, want update", agent[0].Action)
	}
	if err := r.ExpectKnownValue(agent[0], tfjsonpath.New("queue_ids"), knownvalue.SetSizeExact(2)); err != nil {
		t.Error(err)
	}
	r.CheckPlanEmpty(agent, config(inGroups))

	// Unset: no membership managed, no diff, groups untouched.
	agent = r.Apply(agent, config(""))
	if agent[0].Action != "update" {
		t.Errorf("unsetting queue_ids planned %s, want update", agent[0].Action)
	}
	r.CheckPlanEmpty(agent, config(""))
	if g := agentGroups(agent[0]); len(g) != 2 {
		t.Errorf("unsetting queue_ids changed the groups to %v", g)
	}
	if err := c.Queues.CancelAssign(t.Context(), qa, []int64{agentOf(agent[0])}); err != nil {
		t.Fatal(err)
	}
	// Membership changed outside, but it is not managed: no diff.
	if a := r.Plan(agent, config("")); a[0] != "no-op" {
		t.Errorf("the membership changed outside, not managed, planned %s, want no-op", a[0])
	}
}

func TestAccAgent_validation(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	bad := func(extra string) string { return agentConfig("9000", extra) }
	cases := map[string]struct {
		body string
		want string
	}{
		"max_sessions 301":         {bad(`max_sessions = 301`), `max_sessions value must be between 0 and 300`},
		"basic_sessions 0":         {bad(`basic_sessions = 0`), `basic_sessions value must be at least 1`},
		"user_status 4":            {bad(`user_status = 4`), `user_status 4 is not one of 1 (on duty), 2 (resigned), 3 (frozen).`},
		"user_phone_type 5":        {bad(`user_phone_type = 5`), `user_phone_type 5 is not one of 3 (off), 4 (on).`},
		"user_login_state 3":       {bad(`user_login_state = 3`), `user_login_state 3 is not one of 1 (idle), 2 (busy).`},
		"user_auto_login 2":        {bad(`user_auto_login = 2`), `user_auto_login 2 is not one of 1 (yes), 0 (no).`},
		"user_outcall_popup 0":     {bad(`user_outcall_popup = 0`), `user_outcall_popup 0 is not one of 1 (on), 2 (off).`},
		"is_enable_mfa 0":          {bad(`is_enable_mfa = 0`), `is_enable_mfa 0 is not one of 1 (on), 2 (off).`},
		"is_enable_update_capcity": {bad(`is_enable_update_capcity = 0`), `is_enable_update_capcity 0 is not one of 1 (on), 2 (off).`},
		"user_type 8":              {bad(`user_type = "1,8"`), `must be a comma-separated list of agent types 1-7`},
		// A type list read from a CSV file: the message quotes the value,
		// where "got: 1, 2" showed the space no better than the rule did.
		"user_type spaced":         {bad(`user_type = "1, 2"`), `Attribute user_type must be a comma-separated list of agent types 1-7 without spaces, for example "1,2", got "1, 2"`},
		"user_type trailing space": {bad(`user_type = "1,2 "`), `got "1,2 "`},
		"user_email":               {bad(`user_email = "ann@"`), `must be an e-mail address`},
		"user_email double dot":    {bad(`user_email = "ann..lee@example.com"`), `user_email must be an e-mail address such as ann.lee@example.com, got "ann..lee@example.com"`},
		// Pasted with a zero-width space or a no-break space: net/mail
		// takes both, and mail to the address went nowhere.
		"user_email zero-width space": {bad(`user_email = "ann@example.com\u200b"`), `got "ann@example.com\u200b"`},
		"user_email no-break space":   {bad(`user_email = "ann\u00a0@example.com"`), `got "ann\u00a0@example.com"`},
		"dept_id 0":                   {bad(`dept_id = 0`), `dept_id value must be at least 1`},
		"queue_ids 0":                 {bad(`queue_ids = [3, 0]`), `queue_ids holds 0: skill-group ids start at 1.`},
		"delete_mode":                 {bad(`delete_mode = "purge"`), `delete_mode value must be one of`},
		"object type 3":               {bad(`evaluate_config = { type = 3 }`), `evaluate_config.type 3 is not one of 1 (custom), 2 (the platform default).`},
		"next_wait -1":                {bad(`wait_time_config = { next_wait = -1 }`), `next_wait value must be at least 0`},
		"notice_type":                 {bad(`notice_config = { notice_type = "email" }`), `notice_type value must be one of`},
		"notice position":             {bad(`notice_config = { system_notice_position = "middle" }`), `system_notice_position value must be one of`},
		"auto_close_interval -1":      {bad(`notice_config = { auto_close_interval = -1 }`), `auto_close_interval value must be at least 0`},
		"transfer_ivrs 0":             {bad(`wincall_transfer_ivrs = { transfer_ivrs = [0] }`), `value must be at least 1`},
		"interact_ivrs -2":            {bad(`wincall_interact_ivrs = { interact_ivrs = [-2] }`), `value must be at least 1`},
		"transfer_queues 0":           {bad(`wincall_transfer_queues = { transfer_queues = [0] }`), `value must be at least 1`},
		"empty user_num":              {agentConfig("", ""), `user_num string length must be at least 1`},
		// The service trims text parameters: a padded value would come back
		// changed ("inconsistent result after apply"), so it fails at plan.
		"user_num padded":       {agentConfig(" 9000", ""), `user_num must not begin or end with white space`},
		"ag_nickname padded":    {bad(`ag_nickname = "Annie "`), `ag_nickname must not begin or end with white space`},
		"user_sms_phone padded": {bad(`user_sms_phone = " 138"`), `user_sms_phone must not begin or end with white space`},
		"fixed_phone padded":    {bad(`fixed_phone = "6001\t"`), `fixed_phone must not begin or end with white space`},
		"crm_id padded":         {bad(`crm_id = " c1 "`), `crm_id must not begin or end with white space`},
		"user_name padded": {`resource "contactcenter_agent" "test" {
  user_num      = "9000"
  user_name     = "Ann "
  user_password = "x"
}`, `user_name must not begin or end with white space`},
		"no password": {`resource "contactcenter_agent" "test" {
  user_num  = "9000"
  user_name = "A"
}`, `A new agent needs a password: set user_password or user_password_wo`},
		"both passwords": {bad(`user_password_wo = "x"
  user_password_wo_version = 1`), `These attributes cannot be configured together: [user_password,user_password_wo]`},
		"version without wo": {bad(`user_password_wo_version = 1`), `These attributes must be configured together: [user_password_wo,user_password_wo_version]`},
		"wo without version": {`resource "contactcenter_agent" "test" {
  user_num         = "9000"
  user_name        = "A"
  user_password_wo = "x"
}`, `These attributes must be configured together: [user_password_wo,user_password_wo_version]`},
		"missing user_name": {`resource "contactcenter_agent" "test" {
  user_num      = "9000"
  user_password = "x"
}`, `The argument "user_name" is required`},
	}
	plan := map[string]acctest.PlanError{}
	for name, tc := range cases {
		plan[name] = acctest.PlanError{Config: tc.body, Want: tc.want}
	}
	env.ExpectPlanErrors(t, plan)
}

// Import by resource identity needs Terraform 1.12; it skips on older CLIs.
func TestAccAgent_importIdentity(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_12_0)},
		Steps: []resource.TestStep{
			{
				Config: env.Config(agentConfig("8800", "")),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectIdentityValueMatchesState(agentAddr, tfjsonpath.New("id")),
				},
			},
			{
				// The adopted agent's configuration holds no password (the
				// service never returns one, so a configured password would
				// plan an update): the import is a no-op.
				Config:          env.Config(agentConfigNoPassword("8800", `user_name = "Ann"`)),
				ResourceName:    agentAddr,
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithResourceIdentity,
			},
		},
	})
}

// The list resource through the CLI (`terraform query`, Terraform 1.14+).
func TestAccAgent_query(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{
			{Config: env.Config(agentConfig("8900", `user_type = "2"`) + `
resource "contactcenter_agent" "other" {
  user_num      = "8901"
  user_name     = "Bob"
  user_password = "Secret-2"
}
`)},
			{
				// The provider block is the configuration's (.tf) of step 1.
				Query: true,
				Config: `
list "contactcenter_agent" "all" {
  provider         = contactcenter
  include_resource = true
}
list "contactcenter_agent" "chat" {
  provider = contactcenter
  config {
    user_type = ["2"]
  }
}
`,
				QueryResultChecks: []querycheck.QueryResultCheck{
					querycheck.ExpectLength("contactcenter_agent.all", 2),
					querycheck.ExpectLength("contactcenter_agent.chat", 1),
					querycheck.ExpectResourceDisplayName("contactcenter_agent.chat", queryfilter.ByDisplayName(knownvalue.StringExact("8900 Ann")),
						knownvalue.StringExact("8900 Ann")),
				},
			},
		},
	})
}

// An update that leaves dept_id and role_id unset keeps them (they are the
// service's values), so their names are known at plan time too.
func TestAccAgent_namesKnownOnUpdate(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: env.Config(agentConfig("8220", ""))},
			{
				Config: env.Config(agentConfig("8220", `ag_nickname = "Annie"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(agentAddr, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(agentAddr, tfjsonpath.New("dept_name"), knownvalue.StringExact("Headquarters")),
					plancheck.ExpectKnownValue(agentAddr, tfjsonpath.New("role_name"), knownvalue.NotNull()),
				}},
			},
		},
	})
}

// An agent that exists is adopted with an import block and managed without
// a password in the configuration: the import plans no change.
func TestAccAgent_adoptWithoutPassword(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	pw := "Adopted-1"
	a, err := env.Client(t).Agents.Create(t.Context(), client.AgentInput{UserNum: new("8230"), UserName: new("Adopted"), UserPassword: &pw})
	if err != nil {
		t.Fatal(err)
	}
	cfg := env.Config(fmt.Sprintf(`
import {
  to = contactcenter_agent.test
  id = "%d"
}
resource "contactcenter_agent" "test" {
  user_num  = "8230"
  user_name = "Adopted"
}
`, a.UserID))
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(agentAddr, plancheck.ResourceActionNoop),
				}},
			},
			{
				// A change to the adopted agent is an update without a password.
				Config: env.Config(agentConfigNoPassword("8230", `user_name = "Adopted 2"`)),
				Check: func(*terraform.State) error {
					if !env.Sim.CheckAgentPassword(a.UserID.Int64(), pw) {
						return fmt.Errorf("the update changed the password")
					}
					return nil
				},
			},
		},
	})
}

func agentConfigNoPassword(num, extra string) string {
	return fmt.Sprintf(`
resource "contactcenter_agent" "test" {
  user_num = %q
%s
}
`, num, extra)
}

// An agent destroyed with delete_mode = "resign" keeps its number. Applying
// the configuration again, or replacing the agent (a replacement honours
// delete_mode: the old agent is resigned, not deleted), re-activates that
// agent instead of failing on the number the resigned agent holds.
func TestAccAgent_resignReactivates(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		num   string
		steps func(cfg string) []resource.TestStep
	}{
		"applied again after destroy": {"8610", func(cfg string) []resource.TestStep {
			return []resource.TestStep{{Config: cfg, Destroy: true}, {Config: cfg}}
		}},
		"tainted and replaced": {"8620", func(cfg string) []resource.TestStep {
			return []resource.TestStep{{Config: cfg, Taint: []string{agentAddr}, ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(agentAddr, plancheck.ResourceActionDestroyBeforeCreate)},
			}}}
		}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t)
			c := env.Client(t)
			cfg := env.Config(agentConfig(tc.num, `delete_mode = "resign"
  ag_nickname = "Back"`))
			var id int64
			steps := append([]resource.TestStep{{Config: cfg, Check: func(s *terraform.State) error { id = agentID(s); return nil }}}, tc.steps(cfg)...)
			last := &steps[len(steps)-1]
			last.ConfigStateChecks = []statecheck.StateCheck{
				statecheck.ExpectKnownValue(agentAddr, tfjsonpath.New("user_status"), knownvalue.Int64Exact(1)),
				statecheck.ExpectKnownValue(agentAddr, tfjsonpath.New("delete_mode"), knownvalue.StringExact("resign")),
			}
			last.Check = func(s *terraform.State) error {
				if agentID(s) != id {
					return fmt.Errorf("agent %d was created; want the resigned agent %d re-activated", agentID(s), id)
				}
				a, err := c.Agents.Get(t.Context(), id)
				if err != nil {
					return err
				}
				if a.UserStatus != client.AgentStatusOnDuty {
					return fmt.Errorf("user_status = %d, want 1 (on duty)", a.UserStatus)
				}
				return nil
			}
			resource.Test(t, resource.TestCase{
				PreCheck:                 func() { acctest.PreCheck(t) },
				ProtoV6ProviderFactories: env.Factories(),
				Steps:                    steps,
			})
			if n := env.Sim.Stats()["POST /open/v3/svcapi/users/delete"]; n != 0 {
				t.Errorf("users/delete called %d times; resign mode never deletes", n)
			}
		})
	}
}

// A new hire given the number of a colleague who left (resigned in the
// portal, which keeps the number) re-activates that agent; it used to keep
// the colleague's e-mail, phone, nickname, CRM id and skill groups. What the
// configuration does not set is cleared, as a new agent would have none;
// what it sets is applied.
func TestAccAgent_reactivatedAsNew(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	que, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Former team", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	qid, _ := strconv.ParseInt(que, 10, 64)
	pw := "Pass-1"
	old, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: new("8630"), UserName: new("Former"), UserPassword: &pw,
		AgNickname: new("F"), UserEmail: new("former@example.com"), UserSMSPhone: new("13311112222"), CrmID: new("crm-old"), QueueIDs: &[]int64{qid}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Agents.Update(t.Context(), old.UserID.Int64(), client.AgentInput{UserStatus: new(int64(client.AgentStatusResigned))}); err != nil {
		t.Fatal(err)
	}
	newHire := env.Config(`
resource "contactcenter_agent" "test" {
  user_num       = "8630"
  user_name      = "New Hire"
  user_password  = "Secret-1"
  user_sms_phone = "13900001111"
}
`)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: newHire,
			Check: func(s *terraform.State) error {
				if agentID(s) != old.UserID.Int64() {
					return fmt.Errorf("agent %d in state, want the resigned agent %d re-activated", agentID(s), old.UserID.Int64())
				}
				a, err := c.Agents.Get(t.Context(), old.UserID.Int64())
				if err != nil {
					return err
				}
				if a.UserStatus != client.AgentStatusOnDuty || a.UserName != "New Hire" || a.UserSMSPhone != "13900001111" {
					return fmt.Errorf("re-activated agent: status %d, name %q, sms phone %q; want 1, New Hire, 13900001111", a.UserStatus, a.UserName, a.UserSMSPhone)
				}
				if a.UserEmail != "" || a.AgNickname != "" || a.CrmID != "" || len(a.QueueIDList()) != 0 {
					return fmt.Errorf("the former agent's values stayed: email %q, nickname %q, crm_id %q, groups %v", a.UserEmail, a.AgNickname, a.CrmID, a.QueueIDList())
				}
				return nil
			},
		}, {
			Config: newHire, PlanOnly: true,
		}},
	})
}

// TestAgent_planWarnsReactivation: a create whose user_num a resigned
// agent holds re-activates that agent at apply; the plan showed a plain
// create. It warns, naming the agent, at the cost of one list of the
// resigned agents per walk (and the key check's read of the collection);
// another number plans without a word.
func TestAgent_planWarnsReactivation(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	pw := "Pass-1"
	old, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: new("8640"), UserName: new("Former"), UserPassword: &pw})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Agents.Update(t.Context(), old.UserID.Int64(), client.AgentInput{UserStatus: new(int64(client.AgentStatusResigned))}); err != nil {
		t.Fatal(err)
	}
	plan := func(num string) string {
		return diagsText(validatePlan(t, env, "contactcenter_agent", objectValue(t, env, "contactcenter_agent", map[string]tftypes.Value{
			"user_num": tftypes.NewValue(tftypes.String, num), "user_name": tftypes.NewValue(tftypes.String, "New Hire"),
			"user_password": tftypes.NewValue(tftypes.String, "Secret-1"),
		})))
	}
	lists := env.Sim.Stats()["POST /open/v3/svcapi/users/list"]
	got := plan("8640")
	want := fmt.Sprintf(`WARNING: Create Re-activates a Resigned Agent: Agent number 8640 belongs to resigned agent %d ("Former"): the platform keeps a resigned agent's number, `+
		"so this create re-activates that agent instead of making a new one", old.UserID.Int64())
	if !strings.Contains(got, want) {
		t.Errorf("plan of a create with a resigned agent's number:\n%s\nwant %q", got, want)
	}
	// The resigned agents, and the collection for the check that the
	// number is free (warnNumberTaken), which a plan that refreshes
	// agents reads anyway: once each per walk, whatever the creates.
	if n := env.Sim.Stats()["POST /open/v3/svcapi/users/list"] - lists; n != 2 {
		t.Errorf("the plan listed agents %d times, want 2 (the resigned ones, and the collection)", n)
	}
	if got := plan("8641"); strings.Contains(got, "Re-activates") {
		t.Errorf("plan of a create with a free number:\n%s", got)
	}
}

// A replacement of an agent with delete_mode = "resign" (taint, -replace)
// resigns it and re-activates it in the same apply: it is the
// configuration's own agent, and comes back with its groups. The
// re-activation cleared the groups that queue_ids does not manage, as for a
// former colleague's agent, so a skill_group_members group lost it (its
// update had nothing to do: the id came back the same) and the next plan
// wanted it back.
func TestAccAgent_replacedKeepsMembership(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cfg := env.Config(`
resource "contactcenter_skill_group" "h" {
  que_name     = "Kept"
  que_priority = 1
}

resource "contactcenter_agent" "test" {
  user_num      = "8660"
  user_name     = "Ann"
  user_password = "Secret-1"
  ag_nickname   = "Annie"
  delete_mode   = "resign"
}

resource "contactcenter_skill_group_members" "h" {
  que_id  = contactcenter_skill_group.h.id
  members = [{ agent_id = contactcenter_agent.test.id, skill = 2 }]
}
`)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: cfg},
			{Config: cfg, Taint: []string{agentAddr}, ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(agentAddr, plancheck.ResourceActionDestroyBeforeCreate)},
			}},
		},
	})
}

// A change of user_num replaces the agent; with delete_mode = "resign" the
// old agent stays, resigned, with its e-mail, so the new agent's create is
// refused. The error said only that another agent held the e-mail; it now
// says how this resource's own previous agent comes to hold it.
func TestAccAgent_replaceKeepsEmail(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cfg := func(num string) string {
		return env.Config(agentConfig(num, `delete_mode = "resign"
  user_email  = "bob@example.com"`))
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: cfg("8640")},
			{Config: cfg("8641"), PlanOnly: true, ExpectError: inOrder(`Resigned Agent Keeps user_email`, `user_num changes from "8640" to "8641"`,
				`it keeps its user_email "bob@example.com", which is unique on the platform`, `Nothing was changed.`, `Free the value first: set user_email = ""`)},
			{Config: env.Config(agentConfig("8641", `delete_mode = "resign"`))},
		},
	})
}

// TestAccAgent_replaceKeepsContactRefusedAtPlan: the replacement above (a
// new user_num, delete_mode = "resign", the old agent's e-mail and SMS
// phone kept in the configuration) planned as any replacement, and the
// apply resigned the old agent before its create was refused. The plan now
// refuses it, per value, naming it and the way through (free it first); it
// writes nothing, and a replacement with delete_mode = "delete" (the old
// agent deleted first) plans, and one with a new e-mail is refused for the
// SMS phone alone.
func TestAccAgent_replaceKeepsContactRefusedAtPlan(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	cfg := func(num, mode, email string) string {
		return agentConfig(num, fmt.Sprintf(`delete_mode    = %q
  user_email     = %q
  user_sms_phone = "13800008650"`, mode, email))
	}
	w.WriteBody(cfg("8650", "resign", "ann@example.com"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	writes := func() (n int) {
		for k, v := range env.Sim.Stats() {
			if strings.Contains(k, "/add") || strings.Contains(k, "/edit") || strings.Contains(k, "/delete") {
				n += v
			}
		}
		return n
	}
	before := writes()
	w.WriteBody(cfg("8651", "resign", "ann@example.com"))
	out := strings.Join(strings.Fields(w.Must(1, "apply", "-auto-approve", "-no-color")), " ")
	for _, want := range []string{
		`Error: Resigned Agent Keeps user_email`,
		`user_num changes from "8650" to "8651", which replaces agent 8650 (id `,
		`it keeps its user_email "ann@example.com", which is unique on the platform, so the apply would resign agent 8650 and then the create of agent 8651 with that user_email would be refused. Nothing was changed.`,
		`Free the value first: set user_email = "" and apply`,
		`Error: Resigned Agent Keeps user_sms_phone`,
		`it keeps its user_sms_phone "13800008650"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("apply of a new user_num for a resign-mode agent keeping its contacts:\n%s\nwant %q", out, want)
		}
	}
	if n := writes() - before; n != 0 {
		t.Errorf("the refused apply wrote %d times", n)
	}
	w.WriteBody(cfg("8651", "resign", "ann.new@example.com"))
	if out := w.Must(1, "plan", "-no-color"); strings.Contains(out, "Keeps user_email") || !strings.Contains(out, "Keeps user_sms_phone") {
		t.Errorf("plan with a new e-mail refuses for the e-mail, or not for the SMS phone:\n%s", out)
	}
	w.WriteBody(cfg("8650", "delete", "ann@example.com"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(cfg("8651", "delete", "ann@example.com"))
	if out := w.Must(0, "plan", "-no-color"); strings.Contains(out, "Resigned Agent Keeps") {
		t.Errorf("plan of a replacement with delete_mode = \"delete\" refuses:\n%s", out)
	}
}

// TestAccAgent_replaceKeepsEmailOtherCaseRefusedAtPlan: an e-mail address
// is unique whatever its case (users/add answers 409 for "Ann@Example.com"
// while a resigned agent holds "ann@example.com"). A new user_num for a
// resign-mode agent whose e-mail changed its case alone planned, and its
// apply resigned the old agent, then failed: the agent left the state, a
// write half done. The plan refuses it, as for the same address, and
// writes nothing.
func TestAccAgent_replaceKeepsEmailOtherCaseRefusedAtPlan(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	cfg := func(num, email string) string {
		return agentConfig(num, fmt.Sprintf(`delete_mode = "resign"
  user_email  = %q`, email))
	}
	w.WriteBody(cfg("8660", "ann@example.com"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	adds := func() int {
		return env.Sim.Stats()["POST /open/v3/svcapi/users/add"] + env.Sim.Stats()["POST /open/v3/svcapi/users/edit"]
	}
	before := adds()
	w.WriteBody(cfg("8661", "Ann@Example.com"))
	out := strings.Join(strings.Fields(w.Must(1, "apply", "-auto-approve", "-no-color")), " ")
	for _, want := range []string{
		`Error: Resigned Agent Keeps user_email`,
		`it keeps its user_email "ann@example.com" (the configuration's "Ann@Example.com" is the same address: an e-mail address is unique whatever its case), which is unique on the platform`,
		`Nothing was changed.`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("apply of a new user_num keeping the resigned agent's e-mail in another case:\n%s\nwant %q", out, want)
		}
	}
	if n := adds() - before; n != 0 {
		t.Errorf("the refused apply wrote %d times (users/add, users/edit)", n)
	}
	if out := w.Must(0, "state", "list"); !strings.Contains(out, "contactcenter_agent") {
		t.Errorf("the agent left the state:\n%s", out)
	}
}

// TestAccAgent_replaceWithNewDeleteMode: a new user_num and a new
// delete_mode in one plan. The plan showed delete_mode "delete" -> "resign"
// beside the replacement, and the apply deleted the old agent and its
// history: the destroy of a replacement reads only the saved state. The
// plan now refuses that case (nothing sent), and warns of the other way
// ("resign" -> "delete": the old agent is resigned); applied alone first,
// the new mode is the one the replacement uses.
func TestAccAgent_replaceWithNewDeleteMode(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	cfg := func(num, mode string) string { return agentConfig(num, fmt.Sprintf("delete_mode = %q", mode)) }
	calls := func(path string) int { return env.Sim.Stats()["POST /open/v3/svcapi/users/"+path] }
	w.WriteBody(cfg("8660", "delete"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	deletes, edits := calls("delete"), calls("edit")
	w.WriteBody(cfg("8661", "resign"))
	out := strings.Join(strings.Fields(w.Must(1, "apply", "-auto-approve", "-no-color")), " ")
	for _, want := range []string{`Error: Replacement Would Delete the Agent`,
		`user_num changes from "8660" to "8661", which replaces agent 8660 (id `,
		`and delete_mode changes from "delete" to "resign" in the same plan: the replacement destroys the old agent with the delete_mode the last apply saved, "delete", not the new one.`,
		`So agent 8660 and its history would be deleted (users/delete), not resigned. Apply delete_mode = "resign" alone first`} {
		if !strings.Contains(out, want) {
			t.Errorf("apply of a new user_num with delete_mode changed to resign lacks %q:\n%s", want, out)
		}
	}
	if calls("delete") != deletes || calls("add") != 1 {
		t.Fatalf("the refused apply wrote: users/delete %d, users/add %d", calls("delete")-deletes, calls("add"))
	}
	w.WriteBody(cfg("8660", "resign"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(cfg("8661", "resign"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if calls("delete") != deletes || calls("edit") != edits+1 {
		t.Errorf("the replacement after delete_mode was applied: users/delete %d, users/edit %d; want 0 and 1 (the resign)", calls("delete")-deletes, calls("edit")-edits)
	}
	w.WriteBody(cfg("8662", "delete"))
	out = strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	if want := `Warning: Replacement Resigns the Agent`; !strings.Contains(out, want) || !strings.Contains(out, `So agent 8661 is resigned (users/edit user_status = 2), not deleted`) {
		t.Errorf("plan of a new user_num with delete_mode changed to delete:\n%s\nwant %q", out, want)
	}
}

// TestAccAgent_replaceWithUnknownNumber: a user_num known only at apply
// (another resource's value) replaces the agent whatever it comes out as,
// and the destroy half uses the saved delete_mode. The plan checked
// delete_mode and the resign only for a user_num known at plan: with
// delete_mode "delete" -> "resign" beside an unknown user_num, the apply
// deleted the old agent and its history, which the same change with a
// known user_num refuses; with "resign" kept, the plan said nothing of the
// resign, nor that a new number keeping the old e-mail is refused after it.
func TestAccAgent_replaceWithUnknownNumber(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	rev := 0 // a new input each time: the output is known only at apply
	cfg := func(num, mode string, unknown bool) string {
		ref := fmt.Sprintf("%q", num)
		if unknown {
			ref = "terraform_data.num.output.num"
		}
		rev++
		return fmt.Sprintf(`
resource "terraform_data" "num" {
  input = { num = %q, rev = %d }
}

resource "contactcenter_agent" "test" {
  user_num      = %s
  user_name     = "Ann"
  user_password = "Secret-1"
  user_email    = "ann.unknown@example.com"
  delete_mode   = %q
}
`, num, rev, ref, mode)
	}
	calls := func(path string) int { return env.Sim.Stats()["POST /open/v3/svcapi/users/"+path] }
	w.WriteBody(cfg("8670", "delete", false))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(cfg("8671", "resign", true))
	out := strings.Join(strings.Fields(w.Must(1, "apply", "-auto-approve", "-no-color")), " ")
	for _, want := range []string{`Error: Replacement Would Delete the Agent`,
		`user_num changes from "8670" to a value known only at apply (Terraform replaces the agent even if it comes out the same), which replaces agent 8670 (id `,
		`and delete_mode changes from "delete" to "resign" in the same plan`,
		`So agent 8670 and its history would be deleted (users/delete), not resigned.`} {
		if !strings.Contains(out, want) {
			t.Errorf("apply of a user_num known only at apply with delete_mode changed to resign lacks %q:\n%s", want, out)
		}
	}
	if calls("delete") != 0 || calls("add") != 1 {
		t.Fatalf("the refused apply wrote: users/delete %d, users/add %d", calls("delete"), calls("add"))
	}
	// The same number, known only at apply, with delete_mode "delete"
	// still replaces (deletes) the agent: said.
	w.WriteBody(cfg("8670", "delete", true))
	out = strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	if want := `Warning: Replacement Deletes the Agent`; !strings.Contains(out, want) ||
		!strings.Contains(out, `deletes agent 8670 and its history (users/delete), and the create makes a new agent, also if user_num comes out as "8670".`) {
		t.Errorf("plan of a user_num known only at apply with delete_mode delete lacks %q:\n%s", want, out)
	}
	w.WriteBody(cfg("8670", "resign", false))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(cfg("8672", "resign", true))
	out = strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	for _, want := range []string{`Warning: Replacement Resigns the Agent`,
		`user_num changes from "8670" to a value known only at apply (Terraform replaces the agent even if it comes out the same), which replaces agent 8670 (id `,
		`it resigns it (users/edit user_status = 2), and the create re-activates it if user_num comes out as "8670".`,
		`If it comes out as another number, the new agent's create is refused after agent 8670 was resigned: the resigned agent keeps its user_email "ann.unknown@example.com"`} {
		if !strings.Contains(out, want) {
			t.Errorf("plan of a user_num known only at apply with delete_mode resign lacks %q:\n%s", want, out)
		}
	}
}

// TestAccAgent_replaceResignWithUnknownMode: delete_mode known only at
// apply (another resource's value) beside "resign" saved: the destroy half
// of a replacement uses the saved "resign" whatever it comes out as. The
// plan said nothing of the resign (the warnings read the planned
// delete_mode, and took an unknown one for a change), for a new user_num
// known at plan and for one known only at apply alike.
func TestAccAgent_replaceResignWithUnknownMode(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	rev := 0 // a new input each time: the output is known only at apply
	cfg := func(num string, unknownNum, unknownMode bool) string {
		numRef, modeRef := fmt.Sprintf("%q", num), `"resign"`
		if unknownNum {
			numRef = "terraform_data.v.output.num"
		}
		if unknownMode {
			modeRef = "terraform_data.v.output.mode"
		}
		rev++
		return fmt.Sprintf(`
resource "terraform_data" "v" {
  input = { num = %q, mode = "resign", rev = %d }
}

resource "contactcenter_agent" "test" {
  user_num      = %s
  user_name     = "Ann"
  user_password = "Secret-1"
  delete_mode   = %s
}
`, num, rev, numRef, modeRef)
	}
	w.WriteBody(cfg("8690", false, false))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	for _, unknownNum := range []bool{false, true} {
		w.WriteBody(cfg("8691", unknownNum, true))
		out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
		for _, want := range []string{`Warning: Replacement Resigns the Agent`,
			`it resigns it (users/edit user_status = 2`,
			`delete_mode is known only at apply, and the destroy uses the one the last apply saved, "resign", whatever it comes out as.`} {
			if !strings.Contains(out, want) {
				t.Errorf("plan of a new user_num (known only at apply: %v) with delete_mode known only at apply and \"resign\" saved lacks %q:\n%s", unknownNum, want, out)
			}
		}
	}
}

// TestAgent_importByIdentity imports an agent by its identity, as an import
// block with `identity = { id = ... }` does on Terraform 1.12+, and plans the
// adopted agent's configuration (no password) against it: no change.
func TestAgent_importByIdentity(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	pw := "Pass-1"
	a, err := env.Client(t).Agents.Create(t.Context(), client.AgentInput{UserNum: new("8810"), UserName: new("Ident"), UserPassword: &pw})
	if err != nil {
		t.Fatal(err)
	}
	id := strconv.FormatInt(a.UserID.Int64(), 10)
	state, diags := env.ImportByIdentity(t, "contactcenter_agent", map[string]any{"id": id})
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	if state["id"] != id || state["user_num"] != "8810" || state["user_name"] != "Ident" || state["delete_mode"] != "delete" ||
		state["user_password"] != nil || state["dept_name"] == nil {
		t.Fatalf("imported state: %v", state)
	}
	if _, diags := env.ImportByIdentity(t, "contactcenter_agent", map[string]any{"id": "abc"}); len(diags) == 0 ||
		!strings.Contains(diags[0].Detail, `An agent is imported by its numeric id (user_id) or as user_num:<agent number>, got "abc".`) {
		t.Fatalf("a bad identity must be refused naming the value, got %v", diags)
	}
}

// TestAgent_importByNumberForID: an agent number given where the id goes
// (both are digits) failed with Terraform's "Cannot import non-existent
// remote object". The read after the import now names the agent's id and
// user_num:; an import by the id reads as before.
func TestAgent_importByNumberForID(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	pw := "Pass-1"
	a, err := env.Client(t).Agents.Create(t.Context(), client.AgentInput{UserNum: new("8820"), UserName: new("Num"), UserPassword: &pw})
	if err != nil {
		t.Fatal(err)
	}
	diags := env.ImportDiagnostics(t, "contactcenter_agent", "8820")
	want := fmt.Sprintf("no agent has the id 8820; the agent whose number (user_num) is 8820 has the id %d: import it as %d, or as user_num:8820",
		a.UserID.Int64(), a.UserID.Int64())
	if len(diags) != 1 || !strings.Contains(diags[0].Detail, want) {
		t.Errorf("diagnostics %v, want one containing %q", diagTexts(diags), want)
	}
	if diags := env.ImportDiagnostics(t, "contactcenter_agent", strconv.FormatInt(a.UserID.Int64(), 10)); len(diags) != 0 {
		t.Errorf("import by the id: %v", diagTexts(diags))
	}
	if diags := env.ImportDiagnostics(t, "contactcenter_agent", "99999"); len(diags) != 1 || diags[0].Summary != "Cannot import non-existent remote object" {
		t.Errorf("import of an id nobody has: %v", diagTexts(diags))
	}
}

func diagTexts(ds []*tfprotov6.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Summary+": "+d.Detail)
	}
	return out
}

func TestAgent_list(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	g, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Listed", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	gid, _ := strconv.ParseInt(g, 10, 64)
	pw := "Pass-1"
	for i, spec := range []struct {
		status int64
		typ    string
		dept   int64
	}{{1, "1", 1}, {2, "2", 2}, {3, "1,2", 2}} {
		num := fmt.Sprintf("870%d", i)
		in := client.AgentInput{UserNum: &num, UserName: new("Agent " + num), UserPassword: &pw, UserStatus: &spec.status,
			UserType: &spec.typ, DeptID: &spec.dept}
		if i == 0 {
			in.QueueIDs = &[]int64{gid}
		}
		if _, err := c.Agents.Create(t.Context(), in); err != nil {
			t.Fatal(err)
		}
	}
	all := env.List(t, "contactcenter_agent", map[string]any{}, true, 100)
	if len(all) != 3 {
		t.Fatalf("want 3 results, got %d: %+v", len(all), all)
	}
	for _, r := range all {
		if len(r.Diagnostics) != 0 {
			t.Fatalf("diagnostics: %v", r.Diagnostics)
		}
		if r.Identity["id"] != r.Resource["id"] || r.Identity["id"] == nil {
			t.Errorf("identity %v does not name resource %v", r.Identity, r.Resource["id"])
		}
		if want := fmt.Sprintf("%s %s", r.Resource["user_num"], r.Resource["user_name"]); r.DisplayName != want {
			t.Errorf("display name %q, want %q", r.DisplayName, want)
		}
		// Flattened like Read: provider settings at their defaults, no
		// password, no membership managed, the config member read.
		if r.Resource["delete_mode"] != "delete" || r.Resource["user_password"] != nil || r.Resource["queue_ids"] != nil ||
			r.Resource["user_phone_type"] != int64(3) || r.Resource["notice_config"] == nil || r.Resource["dept_name"] == nil {
			t.Errorf("resource not flattened like Read: %v", r.Resource)
		}
	}
	count := func(filter map[string]any) int {
		t.Helper()
		rs := env.List(t, "contactcenter_agent", filter, false, 100)
		for _, r := range rs {
			if len(r.Diagnostics) != 0 || r.Resource != nil {
				t.Fatalf("filter %v: %+v", filter, r)
			}
		}
		return len(rs)
	}
	for name, tc := range map[string]struct {
		filter map[string]any
		want   int
	}{
		"user_num":    {map[string]any{"user_num": "8701"}, 1},
		"user_status": {map[string]any{"user_status": []int{2, 3}}, 2},
		"dept_ids":    {map[string]any{"dept_ids": []int{2}}, 2},
		"queue_ids":   {map[string]any{"queue_ids": []int64{gid}}, 1},
		"user_type":   {map[string]any{"user_type": []string{"2"}}, 2},
		"combined":    {map[string]any{"user_type": []string{"1"}, "dept_ids": []int{1}}, 1},
	} {
		if got := count(tc.filter); got != tc.want {
			t.Errorf("%s: %d results, want %d", name, got, tc.want)
		}
	}
	if one := env.List(t, "contactcenter_agent", map[string]any{}, false, 1); len(one) != 1 {
		t.Fatalf("limit 1: got %d results", len(one))
	}
	if bad := env.List(t, "contactcenter_agent", map[string]any{"user_status": []int{4}}, false, 10); len(bad) != 1 || len(bad[0].Diagnostics) == 0 {
		t.Fatalf("user_status 4 must be refused: %+v", bad)
	}
	// An empty list would be no filter at all: refused, naming it.
	empty := env.List(t, "contactcenter_agent", map[string]any{"queue_ids": []int64{}}, false, 10)
	if len(empty) != 1 || len(empty[0].Diagnostics) == 0 {
		t.Fatalf("queue_ids = [] must be refused, got %d results", len(empty))
	}
	if d := empty[0].Diagnostics[0]; !strings.Contains(d.Detail, "queue_ids list must contain at least 1 elements") {
		t.Errorf("queue_ids = []: %s: %s", d.Summary, d.Detail)
	}
	// user_num "" listed every agent (the service reads it as no filter),
	// and " 8001" none without a word: refused as the agents data source
	// refuses them.
	for num, want := range map[string]string{"": "string length must be at least 1", " 8001": "must not begin or end with white space"} {
		got := env.List(t, "contactcenter_agent", map[string]any{"user_num": num}, false, 10)
		if len(got) != 1 || len(got[0].Diagnostics) == 0 || !strings.Contains(got[0].Diagnostics[0].Detail, want) {
			t.Errorf("user_num %q: %d results %+v; want one error containing %q", num, len(got), got, want)
		}
	}
}

// delete_mode is the provider's setting: changing it alone writes nothing
// to the API, and the destroy then follows the new value.
func TestAccAgent_deleteModeOnly(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	var id int64
	var edits int
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: env.Config(agentConfig("8630", "")), Check: func(s *terraform.State) error {
				id, edits = agentID(s), env.Sim.Stats()["POST /open/v3/svcapi/users/edit"]
				return nil
			}},
			{
				Config: env.Config(agentConfig("8630", `delete_mode = "resign"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(agentAddr, plancheck.ResourceActionUpdate),
				}},
				Check: func(*terraform.State) error {
					if n := env.Sim.Stats()["POST /open/v3/svcapi/users/edit"]; n != edits {
						return fmt.Errorf("changing delete_mode sent %d users/edit", n-edits)
					}
					return nil
				},
			},
		},
		CheckDestroy: func(*terraform.State) error {
			a, err := c.Agents.Get(t.Context(), id)
			if err != nil {
				return fmt.Errorf("the agent must be resigned, not deleted: %w", err)
			}
			if a.UserStatus != client.AgentStatusResigned {
				return fmt.Errorf("user_status = %d after destroy, want 2", a.UserStatus)
			}
			return nil
		},
	})
}

// A password removed from the configuration stays as it is on the platform:
// when that is the only change, no users/edit is sent (one carrying nothing
// was). Removed together with another change, the edit carries no password.
// Over the protocol in process (acctest.Resources: Terraform's plan and
// apply calls, the empty plan after each apply checked).
func TestAgent_passwordRemovedOnly(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	edits := func() int { return env.Sim.Stats()["POST /open/v3/svcapi/users/edit"] }
	r := env.Resources(t, "contactcenter_agent")
	apply := func(prior []acctest.Instance, body string) []acctest.Instance {
		t.Helper()
		config := []any{r.Config(`  user_num = "8650"` + "\n" + body)}
		out := r.Apply(prior, config)
		r.CheckPlanEmpty(out, config)
		return out
	}
	const withPassword = `  user_name = "Ann"
  user_password = "Secret-1"`
	agent := apply(nil, withPassword)
	before := edits()
	agent = apply(agent, `  user_name = "Ann"`)
	if agent[0].Action != "update" {
		t.Errorf("removing user_password planned %s, want update", agent[0].Action)
	}
	if err := r.ExpectKnownValue(agent[0], tfjsonpath.New("user_password"), knownvalue.Null()); err != nil {
		t.Error(err)
	}
	if n := edits(); n != before {
		t.Errorf("removing user_password sent %d users/edit", n-before)
	}
	agent = apply(agent, withPassword)
	before = edits()
	apply(agent, `  user_name = "Ann B"`)
	if n := edits(); n != before+1 {
		t.Errorf("a name change with the password removed sent %d users/edit, want 1", n-before)
	}
}

// TestAccAgent_renumberedWithoutPassword: a configuration that names an
// existing agent with another user_num (an import into a block with the
// wrong number, a typo) and no password planned the replacement's create
// and failed with the bare rule "A new agent needs a password". The error
// now says that user_num is what replaces the agent, and which number
// keeps it.
func TestAccAgent_renumberedWithoutPassword(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	config := func(num, password string) string {
		return env.Config(fmt.Sprintf(`
resource "contactcenter_agent" "test" {
  user_num  = %q
  user_name = "Gus"
  %s
}
`, num, password))
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: config("8260", `user_password = "Pass-1"`)},
			{Config: config("8260", "")}, // managed without a password from now on
			{
				Config:      config("8261", ""),
				ExpectError: regexp.MustCompile(`(?s)Missing Agent Password.*user_num changes from "8260" to "8261".*the plan replaces\s+agent 8260 with a new agent.*set\s+user_num = "8260"`),
			},
		},
	})
}

// TestAccAgent_unknownNumberWithoutPassword: a user_num known only at
// apply (another resource's value) replaces the agent whatever it comes
// out as; with no password the plan of the replacement's create was
// refused with the bare rule ("A new agent needs a password"), which did
// not say that user_num replaces the agent. The error says it, as for a
// known new number, and the agent stays.
func TestAccAgent_unknownNumberWithoutPassword(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: env.Config(`
resource "contactcenter_agent" "test" {
  user_num      = "8270"
  user_name     = "Ida"
  user_password = "Pass-1"
}
`)},
			{
				Config: env.Config(`
resource "terraform_data" "num" {
  input = "8270"
}
resource "contactcenter_agent" "test" {
  user_num  = terraform_data.num.output
  user_name = "Ida"
}
`),
				ExpectError: regexp.MustCompile(`(?s)Missing Agent Password.*user_num changes from "8270" to a value known only at apply.*the plan\s+replaces agent 8270 with a new agent`),
			},
			{
				Config: env.Config(`
resource "contactcenter_agent" "test" {
  user_num  = "8270"
  user_name = "Ida"
}
`),
				Check: func(*terraform.State) error {
					as, err := client.Collect(c.Agents.List(t.Context(), client.AgentFilter{}))
					if err != nil {
						return err
					}
					if len(as) != 1 || string(as[0].UserNum) != "8270" {
						return fmt.Errorf("agents after the refused plan: %+v, want agent 8270 alone, as it was", as)
					}
					return nil
				},
			},
		},
	})
}

// TestAgent_importIdentityByNumber: user_num:<n> in an import identity was
// refused with the import-id rule, which offers exactly that form. The
// identity takes the numeric id only, and the error says where the other
// form goes; the member's identity names the attribute that is wrong.
func TestAgent_importIdentityByNumber(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	_, diags := env.ImportByIdentity(t, "contactcenter_agent", map[string]any{"id": "user_num:9004"})
	if len(diags) == 0 || diags[0].Summary != "Invalid Import Identity" ||
		!strings.Contains(diags[0].Detail, `got "user_num:9004". identity.id holds the numeric id only: the other forms go in an import block's id`) {
		t.Errorf("diagnostics: %v", diags)
	}
	// An agent number nobody has is named as such, not as an object
	// "deleted outside Terraform".
	if diags := env.ImportDiagnostics(t, "contactcenter_agent", "user_num:nope"); len(diags) != 1 ||
		diags[0].Summary != "Cannot Import Non-Existent Agent" || strings.Contains(diags[0].Detail, "outside Terraform") ||
		!strings.Contains(diags[0].Detail, `no agent has this agent number (user_num, matched exactly, letter case included, spaces around it ignored)`) ||
		!strings.Contains(diags[0].Detail, `Check the agent number (data "contactcenter_agents" or ccsync agents export lists every agent's), or import by the agent's numeric id (user_id) instead`) {
		t.Errorf("import of user_num:nope: %v", diags)
	}
	_, diags = env.ImportByIdentity(t, "contactcenter_skill_group_member", map[string]any{"que_id": "105:1009", "agent_id": "1009"})
	if len(diags) != 1 || !strings.Contains(diags[0].Detail, `identity.que_id must be a positive numeric id, got "105:1009".`) {
		t.Errorf("diagnostics: %v", diags)
	}
}

// TestAccAgent_numberTaken: a new agent whose user_num an active agent has
// (made by hand, or by an apply whose answer was lost) failed with the
// platform's refusal only. The error now names that agent, the likely
// causes, and how to import it.
func TestAccAgent_numberTaken(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	pw := "Pass-1"
	a, err := env.Client(t).Agents.Create(t.Context(), client.AgentInput{UserNum: new("8270"), UserName: new("Hand Made"), UserPassword: &pw})
	if err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(agentConfig("8270", "")),
			ExpectError: regexp.MustCompile(strings.ReplaceAll(regexp.QuoteMeta(fmt.Sprintf(
				`What to do: agent %d ("Hand Made") already has user_num = "8270", which is unique on the platform. The provider cannot tell why `+
					`(the plan's "Agent Already Exists" warning, if it showed one, says more). The likely causes: `+
					`- Made outside any state (the portal, a state lost or restored from an older backup, an earlier apply whose answer was lost): `+
					`import it (terraform import <address> %d, or an import block with id = "user_num:8270"), or give this resource another user_num.`,
				a.UserID.Int64(), a.UserID.Int64())), " ", `\s+`)),
		}},
	})
}

// TestAccAgent_reactivationContactTaken: a create whose user_num a resigned
// agent holds re-activates it with users/edit; when another agent holds the
// configured e-mail, the edit is refused as users/add is, but the error
// came without the advice a create with a free number gives (what to do
// when the e-mail is this resource's previous agent's).
func TestAccAgent_reactivationContactTaken(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	pw := "Pass-1"
	old, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: new("8631"), UserName: new("Former"), UserPassword: &pw})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Agents.Update(t.Context(), old.UserID.Int64(), client.AgentInput{UserStatus: new(int64(client.AgentStatusResigned))}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: new("8632"), UserName: new("Other"), UserPassword: &pw, UserEmail: new("taken@example.com")}); err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(`
resource "contactcenter_agent" "test" {
  user_num      = "8631"
  user_name     = "New Hire"
  user_password = "Secret-1"
  user_email    = "taken@example.com"
}
`),
			ExpectError: regexp.MustCompile(`users/edit[\s\S]*already used by agent[\s\S]*What to do: user_email is unique on the platform, and another agent\s+holds\s+this one`),
		}},
	})
}

// TestAccAgent_passwordChosenAtApply: user_password chosen by a condition
// on another resource's value, next to user_password_wo, was refused at
// plan although it comes out null; it applies now. One that comes out set
// is refused by the apply before the agent is sent.
func TestAccAgent_passwordChosenAtApply(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	config := func(mode string) string {
		return fmt.Sprintf(`
resource "terraform_data" "mode" {
  input = %q
}
resource "contactcenter_agent" "a" {
  user_num                 = "8700"
  user_name                = "PW Test"
  user_password            = terraform_data.mode.output == "wo" ? null : "Secret-9"
  user_password_wo         = "Secret-2"
  user_password_wo_version = 1
}
`, mode)
	}
	w.WriteBody(config("wo"))
	if out := w.Must(0, "apply", "-auto-approve", "-no-color"); !strings.Contains(out, "Both Passwords May Be Set") {
		t.Errorf("apply of a password that comes out null lacks the plan's warning:\n%s", out)
	}
	w.Must(0, "destroy", "-auto-approve", "-no-color")
	w.WriteBody(config("both"))
	out := strings.Join(strings.Fields(w.Must(1, "apply", "-auto-approve", "-no-color")), " ")
	if !strings.Contains(out, "Invalid Attribute Combination") || !strings.Contains(out, "cannot be configured together") {
		t.Errorf("apply of two passwords known at apply:\n%s", out)
	}
	if n := env.Sim.Stats()["POST /open/v3/svcapi/users/add"]; n != 1 {
		t.Errorf("users/add called %d times, want 1 (the second agent is refused before it is sent)", n)
	}
}

// TestAccAgent_replaceResignedNoReactivationWarning: a replacement with
// delete_mode = "resign" resigns the agent, then its create (planned again
// in the apply) found it among the resigned agents and warned that it
// would be cleared as a new agent, beside Create's correct word that it
// came back as it was.
func TestAccAgent_replaceResignedNoReactivationWarning(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(`
resource "contactcenter_agent" "x" {
  user_num      = "8801"
  user_name     = "Ann"
  user_password = "Secret-12"
  delete_mode   = "resign"
}
`)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	out := strings.Join(strings.Fields(w.Must(0, "apply", "-auto-approve", "-no-color", "-replace=contactcenter_agent.x")), " ")
	if strings.Contains(out, "Create Re-activates a Resigned Agent") || !strings.Contains(out, "Resigned Agent Re-activated") {
		t.Errorf("apply -replace of a resign-mode agent:\n%s", out)
	}
}

// TestAccAgent_otherContactCenter: a resource whose provider now points at
// another contact center, where the agent's id names another agent (a
// provider alias changed, a moved block between two aliases). The plan
// replaced "7001" with "7002" there, deleting the other center's agent; the
// read refuses, and nothing is changed in either center.
func TestAccAgent_otherContactCenter(t *testing.T) {
	t.Parallel()
	bj, sh := acctest.New(t), acctest.New(t)
	w := bj.Workdir(t)
	body := `
resource "contactcenter_agent" "a" {
  user_num                 = "7002"
  user_name                = "Beijing Bo"
  user_password_wo         = "Pw-12345678"
  user_password_wo_version = 1
}
output "id" {
  value = contactcenter_agent.a.id
}
`
	w.WriteBody(body)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	id := strings.TrimSpace(w.Must(0, "output", "-raw", "id"))
	raw, _ := json.Marshal([]map[string]any{{"user_id": mustAtoi(t, id), "user_num": "7001", "user_name": "Shanghai Ann"}})
	if err := sh.Sim.Seed(map[string]json.RawMessage{"agents": raw}); err != nil {
		t.Fatal(err)
	}
	w.Write(strings.Replace(w.Prelude(), bj.Origin, sh.Origin, 1) + body)
	out := strings.Join(strings.Fields(w.Must(1, "plan", "-no-color")), " ")
	for _, want := range []string{"Unable to Read Agent", `agent id ` + id + ` answers as agent "7001", but this resource manages agent "7002"`, "another contact center"} {
		if !strings.Contains(out, want) {
			t.Errorf("plan against the other center lacks %q:\n%s", want, out)
		}
	}
	a, err := sh.Client(t).Agents.Get(t.Context(), mustAtoi(t, id))
	if err != nil || string(a.UserNum) != "7001" || a.UserStatus.Int64() != 1 {
		t.Errorf("the other center's agent %s: %+v, %v", id, a, err)
	}
	// A plan made with -refresh=false reads nothing. The state records the
	// addresses the agent was created through: the edit is refused before
	// it is sent (framework.Steps.Update), and the other agent keeps its name.
	w.Write(strings.Replace(w.Prelude(), bj.Origin, sh.Origin, 1) + strings.Replace(body, "Beijing Bo", "Beijing Bob", 1))
	out = strings.Join(strings.Fields(w.Must(1, "apply", "-auto-approve", "-refresh=false", "-no-color")), " ")
	for _, want := range []string{"Unable to Update Agent", "and this plan did not read it there (it was made with -refresh=false)", "Nothing was changed"} {
		if !strings.Contains(out, want) {
			t.Errorf("apply -refresh=false against the other center lacks %q:\n%s", want, out)
		}
	}
	if a, err := sh.Client(t).Agents.Get(t.Context(), mustAtoi(t, id)); err != nil || string(a.UserName) != "Shanghai Ann" {
		t.Errorf("the other center's agent %s after the refused edit: %+v, %v", id, a, err)
	}
	// A state written by a provider that recorded no addresses: the edit is
	// sent, and the read-back finds the other agent. That was a warning
	// ("Reading It Back Failed") and "Apply complete!".
	forgetAddresses(t, w)
	out = strings.Join(strings.Fields(w.Must(1, "apply", "-auto-approve", "-refresh=false", "-no-color")), " ")
	for _, want := range []string{"Agent Updated, but Its Id Names Another Agent", "so it changed that other agent",
		`answers as agent "7001", but this resource manages agent "7002"`} {
		if !strings.Contains(out, want) {
			t.Errorf("apply -refresh=false against the other center lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Nothing was changed") || strings.Contains(out, "Apply complete") {
		t.Errorf("apply -refresh=false against the other center reads as harmless:\n%s", out)
	}
}

func mustAtoi(t *testing.T, s string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestAccAgent_portalEditDuringCreate: someone renames the agent in the
// portal between its create and the read right after. The apply failed
// ("Created With Other Values Than Planned", before that Terraform's
// "inconsistent result"), Terraform tainted the agent, and the next apply
// deleted it and made a new one under a new id. The apply keeps the
// planned values and warns; the next plan sets the name back in place.
func TestAccAgent_portalEditDuringCreate(t *testing.T) {
	t.Parallel()
	renameAfterAdd := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !strings.HasSuffix(r.URL.Path, "/users/add") {
				next.ServeHTTP(w, r)
				return
			}
			rec := httptest.NewRecorder()
			next.ServeHTTP(rec, r)
			var added struct {
				Data struct {
					UserID json.Number `json:"user_id"`
				} `json:"data"`
			}
			if json.Unmarshal(rec.Body.Bytes(), &added) == nil && added.Data.UserID != "" {
				edit := httptest.NewRequestWithContext(r.Context(), http.MethodPost, strings.Replace(r.URL.Path, "/users/add", "/users/edit", 1),
					strings.NewReader(`{"user_id":`+string(added.Data.UserID)+`,"user_name":"Renamed in portal"}`))
				edit.Header.Set("Content-Type", "application/json")
				edit.Header.Set("Authorization", r.Header.Get("Authorization"))
				next.ServeHTTP(httptest.NewRecorder(), edit)
			}
			for k, v := range rec.Header() {
				w.Header()[k] = v
			}
			w.WriteHeader(rec.Code)
			_, _ = w.Write(rec.Body.Bytes())
		})
	}
	env := acctest.NewWithHandler(t, renameAfterAdd)
	w := env.Workdir(t)
	w.WriteBody(`
resource "contactcenter_agent" "x" {
  user_num                 = "8500"
  user_name                = "Xavier"
  user_password_wo         = "Pw-12345678"
  user_password_wo_version = 1
}
`)
	out := strings.Join(strings.Fields(w.Must(0, "apply", "-auto-approve", "-no-color")), " ")
	if !strings.Contains(out, "Agent Created, but Read Back With Other Values") || !strings.Contains(out, `user_name: planned "Xavier", read back "Renamed in portal"`) {
		t.Errorf("apply lacks the warning:\n%s", out)
	}
	plan := strings.Join(strings.Fields(w.Must(2, "plan", "-detailed-exitcode", "-no-color")), " ")
	if !strings.Contains(plan, `~ user_name = "Renamed in portal" -> "Xavier"`) || !strings.Contains(plan, "0 to add, 1 to change, 0 to destroy") {
		t.Errorf("the next plan should set the name back in place, not replace the agent:\n%s", plan)
	}
	if n := env.Sim.Stats()["POST /open/v3/svcapi/users/add"]; n != 1 {
		t.Errorf("users/add called %d times", n)
	}
}

// TestAccAgent_editSendsChangesOnly: an agent the portal holds with
// basic_sessions 0 and dept_id 0 (outside the add/edit minimum of 1)
// adopts cleanly, but its first edit sent the whole model and the service
// refused it ("basic_sessions must be at least 1, got 0"). users/edit now
// carries only what the plan changes.
func TestAccAgent_editSendsChangesOnly(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var edits []map[string]any
	env := acctest.NewWithHandler(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/users/edit") {
				b, _ := io.ReadAll(r.Body)
				r.Body = io.NopCloser(bytes.NewReader(b))
				var m map[string]any
				if err := json.Unmarshal(b, &m); err != nil {
					t.Errorf("users/edit body %q: %v", b, err)
				}
				mu.Lock()
				edits = append(edits, m)
				mu.Unlock()
			}
			h.ServeHTTP(w, r)
		})
	})
	if err := env.Sim.Seed(map[string]json.RawMessage{"agents": json.RawMessage(
		`[{"user_id":1801,"user_num":"8801","user_name":"Hank","max_sessions":0,"basic_sessions":0},` +
			`{"user_id":1802,"user_num":"8802","user_name":"Ivy","dept_id":0}]`)}); err != nil {
		t.Fatal(err)
	}
	cfg := func(hank, ivy string, extra ...string) string {
		return env.Config(fmt.Sprintf(`
import {
  to = contactcenter_agent.hank
  id = "1801"
}
import {
  to = contactcenter_agent.ivy
  id = "1802"
}
resource "contactcenter_agent" "hank" {
  user_num  = "8801"
  user_name = %q
%s
}
resource "contactcenter_agent" "ivy" {
  user_num  = "8802"
  user_name = %q
}
`, hank, strings.Join(extra, "\n"), ivy))
	}
	keysOf := func(m map[string]any) string {
		var keys []string
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		return strings.Join(keys, ",")
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: cfg("Hank", "Ivy")},
			{
				Config: cfg("Hank 2", "Ivy 2"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("contactcenter_agent.hank", tfjsonpath.New("user_name"), knownvalue.StringExact("Hank 2")),
					statecheck.ExpectKnownValue("contactcenter_agent.hank", tfjsonpath.New("basic_sessions"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue("contactcenter_agent.ivy", tfjsonpath.New("dept_id"), knownvalue.Int64Exact(0)),
				},
				Check: func(*terraform.State) error {
					mu.Lock()
					defer mu.Unlock()
					if len(edits) != 2 {
						return fmt.Errorf("%d users/edit, want 2: %v", len(edits), edits)
					}
					for _, e := range edits {
						if keys := keysOf(e); keys != "user_id,user_name" {
							return fmt.Errorf("users/edit sent %v, want user_id and user_name only", keys)
						}
					}
					return nil
				},
			},
			{
				// A changed value is sent, and a configuration object with
				// a changed field is sent whole (the service replaces it).
				Config: cfg("Hank 2", "Ivy 2", "basic_sessions = 2", "wait_time_config = { next_wait = 60 }"),
				Check: func(*terraform.State) error {
					mu.Lock()
					defer mu.Unlock()
					if len(edits) != 3 {
						return fmt.Errorf("%d users/edit, want 3", len(edits))
					}
					e := edits[2]
					if keys := keysOf(e); keys != "basic_sessions,user_id,wait_time_config" {
						return fmt.Errorf("users/edit sent %v, want user_id, basic_sessions and wait_time_config", keys)
					}
					w, _ := e["wait_time_config"].(map[string]any)
					if keysOf(w) != "is_enable_busy_cancel_wait,next_wait,type" || w["next_wait"] != float64(60) {
						return fmt.Errorf("wait_time_config sent as %v, want the whole object with next_wait 60", w)
					}
					return nil
				},
			},
		},
	})
}

// TestAccAgent_decomposedNumber: an agent the portal made with a number
// written decomposed ("7e" and U+0301 for "7é", pasted from macOS) was
// imported, and every later plan failed: Terraform writes the
// configuration's "7é" composed, and the read took the platform's bytes
// for another agent's number ("answers as agent "7é", but this resource
// manages agent "7é""). The numbers are compared in one form.
func TestAccAgent_decomposedNumber(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	if err := env.Sim.Seed(map[string]json.RawMessage{"agents": json.RawMessage(`[{"user_id":1901,"user_num":"7e\u0301","user_name":"x"}]`)}); err != nil {
		t.Fatal(err)
	}
	w := env.Workdir(t)
	w.WriteBody("import {\n  to = contactcenter_agent.a\n  id = \"1901\"\n}\nresource \"contactcenter_agent\" \"a\" {\n  user_num  = \"7\u00e9\"\n  user_name = \"x\"\n}\n")
	w.Must(0, "init")
	if code, out := w.Run("apply", "-auto-approve", "-no-color"); code != 0 {
		t.Fatalf("import: exit %d\n%s", code, out)
	}
	if code, out := w.Run("plan", "-no-color", "-detailed-exitcode"); code != 0 {
		t.Errorf("plan after the import: exit %d, want 0 (no changes)\n%s", code, out)
	}
}

// TestAccAgent_adoptedPasswordWarns: a data-driven configuration sets one
// password for every row (a new hire needs one) and adopts the agents that
// exist with import blocks. The plan of the import showed
// "+ user_password_wo_version = 1" among every other attribute, and the
// apply replaced each adopted agent's own password. The plan now warns,
// naming the agent; with ignore_changes on the version nothing is sent and
// nothing is warned of, and a create under it still sends the password.
func TestAccAgent_adoptedPasswordWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	own := "Own-pass-1"
	a, err := env.Client(t).Agents.Create(t.Context(), client.AgentInput{UserNum: new("8240"), UserName: new("Adopted"), UserPassword: &own})
	if err != nil {
		t.Fatal(err)
	}
	w := env.Workdir(t)
	cfg := func(rows, password, lifecycle string) string {
		return fmt.Sprintf(`
locals {
  rows = { for r in csvdecode(%q) : r.user_num => r }
}
import {
  for_each = { for k, r in local.rows : k => r if k == "8240" }
  to       = contactcenter_agent.a[each.key]
  id       = "user_num:${each.value.user_num}"
}
resource "terraform_data" "v" {
  input = 1
}
resource "contactcenter_agent" "a" {
  for_each  = local.rows
  user_num  = each.value.user_num
  user_name = each.value.user_name
  %s
  %s
}
`, rows, password, lifecycle)
	}
	wo := "user_password_wo = \"Shared-pass-1\"\n  user_password_wo_version = 1"
	one := "user_num,user_name\n8240,Adopted\n"
	// The advice names the attribute whose ignore_changes keeps the
	// password from being sent: ignore_changes = [user_password_wo_version]
	// keeps nothing of a user_password (it was advised for both, and a
	// configuration that already had it was warned again to add it).
	for name, tc := range map[string]struct{ password, set, keep string }{
		"write-only": {wo, "sets user_password_wo_version = 1: the apply sends user_password_wo",
			"keep lifecycle { ignore_changes = [user_password_wo_version] } on the resource: a create still sends the password, but no change of the version is sent"},
		// A version known only at apply (another resource's value): the
		// plan showed "+ user_password_wo_version = (known after apply)"
		// and no warning, and the apply sent the password.
		"version known at apply": {"user_password_wo = \"Shared-pass-1\"\n  user_password_wo_version = terraform_data.v.output",
			"sets user_password_wo_version to a value known only at apply: unless it is null, the apply sends user_password_wo",
			"keep lifecycle { ignore_changes = [user_password_wo_version] } on the resource: a create still sends the password, but no change of the version is sent"},
		"classic": {`user_password = "Shared-pass-1"`, "sets user_password: the apply sends it",
			"keep lifecycle { ignore_changes = [user_password] } on the resource: a create still sends the password, but no change of user_password is sent"},
	} {
		w.WriteBody(cfg(one, tc.password, ""))
		out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
		for _, want := range []string{"Warning: Password Sent to an Existing Agent", `with contactcenter_agent.a["8240"]`,
			fmt.Sprintf("Agent 8240 (id %d) has no password set by Terraform (it was imported, or managed without a password until now), and the configuration %s, which replaces the password the agent logs in with.", a.UserID.Int64(), tc.set),
			tc.keep} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: plan of an import with a password lacks %q:\n%s", name, want, out)
			}
		}
	}
	// A replacement (-replace) is planned as an update first, and the
	// provider is not told of it: the warning shows, and says that a
	// replacement's new agent needs the password (its advice to leave the
	// password null made the replacement's create fail).
	w.WriteBody(cfg(one, wo, ""))
	if out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color", `-replace=contactcenter_agent.a["8240"]`)), " "); !strings.Contains(out, `contactcenter_agent.a["8240"] will be replaced, as requested`) ||
		!strings.Contains(out, "If this plan replaces the agent (-replace, replace_triggered_by), the password is the new agent's, which needs one: leave the configuration as it is.") {
		t.Errorf("plan of -replace of an imported agent with a password: want the warning to say a replacement needs the password:\n%s", out)
	}
	// Kept under ignore_changes: imported and left alone, and a row added
	// later is created with the password.
	keep := "lifecycle {\n    ignore_changes = [user_password_wo_version]\n  }"
	w.WriteBody(cfg(one, wo, keep))
	if out := w.Must(0, "apply", "-auto-approve", "-no-color"); strings.Contains(out, "Password Sent") {
		t.Errorf("apply under ignore_changes warned:\n%s", out)
	}
	if !env.Sim.CheckAgentPassword(a.UserID.Int64(), own) {
		t.Fatal("the import under ignore_changes replaced the agent's password")
	}
	w.WriteBody(cfg(one+"8241,New Hire\n", wo, keep))
	if out := w.Must(0, "apply", "-auto-approve", "-no-color"); strings.Contains(out, "Password Sent") {
		t.Errorf("apply of a new row warned:\n%s", out)
	}
	if !env.Sim.CheckAgentPassword(a.UserID.Int64(), own) {
		t.Error("adding a row replaced the adopted agent's password")
	}
	hire, err := env.Client(t).Agents.GetByNum(t.Context(), "8241")
	if err != nil {
		t.Fatal(err)
	}
	if !env.Sim.CheckAgentPassword(hire.UserID.Int64(), "Shared-pass-1") {
		t.Error("the agent created under ignore_changes has not the configured password")
	}
	// A new user_num with a password replaces the adopted agent by a new
	// one: the password is the new agent's, and nothing is warned of.
	if _, err := env.Client(t).Agents.Create(t.Context(), client.AgentInput{UserNum: new("8243"), UserName: new("Other"), UserPassword: &own}); err != nil {
		t.Fatal(err)
	}
	w.WriteBody(`
import {
  to = contactcenter_agent.b
  id = "user_num:8243"
}
resource "contactcenter_agent" "b" {
  user_num  = "8243"
  user_name = "Other"
}`)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(`
resource "contactcenter_agent" "b" {
  user_num                 = "8244"
  user_name                = "Other"
  user_password_wo         = "Shared-pass-1"
  user_password_wo_version = 1
}`)
	if out := w.Must(0, "plan", "-no-color"); strings.Contains(out, "Password Sent") || !strings.Contains(out, "must be replaced") {
		t.Errorf("plan of a new user_num with a password, for an adopted agent: want a replacement and no password warning:\n%s", out)
	}
}

// TestAgent_importNewRowHint: a configuration driven by a data file adopts
// its agents with an import block whose for_each is the agents' own, and
// the first row added after the adoption failed every plan with "check the
// number", while the number was right and the agent new. The error now
// says where an import of a new row comes from; the skill group's, by
// name, the same.
func TestAgent_importNewRowHint(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	want := `If this is a new object, to be created, and the import comes from an import block: a block whose for_each is the same map as the resource's ` +
		`imports the rows added to it after the adoption too, which do not exist yet. Remove the import block once its import has been applied, or limit its for_each to the objects that exist.`
	for typ, id := range map[string]string{"contactcenter_agent": "user_num:8005", "contactcenter_skill_group": "que_name:Hotline"} {
		if diags := env.ImportDiagnostics(t, typ, id); len(diags) != 1 || !strings.HasPrefix(diags[0].Summary, "Cannot Import Non-Existent") ||
			!strings.HasSuffix(diags[0].Detail, want) {
			t.Errorf("%s import of %s: %v, want the detail to end %q", typ, id, diags, want)
		}
	}
}

// TestAccAgent_replaceResignWarns: a new user_num replaces an agent whose
// delete_mode is "resign". The plan read "-/+ destroy and then create
// replacement", delete_mode hidden among the unchanged attributes, and
// warned of nothing, while the apply resigned the old agent (it stays,
// with its number and history) rather than deleting it. A destroy of the
// resource warned; its replacement now warns too, and a replacement with
// delete_mode = "delete" (a real delete, as the plan reads) does not.
func TestAccAgent_replaceResignWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	cfg := func(num, mode string) string { return agentConfig(num, fmt.Sprintf("delete_mode = %q", mode)) }
	w.WriteBody(cfg("8670", "resign"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(cfg("8671", "resign"))
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	for _, want := range []string{`Warning: Replacement Resigns the Agent`, `with contactcenter_agent.test,`,
		`user_num changes from "8670" to "8671", which replaces agent 8670 (id `,
		`and delete_mode = "resign": the destroy half of this replacement does not delete agent 8670, it resigns it (users/edit user_status = 2).`,
		`Agent 8670 stays on the platform with its history and keeps its number`} {
		if !strings.Contains(out, want) {
			t.Errorf("plan of a new user_num with delete_mode = \"resign\" lacks %q:\n%s", want, out)
		}
	}
	w.WriteBody(cfg("8670", "delete"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(cfg("8671", "delete"))
	if out := w.Must(0, "plan", "-no-color"); strings.Contains(out, "Resigns the Agent") {
		t.Errorf("plan of a new user_num with delete_mode = \"delete\" warns of a resign:\n%s", out)
	}
}

// forgetAddresses removes the private state of every object of w's state,
// where the provider records the addresses an object was created or last
// read through: a state as an earlier provider wrote it.
func forgetAddresses(t *testing.T, w *acctest.Workdir) {
	t.Helper()
	var st map[string]any
	if err := json.Unmarshal([]byte(w.Must(0, "state", "pull")), &st); err != nil {
		t.Fatal(err)
	}
	rs, _ := st["resources"].([]any)
	for _, r := range rs {
		is, _ := r.(map[string]any)["instances"].([]any)
		for _, i := range is {
			delete(i.(map[string]any), "private")
		}
	}
	st["serial"] = st["serial"].(float64) + 1
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	w.WriteFile("forgotten.tfstate", string(b))
	w.Must(0, "state", "push", "forgotten.tfstate")
}
