package importer

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"
)

// Outcomes of one step of an apply.
const (
	OutcomeDone      = "done"
	OutcomeFailed    = "failed"
	OutcomeUnchanged = "unchanged"
)

// Result is one row of an apply report.
type Result struct {
	Row      int    `json:"row,omitempty"`
	UserNum  string `json:"user_num"`
	UserID   int64  `json:"user_id,omitempty"`
	Action   Action `json:"action"`
	Outcome  string `json:"outcome"`
	Message  string `json:"message,omitempty"`
	Attempts int    `json:"attempts,omitempty"`
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
}

// Apply carries out a plan: every write step with at most Concurrency in
// flight, each retried on temporary failures. A create is never re-sent
// blindly: before a retry the agent is looked up by user_num, and an agent
// found there counts as created. Results come back in plan order.
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
		results[i] = r
		done++
		if opts.Progress != nil {
			opts.Progress(done, len(plan.Steps), r)
		}
	}
	sem := make(chan struct{}, opts.Concurrency)
	for i, st := range plan.Steps {
		if st.Action == ActionUnchanged {
			report(i, Result{Row: st.Row, UserNum: st.UserNum, UserID: st.UserID, Action: st.Action, Outcome: OutcomeUnchanged})
			continue
		}
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			report(i, Result{Row: st.Row, UserNum: st.UserNum, UserID: st.UserID, Action: st.Action, Outcome: OutcomeFailed, Message: "not attempted: " + ctx.Err().Error()})
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			report(i, applyStep(ctx, api, st, opts))
		}()
	}
	wg.Wait()
	return results
}

func applyStep(ctx context.Context, api AgentAPI, st Step, opts ApplyOptions) Result {
	res := Result{Row: st.Row, UserNum: st.UserNum, UserID: st.UserID, Action: st.Action}
	wait := opts.Backoff
	var err error
	for attempt := 1; attempt <= opts.Retries+1; attempt++ {
		res.Attempts = attempt
		if attempt > 1 {
			select {
			case <-time.After(wait):
			case <-ctx.Done():
				res.Outcome = OutcomeFailed
				res.Message = scrub(fmt.Sprintf("%v (then stopped: %v)", err, ctx.Err()), st.values["user_password"])
				return res
			}
			wait *= 2
		}
		var note string
		note, err = writeStep(ctx, api, st, &res, attempt)
		if err == nil {
			res.Outcome, res.Message = OutcomeDone, note
			return res
		}
		if isPermanent(err) {
			break
		}
	}
	res.Outcome = OutcomeFailed
	res.Message = scrub(err.Error(), st.values["user_password"])
	return res
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
		return "changed " + strings.Join(st.Fields(), ", "), api.Update(ctx, st.UserID, st.values)
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
