package resources_test

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestSkillGroup_importByName: a skill group and its membership are
// imported as que_name:<group name>, which names the same group in every
// contact center (a configuration exported from staging and planned against
// production), where an id names whichever group holds it there. Only the
// exact name is taken: "Sales" is not "Acme Sales" (the list call matches
// names by keyword), nor "support".
func TestSkillGroup_importByName(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	ids := map[string]string{}
	for _, name := range []string{"Acme Sales", "Sales", "Support"} {
		id, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: name, QuePriority: 4})
		if err != nil {
			t.Fatal(err)
		}
		ids[name] = id
	}
	imported := func(typ, id string) (map[string]any, []*tfprotov6.Diagnostic) { return env.ImportByID(t, typ, id) }
	str := func(v any) string { s, _ := v.(string); return s }
	for _, typ := range []string{"contactcenter_skill_group", "contactcenter_skill_group_members"} {
		for _, name := range []string{"Sales", "Support"} {
			state, diags := imported(typ, "que_name:"+name)
			if len(diags) != 0 || state == nil {
				t.Fatalf("%s que_name:%s: diagnostics %v", typ, name, diags)
			}
			if got := str(state["id"]); got != ids[name] {
				t.Errorf("%s que_name:%s imported id %s, want %s", typ, name, got, ids[name])
			}
			if q, ok := state["que_id"]; ok && str(q) != ids[name] {
				t.Errorf("%s que_name:%s imported que_id %s, want %s", typ, name, str(q), ids[name])
			}
		}
		_, diags := imported(typ, "que_name:support")
		if len(diags) != 1 || !strings.HasPrefix(diags[0].Summary, "Cannot Import Non-Existent") ||
			!strings.Contains(diags[0].Detail, `que_name "support": not found: no skill group has this group name (que_name, matched exactly, letter case and spaces included)`) {
			t.Errorf("%s que_name:support: want the name refused as not found, got %v", typ, diags)
		}
		_, diags = imported(typ, "que_name: ")
		if len(diags) != 1 || diags[0].Summary != "Invalid Import ID" || !strings.Contains(diags[0].Detail, "empty group name") {
			t.Errorf("%s que_name: with no name: want Invalid Import ID, got %v", typ, diags)
		}
	}
}

// TestSkillGroup_importByNameHeldDecomposed: Terraform holds an import
// block's id composed (NFC), so a group whose name the platform holds
// decomposed ("Cafe" and U+0301, as some systems type it in the portal)
// was "not found" by que_name:, and the export's own import block of it
// failed the first plan of the exported folder (by id, it imported).
func TestSkillGroup_importByNameHeldDecomposed(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	id, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Cafe\u0301 Nord", QuePriority: 4})
	if err != nil {
		t.Fatal(err)
	}
	for _, typ := range []string{"contactcenter_skill_group", "contactcenter_skill_group_members"} {
		state, diags := env.ImportByID(t, typ, "que_name:Caf\u00e9 Nord")
		if len(diags) != 0 || state == nil {
			for _, d := range diags {
				t.Errorf("%s: %s", d.Summary, d.Detail)
			}
			t.Fatalf("%s que_name:Caf\u00e9 Nord (held decomposed): not imported", typ)
		}
		if got, _ := state["id"].(string); got != id {
			t.Errorf("%s que_name:Caf\u00e9 Nord imported id %s, want %s", typ, got, id)
		}
	}
}
