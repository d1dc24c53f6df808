package importer

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// Outcomes of one step of an apply.
const (
	OutcomeDone      = "done"
	OutcomeFailed    = "failed"
	OutcomeUnchanged = "unchanged"
	// OutcomeNotStarted is a step an interruption kept from starting:
	// nothing was sent for it.
	OutcomeNotStarted = "not started"
	// OutcomeUnknown is a write cut off by the context's end: the platform
	// may or may not have carried it out.
	OutcomeUnknown = "unknown"
)

// Messages of the steps an interruption stopped.
const (
	MessageNotStarted = "not started (interrupted)"
	MessageCutOff     = "outcome unknown (interrupted): running apply again checks"
)

// Result is one row of an apply report.
type Result struct {
	Row     int    `json:"row,omitempty"`
	UserNum string `json:"user_num"`
	UserID  int64  `json:"user_id,omitempty"`
	// UserName is the step's (an agent pruned, Step.UserName).
	UserName string `json:"user_name,omitempty"`
	Action   Action `json:"action"`
	Outcome  string `json:"outcome"`
	Message  string `json:"message,omitempty"`
	Attempts int    `json:"attempts,omitempty"`
	// RateLimited is set on a failed step the platform's rate limit
	// refused (HTTP 429) on every attempt.
	RateLimited bool `json:"rate_limited,omitempty"`
	// Transient is set on a failed step whose last error may pass: the
	// service failed (HTTP 5xx) or the connection was dropped or timed out,
	// at every attempt; not a refusal, nor the rate limit (RateLimited).
	Transient bool `json:"transient,omitempty"`
	// Notes are the step's (Step.Notes), what the plan says under its row:
	// a warning that the next terraform apply sets the row back among
	// them, which apply's JSON output had no other place for.
	Notes []string `json:"notes,omitempty"`
}

// ApplyOptions tune an apply.
type ApplyOptions struct {
	// Concurrency bounds the writes in flight (default 4).
	Concurrency int
	// Retries is how many times a failed write is tried again when the
	// failure may be temporary (default 2; negative: none).
	Retries int
	// Backoff is the first wait before a retry, doubled each time (default 200ms).
	Backoff time.Duration
	// Progress, when set, is called after every step (from one goroutine at a time).
	Progress func(done, total int, r Result)
	// Stop, when closed, starts no further step: the writes in flight
	// finish with their real outcome, and the steps not started are
	// reported OutcomeNotStarted. Cancelling ctx instead cuts the writes
	// in flight off (OutcomeUnknown).
	Stop <-chan struct{}
}

// MaxDeleteIDs is the most agents one users/delete call names. Its ids are
// a comma list (§4.2) and the spec states no limit; 100 keeps a request
// small and bounds what a refused call costs (each of its agents is then
// deleted alone).
const MaxDeleteIDs = 100

// Apply carries out a plan: every write step with at most Concurrency in
// flight, each retried on temporary failures. A create is never re-sent
// blindly: before a retry the agent is looked up by user_num, and an agent
// found there counts as created. An update, resign or delete whose answer
// is lost is read back (AgentReader) before it is called failed. Deletes go out together, up to
// MaxDeleteIDs agents per users/delete call. A step taking a unique value
// another step gives up runs after it. Results come back in plan order.
func Apply(ctx context.Context, api AgentAPI, plan *Plan, opts ApplyOptions) []Result {
	if opts.Concurrency <= 0 {
		opts.Concurrency = 4
	}
	if opts.Retries == 0 {
		opts.Retries = 2
	} else if opts.Retries < 0 {
		opts.Retries = 0
	}
	if opts.Backoff <= 0 {
		opts.Backoff = 200 * time.Millisecond
	}
	results := make([]Result, len(plan.Steps))
	var (
		mu   sync.Mutex
		done int
		wg   sync.WaitGroup
	)
	report := func(i int, r Result) {
		mu.Lock()
		defer mu.Unlock()
		r.Notes = plan.Steps[i].Notes
		results[i] = r
		done++
		if opts.Progress != nil {
			opts.Progress(done, len(plan.Steps), r)
		}
	}
	sem := make(chan struct{}, opts.Concurrency)
	stopped := func() bool {
		select {
		case <-opts.Stop:
			return true
		case <-ctx.Done():
			return true
		default:
			return false
		}
	}
	// run runs job in the pool, or reports the steps idx not started when
	// Stop closes or ctx ends first.
	run := func(idx []int, job func()) {
		notStarted := func() {
			for _, i := range idx {
				st := plan.Steps[i]
				report(i, Result{Row: st.Row, UserNum: st.UserNum, UserID: st.UserID, UserName: st.UserName, Action: st.Action, Outcome: OutcomeNotStarted, Message: MessageNotStarted})
			}
		}
		if stopped() {
			notStarted()
			return
		}
		select {
		case sem <- struct{}{}:
		case <-opts.Stop:
			notStarted()
			return
		case <-ctx.Done():
			notStarted()
			return
		}
		if stopped() { // Stop and a free slot came together
			<-sem
			notStarted()
			return
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			job()
		}()
	}
	// Steps that take a unique value another step gives up run in a later
	// wave than it (see orderUniqueTakes); a wave starts when the one
	// before has finished. Almost every plan is one wave.
	level := waves(plan.Steps)
	var deletes []int
	for wave := 0; wave <= slices.Max(append(level, 0)); wave++ {
		for i, st := range plan.Steps {
			if level[i] != wave {
				continue
			}
			switch st.Action {
			case ActionUnchanged:
				report(i, Result{Row: st.Row, UserNum: st.UserNum, UserID: st.UserID, UserName: st.UserName, Action: st.Action, Outcome: OutcomeUnchanged})
			case ActionDelete:
				deletes = append(deletes, i)
			default:
				if msg := failedGiver(plan.Steps, results, st); msg != "" {
					report(i, Result{Row: st.Row, UserNum: st.UserNum, UserID: st.UserID, UserName: st.UserName, Action: st.Action, Outcome: OutcomeFailed, Message: msg})
					continue
				}
				run([]int{i}, func() { report(i, applyStep(ctx, api, st, opts)) })
			}
		}
		for len(deletes) > 0 {
			batch := deletes[:min(MaxDeleteIDs, len(deletes))]
			deletes = deletes[len(batch):]
			run(batch, func() {
				for k, r := range applyDeletes(ctx, api, plan.Steps, batch, opts) {
					report(batch[k], r)
				}
			})
		}
		wg.Wait()
	}
	return results
}

// waves gives each step its wave: 0, or one more than the latest wave of
// the steps it waits for. A ring (which a plan refuses) is cut where it
// closes.
func waves(steps []Step) []int {
	level := make([]int, len(steps))
	state := make([]byte, len(steps)) // 0 new, 1 in progress, 2 done
	var visit func(i int) int
	visit = func(i int) int {
		if state[i] != 0 {
			return level[i]
		}
		state[i] = 1
		for _, w := range steps[i].after {
			if state[w.step] != 1 {
				level[i] = max(level[i], visit(w.step)+1)
			}
		}
		state[i] = 2
		return level[i]
	}
	for i := range steps {
		visit(i)
	}
	return level
}

// failedGiver tells why a step is not attempted: a step it waits for
// failed, so the value it would take is still held.
func failedGiver(steps []Step, results []Result, st Step) string {
	for _, w := range st.after {
		if results[w.step].Outcome == OutcomeFailed {
			return fmt.Sprintf("not attempted: agent %s still holds %s %q (its change failed)",
				steps[w.step].UserNum, w.field, st.values[w.field])
		}
	}
	return ""
}

// applyDeletes deletes the agents of the steps idx in one users/delete
// call, retried on temporary failures. When the platform refuses the call,
// which agent it refused is not said: each is then deleted alone, so every
// step gets its own outcome.
func applyDeletes(ctx context.Context, api AgentAPI, steps []Step, idx []int, opts ApplyOptions) []Result {
	out := make([]Result, len(idx))
	ids := make([]int64, len(idx))
	for k, i := range idx {
		st := steps[i]
		out[k] = Result{Row: st.Row, UserNum: st.UserNum, UserID: st.UserID, UserName: st.UserName, Action: st.Action}
		ids[k] = st.UserID
	}
	var sends sendCount
	attempts, err := retry(ctx, opts, func(int) error {
		return sends.write(ctx, func(ctx context.Context) error { return api.Delete(ctx, ids...) })
	})
	attempts = max(attempts, sends.n)
	if err != nil && len(idx) > 1 && isPermanent(err) && ctx.Err() == nil {
		for k, i := range idx {
			out[k] = applyStep(ctx, api, steps[i], opts)
			out[k].Attempts += attempts
		}
		return out
	}
	var there map[int64]Agent
	settled := false
	if err != nil && inDoubt(ctx, err) {
		// The answer was lost: the call may have deleted them all.
		there, settled = readBack(ctx, api, ids...)
	}
	for k := range out {
		out[k].Attempts, out[k].Outcome, out[k].Message = attempts, OutcomeDone, "deleted"
		switch _, left := there[ids[k]]; {
		case err == nil:
		case settled && !left:
			out[k].Message = "deleted (the answer was lost; the agent is no longer on the platform: " + err.Error() + ")"
		case cutOff(ctx, err):
			out[k].Outcome, out[k].Message = OutcomeUnknown, MessageCutOff
		default:
			out[k].Outcome, out[k].Message, out[k].RateLimited = OutcomeFailed, err.Error(), client.IsRateLimited(err)
			out[k].Transient = transient(ctx, err)
		}
	}
	return out
}

// transient tells whether a failed write's error may pass when the row is
// written again: not a refusal (Permanent), not the rate limit (which has
// its own advice), not an interruption.
func transient(ctx context.Context, err error) bool {
	return ctx.Err() == nil && !isPermanent(err) && !client.IsRateLimited(err)
}

// inDoubt tells whether a write's error leaves its outcome unknown: the
// platform may have carried it out and its answer was lost (after the
// client's retries). A refusal (Permanent) and a cancelled write are not.
func inDoubt(ctx context.Context, err error) bool {
	return ctx.Err() == nil && !isPermanent(err) && client.IsAmbiguous(err)
}

// cutOff tells whether a write's error is ctx's end rather than the
// platform's answer: a refusal stays a refusal.
func cutOff(ctx context.Context, err error) bool {
	var p *Permanent
	return ctx.Err() != nil && (!errors.As(err, &p) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded))
}

// readBack reads the agents ids from the platform, when api can; ok is
// false when it cannot or the read fails.
func readBack(ctx context.Context, api AgentAPI, ids ...int64) (map[int64]Agent, bool) {
	r, can := api.(AgentReader)
	if !can {
		return nil, false
	}
	there, err := r.ByID(ctx, ids...)
	return there, err == nil
}

// tookEffect tells, from the platform's agent after a write whose answer
// was lost, whether the write of st took effect: the agent is gone for a
// delete, and holds every value the write sent otherwise (a password
// cannot be read back, so a write sending one stays unknown).
//
// unsure is set when every value but a password sent with them is there:
// the write likely took effect, and the password cannot be checked.
func tookEffect(ctx context.Context, api AgentAPI, st Step) (done, unsure bool) {
	there, ok := readBack(ctx, api, st.UserID)
	if !ok {
		return false, false
	}
	a, left := there[st.UserID]
	switch st.Action {
	case ActionDelete:
		return !left, false
	case ActionUpdate, ActionResign:
		if !left || len(st.values) == 0 {
			return false, false
		}
		password := false
		for name, v := range st.values {
			if name == "user_password" {
				password = true
				continue
			}
			f, known := FieldByName(name)
			old, reported := a.Values[name]
			if !known || !reported || !sameValue(f, old, v) {
				return false, false
			}
		}
		return !password, password
	}
	return false, false
}

// MessagePasswordUnknown is a write with a password whose answer was lost
// and whose other values the platform shows.
const MessagePasswordUnknown = "the answer was lost; the platform shows the other values written, and a password cannot be read back: " +
	"it may not be set, so run apply again with --reset-passwords to be sure"

func applyStep(ctx context.Context, api AgentAPI, st Step, opts ApplyOptions) Result {
	res := Result{Row: st.Row, UserNum: st.UserNum, UserID: st.UserID, UserName: st.UserName, Action: st.Action}
	var note string
	// The client's retries of the step's writes count too: ccsync leaves
	// retries to the client (Retries -1), and every row said 1.
	var sends sendCount
	attempts, err := retry(ctx, opts, func(attempt int) error {
		return sends.write(ctx, func(wctx context.Context) error {
			var err error
			note, err = writeStep(wctx, api, st, &res, attempt)
			return err
		})
	})
	res.Attempts = max(attempts, sends.n)
	if err != nil && st.Action != ActionCreate && inDoubt(ctx, err) {
		// Creates are looked up by user_num before they are sent again.
		switch done, unsure := tookEffect(ctx, api, st); {
		case done:
			note += " (the answer was lost; the platform shows it done: " + scrub(err.Error(), st.values["user_password"]) + ")"
			err = nil
		case unsure:
			res.Outcome, res.Message = OutcomeUnknown, MessagePasswordUnknown+" ("+scrub(err.Error(), st.values["user_password"])+")"
			return res
		}
	}
	if err == nil {
		res.Outcome, res.Message = OutcomeDone, note
		return res
	}
	if cutOff(ctx, err) {
		res.Outcome, res.Message = OutcomeUnknown, MessageCutOff
		return res
	}
	res.Outcome, res.RateLimited, res.Transient = OutcomeFailed, client.IsRateLimited(err), transient(ctx, err)
	res.Message = scrub(createInDoubtMessage(err), st.values["user_password"])
	if st.Action == ActionCreate && ctx.Err() == nil && !res.RateLimited {
		// The plan found no agent of this number. One that exists now
		// came since: an apply of the roster running at the same time
		// (two CI jobs), or someone else. Said so, the failure is not a
		// mystery "already used", and the next apply compares the row.
		// The row's user_id stays empty: the agent is not this row's.
		if a, ferr := api.FindByNum(ctx, st.UserNum); ferr == nil && a != nil {
			res.Message = fmt.Sprintf("user_num %s was taken after the plan was made, by agent %d (an apply of this roster running at the same time, "+
				"someone else, or this row's own earlier attempt whose answer was lost): this write failed; run apply again, which compares the row "+
				"with that agent (%s)", st.UserNum, a.UserID, res.Message)
		}
	}
	return res
}

// createInDoubtMessage is err's text, but for a create whose answer was
// lost and whose lookup failed too: the client's words are a Terraform
// resource's ("check whether it exists (and import it) before applying
// again"), where apply reads the agents again by user_num and updates one
// that was made; the rows' summary line said to run apply again, and the
// row to check and import first.
func createInDoubtMessage(err error) string {
	var d *client.CreateInDoubtError
	if !errors.As(err, &d) || errors.As(d.LookupErr, new(*client.SeveralNewError)) {
		return err.Error()
	}
	return fmt.Sprintf("%v\nthe create may have taken effect: looking the agent up afterwards failed too (%v), so it was not sent again; "+
		"run apply again: it reads the agents again, and an agent made by this create is found by its user_num (compared with the row, not made twice)", d.Err, d.LookupErr)
}

// sendCount counts the times a step's write was sent over the importer's
// attempts (retry), the client's retries of each included: each attempt
// adds the highest attempt its client calls reached
// (client.WithWriteAttempts), at least 1. An edit the client sent twice
// in each of two attempts said 2 (the highest of one call), and a
// delete the client sent twice said 1 (only the importer's attempts were
// counted).
type sendCount struct{ n int }

// write runs one attempt of a step's write in a context that records its
// client's attempts, and adds them up.
func (c *sendCount) write(ctx context.Context, write func(context.Context) error) error {
	var sent atomic.Int64
	err := write(client.WithWriteAttempts(ctx, &sent))
	c.n += max(1, int(sent.Load()))
	return err
}

// retry calls write until it succeeds, fails permanently or has been tried
// opts.Retries+1 times, waiting opts.Backoff (doubled each time) between
// attempts. It returns the attempts counted and the last error.
func retry(ctx context.Context, opts ApplyOptions, write func(attempt int) error) (int, error) {
	wait := opts.Backoff
	var err error
	for attempt := 1; attempt <= opts.Retries+1; attempt++ {
		if attempt > 1 {
			select {
			case <-time.After(wait):
			case <-ctx.Done():
				return attempt, fmt.Errorf("%w (then stopped: %w)", err, ctx.Err())
			}
			wait *= 2
		}
		if err = write(attempt); err == nil || isPermanent(err) {
			return attempt, err
		}
	}
	return opts.Retries + 1, err
}

func writeStep(ctx context.Context, api AgentAPI, st Step, res *Result, attempt int) (string, error) {
	switch st.Action {
	case ActionCreate:
		if attempt > 1 {
			// The previous attempt may have created it after all.
			a, err := api.FindByNum(ctx, st.UserNum)
			if err != nil {
				return "", fmt.Errorf("look up agent %s after a failed create: %w", st.UserNum, err)
			}
			if a != nil {
				res.UserID = a.UserID
				return "created (found by user_num after an uncertain first attempt)", nil
			}
		}
		id, err := api.Create(ctx, st.values)
		if err != nil {
			return "", err
		}
		res.UserID = id
		return "created", nil
	case ActionUpdate:
		done := "changed " + strings.Join(st.Fields(), ", ")
		if re := st.Reactivates; re != nil {
			done = fmt.Sprintf("re-activated resigned agent %d (%q); %s", re.UserID, re.UserName, done)
		}
		return done, api.Update(ctx, st.UserID, st.values)
	case ActionResign:
		return "user_status set to 2 (resigned)", api.Update(ctx, st.UserID, st.values)
	case ActionDelete:
		return "deleted", api.Delete(ctx, st.UserID)
	}
	return "", &Permanent{Err: fmt.Errorf("unknown action %q", st.Action)}
}

// scrub keeps a password out of a message, should the platform echo it.
func scrub(msg, secret string) string {
	if secret == "" {
		return msg
	}
	return strings.ReplaceAll(msg, secret, "***")
}

// Failed counts the failed results.
func Failed(rs []Result) int {
	n := 0
	for _, r := range rs {
		if r.Outcome == OutcomeFailed {
			n++
		}
	}
	return n
}
