package resources_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// queueAddDefaults are the simulator's queue/add defaults of the optional
// settings (simulator/fidelity/queues.md) but auto_evaluate, which has no
// stated default on update (§4.6).
var queueAddDefaults = map[string]any{"que_num": "", "que_type": 0, "que_length": 10, "que_time": 60, "ring_time": 20,
	"next_wait": 5, "b_announce": 0, "noans_times": 3, "noans_wait": 10, "noans_action": "0", "que_strategy": 1, "wait_audio": "0"}

// updateTakesDefaults makes queue/update give every optional setting it is
// not sent its add default, as a platform may (§4.6 leaves it open; the
// simulator keeps the value).
func updateTakesDefaults(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/queue/update") && strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			var body map[string]any
			b, _ := io.ReadAll(r.Body)
			if json.Unmarshal(b, &body) == nil {
				for k, v := range queueAddDefaults {
					if _, sent := body[k]; !sent {
						body[k] = v
					}
				}
				b, _ = json.Marshal(body)
			}
			r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(b)), int64(len(b))
		}
		next.ServeHTTP(w, r)
	})
}

// TestAccSkillGroup_updateOnPlatformThatDefaults: against a queue/update
// that defaults what it is not sent, a rename sent only que_name and
// que_priority, and reset ring_time and que_strategy set at create: the
// plan after it wanted them back, and the apply of that reset the others
// in turn. An edit sends every setting, those it does not change as the
// platform holds them.
func TestAccSkillGroup_updateOnPlatformThatDefaults(t *testing.T) {
	t.Parallel()
	env := acctest.NewWithHandler(t, updateTakesDefaults)
	addr := "contactcenter_skill_group.test"
	settings := "ring_time = 30\nque_strategy = 2\nque_num = \"7101\"\nwait_audio = \"-1\""
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: env.Config(skillGroupConfig("Billing", 10, settings))},
			{
				Config: env.Config(skillGroupConfig("Billing EU", 10, settings)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("que_name"), knownvalue.StringExact("Billing EU")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("ring_time"), knownvalue.Int64Exact(30)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("que_strategy"), knownvalue.Int64Exact(2)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("que_num"), knownvalue.StringExact("7101")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("wait_audio"), knownvalue.StringExact("-1")),
				},
			},
			{Config: env.Config(skillGroupConfig("Billing EU", 11, settings))},
		},
	})
}
