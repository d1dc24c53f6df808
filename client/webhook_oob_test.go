package client_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// While a refresh reads, after page 1 of the whole list has answered and
// before the calls that follow it (the filtered calls, or the pages left),
// the portal renames a managed webhook, deletes another, deletes 30
// webhooks of page 1 (every later page shifts: a webhook at the top of a
// page moves to the page before), and makes a webhook with a managed
// one's name and url. The refresh sees the rename and the delete, takes
// no portal webhook for a managed one, and takes no webhook that the
// shift moved for gone. Few among many (filtered calls), and many among
// many whose managed ones begin page 2 (read with the pages left: the
// shift moves 30 of them onto page 1, read before it, so that read of the
// whole list misses them and must not be taken as conclusive).
func TestWebhookRefreshPortalChangesAfterPage1(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ before, managed, after int }{{600, 5, 0}, {100, 60, 850}} {
		t.Run(fmt.Sprintf("%d managed among %d", tc.managed, tc.before+tc.managed+tc.after), func(t *testing.T) {
			t.Parallel()
			e := newLargeWebhookEnv(t, tc.before, tc.managed)
			for i := range tc.after {
				if _, err := e.portal.Webhooks.Create(t.Context(), client.WebhookInput{Name: fmt.Sprintf("late-%d", i), URL: fmt.Sprintf("https://late.example.com/%d", i), EventType: 1}); err != nil {
					t.Fatal(err)
				}
			}
			var page1 []int64
			for w, err := range e.portal.Webhooks.List(t.Context(), client.WebhookFilter{}) {
				if err != nil {
					t.Fatal(err)
				}
				if len(page1) < 30 && strings.HasPrefix(string(w.Name), "bulk-") {
					page1 = append(page1, w.ID.Int64())
				}
			}
			ren, del, twin := e.managed[1], e.managed[3], e.managed[len(e.managed)-1]
			var once sync.Once
			oob := func() {
				if err := e.portal.Webhooks.Update(t.Context(), ren.ID.Int64(), client.WebhookInput{Name: "renamed in the portal", URL: string(ren.URL), EventType: 1}); err != nil {
					t.Error(err)
				}
				for _, id := range append(page1, del.ID.Int64()) {
					if err := e.portal.Webhooks.Delete(t.Context(), id); err != nil {
						t.Error(err)
					}
				}
				if _, err := e.portal.Webhooks.Create(t.Context(), client.WebhookInput{Name: string(twin.Name), URL: string(twin.URL), EventType: 2}); err != nil {
					t.Error(err)
				}
			}
			c := taskTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				e.sim.ServeHTTP(w, r)
				q := r.URL.Query()
				if strings.HasSuffix(r.URL.Path, "/webhook/lists") && q.Get("name") == "" && q.Get("current_page") == "1" {
					once.Do(oob) // answered with the list as it was; the portal changes before the next call
				}
			}))
			got, errs := readNamed(t, c, e.managed)
			for i, w := range e.managed {
				switch {
				case w.ID == del.ID:
					if !client.IsNotFound(errs[i]) {
						t.Errorf("deleted in the portal: %+v, %v; want not found", got[i], errs[i])
					}
				case errs[i] != nil:
					t.Errorf("%s: %v", w.Name, errs[i])
				case got[i].ID != w.ID:
					t.Errorf("%s (id %d) read as %+v", w.Name, w.ID, got[i])
				case w.ID == ren.ID && got[i].Name != "renamed in the portal":
					t.Errorf("renamed in the portal: read %q, want the portal's name", got[i].Name)
				case w.ID == twin.ID && got[i].EventType != twin.EventType:
					t.Errorf("%s read with the portal twin's event_type %d", w.Name, got[i].EventType)
				}
			}
		})
	}
}
