package resources_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// A destroy whose every delete attempt took effect but lost its answer
// (502) reads the object once: gone, it was deleted, and the destroy
// succeeds. It used to fail with "was not deleted" for objects the
// platform no longer held, and only the next run dropped them.
func TestAccDelete_lostAnswerOfADeleteThatTookEffect(t *testing.T) {
	t.Parallel()
	var lost lostAnswers
	env := acctest.NewWithHandler(t, lost.wrap)
	c := env.Client(t)
	ids := map[string]int64{}
	const objects = `
resource "contactcenter_skill_group" "g" {
  que_name     = "Lost answers"
  que_priority = 1
}
resource "contactcenter_agent" "a" {
  user_num  = "7301"
  user_name     = "Lost Answer"
  user_password = "Secret-123"
}
resource "contactcenter_webhook" "w" {
  name = "lost answers"
  url  = "https://example.com/lost"
}
`
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(objects),
				Check: func(s *terraform.State) error {
					for _, a := range []string{"contactcenter_skill_group.g", "contactcenter_agent.a", "contactcenter_webhook.w"} {
						ids[a] = resID(s, a)
					}
					return nil
				},
			},
			{
				PreConfig: func() {
					for _, p := range []string{"/users/delete", "/queue/delete", "/webhook/delete"} {
						lost.lose(p, 10)
					}
				},
				Config: env.Config(""),
				Check: func(*terraform.State) error {
					lost.reset()
					ctx := client.FreshReads(t.Context())
					_, errA := c.Agents.Get(ctx, ids["contactcenter_agent.a"])
					_, errG := c.Queues.Get(ctx, ids["contactcenter_skill_group.g"])
					_, errW := c.Webhooks.Get(ctx, ids["contactcenter_webhook.w"])
					for what, err := range map[string]error{"agent": errA, "group": errG, "webhook": errW} {
						switch {
						case err == nil:
							return fmt.Errorf("the %s still exists, want it gone", what)
						case !client.IsNotFound(err):
							return fmt.Errorf("reading the %s: %w", what, err)
						}
					}
					return nil
				},
			},
		},
	})
}

// lostAfterDelete loses the answers of every webhook delete and, once a
// delete was seen, of the reads that follow it.
type lostAfterDelete struct {
	on      atomic.Bool
	deleted atomic.Bool
}

func (l *lostAfterDelete) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !l.on.Load() {
			h.ServeHTTP(w, r)
			return
		}
		switch {
		case strings.HasSuffix(r.URL.Path, "/webhook/delete"):
			l.deleted.Store(true)
		case strings.HasSuffix(r.URL.Path, "/webhook/lists") && l.deleted.Load():
		default:
			h.ServeHTTP(w, r)
			return
		}
		h.ServeHTTP(httptest.NewRecorder(), r)
		http.Error(w, "answer lost", http.StatusBadGateway)
	})
}

// When the read after a lost delete fails too, the error says the object
// may or may not have been deleted, gives the read's failure on one line
// (its advice said once), and says what to do; the next run converges.
func TestAccDelete_lostAnswerAndUnreadable(t *testing.T) {
	t.Parallel()
	var lost lostAfterDelete
	env := acctest.NewWithHandler(t, lost.wrap)
	const webhook = `
resource "contactcenter_webhook" "w" {
  name = "lost and unreadable"
  url  = "https://example.com/lost"
}
`
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: env.Config(webhook)},
			{
				PreConfig: func() { lost.on.Store(true) },
				Config:    env.Config(""),
				ExpectError: inOrder(`The webhook with id 301 may or may not have been deleted (reading it back to find out failed too:`,
					`GET /autocall/api/v3/webhook/lists: HTTP 502: answer lost). The autocall_url API call GET`,
					`Run the destroy (or apply) again: an object already gone is then dropped from the state, one still there deleted.`),
			},
			{
				PreConfig: func() { lost.on.Store(false) },
				Config:    env.Config(""),
			},
		},
	})
}
