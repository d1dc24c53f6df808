package resources_test

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestImportReadKeepsWalk: the read that follows an import is no refresh
// of the state. A plan that imports an object the state already holds at
// another address (the case "Skill Group Managed Twice" warns of) read it
// twice, and Claims.Refreshed took the second read for a later command's
// plan: what the plan had recorded before was forgotten, and a second
// agent with an agent's user_num, planned after the import, no longer
// warned "Agent Created Twice". In process: one walk refreshes a group,
// plans an agent, imports the same group and reads it, and plans another
// agent with the same user_num and e-mail.
func TestImportReadKeepsWalk(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t)
	groups := acctest.NewResources(t, func() tfprotov6.ProviderServer { return srv }, "contactcenter_skill_group")
	g := groups.Apply(nil, []any{map[string]any{"que_name": "Imported twice", "que_priority": 1}})[0]
	read := func(step string, state *tfprotov6.DynamicValue, private []byte) {
		t.Helper()
		r, err := srv.ReadResource(t.Context(), &tfprotov6.ReadResourceRequest{TypeName: "contactcenter_skill_group", CurrentState: state, Private: private})
		if err != nil || (acctest.ActionResult{Diagnostics: r.Diagnostics}).HasError() {
			t.Fatalf("%s: %v %v", step, err, r.Diagnostics)
		}
	}
	agent, plan := agentPlanner(t, srv)
	name := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }

	read("refresh", g.State, g.Private)
	if got := plan("first agent", agent("9331", name("Agent 1"))); strings.Contains(got, "Twice") {
		t.Fatalf("first agent: %s", got)
	}
	// An import block brings the same group in at another address.
	ty := groups.Type()
	var id string
	if err := func() error {
		v, err := g.State.Unmarshal(ty)
		if err != nil {
			return err
		}
		var m map[string]tftypes.Value
		if err := v.As(&m); err != nil {
			return err
		}
		return m["id"].As(&id)
	}(); err != nil {
		t.Fatal(err)
	}
	imp, err := srv.ImportResourceState(t.Context(), &tfprotov6.ImportResourceStateRequest{TypeName: "contactcenter_skill_group", ID: id})
	if err != nil || (acctest.ActionResult{Diagnostics: imp.Diagnostics}).HasError() || len(imp.ImportedResources) != 1 {
		t.Fatalf("import %s: %v %v", id, err, imp)
	}
	read("the import's read", imp.ImportedResources[0].State, imp.ImportedResources[0].Private)
	got := plan("second agent", agent("9331", name("Agent 2")))
	for _, want := range []string{"Agent Created Twice", "Agent user_email Given Twice"} {
		if !strings.Contains(got, want) {
			t.Errorf("a second agent with user_num 9331 planned after the import's read: no %q:\n%s", want, got)
		}
	}
}
