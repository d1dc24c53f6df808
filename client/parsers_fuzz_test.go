package client

import (
	"encoding/json"
	"math/big"
	"net/url"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// Fuzz targets for the client's parsers and validators. Each seed corpus
// is small so that a plain `go test` runs them in milliseconds; run one
// with -fuzz to explore.

// splitFuzz cuts a fuzzer string into parts on a separator byte that is
// not likely to matter to the code under test.
func splitFuzz(s string) []string { return strings.Split(s, "\x1f") }

// The send_file codec: whatever recipients CheckMobilesFile lets through
// with a valid mobile number must be read back by ParseMobilesFile (the
// parser of the platform's format) as they were written.
func FuzzMobilesFileRoundTrip(f *testing.F) {
	f.Add("13800138000", "a\x1fb c\x1f%41+x", "13900139000", "\u4e2d\u6587\x1f\r\n")
	f.Add("+8613800138000", "", "8613800138000", "x")
	f.Add("13800138000", " ", "13800138000", "\t")
	f.Fuzz(func(t *testing.T, m1, p1, m2, p2 string) {
		var rs []FileRecipient
		for _, r := range []struct{ m, p string }{{m1, p1}, {m2, p2}} {
			var params []string
			if r.p != "" {
				params = splitFuzz(r.p)
			}
			rs = append(rs, FileRecipient{Mobile: r.m, Params: params})
		}
		if CheckMobilesFile(rs) != nil {
			return
		}
		for _, r := range rs {
			if !ValidMobile(r.Mobile) {
				return
			}
		}
		b := EncodeMobilesFile(rs)
		got, err := ParseMobilesFile(b)
		if err != nil {
			t.Fatalf("ParseMobilesFile(EncodeMobilesFile(%q)) = %v\nfile: %q", rs, err, b)
		}
		if len(got) != len(rs) {
			t.Fatalf("round trip of %q: %d recipients read back, want %d\nfile: %q", rs, len(got), len(rs), b)
		}
		for i := range rs {
			if got[i].Mobile != rs[i].Mobile || !slices.Equal(got[i].Params, rs[i].Params) {
				t.Fatalf("round trip: recipient %d written %q read %q\nfile: %q", i, rs[i], got[i], b)
			}
		}
	})
}

// ParseMobilesFile never panics, and what it reads encodes to a file
// that reads back the same.
func FuzzParseMobilesFile(f *testing.F) {
	f.Add([]byte("13800138000 a%20b c\r\n\n13900139000\n"))
	f.Add([]byte("x %zz\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		rs, err := ParseMobilesFile(b)
		if err != nil {
			return
		}
		again, err := ParseMobilesFile(EncodeMobilesFile(rs))
		if err != nil {
			t.Fatalf("re-reading %q: %v", rs, err)
		}
		if len(again) != len(rs) {
			t.Fatalf("re-reading %q gave %q", rs, again)
		}
		for i := range rs {
			if again[i].Mobile != rs[i].Mobile || !slices.Equal(again[i].Params, rs[i].Params) {
				t.Fatalf("re-reading recipient %d: %q became %q", i, rs[i], again[i])
			}
		}
	})
}

// TemplateVariables never panics; every name it returns is non-blank,
// has no "${" and is distinct; what it accepts, ValidateGatewayTemplate
// does not refuse for its variables.
func FuzzTemplateVariables(f *testing.F) {
	for _, s := range []string{"", "hi ${name}, ${code}", "${", "${}", "${a${b}}", "$${a}}", "${ }", "${a}${a}", "${\u4e2d}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		vars, err := TemplateVariables(s)
		if err != nil {
			return
		}
		seen := map[string]bool{}
		for _, v := range vars {
			if strings.TrimSpace(v) == "" || strings.Contains(v, "${") || strings.Contains(v, "}") {
				t.Fatalf("TemplateVariables(%q) returned the name %q", s, v)
			}
			if seen[v] {
				t.Fatalf("TemplateVariables(%q) returned %q twice", s, v)
			}
			seen[v] = true
			if !strings.Contains(s, "${"+v+"}") {
				t.Fatalf("TemplateVariables(%q) returned %q, which is not in the text", s, v)
			}
		}
	})
}

// Mobile normalisation: CompactMobile is idempotent, and a number it
// makes valid stays valid; ValidMobile accepts only what the doc says.
func FuzzMobile(f *testing.F) {
	for _, s := range []string{"13800138000", "+86 138-0013-8000", "8613800138000", "+13800138000", " 86 13800138000 ", "\u00a013800138000", "１３８００１３８０００", "13800138000\t-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := CompactMobile(s)
		if c2 := CompactMobile(c); c2 != c {
			t.Fatalf("CompactMobile not idempotent: %q -> %q -> %q", s, c, c2)
		}
		if ValidMobile(s) {
			n := NationalMobile(s)
			if len(n) != 11 || n[0] != '1' || n[1] < '3' || !IsDigits(n) {
				t.Fatalf("ValidMobile(%q) but national form %q", s, n)
			}
			if s != n && s != "86"+n && s != "+86"+n {
				t.Fatalf("ValidMobile(%q): not 11 digits with an optional +86/86", s)
			}
		}
		if err := ValidateSend([]string{s}, "x", ""); (err == nil) != ValidMobile(s) {
			t.Fatalf("ValidateSend and ValidMobile disagree on %q: %v", s, err)
		}
	})
}

// notInRedacted: a secret that is part of the replacement text itself
// ("RED", "ACT") cannot be told apart from it.
func notInRedacted(s string) bool { return !strings.Contains(Redacted, s) }

// scrub removes a secret written in any of the forms it claims to know:
// as is, URL-encoded (query or path), JSON-escaped as Go, PHP and Python
// write it.
func FuzzScrub(f *testing.F) {
	f.Add("s3cr\u00e9t/&<x>\"", "before ", " after", uint8(0))
	f.Add("tok\U0001F600en", "", "", uint8(3))
	f.Add("abc", "ab", "c", uint8(1))
	f.Fuzz(func(t *testing.T, secret, pre, post string, form uint8) {
		if len(secret) < 3 || !utf8.ValidString(secret) || !notInRedacted(secret) {
			return
		}
		var enc string
		switch form % 7 {
		case 0:
			enc = secret
		case 1:
			enc = url.QueryEscape(secret)
		case 2:
			enc = url.PathEscape(secret)
		case 3:
			b, _ := json.Marshal(secret)
			enc = string(b[1 : len(b)-1])
		case 4: // PHP json_encode default: \/ and \uXXXX for non-ASCII
			enc = strings.ReplaceAll(jsonEscape(secret, true), "/", `\/`)
		case 5: // Python json.dumps
			enc = jsonEscape(secret, true)
		case 6: // Go json.Marshal of a whole object holding it
			b, _ := json.Marshal(map[string]string{"password": secret})
			enc = string(b)
		}
		text := pre + enc + post
		out := scrub(text, secret)
		if strings.Contains(out, secret) || strings.Contains(out, enc) {
			t.Fatalf("scrub(%q, %q) = %q: the secret (form %d, %q) is still there", text, secret, out, form%7, enc)
		}
	})
}

// Two secrets of one request (a password and the access token, say):
// neither may survive, whatever order they come in.
func FuzzScrubTwo(f *testing.F) {
	f.Add("password1", "password123", "x=password123&y=password1")
	f.Add("abcdef", "defghi", "abcdefghi")
	f.Fuzz(func(t *testing.T, s1, s2, text string) {
		for _, s := range []string{s1, s2} {
			if len(s) < 3 || !utf8.ValidString(s) || !notInRedacted(s) {
				return
			}
		}
		out := scrub(text, s1, s2)
		for _, s := range []string{s1, s2} {
			if !strings.Contains(s, "\x00") && strings.Contains(strings.ReplaceAll(out, Redacted, "\x00"), s) {
				t.Fatalf("scrub(%q, %q, %q) = %q: %q survives", text, s1, s2, out, s)
			}
		}
	})
}

// redactURL hides the password of a URL and the values of secret-named
// query parameters, whatever else the URL holds.
func FuzzRedactURL(f *testing.F) {
	f.Add(true, "user", "pa55word", "/hook", "token", "abcdef", "x=1")
	f.Add(false, "u", "p4ss", "", "sig", "abcd", "")
	f.Fuzz(func(t *testing.T, tls bool, user, pass, path, key, val, extra string) {
		scheme, host := "http", "hooks.example.com"
		if tls {
			scheme = "https"
		}
		if len(pass) < 4 || !notInRedacted(pass) || strings.ContainsAny(pass, "\x00") {
			return
		}
		if !IsSecretField(key) || len(val) < 4 || !notInRedacted(val) {
			return
		}
		// A URL as a user may write it into a webhook address.
		s := scheme + "://" + user + ":" + pass + "@" + host + path + "?" + key + "=" + val
		if extra != "" {
			s += "&" + extra
		}
		// The webhook resource refuses an address net/url cannot parse
		// (resources/text_rules.go), so only those it takes are checked.
		if _, err := url.Parse(s); err != nil {
			return
		}
		out := redactURL(s)
		if strings.Contains(out, pass) {
			t.Errorf("redactURL(%q) = %q: the password %q shows", s, out, pass)
		}
		if strings.Contains(out, key+"="+val) {
			t.Errorf("redactURL(%q) = %q: %s=%s shows", s, out, key, val)
		}
	})
}

// RedactJSON: no panic, and no value of a secret-named key at any depth
// reaches the logged value.
func FuzzRedactJSON(f *testing.F) {
	f.Add([]byte(`{"password":"hunter22","a":[{"Token":"abcd"}],"n":1795435381530}`))
	f.Add([]byte(`[{"x":{"mfa_secret":{"inner":"deep-secret"}}}]`))
	f.Add([]byte(`{"url":"https://u:pw12@h/?sig=abcd"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var orig any
		if json.Unmarshal(b, &orig) != nil {
			return
		}
		var secrets []string
		var walk func(any, bool)
		walk = func(v any, under bool) {
			switch x := v.(type) {
			case map[string]any:
				for k, y := range x {
					walk(y, under || IsSecretField(k))
				}
			case []any:
				for _, y := range x {
					walk(y, under)
				}
			case string:
				if under && len(x) >= 4 && notInRedacted(x) {
					secrets = append(secrets, x)
				}
			}
		}
		walk(orig, false)
		out, err := json.Marshal(RedactJSON(b))
		if err != nil {
			t.Fatalf("RedactJSON(%s) does not encode: %v", b, err)
		}
		// Only a secret that no other (non-secret) string also holds.
		var plain []string
		var walkPlain func(any, bool)
		walkPlain = func(v any, under bool) {
			switch x := v.(type) {
			case map[string]any:
				for k, y := range x {
					plain = append(plain, k)
					walkPlain(y, under || IsSecretField(k))
				}
			case []any:
				for _, y := range x {
					walkPlain(y, under)
				}
			case string:
				if !under {
					plain = append(plain, x)
				}
			case json.Number:
				plain = append(plain, x.String())
			case float64:
				plain = append(plain, string(must(json.Marshal(x))))
			}
		}
		walkPlain(orig, false)
		for _, s := range secrets {
			shown := false
			for _, p := range plain {
				if strings.Contains(p, s) {
					shown = true
				}
			}
			enc, _ := json.Marshal(s)
			if !shown && strings.Contains(string(out), string(enc[1:len(enc)-1])) {
				t.Fatalf("RedactJSON(%s) = %s: the secret %q shows", b, out, s)
			}
		}
	})
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// envelopeCode reads a code only from a number, or a string holding one;
// whatever it reads as the success code 0 is a zero written some way.
func FuzzEnvelopeCode(f *testing.F) {
	for _, s := range []string{`0`, `"0"`, `200`, `"200"`, `null`, `""`, `true`, `0.0`, `"0x0"`, `-0`, `"  0 "`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		n, ok := envelopeCode(b)
		if !ok {
			return
		}
		// The value must be what the text says exactly (no rounding).
		raw := strings.TrimSpace(string(b))
		if strings.HasPrefix(raw, `"`) {
			var s string
			if json.Unmarshal([]byte(raw), &s) != nil {
				t.Fatalf("envelopeCode(%s) = %d from a bad string", b, n)
			}
			raw = strings.TrimSpace(s)
		}
		r, okr := new(big.Rat).SetString(raw)
		if !okr {
			t.Fatalf("envelopeCode(%q) = %d, but %q is not a decimal number", b, n, raw)
		}
		if r.Cmp(new(big.Rat).SetInt64(n)) != 0 {
			t.Fatalf("envelopeCode(%q) = %d, but the text's value is %s", b, n, r.RatString())
		}
	})
}

// FlexInt accepts only integers, and reads them exactly (an id that
// arrives as "123.0" or 1e3 is still that id, never a neighbour).
func FuzzFlexIntExact(f *testing.F) {
	for _, s := range []string{`"9007199254740992.0"`, `1e3`, `"0x10"`, `"1_0"`, `-0`, `9.223372036854775807e18`, `"9007199254740993.0"`, `1.000000000000000001`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var v FlexInt
		if json.Unmarshal(b, &v) != nil {
			return
		}
		var raw any
		d := json.NewDecoder(strings.NewReader(string(b)))
		d.UseNumber()
		if d.Decode(&raw) != nil {
			return
		}
		var text string
		switch x := raw.(type) {
		case json.Number:
			text = x.String()
		case string:
			text = strings.TrimSpace(x)
		default:
			return
		}
		if text == "" {
			return
		}
		r, ok := new(big.Rat).SetString(text)
		if !ok {
			t.Fatalf("FlexInt accepted %s as %d, which is not a decimal number", b, v)
		}
		if r.Cmp(new(big.Rat).SetInt64(int64(v))) != 0 {
			t.Fatalf("FlexInt read %s as %d; its value is %s", b, v, r.FloatString(3))
		}
	})
}

// numberTexts (a send result) and FlexMap decode every shape without a
// panic; what numberTexts decodes has every number of the object form.
func FuzzOddShapes(f *testing.F) {
	for _, s := range []string{`{"138":"ok"}`, `[]`, `null`, `[{"138":"x"},"139",140]`, `[[1]]`, `{"a":[1,2]}`, `[null]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var m numberTexts
		_ = json.Unmarshal(b, &m)
		var fm FlexMap[json.RawMessage]
		_ = json.Unmarshal(b, &fm)
		var fs FlexMap[FlexString]
		_ = json.Unmarshal(b, &fs)
		var item SMSDeleteItem
		_ = json.Unmarshal(b, &item)
		var res struct {
			Data struct {
				Success numberTexts `json:"success"`
				Error   numberTexts `json:"error"`
			} `json:"data"`
		}
		_ = json.Unmarshal(b, &res)
		var out any
		apiErr := &APIError{}
		_ = decodeEnvelope(EnvelopeOpen, b, &out, apiErr)
		_ = decodeEnvelope(EnvelopeASR, b, &out, &APIError{})
		_ = decodeEnvelope(EnvelopeGateway, b, &res, &APIError{})
		_ = apiErr.Error()
	})
}
