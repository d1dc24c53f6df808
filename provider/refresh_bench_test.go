package provider_test

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// The refresh benchmark plans objects already applied, as `terraform plan`
// does, through the in-process protocol-6 server against the simulator:
// a new server and ConfigureProvider per plan (Terraform starts a provider
// process per walk), ReadResource for every object from 10 goroutines
// (Terraform's -parallelism), then PlanResourceChange for each. It reports
// the API calls of one refresh by endpoint and the time per object.
//
//	go test ./provider/ -run '^$' -bench Refresh -benchtime 3x

// parallelism is Terraform's default -parallelism.
const parallelism = 10

// refreshSizes are the plans measured: the targets of issue 12.
var refreshSizes = []struct {
	name                       string
	agents, groups, members    int
	webhooks                   int
	maxUsers, maxQueues        int
	maxGroupAgents, maxWebhook int
}{
	{name: "agents=500,groups=500,members=20,webhooks=200", agents: 500, groups: 500, members: 20, webhooks: 200,
		maxUsers: 4, maxQueues: 4, maxGroupAgents: 3, maxWebhook: 3},
	{name: "agents=1000", agents: 1000, maxUsers: 6},
	// Past what a first read prefetches (5 pages of 500): read by ids, then
	// whole once the id calls reach its 6 pages (539 calls before that rule).
	{name: "agents=3000", agents: 3000, maxUsers: 16},
}

func BenchmarkRefresh(b *testing.B) {
	for _, size := range refreshSizes {
		b.Run(size.name, func(b *testing.B) {
			env := acctest.New(b)
			objs := seedRefresh(b, env, size.agents, size.groups, size.members, size.webhooks)
			p := newPlanner(b, env)
			states := p.importAll(b, objs)
			b.ResetTimer()
			var calls map[string]int
			var refresh, plan time.Duration
			for range b.N {
				var r, p2 time.Duration
				calls, r, p2 = p.refreshAndPlan(b, states)
				refresh, plan = refresh+r, plan+p2
			}
			b.StopTimer()
			n := 0
			for _, s := range states {
				n += len(s)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/object")
			b.ReportMetric(float64(refresh.Nanoseconds())/float64(b.N*n), "refresh-ns/object")
			b.ReportMetric(float64(plan.Nanoseconds())/float64(b.N*n), "plan-ns/object")
			total := 0
			for path, c := range calls {
				total += c
				b.ReportMetric(float64(c), strings.ReplaceAll(path[strings.LastIndex(path, "/v")+1:], "/", "_")+"-calls/op")
			}
			b.ReportMetric(float64(total), "calls/op")
			for path, limit := range map[string]int{usersListPath: size.maxUsers, queueListPath: size.maxQueues,
				groupAgentsPath: size.maxGroupAgents, webhookListsPath: size.maxWebhook} {
				if calls[path] > limit && limit > 0 {
					b.Errorf("%s: %d calls in one refresh, want at most %d", path, calls[path], limit)
				}
			}
			b.Logf("refresh of %d objects: %d calls %v", n, total, calls)
		})
	}
}

const (
	usersListPath    = "POST /open/v3/svcapi/users/list"
	queueListPath    = "POST /portal/v2/svcapi/queue/list"
	groupAgentsPath  = "GET /portal/v2/svcapi/queue/get/agents"
	webhookListsPath = "GET /autocall/api/v3/webhook/lists"
)

// seedRefresh creates the objects out of band and returns their import ids
// by resource type.
func seedRefresh(b *testing.B, env *acctest.Env, agents, groups, members, webhooks int) map[string][]string {
	b.Helper()
	c := env.Client(b)
	ctx := b.Context()
	out := map[string][]string{}
	var agentIDs []int64
	for i := range agents {
		num, name, pw := fmt.Sprintf("6%05d", i), "Agent", "pw-123456"
		a, err := c.Agents.Create(ctx, client.AgentInput{UserNum: &num, UserName: &name, UserPassword: &pw})
		if err != nil {
			b.Fatal(err)
		}
		agentIDs = append(agentIDs, a.UserID.Int64())
		out["contactcenter_agent"] = append(out["contactcenter_agent"], strconv.FormatInt(a.UserID.Int64(), 10))
	}
	for i := range groups {
		id, err := c.Queues.Create(ctx, client.SkillGroupInput{QueName: fmt.Sprintf("Group %d", i), QuePriority: 1})
		if err != nil {
			b.Fatal(err)
		}
		out["contactcenter_skill_group"] = append(out["contactcenter_skill_group"], id)
		if i < members {
			qid, _ := strconv.ParseInt(id, 10, 64)
			skills := []client.AgentSkill{{AgID: agentIDs[i%len(agentIDs)], Skill: 1}}
			if err := c.Queues.Assign(ctx, qid, skills); err != nil {
				b.Fatal(err)
			}
			out["contactcenter_skill_group_members"] = append(out["contactcenter_skill_group_members"], id)
		}
	}
	for i := range webhooks {
		w, err := c.Webhooks.Create(ctx, client.WebhookInput{Name: fmt.Sprintf("hook %d", i), URL: fmt.Sprintf("https://example.com/%d", i)})
		if err != nil {
			b.Fatal(err)
		}
		out["contactcenter_webhook"] = append(out["contactcenter_webhook"], strconv.FormatInt(w.ID.Int64(), 10))
	}
	return out
}

// planner drives the in-process server as Terraform does.
type planner struct {
	env      *acctest.Env
	schemas  map[string]*tfprotov6.Schema
	provider *tfprotov6.Schema
}

func newPlanner(b *testing.B, env *acctest.Env) *planner {
	b.Helper()
	resp, err := env.Server(b).GetProviderSchema(b.Context(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil || len(resp.Diagnostics) > 0 {
		b.Fatalf("schema: %v %v", err, resp.Diagnostics)
	}
	return &planner{env: env, schemas: resp.ResourceSchemas, provider: resp.Provider}
}

// configured returns a server configured for the simulator, as at the
// start of a walk.
func (p *planner) configured(b *testing.B) tfprotov6.ProviderServer {
	b.Helper()
	srv := p.env.Server(b)
	typ := p.provider.ValueType().(tftypes.Object)
	vals := map[string]tftypes.Value{}
	set := map[string]string{"endpoint": p.env.Origin, "access_token": "sim-token", "sms_app_id": "sim-app", "sms_app_key": "sim-key"}
	for name, t := range typ.AttributeTypes {
		if v, ok := set[name]; ok {
			vals[name] = tftypes.NewValue(t, v)
		} else {
			vals[name] = tftypes.NewValue(t, nil)
		}
	}
	cfg, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, vals))
	if err != nil {
		b.Fatal(err)
	}
	resp, err := srv.ConfigureProvider(b.Context(), &tfprotov6.ConfigureProviderRequest{TerraformVersion: "1.11.4", Config: &cfg})
	if err != nil || hasError(resp.Diagnostics) {
		b.Fatalf("configure: %v %v", err, diagText(resp.Diagnostics))
	}
	return srv
}

// importAll imports and reads every object once, giving the state a
// refresh starts from.
func (p *planner) importAll(b *testing.B, ids map[string][]string) map[string][]*tfprotov6.DynamicValue {
	b.Helper()
	srv := p.configured(b)
	out := map[string][]*tfprotov6.DynamicValue{}
	for typ, list := range ids {
		for _, id := range list {
			resp, err := srv.ImportResourceState(b.Context(), &tfprotov6.ImportResourceStateRequest{TypeName: typ, ID: id})
			if err != nil || hasError(resp.Diagnostics) || len(resp.ImportedResources) != 1 {
				b.Fatalf("import %s %s: %v %v", typ, id, err, diagText(resp.Diagnostics))
			}
			imp := resp.ImportedResources[0]
			read, err := srv.ReadResource(b.Context(), &tfprotov6.ReadResourceRequest{TypeName: typ, CurrentState: imp.State, Private: imp.Private})
			if err != nil || hasError(read.Diagnostics) || read.NewState == nil {
				b.Fatalf("read %s %s: %v %v", typ, id, err, diagText(read.Diagnostics))
			}
			out[typ] = append(out[typ], read.NewState)
		}
	}
	return out
}

// refreshAndPlan is one `terraform plan`: the API calls of its refresh by
// endpoint are returned, and the time of the refresh and of the plan.
func (p *planner) refreshAndPlan(b *testing.B, states map[string][]*tfprotov6.DynamicValue) (map[string]int, time.Duration, time.Duration) {
	b.Helper()
	ctx := b.Context()
	srv := p.configured(b)
	before := p.env.Sim.Stats()
	start := time.Now()
	refreshed := map[string][]*tfprotov6.DynamicValue{}
	for typ, list := range states {
		refreshed[typ] = make([]*tfprotov6.DynamicValue, len(list))
	}
	run(b, states, func(typ string, i int, state *tfprotov6.DynamicValue) error {
		resp, err := srv.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: typ, CurrentState: state})
		if err != nil {
			return fmt.Errorf("read %s: %w", typ, err)
		}
		if hasError(resp.Diagnostics) || resp.NewState == nil {
			return fmt.Errorf("read %s: %s", typ, diagText(resp.Diagnostics))
		}
		refreshed[typ][i] = resp.NewState
		return nil
	})
	refreshTime := time.Since(start)
	start = time.Now()
	calls := map[string]int{}
	for k, v := range p.env.Sim.Stats() {
		if d := v - before[k]; d > 0 {
			calls[k] = d
		}
	}
	run(b, refreshed, func(typ string, _ int, state *tfprotov6.DynamicValue) error {
		s := p.schemas[typ]
		val, err := state.Unmarshal(s.ValueType())
		if err != nil {
			return err
		}
		cfg, err := tfprotov6.NewDynamicValue(s.ValueType(), configOf(val, s.Block))
		if err != nil {
			return err
		}
		resp, err := srv.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{TypeName: typ,
			PriorState: state, ProposedNewState: state, Config: &cfg})
		if err != nil {
			return fmt.Errorf("plan %s: %w", typ, err)
		}
		if hasError(resp.Diagnostics) {
			return fmt.Errorf("plan %s: %s", typ, diagText(resp.Diagnostics))
		}
		if len(resp.RequiresReplace) > 0 {
			return fmt.Errorf("plan %s: replaces %v", typ, resp.RequiresReplace)
		}
		return nil
	})
	return calls, refreshTime, time.Since(start)
}

// run calls fn for every object from `parallelism` goroutines, in the
// order Terraform's walk would start them (by type, then index).
func run(b *testing.B, objs map[string][]*tfprotov6.DynamicValue, fn func(typ string, i int, v *tfprotov6.DynamicValue) error) {
	b.Helper()
	type job struct {
		typ string
		i   int
	}
	types := make([]string, 0, len(objs))
	for typ := range objs {
		types = append(types, typ)
	}
	sort.Strings(types)
	jobs := make(chan job)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var errs []error
	for range parallelism {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				if err := fn(j.typ, j.i, objs[j.typ][j.i]); err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
				}
			}
		}()
	}
	for _, typ := range types {
		for i := range objs[typ] {
			jobs <- job{typ, i}
		}
	}
	close(jobs)
	wg.Wait()
	for _, err := range errs[:min(len(errs), 5)] {
		b.Error(err)
	}
	if len(errs) > 0 {
		b.FailNow()
	}
}

// configOf is the configuration that state came from as far as the schema
// tells: computed-only attributes null, the rest as in the state.
func configOf(v tftypes.Value, block *tfprotov6.SchemaBlock) tftypes.Value {
	if v.IsNull() || !v.IsKnown() {
		return v
	}
	var attrs map[string]tftypes.Value
	if err := v.As(&attrs); err != nil {
		return v
	}
	for _, a := range block.Attributes {
		cur, ok := attrs[a.Name]
		if !ok {
			continue
		}
		switch {
		case a.Computed && !a.Optional:
			attrs[a.Name] = tftypes.NewValue(cur.Type(), nil)
		case a.NestedType != nil:
			attrs[a.Name] = eachObject(cur, func(o tftypes.Value) tftypes.Value {
				return configOf(o, &tfprotov6.SchemaBlock{Attributes: a.NestedType.Attributes})
			})
		}
	}
	for _, nb := range block.BlockTypes {
		if cur, ok := attrs[nb.TypeName]; ok {
			attrs[nb.TypeName] = eachObject(cur, func(o tftypes.Value) tftypes.Value { return configOf(o, nb.Block) })
		}
	}
	return tftypes.NewValue(v.Type(), attrs)
}

// eachObject applies fn to an object, or to each object of a list, set or map.
func eachObject(v tftypes.Value, fn func(tftypes.Value) tftypes.Value) tftypes.Value {
	if v.IsNull() || !v.IsKnown() {
		return v
	}
	switch {
	case v.Type().Is(tftypes.Object{}):
		return fn(v)
	case v.Type().Is(tftypes.List{}), v.Type().Is(tftypes.Set{}):
		var elems []tftypes.Value
		if err := v.As(&elems); err != nil {
			return v
		}
		for i := range elems {
			elems[i] = fn(elems[i])
		}
		return tftypes.NewValue(v.Type(), elems)
	case v.Type().Is(tftypes.Map{}):
		var elems map[string]tftypes.Value
		if err := v.As(&elems); err != nil {
			return v
		}
		for k := range elems {
			elems[k] = fn(elems[k])
		}
		return tftypes.NewValue(v.Type(), elems)
	}
	return v
}

func diagText(diags []*tfprotov6.Diagnostic) string {
	var parts []string
	for _, d := range diags {
		parts = append(parts, d.Summary+": "+d.Detail)
	}
	return strings.Join(parts, "; ")
}
