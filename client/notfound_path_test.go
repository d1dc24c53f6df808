package client_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// A server without the path (an endpoint configured with a path of its
// own, so every call goes to /open/open/..., /open/autocall/...) answers
// HTTP 404, here with an envelope-shaped body holding code 404, the code by
// which tasks, webhooks and agents say "no such object". That was taken
// for the object being gone: a refresh dropped the tasks from the state as
// deleted outside Terraform, and a destroy forgot them. Only an envelope
// the endpoint answered (HTTP 200) says an object does not exist.
func TestNotFound_onlyFromTheEndpoint(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"code":404,"message":"no such interface: ` + r.URL.Path + `"}`))
	}))
	t.Cleanup(srv.Close)
	c := fastClient(t, srv.URL)
	for name, read := range map[string]func() error{
		"task":        func() error { _, err := c.Tasks.Get(t.Context(), 701); return err },
		"webhook":     func() error { _, err := c.Webhooks.Get(t.Context(), 301); return err },
		"task delete": func() error { return c.Tasks.Delete(t.Context(), []int64{701}, false) },
	} {
		err := read()
		if err == nil || client.IsNotFound(err) {
			t.Errorf("%s: error %v; want a failure that is not 'not found'", name, err)
		}
	}
	// The same code in an envelope the endpoint answered is "not found".
	ok := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"code":404,"message":"project 701 does not exist"}`))
	}))
	t.Cleanup(ok.Close)
	if _, err := fastClient(t, ok.URL).Tasks.Get(t.Context(), 701); !client.IsNotFound(err) {
		t.Errorf("code 404 answered by projects/detail: %v, want not found", err)
	}
}

// A platform that answers a missing object with HTTP 404 (the spec does not
// show its statuses) is still understood: the listing, which answers,
// confirms the task is gone.
func TestNotFound_http404ConfirmedByListing(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/projects/detail") || strings.HasSuffix(r.URL.Path, "/projects/delete") {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"code":404,"message":"project 701 does not exist"}`))
			return
		}
		sim.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	c := fastClient(t, srv.URL)
	if _, err := c.Tasks.Get(t.Context(), 701); !client.IsNotFound(err) {
		t.Errorf("read of a task the listing does not hold, answered HTTP 404: %v, want not found", err)
	}
	if err := c.Tasks.Delete(t.Context(), []int64{701}, false); !client.IsNotFound(err) {
		t.Errorf("delete of a task the listing does not hold, answered HTTP 404: %v, want not found", err)
	}
}
