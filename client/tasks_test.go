package client_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// taskTestClient returns a client of handler h on loopback.
func taskTestClient(t *testing.T, h http.Handler) *client.Client {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func taskSimClient(t *testing.T) (*client.Client, *simulator.Server) {
	t.Helper()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return taskTestClient(t, sim), sim
}

func TestTaskDecodingTolerance(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		body string
		want func(t *testing.T, task client.Task)
	}{
		"recall in the sample's form": {
			`{"id": "7", "type": "1", "recall_strategies": {"default": {"recall": "1", "recall_interval": 5, "recall_max_times": [3]}}}`,
			func(t *testing.T, task client.Task) {
				d := task.RecallStrategies.Default
				if diff := cmp.Diff(client.FlexIntList{5}, d.RecallInterval); diff != "" || *d.RecallMaxTimes != 3 || *d.Recall != 1 {
					t.Errorf("recall: %s %v", diff, *d.RecallMaxTimes)
				}
			},
		},
		"empty PHP arrays for objects": {
			`{"id": 7, "worktime": {"working": [], "name": null}, "recall_strategies": {"asr": []}, "config": {"tts": {"options": []}}}`,
			func(t *testing.T, task client.Task) {
				if task.Worktime.Working != nil || task.RecallStrategies.ASR != nil || task.Config.TTS.Options != nil {
					t.Errorf("empty arrays should decode as empty maps: %+v", task)
				}
			},
		},
		"numbers as strings": {
			`{"id": 7, "status": "2", "priority": "100", "enable_asr": "1", "config": {"max_call_ratio": "2.5", "que_id": "101", "webhook": {"enable": 1, "ids": ["3", 4]}}, "assigned_users": [{"user_id": "5001", "conn_limit": "2"}]}`,
			func(t *testing.T, task client.Task) {
				if *task.Status != 2 || *task.Priority != 100 || !bool(*task.EnableASR) || *task.Config.MaxCallRatio != 2.5 ||
					*task.Config.QueID != 101 || len(task.Config.Webhook.IDs) != 2 || task.Config.Webhook.IDs[0] != 3 ||
					*task.AssignedUsers[0].UserID != 5001 || *task.AssignedUsers[0].ConnLimit != 2 {
					t.Errorf("decoded %+v", task)
				}
			},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var task client.Task
			if err := json.Unmarshal([]byte(tc.body), &task); err != nil {
				t.Fatal(err)
			}
			tc.want(t, task)
		})
	}
}

// Both spellings of the page count (§2.2) page through every item.
func TestTaskListPageSpellings(t *testing.T) {
	t.Parallel()
	for _, key := range []string{"total_page", "totalPage"} {
		t.Run(key, func(t *testing.T) {
			c := taskTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				page, _ := strconv.Atoi(r.URL.Query().Get("current_page"))
				results := []map[string]any{{"id": page*10 + 1}, {"id": page*10 + 2}}
				_ = json.NewEncoder(w).Encode(map[string]any{"code": 0, "message": "ok", "data": map[string]any{
					"current_page": page, key: 3, "per_page": 2, "total": "6", "empty": false, "results": results}})
			}))
			tasks, err := client.Collect(c.Tasks.List(t.Context(), client.TaskFilter{}))
			if err != nil {
				t.Fatal(err)
			}
			var ids []int64
			for _, task := range tasks {
				ids = append(ids, int64(task.ID))
			}
			if diff := cmp.Diff([]int64{11, 12, 21, 22, 31, 32}, ids); diff != "" {
				t.Errorf("ids (-want +got):\n%s", diff)
			}
		})
	}
}

func TestTasksServiceAgainstSimulator(t *testing.T) {
	t.Parallel()
	c, _ := taskSimClient(t)
	ctx := t.Context()
	id, err := c.Tasks.Create(ctx, client.Task{Name: "Reminders", Type: 3})
	if err != nil {
		t.Fatal(err)
	}
	got, err := c.Tasks.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if *got.Priority != 100 || *got.MaxConnSecs != 300 || *got.TimeoutSecs != 30 || *got.Status != 0 || got.Context != "mc_transivr" ||
		got.TypeString != "automatic" || got.StatusString != "closed" || got.CreatedAt == "" || *got.Config.InitCallRatio != 1 {
		t.Errorf("defaults: %+v", got)
	}
	got.Name = "Reminders v2"
	p := client.FlexInt(9)
	got.Priority = &p
	got.Status = nil
	if err := c.Tasks.Update(ctx, *got); err != nil {
		t.Fatal(err)
	}
	if err := c.Tasks.SetStatus(ctx, id, client.TaskStatusPaused); err != nil {
		t.Fatal(err)
	}
	if err := c.Tasks.SetStatus(ctx, id, 0); err == nil {
		t.Error("SetStatus(0) must be refused by the client")
	}
	found, err := c.Tasks.FindByName(ctx, 3, "Reminders v2")
	if err != nil || found == nil || *found.Priority != 9 || *found.Status != 2 {
		t.Fatalf("FindByName: %+v %v", found, err)
	}
	all, err := c.Tasks.All(ctx, 3)
	if err != nil || len(all) != 1 {
		t.Errorf("All: %d %v", len(all), err)
	}
	if err := c.Tasks.Delete(ctx, []int64{id}, false); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Tasks.Get(ctx, id); !client.IsNotFound(err) {
		t.Errorf("Get after delete: %v", err)
	}
	if err := c.Tasks.Delete(ctx, []int64{id}, false); !client.IsNotFound(err) {
		t.Errorf("Delete of a gone task must be not-found: %v", err)
	}
	if err := c.Tasks.SetStatus(ctx, id, 1); !client.IsNotFound(err) {
		t.Errorf("SetStatus of a gone task must be not-found: %v", err)
	}
	_, err = c.Tasks.Create(ctx, client.Task{Name: "P", Type: 1})
	if e, ok := client.AsAPIError(err); !ok || e.Code != 422 {
		t.Errorf("a predictive task without agents: %v", err)
	}
}

func TestWebhooksServiceAgainstSimulator(t *testing.T) {
	t.Parallel()
	c, _ := taskSimClient(t)
	ctx := t.Context()
	var last *client.Webhook
	for i := range 130 {
		w, err := c.Webhooks.Create(ctx, client.WebhookInput{Name: fmt.Sprintf("hook %d", i), URL: "https://example.com/h", EventType: 1, Status: i%2 == 0})
		if err != nil {
			t.Fatal(err)
		}
		last = w
	}
	// The finder pages the list (no id filter, §4.4): the last one is on page 2.
	got, err := c.Webhooks.Get(ctx, int64(last.ID))
	if err != nil || got.Name != "hook 129" || got.EventType != 1 || got.VccID != 10001 {
		t.Fatalf("Get: %+v %v", got, err)
	}
	if err := c.Webhooks.Update(ctx, int64(last.ID), client.WebhookInput{Name: "renamed", URL: "https://example.com/r", IsEncrypt: true}); err != nil {
		t.Fatal(err)
	}
	got, _ = c.Webhooks.Get(ctx, int64(last.ID))
	if got.Name != "renamed" || !bool(got.IsEncrypt) || bool(got.Status) {
		t.Errorf("after update: %+v", got)
	}
	if err := c.Webhooks.Delete(ctx, int64(last.ID)); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Webhooks.Get(ctx, int64(last.ID)); !client.IsNotFound(err) {
		t.Errorf("Get after delete: %v", err)
	}
	if err := c.Webhooks.Delete(ctx, int64(last.ID)); !client.IsNotFound(err) {
		t.Errorf("Delete of a gone webhook: %v", err)
	}
	_, err = c.Webhooks.Create(ctx, client.WebhookInput{Name: "x", URL: "not a url"})
	if !client.HasCode(err, 422) {
		t.Errorf("bad url: %v", err)
	}
}

// An ambiguous failure of a create (the task was stored but the answer was
// lost) is not re-sent blindly: the client finds the task by name and type.
func TestTaskCreateNotDuplicatedAfterLostAnswer(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var creates atomic.Int32
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/autocall/api/v3/projects/updateOrCreate" && creates.Add(1) == 1 {
			sim.ServeHTTP(httptest.NewRecorder(), r) // stored, answer lost
			http.Error(w, "bad gateway", http.StatusBadGateway)
			return
		}
		sim.ServeHTTP(w, r)
	})
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", MaxRetries: 2,
		RetryWaitMin: time.Millisecond, RetryWaitMax: 2 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	id, err := c.Tasks.Create(t.Context(), client.Task{Name: "Once", Type: 3})
	if err != nil {
		t.Fatal(err)
	}
	tasks, err := client.Collect(c.Tasks.List(t.Context(), client.TaskFilter{}))
	if err != nil || len(tasks) != 1 || int64(tasks[0].ID) != id {
		t.Fatalf("want exactly the one task %d, got %d tasks (%v)", id, len(tasks), err)
	}
	if n := creates.Load(); n != 1 {
		t.Errorf("updateOrCreate was sent %d times, want 1", n)
	}
}

func FuzzTaskDecode(f *testing.F) {
	for _, s := range []string{
		`{"id": 1, "recall_strategies": {"default": {"recall_interval": [1, "2"], "recall_max_times": "3"}}}`,
		`{"recall_strategies": {"asr": [], "default": {"recall_interval": 5, "recall_max_times": [3, 4]}}}`,
		`{"worktime": {"working": {"1": [["09:00:00", "10:00:00"]]}}, "config": {"tts": {"options": {"a": 1}}}}`,
		`{"worktime": {"working": []}, "assigned_users": [{"user_id": "5", "user_num": 7}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var task client.Task
		if json.Unmarshal(b, &task) != nil {
			return
		}
		// Whatever decodes must encode and decode again to the same value
		// (an empty map and an absent one are the same).
		out, err := json.Marshal(task)
		if err != nil {
			t.Fatalf("encoding %+v: %v", task, err)
		}
		var again client.Task
		if err := json.Unmarshal(out, &again); err != nil {
			t.Fatalf("re-decoding %s: %v", out, err)
		}
		if diff := cmp.Diff(task, again, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("round trip of %s (-first +second):\n%s", b, diff)
		}
	})
}
