package simulator

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"net/mail"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// AgentsState holds the agents (users) of the enterprise (spec §2.6).
type AgentsState struct {
	Users map[int64]*Agent `json:"users"`
}

func (x *AgentsState) init() {
	if x.Users == nil {
		x.Users = map[int64]*Agent{}
	}
}

// usedIDs reports the ids the part holds (State.keepIDsAbove).
func (x *AgentsState) usedIDs(take func(kind string, id int64)) {
	for id := range x.Users {
		take("agent", id)
	}
}

// agentsPart registers this domain's part of the state, member "agents" of
// the state file.
var agentsPart = registerState("agents", (*AgentsState).init)

// Agents returns the state's part of this domain (the agents and their configuration).
func (st *State) Agents() *AgentsState { return agentsPart(st) }

// Agent is one agent with every field of §2.6 the simulator keeps and the
// add parameters of §4.2. Skill-group membership lives in QueuesState.Members.
type Agent struct {
	UserID   int64  `json:"user_id"`
	UserNum  string `json:"user_num"`
	UserName string `json:"user_name"`
	// UserStatus is 1 on duty, 2 resigned, 3 frozen (§3.3).
	UserStatus int64 `json:"user_status"`
	// CheckIn is the static sign-in state: an agent signed in under a group
	// blocks its deletion (queue/delete code 410).
	CheckIn bool `json:"check_in"`

	AgNickname   string `json:"ag_nickname"`
	UserEmail    string `json:"user_email"`
	UserSMSPhone string `json:"user_sms_phone"`
	FixedPhone   string `json:"fixed_phone"`
	DeptID       int64  `json:"dept_id"`
	RoleID       int64  `json:"role_id"`
	CrmID        string `json:"crm_id"`
	UserType     string `json:"user_type"`
	PositionID   int64  `json:"position_id"`
	SupervisorID int64  `json:"supervisor_id"`
	OpenID       string `json:"openid"`
	Phone        string `json:"phone"`
	IsEnableMFA  int64  `json:"is_enable_mfa"`
	MFASecret    string `json:"mfa_secret"`
	// PasswordHash is the stored, transformed password (add answers it as
	// user_password).
	PasswordHash string `json:"password_hash"`
	IsFirstLogin int64  `json:"is_first_login"`
	CreateTime   string `json:"date_create_time"`
	UpdateTime   string `json:"date_update_time"`

	UserPhoneType         int64 `json:"user_phone_type"`
	UserLoginState        int64 `json:"user_login_state"`
	UserAutoLogin         int64 `json:"user_auto_login"`
	IsEnableOutbound      bool  `json:"is_enable_outbound"`
	UserOutcallPopup      int64 `json:"user_outcall_popup"`
	IsForbiddenLogin      bool  `json:"is_forbidden_login"`
	MaxSessions           int64 `json:"max_sessions"`
	BasicSessions         int64 `json:"basic_sessions"`
	IsEnableUpdateCapcity int64 `json:"is_enable_update_capcity"`
	// Objects are the ten configuration objects of §2.6.1, always complete.
	Objects client.AgentObjects `json:"objects"`
}

// createdByUser is the create_user_id/update_user_id the simulator stamps.
const createdByUser = 1

// Simulator defaults of add parameters whose default the spec does not
// state (see simulator/fidelity/agents.md).
const (
	defaultMaxSessions   = 10
	defaultBasicSessions = 1
)

// Agent limits of §8: users/list rows at most 500; max_sessions at most
// 300 and basic_sessions at least 1 on add and edit.
const (
	agentMaxRows          = 500
	agentMaxSessions      = 300
	agentMinBasicSessions = 1
)

// The values of notice_config (§2.6.1): notice_type is "system" (in-app)
// or the browser notice, which the spec describes without naming; the
// simulator spells it "browser" (fidelity/agents.md). system_notice_position
// is one of the four corners.
var (
	noticeTypes           = []string{"system", "browser"}
	systemNoticePositions = []string{"bottomRight", "topRight", "topLeft", "bottomLeft"}
)

// defaultAgentObjects is the table of §2.6.1: every object type 2
// (default); next_wait 5; is_enable_notice and is_auto_close on,
// notice_type system, system_notice_position bottomRight,
// auto_close_interval 5; every other switch off and every list empty.
func defaultAgentObjects() client.AgentObjects {
	const def = client.ConfigTypeDefault
	return client.AgentObjects{
		EvaluateConfig: &client.EvaluateConfig{Type: def},
		WaitTimeConfig: &client.WaitTimeConfig{Type: def, NextWait: 5},
		NoticeConfig: &client.NoticeConfig{Type: def, IsEnableNotice: true, NoticeType: "system",
			SystemNoticePosition: "bottomRight", IsAutoClose: true, AutoCloseInterval: 5},
		UserCaller: &client.UserCaller{Type: def, Groups: []client.FlexString{}, GroupNames: []client.FlexString{},
			Phones: []client.FlexString{}, Xtels: []client.FlexString{}},
		OutboundCallers: &client.OutboundCallers{Type: def, Groups: []client.FlexString{},
			GroupNames: []client.FlexString{}, Phones: []client.FlexString{}},
		UserDisplay:           &client.UserDisplay{Type: def, Phones: []client.FlexString{}},
		WincallButtons:        &client.WincallButtons{Type: def},
		WincallTransferIvrs:   &client.WincallTransferIvrs{Type: def, TransferIvrs: []client.FlexInt{}},
		WincallInteractIvrs:   &client.WincallInteractIvrs{Type: def, InteractIvrs: []client.FlexInt{}},
		WincallTransferQueues: &client.WincallTransferQueues{Type: def, TransferQueues: []client.FlexInt{}},
	}
}

// agentCodes are the open-interface codes the simulator answers for §4.2.
// The spec shows none besides 0 (§7.1); these are our choice.
var agentCodes = map[int]string{
	404: "user does not exist",
	409: "value already in use",
	422: "invalid parameter",
	500: "system error",
}

func init() {
	registerDomain(domain{name: "agents", routes: func(s *Server) {
		u := func(path string, h func(*Call)) Route {
			return Route{Methods: []string{"POST"}, Prefix: PrefixOpen, Path: "/v3/svcapi/users" + path, Env: EnvOpen, Codes: agentCodes, Handler: h}
		}
		s.Handle(u("/list", usersListHandler))
		s.Handle(u("/add", usersAddHandler))
		s.Handle(u("/edit", usersEditHandler))
		s.Handle(u("/delete", usersDeleteHandler))
	}, seedKeys: map[string]func(*Server, json.RawMessage) error{
		// "agents": [{"user_num": "9001", "user_name": "Ann", "check_in": false}, ...]
		"agents": func(s *Server, raw json.RawMessage) error {
			var in []json.RawMessage
			if err := json.Unmarshal(raw, &in); err != nil {
				return err
			}
			for i := range in {
				a := newAgent()
				if err := json.Unmarshal(in[i], a); err != nil {
					return fmt.Errorf("agent %d: %w", i, err)
				}
				if a.UserNum == "" {
					return fmt.Errorf("agent %d: user_num is required", i)
				}
				x := s.st.Agents()
				if a.UserID < 0 || a.UserID > math.MaxInt32 {
					return fmt.Errorf("agent %d: user_id must be from 1 to %d, got %d", i, math.MaxInt32, a.UserID)
				}
				if a.UserID == 0 {
					a.UserID = s.st.NextID("agent", 1000)
				} else if o, ok := x.Users[a.UserID]; ok {
					return fmt.Errorf("agent %d: user_id %d is already used by agent %q", i, a.UserID, o.UserNum)
				} else {
					s.st.TakeID("agent", a.UserID) // users/add must not issue it again
				}
				// The platform keeps these unique (users/add and edit refuse a
				// taken one); a seed that broke it would make tests pass on
				// lookups by number that the platform never has to answer.
				if msg := x.uniqueConflict(a); msg != "" {
					return fmt.Errorf("agent %d: %s", i, msg)
				}
				if a.UserStatus == 0 {
					a.UserStatus = 1
				}
				a.Objects = completeObjects(a.Objects)
				x.Users[a.UserID] = a
			}
			return nil
		},
	}})
}

// newAgent returns an agent with the add defaults of §4.2.
func newAgent() *Agent {
	return &Agent{
		UserStatus: 1, DeptID: rootDeptID, UserPhoneType: 3, UserLoginState: 1, UserAutoLogin: 1,
		IsEnableOutbound: true, UserOutcallPopup: 1, IsEnableMFA: 2, MaxSessions: defaultMaxSessions,
		BasicSessions: defaultBasicSessions, IsEnableUpdateCapcity: 1, IsFirstLogin: 1,
		Objects: defaultAgentObjects(),
	}
}

// completeObjects replaces missing objects by their defaults.
func completeObjects(o client.AgentObjects) client.AgentObjects {
	d := defaultAgentObjects()
	if o.EvaluateConfig == nil {
		o.EvaluateConfig = d.EvaluateConfig
	}
	if o.WaitTimeConfig == nil {
		o.WaitTimeConfig = d.WaitTimeConfig
	}
	if o.NoticeConfig == nil {
		o.NoticeConfig = d.NoticeConfig
	}
	if o.UserCaller == nil {
		o.UserCaller = d.UserCaller
	}
	if o.OutboundCallers == nil {
		o.OutboundCallers = d.OutboundCallers
	}
	if o.UserDisplay == nil {
		o.UserDisplay = d.UserDisplay
	}
	if o.WincallButtons == nil {
		o.WincallButtons = d.WincallButtons
	}
	if o.WincallTransferIvrs == nil {
		o.WincallTransferIvrs = d.WincallTransferIvrs
	}
	if o.WincallInteractIvrs == nil {
		o.WincallInteractIvrs = d.WincallInteractIvrs
	}
	if o.WincallTransferQueues == nil {
		o.WincallTransferQueues = d.WincallTransferQueues
	}
	return o
}

// CheckAgentPassword reports whether password is the stored password of the
// agent (tests of password rotation).
func (s *Server) CheckAgentPassword(userID int64, password string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.st.Agents().Users[userID]
	return a != nil && a.PasswordHash == hashPassword(password)
}

func hashPassword(p string) string {
	sum := sha256.Sum256([]byte("sim-salt:" + p))
	return "$sim$" + hex.EncodeToString(sum[:])
}

func newMFASecret() string {
	var b [10]byte
	_, _ = rand.Read(b[:])
	return base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:])
}

var (
	idListRE   = regexp.MustCompile(`^[0-9]+(,[0-9]+)*$`)
	userTypeRE = regexp.MustCompile(`^[1-7](,[1-7])*$`)
)

// idList reads an optional comma-separated id parameter.
func idList(c *Call, name string) ([]int64, error) {
	raw := strings.ReplaceAll(strings.TrimSpace(c.Str(name)), " ", "")
	if raw == "" {
		return nil, nil
	}
	if !idListRE.MatchString(raw) {
		return nil, fmt.Errorf("%s must be comma-separated ids, got %q", name, raw)
	}
	var out []int64
	for _, p := range strings.Split(raw, ",") {
		n, _ := strconv.ParseInt(p, 10, 64)
		out = append(out, n)
	}
	return out, nil
}

func usersListHandler(c *Call) {
	page, _, err := c.Int("page")
	if err != nil || page < 0 {
		c.Fail(422, fmt.Sprintf("page must be a whole number >= 1, got %q", c.Str("page")), nil)
		return
	}
	if page == 0 {
		page = 1
	}
	rows, ok, err := c.Int("rows")
	if err != nil || (ok && (rows < 1 || rows > agentMaxRows)) {
		c.Fail(422, fmt.Sprintf("rows must be from 1 to %d, got %q", agentMaxRows, c.Str("rows")), nil)
		return
	}
	if !ok {
		rows = 100
	}
	filters := map[string][]int64{}
	for _, name := range []string{"user_ids", "dept_ids", "role_ids", "queue_ids", "position_ids"} {
		ids, err := idList(c, name)
		if err != nil {
			c.Fail(422, err.Error(), nil)
			return
		}
		filters[name] = ids
	}
	// §4.2 types user_status as one state ("string 1/2/3"), unlike the id
	// filters beside it ("strings, comma-separated ids"): "2,3" is refused,
	// not read as either state, so a client that sends several is caught
	// here rather than by a platform that reads only one of them.
	if st := strings.TrimSpace(c.Str("user_status")); st != "" {
		if st != "1" && st != "2" && st != "3" {
			c.Fail(422, fmt.Sprintf("user_status must be one state, 1, 2 or 3 (§4.2), got %q", st), nil)
			return
		}
		n, _ := strconv.ParseInt(st, 10, 64)
		filters["user_status"] = []int64{n}
	}
	var types []string
	if t := strings.ReplaceAll(c.Str("user_type"), " ", ""); t != "" {
		if !userTypeRE.MatchString(t) {
			c.Fail(422, fmt.Sprintf("user_type must be a comma list of 1-7, got %q", t), nil)
			return
		}
		types = strings.Split(t, ",")
	}
	withQueues, withConfig := c.Str("relations_queues") == "1", c.Str("relations_config") == "1"
	num := c.Str("user_num")

	var matched []*Agent
	for _, a := range c.St.Agents().Users {
		switch {
		case num != "" && a.UserNum != num,
			len(filters["user_ids"]) > 0 && !slices.Contains(filters["user_ids"], a.UserID),
			len(filters["dept_ids"]) > 0 && !slices.Contains(filters["dept_ids"], a.DeptID),
			len(filters["role_ids"]) > 0 && !slices.Contains(filters["role_ids"], a.RoleID),
			len(filters["position_ids"]) > 0 && !slices.Contains(filters["position_ids"], a.PositionID),
			len(filters["user_status"]) > 0 && !slices.Contains(filters["user_status"], a.UserStatus):
			continue
		}
		if q := filters["queue_ids"]; len(q) > 0 && !slices.ContainsFunc(q, func(id int64) bool { return hasMember(c.St.Queues().Members[id], a.UserID) }) {
			continue
		}
		if len(types) > 0 && !slices.ContainsFunc(strings.Split(a.UserType, ","), func(t string) bool { return slices.Contains(types, t) }) {
			continue
		}
		matched = append(matched, a)
	}
	sort.Slice(matched, func(i, j int) bool { return matched[i].UserID < matched[j].UserID })
	total := int64(len(matched))
	last := (total + rows - 1) / rows
	if last == 0 {
		last = 1
	}
	from := (page - 1) * rows
	items := []map[string]any{}
	for i := from; i < total && i < from+rows; i++ {
		items = append(items, c.St.agentItem(matched[i], withQueues, withConfig))
	}
	url := func(p int64) any {
		if p < 1 || p > last {
			return nil
		}
		return fmt.Sprintf("/open/v3/svcapi/users/list?page=%d", p)
	}
	var fromN, toN any
	if len(items) > 0 {
		fromN, toN = from+1, from+int64(len(items))
	}
	c.OK(map[string]any{
		"current_page": page, "data": items, "first_page_url": url(1), "last_page_url": url(last),
		"next_page_url": url(page + 1), "prev_page_url": url(page - 1), "path": "/open/v3/svcapi/users/list",
		"from": fromN, "to": toN, "last_page": last, "per_page": rows, "total": total,
	})
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

var userTypeNames = map[string]string{"1": "call center", "2": "online chat", "3": "work order", "4": "management",
	"5": "voice assist", "6": "video service", "7": "text assist"}

// agentItem renders a list item of §2.6.
func (st *State) agentItem(a *Agent, withQueues, withConfig bool) map[string]any {
	statusStr := map[int64]string{1: "on duty", 2: "resigned", 3: "frozen"}[a.UserStatus]
	var typeNames []string
	for _, t := range strings.Split(a.UserType, ",") {
		if n, ok := userTypeNames[t]; ok {
			typeNames = append(typeNames, n)
		}
	}
	// The list item encodes MFA as 0 off / 1 on (§2.6); add, edit and the
	// config member use 1 on / 2 off (§4.2).
	mfaStr, mfaListed := "off", 0
	if a.IsEnableMFA == 1 {
		mfaStr, mfaListed = "on", 1
	}
	named := func(prefix string, id int64) string {
		if id == 0 {
			return ""
		}
		return fmt.Sprintf("%s %d", prefix, id)
	}
	item := map[string]any{
		"user_id": a.UserID, "vcc_id": simVccID, "vcc_code": simVccCode, "user_num": a.UserNum, "user_name": a.UserName,
		"ag_nickname": a.AgNickname, "avatar": "", "user_email": nullable(a.UserEmail), "user_sms_phone": nullable(a.UserSMSPhone),
		"fixed_phone": nullable(a.FixedPhone), "user_status": a.UserStatus, "dept_id": a.DeptID, "dept_name": deptNameOnly(a.DeptID),
		"crm_id": a.CrmID, "openid": nullable(a.OpenID), "check_in": a.CheckIn, "last_login_ip": "", "last_login_user_agent": nil,
		"create_user_id": createdByUser, "update_user_id": createdByUser, "is_auto_locked": 0, "login_failed_times": 0,
		"is_first_login": a.IsFirstLogin, "user_type": a.UserType, "is_enable_mfa": mfaListed, "mfa_secret": a.MFASecret,
		"position_id": a.PositionID, "supervisor_id": a.SupervisorID, "date_update_time": a.UpdateTime,
		"date_create_time": a.CreateTime, "date_last_login_time": "", "date_locked_time": "",
		"user_status_str": statusStr, "user_type_str": strings.Join(typeNames, ","), "is_enable_mfa_str": mfaStr,
		"mfa_bind_str": "unbound", "position_name": named("Position", a.PositionID), "supervisor_name": named("Supervisor", a.SupervisorID),
		"role_id": a.RoleID, "role_name": named("Role", a.RoleID), "phone": a.Phone,
	}
	if withQueues {
		var ids []int64
		for qid, m := range st.Queues().Members {
			if hasMember(m, a.UserID) && st.Queues().Groups[qid] != nil {
				ids = append(ids, qid)
			}
		}
		slices.Sort(ids)
		idText, names := make([]string, len(ids)), make([]string, len(ids))
		for i, id := range ids {
			idText[i], names[i] = strconv.FormatInt(id, 10), st.Queues().Groups[id].QueName
		}
		item["queue_ids"], item["queue_names"] = strings.Join(idText, ","), strings.Join(names, ",")
	}
	if withConfig {
		n := func(v int64) *client.FlexInt { f := client.FlexInt(v); return &f }
		b := func(v bool) *client.FlexBool { f := client.FlexBool(v); return &f }
		item["config"] = client.AgentConfig{
			UserPhoneType: n(a.UserPhoneType), UserLoginState: n(a.UserLoginState),
			UserAutoLogin: n(a.UserAutoLogin), IsEnableOutbound: b(a.IsEnableOutbound),
			UserOutcallPopup: n(a.UserOutcallPopup), IsEnableMFA: n(a.IsEnableMFA),
			IsForbiddenLogin: b(a.IsForbiddenLogin), MaxSessions: n(a.MaxSessions),
			BasicSessions: n(a.BasicSessions), IsEnableUpdateCapcity: n(a.IsEnableUpdateCapcity),
			AgentObjects: a.Objects,
		}
	}
	return item
}

// writeResponse renders the add/edit response subset of §2.6.
func (a *Agent) writeResponse() map[string]any {
	return map[string]any{
		"user_num": a.UserNum, "user_name": a.UserName, "user_password": a.PasswordHash, "ag_nickname": a.AgNickname,
		"user_email": nullable(a.UserEmail), "user_sms_phone": nullable(a.UserSMSPhone), "fixed_phone": nullable(a.FixedPhone),
		"user_status": a.UserStatus, "dept_id": a.DeptID, "crm_id": a.CrmID, "user_type": a.UserType,
		"position_id": a.PositionID, "supervisor_id": a.SupervisorID, "vcc_id": simVccID, "vcc_code": simVccCode,
		"create_user_id": createdByUser, "update_user_id": createdByUser, "is_first_login": a.IsFirstLogin,
		"avatar": "", "dept_name": deptNameOnly(a.DeptID), "user_id": a.UserID,
	}
}

// agentParamError is a rule broken by an add/edit parameter.
type agentParamError struct {
	code int
	msg  string
}

func paramErr(code int, format string, args ...any) *agentParamError {
	return &agentParamError{code, fmt.Sprintf(format, args...)}
}

// applyAgentParams copies the sent add/edit parameters onto a (a copy the
// caller commits only on success). queues returns the queue_ids sent, nil
// when absent.
func applyAgentParams(c *Call, a *Agent, add bool) (queues *[]int64, perr *agentParamError) {
	strs := []struct {
		name     string
		dst      *string
		required bool
	}{
		{"user_name", &a.UserName, add}, {"ag_nickname", &a.AgNickname, false}, {"user_email", &a.UserEmail, false},
		{"user_sms_phone", &a.UserSMSPhone, false}, {"fixed_phone", &a.FixedPhone, false}, {"crm_id", &a.CrmID, false},
	}
	for _, f := range strs {
		if !c.Has(f.name) {
			if f.required {
				return nil, paramErr(422, "%s is required", f.name)
			}
			continue
		}
		v := strings.TrimSpace(c.Str(f.name))
		if f.name == "user_name" && v == "" {
			return nil, paramErr(422, "user_name must not be empty")
		}
		*f.dst = v
	}
	if a.UserEmail != "" && c.Has("user_email") {
		if addr, err := mail.ParseAddress(a.UserEmail); err != nil || addr.Address != a.UserEmail {
			return nil, paramErr(422, "user_email %q is not an e-mail address", a.UserEmail)
		}
	}
	if c.Has("user_password") {
		p := c.Str("user_password")
		if p == "" {
			return nil, paramErr(422, "user_password must not be empty")
		}
		a.PasswordHash = hashPassword(p)
	} else if add {
		return nil, paramErr(422, "user_password is required")
	}
	if c.Has("user_type") {
		t := strings.ReplaceAll(c.Str("user_type"), " ", "")
		if t != "" && !userTypeRE.MatchString(t) {
			return nil, paramErr(422, "user_type must be a comma-separated list of 1-7, got %q", t)
		}
		a.UserType = t
	}
	ints := []struct {
		name    string
		dst     *int64
		allowed []int64
		min     int64
		max     int64
	}{
		{"user_status", &a.UserStatus, []int64{1, 2, 3}, 0, 0},
		{"dept_id", &a.DeptID, nil, 1, 0},
		{"role_id", &a.RoleID, nil, 0, 0},
		{"position_id", &a.PositionID, nil, 0, 0},
		{"supervisor_id", &a.SupervisorID, nil, 0, 0},
		{"user_phone_type", &a.UserPhoneType, []int64{3, 4}, 0, 0},
		{"user_login_state", &a.UserLoginState, []int64{1, 2}, 0, 0},
		{"user_auto_login", &a.UserAutoLogin, []int64{0, 1}, 0, 0},
		{"user_outcall_popup", &a.UserOutcallPopup, []int64{1, 2}, 0, 0},
		{"is_enable_mfa", &a.IsEnableMFA, []int64{1, 2}, 0, 0},
		{"max_sessions", &a.MaxSessions, nil, 0, agentMaxSessions},
		{"basic_sessions", &a.BasicSessions, nil, agentMinBasicSessions, 0},
		{"is_enable_update_capcity", &a.IsEnableUpdateCapcity, []int64{1, 2}, 0, 0},
	}
	for _, f := range ints {
		v, ok, err := c.Int(f.name)
		if err != nil {
			return nil, paramErr(422, "%s must be an integer, got %q", f.name, c.Str(f.name))
		}
		if !ok {
			continue
		}
		switch {
		case f.allowed != nil && !slices.Contains(f.allowed, v):
			return nil, paramErr(422, "%s must be one of %v, got %d", f.name, f.allowed, v)
		case v < f.min:
			return nil, paramErr(422, "%s must be at least %d, got %d", f.name, f.min, v)
		case f.max > 0 && v > f.max:
			return nil, paramErr(422, "%s must be at most %d, got %d", f.name, f.max, v)
		}
		*f.dst = v
	}
	bools := []struct {
		name string
		dst  *bool
	}{{"is_enable_outbound", &a.IsEnableOutbound}, {"is_forbidden_login", &a.IsForbiddenLogin}}
	for _, f := range bools {
		v, ok, err := c.Bool(f.name)
		if err != nil {
			return nil, paramErr(422, "%s must be true or false, got %q", f.name, c.Str(f.name))
		}
		if ok {
			*f.dst = v
		}
	}
	if a.IsEnableMFA == 1 && a.MFASecret == "" {
		a.MFASecret = newMFASecret()
	}
	if a.IsEnableMFA != 1 {
		a.MFASecret = ""
	}
	if perr := applyObjects(c, &a.Objects); perr != nil {
		return nil, perr
	}
	if raw, ok := c.Raw("queue_ids"); ok && string(raw) != "null" {
		var ids []json.RawMessage
		if err := json.Unmarshal(raw, &ids); err != nil {
			// §4.2: an int array; the comma-separated string is the list
			// filter's shape, not add/edit's.
			return nil, paramErr(422, "queue_ids must be an array of skill-group ids, got %s", clip(string(raw), 80))
		}
		qs := []int64{}
		for _, r := range ids {
			id, ok := rawInt(r)
			if !ok || c.St.Queues().Groups[id] == nil {
				return nil, paramErr(422, "queue_ids: %s is not a skill group of this enterprise", string(r))
			}
			if !slices.Contains(qs, id) {
				qs = append(qs, id)
			}
		}
		queues = &qs
	}
	return queues, nil
}

// applyObjects decodes each sent configuration object over its defaults (a
// sent object replaces the stored one whole) and checks its values.
func applyObjects(c *Call, o *client.AgentObjects) *agentParamError {
	d := defaultAgentObjects()
	decode := func(name string, dst any) (bool, *agentParamError) {
		raw, ok := c.Raw(name)
		if !ok || string(raw) == "null" {
			return false, nil
		}
		// Form posts carry objects as JSON text.
		var text string
		if json.Unmarshal(raw, &text) == nil {
			raw = json.RawMessage(text)
		}
		if err := json.Unmarshal(raw, dst); err != nil {
			return false, paramErr(422, "%s is not a valid object: %v", name, err)
		}
		return true, nil
	}
	checkType := func(name string, t client.FlexInt) *agentParamError {
		if t != client.ConfigTypeCustom && t != client.ConfigTypeDefault {
			return paramErr(422, "%s.type must be 1 (custom) or 2 (default), got %d", name, t)
		}
		return nil
	}
	strs := func(xs []client.FlexString) []client.FlexString {
		if xs == nil {
			return []client.FlexString{}
		}
		return xs
	}
	positive := func(name string, xs []client.FlexInt) ([]client.FlexInt, *agentParamError) {
		if xs == nil {
			return []client.FlexInt{}, nil
		}
		for _, x := range xs {
			if x <= 0 {
				return nil, paramErr(422, "%s must hold positive ids, got %d", name, x)
			}
		}
		return xs, nil
	}
	var perr *agentParamError
	if ok, e := decode("evaluate_config", d.EvaluateConfig); e != nil {
		return e
	} else if ok {
		if perr = checkType("evaluate_config", d.EvaluateConfig.Type); perr != nil {
			return perr
		}
		o.EvaluateConfig = d.EvaluateConfig
	}
	if ok, e := decode("wait_time_config", d.WaitTimeConfig); e != nil {
		return e
	} else if ok {
		if perr = checkType("wait_time_config", d.WaitTimeConfig.Type); perr != nil {
			return perr
		}
		if d.WaitTimeConfig.NextWait < 0 {
			return paramErr(422, "wait_time_config.next_wait must be at least 0 seconds, got %d", d.WaitTimeConfig.NextWait)
		}
		o.WaitTimeConfig = d.WaitTimeConfig
	}
	if ok, e := decode("notice_config", d.NoticeConfig); e != nil {
		return e
	} else if ok {
		n := d.NoticeConfig
		if perr = checkType("notice_config", n.Type); perr != nil {
			return perr
		}
		if !slices.Contains(noticeTypes, string(n.NoticeType)) {
			return paramErr(422, "notice_config.notice_type must be one of %v, got %q", noticeTypes, n.NoticeType)
		}
		if !slices.Contains(systemNoticePositions, string(n.SystemNoticePosition)) {
			return paramErr(422, "notice_config.system_notice_position must be one of %v, got %q", systemNoticePositions, n.SystemNoticePosition)
		}
		if n.AutoCloseInterval < 0 {
			return paramErr(422, "notice_config.auto_close_interval must be at least 0 seconds, got %d", n.AutoCloseInterval)
		}
		o.NoticeConfig = n
	}
	if ok, e := decode("user_caller", d.UserCaller); e != nil {
		return e
	} else if ok {
		u := d.UserCaller
		if perr = checkType("user_caller", u.Type); perr != nil {
			return perr
		}
		u.Groups, u.GroupNames, u.Phones, u.Xtels = strs(u.Groups), strs(u.GroupNames), strs(u.Phones), strs(u.Xtels)
		o.UserCaller = u
	}
	if ok, e := decode("outbound_callers", d.OutboundCallers); e != nil {
		return e
	} else if ok {
		u := d.OutboundCallers
		if perr = checkType("outbound_callers", u.Type); perr != nil {
			return perr
		}
		u.Groups, u.GroupNames, u.Phones = strs(u.Groups), strs(u.GroupNames), strs(u.Phones)
		o.OutboundCallers = u
	}
	if ok, e := decode("user_display", d.UserDisplay); e != nil {
		return e
	} else if ok {
		if perr = checkType("user_display", d.UserDisplay.Type); perr != nil {
			return perr
		}
		d.UserDisplay.Phones = strs(d.UserDisplay.Phones)
		o.UserDisplay = d.UserDisplay
	}
	if ok, e := decode("wincall_buttons", d.WincallButtons); e != nil {
		return e
	} else if ok {
		if perr = checkType("wincall_buttons", d.WincallButtons.Type); perr != nil {
			return perr
		}
		o.WincallButtons = d.WincallButtons
	}
	if ok, e := decode("wincall_transfer_ivrs", d.WincallTransferIvrs); e != nil {
		return e
	} else if ok {
		if perr = checkType("wincall_transfer_ivrs", d.WincallTransferIvrs.Type); perr != nil {
			return perr
		}
		if d.WincallTransferIvrs.TransferIvrs, perr = positive("wincall_transfer_ivrs.transfer_ivrs", d.WincallTransferIvrs.TransferIvrs); perr != nil {
			return perr
		}
		o.WincallTransferIvrs = d.WincallTransferIvrs
	}
	if ok, e := decode("wincall_interact_ivrs", d.WincallInteractIvrs); e != nil {
		return e
	} else if ok {
		if perr = checkType("wincall_interact_ivrs", d.WincallInteractIvrs.Type); perr != nil {
			return perr
		}
		if d.WincallInteractIvrs.InteractIvrs, perr = positive("wincall_interact_ivrs.interact_ivrs", d.WincallInteractIvrs.InteractIvrs); perr != nil {
			return perr
		}
		o.WincallInteractIvrs = d.WincallInteractIvrs
	}
	if ok, e := decode("wincall_transfer_queues", d.WincallTransferQueues); e != nil {
		return e
	} else if ok {
		if perr = checkType("wincall_transfer_queues", d.WincallTransferQueues.Type); perr != nil {
			return perr
		}
		if d.WincallTransferQueues.TransferQueues, perr = positive("wincall_transfer_queues.transfer_queues", d.WincallTransferQueues.TransferQueues); perr != nil {
			return perr
		}
		o.WincallTransferQueues = d.WincallTransferQueues
	}
	return nil
}

// uniqueConflict names the unique field of a taken by another agent.
func (x *AgentsState) uniqueConflict(a *Agent) string {
	for _, o := range x.Users {
		if o.UserID == a.UserID {
			continue
		}
		switch {
		case o.UserNum == a.UserNum:
			return fmt.Sprintf("user_num %q is already used by agent %d", a.UserNum, o.UserID)
		case a.UserEmail != "" && strings.EqualFold(o.UserEmail, a.UserEmail):
			return fmt.Sprintf("user_email %q is already used by agent %d", a.UserEmail, o.UserID)
		case a.UserSMSPhone != "" && o.UserSMSPhone == a.UserSMSPhone:
			return fmt.Sprintf("user_sms_phone %q is already used by agent %d", a.UserSMSPhone, o.UserID)
		}
	}
	return ""
}

// setAgentQueues makes the agent's groups exactly qs, keeping the skill of
// groups it already belongs to and giving new ones skill 1.
func (x *QueuesState) setAgentQueues(agID int64, qs []int64) {
	for qid, m := range x.Members {
		if hasMember(m, agID) && !slices.Contains(qs, qid) {
			delete(m, agID)
		}
	}
	for _, qid := range qs {
		m := x.Members[qid]
		if m == nil {
			m = map[int64]int64{}
			x.Members[qid] = m
		}
		if !hasMember(m, agID) {
			m[agID] = 1
		}
	}
}

func usersAddHandler(c *Call) {
	a := newAgent()
	a.UserNum = strings.TrimSpace(c.Str("user_num"))
	if a.UserNum == "" {
		c.Fail(422, "user_num is required", nil)
		return
	}
	queues, perr := applyAgentParams(c, a, true)
	if perr != nil {
		c.Fail(perr.code, perr.msg, nil)
		return
	}
	if msg := c.St.Agents().uniqueConflict(a); msg != "" {
		c.Fail(409, msg, nil)
		return
	}
	a.UserID = c.St.NextID("agent", 1000)
	a.CreateTime = c.Now().Format("2006-01-02 15:04:05")
	a.UpdateTime = a.CreateTime
	c.St.Agents().Users[a.UserID] = a
	if queues != nil {
		c.St.Queues().setAgentQueues(a.UserID, *queues)
	}
	c.Changed()
	c.OK(a.writeResponse())
}

func usersEditHandler(c *Call) {
	id, ok, err := c.Int("user_id")
	if err != nil || !ok {
		c.Fail(422, fmt.Sprintf("user_id is required and must be an integer, got %q", c.Str("user_id")), nil)
		return
	}
	cur := c.St.Agents().Users[id]
	if cur == nil {
		c.Fail(404, fmt.Sprintf("user %d does not exist", id), nil)
		return
	}
	if c.Has("user_num") && strings.TrimSpace(c.Str("user_num")) != cur.UserNum {
		c.Fail(422, "user_num cannot be changed by users/edit", nil)
		return
	}
	next := *cur
	queues, perr := applyAgentParams(c, &next, false)
	if perr != nil {
		c.Fail(perr.code, perr.msg, nil)
		return
	}
	if msg := c.St.Agents().uniqueConflict(&next); msg != "" {
		c.Fail(409, msg, nil)
		return
	}
	next.UpdateTime = c.Now().Format("2006-01-02 15:04:05")
	*cur = next
	if queues != nil {
		c.St.Queues().setAgentQueues(cur.UserID, *queues)
	}
	c.Changed()
	c.OK(cur.writeResponse())
}

func usersDeleteHandler(c *Call) {
	raw := c.Str("ids")
	if strings.TrimSpace(raw) == "" {
		c.Fail(422, "ids is required", nil)
		return
	}
	ids, err := idList(c, "ids")
	if err != nil {
		// Tolerate a JSON array of ids.
		var arr []json.RawMessage
		if json.Unmarshal([]byte(raw), &arr) != nil {
			c.Fail(422, err.Error(), nil)
			return
		}
		ids = nil
		for _, r := range arr {
			n, ok := rawInt(r)
			if !ok {
				c.Fail(422, err.Error(), nil)
				return
			}
			ids = append(ids, n)
		}
	}
	for _, id := range ids {
		if c.St.Agents().Users[id] == nil {
			continue
		}
		delete(c.St.Agents().Users, id)
		for _, m := range c.St.Queues().Members {
			delete(m, id)
		}
		c.Changed()
	}
	c.OK([]any{})
}
