package client

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"unicode/utf16"
)

// Redacted replaces every secret in log lines.
const Redacted = "[REDACTED]"

// IsSecretField reports whether a field or header name holds a secret:
// tokens, gateway signatures and keys, passwords and the MFA secret.
func IsSecretField(name string) bool {
	n := strings.ToLower(strings.ReplaceAll(name, "-", "_"))
	switch n {
	case "authorization", "sig", "appkey", "app_key", "sms_app_key", "access_token", "token", "mfa_secret":
		return true
	}
	return strings.Contains(n, "password") || strings.Contains(n, "secret") || strings.HasSuffix(n, "_token") || n == "pwd" || n == "passwd"
}

// RedactHeaders returns the headers with secret values replaced.
func RedactHeaders(h http.Header) map[string]string {
	out := make(map[string]string, len(h))
	for k := range h {
		if IsSecretField(k) {
			out[k] = Redacted
		} else {
			out[k] = h.Get(k)
		}
	}
	return out
}

// RedactQuery returns the values with secret values replaced.
func RedactQuery(v url.Values) map[string]any {
	out := make(map[string]any, len(v))
	for k, vs := range v {
		switch {
		case IsSecretField(k):
			out[k] = Redacted
		case len(vs) == 1:
			out[k] = redactURL(vs[0])
		default:
			out[k] = redactURLs(vs)
		}
	}
	return out
}

// redactedQuery encodes v with secret values replaced.
func redactedQuery(v url.Values) string {
	out := make(url.Values, len(v))
	for k, vs := range v {
		if IsSecretField(k) {
			out[k] = []string{Redacted}
		} else {
			out[k] = redactURLs(vs)
		}
	}
	return out.Encode()
}

// RedactJSON decodes a JSON body and replaces secret fields at any depth.
// A body that is not JSON is not logged at all.
func RedactJSON(b []byte) any {
	var v any
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber() // a gateway time stays 1795435381530, not 1.79543538153e+12
	if err := d.Decode(&v); err != nil {
		return "(not JSON, not logged)"
	}
	return redactValue(v)
}

func redactValue(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			if IsSecretField(k) {
				t[k] = Redacted
			} else {
				t[k] = redactValue(x)
			}
		}
	case []any:
		for i := range t {
			t[i] = redactValue(t[i])
		}
	case json.Number:
		// As text: the provider's log lines reach Terraform as JSON, which
		// reads every number as a float (1.79543538153e+12).
		return string(t)
	case string:
		return redactURL(t)
	}
	return v
}

// redactURL hides the secrets of a URL held in a logged value (a webhook's
// address may carry a password, https://user:pass@host/, or a token in its
// query): the password, and the values of query parameters named like a
// secret (token, sig, key, password). It works on the text, not on a parse
// of it: url.Values dropped the pairs it cannot parse (a ";" in the query,
// a bad "%" escape) and their tokens were logged in clear. Any other text
// is returned as is.
func redactURL(s string) string {
	if !strings.Contains(s, "://") {
		return s
	}
	return redactQueryParams(reURLPassword.ReplaceAllString(s, "${1}"+Redacted+"@"))
}

// redactQueryParams hides the values of the query parameters of s, text
// meant as a URL with or without its scheme ("cc.example.com/?token=…",
// which ValidateURL refuses and repeats), that are named like a secret
// (redactURL), and only them.
func redactQueryParams(s string) string {
	return reURLParam.ReplaceAllStringFunc(s, func(pair string) string {
		m := reURLParam.FindStringSubmatch(pair)
		name := m[2]
		if n, err := url.QueryUnescape(name); err == nil {
			name = n
		}
		if n := strings.ToLower(name); IsSecretField(name) || strings.Contains(n, "key") || strings.Contains(n, "sig") || strings.Contains(n, "auth") {
			return m[1] + m[2] + "=" + Redacted
		}
		return pair
	})
}

// redactURLs is redactURL of each value (a query parameter given several
// times: the webhook lookup sends the address it looks for).
func redactURLs(vs []string) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = redactURL(v)
	}
	return out
}

var (
	// reURLPassword is the password of a URL's user information:
	// "https://user:" is kept, what follows up to the last "@" before the
	// path is not (a password may hold a raw "@", as url.Parse reads it).
	reURLPassword = regexp.MustCompile(`(://[^/?#@\s:]*:)[^/?#\s]*@`)
	// reURLParam is one parameter of a URL's query (or of a path segment,
	// ";name=value", or of a fragment), after "?", "&", ";" or "#".
	reURLParam = regexp.MustCompile(`([?&;#])([^=&;#\s]*)=([^&;#\s"]*)`)
)

// secretValues returns the values of the secret fields of a request body
// (JSON at any depth, or form values): the passwords an agent write
// carries, say. An answer that echoes the request must not show them.
func secretValues(body []byte, form url.Values) []string {
	var out []string
	for k, vs := range form {
		if IsSecretField(k) {
			out = append(out, vs...)
		}
	}
	var v any
	if json.Unmarshal(body, &v) == nil {
		var walk func(any)
		walk = func(v any) {
			switch t := v.(type) {
			case map[string]any:
				for k, x := range t {
					if s, ok := x.(string); ok && IsSecretField(k) {
						out = append(out, s)
					} else {
						walk(x)
					}
				}
			case []any:
				for _, x := range t {
					walk(x)
				}
			}
		}
		walk(v)
	}
	return out
}

// scrub replaces each secret in text, as written, JSON-escaped or
// URL-encoded, with Redacted. The service's error text may echo the
// request (its body, the Authorization header); it reaches diagnostics,
// CI logs and ccsync's reports. Secrets shorter than 3 characters are left
// (replacing them would garble the text and hide little).
func scrub(text string, secrets ...string) string {
	for _, s := range secrets {
		if len(s) < 3 {
			continue
		}
		for _, form := range secretForms(s) {
			text = strings.ReplaceAll(text, form, Redacted)
		}
	}
	return text
}

// secretForms are the ways an answer may write s: as is, URL-encoded, and
// inside a JSON string as the common encoders write it: Go's (& < > as
// \u0026), PHP's default json_encode (/ as \/, every non-ASCII character as
// \uXXXX), Python's json.dumps (non-ASCII as \uXXXX) and the plain form
// (only " \ and control characters escaped). Longest first, so that a form
// is replaced whole before a shorter one inside it.
func secretForms(s string) []string {
	plain := jsonEscape(s, false)
	forms := []string{s, url.QueryEscape(s), url.PathEscape(s), plain, strings.ReplaceAll(plain, "/", `\/`)}
	for _, upper := range []bool{false, true} {
		ascii := jsonEscape(s, true)
		if upper {
			ascii = upperHexEscapes(ascii)
		}
		forms = append(forms, ascii, strings.ReplaceAll(ascii, "/", `\/`))
	}
	goForm, _ := json.Marshal(s)
	forms = append(forms, string(goForm[1:len(goForm)-1]))
	slices.SortFunc(forms, func(a, b string) int { return len(b) - len(a) })
	return slices.Compact(forms)
}

// jsonEscape writes s as the inside of a JSON string: " \ and control
// characters escaped, and with ascii every character beyond ASCII as
// \uXXXX (a surrogate pair beyond the BMP), in lower-case hex.
func jsonEscape(s string, ascii bool) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || ascii && r > 0x7e:
			if r > 0xffff {
				r1, r2 := utf16.EncodeRune(r)
				fmt.Fprintf(&b, `\u%04x\u%04x`, r1, r2)
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// upperHexEscapes writes the \uXXXX escapes of s in upper-case hex.
func upperHexEscapes(s string) string {
	return uEscapeRE.ReplaceAllStringFunc(s, func(m string) string { return `\u` + strings.ToUpper(m[2:]) })
}

var uEscapeRE = regexp.MustCompile(`\\u[0-9a-f]{4}`)
