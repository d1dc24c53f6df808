package importer

import (
	"errors"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// Backend is the platform as the importer sees it.
type Backend struct {
	Agents AgentAPI
	// Open sends through the open interface (§4.1 type-2 batch send);
	// Gateway through the SMS gateway (§4.8 send_batch).
	Open    SMSSender
	Gateway SMSSender
}

// clientBackend adapts a client; clientapi.go sets it.
var clientBackend func(c *client.Client) Backend

// BackendFor returns the importer's view of a configured client.
func BackendFor(c *client.Client) (Backend, error) {
	if clientBackend == nil {
		return Backend{}, errors.New("this build of ccsync has no platform adapters (importer/clientapi.go is built only with -tags ccsync_adapters until the agent and SMS clients are merged)")
	}
	return clientBackend(c), nil
}
