package client_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// TestCreateAnsweredUnreadably: a create the platform carried out and
// answered HTTP 200 with a body that cannot be read (cut short, empty, a
// proxy's HTML page, or a success envelope whose data does not decode)
// failed at once without a lookup: the object stayed on the platform
// unknown to the state, and the next apply created a second one. It is
// looked up as after a lost answer, taken, and the create is sent once.
func TestCreateAnsweredUnreadably(t *testing.T) {
	t.Parallel()
	for name, body := range map[string]string{
		"cut short":        `{"code":0,"data":{"created_at":"2026-`,
		"empty":            ``,
		"html page":        `<html><body>Service temporarily redirected</body></html>`,
		"data undecodable": `{"code":0,"message":"ok","data":"created"}`,
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var creates atomic.Int32
			e := newSimEnv(t, simulator.Options{}, func(sim http.Handler) http.Handler {
				return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					if !strings.HasSuffix(r.URL.Path, "/webhook/updateOrCreate") {
						sim.ServeHTTP(w, r)
						return
					}
					creates.Add(1)
					sim.ServeHTTP(httptest.NewRecorder(), r)
					w.Header().Set("Content-Type", "application/json")
					_, _ = w.Write([]byte(body))
				})
			})
			c := e.c
			w, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "CRM", URL: "https://crm.example.com/hook", EventType: 1})
			if err != nil || w.ID == 0 {
				t.Fatalf("create answered %q: %+v, %v; want the webhook found by its name and url", body, w, err)
			}
			hooks, err := client.Collect(c.Webhooks.List(t.Context(), client.WebhookFilter{}))
			if err != nil {
				t.Fatal(err)
			}
			if len(hooks) != 1 || hooks[0].ID != w.ID || creates.Load() != 1 {
				t.Errorf("%d creates sent, webhooks on the platform %+v; want 1 create and the one webhook, id %d", creates.Load(), hooks, w.ID)
			}
		})
	}
}

// TestUnreadableAnswerIsAmbiguous: a write answered HTTP 200 with a body
// that cannot be read may have taken effect; callers that read the object
// back (memberships) rely on IsAmbiguous to say so. A refusal the envelope
// states is not ambiguous.
func TestUnreadableAnswerIsAmbiguous(t *testing.T) {
	t.Parallel()
	for body, want := range map[string]bool{
		`{"code":0,"data":{"id":`:                true,
		`{"code":404,"message":"no such group"}`: false,
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(body))
		}))
		c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "tok"})
		if err != nil {
			t.Fatal(err)
		}
		err = c.Webhooks.Update(t.Context(), 7, client.WebhookInput{Name: "CRM", URL: "https://crm.example.com/hook", EventType: 1})
		srv.Close()
		if err == nil || client.IsAmbiguous(err) != want || errors.As(err, new(*client.UnreadableAnswerError)) != want {
			t.Errorf("update answered %s: err %v, ambiguous %v; want an error, ambiguous %v", body, err, client.IsAmbiguous(err), want)
		}
	}
}
