package exporter_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// size says how big a contact center the fixture builds.
type size struct {
	agents, groups, perGroup, tasks, webhooks, signatures, templates, sounds, gwSigs, gwTpls int
}

// bigCenter is the contact center of the "Done when".
var bigCenter = size{agents: 2000, groups: 100, perGroup: 20, tasks: 50, webhooks: 50, signatures: 20, templates: 40, sounds: 10, gwSigs: 6, gwTpls: 12}

// smallCenter has every kind and every shape of the big one, small enough
// for terraform to plan in seconds.
var smallCenter = size{agents: 60, groups: 8, perGroup: 5, tasks: 9, webhooks: 6, signatures: 4, templates: 6, sounds: 3, gwSigs: 3, gwTpls: 4}

// center is a simulator on loopback with a client for it.
type center struct {
	sim    *simulator.Server
	origin string
	c      *client.Client
}

func newCenter(t *testing.T) *center {
	t.Helper()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	t.Cleanup(func() { srv.Close(); sim.Wait() })
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", AppID: "sim-app", AppKey: "sim-key"})
	if err != nil {
		t.Fatal(err)
	}
	return &center{sim: sim, origin: srv.URL, c: c}
}

// parallel runs f(0..n-1) on 8 goroutines and fails t on the first error.
func parallel(t *testing.T, n int, f func(i int) error) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, n)
	next := make(chan int)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if err := f(i); err != nil {
					errs <- err
				}
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

func ptr[T any](v T) *T { return &v }

func fi(v int64) *client.FlexInt     { x := client.FlexInt(v); return &x }
func ff(v float64) *client.FlexFloat { x := client.FlexFloat(v); return &x }
func fb(v bool) *client.FlexBool     { x := client.FlexBool(v); return &x }
func fs(v string) *client.FlexString { x := client.FlexString(v); return &x }

// Names in Chinese with a Latin word, and long ones, as people write them
// in the portal: their resource names are the Latin words and the
// object's id (crm_<id>), the kind and the id (skill_group_<id>), and a
// member's name holds its group's and its agent's whole.
var (
	nonLatinWebhooks = []string{"挂机话单推送（CRM）", "预呼推送（CRM）"}
	nonLatinSound    = "Hold音乐/春节"
	groupNames       = map[int]string{
		3: "Long queue for the evening calls of the northern region with music", // has members
		4: "测试 Test-组 #1",                                                       // has members
		5: "销售组",                                                                // has members
	}
)

// build makes a contact center the way people do, through the API (the
// client), not through the provider: agents with some configuration
// objects customised, skill groups with members, webhooks, tasks of the
// three types with webhooks and assigned agents, SMS signatures and
// templates (one a draft) in several review states, voice files, and
// gateway signatures and templates.
func (cc *center) build(t *testing.T, n size) {
	t.Helper()
	ctx := context.Background()
	c := cc.c

	// Voice files first: groups play them while callers wait.
	soundIDs := make([]string, n.sounds)
	parallel(t, n.sounds, func(i int) error {
		content := []byte(fmt.Sprintf("RIFF\x24\x00\x00\x00WAVEfmt voice %d", i))
		file := "hold.wav"
		if i%3 == 2 {
			content, file = []byte(fmt.Sprintf("ID3\x03\x00 mp3 voice %d", i)), "hold.mp3"
		}
		in := client.SoundInput{Name: fmt.Sprintf("Hold music %d", i), SoundType: int64(i%6 + 1), FileName: file, Content: content}
		if i == 1 {
			in.Name = nonLatinSound // named in Chinese with a Latin word
		}
		if i%2 == 0 {
			in.Remark = "recorded in studio " + strconv.Itoa(i)
		}
		id, _, err := c.Sounds.Upload(ctx, in)
		soundIDs[i] = id
		return err
	})

	groupIDs := make([]int64, n.groups)
	parallel(t, n.groups, func(i int) error {
		in := client.SkillGroupInput{QueName: fmt.Sprintf("Support L%d", i), QuePriority: int64(i % 10)}
		if name, ok := groupNames[i]; ok {
			in.QueName = name
		}
		if i%4 == 1 {
			in.QueStrategy, in.RingTime, in.NoansAction = ptr(int64(2)), ptr(int64(25)), ptr("1")
			in.AutoEvaluate = ptr(int64(0))
		}
		if i%5 == 2 && n.sounds > 0 {
			in.WaitAudio = &soundIDs[i%n.sounds]
		}
		if i%7 == 3 {
			in.QueNum = ptr(fmt.Sprintf("Q%03d", i))
			in.WaitAudio = ptr("-1")
		}
		id, err := c.Queues.Create(ctx, in)
		if err != nil {
			return fmt.Errorf("group %d: %w", i, err)
		}
		groupIDs[i], err = strconv.ParseInt(id, 10, 64)
		return err
	})

	agentIDs := make([]int64, n.agents)
	parallel(t, n.agents, func(i int) error {
		in := client.AgentInput{UserNum: ptr(fmt.Sprintf("%d", 8000+i)), UserName: ptr(fmt.Sprintf("Agent %d", i)), UserPassword: ptr("S3cret-pass")}
		switch i % 10 {
		case 1:
			in.AgNickname, in.UserEmail, in.UserType = ptr(fmt.Sprintf("Nick %d", i)), ptr(fmt.Sprintf("agent%d@example.com", i)), ptr("1,2")
		case 2:
			in.UserStatus = ptr(int64(client.AgentStatusFrozen))
			in.MaxSessions, in.BasicSessions = ptr(int64(20)), ptr(int64(3))
		case 3:
			// Customised configuration objects (§2.6.1).
			in.NoticeConfig = &client.NoticeConfig{Type: client.ConfigTypeCustom, IsEnableNotice: true, NoticeType: "browser",
				SystemNoticePosition: "topLeft", IsAutoClose: false, AutoCloseInterval: 9}
			in.WincallButtons = &client.WincallButtons{Type: client.ConfigTypeCustom, Buttons: client.WincallButtonSet{Consult: true, Transfer: true, Logout: true}}
			if n.groups > 1 {
				in.WincallTransferQueues = &client.WincallTransferQueues{Type: client.ConfigTypeCustom,
					TransferQueues: []client.FlexInt{client.FlexInt(groupIDs[i%n.groups]), client.FlexInt(groupIDs[(i+1)%n.groups])}}
			}
		case 4:
			in.UserPhoneType, in.IsEnableOutbound, in.IsEnableMFA = ptr(int64(4)), ptr(false), ptr(int64(1))
			in.WaitTimeConfig = &client.WaitTimeConfig{Type: client.ConfigTypeCustom, NextWait: 15, IsEnableBusyCancelWait: true}
			in.UserCaller = &client.UserCaller{Type: client.ConfigTypeCustom, IsPhones: true, Phones: []client.FlexString{"02150001000"},
				Groups: []client.FlexString{}, GroupNames: []client.FlexString{}, Xtels: []client.FlexString{}}
		case 5:
			in.UserSMSPhone, in.FixedPhone, in.CrmID = ptr(fmt.Sprintf("139%08d", i)), ptr(fmt.Sprintf("8%03d", i%1000)), ptr("crm-"+strconv.Itoa(i))
			in.WincallTransferIvrs = &client.WincallTransferIvrs{Type: client.ConfigTypeCustom, TransferIvrs: []client.FlexInt{1, 3}}
		}
		a, err := c.Agents.Create(ctx, in)
		if err != nil {
			return fmt.Errorf("agent %d: %w", i, err)
		}
		agentIDs[i] = int64(a.UserID)
		return nil
	})

	// Members: perGroup agents per group, each agent in at most one group,
	// with skill levels 1-3. The last groups stay empty.
	parallel(t, n.groups, func(g int) error {
		if g >= n.groups-2 {
			return nil
		}
		var skills []client.AgentSkill
		for k := range n.perGroup {
			i := g*n.perGroup + k
			if i < n.agents {
				skills = append(skills, client.AgentSkill{AgID: agentIDs[i], Skill: int64(k%3 + 1)})
			}
		}
		return c.Queues.Assign(ctx, groupIDs[g], skills)
	})

	webhookIDs := make([]int64, n.webhooks)
	parallel(t, n.webhooks, func(i int) error {
		name := fmt.Sprintf("CRM hook %d", i)
		if i < len(nonLatinWebhooks) {
			name = nonLatinWebhooks[i]
		}
		w, err := c.Webhooks.Create(ctx, client.WebhookInput{Name: name, URL: fmt.Sprintf("https://crm.example.com/hooks/%d", i),
			Status: i%2 == 0, IsEncrypt: i%3 == 0, EventType: int64(i % 3), DeptID: int64(i % 2)})
		if err != nil {
			return err
		}
		webhookIDs[i] = int64(w.ID)
		return nil
	})

	parallel(t, n.tasks, func(i int) error {
		hooks := []client.FlexInt{}
		for k := range 1 + i%3 {
			if n.webhooks > 0 {
				hooks = append(hooks, client.FlexInt(webhookIDs[(i+k)%n.webhooks]))
			}
		}
		g := i % max(1, n.groups-2)
		member := func(k int) int64 { return agentIDs[(g*n.perGroup+k)%n.agents] }
		task := client.Task{Name: client.FlexString(fmt.Sprintf("Campaign %d", i)), Callers: []client.FlexString{"02150001000"}}
		switch i % 3 {
		case 0: // predictive
			task.Type = client.FlexInt(client.TaskTypePredictive)
			task.TransTo = fs(strconv.FormatInt(groupIDs[g], 10))
			task.Config = &client.TaskConfig{CallRatioType: fi(int64(i % 2)), MaxCallRatio: ff(2.5),
				Webhook: &client.TaskWebhook{Enable: fb(true), IDs: hooks}}
			if i%2 == 1 {
				task.Config.ManualCallRatio = ff(1.2) // not a binary fraction: read back, it must equal the configuration's 1.2
			}
			task.AssignedUsers = []client.AssignedUser{{UserID: fi(member(0)), ConnLimit: fi(2)}, {UserNum: fs(strconv.Itoa(8000 + (g*n.perGroup+1)%n.agents))}}
			task.RecallStrategies = &client.RecallStrategies{Default: &client.RecallRule{Recall: fi(1), RecallMaxTimes: fi(2),
				RecallInterval: client.FlexIntList{5, 30}, RecallIntervalType: fi(1)}}
		case 1: // automatic
			task.Type = client.FlexInt(client.TaskTypeAutomatic)
			task.TransTo = fs("ivr_main")
			task.Priority, task.MaxConnSecs = fi(200), fi(600)
			task.Worktime = &client.Worktime{Working: client.FlexMap[[][]string]{"1": {{"09:00:00", "12:00:00"}, {"13:00:00", "18:00:00"}},
				"6": {{"10:00:00", "16:00:00"}}}, Name: fs("office hours")}
			task.FilterRules = &client.FilterRules{Blacklist: fb(true), CallBlacklist: fb(true)}
			if len(hooks) > 0 {
				task.Config = &client.TaskConfig{Webhook: &client.TaskWebhook{Enable: fb(false), IDs: hooks}, MakecallFlag: fi(8)}
			}
		case 2: // robot with scheduling: its agents are members of que_id
			task.Type = client.FlexInt(client.TaskTypeRobot)
			task.TransTo = fs("script-" + strconv.Itoa(i))
			task.EnableASR = fb(true)
			task.Config = &client.TaskConfig{TTS: &client.TaskTTS{Provider: fs("ali"), Name: fs("xiaoyun"), Voice: fs("xiaoyun"), Speed: fi(0), Volume: fi(50)},
				NLPSilenceTime: fi(800), EnableScheduler: fb(true), AgentWaitTime: fi(5), QueID: fi(groupIDs[g]), MaxCallRatio: ff(2.675),
				InitCallRatio: ff(1.5), Webhook: &client.TaskWebhook{Enable: fb(true), IDs: hooks}}
			task.AssignedUsers = []client.AssignedUser{{UserID: fi(member(0))}, {UserID: fi(member(2)), ConnLimit: fi(1)}}
			task.RecallStrategies = &client.RecallStrategies{ASR: client.FlexMap[client.RecallRule]{
				"1": {Recall: fi(1), RecallMaxTimes: fi(3), RecallInterval: client.FlexIntList{10}}, "11": {Recall: fi(0)}}}
		}
		// Made by hand in the portal: a name with spaces at either end,
		// kept by the platform; a robot voice without a name.
		if i == 4 {
			task.Name = "  Campaign 4  "
		}
		if i == 5 {
			task.Config.TTS.Name, task.Config.TTS.Voice = nil, nil
		}
		id, err := c.Tasks.Create(ctx, task)
		if err != nil {
			return fmt.Errorf("task %d: %w", i, err)
		}
		switch i % 4 {
		case 1:
			return c.Tasks.SetStatus(ctx, id, client.TaskStatusOpen)
		case 2:
			return c.Tasks.SetStatus(ctx, id, client.TaskStatusPaused)
		}
		return nil
	})

	sigIDs := make([]int64, n.signatures)
	parallel(t, n.signatures, func(i int) error {
		in := client.SMSSignatureInput{SignText: fmt.Sprintf("Acme %d", i)}
		if i == 2 {
			in.SignText = "Acme\n2" // a line break inside, as the portal allows
		}
		if i%2 == 1 {
			in.Remark = "brand " + strconv.Itoa(i)
		}
		s, err := c.SMS.CreateSignature(ctx, in)
		if err != nil {
			return err
		}
		sigIDs[i] = int64(s.ID)
		return nil
	})
	// Most signatures approved, one left in review, one rejected (no
	// template uses the rejected one).
	for i, id := range sigIDs {
		state := 1
		switch {
		case i == 1 && n.signatures > 3:
			state = 0
		case i == n.signatures-1 && n.signatures > 3:
			state = 2
		}
		reason := ""
		if state == 2 {
			reason = "unclear brand"
		}
		if state != 0 {
			if err := cc.sim.Review("sms_signature", strconv.FormatInt(id, 10), state, reason); err != nil {
				t.Fatal(err)
			}
		}
	}
	usable := max(1, n.signatures-1)
	tplIDs := make([]int64, n.templates)
	parallel(t, n.templates, func(i int) error {
		in := client.SMSTemplateInput{TemplateName: fmt.Sprintf("Reminder %d", i),
			TemplateContents: fmt.Sprintf("Dear ${name}, your appointment %d is at ${time}.", i), SignID: sigIDs[i%usable]}
		if i == 0 {
			in.Action = client.TemplateActionDraft
		}
		if i == 1 {
			in.TemplateName = "Reminder\none" // a line break inside
		}
		tpl, err := c.SMS.CreateTemplate(ctx, in)
		if err != nil {
			return fmt.Errorf("template %d: %w", i, err)
		}
		tplIDs[i] = int64(tpl.ID)
		return nil
	})
	for i, id := range tplIDs {
		if i > 0 && i%3 != 2 {
			if err := cc.sim.Review("sms_template", strconv.FormatInt(id, 10), 1+i%5/4, "wording"); err != nil {
				t.Fatal(err)
			}
		}
	}

	gwSigIDs := make([]int64, n.gwSigs)
	for i := range n.gwSigs {
		id, err := c.Gateway.AddSignature(ctx, client.GatewaySignatureInput{SignText: fmt.Sprintf("AcmeGW%d", i), Remark: "gateway brand"})
		if err != nil {
			t.Fatal(err)
		}
		gwSigIDs[i] = id
		if i%2 == 0 {
			if err := cc.sim.Review("gateway_signature", strconv.FormatInt(id, 10), 1, ""); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i := range n.gwTpls {
		in := client.GatewayTemplateInput{TplText: fmt.Sprintf("Your code is ${code} (%d)", i), TplType: int64(i%3 + 1), TplTitle: fmt.Sprintf("Code %d", i)}
		if i%2 == 0 && n.gwSigs > 0 {
			in.SignText = fmt.Sprintf("AcmeGW%d", i%n.gwSigs)
		}
		if i%3 == 0 {
			in.Remark = "login codes"
		}
		id, err := c.Gateway.AddTemplate(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		if i%2 == 1 {
			if err := cc.sim.Review("gateway_template", strconv.FormatInt(id, 10), 1, ""); err != nil {
				t.Fatal(err)
			}
		}
	}
}
