// Package examples holds the configurations the docs show. This test runs
// each of them as written, the way a user does, against its own simulator:
// terraform apply (actions invoked), an empty terraform plan, terraform
// destroy, and all of it a second time on the same simulator, which catches
// examples that cannot be applied twice.
//
// It drives the terraform CLI with the provider served from the test process
// (TF_REATTACH_PROVIDERS, as terraform-plugin-testing does). Action blocks need
// Terraform 1.14: with an older Terraform the resources are applied by the
// CLI and the actions are invoked in process through the protocol-6 server,
// with their references resolved from the applied state. Point
// TF_ACC_TERRAFORM_PATH at Terraform 1.14 or later to run the actions
// through the CLI too.
package examples

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/go-version"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

func TestAccExamples_applyTwice(t *testing.T) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1 (make test does) to run every example with the terraform CLI")
	}
	tf := setupTerraform(t)
	keepTreeUnchanged(t, ".")
	for _, dir := range exampleDirs(t) {
		if dir == "provider" {
			continue // a provider block only
		}
		t.Run(dir, func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t, simulatorAsRun)
			// Conversions take 3 s by default: the ASR example's two
			// transcriptions, in both rounds, spent 15 s polling. Their
			// polling is tested in actions/; here they need only finish.
			env.Sim.SetASRDuration(100 * time.Millisecond)
			ex := prepare(t, tf, dir, env)
			for round := 1; round <= 2; round++ {
				day := simulatorDay()
				ex.apply(t, round)
				if out, code := ex.exec(t, "plan", "-detailed-exitcode"); code == 2 && simulatorDay() != day {
					// The platform's day changed between the apply and the
					// plan: examples/complete's voice_calls_today counts
					// today's call records, which are others now (3 -> 0).
					// A change, rightly planned; apply it and plan again.
					t.Logf("round %d: the day changed between apply and plan (%s -> %s); applying again:\n%s", round, day, simulatorDay(), out)
					ex.run(t, round, "apply on the new day", 0, "apply", "-auto-approve")
					ex.run(t, round, "plan must be empty", 0, "plan", "-detailed-exitcode")
				} else if code != 0 {
					t.Fatalf("round %d: plan must be empty: terraform plan -detailed-exitcode exited %d (want 0):\n%s", round, code, out)
				}
				ex.run(t, round, "destroy", 0, "destroy", "-auto-approve")
			}
		})
	}
}

// simulatorAsRun is `ccsync simulator` as the README tells users to start
// it for the examples (`--auto-approve 3s`, here 1s to keep the test short):
// reviews are approved after a delay, gateway deliveries take the default
// delivery delay.
func simulatorAsRun(o *simulator.Options) {
	o.AutoApprove = time.Second
	o.GatewayDeliveryDelay = 2 * time.Second
}

// simulatorDay is the simulator's day ("today" of the call records), on the
// clock simulatorAsRun leaves it: the local time of this process.
func simulatorDay() string { return time.Now().Format("2006-01-02") }

// terraformCLI is the terraform binary.
type terraformCLI struct {
	path    string
	actions bool // Terraform >= 1.14 applies action blocks
}

var (
	tfOnce sync.Once
	tfCLI  terraformCLI
	tfErr  error
)

func setupTerraform(t *testing.T) terraformCLI {
	t.Helper()
	tfOnce.Do(func() { tfCLI, tfErr = buildTerraformCLI(context.Background()) })
	if tfErr != nil {
		t.Fatal(tfErr)
	}
	return tfCLI
}

// buildTerraformCLI runs once for every test that needs it (tfOnce), so
// it does not take the context of whichever test came first.
func buildTerraformCLI(ctx context.Context) (terraformCLI, error) {
	path := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if path == "" {
		p, err := exec.LookPath("terraform")
		if err != nil {
			return terraformCLI{}, fmt.Errorf("the examples need the terraform CLI (>= 1.11) on PATH: %w", err)
		}
		path = p
	}
	out, err := exec.CommandContext(ctx, path, "version", "-json").Output()
	if err != nil {
		return terraformCLI{}, fmt.Errorf("terraform version: %w", err)
	}
	var v struct {
		Version string `json:"terraform_version"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		return terraformCLI{}, fmt.Errorf("terraform version: %w", err)
	}
	ver, err := version.NewVersion(v.Version)
	if err != nil {
		return terraformCLI{}, err
	}
	return terraformCLI{path: path, actions: ver.GreaterThanOrEqual(version.Must(version.NewVersion("1.14.0")))}, nil
}

// example is one example copied into a working directory.
type example struct {
	tf       terraformCLI
	env      *acctest.Env
	reattach string   // TF_REATTACH_PROVIDERS: the provider served in process
	dir      string   // the working directory
	vars     []string // TF_VAR_ settings for inputs without a default
	// With a Terraform that cannot apply actions: the action blocks, to be
	// invoked in process after each apply.
	actions []acctest.ActionBlock
	// The input variables' values (defaults and TF_VAR_ inputs), for the
	// in-process actions.
	inputs map[string]cty.Value
	// With a Terraform that applies actions: the actions no trigger runs,
	// invoked with -invoke after each apply.
	invoke []string
	// Warnings a test provokes on purpose, beside byDesignWarnings.
	allowWarnings map[string]bool
}

// prepare copies dir into a working directory with a provider block for
// env's simulator (the examples leave the provider to the environment, as
// users are told to: an empty `provider "contactcenter" {}` is filled in,
// else one is added).
func prepare(t *testing.T, tf terraformCLI, dir string, env *acctest.Env) *example {
	t.Helper()
	ex := newExample(t, tf, env)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	hasProvider := false
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || strings.HasPrefix(name, "import") {
			continue // import-by-*.tf: the import blocks the docs show, for objects made elsewhere
		}
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, ".tf") {
			// The provider runs in this process, not in the working
			// directory as a plugin process would: files it reads or
			// writes are named by absolute path. path.root too: the
			// sound_file example's download, "./downloads/..." to the
			// provider, was written into examples/ of the checkout.
			src = bytes.ReplaceAll(src, []byte("${path.module}"), []byte(ex.dir))
			src = bytes.ReplaceAll(src, []byte("${path.root}"), []byte(ex.dir))
			if emptyProvider.Match(src) {
				src = emptyProvider.ReplaceAllLiteral(src, []byte(env.ProviderConfig()))
				hasProvider = true
			}
			all.Write(src)
			maps.Copy(ex.inputs, acctest.VariableDefaults(t, name, src))
			if !tf.actions {
				ex.actions = append(ex.actions, acctest.ActionBlocks(t, name, src)...)
				src = withoutActions(t, name, src)
				// The action examples ask for Terraform 1.14 (1.13 takes
				// action blocks and never runs them); without them, the
				// rest applies on the older Terraform.
				src = bytes.ReplaceAll(src, []byte(`required_version = ">= 1.14"`), nil)
			}
		}
		if err := os.WriteFile(filepath.Join(ex.dir, name), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if !hasProvider {
		ex.write(t, "zz_simulator.tf", env.ProviderConfig())
	}
	cfg := all.String()
	if !requiredProviders.MatchString(cfg) {
		ex.write(t, "zz_required_providers.tf", "terraform {\n  required_providers {\n    contactcenter = { source = \"contactcenter/contactcenter\" }\n  }\n}\n")
	}
	for _, m := range variableBlock.FindAllStringSubmatch(cfg, -1) {
		if !strings.Contains(m[2], "default") {
			// Initial passwords, as a user gives them (TF_VAR_ann_password=...).
			ex.vars = append(ex.vars, "TF_VAR_"+m[1]+"=Example-Passw0rd!")
			ex.inputs[m[1]] = cty.StringVal("Example-Passw0rd!")
		}
	}
	if tf.actions {
		for _, m := range actionBlock.FindAllStringSubmatch(cfg, -1) {
			addr := "action." + m[1] + "." + m[2]
			if !strings.Contains(cfg, addr) {
				ex.invoke = append(ex.invoke, addr)
			}
		}
	}
	return ex
}

// newExample is a working directory whose terraform commands use env's
// provider, served in process.
func newExample(t *testing.T, tf terraformCLI, env *acctest.Env) *example {
	t.Helper()
	return &example{tf: tf, env: env, reattach: env.Reattach(t), dir: t.TempDir(), inputs: map[string]cty.Value{}}
}

var (
	requiredProviders = regexp.MustCompile(`contactcenter\s*=\s*\{\s*source\s*=\s*"contactcenter/contactcenter"`)
	emptyProvider     = regexp.MustCompile(`(?m)^provider "contactcenter" \{\}[ \t]*$`)
	variableBlock     = regexp.MustCompile(`(?s)variable "([a-z_0-9]+)" \{(.*?)\n\}`)
	actionBlock       = regexp.MustCompile(`(?m)^action "([a-z_0-9]+)" "([a-z_0-9]+)"`)
)

// withoutActions removes action blocks and action_trigger blocks (for a
// Terraform that does not know them).
func withoutActions(t *testing.T, name string, src []byte) []byte {
	t.Helper()
	f, diags := hclwrite.ParseConfig(src, name, hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatalf("parsing %s: %v", name, diags)
	}
	body := f.Body()
	for _, b := range body.Blocks() {
		switch b.Type() {
		case "action":
			body.RemoveBlock(b)
		case "resource":
			for _, lc := range b.Body().Blocks() {
				if lc.Type() != "lifecycle" {
					continue
				}
				for _, at := range lc.Body().Blocks() {
					if at.Type() == "action_trigger" {
						lc.Body().RemoveBlock(at)
					}
				}
			}
		}
	}
	return f.Bytes()
}

// apply applies the example and runs its actions.
func (ex *example) apply(t *testing.T, round int) {
	t.Helper()
	if round == 1 {
		ex.run(t, round, "init", 0, "init")
	}
	ex.run(t, round, "apply", 0, "apply", "-auto-approve")
	for _, addr := range ex.invoke {
		ex.run(t, round, "invoke "+addr, 0, "apply", "-auto-approve", "-invoke="+addr)
	}
	if len(ex.actions) == 0 {
		return
	}
	state := ex.output(t, "show", "-json")
	for _, a := range ex.actions {
		res := ex.env.InvokeActionBlock(t, a, state, ex.dir, ex.inputs)
		if res.HasError() || !res.Completed {
			t.Fatalf("round %d: action.%s.%s (in process, Terraform < 1.14) stopped at %s:\n%s", round, a.Type, a.Name, res.Phase, res.Text())
		}
	}
}

// run runs one terraform command in the working directory and fails the
// test, with terraform's output, unless it exits with want.
func (ex *example) run(t *testing.T, round int, what string, want int, args ...string) {
	t.Helper()
	out, code := ex.exec(t, args...)
	if code != want {
		t.Fatalf("round %d: %s: terraform %s exited %d (want %d):\n%s", round, what, strings.Join(args, " "), code, want, out)
	}
}

func (ex *example) output(t *testing.T, args ...string) []byte {
	t.Helper()
	out, code := ex.exec(t, args...)
	if code != 0 {
		t.Fatalf("terraform %s exited %d:\n%s", strings.Join(args, " "), code, out)
	}
	return out
}

func (ex *example) exec(t *testing.T, args ...string) ([]byte, int) {
	t.Helper()
	args = append(args, "-no-color")
	if args[0] != "show" && args[0] != "query" && args[0] != "validate" { // they have no -input
		args = append(args, "-input=false")
	}
	cmd := exec.CommandContext(t.Context(), ex.tf.path, args...)
	cmd.Dir = ex.dir
	cmd.Env = append(os.Environ(), "TF_REATTACH_PROVIDERS="+ex.reattach, "TF_CLI_CONFIG_FILE=/dev/null",
		"CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1")
	cmd.Env = append(cmd.Env, ex.vars...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("terraform %s: %v", strings.Join(args, " "), err)
	}
	if args[0] == "show" {
		return stdout.Bytes(), code
	}
	out := append(stdout.Bytes(), stderr.Bytes()...)
	for _, m := range warningTitle.FindAllSubmatch(out, -1) {
		if !byDesignWarnings[string(m[1])] && !ex.allowWarnings[string(m[1])] {
			t.Errorf("terraform %s warned %q, which an example a user copies must not do (fix the example, or the warning's cause):\n%s", strings.Join(args, " "), m[1], out)
		}
	}
	return out, code
}

var warningTitle = regexp.MustCompile(`(?m)^(?:│ )?Warning: (.+?)\s*$`)

// byDesignWarnings are the warnings an example shows on purpose: the SMS
// gateway has no delete call, so a destroy only forgets its signatures and
// templates, and says so at plan and at apply; the agent example shows
// delete_mode = "resign", whose destroy keeps the agent, and whose second
// apply re-activates it (at plan and at apply).
var byDesignWarnings = map[string]bool{
	"Agent Will Be Resigned, Not Deleted":                   true,
	"Create Re-activates a Resigned Agent":                  true,
	"Resigned Agent Re-activated":                           true,
	"Gateway SMS Signature Will Only Be Removed From State": true,
	"Gateway SMS Signature Only Removed From State":         true,
	"Gateway SMS Template Will Only Be Removed From State":  true,
	"Gateway SMS Template Only Removed From State":          true,
}

// exampleDirs lists every folder below examples/ that holds .tf files.
func exampleDirs(t *testing.T) []string {
	t.Helper()
	var dirs []string
	seen := map[string]bool{}
	err := filepath.WalkDir(".", func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".tf") && !seen[filepath.Dir(p)] {
			seen[filepath.Dir(p)] = true
			dirs = append(dirs, filepath.ToSlash(filepath.Dir(p)))
		}
		return nil
	})
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no examples found: %v", err)
	}
	return dirs
}

// keepTreeUnchanged fails t if, once t and its subtests are done, a file
// was added below dir: the provider runs in this process, whose working
// directory is examples/, so a path an example leaves relative lands in
// the checkout (a download, committed once by mistake). Files changed
// are not counted: they are the ones a developer edits while tests run.
func keepTreeUnchanged(t *testing.T, dir string) {
	t.Helper()
	before := treeFiles(t, dir)
	t.Cleanup(func() {
		for p := range treeFiles(t, dir) {
			if !before[p] {
				t.Errorf("the examples wrote %s into the checkout: a path an example gives the provider is relative to the test process (name it below ${path.module})", filepath.Join("examples", p))
			}
		}
	})
}

// treeFiles is the set of regular files below dir.
func treeFiles(t *testing.T, dir string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out[p] = true
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
