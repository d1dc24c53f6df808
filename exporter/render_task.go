package exporter

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// The outbound task's nested arguments are optional without defaults (its
// resource reads an imported task as the detail answers it): a member the
// detail carries is written, even when it is zero, and one it leaves out
// is not. Top-level arguments with schema defaults are written when they
// differ from the default.

func iv(p *client.FlexInt) int64 {
	if p == nil {
		return 0
	}
	return int64(*p)
}

func bv(p *client.FlexBool) bool { return p != nil && bool(*p) }

func sv(p *client.FlexString) string {
	if p == nil {
		return ""
	}
	return string(*p)
}

// taskStatus names a status as the resource's `status` attribute; one
// outside 0, 1 and 2 is written as its number, as the provider reads it
// (and the export notes it: the provider's rules refuse it).
func taskStatus(s int64) string {
	switch s {
	case client.TaskStatusClosed:
		return "closed"
	case client.TaskStatusOpen:
		return "open"
	case client.TaskStatusPaused:
		return "paused"
	}
	return strconv.FormatInt(s, 10)
}

func (m *module) renderTask(name string, t client.Task) {
	where := typeOutboundTask + "." + name
	var b fields
	b.add("name", str(string(t.Name)))
	b.add("type", num(int64(t.Type)))
	if to := sv(t.TransTo); to != "" {
		if int64(t.Type) == client.TaskTypePredictive {
			v, c := m.groupRef(to, str(to), where+": trans_to")
			b.add("trans_to", v, c...)
		} else {
			b.add("trans_to", str(to))
		}
	}
	optInt(&b, "dept_id", iv(t.DeptID), 0)
	if s := taskStatus(iv(t.Status)); s != "closed" {
		b.add("status", str(s))
	}
	optInt(&b, "priority", iv(t.Priority), 100)
	optInt(&b, "concurrent", iv(t.Concurrent), 0)
	if len(t.Callers) > 0 {
		items := make([]expr, len(t.Callers))
		for i, c := range t.Callers {
			items[i] = str(string(c))
		}
		b.add("callers", list(items, false))
	}
	optInt(&b, "max_conn_secs", iv(t.MaxConnSecs), 300)
	optInt(&b, "timeout_secs", iv(t.TimeoutSecs), 30)
	optInt(&b, "max_queue_secs", iv(t.MaxQueueSecs), 0)
	if bv(t.EnableASR) {
		b.add("enable_asr", boolean(true))
	}
	if cfg := m.taskConfig(where, t.Config); cfg != nil {
		b.add("config", object(cfg))
	}
	if rs := t.RecallStrategies; rs != nil && (rs.Default != nil || len(rs.ASR) > 0) {
		var r fields
		if rs.Default != nil {
			r.add("default", recallRule(*rs.Default))
		}
		if len(rs.ASR) > 0 {
			asr := map[string]expr{}
			for k, v := range rs.ASR {
				asr[k] = recallRule(v)
			}
			r.add("asr", mapOf(asr))
		}
		b.add("recall_strategies", object(r))
	}
	if len(t.AssignedUsers) > 0 {
		items := make([]expr, len(t.AssignedUsers))
		var comments []string
		for i, u := range t.AssignedUsers {
			var it fields
			at := fmt.Sprintf("%s: assigned_users[%d]", where, i)
			switch {
			case u.UserID != nil:
				v, c := m.agentRef(iv(u.UserID), at+".user_id")
				it.add("user_id", v)
				if _, ok := m.agentByID[iv(u.UserID)]; !ok && m.opts.wants(KindAgents) {
					c = []string{m.dangling(where, fmt.Sprintf("assigned_users[%d].user_id", i),
						fmt.Sprintf("agent %d", iv(u.UserID)), "remove the element from assigned_users (the apply then writes the task without it) or name an agent that exists")}
				}
				comments = append(comments, c...)
			case u.UserNum != nil:
				v, c := m.resolve(resolver{kind: KindAgents, typ: typeAgent, noun: "agent with user_num", attr: "user_num",
					names: m.agentByNum}, sv(u.UserNum), str(sv(u.UserNum)), at+".user_num")
				it.add("user_num", v)
				if _, ok := m.agentByNum(sv(u.UserNum)); !ok && m.opts.wants(KindAgents) {
					c = []string{m.dangling(where, fmt.Sprintf("assigned_users[%d].user_num", i),
						fmt.Sprintf("agent %q", sv(u.UserNum)), "remove the element from assigned_users (the apply then writes the task without it) or name an agent that exists")}
				}
				comments = append(comments, c...)
			}
			optInt(&it, "conn_limit", iv(u.ConnLimit), 0)
			items[i] = object(it)
		}
		b.add("assigned_users", list(items, true), comments...)
	}
	if w := t.Worktime; w != nil && (len(w.Working) > 0 || sv(w.Name) != "") {
		var wt fields
		days := map[string]expr{}
		for day, pairs := range w.Working {
			ps := make([]expr, len(pairs))
			for i, p := range pairs {
				xs := make([]expr, len(p))
				for j, x := range p {
					xs[j] = str(x)
				}
				ps[i] = list(xs, false)
			}
			days[day] = list(ps, false)
		}
		wt.add("working", mapOf(days))
		optStr(&wt, "name", sv(w.Name))
		b.add("worktime", object(wt))
	}
	if f := t.FilterRules; f != nil && (bv(f.History) || bv(f.Blacklist) || bv(f.CallBlacklist) || bv(f.CRMProtectedClient)) {
		var fr fields
		for _, x := range []struct {
			name string
			v    *client.FlexBool
		}{{"history", f.History}, {"blacklist", f.Blacklist}, {"call_blacklist", f.CallBlacklist}, {"crm_protected_client", f.CRMProtectedClient}} {
			if bv(x.v) {
				fr.add(x.name, boolean(true))
			}
		}
		b.add("filter_rules", object(fr))
	}
	if deps := m.taskMemberships(t); len(deps) > 0 {
		b.add("depends_on", list(deps, true))
	}
	m.add(KindOutboundTasks, typeOutboundTask, name, strconv.FormatInt(int64(t.ID), 10), nil, b)
}

// dangling notes a task's reference (attr, naming what) to an object the
// platform does not hold (deleted since it was attached): the import
// adopts the task as it is, but the platform checks the whole task on
// every edit and refuses it while the reference stays, so the first apply
// that changes the task fails. It returns the comment for the attribute,
// in place of the literal's ("no webhook 301 exists"; the summary's
// literal ids still list it).
func (m *module) dangling(where, attr, what, fix string) string {
	m.notes = append(m.notes, fmt.Sprintf("dangling reference: %s: %s names %s, which is not on the platform (deleted since?); "+
		"the import adopts the task, but the platform refuses every edit of it while it names %s, so the first apply that changes the task fails: "+
		"%s, or fix the task in the portal and export again", where, attr, what, what, fix))
	return fmt.Sprintf("%s names %s, which is not on the platform: the platform refuses every edit of this task while it does; %s.", attr, what, fix)
}

// taskMemberships are the membership resources that hold the task's
// agents in its group (config.que_id), which the platform checks on every
// write of the task: after a membership drifted, an apply that restores it
// and updates the task must restore it first. Terraform cannot see that
// from the references, as the task names the group, not the membership.
func (m *module) taskMemberships(t client.Task) []expr {
	if t.Config == nil || t.Config.QueID == nil || len(t.AssignedUsers) == 0 {
		return nil
	}
	holders := m.membership[strconv.FormatInt(iv(t.Config.QueID), 10)]
	seen := map[resourceAddr]bool{}
	var out []expr
	for _, u := range t.AssignedUsers {
		id := iv(u.UserID)
		if u.UserID == nil && u.UserNum != nil {
			id = m.agentIDByNum[sv(u.UserNum)]
		}
		held, ok := holders[id]
		if !ok || seen[held] {
			continue
		}
		seen[held] = true
		out = append(out, addr(held.typ, held.name))
	}
	return out
}

// taskConfig writes config the way the resource reads an imported task:
// nothing when the service holds only its defaults, else every member the
// detail carries. An id kept literal is explained above its own line.
func (m *module) taskConfig(where string, c *client.TaskConfig) fields {
	if c == nil {
		return nil
	}
	onlyDefaults := c.CallRatioType == nil && c.ManualCallRatio == nil && c.MaxCallRatio == nil && c.TTS == nil &&
		c.NLPSilenceTime == nil && c.EnableScheduler == nil && c.AgentWaitTime == nil && c.QueID == nil &&
		iv(c.MakecallFlag) == 0 && (c.InitCallRatio == nil || *c.InitCallRatio == 1) &&
		(c.Webhook == nil || (!bv(c.Webhook.Enable) && len(c.Webhook.IDs) == 0))
	if onlyDefaults {
		return nil
	}
	var out fields
	if w := c.Webhook; w != nil && (bv(w.Enable) || len(w.IDs) > 0) {
		var wf fields
		if bv(w.Enable) {
			wf.add("enable", boolean(true))
		}
		if len(w.IDs) > 0 {
			ids := make([]expr, len(w.IDs))
			var comments []string
			for i, id := range w.IDs {
				var cm []string
				ids[i], cm = m.webhookRef(int64(id), where+": config.webhook.ids")
				if _, ok := m.webhookByID[int64(id)]; !ok && m.opts.wants(KindWebhooks) {
					cm = []string{m.dangling(where, fmt.Sprintf("config.webhook.ids[%d]", i),
						fmt.Sprintf("webhook %d", id), fmt.Sprintf("remove %d from config.webhook.ids (the apply then writes the task without it)", id))}
				}
				comments = append(comments, cm...)
			}
			wf.add("ids", list(ids, len(ids) > 3), comments...)
		}
		out.add("webhook", object(wf))
	}
	optInt(&out, "makecall_flag", iv(c.MakecallFlag), 0)
	if c.CallRatioType != nil {
		out.add("call_ratio_type", num(iv(c.CallRatioType)))
	}
	if c.ManualCallRatio != nil {
		out.add("manual_call_ratio", flt(float64(*c.ManualCallRatio)))
	}
	if c.MaxCallRatio != nil {
		out.add("max_call_ratio", flt(float64(*c.MaxCallRatio)))
	}
	if c.InitCallRatio != nil && *c.InitCallRatio != 1 {
		out.add("init_call_ratio", flt(float64(*c.InitCallRatio)))
	}
	if s := c.TTS; s != nil {
		var tf fields
		tf.add("provider", str(sv(s.Provider)))
		if sv(s.Name) != "" {
			tf.add("name", str(sv(s.Name)))
		}
		if sv(s.Voice) != "" {
			tf.add("voice", str(sv(s.Voice)))
		}
		for _, x := range []struct {
			name string
			v    *client.FlexInt
		}{{"speed", s.Speed}, {"pitch", s.Pitch}, {"volume", s.Volume}} {
			if x.v != nil {
				tf.add(x.name, num(iv(x.v)))
			}
		}
		if len(s.Options) > 0 {
			opts := map[string]expr{}
			for k, rawv := range s.Options {
				var text string
				if json.Unmarshal(rawv, &text) != nil {
					text = string(rawv)
				}
				opts[k] = str(text)
			}
			tf.add("options", mapOf(opts))
		}
		out.add("tts", object(tf))
	}
	if c.NLPSilenceTime != nil {
		out.add("nlp_silence_time", num(iv(c.NLPSilenceTime)))
	}
	if c.EnableScheduler != nil {
		out.add("enable_scheduler", boolean(bv(c.EnableScheduler)))
	}
	if c.AgentWaitTime != nil {
		out.add("agent_wait_time", num(iv(c.AgentWaitTime)))
	}
	if c.QueID != nil {
		id := iv(c.QueID)
		v, cm := m.groupRef(strconv.FormatInt(id, 10), num(id), where+": config.que_id")
		out.add("que_id", v, cm...)
	}
	return out
}

// recallRule writes a recall rule with every member the detail carries.
func recallRule(r client.RecallRule) expr {
	var f fields
	if r.Recall != nil {
		f.add("recall", num(iv(r.Recall)))
	}
	if r.RecallMaxTimes != nil {
		f.add("recall_max_times", num(iv(r.RecallMaxTimes)))
	}
	if len(r.RecallInterval) > 0 {
		xs := make([]expr, len(r.RecallInterval))
		for i, x := range r.RecallInterval {
			xs[i] = num(int64(x))
		}
		f.add("recall_interval", list(xs, false))
	}
	if r.RecallIntervalType != nil {
		f.add("recall_interval_type", num(iv(r.RecallIntervalType)))
	}
	return object(f)
}
