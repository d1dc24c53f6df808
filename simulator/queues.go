package simulator

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// QueuesState holds skill groups and their membership (spec §4.6).
type QueuesState struct {
	Groups map[int64]*Queue `json:"groups"`
	// Members maps que_id → ag_id → skill level.
	Members map[int64]map[int64]int64 `json:"members"`
}

func (x *QueuesState) init() {
	if x.Groups == nil {
		x.Groups = map[int64]*Queue{}
	}
	if x.Members == nil {
		x.Members = map[int64]map[int64]int64{}
	}
}

// usedIDs reports the ids the part holds (State.keepIDsAbove).
func (x *QueuesState) usedIDs(take func(kind string, id int64)) {
	for id := range x.Groups {
		take("queue", id)
	}
}

// queuesPart registers this domain's part of the state, member "queues" of
// the state file.
var queuesPart = registerState("queues", (*QueuesState).init)

// Queues returns the state's part of this domain (skill groups and their members).
func (st *State) Queues() *QueuesState { return queuesPart(st) }

// Queue is one skill group with the fields of §2.11.
type Queue struct {
	ID           int64  `json:"id"`
	QueName      string `json:"que_name"`
	QueNum       string `json:"que_num"`
	QueType      int64  `json:"que_type"`
	QueLength    int64  `json:"que_length"`
	QueTime      int64  `json:"que_time"`
	RingTime     int64  `json:"ring_time"`
	NextWait     int64  `json:"next_wait"`
	BAnnounce    int64  `json:"b_announce"`
	NoansTimes   int64  `json:"noans_times"`
	NoansWait    int64  `json:"noans_wait"`
	NoansAction  string `json:"noans_action"`
	QueStrategy  int64  `json:"que_strategy"`
	WaitAudio    string `json:"wait_audio"`
	QuePriority  int64  `json:"que_priority"`
	AutoEvaluate int64  `json:"auto_evaluate"`
}

// The §7.2 codes of each queue interface, with the common 401/402.
var (
	queueCommon = map[int]string{401: "enterprise code empty", 402: "enterprise code does not exist"}
	queueAdd    = withCommon(map[int]string{403: "group name empty", 404: "group exists", 405: "group number exists", 406: "reload failed",
		407: "group count limit reached", 408: "priority must be 0-255", 409: "add failed", 411: "wrong strategy", 412: "wrong auto-evaluate value"})
	queueUpdate = withCommon(map[int]string{403: "group name empty", 404: "group not of this enterprise", 405: "group exists", 406: "edit failed",
		407: "reload failed", 408: "priority must be 0-255", 409: "group number exists", 411: "wrong strategy", 412: "wrong auto-evaluate value"})
	queueDelete = withCommon(map[int]string{403: "group not of this enterprise", 404: "group has agents", 405: "delete failed", 406: "reload failed",
		407: "group id empty", 410: "agents logged in under the group", 500: "overall result"})
	queueList   = withCommon(map[int]string{403: "group not of this enterprise", 404: "info is not JSON"})
	queueAssign = withCommon(map[int]string{403: "group not of this enterprise", 404: "group id empty", 405: "agents not JSON", 406: "ag_id not of this enterprise",
		407: "agent already assigned to the group", 408: "assign failed", 409: "agents empty", 500: "overall result"})
	queueCancel = withCommon(map[int]string{403: "group not of this enterprise", 404: "group id empty", 405: "agents empty", 406: "agents not JSON"})
	queueSkill  = withCommon(map[int]string{403: "group not of this enterprise", 404: "group id empty", 405: "agents not JSON", 406: "ag_id not of this enterprise",
		407: "agent not in the group", 500: "system exception"})
	queueAgents = withCommon(map[int]string{405: "que_ids malformed"})
)

func withCommon(m map[int]string) map[int]string {
	for k, v := range queueCommon {
		m[k] = v
	}
	return m
}

func init() {
	registerDomain(domain{name: "queues", routes: func(s *Server) {
		q := func(methods []string, path string, codes map[int]string, h func(*Call)) Route {
			return Route{Methods: methods, Prefix: PrefixPortal, Path: "/v2/svcapi/queue" + path, Env: EnvPortal, Codes: codes, Handler: h}
		}
		post, get := []string{"POST"}, []string{"GET"}
		s.Handle(q(post, "/add", queueAdd, queueAddHandler))
		s.Handle(q(post, "/update", queueUpdate, queueUpdateHandler))
		del := q(get, "/delete", queueDelete, queueDeleteHandler)
		del.OnForced = func(c *Call, code int) {
			id := c.Str("que_id")
			if code == 407 || code == 401 || code == 402 {
				c.Fail(code, "", nil)
				return
			}
			c.Fail(500, "", map[string]any{"data": []map[string]any{{"code": code, "message": queueDelete[code], "que_id": id}}})
		}
		s.Handle(del)
		s.Handle(q(post, "/list", queueList, queueListHandler))
		s.Handle(q(post, "/assign", queueAssign, queueAssignHandler))
		s.Handle(q(post, "/cancel_assign", queueCancel, queueCancelHandler))
		s.Handle(q(post, "/update/skill", queueSkill, queueSkillHandler))
		s.Handle(q(get, "/get/agents", queueAgents, queueGetAgentsHandler))
	}})
}

// Defaults the simulator applies on queue/add when a field is not sent; the
// spec states only auto_evaluate's (1). See simulator/README.md.
func defaultQueue() Queue {
	return Queue{QueLength: 10, QueTime: 60, RingTime: 20, NextWait: 5, NoansTimes: 3, NoansWait: 10,
		NoansAction: "0", QueStrategy: 1, WaitAudio: "0", AutoEvaluate: 1}
}

var waitAudioRE = regexp.MustCompile(`^(-1|[0-9]+)$`)

// applyQueueFields copies the sent parameters onto q, answering the first
// rule broken as (code, message). add decides the codes that differ between
// add and update.
func applyQueueFields(c *Call, q *Queue, add bool) (int, string) {
	if c.Has("que_name") || add {
		q.QueName = strings.TrimSpace(c.Str("que_name"))
		if q.QueName == "" {
			return 403, "que_name is empty"
		}
	}
	prio, ok, err := c.Int("que_priority")
	if err != nil || (add && !ok) || (ok && (prio < 0 || prio > 255)) {
		return 408, fmt.Sprintf("que_priority must be an integer from 0 to 255, got %q", c.Str("que_priority"))
	}
	if ok {
		q.QuePriority = prio
	}
	if v, ok, err := c.Int("que_strategy"); err != nil || (ok && v != 1 && v != 2 && v != 9) {
		return 411, fmt.Sprintf("que_strategy must be 1, 2 or 9, got %q", c.Str("que_strategy"))
	} else if ok {
		q.QueStrategy = v
	}
	if v, ok, err := c.Int("auto_evaluate"); err != nil || (ok && v != 0 && v != 1) {
		return 412, fmt.Sprintf("auto_evaluate must be 0 or 1, got %q", c.Str("auto_evaluate"))
	} else if ok {
		q.AutoEvaluate = v
	}
	failed := 409 // add failed
	if !add {
		failed = 406 // edit failed
	}
	ints := []struct {
		name    string
		dst     *int64
		allowed []int64
	}{
		{"que_type", &q.QueType, []int64{0, 1, 2}}, {"que_length", &q.QueLength, nil}, {"que_time", &q.QueTime, nil},
		{"ring_time", &q.RingTime, nil}, {"next_wait", &q.NextWait, nil}, {"b_announce", &q.BAnnounce, []int64{0, 1}},
		{"noans_times", &q.NoansTimes, nil}, {"noans_wait", &q.NoansWait, nil},
	}
	for _, f := range ints {
		v, ok, err := c.Int(f.name)
		if err != nil || (ok && v < 0) {
			return failed, fmt.Sprintf("%s must be a whole number >= 0, got %q", f.name, c.Str(f.name))
		}
		if ok && f.allowed != nil && !containsInt(f.allowed, v) {
			return failed, fmt.Sprintf("%s must be one of %v, got %d", f.name, f.allowed, v)
		}
		if ok {
			*f.dst = v
		}
	}
	if c.Has("noans_action") {
		v := c.Str("noans_action")
		if v != "0" && v != "1" {
			return failed, fmt.Sprintf("noans_action must be \"0\" or \"1\", got %q", v)
		}
		q.NoansAction = v
	}
	if c.Has("wait_audio") {
		v := c.Str("wait_audio")
		if !waitAudioRE.MatchString(v) {
			return failed, fmt.Sprintf("wait_audio must be -1, 0 or a voice id, got %q", v)
		}
		q.WaitAudio = v
	}
	if c.Has("que_num") {
		q.QueNum = strings.TrimSpace(c.Str("que_num"))
	}
	return 0, ""
}

func containsInt(xs []int64, v int64) bool {
	for _, x := range xs {
		if x == v {
			return true
		}
	}
	return false
}

// conflict reports a name or number taken by another group.
func (x *QueuesState) conflict(q *Queue) (nameTaken, numTaken bool) {
	for _, g := range x.Groups {
		if g.ID == q.ID {
			continue
		}
		if g.QueName == q.QueName {
			nameTaken = true
		}
		if q.QueNum != "" && g.QueNum == q.QueNum {
			numTaken = true
		}
	}
	return
}

func queueAddHandler(c *Call) {
	q := defaultQueue()
	if code, msg := applyQueueFields(c, &q, true); code != 0 {
		c.Fail(code, msg, nil)
		return
	}
	name, num := c.St.Queues().conflict(&q)
	switch {
	case name:
		c.Fail(404, fmt.Sprintf("group exists: que_name %q is taken", q.QueName), nil)
		return
	case num:
		c.Fail(405, fmt.Sprintf("group number exists: que_num %q is taken", q.QueNum), nil)
		return
	case len(c.St.Queues().Groups) >= c.Server().opts.MaxSkillGroups:
		c.Fail(407, fmt.Sprintf("group count limit reached (%d)", c.Server().opts.MaxSkillGroups), nil)
		return
	}
	q.ID = c.St.NextID("queue", 100)
	c.St.Queues().Groups[q.ID] = &q
	c.Changed()
	c.OK(map[string]any{"data": map[string]any{"que_id": strconv.FormatInt(q.ID, 10)}})
}

// queueByParam finds the group named by que_id; code is the failure to
// answer (missingCode when absent, 403/404 when unknown).
func queueByParam(c *Call, missingCode, unknownCode int) (*Queue, int, string) {
	raw := c.Str("que_id")
	if strings.TrimSpace(raw) == "" {
		return nil, missingCode, "que_id is empty"
	}
	id, err := strconv.ParseInt(strings.TrimSpace(raw), 10, 64)
	if err != nil {
		return nil, unknownCode, fmt.Sprintf("que_id %q is not a group of this enterprise", raw)
	}
	q := c.St.Queues().Groups[id]
	if q == nil {
		return nil, unknownCode, fmt.Sprintf("group %d is not a group of this enterprise", id)
	}
	return q, 0, ""
}

func queueUpdateHandler(c *Call) {
	q, code, msg := queueByParam(c, 404, 404)
	if q == nil {
		c.Fail(code, msg, nil)
		return
	}
	next := *q
	if !c.Has("que_name") || !c.Has("que_priority") {
		if !c.Has("que_name") {
			c.Fail(403, "que_name is required", nil)
		} else {
			c.Fail(408, "que_priority is required", nil)
		}
		return
	}
	if code, msg := applyQueueFields(c, &next, false); code != 0 {
		c.Fail(code, msg, nil)
		return
	}
	name, num := c.St.Queues().conflict(&next)
	if name {
		c.Fail(405, fmt.Sprintf("group exists: que_name %q is taken", next.QueName), nil)
		return
	}
	if num {
		c.Fail(409, fmt.Sprintf("group number exists: que_num %q is taken", next.QueNum), nil)
		return
	}
	*q = next
	c.Changed()
	// queue/update answers {code, msg} (§4.6), not message.
	c.JSON(200, map[string]any{"code": 200, "msg": "ok"})
}

func queueDeleteHandler(c *Call) {
	raw := strings.TrimSpace(c.Str("que_id"))
	if raw == "" {
		c.Fail(407, "", nil)
		return
	}
	item := func(code int, msg string) {
		c.Fail(500, "", map[string]any{"data": []map[string]any{{"code": code, "message": msg, "que_id": raw}}})
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	q := c.St.Queues().Groups[id]
	if err != nil || q == nil {
		item(403, queueDelete[403])
		return
	}
	force := c.Str("flag") == "1"
	members := c.St.Queues().Members[id]
	for ag := range members {
		if a := c.St.Agents().Users[ag]; a != nil && a.CheckIn {
			item(410, fmt.Sprintf("agents logged in under the group (agent %d)", ag))
			return
		}
	}
	if !force && len(members) > 0 {
		item(404, fmt.Sprintf("group has %d agent(s); remove them or delete with flag=1", len(members)))
		return
	}
	delete(c.St.Queues().Groups, id)
	delete(c.St.Queues().Members, id)
	c.Changed()
	c.OK(map[string]any{"data": []map[string]any{{"code": 200, "message": "ok", "que_id": raw}}})
}

func (x *QueuesState) listItem(q *Queue, sounds *SoundsState) map[string]any {
	s := strconv.FormatInt
	var soundName any
	if n, ok := sounds.soundName(q.WaitAudio); ok {
		soundName = n
	}
	return map[string]any{
		"id": s(q.ID, 10), "que_name": q.QueName, "que_num": q.QueNum, "que_tag": "0", "que_type": s(q.QueType, 10),
		"que_length": s(q.QueLength, 10), "que_time": s(q.QueTime, 10), "ring_time": s(q.RingTime, 10),
		"next_wait": s(q.NextWait, 10), "b_announce": s(q.BAnnounce, 10), "noans_times": s(q.NoansTimes, 10),
		"noans_wait": s(q.NoansWait, 10), "noans_action": q.NoansAction, "que_strategy": s(q.QueStrategy, 10),
		"wait_audio": q.WaitAudio, "sound_name": soundName, "brecord": "0", "que_priority": s(q.QuePriority, 10),
		"auto_evaluate": s(q.AutoEvaluate, 10),
	}
}

func queueListHandler(c *Call) {
	var info struct {
		Filter struct {
			QueID   json.RawMessage `json:"que_id"`
			Keyword string          `json:"keyword"`
		} `json:"filter"`
	}
	text, _, err := c.Text("info")
	if err != nil {
		// §4.6: info is a string holding JSON, not the JSON value itself.
		c.Fail(404, "info is not JSON text: "+err.Error(), nil)
		return
	}
	if raw := strings.TrimSpace(text); raw != "" {
		if err := json.Unmarshal([]byte(raw), &info); err != nil {
			c.Fail(404, "info is not JSON: "+err.Error(), nil)
			return
		}
	}
	var onlyID int64
	if idText := strings.Trim(string(info.Filter.QueID), `"`); idText != "" && idText != "null" && idText != "0" {
		id, err := strconv.ParseInt(idText, 10, 64)
		if err != nil || c.St.Queues().Groups[id] == nil {
			c.Fail(403, fmt.Sprintf("group %s is not a group of this enterprise", idText), nil)
			return
		}
		onlyID = id
	}
	ids := make([]int64, 0, len(c.St.Queues().Groups))
	for id, q := range c.St.Queues().Groups {
		if onlyID != 0 && id != onlyID {
			continue
		}
		if kw := info.Filter.Keyword; kw != "" && !strings.Contains(q.QueName, kw) && !strings.Contains(q.QueNum, kw) {
			continue
		}
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	items := make([]map[string]any, 0, len(ids))
	for _, id := range ids {
		items = append(items, c.St.Queues().listItem(c.St.Queues().Groups[id], c.St.Sounds()))
	}
	pages := 0
	if len(items) > 0 {
		pages = 1
	}
	c.OK(map[string]any{"total": strconv.Itoa(len(items)), "totalPage": pages, "data": items})
}

// agentEntry is one element of an agents JSON array: {ag_id, skill}.
type agentEntry struct {
	AgID  json.RawMessage `json:"ag_id"`
	Skill json.RawMessage `json:"skill"`
}

func rawInt(raw json.RawMessage) (int64, bool) {
	s := strings.Trim(strings.TrimSpace(string(raw)), `"`)
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

// parseAgents reads the agents parameter: a string holding a JSON array
// (§4.6). An array (or any non-string) sent as the JSON value itself is
// refused like text that is not JSON (§7.2 "agents not JSON").
func parseAgents(c *Call, into any) (empty bool, err error) {
	text, _, err := c.Text("agents")
	if err != nil {
		return false, fmt.Errorf("%w (a JSON array written as text, as §4.6 gives it)", err)
	}
	raw := strings.TrimSpace(text)
	if raw == "" || raw == "[]" {
		return true, nil
	}
	if err := json.Unmarshal([]byte(raw), into); err != nil {
		return false, err
	}
	return false, nil
}

func queueAssignHandler(c *Call) {
	q, code, msg := queueByParam(c, 404, 403)
	if q == nil {
		c.Fail(code, msg, nil)
		return
	}
	var entries []agentEntry
	empty, err := parseAgents(c, &entries)
	if err != nil {
		c.Fail(405, "agents is not a JSON array of {ag_id, skill}: "+err.Error(), nil)
		return
	}
	if empty || len(entries) == 0 {
		c.Fail(409, "", nil)
		return
	}
	members := c.St.Queues().Members[q.ID]
	if members == nil {
		members = map[int64]int64{}
		c.St.Queues().Members[q.ID] = members
	}
	results := make([]map[string]any, 0, len(entries))
	failed := false
	for _, e := range entries {
		ag, ok := rawInt(e.AgID)
		skill, sok := rawInt(e.Skill)
		if len(e.Skill) == 0 {
			skill, sok = 1, true
		}
		res := map[string]any{"ag_id": strings.Trim(string(e.AgID), `"`), "code": 200, "message": "ok"}
		switch {
		case !ok || c.St.Agents().Users[ag] == nil:
			res["code"], res["message"], failed = 406, "ag_id not of this enterprise", true
		case !sok || skill < 0:
			res["code"], res["message"], failed = 408, "assign failed: skill must be a whole number >= 0", true
		case hasMember(members, ag):
			res["code"], res["message"], failed = 407, "agent already assigned to the group", true
		default:
			members[ag] = skill
			c.Changed()
		}
		results = append(results, res)
	}
	if failed {
		c.Fail(500, "overall result: some agents were not assigned", map[string]any{"data": results})
		return
	}
	c.OK(map[string]any{"data": results})
}

func hasMember(m map[int64]int64, ag int64) bool {
	_, ok := m[ag]
	return ok
}

func queueCancelHandler(c *Call) {
	q, code, msg := queueByParam(c, 404, 403)
	if q == nil {
		c.Fail(code, msg, nil)
		return
	}
	var ids []json.RawMessage
	empty, err := parseAgents(c, &ids)
	if err != nil {
		c.Fail(406, "agents is not a JSON array of agent ids: "+err.Error(), nil)
		return
	}
	if empty || len(ids) == 0 {
		c.Fail(405, "", nil)
		return
	}
	// An element that is no id ({"ag_id": 9901}, the shape of assign) is
	// refused, as the spec types agents an array of ids; it answered
	// success and removed nothing.
	var ags []int64
	for i, raw := range ids {
		ag, ok := rawInt(raw)
		if !ok {
			c.Fail(406, fmt.Sprintf("agents is not a JSON array of agent ids: element %d is %s", i, raw), nil)
			return
		}
		ags = append(ags, ag)
	}
	for _, ag := range ags {
		if _, in := c.St.Queues().Members[q.ID][ag]; in {
			delete(c.St.Queues().Members[q.ID], ag)
			c.Changed()
		}
	}
	c.OK(nil)
}

func queueSkillHandler(c *Call) {
	q, code, msg := queueByParam(c, 404, 403)
	if q == nil {
		c.Fail(code, msg, nil)
		return
	}
	var entries []agentEntry
	empty, err := parseAgents(c, &entries)
	if err != nil {
		c.Fail(405, "agents must be a non-empty JSON array of {ag_id, skill}: "+err.Error(), nil)
		return
	}
	if empty {
		c.Fail(405, "agents must be a non-empty JSON array of {ag_id, skill}", nil)
		return
	}
	tx := c.Str("is_transaction") == "1"
	members := c.St.Queues().Members[q.ID]
	type change struct{ ag, skill int64 }
	var changes []change
	var errs []map[string]any
	for _, e := range entries {
		ag, ok := rawInt(e.AgID)
		skill, sok := rawInt(e.Skill)
		var code int
		var text string
		switch {
		case !ok || c.St.Agents().Users[ag] == nil:
			code, text = 406, "ag_id not of this enterprise"
		case !hasMember(members, ag):
			code, text = 407, "agent not in the group"
		case !sok || skill < 0:
			code, text = 500, "skill must be a whole number >= 0"
		}
		if code != 0 {
			if tx {
				c.Fail(code, fmt.Sprintf("%s (ag_id %s); nothing was changed", text, strings.Trim(string(e.AgID), `"`)), nil)
				return
			}
			errs = append(errs, map[string]any{"ag_id": strings.Trim(string(e.AgID), `"`), "skill": strings.Trim(string(e.Skill), `"`), "message": text})
			continue
		}
		changes = append(changes, change{ag, skill})
	}
	for _, ch := range changes {
		members[ch.ag] = ch.skill
		c.Changed()
	}
	out := map[string]any{}
	if len(errs) > 0 {
		out["errMessage"] = errs
	}
	c.OK(out)
}

var queIDsRE = regexp.MustCompile(`^[0-9]+(,[0-9]+)*$`)

func queueGetAgentsHandler(c *Call) {
	raw := strings.ReplaceAll(strings.TrimSpace(c.Str("que_ids")), " ", "")
	if !queIDsRE.MatchString(raw) {
		c.Fail(405, fmt.Sprintf("que_ids must be comma-separated group ids, got %q", raw), nil)
		return
	}
	data := map[string]any{}
	for _, part := range strings.Split(raw, ",") {
		id, _ := strconv.ParseInt(part, 10, 64)
		if c.St.Queues().Groups[id] == nil {
			continue
		}
		ags := make([]int64, 0, len(c.St.Queues().Members[id]))
		for ag := range c.St.Queues().Members[id] {
			ags = append(ags, ag)
		}
		sort.Slice(ags, func(i, j int) bool { return ags[i] < ags[j] })
		items := make([]map[string]any, 0, len(ags))
		for _, ag := range ags {
			num := ""
			if a := c.St.Agents().Users[ag]; a != nil {
				num = a.UserNum
			}
			items = append(items, map[string]any{"ag_id": strconv.FormatInt(ag, 10), "skill": strconv.FormatInt(c.St.Queues().Members[id][ag], 10), "ag_num": num})
		}
		data[part] = items
	}
	c.OK(map[string]any{"data": data})
}
