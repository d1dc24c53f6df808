package acctest_test

import (
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

func TestActionServerConfigures(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	// Fails the test when the provider cannot be configured in process.
	_ = env.ActionServer(t)
	res := env.RunAction(t, "contactcenter_no_such_action", map[string]any{})
	if !res.HasError() || res.Phase != "validate" {
		t.Fatalf("an unknown action must fail at validate, got phase %q: %s", res.Phase, res.Text())
	}
}
