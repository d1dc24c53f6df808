package client

import (
	"net/http"
	"testing"
)

// TestASRQuerySentencesByIndex: the platform does not state the order of
// a transcript's sentences (§2.10), and a list in another order read as a
// reversed conversation in the data source, the action's file and outputs
// built from them. They come in the order of their index.
func TestASRQuerySentencesByIndex(t *testing.T) {
	t.Parallel()
	body := `{"code":"200","result":{"status":30,"cacheContentDTOList":[` +
		`{"index":3,"content":"c"},{"index":1,"content":"a"},{"index":2,"content":"b"}]},"success":true}`
	c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(body))
	}))
	res, err := c.ASR.Query(t.Context(), "asr00000001")
	if err != nil {
		t.Fatal(err)
	}
	var got string
	for _, s := range res.Sentences {
		got += string(s.Content)
	}
	if got != "abc" {
		t.Errorf("sentences read in the order %q, want abc (by index)", got)
	}
}
