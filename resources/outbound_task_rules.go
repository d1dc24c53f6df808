package resources

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
)

// The task's rules that look at several of its settings at once, beside
// the field rules of its schema (ConfigValidators lists them all).

// unusedTaskSettings warns about settings the task's other settings leave
// unused, which the platform stores and never applies: recall_strategies
// has one branch per enable_asr (§2.7.2: `default` used when enable_asr is
// false, `asr` when it is true), and config.call_ratio_type is for
// predictive tasks only (§2.7.1), as is manual_call_ratio, which it
// requires. The spec refuses neither, so they are warnings; a value unknown
// at plan time skips its check.
type unusedTaskSettings struct{ framework.Described }

var unusedTaskSettingsRule = unusedTaskSettings{"recall_strategies.default is used when enable_asr = false and recall_strategies.asr when enable_asr = true; " +
	"config.call_ratio_type and config.manual_call_ratio by predictive tasks (type = 1)"}

func (unusedTaskSettings) ValidateResource(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	get := func(p path.Path) attr.Value {
		var v attr.Value
		if d := req.Config.GetAttribute(ctx, p, &v); d.HasError() || v == nil {
			return nil
		}
		return v
	}
	set := func(v attr.Value) bool { return v != nil && !v.IsUnknown() && !framework.Missing(v) }
	rs := path.Root("recall_strategies")
	if asr, ok := get(path.Root("enable_asr")).(types.Bool); ok && !asr.IsUnknown() {
		is := "false (its default)"
		if !asr.IsNull() {
			is = strconv.FormatBool(asr.ValueBool())
		}
		if !asr.ValueBool() && set(get(rs.AtName("asr"))) {
			resp.Diagnostics.AddAttributeWarning(rs.AtName("asr"), "Recall Strategies Not Used",
				"recall_strategies.asr is used only when enable_asr = true, and enable_asr is "+is+": the platform recalls by "+
					"recall_strategies.default, so these strategies by reason change nothing. Set enable_asr = true to recall by reason, "+
					"or write the strategy in recall_strategies.default.")
		}
		if asr.ValueBool() && set(get(rs.AtName("default"))) {
			resp.Diagnostics.AddAttributeWarning(rs.AtName("default"), "Recall Strategy Not Used",
				"recall_strategies.default is used only when enable_asr = false, and enable_asr is true: the platform recalls by "+
					"recall_strategies.asr, keyed by reason, so this strategy changes nothing. Write it in recall_strategies.asr for each reason "+
					"(1 user busy, 2 unreachable, 3 powered off, 4 suspended, 5 empty number, 11 call restricted), or set enable_asr = false.")
		}
	}
	typ, ok := get(path.Root("type")).(types.Int64)
	if !ok || typ.IsNull() || typ.IsUnknown() || typ.ValueInt64() == client.TaskTypePredictive {
		return
	}
	name := map[int64]string{client.TaskTypeAutomatic: " (automatic)", client.TaskTypeRobot: " (robot)"}[typ.ValueInt64()]
	// One warning for both: Terraform shows one warning of a title in full
	// and the others only counted.
	var unused []string
	for _, a := range []string{"call_ratio_type", "manual_call_ratio"} {
		if set(get(path.Root("config").AtName(a))) {
			unused = append(unused, "config."+a)
		}
	}
	if len(unused) == 0 {
		return
	}
	what, them := unused[0]+" is", "it"
	if len(unused) == 2 {
		what, them = unused[0]+" and "+unused[1]+" are", "them"
	}
	resp.Diagnostics.AddAttributeWarning(path.Root("config").AtName(strings.TrimPrefix(unused[0], "config.")), "Setting Not Used by This Task Type",
		fmt.Sprintf("%s used by predictive tasks only (type = 1), and this task is type = %d%s: the platform stores %[4]s "+
			"and dials without %[4]s. Remove %[4]s, or make the task predictive.", what, typ.ValueInt64(), name, them))
}

// transToGroupID: a predictive task hands its calls to a skill group
// (context mc_transque), and trans_to is that group's id (§2.7).
type transToGroupID struct{ framework.Described }

var transToGroupRule = transToGroupID{"trans_to is a skill-group id for a predictive task (type = 1)"}

func (transToGroupID) ValidateResource(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var typ types.Int64
	var to types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("type"), &typ)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("trans_to"), &to)...)
	if resp.Diagnostics.HasError() || typ.ValueInt64() != client.TaskTypePredictive || to.IsNull() || to.IsUnknown() {
		return
	}
	if !numericIDRE.MatchString(to.ValueString()) {
		resp.Diagnostics.AddAttributeError(path.Root("trans_to"), "Invalid Transfer Target",
			fmt.Sprintf("trans_to must be a skill-group id (a whole number from 1, without leading zeros, such as contactcenter_skill_group.x.id) for a predictive task (type = 1, "+
				"which hands each answered call to a skill group), got %q.", to.ValueString()))
	}
}
