package datasources_test

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAgentDataSource_notFoundSaysWhenCreatedHere: an agent looked up by
// a number written as text is read at plan, before the same
// configuration's contactcenter_agent creates it. The first plan failed
// "No agent has user_num" without a word of why; the error now says to
// refer to the resource or add depends_on, for a lookup by id too.
func TestAgentDataSource_notFoundSaysWhenCreatedHere(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t)
	for _, c := range []struct {
		config     map[string]any
		want, wref string
	}{
		{map[string]any{"user_num": "8301"}, `No agent has user_num "8301".`, "user_num = contactcenter_agent.<name>.user_num"},
		{map[string]any{"id": "424242"}, `No agent has id 424242.`, "id = contactcenter_agent.<name>.id"},
	} {
		_, diags := acctest.ReadDataSource(t, srv, "contactcenter_agent", c.config)
		var text []string
		for _, d := range diags {
			if d.Severity == tfprotov6.DiagnosticSeverityError {
				text = append(text, d.Summary+": "+d.Detail)
			}
		}
		got := strings.Join(text, "\n")
		for _, want := range []string{"Agent Not Found", c.want,
			"If this configuration creates the agent, refer to its resource (" + c.wref + ") or add depends_on = [contactcenter_agent.<name>]",
			"a data source whose arguments are known at plan is read before any resource is created."} {
			if !strings.Contains(got, want) {
				t.Errorf("%v: the error lacks %q:\n%s", c.config, want, got)
			}
		}
	}
}
