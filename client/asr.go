package client

// ASRService wraps speech recognition and robot recordings (spec §4.5, {portal_url}/v3/api/asr/...).
type ASRService struct{ c *Client }
