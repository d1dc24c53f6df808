package tfkit

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// The ten agent configuration objects of spec §2.6.1 are described once here
// and turned into resource and data-source schemas, defaults, and
// conversions to and from the API's JSON. Attribute names are the API keys
// in snake_case (isPhones → is_phones).

type cfgKind int

const (
	cfgBool cfgKind = iota
	cfgInt
	cfgString
	cfgStringList
	cfgIntList
	cfgObject
)

// cfgField is one field of a configuration object.
type cfgField struct {
	name, api string
	kind      cfgKind
	def       any // bool, int64 or string; lists default to empty
	desc      string
	intV      []validator.Int64
	strV      []validator.String
	listV     []validator.List
	sub       []cfgField // cfgObject
}

// AgentConfigObject describes one configuration object of §2.6.1.
type AgentConfigObject struct {
	Name   string
	desc   string
	fields []cfgField
}

func typeField(obj string) cfgField {
	return cfgField{name: "type", api: "type", kind: cfgInt, def: int64(client.ConfigTypeDefault),
		desc: fmt.Sprintf("How `%s` applies (`type`): `1` custom (the values below), `2` the platform default. Defaults to `2`.", obj),
		intV: []validator.Int64{OneOf(Means(client.ConfigTypeCustom, "custom"), Means(client.ConfigTypeDefault, "the platform default"))}}
}

func boolField(name, api, desc string, def bool) cfgField {
	d := "`false`"
	if def {
		d = "`true`"
	}
	return cfgField{name: name, api: api, kind: cfgBool, def: def, desc: fmt.Sprintf("%s (`%s`). Defaults to %s.", desc, api, d)}
}

func strListField(name, api, desc string) cfgField {
	return cfgField{name: name, api: api, kind: cfgStringList, desc: fmt.Sprintf("%s (`%s`). Defaults to an empty list.", desc, api)}
}

func idListField(name, desc string) cfgField {
	return cfgField{name: name, api: name, kind: cfgIntList, desc: fmt.Sprintf("%s (`%s`). Defaults to an empty list.", desc, name),
		listV: []validator.List{listvalidator.ValueInt64sAre(int64validator.AtLeast(1))}}
}

var buttonFields = func() []cfgField {
	names := []struct{ key, what string }{
		{"consult", "consult"}, {"transfer", "transfer"}, {"threeway", "three-way call"}, {"evaluation", "satisfaction evaluation"},
		{"service", "service"}, {"auto_answer", "auto answer"},
		{"outbound_callers", "outbound caller choice"}, {"trans_ivr", "transfer to IVR"}, {"switch_phone", "switch phone"},
		{"raise_hand", "raise hand"}, {"dining_remind", "dining reminder"}, {"outcall", "outbound call"},
		{"innercall", "internal call"}, {"queue", "queue"}, {"logout", "log out"},
	}
	out := make([]cfgField, len(names))
	for i, n := range names {
		out[i] = boolField(n.key, n.key, fmt.Sprintf("Show the %s button", n.what), false)
	}
	return out
}()

// AgentConfigObjects are the ten objects, in the spec's order.
var AgentConfigObjects = []AgentConfigObject{
	{Name: "evaluate_config", desc: "Whether the satisfaction survey is offered automatically after the agent's inbound or outbound calls (`evaluate_config`).", fields: []cfgField{
		typeField("evaluate_config"),
		boolField("is_enable_inbound_auto_evaluate", "is_enable_inbound_auto_evaluate", "Evaluate inbound calls automatically", false),
		boolField("is_enable_outbound_auto_evaluate", "is_enable_outbound_auto_evaluate", "Evaluate outbound calls automatically", false),
	}},
	{Name: "wait_time_config", desc: "The pause after a call before the agent gets the next one, for wrap-up work (`wait_time_config`).", fields: []cfgField{
		typeField("wait_time_config"),
		{name: "next_wait", api: "next_wait", kind: cfgInt, def: int64(5), desc: "After-call wait (`next_wait`), in seconds, at least `0`. Defaults to `5`.",
			intV: []validator.Int64{int64validator.AtLeast(0)}},
		boolField("is_enable_busy_cancel_wait", "is_enable_busy_cancel_wait", "Setting busy cancels the wait", false),
	}},
	{Name: "notice_config", desc: "How notifications are shown to the agent: in the call bar or by the browser, where, and for how long (`notice_config`).", fields: []cfgField{
		typeField("notice_config"),
		boolField("is_enable_notice", "is_enable_notice", "Show notices", true),
		boolField("is_enable_browser_tab_notice", "is_enable_browser_tab_notice", "Flash the browser tab on a notice", false),
		{name: "notice_type", api: "notice_type", kind: cfgString, def: "system",
			desc: "Kind of notice (`notice_type`): `system` in-app notice, `browser` browser notice. Defaults to `system`.",
			strV: []validator.String{stringvalidator.OneOf(client.NoticeTypes...)}},
		{name: "system_notice_position", api: "system_notice_position", kind: cfgString, def: "bottomRight",
			desc: "Where in-app notices appear (`system_notice_position`): `bottomRight`, `topRight`, `topLeft` or `bottomLeft`. Defaults to `bottomRight`.",
			strV: []validator.String{stringvalidator.OneOf(client.SystemNoticePositions...)}},
		boolField("is_auto_close", "is_auto_close", "Close notices automatically", true),
		{name: "auto_close_interval", api: "auto_close_interval", kind: cfgInt, def: int64(5),
			desc: "Seconds before a notice closes itself (`auto_close_interval`), at least `0`. Defaults to `5`.",
			intV: []validator.Int64{int64validator.AtLeast(0)}},
	}},
	{Name: "user_caller", desc: "The caller numbers the agent's calls may show: chosen automatically, or taken from X numbers, trunk numbers or number groups (`user_caller`; the available numbers are listed by `contactcenter_number_selection`).", fields: []cfgField{
		typeField("user_caller"),
		boolField("auto", "auto", "Choose the caller number automatically", false),
		boolField("is_xtels", "isXtels", "Use X numbers", false),
		boolField("is_phones", "isPhones", "Use trunk numbers", false),
		boolField("is_groups", "isGroups", "Use number groups", false),
		strListField("groups", "groups", "Number-group ids"),
		strListField("group_names", "groupNames", "Number-group names"),
		strListField("phones", "phones", "Trunk numbers"),
		strListField("xtels", "xtels", "X numbers"),
	}},
	{Name: "outbound_callers", desc: "The caller numbers the agent may choose from when placing an outbound call: trunk numbers or number groups (`outbound_callers`).", fields: []cfgField{
		typeField("outbound_callers"),
		boolField("is_phones", "isPhones", "Offer trunk numbers", false),
		boolField("is_groups", "isGroups", "Offer number groups", false),
		strListField("groups", "groups", "Number-group ids"),
		strListField("group_names", "groupNames", "Number-group names"),
		strListField("phones", "phones", "Trunk numbers"),
	}},
	{Name: "user_display", desc: "The trunk numbers displayed to the agent (`user_display`).", fields: []cfgField{
		typeField("user_display"),
		boolField("is_phones", "isPhones", "Display trunk numbers", false),
		strListField("phones", "phones", "Trunk numbers"),
	}},
	{Name: "wincall_buttons", desc: "Which buttons the agent's call bar shows (`wincall_buttons`).", fields: []cfgField{
		typeField("wincall_buttons"),
		{name: "buttons", api: "buttons", kind: cfgObject, desc: "One switch per call-bar button (`buttons`); every button defaults to `false`.", sub: buttonFields},
	}},
	{Name: "wincall_transfer_ivrs", desc: "The IVRs (voice menus) the agent may transfer a call to (`wincall_transfer_ivrs`).", fields: []cfgField{
		typeField("wincall_transfer_ivrs"), idListField("transfer_ivrs", "IVR ids (see `contactcenter_ivrs`)"),
	}},
	{Name: "wincall_interact_ivrs", desc: "The IVRs (voice menus) the agent may interact with during a call (`wincall_interact_ivrs`).", fields: []cfgField{
		typeField("wincall_interact_ivrs"), idListField("interact_ivrs", "IVR ids (see `contactcenter_ivrs`)"),
	}},
	{Name: "wincall_transfer_queues", desc: "The skill groups the agent may transfer a call to (`wincall_transfer_queues`).", fields: []cfgField{
		typeField("wincall_transfer_queues"), idListField("transfer_queues", "Skill-group ids (see `contactcenter_skill_group`)"),
	}},
}

func fieldsAttrTypes(fields []cfgField) map[string]attr.Type {
	out := make(map[string]attr.Type, len(fields))
	for _, f := range fields {
		switch f.kind {
		case cfgBool:
			out[f.name] = types.BoolType
		case cfgInt:
			out[f.name] = WholeNumber
		case cfgString:
			out[f.name] = types.StringType
		case cfgStringList:
			out[f.name] = types.ListType{ElemType: types.StringType}
		case cfgIntList:
			out[f.name] = types.ListType{ElemType: WholeNumber}
		case cfgObject:
			out[f.name] = types.ObjectType{AttrTypes: fieldsAttrTypes(f.sub)}
		}
	}
	return out
}

func fieldsDefault(fields []cfgField) types.Object {
	vals := make(map[string]attr.Value, len(fields))
	for _, f := range fields {
		vals[f.name] = fieldDefault(f)
	}
	return types.ObjectValueMust(fieldsAttrTypes(fields), vals)
}

func fieldDefault(f cfgField) attr.Value {
	switch f.kind {
	case cfgBool:
		return types.BoolValue(f.def.(bool))
	case cfgInt:
		return types.Int64Value(f.def.(int64))
	case cfgString:
		return types.StringValue(f.def.(string))
	case cfgStringList:
		return types.ListValueMust(types.StringType, []attr.Value{})
	case cfgIntList:
		return types.ListValueMust(WholeNumber, []attr.Value{})
	}
	return fieldsDefault(f.sub)
}

// AttrTypes returns the object's attribute types.
func (o AgentConfigObject) AttrTypes() map[string]attr.Type { return fieldsAttrTypes(o.fields) }

// Default returns the object with every default of §2.6.1.
func (o AgentConfigObject) Default() types.Object { return fieldsDefault(o.fields) }

// ResourceAttribute is the object as an optional nested attribute whose
// defaults are declared in the schema, so an omitted object (or field)
// plans as the spec's default and the plan after apply is empty.
func (o AgentConfigObject) ResourceAttribute() rschema.SingleNestedAttribute {
	return rschema.SingleNestedAttribute{
		Optional: true, Computed: true, Default: objectdefault.StaticValue(o.Default()),
		MarkdownDescription: o.desc + " Omitted, every field takes the default given below (so `type` is `2`, the platform default); a field left out of a configured object also takes its default.",
		Attributes:          resourceFields(o.fields),
	}
}

func resourceFields(fields []cfgField) map[string]rschema.Attribute {
	out := make(map[string]rschema.Attribute, len(fields))
	for _, f := range fields {
		switch f.kind {
		case cfgBool:
			out[f.name] = rschema.BoolAttribute{Optional: true, Computed: true, MarkdownDescription: f.desc,
				Default: booldefault.StaticBool(f.def.(bool))}
		case cfgInt:
			out[f.name] = rschema.Int64Attribute{Optional: true, Computed: true, MarkdownDescription: f.desc,
				Default: int64default.StaticInt64(f.def.(int64)), Validators: f.intV}
		case cfgString:
			out[f.name] = rschema.StringAttribute{Optional: true, Computed: true, MarkdownDescription: f.desc,
				Default: stringdefault.StaticString(f.def.(string)), Validators: f.strV}
		case cfgStringList, cfgIntList:
			out[f.name] = rschema.ListAttribute{Optional: true, Computed: true, MarkdownDescription: f.desc,
				ElementType: fieldsAttrTypes([]cfgField{f})[f.name].(types.ListType).ElemType,
				Default:     listdefault.StaticValue(fieldDefault(f).(types.List)), Validators: f.listV}
		case cfgObject:
			out[f.name] = rschema.SingleNestedAttribute{Optional: true, Computed: true, MarkdownDescription: f.desc,
				Default: objectdefault.StaticValue(fieldsDefault(f.sub)), Attributes: resourceFields(f.sub)}
		}
	}
	return out
}

// toAPI renders a (known) object as the API's JSON object.
func toAPI(fields []cfgField, v types.Object) map[string]any {
	if v.IsNull() || v.IsUnknown() {
		return nil
	}
	attrs := v.Attributes()
	out := make(map[string]any, len(fields))
	for _, f := range fields {
		a, ok := attrs[f.name]
		if !ok || a.IsNull() || a.IsUnknown() {
			continue
		}
		switch f.kind {
		case cfgBool:
			out[f.api] = a.(types.Bool).ValueBool()
		case cfgInt:
			out[f.api] = a.(types.Int64).ValueInt64()
		case cfgString:
			out[f.api] = a.(types.String).ValueString()
		case cfgStringList:
			xs := []string{}
			for _, e := range a.(types.List).Elements() {
				xs = append(xs, e.(types.String).ValueString())
			}
			out[f.api] = xs
		case cfgIntList:
			xs := []int64{}
			for _, e := range a.(types.List).Elements() {
				xs = append(xs, e.(types.Int64).ValueInt64())
			}
			out[f.api] = xs
		case cfgObject:
			out[f.api] = toAPI(f.sub, a.(types.Object))
		}
	}
	return out
}

// fromAPI builds the object from the API's JSON object; a missing field
// reads as its default, a missing list as empty.
func fromAPI(fields []cfgField, m map[string]any) (types.Object, error) {
	vals := make(map[string]attr.Value, len(fields))
	for _, f := range fields {
		raw, ok := m[f.api]
		if !ok || raw == nil {
			vals[f.name] = fieldDefault(f)
			continue
		}
		var err error
		switch f.kind {
		case cfgBool:
			var b client.FlexBool
			err = remarshal(raw, &b)
			vals[f.name] = types.BoolValue(bool(b))
		case cfgInt:
			var n client.FlexInt
			err = remarshal(raw, &n)
			vals[f.name] = types.Int64Value(int64(n))
		case cfgString:
			var s client.FlexString
			err = remarshal(raw, &s)
			vals[f.name] = types.StringValue(string(s))
		case cfgStringList:
			var xs []client.FlexString
			err = remarshal(raw, &xs)
			elems := make([]attr.Value, len(xs))
			for i, x := range xs {
				elems[i] = types.StringValue(string(x))
			}
			vals[f.name] = types.ListValueMust(types.StringType, elems)
		case cfgIntList:
			var xs []client.FlexInt
			err = remarshal(raw, &xs)
			elems := make([]attr.Value, len(xs))
			for i, x := range xs {
				elems[i] = types.Int64Value(int64(x))
			}
			vals[f.name] = types.ListValueMust(WholeNumber, elems)
		case cfgObject:
			sub, _ := raw.(map[string]any)
			vals[f.name], err = fromAPI(f.sub, sub)
		}
		if err != nil {
			return types.ObjectNull(fieldsAttrTypes(fields)), fmt.Errorf("%s: %w", f.api, err)
		}
	}
	return types.ObjectValueMust(fieldsAttrTypes(fields), vals), nil
}

func remarshal(v any, into any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, into)
}

// AgentObjectsToAPI turns the objects (keyed by attribute name) into the
// request's configuration objects. Null or unknown objects are not sent.
func AgentObjectsToAPI(objs map[string]types.Object) (client.AgentObjects, diag.Diagnostics) {
	var diags diag.Diagnostics
	m := map[string]any{}
	for _, o := range AgentConfigObjects {
		if v := toAPI(o.fields, objs[o.Name]); v != nil {
			m[o.Name] = v
		}
	}
	var out client.AgentObjects
	if err := remarshal(m, &out); err != nil {
		diags.AddError("Invalid Agent Configuration", "Encoding the configuration objects failed: "+err.Error())
	}
	return out, diags
}

// AgentObjectsFromAPI reads the configuration objects of an agent (its
// config member with relations_config=1). Objects the API leaves out read
// as the spec's defaults.
func AgentObjectsFromAPI(o client.AgentObjects) (map[string]types.Object, diag.Diagnostics) {
	var diags diag.Diagnostics
	b, err := json.Marshal(o)
	m := map[string]any{}
	if err == nil {
		d := json.NewDecoder(bytes.NewReader(b))
		d.UseNumber()
		err = d.Decode(&m)
	}
	out := make(map[string]types.Object, len(AgentConfigObjects))
	for _, obj := range AgentConfigObjects {
		sub, _ := m[obj.Name].(map[string]any)
		v, ferr := fromAPI(obj.fields, sub)
		if ferr != nil && err == nil {
			err = fmt.Errorf("%s.%w", obj.Name, ferr)
		}
		out[obj.Name] = v
	}
	if err != nil {
		diags.AddError("Unexpected Agent Configuration", "The API's config object could not be read: "+err.Error())
	}
	return out, diags
}

// AgentObjectsDefault returns every object with its defaults (an agent read
// without a config member).
func AgentObjectsDefault() map[string]types.Object {
	out := make(map[string]types.Object, len(AgentConfigObjects))
	for _, o := range AgentConfigObjects {
		out[o.Name] = o.Default()
	}
	return out
}

// Int64sFromSet returns a set of int64 as a slice (nil when null/unknown).
func Int64sFromSet(ctx context.Context, s types.Set) ([]int64, diag.Diagnostics) {
	if s.IsNull() || s.IsUnknown() {
		return nil, nil
	}
	var out []int64
	diags := s.ElementsAs(ctx, &out, false)
	return out, diags
}

// ParseIDPair splits "a:b" into two positive ids (import ids).
func ParseIDPair(s string) (int64, int64, error) {
	for i := 0; i < len(s); i++ {
		if s[i] == ':' {
			a, err1 := strconv.ParseInt(s[:i], 10, 64)
			b, err2 := strconv.ParseInt(s[i+1:], 10, 64)
			if err1 != nil || err2 != nil || a <= 0 || b <= 0 {
				break
			}
			return a, b, nil
		}
	}
	return 0, 0, fmt.Errorf("expected two positive numeric ids joined by a colon, got %q", s)
}
