package resources_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// agentConfigSettings are the add parameters the simulator answers in a
// users/list item's config member besides the §2.6.1 objects. §2.6 gives
// config "the same structure as the add parameters below", the objects of
// §2.6.1, and does not promise these in it.
var agentConfigSettings = []string{"user_phone_type", "user_login_state", "user_auto_login", "is_enable_outbound",
	"user_outcall_popup", "is_enable_mfa", "is_forbidden_login", "max_sessions", "basic_sessions", "is_enable_update_capcity"}

// objectsOnlyConfig answers users/list with config members that hold the
// §2.6.1 objects only, as a platform may (unless raw is set).
func objectsOnlyConfig(raw *atomic.Bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if raw.Load() || !strings.HasSuffix(r.URL.Path, "/users/list") {
				next.ServeHTTP(w, r)
				return
			}
			rec := httptest.NewRecorder()
			next.ServeHTTP(rec, r)
			body := rec.Body.Bytes()
			var env map[string]any
			if json.Unmarshal(body, &env) == nil {
				if data, ok := env["data"].(map[string]any); ok {
					items, _ := data["data"].([]any)
					for _, it := range items {
						if cfg, ok := it.(map[string]any)["config"].(map[string]any); ok {
							for _, k := range agentConfigSettings {
								delete(cfg, k)
							}
						}
					}
					body, _ = json.Marshal(env)
				}
			}
			for k, v := range rec.Header() {
				w.Header()[k] = v
			}
			w.Header().Del("Content-Length")
			w.WriteHeader(rec.Code)
			_, _ = w.Write(body)
		})
	}
}

// TestAgent_configMemberWithoutSettings: a platform whose users/list
// config member (relations_config=1) holds only the §2.6.1 objects, not
// user_phone_type, max_sessions and the other settings. Each was read as
// 0 or false: the create failed ("inconsistent result after apply") or the
// plan after it set user_phone_type 0 -> 4, is_enable_outbound false ->
// true and the rest again, on every run. A setting the service does not
// answer keeps the value Terraform wrote, and an edit of it is sent.
// In process (acctest.Resources); the skill group agentFullConfig declares
// is made with the client.
func TestAgent_configMemberWithoutSettings(t *testing.T) {
	t.Parallel()
	var raw atomic.Bool
	env := acctest.NewWithHandler(t, objectsOnlyConfig(&raw))
	c := env.Client(t)
	que, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Agents G1", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	r := env.Resources(t, "contactcenter_agent")
	// body is the agent block of cfg (agentFullConfig or an edit of it),
	// with the group's id where it refers to the group.
	body := func(cfg string) []any {
		t.Helper()
		_, b, ok := strings.Cut(cfg, `resource "contactcenter_agent" "test" {`)
		if !ok {
			t.Fatal("no agent block")
		}
		b = strings.TrimSuffix(strings.TrimSpace(b), "}")
		return []any{r.Config(strings.ReplaceAll(b, "contactcenter_skill_group.g.id", fmt.Sprintf("%q", que)))}
	}
	// held reads what the simulator holds, config settings included.
	held := func(in acctest.Instance) (*client.Agent, error) {
		raw.Store(true)
		defer raw.Store(false)
		id, _ := strconv.ParseInt(r.Decode(in)["id"].(string), 10, 64)
		return c.Agents.Get(t.Context(), id)
	}
	expect := func(step string, in acctest.Instance, want map[string]knownvalue.Check) {
		t.Helper()
		for k, v := range want {
			if err := r.ExpectKnownValue(in, tfjsonpath.New(k), v); err != nil {
				t.Errorf("%s: %v", step, err)
			}
		}
	}
	edited := strings.Replace(strings.Replace(agentFullConfig, "max_sessions             = 300", "max_sessions             = 20", 1),
		"user_phone_type          = 4", "user_phone_type          = 3", 1)

	agent := r.Apply(nil, body(agentFullConfig))
	expect("create", agent[0], map[string]knownvalue.Check{
		"user_phone_type":    knownvalue.Int64Exact(4),
		"max_sessions":       knownvalue.Int64Exact(300),
		"is_enable_outbound": knownvalue.Bool(false),
		"is_forbidden_login": knownvalue.Bool(true),
		"is_enable_mfa":      knownvalue.Int64Exact(1),
	})
	r.CheckPlanEmpty(agent, body(agentFullConfig))

	agent = r.Apply(agent, body(edited))
	expect("edit", agent[0], map[string]knownvalue.Check{
		"user_phone_type": knownvalue.Int64Exact(3),
		"max_sessions":    knownvalue.Int64Exact(20),
	})
	if a, err := held(agent[0]); err != nil {
		t.Error(err)
	} else if a.Config == nil || a.Config.MaxSessions == nil || *a.Config.MaxSessions != 20 || *a.Config.UserPhoneType != 3 {
		t.Errorf("the service holds config %+v, want max_sessions 20 and user_phone_type 3", a.Config)
	}
	r.CheckPlanEmpty(agent, body(edited))
	r.Destroy(agent)
}

// TestAgentConfig_settingsAbsent: the client tells a config member without
// a setting from one answering 0 or false.
func TestAgentConfig_settingsAbsent(t *testing.T) {
	var a client.Agent
	if err := json.NewDecoder(bytes.NewReader([]byte(`{"user_id": 1, "is_enable_mfa": 1,
		"config": {"max_sessions": 0, "is_enable_outbound": false, "evaluate_config": {"type": 2}}}`))).Decode(&a); err != nil {
		t.Fatal(err)
	}
	cfg := a.Config
	if cfg.MaxSessions == nil || *cfg.MaxSessions != 0 || cfg.IsEnableOutbound == nil || bool(*cfg.IsEnableOutbound) {
		t.Errorf("answered settings: max_sessions %v, is_enable_outbound %v; want 0 and false", cfg.MaxSessions, cfg.IsEnableOutbound)
	}
	if cfg.UserPhoneType != nil || cfg.BasicSessions != nil || cfg.IsForbiddenLogin != nil || cfg.IsEnableMFA != nil {
		t.Errorf("settings not answered read as values: %+v", cfg)
	}
	if a.MFA() != client.MFAOn {
		t.Errorf("MFA() = %d: without the config's is_enable_mfa the item's own 1 (on) decides", a.MFA())
	}
}
