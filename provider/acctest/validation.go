package acctest

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// PlanError is a configuration (without the provider block) that must fail
// at plan time with Want, a literal part of the error message.
type PlanError = struct{ Config, Want string }

// ExpectPlanErrors plans each case and expects its error, then runs the
// extra steps (plans that must pass, at the edge of a rule), and fails t
// when any of it reached the API: a rule checked at plan time never reaches
// the service.
func (e *Env) ExpectPlanErrors(t *testing.T, cases map[string]PlanError, extra ...resource.TestStep) {
	t.Helper()
	steps := make([]resource.TestStep, 0, len(cases)+len(extra))
	for _, tc := range cases {
		steps = append(steps, resource.TestStep{
			Config: e.Config(tc.Config), PlanOnly: true,
			ExpectError: regexp.MustCompile(regexp.QuoteMeta(tc.Want)),
		})
	}
	steps = append(steps, extra...)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { PreCheck(t) },
		ProtoV6ProviderFactories: e.Factories(),
		Steps:                    steps,
	})
	if n := e.Requests(); n != 0 {
		t.Errorf("plan-time validation reached the API: %d requests (%v)", n, e.Sim.Stats())
	}
}
