package client

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
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
	return strings.Contains(n, "password") || strings.Contains(n, "secret")
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
			out[k] = vs[0]
		default:
			out[k] = vs
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
			out[k] = vs
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
	}
	return v
}

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
		quoted, _ := json.Marshal(s)
		for _, form := range []string{s, string(quoted[1 : len(quoted)-1]), url.QueryEscape(s)} {
			text = strings.ReplaceAll(text, form, Redacted)
		}
	}
	return text
}
