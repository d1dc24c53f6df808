package client

import (
	"strings"
	"testing"
)

// TestQueueDeleteOverallSuccess: queue/delete's success body is not shown
// (§4.6); an overall result (code 500) whose one item succeeded deleted the
// group, and destroy must not report a failure. A failing item, or an
// overall result without items, is still an error.
func TestQueueDeleteOverallSuccess(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		body    string
		wantErr string
	}{
		"item 200":      {`{"code":500,"message":"overall result","data":[{"code":200,"message":"ok","que_id":"12"}]}`, ""},
		"item 0":        {`{"code":500,"message":"overall result","data":[{"code":0,"message":"ok","que_id":"12"}]}`, ""},
		"item 404":      {`{"code":500,"message":"overall result","data":[{"code":404,"message":"group has agents","que_id":"12"}]}`, "group has agents (overall result code 500)"},
		"no items":      {`{"code":500,"message":"server error"}`, "server error"},
		"plain success": {`{"code":200,"message":"ok"}`, ""},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c := newTestClient(t, &fixed{status: 200, body: tc.body}, func(cfg *Config) { cfg.MaxRetries = 0 })
			err := c.Queues.Delete(t.Context(), 12, false)
			switch {
			case tc.wantErr == "" && err != nil:
				t.Errorf("Delete = %v, want success", err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Errorf("Delete = %v, want an error with %q", err, tc.wantErr)
			}
		})
	}
}
