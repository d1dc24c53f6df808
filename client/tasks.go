package client

// TasksService wraps outbound tasks (spec §4.3, {autocall_url}/api/v3/projects/...).
type TasksService struct{ c *Client }
