package exporter_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	tfjson "github.com/hashicorp/terraform-json"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclwrite"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/exporter"
)

// TestAccExport_terraformPlansImportsOnly is the "Done when" of the export:
// a contact center built through the API is exported, and in the module
// `terraform plan` says only "N to import, 0 to add, 0 to change, 0 to
// destroy", `terraform apply` changes nothing on the platform, and a second
// plan is empty. (Voice files are imported as <id>,<path of the downloaded
// copy>, so their source and source_hash are in state from the import.)
//
// Needs TF_ACC=1 and terraform on PATH. With dev_overrides there is no
// `terraform init` (Terraform advises to skip it). The provider is built from this
// repository (or EXPORT_TEST_PROVIDER_DIR names a folder holding a built
// terraform-provider-contactcenter). EXPORT_TEST_SIZE=big runs it on the
// 2,000-agent contact center instead of the small one with every shape.
func TestAccExport_terraformPlansImportsOnly(t *testing.T) {
	t.Parallel()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("Acceptance tests skipped unless env 'TF_ACC' set (this one runs terraform plan and apply on an export)")
	}
	if _, err := exec.LookPath("terraform"); err != nil {
		t.Fatal("TF_ACC is set but the terraform CLI is not on PATH")
	}
	n := smallCenter
	if os.Getenv("EXPORT_TEST_SIZE") == "big" {
		n = bigCenter
	}
	bin := providerDir(t)
	for _, membership := range []string{exporter.MembershipAuthoritative, exporter.MembershipMember} {
		t.Run(membership, func(t *testing.T) {
			t.Parallel()
			if membership == exporter.MembershipMember && n == bigCenter {
				t.Skip("the member form is planned on the small contact center only")
			}
			planImportsOnly(t, bin, n, membership)
		})
	}
}

func planImportsOnly(t *testing.T, bin string, n size, membership string) {
	cc := newCenter(t)
	cc.build(t, n)
	dir := filepath.Join(t.TempDir(), "cc")
	sum, err := exporter.Export(context.Background(), cc.c, exporter.Options{Dir: dir, Membership: membership})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Literal) > 0 || len(sum.Failed) > 0 {
		t.Fatalf("literal ids %v, failed %v", sum.Literal, sum.Failed)
	}
	checkFixtureNames(t, dir, n, membership)
	tf := newTerraform(t, dir, bin, cc.origin)

	tf.run("fmt", "-check", "-recursive", "-diff")
	if out, code := tf.runCode("validate", "-no-color"); code != 0 {
		if strings.Contains(out, "[user_password,user_password_wo]") {
			t.Fatalf("contactcenter_agent still demands user_password or user_password_wo at validation. The export writes adopted agents "+
				"without a password (sending one would reset it); this passes once the provider accepts an agent without one (issue 11, item 2).\n%s", tail(out, 20))
		}
		t.Fatalf("terraform validate: exit %d\n%s", code, tail(out, 80))
	}

	before := cc.sim.Stats()
	started := time.Now()
	out := tf.run("plan", "-input=false", "-no-color", "-out=tfplan")
	t.Logf("first plan (%d imports) took %s", sum.Imports, time.Since(started).Round(time.Millisecond))
	// Agents are imported by number and groups by name (the same in every
	// contact center): those lookups share the collection's reads, as a
	// refresh's reads by id do; one call per import, they cost 2,000
	// users/list calls for the big center's first plan.
	calls := cc.sim.Stats()
	for _, k := range []string{"POST /open/v3/svcapi/users/list", "POST /portal/v2/svcapi/queue/list", "POST /open/sms/sign/list", "POST /open/sms/template/list"} {
		t.Logf("first plan: %d %s", calls[k]-before[k], k)
		if got, limit := calls[k]-before[k], 2*(n.agents/500+1)+2; got > limit {
			t.Errorf("first plan: %d calls of %s for %d agents and %d groups imported, want at most %d", got, k, n.agents, n.groups, limit)
		}
	}
	m := regexp.MustCompile(`Plan: (\d+) to import, (\d+) to add, (\d+) to change, (\d+) to destroy\.`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no plan summary in:\n%s", tail(out, 60))
	}
	wantSummary := fmt.Sprintf("Plan: %d to import, 0 to add, 0 to change, 0 to destroy.", sum.Imports)
	if m[0] != wantSummary {
		t.Errorf("plan summary %q, want %q", m[0], wantSummary)
	}
	var plan tfjson.Plan
	if err := json.Unmarshal([]byte(tf.run("show", "-json", "tfplan")), &plan); err != nil {
		t.Fatal(err)
	}
	for _, rc := range plan.ResourceChanges {
		if rc.Change.Importing == nil {
			t.Errorf("%s: not imported (%v)", rc.Address, rc.Change.Actions)
		}
		if !rc.Change.Actions.NoOp() {
			t.Errorf("%s: %v %v, want an import with no change", rc.Address, rc.Change.Actions, changedAttrs(rc.Change.Before, rc.Change.After))
		}
	}

	before = cc.sim.Stats()
	started = time.Now()
	tf.run("apply", "-input=false", "-no-color", "tfplan")
	t.Logf("apply took %s", time.Since(started).Round(time.Millisecond))
	for k, v := range cc.sim.Stats() {
		if v > before[k] && isWrite(k) {
			t.Errorf("apply wrote to the platform: %s (%d)", k, v-before[k])
		}
	}

	started = time.Now()
	out, code := tf.runCode("plan", "-input=false", "-no-color", "-detailed-exitcode")
	t.Logf("second plan took %s", time.Since(started).Round(time.Millisecond))
	if code != 0 || !strings.Contains(out, "No changes.") {
		t.Errorf("second plan: exit %d, want 0 (no changes):\n%s", code, tail(out, 80))
	}
	driftedMembershipConverges(t, tf, cc)
	reExportKeepsAddresses(t, tf, cc, dir, membership)
}

// reExportKeepsAddresses: a webhook renamed in the portal, exported again
// with --force into the managed folder, keeps the address the state gives
// it; the next plan changes nothing. The export refused (and before that,
// the next plan imported it at a new address and destroyed it at the old).
func reExportKeepsAddresses(t *testing.T, tf *terraform, cc *center, dir, membership string) {
	t.Helper()
	ctx := t.Context()
	var hook *client.Webhook
	for w, err := range cc.c.Webhooks.List(ctx, client.WebhookFilter{}) {
		if err != nil {
			t.Fatal(err)
		}
		hook = &w
		break
	}
	if hook == nil {
		t.Fatal("the contact center has no webhook")
	}
	in := client.WebhookInput{DeptID: int64(hook.DeptID), Name: "Renamed in the portal", URL: string(hook.URL), Status: bool(hook.Status),
		IsEncrypt: bool(hook.IsEncrypt), EventType: int64(hook.EventType)}
	if err := cc.c.Webhooks.Update(ctx, int64(hook.ID), in); err != nil {
		t.Fatal(err)
	}
	if _, err := exporter.Export(ctx, cc.c, exporter.Options{Dir: dir, Membership: membership, Force: true}); err != nil {
		t.Fatalf("export again with --force: %v", err)
	}
	out, code := tf.runCode("plan", "-input=false", "-no-color", "-detailed-exitcode")
	if code != 0 || !strings.Contains(out, "No changes.") {
		t.Errorf("plan after exporting again: exit %d, want 0 (no changes):\n%s", code, tail(out, 80))
	}
}

// driftedMembershipConverges: an agent of a scheduling robot task leaves
// the task's group and the task's priority is changed, both in the portal.
// One apply restores both: the platform checks, on the task's write, that
// its agents are in its group, so the exported task depends on the
// membership resource. Without it the two ran in parallel and the task's
// update could fail ("agent ... is not in skill group ...") until a second
// apply.
func driftedMembershipConverges(t *testing.T, tf *terraform, cc *center) {
	t.Helper()
	ctx := t.Context()
	var robot *client.Task
	for task, err := range cc.c.Tasks.List(ctx, client.TaskFilter{Type: client.TaskTypeRobot}) {
		if err != nil {
			t.Fatal(err)
		}
		d, err := cc.c.Tasks.Get(ctx, int64(task.ID))
		if err != nil {
			t.Fatal(err)
		}
		if d.Config != nil && d.Config.QueID != nil && d.Config.EnableScheduler != nil && bool(*d.Config.EnableScheduler) &&
			len(d.AssignedUsers) > 0 && d.AssignedUsers[0].UserID != nil {
			robot = d
			break
		}
	}
	if robot == nil {
		t.Fatal("the fixture has no scheduling robot task with agents")
	}
	group, agent := int64(*robot.Config.QueID), int64(*robot.AssignedUsers[0].UserID)
	if deps := taskDependsOn(t, tf.dir, int64(robot.ID)); !strings.Contains(deps, "contactcenter_skill_group_member") {
		t.Errorf("the task %d (agents in group %d) depends on %q, want its membership resource", int64(robot.ID), group, deps)
	}
	drifted := *robot
	drifted.Priority = new(client.FlexInt(7))
	if err := cc.c.Tasks.Update(ctx, drifted); err != nil {
		t.Fatal(err)
	}
	if err := cc.c.Queues.CancelAssign(ctx, group, []int64{agent}); err != nil {
		t.Fatal(err)
	}
	if out, code := tf.runCode("apply", "-input=false", "-no-color", "-auto-approve"); code != 0 {
		t.Fatalf("one apply after the drift: exit %d\n%s", code, tail(out, 40))
	}
	if out, code := tf.runCode("plan", "-input=false", "-no-color", "-detailed-exitcode"); code != 0 {
		t.Errorf("plan after the apply: exit %d, want no changes\n%s", code, tail(out, 40))
	}
}

// checkFixtureNames: the fixture's objects named in Chinese with a Latin
// word are named by the word and their id, not by the word alone (crm,
// crm_2 in listing order); those named in Chinese only by the kind and the
// id; a member's name holds its group's and its agent's names whole.
func checkFixtureNames(t *testing.T, dir string, n size, membership string) {
	t.Helper()
	read := func(file string) string {
		b, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	count := func(file, re string) int { return len(regexp.MustCompile(re).FindAllString(read(file), -1)) }
	const longGroup = "long_queue_for_the_evening_calls_of_the_northern_region_with"
	type check struct {
		file, re string
		n        int
	}
	want := []check{
		{"webhooks.tf", `resource "contactcenter_webhook" "crm_\d+" `, len(nonLatinWebhooks)},
		{"webhooks.tf", `resource "contactcenter_webhook" "crm(_2)?" `, 0},
		{"sounds.tf", `source      = "sounds/hold_\d+\.wav"`, 1},
		{"skill_groups.tf", `resource "contactcenter_skill_group" "test_1_\d+" `, 1},
		{"skill_groups.tf", `resource "contactcenter_skill_group" "skill_group_\d+" `, 1},
		{"skill_groups.tf", `resource "contactcenter_skill_group" "` + longGroup + `" `, 1},
	}
	if membership == exporter.MembershipMember {
		want = append(want,
			check{"skill_group_members.tf", `resource "contactcenter_skill_group_member" "test_1_\d+_agent_\d+" `, n.perGroup},
			check{"skill_group_members.tf", `resource "contactcenter_skill_group_member" "` + longGroup + `_agent_\d+" `, n.perGroup})
	} else {
		want = append(want, check{"skill_group_members.tf", `resource "contactcenter_skill_group_members" "test_1_\d+" `, 1})
	}
	for _, w := range want {
		if got := count(w.file, w.re); got != w.n {
			t.Errorf("%s: %d resources match %s, want %d", w.file, got, w.re, w.n)
		}
	}
}

// isWrite tells the simulator's write endpoints from its reads.
func isWrite(endpoint string) bool {
	for _, w := range []string{"/add", "/edit", "/delete", "/store", "/update", "updateOrCreate", "/assign", "cancel_assign", "/upload", "add_sign", "add_template"} {
		if strings.Contains(endpoint, w) {
			return true
		}
	}
	return false
}

// changedAttrs lists the top-level attributes whose values differ.
func changedAttrs(before, after any) []string {
	b, _ := before.(map[string]any)
	a, _ := after.(map[string]any)
	var out []string
	for k := range a {
		x, _ := json.Marshal(b[k])
		y, _ := json.Marshal(a[k])
		if !bytes.Equal(x, y) {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// providerDir returns a folder holding terraform-provider-contactcenter:
// EXPORT_TEST_PROVIDER_DIR, or the provider built from this repository.
func providerDir(t *testing.T) string {
	t.Helper()
	if d := os.Getenv("EXPORT_TEST_PROVIDER_DIR"); d != "" {
		return d
	}
	// Built once for the package's tests (they run in parallel): each build
	// relinks the provider, seconds of CPU.
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "exporter-test-provider-")
		if err != nil {
			built.err = err
			return
		}
		built.dir = dir
		name := "terraform-provider-contactcenter"
		if runtime.GOOS == "windows" {
			name += ".exe"
		}
		cmd := exec.CommandContext(context.Background(), "go", "build", "-o", filepath.Join(dir, name), "..")
		if out, err := cmd.CombinedOutput(); err != nil {
			built.err = fmt.Errorf("%w\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatalf("building the provider: %v", built.err)
	}
	return built.dir
}

// built is the provider providerDir builds, removed by TestMain.
var built struct {
	once sync.Once
	dir  string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		_ = os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// terraform runs the CLI in one folder with a dev_overrides configuration
// (no registry) and the CONTACTCENTER_* variables of the simulator.
type terraform struct {
	t   *testing.T
	dir string
	env []string
}

func newTerraform(t *testing.T, dir, bin, origin string) *terraform {
	t.Helper()
	rc := filepath.Join(t.TempDir(), "cli.tfrc")
	cfg := fmt.Sprintf("provider_installation {\n  dev_overrides {\n    \"contactcenter/contactcenter\" = %s\n  }\n  direct {}\n}\n", strconv.Quote(bin))
	if err := os.WriteFile(rc, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "TF_CLI_CONFIG_FILE="+rc, "CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1",
		"CONTACTCENTER_ENDPOINT="+origin, "CONTACTCENTER_ACCESS_TOKEN=sim-token",
		"CONTACTCENTER_SMS_APP_ID=sim-app", "CONTACTCENTER_SMS_APP_KEY=sim-key")
	return &terraform{t: t, dir: dir, env: env}
}

func (tf *terraform) runCode(args ...string) (string, int) {
	tf.t.Helper()
	cmd := exec.CommandContext(tf.t.Context(), "terraform", args...)
	cmd.Dir, cmd.Env = tf.dir, tf.env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
		return out.String(), ee.ExitCode()
	}
	if err != nil {
		tf.t.Fatalf("terraform %s: %v", strings.Join(args, " "), err)
	}
	return out.String(), 0
}

func (tf *terraform) run(args ...string) string {
	tf.t.Helper()
	out, code := tf.runCode(args...)
	if code != 0 {
		tf.t.Fatalf("terraform %s: exit %d\n%s", strings.Join(args, " "), code, tail(out, 80))
	}
	return out
}

// tail keeps the last n lines of a long output.
func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = append([]string{fmt.Sprintf("… (%d lines before)", len(lines)-n)}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}

// taskDependsOn returns the depends_on of the exported task imported as id,
// as written.
func taskDependsOn(t *testing.T, dir string, id int64) string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.tf"))
	var name string
	blocks := map[string]*hclwrite.Block{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		hf, diags := hclwrite.ParseConfig(b, f, hcl.InitialPos)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		for _, blk := range hf.Body().Blocks() {
			switch {
			case blk.Type() == "import":
				to := strings.TrimSpace(string(blk.Body().GetAttribute("to").Expr().BuildTokens(nil).Bytes()))
				idv := strings.Trim(strings.TrimSpace(string(blk.Body().GetAttribute("id").Expr().BuildTokens(nil).Bytes())), `"`)
				if strings.HasPrefix(to, "contactcenter_outbound_task.") && idv == strconv.FormatInt(id, 10) {
					name = strings.TrimPrefix(to, "contactcenter_outbound_task.")
				}
			case blk.Type() == "resource" && blk.Labels()[0] == "contactcenter_outbound_task":
				blocks[blk.Labels()[1]] = blk
			}
		}
	}
	blk := blocks[name]
	if blk == nil {
		t.Fatalf("no exported task imported as %d", id)
	}
	if a := blk.Body().GetAttribute("depends_on"); a != nil {
		return string(a.Expr().BuildTokens(nil).Bytes())
	}
	return ""
}
