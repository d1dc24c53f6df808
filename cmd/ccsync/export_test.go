package main

import (
	"context"
	"encoding/json"
	"net"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/exporter"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// exportSim is a simulator with two agents in one group and a webhook.
func exportSim(t *testing.T) string {
	t.Helper()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	qid, err := c.Queues.Create(ctx, client.SkillGroupInput{QueName: "Sales", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	var agents []client.AgentSkill
	for _, num := range []string{"9001", "9002"} {
		pw := "pw-" + num
		a, err := c.Agents.Create(ctx, client.AgentInput{UserNum: &num, UserName: &num, UserPassword: &pw})
		if err != nil {
			t.Fatal(err)
		}
		agents = append(agents, client.AgentSkill{AgID: int64(a.UserID), Skill: 2})
	}
	q, err := strconv.ParseInt(qid, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Queues.Assign(ctx, q, agents); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Webhooks.Create(ctx, client.WebhookInput{Name: "CRM", URL: "https://crm.example.com/h", Status: true}); err != nil {
		t.Fatal(err)
	}
	return srv.URL
}

func TestExportCommand_againstSimulator(t *testing.T) {
	t.Parallel()
	origin := exportSim(t)
	dir := filepath.Join(t.TempDir(), "cc")
	code, out, errOut := runCLI("export", "terraform", dir, "--endpoint", origin, "--access-token", "sim-token",
		"--kinds", "agents,skill_groups,skill_group_members,webhooks", "--membership=member", "--output", "json")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	var sum struct {
		Resources map[string]int `json:"resources"`
		Imports   int            `json:"imports"`
		Files     []string       `json:"files"`
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("--output json: %v\n%s", err, out)
	}
	want := map[string]int{"agents": 2, "skill_groups": 1, "skill_group_members": 2, "webhooks": 1}
	for k, n := range want {
		if sum.Resources[k] != n {
			t.Errorf("resources[%s] = %d, want %d (%v)", k, sum.Resources[k], n, sum.Resources)
		}
	}
	if sum.Imports != 6 {
		t.Errorf("imports = %d, want 6", sum.Imports)
	}
	// Empty lists are [], not null: a pipeline reads every list alike.
	for _, list := range []string{"removed", "literal_ids", "failed", "notes"} {
		if !strings.Contains(out, `"`+list+`": []`) && !strings.Contains(out, `"`+list+`":[]`) && !strings.Contains(out, `"`+list+`": [`) {
			t.Errorf("%s is not a list in the JSON summary:\n%s", list, out)
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, "skill_group_members.tf"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`resource "contactcenter_skill_group_member" "sales_agent_9001"`, "que_id   = contactcenter_skill_group.sales.id",
		"agent_id = contactcenter_agent.agent_9001.id", "skill    = 2"} {
		if !strings.Contains(string(b), s) {
			t.Errorf("skill_group_members.tf lacks %q:\n%s", s, b)
		}
	}
	v, _ := os.ReadFile(filepath.Join(dir, "versions.tf"))
	if strings.Contains(string(v), "sim-token") || !strings.Contains(string(v), `provider "contactcenter" {}`) {
		t.Errorf("versions.tf:\n%s", v)
	}
}

// TestExportCommand_badInput: each bad input gives a clear error, its exit
// code (2 input, 1 unreachable platform) and writes nothing.
func TestExportCommand_badInput(t *testing.T) {
	t.Parallel()
	origin := exportSim(t)
	ln, err := new(net.ListenConfig).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	ln.Close()

	full := t.TempDir()
	if err := os.WriteFile(filepath.Join(full, "main.tf"), []byte("# mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := map[string]struct {
		dir      string
		args     []string
		code     int
		stderr   string
		keepFile string // a file that must be left as it was
	}{
		"unknown kind": {
			dir: filepath.Join(t.TempDir(), "a"), args: []string{"--endpoint", origin, "--kinds", "agents,queues"},
			code: 2, stderr: `unknown kind "queues" in --kinds; known kinds: agents, skill_groups`,
		},
		"folder not empty": {
			dir: full, args: []string{"--endpoint", origin},
			code: 2, stderr: "is not empty (1 entries); choose an empty or new folder, or pass --force", keepFile: "main.tf",
		},
		"unreachable platform": {
			dir: filepath.Join(t.TempDir(), "b"), args: []string{"--endpoint", closed, "--request-timeout", "2s"},
			code: 1, stderr: "connection refused",
		},
		"bad membership": {
			dir: filepath.Join(t.TempDir(), "c"), args: []string{"--endpoint", origin, "--membership", "both"},
			code: 2, stderr: "--membership must be authoritative or member",
		},
		"gateway kinds without credentials": {
			dir: filepath.Join(t.TempDir(), "e"), args: []string{"--endpoint", origin, "--kinds", "gateway_sms_templates"},
			code: 2, stderr: "need the SMS gateway credentials",
		},
		"no endpoint": {
			dir: filepath.Join(t.TempDir(), "d"), args: nil,
			code: 2, stderr: "no URL for",
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			args := append([]string{"export", "terraform", tc.dir, "--access-token", "sim-token"}, tc.args...)
			code, out, errOut := runCLI(args...)
			if code != tc.code || !strings.Contains(errOut, tc.stderr) {
				t.Fatalf("exit %d, stderr %q; want %d and %q (stdout %q)", code, errOut, tc.code, tc.stderr, out)
			}
			entries, _ := os.ReadDir(filepath.Dir(tc.dir))
			for _, e := range entries {
				if strings.Contains(e.Name(), ".ccsync-") {
					t.Errorf("temporary folder %s left behind", e.Name())
				}
			}
			if tc.keepFile == "" {
				if _, err := os.Stat(tc.dir); !os.IsNotExist(err) {
					t.Errorf("%s was created (%v)", tc.dir, err)
				}
				return
			}
			got, _ := os.ReadDir(tc.dir)
			if len(got) != 1 || got[0].Name() != tc.keepFile {
				t.Errorf("%s now holds %v", tc.dir, got)
			}
		})
	}
}

// TestExportCommand_force replaces the files of the kinds exported, removes
// the file of an exported kind that has no object left (and says so), and
// keeps the others (state, the user's .tf, an earlier export's files of
// other kinds). An export of --kinds agents removed skill_groups.tf, edits
// and all, and the next plan destroyed the groups; --help said "others are
// kept".
func TestExportCommand_force(t *testing.T) {
	t.Parallel()
	origin := exportSim(t)
	dir := t.TempDir()
	// The files an earlier export wrote start as it writes them.
	const byExport = "# 1 contactcenter_agent resource(s), written by `ccsync export terraform`.\n"
	for name, content := range map[string]string{"terraform.tfstate": "{}", "main.tf": "# mine\n", "agents.tf": byExport + "# stale\n", "outbound_tasks.tf": byExport + "# stale\n",
		"skill_groups.tf": "# an earlier export's, edited\n",
		"imports.tf": "# Import blocks: the first `terraform plan` adopts what exists instead of creating it.\n" +
			"import {\n  to = contactcenter_skill_group.sales\n  id = \"12\"\n}\n\nimport {\n  to = contactcenter_agent.agent_0001\n  id = \"1\"\n}\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(dir, "sounds"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sounds", "hold.wav"), []byte("RIFF"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI("export", "terraform", dir, "--endpoint", origin, "--access-token", "sim-token", "--kinds", "agents,outbound_tasks", "--force")
	if code != 0 || !strings.Contains(out, "Exported 2 resources") ||
		!strings.Contains(out, "removed: outbound_tasks.tf (an earlier export's file of a kind exported again, which has no object left)") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	imports, _ := os.ReadFile(filepath.Join(dir, "imports.tf"))
	if strings.Count(string(imports), "to = contactcenter_skill_group.sales") != 1 || strings.Contains(string(imports), "agent_0001") ||
		strings.Count(string(imports), "to = contactcenter_agent.") != 2 {
		t.Errorf("imports.tf: the agents' import blocks anew, the groups' kept:\n%s", imports)
	}
	if _, err := os.Stat(filepath.Join(dir, "sounds", "hold.wav")); err != nil {
		t.Errorf("the voice files of an earlier export (sounds not exported now) are gone: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "skill_groups.tf")); string(b) != "# an earlier export's, edited\n" {
		t.Errorf("skill_groups.tf (a kind not exported) was changed:\n%s", b)
	}
	for name, want := range map[string]bool{"terraform.tfstate": true, "main.tf": true, "agents.tf": true, "outbound_tasks.tf": false, "skill_groups.tf": true, "versions.tf": true, "imports.tf": true} {
		_, err := os.Stat(filepath.Join(dir, name))
		if (err == nil) != want {
			t.Errorf("%s exists: %v, want %v", name, err == nil, want)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "agents.tf")); strings.Contains(string(b), "stale") {
		t.Errorf("agents.tf was not replaced:\n%s", b)
	}
}

// TestExportCommand_forceKeepsOtherVoiceFiles: an export of sounds with
// --force replaces the voice files it writes and keeps every other file
// under sounds/. It replaced sounds/ whole: the user's sounds/new-promo.mp3
// (uploaded by a promo.tf of their own) was deleted without a word, and the
// next plan failed on filesha256 of a missing file.
func TestExportCommand_forceKeepsOtherVoiceFiles(t *testing.T) {
	t.Parallel()
	origin := exportSim(t)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(origin), AccessToken: "sim-token"})
	if err != nil {
		t.Fatal(err)
	}
	wav := []byte("RIFF\x04\x00\x00\x00WAVEdata")
	if _, _, err := c.Sounds.Upload(t.Context(), client.SoundInput{Name: "Hold", SoundType: 1, FileName: "hold.wav", Content: wav}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	mine := map[string]string{"new-promo.mp3": "ID3 mine", "mine.txt": "notes", "gone_on_the_platform.wav": "RIFF old"}
	if err := os.MkdirAll(filepath.Join(dir, "sounds"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range mine {
		if err := os.WriteFile(filepath.Join(dir, "sounds", name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "sounds", "hold.wav"), []byte("RIFF stale"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI("export", "terraform", dir, "--endpoint", origin, "--access-token", "sim-token", "--kinds", "sounds", "--force")
	if code != 0 || !strings.Contains(out, "Exported 1 resource to") || strings.Contains(out, "removed:") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	for name, content := range mine {
		if b, err := os.ReadFile(filepath.Join(dir, "sounds", name)); err != nil || string(b) != content {
			t.Errorf("sounds/%s (not a file of this export) is now %q, %v; want it kept as %q", name, b, err, content)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "sounds", "hold.wav")); string(b) != string(wav) {
		t.Errorf("sounds/hold.wav (the export's voice file) = %q, want the platform's %q", b, wav)
	}
}

// TestExportCommand_maxRetries: --max-retries is the user's, as for every
// other command: with 0, one failed read fails the export (nothing
// written); with the default, the read is retried and the export is done.
func TestExportCommand_maxRetries(t *testing.T) {
	t.Parallel()
	origin := exportSim(t)
	force := func() {
		t.Helper()
		postFaults(t, origin, `{"force":[{"method":"POST","path":"/open/v3/svcapi/users/list","lost":true,"count":1}]}`)
	}
	force()
	dir := filepath.Join(t.TempDir(), "none")
	code, out, errOut := runCLI("export", "terraform", dir, "--endpoint", origin, "--access-token", "sim-token", "--kinds", "agents", "--max-retries", "0")
	if code != 1 || !strings.Contains(errOut, "HTTP 504") || !strings.Contains(errOut, "Nothing was written.") {
		t.Fatalf("--max-retries 0: exit %d\n%s\n%s", code, out, errOut)
	}
	force()
	dir = filepath.Join(t.TempDir(), "cc")
	if code, out, errOut := runCLI("export", "terraform", dir, "--endpoint", origin, "--access-token", "sim-token", "--kinds", "agents"); code != 0 {
		t.Fatalf("default retries: exit %d\n%s\n%s", code, out, errOut)
	}
}

// exportSimSoundUnreadable is exportSim with a voice file, id, whose first
// download answers "file does not exist" (gone between the list and the
// download).
func exportSimSoundUnreadable(t *testing.T) (origin, id string) {
	t.Helper()
	origin = exportSim(t)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(origin), AccessToken: "sim-token"})
	if err != nil {
		t.Fatal(err)
	}
	id, _, err = c.Sounds.Upload(t.Context(), client.SoundInput{Name: "Hold", SoundType: 1, FileName: "hold.wav", Content: []byte("RIFF\x04\x00\x00\x00WAVEdata")})
	if err != nil {
		t.Fatal(err)
	}
	postFaults(t, origin, `{"force":[{"method":"GET","path":"/portal/v2/svcapi/sound/play","code":403,"count":1}]}`)
	return origin, id
}

// TestExportCommand_objectNotReadExit1: a voice file whose download
// answers "file does not exist" (gone between the list and the download) is
// left out of the module and named, the other objects are exported, and
// the run exits 1: the module is not the whole contact center.
func TestExportCommand_objectNotReadExit1(t *testing.T) {
	t.Parallel()
	origin, id := exportSimSoundUnreadable(t)
	dir := filepath.Join(t.TempDir(), "cc")
	code, out, errOut := runCLI("export", "terraform", dir, "--endpoint", origin, "--access-token", "sim-token")
	if code != 1 || !strings.Contains(out, "FAILED (left out): voice file "+id+" (Hold)") || !strings.Contains(out, "2 agents") {
		t.Errorf("exit %d, want 1 naming the voice file left out:\n%s\n%s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "sounds", "hold.wav")); !os.IsNotExist(err) {
		t.Errorf("sounds/hold.wav: %v, want it not written", err)
	}
}

// TestExportCommand_nothing: a contact center with none of the kinds asked
// for says so (the summary ended in a dangling ": .").
func TestExportCommand_nothing(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	code, out, errOut := runCLI("export", "terraform", t.TempDir(), "--endpoint", srv.URL, "--access-token", "sim-token", "--kinds", "webhooks")
	if code != 0 || !strings.Contains(out, "(the contact center holds none of the kinds exported).") || strings.Contains(out, ": .") {
		t.Errorf("exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestExportCommand_stateFlag: --state names a state to keep the names of
// (terraform state pull's output); one that does not exist is bad input.
func TestExportCommand_stateFlag(t *testing.T) {
	t.Parallel()
	origin := exportSim(t)
	missing := filepath.Join(t.TempDir(), "pulled.tfstate")
	code, _, errOut := runCLI("export", "terraform", filepath.Join(t.TempDir(), "cc"), "--endpoint", origin, "--access-token", "sim-token",
		"--kinds", "webhooks", "--state", missing)
	if code != 2 || !strings.Contains(errOut, "--state") || !strings.Contains(errOut, missing) {
		t.Errorf("exit %d, want 2 naming --state and the file:\n%s", code, errOut)
	}
}

// An export into the current folder said "Next: cd . && terraform init".
func TestPrintExportSummary_nextStep(t *testing.T) {
	t.Parallel()
	for dir, want := range map[string]string{".": "Next: terraform init && terraform plan", "cc": "Next: cd cc && terraform init && terraform plan"} {
		var b strings.Builder
		printExportSummary(&b, &exporter.Summary{Dir: dir}, exporter.MembershipAuthoritative)
		if !strings.Contains(b.String(), want) {
			t.Errorf("%s: %s", dir, b.String())
		}
	}
}

// TestExportCommand_forceKeepsHandWrittenFiles: a configuration written by
// hand whose files are named by kind (agents.tf with a for_each) was
// replaced by --force without a word, and the folder no longer planned.
// The export refuses, naming the file, and writes nothing.
func TestExportCommand_forceKeepsHandWrittenFiles(t *testing.T) {
	t.Parallel()
	origin := exportSim(t)
	dir := t.TempDir()
	mine := "resource \"contactcenter_agent\" \"support\" {\n  for_each = local.support_agents\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "agents.tf"), []byte(mine), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI("export", "terraform", dir, "--endpoint", origin, "--access-token", "sim-token", "--force")
	if code != 2 || !strings.Contains(errOut, "holds agents.tf, which the export would replace but did not write") || !strings.Contains(errOut, "Nothing was written") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "agents.tf")); string(b) != mine {
		t.Errorf("agents.tf changed:\n%s", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d entries, want the one file", len(entries))
	}
	// An earlier export's imports.tf saved with a byte-order mark, and an
	// empty agents.tf, hold nothing of the user's: the export goes ahead.
	if err := os.WriteFile(filepath.Join(dir, "agents.tf"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "imports.tf"), []byte("\ufeff# Import blocks: the first `terraform plan` adopts what exists instead of creating it.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := runCLI("export", "terraform", dir, "--endpoint", origin, "--access-token", "sim-token", "--force"); code != 0 {
		t.Errorf("exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestExportCommand_badInputWithoutPrefix: the exporter's errors in what
// was asked for read "ccsync export terraform: bad input: unknown kind …";
// the sentinel (exit 2) stays, its text is not printed.
func TestExportCommand_badInputWithoutPrefix(t *testing.T) {
	t.Parallel()
	full := t.TempDir()
	if err := os.WriteFile(filepath.Join(full, "main.tf"), []byte("# mine\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	origin := exportSim(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"export", "terraform", t.TempDir(), "--kinds", "queues"}, `ccsync export terraform: unknown kind "queues" in --kinds`},
		{[]string{"export", "terraform", full, "--endpoint", origin, "--access-token", "sim-token"}, "ccsync export terraform: " + full + " is not empty"},
	} {
		code, _, e := runCLI(tc.args...)
		if code != exitUsage || !strings.HasPrefix(e, tc.want) || strings.Contains(e, "bad input") {
			t.Errorf("%v: exit %d, stderr:\n%s\nwant exit 2 and %q…, without \"bad input\"", tc.args[2:], code, e, tc.want)
		}
	}
}

// TestExportSummary_nextQuotesThePath: the "Next:" hint printed "cd my
// dir/été && terraform init", which a shell reads as cd my. A path a
// shell would split is quoted; a plain one is not.
func TestExportSummary_nextQuotesThePath(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("the hint is quoted for cmd.exe and PowerShell there (TestQuotePath_windows)")
	}
	for dir, want := range map[string]string{
		"my dir/été":  "Next: cd 'my dir/été' && terraform init",
		"it's here":   `Next: cd 'it'\''s here' && terraform init`,
		"cc/été-2026": "Next: cd cc/été-2026 && terraform init",
	} {
		var b strings.Builder
		printExportSummary(&b, &exporter.Summary{Dir: dir}, exporter.MembershipAuthoritative)
		if !strings.Contains(b.String(), want) {
			t.Errorf("%q: got\n%s\nwant %q", dir, b.String(), want)
		}
	}
}

// TestQuotePath_windows: the "Next:" hint of a Windows build quoted the
// folder for a POSIX shell, "cd 'Z:\My Data\cc' && terraform init",
// which cmd.exe does not read (it takes no single quotes), and quoted
// every path with a backslash. There a path is quoted in double quotes,
// which cmd.exe and PowerShell read alike, and only when it needs them.
func TestQuotePath_windows(t *testing.T) {
	t.Parallel()
	for path, want := range map[string]string{
		`Z:\My Data\导出 tf`: `"Z:\My Data\导出 tf"`,
		`C:\Users\ops\cc`:  `C:\Users\ops\cc`,
		`it's here`:        `"it's here"`,
		`cc\été-2026`:      `cc\été-2026`,
	} {
		if got := quotePath("windows", path); got != want {
			t.Errorf("%s: got %s, want %s", path, got, want)
		}
	}
	if got, want := quotePath("linux", `my dir`), `'my dir'`; got != want {
		t.Errorf("linux: got %s, want %s", got, want)
	}
}

// TestExportHelp_listsEveryFlag: export's hand-written help left out flags
// it takes (--max-retries, --request-timeout, --max-requests-per-second,
// --insecure-http, the URL of each surface). It lists every flag, as the
// other commands' help does.
func TestExportHelp_listsEveryFlag(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"export", "--help"}, {"export", "terraform", "-h"}, {"help", "export"}} {
		code, o, e := runCLI(args...)
		for _, want := range []string{"usage: ccsync export terraform DIR", "-max-retries N", "-request-timeout duration", "-max-requests-per-second rate",
			"-insecure-http", "-base-url URL", "-smsapi-url URL", "-log FILE", "-kinds string"} {
			if code != exitOK || !strings.Contains(o, want) {
				t.Errorf("%v: exit %d, help lacks %q:\n%s%s", args, code, want, o, e)
			}
		}
	}
}

// TestPrintExportSummary_countsInFileOrder: the summary counts the kinds in
// the order of the files (agents first), in the singular for one object, as
// a user reads it: not "1 sounds" first because "1" sorts before "2", nor
// "10 agents" before "2 skill groups".
func TestPrintExportSummary_countsInFileOrder(t *testing.T) {
	var b strings.Builder
	sum := &exporter.Summary{
		Dir: "./cc", Imports: 15,
		Resources: map[exporter.Kind]int{exporter.KindSounds: 1, exporter.KindAgents: 10, exporter.KindSkillGroups: 2, exporter.KindSkillGroupMembers: 1, exporter.KindWebhooks: 1},
	}
	// One resource per member (--membership=member) is a member; one of
	// the authoritative form holds a whole group's members, and "1 skill
	// group member" was said of it.
	printExportSummary(&b, sum, exporter.MembershipMember)
	want := "Exported 15 resources to ./cc in 0.0s: 10 agents, 2 skill groups, 1 skill group member, 1 webhook, 1 sound.\n"
	if got, _, _ := strings.Cut(b.String(), "Next:"); got != want {
		t.Errorf("summary:\n got %q\nwant %q", got, want)
	}
	b.Reset()
	printExportSummary(&b, sum, exporter.MembershipAuthoritative)
	want = "Exported 15 resources to ./cc in 0.0s: 10 agents, 2 skill groups, the members of 1 skill group, 1 webhook, 1 sound.\n"
	if got, _, _ := strings.Cut(b.String(), "Next:"); got != want {
		t.Errorf("summary:\n got %q\nwant %q", got, want)
	}
	b.Reset()
	printExportSummary(&b, &exporter.Summary{Dir: "./cc", Imports: 1, Resources: map[exporter.Kind]int{exporter.KindSounds: 1}}, exporter.MembershipAuthoritative)
	if got, _, _ := strings.Cut(b.String(), "Next:"); got != "Exported 1 resource to ./cc in 0.0s: 1 sound.\n" {
		want := "Exported 1 resource to ./cc in 0.0s: 1 sound.\n"
		t.Errorf("summary:\n got %q\nwant %q", got, want)
	}
}
