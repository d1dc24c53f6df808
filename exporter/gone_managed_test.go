package exporter_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/exporter"
)

// TestExport_forceKeepsAManagedObjectAReadSaysIsGone: an export with
// --force into an adopted folder (its terraform.tfstate manages the
// objects) left out an outbound task whose detail read answered "object
// does not exist" and a voice file whose download answered "file does not
// exist", though their lists held them, and exited 1 naming them: the next
// terraform plan destroyed both ("2 to destroy"), objects that exist. Such
// an object is now looked for in its list again: still listed, the export
// stops and writes nothing; an object no state manages is left out and
// named as before.
func TestExport_forceKeepsAManagedObjectAReadSaysIsGone(t *testing.T) {
	t.Parallel()
	cc := newCenter(t)
	ctx := context.Background()
	sound, _, err := cc.c.Sounds.Upload(ctx, client.SoundInput{Name: "Hold", SoundType: 1, FileName: "hold.wav", Content: []byte("RIFF\x24\x00\x00\x00WAVEfmt hold")})
	if err != nil {
		t.Fatal(err)
	}
	ivr := client.FlexString("ivr_main")
	task, err := cc.c.Tasks.Create(ctx, client.Task{Name: "Renewals", Type: client.FlexInt(client.TaskTypeAutomatic), TransTo: &ivr})
	if err != nil {
		t.Fatal(err)
	}
	faults := func(body string) { t.Helper(); simFaults(t, cc.origin, body) }
	// The next detail read of a task, or download of a voice file, answers
	// "does not exist" (code 404, code 403), the object still listed.
	force := map[string]string{
		"outbound task": `{"force":[{"method":"GET","path":"/autocall/api/v3/projects/detail","code":404,"count":1}]}`,
		"voice file":    `{"force":[{"method":"GET","path":"/portal/v2/svcapi/sound/play","code":403,"count":1}]}`,
	}
	kinds := []exporter.Kind{exporter.KindOutboundTasks, exporter.KindSounds}
	for _, kind := range []string{"outbound task", "voice file"} {
		t.Run(kind, func(t *testing.T) {
			dir := t.TempDir()
			if _, err := exporter.Export(ctx, cc.c, exporter.Options{Dir: dir, Kinds: kinds}); err != nil {
				t.Fatal(err)
			}
			// The folder after terraform apply: its state manages one of them.
			res := fmt.Sprintf(`{"mode": "managed", "type": "contactcenter_outbound_task", "name": "renewals", "instances": [{"attributes": {"id": "%d"}}]}`, task)
			addr := "contactcenter_outbound_task.renewals"
			if kind == "voice file" {
				res = fmt.Sprintf(`{"mode": "managed", "type": "contactcenter_sound", "name": "hold", "instances": [{"attributes": {"id": %q}}]}`, sound)
				addr = "contactcenter_sound.hold"
			}
			if err := os.WriteFile(filepath.Join(dir, "terraform.tfstate"), []byte(`{"version": 4, "resources": [`+res+`]}`), 0o600); err != nil {
				t.Fatal(err)
			}
			before := map[string]string{}
			for _, f := range []string{"outbound_tasks.tf", "sounds.tf", "imports.tf"} {
				b, _ := os.ReadFile(filepath.Join(dir, f))
				before[f] = string(b)
			}
			faults(force[kind])
			sum, err := exporter.Export(ctx, cc.c, exporter.Options{Dir: dir, Force: true, Kinds: kinds})
			if err == nil {
				t.Fatalf("export --force: done, failed %q; want it stopped: the module without %s makes the next plan destroy it", sum.Failed, addr)
			}
			wants := []string{kind, "yet the list still holds it, and the state in " + dir + " manages it as " + addr,
				"a module without it would make the next terraform plan destroy it", "Run the export again"}
			if kind == "outbound task" {
				// The client itself takes a task its list holds for not known.
				wants = append(wants, fmt.Sprintf("yet projects/lists still holds task %d, so whether it exists is not known", task))
			}
			for _, want := range wants {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error lacks %q:\n%v", want, err)
				}
			}
			for f, b := range before {
				if got, _ := os.ReadFile(filepath.Join(dir, f)); string(got) != b {
					t.Errorf("%s was rewritten by an export that failed", f)
				}
			}
			// Once the reads answer, the export is whole.
			faults(`{}`)
			sum, err = exporter.Export(ctx, cc.c, exporter.Options{Dir: dir, Force: true, Kinds: kinds})
			if err != nil || len(sum.Failed) != 0 {
				t.Fatalf("export --force again (the read answers): %v, failed %q", err, sum.Failed)
			}
		})
	}
	// Into a new folder, nothing manages the voice file: left out and named.
	faults(force["voice file"])
	sum, err := exporter.Export(ctx, cc.c, exporter.Options{Dir: filepath.Join(t.TempDir(), "new"), Kinds: kinds})
	if err != nil || len(sum.Failed) != 1 || !strings.HasPrefix(sum.Failed[0], "voice file "+sound+" (Hold)") {
		t.Errorf("export into a new folder: %v, failed %v; want the voice file left out and named", err, sum)
	}
}

// TestExport_taskStillListedNoStateManagesIsLeftOut: a task whose detail
// read answers "does not exist" (code 404) while projects/lists still holds
// it is, since the client reads the list again, an error that is not
// "gone": an export that no state manages the task in stopped on it,
// nothing written, and said "run again", which failed the same way while
// the read kept answering so. As the guide says, such a task is left out
// and named (exit 1), the rest of the module written; one a state manages
// stops the export (TestExport_forceKeepsAManagedObjectAReadSaysIsGone).
func TestExport_taskStillListedNoStateManagesIsLeftOut(t *testing.T) {
	t.Parallel()
	cc := newCenter(t)
	ctx := context.Background()
	ivr := client.FlexString("ivr_main")
	task, err := cc.c.Tasks.Create(ctx, client.Task{Name: "Renewals", Type: client.FlexInt(client.TaskTypeAutomatic), TransTo: &ivr})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cc.c.Tasks.Create(ctx, client.Task{Name: "Upsell", Type: client.FlexInt(client.TaskTypeAutomatic), TransTo: &ivr}); err != nil {
		t.Fatal(err)
	}
	simFaults(t, cc.origin, `{"force":[{"method":"GET","path":"/autocall/api/v3/projects/detail","code":404,"count":1}]}`)
	dir := filepath.Join(t.TempDir(), "new")
	sum, err := exporter.Export(ctx, cc.c, exporter.Options{Dir: dir, Kinds: []exporter.Kind{exporter.KindOutboundTasks}, Concurrency: 1})
	if err != nil {
		t.Fatalf("export into a new folder: %v; want the task the read says does not exist left out and named, the rest written", err)
	}
	if len(sum.Failed) != 1 || !strings.HasPrefix(sum.Failed[0], fmt.Sprintf("outbound task %d (Renewals): ", task)) ||
		!strings.Contains(sum.Failed[0], fmt.Sprintf("yet projects/lists still holds task %d", task)) {
		t.Errorf("failed %q; want outbound task %d (Renewals) named, with the list still holding it", sum.Failed, task)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "outbound_tasks.tf")); !strings.Contains(string(b), `"Upsell"`) {
		t.Errorf("outbound_tasks.tf lacks the task the read answered:\n%s", b)
	}
}

// simFaults sets the simulator's faults (POST /_sim/faults) to body.
func simFaults(t *testing.T, origin, body string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, origin+"/_sim/faults", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
}
