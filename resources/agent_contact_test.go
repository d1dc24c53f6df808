package resources_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAgentContactGivenTwice: two agents of one configuration given the
// same user_email (whatever its case) or user_sms_phone, a row of a data
// file copied with its e-mail, planned two creates (or a create and an
// update), and the apply wrote the first and was refused the second. The
// plan now warns at the second planned, naming the field and the value,
// also where one agent keeps the value another is given; distinct values
// and "" say nothing. In process: the plan's diagnostics.
func TestAgentContactGivenTwice(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	agents := env.Resources(t, "contactcenter_agent")
	agent := func(num, email, phone string) any {
		return agents.Config(fmt.Sprintf("user_num = %q\nuser_name = \"A%s\"\nuser_password = \"Secret-1x\"\nuser_email = %q\nuser_sms_phone = %q\n", num, num, email, phone))
	}
	as := agents.Apply(nil, []any{agent("9201", "ann@example.com", ""), agent("9202", "bob@example.com", "13800000002")})
	planned := append(as, make([]acctest.Instance, 5)...)
	actions, diags := agents.PlanDiagnostics(planned, []any{
		agent("9201", "Shared@Example.com", ""), // an update to an address ...
		agent("9202", "bob@example.com", "13800000002"),
		agent("9203", "shared@example.com", ""),         // ... another agent is created with
		agent("9204", "", "13800000004"),                // a phone ...
		agent("9205", "eve@example.com", "13800000004"), // ... given twice
		agent("9206", "BOB@example.com", "13800000006"), // bob keeps his
		agent("9207", "", ""),
	})
	if want := "[update no-op create create create create create]"; fmt.Sprint(actions) != want {
		t.Fatalf("actions %v, want %s", actions, want)
	}
	texts := make([]string, len(diags))
	for i := range diags {
		texts[i] = planTexts(diags[i])
	}
	all := strings.Join(texts, "\n")
	for _, c := range []struct {
		field, value string
		among        []int
		wants        []string
	}{
		{"user_email", "shared@example.com", []int{0, 2}, []string{
			"This plan gives this agent user_email = ",
			"another resource or instance of this configuration, planned before this one, gives another agent the same user_email",
			"the apply writes whichever comes first and refuses the other",
		}},
		{"user_sms_phone", "13800000004", []int{3, 4}, []string{
			"This plan gives this agent user_sms_phone = ",
			"another resource or instance of this configuration, planned before this one, gives another agent the same user_sms_phone",
		}},
		// Told whichever is planned second: the agent given bob's
		// address, or bob, who keeps it.
		{"user_email", "bob@example.com", []int{1, 5}, []string{
			"another resource or instance of this configuration, planned before this one,",
			"It is unique among agents on the platform: the apply refuses",
		}},
	} {
		title := "Agent " + c.field + " Given Twice: "
		got := texts[c.among[0]] + texts[c.among[1]]
		if n := strings.Count(got, title); n != 1 {
			t.Errorf("%d warnings %q among instances %v, want 1 (the second planned):\n%s", n, title, c.among, all)
			continue
		}
		for _, want := range c.wants {
			if !strings.Contains(got, want) {
				t.Errorf("the warning of %s lacks %q:\n%s", c.field, want, got)
			}
		}
		if !strings.Contains(strings.ToLower(got), fmt.Sprintf("for %q", c.value)) {
			t.Errorf("the warning of %s does not name %q:\n%s", c.field, c.value, got)
		}
	}
	if !strings.Contains(all, "(an e-mail address is the same whatever its case)") || !strings.Contains(all, `example.com" in any case)`) {
		t.Errorf("the e-mail warning does not say the case does not count:\n%s", all)
	}
	if n := strings.Count(all, "Given Twice"); n != 3 {
		t.Errorf("%d warnings, want 3 (9207 and the distinct values say nothing):\n%s", n, all)
	}
	agents.Destroy(as)
}
