package tfkit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"maps"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
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
	planned map[bool]map[string]uint64 // key → planWalk when recorded
	// twice and token: see PlannedTwice and Token.
	twice map[string]uint8
	token string
	// edits holds, for each key a plan of this process changes a value
	// of, the change: see PlanEdit.
	edits map[string]Edit
	// settleEnd is when the window of Settle ends (zero: not opened);
	// progress is the walk's progress Settle last saw, since progressAt.
	settleEnd  time.Time
	progress   uint64
	progressAt time.Time
	// gap is the longest wait between two signs of the walk's progress
	// that one call of Settle saw whole: the walk's pace, which scales
	// the quiet (settleQuiet).
	gap time.Duration
	// walk names the plan's walk the window was opened for (Walk).
	walk uint64
	// Load, when set, says how many times slower than on an idle machine
	// the processes of this machine run now (at least 1): RunQueueLoad,
	// set by the provider. Settle's window and quiet are measured on a
	// clock that runs that many times slower than the wall clock
	// (settleNow); nil, as the wall clock.
	Load func() float64
	// clockWall and clockAt are the wall time and Settle's time
	// (settleNow) when Settle's clock was last read; load and loadAt are
	// Load's last answer and when it was asked.
	clockWall, clockAt, loadAt time.Time
	load                       float64
	// removals counts the keys Planned recorded as removed, statePlans
	// the plans of instances in the state (PlannedInState, PlanHolder):
	// the walk's progress Settle sees besides refreshes.
	removals, statePlans atomic.Uint64
	// creates holds, for each key a plan of this process gives an
	// object, the objects planned so: see PlanGiven.
	creates map[string][]givenPlan
	// holders holds, for each key an object in the state of a plan of
	// this process holds, whether the plan keeps it there, by the
	// object's id: see PlanHolder.
	holders map[string]map[string]bool
	// renames holds, for each key an object in the state of a plan of
	// this process holds, the value an in-place update of that plan gives
	// the object instead, by the object's id: see PlanRename.
	renames map[string]map[string]string
	// notes holds what Note ("" set) and NoteIn recorded, by set and key.
	notes map[string]map[string]string
	// refreshed holds the objects refreshed (Refreshed) since plans began
	// planWalk: see Refreshed.
	refreshed map[string]bool
	planWalk  uint64
}

// PlanWalk is the number of the plans' walk (see Refreshed): a note that
// holds it is of this command's plan when it is still the same.
func (c *Claims) PlanWalk() uint64 {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.planWalk
}

// Refreshed records that the plan being made refreshed object key (a
// resource type and the object's id), and tells whether a plan of a later
// command began with it: Terraform refreshes each object of the state
// once in a plan's walk, and none in an apply's, so an object refreshed
// again is refreshed by a later command's plan, in a provider process
// that serves several (`terraform test` with a provider block, Terraform
// 1.13 and later). What PlanGiven recorded before is then forgotten: a
// `command = plan` run, which applies nothing, left its creates recorded,
// and the next run's plan of the same instance with other values (its
// variables) warned "Created Twice" of it. A run whose plan refreshes
// nothing (the first of a file, or with refresh = false) is not told from
// the run before it.
func (c *Claims) Refreshed(key string) (later bool) {
	if c == nil {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.refreshed[key] {
		c.planWalk++
		c.refreshed, later = nil, true
	}
	if c.refreshed == nil {
		c.refreshed = map[string]bool{}
	}
	c.refreshed[key] = true
	return later
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

// Note records value under key, replacing what was noted before: what an
// instance wrote or planned (an agent's queue_ids), for another instance's
// check, which reads it back with Noted.
func (c *Claims) Note(key, value string) { c.NoteIn("", key, value) }

// Noted returns what Note last recorded under key.
func (c *Claims) Noted(key string) (string, bool) {
	if c == nil {
		return "", false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.notes[""][key]
	return v, ok
}

// NoteIn records value under key in set (one agent's: the groups
// membership resources put it in), which NotedIn reads whole: a reader of
// one set does not scan the notes of every other (an apply of thousands
// of agents, each reading its own).
func (c *Claims) NoteIn(set, key, value string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.notes == nil {
		c.notes = map[string]map[string]string{}
	}
	if c.notes[set] == nil {
		c.notes[set] = map[string]string{}
	}
	c.notes[set][key] = value
}

// NotedIn returns a copy of what NoteIn recorded in set, by key.
func (c *Claims) NotedIn(set string) map[string]string {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return maps.Clone(c.notes[set])
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

// ClaimedAs tells whether the last claim of key named claimant (ClaimAs):
// a claim made as a walk (a command's, in a process that serves several)
// asked for in the same walk.
func (c *Claims) ClaimedAs(key, claimant string) bool {
	if c == nil {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	by, ok := c.claimed[key]
	return ok && by == claimant
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
// of the two is told as well, unless it refreshed an object that plan
// refreshed (Refreshed: a later command's keys are its own). The testing
// guide says so.
func (c *Claims) Planned(removes bool, keys ...string) (both []string) {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.planned == nil {
		c.planned = map[bool]map[string]uint64{true: {}, false: {}}
	}
	if removes {
		c.removals.Add(uint64(len(keys)))
	}
	for _, k := range keys {
		c.planned[removes][k] = c.planWalk
		if w, ok := c.planned[!removes][k]; ok && w == c.planWalk {
			both = append(both, k)
		}
	}
	return both
}

// PlannedAs tells whether a plan of this process recorded (Planned) that
// it removes (removes true) or adds key's object, without recording
// anything.
func (c *Claims) PlannedAs(removes bool, key string) bool {
	if c == nil {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	w, ok := c.planned[removes][key]
	return ok && w == c.planWalk
}

// SettleWindow is the window at the start of a walk in which Settle
// waits whatever happens (the first instances planned, before any other
// instance's refresh or destroy has begun); SettleQuiet is how long it
// waits, past that window, after the walk's last sign of progress.
const (
	SettleWindow = 500 * time.Millisecond
	SettleQuiet  = 250 * time.Millisecond
	// SettleQuietMax bounds the quiet when the walk is slow: Settle
	// waits, past the window, SettleQuietGaps times the longest gap it
	// saw between two signs of progress, when that is longer than
	// SettleQuiet. On a loaded machine (two cores, a load of 40) the
	// instances of a plan with -refresh=false were planned more than
	// SettleQuiet apart, and a check judged before the instance that
	// keeps its key ("Agent Already Exists", advising an import of an
	// agent the state holds, instead of "Agent Already Managed Here").
	SettleQuietMax  = 2 * time.Second
	SettleQuietGaps = 3
)

// settlePoll is how often Settle asks done again.
const settlePoll = 5 * time.Millisecond

// SettleRefreshed bounds Await for the plan of an instance that this walk
// has refreshed: Terraform plans it right after its refresh, in the slot
// the refresh held, so waiting for it holds up no other instance; but on a
// loaded machine (two cores, a load of 40) that plan came more than
// SettleQuiet after the walk's last progress, and the check had judged
// without it. The bound is for a refresh whose plan never comes (a data
// source's read is no refresh: client.DataSourceReads).
const SettleRefreshed = 5 * time.Second

// Await waits, at most d, until done answers true (polled as Settle
// does), and reports done's last answer.
func Await(ctx context.Context, d time.Duration, done func() bool) bool {
	if done() {
		return true
	}
	end := time.NewTimer(d)
	defer end.Stop()
	t := time.NewTicker(settlePoll)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return done()
		case <-end.C:
			return done()
		case <-t.C:
			if done() {
				return true
			}
		}
	}
}

// Settle waits until done answers true, for a plan's check that judges
// what other instances of the same plan do: Terraform plans the instances
// in any order, ten at a time, and the one that settles the check (the old
// address of a for_each key changed without a moved block: its refresh,
// its destroy's plan) may come later. It reports done's last answer.
//
// It waits while the walk is young (SettleWindow from the first call, a
// window every later call shares) or makes progress: a refresh begun
// (progress, a count that grows with each), a removal planned (Planned),
// an instance of the state planned (PlannedInState) or an object's key
// planned kept or given up (PlanHolder: a plan with -refresh=false
// refreshes nothing, and the instance that keeps the key of a check may be
// planned seconds after it, in a plan of hundreds) less than SettleQuiet
// ago, or than SettleQuietGaps times the longest gap between two signs of
// progress that a wait saw (a slow walk, on a loaded machine: at most
// SettleQuietMax), all measured on Settle's clock, which runs slower on a
// busy machine (settleNow). Nothing else is waited for: a plan with no
// state to refresh or destroy (a lost state of 3,000 objects whose keys
// are all taken) waits SettleWindow once, not once per check; a check
// that no instance settles waits until the walk goes quiet (at worst when
// every slot Terraform gives the walk holds a waiting check).
func (c *Claims) Settle(ctx context.Context, progress func() uint64, done func() bool) bool {
	if done() {
		return true
	}
	if c == nil {
		return false
	}
	c.mu.Lock()
	began := c.settleNow()
	c.mu.Unlock()
	t := time.NewTicker(settlePoll)
	defer t.Stop()
	for {
		if !c.settling(progress, began) {
			return done()
		}
		select {
		case <-ctx.Done():
			return done()
		case <-t.C:
			if done() {
				return true
			}
		}
	}
}

// Walk tells Settle which plan's walk its callers are in (0 unless the
// provider process serves several commands: client.Client.Walk). A
// provider process that serves several commands (`terraform test` with a
// provider block, Terraform 1.13 and later) makes one Claims for them all,
// and SettleWindow, opened by the first command's first check, had long
// passed in the later ones: a check there judged at once, before the
// instances planned after it (the old address of a renamed for_each key).
// A walk of a later number opens the window again, from this call.
func (c *Claims) Walk(w uint64) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if w > c.walk {
		c.walk, c.settleEnd, c.progressAt, c.gap = w, time.Time{}, time.Time{}, 0
	}
}

// settling notes the walk's progress and tells whether Settle, called
// at began, waits on.
func (c *Claims) settling(progress func() uint64, began time.Time) bool {
	p := c.removals.Load() + c.statePlans.Load()
	if progress != nil {
		p += progress()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.settleNow()
	if c.settleEnd.IsZero() {
		c.settleEnd = now.Add(SettleWindow)
	}
	if p != c.progress {
		// A gap counts from when this call began watching (began), at
		// the earliest: between two checks' waits, nothing was.
		if !c.progressAt.IsZero() {
			from := c.progressAt
			if began.After(from) {
				from = began
			}
			c.gap = max(c.gap, now.Sub(from))
		}
		c.progress, c.progressAt = p, now
	}
	return now.Before(c.settleEnd) || (!c.progressAt.IsZero() && now.Sub(c.progressAt) < c.settleQuiet())
}

// settleNow is Settle's time: it runs as the wall clock on an idle
// machine, and Load times slower on a busy one (at most settleLoadMax
// times). Terraform's walk runs slower there too: on two cores at a load
// of 30 to 70 (make test beside other work), the instance that settles a
// check (the old address of a renamed for_each key, the block that keeps
// the key) was planned after SettleWindow or the quiet had passed on the
// wall clock, and the check judged without it (a wrong "Already Exists").
// Measured so, an idle plan waits as long as before. c.mu is held.
func (c *Claims) settleNow() time.Time {
	wall := time.Now()
	if c.clockWall.IsZero() {
		c.clockWall, c.clockAt = wall, wall
		return wall
	}
	if c.loadAt.IsZero() || wall.Sub(c.loadAt) >= settleLoadEvery {
		c.load, c.loadAt = 1, wall
		if c.Load != nil {
			c.load = min(max(c.Load(), 1), settleLoadMax)
		}
	}
	if d := wall.Sub(c.clockWall); d > 0 {
		c.clockAt = c.clockAt.Add(time.Duration(float64(d) / c.load))
	}
	c.clockWall = wall
	return c.clockAt
}

// settleLoadMax bounds the load Settle's clock follows: its waits are at
// most that many times as long as on an idle machine. At 4, on two cores
// at loads of 30 to 52, the key checks' tests failed in no run of 50 (at
// 1, the wall clock: 2 of 50, beside them), and took 10 to 20 % longer
// there; at 16, also none, but two to three times as long. settleLoadEvery is
// how often it asks for the load.
const (
	settleLoadMax   = 4
	settleLoadEvery = 25 * time.Millisecond
)

// RunQueueLoad (Claims.Load) is the machine's processes ready to run now (the fourth
// field of /proc/loadavg, "running/total", this process's among them) per
// CPU, at least 1; 1 where the file is missing or unreadable (not Linux).
func RunQueueLoad() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 1
	}
	onlineOnce.Do(func() {
		if b, err := os.ReadFile("/sys/devices/system/cpu/online"); err == nil {
			onlineCPUs = countCPUs(string(b))
		}
	})
	return runQueueLoad(string(b), onlineCPUs, runtime.NumCPU())
}

// onlineCPUs is the machine's online CPUs (/sys/devices/system/cpu/online,
// read once; 0 where it could not be read).
var (
	onlineOnce sync.Once
	onlineCPUs int
)

// runQueueLoad is RunQueueLoad of a /proc/loadavg text: its ready count
// per CPU of the machine (online: /sys/devices/system/cpu/online), or of
// this process (numCPU, runtime.NumCPU) where online is not known.
//
// /proc/loadavg counts the ready threads of the whole machine, a
// container's neighbours' too (it is not per container), and
// runtime.NumCPU counts only the CPUs this process may run on (its
// affinity: a container given two CPUs of 64 by a cpuset, or taskset).
// Divided by that, a pinned container on a busy host read 40 ready for 2
// CPUs, 20 per CPU (4, the most Settle follows), where the host had fewer
// than one per CPU, and its own CPUs may have been idle: a plan with a
// taken key waited 2 s for the window instead of half a second (8 s when
// Settle followed up to 16), 1 s for the quiet instead of 250 ms. Counted
// over the same machine, it reads under 1, and waits as on an idle one.
func runQueueLoad(loadavg string, online, numCPU int) float64 {
	f := strings.Fields(loadavg)
	if len(f) < 4 {
		return 1
	}
	running, _, ok := strings.Cut(f[3], "/")
	n, err := strconv.Atoi(running)
	if !ok || err != nil {
		return 1
	}
	cpus := numCPU
	if online > 0 {
		cpus = online
	}
	return max(float64(n)/float64(max(cpus, 1)), 1)
}

// countCPUs counts the CPUs of a CPU list ("0-3,8-11\n": 8); 0 if it
// does not parse.
func countCPUs(list string) int {
	n := 0
	for _, r := range strings.Split(strings.TrimSpace(list), ",") {
		lo, hi, isRange := strings.Cut(r, "-")
		a, err := strconv.Atoi(lo)
		if err != nil {
			return 0
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil || b < a {
				return 0
			}
		}
		n += b - a + 1
	}
	return n
}

// settleQuiet is how long the walk must go without progress for Settle
// to stop waiting: SettleQuiet, or the walk's pace (SettleQuietGaps times
// the longest gap seen), at most SettleQuietMax. c.mu is held.
func (c *Claims) settleQuiet() time.Duration {
	return min(max(SettleQuiet, SettleQuietGaps*c.gap), max(SettleQuiet, SettleQuietMax))
}

// PlanCreate records that the plan being made creates an object with the
// unique key, planned as value (the planned object), and reports whether
// it records another object for the key: two instances of one
// configuration that create the same unique value (the apply creates the
// first and refuses the second). The instances are planned in any order;
// the second is told. Done forgets the key. See PlanGiven for how an
// instance planned again is told from another one.
func (c *Claims) PlanCreate(key string, value tftypes.Value) (other bool) {
	return len(c.PlanGiven(key, "", value)) > 0
}

// givenPlan is an object a plan gave a unique key (PlanGiven): how (kind)
// and its planned value.
type givenPlan struct {
	kind  string
	value tftypes.Value
	// walk is Claims.planWalk when it was planned.
	walk uint64
}

// PlanGiven records, as PlanCreate does, that the plan being made gives
// an object the unique key as kind (a caller's word: given, kept, ...),
// planned as value, and returns the kinds of the other objects it records
// for the key, in no order. What an earlier command's plan recorded is
// left out (Refreshed).
//
// An object recorded before with the same kind and a value that value may
// be a later plan of (PlannedAlike) is taken for the same instance, and
// replaced: Terraform plans a create again at apply, with the values known
// only at apply (an id of an object the apply made first, such as a skill
// group in queue_ids) known then, and a provider process that serves the
// plan and the apply (`terraform test`, Terraform 1.13 and later) saw the
// two plans of one agent as two agents given one user_num ("Agent Created
// Twice" in the first run of a test file that creates one). So two
// instances planned alike, or alike but for values one of them knows only
// at apply, are not told apart.
func (c *Claims) PlanGiven(key, kind string, value tftypes.Value) (others []string) {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.creates == nil {
		c.creates = map[string][]givenPlan{}
	}
	recs, same := slices.DeleteFunc(c.creates[key], func(p givenPlan) bool { return p.walk != c.planWalk }), -1
	for i, p := range recs {
		if same < 0 && p.kind == kind && PlannedAlike(p.value, value) {
			same = i
			continue
		}
		others = append(others, p.kind)
	}
	if same >= 0 {
		recs[same].value = value
	} else {
		recs = append(recs, givenPlan{kind, value, c.planWalk})
	}
	c.creates[key] = recs
	return others
}

// PlannedAlike tells whether b may be a later plan of the object a plan
// planned as a: each value known in a is the same in b, and a value
// unknown in a matches anything, as Terraform's check of a final plan
// against the plan it applies lets an unknown value become known, and
// nothing else change. A value b does not know where a did is another
// object's: two agents given one user_num, one of them a group known only
// at apply in queue_ids, planned the known one first, were taken for one
// agent planned twice, and the plan did not warn "Agent Created Twice"
// (the apply did, after creating the first and before being refused the
// second). A set with an unknown element matches any set b knows whole,
// and one b does not know whole only when a does not either.
func PlannedAlike(a, b tftypes.Value) bool {
	if !a.IsKnown() {
		return true
	}
	if !b.IsKnown() {
		return false
	}
	if a.IsNull() || b.IsNull() {
		return a.IsNull() == b.IsNull()
	}
	ty := a.Type()
	switch {
	case ty.Is(tftypes.Object{}), ty.Is(tftypes.Map{}):
		var am, bm map[string]tftypes.Value
		if a.As(&am) != nil || b.As(&bm) != nil || len(am) != len(bm) {
			return false
		}
		for k, av := range am {
			bv, ok := bm[k]
			if !ok || !PlannedAlike(av, bv) {
				return false
			}
		}
		return true
	case ty.Is(tftypes.Set{}):
		if !a.IsFullyKnown() {
			return true
		}
		if !b.IsFullyKnown() {
			return false
		}
		return a.Equal(b)
	case ty.Is(tftypes.List{}), ty.Is(tftypes.Tuple{}):
		var al, bl []tftypes.Value
		if a.As(&al) != nil || b.As(&bl) != nil || len(al) != len(bl) {
			return false
		}
		for i := range al {
			if !PlannedAlike(al[i], bl[i]) {
				return false
			}
		}
		return true
	}
	return a.Equal(b)
}

// PlannedInState records that the plan being made planned an instance
// the state holds (a change, a no-op, a destroy): how far the walk has
// come when it refreshes nothing (-refresh=false), for Settle. The old
// address of a renamed for_each key is planned (its destroy) after many
// of the configuration's instances: a walk of 300 agents with one key
// renamed warned "Agent Already Exists" of the agent it destroys in 2
// plans of 6, the wait having ended with SettleWindow. A plan with no
// state (a lost one) plans no such instance and still waits the window
// alone.
func (c *Claims) PlannedInState() {
	if c != nil {
		c.statePlans.Add(1)
	}
}

// PlanHolder records what the plan being made does with the unique key
// of object id, which the state holds: keeps it (a no-op, or an update
// that leaves the key as it is) or gives it up (a destroy, a replacement,
// an update that changes the key). A create's key check planned beside it
// (PlannedHolder) tells an object another resource of the configuration
// keeps, which refuses the create, from one made outside Terraform, which
// an import adopts. Done forgets the key.
func (c *Claims) PlanHolder(key, id string, keeps bool) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	m := inner(&c.holders, key)
	m[id] = keeps
	c.statePlans.Add(1) // a plan of an instance in the state, as PlannedInState
}

// PlannedHolder reports what a plan of this process recorded (PlanHolder)
// of object id's unique key: planned false when nothing.
func (c *Claims) PlannedHolder(key, id string) (keeps, planned bool) {
	if c == nil {
		return false, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	keeps, planned = c.holders[key][id]
	return keeps, planned
}

// PlanRename records that the plan being made changes, in place, the
// unique key of object id (which the state holds) to the value to: the
// object gives key up (PlanHolder, keeps false), but holds it until the
// update is applied. An update of another object to key, planned beside
// it, is refused when Terraform applies it first (it orders the two by
// references only), and always when the two swap their keys
// (PlannedRename). An empty to forgets the record: the plan keeps the
// key, or destroys or replaces the object.
func (c *Claims) PlanRename(key, id, to string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if to == "" {
		delete(c.renames[key], id)
		return
	}
	m := inner(&c.renames, key)
	m[id] = to
}

// PlannedRename reports the value a plan of this process changes object
// id's unique key to (PlanRename): ok false when it recorded none.
func (c *Claims) PlannedRename(key, id string) (to string, ok bool) {
	if c == nil {
		return "", false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	to, ok = c.renames[key][id]
	return to, ok
}

// Done forgets what Planned, PlanCreate, PlanHolder and PlanRename recorded of the keys: their change is applied
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
	for _, k := range keys {
		delete(c.creates, k)
		delete(c.holders, k)
		delete(c.renames, k)
	}
}

// NewClaimant returns a token that names one resource instance in Claims.
func NewClaimant() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return hex.EncodeToString(b)
}

// inner returns the map of key in *m (the claims' records by key, then by
// object or token), made if missing.
func inner[V any](m *map[string]map[string]V, key string) map[string]V {
	if *m == nil {
		*m = map[string]map[string]V{}
	}
	in := (*m)[key]
	if in == nil {
		in = map[string]V{}
		(*m)[key] = in
	}
	return in
}
