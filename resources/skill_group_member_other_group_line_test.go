package resources_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccSkillGroupMember_otherGroupAtAgentID: queue/assign's 407 for an
// agent that is not in the group (§7.2 "agent already assigned a group": a
// platform that allows one group per agent) is about the agent, and
// showed the first line of the resource block; it is shown at agent_id.
func TestAccSkillGroupMember_otherGroupAtAgentID(t *testing.T) {
	t.Parallel()
	env := acctest.NewWithHandler(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/queue/assign") {
				w.Header().Set("Content-Type", "application/json")
				_, _ = io.WriteString(w, `{"code":407,"message":"agent already assigned a group"}`)
				return
			}
			h.ServeHTTP(w, r)
		})
	})
	w := env.Workdir(t)
	w.WriteBody(membershipBase + `
resource "contactcenter_skill_group_member" "test" {
  que_id   = contactcenter_skill_group.g.id
  agent_id = contactcenter_agent.a.id
}
`)
	_, out := w.Run("apply", "-auto-approve", "-json")
	var got []string
	for _, d := range acctest.JSONDiagnostics(out) {
		if d.Severity == "error" && strings.Contains(d.Detail, "already assigned a group") {
			got = append(got, d.Code)
		}
	}
	if len(got) != 1 || got[0] != "agent_id = contactcenter_agent.a.id" {
		t.Errorf("the refusal shows %q; want the line agent_id = contactcenter_agent.a.id", got)
		t.Log(out)
	}
}
