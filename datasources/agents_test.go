package datasources_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// seedAgents adds n agents: status cycles 1,2,3; dept cycles 1,2; type cycles "1".."7".
func seedAgents(t *testing.T, env *acctest.Env, n int) {
	t.Helper()
	var seed []map[string]any
	for i := range n {
		seed = append(seed, map[string]any{"user_num": fmt.Sprintf("%04d", i), "user_name": fmt.Sprintf("Agent %d", i),
			"user_status": 1 + i%3, "dept_id": 1 + i%2, "user_type": fmt.Sprint(1 + i%7)})
	}
	raw, _ := json.Marshal(seed)
	if err := env.Sim.Seed(map[string]json.RawMessage{"agents": raw}); err != nil {
		t.Fatal(err)
	}
}

// agentsDataSources are the agents data sources TestAccAgentsDataSource_basic
// and TestAgentsDataSource_filters read, by name: their configurations, with
// queue_ids of the group "DS" holding agent 9999 (groupID).
func agentsDataSources(groupID string) map[string]map[string]any {
	return map[string]map[string]any{
		"all":            {},
		"resigned_dept2": {"user_status": []int64{2}, "dept_ids": []int64{2}},
		"types":          {"user_type": []string{"6", "7"}},
		"in_group":       {"queue_ids": []string{groupID}},
		"by_num":         {"user_num": "0042"},
		"none":           {"role_ids": []int64{77}, "position_ids": []int64{5}},
	}
}

// countSeeded counts the agents of seedAgents(n) that keep holds.
func countSeeded(n int, keep func(i int) bool) int {
	c := 0
	for i := range n {
		if keep(i) {
			c++
		}
	}
	return c
}

// TestAgentsDataSource_filters reads the agents data sources among 1,100
// seeded agents (three pages of users/list) and agent 9999 in group "DS",
// in process: each filter's count, the group's agent with its queue name,
// the agent by number, none for a role and position nobody has.
// TestAccAgentsDataSource_basic plans and applies them through Terraform
// (among fewer agents: Terraform's handling of 1,101 agents in state took
// 94 s of the package's 197 s, for checks the provider alone answers).
func TestAgentsDataSource_filters(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	const n = 1100
	seedAgents(t, env, n)
	c := env.Client(t)
	g, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "DS", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	gid, err := strconv.ParseInt(g, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: strPtr("9999"), UserName: strPtr("In group"), UserPassword: strPtr("Pass-1"),
		QueueIDs: &[]int64{gid}}); err != nil {
		t.Fatal(err)
	}
	srv := env.ActionServer(t)
	got := map[string][]any{}
	for name, cfg := range agentsDataSources(g) {
		st, d := acctest.ReadDataSource(t, srv, "contactcenter_agents", cfg)
		if len(d) != 0 {
			t.Fatalf("%s: %v", name, d)
		}
		got[name], _ = st["agents"].([]any)
	}
	for name, want := range map[string]int{
		"all":            n + 1,
		"resigned_dept2": countSeeded(n, func(i int) bool { return i%3 == 1 && i%2 == 1 }),
		"types":          countSeeded(n, func(i int) bool { return i%7 >= 5 }),
		"in_group":       1,
		"none":           0,
	} {
		if len(got[name]) != want {
			t.Errorf("data.contactcenter_agents.%s: %d agents, want %d", name, len(got[name]), want)
		}
	}
	if len(got["in_group"]) == 1 {
		if q := got["in_group"][0].(map[string]any)["queue_names"]; fmt.Sprint(q) != "[DS]" {
			t.Errorf("in_group: queue_names %v, want [DS]", q)
		}
	}
	if len(got["by_num"]) == 0 {
		t.Errorf("by_num: no agent, want Agent 42")
	} else if name := got["by_num"][0].(map[string]any)["user_name"]; name != "Agent 42" {
		t.Errorf("by_num: user_name %v, want Agent 42", name)
	}
}

func TestAccAgentsDataSource_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	const n = 60
	seedAgents(t, env, n)
	count := func(keep func(i int) bool) int { return countSeeded(n, keep) }
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(`
resource "contactcenter_skill_group" "g" {
  que_name     = "DS"
  que_priority = 1
}
resource "contactcenter_agent" "a" {
  user_num      = "9999"
  user_name     = "In group"
  user_password = "Pass-1"
  queue_ids     = [contactcenter_skill_group.g.id]
}
data "contactcenter_agents" "all" {
  depends_on = [contactcenter_agent.a]
}
data "contactcenter_agents" "resigned_dept2" {
  user_status = [2]
  dept_ids    = [2]
  depends_on  = [contactcenter_agent.a]
}
data "contactcenter_agents" "types" {
  user_type = ["6", "7"]
}
data "contactcenter_agents" "in_group" {
  queue_ids  = [contactcenter_skill_group.g.id]
  depends_on = [contactcenter_agent.a]
}
data "contactcenter_agents" "by_num" {
  user_num = "0042"
}
data "contactcenter_agents" "none" {
  role_ids     = [77]
  position_ids = [5]
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.contactcenter_agents.all", tfjsonpath.New("agents"), knownvalue.ListSizeExact(n+1)),
				statecheck.ExpectKnownValue("data.contactcenter_agents.resigned_dept2", tfjsonpath.New("agents"),
					knownvalue.ListSizeExact(count(func(i int) bool { return i%3 == 1 && i%2 == 1 }))),
				statecheck.ExpectKnownValue("data.contactcenter_agents.types", tfjsonpath.New("agents"),
					knownvalue.ListSizeExact(count(func(i int) bool { return i%7 >= 5 }))),
				statecheck.ExpectKnownValue("data.contactcenter_agents.in_group", tfjsonpath.New("agents"), knownvalue.ListSizeExact(1)),
				statecheck.ExpectKnownValue("data.contactcenter_agents.in_group", tfjsonpath.New("agents").AtSliceIndex(0).AtMapKey("queue_names"),
					knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("DS")})),
				statecheck.ExpectKnownValue("data.contactcenter_agents.by_num", tfjsonpath.New("agents").AtSliceIndex(0).AtMapKey("user_name"),
					knownvalue.StringExact("Agent 42")),
				statecheck.ExpectKnownValue("data.contactcenter_agents.none", tfjsonpath.New("agents"), knownvalue.ListSizeExact(0)),
			},
		}},
	})
}

func TestAccAgentDataSource_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(`
resource "contactcenter_agent" "a" {
  user_num      = "5001"
  user_name     = "Ann"
  user_password = "Pass-1"
  max_sessions  = 42
  notice_config = { type = 1, system_notice_position = "topLeft" }
  wincall_buttons = { buttons = { consult = true } }
}
data "contactcenter_agent" "by_id" {
  id = contactcenter_agent.a.id
}
data "contactcenter_agent" "by_num" {
  user_num   = "5001"
  depends_on = [contactcenter_agent.a]
}
`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.contactcenter_agent.by_id", tfjsonpath.New("user_num"), knownvalue.StringExact("5001")),
					statecheck.ExpectKnownValue("data.contactcenter_agent.by_id", tfjsonpath.New("max_sessions"), knownvalue.Int64Exact(42)),
					statecheck.ExpectKnownValue("data.contactcenter_agent.by_id", tfjsonpath.New("notice_config").AtMapKey("system_notice_position"),
						knownvalue.StringExact("topLeft")),
					statecheck.ExpectKnownValue("data.contactcenter_agent.by_num", tfjsonpath.New("user_name"), knownvalue.StringExact("Ann")),
					statecheck.ExpectKnownValue("data.contactcenter_agent.by_num", tfjsonpath.New("wincall_buttons").AtMapKey("buttons").AtMapKey("consult"),
						knownvalue.Bool(true)),
					statecheck.CompareValuePairs("data.contactcenter_agent.by_num", tfjsonpath.New("id"),
						"contactcenter_agent.a", tfjsonpath.New("id"), compareEqual{}),
				},
			},
		},
	})
}

type compareEqual struct{}

func (compareEqual) CompareValues(values ...any) error {
	if len(values) == 2 && values[0] == values[1] {
		return nil
	}
	return fmt.Errorf("values differ: %v", values)
}

func TestAccAgentDataSource_errors(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cases := []struct{ body, want string }{
		{`data "contactcenter_agent" "x" { user_num = "nobody" }`, `No agent has user_num "nobody".`},
		{`data "contactcenter_agent" "x" { id = "424242" }`, `No agent has id 424242.`},
		{`data "contactcenter_agent" "x" {}`, `Exactly one of these attributes must be configured: [id,user_num]`},
		{`data "contactcenter_agent" "x" {
  id       = "1"
  user_num = "1"
}`, `Exactly one of these attributes must be configured: [id,user_num]`},
		{`data "contactcenter_agents" "x" { user_status = [4] }`, `user_status holds 4, which is not one of 1 (on duty), 2 (resigned), 3 (frozen).`},
		{`data "contactcenter_agents" "x" { user_type = ["8"] }`, `must be an agent type from 1 to 7`},
	}
	var steps []resource.TestStep
	for _, tc := range cases {
		steps = append(steps, resource.TestStep{
			Config:      env.Config(tc.body),
			ExpectError: regexp.MustCompile(strings.ReplaceAll(regexp.QuoteMeta(tc.want), " ", `\s+`)),
		})
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps:                    steps,
	})
}

// TestAgentDataSource_readAfterChangeElsewhere: a data source read in an
// apply after depends_on sees the agent as it is then. The walk's first
// read of an agent prefetched every agent, and a later read was answered
// from that prefetch: an agent changed meanwhile by another provider block
// (its own process), a provisioner or a person was shown as it had been.
// One configured provider server stands for the walk.
func TestAgentDataSource_readAfterChangeElsewhere(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	var ids []int64
	for _, num := range []string{"6100", "6101"} {
		a, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: strPtr(num), UserName: strPtr("Before"), UserPassword: strPtr("Passw0rd-x")})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, a.UserID.Int64())
	}
	srv := env.ActionServer(t)
	if _, d := acctest.ReadDataSource(t, srv, "contactcenter_agent", map[string]any{"id": fmt.Sprint(ids[0])}); len(d) != 0 {
		t.Fatalf("first read: %v", d)
	}
	if _, err := env.Client(t).Agents.Update(t.Context(), ids[1], client.AgentInput{UserName: strPtr("Changed elsewhere")}); err != nil {
		t.Fatal(err)
	}
	after, d := acctest.ReadDataSource(t, srv, "contactcenter_agent", map[string]any{"id": fmt.Sprint(ids[1])})
	if len(d) != 0 || after["user_name"] != "Changed elsewhere" {
		t.Errorf("read after the change: user_name %v (diagnostics %v), want the agent as it is now", after["user_name"], d)
	}
}

func strPtr(s string) *string { return &s }
