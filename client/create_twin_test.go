package client_test

import (
	"strconv"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestCreateLostAnswerIgnoresTwin: webhook names, task names and voice-file
// names are not unique. A create whose answer is lost looks the object up
// by that key; an object of the same key that existed before (another
// team's, or another configuration's) is not taken for it: the id returned
// is the one just made, and the create is sent once. (Signature texts are
// unique: the platform refuses a second one with 409.)
func TestCreateLostAnswerIgnoresTwin(t *testing.T) {
	t.Parallel()
	hook := client.WebhookInput{Name: "CRM", URL: "https://crm.example.com/hook", EventType: 1}
	task := client.Task{Name: "Renewals", Type: 3}
	sound := client.SoundInput{Name: "Welcome", SoundType: 1, Content: tinyWAV(8)}
	for name, tc := range map[string]struct {
		path   string
		create func(*client.Client) (string, error)
	}{
		"webhook": {"/autocall/api/v3/webhook/updateOrCreate", func(c *client.Client) (string, error) {
			w, err := c.Webhooks.Create(t.Context(), hook)
			if err != nil {
				return "", err
			}
			return strconv.FormatInt(int64(w.ID), 10), nil
		}},
		"task": {"/autocall/api/v3/projects/updateOrCreate", func(c *client.Client) (string, error) {
			id, err := c.Tasks.Create(t.Context(), task)
			return strconv.FormatInt(id, 10), err
		}},
		"sound": {"/portal/v2/svcapi/sound/upload", func(c *client.Client) (string, error) {
			id, _, err := c.Sounds.Upload(t.Context(), sound)
			return id, err
		}},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e := newSMSEnv(t)
			twin, err := tc.create(e.c)
			if err != nil {
				t.Fatal(err)
			}
			e.mu.Lock()
			e.swallow[tc.path] = 1 // the platform makes it; the answer is lost (503)
			e.mu.Unlock()
			got, err := tc.create(e.c)
			if err != nil {
				t.Fatal(err)
			}
			if got == twin {
				t.Errorf("the lost create adopted the object that existed before (id %s)", twin)
			}
			e.mu.Lock()
			n := len(e.bodies[tc.path])
			e.mu.Unlock()
			if n != 2 {
				t.Errorf("%s sent %d times, want 2 (the twin, then the lost create once)", tc.path, n)
			}
		})
	}
}
