package simulator

import (
	"encoding/json"
	"os"
	"path/filepath"
)

// State is everything the simulator holds; it is what --state persists.
// Each domain owns one member, declared in its own file.
type State struct {
	// Seq holds the last id issued per kind of object.
	Seq map[string]int64 `json:"seq"`

	Queues    QueuesState    `json:"queues"`
	Agents    AgentsState    `json:"agents"`
	SMS       SMSState       `json:"sms"`
	Tasks     TasksState     `json:"tasks"`
	Webhooks  WebhooksState  `json:"webhooks"`
	Sounds    SoundsState    `json:"sounds"`
	ASR       ASRState       `json:"asr"`
	Reference ReferenceState `json:"reference"`
	Gateway   GatewayState   `json:"gateway"`
}

func newState() *State {
	st := &State{Seq: map[string]int64{}}
	st.Queues.init()
	st.Agents.init()
	st.SMS.init()
	st.Tasks.init()
	st.Webhooks.init()
	st.Sounds.init()
	st.ASR.init()
	st.Reference.init()
	st.Gateway.init()
	return st
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

// persistLocked writes the state atomically: a temporary file in the same
// folder, fsynced, renamed over the old one, and the folder fsynced. Called
// with s.mu held. A failure is logged; the in-memory state stays right.
func (s *Server) persistLocked() {
	if s.opts.StatePath == "" {
		return
	}
	if err := writeFileAtomic(s.opts.StatePath, s.st); err != nil {
		s.opts.Logf("simulator: persisting state to %s: %v", s.opts.StatePath, err)
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
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
	return nil
}
