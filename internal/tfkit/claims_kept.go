package tfkit

import (
	"maps"
	"slices"
)

// PlannedKeepers returns, sorted, the ids of the objects in the state
// whose plan in this process keeps key (PlanHolder with keeps true). A
// create of key planned beside one is either a replacement that
// Terraform forces on the object itself (-replace: the first plan of the
// instance keeps everything, the second plans the create) or the create
// of another resource, which the apply refuses.
func (c *Claims) PlannedKeepers(key string) []string {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	var ids []string
	for _, id := range slices.Sorted(maps.Keys(c.holders[key])) {
		if c.holders[key][id] {
			ids = append(ids, id)
		}
	}
	return ids
}
