package resources

import (
	"context"
	"iter"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
)

// The agent's import: by id, by number (user_num:<number>) or by identity,
// and the read that follows it.

// ImportState accepts the agent's id or `user_num:<number>`, or an identity.
// The read that follows says what warnAdopted finds in the agent's numbers.
func (r *agentResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	defer markImported(ctx, resp)
	settings := map[string]any{"delete_mode": agentDeleteModeDelete}
	if num, ok := strings.CutPrefix(req.ID, agentNumKey.prefix); ok {
		agentNumKey.importByKey(ctx, r.Client, num, resp, settings)
		return
	}
	framework.ImportByNumericID(ctx, req, resp, "An agent is imported by its numeric id (user_id) or as user_num:<agent number>", settings)
}

// Read is framework.Managed's, and after an import warns of the numbers
// the adopted agent holds (warnAdopted).
func (r *agentResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	r.Managed.Read(ctx, req, resp)
	warnAdopted(ctx, resp, "agent", agentNumbers)
}

// agentNumKey imports an agent by its number (user_num:<number>, trimmed),
// the same in every contact center. A number the platform holds
// decomposed: see inAnyForm.
var agentNumKey = &importKey{prefix: "user_num:", title: "Agent", field: "user_num", noun: "agent", value: "agent number", idField: "user_id",
	list: `data "contactcenter_agents" or ccsync agents export`, trim: true, many: true,
	find: keyFinder(func(ctx context.Context, c *client.Client, num string) ([]client.Agent, error) {
		a, err := c.Agents.GetByNum(ctx, num)
		if client.IsNotFound(err) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		return []client.Agent{*a}, nil
	}, func(ctx context.Context, c *client.Client) iter.Seq2[client.Agent, error] {
		return c.Agents.List(ctx, client.AgentFilter{})
	}, func(a client.Agent) string { return string(a.UserNum) },
		func(a client.Agent) keyMatch {
			return keyMatch{id: a.UserID.Int64(), state: "user_status " + agentStatusName(a.UserStatus.Int64())}
		}),
}

// agentStatusName names an agent's user_status (§2.6) for an error.
func agentStatusName(s int64) string {
	switch s {
	case client.AgentStatusOnDuty:
		return "1, on duty"
	case client.AgentStatusResigned:
		return "2, resigned"
	case client.AgentStatusFrozen:
		return "3, frozen"
	}
	return strconv.FormatInt(s, 10)
}
