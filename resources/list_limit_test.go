package resources_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestList_limitReachedWarns: Terraform stops reading a list resource at the
// list block's limit (100 when the block sets none). A contact center of
// 250 agents listed 100 of them, exit code 0 and not a word, and
// `terraform query -generate-config-out` wrote an adoption of those 100: a
// silently short list. The result at the limit now carries a warning when
// more objects match; a listing that ends at the limit exactly does not.
func TestList_limitReachedWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	for i := range 3 {
		if _, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: fmt.Sprintf("Hook %d", i), URL: "https://crm.example.com/h"}); err != nil {
			t.Fatal(err)
		}
		num, name, pw := fmt.Sprintf("810%d", i), fmt.Sprintf("Agent %d", i), "Secret-1"
		if _, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: &num, UserName: &name, UserPassword: &pw}); err != nil {
			t.Fatal(err)
		}
	}
	warnings := func(ds []*tfprotov6.Diagnostic) []string {
		var out []string
		for _, d := range ds {
			out = append(out, fmt.Sprintf("%v: %s: %s", d.Severity, d.Summary, d.Detail))
		}
		return out
	}
	for _, typ := range []string{"contactcenter_webhook", "contactcenter_agent"} {
		got := env.List(t, typ, map[string]any{}, false, 2)
		if len(got) != 2 || len(got[0].Diagnostics) != 0 {
			t.Fatalf("%s, limit 2 of 3: %d results, first with %q; want 2, the first without diagnostics", typ, len(got), warnings(got[0].Diagnostics))
		}
		d := got[1].Diagnostics
		if len(d) != 1 || d[0].Severity != tfprotov6.DiagnosticSeverityWarning || d[0].Summary != "Listing Stopped at the Limit" ||
			!strings.Contains(d[0].Detail, "The list block's limit is 2, and more ") ||
			!strings.Contains(d[0].Detail, "Set limit in the list block (for example limit = 5000) to list them all.") {
			t.Errorf("%s, limit 2 of 3: the second result's diagnostics %q, want one warning that more match than the limit", typ, warnings(d))
		}
		if got[1].Identity == nil {
			t.Errorf("%s, limit 2 of 3: the result that carries the warning lost its identity", typ)
		}
		for _, r := range env.List(t, typ, map[string]any{}, false, 3) {
			if len(r.Diagnostics) != 0 {
				t.Errorf("%s, limit 3 of 3: %s has %q, want no diagnostics", typ, r.DisplayName, warnings(r.Diagnostics))
			}
		}
	}
}
