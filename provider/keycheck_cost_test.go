package provider_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// keyWalk runs one plan walk's reads through a new client (a walk's), from
// `parallelism` goroutines: refreshes reads the existing objects by id (nil
// for -refresh=false or no state), checks looks up the keys of the
// creates; the API calls it made are returned by endpoint.
func keyWalk(t testing.TB, env *acctest.Env, jobs []func(context.Context, *client.Client) error) map[string]int {
	t.Helper()
	c := env.Client(t)
	before := env.Sim.Stats()
	ch := make(chan func(context.Context, *client.Client) error)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var errs []error
	for range parallelism {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range ch {
				if err := j(t.Context(), c); err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
				}
			}
		}()
	}
	for _, j := range jobs {
		ch <- j
	}
	close(ch)
	wg.Wait()
	if len(errs) > 0 {
		t.Fatal(errs[0])
	}
	calls := map[string]int{}
	for k, v := range env.Sim.Stats() {
		if d := v - before[k]; d > 0 {
			calls[k] = d
		}
	}
	return calls
}

func callText(calls map[string]int) string {
	var parts []string
	total := 0
	for k, v := range calls {
		total += v
		parts = append(parts, fmt.Sprintf("%s=%d", k[strings.LastIndex(k, "/v")+1:], v))
	}
	sort.Strings(parts)
	return fmt.Sprintf("%d calls (%s)", total, strings.Join(parts, " "))
}

// TestKeyCheckCost measures what the plan's check that a create's unique
// key is free (warnTaken, through the finders' seen: SeenByNum) costs
// beside the refresh a plan makes, and asserts it: nothing beside a
// refresh of the kind, one read of the collection in a plan that
// refreshes none (no state, a lost state, -refresh=false), never a call
// per create. BenchmarkKeyCheckCost logs what the import lookup (GetByNum,
// which calls per key when a read of several pages misses it) would have
// cost instead: that comparison asserts nothing, and its 500 lookups of
// free numbers among 3,000 agents (687 calls) took 40 s of this test.
//
//	go test ./provider/ -run TestKeyCheckCost -v -count=1
//	go test ./provider/ -run '^$' -bench BenchmarkKeyCheckCost -benchtime 1x -v
func TestKeyCheckCost(t *testing.T) {
	for _, existing := range []int{500, 600, 3000} {
		t.Run(fmt.Sprintf("agents=%d", existing), func(t *testing.T) {
			t.Parallel()
			agentKeyCheckCost(t, existing, false)
		})
	}
}

// BenchmarkKeyCheckCost is TestKeyCheckCost with the import lookup's cost
// beside each walk (logged, with -v).
func BenchmarkKeyCheckCost(b *testing.B) {
	for _, existing := range []int{500, 600, 3000} {
		b.Run(fmt.Sprintf("agents=%d", existing), func(b *testing.B) {
			for range b.N {
				agentKeyCheckCost(b, existing, true)
			}
		})
	}
}

// agentKeyCheckCost runs TestKeyCheckCost's walks among `existing` agents
// and asserts their calls; with compare, each walk is run again with the
// import lookup and both costs are logged.
func agentKeyCheckCost(t testing.TB, existing int, compare bool) {
	t.Helper()
	env := acctest.New(t)
	ids, nums := seedAgents(t, env, existing)
	refresh := func(ids []int64) (out []func(context.Context, *client.Client) error) {
		for _, id := range ids {
			out = append(out, func(ctx context.Context, c *client.Client) error { _, err := c.Agents.Get(ctx, id); return err })
		}
		return out
	}
	check := func(nums []string, lookup bool) (out []func(context.Context, *client.Client) error) {
		for _, n := range nums {
			out = append(out, func(ctx context.Context, c *client.Client) error {
				if lookup {
					_, err := c.Agents.GetByNum(ctx, n)
					if client.IsNotFound(err) {
						err = nil
					}
					return err
				}
				_, _, err := c.Agents.SeenByNum(ctx, n)
				return err
			})
		}
		return out
	}
	got := map[string]int{}
	newNums := func(n int) (out []string) {
		for i := range n {
			out = append(out, "9"+strconv.Itoa(10000+i))
		}
		return out
	}
	for _, sc := range []struct {
		name string
		jobs func(lookup bool) []func(context.Context, *client.Client) error
	}{
		{"refresh all, no create", func(bool) []func(context.Context, *client.Client) error { return refresh(ids) }},
		{"refresh all + 1 create first", func(l bool) []func(context.Context, *client.Client) error {
			return append(check(newNums(1), l), refresh(ids)...)
		}},
		{"refresh all + 1 create last", func(l bool) []func(context.Context, *client.Client) error {
			return append(refresh(ids), check(newNums(1), l)...)
		}},
		{"refresh 10, no create", func(bool) []func(context.Context, *client.Client) error { return refresh(ids[:10]) }},
		{"refresh 10 + 1 create last", func(l bool) []func(context.Context, *client.Client) error {
			return append(refresh(ids[:10]), check(newNums(1), l)...)
		}},
		{"greenfield/-refresh=false: 500 creates of free keys", func(l bool) []func(context.Context, *client.Client) error {
			return check(newNums(500), l)
		}},
		{"lost state: 500 creates of taken keys", func(l bool) []func(context.Context, *client.Client) error { return check(nums[:500], l) }},
		{"-refresh=false: 1 create", func(l bool) []func(context.Context, *client.Client) error { return check(newNums(1), l) }},
	} {
		seen := keyWalk(t, env, sc.jobs(false))
		logWalk(t, env, sc.name, seen, compare, sc.jobs)
		got[sc.name] = seen[agentsList]
	}
	// What the checks cost: nothing beside a refresh of every
	// agent (the first of 3,000 even reads them whole sooner), and
	// in a plan that refreshes none the collection once, whatever
	// the number of creates: its pages when it is prefetched (at
	// most 5), past that its first page and then all of them.
	pages := (existing + client.AgentMaxRows - 1) / client.AgentMaxRows
	once := pages
	if pages > 5 {
		once = 1 + pages
	}
	for name, want := range map[string]int{
		"greenfield/-refresh=false: 500 creates of free keys": once,
		"lost state: 500 creates of taken keys":               once,
		"-refresh=false: 1 create":                            once,
	} {
		if got[name] != want {
			t.Errorf("%s: %d users/list calls, want %d", name, got[name], want)
		}
	}
	for _, name := range []string{"refresh all + 1 create first", "refresh all + 1 create last"} {
		if got[name] > got["refresh all, no create"] {
			t.Errorf("%s: %d users/list calls, more than the refresh alone (%d)", name, got[name], got["refresh all, no create"])
		}
	}
	// A refresh of a few of them: nothing more when the refresh
	// prefetched them all, the whole collection once when it
	// read them by id.
	want := got["refresh 10, no create"]
	if pages > 5 {
		want += pages
	}
	if got["refresh 10 + 1 create last"] != want {
		t.Errorf("refresh 10 + 1 create: %d users/list calls, want %d", got["refresh 10 + 1 create last"], want)
	}
	// And what they answer: every taken number, found.
	c2 := env.Client(t)
	for _, n := range []string{nums[0], nums[len(nums)-1]} {
		found, known, err := c2.Agents.SeenByNum(t.Context(), n)
		if err != nil || !known || len(found) != 1 || string(found[0].UserNum) != n {
			t.Errorf("SeenByNum(%s) = %v, %v, %v", n, found, known, err)
		}
	}
	if found, known, err := c2.Agents.SeenByNum(t.Context(), "99999"); err != nil || !known || len(found) != 0 {
		t.Errorf("SeenByNum of a free number = %v, %v, %v", found, known, err)
	}
}

// logWalk logs a walk's calls and, with compare, those of the same walk
// made with the import lookup.
func logWalk(t testing.TB, env *acctest.Env, name string, seen map[string]int, compare bool, jobs func(bool) []func(context.Context, *client.Client) error) {
	t.Helper()
	if !compare {
		t.Logf("%-55s seen: %s", name, callText(seen))
		return
	}
	look := keyWalk(t, env, jobs(true))
	t.Logf("%-55s seen: %s | lookup: %s", name, callText(seen), callText(look))
}

const agentsList = "POST /open/v3/svcapi/users/list"

// seedAgents puts n agents (numbers 600000 on) into the simulator at once,
// as the seed of POST /_sim/seed does: what the key checks read is the
// collection, not how it was made, and 3,000 creates through users/add
// took most of the test's time.
func seedAgents(t testing.TB, env *acctest.Env, n int) (ids []int64, nums []string) {
	t.Helper()
	recs := make([]map[string]any, n)
	for i := range n {
		num := fmt.Sprintf("6%05d", i)
		id := int64(100000 + i)
		recs[i] = map[string]any{"user_id": id, "user_num": num, "user_name": "Agent"}
		ids, nums = append(ids, id), append(nums, num)
	}
	b, err := json.Marshal(recs)
	if err != nil {
		t.Fatal(err)
	}
	if err := env.Sim.Seed(map[string]json.RawMessage{"agents": b}); err != nil {
		t.Fatal(err)
	}
	return ids, nums
}

// keyKind is what the cost test needs of a kind with a unique key.
type keyKind struct {
	name   string
	seed   func(t testing.TB, c *client.Client, i int) (id int64, key string)
	get    func(ctx context.Context, c *client.Client, id int64) error
	seen   func(ctx context.Context, c *client.Client, key string) error
	lookup func(ctx context.Context, c *client.Client, key string) error
}

// TestKeyCheckCostKinds is TestKeyCheckCost for the other kinds with a
// unique key; BenchmarkKeyCheckCostKinds logs the import lookup's cost
// beside each walk.
func TestKeyCheckCostKinds(t *testing.T) {
	for _, k := range keyKinds() {
		for _, existing := range []int{500, 600} {
			t.Run(fmt.Sprintf("%s=%d", k.name, existing), func(t *testing.T) {
				t.Parallel()
				kindKeyCheckCost(t, keyKindNamed(k.name), existing, false)
			})
		}
	}
}

func BenchmarkKeyCheckCostKinds(b *testing.B) {
	for _, k := range keyKinds() {
		for _, existing := range []int{500, 600} {
			b.Run(fmt.Sprintf("%s=%d", k.name, existing), func(b *testing.B) {
				for range b.N {
					kindKeyCheckCost(b, keyKindNamed(k.name), existing, true)
				}
			})
		}
	}
}

// keyKindNamed is a fresh keyKind of that name (its seed keeps its own
// signature for the SMS templates).
func keyKindNamed(name string) keyKind {
	for _, k := range keyKinds() {
		if k.name == name {
			return k
		}
	}
	panic("no key kind " + name)
}

// keyKinds are the kinds with a unique key beside agents; the SMS
// templates' seed makes its signature once per keyKinds call.
func keyKinds() []keyKind {
	var signID int64
	return []keyKind{
		{name: "skill groups",
			seed: func(t testing.TB, c *client.Client, i int) (int64, string) {
				name := fmt.Sprintf("Group %d", i)
				id, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: name, QuePriority: 1})
				if err != nil {
					t.Fatal(err)
				}
				n, _ := strconv.ParseInt(id, 10, 64)
				return n, name
			},
			get: func(ctx context.Context, c *client.Client, id int64) error {
				_, err := c.Queues.Get(ctx, id)
				return err
			},
			seen: func(ctx context.Context, c *client.Client, k string) error {
				_, _, err := c.Queues.SeenByName(ctx, k)
				return err
			},
			lookup: func(ctx context.Context, c *client.Client, k string) error {
				_, err := c.Queues.FindByName(ctx, k)
				return err
			},
		},
		{name: "SMS signatures",
			seed: func(t testing.TB, c *client.Client, i int) (int64, string) {
				text := fmt.Sprintf("Brand %d", i)
				sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: text})
				if err != nil {
					t.Fatal(err)
				}
				return sg.ID.Int64(), text
			},
			get: func(ctx context.Context, c *client.Client, id int64) error {
				_, err := c.SMS.GetSignature(ctx, id)
				return err
			},
			seen: func(ctx context.Context, c *client.Client, k string) error {
				_, _, err := c.SMS.SeenSignaturesByText(ctx, k)
				return err
			},
			lookup: func(ctx context.Context, c *client.Client, k string) error {
				_, err := c.SMS.SignaturesByText(ctx, k)
				return err
			},
		},
		{name: "SMS templates",
			seed: func(t testing.TB, c *client.Client, i int) (int64, string) {
				if signID == 0 {
					sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Tpl brand"})
					if err != nil {
						t.Fatal(err)
					}
					signID = sg.ID.Int64()
				}
				name := fmt.Sprintf("Template %d", i)
				tp, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: name, TemplateContents: "Hello", SignID: signID, Action: 1})
				if err != nil {
					t.Fatal(err)
				}
				return tp.ID.Int64(), name
			},
			get: func(ctx context.Context, c *client.Client, id int64) error {
				_, err := c.SMS.GetTemplate(ctx, id)
				return err
			},
			seen: func(ctx context.Context, c *client.Client, k string) error {
				_, _, err := c.SMS.SeenTemplatesByName(ctx, k)
				return err
			},
			lookup: func(ctx context.Context, c *client.Client, k string) error {
				_, err := c.SMS.TemplatesByName(ctx, k)
				return err
			},
		},
	}
}

// kindKeyCheckCost runs TestKeyCheckCostKinds's walks among `existing`
// objects of kind k and asserts their calls; with compare, each walk is run
// again with the import lookup and both costs are logged.
func kindKeyCheckCost(t testing.TB, k keyKind, existing int, compare bool) {
	t.Helper()
	env := acctest.New(t)
	c := env.Client(t)
	var ids []int64
	var keys []string
	for i := range existing {
		id, key := k.seed(t, c, i)
		ids, keys = append(ids, id), append(keys, key)
	}
	type job = func(context.Context, *client.Client) error
	refresh := func(ids []int64) (out []job) {
		for _, id := range ids {
			out = append(out, func(ctx context.Context, c *client.Client) error { return k.get(ctx, c, id) })
		}
		return out
	}
	check := func(keys []string, lookup bool) (out []job) {
		for _, key := range keys {
			out = append(out, func(ctx context.Context, c *client.Client) error {
				if lookup {
					return k.lookup(ctx, c, key)
				}
				return k.seen(ctx, c, key)
			})
		}
		return out
	}
	got := map[string]int{}
	free := func(n int) (out []string) {
		for i := range n {
			out = append(out, fmt.Sprintf("New %d", i))
		}
		return out
	}
	for _, sc := range []struct {
		name string
		jobs func(lookup bool) []job
	}{
		{"refresh all, no create", func(bool) []job { return refresh(ids) }},
		{"refresh all + 1 create first", func(l bool) []job { return append(check(free(1), l), refresh(ids)...) }},
		{"refresh all + 1 create last", func(l bool) []job { return append(refresh(ids), check(free(1), l)...) }},
		{"refresh 10 + 1 create last", func(l bool) []job { return append(refresh(ids[:10]), check(free(1), l)...) }},
		{"greenfield/-refresh=false: 500 creates of free keys", func(l bool) []job { return check(free(500), l) }},
		{"lost state: 500 creates of taken keys", func(l bool) []job { return check(keys[:500], l) }},
		{"-refresh=false: 1 create", func(l bool) []job { return check(free(1), l) }},
	} {
		seen := keyWalk(t, env, sc.jobs(false))
		logWalk(t, env, sc.name, seen, compare, sc.jobs)
		total := 0
		for _, n := range seen {
			total += n
		}
		got[sc.name] = total
	}
	// A check adds nothing to a refresh of the kind, and reads
	// the collection once in a plan that refreshes none: one
	// call for a group list, a page of 500 for the SMS lists.
	once := 1
	if k.name != "skill groups" {
		once = (existing + client.SMSMaxRows - 1) / client.SMSMaxRows
	}
	for name, n := range got {
		want := once
		if name == "refresh all, no create" {
			continue
		}
		if strings.HasPrefix(name, "refresh all") {
			want = got["refresh all, no create"]
		}
		if n != want {
			t.Errorf("%s: %d calls, want %d", name, n, want)
		}
	}
}
