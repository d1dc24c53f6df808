package soak

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

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// providerAddr is the provider's source address; the configuration's
// required_providers names it, and TF_REATTACH_PROVIDERS serves it.
const providerAddr = acctest.ProviderAddr

// workspace is one Terraform working directory driven through the CLI, with
// the provider served in process (reattached, as terraform-plugin-testing
// does). Unlike resource.Test it lets a step fail and be run again, which
// is what a user does when an apply meets a flaky network.
type workspace struct {
	t        *testing.T
	dir      string
	tf       string
	reattach string
}

// newWorkspace serves env's provider in process and prepares dir for the
// CLI; everything stops when t ends.
func newWorkspace(t *testing.T, env *acctest.Env) *workspace {
	t.Helper()
	acctest.PreCheck(t)
	tf := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if tf == "" {
		var err error
		if tf, err = exec.LookPath("terraform"); err != nil {
			t.Fatalf("terraform CLI: %v", err)
		}
	}
	w := &workspace{t: t, dir: t.TempDir(), tf: tf, reattach: env.Reattach(t)}
	return w
}

// write replaces the configuration.
func (w *workspace) write(config string) {
	w.t.Helper()
	head := fmt.Sprintf("terraform {\n  required_providers {\n    contactcenter = { source = %q }\n  }\n}\n", strings.TrimPrefix(providerAddr, "registry.terraform.io/"))
	if err := os.WriteFile(filepath.Join(w.dir, "main.tf"), []byte(head+config), 0o600); err != nil {
		w.t.Fatal(err)
	}
}

// run runs one terraform command and returns its exit code and output.
func (w *workspace) run(args ...string) (int, string) {
	w.t.Helper()
	cmd := exec.CommandContext(w.t.Context(), w.tf, args...)
	cmd.Dir = w.dir
	cmd.Env = append(os.Environ(),
		"TF_REATTACH_PROVIDERS="+w.reattach,
		"TF_CLI_CONFIG_FILE=/dev/null", "CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1", "TF_INPUT=0",
	)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	w.t.Logf("terraform %s: %s", args[0], time.Since(start).Round(10*time.Millisecond))
	if err != nil {
		if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
			return ee.ExitCode(), out.String()
		}
		w.t.Fatalf("terraform %s: %v", strings.Join(args, " "), err)
	}
	return 0, out.String()
}

// must runs a command that has to succeed.
func (w *workspace) must(args ...string) string {
	w.t.Helper()
	code, out := w.run(args...)
	if code != 0 {
		w.t.Fatalf("terraform %s: exit %d\n%s", strings.Join(args, " "), code, out)
	}
	return out
}

// stateIDs returns the id of every resource instance in the state, by
// address.
func (w *workspace) stateIDs() map[string]string {
	w.t.Helper()
	var st struct {
		Values *struct {
			RootModule struct {
				Resources []struct {
					Address string         `json:"address"`
					Values  map[string]any `json:"values"`
				} `json:"resources"`
			} `json:"root_module"`
		} `json:"values"`
	}
	if err := json.Unmarshal([]byte(w.must("show", "-json", "-no-color")), &st); err != nil {
		w.t.Fatalf("terraform show -json: %v", err)
	}
	ids := map[string]string{}
	if st.Values == nil {
		return ids
	}
	for _, r := range st.Values.RootModule.Resources {
		id, _ := r.Values["id"].(string)
		ids[r.Address] = id
	}
	return ids
}

// errorSummaries are the "Error: ..." lines of a command's output, for the
// report of a failed step.
func errorSummaries(out string) []string {
	var errs []string
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		l = strings.TrimLeft(l, "│ ")
		if !strings.HasPrefix(l, "Error: ") {
			continue
		}
		msg := l
		// The resource address and the detail's first line follow.
		for j := i + 1; j < len(lines) && j <= i+12; j++ {
			d := strings.TrimSpace(strings.TrimLeft(lines[j], "│"))
			if strings.HasPrefix(d, "╵") || strings.HasPrefix(d, "Error: ") {
				break
			}
			if d != "" && !strings.HasPrefix(d, "on main.tf") && !strings.Contains(d, ": resource \"") {
				msg += " | " + d
			}
		}
		errs = append(errs, msg)
	}
	return errs
}
