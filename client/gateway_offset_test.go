package client_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

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
