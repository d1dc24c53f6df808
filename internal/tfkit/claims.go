package tfkit

import (
	"crypto/rand"
	"encoding/hex"
	"slices"
	"sync"
)

// Claims coordinates, within one provider process (one Terraform
// command), resource instances that write the same platform object. Terraform
// orders the instances of a configuration by their references only: when
// a for_each key changes without a moved block, the old instance's delete
// and the new one's create of the same skill-group membership run at the
// same time, and the delete, landing last, undoes the create the apply
// reports as done. An instance locks the keys of what it writes; a create
// claims them once done; a delete leaves alone what a create of this run
// has claimed, since the object now belongs to the new instance.
//
// A provider process may outlive one command: `terraform test` (Terraform
// 1.13 and later) configures a provider block of the test file once and
// serves every run block of the file, and the cleanup, with it. So a claim
// names the instance that made it (ClaimAs, a token the instance keeps in
// its private state), and a delete asks whether another instance claimed
// the key (ClaimedByOther): the instance that created a membership in an
// earlier run deletes it in a later one.
//
// The zero value is ready; a nil *Claims coordinates nothing.
type Claims struct {
	mu      sync.Mutex
	locks   map[string]*sync.Mutex
	claimed map[string]string // key → the claimant's token ("" when unnamed)
	// planned holds, for each key a plan of this process removes (true) or
	// adds (false), which: see Planned.
	planned map[bool]map[string]bool
	// edits holds, for each key a plan of this process changes a value
	// of, the change: see PlanEdit.
	edits map[string]Edit
}

// Edit is a change of one value of an object that a plan of this process
// makes (an SMS template's text): From is the value as the plan found it,
// To the planned one, unknown (Known false) when it is known only at apply.
// A change of the object that leaves the value as it is (a template
// renamed or submitted for review) is recorded with To equal to From.
type Edit struct {
	From, To string
	Known    bool
	// WaitsForApproval: the apply of the edit waits until the review
	// approves the object (wait_for_approval), and fails if it rejects it.
	WaitsForApproval bool
}

// PlanEdit records that the plan being made changes a value of key's
// object, for a check planned later in the same plan that reads that
// object as it is now (an action whose values follow a template the same
// apply edits, and which Terraform plans after the template when it
// refers to it). EditDone forgets it once applied.
func (c *Claims) PlanEdit(key string, e Edit) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.edits == nil {
		c.edits = map[string]Edit{}
	}
	c.edits[key] = e
}

// PlannedEdit returns the change a plan of this process makes of key's
// object, when the object still holds the value the plan found (from):
// a record left by a plan that was not applied (a `command = plan` run of
// `terraform test`) is not taken once the object has changed since.
func (c *Claims) PlannedEdit(key, from string) (Edit, bool) {
	if c == nil {
		return Edit{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.edits[key]
	return e, ok && e.From == from
}

// SMSTemplateText is the key of PlanEdit for the text (template_contents)
// of SMS template id (contactcenter_sms_template, read by
// contactcenter_sms_send's plan).
func SMSTemplateText(id string) string { return "sms_template.template_contents:" + id }

// SMSTemplateSign is the key of PlanEdit for the signature (sign_id) of
// SMS template id, which a plan deletes with the template (To "") or
// points at another signature (contactcenter_sms_template, read by
// contactcenter_sms_signature's destroy plan).
func SMSTemplateSign(id string) string { return "sms_template.sign_id:" + id }

// EditDone forgets what PlanEdit recorded of key: the change is applied.
func (c *Claims) EditDone(key string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.edits, key)
}

// Lock locks the keys, in sorted order (two callers locking overlapping
// sets cannot wait on each other), and returns what unlocks them.
func (c *Claims) Lock(keys ...string) (unlock func()) {
	if c == nil {
		return func() {}
	}
	keys = slices.Compact(slices.Sorted(slices.Values(keys)))
	held := make([]*sync.Mutex, len(keys))
	for i, k := range keys {
		c.mu.Lock()
		if c.locks == nil {
			c.locks = map[string]*sync.Mutex{}
		}
		l := c.locks[k]
		if l == nil {
			l = &sync.Mutex{}
			c.locks[k] = l
		}
		c.mu.Unlock()
		l.Lock()
		held[i] = l
	}
	return func() {
		for _, l := range slices.Backward(held) {
			l.Unlock()
		}
	}
}

// Claim records that the keys' objects were written by a create or update
// of this run.
func (c *Claims) Claim(keys ...string) { c.ClaimAs("", keys...) }

// ClaimAs records that the instance named by claimant (its token, see
// NewClaimant) wrote the keys' objects.
func (c *Claims) ClaimAs(claimant string, keys ...string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.claimed == nil {
		c.claimed = map[string]string{}
	}
	for _, k := range keys {
		c.claimed[k] = claimant
	}
}

// Claimed tells whether a create or update of this run wrote key's object.
func (c *Claims) Claimed(key string) bool {
	if c == nil {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.claimed[key]
	return ok
}

// ClaimedByOther tells whether an instance other than the one named by
// claimant wrote key's object in this process. An instance without a token
// (its state was written by an older provider) takes every claim as
// another's.
func (c *Claims) ClaimedByOther(key, claimant string) bool {
	if c == nil {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	by, ok := c.claimed[key]
	return ok && (claimant == "" || by != claimant)
}

// Planned records that the plan being made removes the keys' objects
// (removes true) or adds them (removes false), and returns those of the
// keys that the plan, so far, does the other way: an object one instance
// removes and another adds in one plan (a for_each key changed without a
// moved block). The instances are planned in any order, so the second of
// the two is the one told. Done forgets a key once applied; a plan that is
// never applied in a process that serves later commands (a `command = plan`
// run of `terraform test`) leaves its keys, and a later plan that does one
// of the two is told as well (the testing guide says so).
func (c *Claims) Planned(removes bool, keys ...string) (both []string) {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.planned == nil {
		c.planned = map[bool]map[string]bool{true: {}, false: {}}
	}
	for _, k := range keys {
		c.planned[removes][k] = true
		if c.planned[!removes][k] {
			both = append(both, k)
		}
	}
	return both
}

// Done forgets what Planned recorded of the keys: their change is applied
// (a provider process that serves several commands, as `terraform test`
// does, should not take one command's plan for the next one's).
func (c *Claims) Done(keys ...string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range c.planned {
		for _, k := range keys {
			delete(m, k)
		}
	}
}

// NewClaimant returns a token that names one resource instance in Claims.
func NewClaimant() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return hex.EncodeToString(b)
}
