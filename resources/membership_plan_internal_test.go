package resources

import (
	"context"

	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// TestRekeyedMembershipWarnsOnce: a for_each key changed without a moved
// block plans the old instance's destroy and the new one's create of the
// same membership; one of the two warns "Membership Removed and Added
// Again". The create's check of an existing membership (warnAdopted)
// recorded the create's membership as added, before the create's own
// record of it (warnRemovedAndAdded): the old instance's destroy, planned
// between the two, was told, and so was the create, so the plan warned
// twice of one membership ("(and 3 more similar warnings elsewhere)" for
// three renamed keys; TestAccSkillGroupMembership_rekeyWarnsAtPlan failed
// so at a load of 25). Here the destroy is planned at that moment: between
// the create's two checks.
func TestRekeyedMembershipWarnsOnce(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	t.Cleanup(func() { srv.Close(); sim.Wait() })
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", AppID: "sim-app", AppKey: "sim-key"})
	if err != nil {
		t.Fatal(err)
	}
	pw := "Secret123!"
	agent, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: new("7002"), UserName: new("Bo"), UserPassword: &pw})
	if err != nil {
		t.Fatal(err)
	}
	group, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Team", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	queID, _ := strconv.ParseInt(group, 10, 64)
	agID := agent.UserID.Int64()
	if err := c.Queues.Assign(t.Context(), queID, []client.AgentSkill{{AgID: agID, Skill: 1}}); err != nil {
		t.Fatal(err)
	}

	r := NewSkillGroupMemberResource().(*skillGroupMemberResource)
	r.Client, r.Claims = c, &tfkit.Claims{}
	var sch resource.SchemaResponse
	r.Schema(t.Context(), resource.SchemaRequest{}, &sch)
	typ := sch.Schema.Type().TerraformType(t.Context())
	member := func(id any) tftypes.Value {
		return tftypes.NewValue(typ, map[string]tftypes.Value{"id": tftypes.NewValue(tftypes.String, id),
			"que_id": tftypes.NewValue(tftypes.String, group), "agent_id": tftypes.NewValue(tftypes.String, strconv.FormatInt(agID, 10)),
			"skill": tftypes.NewValue(tftypes.Number, 1)})
	}
	none := tftypes.NewValue(typ, nil)
	created := resource.ModifyPlanRequest{State: tfsdk.State{Schema: sch.Schema, Raw: none}, Plan: tfsdk.Plan{Schema: sch.Schema, Raw: member(tftypes.UnknownValue)},
		Config: tfsdk.Config{Schema: sch.Schema, Raw: member(nil)}}
	destroyed := resource.ModifyPlanRequest{State: tfsdk.State{Schema: sch.Schema, Raw: member(group + ":" + strconv.FormatInt(agID, 10))},
		Plan: tfsdk.Plan{Schema: sch.Schema, Raw: none}, Config: tfsdk.Config{Schema: sch.Schema, Raw: none}}

	var create, destroy resource.ModifyPlanResponse
	r.warnAdopted(t.Context(), created, &create)
	r.ModifyPlan(t.Context(), destroyed, &destroy) // the old key's instance
	planMemberships(t.Context(), created, r.Claims, &create.Diagnostics, func(get func(ctx context.Context, target any) diag.Diagnostics) memberships {
		ms := memberships{}
		var m skillGroupMemberModel
		if !get(t.Context(), &m).HasError() {
			ms.add(queID, agID)
		}
		return ms
	})
	warned := 0
	for _, d := range append(create.Diagnostics, destroy.Diagnostics...) {
		if d.Summary() == "Membership Removed and Added Again" {
			warned++
		}
	}
	if warned != 1 {
		t.Errorf("%d warnings \"Membership Removed and Added Again\" of one membership, want 1:\ncreate: %v\ndestroy: %v", warned, create.Diagnostics, destroy.Diagnostics)
	}
}
