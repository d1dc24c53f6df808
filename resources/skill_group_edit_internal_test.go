package resources

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/types"
)

// An edit sends que_name, que_priority and what the plan changes, not the
// state's value of a setting the configuration leaves unset: sent, it undid
// a portal change made after the plan's refresh (a saved plan applied later).
func TestSkillGroupEdit_sendsOnlyChanges(t *testing.T) {
	state := skillGroupModel{SkillGroupItem: SkillGroupItem{QueName: types.StringValue("Support"), QuePriority: types.Int64Value(10),
		RingTime: types.Int64Value(20), QueNum: types.StringValue("8001"), WaitAudio: types.StringValue("0"), AutoEvaluate: types.Int64Value(1)}}
	plan := state
	plan.QuePriority = types.Int64Value(11)
	plan.WaitAudio = types.StringValue("-1")
	in := skillGroupEdit(&plan, &state)
	if in.QueName != "Support" || in.QuePriority != 11 {
		t.Errorf("required parameters: got que_name %q, que_priority %d", in.QueName, in.QuePriority)
	}
	if in.RingTime != nil || in.QueNum != nil || in.AutoEvaluate != nil {
		t.Errorf("unchanged settings were sent: ring_time %v, que_num %v, auto_evaluate %v", in.RingTime, in.QueNum, in.AutoEvaluate)
	}
	if in.WaitAudio == nil || *in.WaitAudio != "-1" {
		t.Errorf("changed wait_audio not sent: %v", in.WaitAudio)
	}
}
