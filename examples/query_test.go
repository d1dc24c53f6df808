package examples

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccQuery_generateConfig adopts a contact center built by hand, the
// way the guide "Adopt an existing contact center" shows with `terraform
// query`: objects are made through the API (not through the provider), a
// .tfquery.hcl file has a list block for the type (include_resource, the
// filters of the list endpoint), `terraform query -generate-config-out`
// writes resource and import blocks, and that configuration validates,
// plans "N to import, 0 to add, 0 to change, 0 to destroy", applies, and
// plans nothing after. One subtest per type, each on its own simulator.
//
// Every list resource the provider registers needs a fixture below; a
// fixture whose type has no list resource yet is skipped, saying so.
func TestAccQuery_generateConfig(t *testing.T) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1 to adopt objects with `terraform query -generate-config-out`")
	}
	tf := setupTerraform(t)
	if !tf.actions { // the same version line: Terraform 1.14 has both
		t.Skip("`terraform query` needs Terraform 1.14 or later: point TF_ACC_TERRAFORM_PATH at one")
	}
	registered := listResourceTypes(t)
	for _, typ := range registered {
		if _, ok := adoptFixtures[typ]; !ok {
			t.Errorf("list resource %s has no fixture in adoptFixtures", typ)
		}
	}
	for _, typ := range slices.Sorted(func(yield func(string) bool) {
		for typ := range adoptFixtures {
			if !yield(typ) {
				return
			}
		}
	}) {
		fx := adoptFixtures[typ]
		t.Run(strings.TrimPrefix(typ, "contactcenter_"), func(t *testing.T) {
			t.Parallel()
			if !slices.Contains(registered, typ) {
				t.Skipf("%s has no list resource registered yet (provider/registry.go listResourceList)", typ)
			}
			env := acctest.New(t, simulatorAsRun)
			want := fx.build(t, env)
			ex := newExample(t, tf, env)
			query := fmt.Sprintf("list %q \"found\" {\n  provider         = contactcenter\n  include_resource = true\n\n  config {\n%s  }\n}\n", typ, fx.filters)
			ex.write(t, "main.tf", "terraform {\n  required_providers {\n    contactcenter = { source = \"contactcenter/contactcenter\" }\n  }\n}\n"+env.ProviderConfig())
			ex.write(t, "adopt.tfquery.hcl", query)
			ex.run(t, 1, "init", 0, "init")

			ex.run(t, 1, "query", 0, "query", "-generate-config-out=generated.tf")
			gen, err := os.ReadFile(filepath.Join(ex.dir, "generated.tf"))
			if err != nil {
				t.Fatalf("terraform query wrote no configuration: %v", err)
			}
			if n := strings.Count(string(gen), "\nimport {"); n != want {
				t.Errorf("generated %d import blocks, want %d (the objects the filters select):\n%s", n, want, gen)
			}
			if nulls := paddingNulls(string(gen)); len(nulls) > 0 {
				t.Errorf("generated configuration pads with null attributes (%d lines): %q\n%s", len(nulls), nulls, gen)
			}
			if out, code := ex.exec(t, "validate"); code != 0 {
				t.Fatalf("the generated configuration does not validate:\n%s\n%s", out, gen)
			}
			out, code := ex.exec(t, "plan")
			wantPlan := fmt.Sprintf("Plan: %d to import, 0 to add, 0 to change, 0 to destroy.", want)
			if code != 0 || !strings.Contains(string(out), wantPlan) {
				t.Fatalf("plan of the generated configuration: want %q:\n%s\n%s", wantPlan, out, gen)
			}
			ex.run(t, 1, "apply the imports", 0, "apply", "-auto-approve")
			ex.run(t, 1, "plan after the imports must be empty", 0, "plan", "-detailed-exitcode")
		})
	}
}

// TestListResources_optionalAttributesComputed checks, on any Terraform,
// what makes the generated configuration of the test above free of
// `x = null` lines: Terraform writes every null attribute that is optional
// and not computed, so a resource with a list resource wraps its schema's
// attributes in framework.OmitNulls (or gives each a default).
func TestListResources_optionalAttributesComputed(t *testing.T) {
	srv := acctest.New(t).Server(t)
	s, err := srv.GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var walk func(typ, prefix string, attrs []*tfprotov6.SchemaAttribute)
	walk = func(typ, prefix string, attrs []*tfprotov6.SchemaAttribute) {
		for _, a := range attrs {
			if a.Optional && !a.Computed && !a.WriteOnly {
				t.Errorf("%s: %s%s is optional and not computed: -generate-config-out writes it as `= null` whenever it is null "+
					"(wrap the resource's attributes in framework.OmitNulls)", typ, prefix, a.Name)
			}
			if a.NestedType != nil {
				walk(typ, prefix+a.Name+".", a.NestedType.Attributes)
			}
		}
	}
	for _, typ := range listResourceTypes(t) {
		walk(typ, "", s.ResourceSchemas[typ].Block.Attributes)
	}
}

// paddingNulls are the null attributes of generated configuration that the
// provider could have left out. Terraform writes write-only attributes
// (named *_wo, DESIGN §5) as null whatever the schema says, and they cannot
// be computed; such a line is harmless (nothing is stored or sent).
func paddingNulls(gen string) []string {
	var out []string
	for _, l := range nullLines.FindAllString(gen, -1) {
		if name := strings.Fields(l)[0]; !strings.HasSuffix(name, "_wo") {
			out = append(out, l)
		}
	}
	return out
}

// nullLines are attributes the generated configuration sets to null.
var nullLines = regexp.MustCompile(`(?m)^\s*[a-z_0-9]+\s*=\s*null\b.*$`)

func (ex *example) write(t *testing.T, name, content string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(ex.dir, name), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// listResourceTypes are the list resources the provider serves.
func listResourceTypes(t *testing.T) []string {
	t.Helper()
	srv := acctest.New(t).Server(t)
	s, err := srv.GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for typ := range s.ListResourceSchemas {
		types = append(types, typ)
	}
	slices.Sort(types)
	return types
}

// adoptFixture makes objects of one type through the API, as people do in
// the portal, and says how many the list block's filters select.
type adoptFixture struct {
	// filters is the body of the list block's config block. Types whose
	// list resource is not written yet list everything (no filter names
	// are assumed).
	filters string
	build   func(t *testing.T, env *acctest.Env) int
}

var adoptFixtures = map[string]adoptFixture{
	"contactcenter_agent": {build: func(t *testing.T, env *acctest.Env) int {
		c := env.Client(t)
		mustAgent(t, c, client.AgentInput{UserNum: new("8001"), UserName: new("Ann")})
		// An agent whose portal settings were customised.
		mustAgent(t, c, client.AgentInput{UserNum: new("8002"), UserName: new("Bob"), AgNickname: new("Bobby"),
			UserEmail: new("bob@example.com"), UserType: new("1,2"), UserStatus: new(int64(client.AgentStatusFrozen)),
			MaxSessions: new(int64(20)), BasicSessions: new(int64(3)), UserPhoneType: new(int64(4)), IsEnableOutbound: new(false),
			AgentObjects: client.AgentObjects{
				NoticeConfig: &client.NoticeConfig{Type: client.ConfigTypeCustom, IsEnableNotice: true, NoticeType: "browser",
					SystemNoticePosition: "topLeft", AutoCloseInterval: 9},
				WincallButtons: &client.WincallButtons{Type: client.ConfigTypeCustom, Buttons: client.WincallButtonSet{Consult: true, Transfer: true}},
				WaitTimeConfig: &client.WaitTimeConfig{Type: client.ConfigTypeCustom, NextWait: 15, IsEnableBusyCancelWait: true},
				UserCaller: &client.UserCaller{Type: client.ConfigTypeCustom, IsPhones: true, Phones: []client.FlexString{"02150001000"},
					Groups: []client.FlexString{}, GroupNames: []client.FlexString{}, Xtels: []client.FlexString{}},
			}})
		return 2
	}},
	"contactcenter_skill_group": {filters: "    keyword = \"Sales\"\n", build: func(t *testing.T, env *acctest.Env) int {
		c := env.Client(t)
		mustGroup(t, c, client.SkillGroupInput{QueName: "Sales North", QuePriority: 2})
		mustGroup(t, c, client.SkillGroupInput{QueName: "Sales South", QuePriority: 5, QueNum: new("Q200"), QueStrategy: new(int64(2)),
			RingTime: new(int64(25)), NoansAction: new("1"), AutoEvaluate: new(int64(0)), WaitAudio: new("-1")})
		mustGroup(t, c, client.SkillGroupInput{QueName: "Support"})
		return 2
	}},
	"contactcenter_skill_group_member": {filters: "    keyword = \"Sales\"\n", build: func(t *testing.T, env *acctest.Env) int {
		memberships(t, env)
		return 2 // the agents of the Sales groups
	}},
	// include_empty: the empty Sales group is adopted on purpose, so that
	// an empty membership goes through query, import and plan too.
	"contactcenter_skill_group_members": {filters: "    keyword       = \"Sales\"\n    include_empty = true\n", build: func(t *testing.T, env *acctest.Env) int {
		memberships(t, env)
		return 2 // the Sales groups, one of them empty
	}},
	"contactcenter_outbound_task": {filters: "    name = \"Campaign\"\n", build: func(t *testing.T, env *acctest.Env) int {
		c, ctx := env.Client(t), t.Context()
		que := mustGroup(t, c, client.SkillGroupInput{QueName: "Outbound"})
		ann := mustAgent(t, c, client.AgentInput{UserNum: new("8001"), UserName: new("Ann")})
		bob := mustAgent(t, c, client.AgentInput{UserNum: new("8002"), UserName: new("Bob")})
		if err := c.Queues.Assign(ctx, que, []client.AgentSkill{{AgID: ann, Skill: 1}, {AgID: bob, Skill: 2}}); err != nil {
			t.Fatal(err)
		}
		var hooks []client.FlexInt
		for _, name := range []string{"CRM", "Billing"} {
			w, err := c.Webhooks.Create(ctx, client.WebhookInput{Name: name, URL: "https://crm.example.com/" + name, Status: true})
			if err != nil {
				t.Fatal(err)
			}
			hooks = append(hooks, w.ID)
		}
		fi := func(v int64) *client.FlexInt { x := client.FlexInt(v); return &x }
		fs := func(v string) *client.FlexString { x := client.FlexString(v); return &x }
		predictive := client.Task{Name: "Campaign predictive", Type: client.FlexInt(client.TaskTypePredictive), Callers: []client.FlexString{"02150001000"},
			TransTo: fs(strconv.FormatInt(que, 10)),
			Config: &client.TaskConfig{CallRatioType: fi(1), MaxCallRatio: new(client.FlexFloat(2.5)), ManualCallRatio: new(client.FlexFloat(1.5)),
				Webhook: &client.TaskWebhook{Enable: new(client.FlexBool(true)), IDs: hooks}},
			AssignedUsers: []client.AssignedUser{{UserID: fi(ann), ConnLimit: fi(2)}, {UserNum: fs("8002")}},
			RecallStrategies: &client.RecallStrategies{Default: &client.RecallRule{Recall: fi(1), RecallMaxTimes: fi(2),
				RecallInterval: client.FlexIntList{5, 30}, RecallIntervalType: fi(1)}}}
		automatic := client.Task{Name: "Campaign automatic", Type: client.FlexInt(client.TaskTypeAutomatic), TransTo: fs("ivr_main"),
			Priority: fi(200), MaxConnSecs: fi(600),
			Worktime:    &client.Worktime{Working: client.FlexMap[[][]string]{"1": {{"09:00:00", "12:00:00"}, {"13:00:00", "18:00:00"}}}, Name: fs("office hours")},
			FilterRules: &client.FilterRules{Blacklist: new(client.FlexBool(true)), CallBlacklist: new(client.FlexBool(true))}}
		robot := client.Task{Name: "Campaign robot", Type: client.FlexInt(client.TaskTypeRobot), TransTo: fs("script-1"), EnableASR: new(client.FlexBool(true)),
			Config: &client.TaskConfig{TTS: &client.TaskTTS{Provider: fs("ali"), Name: fs("xiaoyun")}, NLPSilenceTime: fi(800),
				EnableScheduler: new(client.FlexBool(true)), AgentWaitTime: fi(5), QueID: fi(que), MaxCallRatio: new(client.FlexFloat(1.25))},
			AssignedUsers: []client.AssignedUser{{UserID: fi(ann)}, {UserID: fi(bob), ConnLimit: fi(1)}}}
		for _, task := range []client.Task{predictive, automatic, robot, {Name: "Other", Type: client.FlexInt(client.TaskTypeAutomatic)}} {
			id, err := c.Tasks.Create(ctx, task)
			if err != nil {
				t.Fatalf("task %s: %v", task.Name, err)
			}
			if task.Name == "Campaign robot" {
				if err := c.Tasks.SetStatus(ctx, id, client.TaskStatusOpen); err != nil {
					t.Fatal(err)
				}
			}
		}
		return 3
	}},
	"contactcenter_webhook": {filters: "    name = \"CRM\"\n", build: func(t *testing.T, env *acctest.Env) int {
		c := env.Client(t)
		for _, in := range []client.WebhookInput{
			{Name: "CRM calls", URL: "https://crm.example.com/calls", Status: true},
			{Name: "CRM audit", URL: "https://crm.example.com/audit", IsEncrypt: true, EventType: 2, DeptID: 1},
			{Name: "Billing", URL: "https://billing.example.com/h", Status: true},
		} {
			if _, err := c.Webhooks.Create(t.Context(), in); err != nil {
				t.Fatal(err)
			}
		}
		return 2
	}},
	"contactcenter_sms_signature": {build: func(t *testing.T, env *acctest.Env) int {
		smsSignature(t, env, "Acme", "", 1)
		smsSignature(t, env, "Acme Care", "customer care brand", 0)
		return 2
	}},
	"contactcenter_sms_template": {build: func(t *testing.T, env *acctest.Env) int {
		c, ctx := env.Client(t), t.Context()
		sig := smsSignature(t, env, "Acme", "", 1)
		if _, err := c.SMS.CreateTemplate(ctx, client.SMSTemplateInput{TemplateName: "Reminder draft",
			TemplateContents: "Dear ${name}, see you at ${time}.", SignID: sig, Action: client.TemplateActionDraft}); err != nil {
			t.Fatal(err)
		}
		tpl, err := c.SMS.CreateTemplate(ctx, client.SMSTemplateInput{TemplateName: "Reminder",
			TemplateContents: "Dear ${name}, your appointment is at ${time}.", SignID: sig})
		if err != nil {
			t.Fatal(err)
		}
		review(t, env, "sms_template", int64(tpl.ID), 1)
		return 2
	}},
	"contactcenter_sound": {build: func(t *testing.T, env *acctest.Env) int {
		c := env.Client(t)
		for _, in := range []client.SoundInput{
			{Name: "Hold music", SoundType: 1, FileName: "hold.wav", Content: []byte("RIFF\x24\x00\x00\x00WAVEfmt hold music")},
			{Name: "Welcome", SoundType: 3, Remark: "recorded in studio", FileName: "welcome.mp3", Content: []byte("ID3\x03\x00 mp3 welcome")},
		} {
			if _, _, err := c.Sounds.Upload(t.Context(), in); err != nil {
				t.Fatal(err)
			}
		}
		return 2
	}},
	"contactcenter_gateway_sms_signature": {build: func(t *testing.T, env *acctest.Env) int {
		gatewaySignature(t, env, "AcmeGW", "gateway brand", 1)
		gatewaySignature(t, env, "AcmeOps", "", 0)
		return 2
	}},
	"contactcenter_gateway_sms_template": {build: func(t *testing.T, env *acctest.Env) int {
		c, ctx := env.Client(t), t.Context()
		gatewaySignature(t, env, "AcmeGW", "", 1)
		id, err := c.Gateway.AddTemplate(ctx, client.GatewayTemplateInput{TplText: "Your code is ${code}", TplType: 1, TplTitle: "Login code",
			Remark: "login codes", SignText: "AcmeGW"})
		if err != nil {
			t.Fatal(err)
		}
		review(t, env, "gateway_template", id, 1)
		if _, err := c.Gateway.AddTemplate(ctx, client.GatewayTemplateInput{TplText: "Your parcel ${no} is on its way", TplType: 2, TplTitle: "Parcel"}); err != nil {
			t.Fatal(err)
		}
		return 2
	}},
}

func mustAgent(t *testing.T, c *client.Client, in client.AgentInput) int64 {
	t.Helper()
	in.UserPassword = new("S3cret-pass")
	a, err := c.Agents.Create(t.Context(), in)
	if err != nil {
		t.Fatalf("agent %s: %v", *in.UserNum, err)
	}
	return int64(a.UserID)
}

func mustGroup(t *testing.T, c *client.Client, in client.SkillGroupInput) int64 {
	t.Helper()
	id, err := c.Queues.Create(t.Context(), in)
	if err != nil {
		t.Fatalf("group %s: %v", in.QueName, err)
	}
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// memberships makes "Sales North" with two agents (skills 1 and 3), an
// empty "Sales South", and "Support" with one agent.
func memberships(t *testing.T, env *acctest.Env) {
	t.Helper()
	c, ctx := env.Client(t), t.Context()
	north := mustGroup(t, c, client.SkillGroupInput{QueName: "Sales North"})
	mustGroup(t, c, client.SkillGroupInput{QueName: "Sales South"})
	support := mustGroup(t, c, client.SkillGroupInput{QueName: "Support"})
	var ids []int64
	for _, num := range []string{"8001", "8002", "8003"} {
		ids = append(ids, mustAgent(t, c, client.AgentInput{UserNum: new(num), UserName: new("Agent " + num)}))
	}
	if err := c.Queues.Assign(ctx, north, []client.AgentSkill{{AgID: ids[0], Skill: 1}, {AgID: ids[1], Skill: 3}}); err != nil {
		t.Fatal(err)
	}
	if err := c.Queues.Assign(ctx, support, []client.AgentSkill{{AgID: ids[2], Skill: 2}}); err != nil {
		t.Fatal(err)
	}
}

// smsSignature makes a signature and gives it review state (0 leaves it in review).
func smsSignature(t *testing.T, env *acctest.Env, text, remark string, state int) int64 {
	t.Helper()
	s, err := env.Client(t).SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: text, Remark: remark})
	if err != nil {
		t.Fatal(err)
	}
	review(t, env, "sms_signature", int64(s.ID), state)
	return int64(s.ID)
}

func gatewaySignature(t *testing.T, env *acctest.Env, text, remark string, state int) {
	t.Helper()
	id, err := env.Client(t).Gateway.AddSignature(t.Context(), client.GatewaySignatureInput{SignText: text, Remark: remark})
	if err != nil {
		t.Fatal(err)
	}
	review(t, env, "gateway_signature", id, state)
}

// review approves (1) or rejects (2) an object as the platform's reviewers
// do; 0 leaves it in review.
func review(t *testing.T, env *acctest.Env, kind string, id int64, state int) {
	t.Helper()
	if state == 0 {
		return
	}
	if err := env.Sim.Review(kind, strconv.FormatInt(id, 10), state, ""); err != nil {
		t.Fatal(err)
	}
}
