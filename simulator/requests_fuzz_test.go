package simulator

import (
	"bytes"
	"context"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// Fuzz targets for the simulator's request parsing: any body on any
// endpoint gets an answer (never a panic, which net/http turns into a
// dropped connection), and a 200 answer is JSON.

// fuzzSim is one simulator shared by the fuzz calls (its state grows as
// the calls change it, like a long session).
var fuzzSim = sync.OnceValues(func() (*Server, []string) {
	s, err := New(Options{})
	if err != nil {
		panic(err)
	}
	var keys []string
	for k := range s.routes {
		keys = append(keys, k)
	}
	for _, rt := range s.prefixRoutes {
		for _, m := range rt.methods {
			keys = append(keys, m+" "+rt.prefix+rt.path)
		}
	}
	slices.Sort(keys)
	return s, keys
})

// fuzzRequest builds a request to the route keys[idx] with body, signed
// (gateway) or with the bearer token (the others). kind picks the body's
// form: JSON as given, JSON object with the gateway's auth fields merged
// in, a urlencoded form, or a multipart form whose "mobiles" file is body.
func fuzzRequest(ctx context.Context, s *Server, key, suffix string, kind uint8, body []byte) *http.Request {
	method, path, _ := strings.Cut(key, " ")
	if rt := s.lookup(method, path); rt != nil && rt.isPrefix {
		path += url.PathEscape(suffix)
	}
	ts := strconv.FormatInt(time.Now().UnixMilli(), 10)
	random := "r" + ts
	sig := client.SignGateway(s.opts.AppKey, random, ts)
	q := url.Values{"appId": {s.opts.AppID}, "random": {random}}
	ct := "application/json"
	switch kind % 4 {
	case 1:
		var m map[string]any
		if json.Unmarshal(body, &m) == nil && m != nil {
			m["sig"], m["time"] = sig, json.Number(ts)
			body, _ = json.Marshal(m)
		}
	case 2:
		ct = "application/x-www-form-urlencoded"
		body = []byte(string(body) + "&sig=" + sig + "&time=" + ts)
	case 3:
		var b bytes.Buffer
		mw := multipart.NewWriter(&b)
		_ = mw.WriteField("sig", sig)
		_ = mw.WriteField("time", ts)
		_ = mw.WriteField("tplId", suffix)
		fw, _ := mw.CreateFormFile("mobiles", "m.txt")
		_, _ = fw.Write(body)
		_ = mw.Close()
		body, ct = b.Bytes(), mw.FormDataContentType()
	}
	r := httptest.NewRequestWithContext(ctx, method, path+"?"+q.Encode(), bytes.NewReader(body))
	r.Header.Set("Content-Type", ct)
	r.Header.Set("Authorization", "Bearer "+s.opts.Token)
	return r
}

func FuzzSimulatorRequest(f *testing.F) {
	s, keys := fuzzSim()
	for i := range keys {
		if i%3 != 0 {
			continue // a third of the routes: the seed corpus stays fast
		}
		f.Add(uint16(i), uint8(1), "1", []byte(`{"page":1,"limit":10,"id":"1","ids":[1,"2"],"user_num":"9001","name":"x"}`))
	}
	f.Add(uint16(0), uint8(3), "7", []byte("13800138000 a%20b\n13900139000 %zz\n"))
	f.Add(uint16(1), uint8(2), "", []byte("page=-1&limit=99999999999999999999"))
	f.Add(uint16(2), uint8(0), "", []byte(`{"page":"x","limit":null}`))
	f.Fuzz(func(t *testing.T, idx uint16, kind uint8, suffix string, body []byte) {
		key := keys[int(idx)%len(keys)]
		r := fuzzRequest(t.Context(), s, key, suffix, kind, body)
		w := httptest.NewRecorder()
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("%s (%q) body %q: panic: %v", key, suffix, body, p)
				}
			}()
			s.ServeHTTP(w, r)
		}()
		if w.Code == http.StatusOK {
			var v any
			if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil && !strings.HasPrefix(w.Header().Get("Content-Type"), "audio") {
				t.Fatalf("%s body %q: 200 answer is not JSON: %q (%v)", key, body, w.Body.String(), err)
			}
		}
	})
}

// parseSendFile agrees with the client's ParseMobilesFile on every file
// (the two read the same format; a file the client writes is read by the
// simulator as the client reads it).
func FuzzParseSendFile(f *testing.F) {
	f.Add([]byte("13800138000 a%20b c\r\n\n13900139000\n"))
	f.Add([]byte("x\ry %zz\n"))
	f.Add([]byte("a\r\r\nb"))
	f.Fuzz(func(t *testing.T, b []byte) {
		sim, serr := parseSendFile(b)
		cli, cerr := client.ParseMobilesFile(b)
		if (serr == nil) != (cerr == nil) {
			t.Fatalf("file %q: simulator error %v, client error %v", b, serr, cerr)
		}
		if serr != nil {
			return
		}
		if len(sim) != len(cli) {
			t.Fatalf("file %q: simulator reads %d lines, client %d", b, len(sim), len(cli))
		}
		for i := range sim {
			if sim[i].mobile != cli[i].Mobile || !slices.Equal(sim[i].params, cli[i].Params) {
				t.Fatalf("file %q line %d: simulator %q %q, client %q %q", b, i, sim[i].mobile, sim[i].params, cli[i].Mobile, cli[i].Params)
			}
		}
	})
}

// The client's mobile check and the simulator's 1012 rule agree: a number
// the provider lets through is one the simulator takes, and the other way.
func FuzzMobileRuleAgrees(f *testing.F) {
	for _, s := range []string{"13800138000", "+8613800138000", "8613800138000", "+86138", "86123456789012", "+8686138001380"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if c, m := client.ValidMobile(s), isMobile(s); c != m {
			t.Fatalf("%q: client.ValidMobile %v, simulator isMobile %v", s, c, m)
		}
	})
}
