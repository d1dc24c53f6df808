package client_test

import (
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// TestSharedListNextCommandSeesOutsideChange: a provider process that
// serves several commands (`terraform test` with a provider block,
// Terraform 1.13 and later, configures it once for every run of the file)
// starts each later plan without telling the provider. A data source read
// in the plan of a run sees what changed outside the provider since the
// run before (a provisioner, a person, another process): the list a data
// source read in the earlier plan does not answer it, though nothing was
// written through the process in between.
func TestSharedListNextCommandSeesOutsideChange(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	newClient := func() *client.Client {
		c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", AppID: "sim-app", AppKey: "sim-key", MaxRetries: 0})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	// c is the provider process's client; outside, another process's.
	c, outside := newClient(), newClient()
	list := func() []client.SkillGroup {
		t.Helper()
		got, err := c.Queues.ListShared(client.DataSourceReads(t.Context()), client.SkillGroupFilter{Keyword: "team-alpha"})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	// run "apply": creates the group (a write).
	id, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "team-alpha", QuePriority: 10})
	if err != nil {
		t.Fatal(err)
	}
	// run "apply_again": its plan refreshes the group and reads the data
	// source; nothing to apply.
	c.Refreshing()
	if got := list(); len(got) != 1 {
		t.Fatalf("after the create: %d groups listed, want 1", len(got))
	}
	// run "outside": a provisioner deletes the group.
	n, _ := strconv.ParseInt(id, 10, 64)
	if err := outside.Queues.Delete(t.Context(), n, false); err != nil {
		t.Fatal(err)
	}
	// run "plan_drift": its plan refreshes and reads the data source again.
	c.Refreshing()
	if got := list(); len(got) != 0 {
		t.Fatalf("the plan of the next run: the data source lists %d groups (%v), want 0: the group was deleted outside the provider after the run before read it", len(got), got)
	}
}
