package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"net/url"
	"regexp"
	"strconv"
	"sync"
	"time"
)

// ReferenceService wraps the reference-data and call-record interfaces (spec §4.7).
type ReferenceService struct {
	c *Client

	ivrsMu   sync.Mutex
	ivrsKept []IVR // IVRsOnce's first answer
	ivrsRead bool

	// The data sources' shared reads (client/shared_list.go).
	ivrShare   listShare[IVR]
	busyShare  listShare[BusyReason]
	trunkShare listShare[TrunkNumber]
	bindShare  listShare[string]
	phoneShare listShare[NumberSelection]
}

// TimeLayout is the record timestamp format of §1.2 (yyyy-mm-dd HH:ii:ss).
const TimeLayout = "2006-01-02 15:04:05"

// TrunkNumber is a trunk number (§2.12).
type TrunkNumber struct {
	Phone      FlexString `json:"phone"`
	Code       FlexString `json:"code"`
	City       FlexString `json:"city"`
	Type       FlexInt    `json:"type"`
	TypeString FlexString `json:"type_string"`
}

// BusyReason is a login or busy reason (§2.12).
type BusyReason struct {
	ID         FlexString `json:"id"`
	VccID      FlexString `json:"vcc_id"`
	AgStat     FlexString `json:"ag_stat"`
	StatReason FlexString `json:"stat_reason"`
}

// TrunkCDR is a trunk call record (§2.12).
type TrunkCDR struct {
	VccID          FlexInt    `json:"vcc_id"`
	VccCode        FlexString `json:"vcc_code"`
	AgID           FlexInt    `json:"ag_id"`
	CallID         FlexString `json:"call_id"`
	CallType       FlexInt    `json:"call_type"`
	CallTypeName   FlexString `json:"call_type_name"`
	CallResult     FlexInt    `json:"call_result"`
	CallResultName FlexString `json:"call_result_name"`
	TrunkNum       FlexString `json:"trunk_num"`
	UserNum        FlexString `json:"user_num"`
	UserAreaCode   FlexString `json:"user_area_code"`
	TimeStart      FlexString `json:"time_start"`
	TimeRing       FlexString `json:"time_ring"`
	TimeAnswer     FlexString `json:"time_answer"`
	TimeConn       FlexString `json:"time_conn"`
	TimeHangup     FlexString `json:"time_hangup"`
	DurRing        FlexInt    `json:"dur_ring"`
	DurRing2       FlexInt    `json:"dur_ring2"`
	DurAnswer      FlexInt    `json:"dur_answer"`
	DurConn        FlexInt    `json:"dur_conn"`
	DurAll         FlexInt    `json:"dur_all"`
	UserData       FlexString `json:"user_data"`
}

// VOSCDR is a VOS call record (§2.12).
type VOSCDR struct {
	ID           FlexString `json:"id"`
	StartTime    FlexString `json:"start_time"`
	Caller       FlexString `json:"caller"`
	Called       FlexString `json:"called"`
	SipNum       FlexString `json:"sip_num"`
	VccCode      FlexString `json:"vcc_code"`
	CallID       FlexString `json:"call_id"`
	Inout        FlexString `json:"inout"`
	CallResult   FlexString `json:"call_result"`
	EndTime      FlexString `json:"end_time"`
	TalkDuration FlexString `json:"talk_duration"`
	EndReason    FlexString `json:"end_reason"`
}

// IDName is an {id, name} pair of the number selection (§2.12).
type IDName struct {
	ID   FlexString `json:"id"`
	Name FlexString `json:"name"`
}

// NumberSelection is the getPhoneSelect data (§2.12). agentPhone is obsolete
// and kept as raw JSON.
type NumberSelection struct {
	Groups     []IDName        `json:"groups"`
	Phones     []IDName        `json:"phones"`
	XTels      []IDName        `json:"xTels"`
	AgentPhone json.RawMessage `json:"agentPhone,omitempty"`
}

// IVR is an IVR (§2.12).
type IVR struct {
	IvrID   FlexInt    `json:"ivrId"`
	IvrName FlexString `json:"ivrName"`
	IvrCode FlexString `json:"ivrCode"`
}

// CDRFilter narrows trunk and VOS call records: a call id, or a call-start
// range in TimeLayout of at most one month.
type CDRFilter struct {
	CallID         string
	TimeStartBegin string
	TimeStartEnd   string
}

// CheckCDRRange applies the §4.7/§8 range rule: both ends in TimeLayout,
// begin not after end, and at most one month apart (end no later than begin
// plus one calendar month, clamped to
// the end of that month). Empty ends are not checked here.
func CheckCDRRange(begin, end string) error {
	var b, e time.Time
	var err error
	if begin != "" {
		if b, err = time.Parse(TimeLayout, begin); err != nil {
			return fmt.Errorf("time_start_begin %q is not in the format yyyy-mm-dd HH:ii:ss", begin)
		}
	}
	if end != "" {
		if e, err = time.Parse(TimeLayout, end); err != nil {
			return fmt.Errorf("time_start_end %q is not in the format yyyy-mm-dd HH:ii:ss", end)
		}
	}
	if begin == "" || end == "" {
		return nil
	}
	if b.After(e) {
		return fmt.Errorf("time_start_begin %q is after time_start_end %q: a range must not end before it begins (swap them)", begin, end)
	}
	if latest := addMonth(b); e.After(latest) {
		return fmt.Errorf("the range %q to %q is longer than one month: for that time_start_begin the latest time_start_end is %q "+
			"(one calendar month later at the same time of day, on the last day of that month when it is shorter); "+
			"end the range there, or read a longer period as several ranges", begin, end, latest.Format(TimeLayout))
	}
	return nil
}

// addMonth is t one calendar month later, clamped to the end of that month
// (January 31 + one month = February 28 or 29), unlike time.AddDate, which
// would carry into March.
func addMonth(t time.Time) time.Time {
	y, m, d := t.Date()
	first := time.Date(y, m+1, 1, t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), t.Location())
	last := first.AddDate(0, 1, -1).Day()
	return time.Date(first.Year(), first.Month(), min(d, last), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), t.Location())
}

// TrunkNumbers lists trunk numbers, optionally of one area code
// (trunks/lists), paging transparently.
func (s *ReferenceService) TrunkNumbers(ctx context.Context, areaCode string) iter.Seq2[TrunkNumber, error] {
	return paginate(ctx, func(n TrunkNumber) string { return string(n.Phone) }, func(ctx context.Context, page int) (Page[TrunkNumber], error) {
		q := url.Values{"per_page": {"100"}, "current_page": {strconv.Itoa(page)}}
		if areaCode != "" {
			q.Set("code", areaCode)
		}
		var out struct {
			Data ResultsPage[TrunkNumber] `json:"data"`
		}
		err := s.c.Do(ctx, Request{
			Surface: SurfacePortal, Method: "GET", Path: "/v2/svcapi/trunks/lists",
			Query: q, BodyKind: BodyNone, Envelope: EnvelopeOpen, Idempotent: true, Read: true,
		}, &out)
		return Page[TrunkNumber]{Items: out.Data.Results, More: out.Data.More(), Total: out.Data.Total.Int64(), Current: out.Data.CurrentPage.Int64()}, err
	})
}

// AllTrunkNumbers returns every trunk number, optionally of one area code,
// in one call (trunks/all).
func (s *ReferenceService) AllTrunkNumbers(ctx context.Context, areaCode string) ([]TrunkNumber, error) {
	q := url.Values{}
	if areaCode != "" {
		q.Set("code", areaCode)
	}
	var out struct {
		Data []TrunkNumber `json:"data"`
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfacePortal, Method: "GET", Path: "/v2/svcapi/trunks/all",
		Query: q, BodyKind: BodyNone, Envelope: EnvelopeOpen, Idempotent: true, Read: true,
	}, &out)
	return out.Data, err
}

// VirtualBindings lists the trunk numbers bound to a virtual number
// (virtual/bindings/lists, 1000 per page), paging transparently.
func (s *ReferenceService) VirtualBindings(ctx context.Context, virtual string) iter.Seq2[string, error] {
	return paginate(ctx, func(n string) string { return n }, func(ctx context.Context, page int) (Page[string], error) {
		q := url.Values{"per_page": {"1000"}, "current_page": {strconv.Itoa(page)}}
		if virtual != "" {
			q.Set("virtual", virtual)
		}
		var out struct {
			Data ResultsPage[FlexString] `json:"data"`
		}
		err := s.c.Do(ctx, Request{
			Surface: SurfacePortal, Method: "GET", Path: "/v2/svcapi/virtual/bindings/lists",
			Query: q, BodyKind: BodyNone, Envelope: EnvelopeOpen, Idempotent: true, Read: true,
		}, &out)
		items := make([]string, len(out.Data.Results))
		for i, r := range out.Data.Results {
			items[i] = string(r)
		}
		return Page[string]{Items: items, More: out.Data.More(), Total: out.Data.Total.Int64(), Current: out.Data.CurrentPage.Int64()}, err
	})
}

// BusyReasons returns the login and busy reasons (busyreason/list). It never
// asks for JSONP.
func (s *ReferenceService) BusyReasons(ctx context.Context) ([]BusyReason, error) {
	return s.BusyReasonsJSONP(ctx, "")
}

var jsonpRE = regexp.MustCompile(`(?s)^\s*[A-Za-z_$][A-Za-z0-9_$.]*\s*\((.*)\)\s*;?\s*$`)

// BusyReasonsJSONP is BusyReasons with a jsonpcallback name: the answer is
// wrapped in a call to it, which is unwrapped before the envelope check.
func (s *ReferenceService) BusyReasonsJSONP(ctx context.Context, callback string) ([]BusyReason, error) {
	q := url.Values{}
	if callback != "" {
		q.Set("jsonpcallback", callback)
	}
	var out struct {
		Data []BusyReason `json:"data"`
	}
	var raw []byte
	req := Request{
		Surface: SurfacePortal, Method: "GET", Path: "/v2/svcapi/busyreason/list",
		Query: q, BodyKind: BodyNone, Envelope: EnvelopePortal, Idempotent: true, Read: true, Raw: &raw,
	}
	if err := s.c.Do(ctx, req, &out); err != nil {
		return nil, err
	}
	if raw != nil {
		m := jsonpRE.FindSubmatch(raw)
		if m == nil {
			return nil, fmt.Errorf("busyreason/list: answer is neither JSON nor JSONP (starts %q)", preview(raw))
		}
		apiErr := &APIError{Surface: SurfacePortal, Method: "GET", Path: req.Path, HTTPStatus: 200}
		if err := decodeEnvelope(EnvelopePortal, bytes.TrimSpace(m[1]), &out, apiErr); err != nil {
			return nil, err
		}
	}
	return out.Data, nil
}

// TrunkCDRs lists trunk call records by call id or call-start range
// (cdr/trunk/lists), paging transparently. The range rule is checked
// before any request.
func (s *ReferenceService) TrunkCDRs(ctx context.Context, f CDRFilter) iter.Seq2[TrunkCDR, error] {
	return cdrPages(ctx, s.c, "/v2/svcapi/cdr/trunk/lists", f, 100, true, trunkCDRKey)
}

// VOSCDRs lists VOS call records (vos/list, 500 per page), paging
// transparently. Without a call id or range the service reads today.
func (s *ReferenceService) VOSCDRs(ctx context.Context, f CDRFilter) iter.Seq2[VOSCDR, error] {
	return cdrPages(ctx, s.c, "/v3/portal/api/vos/list", f, 500, false, func(r VOSCDR) string { return string(r.ID) })
}

// trunkCDRKey tells trunk call records apart: a call may leave several
// (one a leg), so the call id alone does not; a record the list pushed onto
// the next page is the same in every field but user_data, which
// call/updateUserData may set meanwhile.
func trunkCDRKey(r TrunkCDR) string {
	r.UserData = ""
	return fmt.Sprintf("%#v", r)
}

func cdrPages[T any](ctx context.Context, c *Client, path string, f CDRFilter, perPage int, needRange bool, key func(T) string) iter.Seq2[T, error] {
	return paginate(ctx, key, func(ctx context.Context, page int) (Page[T], error) {
		if err := CheckCDRRange(f.TimeStartBegin, f.TimeStartEnd); err != nil {
			return Page[T]{}, err
		}
		if needRange && f.CallID == "" && (f.TimeStartBegin == "" || f.TimeStartEnd == "") {
			return Page[T]{}, errors.New("either call_id or both time_start_begin and time_start_end are required")
		}
		body := map[string]any{"per_page": perPage, "current_page": page}
		for k, v := range map[string]string{"call_id": f.CallID, "time_start_begin": f.TimeStartBegin, "time_start_end": f.TimeStartEnd} {
			if v != "" {
				body[k] = v
			}
		}
		var out struct {
			Data ResultsPage[T] `json:"data"`
		}
		err := c.Do(ctx, Request{
			Surface: SurfacePortal, Method: "POST", Path: path,
			Body: body, Envelope: EnvelopeOpen, Idempotent: true, Read: true,
		}, &out)
		return Page[T]{Items: out.Data.Results, More: out.Data.More(), Total: out.Data.Total.Int64(), Current: out.Data.CurrentPage.Int64()}, err
	})
}

// UpdateUserData stores business data on a call (call/updateUserData,
// form-urlencoded). businessStatus is "0" not successful or "1" successful
// ("" leaves it out); a business_status inside userData prevails (§4.7).
func (s *ReferenceService) UpdateUserData(ctx context.Context, callID, businessStatus string, userData map[string]string) (string, error) {
	vals := url.Values{"call_id": {callID}}
	if businessStatus != "" {
		vals.Set("business_status", businessStatus)
	}
	if userData != nil {
		b, _ := json.Marshal(userData)
		vals.Set("user_data", string(b))
	}
	var out struct {
		Message FlexString `json:"message"`
		Msg     FlexString `json:"msg"`
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfacePortal, Method: "POST", Path: "/v2/svcapi/call/updateUserData",
		Body: vals, BodyKind: BodyForm, Envelope: EnvelopePortal, Idempotent: true,
	}, &out)
	if out.Message == "" {
		out.Message = out.Msg
	}
	return string(out.Message), err
}

// NumberSelection returns the number groups, trunk numbers and X numbers
// (getPhoneSelect).
func (s *ReferenceService) NumberSelection(ctx context.Context) (*NumberSelection, error) {
	var out struct {
		Data NumberSelection `json:"data"`
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfacePortalOpen, Method: "POST", Path: "/v3/svcapi/other/getPhoneSelect",
		Envelope: EnvelopeOpen, Idempotent: true, Read: true,
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// IVRs returns the enterprise's IVRs (other/ivrs).
func (s *ReferenceService) IVRs(ctx context.Context) ([]IVR, error) {
	var out struct {
		Data []IVR `json:"data"`
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfacePortalOpen, Method: "POST", Path: "/v3/svcapi/other/ivrs",
		Envelope: EnvelopeOpen, Idempotent: true, Read: true,
	}, &out)
	return out.Data, err
}

// IVRsOnce is IVRs read once for the client's lifetime (one Terraform
// command): the plan's checks of many automatic tasks' trans_to share one
// other/ivrs call. IVRs are made in the portal, not through the API, so the
// list read at the first check serves the command. A failed read is not
// kept. Data sources read IVRs afresh (IVRsShared); a list they read in
// the command serves the first check, as one it read would.
func (s *ReferenceService) IVRsOnce(ctx context.Context) ([]IVR, error) {
	s.ivrsMu.Lock()
	defer s.ivrsMu.Unlock()
	if s.ivrsRead {
		return s.ivrsKept, nil
	}
	if list, ok := s.ivrShare.landedAny(""); ok {
		s.ivrsKept, s.ivrsRead = list, true
		return list, nil
	}
	list, err := s.IVRs(ctx)
	if err != nil {
		return nil, err
	}
	s.ivrsKept, s.ivrsRead = list, true
	return list, nil
}
