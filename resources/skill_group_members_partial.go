package resources

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
)

// partlyCreated handles a create that failed after it changed the group
// (an agent of members that does not exist, a refusal part-way through the
// batches): the agents assigned before the failure stayed in the group,
// and without a state Terraform knew nothing of them (a later destroy of the
// group failed, "group has 1 agent(s)"). It saves the resource, which
// Terraform then marks tainted, so the next apply writes the membership
// again and a destroy takes the agents out, and it returns what the error
// adds ("" when the group did not change).
func (r *skillGroupMembersResource) partlyCreated(ctx context.Context, queID int64, before, desired map[int64]int64, removed bool,
	plan *skillGroupMembersModel, resp *resource.CreateResponse) string {
	now, err := r.members(ctx, queID)
	if err != nil {
		return ""
	}
	var added []string
	for ag := range desired {
		if _, was := before[ag]; !was {
			if _, is := now[ag]; is {
				added = append(added, strconv.FormatInt(ag, 10))
			}
		}
	}
	if len(added) == 0 && !removed {
		return ""
	}
	slices.Sort(added)
	plan.ID = types.StringValue(strconv.FormatInt(queID, 10))
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.State.Raw = framework.NullUnknowns(resp.State.Raw)
	framework.SetIdentity(ctx, resp.State, resp.Identity, &resp.Diagnostics)
	what := "removed the agents members does not list"
	if len(added) > 0 {
		what = fmt.Sprintf("put agent(s) %s in skill group %d", strings.Join(added, ", "), queID)
	}
	return fmt.Sprintf("\n\nBefore it failed, this create %s. The resource is saved, and Terraform marks it tainted: "+
		"fix the configuration, then run terraform untaint with this resource's address and apply (the membership is written in place), "+
		"or apply without untainting (Terraform replaces it: the agents leave the group for a moment), or destroy it to take the agents out.", what)
}
