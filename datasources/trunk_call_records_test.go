package datasources_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

func TestAccTrunkCallRecordsDataSource_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	today := time.Now().Format("2006-01-02")
	recs, err := client.Collect(env.Client(t).Reference.TrunkCDRs(t.Context(), client.CDRFilter{TimeStartBegin: today + " 00:00:00", TimeStartEnd: today + " 23:59:59"}))
	if err != nil || len(recs) == 0 {
		t.Fatalf("seeded records for today: %d, %v", len(recs), err)
	}
	callID := string(recs[0].CallID)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(fmt.Sprintf(`
data "contactcenter_trunk_call_records" "today" {
  time_start_begin = "%[1]s 00:00:00"
  time_start_end   = "%[1]s 23:59:59"
}
data "contactcenter_trunk_call_records" "one" { call_id = %[2]q }
`, today, callID)),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.contactcenter_trunk_call_records.today", tfjsonpath.New("records"), knownvalue.ListSizeExact(len(recs))),
				statecheck.ExpectKnownValue("data.contactcenter_trunk_call_records.one", tfjsonpath.New("records"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.ObjectPartial(map[string]knownvalue.Check{
						"call_id":        knownvalue.StringExact(callID),
						"vcc_id":         knownvalue.Int64Exact(10001),
						"call_type_name": knownvalue.NotNull(),
						"time_start":     knownvalue.StringRegexp(regexp.MustCompile("^" + today)),
						"dur_all":        knownvalue.NotNull(),
					}),
				})),
			},
		}},
	})
}

func TestAccTrunkCallRecordsDataSource_validation(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cases := map[string]struct{ body, want string }{
		"no filter":       {`{}`, `Either call_id, or both time_start_begin and time_start_end, are required`},
		"only begin":      {`{ time_start_begin = "2026-01-01 00:00:00" }`, `Either call_id, or both`},
		"call and begin":  {`{ call_id = "x" ` + "\n" + ` time_start_begin = "2026-01-01 00:00:00" }`, `set together`},
		"over a month":    {`{ ` + "\n" + `time_start_begin = "2026-01-01 00:00:00"` + "\n" + `time_start_end = "2026-02-01 00:00:01" }`, `The range "2026-01-01 00:00:00" to "2026-02-01 00:00:01" is longer than one month`},
		"begin after end": {`{ ` + "\n" + `time_start_begin = "2026-01-02 00:00:00"` + "\n" + `time_start_end = "2026-01-01 00:00:00" }`, `is after`},
		"bad format":      {`{ ` + "\n" + `time_start_begin = "2026-01-01"` + "\n" + `time_start_end = "2026-01-02 00:00:00" }`, `must be in the format yyyy-mm-dd HH:ii:ss`},
		"empty call_id":   {`{ call_id = "" }`, `call_id string length must be at least 1`},
		// The missing end is named, with the end that is set and its value.
		"only begin names end": {`{ time_start_begin = "2026-11-01 00:00:00" }`,
			`time_start_end is missing: time_start_begin is set ("2026-11-01 00:00:00")`},
		"call and end names begin": {`{ call_id = "x" ` + "\n" + ` time_start_end = "2026-11-01 00:00:00" }`,
			`time_start_begin is missing: time_start_end is set ("2026-11-01 00:00:00")`},
		// The latest allowed end for that begin, by the clamping rule (Jan 31 + one month = Feb 28, same time).
		"over a month, latest end": {`{ ` + "\n" + `time_start_begin = "2026-01-31 00:00:00"` + "\n" + `time_start_end = "2026-02-28 23:59:59" }`,
			`for that time_start_begin the latest time_start_end is "2026-02-28 00:00:00"`},
		"no such day": {`{ ` + "\n" + `time_start_begin = "2026-02-30 00:00:00"` + "\n" + `time_start_end = "2026-03-02 00:00:00" }`,
			`time_start_begin "2026-02-30 00:00:00" is written as yyyy-mm-dd HH:ii:ss but is not a date and time of the calendar`},
	}
	// A call_id known only at apply (from a resource) does not hold back the
	// range's rules, which the range alone decides: they failed at apply,
	// after the webhook was created.
	unknownCall := `resource "contactcenter_webhook" "w" {
  name = "w"
  url  = "https://hooks.example.com/w"
}
`
	unknown := map[string]struct{ body, want string }{
		"unknown call_id, over a month": {`{ call_id = contactcenter_webhook.w.id ` + "\n" + `time_start_begin = "2026-01-31 00:00:00"` + "\n" + `time_start_end = "2026-03-01 00:00:00" }`,
			`for that time_start_begin the latest time_start_end is "2026-02-28 00:00:00"`},
		"unknown call_id, begin after end": {`{ call_id = contactcenter_webhook.w.id ` + "\n" + `time_start_begin = "2026-01-02 00:00:00"` + "\n" + `time_start_end = "2026-01-01 00:00:00" }`,
			`is after`},
		"unknown call_id, only begin": {`{ call_id = contactcenter_webhook.w.id ` + "\n" + ` time_start_begin = "2026-01-01 00:00:00" }`,
			`time_start_end is missing: time_start_begin is set ("2026-01-01 00:00:00")`},
	}
	plan := map[string]acctest.PlanError{}
	for name, tc := range cases {
		plan[name] = acctest.PlanError{
			Config: `data "contactcenter_trunk_call_records" "x" ` + strings.NewReplacer("{ ", "{\n", " }", "\n}").Replace(tc.body), Want: tc.want,
		}
	}
	for name, tc := range unknown {
		plan[name] = acctest.PlanError{
			Config: unknownCall + `data "contactcenter_trunk_call_records" "x" ` + strings.NewReplacer("{ ", "{\n", " }", "\n}").Replace(tc.body), Want: tc.want,
		}
		plan["vos: "+name] = acctest.PlanError{
			Config: unknownCall + `data "contactcenter_vos_call_records" "x" ` + strings.NewReplacer("{ ", "{\n", " }", "\n}").Replace(tc.body), Want: tc.want,
		}
	}
	env.ExpectPlanErrors(t, plan)
}
