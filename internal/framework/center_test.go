package framework

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// centerChange names what moved: the origin when every surface moved from
// one to another (an endpoint), else each surface that did.
func TestCenterChange(t *testing.T) {
	t.Parallel()
	urls := func(base, smsapi string) string {
		return `{"autocall_url":"` + base + `/autocall","base_url":"` + base + `/open","portal_open_url":"` + base + `/portal-open","portal_url":"` + base + `/portal","smsapi_url":"` + smsapi + `"}`
	}
	for _, tc := range []struct{ prior, now, want string }{
		{urls("http://127.0.0.1:1", "http://127.0.0.1:1/smsapi"), urls("http://127.0.0.1:2", "http://127.0.0.1:2/smsapi"), "http://127.0.0.1:1, now http://127.0.0.1:2"},
		{urls("https://cc.example.com", "https://sms.example.com/a"), urls("https://cc.example.com", "https://sms.example.com/b"),
			"smsapi_url was https://sms.example.com/a, now https://sms.example.com/b"},
		{urls("https://a.example.com", "https://sms.example.com"), urls("https://b.example.com", "https://sms2.example.com"),
			"autocall_url was https://a.example.com/autocall, now https://b.example.com/autocall; base_url was https://a.example.com/open, now https://b.example.com/open; " +
				"portal_open_url was https://a.example.com/portal-open, now https://b.example.com/portal-open; portal_url was https://a.example.com/portal, now https://b.example.com/portal; " +
				"smsapi_url was https://sms.example.com, now https://sms2.example.com"},
		{"not json", urls("http://x", "http://x/smsapi"), "the recorded addresses cannot be read"},
	} {
		if got := centerChange(tc.prior, tc.now); got != tc.want {
			t.Errorf("centerChange(%s, %s) = %q, want %q", tc.prior, tc.now, got, tc.want)
		}
	}
}

// A surface URL may carry a user and password (a proxy in front of the
// platform): they stay out of the private state, which the state file
// holds, and so out of the refusal's text.
func TestCenterOfHidesPassword(t *testing.T) {
	t.Parallel()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs("https://ops:Hunter2pw@cc.example.com"), AccessToken: "t"})
	if err != nil {
		t.Fatal(err)
	}
	got := CenterOf(c)
	if strings.Contains(got, "Hunter2pw") || strings.Contains(got, "ops") || !strings.Contains(got, `"portal_url":"https://cc.example.com/portal"`) {
		t.Errorf("CenterOf = %s", got)
	}
}
