package client

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// AgentsService wraps agent management (spec §4.2, {base_url}/v3/svcapi/users/...).
type AgentsService struct {
	c      *Client
	finder *finder[Agent]
	// listShare shares the data sources' lists (ListShared).
	listShare listShare[Agent]

	resignedMu  sync.Mutex
	resigned    map[string]Agent // by user_num, once read (Resigned)
	resignedErr error            // why they could not be read, once tried
}

// ErrResignedUnread is Resigned's error after a first read of the
// resigned agents failed in this client (walk): that failure is not tried
// again for every create of the plan.
var ErrResignedUnread = errors.New("the resigned agents could not be read earlier in this run")

func newAgentsService(c *Client) *AgentsService {
	s := &AgentsService{c: c}
	s.finder = newFinder(c, func(a Agent) string { return strconv.FormatInt(int64(a.UserID), 10) })
	s.finder.maxIDs = AgentMaxRows
	s.finder.byIDs = func(ctx context.Context, ids []string) ([]Agent, error) {
		return Collect(s.List(ctx, AgentFilter{UserIDs: parseInts(ids), RelationsQueues: true, RelationsConfig: true}))
	}
	page := func(ctx context.Context, page int) (LaravelPage[Agent], error) {
		return s.page(ctx, AgentFilter{RelationsQueues: true, RelationsConfig: true}, page, AgentMaxRows)
	}
	s.finder.all = func(ctx context.Context) ([]Agent, bool, bool, error) {
		return prefetch(ctx, "agent list (users/list)", AgentMaxRows, page, false, s.finder.sized)
	}
	s.finder.allWhole = func(ctx context.Context) ([]Agent, bool, bool, error) {
		return prefetch(ctx, "agent list (users/list)", AgentMaxRows, page, true, nil)
	}
	return s
}

const usersPath = "/v3/svcapi/users"

// agentNotFoundCodes are the open-interface codes that mean "no such user".
// The spec shows no agent-specific codes (§7.1); the simulator answers 404,
// see simulator/fidelity/agents.md.
var agentNotFoundCodes = []int64{404}

// AgentMaxRows is the largest page size of users/list (§8).
const AgentMaxRows = 500

// is_enable_mfa has two encodings (§2.6 vs §4.2): the list item's own field
// is 0 off / 1 on; the add and edit parameter, and the configuration member
// of a list item read with relations_config=1, are 1 on / 2 off.
const (
	MFAOn      int64 = 1 // on, in both forms
	MFAOff     int64 = 2 // off, in the add/edit form (the default)
	MFAListOff int64 = 0 // off, in the list item's own field
)

// MFA returns is_enable_mfa in the add/edit form (MFAOn or MFAOff). The
// configuration member uses that form; without one, the list item's own
// field (0 off / 1 on) decides, and anything but 1 is off.
func (a *Agent) MFA() int64 {
	if a.Config != nil && a.Config.IsEnableMFA != nil {
		if v := a.Config.IsEnableMFA.Int64(); v == MFAOn || v == MFAOff {
			return v
		}
	}
	if a.IsEnableMFA.Int64() == MFAOn {
		return MFAOn
	}
	return MFAOff
}

// ZerosLeftUnset returns the settings of a users/list item (by their API
// names) that hold 0 where add and edit take at least 1: dept_id (a
// department id; the portal makes agents with 0) and basic_sessions (§8).
// 0 is also what the platform answers for a value it does not hold. A
// configuration written from the item leaves them unset, so terraform
// validate takes it and the agent keeps its value: the one rule of
// `ccsync export terraform` (which notes each) and of the agent list
// resource (terraform query). basic_sessions is read from the config
// member (relations_config = 1); without one it is not named.
func (a *Agent) ZerosLeftUnset() []string {
	var out []string
	if a.DeptID == 0 {
		out = append(out, "dept_id")
	}
	if a.Config != nil && a.Config.BasicSessions != nil && *a.Config.BasicSessions == 0 {
		out = append(out, "basic_sessions")
	}
	return out
}

// Agent is a list item of users/list (§2.6). The add and edit responses
// decode into it too; they carry a subset of the fields.
type Agent struct {
	UserID             FlexInt    `json:"user_id"`
	VccID              FlexInt    `json:"vcc_id"`
	VccCode            FlexString `json:"vcc_code"`
	UserNum            FlexString `json:"user_num"`
	UserName           FlexString `json:"user_name"`
	AgNickname         FlexString `json:"ag_nickname"`
	Avatar             FlexString `json:"avatar"`
	UserEmail          FlexString `json:"user_email"`
	UserSMSPhone       FlexString `json:"user_sms_phone"`
	FixedPhone         FlexString `json:"fixed_phone"`
	UserStatus         FlexInt    `json:"user_status"`
	DeptID             FlexInt    `json:"dept_id"`
	DeptName           FlexString `json:"dept_name"`
	CrmID              FlexString `json:"crm_id"`
	OpenID             FlexString `json:"openid"`
	CheckIn            FlexBool   `json:"check_in"`
	LastLoginIP        FlexString `json:"last_login_ip"`
	LastLoginUserAgent FlexString `json:"last_login_user_agent"`
	CreateUserID       FlexInt    `json:"create_user_id"`
	UpdateUserID       FlexInt    `json:"update_user_id"`
	IsAutoLocked       FlexInt    `json:"is_auto_locked"`
	LoginFailedTimes   FlexInt    `json:"login_failed_times"`
	IsFirstLogin       FlexInt    `json:"is_first_login"`
	UserType           FlexString `json:"user_type"`
	IsEnableMFA        FlexInt    `json:"is_enable_mfa"`
	// MFASecret is hidden material the list exposes (§2.6). Never log or
	// store it; the provider does not read it.
	MFASecret         FlexString `json:"mfa_secret"`
	PositionID        FlexInt    `json:"position_id"`
	SupervisorID      FlexInt    `json:"supervisor_id"`
	DateUpdateTime    FlexString `json:"date_update_time"`
	DateCreateTime    FlexString `json:"date_create_time"`
	DateLastLoginTime FlexString `json:"date_last_login_time"`
	DateLockedTime    FlexString `json:"date_locked_time"`
	UserStatusStr     FlexString `json:"user_status_str"`
	UserTypeStr       FlexString `json:"user_type_str"`
	IsEnableMFAStr    FlexString `json:"is_enable_mfa_str"`
	MFABindStr        FlexString `json:"mfa_bind_str"`
	PositionName      FlexString `json:"position_name"`
	SupervisorName    FlexString `json:"supervisor_name"`
	RoleID            FlexInt    `json:"role_id"`
	RoleName          FlexString `json:"role_name"`
	Phone             FlexString `json:"phone"`
	// QueueIDs and QueueNames are comma-separated; only with relations_queues=1.
	QueueIDs   FlexString `json:"queue_ids"`
	QueueNames FlexString `json:"queue_names"`
	// Config is present only with relations_config=1.
	Config *AgentConfig `json:"config"`
}

// QueueIDList parses QueueIDs ("3,5", "[3,5]" or `["3","5"]`) into ids.
func (a Agent) QueueIDList() []int64 {
	s := strings.Trim(strings.TrimSpace(string(a.QueueIDs)), "[]")
	var out []int64
	for _, part := range strings.Split(s, ",") {
		part = strings.Trim(strings.TrimSpace(part), `"`)
		if n, err := strconv.ParseInt(part, 10, 64); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// AgentConfig is the config member of a list item (relations_config=1):
// the configuration objects of §2.6.1, and the add parameters that the list
// item does not carry itself where the service answers them. §2.6 gives
// config "the same structure as the add parameters below", which are the
// objects of §2.6.1: that the scalar parameters (user_phone_type,
// max_sessions, ...) are in it is not promised. Each is nil when the
// answer lacks it, so that one missing is not read as 0 (or false), a
// value the agent does not hold: every plan would then set it again, and
// every ccsync apply write it again.
type AgentConfig struct {
	UserPhoneType         *FlexInt  `json:"user_phone_type,omitempty"`
	UserLoginState        *FlexInt  `json:"user_login_state,omitempty"`
	UserAutoLogin         *FlexInt  `json:"user_auto_login,omitempty"`
	IsEnableOutbound      *FlexBool `json:"is_enable_outbound,omitempty"`
	UserOutcallPopup      *FlexInt  `json:"user_outcall_popup,omitempty"`
	IsEnableMFA           *FlexInt  `json:"is_enable_mfa,omitempty"`
	IsForbiddenLogin      *FlexBool `json:"is_forbidden_login,omitempty"`
	MaxSessions           *FlexInt  `json:"max_sessions,omitempty"`
	BasicSessions         *FlexInt  `json:"basic_sessions,omitempty"`
	IsEnableUpdateCapcity *FlexInt  `json:"is_enable_update_capcity,omitempty"`
	AgentObjects
}

// AgentSetting is one of the nine scalar settings of an agent's config
// member (§2.6.1). Its Name is the API's, which the resource's schema,
// ccsync's roster and its export use too. Default is the value an add that
// leaves it out gives the agent, "" where the platform chooses
// (max_sessions, basic_sessions). Int reads an integer setting in the
// member, Bool a boolean one (the other is nil); nil where the member lacks
// it (AgentConfig).
type AgentSetting struct {
	Name    string
	Default string
	Int     func(*AgentConfig) *FlexInt
	Bool    func(*AgentConfig) *FlexBool
}

// In is the setting's value in cfg as text ("3", "true"), ok false where
// cfg lacks it.
func (s AgentSetting) In(cfg *AgentConfig) (string, bool) {
	if s.Bool != nil {
		if b := s.Bool(cfg); b != nil {
			return strconv.FormatBool(bool(*b)), true
		}
		return "", false
	}
	if n := s.Int(cfg); n != nil {
		return strconv.FormatInt(int64(*n), 10), true
	}
	return "", false
}

// AgentSettings are the nine settings in the order users see them: the
// roster's columns and an export's attributes (which put is_enable_mfa,
// not one of them, after user_outcall_popup), the list data source's
// attributes left out (AgentConfigAttributeNames).
var AgentSettings = []AgentSetting{
	{Name: "user_phone_type", Default: "3", Int: func(c *AgentConfig) *FlexInt { return c.UserPhoneType }},
	{Name: "user_login_state", Default: "1", Int: func(c *AgentConfig) *FlexInt { return c.UserLoginState }},
	{Name: "user_auto_login", Default: "1", Int: func(c *AgentConfig) *FlexInt { return c.UserAutoLogin }},
	{Name: "is_enable_outbound", Default: "true", Bool: func(c *AgentConfig) *FlexBool { return c.IsEnableOutbound }},
	{Name: "user_outcall_popup", Default: "1", Int: func(c *AgentConfig) *FlexInt { return c.UserOutcallPopup }},
	{Name: "is_forbidden_login", Default: "false", Bool: func(c *AgentConfig) *FlexBool { return c.IsForbiddenLogin }},
	{Name: "max_sessions", Int: func(c *AgentConfig) *FlexInt { return c.MaxSessions }},
	{Name: "basic_sessions", Int: func(c *AgentConfig) *FlexInt { return c.BasicSessions }},
	{Name: "is_enable_update_capcity", Default: "1", Int: func(c *AgentConfig) *FlexInt { return c.IsEnableUpdateCapcity }},
}

// AgentSettingNamed is the setting named name, ok false for a name that
// is not one.
func AgentSettingNamed(name string) (AgentSetting, bool) {
	i := slices.IndexFunc(AgentSettings, func(s AgentSetting) bool { return s.Name == name })
	if i < 0 {
		return AgentSetting{}, false
	}
	return AgentSettings[i], true
}

// AgentObjects are the ten configuration objects of §2.6.1. In a request a
// nil object is not sent (the service keeps, or on add defaults, it); a sent
// object is sent whole.
type AgentObjects struct {
	EvaluateConfig        *EvaluateConfig        `json:"evaluate_config,omitempty"`
	WaitTimeConfig        *WaitTimeConfig        `json:"wait_time_config,omitempty"`
	NoticeConfig          *NoticeConfig          `json:"notice_config,omitempty"`
	UserCaller            *UserCaller            `json:"user_caller,omitempty"`
	OutboundCallers       *OutboundCallers       `json:"outbound_callers,omitempty"`
	UserDisplay           *UserDisplay           `json:"user_display,omitempty"`
	WincallButtons        *WincallButtons        `json:"wincall_buttons,omitempty"`
	WincallTransferIvrs   *WincallTransferIvrs   `json:"wincall_transfer_ivrs,omitempty"`
	WincallInteractIvrs   *WincallInteractIvrs   `json:"wincall_interact_ivrs,omitempty"`
	WincallTransferQueues *WincallTransferQueues `json:"wincall_transfer_queues,omitempty"`
}

// Configuration object types: 1 custom, 2 default (§2.6.1).
const (
	ConfigTypeCustom  = 1
	ConfigTypeDefault = 2
)

// EvaluateConfig: automatic satisfaction evaluation (§2.6.1).
type EvaluateConfig struct {
	Type                         FlexInt  `json:"type"`
	IsEnableInboundAutoEvaluate  FlexBool `json:"is_enable_inbound_auto_evaluate"`
	IsEnableOutboundAutoEvaluate FlexBool `json:"is_enable_outbound_auto_evaluate"`
}

// WaitTimeConfig: after-call wait (§2.6.1).
type WaitTimeConfig struct {
	Type                   FlexInt  `json:"type"`
	NextWait               FlexInt  `json:"next_wait"`
	IsEnableBusyCancelWait FlexBool `json:"is_enable_busy_cancel_wait"`
}

// NoticeConfig: notifications (§2.6.1).
type NoticeConfig struct {
	Type                     FlexInt    `json:"type"`
	IsEnableNotice           FlexBool   `json:"is_enable_notice"`
	IsEnableBrowserTabNotice FlexBool   `json:"is_enable_browser_tab_notice"`
	NoticeType               FlexString `json:"notice_type"`
	SystemNoticePosition     FlexString `json:"system_notice_position"`
	IsAutoClose              FlexBool   `json:"is_auto_close"`
	AutoCloseInterval        FlexInt    `json:"auto_close_interval"`
}

// Values of NoticeConfig.NoticeType and SystemNoticePosition (§2.6.1). The
// spec names only `system`; the browser value is our reading of its text.
var (
	NoticeTypes           = []string{"system", "browser"}
	SystemNoticePositions = []string{"bottomRight", "topRight", "topLeft", "bottomLeft"}
)

// UserCaller: the caller numbers an agent may show (§2.6.1).
type UserCaller struct {
	Type       FlexInt      `json:"type"`
	Auto       FlexBool     `json:"auto"`
	IsXtels    FlexBool     `json:"isXtels"`
	IsPhones   FlexBool     `json:"isPhones"`
	IsGroups   FlexBool     `json:"isGroups"`
	Groups     []FlexString `json:"groups"`
	GroupNames []FlexString `json:"groupNames"`
	Phones     []FlexString `json:"phones"`
	Xtels      []FlexString `json:"xtels"`
}

// OutboundCallers: caller numbers for outbound calls (§2.6.1).
type OutboundCallers struct {
	Type       FlexInt      `json:"type"`
	IsPhones   FlexBool     `json:"isPhones"`
	IsGroups   FlexBool     `json:"isGroups"`
	Groups     []FlexString `json:"groups"`
	GroupNames []FlexString `json:"groupNames"`
	Phones     []FlexString `json:"phones"`
}

// UserDisplay: numbers displayed to the agent (§2.6.1).
type UserDisplay struct {
	Type     FlexInt      `json:"type"`
	IsPhones FlexBool     `json:"isPhones"`
	Phones   []FlexString `json:"phones"`
}

// WincallButtons: the call-bar buttons (§2.6.1).
type WincallButtons struct {
	Type    FlexInt          `json:"type"`
	Buttons WincallButtonSet `json:"buttons"`
}

// WincallButtonSet holds one switch per call-bar button, all off by
// default. The spec calls one of them "the service"; its key is `service`.
type WincallButtonSet struct {
	Consult         FlexBool `json:"consult"`
	Transfer        FlexBool `json:"transfer"`
	Threeway        FlexBool `json:"threeway"`
	Evaluation      FlexBool `json:"evaluation"`
	Service         FlexBool `json:"service"`
	AutoAnswer      FlexBool `json:"auto_answer"`
	OutboundCallers FlexBool `json:"outbound_callers"`
	TransIvr        FlexBool `json:"trans_ivr"`
	SwitchPhone     FlexBool `json:"switch_phone"`
	RaiseHand       FlexBool `json:"raise_hand"`
	DiningRemind    FlexBool `json:"dining_remind"`
	Outcall         FlexBool `json:"outcall"`
	Innercall       FlexBool `json:"innercall"`
	Queue           FlexBool `json:"queue"`
	Logout          FlexBool `json:"logout"`
}

// WincallTransferIvrs: IVRs the agent may transfer to (§2.6.1).
type WincallTransferIvrs struct {
	Type         FlexInt   `json:"type"`
	TransferIvrs []FlexInt `json:"transfer_ivrs"`
}

// WincallInteractIvrs: IVRs the agent may interact with (§2.6.1).
type WincallInteractIvrs struct {
	Type         FlexInt   `json:"type"`
	InteractIvrs []FlexInt `json:"interact_ivrs"`
}

// WincallTransferQueues: skill groups the agent may transfer to (§2.6.1).
type WincallTransferQueues struct {
	Type           FlexInt   `json:"type"`
	TransferQueues []FlexInt `json:"transfer_queues"`
}

// DefaultAgentObjects returns the ten objects with the defaults of §2.6.1
// (type 2, switches off except the ones the spec turns on, empty lists).
func DefaultAgentObjects() AgentObjects {
	return AgentObjects{
		EvaluateConfig: &EvaluateConfig{Type: ConfigTypeDefault},
		WaitTimeConfig: &WaitTimeConfig{Type: ConfigTypeDefault, NextWait: 5},
		NoticeConfig: &NoticeConfig{Type: ConfigTypeDefault, IsEnableNotice: true, NoticeType: "system",
			SystemNoticePosition: "bottomRight", IsAutoClose: true, AutoCloseInterval: 5},
		UserCaller: &UserCaller{Type: ConfigTypeDefault, Groups: []FlexString{}, GroupNames: []FlexString{},
			Phones: []FlexString{}, Xtels: []FlexString{}},
		OutboundCallers:       &OutboundCallers{Type: ConfigTypeDefault, Groups: []FlexString{}, GroupNames: []FlexString{}, Phones: []FlexString{}},
		UserDisplay:           &UserDisplay{Type: ConfigTypeDefault, Phones: []FlexString{}},
		WincallButtons:        &WincallButtons{Type: ConfigTypeDefault},
		WincallTransferIvrs:   &WincallTransferIvrs{Type: ConfigTypeDefault, TransferIvrs: []FlexInt{}},
		WincallInteractIvrs:   &WincallInteractIvrs{Type: ConfigTypeDefault, InteractIvrs: []FlexInt{}},
		WincallTransferQueues: &WincallTransferQueues{Type: ConfigTypeDefault, TransferQueues: []FlexInt{}},
	}
}

// AgentInput holds the add/edit parameters of §4.2. Nil pointers are not
// sent, so the service applies (on add) or keeps (on edit) its values.
type AgentInput struct {
	// UserNum is required on add and never sent on edit (it is immutable).
	UserNum      *string `json:"user_num,omitempty"`
	UserName     *string `json:"user_name,omitempty"`
	UserPassword *string `json:"user_password,omitempty"`
	AgNickname   *string `json:"ag_nickname,omitempty"`
	UserEmail    *string `json:"user_email,omitempty"`
	UserSMSPhone *string `json:"user_sms_phone,omitempty"`
	FixedPhone   *string `json:"fixed_phone,omitempty"`
	// UserStatus: 1 on duty, 2 resigned, 3 frozen (§3.3).
	UserStatus   *int64  `json:"user_status,omitempty"`
	DeptID       *int64  `json:"dept_id,omitempty"`
	RoleID       *int64  `json:"role_id,omitempty"`
	CrmID        *string `json:"crm_id,omitempty"`
	UserType     *string `json:"user_type,omitempty"`
	PositionID   *int64  `json:"position_id,omitempty"`
	SupervisorID *int64  `json:"supervisor_id,omitempty"`
	// QueueIDs places the agent in these skill groups (skill 1). On edit the
	// agent's groups become exactly these. Nil is not sent.
	QueueIDs              *[]int64 `json:"queue_ids,omitempty"`
	UserPhoneType         *int64   `json:"user_phone_type,omitempty"`
	UserLoginState        *int64   `json:"user_login_state,omitempty"`
	UserAutoLogin         *int64   `json:"user_auto_login,omitempty"`
	IsEnableOutbound      *bool    `json:"is_enable_outbound,omitempty"`
	UserOutcallPopup      *int64   `json:"user_outcall_popup,omitempty"`
	IsEnableMFA           *int64   `json:"is_enable_mfa,omitempty"`
	IsForbiddenLogin      *bool    `json:"is_forbidden_login,omitempty"`
	MaxSessions           *int64   `json:"max_sessions,omitempty"`
	BasicSessions         *int64   `json:"basic_sessions,omitempty"`
	IsEnableUpdateCapcity *int64   `json:"is_enable_update_capcity,omitempty"`
	AgentObjects
}

// Limits of §8 for agent add and edit.
const (
	AgentMaxSessionsLimit = 300
	AgentBasicSessionsMin = 1
	AgentStatusOnDuty     = 1
	AgentStatusResigned   = 2
	AgentStatusFrozen     = 3
)

// AgentFilter narrows users/list (§4.2). Zero values are not sent.
type AgentFilter struct {
	// UserNum matches the agent number.
	UserNum string
	// UserStatus keeps agents in any of these states (1 on duty, 2 resigned, 3 frozen).
	UserStatus  []int64
	UserIDs     []int64
	DeptIDs     []int64
	RoleIDs     []int64
	QueueIDs    []int64
	PositionIDs []int64
	// UserTypes keeps agents having any of these types ("1".."7").
	UserTypes []string
	// RelationsQueues adds queue_ids/queue_names; RelationsConfig adds config.
	RelationsQueues bool
	RelationsConfig bool
}

func joinInts(xs []int64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.FormatInt(x, 10)
	}
	return strings.Join(s, ",")
}

func (f AgentFilter) body(page, rows int) map[string]any {
	b := map[string]any{"page": page, "rows": rows}
	if f.UserNum != "" {
		b["user_num"] = f.UserNum
	}
	if len(f.UserStatus) == 1 {
		// §4.2 takes one user_status; several are kept by List itself.
		b["user_status"] = strconv.FormatInt(f.UserStatus[0], 10)
	}
	for k, v := range map[string][]int64{"user_ids": f.UserIDs, "dept_ids": f.DeptIDs, "role_ids": f.RoleIDs,
		"queue_ids": f.QueueIDs, "position_ids": f.PositionIDs} {
		if len(v) > 0 {
			b[k] = joinInts(v)
		}
	}
	if len(f.UserTypes) > 0 {
		b["user_type"] = strings.Join(f.UserTypes, ",")
	}
	if f.RelationsQueues {
		b["relations_queues"] = 1
	}
	if f.RelationsConfig {
		b["relations_config"] = 1
	}
	return b
}

func (s *AgentsService) page(ctx context.Context, f AgentFilter, page, rows int) (LaravelPage[Agent], error) {
	var out struct {
		Data LaravelPage[Agent] `json:"data"`
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfaceBase, Method: "POST", Path: usersPath + "/list",
		Body: f.body(page, rows), Envelope: EnvelopeOpen, Idempotent: true, Read: true,
	}, &out)
	return out.Data, err
}

// List returns every agent matching f, paging transparently with the
// largest page size (500). users/list takes one user_status (§4.2): with
// several, none is sent and the agents of the others are left out here.
// The service may match user_num loosely; only an exact match is kept.
func (s *AgentsService) List(ctx context.Context, f AgentFilter) iter.Seq2[Agent, error] {
	pages := paginateWhole(ctx, "agent list (users/list)", s.finder.key, func(ctx context.Context, page int) (Page[Agent], error) {
		p, err := s.page(ctx, f, page, AgentMaxRows)
		return Page[Agent]{Items: p.Data, More: p.More(), Total: p.Total.Int64(), Current: p.CurrentPage.Int64()}, err
	})
	if len(f.UserStatus) < 2 && f.UserNum == "" {
		return pages
	}
	return func(yield func(Agent, error) bool) {
		for a, err := range pages {
			if err == nil && (f.UserNum != "" && string(a.UserNum) != f.UserNum ||
				len(f.UserStatus) > 1 && !slices.Contains(f.UserStatus, a.UserStatus.Int64())) {
				continue
			}
			if !yield(a, err) {
				return
			}
		}
	}
}

// Get finds one agent by user_id with its queues and configuration,
// batched with the other agents read at the same time (users/list with
// user_ids, see finder). The error satisfies IsNotFound when the agent
// does not exist.
func (s *AgentsService) Get(ctx context.Context, id int64) (*Agent, error) {
	return s.finder.get(ctx, strconv.FormatInt(id, 10), "agent")
}

// GetFor is Get for a reader (finder.getFor): the answer serves each
// reader once, so the plan of a destroy (reader "destroy plan") shares
// the read of the same agent by the plan's refresh, whichever comes first,
// while a reader's second read calls again.
func (s *AgentsService) GetFor(ctx context.Context, reader string, id int64) (*Agent, error) {
	return s.finder.getFor(ctx, strconv.FormatInt(id, 10), reader, "agent")
}

// GetByNum finds one agent by its agent number (user_num, unique), with its
// queues and configuration. The error satisfies IsNotFound when none has it.
// What it reads serves a following Get of the same agent (an import by
// number reads once), and the numbers of many imports are read together
// (see finder.lookup).
func (s *AgentsService) GetByNum(ctx context.Context, num string) (*Agent, error) {
	// The service may match user_num loosely; only an exact match counts.
	a, err := s.finder.lookup(ctx, "user_num:"+num, func(a Agent) bool { return string(a.UserNum) == num }, func(ctx context.Context) ([]Agent, error) {
		return Collect(s.List(ctx, AgentFilter{UserNum: num, RelationsQueues: true, RelationsConfig: true}))
	})
	if err == nil && a == nil {
		err = fmt.Errorf("agent with user_num %q: %w", num, ErrNotFound)
	}
	return a, err
}

// Resigned returns the resigned agents by agent number, read once per
// client (one users/list of user_status 2, paged): a plan's creates ask it
// whether their number is held by a resigned agent, which a create
// re-activates (the platform keeps the number). A client serves one
// Terraform walk. A read that fails is not tried again: the callers after
// it get ErrResignedUnread at once (tried again by each, a platform
// answering 503 held a plan of 300 new agents for 1,200 calls and 7
// minutes).
func (s *AgentsService) Resigned(ctx context.Context) (map[string]Agent, error) {
	s.resignedMu.Lock()
	defer s.resignedMu.Unlock()
	if s.resigned != nil {
		return s.resigned, nil
	}
	if s.resignedErr != nil {
		return nil, fmt.Errorf("%w: %w", ErrResignedUnread, s.resignedErr)
	}
	out := map[string]Agent{}
	for a, err := range s.List(ctx, AgentFilter{UserStatus: []int64{AgentStatusResigned}}) {
		if err != nil {
			s.resignedErr = err
			return nil, err
		}
		if a.UserStatus.Int64() == AgentStatusResigned {
			out[string(a.UserNum)] = a
		}
	}
	s.resigned = out
	return out, nil
}

// Create adds an agent (users/add) and returns the add response (a subset of
// §2.6; its user_password is a stored, transformed value, never the
// password). A create is never re-sent blindly: after an ambiguous failure
// the agent is looked up by its unique user_num first. Before it is sent,
// the agent of that user_num is looked up too (one filtered list): one
// found then was not made by this create (the create is refused as a
// duplicate), so the lookup after a lost answer never takes it. It did,
// and the agent of another configuration (or made by hand) was held by
// two states, and destroyed with the one that took it.
func (s *AgentsService) Create(ctx context.Context, in AgentInput) (*Agent, error) {
	return s.create(ctx, in, true)
}

// CreateListed is Create for a caller that listed the agents since it
// began and found none with this user_num (ccsync's apply plans from such
// a list): it is sent without the lookup before. An agent someone else
// made with this user_num since that list, while this create's answer was
// lost, would be taken for the one created.
func (s *AgentsService) CreateListed(ctx context.Context, in AgentInput) (*Agent, error) {
	return s.create(ctx, in, false)
}

func (s *AgentsService) create(ctx context.Context, in AgentInput, lookBefore bool) (*Agent, error) {
	if in.UserNum == nil || *in.UserNum == "" {
		return nil, errors.New("users/add: user_num is required")
	}
	var out struct {
		Data Agent `json:"data"`
	}
	unlock, err := s.c.lockCreate(ctx, "agent", *in.UserNum)
	if err != nil {
		return nil, err
	}
	defer unlock()
	num := *in.UserNum
	list := func(ctx context.Context) iter.Seq2[Agent, error] {
		return s.List(ctx, AgentFilter{UserNum: num, RelationsQueues: true, RelationsConfig: true})
	}
	match := func(a Agent) bool { return string(a.UserNum) == num } // the service may match loosely
	find := matchSince(s.c, "agent", nil, list, match, s.finder.key)
	if lookBefore {
		if find, err = newMatch(ctx, s.c, "agent", list, match, s.finder.key); err != nil {
			return nil, err
		}
	}
	err = s.c.createOnce(ctx, Request{
		Surface: SurfaceBase, Method: "POST", Path: usersPath + "/add",
		Body: in, Envelope: EnvelopeOpen,
	}, &out, func(ctx context.Context) (bool, error) {
		a, err := find(ctx)
		if a != nil {
			out.Data = *a
		}
		return a != nil, err
	}, func() bool { return out.Data.UserID != 0 })
	if err != nil {
		return nil, err
	}
	if err := s.c.claim("agent", strconv.FormatInt(int64(out.Data.UserID), 10)); err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Update edits an agent (users/edit). UserNum is never sent: it cannot change.
func (s *AgentsService) Update(ctx context.Context, id int64, in AgentInput) (*Agent, error) {
	in.UserNum = nil
	body := struct {
		UserID int64 `json:"user_id"`
		AgentInput
	}{id, in}
	var out struct {
		Data Agent `json:"data"`
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfaceBase, Method: "POST", Path: usersPath + "/edit",
		Body: body, Envelope: EnvelopeOpen, Idempotent: true, NotFoundCodes: agentNotFoundCodes,
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// SetStatus moves an agent to a status of §3.3 (users/edit with user_status).
func (s *AgentsService) SetStatus(ctx context.Context, id, status int64) error {
	_, err := s.Update(ctx, id, AgentInput{UserStatus: &status})
	return err
}

// Delete removes agents (users/delete, ids a comma list: one request for
// all of them). Ids that no longer exist are not an error.
func (s *AgentsService) Delete(ctx context.Context, ids ...int64) error {
	if len(ids) == 0 {
		return nil
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfaceBase, Method: "POST", Path: usersPath + "/delete",
		Body: map[string]string{"ids": joinInts(ids)}, Envelope: EnvelopeOpen, Idempotent: true,
		NotFoundCodes: agentNotFoundCodes,
	}, nil)
	err = goneUnlessListed(ctx, err, func(ctx context.Context) (bool, error) {
		for _, id := range ids {
			if there, err := present(func(ctx context.Context) (*Agent, error) { return s.Get(ctx, id) })(ctx); err != nil || there {
				return there, err
			}
		}
		return false, nil
	})
	if IsNotFound(err) {
		return nil
	}
	return err
}

// SeenByNum returns the agents of agent number num that the collection
// reads of this client hold (resigned ones included), for a plan's check
// that a create's number is free; known is false when no read answers (see
// finder.seen: at most the one collection read a refresh makes anyway,
// never a call per agent).
func (s *AgentsService) SeenByNum(ctx context.Context, num string) (found []Agent, known bool, err error) {
	return s.finder.seen(ctx, func(a Agent) bool { return string(a.UserNum) == num })
}

// ReadInWalk reports whether a Get of this client (one Terraform walk)
// found agent id: a resource of the configuration refreshed it.
func (s *AgentsService) ReadInWalk(id int64) bool {
	return s.finder.readInWalk(strconv.FormatInt(id, 10))
}
