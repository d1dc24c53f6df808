package resources

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// TestWarnDeletedAndCreated_shiftedKeys: the values of a for_each map moved
// between its keys ({a = 9101, b = 9102, c = 9103} became {a = 9102, b =
// 9103}, or two keys swapped theirs) plan replacements at addresses that
// stay in the configuration. The warning said "a for_each key or a resource
// name changed without a moved block" and advised a moved block from the
// old address to the new one, which Terraform refuses there ("Moved object
// still exists": the old address is still declared). It now says the values
// moved between keys, that a moved block cannot say it, and what does
// (keying by the user_num with moved blocks, or terraform state mv); a key
// renamed (a destroy at one address, a create at the other) keeps the
// moved-block advice. Each pair is planned in both orders.
func TestWarnDeletedAndCreated_shiftedKeys(t *testing.T) {
	t.Parallel()
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"user_num": tftypes.String}}
	agent := func(num string) tftypes.Value {
		if num == "" {
			return tftypes.NewValue(typ, nil)
		}
		return tftypes.NewValue(typ, map[string]tftypes.Value{"user_num": tftypes.NewValue(tftypes.String, num)})
	}
	// plan is one instance's plan: from the state's user_num to the
	// planned one ("" for none: a create or a destroy).
	type plan struct{ from, to string }
	run := func(claims *tfkit.Claims, p plan) diag.Diagnostics {
		var diags diag.Diagnostics
		req := resource.ModifyPlanRequest{State: tfsdk.State{Raw: agent(p.from)}, Plan: tfsdk.Plan{Raw: agent(p.to)}}
		agentNumber.warnDeletedAndCreated(req, claims, &diags)
		return diags
	}
	const shifted, renamed = `Moved object still exists`, `Add a moved block from the old address to the new one`
	for _, tc := range []struct {
		name  string
		plans []plan
		want  string
	}{
		{"replaced, then the destroy at the old key", []plan{{"9102", "9103"}, {"9103", ""}}, shifted},
		{"destroy at the old key, then the replacement", []plan{{"9103", ""}, {"9102", "9103"}}, shifted},
		{"two replacements", []plan{{"9101", "9102"}, {"9102", "9103"}}, shifted},
		{"two keys swap", []plan{{"9101", "9102"}, {"9102", "9101"}}, shifted},
		{"a key renamed, destroy first", []plan{{"9101", ""}, {"", "9101"}}, renamed},
		{"a key renamed, create first", []plan{{"", "9101"}, {"9101", ""}}, renamed},
	} {
		claims := &tfkit.Claims{}
		var got []string
		for _, p := range tc.plans {
			for _, d := range run(claims, p) {
				if d.Summary() == "Agent Deleted and Created Again" {
					got = append(got, d.Detail())
				}
			}
		}
		if len(got) == 0 {
			t.Errorf("%s: no \"Agent Deleted and Created Again\"", tc.name)
			continue
		}
		for _, detail := range got {
			other := renamed
			if tc.want == renamed {
				other = shifted
			}
			if !strings.Contains(detail, tc.want) || strings.Contains(detail, other) {
				t.Errorf("%s: warning lacks %q (or has %q):\n%s", tc.name, tc.want, other, detail)
			}
		}
	}
}

// TestWarnChangedGivenUp_pointsAtMovedKeys: in the same plans (the values
// of a for_each map moved between its keys) an agent's create of a number
// another instance gives up warns "Agent user_num Swapped" or "… Still
// Held", whose advice (a temporary number in two applies, -target, or
// depends_on, which cannot join two instances of one resource) gets the
// numbers through by replacing both agents, and said nothing of keeping
// them. For a kind whose value change replaces the object, each now points
// at the "Deleted and Created Again" warning; a skill group's rename (an
// update in place, its group kept) does not.
func TestWarnChangedGivenUp_pointsAtMovedKeys(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		u         uniqueValue
		to, title string
		points    bool
	}{
		{agentNumber, "9101", "Agent user_num Swapped", true},
		{agentNumber, "9103", "Agent user_num Still Held", true},
		{groupName, "9101", "Skill Group que_name Swapped", false},
		{groupName, "9103", "Skill Group que_name Still Held", false},
	} {
		claims := &tfkit.Claims{}
		claims.PlanRename(tc.u.key("9102"), "1004", tc.to)
		var diags diag.Diagnostics
		tc.u.warnChangedGivenUp(&diags, claims, "9101", "9102", []takenBy{{id: "1004", name: "Bob"}})
		if len(diags) != 1 || diags[0].Summary() != tc.title {
			t.Errorf("%s: diagnostics %v, want one %q", tc.title, diags, tc.title)
			continue
		}
		want := tc.u.title + ` Deleted and Created Again" warning of this plan says how to keep them.`
		if got := strings.Contains(diags[0].Detail(), want); got != tc.points {
			t.Errorf("%s: has %q: %v, want %v:\n%s", tc.title, want, got, tc.points, diags[0].Detail())
		}
	}
}
