package resources

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
)

// The agents an outbound task dials for (assigned_users, §2.7.3): their
// schema, the rule that names each by its id or its number, and their
// mapping to the API, in the order the configuration keeps.

// portalOrderNote is the ordered lists' word on an order changed in the
// portal (inPriorOrder).
const portalOrderNote = "Elements the portal holds in another order keep the order of the state, so a reorder in the portal plans nothing. " +
	"After an import, or an `apply -refresh-only` that saved the portal's order, the state holds the portal's order: the next plan updates the task " +
	"once to write the configuration's order, shown as elements changing places (for agents, `user_num` and `conn_limit` swapping)."

func assignedUsersAttribute() schema.ListNestedAttribute {
	return schema.ListNestedAttribute{
		Optional: true,
		MarkdownDescription: "Agents who take the calls (`assigned_users`). Required when `type = 1`, and when `type = 4` with " +
			"`config.enable_scheduler = true` (then every agent must belong to `config.que_id`). " + portalOrderNote,
		NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
			"user_id": schema.Int64Attribute{
				Optional: true, MarkdownDescription: "Agent id (`user_id`). Exactly one of `user_id` and `user_num` is set.",
				Validators: []validator.Int64{int64validator.AtLeast(1)},
			},
			"user_num": schema.StringAttribute{
				Optional: true, MarkdownDescription: "Agent number (`user_num`). Exactly one of `user_id` and `user_num` is set.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"conn_limit": framework.DefaultInt64("Connection ceiling of the agent (`conn_limit`). Defaults to `0`.", 0, int64validator.AtLeast(0)),
		}, Validators: []validator.Object{oneAgentKeyRule}},
		Validators: []validator.List{listvalidator.SizeAtLeast(1)},
	}
}

type assignedUserModel struct {
	UserID    types.Int64  `tfsdk:"user_id"`
	UserNum   types.String `tfsdk:"user_num"`
	ConnLimit types.Int64  `tfsdk:"conn_limit"`
}

func expandAssignedUsers(users []assignedUserModel) []client.AssignedUser {
	out := make([]client.AssignedUser, len(users))
	for i, u := range users {
		framework.Expand(u, &out[i])
	}
	return out
}

// flattenAssignedUsers reads the agents, in the model's order when only
// their order changed (inPriorOrder); each is named by exactly one of
// user_id and user_num: the one the model names it by, else user_id.
func flattenAssignedUsers(prior []assignedUserModel, users []client.AssignedUser) []assignedUserModel {
	if len(users) == 0 && prior == nil {
		return nil
	}
	out := make([]assignedUserModel, len(users))
	for i, u := range users {
		framework.Flatten(u, &out[i])
		out[i].ConnLimit = orInt(out[i].ConnLimit, 0)
	}
	// The same agent: the key the model names it by, and its ceiling.
	out = inPriorOrder(prior, out, func(p, u assignedUserModel) bool {
		return p.ConnLimit.Equal(u.ConnLimit) &&
			(!p.UserID.IsNull() && p.UserID.Equal(u.UserID) || !p.UserNum.IsNull() && p.UserNum.Equal(u.UserNum))
	})
	for i := range out {
		if !out[i].UserID.IsNull() && !out[i].UserNum.IsNull() {
			if i < len(prior) && prior[i].UserID.IsNull() && !prior[i].UserNum.IsNull() {
				out[i].UserID = types.Int64Null()
			} else {
				out[i].UserNum = types.StringNull()
			}
		}
	}
	return out
}

// inPriorOrder returns read in prior's order when both hold the same
// elements (matched one to one by same), else read as it is. The platform
// gives assigned_users and config.webhook.ids no meaning by order (spec
// §2.7.1, §2.7.3) and the portal may save them in another order; read in
// that order, the next plan showed every moved element as changed
// ("conn_limit = 0 -> 3" on an agent whose ceiling had not changed). A
// change of members or values still reads in the API's order, and with no
// prior (import) the API's order is kept.
func inPriorOrder[T any](prior, read []T, same func(p, r T) bool) []T {
	if len(prior) != len(read) {
		return read
	}
	out := make([]T, 0, len(read))
	used := make([]bool, len(read))
next:
	for _, p := range prior {
		for i, r := range read {
			if !used[i] && same(p, r) {
				used[i] = true
				out = append(out, r)
				continue next
			}
		}
		return read
	}
	return out
}

// oneAgentKey requires exactly one of user_id and user_num in an
// assigned_users element. (int64validator.ExactlyOneOf, with a relative
// path, names the pair as "assigned_users[0].user_id.<.user_num".)
type oneAgentKey struct{ framework.Described }

var oneAgentKeyRule = oneAgentKey{"exactly one of user_id and user_num is set"}

func (oneAgentKey) ValidateObject(_ context.Context, req validator.ObjectRequest, resp *validator.ObjectResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	a := req.ConfigValue.Attributes()
	id, num := a["user_id"], a["user_num"]
	if id == nil || num == nil || id.IsUnknown() || num.IsUnknown() {
		return
	}
	pair := fmt.Sprintf("[%s,%s]", req.Path.AtName("user_id"), req.Path.AtName("user_num"))
	switch {
	case id.IsNull() && num.IsNull():
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Attribute Combination",
			fmt.Sprintf("No attribute specified when one (and only one) of %s is required: name the agent by its id or by its number.", pair))
	case !id.IsNull() && !num.IsNull():
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Attribute Combination",
			fmt.Sprintf("2 attributes specified when one (and only one) of %s is required: name the agent by its id (%s) or by its number (%s), not both.",
				pair, id, num))
	}
}
