package resources_test

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// writeWAV writes a valid 8 kHz mono 8-bit WAV whose samples depend on tone,
// so different tones give different content, and returns its path.
func writeWAV(t *testing.T, dir string, name string, tone byte) string {
	t.Helper()
	n := 64
	b := []byte("RIFF")
	le32 := func(v uint32) []byte { return []byte{byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24)} }
	b = append(b, le32(uint32(36+n))...)
	b = append(b, "WAVEfmt "...)
	b = append(b, le32(16)...)
	b = append(b, 1, 0, 1, 0)
	b = append(b, le32(8000)...)
	b = append(b, le32(8000)...)
	b = append(b, 1, 0, 8, 0)
	b = append(b, "data"...)
	b = append(b, le32(uint32(n))...)
	for i := 0; i < n; i++ {
		b = append(b, byte(128+int(tone)*(i%8)))
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func soundConfig(name, remark string, soundType int, src string) string {
	r := ""
	if remark != "" {
		r = fmt.Sprintf("remark = %q", remark)
	}
	return fmt.Sprintf(`
resource "contactcenter_sound" "test" {
  name        = %q
  %s
  sound_type  = %d
  source      = %q
  source_hash = filesha256(%q)
}
`, name, r, soundType, src, src)
}

func TestAccSound_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	src := writeWAV(t, t.TempDir(), "hold.wav", 3)
	addr := "contactcenter_sound.test"
	cfg := env.Config(soundConfig("Hold music", "lobby", 1, src))
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("id"), knownvalue.StringRegexp(regexp.MustCompile(`^[0-9]+$`))),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("name"), knownvalue.StringExact("Hold music")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("remark"), knownvalue.StringExact("lobby")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("sound_type"), knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("sounds_address"), knownvalue.StringRegexp(regexp.MustCompile(`hold\.wav$`))),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("address"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("add_time"), knownvalue.StringRegexp(regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$`))),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("source_hash"), knownvalue.StringRegexp(regexp.MustCompile(`^[0-9a-f]{64}$`))),
				},
				// The uploaded bytes are the file's.
				Check: func(s *terraform.State) error {
					got, err := env.Client(t).Sounds.Play(t.Context(), s.RootModule().Resources[addr].Primary.ID)
					want, _ := os.ReadFile(src)
					if err != nil || !bytes.Equal(got, want) {
						return fmt.Errorf("sound/play gave %d bytes (%w), want the %d of the file", len(got), err, len(want))
					}
					return nil
				},
			},
		},
	})
	c := env.Client(t)
	list, err := client.Collect(c.Sounds.List(t.Context(), client.SoundFilter{}))
	if err != nil || len(list) != 0 {
		t.Errorf("destroy must delete the sound: %v %v", list, err)
	}
}

// soundBody is soundConfig's resource body for acctest.Resources, with
// filesha256(src) computed here (Terraform's function, evaluated at plan
// time as here, before each Apply); without source_hash when hash is false.
func soundBody(t *testing.T, name, remark string, soundType int, src string, hash bool) string {
	t.Helper()
	body := fmt.Sprintf("name = %q\nsound_type = %d\nsource = %q\n", name, soundType, src)
	if remark != "" {
		body += fmt.Sprintf("remark = %q\n", remark)
	}
	if hash {
		content, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		body += fmt.Sprintf("source_hash = %q\n", fmt.Sprintf("%x", sha256.Sum256(content)))
	}
	return body
}

// TestSound_replaceOnChange: new content, a new name, remark or type
// replace the voice file (the service cannot change one); a new path to
// the same content or dropping source_hash is an update that uploads
// nothing. In process: the checks are of the provider's plans and uploads.
func TestSound_replaceOnChange(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	dir := t.TempDir()
	src := writeWAV(t, dir, "prompt.wav", 1)
	r := env.Resources(t, "contactcenter_sound")
	var sound []acctest.Instance
	step := func(what, body, action string, want map[string]knownvalue.Check) any {
		t.Helper()
		config := []any{r.Config(body)}
		sound = r.Apply(sound, config)
		if action != "" && sound[0].Action != action {
			t.Errorf("%s: planned %s, want %s", what, sound[0].Action, action)
		}
		for k, v := range want {
			if err := r.ExpectKnownValue(sound[0], tfjsonpath.New(k), v); err != nil {
				t.Errorf("%s: %v", what, err)
			}
		}
		r.CheckPlanEmpty(sound, config)
		return r.Decode(sound[0])["id"]
	}
	id1 := step("create", soundBody(t, "Prompt", "", 4, src, true), "", map[string]knownvalue.Check{"remark": knownvalue.Null()})
	// New content at the same path: the hash changes, the file is uploaded again.
	writeWAV(t, dir, "prompt.wav", 9)
	id2 := step("new content", soundBody(t, "Prompt", "", 4, src, true), "replace", nil)
	if id2 == id1 {
		t.Errorf("new content: id %v kept, want a new one", id2)
	}
	id3 := step("new name, remark and type", soundBody(t, "Prompt v2", "new", 5, src, true), "replace", map[string]knownvalue.Check{
		"name": knownvalue.StringExact("Prompt v2"), "sound_type": knownvalue.Int64Exact(5),
	})
	if id3 == id2 {
		t.Errorf("new name, remark and type: id %v kept, want a new one", id3)
	}
	// A new path with the same content does not upload again.
	b, _ := os.ReadFile(src)
	_ = os.WriteFile(filepath.Join(dir, "copy.wav"), b, 0o600)
	if id := step("new path", soundBody(t, "Prompt v2", "new", 5, filepath.Join(dir, "copy.wav"), true), "update", nil); id != id3 {
		t.Errorf("new path: id %v, want %v kept", id, id3)
	}
	// Dropping source_hash stops tracking the content; it uploads nothing.
	if id := step("source_hash dropped", soundBody(t, "Prompt v2", "new", 5, filepath.Join(dir, "copy.wav"), false), "update",
		map[string]knownvalue.Check{"source_hash": knownvalue.Null()}); id != id3 {
		t.Errorf("source_hash dropped: id %v, want %v kept", id, id3)
	}
	if n := env.Sim.Stats()["POST /portal/v2/svcapi/sound/upload"]; n != 3 {
		t.Errorf("want 3 uploads (create + 2 replacements), got %d", n)
	}
}

// TestSound_sourceGone: a voice file whose local file is gone plans
// (nothing to upload) and is destroyed; only a plan that uploads it fails,
// saying what to do, and removing source and source_hash only stops
// tracking the file. Plan and destroy failed with "cannot be read" and no
// way out.
func TestSound_sourceGone(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	src := writeWAV(t, t.TempDir(), "gone.wav", 3)
	content, _ := os.ReadFile(src)
	r := env.Resources(t, "contactcenter_sound")
	cfg := func(name string) []any {
		return []any{r.Config(fmt.Sprintf("name = %q\nsound_type = 1\nsource = %q\nsource_hash = %q\n", name, src, fmt.Sprintf("%x", sha256.Sum256(content))))}
	}
	apply := func(prior []acctest.Instance, config []any) []acctest.Instance {
		t.Helper()
		out := r.Apply(prior, config)
		r.CheckPlanEmpty(out, config)
		return out
	}
	sound := apply(nil, cfg("Gone"))
	id := r.Decode(sound[0])["id"]
	sameID := func(step string) {
		t.Helper()
		if got := r.Decode(sound[0])["id"]; got != id {
			t.Errorf("%s: id %v, want %v kept", step, got, id)
		}
	}
	if err := os.Remove(src); err != nil {
		t.Fatal(err)
	}
	// The plan of the same configuration, the file gone: empty (the
	// CLI test's PlanOnly step).
	if a := r.Plan(sound, cfg("Gone")); a[0] != "no-op" {
		t.Errorf("file gone, same configuration: planned %s, want no-op", a[0])
	}
	// A replacement uploads the file: it must be there.
	if _, err := r.TryApply(sound, cfg("Gone v2")); err == nil ||
		!regexp.MustCompile(`(?s)source ".*gone\.wav" cannot be read.*This plan uploads the file.*Restore the file at that path`).MatchString(err.Error()) {
		t.Errorf("a replacement without the file: %v, want the error that says to restore it", err)
	}
	// Removing source and source_hash uploads and deletes nothing.
	sound = apply(sound, []any{r.Config("name = \"Gone\"\nsound_type = 1\n")})
	if sound[0].Action != "update" {
		t.Errorf("source removed: planned %s, want update", sound[0].Action)
	}
	sameID("source removed")
	if err := r.ExpectKnownValue(sound[0], tfjsonpath.New("source"), knownvalue.Null()); err != nil {
		t.Error(err)
	}
	// Back to naming the missing file (recorded, nothing uploaded): the
	// destroy at the end runs with it.
	sound = apply(sound, cfg("Gone"))
	sameID("the missing file named again")
	r.Destroy(sound)
	if n := env.Sim.Stats()["GET /portal/v2/svcapi/sound/delete"]; n != 1 {
		t.Errorf("sound/delete called %d times, want 1 (the destroy without the file)", n)
	}
	if n := env.Sim.Stats()["POST /portal/v2/svcapi/sound/upload"]; n != 1 {
		t.Errorf("sound/upload called %d times, want 1 (the create)", n)
	}
}

func TestAccSound_import(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	src := writeWAV(t, t.TempDir(), "welcome.wav", 2)
	content, _ := os.ReadFile(src)
	id, _, err := env.Client(t).Sounds.Upload(t.Context(), client.SoundInput{Name: "Welcome", Remark: "made elsewhere", SoundType: 6, FileName: "welcome.wav", Content: content})
	if err != nil {
		t.Fatal(err)
	}
	addr := "contactcenter_sound.test"
	cfg := env.Config(soundConfig("Welcome", "made elsewhere", 6, src))
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				// Import by id, written with a leading zero: the id is
				// the platform's; source and source_hash stay null.
				Config:             cfg,
				ResourceName:       addr,
				ImportState:        true,
				ImportStateId:      "0" + id,
				ImportStatePersist: true,
				ImportStateCheck: func(s []*terraform.InstanceState) error {
					a := s[0].Attributes
					if a["id"] != id || a["name"] != "Welcome" || a["remark"] != "made elsewhere" || a["sound_type"] != "6" {
						return fmt.Errorf("imported attributes: %v", a)
					}
					if a["source"] != "" || a["source_hash"] != "" {
						return fmt.Errorf("source and source_hash must stay null after import: %v", a)
					}
					return nil
				},
			},
			{
				// Adopting: the first apply records source and source_hash without uploading.
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("id"), knownvalue.StringExact(id)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("source"), knownvalue.StringExact(src)),
				},
			},
			{ResourceName: addr, ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: []string{"source", "source_hash"}},
		},
	})
	if n := env.Sim.Stats()["POST /portal/v2/svcapi/sound/upload"]; n != 1 {
		t.Errorf("import and adoption must not upload: %d uploads", n)
	}
	if n := env.Sim.Stats()["GET /portal/v2/svcapi/sound/play"]; n != 0 {
		t.Errorf("an import by id alone must not download the file: %d sound/play calls", n)
	}
}

func TestAccSound_disappears(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	src := writeWAV(t, t.TempDir(), "gone.wav", 4)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(soundConfig("Gone", "", 1, src)),
			Check: func(s *terraform.State) error {
				return c.Sounds.DeleteOne(t.Context(), s.RootModule().Resources["contactcenter_sound.test"].Primary.ID)
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

func TestAccSound_validation(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	dir := t.TempDir()
	wav := writeWAV(t, dir, "ok.wav", 1)
	text := filepath.Join(dir, "notes.wav")
	_ = os.WriteFile(text, []byte("not audio, just text"), 0o600)
	cases := map[string]acctest.PlanError{
		"sound_type 7": {soundConfig("A", "", 7, wav), `sound_type value must be between 1 and 6`},
		"sound_type 0": {soundConfig("A", "", 0, wav), `sound_type value must be between 1 and 6`},
		"empty name":   {soundConfig("", "", 1, wav), `name string length must be at least 1`},
		"padded name":  {soundConfig("A ", "", 1, wav), `name must not begin or end with white space`},
		"missing file": {`resource "contactcenter_sound" "test" {` + "\n" + `name = "A"` + "\n" + `sound_type = 1` + "\n" + `source = "` + filepath.Join(dir, "nope.wav") + `"` + "\n}", `nope.wav" cannot be read: no such file or directory. This plan uploads the file`},
		"not audio":    {`resource "contactcenter_sound" "test" {` + "\n" + `name = "A"` + "\n" + `sound_type = 1` + "\n" + `source = "` + text + `"` + "\n}", `is neither a WAV (RIFF/WAVE) nor an MP3 file by its content: the platform takes only WAV and MP3 voice files.`},
		// source may be unset on a voice file adopted from the platform, never on a new one.
		"source absent": {`resource "contactcenter_sound" "test" {` + "\n" + `name = "A"` + "\n" + `sound_type = 1` + "\n}", `To remove only this voice file, delete its resource block (or run terraform destroy -refresh=false -target=<its address>)`},
	}
	env.ExpectPlanErrors(t, cases)
}

// Importing as <id>,<path> records the local copy of the platform's file
// (what `ccsync export terraform` downloads): a configuration that names it
// plans no change after the import, and nothing is uploaded.
func TestAccSound_importWithFile(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	src := writeWAV(t, t.TempDir(), "welcome.wav", 2)
	content, _ := os.ReadFile(src)
	id, _, err := env.Client(t).Sounds.Upload(t.Context(), client.SoundInput{Name: "Welcome", Remark: "made elsewhere", SoundType: 6, FileName: "welcome.wav", Content: content})
	if err != nil {
		t.Fatal(err)
	}
	other := writeWAV(t, t.TempDir(), "other.wav", 5)
	otherContent, _ := os.ReadFile(other)
	srcSum, otherSum := fmt.Sprintf("%x", sha256.Sum256(content)), fmt.Sprintf("%x", sha256.Sum256(otherContent))
	addr := "contactcenter_sound.test"
	uploads := func(want int) resource.TestCheckFunc {
		return func(*terraform.State) error {
			if n := env.Sim.Stats()["POST /portal/v2/svcapi/sound/upload"]; n != want {
				return fmt.Errorf("sound/upload called %d times, want %d", n, want)
			}
			return nil
		}
	}
	// A local file that is not the platform's recording is imported with a
	// warning naming both sums (it was recorded without a word, the plan
	// said no change, and the platform kept its other recording; the
	// platform converts uploads, so a difference is not proof of another
	// recording).
	otherImported := func(*terraform.State) error {
		diags := env.ImportDiagnostics(t, "contactcenter_sound", id+","+other)
		if len(diags) != 1 || diags[0].Severity != tfprotov6.DiagnosticSeverityWarning || diags[0].Summary != "Voice File Differs From the Platform's" ||
			!regexp.MustCompile(`(?s)names the file ".*other\.wav" \(sha256 `+otherSum+`\).*platform's file differs \(sha256 `+srcSum+`\).*-replace=<its address>`).MatchString(diags[0].Detail) {
			for _, d := range diags {
				t.Errorf("import of another recording: %s: %s: %s", d.Severity, d.Summary, d.Detail)
			}
		}
		return nil
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(fmt.Sprintf("import {\n  to = %s\n  id = %q\n}\n", addr, id+","+src) +
					soundConfig("Welcome", "made elsewhere", 6, src)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("source"), knownvalue.StringExact(src)),
				},
				Check: resource.ComposeTestCheckFunc(uploads(1), otherImported),
			},
			{
				Config: env.Config(soundConfig("Welcome", "made elsewhere", 6, src)), ResourceName: addr,
				ImportState: true, ImportStateId: id + ",/no/such/file.wav",
				ExpectError: regexp.MustCompile(`names the file "/no/such/file.wav",\s+which cannot be read: no such file or\s+directory\.`),
			},
		},
	})
	if n := env.Sim.Stats()["GET /portal/v2/svcapi/sound/play"]; n != 2 {
		t.Errorf("sound/play called %d times, want 2 (once per import naming a readable file)", n)
	}
}

// TestAccSound_createBeforeDestroyInUse is the documented way to replace a
// voice file that a skill group plays: with create_before_destroy the new
// file exists before the group moves to it, the old one is deleted last, and
// the platform is left with one file.
func TestAccSound_createBeforeDestroyInUse(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	src := writeWAV(t, t.TempDir(), "hold.wav", 3)
	config := func(remark string) string {
		return env.Config(fmt.Sprintf(`
resource "contactcenter_sound" "hold" {
  name        = "Hold tone"
  remark      = %q
  sound_type  = 1
  source      = %q
  source_hash = filesha256(%q)

  lifecycle {
    create_before_destroy = true
  }
}

resource "contactcenter_skill_group" "sales" {
  que_name     = "Sales"
  que_priority = 20
  wait_audio   = contactcenter_sound.hold.id
}
`, remark, src, src))
	}
	sameAudio := statecheck.CompareValuePairs("contactcenter_sound.hold", tfjsonpath.New("id"),
		"contactcenter_skill_group.sales", tfjsonpath.New("wait_audio"), compare.ValuesSame())
	newID := statecheck.CompareValue(compare.ValuesDiffer())
	onlyFile := func(s *terraform.State) error {
		list, err := client.Collect(env.Client(t).Sounds.List(t.Context(), client.SoundFilter{}))
		if err != nil {
			return err
		}
		want := s.RootModule().Resources["contactcenter_sound.hold"].Primary.ID
		if len(list) != 1 || string(list[0].ID) != want {
			return fmt.Errorf("the platform holds %d voice files (%v), want only %s", len(list), list, want)
		}
		return nil
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config:            config("first"),
				ConfigStateChecks: []statecheck.StateCheck{sameAudio, newID.AddStateValue("contactcenter_sound.hold", tfjsonpath.New("id"))},
				Check:             onlyFile,
			},
			{
				Config: config("second"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction("contactcenter_sound.hold", plancheck.ResourceActionCreateBeforeDestroy),
						plancheck.ExpectResourceAction("contactcenter_skill_group.sales", plancheck.ResourceActionUpdate),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{sameAudio, newID.AddStateValue("contactcenter_sound.hold", tfjsonpath.New("id"))},
				Check:             onlyFile,
			},
		},
	})
}

// TestSound_importWithFileNotCompared: an import by <id>,<path> whose
// download of the platform's file fails says so once, with the API's error
// after it, where the error was set inside a sentence ("failed: … safe
// calls.. The file").
func TestSound_importWithFileNotCompared(t *testing.T) {
	t.Parallel()
	env := acctest.NewWithHandler(t, func(sim http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/sound/play") {
				w.WriteHeader(http.StatusBadGateway)
				return
			}
			sim.ServeHTTP(w, r)
		})
	})
	src := writeWAV(t, t.TempDir(), "welcome.wav", 2)
	content, _ := os.ReadFile(src)
	id, _, err := env.Client(t).Sounds.Upload(t.Context(), client.SoundInput{Name: "Welcome", SoundType: 6, FileName: "welcome.wav", Content: content})
	if err != nil {
		t.Fatal(err)
	}
	diags := env.ImportDiagnostics(t, "contactcenter_sound", id+","+src)
	if len(diags) != 1 || diags[0].Summary != "Voice File Not Compared" ||
		!strings.Contains(diags[0].Detail, "failed, so the file is recorded as the platform's without that check.\n\n") ||
		!strings.Contains(diags[0].Detail, "answered HTTP 502 with an empty body") || strings.Contains(diags[0].Detail, ": .") || strings.Contains(diags[0].Detail, "..") {
		for _, d := range diags {
			t.Errorf("%s: %s: %q", d.Severity, d.Summary, d.Detail)
		}
	}
}

// A name, remark, sound_type or source_hash known only at apply replaces
// the voice file whatever it comes out as (RequiresReplace takes an unknown
// for a change): the file was deleted and uploaded again under a new id
// behind a plan that showed only "# forces replacement". The plan warns,
// naming the fields; not on create, nor when the values are known.
func TestAccSound_unknownReplaceWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	src := writeWAV(t, t.TempDir(), "hold.wav", 3)
	cfg := func(rev int) string {
		return fmt.Sprintf(`
resource "terraform_data" "u" {
  input = { name = "Hold music", type = 1, rev = %d }
}
resource "contactcenter_sound" "test" {
  name        = terraform_data.u.output.name
  sound_type  = terraform_data.u.output.type
  source      = %[2]q
  source_hash = filesha256(%[2]q)
}
`, rev, src)
	}
	w.WriteBody(cfg(1))
	if out := w.Must(0, "apply", "-auto-approve", "-no-color"); strings.Contains(out, "Known Only at Apply") {
		t.Errorf("create warns:\n%s", out)
	}
	if out := w.Must(0, "plan", "-no-color"); strings.Contains(out, "Known Only at Apply") {
		t.Errorf("plan at rest warns:\n%s", out)
	}
	w.WriteBody(cfg(2))
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	want := `name and sound_type of voice file 501 ("Hold music") are known only at apply: Terraform replaces the voice file even if the values come out the same. ` +
		`The file is deleted and uploaded again under a new id`
	if !strings.Contains(out, "Warning: Voice File Replaced for a Value Known Only at Apply") || !strings.Contains(out, want) {
		t.Errorf("plan of a name known only at apply lacks %q:\n%s", want, out)
	}
	// Two attributes: the advice speaks of them ("set it" read wrong).
	if want := "To avoid the replacement, set them from values known at plan, such as a variable"; !strings.Contains(out, want) {
		t.Errorf("plan of a name known only at apply lacks %q:\n%s", want, out)
	}
}

// A source_hash set from null (a voice file imported by id, or first
// tracked) does not replace the voice file, known or not: its
// RequiresReplaceIf leaves null on either side alone, and the plan updates
// in place. One known only at apply was warned of as a replacement
// ("Voice File Replaced for a Value Known Only at Apply") beside a plan
// that showed "will be updated in-place".
func TestAccSound_unknownHashFromNullNoReplaceWarning(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	src := writeWAV(t, t.TempDir(), "hold.wav", 3)
	cfg := func(hash string) string {
		return fmt.Sprintf(`
resource "contactcenter_sound" "test" {
  name        = "Hold music"
  sound_type  = 1
  source      = %q
  %s
}
`, src, hash)
	}
	w.WriteBody(cfg(""))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	// terraform_data.u is new: its id, and so source_hash, is known only at apply.
	w.WriteBody(cfg(fmt.Sprintf(`source_hash = "${filesha256(%q)}${substr(terraform_data.u.id, 0, 0)}"`, src)) +
		"resource \"terraform_data\" \"u\" {\n  input = 1\n}\n")
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	if !strings.Contains(out, "contactcenter_sound.test will be updated in-place") || !strings.Contains(out, "source_hash = (known after apply)") {
		t.Fatalf("plan does not update the voice file in place with an unknown source_hash:\n%s", out)
	}
	if strings.Contains(out, "Known Only at Apply") {
		t.Errorf("an in-place update warns of a replacement:\n%s", out)
	}
}
