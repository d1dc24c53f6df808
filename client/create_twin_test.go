package client_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestCreateLostAnswerIgnoresTwin: webhook names, task names and voice-file
// names are not unique. A create whose answer is lost looks the object up
// by that key; an object of the same key that existed before (another
// team's, or another configuration's) is not taken for it: the id returned
// is the one just made, and the create is sent once.
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

// TestCreateLostAnswerNeverAdoptsSameText: the spec does not make an SMS
// signature's text or a template's name unique either. The simulator, like
// some platforms, refuses a second one with 409; when that answer is lost,
// the lookup used to find the object that existed before (another team's)
// and return it as the one created, so a destroy would delete it. Now the
// create is sent again and its refusal reaches the caller.
func TestCreateLostAnswerNeverAdoptsSameText(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		path   string
		create func(*client.Client) (int64, error)
	}{
		"signature": {"/open/sms/sign/store", func(c *client.Client) (int64, error) {
			sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "ACME"})
			if err != nil {
				return 0, err
			}
			return int64(sg.ID), nil
		}},
		"template": {"/open/sms/template/store", func(c *client.Client) (int64, error) {
			sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
			if err != nil && !strings.Contains(err.Error(), "409") {
				return 0, err
			}
			if sg == nil { // the second call: the signature of the first
				sgs, err := client.Collect(c.SMS.ListSignatures(t.Context(), client.SMSSignatureFilter{SignText: "Acme"}))
				if err != nil || len(sgs) != 1 {
					return 0, fmt.Errorf("signature Acme: %v: %w", sgs, err)
				}
				sg = &sgs[0]
			}
			tp, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: "Code", TemplateContents: "Code ${code}", SignID: int64(sg.ID)})
			if err != nil {
				return 0, err
			}
			return int64(tp.ID), nil
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
			e.swallow[tc.path] = 1 // refused with 409; the answer is lost (503)
			e.mu.Unlock()
			got, err := tc.create(e.c)
			if got == twin {
				t.Fatalf("the lost create adopted the object that existed before (id %d)", twin)
			}
			if err == nil || !strings.Contains(err.Error(), "409") {
				t.Errorf("err = %v, want the platform's 409 to the create sent again", err)
			}
			e.mu.Lock()
			n := len(e.bodies[tc.path])
			e.mu.Unlock()
			if n != 3 {
				t.Errorf("%s sent %d times, want 3 (the twin, the lost create, the create sent again)", tc.path, n)
			}
		})
	}
}
