package simulator

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/replaceable"
)

// State is everything the simulator holds; it is what --state persists and
// what a reset replaces. It has the id sequences and one part per domain.
// Each domain declares its part in its own file with registerState, which
// gives it a typed accessor (st.Queues(), st.Gateway() …), so adding a
// domain never edits this file.
type State struct {
	// Seq holds the last id issued per kind of object.
	Seq map[string]int64

	// parts are the domains' parts by name (the member of the state file).
	parts map[string]any
}

// statePart is one domain's registered piece of state.
type statePart struct {
	// fresh returns a new, empty part.
	fresh func() any
	// restore decodes a part from the state file.
	restore func(raw json.RawMessage) (any, error)
}

// stateParts are the registered parts by name.
var stateParts = map[string]statePart{}

// registerState registers a domain's part of the state under name (its
// member in the state file) and returns the part's accessor. init makes a
// zero or freshly decoded part usable (empty maps); it must be idempotent.
// Call it from a package-level var declaration of the domain's file.
func registerState[T any](name string, init func(*T)) func(*State) *T {
	if _, dup := stateParts[name]; dup || name == "seq" {
		panic("simulator: state part " + name + " registered twice")
	}
	stateParts[name] = statePart{
		fresh: func() any {
			x := new(T)
			init(x)
			return x
		},
		restore: func(raw json.RawMessage) (any, error) {
			x := new(T)
			if err := json.Unmarshal(raw, x); err != nil {
				return nil, err
			}
			init(x)
			return x, nil
		},
	}
	return func(st *State) *T { return st.parts[name].(*T) }
}

// newState returns an empty state: no ids issued, every part fresh.
func newState() *State {
	st := &State{Seq: map[string]int64{}, parts: make(map[string]any, len(stateParts))}
	for name, p := range stateParts {
		st.parts[name] = p.fresh()
	}
	return st
}

// MarshalJSON writes the state file: {"seq": {...}, "<part>": {...}, ...}.
func (st *State) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, len(st.parts)+1)
	for name, p := range st.parts {
		m[name] = p
	}
	m["seq"] = st.Seq
	return json.Marshal(m)
}

// UnmarshalJSON reads a state file. A part the file lacks starts empty;
// members no domain registers are ignored.
func (st *State) UnmarshalJSON(b []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	out := newState()
	if raw, ok := m["seq"]; ok {
		if err := json.Unmarshal(raw, &out.Seq); err != nil {
			return fmt.Errorf("seq: %w", err)
		}
		if out.Seq == nil {
			out.Seq = map[string]int64{}
		}
	}
	for name, p := range stateParts {
		raw, ok := m[name]
		if !ok || string(raw) == "null" {
			continue
		}
		v, err := p.restore(raw)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		out.parts[name] = v
	}
	out.keepIDsAbove()
	*st = *out
	return nil
}

// idHolder is a part that can say which ids it holds.
type idHolder interface {
	usedIDs(take func(kind string, id int64))
}

// takeNumbered reports the id of a kind written as prefix plus a number
// ("asr00000012", "gw000000000007", "sim-call-90004"); an id of another
// form (a seed's own naming) holds no number of the sequence.
func takeNumbered(take func(kind string, id int64), kind, prefix, id string) {
	rest, ok := strings.CutPrefix(id, prefix)
	if !ok {
		return
	}
	if n, err := strconv.ParseInt(rest, 10, 64); err == nil {
		take(kind, n)
	}
}

// keepIDsAbove raises each id sequence above the ids the parts hold: a
// state file edited by hand (or kept as a fixture) whose seq is behind its
// objects gave a new object the id of an existing one, which it replaced
// without a word.
func (st *State) keepIDsAbove() {
	for _, p := range st.parts {
		if h, ok := p.(idHolder); ok {
			h.usedIDs(st.TakeID)
		}
	}
}

// NextID issues the next id of a kind, starting from a kind-specific base so
// ids of different kinds do not look alike.
func (st *State) NextID(kind string, base int64) int64 {
	if st.Seq[kind] < base {
		st.Seq[kind] = base
	}
	st.Seq[kind]++
	return st.Seq[kind]
}

// TakeID records that id, given by a seed, is used, so that NextID never
// issues it (nor one below it) again.
func (st *State) TakeID(kind string, id int64) {
	if st.Seq[kind] < id {
		st.Seq[kind] = id
	}
}

// persistLocked writes the state atomically: a temporary file in the same
// folder, fsynced, renamed over the old one, and the folder fsynced. Called
// with s.mu held. A failure is logged and kept for PersistErr; the
// in-memory state stays right.
func (s *Server) persistLocked() {
	if s.opts.StatePath == "" {
		return
	}
	s.persistErr = writeFileAtomic(s.opts.StatePath, s.st)
	if s.persistErr != nil {
		s.opts.Logf("simulator: persisting state to %s: %v", s.opts.StatePath, s.persistErr)
	}
}

func writeFileAtomic(path string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, ".sim-state-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	if _, err := f.Write(b); err != nil {
		_ = f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		_ = f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := replaceable.Rename(tmp, path); err != nil { // Windows: a reader may hold the file a moment
		return err
	}
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
	return nil
}
