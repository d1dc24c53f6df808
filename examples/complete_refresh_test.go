package examples

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// completeRefreshMaxCalls is what a refresh of examples/complete may cost
// with finders batching (issue 12: 29 before).
const completeRefreshMaxCalls = 19

// TestAccExamples_completeRefreshCalls applies examples/complete as a user
// does (the built provider through dev_overrides, its connection from the
// CONTACTCENTER_* variables, against an in-process simulator), then counts
// the API calls of `terraform plan -refresh-only`: one walk that reads
// every object and data source. (terraform-plugin-testing cannot hold this
// configuration's state: its legacy state shim refuses for_each keys.)
func TestAccExamples_completeRefreshCalls(t *testing.T) {
	t.Parallel()
	acctest.PreCheck(t)
	tf := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if tf == "" {
		tf = "terraform"
	}
	// Its signatures and templates wait for approval: the simulator gives it.
	env := acctest.New(t, func(o *simulator.Options) { o.AutoApprove = time.Second })

	tmp := t.TempDir()
	bin := filepath.Join(tmp, "bin")
	build := exec.CommandContext(t.Context(), "go", "build", "-o", filepath.Join(bin, "terraform-provider-contactcenter"), "..")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the provider: %v\n%s", err, out)
	}
	cliConfig := filepath.Join(tmp, "terraformrc")
	rc := fmt.Sprintf("provider_installation {\n  dev_overrides {\n    %q = %q\n  }\n  direct {}\n}\n", "contactcenter/contactcenter", bin)
	if err := os.WriteFile(cliConfig, []byte(rc), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(tmp, "complete")
	if err := os.CopyFS(dir, os.DirFS("complete")); err != nil {
		t.Fatal(err)
	}
	envVars := append(os.Environ(), "TF_CLI_CONFIG_FILE="+cliConfig, "TF_IN_AUTOMATION=1", "CHECKPOINT_DISABLE=1")
	for setting, v := range map[string]string{client.SettingEndpoint: env.Origin, client.SettingAccessToken: "sim-token",
		client.SettingSMSAppID: "sim-app", client.SettingSMSAppKey: "sim-key"} {
		envVars = append(envVars, client.EnvVar(setting)+"="+v)
	}
	terraform := func(args ...string) {
		t.Helper()
		cmd := exec.CommandContext(t.Context(), tf, args...)
		cmd.Dir, cmd.Env = dir, envVars
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("terraform %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	terraform("apply", "-auto-approve", "-input=false", "-no-color")

	before := env.Sim.Stats()
	terraform("plan", "-refresh-only", "-input=false", "-no-color")
	total, lines := 0, []string{}
	for k, v := range env.Sim.Stats() {
		if d := v - before[k]; d > 0 {
			total += d
			lines = append(lines, fmt.Sprintf("%3d %s", d, k))
		}
	}
	sort.Strings(lines)
	t.Logf("refresh of examples/complete: %d calls\n%s", total, strings.Join(lines, "\n"))
	if total > completeRefreshMaxCalls {
		t.Errorf("refresh of examples/complete made %d calls, want at most %d", total, completeRefreshMaxCalls)
	}
	terraform("destroy", "-auto-approve", "-input=false", "-no-color")
}
