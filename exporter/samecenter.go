package exporter

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
)

// sameCenter refuses states that are another contact center's than the
// one the client reaches: ids are only unique within a center (two
// centers both have agent 1001 and skill group 101), and keptNames
// matches state objects to platform objects by id alone, so another
// center's state named this center's objects after its own (agent 1001,
// user_num 7003, written as agent_7001), and the plan failed, or imported
// them under those names.
//
// An agent's user_num cannot change (users/edit does not take it): a state
// agent whose id the platform holds under another user_num is not that
// agent. Only agents are compared: every other kind's fields either
// change in the portal or through the interface (names, texts kept across
// renames by keptNames), or are shared by many objects (a task's type), or
// are not documented as unchangeable; a state without agents is checked
// only by the addresses the provider recorded (recordedElsewhere). An agent of the state the platform no longer has is no sign
// (deleted since). The platform's agents are read by the state's ids, one
// list call per 500, before anything else is read.
func sameCenter(ctx context.Context, c *client.Client, opts Options, states []localState) error {
	if err := recordedElsewhere(c, opts, states); err != nil {
		return err
	}
	type stateAgent struct{ where, id, num string }
	var agents []stateAgent
	var ids []int64
	for _, st := range states {
		for _, in := range st.instances {
			if in.typ != typeAgent || in.userNum == "" {
				continue
			}
			id, err := strconv.ParseInt(in.id, 10, 64)
			if err != nil {
				continue
			}
			agents = append(agents, stateAgent{where: st.workspace, id: in.id, num: in.userNum})
			if !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	if len(ids) == 0 {
		return nil
	}
	slices.Sort(ids)
	platform := map[string]string{} // user_id → user_num
	for chunk := range slices.Chunk(ids, client.AgentMaxRows) {
		as, err := client.Collect(c.Agents.List(ctx, client.AgentFilter{UserIDs: chunk}))
		if err != nil {
			return fmt.Errorf("listing the state's agents: %w", err)
		}
		for _, a := range as {
			platform[strconv.FormatInt(a.UserID.Int64(), 10)] = string(a.UserNum)
		}
	}
	var differ, aliases []string
	for _, st := range states {
		for _, in := range st.instances {
			if in.typ == typeAgent && in.alias != "" && !slices.Contains(aliases, "contactcenter."+in.alias) {
				aliases = append(aliases, "contactcenter."+in.alias)
			}
		}
	}
	wheres := map[string]bool{}
	for _, a := range agents {
		if num, ok := platform[a.id]; ok && num != a.num {
			differ = append(differ, fmt.Sprintf("the state's agent %s is %s, the platform's agent %s is %s", a.id, a.num, a.id, num))
			wheres[a.where] = true
		}
	}
	if len(differ) == 0 {
		return nil
	}
	var named []string
	for _, st := range states {
		if wheres[st.workspace] {
			named = append(named, workspaceName(st.workspace))
		}
	}
	shown, more := differ, ""
	if len(shown) > 3 {
		shown, more = shown[:3], fmt.Sprintf("; and %d more", len(differ)-3)
	}
	if len(aliases) > 0 {
		slices.Sort(aliases)
		more += fmt.Sprintf(". The state manages agents through the provider configuration(s) %s: a configuration that manages several contact centers "+
			"cannot be exported into, since an export writes one contact center with the default provider configuration; export each center into a folder of its own",
			strings.Join(aliases, ", "))
	}
	into := "this folder"
	if !opts.Force {
		into = "a folder with this state"
	}
	return inputErrorf("the state read (%s) seems to be another contact center's than the one the connection reaches: "+
		"its agents have other agent numbers than the platform's agents of the same ids, and an agent's number cannot change (%s%s). "+
		"Ids are only unique within a contact center: the export would give this center's objects the names the state gives the other's, "+
		"and the next plan would fail, or import them under those names. Either the state is another contact center's (or stale), "+
		"or CONTACTCENTER_ENDPOINT and CONTACTCENTER_ACCESS_TOKEN point at another contact center than the one the state manages. "+
		"Nothing was written. To export this contact center, export into a new folder (without --force and --state); "+
		"to export into %s, connect to the contact center its state manages, or give --state the state of the contact center you export",
		strings.Join(named, ", "), strings.Join(shown, "; "), more, into)
}

// recordedElsewhere refuses a state whose objects the provider recorded at
// other addresses than the ones the connection reaches (each object keeps,
// in its private state, the addresses it was created or last read
// through): it tells another center's state from this one's by any kind,
// where the agents' numbers need agents (a state of skill groups and
// webhooks only was exported into, naming this center's objects after the
// other's: its "Legacy" group written as acme_sales). A state of an
// earlier version, which recorded nothing, is left to the agents' check.
func recordedElsewhere(c *client.Client, opts Options, states []localState) error {
	var differ, named []string
	change, here := "", false
	for _, st := range states {
		elsewhereHere := false
		for _, in := range st.instances {
			ch, elsewhere := framework.CenterElsewhere(in.center, c)
			if !elsewhere {
				here = here || in.center != ""
				continue
			}
			if change == "" {
				change = ch
			}
			elsewhereHere = true
			differ = append(differ, in.addr)
		}
		if elsewhereHere {
			named = append(named, workspaceName(st.workspace))
		}
	}
	if len(differ) == 0 {
		return nil
	}
	several := ""
	if here {
		several = "The folder's states manage several contact centers (a workspace per center): an export writes one contact center, so export each into a folder of its own. "
	}
	shown, more := differ, ""
	if len(shown) > 3 {
		shown, more = shown[:3], fmt.Sprintf(" and %d more", len(differ)-3)
	}
	into := "this folder"
	if !opts.Force {
		into = "a folder with this state"
	}
	return inputErrorf("the state read (%s) is another contact center's than the one the connection reaches: the provider recorded its objects "+
		"(%s%s) at other addresses (%s). "+
		"Ids are only unique within a contact center: the export would give this center's objects the names the state gives the other's. "+
		"%sNothing was written. To export this contact center, export into a new folder (without --force and --state); "+
		"to export into %s, connect to the contact center its state manages (CONTACTCENTER_ENDPOINT, --endpoint), or give --state the state of the contact center you export. "+
		"If it is this contact center at a new address (a host renamed, localhost for 127.0.0.1), run terraform apply -refresh-only in the folder first, "+
		"through the new address: the provider records it for the objects it reads unchanged there",
		strings.Join(named, ", "), strings.Join(shown, ", "), more, change, several, into)
}
