package simulator

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// GatewayState holds the SMS gateway (spec §4.8, §2.13, §6.2–6.5): templates
// and signatures under review, sent messages, the delivery and reply queues
// and the callback addresses. See simulator/fidelity/gateway.md.
type GatewayState struct {
	Templates  map[int64]*GatewayTemplate  `json:"templates"`
	Signatures map[int64]*GatewaySignature `json:"signatures"`
	// Messages are the sent messages by smsId.
	Messages map[string]*GatewayMessage `json:"messages"`
	// Delivery and Replies are the pull queues (down_status, up_status), in
	// order. A record leaves its queue when pulled or when a push of it is
	// answered code 0.
	Delivery []*GatewayRecord `json:"delivery"`
	Replies  []*GatewayRecord `json:"replies"`
	// Callbacks are the push addresses per appId (POST /_sim/gateway/callbacks).
	Callbacks map[string]GatewayCallbacks `json:"callbacks"`
	// Pending are the smsIds still SENDED, in send order, waiting for their
	// final delivery (Options.GatewayDeliveryDelay > 0).
	Pending []string `json:"pending,omitempty"`

	// inflight holds the keys of queued records a push is delivering; pulls
	// skip them so one record is never handed out twice. Not persisted: after
	// a restart every queued record is pullable again.
	inflight map[string]bool
}

func (x *GatewayState) init() {
	if x.Templates == nil {
		x.Templates = map[int64]*GatewayTemplate{}
	}
	if x.Signatures == nil {
		x.Signatures = map[int64]*GatewaySignature{}
	}
	if x.Messages == nil {
		x.Messages = map[string]*GatewayMessage{}
	}
	if x.Callbacks == nil {
		x.Callbacks = map[string]GatewayCallbacks{}
	}
	x.inflight = map[string]bool{}
}

// usedIDs reports the ids the part holds (State.keepIDsAbove).
func (x *GatewayState) usedIDs(take func(kind string, id int64)) {
	for id := range x.Templates {
		take("gateway_template", id)
	}
	for id := range x.Signatures {
		take("gateway_signature", id)
	}
	for id := range x.Messages {
		takeNumbered(take, "gateway_sms", "gw", id)
	}
	for _, r := range slices.Concat(x.Delivery, x.Replies) {
		takeNumbered(take, "gateway_record", "d", r.Key)
		takeNumbered(take, "gateway_record", "r", r.Key)
	}
}

// gatewayPart registers this domain's part of the state, member "gateway" of
// the state file.
var gatewayPart = registerState("gateway", (*GatewayState).init)

// Gateway returns the state's part of this domain (the SMS gateway).
func (st *State) Gateway() *GatewayState { return gatewayPart(st) }

// GatewayTemplate is a gateway template (§2.13).
type GatewayTemplate struct {
	ID        int64     `json:"id"`
	State     int64     `json:"state"`
	Reason    string    `json:"reason"`
	TplTitle  string    `json:"tplTitle"`
	TplText   string    `json:"tplText"`
	Remark    string    `json:"remark"`
	TplType   int64     `json:"tplType"`
	SignText  string    `json:"signText"`
	Submitted time.Time `json:"submitted"`
}

// GatewaySignature is a gateway signature (§2.13): state -1 draft, 0
// pending, 1 approved, 2 rejected.
type GatewaySignature struct {
	ID        int64     `json:"id"`
	State     int64     `json:"state"`
	Reason    string    `json:"reason"`
	Text      string    `json:"text"`
	Pic       string    `json:"pic"`
	Remark    string    `json:"remark"`
	Submitted time.Time `json:"submitted"`
}

// GatewayMessage is one sent SMS; State moves SENDED → SUCCESS or FAIL
// (§3.6).
type GatewayMessage struct {
	SmsID   string `json:"smsId"`
	Mobile  string `json:"mobile"`
	Content string `json:"content"`
	Exten   string `json:"exten"`
	SmsExt  string `json:"smsExt"`
	SmsFee  int64  `json:"smsFee"`
	State   string `json:"state"`
	Sent    string `json:"sent"`
	// AppID is the sender, whose delivery callback gets the final record.
	AppID string `json:"appId,omitempty"`
	// Due is when a SENDED message is delivered (sent + delay).
	Due time.Time `json:"due,omitzero"`

	// receipt is the key of the SENDED record while it may be in flight:
	// the final record waits for its push to finish, so a receiver gets
	// SENDED before SUCCESS/FAIL. Not persisted (nor are in-flight marks).
	receipt string
}

// GatewayRecord is one queued delivery or reply record.
type GatewayRecord struct {
	Key string `json:"key"`
	// Pull is the body down_status/up_status returns; Push the body pushed.
	Pull map[string]any `json:"pull"`
	Push map[string]any `json:"push"`
}

// GatewayCallbacks are the push addresses of one appId. FileURL receives the
// send_file intermediate callback (§6.4); empty means DeliveryURL.
type GatewayCallbacks struct {
	DeliveryURL string `json:"delivery_url"`
	ReplyURL    string `json:"reply_url"`
	FileURL     string `json:"file_url,omitempty"`
}

// Push timing: attempts and the wait before each retry. A receiver that does
// not answer code 0 after the last attempt finds the record on the pull queue.
var gatewayPushWaits = []time.Duration{100 * time.Millisecond, 300 * time.Millisecond, 900 * time.Millisecond}

const gatewayTimeFormat = "2006-01-02 15:04:05"

func init() {
	registerDomain(domain{
		name: "gateway",
		routes: func(s *Server) {
			for p, h := range map[string]func(*Call){
				"/tpl/v1/add_template": gwAddTemplate,
				"/tpl/v1/get_template": gwGetTemplate,
				"/sign/v1/add_sign":    gwAddSign,
				"/sign/v1/get_sign":    gwGetSign,
				"/sms/v1/send_sms":     gwSendSMS,
				"/sms/v1/send_single":  gwSendSingle,
				"/sms/v1/send_batch":   gwSendBatch,
				"/sms/v1/send_file":    gwSendFile,
				"/pull/v1/down_status": func(c *Call) { gwPull(c, false) },
				"/pull/v1/up_status":   func(c *Call) { gwPull(c, true) },
			} {
				s.Handle(Route{Methods: []string{"POST"}, Prefix: PrefixSMSAPI, Path: p, Env: EnvGateway, Codes: gatewayCodes,
					Handler: func(c *Call) {
						// An approval is a change like any other: kept by
						// --state, where a read that approved was not saved and
						// a restart without --auto-approve put it back in review.
						if c.St.Gateway().settle(c.s) {
							c.Changed()
						}
						// Due deliveries first, so a pull sees them.
						if c.s.deliverDueLocked() > 0 {
							c.Changed()
						}
						h(c)
					}})
			}
			s.HandleAdmin("POST", "/_sim/gateway/callbacks", s.adminGatewayCallbacks)
			s.HandleAdmin("POST", "/_sim/gateway/deliver", s.adminGatewayDeliver)
			s.HandleAdmin("POST", "/_sim/replies", s.adminGatewayReply)
		},
		review: map[string]func(s *Server, id string, state int, reason string) error{
			"gateway_signature": func(s *Server, id string, state int, reason string) error {
				n, err := strconv.ParseInt(id, 10, 64)
				g := s.st.Gateway().Signatures[n]
				if err != nil || g == nil {
					return fmt.Errorf("review: no gateway signature %q", id)
				}
				if state < -1 || state > 2 {
					return fmt.Errorf("review: gateway signature state must be -1, 0, 1 or 2, got %d", state)
				}
				g.State, g.Reason = int64(state), reason
				return nil
			},
			"gateway_template": func(s *Server, id string, state int, reason string) error {
				n, err := strconv.ParseInt(id, 10, 64)
				t := s.st.Gateway().Templates[n]
				if err != nil || t == nil {
					return fmt.Errorf("review: no gateway template %q", id)
				}
				if state < 0 || state > 2 {
					return fmt.Errorf("review: gateway template state must be 0, 1 or 2, got %d", state)
				}
				t.State, t.Reason = int64(state), reason
				return nil
			},
		},
	})
}

// settle applies Options.AutoApprove lazily: pending objects older than the
// delay are approved when the gateway is next called. It reports whether
// anything changed.
func (x *GatewayState) settle(s *Server) bool {
	d := s.opts.AutoApprove
	if d <= 0 {
		return false
	}
	now := s.now()
	changed := false
	for _, t := range x.Templates {
		if t.State == 0 && !now.Before(t.Submitted.Add(d)) {
			t.State, changed = 1, true
		}
	}
	for _, g := range x.Signatures {
		if g.State == 0 && !now.Before(g.Submitted.Add(d)) {
			g.State, changed = 1, true
		}
	}
	return changed
}

// required answers 1020 naming the first empty field.
func required(c *Call, names ...string) bool {
	for _, n := range names {
		raw, ok := c.Raw(n)
		s := strings.TrimSpace(string(raw))
		if !ok || s == "" || s == "null" || s == `""` {
			c.Fail(1020, fmt.Sprintf("required request field empty: %s", n), nil)
			return false
		}
	}
	return true
}

func gwAddTemplate(c *Call) {
	if !required(c, "tplText", "tplType", "tplTitle") {
		return
	}
	typ, _, err := c.Int("tplType")
	if err != nil || typ < 1 || typ > 3 {
		c.Fail(1008, fmt.Sprintf("other error: tplType must be 1 (code), 2 (notice) or 3 (marketing), got %s", c.Str("tplType")), nil)
		return
	}
	text := c.Str("tplText")
	if _, err := templateVars(text); err != nil {
		c.Fail(1015, "template parameter abnormal: "+err.Error(), nil)
		return
	}
	if n := len([]rune(text)); n > gwMaxContent {
		c.Fail(1014, fmt.Sprintf("SMS content longer than 400 characters: tplText has %d", n), nil)
		return
	}
	sign := c.Str("signText")
	if sign != "" && c.St.Gateway().signatureByText(sign, false) == nil {
		c.Fail(1018, fmt.Sprintf("signature does not exist: %q", sign), nil)
		return
	}
	// state is accepted and ignored (§4.8): every template starts pending.
	t := &GatewayTemplate{ID: c.St.NextID("gateway_template", 5000), TplTitle: c.Str("tplTitle"), TplText: text,
		TplType: typ, Remark: c.Str("remark"), SignText: sign, Submitted: c.Now()}
	c.St.Gateway().Templates[t.ID] = t
	c.Changed()
	c.OK(map[string]any{"tplId": t.ID})
}

// idsOrPage reads the "by ids" or "by page" selector of get_template and
// get_sign; ok is false when it has answered an error.
func idsOrPage(c *Call, idsName, pageName string) (ids []int64, page *client.GatewayPage, ok bool) {
	hasIDs, hasPage := c.Has(idsName), c.Has(pageName)
	switch {
	case hasIDs && hasPage:
		c.Fail(1008, fmt.Sprintf("other error: %s and %s cannot be sent together", idsName, pageName), nil)
		return nil, nil, false
	case !hasIDs && !hasPage:
		c.Fail(1020, fmt.Sprintf("required request field empty: %s or %s", idsName, pageName), nil)
		return nil, nil, false
	case hasIDs:
		raw, _ := c.Raw(idsName)
		// §4.8: an array of ids; a lone id (number or string) is refused.
		var flex []client.FlexInt
		if err := json.Unmarshal(raw, &flex); err != nil {
			c.Fail(1008, fmt.Sprintf("other error: %s must be an array of ids, got %s", idsName, clip(string(raw), 80)), nil)
			return nil, nil, false
		}
		for _, f := range flex {
			ids = append(ids, int64(f))
		}
		return ids, nil, true
	}
	raw, _ := c.Raw(pageName)
	var p map[string]json.RawMessage
	if err := json.Unmarshal(raw, &p); err != nil {
		c.Fail(1008, fmt.Sprintf("other error: %s must be an object {max, offset}, got %s", pageName, raw), nil)
		return nil, nil, false
	}
	var pg client.GatewayPage
	for _, f := range []struct {
		name string
		dst  *int
	}{{"max", &pg.Max}, {"offset", &pg.Offset}} {
		v, ok := p[f.name]
		if !ok || string(v) == "null" {
			c.Fail(1020, fmt.Sprintf("required request field empty: %s.%s", pageName, f.name), nil)
			return nil, nil, false
		}
		var n client.FlexInt
		if err := json.Unmarshal(v, &n); err != nil {
			c.Fail(1008, fmt.Sprintf("other error: %s.%s must be a whole number, got %s", pageName, f.name, v), nil)
			return nil, nil, false
		}
		*f.dst = int(n)
	}
	if pg.Max < 1 || pg.Max > gwMaxPage || pg.Offset < 0 {
		c.Fail(1008, fmt.Sprintf("other error: %s.max must be from 1 to %d and offset at least 0, got max %d offset %d",
			pageName, gwMaxPage, pg.Max, pg.Offset), nil)
		return nil, nil, false
	}
	return nil, &pg, true
}

// selectIDs returns the chosen ids (sorted) and the count to report.
func selectIDs(all []int64, ids []int64, page *client.GatewayPage, exists func(int64) bool) ([]int64, int) {
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	if page == nil {
		var out []int64
		seen := map[int64]bool{}
		for _, id := range ids {
			if exists(id) && !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
		return out, len(out)
	}
	if page.Offset >= len(all) {
		return nil, len(all)
	}
	end := min(page.Offset+page.Max, len(all))
	return all[page.Offset:end], len(all)
}

func gwGetTemplate(c *Call) {
	ids, page, ok := idsOrPage(c, "tplId", "tplPage")
	if !ok {
		return
	}
	// vccId selects every template of the enterprise; the simulator has one
	// enterprise and one appId, so the selection is the same.
	g := c.St.Gateway()
	all := make([]int64, 0, len(g.Templates))
	for id := range g.Templates {
		all = append(all, id)
	}
	sel, count := selectIDs(all, ids, page, func(id int64) bool { return g.Templates[id] != nil })
	data := make([]map[string]any, 0, len(sel))
	for _, id := range sel {
		t := g.Templates[id]
		data = append(data, map[string]any{"id": t.ID, "state": t.State, "reason": t.Reason, "tplTitle": t.TplTitle,
			"tplText": t.TplText, "remark": t.Remark, "tplType": t.TplType, "signText": t.SignText})
	}
	c.OK(map[string]any{"count": count, "data": data})
}

func gwAddSign(c *Call) {
	if !required(c, "signText") {
		return
	}
	text := c.Str("signText")
	if strings.ContainsAny(text, "【】[]") {
		c.Fail(1008, fmt.Sprintf("other error: signText must be given without brackets, got %q", text), nil)
		return
	}
	pic := c.Str("pic")
	switch {
	case len(pic) > gwMaxPic:
		c.Fail(1008, fmt.Sprintf("other error: pic is %d characters; at most %d are accepted", len(pic), gwMaxPic), nil)
		return
	case strings.HasPrefix(pic, "data:"):
		c.Fail(1008, "other error: pic must be base64 without the data-URI prefix", nil)
		return
	case pic != "":
		if _, err := base64.StdEncoding.DecodeString(pic); err != nil {
			c.Fail(1008, "other error: pic is not base64: "+err.Error(), nil)
			return
		}
	}
	g := &GatewaySignature{ID: c.St.NextID("gateway_signature", 3000), Text: text, Pic: pic, Remark: c.Str("remark"), Submitted: c.Now()}
	c.St.Gateway().Signatures[g.ID] = g
	c.Changed()
	c.OK(map[string]any{"signId": g.ID})
}

func gwGetSign(c *Call) {
	ids, page, ok := idsOrPage(c, "signId", "signPage")
	if !ok {
		return
	}
	g := c.St.Gateway()
	all := make([]int64, 0, len(g.Signatures))
	for id := range g.Signatures {
		all = append(all, id)
	}
	sel, count := selectIDs(all, ids, page, func(id int64) bool { return g.Signatures[id] != nil })
	data := make([]map[string]any, 0, len(sel))
	for _, id := range sel {
		s := g.Signatures[id]
		// Both spellings of the id: the field list says id, the sample signId.
		data = append(data, map[string]any{"id": s.ID, "signId": s.ID, "state": s.State, "reason": s.Reason, "text": s.Text})
	}
	c.OK(map[string]any{"count": count, "data": data})
}

// signatureByText finds a signature by text; approved limits it to state 1.
func (x *GatewayState) signatureByText(text string, approved bool) *GatewaySignature {
	var best *GatewaySignature
	for _, g := range x.Signatures {
		if g.Text != text || (approved && g.State != 1) {
			continue
		}
		if best == nil || g.ID < best.ID {
			best = g
		}
	}
	return best
}

// defaultSignature is the signature used when send_batch/send_file omit
// signText: the template's own, else the oldest approved one.
func (x *GatewayState) defaultSignature(t *GatewayTemplate) string {
	if t != nil && t.SignText != "" {
		return t.SignText
	}
	var best *GatewaySignature
	for _, g := range x.Signatures {
		if g.State == 1 && (best == nil || g.ID < best.ID) {
			best = g
		}
	}
	if best == nil {
		return ""
	}
	return best.Text
}

// checkExten answers 1022 when exten is not digits.
func checkExten(c *Call) bool {
	if e := c.Str("exten"); e != "" && !onlyDigits(e) {
		c.Fail(1022, fmt.Sprintf("exten format wrong (digits 0-9): %q", e), nil)
		return false
	}
	return true
}

// mobilesParam reads mobiles (a string array); ok false when answered.
func mobilesParam(c *Call) ([]string, bool) {
	raw, _ := c.Raw("mobiles")
	var ms []string
	if _, inJSON := c.params["mobiles"]; !inJSON && len(c.FormValues("mobiles")) > 0 {
		// A form post (lenient body kind) carries the list as repeated
		// fields; every one of them is a number, not only the first.
		ms = c.FormValues("mobiles")
	} else if err := json.Unmarshal(raw, &ms); err != nil {
		// §4.8: mobiles is a string array, even for one number; a lone
		// string ("138…") is refused like any other shape.
		c.Fail(1012, fmt.Sprintf("mobile number format wrong: mobiles must be an array of strings (§4.8), got %s", clip(string(raw), 80)), nil)
		return nil, false
	}
	if len(ms) == 0 {
		c.Fail(1020, "required request field empty: mobiles", nil)
		return nil, false
	}
	if len(ms) > gwMaxMobiles {
		c.Fail(1013, fmt.Sprintf("more than 200 numbers in one request: %d", len(ms)), nil)
		return nil, false
	}
	return ms, checkMobiles(c, ms)
}

func checkMobiles(c *Call, ms []string) bool {
	var bad []string
	for _, m := range ms {
		if !isMobile(m) {
			bad = append(bad, strconv.Quote(m))
		}
	}
	if len(bad) > 0 {
		c.Fail(1012, "mobile number format wrong: "+strings.Join(bad, ", "), nil)
		return false
	}
	return true
}

// approvedSignature answers 1018 unless text names an approved signature.
func approvedSignature(c *Call, text string) bool {
	if text == "" || c.St.Gateway().signatureByText(text, true) == nil {
		c.Fail(1018, fmt.Sprintf("signature does not exist (or is not approved): %q", text), nil)
		return false
	}
	return true
}

// approvedTemplate answers 1016 unless tplId names an approved template.
func approvedTemplate(c *Call) *GatewayTemplate {
	id, _, err := c.Int("tplId")
	t := c.St.Gateway().Templates[id]
	if err != nil || t == nil || t.State != 1 {
		c.Fail(1016, fmt.Sprintf("template id does not exist or is not approved: %s", c.Str("tplId")), nil)
		return nil
	}
	return t
}

// gatewayParamValues decodes smsParams (array or object) into values by
// variable name, checking them against the template's variables (1015).
func gatewayParamValues(raw json.RawMessage, vars []string) (map[string]string, error) {
	var list []any
	var obj map[string]any
	switch {
	case json.Unmarshal(raw, &list) == nil:
		if len(list) != len(vars) {
			return nil, fmt.Errorf("the template has %d variable(s) %v, smsParams has %d value(s)", len(vars), vars, len(list))
		}
		out := map[string]string{}
		for i, v := range list {
			s, ok := scalarText(v)
			if !ok {
				return nil, fmt.Errorf("smsParams[%d] must be text or a number", i)
			}
			out[vars[i]] = s
		}
		return out, nil
	case json.Unmarshal(raw, &obj) == nil:
		out := map[string]string{}
		for k, v := range obj {
			s, ok := scalarText(v)
			if !ok {
				return nil, fmt.Errorf("smsParams.%s must be text or a number", k)
			}
			out[k] = s
		}
		for _, v := range vars {
			if _, ok := out[v]; !ok {
				return nil, fmt.Errorf("smsParams has no value for variable %q (the template's variables: %v)", v, vars)
			}
		}
		if len(out) != len(vars) {
			var extra []string
			for k := range out {
				if !containsStr(vars, k) {
					extra = append(extra, k)
				}
			}
			sort.Strings(extra)
			return nil, fmt.Errorf("smsParams names variables the template does not have: %v (the template's variables: %v)", extra, vars)
		}
		return out, nil
	}
	return nil, fmt.Errorf("smsParams must be an array or an object, got %s", raw)
}

func scalarText(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64), true
	case bool:
		return strconv.FormatBool(x), true
	}
	return "", false
}

func containsStr(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// render fills a template text's variables with their values in one pass,
// left to right, as templateVars reads them (a variable ends at the first
// "}"): a value that itself holds "${name}" is sent as it is, not filled
// again. A variable without a value, or a "${" never closed, stays as
// written.
func render(text string, params map[string]string) string {
	var b strings.Builder
	for {
		open := strings.Index(text, "${")
		if open < 0 {
			b.WriteString(text)
			return b.String()
		}
		end := strings.IndexByte(text[open:], '}')
		if end < 0 {
			b.WriteString(text)
			return b.String()
		}
		end += open
		b.WriteString(text[:open])
		if v, ok := params[text[open+len("${"):end]]; ok {
			b.WriteString(v)
		} else {
			b.WriteString(text[open : end+1])
		}
		text = text[end+1:]
	}
}

// smsFee is the billed count: 70 characters fit one message, longer content
// is billed per 67 characters.
func smsFee(content string) int64 {
	n := len([]rune(content))
	if n <= 70 {
		return 1
	}
	return int64(math.Ceil(float64(n) / 67))
}

// outMsg is one message about to be sent.
type outMsg struct {
	mobile, content string
}

// send records messages and starts their pushes. With no delivery delay
// each message is delivered at once (one final record); with a delay it
// gets a SENDED receipt record now and its final record once the delay has
// passed (deliverDueLocked). Delivery is decided by the number: one ending
// in 0 fails (errType 4, UNDELIV); every other succeeds. It returns the send
// result items.
func send(c *Call, sign string, msgs []outMsg, file bool) []map[string]any {
	st := c.St
	exten, smsExt := c.Str("exten"), c.Str("smsExt")
	now := c.Now()
	delay := c.s.opts.GatewayDeliveryDelay
	items := make([]map[string]any, 0, len(msgs))
	appID := c.R.URL.Query().Get("appId")
	cb := st.Gateway().Callbacks[appID]
	for _, m := range msgs {
		content := "【" + sign + "】" + m.content
		msg := &GatewayMessage{SmsID: fmt.Sprintf("gw%012d", st.NextID("gateway_sms", 0)), Mobile: m.mobile, Content: content,
			Exten: exten, SmsExt: smsExt, SmsFee: smsFee(content), State: "SENDED", Sent: now.Format(gatewayTimeFormat), AppID: appID}
		st.Gateway().Messages[msg.SmsID] = msg
		items = append(items, map[string]any{"mobile": m.mobile, "smsId": msg.SmsID, "smsFee": msg.SmsFee})
		if file {
			// §6.4: the intermediate callback of send_file, one per number.
			if u := firstURL(cb.FileURL, cb.DeliveryURL); u != "" {
				body := map[string]any{"mobile": m.mobile, "smsId": msg.SmsID, "smsText": content, "time": now.Unix(), "smsExt": smsExt}
				c.s.startPush(u, "", body)
			}
		}
		if delay <= 0 {
			c.s.deliver(st, msg, cb, now)
			continue
		}
		msg.Due = now.Add(delay)
		msg.receipt = c.s.queueDelivery(st, msg, cb, now)
		st.Gateway().Pending = append(st.Gateway().Pending, msg.SmsID)
	}
	c.Changed()
	return items
}

func firstURL(us ...string) string {
	for _, u := range us {
		if u != "" {
			return u
		}
	}
	return ""
}

// deliver moves a message to its final state, decided by the number, and
// queues (and pushes) its delivery record stamped at. Called with s.mu held.
func (s *Server) deliver(st *State, m *GatewayMessage, cb GatewayCallbacks, at time.Time) {
	if strings.HasSuffix(m.Mobile, "0") {
		m.State = "FAIL"
	} else {
		m.State = "SUCCESS"
	}
	m.Due, m.receipt = time.Time{}, ""
	s.queueDelivery(st, m, cb, at)
}

// queueDelivery puts a delivery record of m in its current state on the
// down_status queue and pushes it when a delivery callback is set. It
// returns the record's key. Called with s.mu held.
func (s *Server) queueDelivery(st *State, m *GatewayMessage, cb GatewayCallbacks, at time.Time) string {
	rec := map[string]any{"timeDelivered": at.Format(gatewayTimeFormat), "exten": m.Exten, "mobile": m.Mobile,
		"smsId": m.SmsID, "smsExt": m.SmsExt, "channelType": 1, "state": m.State}
	switch m.State {
	case "FAIL":
		rec["errmsg"], rec["errType"], rec["errCode"] = "UNDELIV: the handset did not accept the message", 4, "UNDELIV"
	default: // SENDED (the receipt stage) and SUCCESS carry no error.
		rec["errmsg"], rec["errType"], rec["errCode"] = "", 0, "0"
	}
	push := map[string]any{"smsFee": m.SmsFee}
	for k, v := range rec {
		push[k] = v
	}
	r := &GatewayRecord{Key: fmt.Sprintf("d%d", st.NextID("gateway_record", 0)), Pull: rec, Push: push}
	st.Gateway().Delivery = append(st.Gateway().Delivery, r)
	if cb.DeliveryURL != "" {
		st.Gateway().inflight[r.Key] = true
		s.startPush(cb.DeliveryURL, r.Key, push)
	}
	return r.Key
}

// deliverDueLocked delivers every SENDED message whose delay has passed on
// the simulator clock, in send order, and returns how many. A message whose
// SENDED record is still being pushed waits for that push to finish (the
// push goroutine calls this again), so pushes of one message arrive in
// order. The final record is stamped with the message's due time. Called
// with s.mu held; the caller persists when the count is positive.
func (s *Server) deliverDueLocked() int {
	g := s.st.Gateway()
	if len(g.Pending) == 0 {
		return 0
	}
	now := s.now()
	n := 0
	kept := g.Pending[:0:0]
	for _, id := range g.Pending {
		m := g.Messages[id]
		switch {
		case m == nil || m.State != "SENDED":
			// Gone or already final: nothing to deliver.
		case now.Before(m.Due) || (m.receipt != "" && g.inflight[m.receipt]):
			kept = append(kept, id)
		default:
			s.deliver(s.st, m, g.Callbacks[m.AppID], m.Due)
			n++
		}
	}
	if len(kept) == 0 {
		kept = nil
	}
	g.Pending = kept
	return n
}

// DeliverDue delivers every SENDED message whose delivery delay has passed,
// as POST /_sim/gateway/deliver does, and returns how many were delivered
// and how many are still SENDED.
func (s *Server) DeliverDue() (delivered, pending int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delivered = s.deliverDueLocked()
	if delivered > 0 {
		s.persistLocked()
	}
	return delivered, len(s.st.Gateway().Pending)
}

func (s *Server) adminGatewayDeliver(w http.ResponseWriter, r *http.Request) {
	var req struct{}
	if err := decodeJSONStrict(r, &req); err != nil && !errors.Is(err, io.EOF) {
		adminError(w, 400, fmt.Errorf("gateway deliver: %w", err))
		return
	}
	delivered, pending := s.DeliverDue()
	writeJSON(w, 200, map[string]any{"ok": true, "delivered": delivered, "pending": pending})
}

func gwSendSMS(c *Call) {
	if !required(c, "mobiles", "smsText", "signText") || !checkExten(c) {
		return
	}
	ms, ok := mobilesParam(c)
	if !ok {
		return
	}
	text := c.Str("smsText")
	if n := len([]rune(text)); n > gwMaxContent {
		c.Fail(1014, fmt.Sprintf("SMS content longer than 400 characters: %d", n), nil)
		return
	}
	sign := c.Str("signText")
	if !approvedSignature(c, sign) {
		return
	}
	msgs := make([]outMsg, len(ms))
	for i, m := range ms {
		msgs[i] = outMsg{m, text}
	}
	c.OK(map[string]any{"smsExt": c.Str("smsExt"), "data": send(c, sign, msgs, false)})
}

// templated checks a template send's template, parameters and content.
func templated(c *Call, raw json.RawMessage) (*GatewayTemplate, string, bool) {
	t := approvedTemplate(c)
	if t == nil {
		return nil, "", false
	}
	vars, _ := templateVars(t.TplText)
	params, err := gatewayParamValues(raw, vars)
	if err != nil {
		c.Fail(1015, "template parameter abnormal: "+err.Error(), nil)
		return nil, "", false
	}
	content := render(t.TplText, params)
	if n := len([]rune(content)); n > gwMaxContent {
		c.Fail(1014, fmt.Sprintf("SMS content longer than 400 characters: %d after filling the template", n), nil)
		return nil, "", false
	}
	return t, content, true
}

func gwSendSingle(c *Call) {
	if !required(c, "mobile", "tplId", "signText") || !checkExten(c) {
		return
	}
	raw, ok := c.Raw("smsParams")
	if !ok || string(raw) == "null" {
		c.Fail(1020, "required request field empty: smsParams (send [] when the template has no variables)", nil)
		return
	}
	mobile := c.Str("mobile")
	if !checkMobiles(c, []string{mobile}) {
		return
	}
	_, content, ok := templated(c, raw)
	if !ok {
		return
	}
	sign := c.Str("signText")
	if !approvedSignature(c, sign) {
		return
	}
	items := send(c, sign, []outMsg{{mobile, content}}, false)
	c.OK(map[string]any{"mobile": mobile, "smsFee": items[0]["smsFee"], "smsId": items[0]["smsId"]})
}

func gwSendBatch(c *Call) {
	if !required(c, "mobiles", "tplId") || !checkExten(c) {
		return
	}
	raw, ok := c.Raw("smsParams")
	if !ok || string(raw) == "null" {
		c.Fail(1020, "required request field empty: smsParams (send [] when the template has no variables)", nil)
		return
	}
	ms, ok := mobilesParam(c)
	if !ok {
		return
	}
	t, content, ok := templated(c, raw)
	if !ok {
		return
	}
	sign := c.Str("signText")
	if sign == "" {
		sign = c.St.Gateway().defaultSignature(t)
	}
	if !approvedSignature(c, sign) {
		return
	}
	msgs := make([]outMsg, len(ms))
	for i, m := range ms {
		msgs[i] = outMsg{m, content}
	}
	c.OK(map[string]any{"smsExt": c.Str("smsExt"), "data": send(c, sign, msgs, false)})
}

func gwSendFile(c *Call) {
	if !required(c, "tplId") || !checkExten(c) {
		return
	}
	file, ok := c.File("mobiles")
	if !ok {
		c.Fail(1020, "required request field empty: mobiles (the file upload)", nil)
		return
	}
	name := c.Str("__filename_mobiles")
	if ext := strings.ToLower(path.Ext(name)); ext != ".txt" && ext != ".csv" {
		c.Fail(1021, fmt.Sprintf("file type wrong (must be txt or csv): %q", name), nil)
		return
	}
	rs, err := parseSendFile(file)
	if err != nil {
		c.Fail(1015, "template parameter abnormal: "+err.Error(), nil)
		return
	}
	if len(rs) == 0 {
		c.Fail(1020, "required request field empty: the mobiles file has no numbers", nil)
		return
	}
	ms := make([]string, len(rs))
	for i, r := range rs {
		ms[i] = r.mobile
	}
	if !checkMobiles(c, ms) {
		return
	}
	t := approvedTemplate(c)
	if t == nil {
		return
	}
	vars, _ := templateVars(t.TplText)
	base := c.FormValues("smsParams")
	msgs := make([]outMsg, len(rs))
	for i, r := range rs {
		// File columns override the request's smsParams position by position.
		ps := append([]string(nil), base...)
		for j, p := range r.params {
			if j < len(ps) {
				ps[j] = p
			} else {
				ps = append(ps, p)
			}
		}
		raw, _ := json.Marshal(ps)
		params, err := gatewayParamValues(raw, vars)
		if err != nil {
			c.Fail(1015, fmt.Sprintf("template parameter abnormal: line %d (%s): %v", i+1, r.mobile, err), nil)
			return
		}
		content := render(t.TplText, params)
		if n := len([]rune(content)); n > gwMaxContent {
			c.Fail(1014, fmt.Sprintf("SMS content longer than 400 characters: line %d (%s) has %d", i+1, r.mobile, n), nil)
			return
		}
		msgs[i] = outMsg{r.mobile, content}
	}
	sign := c.Str("signText")
	if sign == "" {
		sign = c.St.Gateway().defaultSignature(t)
	}
	if !approvedSignature(c, sign) {
		return
	}
	send(c, sign, msgs, true)
	c.OK(nil)
}

func gwPull(c *Call, replies bool) {
	if !required(c, "max") {
		return
	}
	n, _, err := c.Int("max")
	if err != nil || n < 1 || n > gwMaxPull {
		c.Fail(1008, fmt.Sprintf("other error: max must be from 1 to %d, got %s", gwMaxPull, c.Str("max")), nil)
		return
	}
	g := c.St.Gateway()
	q := &g.Delivery
	if replies {
		q = &g.Replies
	}
	data := []map[string]any{}
	kept := (*q)[:0:0]
	for _, r := range *q {
		if len(data) < int(n) && !g.inflight[r.Key] {
			data = append(data, r.Pull)
			continue
		}
		kept = append(kept, r)
	}
	*q = kept
	if len(data) > 0 {
		c.Changed()
	}
	out := map[string]any{"count": len(data), "data": data}
	if !replies {
		out["exten"] = ""
	}
	c.OK(out)
}

// startPush posts body to url outside the lock, retrying a failure or a
// non-zero answer after each of gatewayPushWaits. When key is set, the
// record leaves the pull queue on code 0, and becomes pullable again when
// every attempt failed. Called with s.mu held.
func (s *Server) startPush(url, key string, body map[string]any) {
	b, _ := json.Marshal(body)
	s.pushes.Add(1)
	go func() {
		defer s.pushes.Done()
		acked := false
		for attempt := 0; attempt <= len(gatewayPushWaits); attempt++ {
			if attempt > 0 {
				time.Sleep(gatewayPushWaits[attempt-1])
			}
			err := s.pushOnce(url, b)
			if err == nil {
				acked = true
				break
			}
			s.opts.Logf("simulator: gateway push to %s (attempt %d): %v", url, attempt+1, err)
		}
		if key == "" {
			return
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		g := s.st.Gateway()
		delete(g.inflight, key)
		changed := false
		if acked {
			changed = g.removeQueued(key)
		}
		// A SENDED receipt whose push just finished may let its final
		// record (already due) go out.
		if s.deliverDueLocked() > 0 {
			changed = true
		}
		if changed {
			s.persistLocked()
		}
	}()
}

// removeQueued takes the record key off its pull queue; false when it is
// not queued (pulled meanwhile is impossible: in-flight records are hidden).
func (x *GatewayState) removeQueued(key string) bool {
	for _, q := range []*[]*GatewayRecord{&x.Delivery, &x.Replies} {
		for i, r := range *q {
			if r.Key == key {
				*q = append((*q)[:i:i], (*q)[i+1:]...)
				return true
			}
		}
	}
	return false
}

// pushOnce posts one body; only an answer with code 0 is success (§6.2).
func (s *Server) pushOnce(url string, body []byte) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "POST", url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.opts.HTTPClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	var ans struct {
		Code *client.FlexInt   `json:"code"`
		Msg  client.FlexString `json:"msg"`
	}
	if err := json.Unmarshal(raw, &ans); err != nil || ans.Code == nil {
		return fmt.Errorf("HTTP %d, answer is not {code, msg}: %.120q", resp.StatusCode, raw)
	}
	if *ans.Code != 0 {
		return fmt.Errorf("receiver answered code %d: %s", *ans.Code, ans.Msg)
	}
	return nil
}

type gatewayCallbacksRequest struct {
	AppID       string `json:"app_id"`
	DeliveryURL string `json:"delivery_url"`
	ReplyURL    string `json:"reply_url"`
	FileURL     string `json:"file_url"`
}

// SetGatewayCallbacks sets the push addresses of appID, as POST
// /_sim/gateway/callbacks does. Empty addresses turn pushes off.
func (s *Server) SetGatewayCallbacks(appID string, cb GatewayCallbacks) error {
	if appID != s.opts.AppID {
		return fmt.Errorf("gateway callbacks: unknown app_id %q", appID)
	}
	for _, u := range []string{cb.DeliveryURL, cb.ReplyURL, cb.FileURL} {
		if u != "" && !strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "https://") {
			return fmt.Errorf("gateway callbacks: %q is not an http(s) URL", u)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.st.Gateway().Callbacks[appID] = cb
	s.persistLocked()
	return nil
}

func (s *Server) adminGatewayCallbacks(w http.ResponseWriter, r *http.Request) {
	var req gatewayCallbacksRequest
	if err := decodeJSONStrict(r, &req); err != nil {
		adminError(w, 400, fmt.Errorf("gateway callbacks: %w", err))
		return
	}
	if err := s.SetGatewayCallbacks(req.AppID, GatewayCallbacks{DeliveryURL: req.DeliveryURL, ReplyURL: req.ReplyURL, FileURL: req.FileURL}); err != nil {
		adminError(w, 400, err)
		return
	}
	writeJSON(w, 200, map[string]any{"ok": true})
}

type gatewayReplyRequest struct {
	AppID  string `json:"app_id"`
	Mobile string `json:"mobile"`
	Text   string `json:"text"`
}

// Reply simulates an SMS reply from mobile, as POST /_sim/replies does: the
// reply record is queued for up_status and pushed to the reply callback.
// Its exten is that of the last message sent to the number.
func (s *Server) Reply(appID, mobile, text string) error {
	switch {
	case appID != s.opts.AppID:
		return fmt.Errorf("replies: unknown app_id %q", appID)
	case !isMobile(mobile):
		return fmt.Errorf("replies: mobile %q is not a mobile number", mobile)
	case text == "":
		return errors.New("replies: text is empty")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.st
	var last *GatewayMessage
	for _, m := range st.Gateway().Messages {
		if m.Mobile == mobile && (last == nil || m.SmsID > last.SmsID) {
			last = m
		}
	}
	rec := map[string]any{"mobile": mobile, "smsText": text, "timeDelivered": s.now().Unix()}
	if last != nil && last.Exten != "" {
		rec["exten"] = last.Exten
	}
	r := &GatewayRecord{Key: fmt.Sprintf("r%d", st.NextID("gateway_record", 0)), Pull: rec, Push: rec}
	st.Gateway().Replies = append(st.Gateway().Replies, r)
	if u := st.Gateway().Callbacks[appID].ReplyURL; u != "" {
		st.Gateway().inflight[r.Key] = true
		s.startPush(u, r.Key, rec)
	}
	s.persistLocked()
	return nil
}

func (s *Server) adminGatewayReply(w http.ResponseWriter, r *http.Request) {
	var req gatewayReplyRequest
	if err := decodeJSONStrict(r, &req); err != nil {
		adminError(w, 400, fmt.Errorf("replies: %w", err))
		return
	}
	if err := s.Reply(req.AppID, req.Mobile, req.Text); err != nil {
		adminError(w, 400, err)
		return
	}
	writeJSON(w, 200, map[string]any{"ok": true})
}
