package resources_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccSavedPlan_updateOfDeletedObject: a saved plan applied after the
// objects it updates were deleted in the portal failed with the service's
// refusal only ("code 404: user 1001 does not exist"), the template's
// with advice to check sign_id; the error says the object is gone and what
// to do.
func TestAccSavedPlan_updateOfDeletedObject(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	config := func(name string) string {
		return fmt.Sprintf(`
resource "contactcenter_agent" "a" {
  user_num      = "8801"
  user_name     = %[1]q
  user_password = "Secret-12"
}
resource "contactcenter_webhook" "w" {
  name       = %[1]q
  url        = "https://crm.example.com/h"
  event_type = 1
}
resource "contactcenter_sms_signature" "s" {
  sign_text = "Acme"
}
resource "contactcenter_sms_template" "t" {
  template_name     = %[1]q
  template_contents = "Hello"
  sign_id           = contactcenter_sms_signature.s.id
}
`, name)
	}
	w.WriteBody(config("A"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(config("B"))
	w.Must(0, "plan", "-out=tfplan", "-no-color")
	c := env.Client(t)
	if err := c.Agents.Delete(t.Context(), 1001); err != nil {
		t.Fatal(err)
	}
	if err := c.Webhooks.Delete(t.Context(), 301); err != nil {
		t.Fatal(err)
	}
	if err := c.SMS.DeleteTemplate(t.Context(), 3001); err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(w.Must(1, "apply", "-no-color", "tfplan")), " ")
	const gone = "The object no longer exists: it was deleted outside Terraform after this plan was made. Run terraform plan again: it plans to create it anew."
	for _, title := range []string{"Unable to Update Agent", "Unable to Update Webhook", "Unable to Update SMS Template"} {
		i := strings.Index(out, title)
		if i < 0 || !strings.Contains(out[i:], gone) {
			t.Errorf("%s lacks %q:\n%s", title, gone, out)
		}
	}
	if strings.Contains(out, "Check sign_id") {
		t.Errorf("the template's own deletion is blamed on sign_id:\n%s", out)
	}
	// The hedged advice of any "not found" refusal would stand right
	// above the certain one, saying the same thing twice.
	if strings.Contains(out, "it may have been deleted outside Terraform") {
		t.Errorf("the gone object is explained twice (may have been deleted, then was deleted):\n%s", out)
	}
	if strings.Count(out, gone) != 3 {
		t.Errorf("the note is given %d times, want 3:\n%s", strings.Count(out, gone), out)
	}
}
