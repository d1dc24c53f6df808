package tfkit

// Token names this provider configuration's Claims (one ConfigureProvider,
// so one Terraform command, or one run of `terraform test`): an import
// marks the private state with it (framework.Steps), so that a plan tells
// an object this command imports from one the state already held. "" for
// nil Claims.
func (c *Claims) Token() string {
	if c == nil {
		return ""
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.token == "" {
		c.token = NewClaimant()
	}
	return c.token
}

const (
	heldImported uint8 = 1 << iota // an import plans the object
	heldManaged                    // a resource whose state held it plans it
	heldWarned                     // PlannedTwice reported the pair
)

// PlannedTwice records that a plan of this configuration plans the object
// key names, by an import (imported) or by a resource that already holds
// it, and reports true once, to the plan that completes the pair: the
// object is then imported at one address while managed at another.
func (c *Claims) PlannedTwice(key string, imported bool) bool {
	if c == nil {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.twice == nil {
		c.twice = map[string]uint8{}
	}
	h := c.twice[key]
	if imported {
		h |= heldImported
	} else {
		h |= heldManaged
	}
	pair := h&(heldImported|heldManaged) == heldImported|heldManaged && h&heldWarned == 0
	if pair {
		h |= heldWarned
	}
	c.twice[key] = h
	return pair
}
