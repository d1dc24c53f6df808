package simulator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Envelope is the response shape of a route (spec §1.2, §7).
type Envelope int

const (
	EnvOpen    Envelope = iota // code 0, message, request_id, data
	EnvPortal                  // code 200, message
	EnvASR                     // code "200" as a string, success, errorMsg
	EnvGateway                 // code 0, msg
)

// route is one endpoint of one surface.
type route struct {
	methods  []string
	prefix   string // surface prefix
	path     string // path below the prefix
	env      Envelope
	handler  func(c *Call)
	isPrefix bool
	// codes maps the endpoint's error codes to their messages (§7), used
	// for forced faults and by Call.Fail when no message is given.
	codes map[int]string
	// onForced answers a code forced by /_sim/faults when the endpoint
	// reports failures in a shape of its own.
	onForced func(c *Call, code int)
}

// Route declares an endpoint. methods lists the accepted HTTP methods.
type Route struct {
	Methods []string
	Prefix  string
	Path    string
	Env     Envelope
	Codes   map[int]string
	// PathPrefix makes Path match every path below it (an id segment).
	PathPrefix bool
	Handler    func(c *Call)
	// OnForced, when set, answers a code forced through /_sim/faults (for
	// endpoints whose failures are wrapped, like queue/delete's overall result).
	OnForced func(c *Call, code int)
}

// Handle registers an API endpoint.
func (s *Server) Handle(r Route) {
	rt := &route{onForced: r.OnForced, methods: r.Methods, prefix: r.Prefix, path: r.Path, env: r.Env, handler: r.Handler, codes: r.Codes, isPrefix: r.PathPrefix}
	if r.PathPrefix {
		s.prefixRoutes = append(s.prefixRoutes, rt)
		return
	}
	for _, m := range r.Methods {
		s.routes[m+" "+r.Prefix+r.Path] = rt
	}
}

// HandleAdmin registers an admin call under /_sim/.
func (s *Server) HandleAdmin(method, path string, h http.HandlerFunc) {
	s.admin[method+" "+path] = h
}

func (s *Server) lookup(method, path string) *route {
	if rt := s.routes[method+" "+path]; rt != nil {
		return rt
	}
	for _, rt := range s.prefixRoutes {
		if strings.HasPrefix(path, rt.prefix+rt.path) {
			for _, m := range rt.methods {
				if m == method {
					return rt
				}
			}
		}
	}
	return nil
}

// Call is one API request being served, with the simulator locked.
type Call struct {
	s     *Server
	W     http.ResponseWriter
	R     *http.Request
	route *route
	// St is the simulator state; handlers read and change it directly.
	St      *State
	changed bool
	params  map[string]json.RawMessage
	form    url.Values
	files   map[string][]byte
	body    []byte
	written bool
}

// Changed marks the state as modified so it is persisted after the call.
func (c *Call) Changed() { c.changed = true }

// Now is the simulator clock.
func (c *Call) Now() time.Time { return c.s.now() }

// Server returns the simulator (ids, pushes, options).
func (c *Call) Server() *Server { return c.s }

// Body returns the raw request body.
func (c *Call) Body() []byte { return c.body }

// Decode decodes a JSON body into v. It fails with the parse error.
func (c *Call) Decode(v any) error {
	if len(bytes.TrimSpace(c.body)) == 0 {
		return nil
	}
	return json.Unmarshal(c.body, v)
}

// Has reports whether a parameter was sent (JSON body, form or query).
func (c *Call) Has(name string) bool {
	_, ok := c.Raw(name)
	return ok
}

// Raw returns a parameter as JSON text. Form and query values come back as
// JSON strings, so handlers read every body kind alike.
func (c *Call) Raw(name string) (json.RawMessage, bool) {
	if v, ok := c.params[name]; ok {
		return v, true
	}
	if vs, ok := c.form[name]; ok && len(vs) > 0 {
		b, _ := json.Marshal(vs[0])
		return b, true
	}
	return nil, false
}

// Text returns a parameter the spec types as a string: a JSON string, or a
// form or query value (always text). ok is false when it is absent or JSON
// null; err is set when a JSON body sent another JSON type (a number, an
// object, an array), which Str would quietly turn into text.
func (c *Call) Text(name string) (s string, ok bool, err error) {
	raw, has := c.Raw(name)
	if !has || string(raw) == "null" {
		return "", false, nil
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", true, fmt.Errorf("%s must be a string, got %s", name, clip(string(raw), 80))
	}
	return s, true, nil
}

// MediaType is the request's Content-Type without its parameters ("" when
// none was sent).
func (c *Call) MediaType() string {
	ct, _, _ := mime.ParseMediaType(c.R.Header.Get("Content-Type"))
	return ct
}

// Str returns a parameter as text: strings as they are, numbers and bools
// in their JSON spelling, objects and arrays as JSON text.
func (c *Call) Str(name string) string {
	raw, ok := c.Raw(name)
	if !ok {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	if string(raw) == "null" {
		return ""
	}
	return string(raw)
}

// Int returns an integer parameter; ok is false when absent or empty, err
// is set when present but not an integer.
func (c *Call) Int(name string) (v int64, ok bool, err error) {
	s := strings.TrimSpace(c.Str(name))
	if s == "" {
		return 0, false, nil
	}
	if s == "true" {
		return 1, true, nil
	}
	if s == "false" {
		return 0, true, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		f, ferr := strconv.ParseFloat(s, 64)
		if ferr != nil || f != float64(int64(f)) {
			return 0, true, fmt.Errorf("%s %q is not an integer", name, s)
		}
		n = int64(f)
	}
	return n, true, nil
}

// Bool returns a boolean parameter (true/false, 1/0).
func (c *Call) Bool(name string) (v bool, ok bool, err error) {
	s := strings.ToLower(strings.TrimSpace(c.Str(name)))
	switch s {
	case "":
		return false, false, nil
	case "true", "1":
		return true, true, nil
	case "false", "0":
		return false, true, nil
	}
	return false, true, fmt.Errorf("%s %q is not a boolean", name, s)
}

// File returns an uploaded multipart file.
func (c *Call) File(name string) ([]byte, bool) {
	b, ok := c.files[name]
	return b, ok
}

// FormValues returns every value of a repeated form field.
func (c *Call) FormValues(name string) []string { return c.form[name] }

// JSON writes v with the given HTTP status.
func (c *Call) JSON(status int, v any) {
	c.written = true
	writeJSON(c.W, status, v)
}

// Raw body answer (voice files, JSONP).
func (c *Call) Write(status int, contentType string, b []byte) {
	c.written = true
	c.W.Header().Set("Content-Type", contentType)
	c.W.WriteHeader(status)
	_, _ = c.W.Write(b)
}

// OK answers success in the route's envelope. For EnvOpen, data becomes the
// data member; for the others, fields are merged into the top level.
func (c *Call) OK(data any) {
	switch c.route.env {
	case EnvOpen:
		c.JSON(200, map[string]any{"code": 0, "message": "success", "request_id": c.s.requestID(), "data": data})
	case EnvPortal:
		c.JSON(200, merge(map[string]any{"code": 200, "message": "ok"}, data))
	case EnvASR:
		c.JSON(200, merge(map[string]any{"code": "200", "success": true}, data))
	case EnvGateway:
		c.JSON(200, merge(map[string]any{"code": 0, "msg": "success"}, data))
	}
}

// Fail answers an error code in the route's envelope. An empty message takes
// the route's text for the code. extra is merged into the body (the data of
// an overall result, say).
func (c *Call) Fail(code int, message string, extra map[string]any) {
	if message == "" {
		message = c.route.codes[code]
	}
	if message == "" && c.route.env == EnvGateway {
		// Gateway auth codes (§7.4) are answered before any handler, so
		// they must not depend on the route listing them.
		message = gatewayCodes[code]
	}
	if message == "" {
		message = fmt.Sprintf("error %d", code)
	}
	var requestID string
	if c.route.env == EnvOpen {
		requestID = c.s.requestID()
	}
	c.JSON(200, merge(envelopeBody(c.route.env, code, message, requestID), extra))
}

// envelopeBody is a failure in an envelope's shape; requestID is used by
// the open envelope only.
func envelopeBody(env Envelope, code int, message, requestID string) map[string]any {
	switch env {
	case EnvPortal:
		return map[string]any{"code": code, "message": message}
	case EnvASR:
		return map[string]any{"code": strconv.Itoa(code), "success": false, "errorMsg": message}
	case EnvGateway:
		return map[string]any{"code": code, "msg": message}
	}
	return map[string]any{"code": code, "message": message, "request_id": requestID, "data": nil}
}

func merge(dst map[string]any, src any) map[string]any {
	switch m := src.(type) {
	case nil:
	case map[string]any:
		for k, v := range m {
			dst[k] = v
		}
	default:
		b, _ := json.Marshal(src)
		var mm map[string]any
		if json.Unmarshal(b, &mm) == nil {
			for k, v := range mm {
				dst[k] = v
			}
		}
	}
	return dst
}

func (s *Server) requestID() string {
	return fmt.Sprintf("sim-%08x%08x", s.idBase, s.ids.Add(1))
}

// parse reads the body by content type: JSON, form-urlencoded or multipart.
// Query parameters are merged underneath. It reports whether a JSON body
// failed to parse.
// maxBody is the largest request body the simulator reads.
const maxBody = 64 << 20

func (c *Call) parse() error {
	c.params = map[string]json.RawMessage{}
	c.form = url.Values{}
	c.files = map[string][]byte{}
	for k, v := range c.R.URL.Query() {
		c.form[k] = v
	}
	body, err := io.ReadAll(io.LimitReader(c.R.Body, maxBody+1))
	if err != nil {
		return err
	}
	if len(body) > maxBody {
		// Refused whole, never cut short (a cut multipart body read as
		// "unexpected EOF").
		return fmt.Errorf("the body is over %d MiB, the simulator's limit (the spec names none)", maxBody>>20)
	}
	c.body = body
	ct, _, _ := mime.ParseMediaType(c.R.Header.Get("Content-Type"))
	switch ct {
	case "multipart/form-data":
		c.R.Body = io.NopCloser(bytes.NewReader(body))
		if err := c.R.ParseMultipartForm(maxBody); err != nil {
			return err
		}
		for k, v := range c.R.MultipartForm.Value {
			c.form[k] = v
		}
		for k, fhs := range c.R.MultipartForm.File {
			if len(fhs) == 0 {
				continue
			}
			f, err := fhs[0].Open()
			if err != nil {
				return err
			}
			b, err := io.ReadAll(f)
			_ = f.Close()
			if err != nil {
				return err
			}
			c.files[k] = b
			c.form["__filename_"+k] = []string{fhs[0].Filename}
		}
	case "application/x-www-form-urlencoded":
		vals, err := url.ParseQuery(string(body))
		if err != nil {
			return err
		}
		for k, v := range vals {
			c.form[k] = v
		}
	default:
		if len(bytes.TrimSpace(body)) == 0 {
			return nil
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(body, &m); err != nil {
			return err
		}
		c.params = m
	}
	return nil
}
