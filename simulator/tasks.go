package simulator

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TasksState holds the outbound tasks (projects, spec §2.7, §4.3). Each is
// stored in its request form with the service's defaults applied, plus the
// stamps and counters the responses add.
type TasksState struct {
	Projects map[int64]*client.Task `json:"projects"`
}

func (x *TasksState) init() {
	if x.Projects == nil {
		x.Projects = map[int64]*client.Task{}
	}
}

// usedIDs reports the ids the part holds (State.keepIDsAbove).
func (x *TasksState) usedIDs(take func(kind string, id int64)) {
	for id := range x.Projects {
		take("project", id)
	}
}

// tasksPart registers this domain's part of the state, member "tasks" of
// the state file.
var tasksPart = registerState("tasks", (*TasksState).init)

// Tasks returns the state's part of this domain (outbound tasks).
func (st *State) Tasks() *TasksState { return tasksPart(st) }

var (
	taskTypeStrings   = map[int64]string{1: "predictive", 3: "automatic", 4: "robot"}
	taskStatusStrings = map[int64]string{0: "closed", 1: "open", 2: "paused"}
	taskCallTypes     = map[int64]string{1: "predictive outbound", 3: "automatic outbound", 4: "robot outbound"}
	recallReasons     = map[string]bool{"1": true, "2": true, "3": true, "4": true, "5": true, "11": true}
	worktimeHMSRE     = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$`)
)

func init() {
	registerDomain(domain{name: "tasks", routes: func(s *Server) {
		p := func(methods []string, path string, h func(*Call)) Route {
			return Route{Methods: methods, Prefix: PrefixAutocall, Path: "/api/v3/projects" + path, Env: EnvOpen, Codes: autocallCodes, Handler: h}
		}
		s.Handle(p([]string{"POST", "PUT"}, "/updateOrCreate", taskSaveHandler))
		s.Handle(p([]string{"DELETE", "POST"}, "/delete", taskDeleteHandler))
		s.Handle(p([]string{"GET", "POST"}, "/lists", taskListHandler))
		s.Handle(p([]string{"GET", "POST"}, "/detail", taskDetailHandler))
		s.Handle(p([]string{"POST"}, "/status/update", taskStatusHandler))
		s.Handle(p([]string{"GET"}, "/all", taskAllHandler))
		s.HandleAdmin("POST", "/_sim/calls", s.adminCalls)
	}})
}

// taskContexts is the fixed context of each task type (§2.7): mc_transque
// (1, predictive), mc_transivr (3, automatic), mc_transai (4, robot).
var taskContexts = map[int64]string{1: "mc_transque", 3: "mc_transivr", 4: "mc_transai"}

func taskInt(v int64) *client.FlexInt { x := client.FlexInt(v); return &x }

func taskIntVal(p *client.FlexInt) int64 {
	if p == nil {
		return 0
	}
	return int64(*p)
}

// taskSaveHandler is updateOrCreate (POST or PUT): without id it creates,
// with id it updates the members sent and keeps the others.
func taskSaveHandler(c *Call) {
	var in client.Task
	if err := c.Decode(&in); err != nil {
		c.Fail(422, "the body does not match the project fields of §2.7: "+err.Error(), nil)
		return
	}
	if msg := checkRecallForm(c); msg != "" {
		c.Fail(422, msg, nil)
		return
	}
	now := c.Now().Format(autocallTimeFormat)
	var t client.Task
	if in.ID != 0 {
		old := c.St.Tasks().Projects[int64(in.ID)]
		if old == nil {
			c.Fail(404, fmt.Sprintf("project %d does not exist", in.ID), nil)
			return
		}
		if in.Type != 0 && in.Type != old.Type {
			c.Fail(422, fmt.Sprintf("type cannot be changed (project %d is type %d, got %d)", in.ID, old.Type, in.Type), nil)
			return
		}
		t = *old
		mergeTask(&t, &in)
	} else {
		t = in
		defaultTask(&t)
	}
	if strings.TrimSpace(string(in.Name)) == "" {
		c.Fail(422, "name is required", nil)
		return
	}
	if in.Type == 0 {
		c.Fail(422, "type is required (1 predictive, 3 automatic, 4 robot)", nil)
		return
	}
	if msg := validateTask(c.St, &t); msg != "" {
		c.Fail(422, msg, nil)
		return
	}
	t.Context = client.FlexString(taskContexts[int64(t.Type)])
	if t.ID == 0 {
		t.ID = client.FlexInt(c.St.NextID("project", 700))
		t.CreatedAt = client.FlexString(now)
	}
	t.UpdatedAt = client.FlexString(now)
	c.St.Tasks().Projects[int64(t.ID)] = &t
	c.Changed()
	c.OK(map[string]any{"id": int64(t.ID), "name": string(t.Name), "type": int64(t.Type),
		"type_string": taskTypeStrings[int64(t.Type)], "status": taskIntVal(t.Status),
		"created_at": string(t.CreatedAt), "updated_at": string(t.UpdatedAt)})
}

// defaultTask applies the defaults of §2.7 and §8 to a new project.
func defaultTask(t *client.Task) {
	def := func(p **client.FlexInt, v int64) {
		if *p == nil {
			*p = taskInt(v)
		}
	}
	def(&t.DeptID, 0)
	def(&t.Status, 0)
	def(&t.Priority, 100)
	def(&t.Concurrent, 0)
	def(&t.MaxConnSecs, 300)
	def(&t.TimeoutSecs, 30)
	def(&t.MaxQueueSecs, 0)
	if t.EnableASR == nil {
		f := client.FlexBool(false)
		t.EnableASR = &f
	}
	if t.Callers == nil {
		t.Callers = []client.FlexString{}
	}
	defaultTaskNested(t)
}

// defaultTaskNested fills the defaults inside config, filter_rules and the
// assigned users (init_call_ratio 1, filters false, conn_limit 0).
func defaultTaskNested(t *client.Task) {
	if t.Config == nil {
		t.Config = &client.TaskConfig{}
	}
	if t.Config.InitCallRatio == nil {
		one := client.FlexFloat(1)
		t.Config.InitCallRatio = &one
	}
	if t.FilterRules == nil {
		t.FilterRules = &client.FilterRules{}
	}
	for _, p := range []**client.FlexBool{&t.FilterRules.History, &t.FilterRules.Blacklist, &t.FilterRules.CallBlacklist, &t.FilterRules.CRMProtectedClient} {
		if *p == nil {
			f := client.FlexBool(false)
			*p = &f
		}
	}
	for i := range t.AssignedUsers {
		if t.AssignedUsers[i].ConnLimit == nil {
			t.AssignedUsers[i].ConnLimit = taskInt(0)
		}
	}
	if t.AssignedUsers == nil {
		t.AssignedUsers = []client.AssignedUser{}
	}
}

// mergeTask copies the members sent in an update onto the stored project;
// nested objects are replaced whole.
func mergeTask(t, in *client.Task) {
	t.Name = in.Name
	setI := func(dst **client.FlexInt, src *client.FlexInt) {
		if src != nil {
			*dst = src
		}
	}
	setI(&t.DeptID, in.DeptID)
	setI(&t.Status, in.Status)
	setI(&t.Priority, in.Priority)
	setI(&t.Concurrent, in.Concurrent)
	setI(&t.MaxConnSecs, in.MaxConnSecs)
	setI(&t.TimeoutSecs, in.TimeoutSecs)
	setI(&t.MaxQueueSecs, in.MaxQueueSecs)
	if in.EnableASR != nil {
		t.EnableASR = in.EnableASR
	}
	if in.Callers != nil {
		t.Callers = in.Callers
	}
	if in.Config != nil {
		t.Config = in.Config
	}
	if in.RecallStrategies != nil {
		t.RecallStrategies = in.RecallStrategies
	}
	if in.AssignedUsers != nil {
		t.AssignedUsers = in.AssignedUsers
	}
	if in.Worktime != nil {
		t.Worktime = in.Worktime
	}
	if in.FilterRules != nil {
		t.FilterRules = in.FilterRules
	}
	if in.TransTo != nil {
		t.TransTo = in.TransTo
	}
	defaultTaskNested(t)
}

// checkRecallForm enforces the §2.7.2 form on the raw body: recall_interval
// is an array of minutes and recall_max_times an int (a sample shows the
// reverse; the service accepts only the defined form).
func checkRecallForm(c *Call) string {
	raw, ok := c.Raw("recall_strategies")
	if !ok || string(raw) == "null" {
		return ""
	}
	var rs struct {
		Default map[string]json.RawMessage            `json:"default"`
		ASR     map[string]map[string]json.RawMessage `json:"asr"`
	}
	if err := json.Unmarshal(raw, &rs); err != nil {
		return "recall_strategies must be an object with default and asr: " + err.Error()
	}
	check := func(where string, r map[string]json.RawMessage) string {
		if v, ok := r["recall_interval"]; ok && !bytes.HasPrefix(bytes.TrimSpace(v), []byte("[")) {
			return fmt.Sprintf("%s.recall_interval must be an array of minutes, got %s", where, v)
		}
		if v, ok := r["recall_max_times"]; ok {
			var n int64
			if json.Unmarshal(v, &n) != nil {
				return fmt.Sprintf("%s.recall_max_times must be an integer, got %s", where, v)
			}
		}
		if v, ok := r["recall"]; ok && string(v) != "0" && string(v) != "1" {
			return fmt.Sprintf("%s.recall must be 0 or 1, got %s", where, v)
		}
		return ""
	}
	if rs.Default != nil {
		if m := check("recall_strategies.default", rs.Default); m != "" {
			return m
		}
	}
	for k, r := range rs.ASR {
		if !recallReasons[k] {
			return fmt.Sprintf("recall_strategies.asr key %q is not a reason key (1, 2, 3, 4, 5, 11)", k)
		}
		if m := check("recall_strategies.asr."+k, r); m != "" {
			return m
		}
	}
	return ""
}

// validateTask checks every rule of §2.7 on the project as it would be
// stored, answering the first broken rule (code 422).
func validateTask(st *State, t *client.Task) string {
	typ := int64(t.Type)
	if _, ok := taskTypeStrings[typ]; !ok {
		return fmt.Sprintf("type must be 1 (predictive), 3 (automatic) or 4 (robot), got %d", typ)
	}
	if s := taskIntVal(t.Status); s < 0 || s > 2 {
		return fmt.Sprintf("status must be 0 (closed), 1 (open) or 2 (paused), got %d", s)
	}
	if p := taskIntVal(t.Priority); p < 0 || p > 255 {
		return fmt.Sprintf("priority must be from 0 to 255, got %d", p)
	}
	for name, v := range map[string]*client.FlexInt{"dept_id": t.DeptID, "concurrent": t.Concurrent, "max_conn_secs": t.MaxConnSecs,
		"timeout_secs": t.TimeoutSecs, "max_queue_secs": t.MaxQueueSecs} {
		if taskIntVal(v) < 0 {
			return fmt.Sprintf("%s must be >= 0, got %d", name, taskIntVal(v))
		}
	}
	cfg := t.Config
	if f := cfg.MakecallFlag; f != nil && *f != 0 && *f != 8 {
		return fmt.Sprintf("config.makecall_flag must be 0 or 8, got %d", *f)
	}
	if w := cfg.Webhook; w != nil {
		for _, id := range w.IDs {
			if st.Webhooks().Hooks[int64(id)] == nil {
				return fmt.Sprintf("config.webhook.ids: webhook %d does not exist", id)
			}
		}
	}
	if tts := cfg.TTS; tts != nil && tts.Provider != nil && *tts.Provider != "ali" && *tts.Provider != "tx" {
		return fmt.Sprintf("config.tts.provider must be ali or tx, got %q", *tts.Provider)
	}
	switch typ {
	case client.TaskTypePredictive:
		if len(t.AssignedUsers) == 0 {
			return "assigned_users is required for a predictive task (type 1)"
		}
		if cfg.CallRatioType == nil {
			return "config.call_ratio_type is required for a predictive task (type 1)"
		}
		if r := *cfg.CallRatioType; r != 0 && r != 1 {
			return fmt.Sprintf("config.call_ratio_type must be 0 (auto) or 1 (manual), got %d", r)
		}
		if *cfg.CallRatioType == 1 && cfg.ManualCallRatio == nil {
			return "config.manual_call_ratio is required when config.call_ratio_type = 1"
		}
		if cfg.MaxCallRatio == nil {
			return "config.max_call_ratio is required for a predictive task (type 1)"
		}
	case client.TaskTypeRobot:
		for name, missing := range map[string]bool{"tts": cfg.TTS == nil, "nlp_silence_time": cfg.NLPSilenceTime == nil,
			"enable_scheduler": cfg.EnableScheduler == nil, "agent_wait_time": cfg.AgentWaitTime == nil,
			"que_id": cfg.QueID == nil, "max_call_ratio": cfg.MaxCallRatio == nil} {
			if missing {
				return "config." + name + " is required for a robot task (type 4)"
			}
		}
		if st.Queues().Groups[int64(*cfg.QueID)] == nil {
			return fmt.Sprintf("config.que_id: skill group %d does not exist", *cfg.QueID)
		}
		if *cfg.EnableScheduler && len(t.AssignedUsers) == 0 {
			return "assigned_users is required for a robot task (type 4) with config.enable_scheduler = true"
		}
	}
	for i, u := range t.AssignedUsers {
		if (u.UserID == nil) == (u.UserNum == nil) {
			return fmt.Sprintf("assigned_users[%d]: exactly one of user_id and user_num is required", i)
		}
		if taskIntVal(u.ConnLimit) < 0 {
			return fmt.Sprintf("assigned_users[%d].conn_limit must be >= 0, got %d", i, taskIntVal(u.ConnLimit))
		}
		a := taskAgent(st, u)
		if a == nil {
			return fmt.Sprintf("assigned_users[%d]: no agent %s", i, taskAgentRef(u))
		}
		if typ == client.TaskTypeRobot && bool(*cfg.EnableScheduler) {
			if _, in := st.Queues().Members[int64(*cfg.QueID)][a.UserID]; !in {
				return fmt.Sprintf("assigned_users[%d]: agent %s is not in skill group %d (config.que_id)", i, taskAgentRef(u), *cfg.QueID)
			}
		}
	}
	if w := t.Worktime; w != nil {
		for day, pairs := range w.Working {
			if len(day) != 1 || day[0] < '0' || day[0] > '6' {
				return fmt.Sprintf("worktime.working key %q must be a weekday from \"0\" (Sunday) to \"6\" (Saturday)", day)
			}
			for j, p := range pairs {
				if len(p) != 2 || !worktimeHMSRE.MatchString(p[0]) || !worktimeHMSRE.MatchString(p[1]) {
					return fmt.Sprintf("worktime.working[%q][%d] must be a [start, end] pair in HH:mm:ss, got %q", day, j, p)
				}
				if p[0] >= p[1] {
					return fmt.Sprintf("worktime.working[%q][%d]: start %s must be before end %s", day, j, p[0], p[1])
				}
			}
		}
	}
	return ""
}

func taskAgent(st *State, u client.AssignedUser) *Agent {
	if u.UserID != nil {
		return st.Agents().Users[int64(*u.UserID)]
	}
	for _, a := range st.Agents().Users {
		if a.UserNum == string(*u.UserNum) {
			return a
		}
	}
	return nil
}

func taskAgentRef(u client.AssignedUser) string {
	if u.UserID != nil {
		return fmt.Sprintf("user_id %d", *u.UserID)
	}
	return fmt.Sprintf("user_num %q", *u.UserNum)
}

// taskRecord renders a project for list (detail=false) or detail responses,
// with the computed fields of §2.7.
func taskRecord(t *client.Task, detail bool) map[string]any {
	b, _ := json.Marshal(t)
	var m map[string]any
	// Numbers stay as written (json.Number): through float64, an integer
	// above 2^53 came back changed, and one near the int64 limit as
	// 9223372036854776000, which no client reads as an integer.
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	_ = d.Decode(&m)
	if !detail {
		for _, k := range []string{"config", "recall_strategies", "worktime", "assigned_users"} {
			delete(m, k)
		}
	} else {
		if t.AssignedUsers == nil {
			m["assigned_users"] = []any{}
		}
	}
	typ, status := int64(t.Type), taskIntVal(t.Status)
	ratio := ""
	if typ == client.TaskTypePredictive && t.Config != nil && t.Config.CallRatioType != nil {
		ratio = map[int64]string{0: "auto", 1: "manual"}[int64(*t.Config.CallRatioType)]
	}
	for k, v := range map[string]any{
		"status": status, "type_string": taskTypeStrings[typ], "status_string": taskStatusStrings[status],
		"dept_name": autocallDeptName(taskIntVal(t.DeptID)), "waiting_count": int64(t.WaitingCount),
		"recall_waiting_count": int64(t.RecallWaitingCount), "recall_pending_count": int64(t.RecallPendingCount),
		"calling_count": int64(t.CallingCount), "un_called": int64(t.UnCalled), "total_called": int64(t.TotalCalled),
		"created_user_name": autocallUserName, "updated_user_name": autocallUserName,
		"call_ratio_type_string": ratio, "call_type_string": taskCallTypes[typ], "exten": "",
		"callers": t.Callers,
	} {
		m[k] = v
	}
	if t.Callers == nil {
		m["callers"] = []any{}
	}
	return m
}

// taskByParam finds the project named by the id parameter.
func taskByParam(c *Call) *client.Task {
	id, ok, err := c.Int("id")
	if err != nil || !ok || id <= 0 {
		c.Fail(422, fmt.Sprintf("id is required and must be a project id, got %q", c.Str("id")), nil)
		return nil
	}
	t := c.St.Tasks().Projects[id]
	if t == nil {
		c.Fail(404, fmt.Sprintf("project %d does not exist", id), nil)
	}
	return t
}

func taskDetailHandler(c *Call) {
	if t := taskByParam(c); t != nil {
		c.OK(taskRecord(t, true))
	}
}

func taskStatusHandler(c *Call) {
	t := taskByParam(c)
	if t == nil {
		return
	}
	s, ok, err := c.Int("status")
	if err != nil || !ok || (s != 1 && s != 2) {
		c.Fail(422, fmt.Sprintf("status is required: 1 (open) or 2 (paused), got %q", c.Str("status")), nil)
		return
	}
	t.Status = taskInt(s)
	t.UpdatedAt = client.FlexString(c.Now().Format(autocallTimeFormat))
	c.Changed()
	c.OK(nil)
}

// taskIDList reads ids as a JSON array, a comma-separated string or a single id.
func taskIDList(c *Call, name string) ([]int64, error) {
	raw, ok := c.Raw(name)
	if !ok {
		return nil, nil
	}
	var l client.FlexIntList
	if err := json.Unmarshal(raw, &l); err == nil {
		out := make([]int64, len(l))
		for i, v := range l {
			out[i] = int64(v)
		}
		return out, nil
	}
	var out []int64
	for _, part := range strings.Split(strings.Trim(c.Str(name), "[]"), ",") {
		n, err := strconv.ParseInt(strings.TrimSpace(part), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%s must be an array of ids, got %q", name, c.Str(name))
		}
		out = append(out, n)
	}
	return out, nil
}

func taskDeleteHandler(c *Call) {
	ids, err := taskIDList(c, "ids")
	if err != nil || len(ids) == 0 {
		c.Fail(422, "ids is required: an array of project ids", nil)
		return
	}
	force, _, err := c.Bool("is_force")
	if err != nil {
		c.Fail(422, "is_force must be 0 or 1: "+err.Error(), nil)
		return
	}
	for _, id := range ids {
		t := c.St.Tasks().Projects[id]
		if t == nil {
			c.Fail(404, fmt.Sprintf("project %d does not exist", id), nil)
			return
		}
		if !force && taskIntVal(t.Status) == client.TaskStatusOpen {
			c.Fail(422, fmt.Sprintf("project %d is open; pause or close it first, or delete with is_force = 1", id), nil)
			return
		}
	}
	for _, id := range ids {
		delete(c.St.Tasks().Projects, id)
	}
	c.Changed()
	c.JSON(200, map[string]any{"code": 0, "message": "success", "request_id": c.Server().requestID()})
}

// filterTaskParams returns the projects matching type, status and name, by id.
func filterTaskParams(c *Call) ([]*client.Task, bool) {
	typ, _, err := c.Int("type")
	if err != nil || (typ != 0 && taskTypeStrings[typ] == "") {
		c.Fail(422, fmt.Sprintf("type must be 1, 3 or 4, got %q", c.Str("type")), nil)
		return nil, false
	}
	status, hasStatus, err := c.Int("status")
	// §4.3 lists filters by status 0 (closed) or 1 (open) only; 2 (paused)
	// is no filter value there, so a client that wants paused tasks keeps
	// them itself from a list without status.
	if err != nil || (hasStatus && status != 0 && status != 1) {
		c.Fail(422, fmt.Sprintf("status must be 0 (closed) or 1 (open) (§4.3), got %q", c.Str("status")), nil)
		return nil, false
	}
	name := c.Str("name")
	var out []*client.Task
	for _, t := range c.St.Tasks().Projects {
		if (typ == 0 || int64(t.Type) == typ) && (!hasStatus || taskIntVal(t.Status) == status) &&
			(name == "" || strings.Contains(string(t.Name), name)) {
			out = append(out, t)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, true
}

func taskListHandler(c *Call) {
	page, per, ok := autocallPageParams(c, 15)
	if !ok {
		return
	}
	tasks, ok := filterTaskParams(c)
	if !ok {
		return
	}
	items := make([]map[string]any, 0, len(tasks))
	for _, t := range tasks {
		items = append(items, taskRecord(t, false))
	}
	c.OK(autocallResultsPage(items, page, per, "total_page"))
}

func taskAllHandler(c *Call) {
	if !c.Has("type") {
		c.Fail(422, "type is required (1, 3 or 4)", nil)
		return
	}
	tasks, ok := filterTaskParams(c)
	if !ok {
		return
	}
	items := make([]map[string]any, 0, len(tasks))
	for _, t := range tasks {
		items = append(items, taskRecord(t, false))
	}
	c.OK(items)
}

// simCallRequest is the body of POST /_sim/calls.
type simCallRequest struct {
	TaskID int64  `json:"task_id"`
	Mobile string `json:"mobile"`
}

// webhookPush is one POST to a webhook, sent after the lock is released.
type webhookPush struct {
	hookID int64
	url    string
	body   []byte
}

var callMobileRE = regexp.MustCompile(`^\+?[0-9]{5,20}$`)

// adminCalls simulates one call of an open task (DESIGN §4): a trunk call
// record is appended, the task's counters move, and the task's enabled
// webhooks receive the pre-call push (event_type 2) and then the hang-up
// record (event_type 1). The bodies are described in fidelity/tasks.md.
func (s *Server) adminCalls(w http.ResponseWriter, r *http.Request) {
	var req simCallRequest
	if err := decodeJSONStrict(r, &req); err != nil {
		adminError(w, 400, fmt.Errorf("calls: %w", err))
		return
	}
	if !callMobileRE.MatchString(req.Mobile) {
		adminError(w, 400, fmt.Errorf("calls: mobile must be 5 to 20 digits, got %q", req.Mobile))
		return
	}
	s.mu.Lock()
	t := s.st.Tasks().Projects[req.TaskID]
	if t == nil {
		s.mu.Unlock()
		adminError(w, 404, fmt.Errorf("calls: task %d does not exist", req.TaskID))
		return
	}
	if taskIntVal(t.Status) != client.TaskStatusOpen {
		s.mu.Unlock()
		adminError(w, 409, fmt.Errorf("calls: task %d is %s; only an open task places calls", req.TaskID, taskStatusStrings[taskIntVal(t.Status)]))
		return
	}
	start := s.now()
	cdr := simulatedCDR(s.st, t, req.Mobile, start, s.st.NextID("call", 90000))
	s.st.Reference().TrunkCDRs = append(s.st.Reference().TrunkCDRs, cdr)
	t.TotalCalled++
	base := map[string]any{"task_id": int64(t.ID), "task_name": string(t.Name), "task_type": int64(t.Type),
		"call_id": cdr.CallID, "mobile": req.Mobile}
	pre := merge(map[string]any{"event_type": client.WebhookEventPreCall, "event": "pre_call",
		"caller": cdr.TrunkNum, "time": cdr.TimeStart}, base)
	hangup := merge(map[string]any{"event_type": client.WebhookEventHangup, "event": "hangup", "record": cdr}, base)
	var pushes []webhookPush
	for _, ev := range []struct {
		typ  int64
		body map[string]any
	}{{client.WebhookEventPreCall, pre}, {client.WebhookEventHangup, hangup}} {
		for _, h := range taskHooks(s.st, t) {
			if h.EventType == ev.typ {
				pushes = append(pushes, webhookPush{hookID: h.ID, url: h.URL, body: webhookPushBody(h, ev.body)})
			}
		}
	}
	s.persistLocked()
	s.mu.Unlock()

	if len(pushes) > 0 {
		s.pushes.Add(1)
		go func() {
			defer s.pushes.Done()
			for _, p := range pushes {
				s.sendWebhookPush(p)
			}
		}()
	}
	writeJSON(w, 200, map[string]any{"ok": true, "call_id": cdr.CallID, "record": cdr, "pushes": len(pushes)})
}

// taskHooks returns the enabled webhooks attached to an enabled task config.
func taskHooks(st *State, t *client.Task) []*WebhookRec {
	if t.Config == nil || t.Config.Webhook == nil || t.Config.Webhook.Enable == nil || !bool(*t.Config.Webhook.Enable) {
		return nil
	}
	var out []*WebhookRec
	for _, id := range t.Config.Webhook.IDs {
		if h := st.Webhooks().Hooks[int64(id)]; h != nil && h.Status {
			out = append(out, h)
		}
	}
	return out
}

// webhookPushBody encodes an event; with is_encrypt the JSON travels base64-encoded
// in `data` (the real scheme is not shown in §6.1).
func webhookPushBody(h *WebhookRec, body map[string]any) []byte {
	b, _ := json.Marshal(body)
	if !h.IsEncrypt {
		return b
	}
	out, _ := json.Marshal(map[string]any{"event_type": body["event_type"], "is_encrypt": true,
		"data": base64.StdEncoding.EncodeToString(b)})
	return out
}

// webhookPushTimeout bounds one webhook push (§6.1).
const webhookPushTimeout = 10 * time.Second

func (s *Server) sendWebhookPush(p webhookPush) {
	ctx, cancel := context.WithTimeout(context.Background(), webhookPushTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "POST", p.url, bytes.NewReader(p.body))
	if err != nil {
		s.opts.Logf("simulator: webhook %d: %v", p.hookID, err)
		return
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Webhook-Id", strconv.FormatInt(p.hookID, 10))
	resp, err := s.opts.HTTPClient.Do(req)
	if err != nil {
		s.opts.Logf("simulator: webhook %d push to %s: %v", p.hookID, p.url, err)
		return
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		// Not retried either, but said: a receiver's error path is what a
		// user points the simulator at their receiver to test.
		s.opts.Logf("simulator: webhook %d push to %s: the receiver answered HTTP %d", p.hookID, p.url, resp.StatusCode)
	}
}

// simulatedCDR is the trunk call record of one connected call: 5 s of
// ringing, 30 s of conversation.
func simulatedCDR(st *State, t *client.Task, mobile string, start time.Time, n int64) TrunkCDR {
	f := func(d time.Duration) string { return start.Add(d).Format(autocallTimeFormat) }
	trunk := "95000000"
	if len(t.Callers) > 0 {
		trunk = string(t.Callers[0])
	}
	cdr := TrunkCDR{
		VccID: simVccID, VccCode: simVccCode, CallID: fmt.Sprintf("sim-call-%d", n),
		CallType: 5, CallTypeName: "auto outbound", CallResult: 0, CallResultName: "connected",
		TrunkNum: trunk, UserNum: mobile, TimeStart: f(0), TimeRing: f(0), TimeAnswer: f(5 * time.Second),
		TimeConn: f(5 * time.Second), TimeHangup: f(35 * time.Second),
		DurRing: 5, DurRing2: 5, DurAnswer: 30, DurConn: 30, DurAll: 35,
		UserData: fmt.Sprintf(`{"task_id":%d}`, t.ID),
	}
	if int64(t.Type) == client.TaskTypeRobot {
		cdr.CallType, cdr.CallTypeName = 16, "robot"
	}
	if int64(t.Type) == client.TaskTypePredictive && len(t.AssignedUsers) > 0 {
		if a := taskAgent(st, t.AssignedUsers[0]); a != nil {
			cdr.AgID = a.UserID
		}
	}
	return cdr
}
