package resources_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// slowGroupRead holds every queue/get/agents for a moment: the create's
// plan of a rekeyed membership reads the group (warnAdopted) after the
// old instance's destroy has been planned, as it mostly is.
func slowGroupRead(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/queue/get/agents") {
			time.Sleep(300 * time.Millisecond)
		}
		next.ServeHTTP(w, r)
	})
}

// TestAccSkillGroupMember_rekeyNotMembershipExists: a for_each key changed
// without a moved block removes the membership by the old instance and
// adds it by the new one ("Membership Removed and Added Again", which
// names the moved block). The new instance's create found the agent in the
// group, its own configuration's membership, and also warned "Membership
// Exists", telling to leave it to another configuration or to import it,
// neither of which is right for a membership this configuration holds.
func TestAccSkillGroupMember_rekeyNotMembershipExists(t *testing.T) {
	t.Parallel()
	env := acctest.NewWithHandler(t, slowGroupRead)
	w := env.Workdir(t)
	w.WriteBody(memberForEach("sales"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(memberForEach("team"))
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	if !strings.Contains(out, "Membership Removed and Added Again") {
		t.Errorf("the rekey plan lacks \"Membership Removed and Added Again\":\n%s", out)
	}
	// Terraform plans the instances in no fixed order: the new one's
	// create, planned before the old one's removal (under load, past the
	// slow read), cannot know yet that the membership is this
	// configuration's own, and then its "Membership Exists" must say that
	// case and point to the moved block, not only to another
	// configuration or an import.
	if strings.Contains(out, "Warning: Membership Exists") &&
		!strings.Contains(out, "it is this configuration's own: add a moved block from the old address to the new one instead") {
		t.Errorf("the rekey plan warns \"Membership Exists\" of this configuration's own memberships without naming the moved block:\n%s", out)
	}
}
