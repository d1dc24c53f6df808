package exporter

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// cfgKind is how a field of an agent configuration object is written.
type cfgKind int

const (
	cfgBool cfgKind = iota
	cfgInt
	cfgString
	cfgStrings
	cfgInts
	cfgObject
)

// cfgField is one field of a configuration object (spec §2.6.1), by its API
// key; the attribute is the key in snake_case (isPhones → is_phones), as
// the provider names it.
type cfgField struct {
	api  string
	kind cfgKind
	sub  []cfgField
}

func bools(keys ...string) []cfgField {
	out := make([]cfgField, len(keys))
	for i, k := range keys {
		out[i] = cfgField{api: k, kind: cfgBool}
	}
	return out
}

// agentObjects are the ten configuration objects in the provider's order.
var agentObjects = []struct {
	name   string
	fields []cfgField
}{
	{"evaluate_config", append([]cfgField{{api: "type", kind: cfgInt}}, bools("is_enable_inbound_auto_evaluate", "is_enable_outbound_auto_evaluate")...)},
	{"wait_time_config", []cfgField{{api: "type", kind: cfgInt}, {api: "next_wait", kind: cfgInt}, {api: "is_enable_busy_cancel_wait", kind: cfgBool}}},
	{"notice_config", []cfgField{{api: "type", kind: cfgInt}, {api: "is_enable_notice", kind: cfgBool}, {api: "is_enable_browser_tab_notice", kind: cfgBool},
		{api: "notice_type", kind: cfgString}, {api: "system_notice_position", kind: cfgString}, {api: "is_auto_close", kind: cfgBool},
		{api: "auto_close_interval", kind: cfgInt}}},
	{"user_caller", []cfgField{{api: "type", kind: cfgInt}, {api: "auto", kind: cfgBool}, {api: "isXtels", kind: cfgBool}, {api: "isPhones", kind: cfgBool},
		{api: "isGroups", kind: cfgBool}, {api: "groups", kind: cfgStrings}, {api: "groupNames", kind: cfgStrings}, {api: "phones", kind: cfgStrings},
		{api: "xtels", kind: cfgStrings}}},
	{"outbound_callers", []cfgField{{api: "type", kind: cfgInt}, {api: "isPhones", kind: cfgBool}, {api: "isGroups", kind: cfgBool},
		{api: "groups", kind: cfgStrings}, {api: "groupNames", kind: cfgStrings}, {api: "phones", kind: cfgStrings}}},
	{"user_display", []cfgField{{api: "type", kind: cfgInt}, {api: "isPhones", kind: cfgBool}, {api: "phones", kind: cfgStrings}}},
	{"wincall_buttons", []cfgField{{api: "type", kind: cfgInt}, {api: "buttons", kind: cfgObject, sub: bools("consult", "transfer", "threeway",
		"evaluation", "service", "auto_answer", "outbound_callers", "trans_ivr", "switch_phone", "raise_hand", "dining_remind", "outcall",
		"innercall", "queue", "logout")}}},
	{"wincall_transfer_ivrs", []cfgField{{api: "type", kind: cfgInt}, {api: "transfer_ivrs", kind: cfgInts}}},
	{"wincall_interact_ivrs", []cfgField{{api: "type", kind: cfgInt}, {api: "interact_ivrs", kind: cfgInts}}},
	{"wincall_transfer_queues", []cfgField{{api: "type", kind: cfgInt}, {api: "transfer_queues", kind: cfgInts}}},
}

// snake turns an API key into the attribute name: isPhones → is_phones.
func snake(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= 'A' && r <= 'Z' {
			b.WriteByte('_')
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// jsonMap renders v as a JSON object with numbers kept as json.Number.
func jsonMap(v any) map[string]any {
	b, _ := json.Marshal(v)
	m := map[string]any{}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	_ = d.Decode(&m)
	return m
}

// agentDefaults are the configuration objects as the spec defaults them.
var agentDefaults = jsonMap(client.DefaultAgentObjects())

// sameValue compares two JSON values of one field; a missing or null list
// is an empty one, as the provider reads it.
func sameValue(kind cfgKind, a, b any) bool {
	switch kind {
	case cfgStrings, cfgInts:
		x, _ := a.([]any)
		y, _ := b.([]any)
		if len(x) != len(y) {
			return false
		}
		for i := range x {
			if fmt.Sprint(x[i]) != fmt.Sprint(y[i]) {
				return false
			}
		}
		return true
	}
	return fmt.Sprint(a) == fmt.Sprint(b)
}

// renderAgent writes the agent; comments go above its block.
func (m *module) renderAgent(name string, a client.Agent, comments []string) {
	var b fields
	where := typeAgent + "." + name
	b.add("user_num", str(string(a.UserNum)))
	b.add("user_name", str(string(a.UserName)))
	// Optional and computed texts: unset keeps the service's value, so
	// only what is set is written.
	optStr(&b, "ag_nickname", string(a.AgNickname))
	optStr(&b, "user_email", string(a.UserEmail))
	optStr(&b, "user_sms_phone", string(a.UserSMSPhone))
	optStr(&b, "fixed_phone", string(a.FixedPhone))
	optStr(&b, "crm_id", string(a.CrmID))
	optStr(&b, "user_type", string(a.UserType))
	optInt(&b, "user_status", int64(a.UserStatus), client.AgentStatusOnDuty)
	// A 0 outside the provider's rules (client.Agent.ZerosLeftUnset, the
	// agent list resource's rule too) is left unset and noted; optInt
	// leaves 0 out.
	for _, attr := range a.ZerosLeftUnset() {
		m.unsetOutside(where, attr, 0, "at least 1")
	}
	optInt(&b, "dept_id", int64(a.DeptID), 0)
	optInt(&b, "role_id", int64(a.RoleID), 0)
	optInt(&b, "position_id", int64(a.PositionID), 0)
	optInt(&b, "supervisor_id", int64(a.SupervisorID), 0)
	// is_enable_mfa: the config member's 1 on / 2 off, else the list
	// item's own 0/1 (as the provider reads it).
	mfa := int64(2)
	if a.Config != nil && a.Config.IsEnableMFA != nil && (*a.Config.IsEnableMFA == 1 || *a.Config.IsEnableMFA == 2) {
		mfa = int64(*a.Config.IsEnableMFA)
	} else if a.IsEnableMFA == 1 {
		mfa = 1
	}
	if cfg := a.Config; cfg != nil {
		// A setting the config member lacks (§2.6 does not promise the
		// scalars in it) is left out, as a default is: what the agent
		// holds is not known, so the configuration does not say.
		// A setting at its add default is left out, and so are
		// max_sessions and basic_sessions at 0, the service's "not set".
		for _, s := range client.AgentSettings {
			omit := cmp.Or(s.Default, "0")
			if v, ok := s.In(cfg); ok && v != omit {
				if s.Bool != nil {
					b.add(s.Name, boolean(v == "true"))
				} else {
					n, _ := strconv.ParseInt(v, 10, 64)
					b.add(s.Name, num(n))
				}
			}
			if s.Name == "user_outcall_popup" {
				optInt(&b, "is_enable_mfa", mfa, 2) // where the roster's columns have it
			}
		}
		actual := jsonMap(cfg.AgentObjects)
		for _, o := range agentObjects {
			got, _ := actual[o.name].(map[string]any)
			def, _ := agentDefaults[o.name].(map[string]any)
			fs, comments := m.configFields(where+": "+o.name, o.fields, got, def)
			if len(fs) > 0 {
				b.add(o.name, object(fs), comments...)
			}
		}
	} else {
		optInt(&b, "is_enable_mfa", mfa, 2)
	}
	// Imported by its number, which cannot change and is unique in a
	// contact center, not by its id: ids are only unique within a center
	// (staging's agent 1001 is another person's id in production), so a
	// folder exported from one center and planned against another (a
	// promotion) imported whichever agent held the id there, and the plan
	// replaced it, deleting it, to create the exported number. By number,
	// the import adopts the agent of that number or fails, naming it.
	m.addImportingAs(KindAgents, typeAgent, name, strconv.FormatInt(int64(a.UserID), 10), "user_num:"+string(a.UserNum), comments, b)
}

// configFields returns the fields of one configuration object that differ
// from the spec's defaults (a field the API leaves out is its default).
func (m *module) configFields(where string, spec []cfgField, got, def map[string]any) (fields, []string) {
	var out fields
	var comments []string
	for _, f := range spec {
		v, ok := got[f.api]
		if !ok || v == nil {
			continue
		}
		if f.kind == cfgObject {
			sub, _ := v.(map[string]any)
			subDef, _ := def[f.api].(map[string]any)
			fs, c := m.configFields(where+"."+f.api, f.sub, sub, subDef)
			if len(fs) > 0 {
				out.add(snake(f.api), object(fs))
				comments = append(comments, c...)
			}
			continue
		}
		if sameValue(f.kind, v, def[f.api]) {
			continue
		}
		switch f.kind {
		case cfgBool:
			bv, _ := v.(bool)
			out.add(snake(f.api), boolean(bv))
		case cfgInt:
			n, _ := strconv.ParseInt(fmt.Sprint(v), 10, 64)
			out.add(snake(f.api), num(n))
		case cfgString:
			out.add(snake(f.api), str(fmt.Sprint(v)))
		case cfgStrings:
			xs, _ := v.([]any)
			items := make([]expr, len(xs))
			for i, x := range xs {
				items[i] = str(fmt.Sprint(x))
			}
			out.add(snake(f.api), list(items, false))
		case cfgInts:
			xs, _ := v.([]any)
			items := make([]expr, len(xs))
			for i, x := range xs {
				n, _ := strconv.ParseInt(fmt.Sprint(x), 10, 64)
				items[i] = num(n)
				if f.api == "transfer_queues" {
					var c []string
					items[i], c = m.groupRef(strconv.FormatInt(n, 10), num(n), where+".transfer_queues")
					comments = append(comments, c...)
				}
			}
			out.add(snake(f.api), list(items, false))
		}
	}
	return out, comments
}

// unsetOutside notes a value outside the provider's rules that the export
// leaves unset rather than writing it (0, which the platform also answers
// for a value it does not hold): unset, the provider keeps the platform's
// value and an edit does not send it, so the module validates and plans no
// change. Written, validate would refuse it; left out silently, the user
// did not know the agent holds it.
func (m *module) unsetOutside(where, attr string, v int64, rule string) {
	m.notes = append(m.notes, fmt.Sprintf("outside the provider's rules: %s: %s is %d on the platform (the provider's rule: %s); "+
		"left unset, so the agent keeps it and applies do not send it; set %s to change it", where, attr, v, rule, attr))
}
