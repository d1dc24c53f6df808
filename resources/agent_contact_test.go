package resources_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

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
			"the apply refuses", "It is unique among agents on the platform",
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

// TestAgentContactMovesBetweenAgents: a row of a data file renumbered (a
// new user_num with the old row's e-mail) plans the old agent's destroy
// and a new agent's create with its e-mail, which Terraform runs in any
// order: the create is refused when it comes first. The plan now warns,
// whichever of the two it plans second; and of an agent resigned by the
// plan (delete_mode = "resign"), which keeps its e-mail, as of one that
// keeps it. In process, through one provider server, as Terraform plans
// the instances of one configuration.
func TestAgentContactMovesBetweenAgents(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	agents := env.Resources(t, "contactcenter_agent")
	as := agents.Apply(nil, []any{
		agents.Config("user_num = \"9301\"\nuser_name = \"Ann\"\nuser_password = \"Secret-1x\"\nuser_email = \"ann@example.com\"\n"),
		agents.Config("user_num = \"9302\"\nuser_name = \"Bob\"\nuser_password = \"Secret-1x\"\nuser_email = \"bob@example.com\"\ndelete_mode = \"resign\"\n"),
	})
	srv := env.ActionServer(t)
	const typ = "contactcenter_agent"
	null := &tfprotov6.DynamicValue{JSON: []byte("null")}
	destroy := func(in acctest.Instance) string {
		p, err := srv.PlanResourceChange(t.Context(), &tfprotov6.PlanResourceChangeRequest{TypeName: typ, PriorState: in.State, ProposedNewState: null, Config: null, PriorPrivate: in.Private})
		if err != nil {
			t.Fatal(err)
		}
		return planTexts(p.Diagnostics)
	}
	create := func(num, email string) string {
		b, _ := json.Marshal(map[string]any{"user_num": num, "user_name": "New " + num, "user_password": "Secret-1x", "user_email": email})
		conf := &tfprotov6.DynamicValue{JSON: b}
		p, err := srv.PlanResourceChange(t.Context(), &tfprotov6.PlanResourceChangeRequest{TypeName: typ, PriorState: null, ProposedNewState: conf, Config: conf})
		if err != nil {
			t.Fatal(err)
		}
		return planTexts(p.Diagnostics)
	}
	// Ann renumbered 9301 -> 9311: the destroy planned first, the create warns.
	if got := destroy(as[0]); strings.Contains(got, "user_email") {
		t.Errorf("the destroy planned first warned:\n%s", got)
	}
	got := create("9311", "Ann@Example.com")
	for _, want := range []string{
		"Agent user_email Moves Between Agents: ",
		`This plan gives this agent user_email = "Ann@Example.com", which another agent holds now, and another resource or instance of this configuration, ` +
			"planned before this one, deletes that agent or changes its user_email.",
		"Terraform runs the two in any order",
		"if the write comes first, the platform refuses it",
		"terraform apply -target=<its address>",
		"an agent's user_num cannot change, so this plan deletes the old agent",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the renumbered agent's create lacks %q:\n%s", want, got)
		}
	}
	// Bob resigned while a new agent takes his e-mail, the create planned
	// first: the resign warns, as it keeps the e-mail.
	if got := create("9312", "bob@example.com"); strings.Contains(got, "user_email") {
		t.Errorf("the create planned first warned:\n%s", got)
	}
	got = destroy(as[1])
	for _, want := range []string{
		"Agent user_email Given Twice: ",
		`This plan keeps user_email = "bob@example.com" on this agent, which the plan resigns (delete_mode = "resign": a resigned agent keeps it),`,
		"the apply refuses the other agent's write",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the resign lacks %q:\n%s", want, got)
		}
	}
	agents.Destroy(as)
}
