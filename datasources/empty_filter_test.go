package datasources_test

import (
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestDataSources_emptyFilterRefused: the client leaves an empty text
// filter out of the request, so `user_num = var.num` with an empty
// variable read every agent (every webhook, number, binding...) where the
// configuration asked for one. An empty filter is now refused at plan time,
// naming the attribute.
func TestDataSources_emptyFilterRefused(t *testing.T) {
	t.Parallel()
	cases := map[string]acctest.PlanError{}
	for _, c := range []struct{ typ, attr string }{
		{"agents", "user_num"}, {"trunk_numbers", "code"}, {"webhooks", "name"}, {"webhooks", "url"},
		{"virtual_number_bindings", "virtual"}, {"sms_signatures", "sign_text"}, {"sms_templates", "keyword"},
		{"sms_records", "mobile"}, {"outbound_tasks", "name"}, {"skill_groups", "keyword"}, {"sounds", "keyword"}, {"ivrs", "ivr_name"},
	} {
		cases[c.typ+"."+c.attr] = acctest.PlanError{
			Config: `data "contactcenter_` + c.typ + `" "x" { ` + c.attr + ` = "" }`,
			Want:   `Attribute ` + c.attr + ` string length must be at least 1, got: 0`,
		}
	}
	// The set filters of contactcenter_agents too: `user_ids = [for ...]`
	// that comes out empty listed every agent.
	for _, attr := range []string{"user_ids", "dept_ids", "role_ids", "queue_ids", "position_ids", "user_status", "user_type"} {
		cases["agents."+attr] = acctest.PlanError{
			Config: `data "contactcenter_agents" "x" { ` + attr + ` = [] }`,
			Want:   `Attribute ` + attr + ` set must contain at least 1 elements, got: 0`,
		}
	}
	// An agent number with white space around it matched no agent, with no
	// word: numbers are stored trimmed.
	for _, typ := range []string{"agents", "agent"} {
		cases[typ+".user_num spaced"] = acctest.PlanError{
			Config: `data "contactcenter_` + typ + `" "x" { user_num = " 9001" }`,
			Want:   `Attribute user_num must not begin or end with white space (agent numbers are stored trimmed: it would match no agent)`,
		}
	}
	// A mobile with no digit is empty once spaces and dashes go: it listed
	// every record.
	cases["sms_records.mobile -"] = acctest.PlanError{
		Config: `data "contactcenter_sms_records" "x" { mobile = " - " }`,
		Want:   `Attribute mobile must hold digits (spaces and dashes are removed), got:  -`,
	}
	acctest.New(t).ExpectPlanErrors(t, cases)
}
