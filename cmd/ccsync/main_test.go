package main

import (
	"bytes"
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
	transportFor = inProcessTransport
	startSignalLoop()
	os.Exit(m.Run())
}

// TestHelpExitsZero: asking any command or subcommand for its help prints it
// and exits 0; an unknown subcommand or flag still exits 2.
func TestHelpExitsZero(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		args []string
		code int
		want string
	}{
		"ccsync --help":                   {[]string{"--help"}, exitOK, "usage: ccsync <command>"},
		"sms --help":                      {[]string{"sms", "--help"}, exitOK, "ccsync sms status pull|listen"},
		"sms status --help":               {[]string{"sms", "status", "--help"}, exitOK, "ccsync sms status pull [--kind delivery|reply|all]"},
		"sms status help":                 {[]string{"sms", "status", "help"}, exitOK, "ccsync sms status listen"},
		"sms status pull --help":          {[]string{"sms", "status", "pull", "--help"}, exitOK, "-kind"},
		"sms status listen -h":            {[]string{"sms", "status", "listen", "-h"}, exitOK, "-listen"},
		"sms send --help":                 {[]string{"sms", "send", "--help"}, exitOK, "--template"},
		"agents apply --help":             {[]string{"agents", "apply", "--help"}, exitOK, "-reset-passwords"},
		"export terraform --help":         {[]string{"export", "terraform", "--help"}, exitOK, "--membership"},
		"simulator -h":                    {[]string{"simulator", "-h"}, exitOK, "-listen"},
		"sms status unknown":              {[]string{"sms", "status", "bogus"}, exitUsage, `unknown subcommand "bogus"`},
		"sms unknown":                     {[]string{"sms", "bogus"}, exitUsage, `unknown subcommand "bogus"`},
		"sms alone":                       {[]string{"sms"}, exitUsage, "usage: ccsync sms"},
		"agents apply with a bad flag":    {[]string{"agents", "apply", "--bogus"}, exitUsage, "unknown flag --bogus"},
		"sms status pull with a bad flag": {[]string{"sms", "status", "pull", "--bogus"}, exitUsage, "unknown flag --bogus"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var out, errb bytes.Buffer
			if code := run(tc.args, &out, &errb); code != tc.code || !strings.Contains(out.String()+errb.String(), tc.want) {
				t.Errorf("exit %d, output %q %q; want %d and %q", code, out.String(), errb.String(), tc.code, tc.want)
			}
		})
	}
}

// TestHelpRouting: help asked for (help, -h, --help, ccsync help CMD) goes
// to stdout, exit 0, with nothing on stderr; help printed for a usage
// error stays on stderr, exit 2. `ccsync help agents` printed the top-level
// usage, `ccsync help nosuch` exited 0, `ccsync export terraform help`
// exported into ./help and `ccsync version --help` was refused.
func TestHelpRouting(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]struct {
		args []string
		out  string
	}{
		"help":                   {[]string{"help"}, "usage: ccsync <command>"},
		"help agents":            {[]string{"help", "agents"}, "usage: ccsync agents <subcommand>"},
		"--help agents":          {[]string{"--help", "agents"}, "usage: ccsync agents <subcommand>"},
		"help sms send":          {[]string{"help", "sms", "send"}, "usage: ccsync sms send FILE.xlsx"},
		"help export":            {[]string{"help", "export"}, "usage: ccsync export terraform DIR"},
		"help version":           {[]string{"help", "version"}, "usage: ccsync version"},
		"export terraform help":  {[]string{"export", "terraform", "help"}, "usage: ccsync export terraform DIR"},
		"export help":            {[]string{"export", "help"}, "usage: ccsync export terraform DIR"},
		"agents plan help":       {[]string{"agents", "plan", "help"}, "usage: ccsync agents <subcommand>"},
		"sms send help":          {[]string{"sms", "send", "help"}, "usage: ccsync sms send FILE.xlsx"},
		"sms status pull help":   {[]string{"sms", "status", "pull", "help"}, "-kind"},
		"sms status listen help": {[]string{"sms", "status", "listen", "help"}, "-listen"},
		"version --help":         {[]string{"version", "--help"}, "usage: ccsync version"},
		"agents --help":          {[]string{"agents", "--help"}, "usage: ccsync agents <subcommand>"},
		"agents plan -h":         {[]string{"agents", "plan", "-h"}, "-prune"},
		"sms help":               {[]string{"sms", "help"}, "usage: ccsync sms send"},
		"sms status --help":      {[]string{"sms", "status", "--help"}, "ccsync sms status pull"},
		"sms status listen -h":   {[]string{"sms", "status", "listen", "-h"}, "-listen"},
		"simulator --help":       {[]string{"simulator", "--help"}, "-auto-approve"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			code, o, e := runCLI(want.args...)
			if code != exitOK || !strings.Contains(o, want.out) || e != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 0, %q on stdout, nothing on stderr", code, o, e, want.out)
			}
		})
	}
	for name, tc := range map[string]struct {
		args []string
		err  string
	}{
		"no command":     {nil, "usage: ccsync <command>"},
		"help nosuch":    {[]string{"help", "nosuch"}, `ccsync: unknown command "nosuch"`},
		"agents alone":   {[]string{"agents"}, "usage: ccsync agents <subcommand>"},
		"export alone":   {[]string{"export"}, "usage: ccsync export terraform DIR"},
		"sms status":     {[]string{"sms", "status"}, "ccsync sms status pull"},
		"version extra":  {[]string{"version", "x"}, `unexpected argument "x"`},
		"agents unknown": {[]string{"agents", "bogus"}, `unknown subcommand "bogus"`},
		"flag first":     {[]string{"--log", "x.log", "agents", "plan", "r.xlsx"}, "ccsync: --log is a flag, and flags go after the command"},
	} {
		code, o, e := runCLI(tc.args...)
		if code != exitUsage || o != "" || !strings.Contains(e, tc.err) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and %q on stderr only", name, code, o, e, tc.err)
		}
	}
}
