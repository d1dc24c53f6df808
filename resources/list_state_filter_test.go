package resources_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestListStateFilters: a review state no object can be in is refused at
// validation, naming the values, as the agent and task filters already
// were; SMS signatures and templates let the API refuse it (code 400) and
// gateway objects returned nothing without a word (a gateway template
// filtered on the draft state of signatures still did).
func TestListStateFilters(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	for typ, want := range map[string]string{
		"contactcenter_sms_signature":         `state 7 is not one of 0 (reviewing), 1 (approved), 2 (rejected).`,
		"contactcenter_sms_template":          `state 7 is not one of -1 (draft), 0 (pending review), 1 (approved), 2 (rejected).`,
		"contactcenter_gateway_sms_signature": `state 7 is not one of -1 (draft), 0 (pending), 1 (approved), 2 (rejected).`,
		// A gateway template is never a draft (§2.13): -1 matched nothing.
		"contactcenter_gateway_sms_template": `state -1 is not one of 0 (pending), 1 (approved), 2 (rejected).`,
	} {
		state := 7
		if strings.Contains(want, "state -1") {
			state = -1
		}
		got := env.List(t, typ, map[string]any{"state": state}, false, 10)
		if len(got) != 1 || len(got[0].Diagnostics) == 0 || !strings.Contains(got[0].Diagnostics[0].Detail, want) {
			var text []string
			for _, l := range got {
				for _, d := range l.Diagnostics {
					text = append(text, d.Summary+": "+d.Detail)
				}
			}
			t.Errorf("%s with state %d: %d results %q, want one error containing %q", typ, state, len(got), text, want)
		}
	}
	// The agents' user_status filter says what each status means, as the
	// resource's does (it read `value must be one of: ["1" "2" "3"]`).
	got := env.List(t, "contactcenter_agent", map[string]any{"user_status": []int{1, 4}}, false, 10)
	if want := `user_status[1] 4 is not one of 1 (on duty), 2 (resigned), 3 (frozen).`; len(got) != 1 || len(got[0].Diagnostics) == 0 || !strings.Contains(got[0].Diagnostics[0].Detail, want) {
		t.Errorf("agents with user_status [1, 4]: %+v, want one error containing %q", got, want)
	}
}
