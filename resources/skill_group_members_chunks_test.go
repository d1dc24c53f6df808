package resources_test

import (
	"encoding/json"
	"fmt"
	"strconv"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestSkillGroupMembers_chunks: 201 members are assigned in chunks of 100
// (three queue/assign calls), and a change of every member's skill is
// three queue/update/skill calls; the group then holds the 201 agents, all
// of skill 2, and a refresh and plan after each apply change nothing.
// Over the protocol in process (the CLI run of the same two steps took
// 69 s on a loaded machine, for calls the provider alone makes); the
// Terraform path of the members resource stays covered by the
// TestAccSkillGroupMembers_* tests.
func TestSkillGroupMembers_chunks(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	var seed []map[string]any
	for i := range 201 {
		seed = append(seed, map[string]any{"user_id": 5001 + i, "user_num": fmt.Sprintf("c%03d", i), "user_name": "x"})
	}
	raw, _ := json.Marshal(seed)
	if err := env.Sim.Seed(map[string]json.RawMessage{"agents": raw}); err != nil {
		t.Fatal(err)
	}
	gid, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Big", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	q, _ := strconv.ParseInt(gid, 10, 64)
	const typ = "contactcenter_skill_group_members"
	srv := env.ActionServer(t)
	schemas, err := srv.GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	ty := schemas.ResourceSchemas[typ].ValueType()
	// conf is the configuration of every member at skill; with the id, the
	// proposed new state of an update (the id kept from the prior state).
	conf := func(skill int, id string) *tfprotov6.DynamicValue {
		var members []map[string]any
		for a := 5001; a < 5202; a++ {
			members = append(members, map[string]any{"agent_id": strconv.Itoa(a), "skill": skill})
		}
		v := map[string]any{"que_id": gid, "members": members}
		if id != "" {
			v["id"] = id
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return &tfprotov6.DynamicValue{JSON: b}
	}
	null, err := tfprotov6.NewDynamicValue(ty, tftypes.NewValue(ty, nil))
	if err != nil {
		t.Fatal(err)
	}
	calls := func(path string, want int) {
		t.Helper()
		if n := env.Sim.Stats()["POST /portal/v2/svcapi/queue/"+path]; n != want {
			t.Errorf("queue/%s called %d times, want %d (chunks of 100)", path, n, want)
		}
	}
	// apply plans and applies the config from prior, then refreshes and
	// plans again: Terraform's empty plan after an apply.
	apply := func(prior *tfprotov6.DynamicValue, private []byte, config, proposed *tfprotov6.DynamicValue) (*tfprotov6.DynamicValue, []byte) {
		t.Helper()
		plan, err := srv.PlanResourceChange(t.Context(), &tfprotov6.PlanResourceChangeRequest{
			TypeName: typ, PriorState: prior, ProposedNewState: proposed, Config: config, PriorPrivate: private,
		})
		if err != nil || (acctest.ActionResult{Diagnostics: plan.Diagnostics}).HasError() {
			t.Fatalf("plan: %v %s", err, diagTexts(plan.Diagnostics))
		}
		res, err := srv.ApplyResourceChange(t.Context(), &tfprotov6.ApplyResourceChangeRequest{
			TypeName: typ, PriorState: prior, PlannedState: plan.PlannedState, Config: config, PlannedPrivate: plan.PlannedPrivate,
		})
		if err != nil || (acctest.ActionResult{Diagnostics: res.Diagnostics}).HasError() {
			t.Fatalf("apply: %v %s", err, diagTexts(res.Diagnostics))
		}
		read, err := srv.ReadResource(t.Context(), &tfprotov6.ReadResourceRequest{TypeName: typ, CurrentState: res.NewState, Private: res.Private})
		if err != nil || (acctest.ActionResult{Diagnostics: read.Diagnostics}).HasError() {
			t.Fatalf("refresh: %v %s", err, diagTexts(read.Diagnostics))
		}
		again, err := srv.PlanResourceChange(t.Context(), &tfprotov6.PlanResourceChangeRequest{
			TypeName: typ, PriorState: read.NewState, ProposedNewState: read.NewState, Config: config, PriorPrivate: read.Private,
		})
		if err != nil || (acctest.ActionResult{Diagnostics: again.Diagnostics}).HasError() {
			t.Fatalf("plan after apply: %v %s", err, diagTexts(again.Diagnostics))
		}
		applied, _ := res.NewState.Unmarshal(ty)
		refreshed, _ := read.NewState.Unmarshal(ty)
		planned, _ := again.PlannedState.Unmarshal(ty)
		if !refreshed.Equal(applied) || !planned.Equal(applied) || len(again.RequiresReplace) > 0 {
			t.Errorf("after the apply, the plan is not empty:\napplied   %v\nrefreshed %v\nplanned   %v (replace %v)", applied, refreshed, planned, again.RequiresReplace)
		}
		return read.NewState, read.Private
	}
	state, private := apply(&null, nil, conf(1, ""), conf(1, ""))
	calls("assign", 3)
	apply(state, private, conf(2, ""), conf(2, gid))
	calls("update/skill", 3)
	data, err := c.Queues.GetAgents(t.Context(), q)
	if err != nil {
		t.Fatal(err)
	}
	for _, items := range data {
		for _, it := range items {
			if it.Skill != 2 {
				t.Errorf("agent %d has skill %d, want 2", it.AgID, it.Skill)
			}
		}
		if len(items) != 201 {
			t.Errorf("%d members, want 201", len(items))
		}
	}
}
