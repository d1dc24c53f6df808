package importer_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/xuri/excelize/v2"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

func planOf(t *testing.T, api importer.AgentAPI, path string, opts importer.PlanOptions) (*importer.Roster, *importer.Plan) {
	t.Helper()
	r, probs, err := importer.ReadRoster(path)
	if err != nil || len(probs) > 0 {
		t.Fatalf("read: %v %v", err, lines(probs))
	}
	p, probs, err := importer.PlanRoster(context.Background(), api, r, opts)
	if err != nil || len(probs) > 0 {
		t.Fatalf("plan: %v %v", err, lines(probs))
	}
	return r, p
}

type stepView struct {
	Row     int
	UserNum string
	Action  importer.Action
	Fields  string
}

func view(p *importer.Plan) []stepView {
	var out []stepView
	for _, s := range p.Steps {
		out = append(out, stepView{s.Row, s.UserNum, s.Action, strings.Join(s.Fields(), ",")})
	}
	return out
}

// TestApply_planApplyIdempotentPrune walks the life of a roster: plan,
// apply, a second plan and apply with zero writes, an edit, and prune.
func TestApply_planApplyIdempotentPrune(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	api := importertest.NewAgents()
	api.Seed(importer.Values{"user_num": "8000", "user_name": "Leaver", "user_status": "1"},
		importer.Values{"user_num": "9002", "user_name": "Bob", "user_email": "bob@old.example.com", "user_status": "1", "queue_ids": "101"})
	rows := [][]any{
		{"user_num", "user_name", "user_password", "user_email", "user_status", "queue_ids", "max_sessions"},
		{9001, "Ann", "pw-ann-1", "ann@example.com", "1 - on duty", "101,102", 10},
		{9002, "Bob", "pw-bob-1", "bob@example.com", nil, "101", nil},
		{"9003", "Cy", "pw-cy-1", nil, "frozen", nil, nil},
	}
	path := book(t, "Agents", rows)

	_, p := planOf(t, api, path, importer.PlanOptions{})
	want := []stepView{
		{2, "9001", importer.ActionCreate, "user_num,user_name,user_password,user_email,user_status,queue_ids,max_sessions"},
		{3, "9002", importer.ActionUpdate, "user_email"},
		{4, "9003", importer.ActionCreate, "user_num,user_name,user_password,user_status"},
	}
	if d := cmp.Diff(want, view(p)); d != "" {
		t.Fatalf("plan (-want +got):\n%s", d)
	}
	if api.Writes != 0 {
		t.Fatalf("plan wrote %d times", api.Writes)
	}
	report := filepath.Join(t.TempDir(), "report.xlsx")
	res := importer.Apply(ctx, api, p, importer.ApplyOptions{Concurrency: 3})
	if n := importer.Failed(res); n != 0 {
		t.Fatalf("%d failed: %+v", n, res)
	}
	if err := importer.WriteResults(report, res); err != nil {
		t.Fatal(err)
	}
	if api.Writes != 3 {
		t.Errorf("writes = %d, want 3", api.Writes)
	}
	if v, _ := api.Get("9002"); v["user_email"] != "bob@example.com" || v["user_name"] != "Bob" {
		t.Errorf("9002 = %v", v)
	}
	if api.Passwords["9001"] != "pw-ann-1" || api.Passwords["9002"] != "" {
		t.Errorf("passwords sent: %v (create only)", api.Passwords)
	}

	// The report: every row, and no password anywhere in the workbook.
	got := readTable(t, report, "Result")
	wantRep := [][]string{
		{"row", "user_num", "action", "outcome", "message", "notes"},
		{"2", "9001", "create", "done", "created"},
		{"3", "9002", "update", "done", "changed user_email", "user_password in Agents!C3 is not sent: agent 9002 exists, and a password cannot be read back to compare, " +
			"so the column is the password an agent is created with; to set it, apply with --reset-passwords (which sends every password the sheet holds to its agent), or change it in the portal"},
		{"4", "9003", "create", "done", "created"},
	}
	if d := cmp.Diff(wantRep, got); d != "" {
		t.Errorf("report (-want +got):\n%s", d)
	}
	assertNoSecret(t, report, "pw-")

	// Idempotence: the second plan is all unchanged and its apply writes nothing.
	writes := api.Writes
	_, p = planOf(t, api, path, importer.PlanOptions{})
	if p.Writes() != 0 {
		t.Fatalf("second plan not empty: %+v", view(p))
	}
	importer.Apply(ctx, api, p, importer.ApplyOptions{})
	if api.Writes != writes {
		t.Errorf("second apply wrote %d times", api.Writes-writes)
	}

	// --reset-passwords updates the password and nothing else.
	_, p = planOf(t, api, path, importer.PlanOptions{ResetPasswords: true})
	if got := view(p)[1]; got.Action != importer.ActionUpdate || got.Fields != "user_password" {
		t.Errorf("reset-passwords step = %+v", got)
	}
	for _, s := range p.Steps {
		for _, c := range s.Changes {
			if strings.Contains(c.New, "pw-") {
				t.Errorf("password in plan: %+v", c)
			}
		}
	}

	// Prune: 8000 is not in the sheet.
	_, p = planOf(t, api, path, importer.PlanOptions{Prune: importer.PruneResign})
	if d := cmp.Diff(stepView{0, "8000", importer.ActionResign, "user_status"}, view(p)[3]); d != "" {
		t.Errorf("resign step: %s", d)
	}
	importer.Apply(ctx, api, p, importer.ApplyOptions{})
	if v, _ := api.Get("8000"); v["user_status"] != "2" {
		t.Errorf("8000 not resigned: %v", v)
	}
	_, p = planOf(t, api, path, importer.PlanOptions{Prune: importer.PruneResign})
	if p.Writes() != 0 {
		t.Errorf("resign twice: %+v", view(p))
	}
	_, p = planOf(t, api, path, importer.PlanOptions{Prune: importer.PruneDelete})
	res = importer.Apply(ctx, api, p, importer.ApplyOptions{})
	if v, _ := api.Get("8000"); v != nil || importer.Failed(res) != 0 {
		t.Errorf("8000 not deleted: %v %+v", v, res)
	}
	if api.Len() != 3 {
		t.Errorf("agents left = %d, want 3", api.Len())
	}
}

// TestApply_failuresRetriesAndSecrets: an uncertain create is not sent
// twice; a rejected row fails alone, without its password in the message.
func TestApply_failuresRetriesAndSecrets(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	api.FailCreateAfterWrite = 1
	api.Reject["9002"] = "user_email exists"
	path := book(t, "Agents", [][]any{
		{"user_num", "user_name", "user_password"},
		{"9001", "Ann", "TopSecret1"},
		{"9002", "Bob", "TopSecret2"},
	})
	_, p := planOf(t, api, path, importer.PlanOptions{})
	res := importer.Apply(context.Background(), api, p, importer.ApplyOptions{Concurrency: 1, Backoff: 1})
	if res[0].Outcome != importer.OutcomeDone || !strings.Contains(res[0].Message, "found by user_num") || res[0].Attempts != 2 {
		t.Errorf("uncertain create: %+v", res[0])
	}
	if api.Calls["create"] != 2 || api.Len() != 1 { // 9001 once, 9002 rejected
		t.Errorf("creates = %d, agents = %d", api.Calls["create"], api.Len())
	}
	if res[1].Outcome != importer.OutcomeFailed || res[1].Attempts != 1 || strings.Contains(res[1].Message, "TopSecret") || !strings.Contains(res[1].Message, "***") {
		t.Errorf("rejected row: %+v", res[1])
	}
}

func readTable(t *testing.T, path, sheet string) [][]string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(sheet)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// assertNoSecret unzips nothing: excelize's parts are deflated, so it
// checks every cell of every sheet instead.
func assertNoSecret(t *testing.T, path, secret string) {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, sh := range f.GetSheetList() {
		rows, _ := f.GetRows(sh)
		for _, r := range rows {
			for _, c := range r {
				if strings.Contains(c, secret) {
					t.Errorf("%s: secret in %s: %q", path, sh, c)
				}
			}
		}
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
}

// TestApply_pruneDeletesInBatches: agents pruned with delete go out as
// users/delete calls of up to MaxDeleteIDs ids each (ids is a comma list,
// §4.2); when the platform refuses a call, each of its agents is deleted
// alone, so the one refused fails with the platform's answer and the others
// are deleted.
func TestApply_pruneDeletesInBatches(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	path := book(t, "Agents", [][]any{{"user_num", "user_name", "user_password"}, {"9001", "Ann", "pw-1"}})
	var leavers []importer.Values
	for i := range 2*importer.MaxDeleteIDs + 50 {
		leavers = append(leavers, importer.Values{"user_num": fmt.Sprint(7000 + i), "user_name": "Leaver"})
	}
	api.Seed(leavers...)
	_, p := planOf(t, api, path, importer.PlanOptions{Prune: importer.PruneDelete})
	res := importer.Apply(context.Background(), api, p, importer.ApplyOptions{})
	if importer.Failed(res) != 0 || api.Len() != 1 || api.Calls["delete"] != 3 {
		t.Fatalf("failed %d, agents left %d, delete calls %d (want 0, 1, 3)", importer.Failed(res), api.Len(), api.Calls["delete"])
	}
	for _, r := range res[1:] {
		if r.Action != importer.ActionDelete || r.Outcome != importer.OutcomeDone || r.UserID == 0 {
			t.Fatalf("delete result %+v", r)
		}
	}

	api.Seed(importer.Values{"user_num": "8001", "user_name": "A"}, importer.Values{"user_num": "8002", "user_name": "B"}, importer.Values{"user_num": "8003", "user_name": "C"})
	api.Reject["8002"] = "agent 8002 is in a call"
	_, p = planOf(t, api, path, importer.PlanOptions{Prune: importer.PruneDelete})
	calls := api.Calls["delete"]
	res = importer.Apply(context.Background(), api, p, importer.ApplyOptions{Backoff: 1})
	got := map[string]string{}
	for _, r := range res[1:] {
		got[r.UserNum] = r.Outcome + ": " + r.Message
	}
	if !strings.HasPrefix(got["8001"], "done") || !strings.HasPrefix(got["8003"], "done") || !strings.Contains(got["8002"], "failed: users/delete: agent 8002 is in a call") {
		t.Errorf("outcomes %v", got)
	}
	if n := api.Calls["delete"] - calls; n != 4 || api.Len() != 2 {
		t.Errorf("%d delete calls (want 1 refused + 3 alone), %d agents left (want 9001 and 8002)", n, api.Len())
	}
}

// TestApply_createTakenSinceThePlan: two applies of one roster at once (two
// CI jobs): the plan of each found no agent 9001, the other created it
// first. The row fails saying so and what to do, not only the platform's
// "user_num exists", and the next apply finds nothing to do.
func TestApply_createTakenSinceThePlan(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	api := importertest.NewAgents()
	path := book(t, "Agents", [][]any{
		{"user_num", "user_name", "user_password"},
		{"9001", "Ann", "pw-ann-1"},
	})
	_, p := planOf(t, api, path, importer.PlanOptions{})
	other := importer.Apply(ctx, api, p, importer.ApplyOptions{}) // the other job, first
	if other[0].Outcome != importer.OutcomeDone {
		t.Fatalf("the first apply: %+v", other[0])
	}
	res := importer.Apply(ctx, api, p, importer.ApplyOptions{})
	want := "user_num 9001 was taken after the plan was made, by agent " + strconv.FormatInt(other[0].UserID, 10) +
		" (an apply of this roster running at the same time, someone else, or this row's own earlier attempt whose answer was lost): " +
		"this write failed; run apply again, which compares the row with that agent (users/add: user_num 9001 exists)"
	if res[0].Outcome != importer.OutcomeFailed || res[0].Message != want {
		t.Errorf("got %s %q\nwant failed %q", res[0].Outcome, res[0].Message, want)
	}
	if res[0].UserID != 0 {
		t.Errorf("the failed row carries user_id %d, the other apply's agent", res[0].UserID)
	}
	if strings.Contains(res[0].Message, "pw-ann-1") {
		t.Errorf("the message shows the password: %q", res[0].Message)
	}
	_, again := planOf(t, api, path, importer.PlanOptions{})
	if again.Steps[0].Action != importer.ActionUnchanged {
		t.Errorf("the next plan: %s, want unchanged", again.Steps[0].Action)
	}
}
