package datasources_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// rewriteAnswers wraps the simulator: the answer to each request whose path
// ends in suffix has re replaced by repl (the platform answering a value the
// simulator does not produce).
func rewriteAnswers(suffix string, re *regexp.Regexp, repl string) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !strings.HasSuffix(r.URL.Path, suffix) {
				h.ServeHTTP(w, r)
				return
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, r)
			body := re.ReplaceAll(rec.Body.Bytes(), []byte(repl))
			for k, v := range rec.Header() {
				w.Header()[k] = v
			}
			w.Header().Del("Content-Length")
			w.WriteHeader(rec.Code)
			_, _ = w.Write(body)
		})
	}
}

// TestAgentsDataSource_roleAndPositionFilters: role_ids alone gives exactly
// the agents of those roles, position_ids alone exactly those of those
// positions.
func TestAgentsDataSource_roleAndPositionFilters(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	seed, _ := json.Marshal([]map[string]any{
		{"user_num": "7001", "user_name": "Role 77", "user_status": 1, "dept_id": 1, "user_type": "1", "role_id": 77, "position_id": 1},
		{"user_num": "7002", "user_name": "Role 5, position 5", "user_status": 1, "dept_id": 1, "user_type": "1", "role_id": 5, "position_id": 5},
		{"user_num": "7003", "user_name": "Position 5", "user_status": 1, "dept_id": 1, "user_type": "1", "role_id": 1, "position_id": 5},
	})
	if err := env.Sim.Seed(map[string]json.RawMessage{"agents": seed}); err != nil {
		t.Fatal(err)
	}
	srv := env.ActionServer(t)
	nums := func(config map[string]any) []string {
		t.Helper()
		state, d := acctest.ReadDataSource(t, srv, "contactcenter_agents", config)
		if state == nil {
			t.Fatalf("read %v: %v", config, d)
		}
		var out []string
		for _, a := range state["agents"].([]any) {
			out = append(out, fmt.Sprint(a.(map[string]any)["user_num"]))
		}
		slices.Sort(out)
		return out
	}
	if got := nums(map[string]any{"role_ids": []int{77}}); !slices.Equal(got, []string{"7001"}) {
		t.Errorf("role_ids = [77]: agents %q, want [7001]", got)
	}
	if got := nums(map[string]any{"position_ids": []int{5}}); !slices.Equal(got, []string{"7002", "7003"}) {
		t.Errorf("position_ids = [5]: agents %q, want [7002 7003]", got)
	}
}

// TestAgentsDataSource_queueNamesBlank: an agent whose queue_names the
// platform answers as white space has no skill-group names ([]), not one
// blank name.
func TestAgentsDataSource_queueNamesBlank(t *testing.T) {
	t.Parallel()
	env := acctest.NewWithHandler(t, rewriteAnswers("/users/list", regexp.MustCompile(`"queue_names":""`), `"queue_names":" "`))
	num, name, pw := "7101", "No group", "Passw0rd-x"
	if _, err := env.Client(t).Agents.Create(t.Context(), client.AgentInput{UserNum: &num, UserName: &name, UserPassword: &pw}); err != nil {
		t.Fatal(err)
	}
	state, d := acctest.ReadDataSource(t, env.ActionServer(t), "contactcenter_agents", map[string]any{"user_num": num})
	if state == nil {
		t.Fatalf("read: %v", d)
	}
	agents := state["agents"].([]any)
	if len(agents) != 1 {
		t.Fatalf("agents %v, want the one", agents)
	}
	if names := agents[0].(map[string]any)["queue_names"]; fmt.Sprint(names) != "[]" {
		t.Errorf("queue_names = %q, want []", names)
	}
}

// TestSMSRecordsDataSource_userDataNull: a record whose user_data the
// platform answers as JSON null reads user_data "", not "null".
func TestSMSRecordsDataSource_userDataNull(t *testing.T) {
	t.Parallel()
	env := acctest.NewWithHandler(t, rewriteAnswers("/sms/record/list", regexp.MustCompile(`"user_data":\{\}`), `"user_data":null`))
	c := env.Client(t)
	sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	tp, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: "Hi", TemplateContents: "Hi there", SignID: sg.ID.Int64()})
	if err != nil {
		t.Fatal(err)
	}
	if err := env.Sim.Review("sms_template", fmt.Sprint(tp.ID), 1, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := c.SMS.Send(t.Context(), client.SMSSendInput{Phone: "13800138000", Type: 1, TemplateID: fmt.Sprint(tp.ID)}); err != nil {
		t.Fatal(err)
	}
	// The wrapper did answer null (else the test would pin nothing).
	recs, err := client.Collect(c.SMS.ListRecords(t.Context(), client.SMSRecordFilter{}))
	if err != nil || len(recs) != 1 || !bytes.Equal(recs[0].UserData, []byte("null")) {
		t.Fatalf("records %+v (%v), want one with user_data null", recs, err)
	}
	state, d := acctest.ReadDataSource(t, env.ActionServer(t), "contactcenter_sms_records", map[string]any{})
	if state == nil {
		t.Fatalf("read: %v", d)
	}
	records := state["records"].([]any)
	if len(records) != 1 {
		t.Fatalf("records %v, want one", records)
	}
	if ud := records[0].(map[string]any)["user_data"]; ud != "" {
		t.Errorf("user_data = %q, want \"\" (the platform answered null)", ud)
	}
}

// TestAgentDataSources_queueNameWithComma: the platform joins an agent's
// skill-group names with commas (§2.6), and a group named "Sales, North"
// read as two names, "Sales" and " North": queue_names held one name more
// than queue_ids, every name after it paired with the wrong id. The names
// follow queue_ids, one each, in both data sources.
func TestAgentDataSources_queueNameWithComma(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	names := map[string]string{}
	var ids []int64
	for i, n := range []string{"Sales, North", "Support"} {
		id, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: n, QuePriority: int64(10 + i)})
		if err != nil {
			t.Fatal(err)
		}
		names[id] = n
		v, _ := strconv.ParseInt(id, 10, 64)
		ids = append(ids, v)
	}
	num, name, pw := "7102", "Two groups", "Passw0rd-x"
	if _, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: &num, UserName: &name, UserPassword: &pw, QueueIDs: &ids}); err != nil {
		t.Fatal(err)
	}
	srv := env.ActionServer(t)
	check := func(typ string, item map[string]any) {
		t.Helper()
		gotIDs, gotNames := item["queue_ids"].([]any), item["queue_names"].([]any)
		if len(gotIDs) != 2 || len(gotNames) != len(gotIDs) {
			t.Fatalf("%s: queue_ids %v, queue_names %q: want one name for each of the 2 groups", typ, gotIDs, gotNames)
		}
		for i, id := range gotIDs {
			if want := names[fmt.Sprint(id)]; gotNames[i] != want {
				t.Errorf("%s: queue_names[%d] = %q, want %q (the name of queue_ids[%d] = %v)", typ, i, gotNames[i], want, i, id)
			}
		}
	}
	state, d := acctest.ReadDataSource(t, srv, "contactcenter_agents", map[string]any{"user_num": num})
	if state == nil {
		t.Fatalf("read: %v", d)
	}
	check("contactcenter_agents", state["agents"].([]any)[0].(map[string]any))
	state, d = acctest.ReadDataSource(t, srv, "contactcenter_agent", map[string]any{"user_num": num})
	if state == nil {
		t.Fatalf("read: %v", d)
	}
	check("contactcenter_agent", state)
}

// TestAgentsDataSource_groupNamesReadOnce: agents whose group names hold a
// comma take the names from the groups themselves; the agents sharing
// those groups read them once for the data source, not once for each
// agent (the whole queue/list, each time).
func TestAgentsDataSource_groupNamesReadOnce(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	var ids []int64
	for i, n := range []string{"Sales, North", "Support"} {
		id, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: n, QuePriority: int64(10 + i)})
		if err != nil {
			t.Fatal(err)
		}
		v, _ := strconv.ParseInt(id, 10, 64)
		ids = append(ids, v)
	}
	for i := range 6 {
		num, name, pw := fmt.Sprint(7200+i), "Two groups", "Passw0rd-x"
		if _, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: &num, UserName: &name, UserPassword: &pw, QueueIDs: &ids}); err != nil {
			t.Fatal(err)
		}
	}
	srv := env.ActionServer(t)
	const list = "POST /portal/v2/svcapi/queue/list"
	before := env.Sim.Stats()[list]
	state, d := acctest.ReadDataSource(t, srv, "contactcenter_agents", map[string]any{})
	if state == nil {
		t.Fatalf("read: %v", d)
	}
	if got := len(state["agents"].([]any)); got != 6 {
		t.Fatalf("%d agents read, want 6", got)
	}
	if n := env.Sim.Stats()[list] - before; n != 1 {
		t.Errorf("the read of 6 agents in the groups \"Sales, North\" and \"Support\" called queue/list %d times, want once", n)
	}
}
