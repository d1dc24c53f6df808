package importer_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// TestExportRoster_sortedByUserNum: the platform lists agents by its internal
// user_id; the export orders them by user_num, numbers by value.
func TestExportRoster_sortedByUserNum(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	// Seeded (and so listed, by user_id) out of user_num order.
	for _, num := range []string{"9010", "8001", "9002", "10000", "0700", "ops-1", "9"} {
		api.Seed(importer.Values{"user_num": num, "user_name": "Agent " + num})
	}
	path := filepath.Join(t.TempDir(), "export.xlsx")
	n, _, err := importer.ExportRoster(context.Background(), api, path)
	if err != nil {
		t.Fatal(err)
	}
	if n != 7 {
		t.Errorf("exported %d agents, want 7", n)
	}
	r, probs, err := importer.ReadRoster(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(probs) > 0 {
		t.Fatalf("the export does not read back: %v", probs)
	}
	var got []string
	for _, row := range r.Rows {
		got = append(got, row.Get("user_num"))
	}
	want := []string{"9", "0700", "8001", "9002", "9010", "10000", "ops-1"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("export row order (-want +got):\n%s", d)
	}
}

// TestExportRoster_valuesTheRosterRefuses: an agent the portal made with
// dept_id 0 and basic_sessions 0 (the API's add and edit take 1 at least)
// was exported as it is, and plan refused the exported roster ("Agents!I2:
// dept_id "0" must be at least 1"). Such cells are left empty, which keeps
// the platform's value, and said; the roster reads back and plans no
// change.
func TestExportRoster_valuesTheRosterRefuses(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	api.Seed(importer.Values{"user_num": "8008", "user_name": "Hank", "dept_id": "0", "basic_sessions": "0"})
	api.Seed(importer.Values{"user_num": "8009", "user_name": "Ivy", "dept_id": "2"})
	api.Seed(importer.Values{"user_num": "1E5", "user_name": "Sci"}) // kept: it names the row
	path := filepath.Join(t.TempDir(), "export.xlsx")
	n, notes, err := importer.ExportRoster(context.Background(), api, path)
	if err != nil || n != 3 {
		t.Fatal(n, err)
	}
	want := []string{
		`Agents!I2 left empty: agent 8008 holds dept_id "0", which must be at least 1 in a roster; an empty cell keeps the platform's value`,
		`Agents!X2 left empty: agent 8008 holds basic_sessions "0", which must be at least 1 in a roster; an empty cell keeps the platform's value`,
	}
	r, probs, err := importer.ReadRoster(path)
	if err != nil {
		t.Fatal(err)
	}
	// The row of user_num "1E5" is written with its number, which plan
	// refuses naming the rule (left empty, the row would name no agent).
	if len(probs) != 1 || !strings.Contains(probs[0].String(), "1E5") {
		t.Fatalf("reading the export back: %v; want one problem, naming 1E5", probs)
	}
	r.Rows = slices.DeleteFunc(r.Rows, func(row importer.AgentRow) bool { return row.Get("user_num") == "" || row.Get("user_num") == "1E5" })
	plan, probs, err := importer.PlanRoster(context.Background(), api, r, importer.PlanOptions{})
	if err != nil || len(probs) > 0 || plan.Writes() != 0 {
		t.Errorf("plan of the export: %v %v, %d writes; want none", err, probs, plan.Writes())
	}
	for i := range want {
		// The columns' letters come from the layout: compare past them.
		if i >= len(notes) || notes[i][len("Agents!"):] == "" || !cmp.Equal(notes[i][strings.Index(notes[i], " "):], want[i][strings.Index(want[i], " "):]) {
			t.Errorf("notes %q, want %q", notes, want)
			break
		}
	}
	if r.Rows[1].Get("dept_id") != "2" {
		t.Errorf("a valid dept_id was left out: %q", r.Rows[1].Get("dept_id"))
	}
}

// TestExportRoster_valuesTheRosterReadsOtherwise: a value the portal keeps
// in a form the roster reads as another value (a phone number with blanks,
// dashes or brackets, a name or crm_id with a blank at an end) was exported
// as it is, and plan of the untouched export proposed to change the agent
// ("user_sms_phone: "138 0013 8000" → "13800138000""), which an apply of
// the roster then wrote. Such cells are left empty, which keeps the
// platform's value, and said.
func TestExportRoster_valuesTheRosterReadsOtherwise(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	api.Seed(importer.Values{"user_num": "8010", "user_name": " Padded ", "crm_id": " c1", "user_sms_phone": "138 0013 8000", "fixed_phone": "(010) 8888-1234"})
	api.Seed(importer.Values{"user_num": "8011", "user_name": "Ivy", "user_sms_phone": "13800138001", "user_email": "Ivy@Example.com", "user_type": "2,1"})
	path := filepath.Join(t.TempDir(), "export.xlsx")
	n, notes, err := importer.ExportRoster(context.Background(), api, path)
	if err != nil || n != 2 {
		t.Fatal(n, err)
	}
	r, probs, err := importer.ReadRoster(path)
	if err != nil || len(probs) > 0 {
		t.Fatal(probs, err)
	}
	plan, probs, err := importer.PlanRoster(context.Background(), api, r, importer.PlanOptions{})
	if err != nil || len(probs) > 0 || plan.Writes() != 0 {
		t.Errorf("plan of the export: %v %v, %d writes; want none", err, probs, plan.Writes())
	}
	want := []string{
		`left empty: agent 8010 holds user_name " Padded ", which a roster reads as "Padded" (plan would change the agent to that); an empty cell keeps the platform's value`,
		`left empty: agent 8010 holds user_sms_phone "138 0013 8000", which a roster reads as "13800138000" (plan would change the agent to that); an empty cell keeps the platform's value`,
		`left empty: agent 8010 holds fixed_phone "(010) 8888-1234", which a roster reads as "01088881234" (plan would change the agent to that); an empty cell keeps the platform's value`,
		`left empty: agent 8010 holds crm_id " c1", which a roster reads as "c1" (plan would change the agent to that); an empty cell keeps the platform's value`,
	}
	var got []string
	for _, n := range notes {
		got = append(got, n[strings.Index(n, " ")+1:])
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("notes (-want +got):\n%s", d)
	}
	if r.Rows[1].Get("user_sms_phone") != "13800138001" {
		t.Errorf("a phone number read as it is was left out: %q", r.Rows[1].Get("user_sms_phone"))
	}
	// Values plan takes for the platform's (an e-mail in another case, a
	// list in another order) are written, not left empty.
	if r.Rows[1].Get("user_email") == "" || r.Rows[1].Get("user_type") == "" {
		t.Errorf("user_email %q, user_type %q: values plan takes for the same were left out", r.Rows[1].Get("user_email"), r.Rows[1].Get("user_type"))
	}
}
