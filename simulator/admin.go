package simulator

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
)

func (s *Server) registerAdmin() {
	s.HandleAdmin("GET", "/_sim/stats", s.adminStats)
	s.HandleAdmin("POST", "/_sim/reset", s.adminReset)
	s.HandleAdmin("POST", "/_sim/faults", s.adminFaults)
	s.HandleAdmin("POST", "/_sim/review", s.adminReview)
	s.HandleAdmin("POST", "/_sim/seed", s.adminSeed)
}

func adminError(w http.ResponseWriter, status int, err error) {
	writeJSON(w, status, map[string]any{"error": err.Error()})
}

// Stats returns the request counts per "METHOD /path" since the last reset.
func (s *Server) Stats() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]int, len(s.stats))
	for k, v := range s.stats {
		out[k] = v
	}
	return out
}

func (s *Server) adminStats(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, 200, map[string]any{"requests": s.Stats()})
}

// Reset clears objects, counters and faults, and restores the reference seed.
func (s *Server) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.st = s.freshState()
	s.stats = map[string]int{}
	s.faults = faultConfig{}
	s.bucket = tokenBucket{}
	s.persistLocked()
}

func (s *Server) adminReset(w http.ResponseWriter, _ *http.Request) {
	s.Reset()
	writeJSON(w, 200, map[string]any{"ok": true})
}

type reviewRequest struct {
	Kind   string  `json:"kind"`
	ID     adminID `json:"id"`
	State  int     `json:"state"`
	Reason string  `json:"reason"`
}

// Review moves an object through review, as POST /_sim/review does.
func (s *Server) Review(kind, id string, state int, reason string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, d := range domains {
		if fn, ok := d.review[kind]; ok {
			if err := fn(s, id, state, reason); err != nil {
				return err
			}
			s.persistLocked()
			return nil
		}
	}
	return fmt.Errorf("review: unknown kind %q (known: %s)", kind, strings.Join(s.reviewKinds(), ", "))
}

func (s *Server) reviewKinds() []string {
	var out []string
	for _, d := range domains {
		for k := range d.review {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func (s *Server) adminReview(w http.ResponseWriter, r *http.Request) {
	var req reviewRequest
	if err := decodeJSONStrict(r, &req); err != nil {
		adminError(w, 400, fmt.Errorf("review: %w", err))
		return
	}
	if err := s.Review(req.Kind, string(req.ID), req.State, req.Reason); err != nil {
		adminError(w, 400, err)
		return
	}
	writeJSON(w, 200, map[string]any{"ok": true})
}

// Seed adds data as POST /_sim/seed does: each member names a kind of
// reference data and holds its records. A body refused for any record
// changes nothing: it is first seeded into a copy of the state, and into the
// state only when the copy took all of it.
func (s *Server) Seed(body map[string]json.RawMessage) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	keys := make([]string, 0, len(body))
	for k := range body {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fn := s.seedFunc(k)
		if fn == nil {
			return fmt.Errorf("seed: unknown member %q (known: %s)", k, strings.Join(s.seedKeys(), ", "))
		}
	}
	seed := func() error {
		for _, k := range keys {
			if err := s.seedFunc(k)(s, body[k]); err != nil {
				return fmt.Errorf("seed %s: %w", k, err)
			}
		}
		return nil
	}
	// The trial runs on a copy made through the state file's encoding; the
	// seed functions touch nothing but s.st. The state itself is kept (not
	// replaced by the copy): its parts hold what the file does not
	// (requests in flight).
	b, err := json.Marshal(s.st)
	if err != nil {
		return fmt.Errorf("seed: copy the state: %w", err)
	}
	trial := new(State)
	if err := json.Unmarshal(b, trial); err != nil {
		return fmt.Errorf("seed: copy the state: %w", err)
	}
	st := s.st
	s.st = trial
	err = seed()
	s.st = st
	if err != nil {
		return err
	}
	if err := seed(); err != nil {
		return err // the trial took it: not expected
	}
	s.persistLocked()
	return nil
}

func (s *Server) seedFunc(key string) func(*Server, json.RawMessage) error {
	for _, d := range domains {
		if fn, ok := d.seedKeys[key]; ok {
			return fn
		}
	}
	return nil
}

func (s *Server) seedKeys() []string {
	var out []string
	for _, d := range domains {
		for k := range d.seedKeys {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func (s *Server) adminSeed(w http.ResponseWriter, r *http.Request) {
	var body map[string]json.RawMessage
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		adminError(w, 400, fmt.Errorf("seed: %w", err))
		return
	}
	if err := s.Seed(body); err != nil {
		adminError(w, 400, err)
		return
	}
	writeJSON(w, 200, map[string]any{"ok": true})
}

// adminID is an object's id in an admin call: a string as the examples
// write it ("101"), or a number (101), which a test writes as naturally.
type adminID string

func (id *adminID) UnmarshalJSON(b []byte) error {
	var n json.Number
	if err := json.Unmarshal(b, &n); err == nil {
		*id = adminID(n.String())
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("id must be a string or a number, got %s", b)
	}
	*id = adminID(s)
	return nil
}
