package resources

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// The re-activation warning names what it cleared of the resigned agent and
// what it kept, with the values kept, so that a new hire's agent taken from
// a former colleague can be checked.
func TestReactivatedDetail(t *testing.T) {
	a := &client.Agent{UserID: 1004, UserName: "Former", UserEmail: "f@example.com", CrmID: "crm-old", DeptID: 4, RoleID: 2,
		QueueIDs: "101,102"}
	got := reactivatedDetail("8630", a, client.AgentInput{CrmID: new("crm-new"), RoleID: new(int64(3))}, false)
	want := `Agent number 8630 belonged to a resigned agent (id 1004, "Former"), which keeps its number: that agent was re-activated and set from the configuration ` +
		`instead of a new one being created. Its call history stays with it. Cleared, as a new agent has none and the configuration sets none: ` +
		`user_email, its skill groups (101, 102). Kept from the resigned agent, as the configuration does not set them: dept_id 4; set them to change them.`
	if got != want {
		t.Errorf("detail:\n%s\nwant:\n%s", got, want)
	}
}

// A create refused for a taken e-mail or SMS phone says first that the
// value is unique and another agent holds it (two resources sharing it is
// the common case), then how this resource's own previous agent (resigned, or kept by create_before_destroy) can hold
// it after a change of user_num; another refusal gets no such advice.
func TestContactTakenHint(t *testing.T) {
	in := client.AgentInput{UserEmail: new("Bob@Example.com"), UserSMSPhone: new("13311112222")}
	for msg, field := range map[string]string{
		`user_email "bob@example.com" is already used by agent 1004`:   "user_email",
		`the mailbox bob@example.com exists`:                           "user_email",
		`user_sms_phone "13311112222" is already used by agent 1004`:   "user_sms_phone",
		`user_password must hold 8 characters`:                         "",
		`user_email "other@example.com" is not a valid e-mail address`: "",
		`邮箱 bob@example.com 已存在`:                                       "user_email",
	} {
		got := contactTakenHint(msg, in)
		if field == "" {
			if got != "" {
				t.Errorf("%q: hint %q, want none", msg, got)
			}
			continue
		}
		if !strings.HasPrefix(got, field+" is unique on the platform, and another agent holds this one (the message names it): give this agent another "+field) ||
			!strings.Contains(got, "If the agent holding the "+field+" is this resource's previous agent") || !strings.Contains(got, `delete_mode = "resign"`) {
			t.Errorf("%q: hint %q, want one about %s", msg, got, field)
		}
	}
	// The number taken by an agent the same apply deleted meanwhile (a
	// module renamed without a moved block): gone when it is looked up.
	if got := contactTakenHint(`user_num "8201" is already used by agent 1003`, client.AgentInput{UserNum: new("8201")}); !strings.HasPrefix(got,
		`no agent holds user_num "8201" any more: the one that held it was deleted while this create ran`) || !strings.Contains(got, "Apply again") {
		t.Errorf("hint for a number freed meanwhile: %q", got)
	}
	if got := contactTakenHint(`user_email "bob@example.com" is already used`, client.AgentInput{}); got != "" {
		t.Errorf("a refusal about an e-mail the configuration does not set: hint %q", got)
	}
}

// A configuration object that sets values while its type is 2 (or left
// out, which defaults to 2) warns that the platform does not use them; with
// type = 1, unknown values, only type set, values at their defaults (as
// -generate-config-out writes them), or values the state already holds (an
// import of what a portal left), nothing is said.
func TestWarnDefaultType(t *testing.T) {
	objType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"type": tftypes.Number, "next_wait": tftypes.Number, "is_enable_busy_cancel_wait": tftypes.Bool}}
	cfgType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"wait_time_config": objType}}
	cfg := func(typ, wait any) tftypes.Value {
		return tftypes.NewValue(cfgType, map[string]tftypes.Value{
			"wait_time_config": tftypes.NewValue(objType, map[string]tftypes.Value{
				"type": tftypes.NewValue(tftypes.Number, typ), "next_wait": tftypes.NewValue(tftypes.Number, wait),
				"is_enable_busy_cancel_wait": tftypes.NewValue(tftypes.Bool, nil),
			}),
		})
	}
	none := tftypes.NewValue(cfgType, nil)
	for name, tc := range map[string]struct {
		config, state tftypes.Value
		warns         bool
	}{
		"type left out":       {cfg(nil, 15), none, true},
		"type 2":              {cfg(2, 15), none, true},
		"type 2, was 10":      {cfg(2, 15), cfg(2, 10), true},
		"type 1":              {cfg(1, 15), none, false},
		"type unknown":        {cfg(tftypes.UnknownValue, 15), none, false},
		"only type":           {cfg(2, nil), none, false},
		"value unknown":       {cfg(nil, tftypes.UnknownValue), none, false},
		"value default":       {cfg(2, 5), none, false},
		"held by the service": {cfg(2, 15), cfg(2, 15), false},
	} {
		var diags diag.Diagnostics
		warnDefaultType(tc.config, tc.state, &diags)
		if got := len(diags) == 1; got != tc.warns {
			t.Errorf("%s: diagnostics %v, want a warning: %v", name, diags, tc.warns)
			continue
		}
		if tc.warns && (diags[0].Severity() != diag.SeverityWarning ||
			diags[0].Detail() != "wait_time_config sets next_wait, but its type is 2 (the platform default; type defaults to 2 when left out): the platform applies its own defaults and these values are not used. Set type = 1 (custom) in wait_time_config to apply them.") {
			t.Errorf("%s: %v", name, diags)
		}
	}
}

// A destroy of an agent with delete_mode = "resign" shows in the plan as a
// destroy; the plan now says it resigns the agent. A plain delete says
// nothing.
func TestAgentModifyPlan_resignWarns(t *testing.T) {
	objType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"id": tftypes.String, "user_num": tftypes.String, "delete_mode": tftypes.String}}
	state := func(mode string) tfsdk.State {
		return tfsdk.State{Raw: tftypes.NewValue(objType, map[string]tftypes.Value{"id": tftypes.NewValue(tftypes.String, "1004"),
			"user_num": tftypes.NewValue(tftypes.String, "8012"), "delete_mode": tftypes.NewValue(tftypes.String, mode)})}
	}
	for mode, want := range map[string]string{
		"resign": `Agent 8012 (id 1004) has delete_mode = "resign": this destroy keeps the agent and its history and sets user_status = 2; its number stays taken, and creating an agent with it re-activates this one.`,
		"delete": "",
	} {
		var resp resource.ModifyPlanResponse
		(&agentResource{}).ModifyPlan(t.Context(), resource.ModifyPlanRequest{State: state(mode), Plan: tfsdk.Plan{Raw: tftypes.NewValue(objType, nil)}}, &resp)
		switch {
		case want == "" && len(resp.Diagnostics) != 0:
			t.Errorf("%s: %v, want none", mode, resp.Diagnostics)
		case want != "" && (len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Severity() != diag.SeverityWarning || resp.Diagnostics[0].Detail() != want):
			t.Errorf("%s: %v, want the warning %q", mode, resp.Diagnostics, want)
		}
	}
}

// Passwords chosen by a condition on a variable are unknown at validation
// (user_password = var.m == "pw" ? ... : null, and the same for the
// write-only one): both read as set, and the pair was refused as "cannot be
// configured together" before the plan could tell which one is null.
func TestAgentValidateConfig_unknownPasswords(t *testing.T) {
	objType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"user_password": tftypes.String, "user_password_wo": tftypes.String, "user_password_wo_version": tftypes.Number}}
	cfg := func(pw, wo, ver any) tfsdk.Config {
		return tfsdk.Config{Raw: tftypes.NewValue(objType, map[string]tftypes.Value{"user_password": tftypes.NewValue(tftypes.String, pw),
			"user_password_wo": tftypes.NewValue(tftypes.String, wo), "user_password_wo_version": tftypes.NewValue(tftypes.Number, ver)})}
	}
	for name, tc := range map[string]struct {
		config tfsdk.Config
		errors int
	}{
		"both unknown":        {cfg(tftypes.UnknownValue, tftypes.UnknownValue, tftypes.UnknownValue), 0},
		"both known":          {cfg("a", "b", 1), 1},
		"write-only unpaired": {cfg(nil, "b", nil), 1},
		"classic only":        {cfg("a", nil, nil), 0},
	} {
		var resp resource.ValidateConfigResponse
		(&agentResource{}).ValidateConfig(t.Context(), resource.ValidateConfigRequest{Config: tc.config}, &resp)
		if got := resp.Diagnostics.ErrorsCount(); got != tc.errors {
			t.Errorf("%s: %d errors (%v), want %d", name, got, resp.Diagnostics, tc.errors)
		}
	}
}

// Two passwords of which one is still unknown at plan (another resource's
// value, not a variable: variables are known by then) may come out null (a
// condition), so the plan warns (it refused a configuration that applies);
// the apply, which plans again with both known, refuses two set before
// anything is sent.
func TestAgentModifyPlan_unknownPasswordPair(t *testing.T) {
	objType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"user_password": tftypes.String, "user_password_wo": tftypes.String}}
	val := func(pw, wo any) tftypes.Value {
		return tftypes.NewValue(objType, map[string]tftypes.Value{"user_password": tftypes.NewValue(tftypes.String, pw), "user_password_wo": tftypes.NewValue(tftypes.String, wo)})
	}
	for name, tc := range map[string]struct {
		config           tftypes.Value
		errors, warnings int
	}{
		"reference and literal, at plan":  {val(tftypes.UnknownValue, "b"), 0, 1},
		"both known, at apply":            {val("a", "b"), 1, 0},
		"one unknown, other unset":        {val(tftypes.UnknownValue, nil), 0, 0},
		"came out null at apply, literal": {val(nil, "b"), 0, 0},
	} {
		var resp resource.ModifyPlanResponse
		(&agentResource{}).ModifyPlan(t.Context(), resource.ModifyPlanRequest{Config: tfsdk.Config{Raw: tc.config}, Plan: tfsdk.Plan{Raw: tc.config},
			State: tfsdk.State{Raw: tftypes.NewValue(objType, nil)}}, &resp)
		if e, w := resp.Diagnostics.ErrorsCount(), resp.Diagnostics.WarningsCount(); e != tc.errors || w != tc.warnings {
			t.Errorf("%s: %d errors, %d warnings (%v), want %d and %d", name, e, w, resp.Diagnostics, tc.errors, tc.warnings)
		}
	}
}
