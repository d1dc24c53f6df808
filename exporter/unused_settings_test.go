package exporter

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// unusedInventory holds tasks as a portal may keep them: both recall
// branches, a call ratio on a task that is not predictive; and one that
// uses what it holds.
func unusedInventory() *inventory {
	fi := func(v int64) *client.FlexInt { f := client.FlexInt(v); return &f }
	fb := func(v bool) *client.FlexBool { f := client.FlexBool(v); return &f }
	fs := func(v string) *client.FlexString { f := client.FlexString(v); return &f }
	rule := func() *client.RecallRule {
		return &client.RecallRule{Recall: fi(1), RecallMaxTimes: fi(2), RecallInterval: client.FlexIntList{10}}
	}
	both := func() *client.RecallStrategies {
		return &client.RecallStrategies{Default: rule(), ASR: client.FlexMap[client.RecallRule]{"1": *rule()}}
	}
	return &inventory{tasks: []client.Task{
		{ID: 801, Name: "Auto both", Type: 3, TransTo: fs("ivr-1"), RecallStrategies: both(), Config: &client.TaskConfig{CallRatioType: fi(0)}},
		{ID: 802, Name: "ASR both", Type: 3, TransTo: fs("ivr-1"), EnableASR: fb(true), RecallStrategies: both()},
		{ID: 803, Name: "Fine", Type: 3, TransTo: fs("ivr-1"), RecallStrategies: &client.RecallStrategies{Default: rule()}},
	}}
}

// A task the portal keeps with a setting its other settings leave unused
// is written as the platform holds it, and the provider's plan warns about
// it (unusedTaskSettings): the export says so first, in its summary and
// above the block, where it said the first plan changes nothing and the
// plan then warned.
func TestRender_unusedSettingsNoted(t *testing.T) {
	t.Parallel()
	m := render(unusedInventory(), Options{Kinds: AllKinds})
	for _, want := range []string{
		"not used by the platform: contactcenter_outbound_task.auto_both: recall_strategies.asr is used only when enable_asr = true, and enable_asr is false",
		"not used by the platform: contactcenter_outbound_task.auto_both: config.call_ratio_type is used by predictive tasks only (type = 1); the plan warns",
		"not used by the platform: contactcenter_outbound_task.asr_both: recall_strategies.default is used only when enable_asr = false, and enable_asr is true",
	} {
		if !slices.ContainsFunc(m.notes, func(n string) bool { return strings.Contains(n, want) }) {
			t.Errorf("no note %q among:\n%s", want, strings.Join(m.notes, "\n"))
		}
	}
	for _, n := range m.notes {
		if strings.Contains(n, "not used") && (strings.Contains(n, ".fine:") || strings.Contains(n, "asr_both: recall_strategies.asr") ||
			strings.Contains(n, "auto_both: recall_strategies.default")) {
			t.Errorf("a setting the task uses is noted: %s", n)
		}
	}
	if tf := renderFile(t, m, "outbound_tasks.tf"); !strings.Contains(tf, "# Not used by the platform: recall_strategies.asr is used only when enable_asr = true") {
		t.Errorf("outbound_tasks.tf has no comment above the block:\n%s", tf)
	}
}

// TestAccRender_unusedSettingsAreTheProviders: the settings the export
// notes as unused are those the provider warns about (terraform validate
// runs the task's config validators), no more and no fewer.
func TestAccRender_unusedSettingsAreTheProviders(t *testing.T) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("Acceptance tests skipped unless env 'TF_ACC' set (this one runs terraform validate)")
	}
	t.Parallel()
	m := render(unusedInventory(), Options{Kinds: AllKinds})
	noteRE := regexp.MustCompile(`^not used by the platform: (\S+): ([\w.]+) is `)
	var noted []string
	for _, n := range m.notes {
		if g := noteRE.FindStringSubmatch(n); g != nil {
			noted = append(noted, g[1]+": "+g[2])
		}
	}
	files, err := m.files()
	if err != nil {
		t.Fatal(err)
	}
	w := acctest.New(t).Workdir(t)
	w.WriteBody("")
	for _, f := range files {
		if f.name == "outbound_tasks.tf" {
			w.WriteFile(f.name, string(f.content))
		}
	}
	_, out := w.Run("validate", "-json")
	var res struct {
		Diagnostics []struct {
			Severity, Summary, Detail string
			Snippet                   *struct{ Context string }
		}
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("terraform validate -json: %v\n%s", err, out)
	}
	ctxRE, attrRE := regexp.MustCompile(`^resource "(\S+)" "(\S+)"`), regexp.MustCompile(`^([a-z][\w.]*) (?:and ([a-z][\w.]*) )?(?:is|are) used`)
	var warned []string
	for _, d := range res.Diagnostics {
		c, a := []string(nil), attrRE.FindStringSubmatch(d.Detail)
		if d.Snippet != nil {
			c = ctxRE.FindStringSubmatch(d.Snippet.Context)
		}
		if d.Severity != "warning" || c == nil || a == nil {
			t.Errorf("validate: %s: %s: %s", d.Severity, d.Summary, d.Detail)
			continue
		}
		for _, name := range a[1:] {
			if name != "" {
				warned = append(warned, c[1]+"."+c[2]+": "+name)
			}
		}
	}
	slices.Sort(noted)
	slices.Sort(warned)
	if len(warned) == 0 || !slices.Equal(noted, warned) {
		t.Errorf("the export notes as unused:\n%s\nthe provider warns about:\n%s", strings.Join(noted, "\n"), strings.Join(warned, "\n"))
	}
}
