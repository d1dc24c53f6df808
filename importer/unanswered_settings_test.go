package importer_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// TestPlan_settingTheListDoesNotAnswerIsSaid: a platform whose users/list
// config member holds the §2.6.1 objects only (§2.6 does not promise
// max_sessions, user_phone_type and the other settings in it). A row that
// sets max_sessions 50 for an agent cannot be compared, and is not sent
// (sent on every apply, it would be written each time): the plan said
// "unchanged" and nothing else, and the value the sheet asks for never
// reached the agent. The step now says which values are not applied, and
// why. An exported workbook (those cells empty) still plans nothing.
func TestPlan_settingTheListDoesNotAnswerIsSaid(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	settings := []string{"user_phone_type", "user_login_state", "user_auto_login", "is_enable_outbound",
		"user_outcall_popup", "is_enable_mfa", "is_forbidden_login", "max_sessions", "basic_sessions", "is_enable_update_capcity"}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/users/list") {
			sim.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		sim.ServeHTTP(rec, r)
		var env map[string]any
		body := rec.Body.Bytes()
		if json.Unmarshal(body, &env) == nil {
			if data, ok := env["data"].(map[string]any); ok {
				items, _ := data["data"].([]any)
				for _, it := range items {
					if cfg, ok := it.(map[string]any)["config"].(map[string]any); ok {
						for _, k := range settings {
							delete(cfg, k)
						}
					}
				}
				body, _ = json.Marshal(env)
			}
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(rec.Code)
		_, _ = w.Write(body)
	}))
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	if err := sim.Seed(map[string]json.RawMessage{"agents": json.RawMessage(`[{"user_id": 5201, "user_num": "8201", "user_name": "Ann"}]`)}); err != nil {
		t.Fatal(err)
	}
	be, err := importer.BackendFor(c)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	header := []any{"user_num", "user_name", "max_sessions", "is_forbidden_login"}
	for _, tc := range []struct {
		name string
		row  []any
		note string
	}{
		{"set", []any{"8201", "Ann", "50", true},
			"warning: is_forbidden_login true, max_sessions 50 (Agents row 2) not applied: users/list does not answer these settings for agent 5201"},
		{"exported", []any{"8201", "Ann", nil, nil}, ""},
	} {
		r, probs, err := importer.ReadRoster(book(t, "Agents", [][]any{header, tc.row}))
		if err != nil || len(probs) > 0 {
			t.Fatal(err, lines(probs))
		}
		p, probs, err := importer.PlanRoster(ctx, be.Agents, r, importer.PlanOptions{})
		if err != nil || len(probs) > 0 {
			t.Fatal(err, lines(probs))
		}
		if len(p.Steps) != 1 || p.Steps[0].Action != importer.ActionUnchanged {
			t.Fatalf("%s: plan %+v, want agent 8201 unchanged", tc.name, p.Steps)
		}
		notes := strings.Join(p.Steps[0].Notes, "\n")
		if tc.note == "" && notes != "" || !strings.Contains(notes, tc.note) {
			t.Errorf("%s: agent 8201's notes %q, want %q", tc.name, notes, tc.note)
		}
	}
}
