package framework

import (
	"github.com/hashicorp/terraform-plugin-go/tftypes"

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
	if strings.Contains(got, "Hunter2pw") || strings.Contains(got, "ops") || got != `"https://cc.example.com"` {
		t.Errorf("CenterOf = %s", got)
	}
	// Surface URLs one by one (the SMS API elsewhere) are recorded each.
	urls := client.SurfaceURLs("https://ops:Hunter2pw@cc.example.com")
	urls[client.SurfaceSMSAPI] = "https://ops:Hunter2pw@sms.example.com/smsapi"
	if c, err = client.New(client.Config{URLs: urls, AccessToken: "t"}); err != nil {
		t.Fatal(err)
	}
	got = CenterOf(c)
	if strings.Contains(got, "Hunter2pw") || strings.Contains(got, "ops") || !strings.Contains(got, `"portal_url":"https://cc.example.com/portal"`) ||
		!strings.Contains(got, `"smsapi_url":"https://sms.example.com/smsapi"`) {
		t.Errorf("CenterOf = %s", got)
	}
}

// The same contact center configured another way records the same
// addresses, or addresses sameCenter takes as the same: an upper-case host,
// a trailing slash, the default port written out, the five surface URLs
// given one by one, https:// for http:// on the same host. It was refused
// as another contact center once an object changed by itself.
func TestCenterOfOneWay(t *testing.T) {
	t.Parallel()
	center := func(urls map[client.Surface]string) string {
		t.Helper()
		c, err := client.New(client.Config{URLs: urls, AccessToken: "t", AllowInsecureHTTP: true})
		if err != nil {
			t.Fatal(err)
		}
		return CenterOf(c)
	}
	base := center(client.SurfaceURLs("https://cc.example.com"))
	if base != `"https://cc.example.com"` {
		t.Errorf("an endpoint records %s, want its origin alone", base)
	}
	explicit := map[client.Surface]string{}
	for s, u := range client.SurfaceURLs("https://CC.Example.com:443") {
		explicit[s] = u + "/"
	}
	for name, now := range map[string]string{
		"upper case":     center(client.SurfaceURLs("HTTPS://CC.EXAMPLE.COM")),
		"trailing slash": center(client.SurfaceURLs("https://cc.example.com/")),
		"port 443":       center(client.SurfaceURLs("https://cc.example.com:443")),
		"surface URLs":   center(explicit),
	} {
		if now != base {
			t.Errorf("%s records %s, want %s", name, now, base)
		}
	}
	for name, now := range map[string]string{
		"http":           center(client.SurfaceURLs("http://cc.example.com")),
		"port 80":        center(client.SurfaceURLs("http://cc.example.com:80/")),
		"3ae3da1":        `{"autocall_url":"https://cc.example.com/autocall","base_url":"https://cc.example.com/open","portal_open_url":"https://cc.example.com/portal-open","portal_url":"https://cc.example.com/portal","smsapi_url":"https://cc.example.com/smsapi"}`,
		"port 443 again": center(client.SurfaceURLs("https://cc.example.com:443")),
	} {
		if !sameCenter(now, base) || !sameCenter(base, now) {
			t.Errorf("%s (%s) is not the same center as %s", name, now, base)
		}
	}
	for name, now := range map[string]string{
		"other host":    center(client.SurfaceURLs("https://cc2.example.com")),
		"other port":    center(client.SurfaceURLs("https://cc.example.com:8443")),
		"other path":    center(client.SurfaceURLs("https://cc.example.com/tenant-b")),
		"other surface": center(map[client.Surface]string{client.SurfaceBase: "https://cc.example.com/open", client.SurfaceAutocall: "https://cc.example.com/autocall", client.SurfacePortal: "https://cc.example.com/portal", client.SurfacePortalOpen: "https://cc.example.com/portal-open", client.SurfaceSMSAPI: "https://sms.example.com/smsapi"}),
		"unreadable":    "not json",
	} {
		if sameCenter(now, base) {
			t.Errorf("%s (%s) is taken as the same center as %s", name, now, base)
		}
	}
	if v6 := center(client.SurfaceURLs("http://[::1]:80")); v6 != `"http://[::1]"` {
		t.Errorf("an IPv6 loopback records %s", v6)
	}
}

// An object read at a new address that differs from the state only in
// attributes that change by themselves (Volatile: a review's state) is the
// same object; one that differs elsewhere is not.
func TestSameObjectIgnoresVolatile(t *testing.T) {
	t.Parallel()
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"name": tftypes.String, "state": tftypes.Number}}
	obj := func(name string, state int64) tftypes.Value {
		return tftypes.NewValue(typ, map[string]tftypes.Value{"name": tftypes.NewValue(tftypes.String, name), "state": tftypes.NewValue(tftypes.Number, state)})
	}
	s := Steps[struct{}]{Volatile: []string{"state"}}
	if !s.sameObject(obj("a", 0), obj("a", 1)) {
		t.Error("a review's state moved on: taken as another object")
	}
	if s.sameObject(obj("a", 0), obj("b", 0)) {
		t.Error("another name: taken as the same object")
	}
	if (Steps[struct{}]{}).sameObject(obj("a", 0), obj("a", 1)) {
		t.Error("without Volatile, a changed state is taken as the same object")
	}
}
