package simulator

import (
	"crypto/subtle"
	"encoding/json"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// gatewayCodes are the §7.4 messages.
var gatewayCodes = map[int]string{
	1001: "signature check failed",
	1002: "appId does not exist",
	1003: "appId disabled",
	1004: "appId missing or sig empty",
	1005: "request body could not be parsed",
	1006: "request not permitted",
	1007: "request not supported",
	1008: "other error",
	1009: "request time abnormal (server time difference)",
	1010: "sending timed out (retry)",
	1011: "interface does not exist",
	1012: "mobile number format wrong",
	1013: "more than 200 numbers in one request",
	1014: "SMS content longer than 400 characters",
	1015: "template parameter abnormal",
	1016: "template id does not exist or is not approved",
	1017: "no SMS channel found",
	1018: "signature does not exist",
	1019: "channel route does not exist",
	1020: "required request field empty",
	1021: "file type wrong (must be txt or csv)",
	1022: "exten format wrong (digits 0-9)",
}

// GatewayTimeSkew is the tolerance of the gateway's `time` (§5.6 gives 4
// hours in a field description and 10 minutes in error 1009; the simulator
// enforces the stricter one so clients that pass here pass everywhere).
const GatewayTimeSkew = 10 * time.Minute

func (s *Server) serveAPI(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.stats[r.Method+" "+r.URL.Path]++
	flt, wait := s.pickFault()
	if s.takeForced(r.Method, r.URL.Path, true) != 0 {
		flt = faultLost5xx
	}
	f := s.faults
	s.mu.Unlock()

	if f.LatencyMS > 0 {
		time.Sleep(time.Duration(f.LatencyMS) * time.Millisecond)
	}
	switch flt {
	case faultLimited:
		s.rateLimited(w, r, wait, f.RateLimitPerSecond)
	case faultDrop:
		dropConnection(w)
	case faultError:
		http.Error(w, "simulated server fault", http.StatusServiceUnavailable)
	case faultLostDrop, faultLost5xx:
		// The call is applied; its answer goes nowhere, then is lost.
		s.handle(&lostAnswer{h: http.Header{}}, r)
		if flt == faultLostDrop {
			dropConnection(w)
			return
		}
		http.Error(w, "simulated gateway timeout", http.StatusGatewayTimeout)
	default:
		s.handle(w, r)
	}
}

// handle routes, authenticates and runs one API call.
func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	key := r.Method + " " + r.URL.Path
	rt := s.lookup(r.Method, r.URL.Path)
	if rt == nil {
		if strings.HasPrefix(r.URL.Path, PrefixSMSAPI+"/") {
			writeJSON(w, 200, map[string]any{"code": 1011, "msg": gatewayCodes[1011]})
			return
		}
		writeJSON(w, http.StatusNotFound, map[string]any{"code": 404, "message": "no such interface: " + key})
		return
	}
	c := &Call{s: s, W: w, R: r, route: rt}
	perr := c.parse()

	if rt.env == EnvGateway {
		if !s.gatewayAuth(c, perr) {
			return
		}
	} else {
		if !s.bearerAuth(c) {
			return
		}
		if perr != nil {
			c.Fail(badBodyCode(rt), "request body could not be parsed: "+perr.Error(), nil)
			return
		}
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	c.St = s.st
	// A forced code is taken only by a call that passed auth, so a refused
	// call never uses it up.
	if forced := s.takeForced(r.Method, r.URL.Path, false); forced != 0 {
		if rt.onForced != nil {
			rt.onForced(c, forced)
		} else {
			c.Fail(forced, "", nil)
		}
		return
	}
	rt.handler(c)
	if !c.written {
		c.OK(nil)
	}
	if c.changed {
		s.persistLocked()
	}
}

// badBodyCode is the code for an unparsable body on a surface.
func badBodyCode(rt *route) int {
	switch rt.env {
	case EnvASR:
		return 402
	case EnvPortal:
		return 400
	}
	return 400
}

func (s *Server) bearerAuth(c *Call) bool {
	// The scheme's name is case-insensitive (RFC 7235): "bearer" is Bearer.
	scheme, token, _ := strings.Cut(c.R.Header.Get("Authorization"), " ")
	if strings.EqualFold(scheme, "Bearer") && subtle.ConstantTimeCompare([]byte(token), []byte(s.opts.Token)) == 1 {
		return true
	}
	msg := "Unauthorized: missing or wrong bearer token"
	switch c.route.env {
	case EnvASR:
		c.W.Header().Set("Content-Type", "application/json")
		writeJSON(c.W, http.StatusUnauthorized, map[string]any{"code": "401", "success": false, "errorMsg": "permission check failed: " + msg})
	default:
		writeJSON(c.W, http.StatusUnauthorized, map[string]any{"code": 401, "message": msg})
	}
	c.written = true
	return false
}

// gatewayAuth checks §5.5: appId and random in the query, sig and time in
// the body (JSON, or form fields for send_file).
func (s *Server) gatewayAuth(c *Call, perr error) bool {
	if perr != nil {
		c.Fail(1005, "", nil)
		return false
	}
	appID := c.R.URL.Query().Get("appId")
	random := c.R.URL.Query().Get("random")
	sig := c.Str("sig")
	if appID == "" || sig == "" {
		c.Fail(1004, "", nil)
		return false
	}
	for _, d := range s.opts.DisabledAppIDs {
		if d == appID {
			c.Fail(1003, "", nil)
			return false
		}
	}
	if appID != s.opts.AppID {
		c.Fail(1002, "", nil)
		return false
	}
	if random == "" {
		// §5.5: random is required on every request, as appId is; §7.4
		// gives it no code of its own (1004 names appId and sig only).
		c.Fail(1020, "", nil)
		return false
	}
	ts := c.Str("time")
	if gatewaySignature(s.opts.AppKey, random, ts) != sig {
		c.Fail(1001, "", nil)
		return false
	}
	ms, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || math.Abs(float64(s.now().UnixMilli()-ms)) > float64(GatewayTimeSkew.Milliseconds()) {
		c.Fail(1009, "", nil)
		return false
	}
	return true
}

// takeForced returns a code forced on the next call of method+path by
// /_sim/faults, consuming it; with lost, it looks at the entries that lose
// the answer instead, and returns 504 for one. Called with s.mu held.
func (s *Server) takeForced(method, path string, lost bool) int {
	for i := range s.faults.Force {
		f := &s.faults.Force[i]
		if f.Count <= 0 || f.Lost != lost || f.Path != path || (f.Method != "" && !strings.EqualFold(f.Method, method)) {
			continue
		}
		f.Count--
		if lost {
			return http.StatusGatewayTimeout
		}
		return f.Code
	}
	return 0
}

// decodeJSONStrict decodes an admin body.
func decodeJSONStrict(r *http.Request, v any) error {
	d := json.NewDecoder(r.Body)
	d.DisallowUnknownFields()
	return d.Decode(v)
}
