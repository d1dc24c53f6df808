package importer_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/xuri/excelize/v2"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

func book(t *testing.T, sheet string, rows [][]any) string {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	_ = f.SetSheetName("Sheet1", sheet)
	for i, r := range rows {
		ref, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow(sheet, ref, &r); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "in.xlsx")
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	return path
}

func lines(ps importer.Problems) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}

// TestRoster_validationMessages checks every sheet-level rule and the
// message a user reads, with its cell.
func TestRoster_validationMessages(t *testing.T) {
	t.Parallel()
	path := book(t, "Agents", [][]any{
		{"user_num", "user_name", "user_email", "user_sms_phone", "user_status", "max_sessions", "basic_sessions", "is_enable_outbound", "queue_ids", "user_type", "dept_id", "user_phone_type", "user_num2"},
		{"9001", "Ann", "ann@example.com", "13800000001", "1", 300, 1, "TRUE", "101", "1"},
		{"9002", "Bob", "x@", "13800000001", "4", 301, 0, "maybe", "1;a", "8", -3, "5"},
		{"", "Nameless"},
		{"9001", "Dup", "ANN@example.com"},
		{"9005", "Sci", nil, "1.38E+10", "frozen"},
		{"9006 x", "Blank"},
	})
	_, probs, err := importer.ReadRoster(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`Agents!M1: "user_num2" is not a column of the agent roster (known columns: ` + strings.Join(fieldNames(), ", ") + `)`,
	}
	if d := cmp.Diff(want, lines(probs)); d != "" {
		t.Fatalf("header problems (-want +got):\n%s", d)
	}

	// Without the unknown column, every cell rule.
	path = book(t, "Agents", [][]any{
		{"User Num", "user name", "USER_EMAIL", "user sms phone", "user_status", "max_sessions", "basic_sessions", "is_enable_outbound", "queue_ids", "user_type", "dept_id", "user_phone_type"},
		{"9001", "Ann", "ann@example.com", "13800000001", "1", 300, 1, "TRUE", "101", "1"},
		{"9002", "Bob", "x@", "13800000001", "4", 301, 0, "maybe", "1;a", "8", -3, "5"},
		{"", "Nameless"},
		{"9001", "Dup", "ANN@example.com"},
		{"9005", "Sci", nil, "1.38E+10", "frozen"},
		{"9006 x", "Blank"},
	})
	_, probs, err = importer.ReadRoster(path)
	if err != nil {
		t.Fatal(err)
	}
	want = []string{
		`Agents!C3: user_email "x@" is not an e-mail address`,
		`Agents!D3: user_sms_phone "13800000001" repeats row 2 (Agents!D2); user_sms_phone must be unique`,
		`Agents!E3: user_status "4" is not one of 1 (on duty), 2 (resigned), 3 (frozen)`,
		`Agents!F3: max_sessions "301" must be at most 300`,
		`Agents!G3: basic_sessions "0" must be at least 1`,
		`Agents!H3: is_enable_outbound "maybe" is not a boolean (TRUE/yes/是/1 or FALSE/no/否/0)`,
		`Agents!I3: queue_ids "1;a" is not a comma-separated list of ids ("a" is not an id)`,
		`Agents!J3: user_type "8" has "8", which is not one of 1 (call center), 2 (online chat), 3 (work order), 4 (management), 5 (voice assist), 6 (video service), 7 (text assist)`,
		`Agents!K3: dept_id "-3" must be at least 1`,
		`Agents!L3: user_phone_type "5" is not one of 3 (web phone off), 4 (web phone on)`,
		`Agents!A4: user_num is required: rows are matched to agents by it`,
		`Agents!A5: user_num "9001" repeats row 2 (Agents!A2); user_num must be unique`,
		`Agents!C5: user_email "ANN@example.com" repeats row 2 (Agents!C2); user_email must be unique`,
		`Agents!D6: user_sms_phone "1.38E+10" is in scientific notation and has lost digits; format the column as text and type the number again`,
		`Agents!A7: user_num "9006 x" must not contain blanks`,
	}
	if d := cmp.Diff(want, lines(probs)); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
}

func fieldNames() []string {
	var out []string
	for _, f := range importer.AgentFields {
		out = append(out, f.Name)
	}
	return out
}

func TestRoster_missingUserNumColumnAndEmptySheet(t *testing.T) {
	t.Parallel()
	_, probs, _ := importer.ReadRoster(book(t, "Agents", [][]any{{"user_name"}, {"Ann"}}))
	if d := cmp.Diff([]string{`Agents!A1:A1: has no user_num column; every row is matched by user_num`}, lines(probs)); d != "" {
		t.Error(d)
	}
	_, probs, _ = importer.ReadRoster(book(t, "Agents", nil))
	if d := cmp.Diff([]string{`Agents!A1: the sheet is empty: the first row must hold the column names (user_num, user_name, ...)`}, lines(probs)); d != "" {
		t.Error(d)
	}
	// A password problem never shows the password.
	_, probs, _ = importer.ReadRoster(book(t, "Agents", [][]any{{"user_num", "user_password"}, {"9001", "s3cret"}, {nil, "s3cret"}}))
	for _, l := range lines(probs) {
		if strings.Contains(l, "s3cret") {
			t.Errorf("password in problem: %s", l)
		}
	}
}

// TestPlan_rulesNeedingThePlatform: a new agent needs a name and password;
// a unique value kept by another agent and an unknown skill group are named.
func TestPlan_rulesNeedingThePlatform(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	api.Seed(importer.Values{"user_num": "8000", "user_name": "Old", "user_email": "old@example.com"})
	path := book(t, "Agents", [][]any{
		{"user_num", "user_name", "user_password", "user_email", "queue_ids"},
		{"9001", nil, nil, "old@example.com", "101,999"},
	})
	r, probs, err := importer.ReadRoster(path)
	if err != nil || len(probs) > 0 {
		t.Fatal(err, probs)
	}
	_, probs, err = importer.PlanRoster(context.Background(), api, r, importer.PlanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`Agents!B2: user_name is required: agent 9001 does not exist yet and will be created`,
		`Agents!C2: user_password is required: agent 9001 does not exist yet and will be created`,
		`Agents!D2: user_email "old@example.com" already belongs to agent 8000, which keeps it; user_email must be unique`,
		`Agents!E2: queue_ids "101,999" refers to skill group 999, which does not exist`,
	}
	if d := cmp.Diff(want, lines(probs)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if api.Writes != 0 {
		t.Errorf("plan wrote %d times", api.Writes)
	}
}

// TestPlan_listReadAsOneNumber: "101,102" typed into a number cell is kept
// by the spreadsheet (LibreOffice in English, Excel alike) as the number
// 101102, the comma read as a thousands separator. The unknown group is
// named with a hint when the digits split that way name known groups.
func TestPlan_listReadAsOneNumber(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	path := book(t, "Agents", [][]any{
		{"user_num", "user_name", "user_password", "queue_ids"},
		{"9001", "Ann", "S3cret-pass", 101102},
		{"9002", "Bob", "S3cret-pass", 101999},
	})
	r, probs, err := importer.ReadRoster(path)
	if err != nil || len(probs) > 0 {
		t.Fatal(err, probs)
	}
	_, probs, err = importer.PlanRoster(context.Background(), api, r, importer.PlanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`Agents!D2: queue_ids "101102" refers to skill group 101102, which does not exist (typed as 101,102? A spreadsheet reads a comma between digits ` +
			`as a thousands separator and keeps the number 101102: format the column as text and type the list again)`,
		`Agents!D3: queue_ids "101999" refers to skill group 101999, which does not exist`,
	}
	if d := cmp.Diff(want, lines(probs)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// TestRoster_samePhoneWrittenOtherwise: user_sms_phone is unique; typed
// as 13800138050 in one row and +86 138 0013 8050 in another, it is one
// phone (the recipient reader takes them for one number too). Both rows
// were accepted; the second is now refused as a repeat, and a platform
// agent's phone written otherwise is named as taken.
func TestRoster_samePhoneWrittenOtherwise(t *testing.T) {
	t.Parallel()
	path := book(t, "Agents", [][]any{
		{"user_num", "user_name", "user_password", "user_sms_phone"},
		{"9001", "Ann", "S3cret-pass", "13800138050"},
		{"9002", "Bob", "S3cret-pass", "+86 138 0013 8050"},
		{"9003", "Cy", "S3cret-pass", "8613800138051"},
	})
	r, probs, err := importer.ReadRoster(path)
	want := []string{`Agents!D3: user_sms_phone "+8613800138050" repeats row 2 (Agents!D2); user_sms_phone must be unique`}
	if err != nil || !cmp.Equal(want, lines(probs)) {
		t.Fatalf("read: %v\n%s", err, cmp.Diff(want, lines(probs)))
	}
	api := importertest.NewAgents()
	api.Seed(importer.Values{"user_num": "8000", "user_name": "Old", "user_sms_phone": "13800138051"})
	r.Rows = r.Rows[1:] // without the repeat
	_, probs, err = importer.PlanRoster(context.Background(), api, r, importer.PlanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want = []string{`Agents!D4: user_sms_phone "8613800138051" already belongs to agent 8000, which keeps it; user_sms_phone must be unique`}
	if d := cmp.Diff(want, lines(probs)); d != "" {
		t.Errorf("plan (-want +got):\n%s", d)
	}
}

// TestPlan_leadingZerosDropped: a user_num column not formatted as text
// keeps 07005 as the number 7005. The row read as a new agent: with
// --prune=delete the apply deleted agent 07005 (its history with it) and
// created 7005. It is now refused, naming the agent, and nothing is
// written. An agent whose number is in the sheet as written is not
// affected.
func TestPlan_leadingZerosDropped(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	api.Seed(importer.Values{"user_num": "07005", "user_name": "Eve"})
	api.Seed(importer.Values{"user_num": "07006", "user_name": "Fay"})
	path := book(t, "Agents", [][]any{
		{"user_num", "user_name", "user_password"},
		{7005, "Eve", "S3cret-pass"},
		{"07006", "Fay", nil},
		{"6", "Six", "S3cret-pass"}, // 07006 is in the sheet: a new agent 6 is not a dropped zero
	})
	r, probs, err := importer.ReadRoster(path)
	if err != nil || len(probs) > 0 {
		t.Fatal(err, probs)
	}
	for _, prune := range []string{importer.PruneNone, importer.PruneDelete} {
		_, probs, err = importer.PlanRoster(context.Background(), api, r, importer.PlanOptions{Prune: prune})
		if err != nil {
			t.Fatal(err)
		}
		want := []string{`Agents!A2: user_num "7005" is agent 07005's number without its leading zeros, and 07005 is not in the sheet: ` +
			`a spreadsheet drops leading zeros from a number, and the row would create a second agent (and --prune would remove 07005). ` +
			`Format the column as text and write 07005; a new agent cannot take a number that differs from an existing one only by leading zeros`}
		if d := cmp.Diff(want, lines(probs)); d != "" {
			t.Errorf("prune %s (-want +got):\n%s", prune, d)
		}
	}
	if api.Writes != 0 {
		t.Errorf("plan wrote %d times", api.Writes)
	}
}

// TestPlan_queueIDsByNameOrNumber: a skill group written by its name
// ("Sales") read `"Sales" is not an id`, and by its number (que_num 7001)
// "refers to skill group 7001, which does not exist", while the platform
// lists the groups. Both now say which group is meant and its id.
func TestPlan_queueIDsByNameOrNumber(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	api.Groups = []importer.SkillGroup{{ID: 101, Name: "Support", Num: "7000"}, {ID: 102, Name: "Sales", Num: "7001"}}
	path := book(t, "Agents", [][]any{
		{"user_num", "user_name", "user_password", "queue_ids"},
		{"9001", "Ann", "S3cret-pass", "Sales"},
		{"9002", "Bob", "S3cret-pass", "101, sales;Nope"},
	})
	_, probs, err := importer.ReadRoster(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`Agents!D2: queue_ids "Sales" is not a comma-separated list of ids ("Sales" is not an id); "Sales" is the name of skill group 102: write its id, 102`,
		`Agents!D3: queue_ids "101, sales;Nope" is not a comma-separated list of ids ("sales" is not an id); "sales" is the name of skill group 102: write its id, 102`,
	}
	if d := cmp.Diff(want, lines(importer.NameSkillGroups(context.Background(), api, probs))); d != "" {
		t.Errorf("read (-want +got):\n%s", d)
	}

	path = book(t, "Agents", [][]any{
		{"user_num", "user_name", "user_password", "queue_ids"},
		{"9001", "Ann", "S3cret-pass", 7001},
		{"9002", "Bob", "S3cret-pass", "101,7000"},
	})
	r, probs, err := importer.ReadRoster(path)
	if err != nil || len(probs) > 0 {
		t.Fatal(err, probs)
	}
	_, probs, err = importer.PlanRoster(context.Background(), api, r, importer.PlanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want = []string{
		`Agents!D2: queue_ids "7001" has 7001, which is the number (que_num) of skill group 102 (Sales), not its id; queue_ids takes ids: write 102`,
		`Agents!D3: queue_ids "101,7000" has 7000, which is the number (que_num) of skill group 101 (Support), not its id; queue_ids takes ids: write 101`,
	}
	if d := cmp.Diff(want, lines(probs)); d != "" {
		t.Errorf("plan (-want +got):\n%s", d)
	}
}

// TestPlan_emailCaseOnly: an e-mail address in the sheet that differs from
// the platform's only in case is the same address: the plan leaves the
// agent unchanged, with no update to write.
func TestPlan_emailCaseOnly(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	api.Seed(importer.Values{"user_num": "9001", "user_name": "Ann", "user_email": "ann.lee@EXAMPLE.com"})
	path := book(t, "Agents", [][]any{
		{"user_num", "user_name", "user_email"},
		{"9001", "Ann", "Ann.Lee@example.com"},
	})
	r, probs, err := importer.ReadRoster(path)
	if err != nil || len(probs) > 0 {
		t.Fatal(err, lines(probs))
	}
	plan, probs, err := importer.PlanRoster(context.Background(), api, r, importer.PlanOptions{})
	if err != nil || len(probs) > 0 {
		t.Fatal(err, lines(probs))
	}
	if got := plan.Summary(); got != "0 to create, 0 to update, 1 unchanged" {
		t.Errorf("plan: %s (steps %+v), want the agent unchanged", got, plan.Steps)
	}
}

// TestPlan_summaryPruneResign: with --prune=resign an agent not in the
// sheet and already resigned is left as it is, and the summary says so
// apart from the sheet's unchanged rows (a survivor of mutation testing
// counted it among them).
func TestPlan_summaryPruneResign(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	api.Seed(importer.Values{"user_num": "9001", "user_name": "Ann"})
	api.Seed(importer.Values{"user_num": "9002", "user_name": "Bo", "user_status": "2"})
	api.Seed(importer.Values{"user_num": "9003", "user_name": "Cy"})
	path := book(t, "Agents", [][]any{
		{"user_num", "user_name"},
		{"9001", "Ann"},
	})
	r, probs, err := importer.ReadRoster(path)
	if err != nil || len(probs) > 0 {
		t.Fatal(err, lines(probs))
	}
	plan, probs, err := importer.PlanRoster(context.Background(), api, r, importer.PlanOptions{Prune: importer.PruneResign})
	if err != nil || len(probs) > 0 {
		t.Fatal(err, lines(probs))
	}
	if got, want := plan.Summary(), "0 to create, 0 to update, 1 unchanged, 1 to resign, 1 not in the sheet already resigned"; got != want {
		t.Errorf("plan: %s (steps %+v), want %s", got, plan.Steps, want)
	}
}
