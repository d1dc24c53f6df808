package resources_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// planTexts joins the plan diagnostics of one instance, whitespace folded.
func planTexts(ds []*tfprotov6.Diagnostic) string {
	return strings.Join(strings.Fields(strings.Join(diagTexts(ds), "\n")), " ")
}

// callsOf sums the simulator's calls.
func callsOf(stats map[string]int) (n int) {
	for _, c := range stats {
		n += c
	}
	return n
}

// TestKeyChanged_groupPlan: an update that renames a skill group onto a
// que_name another group holds (a user's trial: "Team 001" renamed "Team
// 002" while contactcenter_skill_group.team_002 holds it) planned a plain
// "1 to change", and the apply was refused. The plan now warns as a
// create's key check does, in words that fit an update: "Already Managed
// Here" of a group another resource keeps, "Already Exists" of one made
// outside Terraform (without the advice to import it at this address),
// "que_name Swapped" of two groups that swap their names (both renames are
// refused), and nothing of a rename to a free name. It costs no call: the
// plan makes as many as the same plan without the renames.
func TestKeyChanged_groupPlan(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	outside, err := env.Client(t).Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Outside", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	r := env.Resources(t, "contactcenter_skill_group")
	group := func(name string) any { return r.Config(fmt.Sprintf("que_name = %q\nque_priority = 1\n", name)) }
	configs := func(names ...string) []any {
		var out []any
		for _, n := range names {
			out = append(out, group(n))
		}
		return out
	}
	groups := r.Apply(nil, configs("Team 001", "Team 002", "Team 003", "Team 004", "Team 005", "Team 006"))
	id := func(i int) string { return r.Decode(groups[i])["id"].(string) }

	before := callsOf(env.Sim.Stats())
	actions, diags := r.PlanDiagnostics(groups, configs("Team 001", "Team 002", "Team 003", "Team 004", "Team 005", "Team 006"))
	unchanged := callsOf(env.Sim.Stats()) - before
	for i, a := range actions {
		if a != "no-op" || len(diags[i]) != 0 {
			t.Fatalf("plan of the applied groups: %v, %q", actions, planTexts(diags[i]))
		}
	}

	before = callsOf(env.Sim.Stats())
	actions, diags = r.PlanDiagnostics(groups, configs("Team 002", "Team 002", "Team 004", "Team 003", "Outside", "Team 007"))
	if n := callsOf(env.Sim.Stats()) - before; n != unchanged {
		t.Errorf("the plan with renames made %d calls, the same plan without them %d: the check should cost none", n, unchanged)
	}
	if want := []string{"update", "no-op", "update", "update", "update", "update"}; fmt.Sprint(actions) != fmt.Sprint(want) {
		t.Fatalf("actions %v, want %v", actions, want)
	}
	for i, wants := range [][]string{
		{
			"Skill Group Already Managed Here: ",
			fmt.Sprintf(`This plan changes the que_name of this skill group from "Team 001" to "Team 002", and another resource or instance of this configuration manages skill group %s, which holds "Team 002" and keeps it`, id(1)),
			`so the apply will refuse this update, after applying what comes before it, and this skill group keeps "Team 001". Importing does not help`,
			`search the configuration, and its data files, for "Team 002"`,
		},
		nil,
		{
			"Skill Group que_name Swapped: ",
			fmt.Sprintf(`This plan changes the que_name of this skill group from "Team 003" to "Team 004", and changes that of skill group %s from "Team 004" to "Team 003": the two swap their que_name.`, id(3)),
			"so the apply will refuse both", "Swap them in two applies: first give one of the two a temporary que_name",
		},
		{
			"Skill Group que_name Swapped: ",
			fmt.Sprintf(`from "Team 004" to "Team 003", and changes that of skill group %s from "Team 003" to "Team 004"`, id(2)),
		},
		{
			"Skill Group Already Exists: ",
			fmt.Sprintf(`This plan changes the que_name of this skill group from "Team 005" to "Outside", and the contact center already has skill group %s with that que_name.`, outside),
			`Importing does not fit: this resource manages its own skill group`, `id = "que_name:Outside"`,
		},
		nil,
	} {
		got := planTexts(diags[i])
		for _, want := range wants {
			if !strings.Contains(got, want) {
				t.Errorf("plan of group %d lacks %q:\n%s", i, want, got)
			}
		}
		if len(wants) == 0 && got != "" {
			t.Errorf("plan of group %d: %s", i, got)
		}
		if n := len(diags[i]); len(wants) > 0 && n != 1 {
			t.Errorf("plan of group %d: %d warnings, want 1:\n%s", i, n, got)
		}
		if strings.Contains(got, "terraform import") || strings.Contains(got, "Created Twice") {
			t.Errorf("plan of group %d advises an import or a create:\n%s", i, got)
		}
	}
	r.Destroy(groups)
}

// TestKeyChanged_groupApply: the apply's refusal of such a rename advised
// "to manage that group here instead, import it (terraform import
// <address> 105)", at the address of a resource that manages its own
// group, of a group another resource of the same configuration manages.
// It now says what fits: the swap, when this apply changes the other
// group's name too, and otherwise the likely causes, an import only at an
// address of its own.
func TestKeyChanged_groupApply(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	r := env.Resources(t, "contactcenter_skill_group")
	configs := func(names ...string) []any {
		var out []any
		for _, n := range names {
			out = append(out, r.Config(fmt.Sprintf("que_name = %q\nque_priority = 1\n", n)))
		}
		return out
	}
	groups := r.Apply(nil, configs("Team 001", "Team 002"))
	id := func(i int) string { return r.Decode(groups[i])["id"].(string) }
	flat := func(err error) string {
		if err == nil {
			return ""
		}
		return strings.Join(strings.Fields(err.Error()), " ")
	}

	out, err := r.TryApply(groups, configs("Team 002", "Team 002"))
	got := flat(err)
	for _, want := range []string{
		"Unable to Update Skill Group",
		fmt.Sprintf(`What to do: skill group %s already has que_name = "Team 002", which is unique on the platform, so this skill group keeps "Team 001".`, id(1)),
		`- Another resource of this configuration manages it (the plan's "Skill Group Already Managed Here" warning): two resources cannot share a que_name, and importing does not help.`,
		`Not at this resource's address, which manages its own skill group`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("rename onto a kept name: lacks %q:\n%s", want, got)
		}
	}
	if regexp.MustCompile(`to manage that group here instead, import it`).MatchString(got) {
		t.Errorf("rename onto a kept name advises the import here:\n%s", got)
	}
	if out != nil {
		groups = out
	}

	_, err = r.TryApply(groups, configs("Team 002", "Team 001"))
	got = flat(err)
	if n := strings.Count(got, "Unable to Update Skill Group"); n != 2 {
		t.Errorf("swap: %d refusals, want 2:\n%s", n, got)
	}
	swap := []string{
		fmt.Sprintf(`What to do: skill group %s holds "Team 002", and this apply also changes its que_name, to "Team 001": the two swap their que_name.`, id(1)),
		fmt.Sprintf(`What to do: skill group %s holds "Team 001", and this apply also changes its que_name, to "Team 002": the two swap their que_name.`, id(0)),
	}
	told := 0
	for _, want := range swap {
		if strings.Contains(got, want) {
			told++
		}
	}
	// The apply's walk plans each instance just before its update: the
	// swap is told where the other's plan came first (here, both).
	if told == 0 || strings.Count(got, "Swap them in two applies") != told {
		t.Errorf("swap: told %d times, want the swap named by each refusal that knows it:\n%s", told, got)
	}
	if strings.Contains(got, "here instead, import it") {
		t.Errorf("swap: advises an import:\n%s", got)
	}
	r.Destroy(groups)
}

// TestKeyChanged_templatePlanAndApply: the same of an SMS template's
// template_name, which an update changes in place: a rename onto the name
// another template of the configuration keeps warns "SMS Template Already
// Managed Here", two templates that swap their names "SMS Template
// template_name Swapped", and the apply's refusals of the swap say so
// rather than advise importing the other template at this address.
func TestKeyChanged_templatePlanAndApply(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	sg, err := env.Client(t).SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	r := env.Resources(t, "contactcenter_sms_template")
	configs := func(names ...string) []any {
		var out []any
		for _, n := range names {
			out = append(out, r.Config(fmt.Sprintf("template_name = %q\ntemplate_contents = \"Hello $${name}\"\nsign_id = %q\n", n, fmt.Sprint(sg.ID))))
		}
		return out
	}
	tpls := r.Apply(nil, configs("Alpha", "Beta", "Gamma"))
	id := func(i int) string { return r.Decode(tpls[i])["id"].(string) }
	_, diags := r.PlanDiagnostics(tpls, configs("Beta", "Alpha", "Beta"))
	for i, want := range []string{
		fmt.Sprintf(`SMS Template template_name Swapped: This plan changes the template_name of this SMS template from "Alpha" to "Beta", and changes that of SMS template %s from "Beta" to "Alpha": the two swap their template_name.`, id(1)),
		fmt.Sprintf(`SMS Template template_name Swapped: This plan changes the template_name of this SMS template from "Beta" to "Alpha", and changes that of SMS template %s from "Alpha" to "Beta"`, id(0)),
		fmt.Sprintf(`This plan changes the template_name of this SMS template from "Gamma" to "Beta", and changes that of SMS template %s, which holds "Beta", to "Alpha".`, id(1)),
	} {
		if got := planTexts(diags[i]); !strings.Contains(got, want) {
			t.Errorf("plan of template %d lacks %q:\n%s", i, want, got)
		}
	}
	_, diags = r.PlanDiagnostics(tpls, configs("Alpha", "Beta", "Beta"))
	if want, got := fmt.Sprintf(`SMS Template Already Managed Here: This plan changes the template_name of this SMS template from "Gamma" to "Beta", and another resource or instance of this configuration manages SMS template %s, which holds "Beta" and keeps it`, id(1)), planTexts(diags[2]); !strings.Contains(got, want) {
		t.Errorf("plan of template 2 lacks %q:\n%s", want, got)
	}
	out, err := r.TryApply(tpls, configs("Beta", "Alpha", "Gamma"))
	got := ""
	if err != nil {
		got = strings.Join(strings.Fields(err.Error()), " ")
	}
	if n := strings.Count(got, "template_name"); n == 0 || strings.Count(got, "the two swap their template_name") == 0 || strings.Contains(got, "here instead, import it") {
		t.Errorf("swap: want each refusal to tell the swap without an import, at least one knowing it:\n%s", got)
	}
	if out != nil {
		tpls = out
	}
	r.Destroy(tpls)
}

// TestAccKeyChanged_applyDoesNotSayOutside: Terraform plans an update
// again during the apply, alone: the group that keeps the name, a no-op,
// is not planned there, and the check took it for one made outside
// Terraform, so `terraform apply` showed "Skill Group Already Exists" (with
// the import advice) after the plan's "Skill Group Already Managed Here".
// The apply's walk, which refreshes nothing, leaves that warning out; the
// plan's stays, with -refresh=false too.
func TestAccKeyChanged_applyDoesNotSayOutside(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	group := func(addr, name string) string {
		return fmt.Sprintf("resource \"contactcenter_skill_group\" %q {\n  que_name     = %q\n  que_priority = 1\n}\n", addr, name)
	}
	w := env.Workdir(t)
	w.WriteBody(group("team_001", "Team 001") + group("team_002", "Team 002"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(group("team_001", "Team 002") + group("team_002", "Team 002"))
	for _, args := range [][]string{{"plan", "-no-color"}, {"plan", "-no-color", "-refresh=false"}} {
		if out := w.Must(0, args...); !strings.Contains(out, "Warning: Skill Group Already Managed Here") || strings.Contains(out, "Already Exists") {
			t.Errorf("terraform %v: want \"Already Managed Here\" alone:\n%s", args, out)
		}
	}
	out := w.Must(1, "apply", "-auto-approve", "-no-color")
	if !strings.Contains(out, "Error: Unable to Update Skill Group") || strings.Contains(out, "Already Exists") {
		t.Errorf("apply: want the refusal, without \"Already Exists\":\n%s", out)
	}
	w.WriteBody(group("team_001", "Team 001") + group("team_002", "Team 002"))
	w.Must(0, "destroy", "-auto-approve", "-no-color")
}
