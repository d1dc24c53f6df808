package datasources_test

import (
	"encoding/json"
	"fmt"
	"regexp"
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

func TestAccAgentsDataSource_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	seedAgents(t, env, 1100)
	count := func(keep func(i int) bool) int {
		n := 0
		for i := range 1100 {
			if keep(i) {
				n++
			}
		}
		return n
	}
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
				statecheck.ExpectKnownValue("data.contactcenter_agents.all", tfjsonpath.New("agents"), knownvalue.ListSizeExact(1101)),
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
