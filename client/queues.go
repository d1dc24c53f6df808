package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"net/url"
	"strconv"
	"strings"
)

// QueuesService wraps skill groups (spec §4.6, {portal_url}/v2/svcapi/queue).
type QueuesService struct{ c *Client }

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
// group is looked up by its unique name first.
func (s *QueuesService) Create(ctx context.Context, in SkillGroupInput) (string, error) {
	var out struct {
		Data struct {
			QueID FlexString `json:"que_id"`
		} `json:"data"`
	}
	err := s.c.createOnce(ctx, Request{
		Surface: SurfacePortal, Method: "POST", Path: queuePath + "/add",
		Body: in, Envelope: EnvelopePortal,
	}, &out, func(ctx context.Context) (bool, error) {
		g, err := s.FindByName(ctx, in.QueName)
		if err != nil {
			return false, err
		}
		if g != nil {
			out.Data.QueID = g.ID
		}
		return g != nil, nil
	})
	if err != nil {
		return "", err
	}
	if out.Data.QueID == "" {
		return "", errors.New("queue/add answered success without data.que_id")
	}
	return string(out.Data.QueID), nil
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
// error carrying the item's code and message.
func itemError(err error, notFound []int64) error {
	e, ok := AsAPIError(err)
	if !ok || e.Code != 500 {
		return err
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
	return paginate(ctx, func(ctx context.Context, _ int) (Page[SkillGroup], error) {
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
		err := s.c.Do(ctx, Request{
			Surface: SurfacePortal, Method: "POST", Path: queuePath + "/list",
			Body: map[string]string{"info": string(info)}, Envelope: EnvelopePortal, Idempotent: true,
			NotFoundCodes: []int64{403},
		}, &out)
		if f.QueID != 0 && IsNotFound(err) {
			return Page[SkillGroup]{}, nil
		}
		return Page[SkillGroup]{Items: out.Data}, err
	})
}

// Get finds one group by id; the error satisfies IsNotFound when it is gone.
func (s *QueuesService) Get(ctx context.Context, id int64) (*SkillGroup, error) {
	want := strconv.FormatInt(id, 10)
	for g, err := range s.List(ctx, SkillGroupFilter{QueID: id}) {
		if err != nil {
			return nil, err
		}
		if string(g.ID) == want {
			return &g, nil
		}
	}
	return nil, fmt.Errorf("skill group %d: %w", id, ErrNotFound)
}

// FindByName returns the group whose que_name equals name exactly, or nil.
func (s *QueuesService) FindByName(ctx context.Context, name string) (*SkillGroup, error) {
	for g, err := range s.List(ctx, SkillGroupFilter{Keyword: name}) {
		if err != nil {
			return nil, err
		}
		if string(g.QueName) == name {
			return &g, nil
		}
	}
	return nil, nil
}

// Assign adds agents to a group (queue/assign). Some agents failing gives a
// code-500 overall result; the error's Items() lists each agent's result.
func (s *QueuesService) Assign(ctx context.Context, queID int64, agents []AgentSkill) error {
	b, _ := json.Marshal(agents)
	return s.c.Do(ctx, Request{
		Surface: SurfacePortal, Method: "POST", Path: queuePath + "/assign",
		Body:     map[string]any{"que_id": queID, "agents": string(b)},
		Envelope: EnvelopePortal, NotFoundCodes: []int64{403},
	}, nil)
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
	return out.ErrMessage, err
}

// GetAgents returns the agents of each group, keyed by group id (queue/get/agents).
func (s *QueuesService) GetAgents(ctx context.Context, queIDs ...int64) (map[string][]GroupAgent, error) {
	ids := make([]string, len(queIDs))
	for i, id := range queIDs {
		ids[i] = strconv.FormatInt(id, 10)
	}
	var out struct {
		Data map[string][]GroupAgent `json:"data"`
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfacePortal, Method: "GET", Path: queuePath + "/get/agents",
		Query: url.Values{"que_ids": {strings.Join(ids, ",")}}, BodyKind: BodyNone,
		Envelope: EnvelopePortal, Idempotent: true,
	}, &out)
	if out.Data == nil {
		out.Data = map[string][]GroupAgent{}
	}
	return out.Data, err
}
