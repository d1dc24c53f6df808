package importer_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// TestPlan_requiredCellOfWhiteSpace: a new agent's name or password cell
// that looks empty and holds white space (a no-break space pasted from a
// web page) was "user_name is required", which said nothing of what the
// cell holds. The name's is quoted, the password's named by its character
// only (a password is never echoed); an empty cell is as it was.
func TestPlan_requiredCellOfWhiteSpace(t *testing.T) {
	t.Parallel()
	path := book(t, "Agents", [][]any{
		{"user_num", "user_name", "user_password"},
		{"9001", "\u00a0", "\u00a0\u3000"},
		{"9002", nil, "Pw123456!"},
	})
	r, probs, err := importer.ReadRoster(path)
	if err != nil || len(probs) > 0 {
		t.Fatal(err, probs)
	}
	_, probs, err = importer.PlanRoster(context.Background(), importertest.NewAgents(), r, importer.PlanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`Agents!B2: user_name "\u00a0" holds white space only (a no-break space (U+00A0)), so it looks empty: user_name is required, agent 9001 does not exist yet and will be created`,
		`Agents!C2: user_password holds white space only (a no-break space (U+00A0), an ideographic (full-width) space (U+3000)), so it looks empty: user_password is required, agent 9001 does not exist yet and will be created`,
		`Agents!B3: user_name is required: agent 9002 does not exist yet and will be created`,
	}
	if d := cmp.Diff(want, lines(probs)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}
