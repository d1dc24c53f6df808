package simulator

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// SMSState holds SMS management (spec §4.1): signatures (§2.3), templates
// (§2.4) and send records (§2.5).
type SMSState struct {
	Signatures map[int64]*SMSSignature `json:"signatures"`
	Templates  map[int64]*SMSTemplate  `json:"templates"`
	Records    map[int64]*SMSRecord    `json:"records"`
}

func (x *SMSState) init() {
	if x.Signatures == nil {
		x.Signatures = map[int64]*SMSSignature{}
	}
	if x.Templates == nil {
		x.Templates = map[int64]*SMSTemplate{}
	}
	if x.Records == nil {
		x.Records = map[int64]*SMSRecord{}
	}
}

// usedIDs reports the ids the part holds (State.keepIDsAbove).
func (x *SMSState) usedIDs(take func(kind string, id int64)) {
	for id, sg := range x.Signatures {
		take("sms_signature", id)
		take("sms_platform_sign", sg.SignID)
	}
	for id, t := range x.Templates {
		take("sms_template", id)
		take("sms_platform_tpl", t.TplID)
	}
	for id := range x.Records {
		take("sms_record", id)
	}
}

// smsPart registers this domain's part of the state, member "sms" of
// the state file.
var smsPart = registerState("sms", (*SMSState).init)

// SMS returns the state's part of this domain (SMS management).
func (st *State) SMS() *SMSState { return smsPart(st) }

// SMSSignature is one signature. Submitted is when it entered review, the
// start of the auto-approve delay.
type SMSSignature struct {
	ID        int64     `json:"id"`
	SignID    int64     `json:"sign_id"`
	SignText  string    `json:"sign_text"`
	Remark    string    `json:"remark"`
	State     int64     `json:"state"`
	Reason    string    `json:"reason"`
	AddTime   time.Time `json:"add_time"`
	AddUser   string    `json:"add_user"`
	Submitted time.Time `json:"submitted"`
}

// SMSTemplate is one template. SignID is the open-interface signature id
// (`id` of sign/list), answered as new_sign_id.
type SMSTemplate struct {
	ID         int64     `json:"id"`
	TplID      int64     `json:"tpl_id"`
	Title      string    `json:"tpl_title"`
	Text       string    `json:"tpl_text"`
	Type       int64     `json:"tpl_type"`
	SignID     int64     `json:"sign_id"`
	State      int64     `json:"state"`
	Reason     string    `json:"reason"`
	DeptID     int64     `json:"dept_id"`
	AddTime    time.Time `json:"add_time"`
	UpdateTime time.Time `json:"update_time"`
	Submitted  time.Time `json:"submitted"`
}

// SMSRecord is one send record. Its result and delivery times are derived
// from Added and the clock when it is read (smsSendAfter, smsDeliverAfter).
type SMSRecord struct {
	ID         int64             `json:"id"`
	Mobile     string            `json:"mobile"`
	TemplateID int64             `json:"template_id"`
	TplID      int64             `json:"tpl_id"`
	TplName    string            `json:"tpl_name"`
	SignID     int64             `json:"sign_id"`
	SmsID      string            `json:"sms_id"`
	Params     map[string]string `json:"params"`
	Text       string            `json:"text"`
	DeptID     int64             `json:"dept_id"`
	Added      time.Time         `json:"added"`
	Fails      bool              `json:"fails"`
}

// Simulated delivery: a record is handed to the channel after smsSendAfter
// and its receipt arrives after smsDeliverAfter. Numbers ending in 0000
// are unreachable and fail at the receipt.
const (
	smsSendAfter    = 1 * time.Second
	smsDeliverAfter = 3 * time.Second
	smsTimeLayout   = "2006-01-02 15:04:05"
	smsMaxRows      = 500
	smsDefaultRows  = 100
	smsMaxBatch     = 200
	smsAddUser      = "api"
)

// smsCodes are the simulator's choice for the open interface's non-zero
// codes, which the spec does not show (§7.1); see fidelity/sms.md.
var smsCodes = map[int]string{
	400: "invalid parameter",
	403: "not allowed in the object's current state",
	404: "object does not exist",
	409: "object already exists",
}

var (
	smsVarRE    = regexp.MustCompile(`\$\{([^{}\s]+)\}`)
	smsMobileRE = regexp.MustCompile(`^1[3-9][0-9]{9}$`)
)

func init() {
	registerDomain(domain{
		name: "sms",
		routes: func(s *Server) {
			r := func(path string, h func(*Call)) Route {
				return Route{Methods: []string{"POST"}, Prefix: PrefixOpen, Path: path, Env: EnvOpen, Codes: smsCodes, Handler: func(c *Call) {
					if c.St.SMS().settle(c.Now(), c.Server().opts.AutoApprove) {
						c.Changed()
					}
					h(c)
				}}
			}
			s.Handle(r("/sms/sign/list", smsSignList))
			s.Handle(r("/sms/sign/store", smsSignStore))
			s.Handle(r("/sms/sign/delete", smsSignDelete))
			s.Handle(r("/sms/template/list", smsTemplateList))
			s.Handle(r("/sms/template/store", smsTemplateStore))
			s.Handle(r("/sms/template/update", smsTemplateUpdate))
			s.Handle(r("/sms/template/delete", smsTemplateDelete))
			s.Handle(r("/sms/record/list", smsRecordList))
			s.Handle(r("/sms/send", smsSend))
		},
		review: map[string]func(s *Server, id string, state int, reason string) error{
			"sms_signature": func(s *Server, id string, state int, reason string) error {
				n, err := strconv.ParseInt(strings.TrimSpace(id), 10, 64)
				sg := s.st.SMS().Signatures[n]
				if err != nil || sg == nil {
					return fmt.Errorf("review: no sms_signature %q", id)
				}
				if state < 0 || state > 2 {
					return fmt.Errorf("review: sms_signature state must be 0 (reviewing), 1 (approved) or 2 (rejected), got %d", state)
				}
				sg.State, sg.Reason = int64(state), reviewReason(state, reason)
				return nil
			},
			"sms_template": func(s *Server, id string, state int, reason string) error {
				n, err := strconv.ParseInt(strings.TrimSpace(id), 10, 64)
				t := s.st.SMS().Templates[n]
				if err != nil || t == nil {
					return fmt.Errorf("review: no sms_template %q", id)
				}
				if state < -1 || state > 2 {
					return fmt.Errorf("review: sms_template state must be -1 (draft), 0 (pending), 1 (approved) or 2 (rejected), got %d", state)
				}
				t.State, t.Reason = int64(state), reviewReason(state, reason)
				return nil
			},
		},
	})
}

func reviewReason(state int, reason string) string {
	if state != 2 {
		return ""
	}
	if strings.TrimSpace(reason) == "" {
		return "rejected by review"
	}
	return reason
}

// settle applies Options.AutoApprove lazily: whatever has been in review
// for at least d is approved. It reports whether anything changed.
func (x *SMSState) settle(now time.Time, d time.Duration) bool {
	if d <= 0 {
		return false
	}
	changed := false
	for _, sg := range x.Signatures {
		if sg.State == 0 && !now.Before(sg.Submitted.Add(d)) {
			sg.State, sg.Reason, changed = 1, "", true
		}
	}
	for _, t := range x.Templates {
		if t.State == 0 && !now.Before(t.Submitted.Add(d)) {
			t.State, t.Reason, changed = 1, "", true
		}
	}
	return changed
}

// ---- paging (§2.1, §8) ----

// smsPaging reads page and rows; it answers the failure itself.
func smsPaging(c *Call) (page, rows int, ok bool) {
	p, has, err := c.Int("page")
	if err != nil || (has && p < 1) {
		c.Fail(400, fmt.Sprintf("page must be a whole number >= 1, got %q", c.Str("page")), nil)
		return 0, 0, false
	}
	if !has {
		p = 1
	}
	r, has, err := c.Int("rows")
	if err != nil || (has && (r < 1 || r > smsMaxRows)) {
		c.Fail(400, fmt.Sprintf("rows must be a whole number from 1 to %d (§8), got %q", smsMaxRows, c.Str("rows")), nil)
		return 0, 0, false
	}
	if !has {
		r = smsDefaultRows
	}
	return int(p), int(r), true
}

// pageObject builds the page object of §2.1 around one page of items.
func pageObject[T any](c *Call, all []T, page, rows int) map[string]any {
	total := len(all)
	last := (total + rows - 1) / rows
	if last < 1 {
		last = 1
	}
	start := (page - 1) * rows
	if start > total {
		start = total
	}
	end := min(start+rows, total)
	base := "http://" + c.R.Host + c.R.URL.Path
	u := func(p int) string { return base + "?page=" + strconv.Itoa(p) }
	var next, prev any
	if page < last {
		next = u(page + 1)
	}
	if page > 1 {
		prev = u(page - 1)
	}
	var from, to any
	if end > start {
		from, to = start+1, end
	}
	items := all[start:end]
	if items == nil {
		items = []T{}
	}
	return map[string]any{
		"current_page": page, "data": items, "first_page_url": u(1), "last_page_url": u(last),
		"next_page_url": next, "prev_page_url": prev, "path": base, "from": from, "to": to,
		"last_page": last, "per_page": rows, "total": total,
	}
}

// optInt reads an optional integer filter; it answers the failure itself.
func optInt(c *Call, name string, allowed ...int64) (v int64, has, ok bool) {
	v, has, err := c.Int(name)
	if err == nil && has && len(allowed) > 0 && !containsInt(allowed, v) {
		err = fmt.Errorf("%s must be one of %v, got %d", name, allowed, v)
	}
	if err != nil {
		c.Fail(400, err.Error(), nil)
		return 0, false, false
	}
	return v, has, true
}

// parseIDs reads the ids of a delete: a JSON array (§4.1) of numbers or
// numeric strings. A comma-separated string or a lone number is refused.
func parseIDs(c *Call) ([]int64, bool) {
	raw, has := c.Raw("ids")
	var items []json.RawMessage
	if has && json.Unmarshal(raw, &items) != nil {
		c.Fail(400, fmt.Sprintf("ids must be an array of ids (§4.1), got %s", clip(string(raw), 80)), nil)
		return nil, false
	}
	if len(items) == 0 {
		c.Fail(400, "ids is required: an array of ids", nil)
		return nil, false
	}
	ids := make([]int64, 0, len(items))
	for _, it := range items {
		n, ok := rawInt(it)
		if !ok {
			c.Fail(400, fmt.Sprintf("ids must hold whole numbers, got %s", it), nil)
			return nil, false
		}
		ids = append(ids, n)
	}
	return ids, true
}

func fmtTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format(smsTimeLayout)
}

// ---- signatures ----

var signStateNames = map[int64]string{0: "reviewing", 1: "approved", 2: "rejected"}

func (x *SMSState) templatesUsing(signID int64) []*SMSTemplate {
	var out []*SMSTemplate
	for _, t := range x.Templates {
		if t.SignID == signID {
			out = append(out, t)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

func (x *SMSState) signatureView(sg *SMSSignature) map[string]any {
	return map[string]any{
		"id": sg.ID, "vcc_id": simVccID, "sign_id": sg.SignID, "sign_text": sg.SignText,
		"add_time": fmtTime(sg.AddTime), "add_user": sg.AddUser, "state": sg.State, "reason": sg.Reason,
		"remark": sg.Remark, "is_used": len(x.templatesUsing(sg.ID)) > 0, "state_name": signStateNames[sg.State],
	}
}

func smsSignList(c *Call) {
	page, rows, ok := smsPaging(c)
	if !ok {
		return
	}
	state, hasState, ok := optInt(c, "state", 0, 1, 2)
	if !ok {
		return
	}
	text := c.Str("sign_text")
	var sigs []*SMSSignature
	for _, sg := range c.St.SMS().Signatures {
		if hasState && sg.State != state {
			continue
		}
		if text != "" && !strings.Contains(sg.SignText, text) {
			continue
		}
		sigs = append(sigs, sg)
	}
	sort.Slice(sigs, func(i, j int) bool { return sigs[i].ID > sigs[j].ID })
	items := make([]map[string]any, len(sigs))
	for i, sg := range sigs {
		items[i] = c.St.SMS().signatureView(sg)
	}
	c.OK(pageObject(c, items, page, rows))
}

func smsSignStore(c *Call) {
	text := strings.TrimSpace(c.Str("sign_text"))
	if text == "" {
		c.Fail(400, "sign_text is required", nil)
		return
	}
	for _, sg := range c.St.SMS().Signatures {
		if sg.SignText == text {
			c.Fail(409, fmt.Sprintf("sign_text %q exists (signature id %d)", text, sg.ID), nil)
			return
		}
	}
	now := c.Now()
	sg := &SMSSignature{
		ID: c.St.NextID("sms_signature", 100), SignID: c.St.NextID("sms_platform_sign", 5000),
		SignText: text, Remark: c.Str("remark"), State: 0, AddTime: now, AddUser: smsAddUser, Submitted: now,
	}
	c.St.SMS().Signatures[sg.ID] = sg
	c.Changed()
	c.OK(map[string]any{
		"sign_text": sg.SignText, "remark": sg.Remark, "vcc_id": simVccID, "sign_id": sg.SignID, "state": sg.State,
		"add_user": sg.AddUser, "add_time": fmtTime(sg.AddTime), "id": sg.ID,
	})
}

func smsSignDelete(c *Call) {
	ids, ok := parseIDs(c)
	if !ok {
		return
	}
	success, failed := []map[string]any{}, []map[string]any{}
	for _, id := range ids {
		sg := c.St.SMS().Signatures[id]
		if sg == nil {
			failed = append(failed, map[string]any{"id": id, "code": 404, "message": fmt.Sprintf("signature %d does not exist", id)})
			continue
		}
		if used := c.St.SMS().templatesUsing(id); len(used) > 0 {
			names := make([]string, len(used))
			for i, t := range used {
				names[i] = fmt.Sprintf("%d %q", t.ID, t.Title)
			}
			failed = append(failed, map[string]any{"id": id, "sign_text": sg.SignText, "code": 409, "message": fmt.Sprintf(
				"signature %d (%s) is used by SMS template(s) %s; delete those templates or move them to another signature first",
				id, sg.SignText, strings.Join(names, ", "))})
			continue
		}
		delete(c.St.SMS().Signatures, id)
		c.Changed()
		success = append(success, map[string]any{"id": id, "sign_text": sg.SignText})
	}
	c.OK(map[string]any{"success": success, "error": failed})
}

// ---- templates ----

var (
	tplStateNames = map[int64]string{-1: "draft", 0: "pending review", 1: "approved", 2: "rejected"}
	tplTypeNames  = map[int64]string{1: "verification code", 2: "notice", 3: "marketing"}
)

// templateParams returns the names of the ${name} variables of text, in
// order of first appearance.
func templateParams(text string) []string {
	out := []string{}
	seen := map[string]bool{}
	for _, m := range smsVarRE.FindAllStringSubmatch(text, -1) {
		if !seen[m[1]] {
			seen[m[1]] = true
			out = append(out, m[1])
		}
	}
	return out
}

// fillSMSTemplate fills text's ${name} variables (smsVarRE) with their
// values in one pass: a value that itself holds "${name}" is stored as it
// is, not filled again, whatever the order of params.
func fillSMSTemplate(text string, params map[string]string) string {
	return smsVarRE.ReplaceAllStringFunc(text, func(m string) string {
		if v, ok := params[m[len("${"):len(m)-len("}")]]; ok {
			return v
		}
		return m
	})
}

// templateType infers tpl_type (not a store parameter): verification code
// when the text speaks of a code, marketing when it offers unsubscribing,
// notice otherwise.
func templateType(text string) int64 {
	l := strings.ToLower(text)
	switch {
	case strings.Contains(l, "code") || strings.Contains(text, "验证码"):
		return 1
	case strings.Contains(l, "unsubscribe") || strings.Contains(text, "退订"):
		return 3
	}
	return 2
}

func (x *SMSState) templateView(t *SMSTemplate) map[string]any {
	signText := ""
	if sg := x.Signatures[t.SignID]; sg != nil {
		signText = sg.SignText
	}
	dn, chain := deptName(t.DeptID)
	return map[string]any{
		"id": t.ID, "vcc_id": simVccID, "tpl_id": t.TplID, "tpl_title": t.Title, "tpl_text": t.Text, "tpl_type": t.Type,
		"new_sign_id": t.SignID, "sign_text": signText, "state": t.State, "reason": t.Reason, "remark": "",
		"dept_id": t.DeptID, "dept_name": dn, "dept_name_chain": chain, "state_name": tplStateNames[t.State],
		"tpl_type_name": tplTypeNames[t.Type], "tpl_param": templateParams(t.Text), "verify_result": 0,
		"add_user_id": 1, "update_user_id": 1, "add_user": smsAddUser, "add_time": fmtTime(t.AddTime),
		"update_time": fmtTime(t.UpdateTime), "update_name": smsAddUser,
	}
}

func smsTemplateList(c *Call) {
	page, rows, ok := smsPaging(c)
	if !ok {
		return
	}
	state, hasState, ok := optInt(c, "state", -1, 0, 1, 2)
	if !ok {
		return
	}
	dept, hasDept, ok := optInt(c, "dept_id")
	if !ok {
		return
	}
	var ids map[int64]bool
	if raw := strings.TrimSpace(c.Str("ids")); raw != "" {
		ids = map[int64]bool{}
		for _, p := range strings.Split(strings.Trim(raw, "[]"), ",") {
			n, err := strconv.ParseInt(strings.Trim(strings.TrimSpace(p), `"`), 10, 64)
			if err != nil {
				c.Fail(400, fmt.Sprintf("ids must be comma-separated template ids, got %q", raw), nil)
				return
			}
			ids[n] = true
		}
	}
	kw := c.Str("keyword")
	var tpls []*SMSTemplate
	for _, t := range c.St.SMS().Templates {
		if (hasState && t.State != state) || (hasDept && t.DeptID != dept) || (ids != nil && !ids[t.ID]) ||
			(kw != "" && !strings.Contains(t.Title, kw)) {
			continue
		}
		tpls = append(tpls, t)
	}
	sort.Slice(tpls, func(i, j int) bool { return tpls[i].ID > tpls[j].ID })
	items := make([]map[string]any, len(tpls))
	for i, t := range tpls {
		items[i] = c.St.SMS().templateView(t)
	}
	c.OK(pageObject(c, items, page, rows))
}

// applyTemplate validates the store/update parameters onto t (a copy).
func applyTemplate(c *Call, t *SMSTemplate) bool {
	t.Title = strings.TrimSpace(c.Str("template_name"))
	t.Text = c.Str("template_contents")
	switch {
	case t.Title == "":
		c.Fail(400, "template_name is required", nil)
		return false
	case strings.TrimSpace(t.Text) == "":
		c.Fail(400, "template_contents is required", nil)
		return false
	}
	sign, has, ok := optInt(c, "sign_id")
	if !ok {
		return false
	}
	if !has {
		c.Fail(400, "sign_id is required", nil)
		return false
	}
	sg := c.St.SMS().Signatures[sign]
	if sg == nil {
		c.Fail(404, fmt.Sprintf("sign_id %d: signature does not exist", sign), nil)
		return false
	}
	if sg.State == 2 {
		c.Fail(403, fmt.Sprintf("sign_id %d: signature %q was rejected (%s); use an approved signature", sign, sg.SignText, sg.Reason), nil)
		return false
	}
	t.SignID = sign
	if dept, has, ok := optInt(c, "dept_id"); !ok {
		return false
	} else if has {
		if dept < 0 {
			c.Fail(400, fmt.Sprintf("dept_id must be >= 0, got %d", dept), nil)
			return false
		}
		t.DeptID = dept
	}
	action, has, ok := optInt(c, "action", 1, 2)
	if !ok {
		return false
	}
	if !has {
		action = 2
	}
	for _, o := range c.St.SMS().Templates {
		if o.ID != t.ID && o.Title == t.Title {
			c.Fail(409, fmt.Sprintf("template_name %q exists (template id %d)", t.Title, o.ID), nil)
			return false
		}
	}
	now := c.Now()
	t.Type = templateType(t.Text)
	t.Reason = ""
	t.UpdateTime = now
	if action == 1 {
		t.State = -1
	} else {
		t.State, t.Submitted = 0, now
	}
	return true
}

func smsTemplateStore(c *Call) {
	t := SMSTemplate{AddTime: c.Now()}
	if !applyTemplate(c, &t) {
		return
	}
	t.ID = c.St.NextID("sms_template", 3000)
	t.TplID = c.St.NextID("sms_platform_tpl", 880000)
	c.St.SMS().Templates[t.ID] = &t
	c.Changed()
	v := c.St.SMS().templateView(&t)
	v["is_del"], v["app_id"] = 0, "sim-app"
	c.OK(v)
}

func smsTemplateUpdate(c *Call) {
	id, has, ok := optInt(c, "template_id")
	if !ok {
		return
	}
	if !has {
		c.Fail(400, "template_id is required", nil)
		return
	}
	cur := c.St.SMS().Templates[id]
	if cur == nil {
		c.Fail(404, fmt.Sprintf("template %d does not exist", id), nil)
		return
	}
	next := *cur
	if !applyTemplate(c, &next) {
		return
	}
	*cur = next
	c.Changed()
	c.OK(c.St.SMS().templateView(cur))
}

func smsTemplateDelete(c *Call) {
	ids, ok := parseIDs(c)
	if !ok {
		return
	}
	success, failed := []map[string]any{}, []map[string]any{}
	for _, id := range ids {
		t := c.St.SMS().Templates[id]
		if t == nil {
			failed = append(failed, map[string]any{"id": id, "code": 404, "message": fmt.Sprintf("template %d does not exist", id)})
			continue
		}
		delete(c.St.SMS().Templates, id)
		c.Changed()
		success = append(success, map[string]any{"id": id, "tpl_title": t.Title})
	}
	c.OK(map[string]any{"success": success, "error": failed})
}

// ---- records ----

// recordView derives the record's progress from the clock (§3.6): -1 sent
// until the receipt, then 1 success or 0 failed.
func (x *SMSState) recordView(r *SMSRecord, now time.Time) map[string]any {
	result, name, errmsg := int64(-1), "sent", ""
	timeSend, timeDelivered := "", ""
	age := now.Sub(r.Added)
	if age >= smsSendAfter {
		timeSend = fmtTime(r.Added.Add(smsSendAfter))
	}
	if age >= smsDeliverAfter {
		if r.Fails {
			result, name, errmsg = 0, "failed", "UNDELIV: the number is unreachable"
		} else {
			result, name = 1, "success"
			timeDelivered = fmtTime(r.Added.Add(smsDeliverAfter))
		}
	}
	params, _ := json.Marshal(r.Params)
	dn, chain := deptName(r.DeptID)
	return map[string]any{
		"id": r.ID, "vcc_id": simVccID, "mobile": r.Mobile, "tpl_id": r.TplID, "sign_id": r.SignID, "sms_id": r.SmsID,
		"sms_params": string(params), "sms_text": r.Text, "time_add": fmtTime(r.Added), "time_send": timeSend,
		"time_delivered": timeDelivered, "result": result, "errmsg": errmsg, "country_code": "86",
		"country_name": "China", "area_code": "", "area_name": "", "user_id": "1", "user_data": map[string]any{},
		"dept_id": r.DeptID, "user_name": smsAddUser, "tpl_name": r.TplName, "dept_name": dn, "dept_name_chain": chain,
		"send_time": fmtTime(r.Added), "sms_contents": r.Text, "sms_result": result, "result_name": name,
	}
}

func smsRecordList(c *Call) {
	page, rows, ok := smsPaging(c)
	if !ok {
		return
	}
	now := c.Now()
	parseT := func(name string) (time.Time, bool, bool) {
		s := strings.TrimSpace(c.Str(name))
		if s == "" {
			return time.Time{}, false, true
		}
		t, err := time.ParseInLocation(smsTimeLayout, s, now.Location())
		if err != nil {
			c.Fail(400, fmt.Sprintf("%s must be yyyy-mm-dd HH:ii:ss, got %q", name, s), nil)
			return time.Time{}, false, false
		}
		return t, true, true
	}
	start, hasStart, ok := parseT("start_time")
	if !ok {
		return
	}
	end, hasEnd, ok := parseT("end_time")
	if !ok {
		return
	}
	result, hasResult, ok := optInt(c, "result", -1, 0, 1)
	if !ok {
		return
	}
	ints := map[string]*int64{}
	for _, k := range []string{"tpl_id", "sign_id", "ag_id", "dept_id"} {
		v, has, ok := optInt(c, k)
		if !ok {
			return
		}
		if has {
			ints[k] = &v
		}
	}
	mobile := strings.TrimSpace(c.Str("mobile"))
	var recs []*SMSRecord
	var views []map[string]any
	for _, r := range c.St.SMS().Records {
		added := r.Added.Truncate(time.Second)
		if (hasStart && added.Before(start)) || (hasEnd && added.After(end)) || (mobile != "" && !strings.Contains(r.Mobile, mobile)) ||
			(ints["tpl_id"] != nil && r.TplID != *ints["tpl_id"]) || (ints["sign_id"] != nil && r.SignID != *ints["sign_id"]) ||
			(ints["ag_id"] != nil && *ints["ag_id"] != 1) || (ints["dept_id"] != nil && r.DeptID != *ints["dept_id"]) {
			continue
		}
		recs = append(recs, r)
	}
	sort.Slice(recs, func(i, j int) bool { return recs[i].ID > recs[j].ID })
	for _, r := range recs {
		v := c.St.SMS().recordView(r, now)
		if hasResult && v["result"] != result {
			continue
		}
		views = append(views, v)
	}
	c.OK(pageObject(c, views, page, rows))
}

// ---- send ----

func normalizeMobile(m string) string {
	m = strings.TrimSpace(m)
	m = strings.TrimPrefix(m, "+86")
	return m
}

func smsSend(c *Call) {
	tidText := strings.TrimSpace(c.Str("template_id"))
	if tidText == "" {
		c.Fail(400, "template_id is required", nil)
		return
	}
	tid, err := strconv.ParseInt(tidText, 10, 64)
	if err != nil {
		c.Fail(400, fmt.Sprintf("template_id must be a template id (digits), got %q", tidText), nil)
		return
	}
	t := c.St.SMS().Templates[tid]
	if t == nil {
		c.Fail(404, fmt.Sprintf("template %d does not exist", tid), nil)
		return
	}
	if t.State != 1 {
		c.Fail(403, fmt.Sprintf("template %d is not approved (state %d, %s); only approved templates can send", tid, t.State, tplStateNames[t.State]), nil)
		return
	}
	typ, has, ok := optInt(c, "type", 1, 2)
	if !ok {
		return
	}
	if !has {
		typ = 1
	}
	phone := strings.ReplaceAll(c.Str("phone"), "\r", "")
	if strings.TrimSpace(phone) == "" {
		c.Fail(400, "phone is required", nil)
		return
	}
	common := map[string]string{}
	if raw, has := c.Raw("sms_params"); has && string(raw) != "null" {
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			c.Fail(400, "sms_params must be an object of template variables: "+err.Error(), nil)
			return
		}
		for k, v := range m {
			if s, ok := v.(string); ok {
				common[k] = s
			} else {
				b, _ := json.Marshal(v)
				common[k] = string(b)
			}
		}
	}
	vars := templateParams(t.Text)
	type line struct {
		mobile string
		values []string
	}
	var lines []line
	if typ == 1 {
		if strings.Contains(strings.TrimSpace(phone), "\n") {
			c.Fail(400, "type 1 sends to one number; use type 2 (batch) for several numbers", nil)
			return
		}
		lines = []line{{mobile: strings.TrimSpace(phone)}}
	} else {
		for _, l := range strings.Split(phone, "\n") {
			if strings.TrimSpace(l) == "" {
				continue
			}
			parts := strings.Split(l, ",")
			for i := range parts {
				parts[i] = strings.TrimSpace(parts[i])
			}
			lines = append(lines, line{mobile: parts[0], values: parts[1:]})
		}
		if len(lines) > smsMaxBatch {
			c.Fail(400, fmt.Sprintf("phone holds %d numbers; a batch send takes at most %d (§8)", len(lines), smsMaxBatch), nil)
			return
		}
	}
	success, failed := map[string]string{}, map[string]string{}
	seen := map[string]bool{}
	sign := c.St.SMS().Signatures[t.SignID]
	for _, l := range lines {
		mobile := normalizeMobile(l.mobile)
		switch {
		case !smsMobileRE.MatchString(mobile):
			failed[l.mobile] = "mobile number format wrong: expected 11 digits starting with 1 (an optional +86 prefix is accepted)"
			continue
		case seen[mobile]:
			continue // a number listed twice is sent once (fidelity/sms.md)
		case len(l.values) > len(vars):
			failed[l.mobile] = fmt.Sprintf("%d values given but the template has %d variable(s) (%s)", len(l.values), len(vars), varList(vars))
			continue
		}
		params := map[string]string{}
		var missing []string
		for i, v := range vars {
			switch {
			case i < len(l.values):
				params[v] = l.values[i]
			case common[v] != "":
				params[v] = common[v]
			default:
				missing = append(missing, "${"+v+"}")
			}
		}
		if len(missing) > 0 {
			failed[l.mobile] = "template parameter missing: no value for " + strings.Join(missing, ", ")
			continue
		}
		seen[mobile] = true
		text := fillSMSTemplate(t.Text, params)
		rec := &SMSRecord{
			ID: c.St.NextID("sms_record", 70000), Mobile: mobile, TemplateID: t.ID, TplID: t.TplID, TplName: t.Title,
			Params: params, DeptID: t.DeptID, Added: c.Now(), Fails: strings.HasSuffix(mobile, "0000"),
		}
		if sign != nil {
			rec.SignID = sign.SignID
			text = "【" + sign.SignText + "】" + text
		}
		rec.Text = text
		rec.SmsID = fmt.Sprintf("sim-sms-%d", rec.ID)
		c.St.SMS().Records[rec.ID] = rec
		c.Changed()
		success[l.mobile] = "sent"
	}
	c.OK(map[string]any{"success": success, "error": failed})
}

func varList(vars []string) string {
	if len(vars) == 0 {
		return "none"
	}
	out := make([]string, len(vars))
	for i, v := range vars {
		out[i] = "${" + v + "}"
	}
	return strings.Join(out, ", ")
}
