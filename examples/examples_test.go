// Package examples holds the configurations the docs show. This test applies
// each of them as written against its own simulator, as a user would: apply
// (with an empty plan after it), destroy, and the same again on the same
// simulator, which catches examples that cannot be applied twice.
package examples

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// actionBlock finds configurations that need Terraform 1.14 (actions).
var actionBlock = regexp.MustCompile(`(?m)^\s*(action\s+"[^"]+"\s+"[^"]+"|action_trigger\s*\{)`)

// ownSetup finds what the harness supplies itself: an example's terraform
// block (its registry source is not the provider under test) and its
// provider block (the harness points the provider at the simulator).
var ownSetup = regexp.MustCompile(`(?ms)^(terraform|provider\s+"contactcenter")\s*\{(\}|.*?^\})\n?`)

func TestAccExamples_applyTwice(t *testing.T) {
	dirs := exampleDirs(t)
	for _, dir := range dirs {
		if strings.HasPrefix(dir, "actions/") || dir == "provider" {
			continue // actions: TestExamples_actions; provider: only a provider block
		}
		t.Run(dir, func(t *testing.T) {
			t.Parallel()
			// As the README starts it (--auto-approve): the platform's review
			// approves what the examples wait for (wait_for_approval).
			env := acctest.New(t, func(o *simulator.Options) { o.AutoApprove = time.Second })
			cfg := exampleConfig(t, dir, env)
			if actionBlock.MatchString(cfg) {
				t.Skipf("%s has action blocks: Terraform >= 1.14 applies them (TF_ACC_TERRAFORM_PATH)", dir)
			}
			for round := 1; round <= 2; round++ {
				resource.Test(t, resource.TestCase{
					PreCheck:                 func() { acctest.PreCheck(t) },
					ProtoV6ProviderFactories: env.Factories(),
					Steps:                    []resource.TestStep{{Config: cfg}},
				})
				if t.Failed() {
					t.Fatalf("round %d of apply, plan, destroy failed", round)
				}
			}
		})
	}
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

// exampleConfig is the example's configuration with a provider block for
// env's simulator (the examples leave the provider to the environment, as
// users are told to); files beside it are found through path.module.
func exampleConfig(t *testing.T, dir string, env *acctest.Env) string {
	t.Helper()
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString(env.ProviderConfig())
	files, _ := filepath.Glob(filepath.Join(dir, "*.tf"))
	for _, f := range files {
		if strings.HasPrefix(filepath.Base(f), "import") {
			continue // import-by-*.tf: import blocks of the docs, for objects that exist elsewhere
		}
		s, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString(strings.ReplaceAll(ownSetup.ReplaceAllString(string(s), ""), "${path.module}", abs))
		b.WriteString("\n")
	}
	return b.String()
}
