package resources_test

import (
	"encoding/json"
	"fmt"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// Every membership write recovers from a lost answer by reading the
// membership: the assign is not re-sent (no 407 for ever after), a lost
// update/skill or cancel_assign that took effect counts as done, and an
// agent already in the group with the configured skill is adopted.
// Over the protocol in process (acctest.Resources: Terraform's plan and
// apply calls, the empty plan after each apply checked); the group and the
// agents are made beforehand, as the memberships are what is tested.
func TestSkillGroupMember_lostAnswer(t *testing.T) {
	t.Parallel()
	var lost lostAnswers
	env, c, gid, agents := membershipSeeded(t, &lost)
	group, _ := strconv.ParseInt(gid, 10, 64)
	r := env.Resources(t, "contactcenter_skill_group_member")
	member := func(agent string, skill int) any {
		return map[string]any{"que_id": gid, "agent_id": strconv.FormatInt(agents[agent], 10), "skill": skill}
	}
	expectGroup := func(step string, want map[string]int64) {
		t.Helper()
		groupHoldsSkills(t, c, gid, agents, step, want)
	}
	assigns := func(step string, want int) {
		t.Helper()
		if n := env.Sim.Stats()["POST /portal/v2/svcapi/queue/assign"]; n != want {
			t.Errorf("%s: queue/assign called %d times, want %d", step, n, want)
		}
	}
	apply := func(prior []acctest.Instance, configs ...any) []acctest.Instance {
		t.Helper()
		out := r.Apply(prior, configs)
		r.CheckPlanEmpty(out, configs)
		return out
	}

	lost.lose("/queue/assign", 1)
	test := apply(nil, member("a", 2))
	expectGroup("assign answer lost", map[string]int64{"a": 2})
	assigns("assign answer lost", 1)

	lost.lose("/queue/update/skill", 10)
	test = apply(test, member("a", 4))
	expectGroup("update/skill answers lost", map[string]int64{"a": 4})

	// Replacing a by c: the cancel_assign of a loses every answer.
	lost.lose("/queue/cancel_assign", 10)
	test = apply(test, member("c", 4))
	if test[0].Action != "replace" {
		t.Errorf("another agent planned %s, want replace", test[0].Action)
	}
	expectGroup("cancel_assign answers lost", map[string]int64{"c": 4})
	assigns("cancel_assign answers lost", 2)

	// b is in the group already (an earlier apply whose answer was lost,
	// before this fix): with the configured skill it is adopted.
	lost.reset()
	if err := c.Queues.Assign(t.Context(), group, []client.AgentSkill{{AgID: agents["b"], Skill: 3}}); err != nil {
		t.Fatal(err)
	}
	both := apply(append(test, acctest.Instance{}), member("c", 4), member("b", 3))
	expectGroup("b adopted", map[string]int64{"b": 3, "c": 4})

	// With another skill it is adopted too, and given the configured skill
	// (with a "Membership Adopted" warning): it is what a for_each key
	// changed without a moved block, or create_before_destroy, meets, the
	// old instance still in the group. It failed, and the old instance's
	// delete then took the agent out of the group.
	if err := c.Queues.Assign(t.Context(), group, []client.AgentSkill{{AgID: agents["a"], Skill: 1}}); err != nil {
		t.Fatal(err)
	}
	all := apply(append(both, acctest.Instance{}), member("c", 4), member("b", 3), member("a", 7))
	expectGroup("a adopted with another skill", map[string]int64{"a": 7, "b": 3, "c": 4})

	// a taken out of the group outside Terraform, then out of the
	// configuration.
	if err := c.Queues.CancelAssign(t.Context(), group, []int64{agents["a"]}); err != nil {
		t.Fatal(err)
	}
	apply(all[:2], member("c", 4), member("b", 3))
	r.Destroy(all[2:])
	expectGroup("a gone", map[string]int64{"b": 3, "c": 4})
}

// The authoritative form's diff writes recover from lost answers by reading
// the membership: nothing is re-sent, and the apply succeeds. In process,
// as TestSkillGroupMember_lostAnswer.
func TestSkillGroupMembers_lostAnswer(t *testing.T) {
	t.Parallel()
	var lost lostAnswers
	env, c, gid, agents := membershipSeeded(t, &lost)
	r := env.Resources(t, "contactcenter_skill_group_members")
	members := func(skills map[string]int) []any {
		var ms []map[string]any
		for _, name := range []string{"a", "b", "c"} {
			if skill, ok := skills[name]; ok {
				ms = append(ms, map[string]any{"agent_id": strconv.FormatInt(agents[name], 10), "skill": skill})
			}
		}
		return []any{map[string]any{"que_id": gid, "members": ms}}
	}

	lost.lose("/queue/assign", 1)
	group := r.Apply(nil, members(map[string]int{"a": 1, "b": 5}))
	r.CheckPlanEmpty(group, members(map[string]int{"a": 1, "b": 5}))
	groupHoldsSkills(t, c, gid, agents, "assign answer lost", map[string]int64{"a": 1, "b": 5})

	// Every answer of cancel_assign and update/skill is lost, and the one
	// of assign.
	lost.lose("/queue/assign", 1)
	lost.lose("/queue/cancel_assign", 10)
	lost.lose("/queue/update/skill", 10)
	group = r.Apply(group, members(map[string]int{"b": 9, "c": 2}))
	r.CheckPlanEmpty(group, members(map[string]int{"b": 9, "c": 2}))
	groupHoldsSkills(t, c, gid, agents, "every answer lost", map[string]int64{"b": 9, "c": 2})
	if n := env.Sim.Stats()["POST /portal/v2/svcapi/queue/assign"]; n != 2 {
		t.Errorf("queue/assign called %d times, want 2 (create, then c)", n)
	}

	// Destroy with every cancel_assign answer lost.
	lost.lose("/queue/cancel_assign", 10)
	r.Destroy(group)
	groupHoldsSkills(t, c, gid, agents, "destroy, cancel_assign answers lost", map[string]int64{})
}

// membershipSeeded is a simulator behind lost with agents a, b and c and
// the group "Members", made beforehand: what the membership tests' base
// configuration makes. It returns the group's id and the agents' ids.
func membershipSeeded(t *testing.T, lost *lostAnswers) (*acctest.Env, *client.Client, string, map[string]int64) {
	t.Helper()
	return membershipSeededOn(t, acctest.NewWithHandler(t, lost.wrap))
}

// membershipSeededOn is membershipSeeded on env.
func membershipSeededOn(t *testing.T, env *acctest.Env) (*acctest.Env, *client.Client, string, map[string]int64) {
	t.Helper()
	c := env.Client(t)
	agents := map[string]int64{"a": 7101, "b": 7102, "c": 7103}
	var seed []map[string]any
	for name, id := range agents {
		seed = append(seed, map[string]any{"user_id": id, "user_num": fmt.Sprint(id), "user_name": name})
	}
	raw, _ := json.Marshal(seed)
	if err := env.Sim.Seed(map[string]json.RawMessage{"agents": raw}); err != nil {
		t.Fatal(err)
	}
	gid, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Members", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	return env, c, gid, agents
}

// groupHoldsSkills checks group gid's membership as the service holds it,
// as agent name → skill.
func groupHoldsSkills(t *testing.T, c *client.Client, gid string, agents map[string]int64, step string, want map[string]int64) {
	t.Helper()
	group, _ := strconv.ParseInt(gid, 10, 64)
	data, err := c.Queues.GetAgents(t.Context(), group)
	if err != nil {
		t.Fatal(err)
	}
	got := map[int64]int64{}
	for _, it := range data[gid] {
		got[it.AgID.Int64()] = it.Skill.Int64()
	}
	w := map[int64]int64{}
	for name, skill := range want {
		w[agents[name]] = skill
	}
	if diff := cmp.Diff(w, got); diff != "" {
		t.Errorf("%s: membership (-want +got):\n%s", step, diff)
	}
}
