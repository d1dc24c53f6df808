package provider_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"

	"github.com/contactcenter/terraform-provider-contactcenter/resources"
)

// The plan cost of a whole group's membership: BenchmarkPlanMembers plans
// one contactcenter_skill_group_members of N members (MEMBERS_N, default
// 2,000) through the in-process protocol-6 server as
// `terraform plan -refresh=false` does, for two no-API resources with the
// resource's schema: floor_members, whose members have the provider's set
// type (tfkit.HashedSetOf), and floor_members_plain, with the framework's
// own set type, which compares elements pair by pair. The two alternate
// within one op; hashed/plain is the ratio of their CPU time.
//
//	go test ./provider/ -run '^$' -bench PlanMembers -benchtime 3x
func BenchmarkPlanMembers(b *testing.B) {
	n := 2000
	if v, err := strconv.Atoi(os.Getenv("MEMBERS_N")); err == nil && v > 0 {
		n = v
	}
	members := make([]any, n)
	for i := range members {
		members[i] = map[string]any{"agent_id": strconv.Itoa(5001 + i), "skill": 1 + i%3}
	}
	config := map[string]any{"que_id": "7", "members": members}
	hashedCase := newPlanCase(b, floorServer(b), "floor_members", config)
	plainCase := newPlanCase(b, floorServer(b), "floor_members_plain", config)
	var hashed, plain phaseCost
	b.ResetTimer()
	for range b.N {
		hashed.measure(func() { hashedCase.plan(b, 1) })
		plain.measure(func() { plainCase.plan(b, 1) })
	}
	k := float64(b.N)
	b.ReportMetric(float64(hashed.cpu)/k/1e9, "hashed-cpu-s/op")
	b.ReportMetric(float64(plain.cpu)/k/1e9, "plain-cpu-s/op")
	b.ReportMetric(float64(hashed.cpu)/float64(plain.cpu), "hashed/plain-cpu")
	b.ReportMetric(float64(hashed.allocs)/float64(plain.allocs), "hashed/plain-allocs")
	b.Logf("%d members", n)
}

// floorMembers is a no-API resource with the schema of
// contactcenter_skill_group_members (state = plan, as floorAgent); plain
// gives members the framework's own set type instead of the provider's.
type floorMembers struct {
	floorAgent
	plain bool
}

func (r *floorMembers) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_members"
	if r.plain {
		resp.TypeName += "_plain"
	}
}

func (r *floorMembers) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resources.NewSkillGroupMembersResource().Schema(ctx, req, resp)
	if !r.plain {
		return
	}
	m, ok := resp.Schema.Attributes["members"].(schema.SetNestedAttribute)
	if !ok || m.CustomType == nil {
		resp.Diagnostics.AddError("floor_members_plain", fmt.Sprintf("members is %T with custom type %v; the benchmark compares the provider's set type with the framework's", resp.Schema.Attributes["members"], m.CustomType))
		return
	}
	m.CustomType = nil
	resp.Schema.Attributes["members"] = m
}
