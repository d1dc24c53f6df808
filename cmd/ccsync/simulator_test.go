package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestMain lets tests run ccsync as a child process: the test binary acts
// as ccsync when CCSYNC_TEST_MAIN is set.

// child is a running `ccsync simulator`.
type child struct {
	cmd    *exec.Cmd
	urls   map[string]string
	out    *bytes.Buffer
	stderr *bytes.Buffer
	done   chan error
}

func startSimulator(t *testing.T, args ...string) *child {
	t.Helper()
	return startSimulatorEnv(t, nil, args...)
}

// startSimulatorEnv starts `ccsync simulator` with extra environment
// variables ("NAME=value").
func startSimulatorEnv(t *testing.T, env []string, args ...string) *child {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), os.Args[0], append([]string{"simulator", "--listen", "127.0.0.1:0"}, args...)...)
	cmd.Env = append(append(os.Environ(), "CCSYNC_TEST_MAIN=1"), env...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, urls: map[string]string{}, out: &bytes.Buffer{}, stderr: &bytes.Buffer{}, done: make(chan error, 1)}
	cmd.Stderr = c.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	sc := bufio.NewScanner(stdout)
	deadline := time.AfterFunc(10*time.Second, func() { _ = cmd.Process.Kill() })
	for len(c.urls) < 5 && sc.Scan() {
		line := sc.Text()
		c.out.WriteString(line + "\n")
		if f := strings.Fields(line); len(f) == 2 && strings.HasSuffix(f[0], "_url") {
			c.urls[f[0]] = f[1]
		}
	}
	deadline.Stop()
	if len(c.urls) < 5 {
		t.Fatalf("simulator printed %q (stderr %q)", c.out.String(), c.stderr.String())
	}
	go func() {
		// Keep reading through the scanner: it may hold buffered lines.
		for sc.Scan() {
			c.out.WriteString(sc.Text() + "\n")
		}
		c.done <- cmd.Wait()
	}()
	return c
}

// stop sends sig and checks that ccsync exits 0 within a few seconds.
func (c *child) stop(t *testing.T, sig os.Signal) {
	t.Helper()
	if err := c.cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-c.done:
		if err != nil {
			t.Fatalf("ccsync simulator ended with %v after %v; stderr %q", err, sig, c.stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("ccsync simulator did not stop after %v", sig)
	}
	if !strings.Contains(c.out.String(), "simulator stopping") {
		t.Errorf("output %q lacks the stop message", c.out.String())
	}
}

func call(t *testing.T, method, url, token, body string) string {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), method, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

func TestSimulatorCommand(t *testing.T) {
	t.Parallel()
	c := startSimulator(t, "--token", "t1", "--app-id", "a1", "--app-key", "k1")
	origin := strings.TrimSuffix(c.urls["base_url"], "/open")
	want := map[string]string{"base_url": "/open", "autocall_url": "/autocall", "portal_url": "/portal", "portal_open_url": "/portal-open", "smsapi_url": "/smsapi"}
	for name, prefix := range want {
		if c.urls[name] != origin+prefix {
			t.Errorf("%s = %q, want %q", name, c.urls[name], origin+prefix)
		}
	}
	if !strings.HasPrefix(origin, "http://127.0.0.1:") || strings.HasSuffix(origin, ":0") {
		t.Errorf("origin %q", origin)
	}
	if got := call(t, "POST", c.urls["portal_url"]+"/v2/svcapi/queue/add", "t1", `{"que_name":"Q","que_priority":1}`); !strings.Contains(got, `"que_id":"101"`) {
		t.Errorf("add with --token: %s", got)
	}
	if got := call(t, "POST", c.urls["portal_url"]+"/v2/svcapi/queue/list", "sim-token", `{}`); !strings.Contains(got, `"code":401`) {
		t.Errorf("the default token still works with --token t1: %s", got)
	}
	c.stop(t, syscall.SIGTERM)
	// Credentials given by a flag are named, not printed.
	for _, line := range []string{"  access_token     as given by --token\n", "  sms_app_key      as given by --app-key\n"} {
		if !strings.Contains(c.out.String(), line) {
			t.Errorf("output lacks %q:\n%s", line, c.out.String())
		}
	}
	if strings.Contains(c.out.String(), "k1") {
		t.Errorf("output shows the app key given by --app-key:\n%s", c.out.String())
	}
}

// TestSimulatorCommandPrintsDefaultCredentials: the banner gives the
// credentials to configure the provider with when they are the defaults
// (without them a first plan met code 401).
func TestSimulatorCommandPrintsDefaultCredentials(t *testing.T) {
	t.Parallel()
	c := startSimulator(t)
	c.stop(t, syscall.SIGTERM)
	for _, line := range []string{
		"  access_token     sim-token (the default; --token sets another)\n",
		"  sms_app_id       sim-app (the default; --app-id sets another)\n",
		"  sms_app_key      sim-key (the default; --app-key sets another)\n",
	} {
		if !strings.Contains(c.out.String(), line) {
			t.Errorf("output lacks %q:\n%s", line, c.out.String())
		}
	}
}

func TestSimulatorCommandStateRoundTrip(t *testing.T) {
	t.Parallel()
	state := filepath.Join(t.TempDir(), "sim.json")
	first := startSimulator(t, "--state", state)
	if got := call(t, "POST", first.urls["portal_url"]+"/v2/svcapi/queue/add", "sim-token", `{"que_name":"Persisted","que_priority":9}`); !strings.Contains(got, `"code":200`) {
		t.Fatalf("add: %s", got)
	}
	first.stop(t, os.Interrupt)
	if !strings.Contains(first.out.String(), "state            "+state) {
		t.Errorf("output %q does not name the state file", first.out.String())
	}

	second := startSimulator(t, "--state", state)
	got := call(t, "POST", second.urls["portal_url"]+"/v2/svcapi/queue/list", "sim-token", `{}`)
	if !strings.Contains(got, `"que_name":"Persisted"`) || !strings.Contains(got, `"que_priority":"9"`) {
		t.Errorf("after restart: %s", got)
	}
	second.stop(t, syscall.SIGTERM)
}

// TestSimulatorCommandStateNotSaved: a state file that stops being
// writable while the simulator runs (its folder removed, a full disk) was
// only logged, and the simulator exited 0; the data was gone at the next
// start. The stop says so and exits 1.
func TestSimulatorCommandStateNotSaved(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "state")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	sim := startSimulator(t, "--state", filepath.Join(dir, "sim.json"))
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	_ = call(t, "POST", sim.urls["portal_url"]+"/v2/svcapi/queue/add", "sim-token", `{"que_name":"Lost","que_priority":9}`)
	if err := sim.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	var exitErr *exec.ExitError
	select {
	case err := <-sim.done:
		if !errors.As(err, &exitErr) || exitErr.ExitCode() != exitFailures {
			t.Errorf("exit %v, want %d", err, exitFailures)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the simulator did not stop")
	}
	if !strings.Contains(sim.stderr.String(), "the state was not saved to "+filepath.Join(dir, "sim.json")) {
		t.Errorf("stderr %q", sim.stderr.String())
	}
}

func TestSimulatorCommandUsage(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		args []string
		code int
		want string
	}{
		"extra argument": {[]string{"simulator", "--listen", "127.0.0.1:0", "extra"}, exitUsage, `unexpected argument "extra"`},
		"unknown flag":   {[]string{"simulator", "--nope"}, exitUsage, "ccsync simulator: unknown flag --nope\nrun `ccsync simulator --help` for the flags"},
		"bad listen":     {[]string{"simulator", "--listen", "256.0.0.1:0"}, exitUsage, "256.0.0.1"},
		// Go said "missing port in address".
		"listen without host": {[]string{"simulator", "--listen", "18080"}, exitUsage, "--listen 18080 is not host:port: write it as 127.0.0.1:18080"},
		"bad state":           {[]string{"simulator", "--listen", "127.0.0.1:0", "--state", badState(t)}, exitUsage, "reading state"},
		// Every write was answered as done, and nothing was kept.
		"state folder missing": {[]string{"simulator", "--listen", "127.0.0.1:0", "--state", filepath.Join(t.TempDir(), "nodir", "x.json")}, exitUsage,
			"x.json cannot be written"},
		"negative delay": {[]string{"simulator", "--listen", "127.0.0.1:0", "--delivery-delay", "-1s"}, exitUsage, "--delivery-delay must be 0 or more"},
		// A negative delay meant "never", which 0 says.
		"negative auto-approve": {[]string{"simulator", "--listen", "127.0.0.1:0", "--auto-approve", "-3s"}, exitUsage, "--auto-approve must be 0 or more (0: approve only through /_sim/review), got -3s"},
		"not loopback": {[]string{"simulator", "--listen", "0.0.0.0:0"}, exitUsage,
			"--listen 0.0.0.0:0 is not a loopback address (it binds "},
		"all interfaces": {[]string{"simulator", "--listen", ":0"}, exitUsage, "--allow-remote with --admin-token"},
		"admin token is not enough": {[]string{"simulator", "--listen", "0.0.0.0:0", "--admin-token", "adm"}, exitUsage,
			"is not a loopback address"},
		"remote without admin token": {[]string{"simulator", "--listen", "0.0.0.0:0", "--allow-remote"}, exitUsage,
			"--allow-remote needs --admin-token (or CCSYNC_SIMULATOR_ADMIN_TOKEN)"},
		"remote with empty admin token": {[]string{"simulator", "--listen", "127.0.0.1:0", "--allow-remote", "--admin-token", ""}, exitUsage,
			"--allow-remote needs --admin-token"},
		"unknown cmd": {[]string{"nope"}, exitUsage, `unknown command "nope"`},
		"no command":  {nil, exitUsage, "usage: ccsync"},
		"help":        {[]string{"help"}, exitOK, "simulator"},
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

func badState(t *testing.T) string {
	p := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(p, []byte("{"), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSimulatorCommandDeliveryDelay: by default `ccsync simulator` keeps a
// gateway SMS SENDED for 2s, so `ccsync sms status pull` shows the SENDED
// record first and the final SUCCESS record after the delay.
func TestSimulatorCommandDeliveryDelay(t *testing.T) {
	t.Parallel()
	sim := startSimulator(t)
	origin := strings.TrimSuffix(sim.urls["base_url"], "/open")
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(origin), AppID: "sim-app", AppKey: "sim-key"})
	if err != nil {
		t.Fatal(err)
	}
	id, err := c.Gateway.AddSignature(t.Context(), client.GatewaySignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	if got := call(t, "POST", origin+"/_sim/review", "", fmt.Sprintf(`{"kind":"gateway_signature","id":"%d","state":1}`, id)); !strings.Contains(got, `"ok":true`) {
		t.Fatalf("review: %s", got)
	}
	sent := time.Now()
	res, err := c.Gateway.SendSMS(t.Context(), client.GatewaySMS{Mobiles: []string{"13800000001"}, SmsText: "hi", SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	smsID := string(res.Data[0].SmsID)
	pull := func() []string {
		t.Helper()
		var out, errb bytes.Buffer
		args := []string{"sms", "status", "pull", "--kind", "delivery", "--endpoint", origin, "--app-id", "sim-app", "--app-key", "sim-key"}
		if code := run(args, &out, &errb); code != exitOK {
			t.Fatalf("ccsync sms status pull: exit %d, %s", code, errb.String())
		}
		var states []string
		for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			if line == "" {
				continue
			}
			var l struct {
				Record struct {
					SmsID string `json:"smsId"`
					State string `json:"state"`
				} `json:"record"`
			}
			if err := json.Unmarshal([]byte(line), &l); err != nil {
				t.Fatalf("line %q: %v", line, err)
			}
			states = append(states, l.Record.SmsID+" "+l.Record.State)
		}
		return states
	}
	got := pull()
	if early := time.Since(sent) < 2*time.Second; early && fmt.Sprint(got) != fmt.Sprint([]string{smsID + " SENDED"}) {
		t.Fatalf("pull within 2s of the send: %v, want only %s SENDED", got, smsID)
	}
	for deadline := time.Now().Add(20 * time.Second); len(got) < 2 && time.Now().Before(deadline); {
		time.Sleep(100 * time.Millisecond)
		got = append(got, pull()...)
	}
	if want := []string{smsID + " SENDED", smsID + " SUCCESS"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("pulled %v, want %v (each once, in that order)", got, want)
	}
	if elapsed := time.Since(sent); elapsed < 2*time.Second {
		t.Errorf("the final record came %v after the send, before the default 2s delay", elapsed)
	}
	sim.stop(t, syscall.SIGTERM)
}

// adminCall sends an admin call with the given Authorization header ("" for
// none) and returns the HTTP status and body.
func adminCall(t *testing.T, method, url, auth string) (int, string) {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), method, url, strings.NewReader(`{}`))
	req.Header.Set("Content-Type", "application/json")
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestSimulatorCommandAllowRemote: a non-loopback --listen is served only
// with --allow-remote, and then /_sim/ requires the admin token; the API
// keeps its own credentials.
func TestSimulatorCommandAllowRemote(t *testing.T) {
	t.Parallel()
	c := startSimulator(t, "--listen", "0.0.0.0:0", "--allow-remote", "--admin-token", "adm", "--token", "t9", "--app-key", "k9")
	origin := strings.TrimSuffix(c.urls["base_url"], "/open")
	u, err := url.Parse(origin)
	if err != nil || !net.ParseIP(u.Hostname()).IsUnspecified() {
		t.Fatalf("origin %q, want the unspecified address it listens on", origin)
	}
	local := "http://127.0.0.1:" + u.Port()
	for _, auth := range []string{"", "Bearer t9", "Bearer wrong", "adm"} {
		if status, body := adminCall(t, "POST", local+"/_sim/reset", auth); status != 401 || !strings.Contains(body, "admin token") {
			t.Errorf("reset with %q: HTTP %d %s, want 401", auth, status, body)
		}
	}
	if got := call(t, "POST", local+"/portal/v2/svcapi/queue/add", "t9", `{"que_name":"Q","que_priority":1}`); !strings.Contains(got, `"que_id":"101"`) {
		t.Errorf("API call with the access token: %s", got)
	}
	if status, body := adminCall(t, "GET", local+"/_sim/stats", "Bearer adm"); status != 200 || !strings.Contains(body, "queue/add") {
		t.Errorf("stats with the admin token: HTTP %d %s", status, body)
	}
	c.stop(t, syscall.SIGTERM)
	// Output is read once the child has ended: its reader runs until then.
	if !strings.Contains(c.out.String(), "admin API        "+origin+"/_sim/ (requires Authorization: Bearer <admin token>)") {
		t.Errorf("output %q does not say the admin API needs a token", c.out.String())
	}
	if strings.Contains(c.stderr.String(), "warning") || slices.Contains(strings.Fields(c.out.String()+c.stderr.String()), "adm") {
		t.Errorf("output %q, stderr %q: no warning with own credentials, and never the admin token", c.out.String(), c.stderr.String())
	}
}

// TestSimulatorCommandAdminTokenEnv: the admin token may come from the
// environment, and also guards a loopback simulator; serving the default
// credentials to the network is warned about.
func TestSimulatorCommandAdminTokenEnv(t *testing.T) {
	t.Parallel()
	c := startSimulatorEnv(t, []string{adminTokenEnv + "=env-adm"})
	origin := strings.TrimSuffix(c.urls["base_url"], "/open")
	if status, _ := adminCall(t, "GET", origin+"/_sim/stats", ""); status != 401 {
		t.Errorf("stats without the token: HTTP %d, want 401", status)
	}
	if status, body := adminCall(t, "GET", origin+"/_sim/stats", "Bearer env-adm"); status != 200 {
		t.Errorf("stats with the token from the environment: HTTP %d %s", status, body)
	}
	c.stop(t, syscall.SIGTERM)

	remote := startSimulatorEnv(t, []string{adminTokenEnv + "=env-adm"}, "--listen", "0.0.0.0:0", "--allow-remote")
	remote.stop(t, syscall.SIGTERM)
	if !strings.Contains(remote.stderr.String(), "warning: serving the well-known default --token or --app-key to the network") {
		t.Errorf("no warning about default credentials: stderr %q", remote.stderr.String())
	}
	if strings.Contains(remote.out.String()+remote.stderr.String(), "env-adm") {
		t.Errorf("the admin token is printed: %q %q", remote.out.String(), remote.stderr.String())
	}
}

// The admin token from the environment is a flag default that usage text
// must not echo. Not parallel: it sets the environment.
func TestSimulatorCommandAdminTokenNotInUsage(t *testing.T) {
	t.Setenv(adminTokenEnv, "adm-SECRET-3")
	var out, errb bytes.Buffer
	// A mistyped flag no longer prints the usage; -h does (on stdout).
	if code := run([]string{"simulator", "-h"}, &out, &errb); code != exitOK || strings.Contains(out.String()+errb.String(), "SECRET") ||
		!strings.Contains(out.String(), adminTokenEnv) {
		t.Errorf("exit %d, output %q %q", code, out.String(), errb.String())
	}
}

// TestSimulatorCommandStateInUse: a second simulator on the state file of a
// running one started, served from its own memory, and the last of the two
// to write erased the other's objects without a word. It is refused, and
// the first keeps its objects.
func TestSimulatorCommandStateInUse(t *testing.T) {
	t.Parallel()
	state := filepath.Join(realTempDir(t), "sim.json") // the message names the real path
	first := startSimulator(t, "--state", state)
	if got := call(t, "POST", first.urls["portal_url"]+"/v2/svcapi/queue/add", "sim-token", `{"que_name":"Kept","que_priority":1}`); !strings.Contains(got, `"code":200`) {
		t.Fatalf("add: %s", got)
	}
	// A process of its own, stopped after a while if it serves.
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	var out, errb bytes.Buffer
	cmd := exec.CommandContext(ctx, os.Args[0], "simulator", "--listen", "127.0.0.1:0", "--state", state)
	cmd.Env = append(os.Environ(), "CCSYNC_TEST_MAIN=1")
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exitErr *exec.ExitError
	want := "--state " + state + " is in use by another simulator (it holds " + state + ".lock until it stops)"
	if !errors.As(err, &exitErr) || exitErr.ExitCode() != exitUsage || !strings.Contains(errb.String(), want) {
		t.Errorf("second simulator: %v, stdout %q, stderr %q; want exit %d and %q", err, out.String(), errb.String(), exitUsage, want)
	}
	first.stop(t, os.Interrupt)
	// Stopped, the first leaves the file to the next.
	second := startSimulator(t, "--state", state)
	if got := call(t, "POST", second.urls["portal_url"]+"/v2/svcapi/queue/list", "sim-token", `{}`); !strings.Contains(got, `"que_name":"Kept"`) {
		t.Errorf("after the first stopped: %s", got)
	}
	second.stop(t, syscall.SIGTERM)
}

// TestSimulatorCommand_emptyCredentialRefused: --token "" (or --app-id,
// --app-key) started a simulator that answered 401 to every call. It is
// refused at start, exit 2. Run as a child process, so that a simulator
// that starts anyway fails the test instead of serving until the time-out.
func TestSimulatorCommand_emptyCredentialRefused(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"--token", ""}, {"--app-id="}, {"--app-key", ""}} {
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
		cmd := exec.CommandContext(ctx, os.Args[0], append([]string{"simulator", "--listen", "127.0.0.1:0"}, args...)...)
		cmd.Env = append(os.Environ(), "CCSYNC_TEST_MAIN=1")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		cancel()
		flag, _, _ := strings.Cut(args[0], "=")
		want := "ccsync simulator: " + flag + " must not be empty"
		if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != exitUsage || !strings.Contains(stderr.String(), want) {
			t.Errorf("%v: %v, stderr %q; want exit 2 and %q", args, err, stderr.String(), want)
		}
	}
}

// TestSimulatorCommandPortInUse: a second simulator on the port of one
// still running (the guide's command run twice) said only Go's "bind:
// address already in use".
func TestSimulatorCommandPortInUse(t *testing.T) {
	t.Parallel()
	ln, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ln.Close() })
	addr := ln.Addr().String()
	for _, args := range [][]string{{"simulator", "--listen", addr}, {"sms", "status", "listen", "--listen", addr, "--out", filepath.Join(t.TempDir(), "r.jsonl")}} {
		var out, errb bytes.Buffer
		want := "--listen " + addr + ": the port is in use: another program (a simulator started earlier?) listens there; stop it, or choose another port (port 0 picks a free one"
		if code := run(args, &out, &errb); code != exitUsage || !strings.Contains(errb.String(), want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", args[:2], code, errb.String(), exitUsage, want)
		}
	}
}
