package client

// AgentsService wraps agent management (spec §4.2, {base_url}/v3/svcapi/users/...).
type AgentsService struct{ c *Client }
