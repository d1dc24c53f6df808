package resources_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
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

// TestSkillGroup_updateOnPlatformThatDefaults: against a queue/update
// that defaults what it is not sent, a rename sent only que_name and
// que_priority, and reset ring_time and que_strategy set at create: the
// plan after it wanted them back, and the apply of that reset the others
// in turn. An edit sends every setting, those it does not change as the
// platform holds them.
func TestSkillGroup_updateOnPlatformThatDefaults(t *testing.T) {
	t.Parallel()
	env := acctest.NewWithHandler(t, updateTakesDefaults)
	r := env.Resources(t, "contactcenter_skill_group")
	settings := "ring_time = 30\nque_strategy = 2\nque_num = \"7101\"\nwait_audio = \"-1\""
	// Each step as Terraform's acceptance test makes it: plan and apply,
	// then a plan that must be empty (in process: the checks are of the
	// provider's writes and reads, not of Terraform's handling).
	apply := func(prior []acctest.Instance, name string, prio int) []acctest.Instance {
		t.Helper()
		config := []any{r.Config(fmt.Sprintf("que_name = %q\nque_priority = %d\n%s\n", name, prio, settings))}
		out := r.Apply(prior, config)
		r.CheckPlanEmpty(out, config)
		return out
	}
	g := apply(nil, "Billing", 10)
	g = apply(g, "Billing EU", 10)
	for path, want := range map[string]knownvalue.Check{
		"que_name":     knownvalue.StringExact("Billing EU"),
		"ring_time":    knownvalue.Int64Exact(30),
		"que_strategy": knownvalue.Int64Exact(2),
		"que_num":      knownvalue.StringExact("7101"),
		"wait_audio":   knownvalue.StringExact("-1"),
	} {
		if err := r.ExpectKnownValue(g[0], tfjsonpath.New(path), want); err != nil {
			t.Error(err)
		}
	}
	apply(g, "Billing EU", 11)
}
