package client

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestLaravelPageMore(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		body string
		more bool
	}{
		"middle page":         {`{"current_page":1,"last_page":3,"data":[1]}`, true},
		"last page":           {`{"current_page":3,"last_page":3,"data":[1]}`, false},
		"strings":             {`{"current_page":"2","last_page":"3","data":[1]}`, true},
		"next_page_url only":  {`{"current_page":1,"next_page_url":"http://x/?page=2","data":[1]}`, true},
		"null next_page_url":  {`{"current_page":1,"next_page_url":null,"data":[1]}`, false},
		"empty next_page_url": {`{"current_page":1,"next_page_url":"","data":[1]}`, false},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var p LaravelPage[int]
			if err := json.Unmarshal([]byte(tc.body), &p); err != nil {
				t.Fatal(err)
			}
			if p.More() != tc.more {
				t.Errorf("More() = %v, want %v", p.More(), tc.more)
			}
		})
	}
}

func TestResultsPageMore(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		body  string
		pages int64
		more  bool
	}{
		"total_page":            {`{"current_page":1,"total_page":2,"results":[1]}`, 2, true},
		"totalPage":             {`{"current_page":1,"totalPage":2,"results":[1]}`, 2, true},
		"totalPage as string":   {`{"current_page":"2","totalPage":"2","results":[1]}`, 2, false},
		"by total and per_page": {`{"current_page":1,"per_page":10,"total":11,"results":[1]}`, 0, true},
		"last by total":         {`{"current_page":2,"per_page":10,"total":11,"results":[1]}`, 0, false},
		"nothing known":         {`{"current_page":1,"results":[1]}`, 0, false},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var p ResultsPage[int]
			if err := json.Unmarshal([]byte(tc.body), &p); err != nil {
				t.Fatal(err)
			}
			if p.Pages() != tc.pages || p.More() != tc.more {
				t.Errorf("Pages() = %d More() = %v, want %d %v", p.Pages(), p.More(), tc.pages, tc.more)
			}
		})
	}
}

// pagedServer serves `pages` pages of 2 items in the §2.2 shape, using the
// given spelling of the page count, and counts the pages fetched.
func pagedServer(pages int, countField string, fetched *atomic.Int32) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fetched.Add(1)
		page, _ := strconv.Atoi(r.URL.Query().Get("page"))
		body := map[string]any{"code": 0, "message": "ok", "data": map[string]any{
			"current_page": page, countField: pages, "results": []int{page*10 + 1, page*10 + 2},
		}}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(body)
	})
}

func listResults(c *Client) func(ctx context.Context, page int) (Page[int], error) {
	return func(ctx context.Context, page int) (Page[int], error) {
		var out struct {
			Data ResultsPage[int] `json:"data"`
		}
		err := c.Do(ctx, Request{Surface: SurfaceAutocall, Method: "GET", Path: "/list", BodyKind: BodyNone,
			Query: map[string][]string{"page": {strconv.Itoa(page)}}, Envelope: EnvelopeOpen, Idempotent: true}, &out)
		return Page[int]{Items: out.Data.Results, More: out.Data.More()}, err
	}
}

func TestPaginate(t *testing.T) {
	t.Parallel()
	for _, field := range []string{"total_page", "totalPage"} {
		t.Run(field, func(t *testing.T) {
			t.Parallel()
			var fetched atomic.Int32
			c := newTestClient(t, pagedServer(3, field, &fetched))
			got, err := Collect(paginate(t.Context(), nil, listResults(c)))
			if err != nil {
				t.Fatal(err)
			}
			if want := []int{11, 12, 21, 22, 31, 32}; !slices.Equal(got, want) {
				t.Errorf("items = %v, want %v", got, want)
			}
			if fetched.Load() != 3 {
				t.Errorf("fetched %d pages, want 3", fetched.Load())
			}
		})
	}
	t.Run("early stop", func(t *testing.T) {
		t.Parallel()
		var fetched atomic.Int32
		c := newTestClient(t, pagedServer(100, "totalPage", &fetched))
		var got []int
		for v, err := range paginate(t.Context(), nil, listResults(c)) {
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, v)
			if len(got) == 3 {
				break
			}
		}
		if !slices.Equal(got, []int{11, 12, 21}) || fetched.Load() != 2 {
			t.Errorf("items %v after %d pages, want [11 12 21] after 2", got, fetched.Load())
		}
	})
	t.Run("error stops", func(t *testing.T) {
		t.Parallel()
		calls := 0
		boom := errors.New("boom")
		got, err := Collect(paginate(t.Context(), nil, func(_ context.Context, page int) (Page[int], error) {
			calls++
			if page == 2 {
				return Page[int]{}, boom
			}
			return Page[int]{Items: []int{page}, More: true}, nil
		}))
		if !errors.Is(err, boom) || !slices.Equal(got, []int{1}) || calls != 2 {
			t.Errorf("got %v, %v after %d calls", got, err, calls)
		}
	})
	t.Run("empty page ends even if More", func(t *testing.T) {
		t.Parallel()
		calls := 0
		got, err := Collect(paginate(t.Context(), nil, func(_ context.Context, page int) (Page[int], error) {
			calls++
			if page > 1 {
				return Page[int]{More: true}, nil
			}
			return Page[int]{Items: []int{1}, More: true}, nil
		}))
		if err != nil || len(got) != 1 || calls != 2 {
			t.Errorf("got %v %v after %d calls, want [1] after 2", got, err, calls)
		}
	})
}

// shiftingList serves a list of ids, two a page, oldest first, and runs
// change (once) after serving the page it names: the list changing between
// two pages of one read, as the platform's lists do.
type shiftingList struct {
	ids    []int
	after  int
	change func(ids []int) []int
	calls  int
}

func (l *shiftingList) fetch(_ context.Context, page int) (Page[int], error) {
	l.calls++
	lo, hi := min((page-1)*2, len(l.ids)), min(page*2, len(l.ids))
	p := Page[int]{Items: slices.Clone(l.ids[lo:hi]), More: hi < len(l.ids), Total: int64(len(l.ids))}
	if page == l.after && l.change != nil {
		l.ids, l.change = l.change(l.ids), nil
	}
	return p, nil
}

func TestPaginateListChanging(t *testing.T) {
	t.Parallel()
	id := func(n int) string { return strconv.Itoa(n) }
	cases := map[string]struct {
		change func([]int) []int
		key    func(int) string
		want   []int
		calls  int
	}{
		// A create at the head pushes 2 onto page 2: yielded once.
		"created before the page read": {
			change: func(ids []int) []int { return append([]int{0}, ids...) },
			key:    id, want: []int{1, 2, 3, 4, 5, 6}, calls: 4,
		},
		// A delete at the head pulls 3 onto page 1, already read: the list
		// shrank, so it is read again and 3 found.
		"deleted before the page read": {
			change: func(ids []int) []int { return ids[1:] },
			key:    id, want: []int{1, 2, 4, 5, 6, 3}, calls: 3 + 3,
		},
		"deleted after the page read": {
			change: func(ids []int) []int { return ids[:len(ids)-1] },
			key:    id, want: []int{1, 2, 3, 4, 5}, calls: 3 + 3,
		},
		"unchanged": {
			change: func(ids []int) []int { return ids },
			key:    id, want: []int{1, 2, 3, 4, 5, 6}, calls: 3,
		},
		// Without a key nothing can be told apart: one read, as served.
		"no key": {
			change: func(ids []int) []int { return ids[1:] },
			want:   []int{1, 2, 4, 5, 6}, calls: 3,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			l := &shiftingList{ids: []int{1, 2, 3, 4, 5, 6}, after: 1, change: tc.change}
			got, err := Collect(paginate(t.Context(), tc.key, l.fetch))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tc.want) || l.calls != tc.calls {
				t.Errorf("items %v after %d calls, want %v after %d", got, l.calls, tc.want, tc.calls)
			}
		})
	}
	t.Run("shrinking on every read", func(t *testing.T) {
		t.Parallel()
		l := &shiftingList{ids: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}}
		calls := 0
		got, err := Collect(paginate(t.Context(), id, func(ctx context.Context, page int) (Page[int], error) {
			calls++
			if page == 2 {
				l.ids = l.ids[1:] // one deleted during every read
			}
			return l.fetch(ctx, page)
		}))
		if err != nil {
			t.Fatal(err)
		}
		if passes := 3; calls > passes*5 || len(got) < 8 {
			t.Errorf("%d calls, items %v: want at most %d reads and nothing seen twice", calls, got, passes)
		}
		if len(slices.Compact(slices.Sorted(slices.Values(got)))) != len(got) {
			t.Errorf("items %v: one yielded twice", got)
		}
	})
}

// TestTrunkCDRKey: a trunk record pushed onto the next page is the same
// record though call/updateUserData set its user_data meanwhile; two legs
// of one call are two records.
func TestTrunkCDRKey(t *testing.T) {
	t.Parallel()
	leg := TrunkCDR{CallID: "c-1", TrunkNum: "0101", TimeStart: "2026-11-23 10:00:00"}
	updated := leg
	updated.UserData = `{"business_status":"1"}`
	other := leg
	other.TrunkNum = "0102"
	if trunkCDRKey(leg) != trunkCDRKey(updated) {
		t.Error("a record whose user_data changed between two pages counts as two records")
	}
	if trunkCDRKey(leg) == trunkCDRKey(other) {
		t.Error("two legs of one call count as one record")
	}
}

// TestPaginateKeepsRowsOfOnePage: two rows of one page that share a key
// (trunk records of one call that differ in user_data only) are both
// listed; only an object an earlier page listed is skipped.
func TestPaginateKeepsRowsOfOnePage(t *testing.T) {
	t.Parallel()
	a := TrunkCDR{CallID: "dup-1", UserData: `{"a":1}`}
	b := TrunkCDR{CallID: "dup-1", UserData: `{"a":2}`}
	got, err := Collect(paginate(t.Context(), trunkCDRKey, func(_ context.Context, page int) (Page[TrunkCDR], error) {
		if page == 1 {
			return Page[TrunkCDR]{Items: []TrunkCDR{a, b}, More: true, Total: 3}, nil
		}
		return Page[TrunkCDR]{Items: []TrunkCDR{b}, Total: 3}, nil // pushed onto page 2 by a create
	}))
	if err != nil || len(got) != 2 || got[0] != a || got[1] != b {
		t.Errorf("got %v, %v; want both rows of page 1, and page 2's repeat skipped", got, err)
	}
}

// TestPagingIgnoredPageParameter: a service that ignores the page asked
// answers its first page, with navigation saying more follow, to every
// request. Reading on would read that page until the operation's time ran
// out (and a webhook read of such a list never found a webhook of a later
// page); the read stops at the second page with an error naming the pages.
func TestPagingIgnoredPageParameter(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.Header().Set("Content-Type", "application/json")
		if strings.Contains(r.URL.Path, "webhook") {
			_, _ = io.WriteString(w, `{"code":0,"message":"ok","data":{"current_page":1,"total_page":3,"per_page":1,"total":3,
				"results":[{"id":1,"name":"w1","url":"https://example.com/1"}]}}`)
			return
		}
		_, _ = io.WriteString(w, `{"code":0,"message":"ok","data":{"current_page":1,"last_page":3,"per_page":1,"total":3,
			"data":[{"user_id":1001,"user_num":"8001","user_name":"Ann"}]}}`)
	}))
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	for name, read := range map[string]func() error{
		"agents":   func() error { _, err := Collect(c.Agents.List(ctx, AgentFilter{})); return err },
		"webhooks": func() error { _, err := Collect(c.Webhooks.List(ctx, WebhookFilter{})); return err },
		"webhook":  func() error { _, err := c.Webhooks.Get(ctx, 3); return err },
	} {
		calls.Store(0)
		err := read()
		if err == nil || !strings.Contains(err.Error(), "page 2 of the list was asked for and the service answered page 1") {
			t.Errorf("%s: err = %v, want the pages named", name, err)
		}
		if n := calls.Load(); n != 2 {
			t.Errorf("%s: %d calls, want 2 (the second page tells)", name, n)
		}
	}
}

// TestPagingClampedLastPage: a service that answers its last page when
// asked for one past it (the list shrank between two pages) ends the read
// there, as before the check of current_page: each object is listed once.
func TestPagingClampedLastPage(t *testing.T) {
	t.Parallel()
	c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Page int `json:"page"`
		}
		_ = json.NewDecoder(r.Body).Decode(&body)
		w.Header().Set("Content-Type", "application/json")
		if body.Page <= 1 {
			// Two pages when page 1 was read; one agent deleted since.
			_, _ = io.WriteString(w, `{"code":0,"data":{"current_page":1,"last_page":2,"per_page":2,"total":3,
				"data":[{"user_id":1001,"user_num":"8001"},{"user_id":1002,"user_num":"8002"}]}}`)
			return
		}
		_, _ = io.WriteString(w, `{"code":0,"data":{"current_page":1,"last_page":1,"per_page":2,"total":2,
			"data":[{"user_id":1001,"user_num":"8001"},{"user_id":1002,"user_num":"8002"}]}}`)
	}))
	agents, err := Collect(c.Agents.List(t.Context(), AgentFilter{}))
	if err != nil || len(agents) != 2 {
		t.Fatalf("agents %+v, err %v; want the two agents once", agents, err)
	}
}

// TestPaginateWholeListChanging: a list read as the whole of a kind (an
// export, a list resource, a roster's plan). A delete on page 1 and a
// create, between pages 1 and 2, leave the count as it was and pull 3 onto
// page 1, unread: paginate missed it without a word (an export without an
// agent that existed throughout). paginateWhole reads the list again until
// two reads agree, and fails when they never do.
func TestPaginateWholeListChanging(t *testing.T) {
	t.Parallel()
	id := func(n int) string { return strconv.Itoa(n) }
	deleteAndCreate := func(ids []int) []int { return append(slices.Clone(ids[1:]), 7) }
	cases := map[string]struct {
		change func([]int) []int
		want   []int
		calls  int
	}{
		// Read 1 yields 1 2 4 5 6 7 and misses 3; read 2 (2 3 4 5 6 7)
		// differs and yields 3; read 3 agrees with it.
		"deleted and created between two pages": {change: deleteAndCreate, want: []int{1, 2, 4, 5, 6, 7, 3}, calls: 3 + 3 + 3},
		// Two reads that agree: the read is whole.
		"unchanged": {change: func(ids []int) []int { return ids }, want: []int{1, 2, 3, 4, 5, 6}, calls: 3 + 3},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			l := &shiftingList{ids: []int{1, 2, 3, 4, 5, 6}, after: 1, change: tc.change}
			got, err := Collect(paginateWhole(t.Context(), "list of numbers", id, l.fetch))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tc.want) || l.calls != tc.calls {
				t.Errorf("items %v after %d calls, want %v after %d", got, l.calls, tc.want, tc.calls)
			}
		})
	}
	t.Run("one page", func(t *testing.T) {
		t.Parallel()
		l := &shiftingList{ids: []int{1, 2}}
		if got, err := Collect(paginateWhole(t.Context(), "list of numbers", id, l.fetch)); err != nil || len(got) != 2 || l.calls != 1 {
			t.Errorf("%v %v after %d calls, want the one page read once", got, err, l.calls)
		}
	})
	// Creates elsewhere during every read (a busy portal, an HR sync) only
	// push objects onto later pages: a read that holds every object of the
	// one before ends the read, with the new ones.
	t.Run("created at every read", func(t *testing.T) {
		t.Parallel()
		l := &shiftingList{ids: []int{1, 2, 3, 4, 5, 6}}
		next := 7
		got, err := Collect(paginateWhole(t.Context(), "list of numbers", id, func(ctx context.Context, page int) (Page[int], error) {
			if page == 2 {
				l.ids = append([]int{next}, l.ids...) // one created at the head during every read
				next++
			}
			return l.fetch(ctx, page)
		}))
		// Read 1 (1 2 | 2 3 | 4 5 | 6, 7 created at the head after page 1)
		// yields 1 to 6; read 2 (7 1 | 1 2 | ..., 8 created likewise) holds
		// all of them and 7: read whole, in two reads.
		if err != nil || !slices.Equal(got, []int{1, 2, 3, 4, 5, 6, 7}) || l.calls != 4+4 {
			t.Errorf("%v %v after %d calls; want 1 to 7 after 8", got, err, l.calls)
		}
	})
	t.Run("deleted at every read", func(t *testing.T) {
		t.Parallel()
		l := &shiftingList{ids: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}}
		_, err := Collect(paginateWhole(t.Context(), "list of numbers", id, func(ctx context.Context, page int) (Page[int], error) {
			if page == 2 {
				l.ids = l.ids[1:] // the head deleted during every read
			}
			return l.fetch(ctx, page)
		}))
		want := "each of 4 reads in a row of the list of numbers lacked objects the one before held"
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("err %v after %d calls; want %q", err, l.calls, want)
		}
	})
}

// TestPrefetchIgnoredPageParameter: the whole-list reads of a finder (an
// SMS signature read by id, which sign/list cannot filter; an agent read
// with the others of a plan) page on their own. A service that ignores
// the page asked answered its first page, saying more follow, to every
// request, and the read asked for page after page, tens of thousands of
// calls a second, until the operation's time ran out; it stops at the
// second page with an error naming the list and the pages.
func TestPrefetchIgnoredPageParameter(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.Header().Set("Content-Type", "application/json")
		if strings.Contains(r.URL.Path, "sign/list") {
			_, _ = io.WriteString(w, `{"code":0,"message":"ok","data":{"current_page":1,"last_page":3,"per_page":1,"total":3,
				"data":[{"id":1,"sign_text":"Acme"}]}}`)
			return
		}
		_, _ = io.WriteString(w, `{"code":0,"message":"ok","data":{"current_page":1,"last_page":3,"per_page":1,"total":3,
			"data":[{"user_id":1001,"user_num":"8001","user_name":"Ann"}]}}`)
	}))
	for name, tc := range map[string]struct {
		read func(ctx context.Context) error
		list string
	}{
		"signature": {func(ctx context.Context) error { _, err := c.SMS.GetSignature(ctx, 3); return err }, "SMS signature list (sign/list): "},
		"agent":     {func(ctx context.Context) error { _, err := c.Agents.Get(ctx, 1003); return err }, "agent list (users/list): "},
	} {
		calls.Store(0)
		ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
		err := tc.read(ctx)
		cancel()
		if err == nil || !strings.Contains(err.Error(), tc.list+"page 2 of the list was asked for and the service answered page 1") {
			t.Errorf("%s: err = %v, want the list and the pages named", name, err)
		}
		if n := calls.Load(); n != 2 {
			t.Errorf("%s: %d calls, want 2 (the second page tells)", name, n)
		}
	}
}

// TestPagingIgnoredPageParameterUnsaid: a service that ignores the page
// asked and leaves current_page out (samePage cannot tell then) answers its
// first page, with a page count saying more follow (page 0 of 3), to every
// request. Every list read asked for page after page until the
// operation's time ran out, thousands of calls a second; the read stops at
// the second page, the first again, with an error naming the pages (and
// the list, where it reads a kind whole).
func TestPagingIgnoredPageParameterUnsaid(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.Header().Set("Content-Type", "application/json")
		switch {
		case strings.Contains(r.URL.Path, "webhook"):
			_, _ = io.WriteString(w, `{"code":0,"message":"ok","data":{"total_page":3,"per_page":1,"total":3,
				"results":[{"id":1,"name":"w1","url":"https://example.com/1"}]}}`)
		case strings.Contains(r.URL.Path, "projects"):
			_, _ = io.WriteString(w, `{"code":0,"message":"ok","data":{"per_page":1,"total":3,"results":[{"id":1,"name":"t1","type":1}]}}`)
		case strings.Contains(r.URL.Path, "trunks"):
			_, _ = io.WriteString(w, `{"code":0,"message":"ok","data":{"totalPage":3,"results":[{"phone":"02100000001"}]}}`)
		case strings.Contains(r.URL.Path, "sign/list"):
			_, _ = io.WriteString(w, `{"code":0,"message":"ok","data":{"last_page":3,"per_page":1,"total":3,"data":[{"id":1,"sign_text":"Acme"}]}}`)
		default:
			_, _ = io.WriteString(w, `{"code":0,"message":"ok","data":{"last_page":3,"per_page":1,"total":3,
				"data":[{"user_id":1001,"user_num":"8001","user_name":"Ann"}]}}`)
		}
	}))
	for name, tc := range map[string]struct {
		read func(ctx context.Context) error
		list string
	}{
		"agents":        {func(ctx context.Context) error { _, err := Collect(c.Agents.List(ctx, AgentFilter{})); return err }, "agent list (users/list): "},
		"agent":         {func(ctx context.Context) error { _, err := c.Agents.Get(ctx, 1003); return err }, "agent list (users/list): "},
		"webhooks":      {func(ctx context.Context) error { _, err := Collect(c.Webhooks.List(ctx, WebhookFilter{})); return err }, "webhook list (webhook/lists): "},
		"webhook":       {func(ctx context.Context) error { _, err := c.Webhooks.Get(ctx, 3); return err }, "webhook list (webhook/lists): "},
		"tasks":         {func(ctx context.Context) error { _, err := Collect(c.Tasks.List(ctx, TaskFilter{Type: 1})); return err }, "outbound task list (projects/lists): "},
		"trunk numbers": {func(ctx context.Context) error { _, err := Collect(c.Reference.TrunkNumbers(ctx, "")); return err }, ""},
		"signature":     {func(ctx context.Context) error { _, err := c.SMS.GetSignature(ctx, 3); return err }, "SMS signature list (sign/list): "},
	} {
		calls.Store(0)
		ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
		err := tc.read(ctx)
		cancel()
		if err == nil || !strings.Contains(err.Error(), tc.list+"page 2 of the list was asked for and the service answered the same items as for page 1") {
			t.Errorf("%s: err = %v, want the list and the pages named", name, err)
		}
		if n := calls.Load(); n != 2 {
			t.Errorf("%s: %d calls, want 2 (the second page tells)", name, n)
		}
	}
}
