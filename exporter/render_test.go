package exporter

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

func fi(v int64) *client.FlexInt     { x := client.FlexInt(v); return &x }
func ff(v float64) *client.FlexFloat { x := client.FlexFloat(v); return &x }
func fb(v bool) *client.FlexBool     { x := client.FlexBool(v); return &x }
func fs(v string) *client.FlexString { x := client.FlexString(v); return &x }

// testInventory has one object of each kind that others refer to, and a
// task referring to agents (by id, by number, and one that does not
// exist), webhooks and a group.
func testInventory() *inventory {
	cfg := &client.AgentConfig{UserPhoneType: new(client.FlexInt(3)), UserLoginState: new(client.FlexInt(1)), UserAutoLogin: new(client.FlexInt(1)), IsEnableOutbound: new(client.FlexBool(true)), UserOutcallPopup: new(client.FlexInt(1)),
		IsEnableMFA: new(client.FlexInt(2)), IsEnableUpdateCapcity: new(client.FlexInt(1)), AgentObjects: client.DefaultAgentObjects()}
	cfg.WincallTransferQueues = &client.WincallTransferQueues{Type: 1, TransferQueues: []client.FlexInt{12, 77}}
	return &inventory{
		agents: []client.Agent{
			{UserID: 1001, UserNum: "8001", UserName: "Ann", Config: cfg},
			{UserID: 1002, UserNum: "8002", UserName: "Bob"},
		},
		groups:   []client.SkillGroup{{ID: "12", QueName: "Sales", QuePriority: 1, WaitAudio: "500", AutoEvaluate: 1}},
		members:  map[string][]client.GroupAgent{"12": {{AgID: 1001, Skill: 2}, {AgID: 1002, Skill: 1}}},
		webhooks: []client.Webhook{{ID: 7, Name: "CRM", URL: "https://crm.example.com/h", Status: true}},
		tasks: []client.Task{{ID: 700, Name: "Renewals", Type: 1, TransTo: fs("12"), Status: fi(1), Priority: fi(100),
			MaxConnSecs: fi(300), TimeoutSecs: fi(30), MaxQueueSecs: fi(0),
			Config: &client.TaskConfig{CallRatioType: fi(0), MaxCallRatio: ff(2.5), InitCallRatio: ff(1),
				Webhook: &client.TaskWebhook{Enable: fb(true), IDs: []client.FlexInt{7}}},
			AssignedUsers: []client.AssignedUser{{UserID: fi(1001), ConnLimit: fi(0)}, {UserNum: fs("8002"), ConnLimit: fi(3)}, {UserID: fi(999), ConnLimit: fi(0)}},
		}},
		signatures: []client.SMSSignature{{ID: 3, SignText: "Acme"}},
		templates:  []client.SMSTemplate{{ID: 40, TplTitle: "Reminder", TplText: "Hi ${name}", NewSignID: 3, State: -1}},
		sounds:     []soundFile{{Sound: client.Sound{ID: "500", Name: "Hold music", SoundType: 1}, content: []byte("RIFF\x00\x00\x00\x00WAVE")}},
		gwSigs:     []client.GatewaySignature{{ID: 5, Text: "AcmeGW"}},
		gwTpls:     []client.GatewayTemplate{{ID: 9, TplTitle: "Code", TplText: "Code ${code}", TplType: 1, SignText: "AcmeGW"}},
	}
}

func renderFile(t *testing.T, m *module, name string) string {
	t.Helper()
	files, err := m.files()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.name == name {
			return string(f.content)
		}
	}
	t.Fatalf("no %s among %d files", name, len(files))
	return ""
}

func TestRender_referencesResolved(t *testing.T) {
	m := render(testInventory(), Options{Kinds: AllKinds, Membership: MembershipAuthoritative})
	want := `# 1 contactcenter_outbound_task resource(s), written by ` + "`ccsync export terraform`" + `.

resource "contactcenter_outbound_task" "renewals" {
  name     = "Renewals"
  type     = 1
  trans_to = contactcenter_skill_group.sales.id
  status   = "open"
  config = {
    webhook = {
      enable = true
      ids    = [contactcenter_webhook.crm.id]
    }
    call_ratio_type = 0
    max_call_ratio  = 2.5
  }
  # assigned_users[2].user_id names agent 999, which is not on the platform: the platform refuses every edit of this task while it does; remove the element from assigned_users (the apply then writes the task without it) or name an agent that exists.
  assigned_users = [
    {
      user_id = contactcenter_agent.agent_8001.id
    },
    {
      user_num   = contactcenter_agent.agent_8002.user_num
      conn_limit = 3
    },
    {
      user_id = 999
    },
  ]
}
`
	if d := cmp.Diff(want, renderFile(t, m, "outbound_tasks.tf")); d != "" {
		t.Errorf("outbound_tasks.tf (-want +got):\n%s", d)
	}
	for file, wants := range map[string][]string{
		"agents.tf":                {"transfer_queues = [contactcenter_skill_group.sales.id, 77]", "# 77 kept literal: no skill group 77 exists on the platform."},
		"skill_groups.tf":          {"wait_audio   = contactcenter_sound.hold_music.id"},
		"skill_group_members.tf":   {"que_id = contactcenter_skill_group.sales.id", "agent_id = contactcenter_agent.agent_8001.id\n      skill    = 2"},
		"sms_templates.tf":         {"sign_id           = contactcenter_sms_signature.acme.id", "submit_for_review = false", `template_contents = "Hi $${name}"`},
		"gateway_sms_templates.tf": {"sign_text = contactcenter_gateway_sms_signature.acmegw.sign_text", `tpl_text  = "Code $${code}"`},
		"sounds.tf":                {`source      = "sounds/hold_music.wav"`, `source_hash = filesha256("sounds/hold_music.wav")`},
		"imports.tf": {"to = contactcenter_skill_group_members.sales\n  id = \"que_name:Sales\"", "to = contactcenter_agent.agent_8001\n  id = \"user_num:8001\"",
			// The voice file is imported with its local copy, so the import plans no change.
			"to = contactcenter_sound.hold_music\n  id = \"500,sounds/hold_music.wav\"",
			// A block kept after the apply fails every plan once its
			// resource is taken out: the header says to delete the file.
			"they are no longer needed: delete this file then.", "fails\n# every plan (\"Resource has no configuration\")"},
		"versions.tf": {`required_version = ">= 1.11.0"`},
	} {
		got := renderFile(t, m, file)
		for _, w := range wants {
			if !strings.Contains(got, w) {
				t.Errorf("%s lacks %q:\n%s", file, w, got)
			}
		}
	}
	if d := cmp.Diff([]string{
		"contactcenter_agent.agent_8001: wincall_transfer_queues.transfer_queues 77: no skill group 77 exists on the platform",
		"contactcenter_outbound_task.renewals: assigned_users[2].user_id 999: no agent with user_id 999 exists on the platform",
	}, m.literal); d != "" {
		t.Errorf("literal ids (-want +got):\n%s", d)
	}
}

// TestRender_kindsLeftOut: references to kinds not exported stay literal
// and say why.
func TestRender_kindsLeftOut(t *testing.T) {
	m := render(testInventory(), Options{Kinds: []Kind{KindOutboundTasks, KindSMSTemplates, KindSkillGroupMembers}, Membership: MembershipMember})
	tasks := renderFile(t, m, "outbound_tasks.tf")
	for _, w := range []string{
		`trans_to = "12"`, "ids = [7]", "user_id = 1001", `user_num   = "8002"`,
		"# 12 kept literal: skill groups are not part of this export (--kinds).",
		// Above the line that holds the id, inside config, not above config.
		"# 7 kept literal: webhooks are not part of this export (--kinds).\n      ids = [7]",
		"# 1001 kept literal: agents are not part of this export (--kinds).",
	} {
		if !strings.Contains(tasks, w) {
			t.Errorf("outbound_tasks.tf lacks %q:\n%s", w, tasks)
		}
	}
	members := renderFile(t, m, "skill_group_members.tf")
	for _, w := range []string{`resource "contactcenter_skill_group_member" "sales_agent_1001"`, `que_id = "12"`, "agent_id = \"1001\"\n  skill    = 2",
		"# 1001 kept literal: agents are not part of this export (--kinds)."} {
		if !strings.Contains(members, w) {
			t.Errorf("skill_group_members.tf lacks %q:\n%s", w, members)
		}
	}
	if got := renderFile(t, m, "sms_templates.tf"); !strings.Contains(got, "sign_id = 3") && !strings.Contains(got, "sign_id           = 3") {
		t.Errorf("sms_templates.tf:\n%s", got)
	}
	if m.counts[KindAgents] != 0 || m.counts[KindSkillGroupMembers] != 2 {
		t.Errorf("counts %v", m.counts)
	}
}

// TestRender_memberNamesUnique: group and agent names joined can meet
// ("a" + "ab_c" and "a_ab" + "c"); every member resource still gets its
// own name, so the module is valid.
func TestRender_memberNamesUnique(t *testing.T) {
	inv := &inventory{
		agents:  []client.Agent{{UserID: 1001, UserNum: "ab_c", UserName: "Ann"}, {UserID: 1002, UserNum: "c", UserName: "Bob"}},
		groups:  []client.SkillGroup{{ID: "107", QueName: "a"}, {ID: "108", QueName: "a ab"}},
		members: map[string][]client.GroupAgent{"107": {{AgID: 1001, Skill: 1}}, "108": {{AgID: 1002, Skill: 1}}},
	}
	m := render(inv, Options{Kinds: AllKinds, Membership: MembershipMember})
	members := renderFile(t, m, "skill_group_members.tf")
	for _, w := range []string{
		`resource "contactcenter_skill_group_member" "a_ab_c" {` + "\n  que_id   = contactcenter_skill_group.a.id",
		`resource "contactcenter_skill_group_member" "a_ab_c_2" {` + "\n  que_id   = contactcenter_skill_group.a_ab.id",
	} {
		if !strings.Contains(members, w) {
			t.Errorf("skill_group_members.tf lacks %q:\n%s", w, members)
		}
	}
	imports := renderFile(t, m, "imports.tf")
	for _, w := range []string{"to = contactcenter_skill_group_member.a_ab_c\n  id = \"107:1001\"", "to = contactcenter_skill_group_member.a_ab_c_2\n  id = \"108:1002\""} {
		if !strings.Contains(imports, w) {
			t.Errorf("imports.tf lacks %q:\n%s", w, imports)
		}
	}
}

// TestRender_longSoundName: a voice file is written under its resource's
// name, which is cut short enough for any file system (255 bytes a name).
func TestRender_longSoundName(t *testing.T) {
	long := "Long hold tone " + strings.Repeat("x", 280)
	inv := &inventory{sounds: []soundFile{{Sound: client.Sound{ID: "501", Name: client.FlexString(long), SoundType: 1}, content: []byte("RIFF\x00\x00\x00\x00WAVE")}}}
	m := render(inv, Options{Kinds: AllKinds, Membership: MembershipAuthoritative})
	name := "long_hold_tone_" + strings.Repeat("x", MaxNameLength-len("long_hold_tone_"))
	sounds := renderFile(t, m, "sounds.tf")
	for _, w := range []string{`resource "contactcenter_sound" "` + name + `"`, `name        = "` + long + `"`, `source      = "sounds/` + name + `.wav"`} {
		if !strings.Contains(sounds, w) {
			t.Errorf("sounds.tf lacks %q:\n%s", w, sounds)
		}
	}
	renderFile(t, m, "sounds/"+name+".wav")
}

// TestRender_nonLatinNames: objects whose names mix Chinese with a Latin
// tag are named by the tag and their id, not by the tag alone (crm, crm_2
// in listing order); references, member names and the voice file's path
// follow.
func TestRender_nonLatinNames(t *testing.T) {
	inv := &inventory{
		agents:   []client.Agent{{UserID: 1001, UserNum: "8001", UserName: "Ann"}},
		groups:   []client.SkillGroup{{ID: "101", QueName: "测试 Test-组 #1", WaitAudio: "501"}, {ID: "102", QueName: "销售组"}},
		members:  map[string][]client.GroupAgent{"101": {{AgID: 1001, Skill: 1}}, "102": {{AgID: 1001, Skill: 2}}},
		webhooks: []client.Webhook{{ID: 305, Name: "挂机话单推送（CRM）", URL: "https://crm.example.com/a"}, {ID: 306, Name: "预呼推送（CRM）", URL: "https://crm.example.com/b"}},
		tasks: []client.Task{{ID: 700, Name: "预呼 Renewals", Type: 1, TransTo: fs("101"),
			Config: &client.TaskConfig{Webhook: &client.TaskWebhook{Enable: fb(true), IDs: []client.FlexInt{306}}}}},
		sounds: []soundFile{{Sound: client.Sound{ID: "501", Name: "Hold音乐/春节", SoundType: 1}, content: []byte("RIFF\x00\x00\x00\x00WAVE")}},
	}
	m := render(inv, Options{Kinds: AllKinds, Membership: MembershipMember})
	for file, wants := range map[string][]string{
		"webhooks.tf":            {`resource "contactcenter_webhook" "crm_305"`, `resource "contactcenter_webhook" "crm_306"`},
		"skill_groups.tf":        {`resource "contactcenter_skill_group" "test_1_101"`, `resource "contactcenter_skill_group" "skill_group_102"`, "contactcenter_sound.hold_501.id"},
		"skill_group_members.tf": {`resource "contactcenter_skill_group_member" "test_1_101_agent_8001"`, `resource "contactcenter_skill_group_member" "skill_group_102_agent_8001"`},
		"outbound_tasks.tf":      {`resource "contactcenter_outbound_task" "renewals_700"`, "trans_to      = contactcenter_skill_group.test_1_101.id", "ids    = [contactcenter_webhook.crm_306.id]"},
		"sounds.tf":              {`resource "contactcenter_sound" "hold_501"`, `source      = "sounds/hold_501.wav"`},
		"imports.tf":             {"to = contactcenter_sound.hold_501\n  id = \"501,sounds/hold_501.wav\"", "to = contactcenter_webhook.crm_305\n  id = \"305\""},
	} {
		got := renderFile(t, m, file)
		for _, w := range wants {
			if !strings.Contains(got, w) {
				t.Errorf("%s lacks %q:\n%s", file, w, got)
			}
		}
	}
	renderFile(t, m, "sounds/hold_501.wav")
}

// TestRender_longGroupMemberNames: a member resource joins its group's and
// its agent's names whole. Cut to 64 characters, the agent's part fell off
// a long group name and its members were named group, group_2, … in
// listing order.
func TestRender_longGroupMemberNames(t *testing.T) {
	long := "Long queue for the evening calls of the northern region with music"
	inv := &inventory{
		agents:  []client.Agent{{UserID: 1001, UserNum: "8001"}, {UserID: 1002, UserNum: "8002"}},
		groups:  []client.SkillGroup{{ID: "101", QueName: client.FlexString(long)}},
		members: map[string][]client.GroupAgent{"101": {{AgID: 1002, Skill: 1}, {AgID: 1001, Skill: 1}}},
	}
	m := render(inv, Options{Kinds: AllKinds, Membership: MembershipMember})
	group := newNamer("skill_group", nil).name(long, "101")
	members := renderFile(t, m, "skill_group_members.tf")
	for _, w := range []string{
		`resource "contactcenter_skill_group_member" "` + group + `_agent_8001" {` + "\n  que_id   = contactcenter_skill_group." + group + ".id\n  agent_id = contactcenter_agent.agent_8001.id",
		`resource "contactcenter_skill_group_member" "` + group + `_agent_8002" {` + "\n  que_id   = contactcenter_skill_group." + group + ".id\n  agent_id = contactcenter_agent.agent_8002.id",
	} {
		if !strings.Contains(members, w) {
			t.Errorf("skill_group_members.tf lacks %q:\n%s", w, members)
		}
	}
}

// TestRender_gatewaySignTextOfTwoSignatures: two gateway signatures with
// the same text: a template's sign_text cannot tell which one it means, so
// it is written as the text, with a comment saying why, and listed among
// the literal values, not as a reference to one of them.
func TestRender_gatewaySignTextOfTwoSignatures(t *testing.T) {
	t.Parallel()
	inv := &inventory{
		gwSigs: []client.GatewaySignature{{ID: 5, Text: "AcmeGW"}, {ID: 6, Text: "AcmeGW"}},
		gwTpls: []client.GatewayTemplate{{ID: 9, TplTitle: "Code", TplText: "Code ${code}", TplType: 1, SignText: "AcmeGW"}},
	}
	m := render(inv, Options{Kinds: AllKinds, Membership: MembershipAuthoritative})
	got := renderFile(t, m, "gateway_sms_templates.tf")
	for _, w := range []string{`# "AcmeGW" kept literal: 2 gateway signatures carry this text.`, `sign_text = "AcmeGW"`} {
		if !strings.Contains(got, w) {
			t.Errorf("gateway_sms_templates.tf lacks %q:\n%s", w, got)
		}
	}
	if strings.Contains(got, "contactcenter_gateway_sms_signature.") {
		t.Errorf("gateway_sms_templates.tf refers to one of the two signatures:\n%s", got)
	}
	if d := cmp.Diff([]string{`contactcenter_gateway_sms_template.code: sign_text "AcmeGW": 2 gateway signatures carry this text`}, m.literal); d != "" {
		t.Errorf("literal values (-want +got):\n%s", d)
	}
}

// TestRender_taskDanglingReferences: a task whose assigned agent or
// webhook was deleted since was exported with the id kept literal ("no
// webhook 301 exists on the platform"), adopted cleanly, and its first
// edit failed with the platform's refusal. Each such reference is noted:
// the object, the attribute, the missing value, what will happen and what
// to do.
func TestRender_taskDanglingReferences(t *testing.T) {
	t.Parallel()
	inv := &inventory{
		agents:   []client.Agent{{UserID: 5002, UserNum: "9002", UserName: "Bob", UserStatus: 1, DeptID: 1}},
		webhooks: []client.Webhook{{ID: 302, Name: "Keep", URL: "http://example.com/k"}},
		tasks: []client.Task{{ID: 701, Name: "Remind", Type: 3, TransTo: fs("ivr-1"),
			Config:        &client.TaskConfig{Webhook: &client.TaskWebhook{Enable: fb(true), IDs: []client.FlexInt{301, 302}}},
			AssignedUsers: []client.AssignedUser{{UserNum: fs("9001")}, {UserID: fi(5002)}, {UserID: fi(5003)}}}},
	}
	m := render(inv, Options{Kinds: AllKinds})
	for _, want := range []string{
		`dangling reference: contactcenter_outbound_task.remind: config.webhook.ids[0] names webhook 301, which is not on the platform (deleted since?); ` +
			`the import adopts the task, but the platform refuses every edit of it while it names webhook 301, so the first apply that changes the task fails: ` +
			`remove 301 from config.webhook.ids (the apply then writes the task without it), or fix the task in the portal and export again`,
		`dangling reference: contactcenter_outbound_task.remind: assigned_users[0].user_num names agent "9001", which is not on the platform`,
		`dangling reference: contactcenter_outbound_task.remind: assigned_users[2].user_id names agent 5003, which is not on the platform`,
	} {
		if !slices.Contains(m.notes, want) && !slices.ContainsFunc(m.notes, func(n string) bool { return strings.HasPrefix(n, want) }) {
			t.Errorf("no note %q among:\n%s", want, strings.Join(m.notes, "\n"))
		}
	}
	if n := strings.Count(strings.Join(m.notes, "\n"), "dangling reference"); n != 3 {
		t.Errorf("%d dangling notes, want 3 (webhook 302 and agent 5002 exist):\n%s", n, strings.Join(m.notes, "\n"))
	}
	tasks := renderFile(t, m, "outbound_tasks.tf")
	for _, want := range []string{
		"# config.webhook.ids[0] names webhook 301, which is not on the platform: the platform refuses every edit of this task while it does; remove 301 from config.webhook.ids (the apply then writes the task without it).\n      ids",
		`# assigned_users[0].user_num names agent "9001", which is not on the platform`,
	} {
		if !strings.Contains(tasks, want) {
			t.Errorf("outbound_tasks.tf lacks %q:\n%s", want, tasks)
		}
	}
	// Without agents and webhooks in the export, nothing is known of them.
	only := render(inv, Options{Kinds: []Kind{KindOutboundTasks}})
	if s := strings.Join(only.notes, "\n"); strings.Contains(s, "dangling") {
		t.Errorf("an export without agents and webhooks notes dangling references:\n%s", s)
	}
}

// TestRender_keyWithLineBreak: a key kept literal that holds a line break
// (an agent number pasted from a spreadsheet with one) is quoted in its
// comment and in the summary. Written as it was, the comment ended at the
// break and the rest of the number became a line of HCL: terraform
// validate refused the export ("Invalid block definition").
func TestRender_keyWithLineBreak(t *testing.T) {
	inv := testInventory()
	inv.tasks[0].AssignedUsers = []client.AssignedUser{{UserNum: fs("90\n01 x"), ConnLimit: fi(0)}}
	inv.tasks[0].TransTo = fs("12\r\nabc")
	m := render(inv, Options{Kinds: []Kind{KindOutboundTasks}})
	tasks := renderFile(t, m, "outbound_tasks.tf")
	if _, diags := hclsyntax.ParseConfig([]byte(tasks), "outbound_tasks.tf", hcl.InitialPos); diags.HasErrors() {
		t.Fatalf("outbound_tasks.tf does not parse: %s\n%s", diags.Error(), tasks)
	}
	for _, w := range []string{
		`# "90\n01 x" kept literal: agents are not part of this export (--kinds).`,
		`# "12\r\nabc" kept literal: skill groups are not part of this export (--kinds).`,
	} {
		if !strings.Contains(tasks, w) {
			t.Errorf("outbound_tasks.tf lacks %q:\n%s", w, tasks)
		}
	}
	for _, l := range m.literal {
		if strings.ContainsAny(l, "\r\n") {
			t.Errorf("summary line holds a line break: %q", l)
		}
	}
}

// TestComment_multiline: each line of a comment is a comment.
func TestComment_multiline(t *testing.T) {
	src := hclFile([]string{"head", "", "a\nb"}, []block{{typ: "resource", labels: []string{"x", "y"}, comments: []string{"one\r\ntwo\rthree"},
		body: fields{{name: "a", value: num(1), comments: []string{"c\nd = 1"}}}}})
	f, diags := hclsyntax.ParseConfig(src, "x.tf", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatalf("does not parse: %s\n%s", diags.Error(), src)
	}
	if attrs, _ := f.Body.(*hclsyntax.Body).Blocks[0].Body.JustAttributes(); len(attrs) != 1 {
		t.Errorf("the block has %d attributes, want 1 (a comment's second line became one):\n%s", len(attrs), src)
	}
	for _, w := range []string{"# head\n#\n# a\n# b\n", "# one\n# two\n# three\n", "# c\n  # d = 1\n"} {
		if !strings.Contains(string(src), w) {
			t.Errorf("lacks %q:\n%s", w, src)
		}
	}
}

// TestRender_windowsDeviceSoundNames: a voice file named after a Windows
// device (CON, nul, Com1, LPT9) was exported to sounds/con.wav, which on
// Windows is the console, not a file: the download went to the console and
// the module had no voice file. Its copy now gets "-voice"; the resource
// keeps its name, and other names are unchanged.
func TestRender_windowsDeviceSoundNames(t *testing.T) {
	var sounds []soundFile
	for i, n := range []string{"CON", "nul", "Com1", "LPT9", "console", "com10"} {
		sounds = append(sounds, soundFile{Sound: client.Sound{ID: client.FlexString(strconv.Itoa(600 + i)), Name: client.FlexString(n), SoundType: 1}, content: []byte("RIFF\x00\x00\x00\x00WAVE")})
	}
	m := render(&inventory{sounds: sounds}, Options{Kinds: AllKinds, Membership: MembershipAuthoritative})
	got := renderFile(t, m, "sounds.tf")
	for name, file := range map[string]string{"con": "con-voice", "nul": "nul-voice", "com1": "com1-voice", "lpt9": "lpt9-voice", "console": "console", "com10": "com10"} {
		for _, w := range []string{`resource "contactcenter_sound" "` + name + `"`, `source      = "sounds/` + file + `.wav"`} {
			if !strings.Contains(got, w) {
				t.Errorf("sounds.tf lacks %q:\n%s", w, got)
			}
		}
		renderFile(t, m, "sounds/"+file+".wav")
	}
}

// TestRender_smsImportedByTextAndName: an SMS signature is imported by its
// text and a template by its name, the same in every contact center; where
// two objects of the center share one (the spec does not make them
// unique), an import by it would be refused as ambiguous, so those two are
// imported by id.
func TestRender_smsImportedByTextAndName(t *testing.T) {
	t.Parallel()
	inv := &inventory{
		signatures: []client.SMSSignature{{ID: 101, SignText: "Acme", State: 1}, {ID: 102, SignText: "Twin", State: 2}, {ID: 103, SignText: "Twin", State: 1}},
		templates: []client.SMSTemplate{{ID: 3001, TplTitle: "Parcel", TplText: "Hi", NewSignID: 101, State: 1},
			{ID: 3002, TplTitle: "Same", TplText: "A", NewSignID: 101, State: 1}, {ID: 3003, TplTitle: "Same", TplText: "B", NewSignID: 101, State: 1}},
	}
	m := render(inv, Options{Kinds: AllKinds, Membership: MembershipAuthoritative})
	got := renderFile(t, m, "imports.tf")
	for _, w := range []string{
		"to = contactcenter_sms_signature.acme\n  id = \"sign_text:Acme\"",
		"to = contactcenter_sms_signature.twin\n  id = \"102\"", "to = contactcenter_sms_signature.twin_2\n  id = \"103\"",
		"to = contactcenter_sms_template.parcel\n  id = \"template_name:Parcel\"",
		"to = contactcenter_sms_template.same\n  id = \"3002\"", "to = contactcenter_sms_template.same_2\n  id = \"3003\"",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("imports.tf lacks %q:\n%s", w, got)
		}
	}
}

// TestRender_smsKeyHeldDecomposed: a signature text or template name the
// platform holds decomposed ("Cafe" and U+0301, as some systems type it)
// is imported by it, as the provider finds it in another Unicode form
// (Terraform holds every string composed, an import id too): imported by
// id, a folder promoted to another center adopted whatever held that id
// there. One that shares its composed form with another ("Cafe" and
// U+0301 beside "Café") is imported by id, as sign_text:Café would find
// the other.
func TestRender_smsKeyHeldDecomposed(t *testing.T) {
	t.Parallel()
	inv := &inventory{
		signatures: []client.SMSSignature{{ID: 101, SignText: "Cafe\u0301", State: 1}, {ID: 102, SignText: "Caf\u00e9 Nord", State: 1},
			{ID: 103, SignText: "Bar", State: 1}, {ID: 104, SignText: "Cafe\u0301 Nord", State: 1}},
		templates: []client.SMSTemplate{{ID: 3001, TplTitle: "Re\u0301sume\u0301", TplText: "Hi", NewSignID: 103, State: 1}},
	}
	m := render(inv, Options{Kinds: AllKinds, Membership: MembershipAuthoritative})
	got := renderFile(t, m, "imports.tf")
	for _, w := range []string{`id = "sign_text:Caf` + "\u00e9" + `"`, `id = "102"`, `id = "104"`, `id = "template_name:R` + "\u00e9sum\u00e9" + `"`} {
		if !strings.Contains(got, w) {
			t.Errorf("imports.tf lacks %q:\n%s", w, got)
		}
	}
}
