package client

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
)

func TestIsSecretField(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"Authorization", "authorization", "sig", "appKey", "app_key", "sms_app_key", "access_token",
		"token", "mfa_secret", "user_password", "Password", "client-secret"} {
		if !IsSecretField(name) {
			t.Errorf("IsSecretField(%q) = false", name)
		}
	}
	for _, name := range []string{"appId", "random", "time", "user_num", "que_name", "mobile"} {
		if IsSecretField(name) {
			t.Errorf("IsSecretField(%q) = true", name)
		}
	}
}

// No secret reaches the Log hook, whatever the body kind, surface or outcome.
func TestLogRedaction(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var sigs []string
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.Path, "/drop") {
			dropConn(w)
			return
		}
		var sig string
		if strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			var b map[string]any
			_ = json.NewDecoder(r.Body).Decode(&b)
			sig, _ = b["sig"].(string)
		} else {
			_ = r.ParseMultipartForm(1 << 20)
			sig = r.FormValue("sig")
		}
		if sig != "" {
			mu.Lock()
			sigs = append(sigs, sig)
			mu.Unlock()
		}
		if strings.HasPrefix(r.URL.Path, "/smsapi") {
			_, _ = io.WriteString(w, `{"code":0,"msg":"success"}`)
			return
		}
		_, _ = io.WriteString(w, `{"code":200,"message":"ok"}`)
	})
	var logs logCapture
	c := newTestClient(t, h, func(c *Config) { c.Log = logs.hook; c.MaxRetries = 1 })
	secrets := []string{"tok-SECRET", "key-SECRET", "pw-SECRET", "mfa-SECRET", "nested-SECRET", "query-SECRET", "form-SECRET"}
	ctx := t.Context()
	reqs := []Request{
		{Surface: SurfaceBase, Method: "POST", Path: "/users/add", Envelope: EnvelopePortal,
			Body: map[string]any{"user_num": "9001", "user_password": "pw-SECRET", "mfa_secret": "mfa-SECRET",
				"config": []any{map[string]any{"sip_password": "nested-SECRET"}}}},
		{Surface: SurfacePortal, Method: "GET", Path: "/x", BodyKind: BodyNone, Envelope: EnvelopePortal,
			Query: url.Values{"password": {"query-SECRET"}, "que_id": {"7"}}},
		{Surface: SurfacePortal, Method: "POST", Path: "/form", BodyKind: BodyForm, Envelope: EnvelopePortal,
			Body: url.Values{"user_password": {"form-SECRET"}}},
		{Surface: SurfaceSMSAPI, Method: "POST", Path: "/send", Envelope: EnvelopeGateway, Body: map[string]any{"mobile": "138"}},
		{Surface: SurfaceSMSAPI, Method: "POST", Path: "/file", BodyKind: BodyMultipart, Envelope: EnvelopeGateway,
			Body: url.Values{"mobile": {"138"}}, Files: []FilePart{{Field: "file", FileName: "a.txt", Content: []byte("138")}}},
		// A transport error: its text carries the URL, which must not carry the query's secrets.
		{Surface: SurfacePortal, Method: "GET", Path: "/drop", BodyKind: BodyNone, Envelope: EnvelopePortal, Idempotent: true,
			Query: url.Values{"password": {"query-SECRET"}}},
	}
	for i, r := range reqs {
		err := c.Do(ctx, r, nil)
		if (err != nil) != (i == len(reqs)-1) {
			t.Fatalf("request %d: %v", i, err)
		}
		if err != nil {
			for _, s := range secrets {
				if strings.Contains(err.Error(), s) {
					t.Errorf("error text carries %s: %v", s, err)
				}
			}
		}
	}
	mu.Lock()
	secrets = append(secrets, sigs...)
	mu.Unlock()
	if len(sigs) != 2 {
		t.Fatalf("server saw %d signatures, want 2", len(sigs))
	}
	lines := logs.all()
	attempts := 0
	for _, l := range lines {
		if strings.HasPrefix(l.msg, "contactcenter API request") {
			attempts++
		}
	}
	if attempts != len(reqs)+1 { // the dropped request was retried once
		t.Errorf("%d attempt lines, want %d", attempts, len(reqs)+1)
	}
	sawAuth := false
	for _, l := range lines {
		text := l.msg + " " + fmt.Sprintf("%v", l.fields)
		b, _ := json.Marshal(l.fields)
		text += string(b)
		for _, s := range secrets {
			if strings.Contains(text, s) {
				t.Errorf("log line carries secret %q: %s", s, text)
			}
		}
		if hdr, ok := l.fields["headers"].(map[string]string); ok && hdr["Authorization"] == Redacted {
			sawAuth = true
		}
	}
	if !sawAuth {
		t.Error("no log line shows the Authorization header as redacted")
	}
}

// TestRedactJSON_numbers: a logged body's numbers stay as written: the
// gateway's millisecond time was logged as 1.79543538153e+12.
func TestRedactJSON_numbers(t *testing.T) {
	t.Parallel()
	got, _ := RedactJSON([]byte(`{"time":1795435381530,"sig":"abc","n":1.5}`)).(map[string]any)
	// Log lines print the values as fmt does.
	if s := fmt.Sprint(got["time"], " ", got["n"], " ", got["sig"]); s != "1795435381530 1.5 [REDACTED]" {
		t.Errorf("RedactJSON printed as %q", s)
	}
	// The provider's log lines reach Terraform as JSON, which reads them
	// back with floats and prints them so: a number logged as a number
	// came out 1.79543538153e+12.
	line, err := json.Marshal(map[string]any{"request_body": got})
	if err != nil {
		t.Fatal(err)
	}
	var read map[string]any
	if err := json.Unmarshal(line, &read); err != nil {
		t.Fatal(err)
	}
	if s := fmt.Sprint(read["request_body"]); s != "map[n:1.5 sig:[REDACTED] time:1795435381530]" {
		t.Errorf("the log line read back prints %q", s)
	}
}

// TestRedactJSON_urls: a webhook's address that carries a password or a
// token in its query was logged in clear in the request body.
func TestRedactJSON_urls(t *testing.T) {
	got, _ := RedactJSON([]byte(`{"url":"https://crm:Pa55@crm.example.com/hook?token=abc123&sig=s1g&lang=zh","name":"CRM https://x.example.com/a"}`)).(map[string]any)
	u, _ := got["url"].(string)
	for _, secret := range []string{"Pa55", "abc123", "s1g"} {
		if strings.Contains(u, secret) {
			t.Errorf("logged url %q shows %q", u, secret)
		}
	}
	if !strings.Contains(u, "crm.example.com/hook") || !strings.Contains(u, "lang=zh") || !strings.Contains(u, "crm:") {
		t.Errorf("logged url %q lost what is not secret", u)
	}
	if got["name"] != "CRM https://x.example.com/a" {
		t.Errorf("a text that is not a URL changed: %q", got["name"])
	}
}

// TestRedactURL_unparsableQuery: url.Values drops the pairs it cannot parse,
// and the tokens of a query with a ";" or a bad "%" escape (both accepted by
// a webhook's URL check) were logged in clear.
func TestRedactURL_unparsableQuery(t *testing.T) {
	for in, want := range map[string]string{
		"https://hooks.example.com/cc?token=abc;def":             "https://hooks.example.com/cc?token=[REDACTED];def",
		"https://hooks.example.com/cc?token=ab%zzcd&lang=zh":     "https://hooks.example.com/cc?token=[REDACTED]&lang=zh",
		"https://hooks.example.com/cc?lang=zh;api_key=k3y&x=1":   "https://hooks.example.com/cc?lang=zh;api_key=[REDACTED]&x=1",
		"https://crm:Pa55@crm.example.com/hook?access%5Ftoken=t": "https://crm:[REDACTED]@crm.example.com/hook?access%5Ftoken=[REDACTED]",
		"https://crm.example.com/hook?lang=zh#token=frag":        "https://crm.example.com/hook?lang=zh#token=[REDACTED]",
		"see https://x.example.com/a?q=1 and more":               "see https://x.example.com/a?q=1 and more",
		// A raw "@" in the password: url.Parse takes the last one.
		"https://crm:S3cr@tP4ss@crm.example.com/hook": "https://crm:[REDACTED]@crm.example.com/hook",
		"https://x.example.com/a@b?id_token=t&pwd=p":  "https://x.example.com/a@b?id_token=[REDACTED]&pwd=[REDACTED]",
	} {
		if got := redactURL(in); got != want {
			t.Errorf("redactURL(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRedactQuery_urlValues: the webhook lookup sends the address it looks
// for as a query value, and its password and token were logged in clear.
func TestRedactQuery_urlValues(t *testing.T) {
	v := url.Values{"url": {"https://crm:S3cretPw@crm.example.com/hook?token=T0k3nValue"}, "name": {"crm"}, "api_token": {"a1"}}
	got := fmt.Sprint(RedactQuery(v)) + " " + redactedQuery(v)
	for _, secret := range []string{"S3cretPw", "T0k3nValue", "a1"} {
		if strings.Contains(got, secret) {
			t.Errorf("logged query shows %q: %s", secret, got)
		}
	}
	if !strings.Contains(got, "crm.example.com") || !strings.Contains(got, "name:crm") {
		t.Errorf("logged query lost what is not secret: %s", got)
	}
}
