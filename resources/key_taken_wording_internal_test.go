package resources

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
)

// takenWarning is the detail of the one "Already Exists" warning
// warnTaken gives for held, flattened as a terminal shows it unwrapped.
func takenWarning(t *testing.T, u uniqueValue, importKey, value string, held []takenBy) string {
	t.Helper()
	var diags diag.Diagnostics
	u.warnTaken(&diags, importKey, value, held)
	if len(diags) != 1 || diags[0].Summary() != u.title+" Already Exists" {
		t.Fatalf("diagnostics %v, want one %q", diags, u.title+" Already Exists")
	}
	return diags[0].Detail()
}

// lacks fails t for each of want that text lacks, and each of unwanted it
// has.
func lacks(t *testing.T, what, text string, want, unwanted []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
	for _, w := range unwanted {
		if strings.Contains(text, w) {
			t.Errorf("%s has %q:\n%s", what, w, text)
		}
	}
}

// TestWarnTakenOneHolder: the plan's warning for one holder speaks of
// "it", imports by value, and says that once an apply with the removed
// block has run, only the import finds the object (that apply forgets it,
// though the create fails: a moved block then found nothing, and the
// plan advised it still). An object another team's configuration manages
// (several states, one contact center) is not to be imported: the warning
// and the apply's hint advised the import for "another state" too, which
// makes two owners that undo each other's changes.
func TestWarnTakenOneHolder(t *testing.T) {
	t.Parallel()
	d := takenWarning(t, agentNumber, "user_num:", "8811", []takenBy{{id: "1001", name: "ann"}})
	lacks(t, "warning", d, []string{
		`This plan creates a new agent with user_num = "8811", and the contact center already has agent 1001 ("ann") with that user_num.`,
		"The user_num is unique on the platform, so the apply will refuse this create",
		"No resource that this provider configuration plans keeps that agent.",
		"- A removed block (lifecycle { destroy = false }) left it in the contact center, holding the user_num: to manage it here, add a moved block",
		"or import it (below; once an apply with the removed block has run, it is out of the state and only the import finds it); " +
			"to leave it unmanaged, give this resource another user_num.",
		"- Another address holds it, or will:",
		"- Another configuration of this contact center (another team's state) manages it: do not import it here too (two states that manage one object " +
			"undo each other's changes, and a destroy in either deletes it). Give this resource another user_num, and read it with a data source where you need it; " +
			"to hand it over, a removed block with lifecycle { destroy = false } in that configuration first, then the import below.",
		"older than the apply that made it, or it was made outside Terraform (the portal, a state no longer used): import it, and plan again",
		"import {\n  to = <the address of this resource, shown above>\n  id = \"user_num:8811\"\n}",
		"under lifecycle { create_before_destroy = true }, the agent is this resource's own,",
	}, []string{"one of them", "those", "refuses several"})
}

// TestWarnTakenSeveralHolders: with several holders (SMS signatures,
// whose text the spec does not make unique) the bullets said "it" ("left
// it in the contact center", "Another address holds it", "import it")
// where they meant those objects, and called the value unique, which two
// objects hold; they now speak of them, and of the one to import, by id,
// and of the platform's refusal of a value already held.
func TestWarnTakenSeveralHolders(t *testing.T) {
	t.Parallel()
	d := takenWarning(t, signatureText, "sign_text:", "Acme", []takenBy{{id: "101"}, {id: "102"}})
	lacks(t, "warning", d, []string{
		`This plan creates a new SMS signature with sign_text = "Acme", and the contact center already has 2 with that sign_text: SMS signature 101, SMS signature 102.`,
		"The platform refuses a sign_text already held, so the apply will refuse this create",
		"No resource that this provider configuration plans keeps those SMS signatures.",
		"cannot tell where those SMS signatures came from.",
		"- A removed block (lifecycle { destroy = false }) left them in the contact center, holding the sign_text: to manage one of them here, add a moved block",
		"to leave them unmanaged, give this resource another sign_text.",
		"- Another address holds one of them, or will:",
		"- Another configuration of this contact center (another team's state) manages them: do not import them here too",
		"older than the apply that made them, or they were made outside Terraform (the portal, a state no longer used): " +
			"import one of them by its id (an import by sign_text refuses several), and plan again",
		"import {\n  to = <the address of this resource, shown above>\n  id = \"101\"\n}",
		"under lifecycle { create_before_destroy = true }, one of those SMS signatures is this resource's own,",
	}, []string{"is unique", "left it ", "holds it,", "import it,", "made it,", "it was made", "leave it ", "sign_text:Acme"})
}

// TestRefusedHint: the apply's hint for a create the platform refused
// because its unique value is taken names the holder, the field, the rule
// and the value, and the likely causes with their advice, asserting none:
// it said "import it ...; otherwise choose another user_num", wrong after
// a removed block (the apply forgets its objects: a moved block finds
// nothing) and silent on the causes.
func TestRefusedHint(t *testing.T) {
	t.Parallel()
	causes := []string{
		"The provider cannot tell why",
		"\n- Made outside any state (the portal, a state lost or restored from an older backup, an earlier apply whose answer was lost):",
		"\n- Managed by another configuration (another team's state): do not import",
		"here too (two states that manage one object undo each other's changes, and a destroy in either deletes it): give this resource another",
		"(a removed block with lifecycle { destroy = false } in that configuration, then the import here).",
		"\n- Left by a removed block (lifecycle { destroy = false }): this apply forgot that block's objects although this create failed, " +
			"so a moved block no longer finds them:",
		"\n- Adopted in this apply by an import block through another provider configuration:",
		"\n- Held by another address of this configuration that this apply deletes (a for_each key or resource name changed without a moved block): do not import;",
		"under lifecycle { create_before_destroy = true }: it holds the",
		"Remove create_before_destroy from this resource",
	}
	unwanted := []string{"most likely", "otherwise choose another"}
	t.Run("one", func(t *testing.T) {
		t.Parallel()
		h := agentNumber.refusedHint("user_num:", "8811", []takenBy{{id: "1001", name: "ann"}})
		lacks(t, "hint", h, append([]string{
			`agent 1001 ("ann") already has user_num = "8811", which is unique on the platform.`,
			`(the plan's "Agent Already Exists" warning, if it showed one, says more)`,
			`import it (terraform import <address> 1001, or an import block with id = "user_num:8811"), or give this resource another user_num.`,
			"import it as above, or give this resource another user_num.",
			"keeps the agent as it is.",
			"- This resource's own agent, which this create replaces",
			"or change the user_num in the same apply",
		}, causes...), unwanted)
	})
	t.Run("several", func(t *testing.T) {
		t.Parallel()
		h := signatureText.refusedHint("sign_text:", "Acme", []takenBy{{id: "101"}, {id: "102"}})
		lacks(t, "hint", h, append([]string{
			`2 SMS signatures (SMS signature 101, SMS signature 102) already have sign_text = "Acme", and the platform refuses a sign_text already held.`,
			"import one of them (terraform import <address> 101, or an import block with that id: one by sign_text refuses several)",
			"import one of them as above",
		}, causes...), append(unwanted, "sign_text:Acme", "is unique"))
	})
	t.Run("holder unknown", func(t *testing.T) {
		t.Parallel()
		h := groupName.refusedHint("que_name:", "Support", nil)
		lacks(t, "hint", h, append([]string{
			`another skill group already has que_name = "Support", which is unique on the platform.`,
			`import it (terraform import <address> <its id>, or an import block with id = "que_name:Support")`,
		}, causes...), unwanted)
	})
}
