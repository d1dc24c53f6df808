package exporter

import (
	"fmt"
	"math/big"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/textcheck"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// The export writes what the platform holds, also a value outside the
// provider's rules (an e-mail address with a space, max_sessions 500, a
// webhook URL of ftp://): changing it would change the object at the first
// apply without the user knowing. terraform validate then refuses it; the
// export names each such value first (a note of the summary, a comment
// above the attribute), so the user knows before validate. The rules below
// are the provider's validators of the attributes the export writes (a
// test holds them to the provider's own).

// rule is one attribute's rule: desc says it as the provider does. A rule
// with when applies only to a block whose written values (by attribute
// name) it accepts: the provider's rules that depend on another attribute.
type rule struct {
	desc string
	ok   func(cty.Value) bool
	when func(block map[string]cty.Value) bool
	// key, when set, checks the key of a map's element (a rule of path.*)
	// instead of its value.
	key func(string) bool
}

func intRule(desc string, ok func(int64) bool) rule {
	return rule{desc: desc, ok: func(v cty.Value) bool {
		if v.Type() != cty.Number {
			return true
		}
		n, acc := v.AsBigFloat().Int64()
		return acc == big.Exact && ok(n)
	}}
}

func oneOf(vals ...int64) rule {
	s := make([]string, len(vals))
	for i, v := range vals {
		s[i] = fmt.Sprint(v)
	}
	return intRule("must be one of "+strings.Join(s, ", "), func(n int64) bool { return slices.Contains(vals, n) })
}

func between(lo, hi int64) rule {
	return intRule(fmt.Sprintf("must be from %d to %d", lo, hi), func(n int64) bool { return n >= lo && n <= hi })
}

func atLeast(lo int64) rule {
	return intRule(fmt.Sprintf("must be at least %d", lo), func(n int64) bool { return n >= lo })
}

// atLeastNumber is tfkit.FloatAtLeast(lo): a call ratio.
func atLeastNumber(lo float64) rule {
	return rule{desc: fmt.Sprintf("must be at least %g", lo), ok: func(v cty.Value) bool {
		if v.Type() != cty.Number {
			return true
		}
		f, _ := v.AsBigFloat().Float64()
		return f >= lo
	}}
}

// keyOneOf is mapvalidator.KeysAre(stringvalidator.OneOf(keys...)): the
// rule of a map's element (path.*) on its key.
func keyOneOf(keys ...string) rule {
	return rule{desc: fmt.Sprintf("must be one of %q", keys), key: func(k string) bool { return slices.Contains(keys, k) }}
}

func textRule(desc string, ok func(string) bool) rule {
	return rule{desc: desc, ok: func(v cty.Value) bool { return v.Type() != cty.String || ok(v.AsString()) }}
}

// nonSpace and the texts' rules are the provider's (resources/text_rules.go).
const nonSpace = tfkit.NonSpace

var (
	trimmedRE  = regexp.MustCompile(`(?s)^(` + nonSpace + `(.*` + nonSpace + `)?)?$`)
	userTypeRE = regexp.MustCompile(`^([1-7](,[1-7])*)?$`)
	waitRE     = regexp.MustCompile(`^(-1|[0-9]+)$`)
	// worktimeRE is a time of day (resources/outbound_task_config.go).
	worktimeRE = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$`)
	// groupIDRE is a skill-group id (resources/skill_group_members.go).
	groupIDRE = regexp.MustCompile(`^[1-9][0-9]*$`)
	// templateVarsRE is an SMS template text whose every "${" opens a
	// variable ${name} (resources/sms_template.go), also after a "$".
	templateVarsRE = regexp.MustCompile(`^([^$]|\$+[^{$]|\$+$|\$+\{[^{}\s\x0B\x{85}\p{Z}]+\})*$`)
	// noBracketsRE is a gateway signature's text without brackets
	// (resources/gateway_sms_signature.go).
	noBracketsRE = regexp.MustCompile(`^[^【】\[\]]*$`)
)

var (
	trimmed  = textRule("must not begin or end with white space (the service trims it)", trimmedRE.MatchString)
	notEmpty = textRule("must not be empty", func(s string) bool { return s != "" })
	// notBlank leaves "" to notEmpty, as the provider's does.
	notBlank = textRule("must hold more than white space", func(s string) bool { return !textcheck.Blank(s) })
	email    = textRule("must be an e-mail address such as ann.lee@example.com", func(s string) bool { return s == "" || textcheck.Email(s) })
	httpURL  = textRule("must be an http:// or https:// URL with a host, without white space at either end", func(s string) bool {
		u, err := url.Parse(s)
		return strings.TrimSpace(s) == s && err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && u.Hostname() != ""
	})
	oneOfText = func(vals ...string) rule {
		return textRule(fmt.Sprintf("must be one of %q", vals), func(s string) bool { return slices.Contains(vals, s) })
	}
	lengthBetween = func(lo, hi int) rule {
		return textRule(fmt.Sprintf("must be from %d to %d characters long", lo, hi), func(s string) bool {
			n := utf8.RuneCountInString(s)
			return n >= lo && n <= hi
		})
	}
	noBrackets      = textRule("must be given without brackets ([ ] or 【 】)", noBracketsRE.MatchString)
	smsTemplateVars = textRule(`must write every variable as ${name}: each "${" needs a name without white space and a closing "}"`, templateVarsRE.MatchString)
	gatewayVars     = textRule("must write every variable as ${name}", func(s string) bool { _, err := client.TemplateVariables(s); return err == nil })
	// weekday is a key of worktime.working (the task's worktimeValidator).
	weekday = rule{desc: `must be a weekday from "0" (Sunday) to "6" (Saturday)`, key: func(k string) bool { return len(k) == 1 && k[0] >= '0' && k[0] <= '6' }}
	// workingHours is one [start, end] pair of worktime.working (the
	// task's worktimeValidator).
	workingHours = rule{desc: "must be a [start, end] pair of times in HH:mm:ss, start before end", ok: func(v cty.Value) bool {
		if !v.Type().IsTupleType() && !v.Type().IsListType() {
			return true
		}
		var times []string
		for it := v.ElementIterator(); it.Next(); {
			_, t := it.Element()
			if t.IsNull() || !t.IsKnown() || t.Type() != cty.String || !worktimeRE.MatchString(t.AsString()) {
				return false
			}
			times = append(times, t.AsString())
		}
		return len(times) == 2 && times[0] < times[1]
	}}
	// predictiveTransTo: a predictive task hands its calls to a skill
	// group, and trans_to is that group's id (the task's ConfigValidator).
	predictiveTransTo = rule{desc: "must be a skill-group id (a whole number from 1, without leading zeros) for a predictive task (type = 1)",
		ok: textRule("", groupIDRE.MatchString).ok, when: func(b map[string]cty.Value) bool {
			t, ok := b["type"]
			return ok && t.IsKnown() && !t.IsNull() && t.Type() == cty.Number && t.Equals(cty.NumberIntVal(client.TaskTypePredictive)).True()
		}}
)

// rules are the provider's rules by resource type and attribute path (an
// object's field as object.field).
var rules = map[string]map[string][]rule{
	typeAgent: agentRules(),
	typeSkillGroup: {
		"que_name": {notEmpty, trimmed}, "que_priority": {between(0, 255)}, "que_num": {trimmed}, "que_type": {oneOf(0, 1, 2)},
		"que_length": {atLeast(0)}, "que_time": {atLeast(0)}, "ring_time": {atLeast(0)}, "next_wait": {atLeast(0)},
		"b_announce": {oneOf(0, 1)}, "noans_times": {atLeast(0)}, "noans_wait": {atLeast(0)}, "noans_action": {oneOfText("0", "1")},
		"que_strategy": {oneOf(1, 2, 9)}, "wait_audio": {textRule("must be -1, 0 or a voice-file id (digits)", waitRE.MatchString)},
		"auto_evaluate": {oneOf(0, 1)},
	},
	typeWebhook: {
		"name": {notEmpty, trimmed}, "url": {httpURL}, "event_type": {oneOf(0, 1, 2)}, "dept_id": {atLeast(0)},
	},
	// A task's name is kept as written: white space at either end is
	// within the rules, white space only is not.
	typeOutboundTask: {
		"name": {notEmpty, notBlank}, "type": {oneOf(1, 3, 4)}, "dept_id": {atLeast(0)},
		"trans_to": {notEmpty, trimmed, predictiveTransTo}, "callers.*": {notEmpty},
		"status":   {oneOfText("closed", "open", "paused")},
		"priority": {between(0, 255)}, "concurrent": {atLeast(0)}, "max_conn_secs": {atLeast(0)}, "timeout_secs": {atLeast(0)},
		"max_queue_secs": {atLeast(0)},
		// The nested attributes (resources/outbound_task_config.go,
		// outbound_task_users.go).
		"config.webhook.ids.*": {atLeast(1)}, "config.makecall_flag": {oneOf(0, 8)}, "config.call_ratio_type": {oneOf(0, 1)},
		"config.manual_call_ratio": {atLeastNumber(0)}, "config.max_call_ratio": {atLeastNumber(0)}, "config.init_call_ratio": {atLeastNumber(0)},
		"config.tts.provider": {oneOfText("ali", "tx")}, "config.tts.name": {notEmpty}, "config.tts.voice": {notEmpty},
		"config.nlp_silence_time": {atLeast(0)}, "config.agent_wait_time": {atLeast(0)}, "config.que_id": {atLeast(1)},
		"recall_strategies.default.recall": {oneOf(0, 1)}, "recall_strategies.default.recall_max_times": {atLeast(0)},
		"recall_strategies.default.recall_interval.*": {atLeast(0)},
		"recall_strategies.asr.*":                     {keyOneOf("1", "2", "3", "4", "5", "11")},
		"recall_strategies.asr.*.recall":              {oneOf(0, 1)}, "recall_strategies.asr.*.recall_max_times": {atLeast(0)},
		"recall_strategies.asr.*.recall_interval.*": {atLeast(0)},
		"assigned_users.*.user_id":                  {atLeast(1)}, "assigned_users.*.user_num": {notEmpty}, "assigned_users.*.conn_limit": {atLeast(0)},
		"worktime.name": {notEmpty}, "worktime.working.*": {weekday}, "worktime.working.*.*": {workingHours},
	},
	typeSMSTemplate: {
		"template_name": {notEmpty, trimmed}, "template_contents": {notEmpty, notBlank, smsTemplateVars},
		"sign_id": {atLeast(1)}, "dept_id": {atLeast(0)},
	},
	typeSMSSignature:        {"sign_text": {notEmpty, trimmed}},
	typeSound:               {"name": {notEmpty, trimmed}, "remark": {notEmpty}, "sound_type": {between(1, 6)}, "source": {notEmpty}},
	typeGatewaySMSSignature: {"sign_text": {notEmpty, noBrackets, notBlank}},
	typeGatewaySMSTemplate: {
		"tpl_text": {lengthBetween(1, client.GatewayMaxContent), notBlank, gatewayVars}, "tpl_type": {oneOf(1, 2, 3)},
		"tpl_title": {notEmpty, notBlank}, "remark": {notEmpty},
		"sign_text": {notEmpty, noBrackets, notBlank},
	},
}

// requirement is one of the provider's rules "these attributes are
// required when every condition holds" (framework.RequiredWhen): the
// platform's object may lack one (a task made in the portal, whose rules
// are looser, or before the rule), and the export cannot write what it
// lacks, so terraform validate refuses the block. A condition names an
// attribute by path (config.call_ratio_type) and the value it must hold;
// one written as a reference (unknown) holds no value, and the rule is
// skipped, as the provider's is.
type requirement struct {
	because string
	when    map[string]cty.Value
	paths   []string
}

// requiredWhen are the provider's requirements by resource type: the
// task's ConfigValidators (resources/outbound_task.go; a test holds them
// to the provider's own).
var requiredWhen = map[string][]requirement{
	typeOutboundTask: func() []requirement {
		predictive, robot := cty.NumberIntVal(client.TaskTypePredictive), cty.NumberIntVal(client.TaskTypeRobot)
		return []requirement{
			{because: "for a predictive task (type = 1): list the agents who take the calls",
				when: map[string]cty.Value{"type": predictive}, paths: []string{"assigned_users"}},
			{because: "for a predictive task (type = 1)",
				when: map[string]cty.Value{"type": predictive}, paths: []string{"config.call_ratio_type", "config.max_call_ratio"}},
			{because: "when config.call_ratio_type = 1 (manual)",
				when: map[string]cty.Value{"type": predictive, "config.call_ratio_type": cty.NumberIntVal(1)}, paths: []string{"config.manual_call_ratio"}},
			{because: "for a robot task (type = 4)", when: map[string]cty.Value{"type": robot},
				paths: []string{"config.tts", "config.nlp_silence_time", "config.enable_scheduler", "config.agent_wait_time", "config.que_id", "config.max_call_ratio"}},
			{because: "for a robot task (type = 4) with config.enable_scheduler = true; each agent must belong to the skill group config.que_id",
				when: map[string]cty.Value{"type": robot, "config.enable_scheduler": cty.True}, paths: []string{"assigned_users"}},
		}
	}(),
}

// lookup is the written value at p (config.que_id) in a block's values:
// ok is false when nothing is written there. An unknown or null object on
// the way is the value.
func lookup(block map[string]cty.Value, p string) (cty.Value, bool) {
	segs := strings.Split(p, ".")
	v, ok := block[segs[0]]
	for _, s := range segs[1:] {
		if !ok || v.IsNull() || !v.IsKnown() {
			break
		}
		if !v.Type().IsObjectType() || !v.Type().HasAttribute(s) {
			return cty.NilVal, false
		}
		v = v.GetAttr(s)
	}
	return v, ok
}

// missing is framework.Missing over a written value: nothing written,
// null, or a known empty collection. An unknown value is not missing.
func missing(v cty.Value, ok bool) bool {
	switch {
	case !ok || v.IsNull():
		return true
	case !v.IsKnown():
		return false
	case v.Type().IsListType() || v.Type().IsTupleType() || v.Type().IsSetType() || v.Type().IsMapType():
		return v.LengthInt() == 0
	}
	return false
}

// unmet are the requirements of typ that a block's values leave unmet, as
// "config.tts is required for a robot task (type = 4)".
func unmet(typ string, vals map[string]cty.Value) []string {
	var out []string
	for _, r := range requiredWhen[typ] {
		holds := true
		for p, want := range r.when {
			v, ok := lookup(vals, p)
			if !ok || v.IsNull() || !v.IsKnown() || !v.Type().Equals(want.Type()) || !v.Equals(want).True() {
				holds = false
				break
			}
		}
		if !holds {
			continue
		}
		for _, p := range r.paths {
			if missing(lookup(vals, p)) {
				out = append(out, p+" is required "+r.because)
			}
		}
	}
	return out
}

// unusedSetting is one of the provider's plan warnings "set, but the
// task's other settings leave it unused" (resources/outbound_task.go,
// unusedTaskSettings): the platform stores such a setting and never
// applies it, and a portal may keep both recall branches. The export
// writes what the platform holds, so its first plan would warn about a
// module the summary says changes nothing: the export says so first.
type unusedSetting struct {
	path, because string
	// applies tells, from the block's values, whether the setting is
	// unused (an unknown value: not known to be).
	applies func(vals map[string]cty.Value) bool
}

// unusedSettings are the task's (§2.7.1, §2.7.2).
var unusedSettings = map[string][]unusedSetting{
	typeOutboundTask: func() []unusedSetting {
		// asrIs tells whether enable_asr is is (unset: false, its default).
		asrIs := func(is bool) func(map[string]cty.Value) bool {
			return func(vals map[string]cty.Value) bool {
				v, ok := lookup(vals, "enable_asr")
				if !ok || v.IsNull() {
					return !is
				}
				return v.IsKnown() && v.Type().Equals(cty.Bool) && v.True() == is
			}
		}
		notPredictive := func(vals map[string]cty.Value) bool {
			v, ok := lookup(vals, "type")
			return ok && !v.IsNull() && v.IsKnown() && v.Type().Equals(cty.Number) && !v.Equals(cty.NumberIntVal(client.TaskTypePredictive)).True()
		}
		return []unusedSetting{
			{"recall_strategies.asr", "used only when enable_asr = true, and enable_asr is false: the platform recalls by recall_strategies.default", asrIs(false)},
			{"recall_strategies.default", "used only when enable_asr = false, and enable_asr is true: the platform recalls by recall_strategies.asr", asrIs(true)},
			{"config.call_ratio_type", "used by predictive tasks only (type = 1)", notPredictive},
			{"config.manual_call_ratio", "used by predictive tasks only (type = 1)", notPredictive},
		}
	}(),
}

// unused are the settings of typ that a block holds and its other values
// leave unused, as "recall_strategies.asr is used only when ...".
func unused(typ string, vals map[string]cty.Value) []string {
	var out []string
	for _, u := range unusedSettings[typ] {
		if v, ok := lookup(vals, u.path); !missing(v, ok) && u.applies(vals) {
			out = append(out, u.path+" is "+u.because)
		}
	}
	return out
}

// mapAttrs are the attributes, by resource type, that are maps: their
// elements are named by key (asr["1"]), where an object's are attributes.
var mapAttrs = map[string]map[string]bool{
	typeOutboundTask: {"recall_strategies.asr": true, "config.tts.options": true, "worktime.working": true},
}

func agentRules() map[string][]rule {
	r := map[string][]rule{
		"user_num": {notEmpty, trimmed}, "user_name": {notEmpty, trimmed}, "ag_nickname": {trimmed}, "user_email": {email},
		"user_sms_phone": {trimmed}, "fixed_phone": {trimmed}, "crm_id": {trimmed},
		"user_type":   {textRule(`must be a comma-separated list of agent types 1-7, such as "1,2"`, userTypeRE.MatchString)},
		"user_status": {oneOf(1, 2, 3)}, "dept_id": {atLeast(1)}, "role_id": {atLeast(0)}, "position_id": {atLeast(0)},
		"supervisor_id": {atLeast(0)}, "user_phone_type": {oneOf(3, 4)}, "user_login_state": {oneOf(1, 2)},
		"user_auto_login": {oneOf(0, 1)}, "user_outcall_popup": {oneOf(1, 2)}, "is_enable_mfa": {oneOf(1, 2)},
		"max_sessions": {between(0, 300)}, "basic_sessions": {atLeast(1)}, "is_enable_update_capcity": {oneOf(1, 2)},
		"wait_time_config.next_wait":                {atLeast(0)},
		"notice_config.notice_type":                 {oneOfText("system", "browser")},
		"notice_config.system_notice_position":      {oneOfText("bottomRight", "topRight", "topLeft", "bottomLeft")},
		"notice_config.auto_close_interval":         {atLeast(0)},
		"wincall_transfer_queues.transfer_queues.*": {atLeast(1)},
		"wincall_transfer_ivrs.transfer_ivrs.*":     {atLeast(1)},
		"wincall_interact_ivrs.interact_ivrs.*":     {atLeast(1)},
		"evaluate_config.type":                      {oneOf(1, 2)},
		"wait_time_config.type":                     {oneOf(1, 2)},
		"notice_config.type":                        {oneOf(1, 2)},
		"user_caller.type":                          {oneOf(1, 2)},
		"outbound_callers.type":                     {oneOf(1, 2)},
		"user_display.type":                         {oneOf(1, 2)},
		"wincall_buttons.type":                      {oneOf(1, 2)},
		"wincall_transfer_ivrs.type":                {oneOf(1, 2)},
		"wincall_interact_ivrs.type":                {oneOf(1, 2)},
		"wincall_transfer_queues.type":              {oneOf(1, 2)},
	}
	return r
}

// fixAdvice says how to fix a value outside the provider's rules. The
// gateway has no interface to change or delete a signature or a template
// (§4.8: add and get only; the resources replace them on any change): a
// fix here creates a new one, and neither the portal nor the apply
// changes the one exported.
func fixAdvice(typ string) string {
	if typ == typeGatewaySMSSignature || typ == typeGatewaySMSTemplate {
		return "the gateway can neither change nor delete it, so leave it out (remove this block, its import block and what refers to it), " +
			"or fix it here (the apply creates a new one, which goes to review, and this one stays on the gateway)."
	}
	return "fix it in the portal and export again, or here (the apply then changes the object)."
}

// checkRules names each written value outside the provider's rules: a note
// of the summary and a comment above the attribute. A reference is
// unknown (the literals beside it are checked); other expressions that
// are not literals are not checked.
func (m *module) checkRules() {
	for _, k := range AllKinds {
		for bi := range m.blocks[k] {
			b := &m.blocks[k][bi]
			if b.typ != "resource" || len(b.labels) != 2 {
				continue
			}
			byAttr := rules[b.labels[0]]
			if byAttr == nil {
				continue
			}
			vals := map[string]cty.Value{}
			for _, f := range b.body {
				e, diags := hclsyntax.ParseExpression(f.value.Bytes(), "", hcl.InitialPos)
				if diags.HasErrors() {
					continue
				}
				if v, diags := e.Value(refsUnknown); !diags.HasErrors() {
					vals[f.name] = v
				}
			}
			for fi := range b.body {
				f := &b.body[fi]
				v, ok := vals[f.name]
				if !ok {
					continue
				}
				for _, bad := range outside(byAttr, mapAttrs[b.labels[0]], vals, f.name, f.name, "", v) {
					m.notes = append(m.notes, fmt.Sprintf("outside the provider's rules: %s.%s: %s; terraform validate refuses it",
						b.labels[0], b.labels[1], bad))
					f.comments = append(f.comments, "Outside the provider's rules: "+bad+". terraform validate refuses it: "+fixAdvice(b.labels[0]))
				}
			}
			// What the object lacks has no line: the comment is above the
			// block.
			for _, req := range unmet(b.labels[0], vals) {
				m.notes = append(m.notes, fmt.Sprintf("outside the provider's rules: %s.%s: %s; the platform's task has none; terraform validate refuses it",
					b.labels[0], b.labels[1], req))
				b.comments = append(b.comments, "Outside the provider's rules: "+req+"; the platform's task has none. terraform validate refuses it: "+
					"set it in the portal and export again, or add it here (the apply then changes the object).")
			}
			for _, u := range unused(b.labels[0], vals) {
				m.notes = append(m.notes, fmt.Sprintf("not used by the platform: %s.%s: %s; the plan warns", b.labels[0], b.labels[1], u))
				b.comments = append(b.comments, "Not used by the platform: "+u+". The plan warns about it: remove it here "+
					"(the next apply updates the task without it), or change the setting that leaves it unused.")
			}
		}
	}
}

// refsUnknown evaluates a reference to another resource as unknown, so
// the literals beside it (a task's config beside its webhooks' ids) are
// checked.
var refsUnknown = &hcl.EvalContext{Variables: map[string]cty.Value{}}

func init() {
	for _, t := range []string{typeAgent, typeSkillGroup, typeSkillGroupMembers, typeSkillGroupMember, typeWebhook, typeOutboundTask,
		typeSMSSignature, typeSMSTemplate, typeSound, typeGatewaySMSSignature, typeGatewaySMSTemplate} {
		refsUnknown.Variables[t] = cty.DynamicVal
	}
}

// outside checks v, the value of the attribute at p, and its fields; block
// holds the block's values. at is p as Terraform names it, a list's
// element by its index (callers[1]) and a map's by its key (asr["7"]),
// where the rules name any element (callers.*); key is the element's key
// when v is a map's element (isMap names the maps by p).
func outside(byAttr map[string][]rule, isMap map[string]bool, block map[string]cty.Value, p, at, key string, v cty.Value) []string {
	if v.IsNull() || !v.IsKnown() {
		return nil
	}
	var out []string
	for _, r := range byAttr[p] {
		switch {
		case r.key != nil:
			if strings.HasSuffix(p, ".*") && !r.key(key) {
				out = append(out, fmt.Sprintf("%s: the key %s", at, r.desc))
			}
		case (r.when == nil || r.when(block)) && !r.ok(v):
			out = append(out, fmt.Sprintf("%s = %s: %s", at, show(v), r.desc))
		}
	}
	switch {
	case (v.Type().IsObjectType() || v.Type().IsMapType()) && isMap[p]:
		for it := v.ElementIterator(); it.Next(); {
			k, ev := it.Element()
			out = append(out, outside(byAttr, isMap, block, p+".*", at+"["+show(k)+"]", k.AsString(), ev)...)
		}
	case v.Type().IsObjectType() || v.Type().IsMapType():
		for it := v.ElementIterator(); it.Next(); {
			k, ev := it.Element()
			out = append(out, outside(byAttr, isMap, block, p+"."+k.AsString(), at+"."+k.AsString(), "", ev)...)
		}
	case v.Type().IsTupleType() || v.Type().IsListType():
		for it := v.ElementIterator(); it.Next(); {
			i, ev := it.Element()
			out = append(out, outside(byAttr, isMap, block, p+".*", at+"["+show(i)+"]", "", ev)...)
		}
	}
	return out
}

// show is a value as the configuration holds it: a text quoted.
func show(v cty.Value) string {
	if v.Type() == cty.String {
		return fmt.Sprintf("%q", v.AsString())
	}
	if v.Type() == cty.Number {
		return v.AsBigFloat().Text('f', -1)
	}
	return fmt.Sprint(v.GoString())
}
