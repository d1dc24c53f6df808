package client_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestGatewayListingOffsetNotItems: §4.8 gives tplPage/signPage an
// offset without saying what it counts. The client counts items (0, 50,
// 100); a gateway that reads it as a page number answers the second read
// (offset 50) empty while its count says 120. The listing ended there, and
// whatever reads it whole (data sources, export, the finder) took the
// templates past the first 50 for absent, without a word. A page that is
// empty while count says items remain is now an error naming both.
func TestGatewayListingOffsetNotItems(t *testing.T) {
	t.Parallel()
	const total = 120
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			TplPage  struct{ Max, Offset int } `json:"tplPage"`
			SignPage struct{ Max, Offset int } `json:"signPage"`
		}
		_ = json.NewDecoder(r.Body).Decode(&body)
		p := body.TplPage
		if strings.Contains(r.URL.Path, "get_sign") {
			p = body.SignPage
		}
		var items []string
		for i := p.Offset * p.Max; i < min((p.Offset+1)*p.Max, total); i++ { // offset is a page number
			if strings.Contains(r.URL.Path, "get_sign") {
				items = append(items, fmt.Sprintf(`{"id": %d, "signId": %d, "state": 1, "text": "S%d"}`, 3001+i, 3001+i, i))
			} else {
				items = append(items, fmt.Sprintf(`{"id": %d, "state": 1, "tplTitle": "T%d", "tplText": "x", "tplType": 2}`, 5001+i, i))
			}
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"code": 0, "msg": "success", "count": %d, "data": [%s]}`, total, strings.Join(items, ","))
	}))
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "t", AppID: "app", AppKey: "key", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	tpls, err := client.Collect(c.Gateway.ListTemplates(t.Context(), nil))
	if err == nil || !strings.Contains(err.Error(), "offset 50") || !strings.Contains(err.Error(), "120") {
		t.Errorf("ListTemplates read %d templates of %d with error %v; want an error naming offset 50 and the count 120", len(tpls), total, err)
	}
	signs, err := client.Collect(c.Gateway.ListSignatures(t.Context()))
	if err == nil || !strings.Contains(err.Error(), "offset 50") {
		t.Errorf("ListSignatures read %d signatures of %d with error %v; want an error naming offset 50", len(signs), total, err)
	}
}

// TestGatewayListingOffsetIgnored: a gateway that does not read offset
// answers its first items to every request. With a count of one page (a
// count of the page, not the listing, see gatewayMore) or none, each full
// page said more follow, and the listing was read until the operation's
// time ran out: thousands of calls a second, and for ccsync export, which
// has no time limit, without end. So did the lookup before a gateway
// template or signature create (lastID reads the listing through when its
// count says 1). The second page, the items of the first again, ends the
// read with an error naming the call and the offsets.
func TestGatewayListingOffsetIgnored(t *testing.T) {
	t.Parallel()
	for _, count := range []string{"50", "0", `""`, "1"} {
		var calls atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			calls.Add(1)
			var body struct {
				TplPage  struct{ Max int } `json:"tplPage"`
				SignPage struct{ Max int } `json:"signPage"`
			}
			_ = json.NewDecoder(r.Body).Decode(&body)
			n := max(body.TplPage.Max, body.SignPage.Max) // the first items, whatever the offset
			var items []string
			for i := range n {
				if strings.Contains(r.URL.Path, "get_sign") {
					items = append(items, fmt.Sprintf(`{"id": %d, "signId": %d, "state": 1, "text": "S%d"}`, 3001+i, 3001+i, i))
				} else {
					items = append(items, fmt.Sprintf(`{"id": %d, "state": 1, "tplTitle": "T%d", "tplText": "x", "tplType": 2}`, 5001+i, i))
				}
			}
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"code": 0, "msg": "success", "count": %s, "data": [%s]}`, count, strings.Join(items, ","))
		}))
		c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "t", AppID: "app", AppKey: "key", MaxRetries: -1})
		if err != nil {
			t.Fatal(err)
		}
		for name, tc := range map[string]struct {
			read func(ctx context.Context) error
			call string
		}{
			"templates": {func(ctx context.Context) error {
				_, err := client.Collect(c.Gateway.ListTemplates(ctx, nil))
				return err
			},
				"get_template (/tpl/v1/get_template): the gateway answered the same 50 items at offset 50 as at offset 0"},
			"signatures": {func(ctx context.Context) error { _, err := client.Collect(c.Gateway.ListSignatures(ctx)); return err },
				"get_sign (/sign/v1/get_sign): the gateway answered the same 50 items at offset 50 as at offset 0"},
			"template create": {func(ctx context.Context) error {
				_, err := c.Gateway.AddTemplate(ctx, client.GatewayTemplateInput{TplTitle: "New", TplText: "x", TplType: 2, SignText: "S0"})
				return err
			}, "get_template (/tpl/v1/get_template): the gateway answered the same 50 items"},
		} {
			if name == "template create" && count != "1" {
				continue
			}
			calls.Store(0)
			ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
			err := tc.read(ctx)
			cancel()
			if err == nil || !strings.Contains(err.Error(), tc.call) {
				t.Errorf("count %s, %s: err = %v, want %q", count, name, err, tc.call)
			}
			if n := calls.Load(); n > 3 {
				t.Errorf("count %s, %s: %d calls, want at most 3 (the second page tells)", count, name, n)
			}
		}
		srv.Close()
	}
}
