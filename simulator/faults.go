package simulator

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

// faultConfig is the body of POST /_sim/faults (DESIGN §4, README "Admin
// API", fidelity/core.md "Faults"). Force is our extension: it makes the
// next Count calls of Method+Path answer Code in the route's envelope, so
// failure codes that depend on the platform's internals ("reload failed",
// "save failed") can be tested.
type faultConfig struct {
	ErrorRate float64 `json:"error_rate"`
	DropRate  float64 `json:"drop_rate"`
	// LostRate is the share of requests that are applied and whose answer
	// is then lost: the connection is dropped or a 5xx is answered, chosen
	// per request by the seeded generator.
	LostRate  float64 `json:"lost_rate"`
	LatencyMS int     `json:"latency_ms"`
	// RateLimitPerSecond, when positive, is a token bucket over every API
	// request (admin calls are never limited): over it, HTTP 429 with
	// Retry-After, and the call does nothing.
	RateLimitPerSecond float64 `json:"rate_limit_per_second"`
	// RateLimitBurst is the bucket's size; 0 means max(1, the rate rounded
	// down): a full second's worth of calls.
	RateLimitBurst int          `json:"rate_limit_burst"`
	Seed           uint64       `json:"seed"`
	Force          []forcedCode `json:"force,omitempty"`
}

type forcedCode struct {
	Method string `json:"method"`
	Path   string `json:"path"`
	Code   int    `json:"code,omitempty"`
	// Lost, instead of a code, makes the calls run to the end and then
	// lose their answer to an HTTP 504, as lost_rate does at random.
	Lost  bool `json:"lost,omitempty"`
	Count int  `json:"count"`
}

func (f faultConfig) validate() error {
	for _, r := range []struct {
		name string
		v    float64
	}{{"error_rate", f.ErrorRate}, {"drop_rate", f.DropRate}, {"lost_rate", f.LostRate}} {
		if !(r.v >= 0 && r.v <= 1) {
			return fmt.Errorf("faults: %s must be within 0..1, got %v", r.name, r.v)
		}
	}
	if f.LatencyMS < 0 {
		return fmt.Errorf("faults: latency_ms must be >= 0, got %d", f.LatencyMS)
	}
	if !(f.RateLimitPerSecond >= 0) || math.IsInf(f.RateLimitPerSecond, 0) {
		return fmt.Errorf("faults: rate_limit_per_second must be >= 0 (0: no limit), got %v", f.RateLimitPerSecond)
	}
	if f.RateLimitBurst < 0 || (f.RateLimitBurst > 0 && f.RateLimitPerSecond == 0) {
		return errors.New("faults: rate_limit_burst must be >= 0, and needs rate_limit_per_second")
	}
	for _, fc := range f.Force {
		if fc.Path == "" || fc.Count <= 0 || (fc.Code == 0) == !fc.Lost {
			return errors.New("faults: each force entry needs path, count > 0, and either code or lost")
		}
	}
	return nil
}

func (s *Server) adminFaults(w http.ResponseWriter, r *http.Request) {
	var f faultConfig
	if err := decodeJSONStrict(r, &f); err != nil && !errors.Is(err, io.EOF) {
		adminError(w, 400, fmt.Errorf("faults: %w", err))
		return
	}
	if err := f.validate(); err != nil {
		adminError(w, 400, err)
		return
	}
	// A path no route serves, or a success code, would never fire: the
	// test that asked for the failure passed without it.
	for _, fc := range f.Force {
		if fc.Code == 200 {
			adminError(w, 400, fmt.Errorf("faults: force code 200 on %s is a success code; force a failure code (or lost)", fc.Path))
			return
		}
		methods := []string{strings.ToUpper(fc.Method)} // matched regardless of case, as takeForced does
		if fc.Method == "" {
			methods = []string{"GET", "POST"}
		}
		if !slices.ContainsFunc(methods, func(m string) bool { return s.lookup(m, fc.Path) != nil }) {
			adminError(w, 400, fmt.Errorf("faults: force path %s %s is not a route the simulator serves (a path starts with its surface's prefix, such as /portal/v2/svcapi/queue/add)",
				fc.Method, fc.Path))
			return
		}
	}
	s.mu.Lock()
	s.setFaultsLocked(f)
	s.rng = rand.New(rand.NewPCG(f.Seed, f.Seed^0x9e3779b97f4a7c15))
	s.mu.Unlock()
	writeJSON(w, 200, map[string]any{"ok": true, "faults": f})
}

// setFaultsLocked replaces the fault configuration; the rate limit starts
// with a full bucket. Called with s.mu held.
func (s *Server) setFaultsLocked(f faultConfig) {
	s.faults = f
	s.bucket = tokenBucket{}
	if f.RateLimitPerSecond > 0 {
		size := float64(f.RateLimitBurst)
		if size == 0 {
			size = math.Max(1, math.Floor(f.RateLimitPerSecond))
		}
		s.bucket = tokenBucket{rate: f.RateLimitPerSecond, size: size, tokens: size, last: s.clock()}
	}
}

// tokenBucket is the rate limit of /_sim/faults: size tokens, refilled at
// rate per second of real time (not Options.Now, which tests freeze).
type tokenBucket struct {
	rate, size, tokens float64
	last               time.Time
}

// take spends a token when there is one; otherwise it returns how long
// until there will be.
func (b *tokenBucket) take(now time.Time) (ok bool, wait time.Duration) {
	if b.rate <= 0 {
		return true, 0
	}
	if d := now.Sub(b.last); d > 0 {
		b.tokens = math.Min(b.size, b.tokens+d.Seconds()*b.rate)
	}
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) / b.rate * float64(time.Second))
}

// fault is what /_sim/faults does to one API request.
type fault int

const (
	faultNone     fault = iota
	faultLimited        // 429 before acting
	faultDrop           // connection closed before acting
	faultError          // 503 before acting
	faultLostDrop       // acted, then the connection closed
	faultLost5xx        // acted, then 504
)

// pickFault decides a request's fault. Called with s.mu held. The random
// draws happen only for the rates that are set, so adding a kind of fault
// leaves the sequences of existing seeds as they were.
func (s *Server) pickFault() (fault, time.Duration) {
	f := s.faults
	if ok, wait := s.bucket.take(s.clock()); !ok {
		return faultLimited, wait
	}
	switch {
	case f.DropRate > 0 && s.rng.Float64() < f.DropRate:
		return faultDrop, 0
	case f.ErrorRate > 0 && s.rng.Float64() < f.ErrorRate:
		return faultError, 0
	case f.LostRate > 0 && s.rng.Float64() < f.LostRate:
		if s.rng.IntN(2) == 0 {
			return faultLostDrop, 0
		}
		return faultLost5xx, 0
	}
	return faultNone, 0
}

// dropConnection closes the client's connection without an answer.
func dropConnection(w http.ResponseWriter) {
	if hj, ok := w.(http.Hijacker); ok {
		if conn, _, err := hj.Hijack(); err == nil {
			_ = conn.Close()
			return
		}
	}
	panic(http.ErrAbortHandler)
}

// rateLimited answers 429 in the route's envelope (the open envelope for an
// unknown path), with Retry-After in whole seconds, at least 1 (RFC 9110
// delay-seconds); the message gives the wait in milliseconds too.
func (s *Server) rateLimited(w http.ResponseWriter, r *http.Request, wait time.Duration, rate float64) {
	env := EnvOpen
	if rt := s.lookup(r.Method, r.URL.Path); rt != nil {
		env = rt.env
	}
	secs := max(1, int(math.Ceil(wait.Seconds())))
	msg := fmt.Sprintf("rate limit exceeded: the simulator takes at most %v requests per second (/_sim/faults rate_limit_per_second); nothing was done, retry after %d ms",
		rate, max(1, wait.Milliseconds()))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	s.mu.Lock()
	body := envelopeBody(env, http.StatusTooManyRequests, msg, s.requestID())
	s.mu.Unlock()
	writeJSON(w, http.StatusTooManyRequests, body)
}

// lostAnswer stands in for the ResponseWriter of a request whose answer is
// lost: the handler runs and writes as usual, and its answer goes nowhere.
type lostAnswer struct{ h http.Header }

func (l *lostAnswer) Header() http.Header         { return l.h }
func (l *lostAnswer) Write(b []byte) (int, error) { return len(b), nil }
func (l *lostAnswer) WriteHeader(int)             {}
