package provider_test

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/provider"
)

// validateProvider runs ValidateProviderConfig (terraform validate) in
// process.
func validateProvider(t *testing.T, config map[string]any) configured {
	t.Helper()
	srv, err := providerserver.NewProtocol6WithError(provider.New("1.2.3")())()
	if err != nil {
		t.Fatal(err)
	}
	schema, err := srv.GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	typ := schema.Provider.ValueType().(tftypes.Object)
	resp, err := srv.ValidateProviderConfig(t.Context(), &tfprotov6.ValidateProviderConfigRequest{Config: dynamic(t, typ, config)})
	if err != nil {
		t.Fatal(err)
	}
	return configured{srv: srv, diags: resp.Diagnostics}
}

// TestProviderPortalURLWithoutEndpoint: portal_url set and no endpoint is
// not "nothing says where the platform is": the errors are exactly the four
// surfaces without a URL, and no "Missing Endpoint".
func TestProviderPortalURLWithoutEndpoint(t *testing.T) {
	clearEnv(t)
	c := configure(t, map[string]any{"access_token": "t", "portal_url": "https://p.example.com"})
	for _, attr := range []string{"base_url", "autocall_url", "portal_open_url", "smsapi_url"} {
		if !c.errorOn(attr, "Missing Surface URL") {
			t.Errorf("no Missing Surface URL error on %s:\n%s", attr, c.text())
		}
	}
	if len(c.diags) != 4 || strings.Contains(c.text(), "Missing Endpoint") {
		t.Errorf("want exactly the four Missing Surface URL errors; got:\n%s", c.text())
	}
}

// TestProviderValidateMaxRequestsPerSecondFloor: a rate below 0.01 is
// refused at terraform validate, not only at plan.
func TestProviderValidateMaxRequestsPerSecondFloor(t *testing.T) {
	for v, wantErr := range map[float64]bool{0.005: true, 0.0099: true, 0.01: false} {
		got := validateProvider(t, with(minimal, "max_requests_per_second", v))
		if wantErr != got.errorOn("max_requests_per_second", "must be at least 0.01 (one request every 100 seconds)") {
			t.Errorf("max_requests_per_second = %g at validate (want an error: %v): %s", v, wantErr, got.text())
		}
	}
}

// TestProviderEmptyEndpointSaysUseTheEnvironment: endpoint = "" passes
// terraform validate, and plan (Configure) says to give it a value or
// remove it to use CONTACTCENTER_ENDPOINT; validate's own URL check would
// only say that it must not be empty.
func TestProviderEmptyEndpointSaysUseTheEnvironment(t *testing.T) {
	for _, empty := range []string{"", " "} {
		if got := validateProvider(t, with(minimal, "endpoint", empty)); len(got.diags) != 0 {
			t.Errorf("endpoint = %q at validate: want no diagnostic (Configure names it); got:\n%s", empty, got.text())
		}
	}
	clearEnv(t)
	t.Setenv("CONTACTCENTER_ENDPOINT", "https://other.example.com")
	c := configure(t, with(minimal, "endpoint", ""))
	if !c.errorOn("endpoint", "Empty Provider Setting") || !c.errorOn("endpoint", "remove it from the provider block to use the environment variable CONTACTCENTER_ENDPOINT") {
		t.Errorf("endpoint = \"\" at Configure:\n%s", c.text())
	}
}
