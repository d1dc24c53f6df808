package exporter

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// inventory is everything read from the platform, each kind sorted by id.
type inventory struct {
	agents     []client.Agent
	groups     []client.SkillGroup
	members    map[string][]client.GroupAgent // by group id
	webhooks   []client.Webhook
	tasks      []client.Task // detail reads
	signatures []client.SMSSignature
	templates  []client.SMSTemplate
	sounds     []soundFile
	gwSigs     []client.GatewaySignature
	gwTpls     []client.GatewayTemplate
	// failed names the objects listed but not readable in full.
	failed []string
}

// soundFile is a voice file with its downloaded content.
type soundFile struct {
	client.Sound
	content []byte
}

// stillManaged decides on an object of the folder's state (an export with
// Force) that a read answered "does not exist" for, though its list held
// it moments before: left out of the module, the next terraform plan
// destroys it if it still exists (a refresh forgets it when it is gone).
// listed reads the list again: an object it no longer holds is gone, and
// left out (nil); one it still holds stops the export, nothing written.
// An object no state manages is left out as before: the module only does
// not import it.
func stillManaged(ctx context.Context, opts Options, typ, id, what string, kind Kind, err error, listed func(context.Context) (bool, error)) error {
	addr, ok := opts.managed[typ+"\x00"+id]
	if !ok {
		return nil
	}
	there, lerr := listed(ctx)
	if lerr != nil {
		return fmt.Errorf("%s: %w; reading its list again to tell whether it is gone: %w", what, err, lerr)
	}
	if !there {
		return nil
	}
	return fmt.Errorf("%s: %w, yet the list still holds it, and the state in %s manages it as %s: a module without it would make the next terraform plan destroy it. "+
		"Run the export again; if the read keeps failing, export the other kinds (--kinds without %s), which keeps its file as it is", what, err, opts.Dir, addr, kind)
}

// membersPerCall is how many group ids one queue/get/agents carries.
const membersPerCall = 500

// readInventory reads every requested kind, the kinds side by side. The
// lists page at the largest size each endpoint allows (the client's
// iterators); tasks get one detail read each (the list has no config,
// recall strategies, worktime or assigned users) and voice files one
// download each. The first error that is not "this object is gone" stops
// everything.
func readInventory(ctx context.Context, c *client.Client, opts Options) (*inventory, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	inv := &inventory{members: map[string][]client.GroupAgent{}}
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
	)
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if firstErr == nil {
			firstErr = err
			cancel()
		}
	}
	gone := func(what string, err error) {
		mu.Lock()
		defer mu.Unlock()
		inv.failed = append(inv.failed, fmt.Sprintf("%s: %v", what, err))
	}
	progress := func(k Kind, done, total int, withMembers ...int) {
		if opts.Progress != nil {
			mu.Lock()
			defer mu.Unlock()
			p := Progress{Stage: "read", Kind: k, Done: done, Total: total}
			if len(withMembers) > 0 {
				p.WithMembers = withMembers[0]
			}
			opts.Progress(p)
		}
	}
	run := func(f func() error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := f(); err != nil {
				fail(err)
			}
		}()
	}

	if opts.wants(KindAgents) {
		// With queue_ids: a group an agent's record names that the group
		// list does not hold is noted (missingGroups).
		run(func() error {
			as, err := client.Collect(c.Agents.List(ctx, client.AgentFilter{RelationsConfig: true, RelationsQueues: true}))
			if err != nil {
				return fmt.Errorf("listing agents: %w", err)
			}
			slices.SortFunc(as, func(a, b client.Agent) int { return cmp.Compare(a.UserID, b.UserID) })
			inv.agents = as
			progress(KindAgents, len(as), len(as))
			return nil
		})
	}
	if opts.wants(KindSkillGroups) || opts.wants(KindSkillGroupMembers) {
		run(func() error {
			gs, err := client.Collect(c.Queues.List(ctx, client.SkillGroupFilter{}))
			if err != nil {
				return fmt.Errorf("listing skill groups: %w", err)
			}
			slices.SortFunc(gs, func(a, b client.SkillGroup) int { return cmpIDs(string(a.ID), string(b.ID)) })
			inv.groups = gs
			progress(KindSkillGroups, len(gs), len(gs))
			if !opts.wants(KindSkillGroupMembers) {
				return nil
			}
			ids := make([]int64, 0, len(gs))
			for _, g := range gs {
				if id, err := strconv.ParseInt(string(g.ID), 10, 64); err == nil {
					ids = append(ids, id)
				}
			}
			done, withMembers := 0, 0
			if len(ids) == 0 {
				progress(KindSkillGroupMembers, 0, 0, 0)
			}
			for chunk := range slices.Chunk(ids, membersPerCall) {
				m, err := c.Queues.GetAgents(ctx, chunk...)
				if err != nil {
					return fmt.Errorf("reading skill-group members: %w", err)
				}
				for k, v := range m {
					slices.SortFunc(v, func(a, b client.GroupAgent) int { return cmp.Compare(a.AgID, b.AgID) })
					inv.members[k] = v
					if len(v) > 0 {
						withMembers++
					}
				}
				done += len(chunk)
				progress(KindSkillGroupMembers, done, len(ids), withMembers)
			}
			return nil
		})
	}
	if opts.wants(KindWebhooks) {
		run(func() error {
			ws, err := client.Collect(c.Webhooks.List(ctx, client.WebhookFilter{}))
			if err != nil {
				return fmt.Errorf("listing webhooks: %w", err)
			}
			slices.SortFunc(ws, func(a, b client.Webhook) int { return cmp.Compare(a.ID, b.ID) })
			inv.webhooks = ws
			progress(KindWebhooks, len(ws), len(ws))
			return nil
		})
	}
	if opts.wants(KindOutboundTasks) {
		run(func() error {
			list, err := client.Collect(c.Tasks.List(ctx, client.TaskFilter{}))
			if err != nil {
				return fmt.Errorf("listing outbound tasks: %w", err)
			}
			details := make([]*client.Task, len(list))
			err = forEach(ctx, len(list), opts.Concurrency, func(i int) error {
				t, err := c.Tasks.Get(ctx, int64(list[i].ID))
				// A detail read answering "does not exist" for a task the
				// list still holds (the client read the list again) is
				// not an answer either: it stops an export the state of
				// which manages the task, and one that no state manages
				// is left out and named, as a task gone.
				var stillListed *client.StillListedError
				if client.IsNotFound(err) || errors.As(err, &stillListed) {
					what := fmt.Sprintf("outbound task %d (%s)", list[i].ID, list[i].Name)
					if merr := stillManaged(ctx, opts, typeOutboundTask, strconv.FormatInt(int64(list[i].ID), 10), what, KindOutboundTasks, err, func(ctx context.Context) (bool, error) {
						if stillListed != nil {
							return true, nil
						}
						return listed(c.Tasks.List(ctx, client.TaskFilter{}), func(t client.Task) bool { return t.ID == list[i].ID })
					}); merr != nil {
						return merr
					}
					gone(what, err)
					return nil
				}
				if err != nil {
					return fmt.Errorf("reading outbound task %d: %w", list[i].ID, err)
				}
				details[i] = t
				return nil
			}, func(done int) { progress(KindOutboundTasks, done, len(list)) })
			if err != nil {
				return err
			}
			for _, t := range details {
				if t != nil {
					inv.tasks = append(inv.tasks, *t)
				}
			}
			slices.SortFunc(inv.tasks, func(a, b client.Task) int { return cmp.Compare(a.ID, b.ID) })
			return nil
		})
	}
	if opts.wants(KindSMSSignatures) {
		run(func() error {
			ss, err := client.Collect(c.SMS.ListSignatures(ctx, client.SMSSignatureFilter{}))
			if err != nil {
				return fmt.Errorf("listing SMS signatures: %w", err)
			}
			slices.SortFunc(ss, func(a, b client.SMSSignature) int { return cmp.Compare(a.ID, b.ID) })
			inv.signatures = ss
			progress(KindSMSSignatures, len(ss), len(ss))
			return nil
		})
	}
	if opts.wants(KindSMSTemplates) {
		run(func() error {
			ts, err := client.Collect(c.SMS.ListTemplates(ctx, client.SMSTemplateFilter{}))
			if err != nil {
				return fmt.Errorf("listing SMS templates: %w", err)
			}
			slices.SortFunc(ts, func(a, b client.SMSTemplate) int { return cmp.Compare(a.ID, b.ID) })
			inv.templates = ts
			progress(KindSMSTemplates, len(ts), len(ts))
			return nil
		})
	}
	if opts.wants(KindSounds) {
		run(func() error {
			list, err := client.Collect(c.Sounds.List(ctx, client.SoundFilter{}))
			if err != nil {
				return fmt.Errorf("listing voice files: %w", err)
			}
			slices.SortFunc(list, func(a, b client.Sound) int { return cmpIDs(string(a.ID), string(b.ID)) })
			files := make([]*soundFile, len(list))
			err = forEach(ctx, len(list), opts.Concurrency, func(i int) error {
				b, err := c.Sounds.Play(ctx, string(list[i].ID))
				if client.IsNotFound(err) {
					what := fmt.Sprintf("voice file %s (%s)", list[i].ID, list[i].Name)
					if merr := stillManaged(ctx, opts, typeSound, string(list[i].ID), what, KindSounds, err, func(ctx context.Context) (bool, error) {
						return listed(c.Sounds.List(ctx, client.SoundFilter{}), func(s client.Sound) bool { return s.ID == list[i].ID })
					}); merr != nil {
						return merr
					}
					gone(what, err)
					return nil
				}
				if err != nil {
					return fmt.Errorf("downloading voice file %s: %w", list[i].ID, err)
				}
				files[i] = &soundFile{Sound: list[i], content: b}
				return nil
			}, func(done int) { progress(KindSounds, done, len(list)) })
			if err != nil {
				return err
			}
			for _, f := range files {
				if f != nil {
					inv.sounds = append(inv.sounds, *f)
				}
			}
			return nil
		})
	}
	if opts.wants(KindGatewaySMSSignatures) {
		run(func() error {
			gs, err := client.Collect(c.Gateway.ListSignatures(ctx))
			if err != nil {
				return fmt.Errorf("listing gateway SMS signatures: %w", err)
			}
			slices.SortFunc(gs, func(a, b client.GatewaySignature) int { return cmp.Compare(a.Identifier(), b.Identifier()) })
			inv.gwSigs = gs
			progress(KindGatewaySMSSignatures, len(gs), len(gs))
			return nil
		})
	}
	if opts.wants(KindGatewaySMSTemplates) {
		run(func() error {
			ts, err := client.Collect(c.Gateway.ListTemplates(ctx, nil))
			if err != nil {
				return fmt.Errorf("listing gateway SMS templates: %w", err)
			}
			slices.SortFunc(ts, func(a, b client.GatewayTemplate) int { return cmp.Compare(a.Identifier(), b.Identifier()) })
			inv.gwTpls = ts
			progress(KindGatewaySMSTemplates, len(ts), len(ts))
			return nil
		})
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	slices.Sort(inv.failed)
	return inv, nil
}

// forEach runs f for 0..n-1 with at most workers in flight, reporting each
// completion; it stops at the first error.
func forEach(ctx context.Context, n, workers int, f func(i int) error, done func(int)) error {
	if n == 0 {
		done(0)
		return nil
	}
	jobs := make(chan int)
	errc := make(chan error, workers)
	var mu sync.Mutex
	finished := 0
	var wg sync.WaitGroup
	for range min(workers, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				if err := f(i); err != nil {
					errc <- err
					return
				}
				mu.Lock()
				finished++
				done(finished)
				mu.Unlock()
			}
		}()
	}
	var err error
feed:
	for i := range n {
		select {
		case jobs <- i:
		case err = <-errc:
			break feed
		case <-ctx.Done():
			err = ctx.Err()
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if err == nil {
		select {
		case err = <-errc:
		default:
		}
	}
	return err
}

// cmpIDs orders numeric ids held as text numerically, others after them.
func cmpIDs(a, b string) int {
	x, errA := strconv.ParseInt(a, 10, 64)
	y, errB := strconv.ParseInt(b, 10, 64)
	switch {
	case errA == nil && errB == nil:
		return cmp.Compare(x, y)
	case errA == nil:
		return -1
	case errB == nil:
		return 1
	}
	return strings.Compare(a, b)
}

// listed tells whether a listing holds an object match accepts, reading
// it no further than that object.
func listed[T any](seq iter.Seq2[T, error], match func(T) bool) (bool, error) {
	for x, err := range seq {
		if err != nil {
			return false, err
		}
		if match(x) {
			return true, nil
		}
	}
	return false, nil
}
