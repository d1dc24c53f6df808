package acctest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// PlanError is a configuration (without the provider block) that must fail
// at plan time with Want, a literal part of the error message.
type PlanError = struct{ Config, Want string }

// ValidationCLIEnv names the environment variable that, set to 1, makes
// ExpectPlanErrors plan every case through the Terraform CLI as well as in
// process: the way to confirm that the two agree.
const ValidationCLIEnv = "ACCTEST_VALIDATION_CLI"

// ExpectPlanErrors plans each case and expects its error, then runs the
// extra steps (plans that must pass, at the edge of a rule), and fails t
// when any of it reached the API: a rule checked at plan time never reaches
// the service.
//
// Every case is planned in process, against the protocol-6 provider server
// (see inprocess.go): no Terraform CLI, a few milliseconds a case. One case
// (the first by name) and the extra steps still go through the Terraform
// CLI, so that the path Terraform takes stays covered for every object; so
// does any case the in-process runner cannot model (logged with the reason).
// With ACCTEST_VALIDATION_CLI=1 every case goes through the CLI too.
func (e *Env) ExpectPlanErrors(t *testing.T, cases map[string]PlanError, extra ...resource.TestStep) {
	t.Helper()
	names := make([]string, 0, len(cases))
	for name := range cases {
		names = append(names, name)
	}
	sort.Strings(names)

	var viaCLI []string
	if len(names) > 0 {
		viaCLI = append(viaCLI, names[0])
	}
	for _, name := range names {
		r := checkCase(t.Context(), newServer, e.ProviderConfig(), cases[name])
		switch {
		case r.Fallback != "":
			t.Logf("case %q: planned by the Terraform CLI, the in-process runner does not model it: %s", name, r.Fallback)
			if name != names[0] {
				viaCLI = append(viaCLI, name)
			}
		case r.Err != nil:
			t.Errorf("case %q (in process): %v", name, r.Err)
		}
	}
	if os.Getenv(ValidationCLIEnv) == "1" {
		viaCLI = names
	}
	t.Logf("%d plan-error cases checked in process; %d of them, and %d extra steps, through the Terraform CLI", len(names), len(viaCLI), len(extra))

	steps := make([]resource.TestStep, 0, len(viaCLI)+len(extra))
	for _, name := range viaCLI {
		steps = append(steps, resource.TestStep{
			Config: e.Config(cases[name].Config), PlanOnly: true,
			ExpectError: wantRegexp(cases[name].Want),
		})
	}
	steps = append(steps, extra...)
	if len(steps) > 0 {
		resource.Test(t, resource.TestCase{
			PreCheck:                 func() { PreCheck(t) },
			ProtoV6ProviderFactories: e.Factories(),
			Steps:                    steps,
		})
	}
	if n := e.Requests(); n != 0 {
		t.Errorf("plan-time validation reached the API: %d requests (%v)", n, e.Sim.Stats())
	}
}

// wantRegexp matches want in the CLI's output literally but for white
// space, as matchWant does in process: Terraform wraps long messages, so any
// space may be a line break.
func wantRegexp(want string) *regexp.Regexp {
	words := strings.Fields(want)
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	return regexp.MustCompile(strings.Join(words, `\s+`))
}

// caseResult is the in-process verdict on one case: Err is nil when the
// plan reported Want; Fallback, when set, says the case needs the CLI.
type caseResult struct {
	Fallback string
	Err      error
}

// checkCase plans tc in process on a server from newSrv and checks that an
// error diagnostic carries tc.Want. A failure of the runner itself is an
// error whatever the diagnostics, never a pass.
func checkCase(ctx context.Context, newSrv func() (tfprotov6.ProviderServer, error), providerConfig string, tc PlanError) caseResult {
	srv, err := newSrv()
	if err != nil {
		return caseResult{Err: harnessf("provider server: %v", err)}
	}
	out, err := planWithServer(ctx, srv, providerConfig, tc.Config)
	if err != nil {
		var he *harnessError
		if errors.As(err, &he) {
			return caseResult{Err: fmt.Errorf("%w\n(the runner failed, not the configuration; %s=1 shows what Terraform reports)", err, ValidationCLIEnv)}
		}
		return caseResult{Err: err}
	}
	if out.Fallback != "" {
		return caseResult{Fallback: out.Fallback}
	}
	if matchWant(out.Diags, tc.Want) {
		return caseResult{}
	}
	what := "the plan succeeded"
	if hasErr(out.Diags) {
		what = "no error diagnostic contains it"
	}
	return caseResult{Err: fmt.Errorf("want an error containing %q, but %s; the diagnostics:\n%s\n"+
		"(if the Terraform CLI reports it, %s=1, the in-process runner differs from Terraform: fix provider/acctest)",
		tc.Want, what, diagLines(out.Diags), ValidationCLIEnv)}
}

// matchWant reports whether an error diagnostic contains want, literally
// but for white space (Terraform wraps long lines in its output): in its
// summary, its detail, or both joined as Terraform prints them.
func matchWant(ds []*tfprotov6.Diagnostic, want string) bool {
	w := normSpace(want)
	for _, d := range ds {
		if d.Severity != tfprotov6.DiagnosticSeverityError {
			continue
		}
		for _, c := range []string{d.Summary, d.Detail, d.Summary + ": " + d.Detail, d.Summary + " " + d.Detail} {
			if strings.Contains(normSpace(c), w) {
				return true
			}
		}
	}
	return false
}

func normSpace(s string) string { return strings.Join(strings.Fields(s), " ") }
