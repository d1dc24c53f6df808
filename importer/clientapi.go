// This file adapts *client.Client to the importer's interfaces.

package importer

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// BackendFor returns the importer's view of a configured client.
func BackendFor(c *client.Client) (Backend, error) {
	return Backend{Agents: &clientAgents{c: c}, Open: &openSender{c: c}, Gateway: &gatewaySender{c: c}}, nil
}

// classify marks API answers (an envelope error code) as permanent; a
// transport error or a 5xx without an envelope may pass and is retried.
func classify(err error) error {
	if err == nil {
		return nil
	}
	if e, ok := client.AsAPIError(err); ok && e.Code > 0 && e.HTTPStatus < 500 {
		return &Permanent{Err: err}
	}
	return err
}

type clientAgents struct{ c *client.Client }

var (
	_ AgentAPI     = (*clientAgents)(nil)
	_ QueueChecker = (*clientAgents)(nil)
	_ AgentReader  = (*clientAgents)(nil)
)

// agentValues renders a list item (with relations_queues and
// relations_config) in canonical form. Fields the item does not carry are
// left out, so the plan does not compare them.
func agentValues(a client.Agent) Values {
	v := Values{
		"user_num":    string(a.UserNum),
		"user_name":   string(a.UserName),
		"user_status": strconv.FormatInt(int64(a.UserStatus), 10),
		"queue_ids":   joinInts(a.QueueIDList()),
	}
	str := func(k string, s client.FlexString) {
		v[k] = string(s)
	}
	str("ag_nickname", a.AgNickname)
	str("user_email", a.UserEmail)
	str("user_sms_phone", a.UserSMSPhone)
	str("fixed_phone", a.FixedPhone)
	str("crm_id", a.CrmID)
	v["user_type"] = CanonicalIntList(string(a.UserType))
	for k, n := range map[string]client.FlexInt{"dept_id": a.DeptID, "role_id": a.RoleID, "position_id": a.PositionID, "supervisor_id": a.SupervisorID} {
		v[k] = strconv.FormatInt(int64(n), 10)
	}
	if cfg := a.Config; cfg != nil {
		// A setting the config member lacks (§2.6 does not promise the
		// scalars in it) is not reported: plan cannot compare it.
		for _, s := range client.AgentSettings {
			if x, ok := s.In(cfg); ok {
				v[s.Name] = x
			}
		}
	}
	v["is_enable_mfa"] = strconv.FormatInt(a.MFA(), 10)
	return v
}

func (a *clientAgents) List(ctx context.Context) iter.Seq2[Agent, error] {
	return func(yield func(Agent, error) bool) {
		for ag, err := range a.c.Agents.List(ctx, client.AgentFilter{RelationsQueues: true, RelationsConfig: true}) {
			if err != nil {
				yield(Agent{}, err)
				return
			}
			if !yield(Agent{UserID: int64(ag.UserID), Values: agentValues(ag), SignedIn: bool(ag.CheckIn)}, nil) {
				return
			}
		}
	}
}

func (a *clientAgents) FindByNum(ctx context.Context, num string) (*Agent, error) {
	ag, err := a.c.Agents.GetByNum(ctx, num)
	if client.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &Agent{UserID: int64(ag.UserID), Values: agentValues(*ag), SignedIn: bool(ag.CheckIn)}, nil
}

// ByID lists the agents ids (users/list with user_ids, paged), read
// afresh: no answer read before the write serves it.
func (a *clientAgents) ByID(ctx context.Context, ids ...int64) (map[int64]Agent, error) {
	out := map[int64]Agent{}
	if len(ids) == 0 {
		return out, nil
	}
	want := make(map[int64]bool, len(ids))
	for _, id := range ids {
		want[id] = true
	}
	for ag, err := range a.c.Agents.List(ctx, client.AgentFilter{UserIDs: ids, RelationsQueues: true, RelationsConfig: true}) {
		if err != nil {
			return nil, err
		}
		// Only the ids asked for count, should the filter be loose.
		if id := int64(ag.UserID); want[id] {
			out[id] = Agent{UserID: id, Values: agentValues(ag), SignedIn: bool(ag.CheckIn)}
		}
	}
	return out, nil
}

// agentInput turns canonical values into the client's add/edit parameters.
func agentInput(v Values) (client.AgentInput, error) {
	var in client.AgentInput
	var errs []error
	s := func(k string) *string {
		if x, ok := v[k]; ok {
			return &x
		}
		return nil
	}
	n := func(k string) *int64 {
		x, ok := v[k]
		if !ok {
			return nil
		}
		i, err := strconv.ParseInt(x, 10, 64)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s %q is not a number", k, x))
			return nil
		}
		return &i
	}
	b := func(k string) *bool {
		if x, ok := v[k]; ok {
			t := x == "true"
			return &t
		}
		return nil
	}
	in.UserNum, in.UserName, in.UserPassword = s("user_num"), s("user_name"), s("user_password")
	in.AgNickname, in.UserEmail, in.UserSMSPhone, in.FixedPhone = s("ag_nickname"), s("user_email"), s("user_sms_phone"), s("fixed_phone")
	in.CrmID, in.UserType = s("crm_id"), s("user_type")
	in.UserStatus, in.DeptID, in.RoleID, in.PositionID, in.SupervisorID = n("user_status"), n("dept_id"), n("role_id"), n("position_id"), n("supervisor_id")
	in.UserPhoneType, in.UserLoginState, in.UserAutoLogin, in.UserOutcallPopup = n("user_phone_type"), n("user_login_state"), n("user_auto_login"), n("user_outcall_popup")
	in.IsEnableMFA, in.MaxSessions, in.BasicSessions, in.IsEnableUpdateCapcity = n("is_enable_mfa"), n("max_sessions"), n("basic_sessions"), n("is_enable_update_capcity")
	in.IsEnableOutbound, in.IsForbiddenLogin = b("is_enable_outbound"), b("is_forbidden_login")
	if q, ok := v["queue_ids"]; ok {
		ids := []int64{}
		for _, p := range strings.Split(q, ",") {
			if p == "" {
				continue
			}
			i, err := strconv.ParseInt(p, 10, 64)
			if err != nil {
				errs = append(errs, fmt.Errorf("queue_ids %q is not a list of ids", q))
				break
			}
			ids = append(ids, i)
		}
		in.QueueIDs = &ids
	}
	return in, errors.Join(errs...)
}

func (a *clientAgents) Create(ctx context.Context, v Values) (int64, error) {
	in, err := agentInput(v)
	if err != nil {
		return 0, &Permanent{Err: err}
	}
	// The plan was made from a list of every agent, which had none of
	// this number: no lookup before the create.
	ag, err := a.c.Agents.CreateListed(ctx, in)
	if err != nil {
		return 0, classify(err)
	}
	return int64(ag.UserID), nil
}

func (a *clientAgents) Update(ctx context.Context, id int64, v Values) error {
	in, err := agentInput(v)
	if err != nil {
		return &Permanent{Err: err}
	}
	_, err = a.c.Agents.Update(ctx, id, in)
	return classify(err)
}

func (a *clientAgents) Delete(ctx context.Context, ids ...int64) error {
	return classify(a.c.Agents.Delete(ctx, ids...))
}

func (a *clientAgents) QueueIDs(ctx context.Context) (map[int64]bool, error) {
	groups, err := a.SkillGroups(ctx)
	if err != nil {
		return nil, err
	}
	out := map[int64]bool{}
	for _, g := range groups {
		out[g.ID] = true
	}
	return out, nil
}

func (a *clientAgents) SkillGroups(ctx context.Context) ([]SkillGroup, error) {
	var out []SkillGroup
	for g, err := range a.c.Queues.List(ctx, client.SkillGroupFilter{}) {
		if err != nil {
			return nil, err
		}
		if id, err := strconv.ParseInt(string(g.ID), 10, 64); err == nil {
			out = append(out, SkillGroup{ID: id, Name: strings.TrimSpace(string(g.QueName)), Num: strings.TrimSpace(string(g.QueNum))})
		}
	}
	return out, nil
}

// openSender sends through the open interface: /sms/send type 2 (§4.1).
// It reads each template once per run: every batch needs its variable
// order, which does not change while the run sends.
type openSender struct {
	c    *client.Client
	tpls templateCache[client.SMSTemplate]
}

var (
	_ SMSSender  = (*openSender)(nil)
	_ Reconciler = (*openSender)(nil)
)

// templateCache keeps each template a run reads, by its id.
type templateCache[T any] struct {
	mu sync.Mutex
	m  map[string]*T
}

// get returns the template id, reading it with read (given the id as a
// number) the first time.
func (c *templateCache[T]) get(id string, read func(n int64) (*T, error)) (*T, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t := c.m[id]; t != nil {
		return t, nil
	}
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("template id %q is not a number", id)
	}
	t, err := read(n)
	if err != nil {
		return nil, err
	}
	if c.m == nil {
		c.m = map[string]*T{}
	}
	c.m[id] = t
	return t, nil
}

func (s *openSender) template(ctx context.Context, id string) (*client.SMSTemplate, error) {
	return s.tpls.get(id, func(n int64) (*client.SMSTemplate, error) {
		t, err := s.c.SMS.GetTemplate(ctx, n)
		if client.IsNotFound(err) {
			// The template's other number, its tpl_id, given for the id.
			if other, ferr := s.c.SMS.FindTemplateByTplID(ctx, n); ferr == nil && other != nil {
				return nil, fmt.Errorf("no SMS template has the id %d; the template %q has the tpl_id %d and the id %d: use --template %d",
					n, string(other.TplTitle), n, other.ID.Int64(), other.ID.Int64())
			}
		}
		return t, err
	})
}

func (s *openSender) TemplateParams(ctx context.Context, id string) ([]string, error) {
	t, err := s.template(ctx, id)
	if err != nil {
		return nil, err
	}
	if t.State != 1 {
		return nil, notApproved("template", id, string(t.TplTitle), client.TemplateStateName(int64(t.State)), int64(t.State), string(t.Reason))
	}
	return t.TplParam, nil
}

// SendBatch sends one batch as §4.1 batch lines in the template's variable
// order.
// The open interface's send has no field to carry the tag.
func (s *openSender) SendBatch(ctx context.Context, id, _ string, batch []Recipient) (map[string]Outcome, error) {
	t, err := s.template(ctx, id)
	if err != nil {
		return nil, &Rejected{Err: err}
	}
	rs := make([]client.SMSRecipient, len(batch))
	for i, r := range batch {
		p := map[string]string{}
		for k, name := range t.TplParam {
			if k < len(r.Params) {
				p[name] = r.Params[k]
			}
		}
		rs[i] = client.SMSRecipient{Mobile: r.Mobile, Params: p}
	}
	phone, err := client.BatchPhone(t.TplParam, rs)
	if err != nil {
		return nil, &Rejected{Err: err}
	}
	res, err := s.c.SMS.Send(ctx, client.SMSSendInput{Phone: phone, Type: 2, TemplateID: id})
	if err != nil {
		// A refusal every further batch would get (the token, the
		// template's review or its deletion: client.OpenSMSRequestWide)
		// stops the run, where each of the batches was sent and refused
		// alike; a batch's own refusal lets the others go.
		if client.OpenSMSRequestWide(err) {
			return nil, &Rejected{Err: err, All: true}
		}
		if e, ok := client.AsAPIError(err); ok && e.Code > 0 && e.HTTPStatus < 500 {
			return nil, &Rejected{Err: err}
		}
		return nil, err
	}
	out := map[string]Outcome{}
	for m, msg := range res.Success {
		out[m] = Outcome{Sent: true, Message: msg}
	}
	for m, msg := range res.Error {
		out[m] = Outcome{Message: msg}
	}
	return out, nil
}

// recordWindow is how far before an intent the send records are searched.
// record/list's start_time is wall-clock text in the platform's time zone,
// which the spec does not name (§4.1), while the intent time is this
// machine's: UTC offsets span 26 hours (-12 to +14), so starting 27 hours
// early finds the batch whatever the two zones are, with room for clock
// skew. The cost: a number in doubt that got the same template with the
// same values in that window from another run counts as sent (not missed
// silently: the report says it was found in the send records). Sending
// twice is the worse failure.
const recordWindow = 27 * time.Hour

// SentSince looks the numbers up in the send records (record/list by the
// template's platform tpl_id, from recordWindow before the intent: the
// records' clock and time zone are the platform's). A record counts only
// when its values (sms_params, §2.5) are the ones the number was to get,
// so last week's message does not settle this week's; a record whose
// values cannot be read counts, as sending twice is the worse failure.
func (s *openSender) SentSince(ctx context.Context, id string, want map[string]string, since time.Time) (map[string]Recorded, error) {
	t, err := s.template(ctx, id)
	if err != nil {
		return nil, err
	}
	tpl := int64(t.TplID)
	f := client.SMSRecordFilter{StartTime: since.Add(-recordWindow).Local().Format("2006-01-02 15:04:05")}
	if tpl != 0 {
		f.TplID = &tpl
	}
	out := map[string]Recorded{}
	for r, err := range s.c.SMS.ListRecords(ctx, f) {
		if err != nil {
			return nil, err
		}
		m := lastMobile(string(r.Mobile))
		digest, wanted := want[m]
		if !wanted {
			continue
		}
		if got, ok := recordContent(string(r.SmsParams)); ok && !sameContent(digest, got) {
			continue
		}
		switch {
		case r.Result != 0:
			out[m] = Recorded{Sent: true}
		case !out[m].Sent:
			// result 0 is a failed delivery: nothing arrived, so it may
			// go again; the reason tells the person why it does.
			out[m] = Recorded{Failed: cmp.Or(strings.TrimSpace(string(r.Errmsg)), strings.TrimSpace(string(r.ResultName)), "failed")}
		}
	}
	return out, nil
}

// recordContent is the digest (contentDigest) of the values a send record
// carries: its sms_params, the JSON text of the template's variables by
// name (§2.5). ok is false when there is none to read.
func recordContent(params string) (digest string, ok bool) {
	var v any
	if json.Unmarshal([]byte(params), &v) != nil {
		return "", false
	}
	var names, values []string
	switch p := v.(type) {
	case map[string]any:
		for name, x := range p {
			s, isText := x.(string)
			if !isText {
				b, _ := json.Marshal(x)
				s = string(b)
			}
			names, values = append(names, name), append(values, s)
		}
	case []any: // an empty object as some encoders write it
		if len(p) > 0 {
			return "", false
		}
	case nil:
	default:
		return "", false
	}
	return contentDigest(names, values), true
}

// gatewaySender sends through the SMS gateway (§4.8). It reads each
// template once per run.
type gatewaySender struct {
	c    *client.Client
	tpls templateCache[client.GatewayTemplate]
}

var (
	_ SMSSender      = (*gatewaySender)(nil)
	_ ContentLimiter = (*gatewaySender)(nil)
	_ ReportPuller   = (*gatewaySender)(nil)
)

func (s *gatewaySender) template(ctx context.Context, id string) (*client.GatewayTemplate, error) {
	t, err := s.tpls.get(id, func(n int64) (*client.GatewayTemplate, error) {
		t, err := s.c.Gateway.GetTemplate(ctx, n)
		if client.IsNotFound(err) {
			// It said only "gateway template 7: not found", which did not
			// say that --via gateway takes the gateway's ids, not those
			// of the open interface's templates (its own numbering; a
			// --via gateway run does not connect to the open interface,
			// so the id is not looked up there).
			return nil, fmt.Errorf("no gateway template has the id %d (get_template does not know it). With --via gateway, --template takes "+
				"a gateway template's id (tplId, contactcenter_gateway_sms_template.x.id); the id of an open-interface template "+
				"(contactcenter_sms_template) is sent with --via open", n)
		}
		return t, err
	})
	if err != nil {
		return nil, err
	}
	if t.State != 1 {
		return nil, notApproved("gateway template", id, string(t.TplTitle), client.GatewayStateName(int64(t.State)), int64(t.State), string(t.Reason))
	}
	return t, nil
}

// notApproved says that a template cannot send yet: its name, its review
// state and the review's reason, and what to do (where "is not approved
// (state 2)" left the reader to look up state 2 and the reason).
func notApproved(kind, id, title, stateName string, state int64, reason string) error {
	if stateName == "" {
		stateName = "not approved"
	}
	msg := fmt.Sprintf("%s %s (%q) is %s (state %d); only approved templates can send, and nothing was sent.", kind, id, title, stateName, state)
	if reason != "" {
		msg += " Review reason: " + reason + "."
	}
	switch stateName {
	case "rejected":
		msg += " Change it as the review asks (a change submits it for review again); once it is approved, run the command again"
	case "draft":
		msg += " Submit it for review; once it is approved, run the command again"
	default:
		msg += " Once it is approved, run the command again"
	}
	return errors.New(msg)
}

func (s *gatewaySender) TemplateParams(ctx context.Context, id string) ([]string, error) {
	t, err := s.template(ctx, id)
	if err != nil {
		return nil, err
	}
	return client.TemplateVariables(string(t.TplText))
}

// TemplateContent gives the template text and the gateway's limit on the
// filled text. The limit counts the filled template only, not the
// signature the gateway puts in front: §8 states the limit for "SMS
// content" and 1014 is answered for the filled template (the simulator's
// reading, simulator/fidelity/gateway.md).
func (s *gatewaySender) TemplateContent(ctx context.Context, id string) (string, int, error) {
	t, err := s.template(ctx, id)
	if err != nil {
		return "", 0, err
	}
	return string(t.TplText), client.GatewayMaxContent, nil
}

// SendBatch sends one batch (at most MaxBatch numbers) in one request:
// send_batch when every recipient has the same variables (its answer gives
// each number's smsId), else send_file, whose mobiles file gives each
// number its own variables (§4.8) and whose answer is only a code. The
// request-level smsParams are the first recipient's; every file line
// overrides all of them. The tag goes out as smsExt, which the delivery
// reports carry back.
func (s *gatewaySender) SendBatch(ctx context.Context, id, tag string, batch []Recipient) (map[string]Outcome, error) {
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return nil, &Rejected{Err: fmt.Errorf("gateway template id %q is not a number", id), All: true}
	}
	params := []string{}
	if len(batch) > 0 && batch[0].Params != nil {
		params = batch[0].Params
	}
	mobiles := make([]string, len(batch))
	shared := true
	for i, r := range batch {
		mobiles[i] = r.Mobile
		shared = shared && slices.Equal(r.Params, batch[0].Params)
	}
	out := map[string]Outcome{}
	if shared {
		res, err := s.c.Gateway.SendBatch(ctx, client.GatewayBatch{Mobiles: mobiles, TplID: n, SmsParams: params, SmsExt: tag})
		if err != nil {
			return nil, gatewaySendError(err)
		}
		// The answer may write a number with +86 or 86 before it (§4.8
		// accepts both): matched as written, every number of the batch
		// read as left out of the answer. A number the answer does not
		// list may have been sent all the same (the request succeeded):
		// it is in doubt, settled from the delivery reports, as the
		// contactcenter_gateway_sms_send action counts it (outcome
		// unknown). Taken for a refusal, the next run sent it again.
		for _, it := range res.Data {
			out[client.NationalMobile(string(it.Mobile))] = Outcome{Sent: true, Message: "accepted", SMSID: string(it.SmsID)}
		}
		for _, m := range mobiles {
			if _, ok := out[m]; !ok {
				out[m] = Outcome{Unknown: true, Message: "the gateway accepted the batch, but its answer does not list this number, so it may have been sent"}
			}
		}
		return out, nil
	}
	lines := make([]client.FileRecipient, len(batch))
	for i, r := range batch {
		lines[i] = client.FileRecipient{Mobile: r.Mobile, Params: r.Params}
	}
	if err := s.c.Gateway.SendFile(ctx, client.GatewayFile{TplID: n, SmsParams: params, SmsExt: tag, Recipients: lines}); err != nil {
		return nil, gatewaySendError(err)
	}
	for _, m := range mobiles {
		out[m] = Outcome{Sent: true, Message: "accepted (send_file)"}
	}
	return out, nil
}

// gatewaySendError classifies a failed send: 1010 "sending timed out
// (retry)" leaves the batch in doubt, as does a lost answer and a code
// answered with HTTP 5xx (client.IsAmbiguous: the gateway answers its codes
// with HTTP 200, §7.4, so what else answered may have let the send through);
// every other gateway code is a refusal, and one every further batch would
// get (client.GatewayRequestWide: the template, the signature, credentials)
// stops the run.
func gatewaySendError(err error) error {
	if ge, ok := client.AsGatewayError(err); ok && !ge.Retryable && !client.IsAmbiguous(err) {
		return &Rejected{Err: err, All: client.GatewayRequestWide(err)}
	}
	return err
}

// PullReports takes up to 100 delivery records off the down_status queue
// (§6.5). A record that does not decode is still returned, with its
// Record, so that the journal keeps it.
func (s *gatewaySender) PullReports(ctx context.Context) ([]Report, error) {
	raws, err := s.c.Gateway.Pull(ctx, client.PullDelivery, client.GatewayMaxPull)
	if err != nil {
		return nil, err
	}
	out := make([]Report, len(raws))
	for i, raw := range raws {
		var d client.DeliveryRecord
		_ = json.Unmarshal(raw, &d) // kept as Record either way
		out[i] = Report{Mobile: lastMobile(string(d.Mobile)), Tag: string(d.SmsExt), SMSID: string(d.SmsID), State: string(d.State), Record: raw}
	}
	return out, nil
}

// lastMobile drops a country prefix: "+8613800138000", "8613800138000" →
// "13800138000".
func lastMobile(m string) string {
	if len(m) > 11 {
		return m[len(m)-11:]
	}
	return m
}
