package actions_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestASRTranscribeAction_outputFileWarnedAtPlan: an output_file the run
// refuses (a folder that does not exist, a folder, a file the action did not
// write) was said only at invoke: run by an action_trigger, after the apply
// had created the resource, whose next plan was empty. The plan now warns
// of it (a warning: the same apply may create the folder), and says nothing
// of a path the run would write, or of one not known yet.
func TestASRTranscribeAction_outputFileWarnedAtPlan(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t)
	dir := t.TempDir()
	other := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(other, []byte("my notes"), 0o600); err != nil {
		t.Fatal(err)
	}
	warning := func(res acctest.ActionResult) string {
		var out string
		for _, d := range res.Diagnostics {
			if d.Severity == tfprotov6.DiagnosticSeverityError {
				t.Errorf("plan error %s: %s", d.Summary, d.Detail)
			}
			if d.Severity == tfprotov6.DiagnosticSeverityWarning && d.Summary == "Invalid Output File" {
				out += d.Detail
			}
		}
		return out
	}
	const then = "As things are now, the action will stop when it runs, before it starts a recognition"
	missing := filepath.Join(dir, "no-such-folder", "t.json")
	for out, want := range map[string]string{
		missing: "output_file \"" + missing + "\": its folder " + filepath.Dir(missing) + " does not exist.",
		dir:     "output_file \"" + dir + "\" is a folder",
		other:   "output_file \"" + other + "\" exists and is not a transcript this action wrote",
	} {
		w := warning(acctest.PlanOnly(t, srv, "contactcenter_asr_transcribe", map[string]any{"call_id": "c1", "output_file": out}))
		if !strings.Contains(w, want) || !strings.Contains(w, then) {
			t.Errorf("output_file %s: plan warning %q, want it to say %q and %q", out, w, want, then)
		}
	}
	if w := warning(acctest.PlanOnly(t, srv, "contactcenter_asr_transcribe", map[string]any{"call_id": "c1", "output_file": filepath.Join(dir, "t.json")})); w != "" {
		t.Errorf("a path the run writes: plan warned %q", w)
	}
	if w := warning(acctest.PlanOnlyUnknown(t, srv, "contactcenter_asr_transcribe", map[string]any{"call_id": "c1", "output_file": missing},
		tftypes.NewAttributePath().WithAttributeName("output_file"))); w != "" {
		t.Errorf("an output_file not known at plan: plan warned %q", w)
	}
	noASRTask(t, env)
}
