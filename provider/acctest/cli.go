package acctest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/go-version"
)

// TerraformPath is the terraform CLI the acceptance tests run:
// TF_ACC_TERRAFORM_PATH, else the one on PATH.
func TerraformPath() (string, error) {
	if p := os.Getenv("TF_ACC_TERRAFORM_PATH"); p != "" {
		return p, nil
	}
	return exec.LookPath("terraform")
}

// Workdir is one Terraform working directory driven through the CLI, with
// the providers served in process (TF_REATTACH_PROVIDERS, as
// terraform-plugin-testing does). Unlike resource.Test it lets a command
// fail and be run again, as a user does, and it says what each command
// cost.
type Workdir struct {
	t                 testing.TB
	tf, dir, reattach string
	// prelude starts every configuration WriteBody writes.
	prelude string
	// Wall is the wall time of the last command, CPU the CPU time of its
	// terraform process (the providers' is the test process's).
	Wall, CPU time.Duration
}

// NewWorkdir is an empty working directory for terraform at tf, with the
// providers that reattach names (see ReattachProviders).
func NewWorkdir(t testing.TB, tf, reattach string) *Workdir {
	t.Helper()
	return &Workdir{t: t, tf: tf, dir: t.TempDir(), reattach: reattach}
}

// Workdir is a working directory for the terraform of TerraformPath with
// e's provider served in process: the user's view of a command (its
// output, warnings included, and exit code), where resource.Test shows
// neither.
func (e *Env) Workdir(t testing.TB) *Workdir {
	t.Helper()
	tf, err := TerraformPath()
	if err != nil {
		t.Fatal(err)
	}
	w := NewWorkdir(t, tf, e.Reattach(t))
	w.prelude = fmt.Sprintf("terraform {\n  required_providers {\n    contactcenter = { source = %q }\n  }\n}\n", strings.TrimPrefix(ProviderAddr, "registry.terraform.io/")) +
		e.ProviderConfig()
	return w
}

// WriteBody replaces the configuration with body after the provider's
// required_providers and provider blocks (Env.Workdir).
func (w *Workdir) WriteBody(body string) {
	w.t.Helper()
	w.Write(w.prelude + body)
}

// Write replaces the configuration (main.tf).
func (w *Workdir) Write(config string) {
	w.t.Helper()
	if err := os.WriteFile(filepath.Join(w.dir, "main.tf"), []byte(config), 0o600); err != nil {
		w.t.Fatal(err)
	}
}

// Prelude is what starts every configuration WriteBody writes: the
// required_providers block and the provider block of the Env.

func (w *Workdir) Prelude() string { return w.prelude }

// TerraformVersion is the version of the working directory's terraform.
func (w *Workdir) TerraformVersion() *version.Version {
	w.t.Helper()
	var v struct {
		Version string `json:"terraform_version"`
	}
	if err := json.Unmarshal([]byte(w.Must(0, "version", "-json")), &v); err != nil {
		w.t.Fatal(err)
	}
	ver, err := version.NewVersion(v.Version)
	if err != nil {
		w.t.Fatal(err)
	}
	return ver
}

// WriteFile writes a file of the working directory, such as a test file
// under tests/.
func (w *Workdir) WriteFile(name, content string) {
	w.t.Helper()
	p := filepath.Join(w.dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		w.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		w.t.Fatal(err)
	}
}

// Run runs one terraform command and returns its exit code and output.
func (w *Workdir) Run(args ...string) (int, string) {
	w.t.Helper()
	cmd := exec.CommandContext(w.t.Context(), w.tf, args...) //nolint:gosec // the terraform CLI of the tests (TerraformPath), with the test's own arguments
	cmd.Dir = w.dir
	cmd.Env = append(os.Environ(),
		"TF_REATTACH_PROVIDERS="+w.reattach,
		"TF_CLI_CONFIG_FILE=/dev/null", "CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1", "TF_INPUT=0",
	)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	w.Wall = time.Since(start)
	if cmd.ProcessState != nil {
		w.CPU = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	w.t.Logf("terraform %s: %s", args[0], w.Wall.Round(10*time.Millisecond))
	if err != nil {
		if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
			return ee.ExitCode(), out.String()
		}
		w.t.Fatalf("terraform %s: %v", strings.Join(args, " "), err)
	}
	return 0, out.String()
}

// Must runs a command that has to exit with want (0: succeed).
func (w *Workdir) Must(want int, args ...string) string {
	w.t.Helper()
	code, out := w.Run(args...)
	if code != want {
		w.t.Fatalf("terraform %s: exit %d (want %d)\n%s", strings.Join(args, " "), code, want, out)
	}
	return out
}

// ApplySavedPlan plans into a saved plan, runs meanwhile (a change made in
// the portal after the plan: an error fails the test), applies the saved
// plan, which must succeed, and returns its output with its white space
// folded to single spaces (a wrapped line reads as one).
func (w *Workdir) ApplySavedPlan(meanwhile func() error) string {
	w.t.Helper()
	w.Must(0, "plan", "-out", "saved.tfplan", "-no-color")
	if err := meanwhile(); err != nil {
		w.t.Fatalf("after the plan: %v", err)
	}
	return strings.Join(strings.Fields(w.Must(0, "apply", "-no-color", "saved.tfplan")), " ")
}
