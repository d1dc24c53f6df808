package provider_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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
// costs Terraform and the framework (shape/floor). N is PLAN_N (default 500).
//
//	go test ./provider/ -run '^$' -bench TerraformPlan -benchtime 3x
func BenchmarkTerraformPlan(b *testing.B) {
	tf, err := exec.LookPath("terraform")
	if p := os.Getenv("TF_ACC_TERRAFORM_PATH"); p != "" {
		tf, err = p, nil
	}
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
	agents := cliDir(b, tf, reattach, env.ProviderConfig()+fmt.Sprintf(`
terraform {
  required_providers {
    contactcenter = { source = "contactcenter/contactcenter" }
  }
}

resource "contactcenter_agent" "a" {
  count         = %d
  user_num      = format("9%%04d", count.index)
  user_name     = "Agent ${count.index}"
  user_password = "Secret-1"
  user_email    = "agent${count.index}@example.com"
}
`, n))
	floors := cliDir(b, tf, reattach, fmt.Sprintf(`
terraform {
  required_providers {
    floor = { source = "contactcenter/floor" }
  }
}

resource "floor_string" "s" {
  count  = %d
  length = 12
}
`, n))
	// floor_agent: the agent's schema without its code or API (see
	// BenchmarkPlanAgents); shape/floor is what the schema's size costs
	// Terraform and the framework together.
	shapes := cliDir(b, tf, reattach, fmt.Sprintf(`
terraform {
  required_providers {
    floor = { source = "contactcenter/floor" }
  }
}

resource "floor_agent" "a" {
  count         = %d
  user_num      = format("9%%04d", count.index)
  user_name     = "Agent ${count.index}"
  user_password = "Secret-1"
  user_email    = "agent${count.index}@example.com"
}
`, n))
	for _, d := range []*cliWorkdir{agents, floors, shapes} {
		_, _ = d.run(b, 0, "init")
		_, _ = d.run(b, 0, "apply", "-auto-approve")
	}
	var agentWall, floorWall, shapeWall, agentTF, floorTF, shapeTF time.Duration
	b.ResetTimer()
	for range b.N {
		w, c := agents.run(b, 0, "plan", "-detailed-exitcode")
		agentWall, agentTF = agentWall+w, agentTF+c
		w, c = floors.run(b, 0, "plan", "-detailed-exitcode")
		floorWall, floorTF = floorWall+w, floorTF+c
		w, c = shapes.run(b, 0, "plan", "-detailed-exitcode")
		shapeWall, shapeTF = shapeWall+w, shapeTF+c
	}
	b.StopTimer()
	n64 := float64(b.N) * 1e9
	b.ReportMetric(float64(agentWall)/n64, "agent-plan-s")
	b.ReportMetric(float64(floorWall)/n64, "floor-plan-s")
	b.ReportMetric(float64(agentTF)/n64, "agent-terraform-cpu-s")
	b.ReportMetric(float64(floorTF)/n64, "floor-terraform-cpu-s")
	b.ReportMetric(float64(shapeWall)/n64, "shape-plan-s")
	b.ReportMetric(float64(shapeTF)/n64, "shape-terraform-cpu-s")
	b.ReportMetric(float64(agentWall)/float64(floorWall), "agent/floor")
	b.ReportMetric(float64(agentWall)/float64(shapeWall), "agent/shape")
	b.ReportMetric(float64(shapeWall)/float64(floorWall), "shape/floor")
}

type cliWorkdir struct {
	tf, dir, reattach string
}

func cliDir(b *testing.B, tf, reattach, config string) *cliWorkdir {
	b.Helper()
	d := &cliWorkdir{tf: tf, dir: b.TempDir(), reattach: reattach}
	if err := os.WriteFile(filepath.Join(d.dir, "main.tf"), []byte(config), 0o600); err != nil {
		b.Fatal(err)
	}
	return d
}

// run runs one terraform command, requires exit code want, and returns how
// long it took and the CPU time of the terraform process (the providers'
// CPU is this process's).
func (d *cliWorkdir) run(b *testing.B, want int, args ...string) (wall, terraformCPU time.Duration) {
	b.Helper()
	args = append(args, "-no-color", "-input=false")
	cmd := exec.CommandContext(b.Context(), d.tf, args...)
	cmd.Dir = d.dir
	cmd.Env = append(os.Environ(), "TF_REATTACH_PROVIDERS="+d.reattach, "TF_CLI_CONFIG_FILE=/dev/null",
		"CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	t0 := time.Now()
	err := cmd.Run()
	took := time.Since(t0)
	code := 0
	if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		b.Fatal(err)
	}
	if code != want {
		tail := out.Bytes()
		if len(tail) > 4000 {
			tail = tail[len(tail)-4000:]
		}
		b.Fatalf("terraform %v exited %d (want %d):\n%s", args, code, want, tail)
	}
	return took, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}
