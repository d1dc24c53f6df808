package main

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// TestConnectionFlags_secretsNotInUsage: the access token and the gateway
// key taken from the environment are flag defaults, and flag's usage text
// prints defaults; a mistyped flag or -h must not echo them to stderr (a
// CI log). Not parallel: it sets the environment.
func TestConnectionFlags_secretsNotInUsage(t *testing.T) {
	t.Setenv("CONTACTCENTER_ACCESS_TOKEN", "tok-SECRET-1")
	t.Setenv("CONTACTCENTER_SMS_APP_KEY", "key-SECRET-2")
	for _, args := range [][]string{
		// A mistyped flag no longer prints the usage: -h does.
		{"agents", "plan", "x.xlsx", "-h"},
		{"agents", "apply", "-h"},
		{"sms", "send", "x.xlsx", "-h"},
		{"sms", "status", "pull", "-h"},
	} {
		_, out, errOut := runCLI(args...)
		if strings.Contains(out+errOut, "SECRET") {
			t.Errorf("%v prints a secret from the environment:\n%s%s", args, out, errOut)
		}
		if !strings.Contains(out+errOut, "CONTACTCENTER_") {
			t.Errorf("%v: usage expected, got:\n%s%s", args, out, errOut)
		}
	}
	// The environment's token is still the one used.
	sim, err := simulator.New(simulator.Options{Token: "tok-SECRET-1"})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	defer srv.Close()
	tmpl := t.TempDir() + "/t.xlsx"
	if code, out, errOut := runCLI("agents", "template", tmpl); code != 0 {
		t.Fatalf("template: %d %s %s", code, out, errOut)
	}
	if code, out, errOut := runCLI("agents", "plan", tmpl, "--endpoint", srv.URL); code != 0 || strings.Contains(out+errOut, "SECRET") {
		t.Fatalf("plan with the environment's token: %d %s %s", code, out, errOut)
	}
}
