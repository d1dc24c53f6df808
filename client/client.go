// Package client is a typed Go client for every endpoint of the contact-center
// open interface (see ../shared/spec). It has no Terraform imports: the
// provider, ccsync and tests all use it the same way.
package client

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Surface names one of the five API surfaces of spec §1.1.
type Surface string

// The five surfaces, named as the provider attributes that configure them.
const (
	SurfaceBase       Surface = "base_url"
	SurfaceAutocall   Surface = "autocall_url"
	SurfacePortal     Surface = "portal_url"
	SurfacePortalOpen Surface = "portal_open_url"
	SurfaceSMSAPI     Surface = "smsapi_url"
)

// Surfaces lists every surface in a stable order.
var Surfaces = []Surface{SurfaceBase, SurfaceAutocall, SurfacePortal, SurfacePortalOpen, SurfaceSMSAPI}

// SurfacePrefixes are the path prefixes under which one origin serves every
// surface (DESIGN §4); `endpoint` derives the five URLs from them.
var SurfacePrefixes = map[Surface]string{
	SurfaceBase:       "/open",
	SurfaceAutocall:   "/autocall",
	SurfacePortal:     "/portal",
	SurfacePortalOpen: "/portal-open",
	SurfaceSMSAPI:     "/smsapi",
}

// SurfaceURLs derives the five surface URLs from one origin.
func SurfaceURLs(endpoint string) map[Surface]string {
	origin := strings.TrimRight(endpoint, "/")
	out := make(map[Surface]string, len(SurfacePrefixes))
	for s, p := range SurfacePrefixes {
		out[s] = origin + p
	}
	return out
}

// LogFunc receives one structured line per request. Secrets are already
// redacted from fields when it is called.
type LogFunc func(ctx context.Context, msg string, fields map[string]any)

// Config configures a Client.
type Config struct {
	// URLs holds the base URL of each surface. Every surface must be set.
	URLs map[Surface]string
	// AccessToken is the bearer token of the open and portal surfaces (spec §5.1).
	AccessToken string
	// AppID and AppKey authenticate gateway requests (spec §5.5).
	AppID  string
	AppKey string
	// UserAgent is sent with every request.
	UserAgent string
	// Timeout bounds one HTTP attempt. Zero means 30 seconds.
	Timeout time.Duration
	// MaxRetries is how many times an idempotent call is retried after a
	// transport error, a 5xx or gateway code 1010, and any call (a create
	// too: it was not processed) after an HTTP 429, once its Retry-After
	// has passed. Negative means none.
	MaxRetries int
	// RetryWaitMin and RetryWaitMax bound the exponential backoff. Zero
	// values mean 250ms and 5s.
	RetryWaitMin, RetryWaitMax time.Duration
	// RetryNotice, when set, is told of each wait before a retry, with a
	// line for a person (ccsync prints the long ones: a run that waits
	// out a rate limit otherwise seems to hang). WithRetryNotice does the
	// same for one context (an action's progress).
	RetryNotice func(wait time.Duration, line string)
	// MaxRequestsPerSecond paces every call of this client, retries
	// included, to at most this many requests per second, spaced evenly
	// (no burst). Zero or less means no pacing until the service answers
	// HTTP 429; after one, the client slows down by itself (pacer).
	MaxRequestsPerSecond float64
	// RateLimitPatience bounds the time one call waits, in all, after HTTP
	// 429 answers before it gives up (MaxRetries 0: it does not retry
	// them). Zero means DefaultRateLimitPatience.
	RateLimitPatience time.Duration
	// InterruptedLookup bounds the lookups of a create cut off by its
	// context after it was sent (createInterrupted): 0 means 15 seconds, a
	// negative value none (ccsync's abort, which must stop at once).
	InterruptedLookup time.Duration
	// AllowInsecureHTTP permits http:// URLs on hosts other than loopback.
	AllowInsecureHTTP bool
	// HTTPClient replaces the default transport (tests).
	HTTPClient *http.Client
	// Log, when set, receives one redacted line per HTTP attempt (with the
	// answer's request_id, and a failure's code and message), and after a
	// failed attempt one line saying what follows: a retry and its wait,
	// no retry and why, giving up, or the lookup of a create in doubt.
	Log LogFunc
	// Now replaces time.Now (gateway signature tests).
	Now func() time.Time
}

// Client is the entry point: one service per API area (DESIGN §3).
type Client struct {
	cfg   Config
	urls  map[Surface]*url.URL
	http  *http.Client
	pacer *pacer
	// gen counts the calls that may have changed something (see finder).
	gen atomic.Uint64
	// writes follows the writes in flight, which a batch of reads by ids
	// waits for (finder.flush): their read-backs join it.
	writes writesInFlight
	// calls numbers the calls for the log (Request.call).
	calls atomic.Uint64
	// creates serializes the creates of one natural key and remembers the
	// objects this client's creates made (see lockCreate).
	creates creates
	// refreshing is set once a resource was refreshed through this client:
	// its walk is a plan's (see FreshReads).
	refreshing atomic.Bool
	// commands is set by the first refresh after writes of this client:
	// the process serves several commands (`terraform test` with a
	// provider block, Terraform 1.13 and later), whose later plans begin
	// without telling the provider, so data sources read afresh in every
	// walk (freshReads).
	commands atomic.Bool
	// refreshes counts them (Refreshes).
	refreshes atomic.Uint64
	// refreshGen is 1 + the generation in which a resource was last
	// refreshed (0: never): a plan's walk in that generation, which
	// finder.seen reads the collection for once even after writes (a
	// provider process that serves several commands, `terraform test`).
	refreshGen atomic.Uint64
	walkMu     sync.Mutex // orders Refreshing's updates of gen and refreshGen
	// unreachable remembers the addresses calls could not connect to.
	unreachable unreachable

	SMS       *SMSService
	Agents    *AgentsService
	Tasks     *TasksService
	Webhooks  *WebhooksService
	Sounds    *SoundsService
	ASR       *ASRService
	Queues    *QueuesService
	Reference *ReferenceService
	Gateway   *GatewayService
}

// New validates cfg and returns a Client.
func New(cfg Config) (*Client, error) {
	c := &Client{cfg: cfg, urls: map[Surface]*url.URL{}}
	var errs []error
	for _, s := range Surfaces {
		raw := cfg.URLs[s]
		if raw == "" {
			errs = append(errs, fmt.Errorf("%s is not set", s))
			continue
		}
		u, err := ValidateURL(raw, cfg.AllowInsecureHTTP)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", s, err))
			continue
		}
		c.urls[s] = u
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if c.cfg.Timeout <= 0 {
		c.cfg.Timeout = 30 * time.Second
	}
	if c.cfg.RetryWaitMin <= 0 {
		c.cfg.RetryWaitMin = 250 * time.Millisecond
	}
	if c.cfg.RetryWaitMax <= 0 {
		c.cfg.RetryWaitMax = 5 * time.Second
	}
	if c.cfg.Now == nil {
		c.cfg.Now = time.Now
	}
	if c.cfg.RateLimitPatience <= 0 {
		c.cfg.RateLimitPatience = DefaultRateLimitPatience
	}
	c.pacer = newPacer(c.cfg.MaxRequestsPerSecond)
	c.http = cfg.HTTPClient
	if c.http == nil {
		c.http = &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone()}
	}
	hc := *c.http
	hc.CheckRedirect = checkRedirect
	c.http = &hc
	c.SMS = newSMSService(c)
	c.Agents = newAgentsService(c)
	c.Tasks = &TasksService{c: c}
	c.Webhooks = newWebhooksService(c)
	c.Sounds = newSoundsService(c)
	c.ASR = &ASRService{c: c}
	c.Queues = newQueuesService(c)
	c.Reference = &ReferenceService{c: c}
	c.Gateway = newGatewayService(c)
	return c, nil
}

// checkRedirect decides whether a redirect is followed. Go's client would
// send a write's body (a password, a gateway signature) on to the new
// address, and the token along when only the port or the scheme changes
// (https to http). A write's redirect is not followed (the 3xx is reported
// as an error, see once): a request with a body, and a write the API makes
// as GET (the deletes of skill groups, webhooks and voice files: a delete
// sent on is carried out where the configuration does not point, and Go
// follows a GET's redirect). A read's is (a voice file may be served from
// storage elsewhere), but never from https to http, and without the token
// to any other host or port.
func checkRedirect(req *http.Request, via []*http.Request) error {
	first := via[0]
	switch {
	case first.Method != http.MethodGet && first.Method != http.MethodHead:
		return http.ErrUseLastResponse
	case first.Context().Value(writeKey{}) != nil:
		return http.ErrUseLastResponse
	case first.URL.Scheme == "https" && req.URL.Scheme != "https":
		return http.ErrUseLastResponse
	case len(via) >= 10:
		return fmt.Errorf("stopped after %d redirects", len(via))
	}
	if req.URL.Host != first.URL.Host {
		req.Header.Del("Authorization")
	}
	return nil
}

// writeKey marks the context of a request that is not a read
// (Request.Read false), for checkRedirect.
type writeKey struct{}

// HideURLSecrets returns raw as a message may quote it: without the user
// and password before its host (a password holding a / or a @ too), and
// with the values of query parameters named like a secret (?token=…,
// ?key=…, ?sig=…) replaced. userinfo reports that a user and password were
// taken out: Go's parser may then quote part of the password in its errors
// (invalid port ":pa" after host), which are not to be repeated either.
// ValidateURL quotes a surface URL so, and the webhook's url is quoted so:
// an address that carries credentials is the one a careful user sets from
// a sensitive variable, and a diagnostic is not masked by Terraform.
func HideURLSecrets(raw string) (hidden string, userinfo bool) {
	hidden = raw
	scheme, rest, found := strings.Cut(raw, "://")
	if !found {
		scheme, rest = "", raw
	}
	authority, path, _ := strings.Cut(rest, "/")
	at := strings.LastIndex(authority, "@")
	// A password holding a / (or ? or #) ends the authority before its @
	// (https://admin:pa/ss@cc.example.com), and so does a scheme typed
	// without its colon (https//admin:pw@…, read as a path): the URL,
	// password included, was repeated whole, and Go's parser took the
	// password for a port ("invalid port \":pa\" after host"). A later @
	// with a : between it and the authority's @ (or the start) ends a user
	// and password; one without (https://admin:pw@host/a@b) is the path's.
	if later := strings.LastIndex(rest, "@"); later > at && strings.Contains(rest[at+1:later], ":") {
		userinfo = true
		hidden = rest[later+1:]
		if found {
			hidden = scheme + "://" + hidden
		}
	} else if at >= 0 {
		userinfo = true
		hidden = authority[at+1:]
		if path != "" || strings.HasSuffix(rest, "/") {
			hidden += "/" + path
		}
		if found {
			hidden = scheme + "://" + hidden
		}
	}
	// Nor the value of a query parameter named like a secret (?token=…,
	// ?key=…, ?sig=…), which a URL copied from a browser or a webhook
	// setting may carry: the message goes to a terminal, a CI log, a
	// diagnostic.
	// A URL without its scheme (which ValidateURL refuses) is one too.
	hidden = redactQueryParams(hidden)
	return hidden, userinfo
}

// QuoteURL quotes raw for a message as HideURLSecrets shows it, saying so
// when a user and password were taken out: the webhook url's check, its
// "created beside an existing one" warning and the read-back warning quote
// an address so.
func QuoteURL(raw string) string {
	shown, userinfo := HideURLSecrets(raw)
	if userinfo {
		return strconv.Quote(shown) + " (shown without its user and password)"
	}
	return strconv.Quote(shown)
}

// ValidateURL parses a surface URL and refuses plain http:// to a host that
// is not loopback unless allowInsecure is set: tokens and keys would travel
// in clear text.
func ValidateURL(raw string, allowInsecure bool) (*url.URL, error) {
	if strings.TrimSpace(raw) == "" {
		return nil, errors.New("must not be empty: give a URL such as https://cc.example.com")
	}
	hidden, userinfo := HideURLSecrets(raw)
	scheme, _, found := strings.Cut(raw, "://")
	if strings.TrimSpace(raw) != raw {
		return nil, fmt.Errorf("%q has white space at the start or the end: give the URL alone", hidden)
	}
	if !strings.Contains(raw, "://") {
		// Go's parser says "first path segment in URL cannot contain
		// colon" of 127.0.0.1:18080.
		if l := strings.ToLower(raw); strings.HasPrefix(l, "http//") || strings.HasPrefix(l, "https//") || strings.HasPrefix(l, "http:/") || strings.HasPrefix(l, "https:/") {
			return nil, fmt.Errorf("%q must start with https:// (or http:// for loopback)", hidden) // no "e.g. https://https//…"
		}
		// The example follows the host: a loopback address is most often
		// the simulator, which serves plain HTTP only (an https:// there
		// fails the handshake).
		example := "https://" + hidden
		if u, err := url.Parse("//" + hidden); err == nil && IsLoopbackHost(u.Hostname()) {
			example = "http://" + hidden
		}
		return nil, fmt.Errorf("%q must start with https:// (or http:// for loopback), e.g. %q", hidden, example)
	}
	u, err := url.Parse(raw)
	if err != nil {
		var uerr *url.Error
		if errors.As(err, &uerr) {
			err = uerr.Err // its text repeats the URL, password included
		}
		if userinfo {
			return nil, fmt.Errorf("%q (shown without its user and password) is not a URL: it does not parse", hidden) // Go's detail may quote the password
		}
		return nil, fmt.Errorf("%q is not a URL: %w", hidden, err)
	}
	shown := redactQueryParams(u.Redacted()) // a password in the URL, or a secret in its query, is not repeated
	if userinfo && u.User == nil && (!strings.Contains(u.Path, "@") || found && !strings.EqualFold(u.Scheme, scheme)) {
		// A user and password Go's parser read as something else than a
		// user and password or the path of the URL typed (a fragment:
		// #://admin:pw@host; a path: /://admin:pw@host), which Redacted
		// keeps.
		shown = hidden
	}
	switch u.Scheme {
	case "https":
	case "http":
		if !allowInsecure && !IsLoopbackHost(u.Hostname()) {
			return nil, fmt.Errorf("%q uses plain http:// to a host that is not loopback; use https://, or allow plain http "+
				"(insecure_http = true in the provider, --insecure-http or CONTACTCENTER_INSECURE_HTTP=true for ccsync)", shown)
		}
	default:
		return nil, fmt.Errorf("%q must start with https:// (or http:// for loopback)", shown)
	}
	if u.Host == "" {
		return nil, fmt.Errorf("%q has no host", shown)
	}
	// The surfaces' paths are appended to the URL and each request sets its
	// own query: a query or fragment here would swallow them.
	if u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || strings.Contains(raw, "#") {
		return nil, fmt.Errorf("%q has a query or fragment (?… or #…); give the URL without them", shown)
	}
	return u, nil
}

// IsLoopbackHost reports whether host is localhost or a loopback address.
func IsLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// URL returns the configured base URL of a surface.
func (c *Client) URL(s Surface) string { return c.urls[s].String() }
