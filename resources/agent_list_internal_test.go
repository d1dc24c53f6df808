package resources

import (
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestAgentList_zerosLeftUnset: an agent the portal made with dept_id 0 and
// basic_sessions 0 was listed with them, so `terraform query
// -generate-config-out` wrote `dept_id = 0` and `basic_sessions = 0`, and
// terraform validate refused the generated configuration ("must be at
// least 1, got: 0"). They are left unset, as the export leaves them; other
// values are listed as Read reads them.
func TestAgentList_zerosLeftUnset(t *testing.T) {
	l := NewAgentListResource().(*agentLister)
	cfg := &client.AgentConfig{UserPhoneType: new(client.FlexInt(3)), UserLoginState: new(client.FlexInt(1)), UserAutoLogin: new(client.FlexInt(1)), IsEnableOutbound: new(client.FlexBool(true)), UserOutcallPopup: new(client.FlexInt(1)),
		IsEnableMFA: new(client.FlexInt(2)), IsEnableUpdateCapcity: new(client.FlexInt(1)), MaxSessions: new(client.FlexInt(10)), AgentObjects: client.DefaultAgentObjects()}
	var m agentModel
	if err := l.Flatten(t.Context(), client.Agent{UserID: 1010, UserNum: "9400", UserName: "Zero", UserStatus: 1, Config: cfg}, &m); err != nil {
		t.Fatal(err)
	}
	if !m.DeptID.IsNull() || !m.BasicSessions.IsNull() {
		t.Errorf("dept_id %s, basic_sessions %s: want both unset (null)", m.DeptID, m.BasicSessions)
	}
	if m.MaxSessions.ValueInt64() != 10 || m.UserNum.ValueString() != "9400" {
		t.Errorf("max_sessions %s, user_num %s: want 10 and 9400", m.MaxSessions, m.UserNum)
	}
	cfg.BasicSessions = new(client.FlexInt(2))
	m = agentModel{}
	if err := l.Flatten(t.Context(), client.Agent{UserID: 1011, UserNum: "9401", UserName: "One", UserStatus: 1, DeptID: 3, Config: cfg}, &m); err != nil {
		t.Fatal(err)
	}
	if m.DeptID.ValueInt64() != 3 || m.BasicSessions.ValueInt64() != 2 {
		t.Errorf("dept_id %s, basic_sessions %s: want 3 and 2", m.DeptID, m.BasicSessions)
	}
}

// TestAgentList_zerosLeftUnsetAreTheExports: the list resource leaves
// unset every 0 the export leaves unset (one rule, client.Agent.
// ZerosLeftUnset): an agent with every setting 0 lists without error, each
// attribute the rule names null, and no other attribute of the rule's
// kind null.
func TestAgentList_zerosLeftUnsetAreTheExports(t *testing.T) {
	l := NewAgentListResource().(*agentLister)
	zero := new(client.FlexInt(0))
	a := client.Agent{UserID: 1012, UserNum: "9402", UserName: "Zeros", Config: &client.AgentConfig{UserPhoneType: zero, UserLoginState: zero,
		UserAutoLogin: zero, UserOutcallPopup: zero, IsEnableMFA: zero, MaxSessions: zero, BasicSessions: zero, IsEnableUpdateCapcity: zero,
		IsEnableOutbound: new(client.FlexBool(false)), IsForbiddenLogin: new(client.FlexBool(false)), AgentObjects: client.DefaultAgentObjects()}}
	names := a.ZerosLeftUnset()
	if len(names) == 0 {
		t.Fatal("the rule names nothing for an agent with every setting 0")
	}
	var m agentModel
	if err := l.Flatten(t.Context(), a, &m); err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]types.Int64{"dept_id": m.DeptID, "basic_sessions": m.BasicSessions, "role_id": m.RoleID,
		"position_id": m.PositionID, "supervisor_id": m.SupervisorID, "max_sessions": m.MaxSessions} {
		if want := slices.Contains(names, name); v.IsNull() != want {
			t.Errorf("%s is %s; the export's rule leaves it unset: %v", name, v, want)
		}
	}
}
