package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// TasksService wraps outbound tasks (spec §4.3, {autocall_url}/api/v3/projects/...).
type TasksService struct {
	c       *Client
	listing sharedListing
	details taskDetails // detail answers shared by a walk's readers (GetFor)
	// The data sources' shared reads (ListShared, AllShared).
	listShare, allShare listShare[Task]
}

const projectsPath = "/api/v3/projects"

// tasksPerPage is the page size the client asks lists for. §4.3 states no
// maximum; the simulator caps per_page at 100.
const tasksPerPage = 100

// Task types (§2.7).
const (
	TaskTypePredictive int64 = 1
	TaskTypeAutomatic  int64 = 3
	TaskTypeRobot      int64 = 4
)

// Task statuses (§3.4).
const (
	TaskStatusClosed int64 = 0
	TaskStatusOpen   int64 = 1
	TaskStatusPaused int64 = 2
)

// TaskContexts is the fixed `context` of each type (§2.7).
var TaskContexts = map[int64]string{
	TaskTypePredictive: "mc_transque",
	TaskTypeAutomatic:  "mc_transivr",
	TaskTypeRobot:      "mc_transai",
}

// Task is an outbound task (project, §2.7). The same type is the request of
// updateOrCreate (nil members are not sent, so the service applies its
// defaults; arrays are never sent as null: nil is left out, empty is [])
// and the list/detail record (with the computed fields of §2.7).
type Task struct {
	ID               FlexInt           `json:"id,omitempty"`
	DeptID           *FlexInt          `json:"dept_id,omitempty"`
	Type             FlexInt           `json:"type,omitempty"`
	Name             FlexString        `json:"name,omitempty"`
	Status           *FlexInt          `json:"status,omitempty"`
	Priority         *FlexInt          `json:"priority,omitempty"`
	Concurrent       *FlexInt          `json:"concurrent,omitempty"`
	Callers          []FlexString      `json:"callers,omitzero"`
	MaxConnSecs      *FlexInt          `json:"max_conn_secs,omitempty"`
	TimeoutSecs      *FlexInt          `json:"timeout_secs,omitempty"`
	MaxQueueSecs     *FlexInt          `json:"max_queue_secs,omitempty"`
	EnableASR        *FlexBool         `json:"enable_asr,omitempty"`
	Config           *TaskConfig       `json:"config,omitempty"`
	RecallStrategies *RecallStrategies `json:"recall_strategies,omitempty"`
	AssignedUsers    []AssignedUser    `json:"assigned_users,omitzero"`
	Worktime         *Worktime         `json:"worktime,omitempty"`
	FilterRules      *FilterRules      `json:"filter_rules,omitempty"`
	Context          FlexString        `json:"context,omitempty"`
	TransTo          *FlexString       `json:"trans_to,omitempty"`

	// Computed fields of list and detail responses (§2.7).
	TypeString          FlexString `json:"type_string,omitempty"`
	StatusString        FlexString `json:"status_string,omitempty"`
	DeptName            FlexString `json:"dept_name,omitempty"`
	WaitingCount        FlexInt    `json:"waiting_count,omitempty"`
	RecallWaitingCount  FlexInt    `json:"recall_waiting_count,omitempty"`
	RecallPendingCount  FlexInt    `json:"recall_pending_count,omitempty"`
	CallingCount        FlexInt    `json:"calling_count,omitempty"`
	CreatedAt           FlexString `json:"created_at,omitempty"`
	UpdatedAt           FlexString `json:"updated_at,omitempty"`
	CreatedUserName     FlexString `json:"created_user_name,omitempty"`
	UpdatedUserName     FlexString `json:"updated_user_name,omitempty"`
	UnCalled            FlexInt    `json:"un_called,omitempty"`
	TotalCalled         FlexInt    `json:"total_called,omitempty"`
	CallRatioTypeString FlexString `json:"call_ratio_type_string,omitempty"`
	CallTypeString      FlexString `json:"call_type_string,omitempty"`
	Exten               FlexString `json:"exten,omitempty"`
}

// TaskConfig is §2.7.1.
type TaskConfig struct {
	Webhook         *TaskWebhook `json:"webhook,omitempty"`
	MakecallFlag    *FlexInt     `json:"makecall_flag,omitempty"`
	CallRatioType   *FlexInt     `json:"call_ratio_type,omitempty"`
	ManualCallRatio *FlexFloat   `json:"manual_call_ratio,omitempty"`
	MaxCallRatio    *FlexFloat   `json:"max_call_ratio,omitempty"`
	InitCallRatio   *FlexFloat   `json:"init_call_ratio,omitempty"`
	TTS             *TaskTTS     `json:"tts,omitempty"`
	NLPSilenceTime  *FlexInt     `json:"nlp_silence_time,omitempty"`
	EnableScheduler *FlexBool    `json:"enable_scheduler,omitempty"`
	AgentWaitTime   *FlexInt     `json:"agent_wait_time,omitempty"`
	QueID           *FlexInt     `json:"que_id,omitempty"`
}

// TaskWebhook attaches webhooks (§4.4) to a task (§2.7.1, §6.1).
type TaskWebhook struct {
	Enable *FlexBool `json:"enable,omitempty"`
	IDs    []FlexInt `json:"ids,omitzero"`
}

// TaskTTS is the voice of a robot task (§2.7.1).
type TaskTTS struct {
	Provider *FlexString              `json:"provider,omitempty"`
	Name     *FlexString              `json:"name,omitempty"`
	Voice    *FlexString              `json:"voice,omitempty"`
	Speed    *FlexInt                 `json:"speed,omitempty"`
	Pitch    *FlexInt                 `json:"pitch,omitempty"`
	Volume   *FlexInt                 `json:"volume,omitempty"`
	Options  FlexMap[json.RawMessage] `json:"options,omitempty"`
}

// RecallStrategies is §2.7.2: `default` applies when enable_asr is false,
// `asr` (keyed by reason 1, 2, 3, 4, 5, 11) when it is true.
type RecallStrategies struct {
	Default *RecallRule         `json:"default,omitempty"`
	ASR     FlexMap[RecallRule] `json:"asr,omitempty"`
}

// RecallRule is one recall strategy. recall_interval is an array of minutes
// and recall_max_times an int (§2.7.2); a sample spells them the other way
// round, so both decode from either form.
type RecallRule struct {
	Recall             *FlexInt    `json:"recall,omitempty"`
	RecallMaxTimes     *FlexInt    `json:"recall_max_times,omitempty"`
	RecallInterval     FlexIntList `json:"recall_interval,omitempty"`
	RecallIntervalType *FlexInt    `json:"recall_interval_type,omitempty"`
}

// UnmarshalJSON accepts recall_max_times as an array (its first element),
// and `[]` as an empty rule.
func (r *RecallRule) UnmarshalJSON(b []byte) error {
	if emptyArray(b) {
		*r = RecallRule{}
		return nil
	}
	type plain RecallRule
	var raw struct {
		plain
		RecallMaxTimes json.RawMessage `json:"recall_max_times"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	*r = RecallRule(raw.plain)
	r.RecallMaxTimes = nil
	if len(raw.RecallMaxTimes) > 0 && string(raw.RecallMaxTimes) != "null" {
		var l FlexIntList
		if err := json.Unmarshal(raw.RecallMaxTimes, &l); err != nil {
			return err
		}
		if len(l) > 0 {
			v := l[0]
			r.RecallMaxTimes = &v
		}
	}
	return nil
}

// AssignedUser is §2.7.3: exactly one of UserID and UserNum names the agent.
type AssignedUser struct {
	UserID    *FlexInt    `json:"user_id,omitempty"`
	UserNum   *FlexString `json:"user_num,omitempty"`
	ConnLimit *FlexInt    `json:"conn_limit,omitempty"`
}

// Worktime is §2.7.4: weekday "0" (Sunday) to "6" → [start, end] pairs in HH:mm:ss.
type Worktime struct {
	Working FlexMap[[][]string] `json:"working,omitempty"`
	Name    *FlexString         `json:"name,omitempty"`
}

// FilterRules is §2.7.5.
type FilterRules struct {
	History            *FlexBool `json:"history,omitempty"`
	Blacklist          *FlexBool `json:"blacklist,omitempty"`
	CallBlacklist      *FlexBool `json:"call_blacklist,omitempty"`
	CRMProtectedClient *FlexBool `json:"crm_protected_client,omitempty"`
}

// A PHP service writes an empty object as `[]`. The objects of a task
// decode from it as empty (their members nil, read as unset).

func (c *TaskConfig) UnmarshalJSON(b []byte) error {
	type plain TaskConfig
	return phpObject(b, (*plain)(c))
}

func (w *TaskWebhook) UnmarshalJSON(b []byte) error {
	type plain TaskWebhook
	return phpObject(b, (*plain)(w))
}

func (t *TaskTTS) UnmarshalJSON(b []byte) error {
	type plain TaskTTS
	return phpObject(b, (*plain)(t))
}

func (r *RecallStrategies) UnmarshalJSON(b []byte) error {
	type plain RecallStrategies
	if err := phpObject(b, (*plain)(r)); err != nil {
		return err
	}
	// "default": [] is no default rule (one with every field unset would
	// read as a rule set).
	var raw struct {
		Default json.RawMessage `json:"default"`
	}
	if json.Unmarshal(b, &raw) == nil && emptyArray(raw.Default) {
		r.Default = nil
	}
	return nil
}

func (w *Worktime) UnmarshalJSON(b []byte) error {
	type plain Worktime
	return phpObject(b, (*plain)(w))
}

func (f *FilterRules) UnmarshalJSON(b []byte) error {
	type plain FilterRules
	return phpObject(b, (*plain)(f))
}

// TaskFilter narrows projects/lists (§4.3). Zero values are not sent.
type TaskFilter struct {
	Type int64
	// Status filters by 0 closed, 1 open or 2 paused when not nil. The
	// API filters by closed and open only (§4.3): paused tasks are found
	// by reading the list unfiltered and keeping them.
	Status *int64
	Name   string
}

// Create sends updateOrCreate (POST) without id and returns the new id. It
// is never re-sent blindly: after an ambiguous failure the task is looked up
// by its name and type first.
func (s *TasksService) Create(ctx context.Context, t Task) (int64, error) {
	t.ID = 0
	var out struct {
		Data struct {
			ID FlexInt `json:"id"`
		} `json:"data"`
	}
	// Task names are not unique: one that existed before is never taken
	// for the one created (newMatch).
	unlock, err := s.c.lockCreate(ctx, "task", string(t.Name), strconv.FormatInt(int64(t.Type), 10))
	if err != nil {
		return 0, err
	}
	defer unlock()
	find, err := newMatch(ctx, s.c, "task", func(ctx context.Context) iter.Seq2[Task, error] {
		return s.List(ctx, TaskFilter{Type: int64(t.Type), Name: string(t.Name)})
	}, func(o Task) bool { return o.Name == t.Name }, taskKey)
	if err != nil {
		return 0, err
	}
	err = s.c.createOnce(ctx, Request{
		Surface: SurfaceAutocall, Method: "POST", Path: projectsPath + "/updateOrCreate", Body: t,
	}, &out, func(ctx context.Context) (bool, error) {
		found, err := find(ctx)
		if err != nil || found == nil {
			return false, err
		}
		out.Data.ID = found.ID
		return true, nil
	}, func() bool { return out.Data.ID != 0 })
	if err != nil {
		return 0, err
	}
	return int64(out.Data.ID), s.c.claim("task", strconv.FormatInt(int64(out.Data.ID), 10))
}

// Update sends updateOrCreate (PUT) with the task's id. A nil Status keeps
// the current one; use SetStatus to open or pause.
func (s *TasksService) Update(ctx context.Context, t Task) error {
	if t.ID == 0 {
		return errors.New("updating a task needs its id")
	}
	return s.c.Do(ctx, Request{
		Surface: SurfaceAutocall, Method: "PUT", Path: projectsPath + "/updateOrCreate", Body: t,
		Idempotent: true, NotFoundCodes: []int64{404},
	}, nil)
}

// Delete removes tasks (projects/delete, POST). force sends is_force=1,
// which deletes open tasks too.
func (s *TasksService) Delete(ctx context.Context, ids []int64, force bool) error {
	isForce := 0
	if force {
		isForce = 1
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfaceAutocall, Method: "POST", Path: projectsPath + "/delete",
		Body:       map[string]any{"ids": ids, "is_force": isForce},
		Idempotent: true, NotFoundCodes: []int64{404},
	}, nil)
	return goneUnlessListed(ctx, err, s.listed(ids...))
}

// listed reports whether projects/lists holds any of the tasks ids, for
// goneUnlessListed (it pages the whole listing: only after a refusal),
// from a read of the listing begun after it was asked, which the checks
// asking meanwhile share.
func (s *TasksService) listed(ids ...int64) func(context.Context) (bool, error) {
	return func(ctx context.Context) (bool, error) {
		names := make([]string, len(ids))
		for i, id := range ids {
			names[i] = strconv.FormatInt(id, 10)
		}
		held, err := s.listing.read(ctx, strings.Join(names, "/"), s.listedIDs)
		if err != nil {
			return false, err
		}
		return slices.ContainsFunc(ids, func(id int64) bool { return held[id] }), nil
	}
}

// listedIDs reads the ids of every task projects/lists holds.
func (s *TasksService) listedIDs(ctx context.Context) (map[int64]bool, error) {
	held := map[int64]bool{}
	for t, err := range s.List(ctx, TaskFilter{}) {
		if err != nil {
			return nil, err
		}
		held[t.ID.Int64()] = true
	}
	return held, nil
}

// sharedListing shares the reads of the task listing among the checks
// that ask whether tasks are still listed. A refresh after tasks were
// deleted in the portal asks once for each of them (each detail answers
// "object does not exist"), and each check paged the whole listing on its
// own: a whole read per deleted task. A check needs a read begun after
// its refusal came: a read in flight when it asks began before, so it
// waits for the next one, queued to begin when that one lands, which
// every check asking meanwhile shares (as the finders' nextCollection).
type sharedListing struct {
	mu        sync.Mutex
	cur, next *listingRead
}

type listingRead struct {
	ctx  context.Context // the first asker's, without its cancel and deadline
	done chan struct{}
	ids  map[int64]bool
	err  error
	// retry follows the read's waits before a retry, which a reader whose
	// deadline comes first does not wait for (the finders' flights do
	// the same).
	retry retryWatch
}

// newListingRead is a read of the listing in ctx, detached from its
// cancellation and its deadline: it serves every check that joins it.
func newListingRead(ctx context.Context) *listingRead {
	r := &listingRead{done: make(chan struct{})}
	r.ctx = r.retry.detach(ctx)
	return r
}

// read returns the ids of a read of the listing begun after it was
// called, by list, for a check of the task of this id (its lines name it).
func (l *sharedListing) read(ctx context.Context, id string, list func(context.Context) (map[int64]bool, error)) (map[int64]bool, error) {
	l.mu.Lock()
	r := l.next
	switch {
	case l.cur == nil:
		r = newListingRead(ctx)
		l.start(r, list)
	case r == nil:
		r = newListingRead(ctx)
		l.next = r
	}
	l.mu.Unlock()
	if err := r.retry.wait(ctx, "outbound task", id, r.done); err != nil {
		return nil, err
	}
	return r.ids, r.err
}

// start begins r, and the read queued meanwhile when r lands; l.mu is
// held.
func (l *sharedListing) start(r *listingRead, list func(context.Context) (map[int64]bool, error)) {
	l.cur = r
	go func() {
		r.ids, r.err = list(r.ctx)
		l.mu.Lock()
		l.cur = nil
		if next := l.next; next != nil {
			l.next = nil
			l.start(next, list)
		}
		l.mu.Unlock()
		close(r.done)
	}()
}

// SetStatus opens (1) or pauses (2) a task (projects/status/update).
func (s *TasksService) SetStatus(ctx context.Context, id, status int64) error {
	if status != TaskStatusOpen && status != TaskStatusPaused {
		return fmt.Errorf("status/update takes status 1 (open) or 2 (paused), got %d", status)
	}
	return s.c.Do(ctx, Request{
		Surface: SurfaceAutocall, Method: "POST", Path: projectsPath + "/status/update",
		Body:       map[string]any{"id": id, "status": status},
		Idempotent: true, NotFoundCodes: []int64{404},
	}, nil)
}

// StillListedError is Get's error for a task whose detail read answered
// "object does not exist" (code 404) while projects/lists still holds it:
// whether the task exists is not known. It does not satisfy IsNotFound (a
// refresh that took it for gone created the task again); an export tells
// it from other failures, to leave a task no state manages out and name
// it, as one a read says is gone.
//
// ListErr is set when the listing went unanswered (the network, a 5xx):
// taken for gone then, a refresh against a struggling platform dropped the
// task all the same. A listing the platform refuses leaves the answer
// "gone", as a platform answering every call so is not this one's.
type StillListedError struct {
	ID      int64
	Err     error // the detail read's answer
	ListErr error // the listing's failure, when it could not be read
}

func (e *StillListedError) Error() string {
	if e.ListErr != nil {
		return fmt.Sprintf("%s; reading projects/lists to confirm that task %d is gone failed too (%s), so whether it exists is not known: run again",
			e.Err, e.ID, e.ListErr)
	}
	return fmt.Sprintf("%s; yet projects/lists still holds task %d, so whether it exists is not known: run again. If its detail keeps answering so, "+
		"check task %d in the portal; to stop managing it, remove it from the state (terraform state rm, or a removed block)", e.Err, e.ID, e.ID)
}

// unanswered tells a read the platform did not answer (the network, a
// 5xx, its rate limit past the waits) from one it refused.
func unanswered(err error) bool {
	e, ok := AsAPIError(err)
	return !ok || e.HTTPStatus >= 500 || IsRateLimited(err)
}

// Get reads one task with its config, recall strategies, worktime and
// assigned users (projects/detail, GET). Gone satisfies IsNotFound.
// It always calls; GetFor shares its answer.
func (s *TasksService) Get(ctx context.Context, id int64) (*Task, error) {
	return s.get(ctx, id, "")
}

// get reads task id for reader and records the answer (GetFor).
func (s *TasksService) get(ctx context.Context, id int64, reader string) (*Task, error) {
	began := stamp{gen: s.c.gen.Load(), at: s.c.cfg.Now()}
	t, err := s.detail(ctx, id)
	if err != nil {
		s.details.drop(id, began)
		return nil, err
	}
	s.details.put(id, t, began, reader)
	return t, nil
}

// detail is one projects/detail read of task id.
func (s *TasksService) detail(ctx context.Context, id int64) (*Task, error) {
	var out struct {
		Data *Task `json:"data"`
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfaceAutocall, Method: "GET", Path: projectsPath + "/detail",
		Query: url.Values{"id": {strconv.FormatInt(id, 10)}}, BodyKind: BodyNone,
		Idempotent: true, Read: true, NotFoundCodes: []int64{404},
	}, &out)
	if IsNotFound(err) && ctx.Err() == nil {
		// "object does not exist" (code 404) about a task the list still
		// holds is no answer: taken for gone, a refresh dropped the task
		// from the state and the plan created it again (a second task of
		// the name), and an export left it out, which the next plan of an
		// adopted folder destroyed. A task deleted meanwhile is no longer
		// listed, and gone.
		switch there, lerr := s.listed(id)(ctx); {
		case lerr != nil && ctx.Err() == nil && unanswered(lerr):
			return nil, &StillListedError{ID: id, Err: err, ListErr: lerr}
		case there:
			return nil, &StillListedError{ID: id, Err: err}
		}
		return nil, err
	}
	if err != nil {
		return nil, goneUnlessListed(ctx, err, s.listed(id))
	}
	if out.Data == nil || out.Data.ID == 0 {
		return nil, fmt.Errorf("outbound task %d: %w", id, ErrNotFound)
	}
	return out.Data, nil
}

// taskKey tells tasks apart in lists (by id).
func taskKey(t Task) string { return strconv.FormatInt(t.ID.Int64(), 10) }

// List pages through projects/lists (GET).
func (s *TasksService) List(ctx context.Context, f TaskFilter) iter.Seq2[Task, error] {
	paused := f.Status != nil && *f.Status == TaskStatusPaused
	pages := paginateWhole(ctx, "outbound task list (projects/lists)", taskKey, func(ctx context.Context, page int) (Page[Task], error) {
		q := url.Values{"current_page": {strconv.Itoa(page)}, "per_page": {strconv.Itoa(tasksPerPage)}}
		if f.Type != 0 {
			q.Set("type", strconv.FormatInt(f.Type, 10))
		}
		if f.Status != nil && !paused {
			q.Set("status", strconv.FormatInt(*f.Status, 10))
		}
		if f.Name != "" {
			q.Set("name", f.Name)
		}
		var out struct {
			Data ResultsPage[Task] `json:"data"`
		}
		err := s.c.Do(ctx, Request{
			Surface: SurfaceAutocall, Method: "GET", Path: projectsPath + "/lists",
			Query: q, BodyKind: BodyNone, Idempotent: true, Read: true,
		}, &out)
		return Page[Task]{Items: out.Data.Results, More: out.Data.More(), Total: out.Data.Total.Int64(), Current: out.Data.CurrentPage.Int64()}, err
	})
	if !paused {
		return pages
	}
	return func(yield func(Task, error) bool) {
		for t, err := range pages {
			if err != nil || (t.Status != nil && t.Status.Int64() == TaskStatusPaused) {
				if !yield(t, err) || err != nil {
					return
				}
			}
		}
	}
}

// All returns every task of one type (projects/all).
func (s *TasksService) All(ctx context.Context, typ int64) ([]Task, error) {
	var out struct {
		Data []Task `json:"data"`
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfaceAutocall, Method: "GET", Path: projectsPath + "/all",
		Query: url.Values{"type": {strconv.FormatInt(typ, 10)}}, BodyKind: BodyNone, Idempotent: true, Read: true,
	}, &out)
	return out.Data, err
}

// FindByName returns the task of the type whose name equals name, or nil.
func (s *TasksService) FindByName(ctx context.Context, typ int64, name string) (*Task, error) {
	for t, err := range s.List(ctx, TaskFilter{Type: typ, Name: name}) {
		if err != nil {
			return nil, err
		}
		if string(t.Name) == name {
			return &t, nil
		}
	}
	return nil, nil
}

// FlexIntList decodes from an array of numbers or numeric strings, a single
// number, or null.
type FlexIntList []FlexInt

// UnmarshalJSON implements json.Unmarshaler.
func (l *FlexIntList) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" {
		*l = nil
		return nil
	}
	if b[0] == '[' {
		var out []FlexInt
		if err := json.Unmarshal(b, &out); err != nil {
			return err
		}
		*l = out
		return nil
	}
	var one FlexInt
	if err := json.Unmarshal(b, &one); err != nil {
		return err
	}
	*l = FlexIntList{one}
	return nil
}
