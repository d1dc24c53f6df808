package client

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"strconv"
	"strings"
)

// SMSService wraps SMS management (spec §4.1, {base_url}/sms/...).
type SMSService struct {
	c          *Client
	signatures *finder[SMSSignature]
	templates  *finder[SMSTemplate]
	// The data sources' shared reads (ListSignaturesShared,
	// ListTemplatesShared).
	signShare listShare[SMSSignature]
	tplShare  listShare[SMSTemplate]
}

func newSMSService(c *Client) *SMSService {
	s := &SMSService{c: c}
	// sign/list has no id filter: the whole list, 500 a page.
	s.signatures = newFinder(c, func(sg SMSSignature) string { return strconv.FormatInt(int64(sg.ID), 10) })
	s.signatures.all = func(ctx context.Context) ([]SMSSignature, bool, bool, error) {
		items, _, oneCall, err := prefetch(ctx, "SMS signature list (sign/list)", SMSMaxRows, func(ctx context.Context, page int) (LaravelPage[SMSSignature], error) {
			return smsListPage[SMSSignature](ctx, s, smsSignPath+"/list", page, map[string]any{})
		}, true, nil)
		return items, err == nil, oneCall, err
	}
	// template/list takes ids.
	s.templates = newFinder(c, func(t SMSTemplate) string { return strconv.FormatInt(int64(t.ID), 10) })
	s.templates.maxIDs = SMSMaxRows
	s.templates.byIDs = func(ctx context.Context, ids []string) ([]SMSTemplate, error) {
		return Collect(s.ListTemplates(ctx, SMSTemplateFilter{IDs: parseInts(ids)}))
	}
	templatePage := func(ctx context.Context, page int) (LaravelPage[SMSTemplate], error) {
		return smsListPage[SMSTemplate](ctx, s, smsTemplatePath+"/list", page, map[string]any{})
	}
	s.templates.all = func(ctx context.Context) ([]SMSTemplate, bool, bool, error) {
		return prefetch(ctx, "SMS template list (template/list)", SMSMaxRows, templatePage, false, s.templates.sized)
	}
	s.templates.allWhole = func(ctx context.Context) ([]SMSTemplate, bool, bool, error) {
		return prefetch(ctx, "SMS template list (template/list)", SMSMaxRows, templatePage, true, nil)
	}
	return s
}

// SMSMaxRows is the largest page size of the SMS lists (§8); the client
// always pages with it.
const SMSMaxRows = 500

// SMSMaxBatch is the most numbers one batch template send may carry (§8).
const SMSMaxBatch = 200

// The open interface does not show its non-zero codes (§7.1). These are the
// ones the simulator answers (simulator/fidelity/sms.md); the client uses
// SMSCodeNotFound to recognise a gone object.
const (
	SMSCodeInvalid  int64 = 400
	SMSCodeState    int64 = 403
	SMSCodeNotFound int64 = 404
	SMSCodeConflict int64 = 409
	smsSignPath           = "/sms/sign"
	smsTemplatePath       = "/sms/template"
)

// Signature states (§2.3, §3.1).
const (
	SignatureReviewing int64 = 0
	SignatureApproved  int64 = 1
	SignatureRejected  int64 = 2
)

// Template states (§2.4, §3.2).
const (
	TemplateDraft    int64 = -1
	TemplatePending  int64 = 0
	TemplateApproved int64 = 1
	TemplateRejected int64 = 2
)

var (
	signatureStateNames = map[int64]string{SignatureReviewing: "reviewing", SignatureApproved: "approved", SignatureRejected: "rejected"}
	templateStateNames  = map[int64]string{TemplateDraft: "draft", TemplatePending: "pending review", TemplateApproved: "approved", TemplateRejected: "rejected"}
)

// SignatureStateName returns the §2.3 name of a signature state, or "" for
// a number the spec does not list.
func SignatureStateName(state int64) string { return signatureStateNames[state] }

// TemplateStateName returns the §2.4 name of a template state, or "" for a
// number the spec does not list.
func TemplateStateName(state int64) string { return templateStateNames[state] }

// Template store/update actions (§4.1).
const (
	TemplateActionDraft  int64 = 1
	TemplateActionSubmit int64 = 2
)

// SMSSignature is a signature of §2.3.
type SMSSignature struct {
	ID        FlexInt    `json:"id"`
	VccID     FlexInt    `json:"vcc_id"`
	SignID    FlexInt    `json:"sign_id"`
	SignText  FlexString `json:"sign_text"`
	AddTime   FlexString `json:"add_time"`
	AddUser   FlexString `json:"add_user"`
	State     FlexInt    `json:"state"`
	Reason    FlexString `json:"reason"`
	Remark    FlexString `json:"remark"`
	IsUsed    FlexBool   `json:"is_used"`
	StateName FlexString `json:"state_name"`
}

// SMSTemplate is a template of §2.4 (list items and store/update answers).
type SMSTemplate struct {
	ID            FlexInt    `json:"id"`
	VccID         FlexInt    `json:"vcc_id"`
	TplID         FlexInt    `json:"tpl_id"`
	TplTitle      FlexString `json:"tpl_title"`
	TplText       FlexString `json:"tpl_text"`
	TplType       FlexInt    `json:"tpl_type"`
	NewSignID     FlexInt    `json:"new_sign_id"`
	SignText      FlexString `json:"sign_text"`
	State         FlexInt    `json:"state"`
	Reason        FlexString `json:"reason"`
	Remark        FlexString `json:"remark"`
	DeptID        FlexInt    `json:"dept_id"`
	DeptName      FlexString `json:"dept_name"`
	DeptNameChain FlexString `json:"dept_name_chain"`
	StateName     FlexString `json:"state_name"`
	TplTypeName   FlexString `json:"tpl_type_name"`
	TplParam      []string   `json:"tpl_param"`
	VerifyResult  FlexInt    `json:"verify_result"`
	AddUser       FlexString `json:"add_user"`
	AddTime       FlexString `json:"add_time"`
	UpdateTime    FlexString `json:"update_time"`
	UpdateName    FlexString `json:"update_name"`
}

// SMSRecord is a send record of §2.5.
type SMSRecord struct {
	ID            FlexInt         `json:"id"`
	VccID         FlexInt         `json:"vcc_id"`
	Mobile        FlexString      `json:"mobile"`
	TplID         FlexInt         `json:"tpl_id"`
	SignID        FlexInt         `json:"sign_id"`
	SmsID         FlexString      `json:"sms_id"`
	SmsParams     FlexString      `json:"sms_params"`
	SmsText       FlexString      `json:"sms_text"`
	TimeAdd       FlexString      `json:"time_add"`
	TimeSend      FlexString      `json:"time_send"`
	TimeDelivered FlexString      `json:"time_delivered"`
	Result        FlexInt         `json:"result"`
	Errmsg        FlexString      `json:"errmsg"`
	CountryCode   FlexString      `json:"country_code"`
	CountryName   FlexString      `json:"country_name"`
	AreaCode      FlexString      `json:"area_code"`
	AreaName      FlexString      `json:"area_name"`
	UserID        FlexString      `json:"user_id"`
	UserData      json.RawMessage `json:"user_data"`
	DeptID        FlexInt         `json:"dept_id"`
	UserName      FlexString      `json:"user_name"`
	TplName       FlexString      `json:"tpl_name"`
	DeptName      FlexString      `json:"dept_name"`
	DeptNameChain FlexString      `json:"dept_name_chain"`
	SendTime      FlexString      `json:"send_time"`
	SmsContents   FlexString      `json:"sms_contents"`
	SmsResult     FlexInt         `json:"sms_result"`
	ResultName    FlexString      `json:"result_name"`
}

// SMSSignatureInput holds the sign/store parameters.
type SMSSignatureInput struct {
	SignText string `json:"sign_text"`
	Remark   string `json:"remark,omitempty"`
}

// SMSTemplateInput holds the template/store and template/update parameters.
type SMSTemplateInput struct {
	TemplateName     string `json:"template_name"`
	TemplateContents string `json:"template_contents"`
	SignID           int64  `json:"sign_id"`
	DeptID           *int64 `json:"dept_id,omitempty"`
	// Action is 1 (save as draft) or 2 (submit for review); 0 sends nothing
	// and the service applies its default, 2.
	Action int64 `json:"action,omitempty"`
}

// SMSSignatureFilter narrows sign/list.
type SMSSignatureFilter struct {
	SignText string
	State    *int64
}

// SMSTemplateFilter narrows template/list.
type SMSTemplateFilter struct {
	DeptID  *int64
	Keyword string
	IDs     []int64
	State   *int64
}

// SMSRecordFilter narrows record/list. Times use `yyyy-mm-dd HH:ii:ss`.
type SMSRecordFilter struct {
	StartTime, EndTime string
	Result             *int64
	Mobile             string
	TplID              *int64
	SignID             *int64
	AgID               *int64
	DeptID             *int64
}

// SMSSendInput is one /sms/send call. For a batch (Type 2) Phone holds one
// line per number; BatchPhone builds it.
type SMSSendInput struct {
	Phone      string            `json:"phone"`
	Type       int64             `json:"type"`
	TemplateID string            `json:"template_id"`
	SmsParams  map[string]string `json:"sms_params,omitempty"`
}

// SMSSendResult is the data of /sms/send: number → status text for the
// numbers that went out, number → reason for those that failed (§7.5).
type SMSSendResult struct {
	Success map[string]string
	Error   map[string]string
}

// SMSRecipient is one number of a template send with its variable values.
type SMSRecipient struct {
	Mobile string
	Params map[string]string
}

// SMSDeleteItem is one entry of the success or error list of a delete.
type SMSDeleteItem struct {
	ID       FlexInt    `json:"id"`
	SignText FlexString `json:"sign_text"`
	TplTitle FlexString `json:"tpl_title"`
	Code     FlexInt    `json:"code"`
	Message  FlexString `json:"message"`
}

// UnmarshalJSON accepts any shape of item: the error list's item shape is
// not shown (§4.1), so besides an object a bare id (number or digits) or a
// text (the reason) is understood.
func (it *SMSDeleteItem) UnmarshalJSON(b []byte) error {
	type plain SMSDeleteItem
	var obj plain
	if err := json.Unmarshal(b, &obj); err == nil {
		*it = SMSDeleteItem(obj)
		return nil
	}
	var id FlexInt
	if err := json.Unmarshal(b, &id); err == nil {
		*it = SMSDeleteItem{ID: id}
		return nil
	}
	var text FlexString
	if err := json.Unmarshal(b, &text); err != nil {
		text = FlexString(b)
	}
	*it = SMSDeleteItem{Message: text}
	return nil
}

// smsPage is the request part every SMS list shares.
func smsPage(page int, extra map[string]any) map[string]any {
	extra["page"] = page
	extra["rows"] = SMSMaxRows
	return extra
}

// smsList pages through an SMS list; whole names a list of objects
// (paginateWhole), "" a log of records read once (paginate).
func smsList[T any](ctx context.Context, s *SMSService, path, whole string, key func(T) string, params func() map[string]any) iter.Seq2[T, error] {
	return pages(ctx, key, whole, func(ctx context.Context, page int) (Page[T], error) {
		p, err := smsListPage[T](ctx, s, path, page, params())
		if err != nil {
			return Page[T]{}, err
		}
		return Page[T]{Items: p.Data, More: p.More(), Total: p.Total.Int64(), Current: p.CurrentPage.Int64()}, nil
	})
}

func smsListPage[T any](ctx context.Context, s *SMSService, path string, page int, params map[string]any) (LaravelPage[T], error) {
	var out struct {
		Data LaravelPage[T] `json:"data"`
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfaceBase, Method: "POST", Path: path,
		Body: smsPage(page, params), Envelope: EnvelopeOpen, Idempotent: true, Read: true,
	}, &out)
	return out.Data, err
}

// ListSignatures pages through sign/list.
func (s *SMSService) ListSignatures(ctx context.Context, f SMSSignatureFilter) iter.Seq2[SMSSignature, error] {
	return smsList(ctx, s, smsSignPath+"/list", "SMS signature list (sign/list)", s.signatures.key, func() map[string]any {
		p := map[string]any{}
		if f.SignText != "" {
			p["sign_text"] = f.SignText
		}
		if f.State != nil {
			p["state"] = *f.State
		}
		return p
	})
}

// GetSignature finds one signature by id. sign/list has no id filter, so
// the whole list is read, once for every signature read at the same time
// (see finder); the error satisfies IsNotFound when it is gone.
func (s *SMSService) GetSignature(ctx context.Context, id int64) (*SMSSignature, error) {
	return s.signatures.get(ctx, strconv.FormatInt(id, 10), "sms signature")
}

// GetSignatureFor is GetSignature for a reader (finder.getFor): the
// answer serves each reader once, so the plan of a destroy (reader
// "destroy plan") shares the read of the same signature by the plan's
// refresh, whichever comes first.
func (s *SMSService) GetSignatureFor(ctx context.Context, reader string, id int64) (*SMSSignature, error) {
	return s.signatures.getFor(ctx, strconv.FormatInt(id, 10), reader, "sms signature")
}

// FindSignatureByText returns the signature whose sign_text equals text, or nil (the first one listed).
func (s *SMSService) FindSignatureByText(ctx context.Context, text string) (*SMSSignature, error) {
	for sg, err := range s.ListSignatures(ctx, SMSSignatureFilter{SignText: text}) {
		if err != nil {
			return nil, err
		}
		if string(sg.SignText) == text {
			return &sg, nil
		}
	}
	return nil, nil
}

// SignaturesByText returns every signature whose sign_text equals text
// exactly (letter case and spaces included), for an import by text: the
// spec does not make texts unique (§2.3, §4.1), so several may answer.
// Lookups made together share one read of the signature list (see
// finder.lookup); a lookup alone reads the signatures sign_text matches.
func (s *SMSService) SignaturesByText(ctx context.Context, text string) ([]SMSSignature, error) {
	return s.signatures.lookupAll(ctx, "sign_text:"+text, func(sg SMSSignature) bool { return string(sg.SignText) == text },
		func(ctx context.Context) ([]SMSSignature, error) {
			return Collect(s.ListSignatures(ctx, SMSSignatureFilter{SignText: text}))
		})
}

// FindSignatureBySignID returns the signature whose sign_id (its number on
// the SMS platform, not its id) is signID, or nil: sign/list has no filter
// for it, so the list is read.
func (s *SMSService) FindSignatureBySignID(ctx context.Context, signID int64) (*SMSSignature, error) {
	for sg, err := range s.ListSignatures(ctx, SMSSignatureFilter{}) {
		if err != nil {
			return nil, err
		}
		if sg.SignID.Int64() == signID {
			return &sg, nil
		}
	}
	return nil, nil
}

// FindTemplateByTplID returns the template whose platform tpl_id is
// tplID, or nil: a template has two numbers, its id (what the API's
// template calls take) and tpl_id (what send records carry). The list has
// no tpl_id filter (§4.1), so it is read whole.
func (s *SMSService) FindTemplateByTplID(ctx context.Context, tplID int64) (*SMSTemplate, error) {
	for t, err := range s.ListTemplates(ctx, SMSTemplateFilter{}) {
		if err != nil {
			return nil, err
		}
		if t.TplID.Int64() == tplID {
			return &t, nil
		}
	}
	return nil, nil
}

// CreateSignature adds a signature (sign/store); it starts in review. After
// an ambiguous failure the signature is looked up by its text before the
// create is sent again. The spec does not make texts unique (§2.3, §4.1):
// a signature of that text that existed before (another team's) is never
// taken for the one created (newMatch).
func (s *SMSService) CreateSignature(ctx context.Context, in SMSSignatureInput) (*SMSSignature, error) {
	var out struct {
		Data SMSSignature `json:"data"`
	}
	unlock, err := s.c.lockCreate(ctx, "SMS signature", in.SignText)
	if err != nil {
		return nil, err
	}
	defer unlock()
	find, err := newMatch(ctx, s.c, "SMS signature", func(ctx context.Context) iter.Seq2[SMSSignature, error] {
		return s.ListSignatures(ctx, SMSSignatureFilter{SignText: in.SignText})
	}, func(sg SMSSignature) bool { return string(sg.SignText) == in.SignText },
		s.signatures.key)
	if err != nil {
		return nil, err
	}
	err = s.c.createOnce(ctx, Request{
		Surface: SurfaceBase, Method: "POST", Path: smsSignPath + "/store", Body: in, Envelope: EnvelopeOpen,
	}, &out, func(ctx context.Context) (bool, error) {
		sg, err := find(ctx)
		if sg != nil {
			out.Data = *sg
		}
		return sg != nil, err
	}, func() bool { return out.Data.ID != 0 })
	if err != nil {
		return nil, err
	}
	if err := s.c.claim("SMS signature", strconv.FormatInt(int64(out.Data.ID), 10)); err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// SMSDeleteResult is the data of sign/delete and template/delete.
type SMSDeleteResult struct {
	Success []SMSDeleteItem `json:"success"`
	Error   []SMSDeleteItem `json:"error"`
}

func (s *SMSService) deleteIDs(ctx context.Context, path string, ids []int64) (*SMSDeleteResult, error) {
	var out struct {
		Data SMSDeleteResult `json:"data"`
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfaceBase, Method: "POST", Path: path,
		Body: map[string]any{"ids": ids}, Envelope: EnvelopeOpen, Idempotent: true,
		NotFoundCodes: []int64{SMSCodeNotFound},
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// deleteOne deletes one id and turns its error item into an *APIError so a
// caller sees the reason (a signature in use names its templates) and
// IsNotFound works for an id that is already gone.
func (s *SMSService) deleteOne(ctx context.Context, path string, id int64, listed func(context.Context) (bool, error)) error {
	return goneUnlessListed(ctx, s.deleteOneAnswer(ctx, path, id), listed)
}

func (s *SMSService) deleteOneAnswer(ctx context.Context, path string, id int64) error {
	res, err := s.deleteIDs(ctx, path, []int64{id})
	if err != nil {
		return err
	}
	for _, it := range res.Error {
		if int64(it.ID) != id && it.ID != 0 {
			continue
		}
		code := int64(it.Code)
		if code == 0 {
			code = -1
		}
		if it.Message == "" {
			it.Message = FlexString(fmt.Sprintf("the service listed id %d as not deleted without giving a reason", id))
		}
		return &APIError{
			Surface: SurfaceBase, Method: "POST", Path: path, HTTPStatus: 200,
			Code: code, Message: string(it.Message), notFoundCodes: []int64{SMSCodeNotFound},
		}
	}
	return nil
}

// DeleteSignatures deletes signatures (sign/delete). The envelope is code 0
// even when some fail; those are in Error.
func (s *SMSService) DeleteSignatures(ctx context.Context, ids ...int64) (*SMSDeleteResult, error) {
	return s.deleteIDs(ctx, smsSignPath+"/delete", ids)
}

// DeleteSignature deletes one signature; a failure (for example, templates
// still use it) is returned as an *APIError with the service's reason.
func (s *SMSService) DeleteSignature(ctx context.Context, id int64) error {
	return s.deleteOne(ctx, smsSignPath+"/delete", id, present(func(ctx context.Context) (*SMSSignature, error) { return s.GetSignature(ctx, id) }))
}

// ListTemplates pages through template/list.
func (s *SMSService) ListTemplates(ctx context.Context, f SMSTemplateFilter) iter.Seq2[SMSTemplate, error] {
	return smsList(ctx, s, smsTemplatePath+"/list", "SMS template list (template/list)", s.templates.key, func() map[string]any {
		p := map[string]any{}
		if f.DeptID != nil {
			p["dept_id"] = *f.DeptID
		}
		if f.Keyword != "" {
			p["keyword"] = f.Keyword
		}
		if len(f.IDs) > 0 {
			ids := make([]string, len(f.IDs))
			for i, id := range f.IDs {
				ids[i] = strconv.FormatInt(id, 10)
			}
			p["ids"] = strings.Join(ids, ",")
		}
		if f.State != nil {
			p["state"] = *f.State
		}
		return p
	})
}

// GetTemplate finds one template by id (template/list with ids), batched
// with the other templates read at the same time (see finder).
func (s *SMSService) GetTemplate(ctx context.Context, id int64) (*SMSTemplate, error) {
	return s.templates.get(ctx, strconv.FormatInt(id, 10), "sms template")
}

// FindTemplateByName returns the template whose name equals name, or nil (the first one listed).
func (s *SMSService) FindTemplateByName(ctx context.Context, name string) (*SMSTemplate, error) {
	for t, err := range s.ListTemplates(ctx, SMSTemplateFilter{Keyword: name}) {
		if err != nil {
			return nil, err
		}
		if string(t.TplTitle) == name {
			return &t, nil
		}
	}
	return nil, nil
}

// TemplatesByName returns every template whose template name (tpl_title)
// equals name exactly, for an import by name; several may answer where the
// platform allows it (the spec does not make names unique, §2.4, §4.1).
// Lookups made together share one read of the template list (see
// finder.lookup); a lookup alone reads the templates the keyword matches.
func (s *SMSService) TemplatesByName(ctx context.Context, name string) ([]SMSTemplate, error) {
	return s.templates.lookupAll(ctx, "template_name:"+name, func(t SMSTemplate) bool { return string(t.TplTitle) == name },
		func(ctx context.Context) ([]SMSTemplate, error) {
			return Collect(s.ListTemplates(ctx, SMSTemplateFilter{Keyword: name}))
		})
}

// CreateTemplate adds a template (template/store). After an ambiguous
// failure it is looked up by name before the create is sent again. The
// spec does not make names unique (§2.4, §4.1): a template of that name
// that existed before is never taken for the one created (newMatch).
func (s *SMSService) CreateTemplate(ctx context.Context, in SMSTemplateInput) (*SMSTemplate, error) {
	var out struct {
		Data SMSTemplate `json:"data"`
	}
	unlock, err := s.c.lockCreate(ctx, "SMS template", in.TemplateName)
	if err != nil {
		return nil, err
	}
	defer unlock()
	find, err := newMatch(ctx, s.c, "SMS template", func(ctx context.Context) iter.Seq2[SMSTemplate, error] {
		return s.ListTemplates(ctx, SMSTemplateFilter{Keyword: in.TemplateName})
	}, func(t SMSTemplate) bool { return string(t.TplTitle) == in.TemplateName },
		s.templates.key)
	if err != nil {
		return nil, err
	}
	err = s.c.createOnce(ctx, Request{
		Surface: SurfaceBase, Method: "POST", Path: smsTemplatePath + "/store", Body: in, Envelope: EnvelopeOpen,
	}, &out, func(ctx context.Context) (bool, error) {
		t, err := find(ctx)
		if t != nil {
			out.Data = *t
		}
		return t != nil, err
	}, func() bool { return out.Data.ID != 0 })
	if err != nil {
		return nil, err
	}
	if err := s.c.claim("SMS template", strconv.FormatInt(int64(out.Data.ID), 10)); err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// UpdateTemplate changes a template (template/update); with action 2 (the
// default) it goes back to review.
func (s *SMSService) UpdateTemplate(ctx context.Context, id int64, in SMSTemplateInput) (*SMSTemplate, error) {
	body := struct {
		TemplateID int64 `json:"template_id"`
		SMSTemplateInput
	}{id, in}
	var out struct {
		Data SMSTemplate `json:"data"`
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfaceBase, Method: "POST", Path: smsTemplatePath + "/update", Body: body,
		Envelope: EnvelopeOpen, Idempotent: true, NotFoundCodes: []int64{SMSCodeNotFound},
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// DeleteTemplates deletes templates (template/delete).
func (s *SMSService) DeleteTemplates(ctx context.Context, ids ...int64) (*SMSDeleteResult, error) {
	return s.deleteIDs(ctx, smsTemplatePath+"/delete", ids)
}

// DeleteTemplate deletes one template; its error item becomes an *APIError.
func (s *SMSService) DeleteTemplate(ctx context.Context, id int64) error {
	return s.deleteOne(ctx, smsTemplatePath+"/delete", id, present(func(ctx context.Context) (*SMSTemplate, error) { return s.GetTemplate(ctx, id) }))
}

// ListRecords pages through record/list.
func (s *SMSService) ListRecords(ctx context.Context, f SMSRecordFilter) iter.Seq2[SMSRecord, error] {
	return smsList(ctx, s, "/sms/record/list", "", func(r SMSRecord) string { return strconv.FormatInt(int64(r.ID), 10) }, func() map[string]any {
		p := map[string]any{}
		put := func(k string, v *int64) {
			if v != nil {
				p[k] = *v
			}
		}
		if f.StartTime != "" {
			p["start_time"] = f.StartTime
		}
		if f.EndTime != "" {
			p["end_time"] = f.EndTime
		}
		if f.Mobile != "" {
			p["mobile"] = f.Mobile
		}
		put("result", f.Result)
		put("tpl_id", f.TplID)
		put("sign_id", f.SignID)
		put("ag_id", f.AgID)
		put("dept_id", f.DeptID)
		return p
	})
}

// Send sends a template SMS (/sms/send). A send is never retried: it is not
// idempotent and has no natural key to look up. Numbers that failed are in
// the result's Error while the envelope is still code 0 (§7.5).
func (s *SMSService) Send(ctx context.Context, in SMSSendInput) (*SMSSendResult, error) {
	var out struct {
		Data struct {
			Success numberTexts `json:"success"`
			Error   numberTexts `json:"error"`
		} `json:"data"`
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfaceBase, Method: "POST", Path: "/sms/send", Body: in, Envelope: EnvelopeOpen,
		NotFoundCodes: []int64{SMSCodeNotFound},
	}, &out)
	if err != nil {
		return nil, err
	}
	res := &SMSSendResult{Success: map[string]string{}, Error: map[string]string{}}
	for k, v := range out.Data.Success {
		res.Success[k] = string(v)
	}
	for k, v := range out.Data.Error {
		res.Error[k] = string(v)
	}
	return res, nil
}

// numberTexts is a send result's number → text object. A PHP service
// writes an empty one as `[]`, so an array is accepted too: its objects are
// merged and a bare item is taken as a number without text.
type numberTexts map[string]FlexString

func (m *numberTexts) UnmarshalJSON(b []byte) error {
	out := numberTexts{}
	var obj map[string]FlexString
	if err := json.Unmarshal(b, &obj); err == nil {
		for k, v := range obj {
			out[k] = v
		}
		*m = out
		return nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(b, &items); err != nil {
		if string(b) == "null" {
			*m = out
			return nil
		}
		return fmt.Errorf("send result: want an object of number to text, got %.80s", b)
	}
	for _, it := range items {
		var o map[string]FlexString
		if json.Unmarshal(it, &o) == nil {
			for k, v := range o {
				out[k] = v
			}
			continue
		}
		var num FlexString
		if err := json.Unmarshal(it, &num); err != nil {
			return fmt.Errorf("send result: unexpected item %.80s", it)
		}
		out[string(num)] = ""
	}
	*m = out
	return nil
}

// BatchPhone builds the phone parameter of a batch send (§4.1): one line
// per recipient, the number followed by its values in the order of the
// template's tpl_param, comma-separated, lines separated by "\n". A
// recipient missing a variable gets a shorter line, which the service fails
// for that number alone. Values may not hold a comma or a line feed.
func BatchPhone(tplParam []string, recipients []SMSRecipient) (string, error) {
	lines := make([]string, 0, len(recipients))
	for _, r := range recipients {
		fields := []string{strings.TrimSpace(r.Mobile)}
		for _, name := range tplParam {
			v, ok := r.Params[name]
			if !ok {
				break
			}
			if strings.ContainsAny(v, ",\n\r") {
				return "", fmt.Errorf("recipient %s: value of ${%s} %q holds a comma or line feed, which the batch format cannot carry", r.Mobile, name, v)
			}
			fields = append(fields, v)
		}
		lines = append(lines, strings.Join(fields, ","))
	}
	return strings.Join(lines, "\n"), nil
}

// SeenSignaturesByText is Agents.SeenByNum for an SMS signature's sign_text.
func (s *SMSService) SeenSignaturesByText(ctx context.Context, text string) (found []SMSSignature, known bool, err error) {
	return s.signatures.seen(ctx, func(sg SMSSignature) bool { return string(sg.SignText) == text })
}

// SignatureReadInWalk is Agents.ReadInWalk for an SMS signature.
func (s *SMSService) SignatureReadInWalk(id int64) bool {
	return s.signatures.readInWalk(strconv.FormatInt(id, 10))
}

// SeenTemplatesByName is Agents.SeenByNum for an SMS template's name.
func (s *SMSService) SeenTemplatesByName(ctx context.Context, name string) (found []SMSTemplate, known bool, err error) {
	return s.templates.seen(ctx, func(t SMSTemplate) bool { return string(t.TplTitle) == name })
}

// TemplateReadInWalk is Agents.ReadInWalk for an SMS template.
func (s *SMSService) TemplateReadInWalk(id int64) bool {
	return s.templates.readInWalk(strconv.FormatInt(id, 10))
}
