package main

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
)

// TestMain serves two purposes. With CCSYNC_TEST_MAIN=1 the test binary is
// ccsync itself (the simulator tests run it as a child process). Otherwise
// it routes the agents commands to in-memory fake backends registered per
// test endpoint, and to a real client for end-to-end tests.
func TestMain(m *testing.M) {
	if os.Getenv("CCSYNC_TEST_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}

	real := newBackend
	newBackend = func(c *ccConn) (importer.Backend, error) {
		if be, ok := fakeBackends.Load(c.endpoint); ok {
			return be.(importer.Backend), nil
		}
		if strings.HasPrefix(c.endpoint, "http://127.0.0.1/") {
			return importer.Backend{}, fmt.Errorf("no fake backend for %q", c.endpoint)
		}
		return real(c) // end-to-end tests against a simulator
	}
	os.Exit(m.Run())
}
