package client

// WebhooksService wraps webhooks (spec §4.4, {autocall_url}/api/v3/webhook/...).
type WebhooksService struct{ c *Client }
