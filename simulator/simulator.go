// Package simulator is an in-memory, spec-faithful implementation of the five
// API surfaces of the contact-center open interface (DESIGN §4): one
// http.Handler, an admin API under /_sim/, and optional persistence. It is an
// independent check of the client: from package client it takes wire types
// and constants only, never a function that validates, parses or signs; it
// keeps its own copies of those rules (gateway_rules.go and the domain files),
// and independence_test.go enforces this.
package simulator

import (
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Surface prefixes of one origin (DESIGN §4).
const (
	PrefixOpen       = "/open"
	PrefixAutocall   = "/autocall"
	PrefixPortal     = "/portal"
	PrefixPortalOpen = "/portal-open"
	PrefixSMSAPI     = "/smsapi"
)

// Options configures a Server.
type Options struct {
	// Token is the bearer token of the open and portal surfaces. Default "sim-token".
	Token string
	// AdminToken, when set, is required on every /_sim/ call as
	// "Authorization: Bearer <AdminToken>" (401 otherwise). Empty leaves the
	// admin API open, which is meant for loopback use only: ccsync
	// simulator sets it with --allow-remote.
	AdminToken string
	// AppID and AppKey are the gateway credentials. Defaults "sim-app", "sim-key".
	AppID, AppKey string
	// DisabledAppIDs are known appIds that answer 1003 (appId disabled).
	DisabledAppIDs []string
	// StatePath, when set, is loaded at start and rewritten atomically after
	// every change.
	StatePath string
	// AutoApprove, when positive, approves pending signatures and templates
	// this long after they were submitted. Zero leaves them pending until
	// /_sim/review moves them.
	AutoApprove time.Duration
	// GatewayDeliveryDelay, when positive, is how long a gateway SMS stays
	// SENDED (§3.6): the send queues a SENDED receipt record, and the final
	// SUCCESS/FAIL record follows once this much simulator time has passed,
	// on the next gateway call, on POST /_sim/gateway/deliver or when the
	// receipt's push finishes. Zero delivers in the send call itself, with
	// one final record per message. See simulator/fidelity/gateway.md.
	GatewayDeliveryDelay time.Duration
	// MaxSkillGroups is the enterprise limit behind queue/add code 407.
	// Default 1000.
	MaxSkillGroups int
	// Now replaces time.Now.
	Now func() time.Time
	// HTTPClient sends pushes (webhooks, SMS callbacks, ASR callbacks).
	HTTPClient *http.Client
	// Logf receives diagnostic lines (push failures, persistence errors).
	Logf func(format string, args ...any)
}

// Server is the simulator. It is safe for concurrent use.
type Server struct {
	opts Options

	// mu serialises every API call and admin call: the simulator favours
	// obvious correctness over throughput.
	mu     sync.Mutex
	st     *State
	routes map[string]*route
	// prefixRoutes match a path prefix (paths with an id segment).
	prefixRoutes []*route
	admin        map[string]http.HandlerFunc
	stats        map[string]int
	faults       faultConfig
	bucket       tokenBucket
	// clock times the rate limit: real time, not Options.Now. Tests replace it.
	clock  func() time.Time
	rng    *rand.Rand
	pushes sync.WaitGroup
	// idBase and ids make request ids: a base drawn per server and a
	// count, so that no id repeats within a run or, but by chance, across
	// runs (they came from the faults' seeded generator, which every
	// /_sim/faults starts again: a later failure reported an earlier one's
	// id).
	idBase uint32
	ids    atomic.Uint32
	// persistErr is the last failure to write the state file since the
	// last write that succeeded (nil when none): PersistErr.
	persistErr error
}

// domain is one API area of the simulator. Each domain file registers
// itself in init, so adding an area never edits this file.
type domain struct {
	name string
	// routes registers the area's endpoints and admin calls.
	routes func(s *Server)
	// seed adds the area's reference data to a fresh state.
	seed func(s *Server, st *State)
	// seedKeys decode POST /_sim/seed members into the state.
	seedKeys map[string]func(s *Server, raw json.RawMessage) error
	// review moves an object of the area through review (POST /_sim/review).
	review map[string]func(s *Server, id string, state int, reason string) error
}

var domains []domain

func registerDomain(d domain) { domains = append(domains, d) }

// New returns a Server, loading opts.StatePath when it exists.
func New(opts Options) (*Server, error) {
	if opts.Token == "" {
		opts.Token = "sim-token"
	}
	if opts.AppID == "" {
		opts.AppID = "sim-app"
	}
	if opts.AppKey == "" {
		opts.AppKey = "sim-key"
	}
	if opts.MaxSkillGroups <= 0 {
		opts.MaxSkillGroups = 1000
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.HTTPClient == nil {
		opts.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	if opts.Logf == nil {
		opts.Logf = func(string, ...any) {}
	}
	s := &Server{
		opts:   opts,
		routes: map[string]*route{},
		admin:  map[string]http.HandlerFunc{},
		stats:  map[string]int{},
		rng:    rand.New(rand.NewPCG(1, 2)),
		clock:  time.Now,
		idBase: rand.Uint32(),
	}
	sort.SliceStable(domains, func(i, j int) bool { return domains[i].name < domains[j].name })
	for _, d := range domains {
		if d.routes != nil {
			d.routes(s)
		}
	}
	s.registerAdmin()
	s.st = s.freshState()
	if opts.StatePath != "" {
		b, err := os.ReadFile(opts.StatePath)
		switch {
		case err == nil:
			st := newState()
			if err := json.Unmarshal(b, st); err != nil {
				return nil, fmt.Errorf("reading state %s: %w", opts.StatePath, err)
			}
			s.st = st
		case !os.IsNotExist(err):
			return nil, fmt.Errorf("reading state: %w", err)
		}
		// Written once now: a folder that does not exist or cannot be
		// written is refused at start, where every write was answered as
		// done and the data lost at the next start.
		if err := writeFileAtomic(opts.StatePath, s.st); err != nil {
			return nil, fmt.Errorf("the state file %s cannot be written: %w", opts.StatePath, err)
		}
	}
	return s, nil
}

// PersistErr returns the last failure to write the state file (--state),
// nil when the last write succeeded or there is no state file: a caller
// that stops the simulator says the state was not kept.
func (s *Server) PersistErr() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.persistErr
}

func (s *Server) freshState() *State {
	st := newState()
	for _, d := range domains {
		if d.seed != nil {
			d.seed(s, st)
		}
	}
	return st
}

// Wait blocks until every push the simulator started has finished (tests).
func (s *Server) Wait() { s.pushes.Wait() }

// now is the simulator clock.
func (s *Server) now() time.Time { return s.opts.Now() }

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/_sim/") {
		if !s.adminAuth(r) {
			writeJSON(w, http.StatusUnauthorized, map[string]any{"error": "admin API: missing or wrong admin token (send Authorization: Bearer <admin token>)"})
			return
		}
		if msg := s.adminFromPage(r); msg != "" {
			writeJSON(w, http.StatusForbidden, map[string]any{"error": "admin API: " + msg})
			return
		}
		h := s.admin[r.Method+" "+r.URL.Path]
		if h == nil {
			writeJSON(w, http.StatusNotFound, map[string]any{"error": "no admin call " + r.Method + " " + r.URL.Path})
			return
		}
		h(w, r)
		return
	}
	s.serveAPI(w, r)
}

// adminFromPage refuses, when no admin token is set, an admin call a web
// page may have sent: any page the user visits can post to a loopback port
// (a "simple" cross-origin request needs no permission), and reset the
// simulator, wipe its --state file or point its pushes anywhere. A browser
// marks its requests (Origin on every POST, Sec-Fetch-* on every request);
// tools (curl, Go's client, a handler called in process) do not, and are
// served as before. A browser's call must come from a page of the
// simulator itself on a loopback address: a page on a name that resolves
// to 127.0.0.1 (DNS rebinding) is refused by its Host. It returns why, or
// "".
func (s *Server) adminFromPage(r *http.Request) string {
	if s.opts.AdminToken != "" {
		return "" // a page cannot send the Authorization header cross-origin
	}
	if r.Header.Get("Origin") == "" && r.Header.Get("Sec-Fetch-Site") == "" && r.Header.Get("Sec-Fetch-Mode") == "" {
		return ""
	}
	if !loopbackHost(r.Host) {
		return fmt.Sprintf("Host %q is not a loopback address; without --admin-token the admin API answers loopback requests only", r.Host)
	}
	if o := r.Header.Get("Origin"); o != "" {
		if u, err := url.Parse(o); err != nil || u.Host != r.Host || !loopbackHost(u.Host) {
			return fmt.Sprintf("cross-origin request refused (Origin %q): a web page may not drive the simulator", o)
		}
	}
	if site := r.Header.Get("Sec-Fetch-Site"); site == "cross-site" || site == "same-site" {
		return fmt.Sprintf("cross-site request refused (Sec-Fetch-Site %q): a web page may not drive the simulator", site)
	}
	return ""
}

// loopbackHost tells whether host (with or without a port) is localhost or
// a loopback IP.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// adminAuth checks Options.AdminToken on an admin call.
func (s *Server) adminAuth(r *http.Request) bool {
	if s.opts.AdminToken == "" {
		return true
	}
	want := "Bearer " + s.opts.AdminToken
	return subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), []byte(want)) == 1
}

// URLs returns the five surface URLs for an origin such as http://127.0.0.1:18080.
func URLs(origin string) map[string]string {
	origin = strings.TrimRight(origin, "/")
	return map[string]string{
		"base_url":        origin + PrefixOpen,
		"autocall_url":    origin + PrefixAutocall,
		"portal_url":      origin + PrefixPortal,
		"portal_open_url": origin + PrefixPortalOpen,
		"smsapi_url":      origin + PrefixSMSAPI,
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
