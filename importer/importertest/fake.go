// Package importertest has in-memory fakes of the importer's platform
// interfaces, counting every write, for tests of the importer and ccsync.
package importertest

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
)

// Agents is an in-memory AgentAPI. Reported limits which fields List
// returns (nil: all of them).
type Agents struct {
	mu     sync.Mutex
	byID   map[int64]importer.Values
	byNum  map[string]int64
	nextID int64
	Queues map[int64]bool
	// Groups names skill groups of Queues (name, que_num) for SkillGroups.
	Groups   []importer.SkillGroup
	Reported []string
	// Writes counts creates, updates and deletes; Calls every call by name.
	Writes int
	Calls  map[string]int
	// FailCreateAfterWrite makes the next N creates fail with a temporary error
	// after creating the agent (an uncertain failure).
	FailCreateAfterWrite int
	// Reject makes a write for this user_num fail permanently; a delete
	// call naming it is refused as a whole (nothing deleted).
	Reject map[string]string
	// Passwords seen by Create/Update (to check they arrive).
	Passwords map[string]string
}

// NewAgents returns an empty fake with skill groups 101 and 102.
func NewAgents() *Agents {
	return &Agents{byID: map[int64]importer.Values{}, byNum: map[string]int64{}, nextID: 1000, Queues: map[int64]bool{101: true, 102: true},
		Calls: map[string]int{}, Reject: map[string]string{}, Passwords: map[string]string{}}
}

// Seed adds agents directly (no write counted).
func (f *Agents) Seed(vs ...importer.Values) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, v := range vs {
		f.nextID++
		if _, ok := v["user_status"]; !ok {
			v["user_status"] = "1"
		}
		f.byID[f.nextID] = maps.Clone(v)
		f.byNum[v["user_num"]] = f.nextID
	}
}

// Get returns the stored values of an agent by user_num.
func (f *Agents) Get(num string) (importer.Values, int64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if id, ok := f.byNum[num]; ok {
		return maps.Clone(f.byID[id]), id
	}
	return nil, 0
}

// Len is the number of agents.
func (f *Agents) Len() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.byID)
}

func (f *Agents) report(id int64, v importer.Values) importer.Agent {
	out := importer.Values{}
	for k, x := range v {
		if k == "user_password" {
			continue
		}
		if f.Reported != nil && !slices.Contains(f.Reported, k) && k != "user_num" {
			continue
		}
		out[k] = x
	}
	return importer.Agent{UserID: id, Values: out}
}

// List implements importer.AgentAPI.
func (f *Agents) List(ctx context.Context) iter.Seq2[importer.Agent, error] {
	return func(yield func(importer.Agent, error) bool) {
		f.mu.Lock()
		f.Calls["list"]++
		ids := slices.Sorted(maps.Keys(f.byID))
		all := make([]importer.Agent, 0, len(ids))
		for _, id := range ids {
			all = append(all, f.report(id, f.byID[id]))
		}
		f.mu.Unlock()
		for _, a := range all {
			if !yield(a, nil) {
				return
			}
		}
	}
}

// FindByNum implements importer.AgentAPI.
func (f *Agents) FindByNum(ctx context.Context, num string) (*importer.Agent, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.Calls["find"]++
	if id, ok := f.byNum[num]; ok {
		a := f.report(id, f.byID[id])
		return &a, nil
	}
	return nil, nil
}

// Create implements importer.AgentAPI.
func (f *Agents) Create(ctx context.Context, in importer.Values) (int64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.Calls["create"]++
	if msg, ok := f.Reject[in["user_num"]]; ok {
		return 0, &importer.Permanent{Err: fmt.Errorf("users/add: code 1: %s (password %s)", msg, in["user_password"])}
	}
	if _, ok := f.byNum[in["user_num"]]; ok {
		return 0, &importer.Permanent{Err: fmt.Errorf("users/add: user_num %s exists", in["user_num"])}
	}
	if in["user_name"] == "" || in["user_password"] == "" {
		return 0, &importer.Permanent{Err: errors.New("users/add: user_name and user_password are required")}
	}
	f.Writes++
	f.nextID++
	v := maps.Clone(in)
	f.Passwords[v["user_num"]] = v["user_password"]
	delete(v, "user_password")
	if v["user_status"] == "" {
		v["user_status"] = "1"
	}
	f.byID[f.nextID] = v
	f.byNum[v["user_num"]] = f.nextID
	if f.FailCreateAfterWrite > 0 {
		f.FailCreateAfterWrite--
		return 0, errors.New("users/add: connection reset by peer")
	}
	return f.nextID, nil
}

// Update implements importer.AgentAPI.
func (f *Agents) Update(ctx context.Context, id int64, in importer.Values) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.Calls["update"]++
	v, ok := f.byID[id]
	if !ok {
		return &importer.Permanent{Err: fmt.Errorf("users/edit: user %d does not exist", id)}
	}
	if msg, ok := f.Reject[v["user_num"]]; ok {
		return &importer.Permanent{Err: fmt.Errorf("users/edit: %s", msg)}
	}
	f.Writes++
	for k, x := range in {
		if k == "user_password" {
			f.Passwords[v["user_num"]] = x
			continue
		}
		v[k] = x
	}
	return nil
}

// Delete implements importer.AgentAPI.
func (f *Agents) Delete(ctx context.Context, ids ...int64) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.Calls["delete"]++
	for _, id := range ids {
		if msg, ok := f.Reject[f.byID[id]["user_num"]]; ok {
			return &importer.Permanent{Err: fmt.Errorf("users/delete: %s", msg)}
		}
	}
	f.Writes++
	for _, id := range ids {
		delete(f.byNum, f.byID[id]["user_num"])
		delete(f.byID, id)
	}
	return nil
}

// QueueIDs implements importer.QueueChecker.
func (f *Agents) QueueIDs(ctx context.Context) (map[int64]bool, error) { return f.Queues, nil }

// SkillGroups implements importer.SkillGroupLister: Groups, then each id of
// Queues that Groups does not name, without a name or number.
func (f *Agents) SkillGroups(ctx context.Context) ([]importer.SkillGroup, error) {
	out := slices.Clone(f.Groups)
	for _, id := range slices.Sorted(maps.Keys(f.Queues)) {
		if !slices.ContainsFunc(f.Groups, func(g importer.SkillGroup) bool { return g.ID == id }) {
			out = append(out, importer.SkillGroup{ID: id})
		}
	}
	return out, nil
}

// Sender is an in-memory SMSSender and Reconciler that records every
// number it sent, with the time.
type Sender struct {
	mu      sync.Mutex
	Params  map[string][]string
	Sent    map[string]int // mobile → times sent
	Log     []importer.Recipient
	SentAt  map[string]time.Time
	Batches int
	// Invalid numbers fail per number (like §7.5 data.error).
	Invalid map[string]string
}

// NewSender returns a fake with template "7" taking name and date.
func NewSender() *Sender {
	return &Sender{Params: map[string][]string{"7": {"name", "date"}, "8": {}}, Sent: map[string]int{}, SentAt: map[string]time.Time{}, Invalid: map[string]string{}}
}

// TemplateParams implements importer.SMSSender.
func (s *Sender) TemplateParams(ctx context.Context, id string) ([]string, error) {
	p, ok := s.Params[id]
	if !ok {
		return nil, fmt.Errorf("template %s does not exist", id)
	}
	return p, nil
}

// SendBatch implements importer.SMSSender.
func (s *Sender) SendBatch(ctx context.Context, id, _ string, batch []importer.Recipient) (map[string]importer.Outcome, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Batches++
	if len(batch) > importer.MaxBatch {
		return nil, &importer.Rejected{Err: fmt.Errorf("code 1013: more than %d numbers", importer.MaxBatch)}
	}
	out := map[string]importer.Outcome{}
	for _, r := range batch {
		if msg, bad := s.Invalid[r.Mobile]; bad {
			out[r.Mobile] = importer.Outcome{Message: msg}
			continue
		}
		s.Sent[r.Mobile]++
		s.SentAt[r.Mobile] = time.Now()
		s.Log = append(s.Log, r)
		out[r.Mobile] = importer.Outcome{Sent: true, Message: "submitted", SMSID: "sms-" + r.Mobile}
	}
	return out, nil
}

// SentSince implements importer.Reconciler.
func (s *Sender) SentSince(ctx context.Context, id string, want map[string]string, since time.Time) (map[string]importer.Recorded, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]importer.Recorded{}
	for m := range want {
		if t, ok := s.SentAt[m]; ok && !t.Before(since.Add(-time.Second)) {
			out[m] = importer.Recorded{Sent: true}
		}
	}
	return out, nil
}

// Twice lists the numbers sent more than once.
func (s *Sender) Twice() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for m, n := range s.Sent {
		if n > 1 {
			out = append(out, fmt.Sprintf("%s×%d", m, n))
		}
	}
	slices.Sort(out)
	return out
}
