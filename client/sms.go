package client

// SMSService wraps SMS management (spec §4.1, {base_url}/sms/...).
type SMSService struct{ c *Client }
