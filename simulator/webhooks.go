package simulator

import (
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
)

// WebhooksState holds the webhooks of the enterprise (spec §2.8, §4.4).
type WebhooksState struct {
	Hooks map[int64]*WebhookRec `json:"hooks"`
}

func (x *WebhooksState) init() {
	if x.Hooks == nil {
		x.Hooks = map[int64]*WebhookRec{}
	}
}

// usedIDs reports the ids the part holds (State.keepIDsAbove).
func (x *WebhooksState) usedIDs(take func(kind string, id int64)) {
	for id := range x.Hooks {
		take("webhook", id)
	}
}

// webhooksPart registers this domain's part of the state, member "webhooks" of
// the state file.
var webhooksPart = registerState("webhooks", (*WebhooksState).init)

// Webhooks returns the state's part of this domain (webhooks).
func (st *State) Webhooks() *WebhooksState { return webhooksPart(st) }

// WebhookRec is one webhook with the fields of §2.8.
type WebhookRec struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	URL       string `json:"url"`
	Status    bool   `json:"status"`
	DeptID    int64  `json:"dept_id"`
	EventType int64  `json:"event_type"`
	IsEncrypt bool   `json:"is_encrypt"`
	CreatedAt string `json:"created_at"`
	UpdatedAt string `json:"updated_at"`
}

// The autocall surface (tasks and webhooks) answers the open envelope; §7.1
// shows no codes beyond 0, so the simulator uses these (fidelity/tasks.md).
var autocallCodes = map[int]string{
	400: "request body could not be parsed",
	404: "object does not exist",
	422: "parameter validation failed",
}

// The simulator's user, stamped on task and webhook records (the enterprise
// is simVccID, shared by every domain).
const (
	autocallUserID   = 1
	autocallUserName = "api"
)

const autocallTimeFormat = "2006-01-02 15:04:05"

func init() {
	registerDomain(domain{name: "webhooks", routes: func(s *Server) {
		w := func(methods []string, path string, h func(*Call)) Route {
			return Route{Methods: methods, Prefix: PrefixAutocall, Path: "/api/v3/webhook" + path, Env: EnvOpen, Codes: autocallCodes, Handler: h}
		}
		s.Handle(w([]string{"GET"}, "/lists", webhookListHandler))
		s.Handle(w([]string{"POST"}, "/updateOrCreate", webhookSaveHandler))
		s.Handle(w([]string{"GET"}, "/delete", webhookDeleteHandler))
	}})
}

func autocallDeptName(id int64) string {
	if id == 0 {
		return "Default department"
	}
	return fmt.Sprintf("Department %d", id)
}

func (h *WebhookRec) record() map[string]any {
	return map[string]any{
		"id": h.ID, "vcc_id": simVccID, "name": h.Name, "url": h.URL, "status": h.Status,
		"dept_id": h.DeptID, "dept_name": autocallDeptName(h.DeptID), "event_type": h.EventType, "is_encrypt": h.IsEncrypt,
		"created_at": h.CreatedAt, "updated_at": h.UpdatedAt,
		"created_user_name": autocallUserName, "updated_user_name": autocallUserName,
		"created_user_id": autocallUserID, "updated_user_id": autocallUserID,
	}
}

// autocallPageParams reads current_page and per_page (default def, at most 100).
func autocallPageParams(c *Call, def int64) (page, per int64, ok bool) {
	page, _, err := c.Int("current_page")
	if err != nil || page < 0 {
		c.Fail(422, fmt.Sprintf("current_page must be a whole number >= 1, got %q", c.Str("current_page")), nil)
		return 0, 0, false
	}
	per, _, err = c.Int("per_page")
	if err != nil || per < 0 {
		c.Fail(422, fmt.Sprintf("per_page must be a whole number >= 1, got %q", c.Str("per_page")), nil)
		return 0, 0, false
	}
	if page == 0 {
		page = 1
	}
	if per == 0 {
		per = def
	}
	per = min(per, 100)
	return page, per, true
}

// autocallResultsPage builds the §2.2 page object; pagesKey is "total_page" or
// "totalPage" (the spec's two spellings; tasks use the first, webhooks the second).
func autocallResultsPage(items []map[string]any, page, per int64, pagesKey string) map[string]any {
	total := int64(len(items))
	pages := (total + per - 1) / per
	from := min((page-1)*per, total)
	to := min(from+per, total)
	results := items[from:to]
	if results == nil {
		results = []map[string]any{}
	}
	return map[string]any{"current_page": page, pagesKey: pages, "per_page": per, "total": total,
		"empty": len(results) == 0, "results": results}
}

func webhookListHandler(c *Call) {
	page, per, ok := autocallPageParams(c, 15)
	if !ok {
		return
	}
	name, u := c.Str("name"), c.Str("url")
	ids := make([]int64, 0, len(c.St.Webhooks().Hooks))
	for id, h := range c.St.Webhooks().Hooks {
		if (name == "" || strings.Contains(h.Name, name)) && (u == "" || strings.Contains(h.URL, u)) {
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	items := make([]map[string]any, 0, len(ids))
	for _, id := range ids {
		items = append(items, c.St.Webhooks().Hooks[id].record())
	}
	c.OK(autocallResultsPage(items, page, per, "totalPage"))
}

func webhookSaveHandler(c *Call) {
	var h WebhookRec
	id, hasID, err := c.Int("id")
	if err != nil {
		c.Fail(422, err.Error(), nil)
		return
	}
	if hasID && id != 0 {
		old := c.St.Webhooks().Hooks[id]
		if old == nil {
			c.Fail(404, fmt.Sprintf("webhook %d does not exist", id), nil)
			return
		}
		h = *old
	}
	h.Name = strings.TrimSpace(c.Str("name"))
	if h.Name == "" {
		c.Fail(422, "name is required", nil)
		return
	}
	h.URL = strings.TrimSpace(c.Str("url"))
	if pu, err := url.Parse(h.URL); h.URL == "" || err != nil || (pu.Scheme != "http" && pu.Scheme != "https") || pu.Host == "" {
		c.Fail(422, fmt.Sprintf("url must be an http:// or https:// address, got %q", h.URL), nil)
		return
	}
	ints := []struct {
		name    string
		dst     *int64
		allowed []int64
	}{{"dept_id", &h.DeptID, nil}, {"event_type", &h.EventType, []int64{0, 1, 2}}}
	for _, f := range ints {
		v, ok, err := c.Int(f.name)
		if err != nil || (ok && v < 0) || (ok && f.allowed != nil && !containsInt(f.allowed, v)) {
			msg := fmt.Sprintf("%s must be a whole number >= 0, got %q", f.name, c.Str(f.name))
			if f.allowed != nil {
				msg = fmt.Sprintf("%s must be one of %v, got %q", f.name, f.allowed, c.Str(f.name))
			}
			c.Fail(422, msg, nil)
			return
		}
		*f.dst = 0
		if ok {
			*f.dst = v
		}
	}
	bools := []struct {
		name string
		dst  *bool
	}{{"status", &h.Status}, {"is_encrypt", &h.IsEncrypt}}
	for _, f := range bools {
		v, _, err := c.Bool(f.name)
		if err != nil {
			c.Fail(422, err.Error(), nil)
			return
		}
		*f.dst = v // §3.5: status defaults to false on every updateOrCreate
	}
	now := c.Now().Format(autocallTimeFormat)
	if h.ID == 0 {
		h.ID = c.St.NextID("webhook", 300)
		h.CreatedAt = now
	}
	h.UpdatedAt = now
	c.St.Webhooks().Hooks[h.ID] = &h
	c.Changed()
	c.OK(h.record())
}

func webhookDeleteHandler(c *Call) {
	id, ok, err := c.Int("id")
	if err != nil || !ok || id <= 0 {
		c.Fail(422, fmt.Sprintf("id is required and must be a webhook id, got %q", c.Str("id")), nil)
		return
	}
	if c.St.Webhooks().Hooks[id] == nil {
		c.Fail(404, "webhook "+strconv.FormatInt(id, 10)+" does not exist", nil)
		return
	}
	delete(c.St.Webhooks().Hooks, id)
	c.Changed()
	c.OK(nil)
}
