package datasources_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

func TestAccVOSCallRecordsDataSource_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	now := time.Now()
	today := now.Format("2006-01-02")
	weekAgo := now.AddDate(0, 0, -7).Format("2006-01-02")
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(fmt.Sprintf(`
data "contactcenter_vos_call_records" "today" {}
data "contactcenter_vos_call_records" "week" {
  time_start_begin = "%s 00:00:00"
  time_start_end   = "%s 23:59:59"
}
`, weekAgo, today)),
			ConfigStateChecks: []statecheck.StateCheck{
				// The seed holds three calls today, two more in the last week and one 10 and 40 days ago.
				statecheck.ExpectKnownValue("data.contactcenter_vos_call_records.today", tfjsonpath.New("records"), knownvalue.ListSizeExact(3)),
				statecheck.ExpectKnownValue("data.contactcenter_vos_call_records.week", tfjsonpath.New("records"), knownvalue.ListSizeExact(5)),
				statecheck.ExpectKnownValue("data.contactcenter_vos_call_records.today", tfjsonpath.New("records").AtSliceIndex(0),
					knownvalue.ObjectPartial(map[string]knownvalue.Check{
						"start_time":  knownvalue.StringRegexp(regexp.MustCompile("^" + today)),
						"sip_num":     knownvalue.StringExact("17000000001"),
						"call_result": knownvalue.StringRegexp(regexp.MustCompile(`^[01]$`)),
						"inout":       knownvalue.StringRegexp(regexp.MustCompile(`^[12]$`)),
					})),
			},
		}},
	})
}

func TestAccVOSCallRecordsDataSource_validation(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cases := map[string]struct{ body, want string }{
		"only end":        {`{ time_start_end = "2026-01-01 00:00:00" }`, `set together`},
		"over a month":    {`{ ` + "\n" + `time_start_begin = "2026-01-31 00:00:00"` + "\n" + `time_start_end = "2026-03-01 00:00:00" }`, `longer than one month`},
		"begin after end": {`{ ` + "\n" + `time_start_begin = "2026-01-02 00:00:00"` + "\n" + `time_start_end = "2026-01-01 23:59:59" }`, `is after`},
		"only end names begin": {`{ time_start_end = "2026-11-01 00:00:00" }`,
			`time_start_begin is missing: time_start_end is set ("2026-11-01 00:00:00")`},
		"over a month, latest end": {`{ ` + "\n" + `time_start_begin = "2026-03-31 10:00:00"` + "\n" + `time_start_end = "2026-05-01 00:00:00" }`,
			`for that time_start_begin the latest time_start_end is "2026-04-30 10:00:00"`},
		"bad format": {`{ ` + "\n" + `time_start_begin = "2026-01-01T00:00:00Z"` + "\n" + `time_start_end = "2026-01-02 00:00:00" }`, `must be in the format yyyy-mm-dd HH:ii:ss`},
		// RFC 3339 (timestamp(), plantimestamp()) is refused with the way to write it.
		"rfc3339 says formatdate": {`{ ` + "\n" + `time_start_begin = "2026-11-01T00:00:00Z"` + "\n" + `time_start_end = "2026-11-02 00:00:00" }`,
			`in the platform's local time and without a zone (write a timestamp that way with formatdate("YYYY-MM-DD hh:mm:ss", ...)), got "2026-11-01T00:00:00Z"`},
	}
	plan := map[string]acctest.PlanError{}
	for name, tc := range cases {
		plan[name] = acctest.PlanError{
			Config: `data "contactcenter_vos_call_records" "x" ` + strings.NewReplacer("{ ", "{\n", " }", "\n}").Replace(tc.body), Want: tc.want,
		}
	}
	env.ExpectPlanErrors(t, plan)
}

// TestVOSCallRecords_callIDTodayOnly: vos/list reads today when no range
// is given (§4.7), so a call_id of another day read as having no records,
// silently. A call_id without a range now warns; with one it does not.
func TestVOSCallRecords_callIDTodayOnly(t *testing.T) {
	t.Parallel()
	srv := acctest.New(t).Server(t)
	validate := func(config string) []*tfprotov6.Diagnostic {
		r, err := srv.ValidateDataResourceConfig(t.Context(), &tfprotov6.ValidateDataResourceConfigRequest{
			TypeName: "contactcenter_vos_call_records", Config: &tfprotov6.DynamicValue{JSON: []byte(config)}})
		if err != nil {
			t.Fatal(err)
		}
		return r.Diagnostics
	}
	ds := validate(`{"call_id": "call-1"}`)
	if len(ds) != 1 || ds[0].Severity != tfprotov6.DiagnosticSeverityWarning || ds[0].Summary != "Call Searched Today Only" ||
		!strings.Contains(ds[0].Detail, "searches today's VOS records only (today on the platform's clock)") {
		t.Errorf("call_id alone: %v, want the warning that only today is searched", ds)
	}
	if ds := validate(`{"call_id": "call-1", "time_start_begin": "2026-11-01 00:00:00", "time_start_end": "2026-11-20 23:59:59"}`); len(ds) != 0 {
		t.Errorf("call_id with a range: %v, want nothing", ds)
	}
}

// TestCallRecords_missingEndAttribute: a range with one end was reported
// against time_start_end even when time_start_end was the end given; the
// error is now attached to the end that is missing.
func TestCallRecords_missingEndAttribute(t *testing.T) {
	t.Parallel()
	srv := acctest.New(t).Server(t)
	for _, tc := range []struct{ typ, config, missing string }{
		{"contactcenter_vos_call_records", `{"time_start_end": "2026-11-01 00:00:00"}`, "time_start_begin"},
		{"contactcenter_vos_call_records", `{"time_start_begin": "2026-11-01 00:00:00"}`, "time_start_end"},
		{"contactcenter_trunk_call_records", `{"time_start_begin": "2026-11-01 00:00:00"}`, "time_start_end"},
		{"contactcenter_trunk_call_records", `{"call_id": "x", "time_start_end": "2026-11-01 00:00:00"}`, "time_start_begin"},
	} {
		r, err := srv.ValidateDataResourceConfig(t.Context(), &tfprotov6.ValidateDataResourceConfigRequest{
			TypeName: tc.typ, Config: &tfprotov6.DynamicValue{JSON: []byte(tc.config)}})
		if err != nil {
			t.Fatal(err)
		}
		want := tftypes.NewAttributePath().WithAttributeName(tc.missing)
		if len(r.Diagnostics) != 1 || r.Diagnostics[0].Severity != tfprotov6.DiagnosticSeverityError ||
			!r.Diagnostics[0].Attribute.Equal(want) || !strings.HasPrefix(r.Diagnostics[0].Detail, tc.missing+" is missing") {
			var got []string
			for _, d := range r.Diagnostics {
				got = append(got, fmt.Sprintf("%v on %v: %s: %s", d.Severity, d.Attribute, d.Summary, d.Detail))
			}
			t.Errorf("%s %s: %q, want one error on %s saying it is missing", tc.typ, tc.config, got, tc.missing)
		}
	}
}
