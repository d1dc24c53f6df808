package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// GatewayService wraps the signature-authenticated SMS gateway (spec §4.8, §5.5).
type GatewayService struct {
	c          *Client
	templates  *finder[GatewayTemplate]
	signatures *finder[GatewaySignature]
	// The data sources' shared reads of whole lists (ListTemplatesShared,
	// ListSignaturesShared).
	tplShare  listShare[GatewayTemplate]
	signShare listShare[GatewaySignature]
}

func newGatewayService(c *Client) *GatewayService {
	s := &GatewayService{c: c}
	// get_template and get_sign take arrays of ids; the spec bounds only
	// pages (50), which bounds the ids of one call too. The prefetch is the
	// first page: the whole collection when it holds at most 50.
	s.templates = newFinder(c, func(t GatewayTemplate) string { return strconv.FormatInt(t.Identifier(), 10) })
	s.templates.maxIDs = GatewayMaxPage
	s.templates.byIDs = func(ctx context.Context, ids []string) ([]GatewayTemplate, error) {
		return s.getTemplates(ctx, parseInts(ids))
	}
	s.templates.all = func(ctx context.Context) ([]GatewayTemplate, bool, bool, error) {
		return firstPage(s.TemplatesPage(ctx, GatewayPage{Max: GatewayMaxPage}, nil))
	}
	s.signatures = newFinder(c, func(g GatewaySignature) string { return strconv.FormatInt(g.Identifier(), 10) })
	s.signatures.maxIDs = GatewayMaxPage
	s.signatures.byIDs = func(ctx context.Context, ids []string) ([]GatewaySignature, error) {
		return s.getSignatures(ctx, parseInts(ids))
	}
	s.signatures.all = func(ctx context.Context) ([]GatewaySignature, bool, bool, error) {
		return firstPage(s.SignaturesPage(ctx, GatewayPage{Max: GatewayMaxPage}))
	}
	return s
}

// pick returns the items whose id is in ids, in the order of items (the
// gateway's).
func pick[T any](items []T, ids []int64, id func(T) int64) []T {
	want := make(map[int64]bool, len(ids))
	for _, n := range ids {
		want[n] = true
	}
	var out []T
	for _, it := range items {
		if want[id(it)] {
			out = append(out, it)
		}
	}
	return out
}

// orSnapshot iterates the finder's unused whole list, when it has one at
// the time of iterating (and ctx does not ask for FreshReads), else pages.
func orSnapshot[T any](ctx context.Context, f *finder[T], pages iter.Seq2[T, error]) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		if items, ok := f.snapshot(); ok && !f.c.freshReads(ctx) {
			sliceSeq(items)(yield)
			return
		}
		pages(yield)
	}
}

// firstPage is a finder's prefetch from the first page of a gateway list:
// complete, in one call, when the page is not full and the count fits on
// it. A full page is never taken for the whole list (see gatewayMore).
func firstPage[T any](items []T, count int, err error) ([]T, bool, bool, error) {
	whole := err == nil && len(items) < GatewayMaxPage && count <= len(items)
	return items, whole, whole, err
}

// gatewayMore reports whether a get_template or get_sign listing goes on
// after a page of n items (of the max asked) at offset. §4.8 answers a
// `count` without saying whether it counts the listing or the page: a count
// above the page's items can only be the listing's, and then says; else a
// full page may be followed by more (count 50 for a page of 50 is read
// both ways), and only a short page ends the listing.
func gatewayMore(offset, n, max, count int) bool {
	if count > n {
		return offset+n < count
	}
	return n > 0 && n >= max
}

// The gateway's listing calls, as errors name them (§4.8).
const (
	templateCall = "get_template (/tpl/v1/get_template)"
	signCall     = "get_sign (/sign/v1/get_sign)"
)

// Gateway limits (spec §8).
const (
	// GatewayMaxMobiles is the most numbers one send_sms or send_batch takes.
	GatewayMaxMobiles = 200
	// GatewayMaxContent is the longest SMS content, in characters.
	GatewayMaxContent = 400
	// GatewayMaxPage is the largest max of get_template and get_sign.
	GatewayMaxPage = 50
	// GatewayMaxPull is the largest max of down_status and up_status.
	GatewayMaxPull = 100
	// GatewayMaxPic is the longest base64 pic of add_sign.
	GatewayMaxPic = 1024
)

// Review states of gateway signatures and templates (§2.13; templates
// have no draft).
const (
	GatewayStateDraft    int64 = -1
	GatewayStatePending  int64 = 0
	GatewayStateApproved int64 = 1
	GatewayStateRejected int64 = 2
)

var gatewayStateNames = map[int64]string{GatewayStateDraft: "draft", GatewayStatePending: "pending", GatewayStateApproved: "approved", GatewayStateRejected: "rejected"}

// GatewayStateName returns the §2.13 name of a gateway review state, or ""
// for a number the spec does not list.
func GatewayStateName(state int64) string { return gatewayStateNames[state] }

// do sends one gateway request (always a POST, spec §4.8). Only reads
// (get_template, get_sign) are idempotent: sends and pulls are not.
func (s *GatewayService) do(ctx context.Context, path string, body any, read bool, out any) error {
	if err := s.checkCredentials(); err != nil {
		return err
	}
	return s.c.Do(ctx, Request{
		Surface: SurfaceSMSAPI, Method: "POST", Path: path, Body: body,
		Envelope: EnvelopeGateway, Idempotent: read, Read: read,
	}, out)
}

// CheckCredentials returns ErrGatewayCredentials (wrapped, naming what is
// missing) when sms_app_id or sms_app_key is not set: every gateway request
// would fail before it is sent. Callers check it before a run of sends.
func (s *GatewayService) CheckCredentials() error { return s.checkCredentials() }

func (s *GatewayService) checkCredentials() error {
	var missing []string
	if s.c.cfg.AppID == "" {
		missing = append(missing, "sms_app_id")
	}
	if s.c.cfg.AppKey == "" {
		missing = append(missing, "sms_app_key")
	}
	if len(missing) > 0 {
		verb := "is"
		if len(missing) > 1 {
			verb = "are"
		}
		return fmt.Errorf("%s %s not set (%w)", strings.Join(missing, " and "), verb, ErrGatewayCredentials)
	}
	return nil
}

// GatewayTemplate is a get_template data item (§2.13).
type GatewayTemplate struct {
	ID       FlexInt    `json:"id"`
	TplID    FlexInt    `json:"tplId"`
	State    FlexInt    `json:"state"`
	Reason   FlexString `json:"reason"`
	TplTitle FlexString `json:"tplTitle"`
	TplText  FlexString `json:"tplText"`
	Remark   FlexString `json:"remark"`
	TplType  FlexInt    `json:"tplType"`
	SignText FlexString `json:"signText"`
}

// Identifier returns the template id whichever field carried it.
func (t GatewayTemplate) Identifier() int64 {
	if t.ID != 0 {
		return int64(t.ID)
	}
	return int64(t.TplID)
}

// GatewayTemplateInput is the body of add_template (§4.8).
type GatewayTemplateInput struct {
	TplText  string `json:"tplText"`
	TplType  int64  `json:"tplType"`
	TplTitle string `json:"tplTitle"`
	Remark   string `json:"remark,omitempty"`
	SignText string `json:"signText,omitempty"`
}

// GatewaySignature is a get_sign data item (§2.13): documented with id and
// text, the sample uses signId; both are accepted, and signText too.
type GatewaySignature struct {
	ID       FlexInt    `json:"id"`
	SignID   FlexInt    `json:"signId"`
	State    FlexInt    `json:"state"`
	Reason   FlexString `json:"reason"`
	Text     FlexString `json:"text"`
	SignText FlexString `json:"signText"`
}

// Identifier returns the signature id whichever field carried it.
func (g GatewaySignature) Identifier() int64 {
	if g.ID != 0 {
		return int64(g.ID)
	}
	return int64(g.SignID)
}

// Content returns the signature text whichever field carried it.
func (g GatewaySignature) Content() string {
	if g.Text != "" {
		return string(g.Text)
	}
	return string(g.SignText)
}

// GatewaySignatureInput is the body of add_sign (§4.8). Pic is the base64
// qualification image without a data-URI prefix, at most 1024 characters.
type GatewaySignatureInput struct {
	SignText string `json:"signText"`
	Pic      string `json:"pic,omitempty"`
	Remark   string `json:"remark,omitempty"`
}

// GatewayPage selects one page of get_template or get_sign: Max items (1 to
// 50) from item Offset (0-based).
type GatewayPage struct {
	Max    int `json:"max"`
	Offset int `json:"offset"`
}

// AddTemplate submits a template for review and returns its id. It is never
// re-sent blindly: after an ambiguous failure the templates listed after
// the create's start are searched for one with the same title, text, type
// and signature (see lastID: one or two get_template calls of one item per
// create, and a listing of the new templates only after an ambiguous
// failure).
func (s *GatewayService) AddTemplate(ctx context.Context, in GatewayTemplateInput) (int64, error) {
	if err := s.checkCredentials(); err != nil {
		return 0, err
	}
	if err := ValidateGatewayTemplate(in); err != nil {
		return 0, err
	}
	var out struct {
		TplID FlexInt `json:"tplId"`
	}
	// The gateway keeps identical templates apart (a replaced or rejected
	// one stays), so the fields are no unique key: only a match that did
	// not exist before this create can be the one it made.
	same := func(t GatewayTemplate) bool {
		return string(t.TplTitle) == in.TplTitle && string(t.TplText) == in.TplText && int64(t.TplType) == in.TplType &&
			string(t.SignText) == in.SignText
	}
	page := func(ctx context.Context, p GatewayPage) ([]GatewayTemplate, int, error) {
		return s.TemplatesPage(ctx, p, nil)
	}
	unlock, err := s.c.lockCreate(ctx, "gateway template", in.TplTitle, in.TplText, in.SignText)
	if err != nil {
		return 0, err
	}
	defer unlock()
	start, err := lastID(ctx, templateCall, page, GatewayTemplate.Identifier)
	if err != nil {
		return 0, err
	}
	err = s.c.createOnce(ctx, Request{
		Surface: SurfaceSMSAPI, Method: "POST", Path: "/tpl/v1/add_template", Body: in, Envelope: EnvelopeGateway,
	}, &out, func(ctx context.Context) (bool, error) {
		found, err := newer(ctx, s.c, "gateway template", templateCall, start, page, GatewayTemplate.Identifier, same)
		out.TplID = FlexInt(found)
		return found != 0, err
	}, func() bool { return out.TplID != 0 })
	if err != nil {
		return 0, err
	}
	return int64(out.TplID), s.c.claim("gateway template", strconv.FormatInt(int64(out.TplID), 10))
}

// GetTemplates returns the templates with the given ids (get_template with
// tplId). Unknown ids are simply absent from the result. A whole list the
// template finder read in this walk serves it (see finder.snapshot).
func (s *GatewayService) GetTemplates(ctx context.Context, ids []int64) ([]GatewayTemplate, error) {
	if items, ok := s.templates.snapshot(); ok && !s.c.freshReads(ctx) {
		return pick(items, ids, GatewayTemplate.Identifier), nil
	}
	return gatewayByIDs(ctx, ids, s.getTemplates)
}

func (s *GatewayService) getTemplates(ctx context.Context, ids []int64) ([]GatewayTemplate, error) {
	var out struct {
		Data []GatewayTemplate `json:"data"`
	}
	err := s.do(ctx, "/tpl/v1/get_template", map[string]any{"tplId": ids}, true, &out)
	return out.Data, err
}

// GetTemplate finds one template by id, batched with the other templates
// read at the same time (see finder); the error satisfies IsNotFound when
// the gateway does not know it.
func (s *GatewayService) GetTemplate(ctx context.Context, id int64) (*GatewayTemplate, error) {
	if err := s.checkCredentials(); err != nil {
		return nil, err
	}
	return s.templates.get(ctx, strconv.FormatInt(id, 10), "gateway template")
}

// TemplatesPage returns one page of templates and the total count.
func (s *GatewayService) TemplatesPage(ctx context.Context, p GatewayPage, vccID *int64) ([]GatewayTemplate, int, error) {
	body := map[string]any{"tplPage": p}
	if vccID != nil {
		body["vccId"] = *vccID
	}
	var out struct {
		Count FlexInt           `json:"count"`
		Data  []GatewayTemplate `json:"data"`
	}
	err := s.do(ctx, "/tpl/v1/get_template", body, true, &out)
	return out.Data, int(out.Count), err
}

// ListTemplates pages through every template, 50 at a time. Without vccID,
// a whole list the template finder read in this walk serves it (see
// finder.snapshot).
func (s *GatewayService) ListTemplates(ctx context.Context, vccID *int64) iter.Seq2[GatewayTemplate, error] {
	pages := gatewayPages(ctx, templateCall, 0, func(ctx context.Context, p GatewayPage) ([]GatewayTemplate, int, error) {
		return s.TemplatesPage(ctx, p, vccID)
	})
	if vccID != nil {
		return pages
	}
	return orSnapshot(ctx, s.templates, pages)
}

// gatewayPages pages through a get_template or get_sign listing (call, its
// path for an error) from item from on, 50 at a time.
func gatewayPages[T any](ctx context.Context, call string, from int, page func(context.Context, GatewayPage) ([]T, int, error)) iter.Seq2[T, error] {
	var before []T      // the items of the page before
	var beforeCount int // and its count
	return paginate(ctx, nil, func(ctx context.Context, n int) (Page[T], error) {
		p := GatewayPage{Max: GatewayMaxPage, Offset: from + (n-1)*GatewayMaxPage}
		items, count, err := page(ctx, p)
		// A read again starts afresh (n > 1); a listing whose count grew
		// since the page before (a gateway listing newest first that gained
		// exactly a page meanwhile) answers the page before again, healthy
		// (grew, as pageAgain takes it).
		if err == nil && n > 1 && !grew(int64(beforeCount), int64(count)) && len(items) > 0 && reflect.DeepEqual(items, before) {
			// The items of the offset before, again: a gateway that does not
			// read offset (§4.8 does not say what it counts) answers its
			// first items to every request. With a count that does not
			// exceed one page (or none), each full page said more follow,
			// and the listing was read until the operation's time ran out
			// (for ccsync export, without end), as many calls a second as
			// the gateway answered.
			return Page[T]{}, fmt.Errorf("%s: the gateway answered the same %d items at offset %d as at offset %d (count %d): it does not read offset "+
				"as an item count (§4.8 does not say what it counts), so the listing cannot be read whole. Tell the gateway's operator; meanwhile read "+
				"gateway signatures and templates by id (the data sources' ids, an import by id), and leave them out of ccsync export with --kinds",
				call, len(items), p.Offset, p.Offset-GatewayMaxPage, count)
		}
		before, beforeCount = items, count
		if err == nil && len(items) == 0 && p.Offset > 0 && count > p.Offset {
			// §4.8 does not say what offset counts: the client counts
			// items. A gateway counting pages answers offset 50 empty (its
			// page 50) while count says more remain; ending the listing
			// there would take every item past the first page for absent.
			return Page[T]{}, fmt.Errorf("the gateway answered no items at offset %d while its count says %d: it does not read offset "+
				"as an item count (§4.8 does not say what it counts), so the listing cannot be read whole. Tell the gateway's operator; meanwhile read "+
				"gateway signatures and templates by id (the data sources' ids, an import by id), and leave them out of ccsync export with --kinds", p.Offset, count)
		}
		return Page[T]{Items: items, More: gatewayMore(p.Offset, len(items), p.Max, count), Total: int64(count)}, err
	})
}

// lastID returns where in a get_template or get_sign listing the lookup
// after an ambiguous create (newer) starts reading, and the highest id it
// saw, reading one item at each end (two calls when there are several).
// The gateway lists oldest first and deletes nothing (as seen; §4.8 does
// not say), so whatever a create adds is listed after the last item: the
// lookup reads only those, never the whole listing. A listing whose first
// item has the higher id is newest first: the lookup then reads it from
// the start (a create's object comes first there; read from the end, it
// was missed and the create sent again). Either way only ids above the
// highest seen count, so an older identical object is never taken.
//
// A count of 1 for a page of one item may count the page, not the listing
// (see gatewayMore): then the listing is read through to find its end.
//
// A failure of these reads comes before the create is sent: it is a
// NothingDoneError that says so. It was the read's error alone, and a
// dropped connection then advised checking whether the write took effect.
func lastID[T any](ctx context.Context, call string, page func(context.Context, GatewayPage) ([]T, int, error), id func(T) int64) (lookupStart, error) {
	start, err := lastIDRead(ctx, call, page, id)
	if err != nil {
		return start, &NothingDoneError{fmt.Errorf("reading the listing (%s) before creating one failed, so nothing was created and applying again is safe: %w", call, err)}
	}
	return start, nil
}

func lastIDRead[T any](ctx context.Context, call string, page func(context.Context, GatewayPage) ([]T, int, error), id func(T) int64) (lookupStart, error) {
	items, count, err := page(ctx, GatewayPage{Max: 1})
	start := lookupStart{from: max(count-1, 0)}
	if err == nil && count > 1 {
		first := items
		items, _, err = page(ctx, GatewayPage{Max: 1, Offset: count - 1})
		if len(first) == 1 && len(items) == 1 && id(first[0]) > id(items[0]) {
			start.from, start.newestFirst = 0, true
		}
		items = append(items, first...)
	} else if err == nil && len(items) == 1 {
		items = nil
		for t, perr := range gatewayPages(ctx, call, 0, page) {
			if perr != nil {
				return lookupStart{}, perr
			}
			items = append(items, t)
		}
		start.from = max(len(items)-1, 0)
		if len(items) > 1 && id(items[0]) > id(items[len(items)-1]) {
			start.from, start.newestFirst = 0, true
		}
	}
	for _, t := range items {
		start.last = max(start.last, id(t))
	}
	return start, err
}

// lookupStart is where newer reads a listing from (from), the highest id
// lastID saw (last), and whether the listing is newest first: then newer
// stops at the first id not above last, as everything after it is older
// (read to its end, every lookup of a large listing read all its pages).
type lookupStart struct {
	from        int
	last        int64
	newestFirst bool
}

// newer returns the id above last of the object match accepts, reading the
// listing from where lastID said (start) on; 0 when there is none,
// and a *SeveralNewError when there are several (one made elsewhere
// meanwhile: which one is this create's cannot be told).
func newer[T any](ctx context.Context, c *Client, kind, call string, start lookupStart, page func(context.Context, GatewayPage) ([]T, int, error),
	id func(T) int64, match func(T) bool) (int64, error) {
	var found []string
	last := start.last
	for t, err := range gatewayPages(ctx, call, start.from, page) {
		if err != nil {
			return 0, err
		}
		if start.newestFirst && id(t) <= last {
			break // the rest is older
		}
		if k := strconv.FormatInt(id(t), 10); id(t) > last && match(t) && !c.claimedBy(kind, k) && !slices.Contains(found, k) {
			found = append(found, k)
		}
	}
	switch len(found) {
	case 0:
		return 0, nil
	case 1:
		return strconv.ParseInt(found[0], 10, 64)
	}
	return 0, &SeveralNewError{Kind: kind, IDs: found}
}

// AddSignature submits a signature for review and returns its id. After an
// ambiguous failure the signatures listed after the create's start are
// searched for one with the same text (see lastID).
func (s *GatewayService) AddSignature(ctx context.Context, in GatewaySignatureInput) (int64, error) {
	if err := s.checkCredentials(); err != nil {
		return 0, err
	}
	if strings.TrimSpace(in.SignText) == "" {
		return 0, errors.New("signText is required")
	}
	if len(in.Pic) > GatewayMaxPic {
		return 0, fmt.Errorf("pic is %d characters of base64; the gateway takes at most %d", len(in.Pic), GatewayMaxPic)
	}
	var out struct {
		SignID FlexInt `json:"signId"`
	}
	// Duplicate signature texts are allowed (a replaced or rejected
	// signature stays), so only a match that did not exist before this
	// create can be the one it made.
	same := func(g GatewaySignature) bool { return g.Content() == in.SignText }
	unlock, err := s.c.lockCreate(ctx, "gateway signature", in.SignText)
	if err != nil {
		return 0, err
	}
	defer unlock()
	start, err := lastID(ctx, signCall, s.SignaturesPage, GatewaySignature.Identifier)
	if err != nil {
		return 0, err
	}
	err = s.c.createOnce(ctx, Request{
		Surface: SurfaceSMSAPI, Method: "POST", Path: "/sign/v1/add_sign", Body: in, Envelope: EnvelopeGateway,
	}, &out, func(ctx context.Context) (bool, error) {
		found, err := newer(ctx, s.c, "gateway signature", signCall, start, s.SignaturesPage, GatewaySignature.Identifier, same)
		out.SignID = FlexInt(found)
		return found != 0, err
	}, func() bool { return out.SignID != 0 })
	if err != nil {
		return 0, err
	}
	return int64(out.SignID), s.c.claim("gateway signature", strconv.FormatInt(int64(out.SignID), 10))
}

// GetSignatures returns the signatures with the given ids (get_sign with
// signId). A whole list the signature finder read in this walk serves it
// (see finder.snapshot).
func (s *GatewayService) GetSignatures(ctx context.Context, ids []int64) ([]GatewaySignature, error) {
	if items, ok := s.signatures.snapshot(); ok && !s.c.freshReads(ctx) {
		return pick(items, ids, GatewaySignature.Identifier), nil
	}
	return gatewayByIDs(ctx, ids, s.getSignatures)
}

// gatewayByIDs reads ids through get (get_template with tplId, get_sign
// with signId) at most GatewayMaxPage ids a call. §4.8 bounds an answer of
// these interfaces at 50 items (tplPage/signPage max), and the finder
// batches its lookups by that bound (newGatewayService): a list of more
// ids in one call could be answered with only 50 of them, and an id left
// out of the answer reads as unknown, so the data sources' ids dropped
// objects without a word.
func gatewayByIDs[T any](ctx context.Context, ids []int64, get func(context.Context, []int64) ([]T, error)) ([]T, error) {
	// Each id once: a repeated id split over two calls would be answered
	// twice.
	seen := make(map[int64]bool, len(ids))
	uniq := make([]int64, 0, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			uniq = append(uniq, id)
		}
	}
	var out []T
	for part := range slices.Chunk(uniq, GatewayMaxPage) {
		items, err := get(ctx, part)
		if err != nil {
			return nil, err
		}
		out = append(out, items...)
	}
	return out, nil
}

func (s *GatewayService) getSignatures(ctx context.Context, ids []int64) ([]GatewaySignature, error) {
	var out struct {
		Data []GatewaySignature `json:"data"`
	}
	err := s.do(ctx, "/sign/v1/get_sign", map[string]any{"signId": ids}, true, &out)
	return out.Data, err
}

// GetSignature finds one signature by id, batched with the other
// signatures read at the same time (see finder); the error satisfies
// IsNotFound when the gateway does not know it.
func (s *GatewayService) GetSignature(ctx context.Context, id int64) (*GatewaySignature, error) {
	if err := s.checkCredentials(); err != nil {
		return nil, err
	}
	return s.signatures.get(ctx, strconv.FormatInt(id, 10), "gateway signature")
}

// SignaturesPage returns one page of signatures and the total count.
func (s *GatewayService) SignaturesPage(ctx context.Context, p GatewayPage) ([]GatewaySignature, int, error) {
	var out struct {
		Count FlexInt            `json:"count"`
		Data  []GatewaySignature `json:"data"`
	}
	err := s.do(ctx, "/sign/v1/get_sign", map[string]any{"signPage": p}, true, &out)
	return out.Data, int(out.Count), err
}

// SeenSignaturesByContent returns every gateway signature of this text
// (Content) from a whole listing the signature finder read in this walk,
// or its first page when that is the whole listing (fewer than 50), a read
// the refresh of the walk's gateway signatures shares; known is false when
// no such read answers (a larger listing, after a write), for the text may
// also stand on a page not read.
func (s *GatewayService) SeenSignaturesByContent(ctx context.Context, text string) (found []GatewaySignature, known bool, err error) {
	return s.signatures.seenAll(ctx, func(g GatewaySignature) bool { return g.Content() == text })
}

// ListSignatures pages through every signature, 50 at a time; a whole
// list the signature finder read in this walk serves it (see
// finder.snapshot).
func (s *GatewayService) ListSignatures(ctx context.Context) iter.Seq2[GatewaySignature, error] {
	return orSnapshot(ctx, s.signatures, gatewayPages(ctx, signCall, 0, s.SignaturesPage))
}

// SendResultItem is one number of a send_sms or send_batch answer (§2.13).
type SendResultItem struct {
	SmsFee FlexInt    `json:"smsFee"`
	Mobile FlexString `json:"mobile"`
	SmsID  FlexString `json:"smsId"`
}

// SendResult is the answer of send_sms, send_batch and send_single.
type SendResult struct {
	SmsExt FlexString       `json:"smsExt"`
	Msg    FlexString       `json:"msg"`
	Data   []SendResultItem `json:"data"`
}

// GatewaySMS is the body of send_sms: free text to at most 200 numbers.
type GatewaySMS struct {
	Mobiles  []string `json:"mobiles"`
	SmsText  string   `json:"smsText"`
	SignText string   `json:"signText"`
	SmsExt   string   `json:"smsExt,omitempty"`
	Exten    string   `json:"exten,omitempty"`
}

// GatewaySingle is the body of send_single: one templated message.
// SmsParams is a []string (positional) or a map[string]string (by name);
// nil is sent as an empty array.
type GatewaySingle struct {
	Mobile    string `json:"mobile"`
	TplID     int64  `json:"tplId"`
	SmsParams any    `json:"smsParams"`
	SignText  string `json:"signText"`
	SmsExt    string `json:"smsExt,omitempty"`
	Exten     string `json:"exten,omitempty"`
}

// GatewayBatch is the body of send_batch: one template to at most 200
// numbers. SignText may be empty when the default signature is used.
type GatewayBatch struct {
	Mobiles   []string `json:"mobiles"`
	TplID     int64    `json:"tplId"`
	SmsParams any      `json:"smsParams"`
	SignText  string   `json:"signText,omitempty"`
	SmsExt    string   `json:"smsExt,omitempty"`
	Exten     string   `json:"exten,omitempty"`
}

// SendSMS sends free text (send_sms). Sends are never retried: a retry could
// send twice.
func (s *GatewayService) SendSMS(ctx context.Context, in GatewaySMS) (*SendResult, error) {
	var out SendResult
	err := s.do(ctx, "/sms/v1/send_sms", in, false, &out)
	return &out, err
}

// SendSingle sends one templated message (send_single).
func (s *GatewayService) SendSingle(ctx context.Context, in GatewaySingle) (*SendResult, error) {
	if in.SmsParams == nil {
		in.SmsParams = []string{}
	}
	var out struct {
		SendResult
		Mobile FlexString `json:"mobile"`
		SmsFee FlexInt    `json:"smsFee"`
		SmsID  FlexString `json:"smsId"`
	}
	err := s.do(ctx, "/sms/v1/send_single", in, false, &out)
	res := out.SendResult
	if err == nil {
		res.Data = []SendResultItem{{Mobile: out.Mobile, SmsFee: out.SmsFee, SmsID: out.SmsID}}
	}
	return &res, err
}

// SendBatch sends one template to many numbers (send_batch).
func (s *GatewayService) SendBatch(ctx context.Context, in GatewayBatch) (*SendResult, error) {
	if in.SmsParams == nil {
		in.SmsParams = []string{}
	}
	var out SendResult
	err := s.do(ctx, "/sms/v1/send_batch", in, false, &out)
	return &out, err
}

// DeliveryRecord is a delivery status record (§2.13, §6.2): pushed to the
// delivery callback and pulled from down_status.
type DeliveryRecord struct {
	TimeDelivered FlexString `json:"timeDelivered"`
	Exten         FlexString `json:"exten"`
	Mobile        FlexString `json:"mobile"`
	State         FlexString `json:"state"`
	Errmsg        FlexString `json:"errmsg"`
	SmsID         FlexString `json:"smsId"`
	SmsExt        FlexString `json:"smsExt,omitempty"`
	SmsFee        FlexInt    `json:"smsFee,omitempty"`
	ChannelType   FlexInt    `json:"channelType"`
	ErrType       FlexInt    `json:"errType"`
	ErrCode       FlexString `json:"errCode"`
}

// ReplyRecord is an SMS reply (§2.13, §6.3): pushed to the reply callback
// and pulled from up_status. TimeDelivered is Unix time.
type ReplyRecord struct {
	Exten         FlexString `json:"exten,omitempty"`
	Mobile        FlexString `json:"mobile"`
	SmsText       FlexString `json:"smsText"`
	TimeDelivered FlexInt    `json:"timeDelivered"`
}

// PullKind names a pull queue (§6.5).
type PullKind string

// The two pull queues.
const (
	PullDelivery PullKind = "delivery" // down_status
	PullReplies  PullKind = "reply"    // up_status
)

// Pull takes up to max (1 to 100) records off a pull queue and returns them
// as the gateway sent them, so nothing of a record is lost in decoding. Each
// record is returned once (§6.5), so a pull is never retried automatically:
// a lost answer would lose its records.
func (s *GatewayService) Pull(ctx context.Context, kind PullKind, max int) ([]json.RawMessage, error) {
	path := "/pull/v1/down_status"
	switch kind {
	case PullDelivery:
	case PullReplies:
		path = "/pull/v1/up_status"
	default:
		return nil, fmt.Errorf("pull kind must be %q or %q, got %q", PullDelivery, PullReplies, kind)
	}
	if max < 1 || max > GatewayMaxPull {
		return nil, fmt.Errorf("pull max must be from 1 to %d, got %d", GatewayMaxPull, max)
	}
	// Once sent, a pull has taken its records off the queue: it is let
	// finish (bounded by request_timeout) when the caller is interrupted,
	// so that the records it took reach the caller instead of being lost
	// with the connection. An interrupt before it is sent stops it, and so
	// does one while it waits to be sent again after an HTTP 429 (which
	// took nothing): run under context.WithoutCancel whole, that wait
	// (up to 5 minutes) ignored every Ctrl-C.
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var out struct {
		Data []json.RawMessage `json:"data"`
	}
	if err := s.checkCredentials(); err != nil {
		return nil, err
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfaceSMSAPI, Method: "POST", Path: path, Body: map[string]any{"max": max},
		Envelope: EnvelopeGateway, LetFinish: true,
	}, &out)
	return out.Data, err
}

// PullDeliveryRecords takes up to max (1 to 100) delivery records off the
// down_status queue, decoded.
func (s *GatewayService) PullDeliveryRecords(ctx context.Context, max int) ([]DeliveryRecord, error) {
	return pullAs[DeliveryRecord](ctx, s, PullDelivery, max)
}

// PullReplyRecords takes up to max (1 to 100) reply records off the
// up_status queue, decoded.
func (s *GatewayService) PullReplyRecords(ctx context.Context, max int) ([]ReplyRecord, error) {
	return pullAs[ReplyRecord](ctx, s, PullReplies, max)
}

func pullAs[T any](ctx context.Context, s *GatewayService, kind PullKind, max int) ([]T, error) {
	raw, err := s.Pull(ctx, kind, max)
	out := make([]T, 0, len(raw))
	var errs []error
	for _, r := range raw {
		var v T
		if derr := json.Unmarshal(r, &v); derr != nil {
			// The record is already off the queue: keep going and report it.
			errs = append(errs, fmt.Errorf("decoding pulled record %s: %w", preview(r), derr))
			continue
		}
		out = append(out, v)
	}
	return out, errors.Join(append([]error{err}, errs...)...)
}
