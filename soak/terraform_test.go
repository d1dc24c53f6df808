package soak

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// providerAddr is the provider's source address; the configuration's
// required_providers names it, and TF_REATTACH_PROVIDERS serves it.
const providerAddr = acctest.ProviderAddr

// workspace is one Terraform working directory driven through the CLI
// (acctest.Workdir) with this test's provider served in process.
type workspace struct {
	*acctest.Workdir
	t *testing.T
}

// newWorkspace serves env's provider in process and prepares dir for the
// CLI; everything stops when t ends.
func newWorkspace(t *testing.T, env *acctest.Env) *workspace {
	t.Helper()
	acctest.PreCheck(t)
	tf, err := acctest.TerraformPath()
	if err != nil {
		t.Fatalf("terraform CLI: %v", err)
	}
	return &workspace{Workdir: acctest.NewWorkdir(t, tf, env.Reattach(t)), t: t}
}

// write replaces the configuration, after the required_providers block.
func (w *workspace) write(config string) {
	w.t.Helper()
	head := fmt.Sprintf("terraform {\n  required_providers {\n    contactcenter = { source = %q }\n  }\n}\n", strings.TrimPrefix(providerAddr, "registry.terraform.io/"))
	w.Write(head + config)
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
	if err := json.Unmarshal([]byte(w.Must(0, "show", "-json", "-no-color")), &st); err != nil {
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
