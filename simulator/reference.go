package simulator

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// ReferenceState holds reference data and call records (spec §2.12, §4.7).
type ReferenceState struct {
	// TrunkCDRs are trunk call records; simulated calls (/_sim/calls) append
	// to them, and cdr/trunk/lists reads them.
	TrunkCDRs []TrunkCDR `json:"trunk_cdrs"`

	Trunks          []Trunk             `json:"trunks"`
	VirtualBindings map[string][]string `json:"virtual_bindings"`
	BusyReasons     []BusyReason        `json:"busy_reasons"`
	IVRs            []IVR               `json:"ivrs"`
	NumberSelection NumberSelection     `json:"number_selection"`
	VOSCDRs         []VOSCDR            `json:"vos_cdrs"`
	// RobotRecordings maps a robot call's call_id to its recording address.
	RobotRecordings map[string]string `json:"robot_recordings"`
	// CallUserData is what call/updateUserData stored, by call_id.
	CallUserData map[string]map[string]any `json:"call_user_data"`
}

func (x *ReferenceState) init() {
	if x.VirtualBindings == nil {
		x.VirtualBindings = map[string][]string{}
	}
	if x.RobotRecordings == nil {
		x.RobotRecordings = map[string]string{}
	}
	if x.CallUserData == nil {
		x.CallUserData = map[string]map[string]any{}
	}
}

// usedIDs reports the ids the part holds (State.keepIDsAbove).
func (x *ReferenceState) usedIDs(take func(kind string, id int64)) {
	for _, r := range x.BusyReasons {
		takeNumbered(take, "busy_reason", "", r.ID)
	}
	for _, v := range x.IVRs {
		take("ivr", v.IvrID)
	}
	for _, r := range x.VOSCDRs {
		takeNumbered(take, "vos_cdr", "", r.ID)
	}
	for _, r := range x.TrunkCDRs {
		takeNumbered(take, "call", "sim-call-", r.CallID)
	}
}

// referencePart registers this domain's part of the state, member "reference" of
// the state file.
var referencePart = registerState("reference", (*ReferenceState).init)

// Reference returns the state's part of this domain (reference data and call records).
func (st *State) Reference() *ReferenceState { return referencePart(st) }

// TrunkCDR is a trunk call record with the fields of §2.12. Times use the
// text format yyyy-mm-dd HH:ii:ss; an unset time reads as a zero date.
type TrunkCDR struct {
	VccID          int64  `json:"vcc_id"`
	VccCode        string `json:"vcc_code"`
	AgID           int64  `json:"ag_id"`
	CallID         string `json:"call_id"`
	CallType       int64  `json:"call_type"`
	CallTypeName   string `json:"call_type_name"`
	CallResult     int64  `json:"call_result"`
	CallResultName string `json:"call_result_name"`
	TrunkNum       string `json:"trunk_num"`
	UserNum        string `json:"user_num"`
	UserAreaCode   string `json:"user_area_code"`
	TimeStart      string `json:"time_start"`
	TimeRing       string `json:"time_ring"`
	TimeAnswer     string `json:"time_answer"`
	TimeConn       string `json:"time_conn"`
	TimeHangup     string `json:"time_hangup"`
	DurRing        int64  `json:"dur_ring"`
	DurRing2       int64  `json:"dur_ring2"`
	DurAnswer      int64  `json:"dur_answer"`
	DurConn        int64  `json:"dur_conn"`
	DurAll         int64  `json:"dur_all"`
	UserData       string `json:"user_data"`
}

// Trunk is a trunk number (§2.12).
type Trunk struct {
	Phone      string `json:"phone"`
	Code       string `json:"code"`
	City       string `json:"city"`
	Type       int64  `json:"type"`
	TypeString string `json:"type_string"`
}

// BusyReason is a login (ag_stat 1) or busy (ag_stat 2) reason (§2.12).
type BusyReason struct {
	ID         string `json:"id"`
	VccID      string `json:"vcc_id"`
	AgStat     string `json:"ag_stat"`
	StatReason string `json:"stat_reason"`
}

// IVR is an IVR (§2.12).
type IVR struct {
	IvrID   int64  `json:"ivrId"`
	IvrName string `json:"ivrName"`
	IvrCode string `json:"ivrCode"`
}

// SelectItem is an {id, name} entry of the number selection.
type SelectItem struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// NumberSelection is the getPhoneSelect data (§2.12).
type NumberSelection struct {
	Groups     []SelectItem `json:"groups"`
	Phones     []SelectItem `json:"phones"`
	XTels      []SelectItem `json:"xTels"`
	AgentPhone []SelectItem `json:"agentPhone"`
}

// VOSCDR is a VOS call record (§2.12).
type VOSCDR struct {
	ID           string `json:"id"`
	StartTime    string `json:"start_time"`
	Caller       string `json:"caller"`
	Called       string `json:"called"`
	SipNum       string `json:"sip_num"`
	VccCode      string `json:"vcc_code"`
	CallID       string `json:"call_id"`
	Inout        string `json:"inout"`
	CallResult   string `json:"call_result"`
	EndTime      string `json:"end_time"`
	TalkDuration string `json:"talk_duration"`
	EndReason    string `json:"end_reason"`
}

// trunkTypeNames are the type_string of each trunk type.
var trunkTypeNames = map[int64]string{1: "95号码", 2: "中继号码", 3: "手机号码"}

// callTypeNames are the §2.12 call_type texts.
var callTypeNames = map[int64]string{1: "手动外呼", 2: "呼入", 3: "咨询外线", 4: "转接电话", 5: "自动外呼", 6: "接口外呼",
	10: "手动外呼主叫", 11: "外呼坐席", 12: "技能组转坐席", 13: "咨询坐席", 14: "监听坐席", 15: "转接坐席", 16: "机器人"}

var (
	portalCommon   = map[int]string{401: "enterprise code empty", 402: "enterprise code does not exist"}
	openParamError = map[int]string{400: "parameter error"}
	robotCodes     = map[int]string{401: "enterprise code empty", 402: "enterprise code does not exist", 407: "recording does not exist"}
	jsonpNameRE    = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$.]{0,63}$`)
)

func init() {
	registerDomain(domain{name: "reference", routes: func(s *Server) {
		portal := func(method, path string, env Envelope, codes map[int]string, h func(*Call)) Route {
			return Route{Methods: []string{method}, Prefix: PrefixPortal, Path: path, Env: env, Codes: codes, Handler: h}
		}
		s.Handle(portal("GET", "/v2/svcapi/trunks/lists", EnvOpen, openParamError, trunksListHandler))
		s.Handle(portal("GET", "/v2/svcapi/trunks/all", EnvOpen, openParamError, trunksAllHandler))
		s.Handle(portal("GET", "/v2/svcapi/virtual/bindings/lists", EnvOpen, openParamError, virtualBindingsHandler))
		s.Handle(portal("GET", "/v2/svcapi/busyreason/list", EnvPortal, portalCommon, busyReasonsHandler))
		s.Handle(portal("POST", "/v2/svcapi/cdr/trunk/lists", EnvOpen, openParamError, trunkCDRHandler))
		s.Handle(portal("POST", "/v2/svcapi/call/updateUserData", EnvPortal, withCommon(map[int]string{400: "parameter error"}), updateUserDataHandler))
		s.Handle(portal("POST", "/v3/portal/api/vos/list", EnvOpen, openParamError, vosListHandler))
		s.Handle(portal("GET", "/v2/svcapi/record/robot/playrecord", EnvPortal, robotCodes, robotPlayRecordHandler))
		s.Handle(Route{Methods: []string{"POST"}, Prefix: PrefixPortalOpen, Path: "/v3/svcapi/other/getPhoneSelect", Env: EnvOpen, Handler: phoneSelectHandler})
		s.Handle(Route{Methods: []string{"POST"}, Prefix: PrefixPortalOpen, Path: "/v3/svcapi/other/ivrs", Env: EnvOpen, Handler: ivrsHandler})
	}, seed: seedReference, seedKeys: referenceSeedKeys})
}

// pageParams reads per_page and current_page with their defaults; max 0
// means no maximum.
func pageParams(c *Call, defPer, max int64) (per, page int64, msg string) {
	per, ok, err := c.Int("per_page")
	if err != nil || (ok && per < 1) {
		return 0, 0, fmt.Sprintf("per_page must be a whole number >= 1, got %q", c.Str("per_page"))
	}
	if !ok {
		per = defPer
	}
	if max > 0 && per > max {
		return 0, 0, fmt.Sprintf("per_page must be at most %d, got %d", max, per)
	}
	page, ok, err = c.Int("current_page")
	if err != nil || (ok && page < 1) {
		return 0, 0, fmt.Sprintf("current_page must be a whole number >= 1, got %q", c.Str("current_page"))
	}
	if !ok {
		page = 1
	}
	return per, page, ""
}

// resultsPage slices items into the §2.2 page object.
func resultsPage[T any](items []T, per, page int64) map[string]any {
	total := int64(len(items))
	pages := (total + per - 1) / per
	lo := min((page-1)*per, total)
	hi := min(lo+per, total)
	res := items[lo:hi]
	if res == nil {
		res = []T{}
	}
	return map[string]any{"current_page": page, "total_page": pages, "per_page": per, "total": total, "empty": len(res) == 0, "results": res}
}

func (x *ReferenceState) trunksOf(code string) []Trunk {
	out := []Trunk{}
	for _, t := range x.Trunks {
		if code == "" || t.Code == code {
			out = append(out, t)
		}
	}
	return out
}

func trunksListHandler(c *Call) {
	per, page, msg := pageParams(c, 10, 0)
	if msg != "" {
		c.Fail(400, msg, nil)
		return
	}
	c.OK(resultsPage(c.St.Reference().trunksOf(strings.TrimSpace(c.Str("code"))), per, page))
}

func trunksAllHandler(c *Call) {
	c.OK(c.St.Reference().trunksOf(strings.TrimSpace(c.Str("code"))))
}

func virtualBindingsHandler(c *Call) {
	per, page, msg := pageParams(c, 1000, 0)
	if msg != "" {
		c.Fail(400, msg, nil)
		return
	}
	virtual := strings.TrimSpace(c.Str("virtual"))
	out := []string{}
	if virtual != "" {
		out = append(out, c.St.Reference().VirtualBindings[virtual]...)
	} else {
		keys := make([]string, 0, len(c.St.Reference().VirtualBindings))
		for k := range c.St.Reference().VirtualBindings {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			out = append(out, c.St.Reference().VirtualBindings[k]...)
		}
	}
	p := resultsPage(out, per, page)
	delete(p, "empty")
	c.OK(p)
}

func busyReasonsHandler(c *Call) {
	body := map[string]any{"code": 200, "message": "ok", "data": append([]BusyReason{}, c.St.Reference().BusyReasons...)}
	cb := strings.TrimSpace(c.Str("jsonpcallback"))
	if cb == "" || !jsonpNameRE.MatchString(cb) {
		c.JSON(200, body)
		return
	}
	b, _ := json.Marshal(body)
	c.Write(200, "application/javascript; charset=utf-8", []byte(cb+"("+string(b)+");"))
}

// cdrRange reads call_id and the call-start range; requireOne makes either
// of them mandatory (trunk CDR), otherwise the range defaults to today (VOS).
func cdrRange(c *Call, requireOne bool) (callID, begin, end, msg string) {
	callID = strings.TrimSpace(c.Str("call_id"))
	begin = strings.TrimSpace(c.Str("time_start_begin"))
	end = strings.TrimSpace(c.Str("time_start_end"))
	if requireOne {
		if callID == "" && (begin == "" || end == "") {
			return "", "", "", "either call_id or both time_start_begin and time_start_end are required"
		}
	} else {
		day := c.Now().Format("2006-01-02")
		if begin == "" {
			begin = day + " 00:00:00"
		}
		if end == "" {
			end = day + " 23:59:59"
		}
	}
	if err := checkCallStartRange(begin, end); err != nil {
		return "", "", "", err.Error()
	}
	return callID, begin, end, ""
}

// recordTimeLayout is the record timestamp text of §1.2, yyyy-mm-dd HH:ii:ss.
const recordTimeLayout = "2006-01-02 15:04:05"

// checkCallStartRange is the call-start range rule of the trunk and VOS call
// records (§4.7, §8 "CDR time range: at most one month"): each end given is
// in the §1.2 format, begin is not after end, and end is at most one
// calendar month after begin. A month from a day the next month lacks ends
// on that month's last day (January 31 reaches February 28 or 29, not
// March), see fidelity/voice.md. An empty end is not checked.
func checkCallStartRange(begin, end string) error {
	b, errB := time.Parse(recordTimeLayout, begin)
	if begin != "" && errB != nil {
		return fmt.Errorf("time_start_begin %q is not in the format yyyy-mm-dd HH:ii:ss", begin)
	}
	e, errE := time.Parse(recordTimeLayout, end)
	if end != "" && errE != nil {
		return fmt.Errorf("time_start_end %q is not in the format yyyy-mm-dd HH:ii:ss", end)
	}
	if begin == "" || end == "" {
		return nil
	}
	if e.Before(b) {
		return fmt.Errorf("time_start_begin %q is after time_start_end %q", begin, end)
	}
	if e.After(oneMonthAfter(b)) {
		return fmt.Errorf("the range %q to %q is longer than one month", begin, end)
	}
	return nil
}

// oneMonthAfter is t on the same day of the next month, or on that month's
// last day when it is shorter; time.AddDate would carry into the month after.
func oneMonthAfter(t time.Time) time.Time {
	y, m, d := t.Date()
	lastDay := time.Date(y, m+2, 0, 0, 0, 0, 0, t.Location()).Day()
	return time.Date(y, m+1, min(d, lastDay), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), t.Location())
}

func inRange(t, begin, end string) bool {
	return (begin == "" || t >= begin) && (end == "" || t <= end)
}

func trunkCDRHandler(c *Call) {
	callID, begin, end, msg := cdrRange(c, true)
	if msg == "" {
		_, _, msg = pageParams(c, 100, 0)
	}
	if msg != "" {
		c.Fail(400, msg, nil)
		return
	}
	per, page, _ := pageParams(c, 100, 0)
	out := []TrunkCDR{}
	for _, r := range c.St.Reference().TrunkCDRs {
		if (callID == "" || r.CallID == callID) && inRange(r.TimeStart, begin, end) {
			out = append(out, r)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].TimeStart > out[j].TimeStart })
	c.OK(resultsPage(out, per, page))
}

func vosListHandler(c *Call) {
	callID, begin, end, msg := cdrRange(c, false)
	if msg == "" {
		_, _, msg = pageParams(c, 100, 500)
	}
	if msg != "" {
		c.Fail(400, msg, nil)
		return
	}
	per, page, _ := pageParams(c, 100, 500)
	out := []VOSCDR{}
	for _, r := range c.St.Reference().VOSCDRs {
		if (callID == "" || r.CallID == callID) && inRange(r.StartTime, begin, end) {
			out = append(out, r)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].StartTime > out[j].StartTime })
	c.OK(resultsPage(out, per, page))
}

func updateUserDataHandler(c *Call) {
	// §4.7: this one interface is form-urlencoded (user_data is a string
	// of JSON in the form); a JSON or multipart body is refused.
	if mt := c.MediaType(); mt != "application/x-www-form-urlencoded" {
		if mt == "" {
			mt = "none"
		}
		c.Fail(400, fmt.Sprintf("call/updateUserData takes a form-urlencoded body (Content-Type application/x-www-form-urlencoded), got Content-Type %s", mt), nil)
		return
	}
	callID := strings.TrimSpace(c.Str("call_id"))
	if callID == "" {
		c.Fail(400, "call_id is required", nil)
		return
	}
	data := map[string]any{}
	if ud := strings.TrimSpace(c.Str("user_data")); ud != "" {
		if err := json.Unmarshal([]byte(ud), &data); err != nil {
			c.Fail(400, "user_data is not a JSON object: "+err.Error(), nil)
			return
		}
	}
	bs := strings.TrimSpace(c.Str("business_status"))
	if v, ok := data["business_status"]; ok {
		// The value inside user_data prevails (§4.7).
		bs = fmt.Sprint(v)
	}
	if bs != "" && bs != "0" && bs != "1" {
		c.Fail(400, fmt.Sprintf("business_status must be \"0\" or \"1\", got %q", bs), nil)
		return
	}
	stored := c.St.Reference().CallUserData[callID]
	if stored == nil {
		stored = map[string]any{}
	}
	for k, v := range data {
		stored[k] = v
	}
	if bs != "" {
		stored["business_status"] = bs
	}
	c.St.Reference().CallUserData[callID] = stored
	text, _ := json.Marshal(stored)
	for i := range c.St.Reference().TrunkCDRs {
		if c.St.Reference().TrunkCDRs[i].CallID == callID {
			c.St.Reference().TrunkCDRs[i].UserData = string(text)
		}
	}
	c.Changed()
	c.JSON(200, map[string]any{"code": 200, "message": "updated successfully"})
}

func robotPlayRecordHandler(c *Call) {
	callID := strings.TrimSpace(c.Str("call_id"))
	p, ok := c.St.Reference().RobotRecordings[callID]
	if callID == "" || !ok {
		c.Fail(407, fmt.Sprintf("recording does not exist for call_id %q", callID), nil)
		return
	}
	c.OK(map[string]any{"path": p})
}

func phoneSelectHandler(c *Call) {
	ns := c.St.Reference().NumberSelection
	nz := func(x []SelectItem) []SelectItem {
		if x == nil {
			return []SelectItem{}
		}
		return x
	}
	c.OK(NumberSelection{Groups: nz(ns.Groups), Phones: nz(ns.Phones), XTels: nz(ns.XTels), AgentPhone: nz(ns.AgentPhone)})
}

func ivrsHandler(c *Call) {
	c.OK(append([]IVR{}, c.St.Reference().IVRs...))
}

// seedReference fills a fresh state with a small, realistic enterprise.
func seedReference(s *Server, st *State) {
	x := st.Reference()
	x.Trunks = []Trunk{
		{Phone: "02160001000", Code: "021", City: "上海", Type: 2},
		{Phone: "02160001001", Code: "021", City: "上海", Type: 2},
		{Phone: "01088886666", Code: "010", City: "北京", Type: 2},
		{Phone: "075526668888", Code: "0755", City: "深圳", Type: 2},
		{Phone: "95105888", Code: "010", City: "北京", Type: 1},
		{Phone: "13800138000", Code: "021", City: "上海", Type: 3},
		{Phone: "13900139000", Code: "020", City: "广州", Type: 3},
	}
	for i := range x.Trunks {
		x.Trunks[i].TypeString = trunkTypeNames[x.Trunks[i].Type]
	}
	x.VirtualBindings = map[string][]string{
		"17000000001": {"02160001000", "02160001001"},
		"17000000002": {"01088886666"},
	}
	x.BusyReasons = []BusyReason{
		{ID: "1", VccID: strconv.Itoa(simVccID), AgStat: "1", StatReason: "正常签入"},
		{ID: "2", VccID: strconv.Itoa(simVccID), AgStat: "1", StatReason: "培训后签入"},
		{ID: "3", VccID: strconv.Itoa(simVccID), AgStat: "2", StatReason: "小休"},
		{ID: "4", VccID: strconv.Itoa(simVccID), AgStat: "2", StatReason: "用餐"},
		{ID: "5", VccID: strconv.Itoa(simVccID), AgStat: "2", StatReason: "会议"},
	}
	x.IVRs = []IVR{
		{IvrID: 1, IvrName: "Main menu", IvrCode: "ivr_main"},
		{IvrID: 2, IvrName: "After hours", IvrCode: "ivr_after_hours"},
		{IvrID: 3, IvrName: "Satisfaction survey", IvrCode: "ivr_survey"},
	}
	x.NumberSelection = NumberSelection{
		Groups: []SelectItem{{ID: "11", Name: "Shanghai lines"}, {ID: "12", Name: "Beijing lines"}},
		Phones: []SelectItem{{ID: "02160001000", Name: "02160001000"}, {ID: "01088886666", Name: "01088886666"}},
		XTels:  []SelectItem{{ID: "17000000001", Name: "17000000001"}},
	}
	x.RobotRecordings = map[string]string{
		"robot-call-0001": "https://records.sim.invalid/robot/robot-call-0001.wav",
		"robot-call-0002": "https://records.sim.invalid/robot/robot-call-0002.wav",
	}
	now := s.now()
	at := func(daysAgo int, hh, mm int) time.Time {
		d := now.AddDate(0, 0, -daysAgo)
		return time.Date(d.Year(), d.Month(), d.Day(), hh, mm, 0, 0, d.Location())
	}
	f := func(t time.Time) string { return t.Format(recordTimeLayout) }
	calls := []struct {
		days, hh, mm int
		typ          int64
		connected    bool
		talk         int64
		user         string
		trunk        string
	}{
		{0, 9, 5, 2, true, 184, "13512345678", "02160001000"},
		{0, 10, 40, 1, false, 0, "13612345678", "02160001001"},
		{0, 11, 15, 5, true, 62, "13712345678", "01088886666"},
		{1, 15, 30, 16, true, 95, "13812345678", "02160001000"},
		{3, 16, 45, 2, true, 240, "13912345678", "075526668888"},
		{10, 14, 0, 6, false, 0, "15012345678", "02160001000"},
		{40, 9, 30, 1, true, 33, "15112345678", "01088886666"},
	}
	for i, cl := range calls {
		start := at(cl.days, cl.hh, cl.mm)
		ring := start.Add(2 * time.Second)
		answer, conn := "0000-00-00 00:00:00", "0000-00-00 00:00:00"
		hang := ring.Add(25 * time.Second)
		result, resultName := int64(1), "未接通"
		if cl.connected {
			a := ring.Add(8 * time.Second)
			answer, conn = f(a), f(a.Add(time.Second))
			hang = a.Add(time.Duration(cl.talk) * time.Second)
			result, resultName = 0, "已接通"
		}
		callID := fmt.Sprintf("sim-call-%s-%03d", start.Format("20060102"), i+1)
		dur := int64(hang.Sub(start) / time.Second)
		x.TrunkCDRs = append(x.TrunkCDRs, TrunkCDR{
			VccID: simVccID, VccCode: simVccCode, AgID: 1001, CallID: callID, CallType: cl.typ, CallTypeName: callTypeNames[cl.typ],
			CallResult: result, CallResultName: resultName, TrunkNum: cl.trunk, UserNum: cl.user, UserAreaCode: "021",
			TimeStart: f(start), TimeRing: f(ring), TimeAnswer: answer, TimeConn: conn, TimeHangup: f(hang),
			DurRing: 8, DurRing2: 10, DurAnswer: cl.talk, DurConn: cl.talk, DurAll: dur, UserData: "{}",
		})
		inout, vosResult, reason := "1", "1", "NoAnswer"
		if cl.typ == 2 {
			inout = "2"
		}
		if cl.connected {
			vosResult, reason = "0", "Normal"
		}
		x.VOSCDRs = append(x.VOSCDRs, VOSCDR{
			ID: strconv.Itoa(90000 + i), StartTime: f(start), Caller: cl.trunk, Called: cl.user, SipNum: "17000000001",
			VccCode: simVccCode, CallID: callID, Inout: inout, CallResult: vosResult, EndTime: f(hang),
			TalkDuration: strconv.FormatInt(cl.talk, 10), EndReason: reason,
		})
	}
}

// referenceSeedKeys are the members of POST /_sim/seed this domain accepts;
// each appends to what exists (see simulator/fidelity/voice.md).
var referenceSeedKeys = map[string]func(*Server, json.RawMessage) error{
	"trunks": func(s *Server, raw json.RawMessage) error {
		var in []Trunk
		if err := json.Unmarshal(raw, &in); err != nil {
			return err
		}
		for i, t := range in {
			if t.Phone == "" {
				return fmt.Errorf("trunk %d: phone is required", i)
			}
			if t.Type == 0 {
				t.Type = 2
			}
			if t.TypeString == "" {
				t.TypeString = trunkTypeNames[t.Type]
			}
			s.st.Reference().Trunks = append(s.st.Reference().Trunks, t)
		}
		return nil
	},
	"virtual_bindings": func(s *Server, raw json.RawMessage) error {
		var in map[string][]string
		if err := json.Unmarshal(raw, &in); err != nil {
			return err
		}
		for k, v := range in {
			s.st.Reference().VirtualBindings[k] = append(s.st.Reference().VirtualBindings[k], v...)
		}
		return nil
	},
	"busy_reasons": func(s *Server, raw json.RawMessage) error {
		var in []BusyReason
		if err := json.Unmarshal(raw, &in); err != nil {
			return err
		}
		for i, r := range in {
			if r.AgStat != "1" && r.AgStat != "2" {
				return fmt.Errorf("busy reason %d: ag_stat must be \"1\" or \"2\"", i)
			}
			if r.ID == "" {
				r.ID = strconv.FormatInt(s.st.NextID("busy_reason", 100), 10)
			}
			if r.VccID == "" {
				r.VccID = strconv.Itoa(simVccID)
			}
			s.st.Reference().BusyReasons = append(s.st.Reference().BusyReasons, r)
		}
		return nil
	},
	"ivrs": func(s *Server, raw json.RawMessage) error {
		var in []IVR
		if err := json.Unmarshal(raw, &in); err != nil {
			return err
		}
		for i, v := range in {
			if v.IvrName == "" {
				return fmt.Errorf("ivr %d: ivrName is required", i)
			}
			if v.IvrID == 0 {
				v.IvrID = s.st.NextID("ivr", 100)
			}
			s.st.Reference().IVRs = append(s.st.Reference().IVRs, v)
		}
		return nil
	},
	"number_selection": func(s *Server, raw json.RawMessage) error {
		var in NumberSelection
		if err := json.Unmarshal(raw, &in); err != nil {
			return err
		}
		ns := &s.st.Reference().NumberSelection
		ns.Groups = append(ns.Groups, in.Groups...)
		ns.Phones = append(ns.Phones, in.Phones...)
		ns.XTels = append(ns.XTels, in.XTels...)
		ns.AgentPhone = append(ns.AgentPhone, in.AgentPhone...)
		return nil
	},
	"trunk_cdrs": func(s *Server, raw json.RawMessage) error {
		var in []TrunkCDR
		if err := json.Unmarshal(raw, &in); err != nil {
			return err
		}
		for i, r := range in {
			if r.CallID == "" || r.TimeStart == "" {
				return fmt.Errorf("trunk cdr %d: call_id and time_start are required", i)
			}
			if _, err := time.Parse(recordTimeLayout, r.TimeStart); err != nil {
				return fmt.Errorf("trunk cdr %d: time_start %q is not yyyy-mm-dd HH:ii:ss", i, r.TimeStart)
			}
			if r.CallTypeName == "" {
				r.CallTypeName = callTypeNames[r.CallType]
			}
			s.st.Reference().TrunkCDRs = append(s.st.Reference().TrunkCDRs, r)
		}
		return nil
	},
	"vos_cdrs": func(s *Server, raw json.RawMessage) error {
		var in []VOSCDR
		if err := json.Unmarshal(raw, &in); err != nil {
			return err
		}
		for i, r := range in {
			if r.CallID == "" || r.StartTime == "" {
				return fmt.Errorf("vos cdr %d: call_id and start_time are required", i)
			}
			if _, err := time.Parse(recordTimeLayout, r.StartTime); err != nil {
				return fmt.Errorf("vos cdr %d: start_time %q is not yyyy-mm-dd HH:ii:ss", i, r.StartTime)
			}
			if r.ID == "" {
				r.ID = strconv.FormatInt(s.st.NextID("vos_cdr", 100000), 10)
			}
			s.st.Reference().VOSCDRs = append(s.st.Reference().VOSCDRs, r)
		}
		return nil
	},
	"robot_recordings": func(s *Server, raw json.RawMessage) error {
		var in map[string]string
		if err := json.Unmarshal(raw, &in); err != nil {
			return err
		}
		for k, v := range in {
			if k == "" || v == "" {
				return errors.New("robot_recordings: call_id and path must not be empty")
			}
			s.st.Reference().RobotRecordings[k] = v
		}
		return nil
	},
}
