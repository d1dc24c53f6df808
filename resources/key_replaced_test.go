package resources_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestKeyChanged_replacementPlan: a new user_num or sign_text replaces
// the agent or signature; onto a value another object holds, the plan
// said only "must be replaced", and the apply destroyed the object and
// then had its create refused: the agent (or the signature) was gone and
// nothing took its place (keyupd55's trial). The plan now warns, saying
// so: "Already Managed Here" of a holder another resource keeps, "Already
// Exists" of one made outside Terraform (with how to manage that one with
// this block instead), and nothing of a free value. In process: the
// plan's diagnostics.
func TestKeyChanged_replacementPlan(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	outside, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: new("9103"), UserName: new("Cy"), UserPassword: new("Secret-1x")})
	if err != nil {
		t.Fatal(err)
	}
	agents := env.Resources(t, "contactcenter_agent")
	agent := func(num string) any {
		return agents.Config(fmt.Sprintf("user_num = %q\nuser_name = \"A%s\"\nuser_password = \"Secret-1x\"\n", num, num))
	}
	as := agents.Apply(nil, []any{agent("9101"), agent("9102"), agent("9104"), agent("9105")})
	agentID := func(i int) string { return agents.Decode(as[i])["id"].(string) }
	actions, diags := agents.PlanDiagnostics(as, []any{agent("9102"), agent("9102"), agent("9103"), agent("9106")})
	if want := []string{"replace", "no-op", "replace", "replace"}; fmt.Sprint(actions) != fmt.Sprint(want) {
		t.Fatalf("actions %v, want %v", actions, want)
	}
	for i, wants := range [][]string{
		{
			"Agent Already Managed Here: ",
			`This plan replaces this agent to change its user_num from "9101" to "9102": it destroys the agent first, then creates a new one with user_num = "9102"`,
			fmt.Sprintf(`manages agent %s ("A9102"), which holds "9102" and keeps it`, agentID(1)),
			`so the apply will destroy this agent (the one with user_num = "9101") and then refuse the create of the new one`,
			"the agent is gone and none takes its place",
		},
		nil,
		{
			"Agent Already Exists: ",
			fmt.Sprintf(`the contact center already has agent %d ("Cy") with that user_num`, outside.UserID.Int64()),
			"the agent is gone and none takes its place",
			`take its own out of the state first (a removed block with lifecycle { destroy = false }, or terraform state rm), then import that agent here (an import block with id = "user_num:9103")`,
		},
		nil,
	} {
		checkWarnings(t, "agent", i, planTexts(diags[i]), wants)
	}
	agents.Destroy(as)

	sigs := env.Resources(t, "contactcenter_sms_signature")
	sig := func(text string) any { return sigs.Config(fmt.Sprintf("sign_text = %q\n", text)) }
	ss := sigs.Apply(nil, []any{sig("Acme One"), sig("Acme Two")})
	_, diags = sigs.PlanDiagnostics(ss, []any{sig("Acme Two"), sig("Acme Two")})
	checkWarnings(t, "signature", 0, planTexts(diags[0]), []string{
		"SMS Signature Already Managed Here: ",
		`This plan replaces this SMS signature to change its sign_text from "Acme One" to "Acme Two"`,
		"the SMS signature is gone and none takes its place",
	})
	checkWarnings(t, "signature", 1, planTexts(diags[1]), nil)
	sigs.Destroy(ss)
}

// checkWarnings checks the plan texts of instance i of kind: each of wants
// in them, or none at all when wants is empty.
func checkWarnings(t *testing.T, kind string, i int, got string, wants []string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(got, want) {
			t.Errorf("plan of %s %d lacks %q:\n%s", kind, i, want, got)
		}
	}
	if len(wants) == 0 && got != "" {
		t.Errorf("plan of %s %d: %s", kind, i, got)
	}
}
