package resources_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAcc_otherContactCenterRefused: a configuration whose provider now
// reaches another contact center (an endpoint pointed elsewhere, a
// module's providers switched, a moved block between two aliases), where
// the ids in its state name that center's objects. Only an agent told
// (by its number); a skill group, a webhook or an SMS signature read the
// other center's object as drift, and the plan showed an in-place update of
// it ("Beijing Sales" -> over "Shanghai Sales"), which an apply made. The
// refresh now refuses, naming the old and new addresses, and nothing is
// changed in either center. The same center reached at another address
// (localhost for 127.0.0.1) reads the same objects and plans nothing.
func TestAcc_otherContactCenterRefused(t *testing.T) {
	t.Parallel()
	bj, sh := acctest.New(t), acctest.New(t)
	body := func(city string) string {
		return `
resource "contactcenter_skill_group" "g" {
  que_name     = "` + city + ` Sales"
  que_priority = 20
}

resource "contactcenter_webhook" "w" {
  name = "` + city + ` hook"
  url  = "https://` + strings.ToLower(city) + `.example.com/hook"
}

resource "contactcenter_sms_signature" "s" {
  sign_text = "` + city + ` Co"
}

resource "contactcenter_sms_template" "t" {
  template_name     = "` + city + ` notice"
  template_contents = "Hello $${name}"
  sign_id           = contactcenter_sms_signature.s.id
}
`
	}
	// Each center gets its own objects, with the same ids (both are new).
	shw := sh.Workdir(t)
	shw.WriteBody(body("Shanghai"))
	shw.Must(0, "apply", "-auto-approve", "-no-color")
	w := bj.Workdir(t)
	w.WriteBody(body("Beijing"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	ids := w.Must(0, "state", "list")
	for _, addr := range strings.Fields(ids) {
		if got, want := stateID(t, w, addr), stateID(t, shw, addr); got != want {
			t.Fatalf("%s has id %s in one center and %s in the other: the test needs them equal", addr, got, want)
		}
	}

	w.Write(strings.Replace(w.Prelude(), bj.Origin, sh.Origin, 1) + body("Beijing"))
	out := strings.Join(strings.Fields(w.Must(1, "plan", "-no-color")), " ")
	for _, want := range []string{
		"Unable to Read Skill Group", "Unable to Read Webhook", "Unable to Read SMS Signature",
		"Skill group " + stateID(t, w, "contactcenter_skill_group.g") + " was created or last read through other addresses than the ones this provider configuration reaches now (" +
			bj.Origin + ", now " + sh.Origin + ")",
		"this is most likely another contact center's skill group, with the same id. Nothing was changed.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("plan against the other center lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "will be updated in-place") {
		t.Errorf("the plan updates the other center's objects:\n%s", out)
	}
	// The other center's objects are as its own configuration made them.
	if out := shw.Must(0, "plan", "-no-color", "-detailed-exitcode"); !strings.Contains(out, "No changes") {
		t.Errorf("the other center's configuration plans changes:\n%s", out)
	}

	// A plan made with -refresh=false reads nothing there: its edit and its
	// destroy are refused, where they reached the other center's objects.
	w.Write(strings.Replace(w.Prelude(), bj.Origin, sh.Origin, 1) + strings.NewReplacer("que_priority = 20", "que_priority = 21", "Hello", "Hi").Replace(body("Beijing")))
	out = strings.Join(strings.Fields(w.Must(1, "apply", "-auto-approve", "-refresh=false", "-no-color")), " ")
	for _, want := range []string{"Unable to Update Skill Group", "Unable to Update SMS Template", "and this plan did not read it there (it was made with -refresh=false)", "Nothing was changed"} {
		if !strings.Contains(out, want) {
			t.Errorf("apply -refresh=false against the other center lacks %q:\n%s", want, out)
		}
	}
	out = strings.Join(strings.Fields(w.Must(1, "destroy", "-auto-approve", "-refresh=false", "-no-color")), " ")
	for _, want := range []string{"Unable to Delete Skill Group", "Unable to Delete Webhook", "Unable to Delete SMS Template"} {
		if !strings.Contains(out, want) {
			t.Errorf("destroy -refresh=false against the other center lacks %q:\n%s", want, out)
		}
	}
	if out := shw.Must(0, "plan", "-no-color"); !strings.Contains(out, "No changes") {
		t.Errorf("the other center's configuration plans changes after the -refresh=false runs:\n%s", out)
	}

	// The same center at another address: the same objects, read unchanged
	// once the state is up to date (the template made the signature
	// is_used since its create: changed, it would be refused).
	w.WriteBody(body("Beijing"))
	w.Must(0, "apply", "-refresh-only", "-auto-approve", "-no-color")
	local := strings.Replace(bj.Origin, "127.0.0.1", "localhost", 1)
	if local == bj.Origin {
		t.Fatalf("origin %s is not on 127.0.0.1", bj.Origin)
	}
	w.Write(strings.Replace(w.Prelude(), bj.Origin, local, 1) + body("Beijing"))
	if out := w.Must(0, "apply", "-auto-approve", "-no-color"); !strings.Contains(out, "0 added, 0 changed, 0 destroyed") {
		t.Errorf("the same center at another address:\n%s", out)
	}
	// ... and back, in one destroy: its refresh reads them unchanged.
	w.WriteBody(body("Beijing"))
	if out := w.Must(0, "destroy", "-auto-approve", "-no-color"); !strings.Contains(out, "4 destroyed") {
		t.Errorf("destroy at the first address again:\n%s", out)
	}
}

// stateID is the id attribute of addr in w's state.
func stateID(t *testing.T, w *acctest.Workdir, addr string) string {
	t.Helper()
	for _, line := range strings.Split(w.Must(0, "state", "show", "-no-color", addr), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "id" && f[1] == "=" {
			return strings.Trim(f[2], `"`)
		}
	}
	t.Fatalf("%s has no id in the state", addr)
	return ""
}
