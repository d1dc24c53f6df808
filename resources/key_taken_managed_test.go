package resources_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccKeyTaken_managedHere: a new resource whose unique value an
// object another resource of the same configuration keeps (a second block
// given agent a's user_num, a for_each map holding a name twice) is
// refused at apply, as surely as one an object made outside Terraform
// holds. The plan said nothing with refresh (the holder, read for its own
// address, was left out) and, with -refresh=false, "Already Exists …
// import it", wrong advice for an object the state holds. It now warns
// "… Already Managed Here", in both modes, of a holder kept as it is (a
// no-op) or updated without its value (agent a's user_name). A value an
// update gives up (template "Old" renamed "Newer") is not warned of, nor
// one a replacement gives up (signature s, its remark changed: Terraform
// plans the new object's create beside the old one's), nor a for_each key
// renamed without a moved block (beside "Deleted and Created Again"); a
// group made outside Terraform still "Already Exists".
func TestAccKeyTaken_managedHere(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	outside, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Outside", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	agent := func(addr, num, name string) string {
		return fmt.Sprintf("resource \"contactcenter_agent\" %q {\n  user_num      = %q\n  user_name     = %q\n  user_password = \"Secret-1\"\n}\n", addr, num, name)
	}
	group := func(addr, name string) string {
		return fmt.Sprintf("resource \"contactcenter_skill_group\" %q {\n  que_name     = %q\n  que_priority = 1\n}\n", addr, name)
	}
	tpl := func(addr, name string) string {
		return fmt.Sprintf("resource \"contactcenter_sms_template\" %q {\n  template_name     = %q\n  template_contents = \"Hello\"\n  sign_id           = %d\n  submit_for_review = false\n}\n",
			addr, name, sg.ID.Int64())
	}
	sign := func(remark string) string {
		return fmt.Sprintf("resource \"contactcenter_sms_signature\" \"s\" {\n  sign_text = \"Acme Two\"\n  remark    = %q\n}\n", remark)
	}
	groups := func(keys ...string) string {
		var kv []string
		for _, k := range keys {
			kv = append(kv, fmt.Sprintf("%q = %q", k, "Renamed "+strings.TrimSuffix(k, "-east")))
		}
		return fmt.Sprintf("resource \"contactcenter_skill_group\" \"r\" {\n  for_each     = { %s }\n  que_name     = each.value\n  que_priority = 1\n}\n", strings.Join(kv, ", "))
	}
	ids := "output \"a\" {\n  value = contactcenter_agent.a.id\n}\noutput \"sales\" {\n  value = contactcenter_skill_group.sales.id\n}\n"
	w := env.Workdir(t)
	w.WriteBody(agent("a", "80010", "Ann") + group("sales", "Sales") + tpl("old", "Old") + groups("x") + sign("a") + ids)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	aID, salesID := strings.TrimSpace(w.Must(0, "output", "-raw", "a")), strings.TrimSpace(w.Must(0, "output", "-raw", "sales"))
	w.WriteBody(agent("a", "80010", "Ann Lee") + agent("b", "80010", "Bob") +
		group("sales", "Sales") + group("sales2", "Sales") + group("outside", "Outside") +
		tpl("old", "Newer") + tpl("again", "Old") + groups("x-east") + sign("b") + ids)
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	for range 2 {
		for _, args := range [][]string{{"plan", "-no-color"}, {"plan", "-no-color", "-refresh=false"}} {
			out := flat(w.Must(0, args...))
			for _, want := range []string{
				"Plan: 6 to add, 2 to change, 2 to destroy.",
				"Warning: Agent Already Managed Here with contactcenter_agent.b,",
				fmt.Sprintf(`This plan creates a new agent with user_num = "80010", and another resource or instance of this configuration manages agent %s ("Ann"), `+
					"which holds that user_num and keeps it: this plan neither destroys it nor changes its user_num. The user_num is unique on the platform, "+
					"so the apply will refuse this create, after applying what comes before it, unless that resource gives the user_num up in the same plan. "+
					"Importing does not help: the agent is in the state already, or this plan imports it there.", aID),
				`add a moved block from the old address to the new one (moved { from = <old address> to = <new address> })`,
				"Warning: Skill Group Already Managed Here with contactcenter_skill_group.sales2,",
				fmt.Sprintf("manages skill group %s, which holds that que_name and keeps it", salesID),
				"Warning: Skill Group Already Exists with contactcenter_skill_group.outside,",
				fmt.Sprintf("the contact center already has skill group %s with that que_name.", outside),
				"Warning: Skill Group Deleted and Created Again",
			} {
				if !strings.Contains(out, want) {
					t.Errorf("terraform %v lacks %q:\n%s", args, want, out)
				}
			}
			if n := strings.Count(out, "Already Exists"); n != 1 {
				t.Errorf("terraform %v: %d \"Already Exists\" warnings, want 1 (Outside):\n%s", args, n, out)
			}
			if n := strings.Count(out, "Already Managed Here"); n != 2 {
				t.Errorf("terraform %v: %d \"Already Managed Here\" warnings, want 2 (80010, Sales; Old is given up by its rename):\n%s", args, n, out)
			}
		}
	}
	w.WriteBody(agent("a", "80010", "Ann") + group("sales", "Sales") + tpl("old", "Old") + groups("x") + sign("a") + ids)
	w.Must(0, "destroy", "-auto-approve", "-no-color")
}
