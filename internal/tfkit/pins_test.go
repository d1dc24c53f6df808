package tfkit_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// TestAPIErrorDetail_meaningOnce: a gateway message that is the code's
// meaning word for word is not followed by "Code 1012 means: " and the
// same words again.
func TestAPIErrorDetail_meaningOnce(t *testing.T) {
	const meaning = "mobile number format wrong"
	if client.GatewayCodeMeaning(client.GatewayMobileFormat) != meaning {
		t.Fatalf("the meaning of 1012 is %q now: update the test", client.GatewayCodeMeaning(client.GatewayMobileFormat))
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"code":1012,"msg":"` + meaning + `"}`))
	}))
	defer srv.Close()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "t", AppID: "a", AppKey: "k", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Gateway.GetTemplate(t.Context(), 7)
	got := tfkit.APIErrorDetail(err)
	if !strings.Contains(got, "answered code 1012: "+meaning+".") || strings.Count(got, meaning) != 1 {
		t.Errorf("detail says the meaning %d times, want once:\n%s", strings.Count(got, meaning), got)
	}
}
