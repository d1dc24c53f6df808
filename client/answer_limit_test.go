package client_test

import (
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestAnswerOverLimit: an answer larger than the most the client reads was
// cut at the limit and read as it was: a voice file's download saved short
// without a word, a list read as data cut short. It fails naming the
// limit, is not asked again (the same answer would come), and a write
// answered so counts as one that may have taken effect. Not parallel: it
// lowers the package's limit.
func TestAnswerOverLimit(t *testing.T) {
	defer client.SetMaxAnswer(1000)()
	var calls atomic.Int32
	size := 1000
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		if strings.HasSuffix(r.URL.Path, "/play") {
			w.Header().Set("Content-Type", "audio/wav")
			_, _ = w.Write(bytes.Repeat([]byte{'R'}, size))
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"code":0,"data":{"id":7,"pad":"` + strings.Repeat("x", size) + `"}}`))
	}))
	defer srv.Close()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "tok", MaxRetries: 3})
	if err != nil {
		t.Fatal(err)
	}
	// At the limit: read whole.
	if b, err := c.Sounds.Play(t.Context(), "12"); err != nil || len(b) != size {
		t.Fatalf("a download of %d bytes under a limit of 1000: %d bytes, %v; want it whole", size, len(b), err)
	}
	size = 1001
	calls.Store(0)
	b, err := c.Sounds.Play(t.Context(), "12")
	if err == nil || !strings.Contains(err.Error(), "larger than 1000 bytes, the most read of one answer") || b != nil {
		t.Errorf("a download of 1001 bytes under a limit of 1000: %d bytes, %v; want an error naming the limit and no file", len(b), err)
	}
	if calls.Load() != 1 {
		t.Errorf("%d calls; want 1: the same answer would come again", calls.Load())
	}
	err = c.Webhooks.Update(t.Context(), 7, client.WebhookInput{Name: "CRM", URL: "https://crm.example.com/hook", EventType: 1})
	if err == nil || !client.IsAmbiguous(err) || !errors.As(err, new(*client.UnreadableAnswerError)) || !strings.Contains(err.Error(), "larger than 1000 bytes") {
		t.Errorf("a write answered 200 over the limit: %v (ambiguous %v); want an ambiguous error naming the limit", err, client.IsAmbiguous(err))
	}
}
