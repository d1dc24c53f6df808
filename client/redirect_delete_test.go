package client

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// TestRedirects_deleteByGETNotFollowed: the API deletes skill groups,
// webhooks and voice files with GET (id in the query), and Go's client
// follows a GET's redirect: such a delete redirected to another address
// was sent on and carried out there (without the token to another host,
// with it to another path of the same one), while every other write's
// redirect was refused and the guide said no write is sent on. A delete
// is refused now with the same error; a GET read is still followed.
func TestRedirects_deleteByGETNotFollowed(t *testing.T) {
	t.Parallel()
	var reached atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		reached.Add(1)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"code":0,"message":"ok","data":{"results":[],"total":0,"current_page":1,"per_page":100}}`))
	}))
	t.Cleanup(other.Close)
	c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.Path+"?"+r.URL.RawQuery, http.StatusTemporaryRedirect)
	}))
	for name, del := range map[string]func() error{
		"webhook":     func() error { return c.Webhooks.Delete(t.Context(), 301) },
		"skill group": func() error { return c.Queues.Delete(t.Context(), 101, false) },
		"voice file":  func() error { _, err := c.Sounds.Delete(t.Context(), "501"); return err },
	} {
		err := del()
		if err == nil || !strings.Contains(err.Error(), "not followed") {
			t.Errorf("%s delete redirected: %v, want the redirect refused (not followed)", name, err)
		}
	}
	if n := reached.Load(); n != 0 {
		t.Errorf("the redirect's address got %d request(s) of the deletes, want none", n)
	}
	if _, err := Collect(c.Webhooks.List(t.Context(), WebhookFilter{})); err != nil && !strings.Contains(err.Error(), "answered by") {
		t.Errorf("read redirected: %v, want it followed", err)
	}
	if reached.Load() == 0 {
		t.Error("the webhook list's redirect was not followed")
	}
}
