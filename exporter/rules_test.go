package exporter

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// outsideInventory holds values the platform stores outside the provider's
// rules, as adopted contact centers do (the portal's own rules are looser,
// or older).
func outsideInventory() *inventory {
	cfg := func() *client.AgentConfig {
		return &client.AgentConfig{UserPhoneType: new(client.FlexInt(3)), UserLoginState: new(client.FlexInt(1)), UserAutoLogin: new(client.FlexInt(1)), IsEnableOutbound: new(client.FlexBool(true)), UserOutcallPopup: new(client.FlexInt(1)),
			IsEnableMFA: new(client.FlexInt(2)), IsEnableUpdateCapcity: new(client.FlexInt(1)), MaxSessions: new(client.FlexInt(10)), BasicSessions: new(client.FlexInt(1)), AgentObjects: client.DefaultAgentObjects()}
	}
	odd := cfg()
	odd.MaxSessions, odd.BasicSessions, odd.UserPhoneType = new(client.FlexInt(500)), new(client.FlexInt(0)), new(client.FlexInt(1))
	odd.NoticeConfig.SystemNoticePosition = "center"
	return &inventory{
		agents: []client.Agent{
			{UserID: 1001, UserNum: "8001", UserName: "Ann", UserEmail: "ann@example.com", UserStatus: 1, DeptID: 1, Config: cfg()},
			{UserID: 1002, UserNum: "8002", UserName: "Bob ", UserEmail: "bob smith@example.com", UserType: "1, 2", UserStatus: 1, DeptID: 1, Config: odd},
			{UserID: 1003, UserNum: "8003", UserName: "Ivy", UserEmail: "ivy@example.com\u200b", DeptID: 0, UserStatus: 0, Config: cfg()},
		},
		groups: []client.SkillGroup{{ID: "12", QueName: "Sales", QuePriority: 300, WaitAudio: "0", AutoEvaluate: 2},
			// Within the rules: validate does not check a task whose
			// group it refused.
			{ID: "13", QueName: "Support", QuePriority: 1, WaitAudio: "0"}},
		webhooks: []client.Webhook{{ID: 7, Name: "CRM", URL: "ftp://files.example.com/x", EventType: 3},
			{ID: 8, Name: "Good", URL: "HTTPS://CRM.EXAMPLE.COM/Hook", EventType: 1}},
		tasks: []client.Task{{ID: 700, Name: "Finished", Type: 3, TransTo: fs("ivr-remind"), Status: fi(3), Priority: fi(300),
			MaxConnSecs: fi(300), TimeoutSecs: fi(30), MaxQueueSecs: fi(0)},
			// The name is kept as written (spaces at either end are within
			// the rules); trans_to is trimmed by the service.
			{ID: 701, Name: " Remind ", Type: 3, TransTo: fs("ivr-remind "), Callers: []client.FlexString{"0571", ""}},
			{ID: 702, Name: "Wide", Type: 3, TransTo: fs("ivr-remind\u3000")},
			// A predictive task hands its calls to a skill group: trans_to
			// is a group id, without leading zeros.
			// The call ratio of a predictive task outside the rules (the
			// provider warns about one of another type of task).
			{ID: 703, Name: "Predict", Type: 1, TransTo: fs("0101"), Config: &client.TaskConfig{CallRatioType: fi(2), ManualCallRatio: ff(-0.5), MaxCallRatio: ff(2)},
				AssignedUsers: []client.AssignedUser{{UserID: fi(1001)}}},
			{ID: 704, Name: "Sales calls", Type: 1, TransTo: fs("12"), Config: &client.TaskConfig{CallRatioType: fi(0), MaxCallRatio: ff(2)},
				AssignedUsers:    []client.AssignedUser{{UserID: fi(1001)}},
				RecallStrategies: &client.RecallStrategies{Default: &client.RecallRule{Recall: fi(1), RecallMaxTimes: fi(0), RecallInterval: client.FlexIntList{0}}}},
			// Nested values outside the rules, as a portal-made task may
			// hold them (the export writes what the detail carries). Each
			// task uses the settings it holds: the provider warns about
			// a recall branch or call ratio the task does not use.
			{ID: 705, Name: "Odd robot", Type: 4, TransTo: fs("ivr-1"), Config: &client.TaskConfig{
				Webhook: &client.TaskWebhook{IDs: []client.FlexInt{8, 0}}, MakecallFlag: fi(1),
				MaxCallRatio: ff(-1), InitCallRatio: ff(-2), TTS: &client.TaskTTS{Provider: fs("baidu")}, NLPSilenceTime: fi(-1),
				EnableScheduler: fb(false), AgentWaitTime: fi(-5), QueID: fi(0)},
				RecallStrategies: &client.RecallStrategies{Default: &client.RecallRule{Recall: fi(2), RecallMaxTimes: fi(-1), RecallInterval: client.FlexIntList{5, -5}}},
				AssignedUsers:    []client.AssignedUser{{UserNum: fs("")}, {UserID: fi(1001), ConnLimit: fi(-1)}},
				Worktime:         &client.Worktime{Working: client.FlexMap[[][]string]{"1": {{"09:00:00", "18:00:00"}, {"20:00:00", "19:00:00"}, {"9:00", "10:00:00"}}}}},
			// A reason the provider does not know (the provider checks the
			// keys before the strategies under them).
			{ID: 707, Name: "Odd reason", Type: 3, TransTo: fs("ivr-1"), EnableASR: fb(true),
				RecallStrategies: &client.RecallStrategies{ASR: client.FlexMap[client.RecallRule]{"7": {Recall: fi(1)}}}},
			{ID: 708, Name: "Odd recall", Type: 3, TransTo: fs("ivr-1"), EnableASR: fb(true),
				RecallStrategies: &client.RecallStrategies{ASR: client.FlexMap[client.RecallRule]{"1": {Recall: fi(3)}}}},
			// What a task of its type requires, missing (a task made in
			// the portal, whose rules are looser), and weekdays that are
			// none ("7", "Mon").
			{ID: 709, Name: "Bare predictive", Type: 1, TransTo: fs("13"), Config: &client.TaskConfig{CallRatioType: fi(1)},
				Worktime: &client.Worktime{Working: client.FlexMap[[][]string]{"7": {{"09:00:00", "18:00:00"}}, "Mon": {{"09:00:00", "18:00:00"}}}}},
			{ID: 710, Name: "Bare robot", Type: 4, TransTo: fs("script-1"), Config: &client.TaskConfig{EnableScheduler: fb(true), QueID: fi(13)}},
			{ID: 711, Name: "No config", Type: 1, TransTo: fs("13"), AssignedUsers: []client.AssignedUser{{UserID: fi(1001)}}},
			// Nested values within the rules.
			{ID: 706, Name: "Fine robot", Type: 4, TransTo: fs("ivr-1"), EnableASR: fb(true), Config: &client.TaskConfig{
				Webhook: &client.TaskWebhook{Enable: fb(true), IDs: []client.FlexInt{8}}, MakecallFlag: fi(8), MaxCallRatio: ff(1.5), InitCallRatio: ff(0),
				TTS: &client.TaskTTS{Provider: fs("tx"), Name: fs("v1")}, NLPSilenceTime: fi(0), EnableScheduler: fb(false), AgentWaitTime: fi(0), QueID: fi(12)},
				RecallStrategies: &client.RecallStrategies{ASR: client.FlexMap[client.RecallRule]{"11": {Recall: fi(0)}}},
				Worktime:         &client.Worktime{Working: client.FlexMap[[][]string]{"0": {{"00:00:00", "23:59:59"}}}}}},
		templates: []client.SMSTemplate{{ID: 31, TplTitle: "Open", TplText: "Hi ${a", NewSignID: 6, State: 1},
			{ID: 32, TplTitle: "Blank names", TplText: "Hi ${first name} ${} and ${ x}", NewSignID: 6, State: 1},
			{ID: 33, TplTitle: "Nested", TplText: "Hi ${${x}}", NewSignID: 6, State: 1},
			{ID: 34, TplTitle: "Fine", TplText: "Hi ${name}, $5 off {today}: %{x} $", NewSignID: 6, State: 1},
			{ID: 35, TplTitle: " Spaced ", TplText: " \u3000", NewSignID: 0, DeptID: -1, State: 1}},
		// The templates use the signature within the rules: validate
		// does not check an object whose reference it refused.
		signatures: []client.SMSSignature{{ID: 5, SignText: " Brand ", State: 1}, {ID: 6, SignText: "Acme", State: 1}},
		sounds: []soundFile{{Sound: client.Sound{ID: "51", Name: " Hold ", SoundType: 7}, content: []byte("RIFF\x24\x00\x00\x00WAVEfmt ")},
			{Sound: client.Sound{ID: "52", Name: "Hold", SoundType: 1}, content: []byte("RIFF\x24\x00\x00\x00WAVEfmt ")}},
		gwSigs: []client.GatewaySignature{{ID: 61, Text: "[Gw]", State: 1}, {ID: 62, Text: "Gw", State: 1}, {ID: 63, Text: " \t", State: 1}},
		gwTpls: []client.GatewayTemplate{{ID: 41, TplTitle: "Blank", TplText: "   ", TplType: 2, State: 1},
			{ID: 42, TplTitle: "Code", TplText: "Your code is ${code}, $5 {x}", TplType: 1, State: 1},
			{ID: 43, TplTitle: " ", TplText: client.FlexString(strings.Repeat("长", 401)), TplType: 5, SignText: "【Gw】", State: 1}},
	}
}

// TestRender_outsideRules: the export wrote values the provider's
// validators refuse and exited 0; terraform validate then failed with one
// error per value, and a basic_sessions or dept_id of 0 was left out
// without a word. Each is now named (object, attribute, value, rule) in
// the summary's notes and above the attribute; the values are kept.
func TestRender_outsideRules(t *testing.T) {
	m := render(outsideInventory(), Options{Kinds: AllKinds})
	for _, want := range []string{
		`outside the provider's rules: contactcenter_agent.agent_8002: user_name = "Bob ": must not begin or end with white space (the service trims it); terraform validate refuses it`,
		`contactcenter_agent.agent_8002: user_email = "bob smith@example.com": must be an e-mail address`,
		`contactcenter_agent.agent_8002: user_type = "1, 2": must be a comma-separated list of agent types 1-7`,
		`contactcenter_agent.agent_8002: max_sessions = 500: must be from 0 to 300`,
		`contactcenter_agent.agent_8002: user_phone_type = 1: must be one of 3, 4`,
		`contactcenter_agent.agent_8002: notice_config.system_notice_position = "center": must be one of`,
		`contactcenter_agent.agent_8002: basic_sessions is 0 on the platform (the provider's rule: at least 1); left unset`,
		`contactcenter_agent.agent_8003: dept_id is 0 on the platform (the provider's rule: at least 1); left unset`,
		`contactcenter_agent.agent_8003: user_status = 0: must be one of 1, 2, 3`,
		`contactcenter_agent.agent_8003: user_email = "ivy@example.com\u200b": must be an e-mail address`,
		`contactcenter_skill_group.sales: que_priority = 300: must be from 0 to 255`,
		`contactcenter_skill_group.sales: auto_evaluate = 2: must be one of 0, 1`,
		`contactcenter_webhook.crm: url = "ftp://files.example.com/x": must be an http:// or https:// URL`,
		`contactcenter_webhook.crm: event_type = 3: must be one of 0, 1, 2`,
		`contactcenter_outbound_task.finished: status = "3": must be one of ["closed" "open" "paused"]`,
		`contactcenter_outbound_task.finished: priority = 300: must be from 0 to 255`,
		`contactcenter_outbound_task.remind: trans_to = "ivr-remind ": must not begin or end with white space`,
		`contactcenter_outbound_task.remind: callers[1] = "": must not be empty`,
		`contactcenter_outbound_task.wide: trans_to = "ivr-remind\u3000": must not begin or end with white space`,
		`contactcenter_outbound_task.predict: trans_to = "0101": must be a skill-group id (a whole number from 1, without leading zeros) for a predictive task`,
		`contactcenter_outbound_task.odd_robot: config.webhook.ids[1] = 0: must be at least 1`,
		`contactcenter_outbound_task.odd_robot: config.makecall_flag = 1: must be one of 0, 8`,
		`contactcenter_outbound_task.predict: config.call_ratio_type = 2: must be one of 0, 1`,
		`contactcenter_outbound_task.predict: config.manual_call_ratio = -0.5: must be at least 0`,
		`contactcenter_outbound_task.odd_robot: config.max_call_ratio = -1: must be at least 0`,
		`contactcenter_outbound_task.odd_robot: config.init_call_ratio = -2: must be at least 0`,
		`contactcenter_outbound_task.odd_robot: config.tts.provider = "baidu": must be one of ["ali" "tx"]`,
		`contactcenter_outbound_task.odd_robot: config.nlp_silence_time = -1: must be at least 0`,
		`contactcenter_outbound_task.odd_robot: config.agent_wait_time = -5: must be at least 0`,
		`contactcenter_outbound_task.odd_robot: config.que_id = 0: must be at least 1`,
		`contactcenter_outbound_task.odd_robot: recall_strategies.default.recall = 2: must be one of 0, 1`,
		`contactcenter_outbound_task.odd_robot: recall_strategies.default.recall_max_times = -1: must be at least 0`,
		`contactcenter_outbound_task.odd_robot: recall_strategies.default.recall_interval[1] = -5: must be at least 0`,
		`contactcenter_outbound_task.odd_reason: recall_strategies.asr["7"]: the key must be one of ["1" "2" "3" "4" "5" "11"]`,
		`contactcenter_outbound_task.odd_recall: recall_strategies.asr["1"].recall = 3: must be one of 0, 1`,
		`contactcenter_outbound_task.odd_robot: assigned_users[0].user_num = "": must not be empty`,
		`contactcenter_outbound_task.odd_robot: assigned_users[1].conn_limit = -1: must be at least 0`,
		`contactcenter_outbound_task.odd_robot: worktime.working["1"][1] = `,
		`contactcenter_outbound_task.odd_robot: worktime.working["1"][2] = `,
		`contactcenter_outbound_task.bare_predictive: assigned_users is required for a predictive task (type = 1): list the agents who take the calls; the platform's task has none`,
		`contactcenter_outbound_task.bare_predictive: config.max_call_ratio is required for a predictive task (type = 1); the platform's task has none`,
		`contactcenter_outbound_task.bare_predictive: config.manual_call_ratio is required when config.call_ratio_type = 1 (manual); the platform's task has none`,
		`contactcenter_outbound_task.bare_predictive: worktime.working["7"]: the key must be a weekday from "0" (Sunday) to "6" (Saturday)`,
		`contactcenter_outbound_task.bare_predictive: worktime.working["Mon"]: the key must be a weekday`,
		`contactcenter_outbound_task.bare_robot: config.tts is required for a robot task (type = 4); the platform's task has none`,
		`contactcenter_outbound_task.bare_robot: config.nlp_silence_time is required for a robot task (type = 4)`,
		`contactcenter_outbound_task.bare_robot: config.agent_wait_time is required for a robot task (type = 4)`,
		`contactcenter_outbound_task.bare_robot: config.max_call_ratio is required for a robot task (type = 4)`,
		`contactcenter_outbound_task.bare_robot: assigned_users is required for a robot task (type = 4) with config.enable_scheduler = true; each agent must belong to the skill group config.que_id; the platform's task has none`,
		`contactcenter_outbound_task.no_config: config.call_ratio_type is required for a predictive task (type = 1)`,
		`contactcenter_outbound_task.no_config: config.max_call_ratio is required for a predictive task (type = 1)`,
		`contactcenter_sms_template.open: template_contents = "Hi ${a": must write every variable as ${name}`,
		`contactcenter_sms_template.blank_names: template_contents = "Hi ${first name} ${} and ${ x}": must write every variable as ${name}`,
		`contactcenter_sms_template.nested: template_contents = "Hi ${${x}}": must write every variable as ${name}`,
		`contactcenter_sms_template.spaced: template_name = " Spaced ": must not begin or end with white space`,
		`contactcenter_sms_template.spaced: template_contents = " \u3000": must hold more than white space`,
		`contactcenter_sms_template.spaced: sign_id = 0: must be at least 1`,
		`contactcenter_gateway_sms_template.blank: tpl_text = "   ": must hold more than white space`,
		`contactcenter_gateway_sms_template.gateway_sms_template_43: tpl_text = "长长`,
		`: must be from 1 to 400 characters long`,
		`contactcenter_gateway_sms_template.gateway_sms_template_43: tpl_type = 5: must be one of 1, 2, 3`,
		`contactcenter_gateway_sms_template.gateway_sms_template_43: tpl_title = " ": must hold more than white space`,
		`contactcenter_gateway_sms_template.gateway_sms_template_43: sign_text = "【Gw】": must be given without brackets`,
		`contactcenter_sms_signature.brand: sign_text = " Brand ": must not begin or end with white space`,
		`contactcenter_sound.hold: name = " Hold ": must not begin or end with white space`,
		`contactcenter_sound.hold: sound_type = 7: must be from 1 to 6`,
		`contactcenter_gateway_sms_signature.gw: sign_text = "[Gw]": must be given without brackets`,
		`contactcenter_gateway_sms_signature.gateway_sms_signature_63: sign_text = " \t": must hold more than white space`,
	} {
		if !slices.ContainsFunc(m.notes, func(n string) bool { return strings.Contains(n, want) }) {
			t.Errorf("no note %q among:\n%s", want, strings.Join(m.notes, "\n"))
		}
	}
	for _, n := range m.notes {
		// A task's name is kept as written: spaces at either end are
		// within the rules.
		if strings.Contains(n, "agent_8001") || strings.Contains(n, "webhook.good") || strings.Contains(n, "remind: name") ||
			strings.Contains(n, "sales_calls") || strings.Contains(n, "fine_robot") || strings.Contains(n, "sms_template.fine") || strings.Contains(n, "sms_template.code") {
			t.Errorf("a value within the rules is noted: %s", n)
		}
	}
	// The gateway refuses a malformed variable (code 1015), and so does
	// the provider's plan.
	gw := render(&inventory{gwTpls: []client.GatewayTemplate{{ID: 44, TplTitle: "Open", TplText: "Hi ${a", TplType: 2, State: 1},
		{ID: 45, TplTitle: "Empty", TplText: "Hi ${ }", TplType: 2, State: 1}}}, Options{Kinds: AllKinds})
	for _, want := range []string{
		`contactcenter_gateway_sms_template.open: tpl_text = "Hi ${a": must write every variable as ${name}`,
		`contactcenter_gateway_sms_template.empty: tpl_text = "Hi ${ }": must write every variable as ${name}`,
	} {
		if !slices.ContainsFunc(gw.notes, func(n string) bool { return strings.Contains(n, want) }) {
			t.Errorf("no note %q among:\n%s", want, strings.Join(gw.notes, "\n"))
		}
	}
	agents := renderFile(t, m, "agents.tf")
	for _, want := range []string{
		"  # Outside the provider's rules: max_sessions = 500: must be from 0 to 300. terraform validate refuses it: fix it in the portal and export again, or here (the apply then changes the object).\n  max_sessions",
		`user_email = "bob smith@example.com"`, "max_sessions = 500",
	} {
		if !strings.Contains(agents, want) {
			t.Errorf("agents.tf lacks %q:\n%s", want, agents)
		}
	}
	// The gateway can neither change nor delete a signature or a template
	// (§4.8): the advice of the others (fix it in the portal, or here and
	// the apply changes it) would have the apply create a new one and leave
	// this one on the gateway.
	gwSigs := renderFile(t, m, "gateway_sms_signatures.tf")
	if want := "  # Outside the provider's rules: sign_text = \" \\t\": must hold more than white space. terraform validate refuses it: " +
		"the gateway can neither change nor delete it, so leave it out (remove this block, its import block and what refers to it), " +
		"or fix it here (the apply creates a new one, which goes to review, and this one stays on the gateway).\n  sign_text"; !strings.Contains(gwSigs, want) {
		t.Errorf("gateway_sms_signatures.tf lacks %q:\n%s", want, gwSigs)
	}
	if strings.Contains(gwSigs, "fix it in the portal") {
		t.Errorf("gateway_sms_signatures.tf advises a fix in the portal, which the gateway has not:\n%s", gwSigs)
	}
	tasks := renderFile(t, m, "outbound_tasks.tf")
	if !strings.Contains(tasks, `status = "3"`) {
		t.Errorf("a task of status 3 is not written as it is:\n%s", tasks)
	}
	// What a task lacks has no line: it is said above the block.
	if want := "# Outside the provider's rules: assigned_users is required for a robot task (type = 4) with config.enable_scheduler = true; " +
		"each agent must belong to the skill group config.que_id; the platform's task has none. terraform validate refuses it: " +
		"set it in the portal and export again, or add it here (the apply then changes the object).\nresource \"contactcenter_outbound_task\" \"bare_robot\""; !strings.Contains(tasks, want) {
		t.Errorf("outbound_tasks.tf lacks %q:\n%s", want, tasks)
	}
}

// TestAccRender_outsideRulesAreTheProviders holds the export's rules to the
// provider's: terraform validate of the module refuses exactly the values
// the export noted.
func TestAccRender_outsideRulesAreTheProviders(t *testing.T) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("Acceptance tests skipped unless env 'TF_ACC' set (this one runs terraform validate)")
	}
	m := render(outsideInventory(), Options{Kinds: AllKinds})
	noted := map[string]bool{}
	// A list's element is named by its index, as validate names it (callers[1]).
	// A map's key is named as its element (asr["7"]: the key ...).
	// An attribute required and missing is named as validate names it.
	noteRE := regexp.MustCompile(`^outside the provider's rules: (\S+): ([\w.\[\]"]+)(?: = |: the key | is required )`)
	for _, n := range m.notes {
		if g := noteRE.FindStringSubmatch(n); g != nil {
			noted[g[1]+": "+g[2]] = true
		}
	}
	files, err := m.files()
	if err != nil {
		t.Fatal(err)
	}
	w := acctest.New(t).Workdir(t)
	w.WriteBody("")
	for _, f := range files {
		// The voice files too: source_hash reads its file.
		if f.name != "versions.tf" && f.name != "imports.tf" && (strings.HasSuffix(f.name, ".tf") || strings.HasPrefix(f.name, "sounds/")) {
			w.WriteFile(f.name, string(f.content))
		}
	}
	_, out := w.Run("validate", "-json")
	var res struct {
		Diagnostics []struct {
			Severity, Summary, Detail string
			Snippet                   *struct{ Context string }
		}
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("terraform validate -json: %v\n%s", err, out)
	}
	refused := map[string]bool{}
	// The framework's validators write "Attribute user_email ...", the
	// provider's enums "user_status 0 is not one of ...".
	// worktime's own: `worktime.working["1"][0]: start ... must be before`.
	// and its weekday keys `worktime.working key "7" must be a weekday`.
	weekdayRE := regexp.MustCompile(`^worktime\.working key ("[^"]*") `)
	attrRE, ctxRE := regexp.MustCompile(`^(?:Attribute )?([a-z][\w.\[\]"]*):? `), regexp.MustCompile(`^resource "(\S+)" "(\S+)"`)
	for _, d := range res.Diagnostics {
		a, c := attrRE.FindStringSubmatch(d.Detail), []string(nil)
		if d.Snippet != nil {
			c = ctxRE.FindStringSubmatch(d.Snippet.Context)
		}
		if d.Severity != "error" || a == nil || c == nil {
			t.Errorf("validate: %s: %s: %s", d.Severity, d.Summary, d.Detail)
			continue
		}
		name := a[1]
		if k := weekdayRE.FindStringSubmatch(d.Detail); k != nil {
			name += "[" + k[1] + "]" // worktime.working["7"], as the export names a key
		}
		refused[c[1]+"."+c[2]+": "+name] = true
	}
	keys := func(m map[string]bool) []string {
		var out []string
		for k := range m {
			out = append(out, k)
		}
		sort.Strings(out)
		return out
	}
	if got, want := keys(noted), keys(refused); !slices.Equal(got, want) {
		t.Errorf("the export noted\n  %s\nterraform validate refused\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// TestRender_zerosLeftUnsetAreTheListResources: the export leaves unset
// (and notes) exactly the 0s the agent list resource leaves unset, one rule
// (client.Agent.ZerosLeftUnset): an agent with every setting 0.
func TestRender_zerosLeftUnsetAreTheListResources(t *testing.T) {
	a := client.Agent{UserID: 1012, UserNum: "9402", UserName: "Zeros", UserStatus: 1, Config: &client.AgentConfig{UserPhoneType: new(client.FlexInt(3)), MaxSessions: new(client.FlexInt(0)), BasicSessions: new(client.FlexInt(0)),
		UserLoginState: new(client.FlexInt(1)), UserAutoLogin: new(client.FlexInt(1)), IsEnableOutbound: new(client.FlexBool(true)), UserOutcallPopup: new(client.FlexInt(1)), IsEnableMFA: new(client.FlexInt(2)), IsEnableUpdateCapcity: new(client.FlexInt(1)),
		AgentObjects: client.DefaultAgentObjects()}}
	names := a.ZerosLeftUnset()
	m := render(&inventory{agents: []client.Agent{a}}, Options{Kinds: AllKinds})
	var unset []string
	unsetRE := regexp.MustCompile(`^outside the provider's rules: contactcenter_agent\.agent_9402: (\w+) is 0 on the platform \(the provider's rule: at least 1\); left unset`)
	for _, n := range m.notes {
		if g := unsetRE.FindStringSubmatch(n); g != nil {
			unset = append(unset, g[1])
		} else if strings.HasPrefix(n, "outside the provider's rules") {
			t.Errorf("unexpected note: %s", n)
		}
	}
	slices.Sort(unset)
	slices.Sort(names)
	if !slices.Equal(unset, names) {
		t.Errorf("the export left unset %q, the list resource's rule %q", unset, names)
	}
	agents := renderFile(t, m, "agents.tf")
	for _, name := range names {
		if strings.Contains(agents, name+" ") {
			t.Errorf("agents.tf writes %s:\n%s", name, agents)
		}
	}
}
