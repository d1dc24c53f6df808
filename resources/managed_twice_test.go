package resources_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccManagedTwice: adopting a contact center in steps with terraform
// query (the agents of one group this week, a list block without the
// filter next week) generates the first week's objects again, and the
// second plan imported them into new addresses beside the ones that manage
// them ("Plan: 2 to import"), without a word: after the apply two
// resources managed each object. The plan now warns, once per object, of
// an agent and a webhook imported while managed; a plain import, an
// object imported once, and a moved block say nothing.
func TestAccManagedTwice(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	agent := func(addr string) string {
		return fmt.Sprintf("resource \"contactcenter_agent\" %q {\n  user_num  = \"80020\"\n  user_name = \"Ann\"\n}\n", addr)
	}
	hook := func(addr string) string {
		return fmt.Sprintf("resource \"contactcenter_webhook\" %q {\n  name = \"CRM\"\n  url  = \"https://crm.example.com/h\"\n}\n", addr)
	}
	imp := func(to, id string) string { return fmt.Sprintf("import {\n  to = %s\n  id = %q\n}\n", to, id) }
	created := "resource \"contactcenter_agent\" \"a\" {\n  user_num      = \"80020\"\n  user_name     = \"Ann\"\n  user_password = \"Secret-1\"\n}\n" + hook("h") +
		"output \"a\" {\n  value = contactcenter_agent.a.id\n}\noutput \"h\" {\n  value = contactcenter_webhook.h.id\n}\n"
	w := env.Workdir(t)
	w.WriteBody(created)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	aID, hID := strings.TrimSpace(w.Must(0, "output", "-raw", "a")), strings.TrimSpace(w.Must(0, "output", "-raw", "h"))
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }

	// Week two: the same objects generated again at new addresses.
	w.WriteBody(created + agent("all_0") + imp("contactcenter_agent.all_0", aID) + hook("all_1") + imp("contactcenter_webhook.all_1", hID))
	for _, args := range [][]string{{"plan", "-no-color"}, {"plan", "-no-color", "-refresh=false"}} {
		out := flat(w.Must(0, args...))
		for _, want := range []string{
			"Plan: 2 to import, 0 to add, 0 to change, 0 to destroy.",
			"Warning: Agent Managed by Two Resources",
			fmt.Sprintf("This plan imports agent %s into one resource of this configuration while another resource of it already manages that agent (its state holds the id %s)", aID, aID),
			"delete the resource and import blocks of the objects already managed, and import only the new ones.",
			"Warning: Webhook Managed by Two Resources",
			fmt.Sprintf("This plan imports webhook %s into one resource", hID),
		} {
			if !strings.Contains(out, want) {
				t.Errorf("terraform %v lacks %q:\n%s", args, want, out)
			}
		}
		if n := strings.Count(out, "Managed by Two Resources"); n != 2 {
			t.Errorf("terraform %v: %d \"Managed by Two Resources\" warnings, want 2 (the agent, the webhook):\n%s", args, n, out)
		}
	}

	// Taken out of the state without deleting, and imported at a new
	// address, each object is managed once: no warning.
	w.WriteBody(agent("b") + imp("contactcenter_agent.b", aID) + hook("g") + imp("contactcenter_webhook.g", hID) +
		"removed {\n  from = contactcenter_agent.a\n  lifecycle {\n    destroy = false\n  }\n}\n" +
		"removed {\n  from = contactcenter_webhook.h\n  lifecycle {\n    destroy = false\n  }\n}\n")
	out := flat(w.Must(0, "apply", "-auto-approve", "-no-color"))
	if !strings.Contains(out, "2 imported") || strings.Contains(out, "Managed by Two Resources") {
		t.Errorf("moving by removed and import blocks: want 2 imported and no warning:\n%s", out)
	}
	// A moved block is no import, and the next plan is empty.
	w.WriteBody(agent("c") + hook("g") + "moved {\n  from = contactcenter_agent.b\n  to   = contactcenter_agent.c\n}\n")
	if out := flat(w.Must(0, "plan", "-no-color")); strings.Contains(out, "Managed by Two Resources") || !strings.Contains(out, "0 to add, 0 to change, 0 to destroy") {
		t.Errorf("moved block: want no change and no warning:\n%s", out)
	}
}

// TestAccManagedTwice_afterUpgrade: a state written by a provider older
// than the record of the contact center (no private state) had its first
// read after the upgrade taken for an import's, so the object it holds
// counted as imported too, and a plan that imported that object at another
// address (a configuration generated again by terraform query, applied
// with the first plan after the upgrade) said nothing: both addresses
// read as imports, and no pair of an import and a managed object was
// found. The import is told by ImportState's own mark now.
func TestAccManagedTwice_afterUpgrade(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	hook := func(addr string) string {
		return fmt.Sprintf("resource \"contactcenter_webhook\" %q {\n  name = \"CRM\"\n  url  = \"https://crm.example.com/h\"\n}\n", addr)
	}
	w := env.Workdir(t)
	w.WriteBody(hook("h") + "output \"h\" {\n  value = contactcenter_webhook.h.id\n}\n")
	w.Must(0, "apply", "-auto-approve", "-no-color")
	hID := strings.TrimSpace(w.Must(0, "output", "-raw", "h"))
	// As an older provider wrote it: no private state.
	var state map[string]any
	if err := json.Unmarshal([]byte(w.Must(0, "state", "pull")), &state); err != nil {
		t.Fatal(err)
	}
	stripped := 0
	for _, r := range state["resources"].([]any) {
		for _, in := range r.(map[string]any)["instances"].([]any) {
			if _, ok := in.(map[string]any)["private"]; ok {
				delete(in.(map[string]any), "private")
				stripped++
			}
		}
	}
	if stripped == 0 {
		t.Fatal("the state has no private state to take out: the test no longer shows an older provider's state")
	}
	state["serial"] = state["serial"].(float64) + 1
	old, _ := json.Marshal(state)
	w.WriteFile("old.tfstate", string(old))
	w.Must(0, "state", "push", "old.tfstate")

	w.WriteBody(hook("h") + hook("all_0") + fmt.Sprintf("import {\n  to = contactcenter_webhook.all_0\n  id = %q\n}\n", hID))
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	if !strings.Contains(out, "Warning: Webhook Managed by Two Resources") || !strings.Contains(out, fmt.Sprintf("This plan imports webhook %s into one resource", hID)) {
		t.Errorf("the first plan after an upgrade that imports a managed webhook again lacks the warning:\n%s", out)
	}
}
