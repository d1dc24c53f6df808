package provider_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

const taskDetailPath = "GET /autocall/api/v3/projects/detail"

// refreshTaskSizes are the task plans measured: a refresh of tasks, then
// a plan that destroys some of them (their keys taken out of a for_each)
// and keeps the rest. §4.3 gives a task's config, recall strategies,
// worktime and assigned users to projects/detail alone, so a refresh is a
// detail per task; a delete's open task check shares it (2 details per
// destroyed task before).
var refreshTaskSizes = []struct {
	tasks, destroyed int
}{
	{tasks: 100, destroyed: 0},
	{tasks: 100, destroyed: 30},
	{tasks: 300, destroyed: 300},
}

// BenchmarkRefreshTasks plans outbound tasks as BenchmarkRefresh plans the
// other kinds: ReadResource for every task from 10 goroutines, then
// PlanResourceChange for each, a destroy (null plan) for the first
// `destroyed`. It reports the projects/* calls of the whole plan.
//
//	go test ./provider/ -run '^$' -bench RefreshTasks -benchtime 3x
func BenchmarkRefreshTasks(b *testing.B) {
	for _, size := range refreshTaskSizes {
		b.Run(fmt.Sprintf("tasks=%d,destroyed=%d", size.tasks, size.destroyed), func(b *testing.B) {
			env := acctest.New(b)
			c := env.Client(b)
			ids := map[string][]string{}
			for i := range size.tasks {
				trans, paused := client.FlexString("ivr-1"), client.FlexInt(client.TaskStatusPaused)
				id, err := c.Tasks.Create(b.Context(), client.Task{Name: client.FlexString(fmt.Sprintf("task %d", i)),
					Type: client.FlexInt(client.TaskTypeAutomatic), TransTo: &trans, Status: &paused})
				if err != nil {
					b.Fatal(err)
				}
				ids["contactcenter_outbound_task"] = append(ids["contactcenter_outbound_task"], strconv.FormatInt(id, 10))
			}
			p := newPlanner(b, env)
			states := p.importAll(b, ids)
			b.ResetTimer()
			var calls map[string]int
			for range b.N {
				calls = p.refreshAndDestroy(b, states, size.destroyed)
			}
			b.StopTimer()
			total := 0
			for path, n := range calls {
				if strings.Contains(path, "/projects/") {
					total += n
				}
			}
			b.ReportMetric(float64(calls[taskDetailPath]), "detail-calls/op")
			b.ReportMetric(float64(total), "projects-calls/op")
			if total != size.tasks || calls[taskDetailPath] != size.tasks {
				b.Errorf("a plan refreshing %d tasks and destroying %d made %d projects/* calls (%d details), want %d details and nothing else",
					size.tasks, size.destroyed, total, calls[taskDetailPath], size.tasks)
			}
			b.Logf("plan of %d tasks destroying %d: %v", size.tasks, size.destroyed, calls)
		})
	}
}

// refreshAndDestroy is one `terraform plan` of the tasks: a refresh, then
// the plan of each, a destroy for the first destroyed. It returns the API
// calls of the whole walk by endpoint.
func (p *planner) refreshAndDestroy(b *testing.B, states map[string][]*tfprotov6.DynamicValue, destroyed int) map[string]int {
	b.Helper()
	ctx := b.Context()
	srv := p.configured(b)
	before := p.env.Sim.Stats()
	refreshed := map[string][]*tfprotov6.DynamicValue{}
	for typ, list := range states {
		refreshed[typ] = make([]*tfprotov6.DynamicValue, len(list))
	}
	run(b, states, func(typ string, i int, state *tfprotov6.DynamicValue) error {
		resp, err := srv.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: typ, CurrentState: state})
		if err != nil || hasError(resp.Diagnostics) || resp.NewState == nil {
			return fmt.Errorf("read %s: %w %s", typ, err, diagText(resp.Diagnostics))
		}
		refreshed[typ][i] = resp.NewState
		return nil
	})
	run(b, refreshed, func(typ string, i int, state *tfprotov6.DynamicValue) error {
		s := p.schemas[typ]
		val, err := state.Unmarshal(s.ValueType())
		if err != nil {
			return err
		}
		cfgVal := configOf(val, s.Block)
		proposed := state
		if i < destroyed {
			cfgVal = tftypes.NewValue(s.ValueType(), nil)
			null, err := tfprotov6.NewDynamicValue(s.ValueType(), cfgVal)
			if err != nil {
				return err
			}
			proposed = &null
		}
		cfg, err := tfprotov6.NewDynamicValue(s.ValueType(), cfgVal)
		if err != nil {
			return err
		}
		resp, err := srv.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{TypeName: typ,
			PriorState: state, ProposedNewState: proposed, Config: &cfg})
		if err != nil || hasError(resp.Diagnostics) {
			return fmt.Errorf("plan %s: %w %s", typ, err, diagText(resp.Diagnostics))
		}
		return nil
	})
	calls := map[string]int{}
	for k, v := range p.env.Sim.Stats() {
		if d := v - before[k]; d > 0 {
			calls[k] = d
		}
	}
	return calls
}
