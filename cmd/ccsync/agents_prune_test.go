package main

import (
	"encoding/json"
	"io"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

const demoRoster = "../../examples/spreadsheets/agents.xlsx"

// seededWithLeavers is a platform holding the demo roster (applied) and two
// agents that are not in it.
func seededWithLeavers(t *testing.T) (*importertest.Agents, string) {
	t.Helper()
	api := importertest.NewAgents()
	ep := fakeEndpoint(t, importer.Backend{Agents: api})
	if code, out, stderr := runCLI("agents", "apply", demoRoster, "--endpoint", ep, "--access-token", "t"); code != 0 {
		t.Fatalf("apply: %d\n%s\n%s", code, out, stderr)
	}
	api.Seed(importer.Values{"user_num": "7001", "user_name": "Leaver one"}, importer.Values{"user_num": "7002", "user_name": "Leaver two"})
	return api, ep
}

// TestAgentsCommand_jsonVocabulary: plan and apply --output json share one
// vocabulary: counts keyed by action, a steps list whose items carry the
// same keys (apply adds outcome), outcomes keyed by outcome.
func TestAgentsCommand_jsonVocabulary(t *testing.T) {
	t.Parallel()
	api, ep := seededWithLeavers(t)
	writes := api.Writes

	type doc struct {
		File     string         `json:"file"`
		Sheet    string         `json:"sheet"`
		Prune    string         `json:"prune"`
		Rows     int            `json:"rows"`
		Counts   map[string]int `json:"counts"`
		Outcomes map[string]int `json:"outcomes"`
		Steps    []struct {
			UserNum string `json:"user_num"`
			Action  string `json:"action"`
			Outcome string `json:"outcome"`
		} `json:"steps"`
	}
	decode := func(out string) (doc, []string) {
		t.Helper()
		var d doc
		if err := json.Unmarshal([]byte(out), &d); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, out)
		}
		var raw map[string]json.RawMessage
		_ = json.Unmarshal([]byte(out), &raw)
		var keys []string
		for k := range raw {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		return d, keys
	}

	code, out, stderr := runCLI("agents", "plan", demoRoster, "--prune=resign", "--output", "json", "--endpoint", ep, "--access-token", "t")
	if code != 0 {
		t.Fatalf("plan: %d\n%s", code, stderr)
	}
	plan, planKeys := decode(out)
	code, out, stderr = runCLI("agents", "apply", demoRoster, "--prune=resign", "--output", "json", "--endpoint", ep, "--access-token", "t")
	if code != 0 {
		t.Fatalf("apply: %d\n%s", code, stderr)
	}
	apply, applyKeys := decode(out)

	wantCounts := map[string]int{"unchanged": 20, "resign": 2}
	if d := cmp.Diff(wantCounts, plan.Counts); d != "" {
		t.Errorf("plan counts (-want +got):\n%s", d)
	}
	if d := cmp.Diff(wantCounts, apply.Counts); d != "" {
		t.Errorf("apply counts, keyed like the plan's (-want +got):\n%s", d)
	}
	if d := cmp.Diff(map[string]int{"unchanged": 20, "done": 2}, apply.Outcomes); d != "" {
		t.Errorf("apply outcomes (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{"counts", "file", "not_in_sheet", "prune", "rows", "sheet", "steps", "terraform_kept"}, planKeys); d != "" {
		t.Errorf("plan keys (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{"counts", "failed", "file", "interrupted", "not_in_sheet", "outcomes", "prune", "report", "rows", "seconds", "sheet", "steps", "terraform_kept"}, applyKeys); d != "" {
		t.Errorf("apply keys (-want +got):\n%s", d)
	}
	if len(plan.Steps) != 22 || len(apply.Steps) != 22 {
		t.Fatalf("steps: plan %d, apply %d, want 22 each", len(plan.Steps), len(apply.Steps))
	}
	for i := range plan.Steps {
		p, a := plan.Steps[i], apply.Steps[i]
		if p.UserNum != a.UserNum || p.Action != a.Action {
			t.Errorf("step %d: plan %s %s, apply %s %s", i, p.UserNum, p.Action, a.UserNum, a.Action)
		}
	}
	if last := apply.Steps[21]; last.UserNum != "7002" || last.Action != "resign" || last.Outcome != "done" {
		t.Errorf("last apply step = %+v, want 7002 resign done", last)
	}
	if plan.Prune != "resign" || apply.Prune != "resign" || plan.Rows != 20 || apply.Rows != 20 || plan.Sheet != "Agents" || apply.Sheet != "Agents" {
		t.Errorf("plan %+v / apply %+v: prune, rows or sheet differ", plan, apply)
	}
	if api.Writes-writes != 2 {
		t.Errorf("apply wrote %d times, want 2 (the resignations)", api.Writes-writes)
	}
}

// TestAgentsCommand_pruneConfirmation: --prune lists what it will do, each
// agent by number and name (the number alone did not say who "7001" is); on a
// terminal it asks, and only "yes" goes on; --yes and no terminal never ask.
// Not parallel: it replaces the terminal check and the input.
func TestAgentsCommand_pruneConfirmation(t *testing.T) {
	oldCan, oldIn := canConfirm, confirmInput
	t.Cleanup(func() { canConfirm, confirmInput = oldCan, oldIn })
	tests := map[string]struct {
		terminal      bool
		input         string
		args          []string
		code, deletes int
		asked         bool
	}{
		"terminal, answer yes":       {terminal: true, input: "yes\n", code: exitOK, deletes: 2, asked: true},
		"terminal, answer y":         {terminal: true, input: "y\n", code: exitFailures, asked: true},
		"terminal, no answer (EOF)":  {terminal: true, input: "", code: exitFailures, asked: true},
		"terminal, --yes":            {terminal: true, input: "no\n", args: []string{"--yes"}, code: exitOK, deletes: 2},
		"no terminal never asks":     {terminal: false, input: "no\n", code: exitOK, deletes: 2},
		"no terminal, --output json": {terminal: false, input: "no\n", args: []string{"--output", "json"}, code: exitOK, deletes: 2},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			api, ep := seededWithLeavers(t)
			before := api.Len()
			canConfirm = func(io.Writer) bool { return tc.terminal }
			read := &countingReader{r: strings.NewReader(tc.input)}
			confirmInput = read
			args := append([]string{"agents", "apply", demoRoster, "--prune=delete", "--endpoint", ep, "--access-token", "t"}, tc.args...)
			code, out, stderr := runCLI(args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\n%s\n%s", code, tc.code, out, stderr)
			}
			for _, want := range []string{"--prune=delete will delete 2 agent(s) that are not in the sheet:", "  delete    7001  \"Leaver one\"\n", "  delete    7002  \"Leaver two\"\n"} {
				if !strings.Contains(stderr, want) {
					t.Errorf("stderr does not show %q:\n%s", want, stderr)
				}
			}
			asked := strings.Contains(stderr, "Delete these 2 agent(s) and apply the rest of the plan? Only 'yes' goes on (--yes answers it for scripts): ")
			if asked != tc.asked {
				t.Errorf("asked %v, want %v:\n%s", asked, tc.asked, stderr)
			}
			if !tc.asked && read.n > 0 {
				t.Errorf("read %d bytes of input without asking", read.n)
			}
			if got := before - api.Len(); got != tc.deletes {
				t.Errorf("%d agents deleted, want %d", got, tc.deletes)
			}
			if tc.code == exitFailures && !strings.Contains(stderr, "ccsync agents apply: cancelled; nothing was written") {
				t.Errorf("no cancellation message:\n%s", stderr)
			}
		})
	}
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestAgentsCommand_summaryOfAgentsNotInTheSheet: the plan's summary counts
// the sheet's rows as unchanged and tells the agents not in the sheet
// apart; a prune with nothing left to do does not read "0 to resign". The
// JSON counts keep their keys; not_in_sheet is added.
func TestAgentsCommand_summaryOfAgentsNotInTheSheet(t *testing.T) {
	t.Parallel()
	_, ep := seededWithLeavers(t)
	plan := func(args ...string) string {
		t.Helper()
		code, out, stderr := runCLI(append([]string{"agents", "plan", demoRoster, "--endpoint", ep, "--access-token", "t"}, args...)...)
		if code != 0 {
			t.Fatalf("plan %v: %d\n%s", args, code, stderr)
		}
		return out
	}
	for args, want := range map[string]string{
		"--prune=none":   "Plan: 0 to create, 0 to update, 20 unchanged, 2 not in the sheet left alone (",
		"--prune=resign": "Plan: 0 to create, 0 to update, 20 unchanged, 2 to resign (",
		"--prune=delete": "Plan: 0 to create, 0 to update, 20 unchanged, 2 to delete (",
	} {
		if out := plan(args); !strings.Contains(out, want) {
			t.Errorf("plan %s lacks %q:\n%s", args, want, out)
		}
	}
	if code, out, stderr := runCLI("agents", "apply", demoRoster, "--prune=resign", "--endpoint", ep, "--access-token", "t"); code != 0 {
		t.Fatalf("apply: %d\n%s\n%s", code, out, stderr)
	}
	if out := plan("--prune=resign"); !strings.Contains(out, "Plan: 0 to create, 0 to update, 20 unchanged, 2 not in the sheet already resigned (") || strings.Contains(out, "to resign") {
		t.Errorf("plan after the resignations:\n%s", out)
	}
	var doc struct {
		Counts     map[string]int `json:"counts"`
		NotInSheet int            `json:"not_in_sheet"`
	}
	if err := json.Unmarshal([]byte(plan("--prune=resign", "--output", "json")), &doc); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(map[string]int{"unchanged": 22}, doc.Counts); d != "" || doc.NotInSheet != 2 {
		t.Errorf("JSON counts (-want +got):\n%s\nnot_in_sheet %d, want 2", d, doc.NotInSheet)
	}
}

// TestConfirmPrune_numberAndNameInColumns: the agents --prune removes are
// listed by number and name, the names in one column whatever the
// numbers' lengths, every agent on its line however many.
func TestConfirmPrune_numberAndNameInColumns(t *testing.T) {
	t.Parallel()
	plan := &importer.Plan{Prune: importer.PruneResign}
	for i := range 300 {
		plan.Steps = append(plan.Steps, importer.Step{UserNum: strconv.Itoa(9 + i*50), UserName: "Agent " + strconv.Itoa(i), Action: importer.ActionResign})
	}
	plan.Steps = append(plan.Steps, importer.Step{UserNum: "77", Action: importer.ActionResign}, importer.Step{UserNum: "5", Action: importer.ActionUnchanged})
	var b strings.Builder
	if !confirmPrune(t.Context(), &b, plan, true) {
		t.Fatal("--yes did not go on")
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	want := []string{"--prune=resign will resign (user_status 2) 301 agent(s) that are not in the sheet:",
		`  resign    9      "Agent 0"`, `  resign    59     "Agent 1"`, `  resign    14959  "Agent 299"`, `  resign    77     (no name)`}
	if len(lines) != 302 || lines[0] != want[0] || lines[1] != want[1] || lines[2] != want[2] || lines[300] != want[3] || lines[301] != want[4] {
		t.Errorf("got %d lines:\n%s\nwant 302, among them:\n%s", len(lines), b.String(), strings.Join(want, "\n"))
	}
}

// TestAgentsPlan_prunedAgentNamed: the plan names each agent it would
// prune (the sheet, which does not have it, cannot), in text and JSON.
func TestAgentsPlan_prunedAgentNamed(t *testing.T) {
	t.Parallel()
	_, ep := seededWithLeavers(t)
	code, out, stderr := runCLI("agents", "plan", demoRoster, "--prune=delete", "--endpoint", ep, "--access-token", "t")
	if code != 0 || !strings.Contains(out, `7001         delete    (user_name "Leaver one")`+"\n") {
		t.Errorf("plan: exit %d\n%s%s\nwant 7001 delete named", code, out, stderr)
	}
	code, out, stderr = runCLI("agents", "plan", demoRoster, "--prune=resign", "--output", "json", "--endpoint", ep, "--access-token", "t")
	if code != 0 || !strings.Contains(out, `"user_num": "7002",`) || !strings.Contains(out, `"user_name": "Leaver two",`) {
		t.Errorf("plan json: exit %d\n%s%s\nwant 7002's user_name", code, out, stderr)
	}
}

// The confirmation gives each agent's notes on its line: an operator
// answering "yes" sees that the agent is signed in, and its groups.
func TestConfirmPrune_notesOnTheLine(t *testing.T) {
	t.Parallel()
	plan := &importer.Plan{Prune: importer.PruneDelete, Steps: []importer.Step{{UserNum: "8101", UserName: "Busy", Action: importer.ActionDelete,
		Notes: []string{"signed in now (check_in): it may be taking calls", "in skill groups 101, 102"}}}}
	var b strings.Builder
	if !confirmPrune(t.Context(), &b, plan, true) {
		t.Fatal("--yes did not go on")
	}
	if want := `  delete    8101  "Busy"  signed in now (check_in): it may be taking calls; in skill groups 101, 102` + "\n"; !strings.Contains(b.String(), want) {
		t.Errorf("got:\n%s\nwant the line:\n%s", b.String(), want)
	}
}

// TestAgentsCommand_pruneFromAnEmptyRoster: a roster without agent rows
// (an HR export that came out empty) with --prune deleted every agent on
// the platform, exit 0: a CI job has no terminal to ask on, and --yes
// does not ask. plan and apply refuse it, nothing written; a roster with
// rows prunes as before, and an empty roster without --prune plans nothing.
func TestAgentsCommand_pruneFromAnEmptyRoster(t *testing.T) {
	t.Parallel()
	api, ep := seededWithLeavers(t)
	empty := t.TempDir() + "/empty.xlsx"
	if code, _, stderr := runCLI("agents", "template", empty); code != 0 {
		t.Fatalf("template: %d %s", code, stderr)
	}
	writes := api.Writes
	for _, args := range [][]string{{"plan", empty, "--prune=delete"}, {"apply", empty, "--prune=delete", "--yes"}, {"apply", empty, "--prune=resign"}} {
		code, _, stderr := runCLI(append(append([]string{"agents"}, args...), "--endpoint", ep, "--access-token", "t")...)
		if code != 2 || !strings.Contains(stderr, "has no agent rows: --prune="+strings.TrimPrefix(args[2], "--prune=")) ||
			!strings.Contains(stderr, "every agent on the platform (22)") || !strings.Contains(stderr, "nothing was written") {
			t.Errorf("agents %s: exit %d\n%s", strings.Join(args, " "), code, stderr)
		}
	}
	if code, out, stderr := runCLI("agents", "plan", empty, "--endpoint", ep, "--access-token", "t"); code != 0 {
		t.Errorf("plan of an empty roster without --prune: %d\n%s%s", code, out, stderr)
	}
	if api.Writes != writes || api.Len() != 22 {
		t.Errorf("%d writes, %d agents left; want none and 22", api.Writes-writes, api.Len())
	}
}
