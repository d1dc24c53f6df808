package provider_test

import (
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// floorAddr is the source address of the floor provider in the CLI benchmark.
const floorAddr = "registry.terraform.io/contactcenter/floor"

// BenchmarkTerraformPlan is the issue's own measure of the agent's plan cost:
// `terraform plan` (refresh included) of N applied agents against `terraform
// plan` of N applied floor_string objects, a no-API framework resource of a
// test provider of ours. Both providers are served in process, as the
// examples harness serves ours; the two plans run in alternation, each round
// timed by the wall clock. A third plan, of N floor_agent objects (the
// agent's schema with none of its code and no API), splits the ratio into
// what the resource's code costs (agent/shape) and what the schema's size
// costs Terraform and the framework (shape/floor). Two more take parts of
// that schema away: lean/floor is the agent's schema with the ten
// configuration objects optional and without defaults (null in state when
// not configured), top/floor the agent's top-level fields alone, with no
// validators or plan modifiers. N is PLAN_N (default 500).
//
//	go test ./provider/ -run '^$' -bench TerraformPlan -benchtime 3x
func BenchmarkTerraformPlan(b *testing.B) {
	tf, err := acctest.TerraformPath()
	if err != nil {
		b.Skip("terraform is not on PATH")
	}
	n := 500
	if v, err := strconv.Atoi(os.Getenv("PLAN_N")); err == nil && v > 0 {
		n = v
	}
	env := acctest.New(b)
	ours, err := env.Factories()["contactcenter"]()
	if err != nil {
		b.Fatal(err)
	}
	floor, err := providerserver.NewProtocol6WithError(&floorProvider{})()
	if err != nil {
		b.Fatal(err)
	}
	reattach := acctest.ReattachProviders(b, map[string]tfprotov6.ProviderServer{acctest.ProviderAddr: ours, floorAddr: floor})
	dir := func(provider, config string) *acctest.Workdir {
		w := acctest.NewWorkdir(b, tf, reattach)
		w.Write(fmt.Sprintf("terraform {\n  required_providers {\n    %s = { source = \"contactcenter/%s\" }\n  }\n}\n", provider, provider) + config)
		w.Must(0, "init", "-input=false", "-no-color")
		w.Must(0, "apply", "-auto-approve", "-input=false", "-no-color")
		return w
	}
	// The same N agents, written as users write them, for the agent and
	// for floor_agent (the agent's schema without its code or API, see
	// BenchmarkPlanAgents).
	agentsOf := func(typ string) string {
		return fmt.Sprintf(`
resource %q "a" {
  count         = %d
  user_num      = format("9%%04d", count.index)
  user_name     = "Agent ${count.index}"
  user_password = "Secret-1"
  user_email    = "agent${count.index}@example.com"
}
`, typ, n)
	}
	agents := dir("contactcenter", env.ProviderConfig()+agentsOf("contactcenter_agent"))
	shapes := dir("floor", agentsOf("floor_agent"))
	leans := dir("floor", agentsOf("floor_agent_lean"))
	tops := dir("floor", agentsOf("floor_agent_top"))
	floors := dir("floor", fmt.Sprintf("resource \"floor_string\" \"s\" {\n  count  = %d\n  length = 12\n}\n", n))
	var agentWall, floorWall, shapeWall, leanWall, topWall, agentTF, floorTF, shapeTF, leanTF, topTF time.Duration
	plan := func(w *acctest.Workdir, wall, cpu *time.Duration) {
		w.Must(0, "plan", "-detailed-exitcode", "-input=false", "-no-color")
		*wall, *cpu = *wall+w.Wall, *cpu+w.CPU
	}
	b.ResetTimer()
	for range b.N {
		plan(agents, &agentWall, &agentTF)
		plan(floors, &floorWall, &floorTF)
		plan(shapes, &shapeWall, &shapeTF)
		plan(leans, &leanWall, &leanTF)
		plan(tops, &topWall, &topTF)
	}
	b.StopTimer()
	n64 := float64(b.N) * 1e9
	b.ReportMetric(float64(agentWall)/n64, "agent-plan-s")
	b.ReportMetric(float64(floorWall)/n64, "floor-plan-s")
	b.ReportMetric(float64(shapeWall)/n64, "shape-plan-s")
	b.ReportMetric(float64(agentTF)/n64, "agent-terraform-cpu-s")
	b.ReportMetric(float64(floorTF)/n64, "floor-terraform-cpu-s")
	b.ReportMetric(float64(shapeTF)/n64, "shape-terraform-cpu-s")
	b.ReportMetric(float64(leanTF)/n64, "lean-terraform-cpu-s")
	b.ReportMetric(float64(topTF)/n64, "top-terraform-cpu-s")
	b.ReportMetric(float64(agentWall)/float64(floorWall), "agent/floor")
	b.ReportMetric(float64(agentWall)/float64(shapeWall), "agent/shape")
	b.ReportMetric(float64(shapeWall)/float64(floorWall), "shape/floor")
	b.ReportMetric(float64(leanWall)/float64(floorWall), "lean/floor")
	b.ReportMetric(float64(topWall)/float64(floorWall), "top/floor")
}
