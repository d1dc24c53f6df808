package datasources_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

func TestOutboundTasksDataSource_filters(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	if err := env.Sim.Seed(map[string]json.RawMessage{"agents": json.RawMessage(`[{"user_id": 5001, "user_num": "9001", "user_name": "Ann"}]`)}); err != nil {
		t.Fatal(err)
	}
	c := env.Client(t)
	ctx := t.Context()
	// 104 automatic tasks (more than one page of 100), one of them open, and one predictive task.
	var openID, pausedID int64
	for i := range 104 {
		id, err := c.Tasks.Create(ctx, client.Task{Name: client.FlexString(fmt.Sprintf("Reminder %03d", i)), Type: 3})
		if err != nil {
			t.Fatal(err)
		}
		if i == 7 {
			openID = id
			if err := c.Tasks.SetStatus(ctx, id, client.TaskStatusOpen); err != nil {
				t.Fatal(err)
			}
		}
		if i == 102 { // on the second page
			pausedID = id
			for _, st := range []int64{client.TaskStatusOpen, client.TaskStatusPaused} {
				if err := c.Tasks.SetStatus(ctx, id, st); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	ratio, maxRatio, one := client.FlexFloat(1.2), client.FlexFloat(2), client.FlexInt(1)
	num := client.FlexString("9001")
	if _, err := c.Tasks.Create(ctx, client.Task{Name: "Sales", Type: 1,
		AssignedUsers: []client.AssignedUser{{UserNum: &num}},
		Config:        &client.TaskConfig{CallRatioType: &one, ManualCallRatio: &ratio, MaxCallRatio: &maxRatio}}); err != nil {
		t.Fatal(err)
	}
	// The six data sources of one plan, read in process on one provider
	// (as one Terraform walk): the checks are of the provider's filtering.
	configs := map[string]map[string]any{
		"automatic": {"type": 3}, "everything": {}, "open": {"status": "open"}, "paused": {"status": "paused"},
		"named": {"name": "Sal"}, "all_predictive": {"type": 1, "all": true},
	}
	srv := env.ActionServer(t)
	got := map[string]map[string]any{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for name, cfg := range configs {
		wg.Go(func() {
			st, d := acctest.ReadDataSource(t, srv, "contactcenter_outbound_tasks", cfg)
			if len(d) != 0 {
				t.Errorf("%s: %v", name, d)
			}
			mu.Lock()
			got[name] = st
			mu.Unlock()
		})
	}
	wg.Wait()
	for _, c := range []struct {
		name  string
		check knownvalue.Check
	}{
		{"automatic", knownvalue.ListSizeExact(104)},
		{"everything", knownvalue.ListSizeExact(105)},
		{"open", knownvalue.ListExact([]knownvalue.Check{
			knownvalue.ObjectPartial(map[string]knownvalue.Check{
				"id": knownvalue.StringExact(fmt.Sprint(openID)), "status": knownvalue.StringExact("open"),
				"status_string": knownvalue.StringExact("open"), "type_string": knownvalue.StringExact("automatic"),
				"context": knownvalue.StringExact("mc_transivr"), "priority": knownvalue.Int64Exact(100),
				"max_conn_secs": knownvalue.Int64Exact(300), "total_called": knownvalue.Int64Exact(0),
				"created_at": knownvalue.StringRegexp(regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`)),
			}),
		})},
		// The platform filters by closed and open only; paused tasks are kept from the whole list.
		{"paused", knownvalue.ListExact([]knownvalue.Check{
			knownvalue.ObjectPartial(map[string]knownvalue.Check{
				"id": knownvalue.StringExact(fmt.Sprint(pausedID)), "status": knownvalue.StringExact("paused"),
			}),
		})},
		{"named", knownvalue.ListExact([]knownvalue.Check{
			knownvalue.ObjectPartial(map[string]knownvalue.Check{
				"name": knownvalue.StringExact("Sales"), "type": knownvalue.Int64Exact(1),
				"call_ratio_type_string": knownvalue.StringExact("manual"), "context": knownvalue.StringExact("mc_transque"),
			}),
		})},
		{"all_predictive", knownvalue.ListSizeExact(1)},
	} {
		if err := acctest.ExpectValue(got[c.name], tfjsonpath.New("tasks"), c.check); err != nil {
			t.Errorf("data.contactcenter_outbound_tasks.%s: %v", c.name, err)
		}
	}
	if n := env.Sim.Stats()["GET /autocall/api/v3/projects/all"]; n == 0 {
		t.Error("all = true did not use projects/all")
	}
}

func TestAccOutboundTasksDataSource_validation(t *testing.T) {
	t.Parallel()
	acctest.New(t).ExpectPlanErrors(t, map[string]acctest.PlanError{
		"all without type": {Config: `data "contactcenter_outbound_tasks" "x" { all = true }`, Want: `type is required when all = true`},
		"unknown type":     {Config: `data "contactcenter_outbound_tasks" "x" { type = 2 }`, Want: `type 2 is not one of 1 (predictive), 3 (automatic), 4 (robot).`},
		"unknown status":   {Config: `data "contactcenter_outbound_tasks" "x" { status = "running" }`, Want: `status value must be one of`},
		"name with all": {Config: "data \"contactcenter_outbound_tasks\" \"x\" {\n  type = 3\n  all  = true\n  name = \"a\"\n}",
			Want: `name cannot be set when all = true`},
		"status with all": {Config: "data \"contactcenter_outbound_tasks\" \"x\" {\n  type = 3\n  all  = true\n  status = \"open\"\n}",
			Want: `status cannot be set when all = true`},
		"empty name": {Config: `data "contactcenter_outbound_tasks" "x" { name = "" }`, Want: `name string length must be at least 1`},
	})
}

// TestAccOutboundTasksDataSource_allFalseFilters: all = false (a module's
// default for var.all) with status and name was refused ("all cannot be
// specified when status is specified"): only all = true excludes them.
func TestAccOutboundTasksDataSource_allFalseFilters(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	if _, err := env.Client(t).Tasks.Create(t.Context(), client.Task{Name: "Renewals", Type: 3, TransTo: new(client.FlexString("ivr_main"))}); err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(`data "contactcenter_outbound_tasks" "x" {
  all    = false
  status = "closed"
  name   = "Renew"
}`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.contactcenter_outbound_tasks.x", tfjsonpath.New("tasks").AtSliceIndex(0).AtMapKey("name"), knownvalue.StringExact("Renewals")),
			},
		}},
	})
}
