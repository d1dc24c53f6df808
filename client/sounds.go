package client

// SoundsService wraps voice files (spec §4.5, {portal_url}/v2/svcapi/sound/...).
type SoundsService struct{ c *Client }
