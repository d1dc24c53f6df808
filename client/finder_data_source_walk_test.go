package client_test

import (
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestDataSourceReadNotReadInWalk: an agent a data source reads by id
// (client.DataSourceReads) is not taken for one a resource refreshed in
// the plan's walk (ReadInWalk), which the key check waits for and leaves
// out of "Already Exists"; a resource's read of it then is.
func TestDataSourceReadNotReadInWalk(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	ctx := t.Context()
	c := e.newClient(t)
	str := func(s string) *string { return &s }
	a, err := c.Agents.Create(ctx, client.AgentInput{UserNum: str("7300"), UserName: str("Read"), UserPassword: str("Secret123!")})
	if err != nil {
		t.Fatal(err)
	}
	c.Refreshing()
	if _, err := c.Agents.Get(client.DataSourceReads(ctx), a.UserID.Int64()); err != nil {
		t.Fatal(err)
	}
	if c.Agents.ReadInWalk(a.UserID.Int64()) {
		t.Error("read by a data source: taken for read in the walk (a resource's refresh)")
	}
	if _, err := c.Agents.Get(ctx, a.UserID.Int64()); err != nil {
		t.Fatal(err)
	}
	if !c.Agents.ReadInWalk(a.UserID.Int64()) {
		t.Error("refreshed by a resource: not read in the walk")
	}
}
