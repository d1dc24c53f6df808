package client

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"net/url"
	"strconv"
	"strings"
	"sync"
)

// QueuesService wraps skill groups (spec §4.6, {portal_url}/v2/svcapi/queue).
type QueuesService struct {
	c       *Client
	finder  *finder[SkillGroup]
	members *finder[groupMembers]
	// listShare shares the data sources' lists (ListShared).
	listShare listShare[SkillGroup]
}

// groupMembers is one group's entry of get/agents.
type groupMembers struct {
	QueID  string
	Agents []GroupAgent
}

// membersMaxIDs bounds the que_ids of one get/agents call (a GET: the
// list travels in the query string, about 3 KB for 500 ids).
const membersMaxIDs = 500

func newQueuesService(c *Client) *QueuesService {
	s := &QueuesService{c: c}
	// queue/list answers every group at once: the whole list is one call,
	// and a single id is read with the que_id filter.
	s.finder = newFinder(c, func(g SkillGroup) string { return string(g.ID) })
	s.finder.maxIDs = 1 << 20
	s.finder.byIDs = func(ctx context.Context, ids []string) ([]SkillGroup, error) {
		f := SkillGroupFilter{}
		if len(ids) == 1 {
			f.QueID, _ = strconv.ParseInt(ids[0], 10, 64)
		}
		return Collect(s.List(ctx, f))
	}
	s.finder.all = func(ctx context.Context) ([]SkillGroup, bool, bool, error) {
		gs, err := Collect(s.List(ctx, SkillGroupFilter{}))
		return gs, true, true, err
	}
	s.members = newFinder(c, func(m groupMembers) string { return m.QueID })
	s.members.maxIDs = membersMaxIDs
	s.members.byIDs = s.getAgents
	// The first membership read of a client that has not written asks for
	// every group of the group list (shared with the group finder) when
	// they fit in one call, so it never costs more calls than by ids.
	s.members.all = func(ctx context.Context) ([]groupMembers, bool, bool, error) {
		ids, err := s.finder.keys(ctx)
		if err != nil || len(ids) > membersMaxIDs || len(ids) == 0 {
			return nil, false, false, err
		}
		ms, err := s.getAgents(ctx, ids)
		// A group created since the list was read is not in it: an id
		// missing from this answer is read again by itself.
		return ms, true, false, err
	}
	return s
}

const queuePath = "/v2/svcapi/queue"

// SkillGroup is a list item of queue/list (§2.11). The API sends every value
// as a string; the flex types accept either form.
type SkillGroup struct {
	ID           FlexString `json:"id"`
	QueName      FlexString `json:"que_name"`
	QueNum       FlexString `json:"que_num"`
	QueTag       FlexInt    `json:"que_tag"`
	QueType      FlexInt    `json:"que_type"`
	QueLength    FlexInt    `json:"que_length"`
	QueTime      FlexInt    `json:"que_time"`
	RingTime     FlexInt    `json:"ring_time"`
	NextWait     FlexInt    `json:"next_wait"`
	BAnnounce    FlexInt    `json:"b_announce"`
	NoansTimes   FlexInt    `json:"noans_times"`
	NoansWait    FlexInt    `json:"noans_wait"`
	NoansAction  FlexString `json:"noans_action"`
	QueStrategy  FlexInt    `json:"que_strategy"`
	WaitAudio    FlexString `json:"wait_audio"`
	SoundName    FlexString `json:"sound_name"`
	Brecord      FlexInt    `json:"brecord"`
	QuePriority  FlexInt    `json:"que_priority"`
	AutoEvaluate FlexInt    `json:"auto_evaluate"`
}

// SkillGroupInput holds the add/update parameters of §4.6. Nil pointers are
// not sent, so the service applies its own defaults.
type SkillGroupInput struct {
	QueName      string  `json:"que_name"`
	QuePriority  int64   `json:"que_priority"`
	QueNum       *string `json:"que_num,omitempty"`
	QueType      *int64  `json:"que_type,omitempty"`
	QueLength    *int64  `json:"que_length,omitempty"`
	QueTime      *int64  `json:"que_time,omitempty"`
	RingTime     *int64  `json:"ring_time,omitempty"`
	NextWait     *int64  `json:"next_wait,omitempty"`
	BAnnounce    *int64  `json:"b_announce,omitempty"`
	NoansTimes   *int64  `json:"noans_times,omitempty"`
	NoansWait    *int64  `json:"noans_wait,omitempty"`
	WaitAudio    *string `json:"wait_audio,omitempty"`
	NoansAction  *string `json:"noans_action,omitempty"`
	QueStrategy  *int64  `json:"que_strategy,omitempty"`
	AutoEvaluate *int64  `json:"auto_evaluate,omitempty"`
}

// AgentSkill is one agent of a group with its skill level (assign, update/skill).
type AgentSkill struct {
	AgID  int64 `json:"ag_id"`
	Skill int64 `json:"skill"`
}

// GroupAgent is an agent-of-group item of get/agents (§2.11).
type GroupAgent struct {
	AgID  FlexInt    `json:"ag_id"`
	Skill FlexInt    `json:"skill"`
	AgNum FlexString `json:"ag_num"`
}

// SkillError is one rejected entry of update/skill with is_transaction=0.
type SkillError struct {
	AgID    FlexInt    `json:"ag_id"`
	Skill   FlexInt    `json:"skill"`
	Message FlexString `json:"message"`
}

// SkillGroupFilter narrows queue/list (the `info` JSON filter).
type SkillGroupFilter struct {
	QueID   int64
	Keyword string
}

// Create adds a group (queue/add) and returns its id. A create is never
// re-sent blindly: after an ambiguous failure (transport error or 5xx) the
// group is looked up by its unique name first. The group of that name is
// looked up before the create is sent too: one found then was not made by
// this create (it is refused as a duplicate), and the lookup after a lost
// answer never takes it (it did: another configuration's group was held
// by two states).
func (s *QueuesService) Create(ctx context.Context, in SkillGroupInput) (string, error) {
	var out struct {
		Data struct {
			QueID FlexString `json:"que_id"`
		} `json:"data"`
	}
	unlock, err := s.c.lockCreate(ctx, "skill group", in.QueName)
	if err != nil {
		return "", err
	}
	defer unlock()
	find, err := newMatch(ctx, s.c, "skill group", func(ctx context.Context) iter.Seq2[SkillGroup, error] {
		return s.List(ctx, SkillGroupFilter{Keyword: in.QueName})
	}, func(g SkillGroup) bool { return string(g.QueName) == in.QueName }, s.finder.key)
	if err != nil {
		return "", err
	}
	err = s.c.createOnce(ctx, Request{
		Surface: SurfacePortal, Method: "POST", Path: queuePath + "/add",
		Body: in, Envelope: EnvelopePortal,
	}, &out, func(ctx context.Context) (bool, error) {
		g, err := find(ctx)
		if g != nil {
			out.Data.QueID = g.ID
		}
		return g != nil, err
	}, func() bool { return out.Data.QueID != "" })
	if err != nil {
		return "", err
	}
	return string(out.Data.QueID), s.c.claim("skill group", string(out.Data.QueID))
}

// Update edits a group (queue/update). que_name and que_priority are required.
func (s *QueuesService) Update(ctx context.Context, id int64, in SkillGroupInput) error {
	body := struct {
		QueID int64 `json:"que_id"`
		SkillGroupInput
	}{id, in}
	return s.c.Do(ctx, Request{
		Surface: SurfacePortal, Method: "POST", Path: queuePath + "/update",
		Body: body, Envelope: EnvelopePortal, Idempotent: true,
		NotFoundCodes: []int64{404},
	}, nil)
}

// Delete removes a group (queue/delete). force sends flag=1, which skips the
// check for agents in the group. Failures arrive as a code-500 overall result
// whose item carries the real code (§7.2); the returned error has that code.
func (s *QueuesService) Delete(ctx context.Context, id int64, force bool) error {
	flag := "0"
	if force {
		flag = "1"
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfacePortal, Method: "GET", Path: queuePath + "/delete",
		Query:    url.Values{"que_id": {strconv.FormatInt(id, 10)}, "flag": {flag}},
		BodyKind: BodyNone, Envelope: EnvelopePortal, Idempotent: true,
		NotFoundCodes: []int64{403},
	}, nil)
	return itemError(err, []int64{403})
}

// itemError turns a code-500 overall result with one failing item into an
// error carrying the item's code and message. §4.6 gives queue/delete's
// failure as code 500 with items and does not show its success: an overall
// result whose items all succeeded (code 200 or 0) is a success, as
// sound/delete's always-500 answer is (§4.5).
func itemError(err error, notFound []int64) error {
	e, ok := AsAPIError(err)
	if !ok || e.Code != 500 {
		return err
	}
	if e.AllItemsSucceeded() {
		return nil
	}
	for _, it := range e.Items() {
		if it.Code != 200 && it.Code != 0 {
			ie := *e
			ie.Code = int64(it.Code)
			ie.Message = fmt.Sprintf("%s (overall result code 500)", it.Message)
			ie.notFoundCodes = notFound
			return &ie
		}
	}
	return err
}

// List returns the groups matching f (queue/list answers every match at once).
func (s *QueuesService) List(ctx context.Context, f SkillGroupFilter) iter.Seq2[SkillGroup, error] {
	return paginate(ctx, nil, func(ctx context.Context, _ int) (Page[SkillGroup], error) {
		filter := map[string]any{}
		if f.QueID != 0 {
			filter["que_id"] = f.QueID
		}
		if f.Keyword != "" {
			filter["keyword"] = f.Keyword
		}
		info, _ := json.Marshal(map[string]any{"filter": filter})
		var out struct {
			Data      []SkillGroup `json:"data"`
			Total     FlexInt      `json:"total"`
			TotalPage FlexInt      `json:"totalPage"`
		}
		// 403 "group not of this enterprise" (§7.2) names the group a
		// que_id filter asked for. Without one, it is no answer about any
		// group: taken for "not found", it made a refresh drop every group
		// from the state and plan them anew.
		var notFound []int64
		if f.QueID != 0 {
			notFound = []int64{403}
		}
		err := s.c.Do(ctx, Request{
			Surface: SurfacePortal, Method: "POST", Path: queuePath + "/list",
			Body: map[string]string{"info": string(info)}, Envelope: EnvelopePortal, Idempotent: true, Read: true,
			NotFoundCodes: notFound,
		}, &out)
		if f.QueID != 0 && IsNotFound(err) {
			return Page[SkillGroup]{}, nil
		}
		if err == nil {
			err = wholeList("queue/list", "groups", f.QueID != 0 || f.Keyword != "", len(out.Data), int64(out.Total), int64(out.TotalPage))
		}
		return Page[SkillGroup]{Items: out.Data}, err
	})
}

// Get finds one group by id, batched with the other groups read at the
// same time (see finder); the error satisfies IsNotFound when it is gone.
func (s *QueuesService) Get(ctx context.Context, id int64) (*SkillGroup, error) {
	return s.finder.get(ctx, strconv.FormatInt(id, 10), "skill group")
}

// FindByName returns the group whose que_name equals name exactly, or nil.
// Lookups made together share one read of the group list (see
// finder.lookup); a lookup alone reads the groups the keyword matches.
func (s *QueuesService) FindByName(ctx context.Context, name string) (*SkillGroup, error) {
	return s.FindByNameFor(ctx, name, "")
}

// FindByNameFor is FindByName for a reader, as getFor is get: a read of
// the group list answers one lookup of a name for each reader, so that a
// skill group's import and its membership's import by the same name
// (que_name:<name>, as the export writes both) share it. Taken for the
// same lookup again, the membership's called queue/list once per group:
// an exported center's first plan made one call per membership.
func (s *QueuesService) FindByNameFor(ctx context.Context, name, reader string) (*SkillGroup, error) {
	key := "que_name:" + name
	if reader != "" {
		key = reader + "\x00" + key
	}
	return s.finder.lookup(ctx, key, func(g SkillGroup) bool { return string(g.QueName) == name }, func(ctx context.Context) ([]SkillGroup, error) {
		return Collect(s.List(ctx, SkillGroupFilter{Keyword: name}))
	})
}

// Assign adds agents to a group (queue/assign). Some agents failing gives a
// code-500 overall result; the error's Items() lists each agent's result.
func (s *QueuesService) Assign(ctx context.Context, queID int64, agents []AgentSkill) error {
	b, _ := json.Marshal(agents)
	err := s.c.Do(ctx, Request{
		Surface: SurfacePortal, Method: "POST", Path: queuePath + "/assign",
		Body:     map[string]any{"que_id": queID, "agents": string(b)},
		Envelope: EnvelopePortal, NotFoundCodes: []int64{403},
	}, nil)
	return s.goneAgents(ctx, err, agents)
}

// CancelAssign removes agents from a group (queue/cancel_assign).
func (s *QueuesService) CancelAssign(ctx context.Context, queID int64, agIDs []int64) error {
	b, _ := json.Marshal(agIDs)
	return s.c.Do(ctx, Request{
		Surface: SurfacePortal, Method: "POST", Path: queuePath + "/cancel_assign",
		Body:     map[string]any{"que_id": queID, "agents": string(b)},
		Envelope: EnvelopePortal, Idempotent: true, NotFoundCodes: []int64{403},
	}, nil)
}

// UpdateSkill changes skill levels (queue/update/skill, multipart as in the
// spec's example). With transaction=true one invalid entry fails all; with
// false the invalid ones are skipped and returned.
func (s *QueuesService) UpdateSkill(ctx context.Context, queID int64, agents []AgentSkill, transaction bool) ([]SkillError, error) {
	b, _ := json.Marshal(agents)
	tx := "0"
	if transaction {
		tx = "1"
	}
	var out struct {
		ErrMessage []SkillError `json:"errMessage"`
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfacePortal, Method: "POST", Path: queuePath + "/update/skill",
		Body:     url.Values{"que_id": {strconv.FormatInt(queID, 10)}, "agents": {string(b)}, "is_transaction": {tx}},
		BodyKind: BodyMultipart, Envelope: EnvelopePortal, Idempotent: true, NotFoundCodes: []int64{403},
	}, &out)
	return out.ErrMessage, s.goneAgents(ctx, err, agents)
}

// goneAgents adds to a refusal with code 406 ("ag_id not of this
// enterprise", §7.2; overall, or for some agents of a code-500 overall
// result) the agents of the call that no longer exist, read once: the
// code alone reads like a permission problem, when the usual cause is an
// agent deleted elsewhere (in the portal, by ccsync's prune) that a
// configuration or a roster still names.
func (s *QueuesService) goneAgents(ctx context.Context, err error, agents []AgentSkill) error {
	e, ok := AsAPIError(err)
	if !ok || e.Hint != "" || ctx.Err() != nil {
		return err
	}
	refused := e.Code == 406
	for _, it := range e.Items() {
		refused = refused || it.Code.Int64() == 406
	}
	if !refused {
		return err
	}
	// Read together, the agents go out in one users/list call (finder).
	missing := make([]bool, len(agents))
	var wg sync.WaitGroup
	for i, a := range agents {
		wg.Go(func() {
			_, gerr := s.c.Agents.Get(FreshReads(ctx), a.AgID)
			missing[i] = IsNotFound(gerr)
		})
	}
	wg.Wait()
	var gone []string
	for i, a := range agents {
		if missing[i] {
			gone = append(gone, strconv.FormatInt(a.AgID, 10))
		}
	}
	switch len(gone) {
	case 0:
	case 1:
		e.Hint = fmt.Sprintf("no agent has the id %s: it was deleted (in the portal, or by ccsync's prune) or never existed; remove it from this group's membership in the configuration", gone[0])
	default:
		e.Hint = fmt.Sprintf("no agent has the ids %s: they were deleted (in the portal, or by ccsync's prune) or never existed; remove them from this group's membership in the configuration", strings.Join(gone, ", "))
	}
	return err
}

// GetAgents returns the agents of each group, keyed by group id
// (queue/get/agents); groups the service does not know are absent. The
// groups of one call are read together; a call for one group is batched
// with the other groups read at the same time (see finder).
func (s *QueuesService) GetAgents(ctx context.Context, queIDs ...int64) (map[string][]GroupAgent, error) {
	if len(queIDs) == 1 {
		return s.GetAgentsFor(ctx, "", queIDs[0])
	}
	out := map[string][]GroupAgent{}
	ids := make([]string, len(queIDs))
	for i, id := range queIDs {
		ids[i] = strconv.FormatInt(id, 10)
	}
	began := s.members.begin()
	ms, err := s.getAgents(ctx, ids)
	if err != nil {
		return out, err
	}
	s.members.put(began, ms)
	for _, m := range ms {
		out[m.QueID] = m.Agents
	}
	return out, nil
}

// GetAgentsFor is GetAgents of one group for a reader (an agent's
// membership resource, named by the agent): the group's answer serves
// each reader once (finder.getFor), so that the member resources of a
// group share one call, while a reader's second read calls again.
func (s *QueuesService) GetAgentsFor(ctx context.Context, reader string, queID int64) (map[string][]GroupAgent, error) {
	out := map[string][]GroupAgent{}
	m, err := s.members.getFor(ctx, strconv.FormatInt(queID, 10), reader, "skill group")
	if IsNotFound(err) {
		return out, nil
	}
	if err != nil {
		return out, err
	}
	out[m.QueID] = m.Agents
	return out, nil
}

// getAgents is one queue/get/agents call.
func (s *QueuesService) getAgents(ctx context.Context, ids []string) ([]groupMembers, error) {
	var out struct {
		Data FlexMap[[]GroupAgent] `json:"data"` // [] when none of the groups exists
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfacePortal, Method: "GET", Path: queuePath + "/get/agents",
		Query: url.Values{"que_ids": {strings.Join(ids, ",")}}, BodyKind: BodyNone,
		Envelope: EnvelopePortal, Idempotent: true, Read: true,
	}, &out)
	if err != nil {
		return nil, err
	}
	ms := make([]groupMembers, 0, len(out.Data))
	for id, agents := range out.Data {
		if agents == nil {
			agents = []GroupAgent{}
		}
		ms = append(ms, groupMembers{QueID: id, Agents: agents})
	}
	return ms, nil
}

// SeenByName is Agents.SeenByNum for a skill group's que_name.
func (s *QueuesService) SeenByName(ctx context.Context, name string) (found []SkillGroup, known bool, err error) {
	return s.finder.seen(ctx, func(g SkillGroup) bool { return string(g.QueName) == name })
}

// ReadInWalk is Agents.ReadInWalk for a skill group.
func (s *QueuesService) ReadInWalk(id string) bool { return s.finder.readInWalk(id) }
