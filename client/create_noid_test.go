package client_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// stripCreateData lets the simulator create the object and then answers
// success with "data": null (a shape the spec rules out: the create's
// answer carries the new id), for calls whose path ends with suffix.
func stripCreateData(sim http.Handler, suffix string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, suffix) {
			sim.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		sim.ServeHTTP(rec, r)
		var body map[string]any
		if json.Unmarshal(rec.Body.Bytes(), &body) == nil {
			body["data"] = nil
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(body)
	})
}

// noIDClient is a client of sim in which every webhook create is handled by
// send (which may pass it to sim, once or more) and answered success with
// "data": null.
func noIDClient(t *testing.T, sim http.Handler, send func(r *http.Request)) *client.Client {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/webhook/updateOrCreate") {
			sim.ServeHTTP(rw, r)
			return
		}
		send(r)
		rw.Header().Set("Content-Type", "application/json")
		_, _ = rw.Write([]byte(`{"code":0,"message":"ok","data":null}`))
	}))
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token"})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestCreateAnsweredWithoutID: a create answered success without the new
// object's id failed with "webhook/updateOrCreate answered success without
// data.id", the object stayed on the platform unknown to the state, and the
// next apply made a second webhook. The object is looked up as after a
// lost answer and taken; when the lookup finds nothing, the error says it
// may exist and is to be imported.
func TestCreateAnsweredWithoutID(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(stripCreateData(sim, "/webhook/updateOrCreate"))
	t.Cleanup(func() { srv.Close(); sim.Wait() })
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token"})
	if err != nil {
		t.Fatal(err)
	}
	w, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "CRM", URL: "https://crm.example.com/hook", EventType: 1})
	if err != nil || w.ID == 0 {
		t.Fatalf("create answered without an id: %+v, %v; want the webhook found by its name", w, err)
	}
	var ids []int64
	for h, err := range c.Webhooks.List(t.Context(), client.WebhookFilter{}) {
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, int64(h.ID))
	}
	if len(ids) != 1 || ids[0] != int64(w.ID) {
		t.Fatalf("webhooks on the platform: %v; want the one created, id %d", ids, w.ID)
	}

	// A create whose object the lookup cannot find (another name on the
	// platform than the one sent) is refused with what to do.
	c2 := noIDClient(t, sim, func(*http.Request) {})
	_, err = c2.Webhooks.Create(t.Context(), client.WebhookInput{Name: "Other", URL: "https://other.example.com/hook", EventType: 1})
	want := "answered success without the new object's id; the object was probably created, but a lookup by its key (its name, number or text) found none. " +
		"Look for it on the platform and import it before applying again"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("create without an id, not found: %v; want %q", err, want)
	}

	// Two new objects of the key (the platform made it twice): none is
	// taken, and the error says the create may have taken effect (it said
	// "did not find it (2 objects of the same key …)").
	c3 := noIDClient(t, sim, func(r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		for range 2 {
			r2 := r.Clone(r.Context())
			r2.Body = io.NopCloser(bytes.NewReader(body))
			sim.ServeHTTP(httptest.NewRecorder(), r2)
		}
	})
	_, err = c3.Webhooks.Create(t.Context(), client.WebhookInput{Name: "Twice", URL: "https://twice.example.com/hook", EventType: 1})
	var doubt *client.CreateInDoubtError
	if !errors.As(err, &doubt) || !strings.Contains(err.Error(), "answered success without the new object's id\nthe create may have taken effect, and looking the object up afterwards found several") {
		t.Errorf("create without an id, two found: %v", err)
	}
}
