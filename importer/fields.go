package importer

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/textcheck"
)

// Kind says how a column's cells are read and checked.
type Kind int

// The kinds of agent columns.
const (
	KindCode     Kind = iota // an identifier: digits kept exactly, or text without blanks
	KindText                 // free text as shown
	KindSecret               // a password: read as text, never echoed
	KindEmail                // an e-mail address
	KindPhone                // digits with an optional leading +
	KindInt                  // a whole number
	KindEnum                 // one of Field.Enum, by code or label
	KindBool                 // TRUE/FALSE, yes/no, 1/0
	KindIntList              // comma list of ids, canonical "1,2,3"
	KindEnumList             // comma list of Field.Enum codes, canonical sorted
)

// EnumValue is one allowed value: the code the API takes and its label.
type EnumValue struct {
	Code  string
	Label string
}

// Field is one column of the agent roster: a parameter of users/add (§4.2).
type Field struct {
	Name string
	Kind Kind
	Enum []EnumValue
	// Min and Max bound KindInt values when HasMin/HasMax (§8 limits).
	Min, Max       int64
	HasMin, HasMax bool
	// Unique fields may not repeat within the sheet (§4.2 "unique").
	Unique bool
	// Note explains the column in the template.
	Note string
}

// index of a field in AgentFields, by name.
var fieldIndex = map[string]int{}

// headerIndex maps folded header text (normHeader) to a field index.
var headerIndex = map[string]int{}

func init() {
	for i, f := range AgentFields {
		fieldIndex[f.Name] = i
		headerIndex[normHeader(f.Name)] = i
	}
}

var (
	onOff12 = []EnumValue{{"1", "on"}, {"2", "off"}}
)

// AgentFields are the roster columns, in template order: the scalar add
// parameters of spec §4.2 (the 2.6.1 configuration objects are left to
// Terraform's contactcenter_agent).
var AgentFields = []Field{
	{Name: "user_num", Kind: KindCode, Unique: true, Note: "Agent number (required, unique). Rows are matched to existing agents by it; it cannot be changed."},
	{Name: "user_name", Kind: KindText, Note: "Agent name. Required for a new agent."},
	{Name: "user_password", Kind: KindSecret, Note: "Initial password. Required for a new agent; used only when the agent is created or a resigned agent re-activated (user_status 2 to 1), or with apply --reset-passwords. Never exported or reported."},
	{Name: "ag_nickname", Kind: KindText, Note: "Nickname shown to customers."},
	{Name: "user_email", Kind: KindEmail, Unique: true, Note: "E-mail address (unique)."},
	{Name: "user_sms_phone", Kind: KindPhone, Unique: true, Note: "Mobile number for SMS (unique). Digits; type it as text or a number."},
	{Name: "fixed_phone", Kind: KindPhone, Note: "Fixed extension."},
	{Name: "user_status", Kind: KindEnum, Enum: []EnumValue{{"1", "on duty"}, {"2", "resigned"}, {"3", "frozen"}}, Note: "1 on duty (default), 2 resigned, 3 frozen."},
	{Name: "dept_id", Kind: KindInt, HasMin: true, Min: 1, Note: "Department id, at least 1 (default: the root department)."},
	{Name: "role_id", Kind: KindInt, HasMin: true, Min: 0, Note: "Role id."},
	{Name: "crm_id", Kind: KindText, Note: "Third-party (CRM) id."},
	{Name: "user_type", Kind: KindEnumList, Enum: []EnumValue{{"1", "call center"}, {"2", "online chat"}, {"3", "work order"}, {"4", "management"}, {"5", "voice assist"}, {"6", "video service"}, {"7", "text assist"}}, Note: "Comma list of: 1 call center, 2 online chat, 3 work order, 4 management, 5 voice assist, 6 video service, 7 text assist."},
	{Name: "position_id", Kind: KindInt, HasMin: true, Min: 0, Note: "Position id."},
	{Name: "supervisor_id", Kind: KindInt, HasMin: true, Min: 0, Note: "Supervisor's user_id."},
	{Name: "queue_ids", Kind: KindIntList, Note: "Comma list of skill-group ids the agent belongs to, e.g. 3,5. The groups must exist."},
	{Name: "user_phone_type", Kind: KindEnum, Enum: []EnumValue{{"3", "web phone off"}, {"4", "web phone on"}}, Note: "3 web phone off (default), 4 web phone on."},
	{Name: "user_login_state", Kind: KindEnum, Enum: []EnumValue{{"1", "idle"}, {"2", "busy"}}, Note: "State after login: 1 idle (default), 2 busy."},
	{Name: "user_auto_login", Kind: KindEnum, Enum: []EnumValue{{"1", "on"}, {"0", "off"}}, Note: "Automatic login: 1 on (default), 0 off."},
	{Name: "is_enable_outbound", Kind: KindBool, Note: "Outbound calls allowed: TRUE (default) or FALSE."},
	{Name: "user_outcall_popup", Kind: KindEnum, Enum: onOff12, Note: "Outbound call pop-up: 1 on (default), 2 off."},
	{Name: "is_enable_mfa", Kind: KindEnum, Enum: onOff12, Note: "Multi-factor authentication: 1 on, 2 off (default)."},
	{Name: "is_forbidden_login", Kind: KindBool, Note: "Login forbidden: TRUE or FALSE (default)."},
	{Name: "max_sessions", Kind: KindInt, HasMin: true, Min: 0, HasMax: true, Max: 300, Note: "Maximum concurrent sessions, at most 300."},
	{Name: "basic_sessions", Kind: KindInt, HasMin: true, Min: 1, Note: "Basic sessions, at least 1."},
	{Name: "is_enable_update_capcity", Kind: KindEnum, Enum: onOff12, Note: "Agent may change their own capacity: 1 on (default), 2 off."},
}

// NumFields is the number of roster columns.
var NumFields = len(AgentFields)

// FieldByName returns the field of that name.
func FieldByName(name string) (Field, bool) {
	i, ok := fieldIndex[name]
	if !ok {
		return Field{}, false
	}
	return AgentFields[i], true
}

// zeroShownOtherwise returns "0" for a number cell that holds zero and
// shows it otherwise, through its format's zero section ("-" in Chinese
// Excel's comma style #,##0;-#,##0;"-"; a blank is hiddenNumber's). A switch or
// an enumeration typed 0 in such a column read as 0 (off, false) before
// the zero section was honoured; its display is no such value, and the
// cell is read by the number it holds, as it was. A display that is one
// (否 in "是";"是";"否") is read first.
func zeroShownOtherwise(c Cell) (string, bool) {
	raw := strings.TrimSpace(c.Raw)
	f, err := strconv.ParseFloat(raw, 64)
	if err != nil || f != 0 || raw == strings.TrimSpace(c.Text) {
		return "", false
	}
	return "0", true
}

// ruleSecretFormatted is the rule a password typed as a number breaks when
// the sheet shows it through a number or date format; it does not name the
// number, which is the password.
const ruleSecretFormatted = "is a number that the sheet shows through a number or date format, not as typed, and the password would be set to the text shown; " +
	"format the column as Text and type the password again"

// hiddenNumber is the rule a number cell breaks when its number format
// shows it blank (0;-0;;@ shows 0 as nothing, ;;; every number): it looks
// empty, where an empty cell means "leave as it is" (a roster) or is
// missing (a template variable), and is not. secret leaves the number
// unnamed. "" for any other cell.
func hiddenNumber(c Cell, secret bool) string {
	raw := strings.TrimSpace(c.Raw)
	if strings.TrimSpace(c.Text) != "" || raw == "" {
		return ""
	}
	if _, err := strconv.ParseFloat(raw, 64); err != nil {
		return ""
	}
	what := "the number " + raw
	if secret {
		what = "a number"
	}
	return "holds " + what + ", which its number format shows as blank, so it looks empty and is not; " +
		"clear the cell, or give it a format that shows the value (Format Cells > General)"
}

// Convert reads one cell into the field's canonical text, or returns the
// rule it breaks. The cell is not empty.
func (f Field) Convert(c Cell) (string, string) {
	if r, ok := invisibleOnly(c.Text); ok {
		return "", ruleInvisibleOnly(r)
	}
	if rule := hiddenNumber(c, f.Kind == KindSecret); rule != "" {
		return "", rule
	}
	switch f.Kind {
	case KindSecret:
		// As below, without the number: a password is never echoed (the
		// rule is printed, and written to a --report workbook).
		if c.Unshown != "" {
			return "", ruleSecretFormatted
		}
	case KindText, KindEmail, KindEnum, KindBool:
		// Read by its display, which the reader cannot reproduce: a
		// number column reads the stored number (Text is that number).
		if c.Unshown != "" {
			return "", ruleUnshown(c)
		}
	}
	if (f.Kind == KindCode || f.Kind == KindText || f.Kind == KindSecret) && lostDigits(c) {
		return "", ruleLostDigits
	}
	switch f.Kind {
	case KindCode, KindPhone, KindInt, KindIntList, KindEnumList:
		// Read as its serial number (45363), a date would pass for an id.
		if shownAsDate(c) {
			return "", ruleShownAsDate(c)
		}
	}
	switch f.Kind {
	case KindCode:
		return cellCode(c)
	case KindText:
		return cellText(c), ""
	case KindSecret:
		// A number shown through a format (1,234,567; a date) would be set
		// as the text shown, and no plan shows a password to catch it.
		if raw := strings.TrimSpace(c.Raw); raw != strings.TrimSpace(c.Text) {
			if _, err := strconv.ParseFloat(raw, 64); err == nil {
				return "", ruleSecretFormatted
			}
		}
		v := c.Text
		if v == "" {
			v = c.Raw
		}
		if what := invisibleInSecret(v); what != "" {
			// Pasted with the password from a chat or a web page: set
			// with it, the password cannot be typed at login, and no
			// plan shows it. Named by the character only.
			return "", "holds " + what + " (pasted with it, from a web page or a chat?), which cannot be typed at login; clear the cell and type the password again"
		}
		return v, ""
	case KindEmail:
		v := cellText(c)
		if what := textcheck.Hidden(v, true, "@."); what != "" {
			// A zero-width space or a no-break space pasted with the
			// address from a web page passed as part of it (net/mail
			// takes UTF-8): the agent's mail would go nowhere.
			return "", "holds " + what + " (pasted with it, from a web page or a chat?), which an e-mail address cannot hold; clear the cell and type the address again"
		}
		// The address rule the provider's user_email and the export share
		// (textcheck.Email), so the three take the same addresses.
		if !textcheck.Email(v) {
			return "", "is not an e-mail address"
		}
		return v, ""
	case KindPhone:
		return cellPhone(c)
	case KindInt:
		n, rule := cellInt(c)
		if rule != "" {
			return "", rule
		}
		if f.HasMin && n < f.Min {
			if f.HasMax {
				return "", fmt.Sprintf("must be between %d and %d", f.Min, f.Max)
			}
			return "", fmt.Sprintf("must be at least %d", f.Min)
		}
		if f.HasMax && n > f.Max {
			return "", fmt.Sprintf("must be at most %d", f.Max)
		}
		return strconv.FormatInt(n, 10), ""
	case KindEnum:
		code, rule := f.enumCode(cellText(c))
		if zero, ok := zeroShownOtherwise(c); rule != "" && ok {
			if code, zrule := f.enumCode(zero); zrule == "" {
				return code, ""
			}
		}
		return code, rule
	case KindBool:
		v, rule := cellBool(c)
		if zero, ok := zeroShownOtherwise(c); rule != "" && ok {
			if v, zrule := cellBool(Cell{Raw: zero, Text: zero}); zrule == "" {
				return v, ""
			}
		}
		return v, rule
	case KindIntList:
		return cellIntList(c)
	case KindEnumList:
		text := cellText(c)
		if d := integralDigits(c.Raw); d != "" && c.Raw != c.Text && !strings.ContainsAny(text, ",;，；、 ") {
			text = d
		}
		var codes []int64
		for _, part := range strings.FieldsFunc(text, func(r rune) bool { return strings.ContainsRune(",;，；、\n", r) }) {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			code, rule := f.enumCode(part)
			if rule != "" {
				return "", fmt.Sprintf("has %q, which %s", part, rule)
			}
			n, _ := strconv.ParseInt(code, 10, 64)
			codes = append(codes, n)
		}
		return joinInts(codes), ""
	}
	return "", "has an unknown kind"
}

// enumCode accepts a code ("2"), a label ("resigned") or both ("2 resigned").
func (f Field) enumCode(v string) (string, string) {
	v = strings.TrimSpace(v)
	if d := integralDigits(v); d != "" {
		v = d
	}
	lv := strings.ToLower(v)
	for _, e := range f.Enum {
		if lv == e.Code || lv == strings.ToLower(e.Label) || lv == e.Code+" "+strings.ToLower(e.Label) || lv == e.Code+" - "+strings.ToLower(e.Label) {
			return e.Code, ""
		}
	}
	if len(f.Enum) == 2 && onOffish(f.Enum) {
		if b, rule := cellBool(Cell{Text: v}); rule == "" {
			if b == "true" {
				return f.Enum[0].Code, ""
			}
			return f.Enum[1].Code, ""
		}
	}
	return "", "is not one of " + f.enumList()
}

func onOffish(e []EnumValue) bool { return e[0].Label == "on" && e[1].Label == "off" }

// enumList renders "1 (on duty), 2 (resigned), 3 (frozen)".
func (f Field) enumList() string {
	parts := make([]string, len(f.Enum))
	for i, e := range f.Enum {
		parts[i] = fmt.Sprintf("%s (%s)", e.Code, e.Label)
	}
	return strings.Join(parts, ", ")
}

// Choices are the drop-down entries of the template: "2 - resigned".
func (f Field) Choices() []string {
	out := make([]string, len(f.Enum))
	for i, e := range f.Enum {
		out[i] = e.Code + " - " + e.Label
	}
	return out
}
