package resources_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
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

// TestAccAgent_configMemberWithoutSettings: a platform whose users/list
// config member (relations_config=1) holds only the §2.6.1 objects, not
// user_phone_type, max_sessions and the other settings. Each was read as
// 0 or false: the create failed ("inconsistent result after apply") or the
// plan after it set user_phone_type 0 -> 4, is_enable_outbound false ->
// true and the rest again, on every run. A setting the service does not
// answer keeps the value Terraform wrote, and an edit of it is sent.
func TestAccAgent_configMemberWithoutSettings(t *testing.T) {
	t.Parallel()
	var raw atomic.Bool
	env := acctest.NewWithHandler(t, objectsOnlyConfig(&raw))
	c := env.Client(t)
	// held reads what the simulator holds, config settings included.
	held := func(s *terraform.State) (*client.Agent, error) {
		raw.Store(true)
		defer raw.Store(false)
		return c.Agents.Get(t.Context(), agentID(s))
	}
	edited := strings.Replace(strings.Replace(agentFullConfig, "max_sessions             = 300", "max_sessions             = 20", 1),
		"user_phone_type          = 4", "user_phone_type          = 3", 1)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(agentFullConfig),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(agentAddr, tfjsonpath.New("user_phone_type"), knownvalue.Int64Exact(4)),
					statecheck.ExpectKnownValue(agentAddr, tfjsonpath.New("max_sessions"), knownvalue.Int64Exact(300)),
					statecheck.ExpectKnownValue(agentAddr, tfjsonpath.New("is_enable_outbound"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(agentAddr, tfjsonpath.New("is_forbidden_login"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(agentAddr, tfjsonpath.New("is_enable_mfa"), knownvalue.Int64Exact(1)),
				},
			},
			{
				Config: env.Config(edited),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(agentAddr, tfjsonpath.New("user_phone_type"), knownvalue.Int64Exact(3)),
					statecheck.ExpectKnownValue(agentAddr, tfjsonpath.New("max_sessions"), knownvalue.Int64Exact(20)),
				},
				Check: func(s *terraform.State) error {
					a, err := held(s)
					if err != nil {
						return err
					}
					if a.Config == nil || a.Config.MaxSessions == nil || *a.Config.MaxSessions != 20 || *a.Config.UserPhoneType != 3 {
						return fmt.Errorf("the service holds config %+v, want max_sessions 20 and user_phone_type 3", a.Config)
					}
					return nil
				},
			},
		},
	})
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
