package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestExportCommand_progressCountsGroupsWhoseMembersWereRead: the members
// are read per skill group, every group's, and only the groups with agents
// get a membership resource. The progress said "read skill group members:
// 200" of 200 groups read, 40 of them with members (40 resources written,
// or 400 in the one-resource-per-member form): it now counts the groups
// and says how many had members. The summary says "the members of 1 skill
// group" of one resource of the authoritative form, where it said "1 skill
// group member" of a resource holding a group's 2 agents. The SMS kinds
// are named in capitals.
func TestExportCommand_progressCountsGroupsWhoseMembersWereRead(t *testing.T) {
	t.Parallel()
	origin := exportSim(t) // "Sales", with 2 agents
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(origin), AccessToken: "sim-token"})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Empty 1", "Empty 2"} {
		if _, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: name, QuePriority: 1}); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errOut := runCLI("export", "terraform", filepath.Join(t.TempDir(), "cc"), "--endpoint", origin, "--access-token", "sim-token",
		"--kinds", "agents,skill_groups,skill_group_members,sms_signatures", "--membership=member")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	var lines []string
	for _, l := range strings.Split(errOut, "\n") {
		if strings.HasPrefix(l, "read ") {
			lines = append(lines, l)
		}
	}
	for _, want := range []string{
		"read agents: 2",
		"read skill groups: 3",
		"read the members of 3 skill groups (1 with members)",
		"read SMS signatures: 0",
	} {
		if !strings.Contains("\n"+strings.Join(lines, "\n")+"\n", "\n"+want+"\n") {
			t.Errorf("no progress line %q in:\n%s", want, strings.Join(lines, "\n"))
		}
	}
	if len(lines) != 4 {
		t.Errorf("%d progress lines, want 4:\n%s", len(lines), strings.Join(lines, "\n"))
	}
	if !strings.Contains(out, "2 skill group members") {
		t.Errorf("summary:\n%s\nwant the 2 membership resources written", out)
	}

	// The authoritative form (the default) writes one resource for the
	// group's 2 members: the summary said "1 skill group member".
	code, out, errOut = runCLI("export", "terraform", filepath.Join(t.TempDir(), "cc"), "--endpoint", origin, "--access-token", "sim-token",
		"--kinds", "skill_groups,skill_group_members")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(errOut, "read the members of 3 skill groups (1 with members)\n") {
		t.Errorf("progress:\n%s\nwant \"read the members of 3 skill groups (1 with members)\"", errOut)
	}
	if !strings.Contains(out, ": 3 skill groups, the members of 1 skill group.") {
		t.Errorf("summary:\n%s\nwant \"3 skill groups, the members of 1 skill group.\"", out)
	}
}
