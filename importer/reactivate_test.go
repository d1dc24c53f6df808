package importer_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// newHireHeader and newHireRow: agent 7012, fired with user_status 2, is
// given to a new hire (the tester's workbook).
var newHireHeader = []any{"user_num", "user_name", "user_password", "user_email", "user_sms_phone", "user_status", "queue_ids"}

func newHireRow(password string) []any {
	return []any{"7012", "Tina Twelve", password, "tina@example.com", "13900000012", "1", nil}
}

// TestPlan_reactivationOfResignedAgent: a row that sets user_status 1 on
// the number of a resigned agent is an update of that agent, not a new
// one: the plan says which agent it re-activates, that its call history
// and skill groups stay, and sends the row's password (without
// --reset-passwords), which it used to drop: the fired person's password
// opened the new hire's account.
func TestPlan_reactivationOfResignedAgent(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	api.Groups = []importer.SkillGroup{{ID: 101, Name: "Sales"}, {ID: 102, Name: "Support"}}
	api.Seed(importer.Values{"user_num": "7012", "user_name": "Agent 7012", "user_status": "2", "queue_ids": "101,102",
		"ag_nickname": "Twelve", "user_email": "a7012@example.com", "user_sms_phone": "13900000099"})
	api.Seed(importer.Values{"user_num": "7013", "user_name": "Agent 7013"})
	path := book(t, "Agents", [][]any{newHireHeader, newHireRow("NewHire-Pw1"), {"7013", "Agent 7013", "Other-Pw", nil, nil, "1"}})
	r, probs, err := importer.ReadRoster(path)
	if err != nil || len(probs) > 0 {
		t.Fatal(err, lines(probs))
	}
	plan, probs, err := importer.PlanRoster(context.Background(), api, r, importer.PlanOptions{})
	if err != nil || len(probs) > 0 {
		t.Fatal(err, lines(probs))
	}
	st := plan.Steps[0]
	_, id := api.Get("7012")
	if st.Action != importer.ActionUpdate || st.UserID != id {
		t.Fatalf("step: %+v", st)
	}
	if got, want := strings.Join(st.Fields(), ","), "user_name,user_password,user_email,user_sms_phone,user_status"; got != want {
		t.Errorf("fields %s, want %s (the password sent)", got, want)
	}
	wantNotes := []string{
		`re-activates resigned agent 1001 ("Agent 7012"), not a new agent: the platform keeps a resigned agent's number, so this row brings that account back, ` +
			`and its call history stays with it, as do its skill groups 101 (Sales), 102 (Support) (queue_ids is empty in Agents!G2); ` +
			`the cells left empty keep its ag_nickname "Twelve" (a roster cannot clear a value). For a new person with a record of their own, give the row a user_num no agent has`,
		`user_password is sent: the row's password replaces the resigned agent's (a re-activation sends it without --reset-passwords)`,
	}
	if d := cmp.Diff(wantNotes, st.Notes); d != "" {
		t.Errorf("notes (-want +got):\n%s", d)
	}
	if got, want := plan.Summary(), "0 to create, 1 to update (1 re-activates a resigned agent), 1 unchanged"; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
	if plan.Steps[1].Action != importer.ActionUnchanged || plan.Steps[1].Reactivates != nil {
		t.Errorf("an agent on duty with a password in the sheet: %+v", plan.Steps[1])
	}

	// --output json carries the re-activation, never the password.
	js, err := json.Marshal(plan.Steps[0])
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Reactivates map[string]any `json:"reactivates"`
		Notes       []string       `json:"notes"`
	}
	if err := json.Unmarshal(js, &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"user_id": float64(1001), "user_name": "Agent 7012", "skill_groups_kept": true, "password_sent": true,
		"skill_groups": []any{map[string]any{"id": float64(101), "name": "Sales"}, map[string]any{"id": float64(102), "name": "Support"}},
		"kept":         []any{"ag_nickname"}}
	if d := cmp.Diff(want, got.Reactivates); d != "" || len(got.Notes) != 2 {
		t.Errorf("json step %s (-want +got):\n%s", js, d)
	}
	if bytes.Contains(js, []byte("NewHire-Pw1")) {
		t.Errorf("json shows the password: %s", js)
	}

	res := importer.Apply(context.Background(), api, plan, importer.ApplyOptions{})
	if importer.Failed(res) != 0 || api.Passwords["7012"] != "NewHire-Pw1" {
		t.Fatalf("apply: %+v, password sent %q", res, api.Passwords["7012"])
	}
	if _, sent := api.Passwords["7013"]; sent {
		t.Errorf("the password of an agent on duty was sent without --reset-passwords")
	}
	if want := `re-activated resigned agent 1001 ("Agent 7012"); changed user_name, user_password, user_email, user_sms_phone, user_status`; res[0].Message != want {
		t.Errorf("apply message %q, want %q", res[0].Message, want)
	}
	if again, _, _ := importer.PlanRoster(context.Background(), api, r, importer.PlanOptions{}); again.Writes() != 0 {
		t.Errorf("second plan writes: %+v", again.Steps)
	}
}

// TestPlan_reactivationWithoutPassword: with the user_password cell empty
// the plan warns that the resigned agent's password still opens the
// account; a row that sets queue_ids says it replaces the groups.
func TestPlan_reactivationWithoutPassword(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	api.Seed(importer.Values{"user_num": "7012", "user_name": "Agent 7012", "user_status": "2", "queue_ids": "101"})
	row := newHireRow("")
	row[6] = "102"
	path := book(t, "Agents", [][]any{newHireHeader, row})
	r, probs, err := importer.ReadRoster(path)
	if err != nil || len(probs) > 0 {
		t.Fatal(err, lines(probs))
	}
	plan, _, err := importer.PlanRoster(context.Background(), api, r, importer.PlanOptions{ResetPasswords: true})
	if err != nil {
		t.Fatal(err)
	}
	st := plan.Steps[0]
	wantNotes := []string{
		`re-activates resigned agent 1001 ("Agent 7012"), not a new agent: the platform keeps a resigned agent's number, so this row brings that account back, ` +
			`and its call history stays with it; the row's queue_ids replaces its skill groups 101. For a new person with a record of their own, give the row a user_num no agent has`,
		`warning: user_password is empty in Agents!C2, so the resigned agent's old password still opens the account: type the new password there (a re-activation sends it) or change it in the portal`,
	}
	if d := cmp.Diff(wantNotes, st.Notes); d != "" {
		t.Errorf("notes (-want +got):\n%s", d)
	}
	if st.Reactivates == nil || st.Reactivates.PasswordSent || st.Reactivates.SkillGroupsKept {
		t.Errorf("reactivation: %+v", st.Reactivates)
	}
}

// TestE2E_reactivationSendsPassword: against the simulator, the tester's
// steps: agent 7012 created, fired with user_status 2, then given to a new
// hire. The users/edit body carries the new hire's password, and the
// fired person's no longer opens the account.
func TestE2E_reactivationSendsPassword(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var (
		mu    sync.Mutex
		edits []string
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if strings.HasSuffix(req.URL.Path, "/users/edit") {
			body, _ := io.ReadAll(req.Body)
			req.Body = io.NopCloser(bytes.NewReader(body))
			mu.Lock()
			edits = append(edits, string(body))
			mu.Unlock()
		}
		sim.ServeHTTP(w, req)
	}))
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", AppID: "sim-app", AppKey: "sim-key", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	be, err := importer.BackendFor(c)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	sales, err := c.Queues.Create(ctx, client.SkillGroupInput{QueName: "Sales", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	salesID := sales
	apply := func(rows ...[]any) *importer.Plan {
		t.Helper()
		r, probs, err := importer.ReadRoster(book(t, "Agents", append([][]any{newHireHeader}, rows...)))
		if err != nil || len(probs) > 0 {
			t.Fatal(err, lines(probs))
		}
		p, probs, err := importer.PlanRoster(ctx, be.Agents, r, importer.PlanOptions{})
		if err != nil || len(probs) > 0 {
			t.Fatal(err, lines(probs))
		}
		if res := importer.Apply(ctx, be.Agents, p, importer.ApplyOptions{}); importer.Failed(res) != 0 {
			t.Fatalf("apply: %+v", res)
		}
		return p
	}
	apply([]any{"7012", "Agent 7012", "Fired-Pw1", "a7012@example.com", "13900000099", "1", salesID})
	apply([]any{"7012", nil, nil, nil, nil, "2"})
	a, err := be.Agents.FindByNum(ctx, "7012")
	if err != nil || a == nil {
		t.Fatal(err)
	}
	mu.Lock()
	edits = nil
	mu.Unlock()

	p := apply(newHireRow("NewHire-Pw1"))
	if re := p.Steps[0].Reactivates; re == nil || re.UserID != a.UserID || len(re.SkillGroups) != 1 || re.SkillGroups[0].Name != "Sales" {
		t.Errorf("plan: %+v (notes %q)", re, p.Steps[0].Notes)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(edits) != 1 || !strings.Contains(edits[0], "user_password") || !strings.Contains(edits[0], "NewHire-Pw1") {
		t.Errorf("users/edit bodies: %q, want one with the new hire's password", edits)
	}
	if !sim.CheckAgentPassword(a.UserID, "NewHire-Pw1") || sim.CheckAgentPassword(a.UserID, "Fired-Pw1") {
		t.Errorf("after the re-activation the fired agent's password still opens the account")
	}
}

// TestPlan_reactivationWithoutColumns: a sheet without queue_ids or
// user_password columns says so, rather than naming a whole row as the
// empty cell.
func TestPlan_reactivationWithoutColumns(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	api.Seed(importer.Values{"user_num": "7012", "user_name": "Agent 7012", "user_status": "2", "queue_ids": "101"})
	r, probs, err := importer.ReadRoster(book(t, "Agents", [][]any{{"user_num", "user_name", "user_status"}, {"7012", "Tina Twelve", "on duty"}}))
	if err != nil || len(probs) > 0 {
		t.Fatal(err, lines(probs))
	}
	plan, _, err := importer.PlanRoster(context.Background(), api, r, importer.PlanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	wantNotes := []string{
		`re-activates resigned agent 1001 ("Agent 7012"), not a new agent: the platform keeps a resigned agent's number, so this row brings that account back, ` +
			`and its call history stays with it, as do its skill groups 101 (the sheet has no queue_ids column). For a new person with a record of their own, give the row a user_num no agent has`,
		`warning: the sheet has no user_password column, so the resigned agent's old password still opens the account: add the column with the new password (a re-activation sends it) or change it in the portal`,
	}
	if d := cmp.Diff(wantNotes, plan.Steps[0].Notes); d != "" {
		t.Errorf("notes (-want +got):\n%s", d)
	}
}

// TestPlan_resignedRowWithoutStatus: the new hire's row with user_status
// left empty edits the resigned account, which stays resigned, and drops
// the password: the plan showed the name's change alone. It says so. A
// row with status 3 re-activates the account frozen, and says that.
func TestPlan_resignedRowWithoutStatus(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	api.Seed(importer.Values{"user_num": "7012", "user_name": "Agent 7012", "user_status": "2"})
	api.Seed(importer.Values{"user_num": "7014", "user_name": "Agent 7014", "user_status": "2"})
	api.Seed(importer.Values{"user_num": "7015", "user_name": "Agent 7015", "user_status": "2"})
	noStatus := newHireRow("NewHire-Pw1")
	noStatus[5] = nil
	frozen := []any{"7014", "Agent 7014", "Pw-7014", nil, nil, "3", nil}
	untouched := []any{"7015", "Agent 7015", nil, nil, nil, nil, nil} // a fired agent kept in the sheet: no word
	path := book(t, "Agents", [][]any{newHireHeader, noStatus, frozen, untouched})
	r, probs, err := importer.ReadRoster(path)
	if err != nil || len(probs) > 0 {
		t.Fatal(err, lines(probs))
	}
	plan, _, err := importer.PlanRoster(context.Background(), api, r, importer.PlanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := `warning: agent 1001 ("Agent 7012") is resigned and user_status is empty in Agents!F2, so it stays resigned: ` +
		`the row's changes go to the resigned account and its user_password is not sent. To give the number to someone, set user_status to 1 ` +
		`(that re-activates the account, and sends the password)`
	if d := cmp.Diff([]string{want}, plan.Steps[0].Notes); d != "" || plan.Steps[0].Reactivates != nil {
		t.Errorf("row without user_status: notes (-want +got):\n%s", d)
	}
	if n := plan.Steps[1].Notes; len(n) == 0 || !strings.Contains(n[0], "so this row brings that account back, frozen (user_status 3), and its call history") {
		t.Errorf("row with user_status 3: notes %q", n)
	}
	if n := plan.Steps[2].Notes; len(n) != 0 {
		t.Errorf("a resigned agent's row that changes nothing: notes %q", n)
	}
}
