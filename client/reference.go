package client

// ReferenceService wraps the reference-data and call-record interfaces (spec §4.7).
type ReferenceService struct{ c *Client }
