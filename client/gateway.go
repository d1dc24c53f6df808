package client

// GatewayService wraps the signature-authenticated SMS gateway (spec §4.8, §5.5).
type GatewayService struct{ c *Client }
