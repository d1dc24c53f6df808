package client

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestPagingListGrownByAPage: a healthy service whose list is newest first
// (SMS records, call records during the day; the spec does not say the
// order) gains exactly a page of items between two page reads: the second
// page then holds the items of the first again, with current_page the page
// asked and a total grown by the page. That is no service ignoring the
// page asked (it would answer the same total too): the read goes on (the
// keyed lists skip the items already yielded) and ends with every item,
// where it stopped with an error telling the user to check for a proxy
// that answers one page to every request. Either sign is enough: a page
// that says it is the page asked, or a count grown (for a service that
// leaves current_page out).
func TestPagingListGrownByAPage(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	lists := map[string][]int{}
	current := true // whether the pages say current_page
	c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		body, _ := io.ReadAll(r.Body)
		q := r.URL.Query()
		page := 1
		for _, k := range []string{"page", "current_page"} {
			if v := q.Get(k); v != "" {
				_, _ = fmt.Sscan(v, &page) // a page not a number stays 1
			}
			if i := strings.Index(string(body), `"`+k+`":`); i >= 0 {
				_, _ = fmt.Sscan(strings.TrimLeft(string(body[i+len(k)+3:]), `" `), &page)
			}
		}
		l, ok := lists[r.URL.Path]
		if !ok {
			l = []int{3, 2, 1} // newest first
		} else if len(l) == 3 {
			l = append([]int{4}, l...) // one page (of one) made since the first read
		}
		lists[r.URL.Path] = l
		item := ""
		if page <= len(l) {
			id := l[page-1]
			switch {
			case strings.Contains(r.URL.Path, "trunks"):
				item = fmt.Sprintf(`{"phone":"0210000000%d"}`, id)
			case strings.Contains(r.URL.Path, "record/list"):
				item = fmt.Sprintf(`{"id":%d,"mobile":"1390000000%d"}`, id, id)
			case strings.Contains(r.URL.Path, "sign/list"):
				item = fmt.Sprintf(`{"id":%d,"sign_text":"S%d"}`, id, id)
			case strings.Contains(r.URL.Path, "webhook"):
				item = fmt.Sprintf(`{"id":%d,"name":"w%d","url":"https://example.com/%d"}`, id, id, id)
			default:
				item = fmt.Sprintf(`{"user_id":%d,"user_num":"800%d","user_name":"A%d"}`, 1000+id, id, id)
			}
		}
		cur := fmt.Sprintf(`"current_page":%d,`, page)
		if !current {
			cur = ""
		}
		w.Header().Set("Content-Type", "application/json")
		if strings.Contains(r.URL.Path, "trunks") || strings.Contains(r.URL.Path, "webhook") {
			fmt.Fprintf(w, `{"code":0,"message":"ok","data":{%s"total_page":%d,"per_page":1,"total":%d,"results":[%s]}}`, cur, len(l), len(l), item)
			return
		}
		fmt.Fprintf(w, `{"code":0,"message":"ok","data":{%s"last_page":%d,"per_page":1,"total":%d,"data":[%s]}}`, cur, len(l), len(l), item)
	}))
	reads := map[string]func(ctx context.Context) (int, error){
		"trunk numbers": func(ctx context.Context) (int, error) {
			l, err := Collect(c.Reference.TrunkNumbers(ctx, ""))
			return len(l), err
		},
		"sms records": func(ctx context.Context) (int, error) {
			l, err := Collect(c.SMS.ListRecords(ctx, SMSRecordFilter{}))
			return len(l), err
		},
		"webhooks": func(ctx context.Context) (int, error) {
			l, err := Collect(c.Webhooks.List(ctx, WebhookFilter{}))
			return len(l), err
		},
		"agents": func(ctx context.Context) (int, error) {
			l, err := Collect(c.Agents.List(ctx, AgentFilter{}))
			return len(l), err
		},
		"agent":         func(ctx context.Context) (int, error) { _, err := c.Agents.Get(ctx, 1001); return 3, err },
		"sms signature": func(ctx context.Context) (int, error) { _, err := c.SMS.GetSignature(ctx, 1); return 3, err },
	}
	for _, current = range []bool{true, false} { // the page asked said, or the count grown
		for name, read := range reads {
			mu.Lock()
			clear(lists) // each read meets the list growing by a page
			mu.Unlock()
			ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
			n, err := read(ctx)
			cancel()
			if err != nil || n < 3 {
				t.Errorf("%s (current_page said: %v): read %d items, err = %v; want the 3 items there before the read (and perhaps the new one), no error", name, current, n, err)
			}
		}
	}
}
