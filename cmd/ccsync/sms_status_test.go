package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

type smsEnv struct {
	sim *simulator.Server
	url string
	c   *client.Client
}

// newSMSEnv starts a simulator with an approved signature "Acme".
func newSMSEnv(t *testing.T) *smsEnv {
	t.Helper()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	t.Cleanup(func() { srv.Close(); sim.Wait() })
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AppID: "sim-app", AppKey: "sim-key"})
	if err != nil {
		t.Fatal(err)
	}
	id, err := c.Gateway.AddSignature(t.Context(), client.GatewaySignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	if err := sim.Review("gateway_signature", strconv.FormatInt(id, 10), 1, ""); err != nil {
		t.Fatal(err)
	}
	return &smsEnv{sim: sim, url: srv.URL, c: c}
}

func (e *smsEnv) send(t *testing.T, n int) []string {
	t.Helper()
	var ids []string
	for start := 0; start < n; start += 200 {
		var ms []string
		for i := start; i < min(n, start+200); i++ {
			ms = append(ms, fmt.Sprintf("1370000%04d", i))
		}
		res, err := e.c.Gateway.SendSMS(t.Context(), client.GatewaySMS{Mobiles: ms, SmsText: "hello", SignText: "Acme"})
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range res.Data {
			ids = append(ids, string(it.SmsID))
		}
	}
	return ids
}

func (e *smsEnv) conn() []string {
	return []string{"--endpoint", e.url, "--app-id", "sim-app", "--app-key", "sim-key"}
}

func readLines(t *testing.T, path string) []statusLine {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var out []statusLine
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		var l statusLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		out = append(out, l)
	}
	return out
}

func smsID(l statusLine) string {
	var r struct {
		SmsID string `json:"smsId"`
	}
	_ = json.Unmarshal(l.Record, &r)
	return r.SmsID
}

func TestSMSStatusPull(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	ids := e.send(t, 250)
	if err := e.sim.Reply("sim-app", "13700000001", "STOP"); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "status.jsonl")
	var stdout, stderr bytes.Buffer
	if code := run(append([]string{"sms", "status", "pull", "--out", out, "--max", "30"}, e.conn()...), &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	lines := readLines(t, out)
	seen := map[string]bool{}
	replies := 0
	for _, l := range lines {
		switch l.Kind {
		case "delivery":
			seen[smsID(l)] = true
		case "reply":
			replies++
		}
		if l.Source != "pull" || l.ReceivedAt == "" {
			t.Errorf("line %+v", l)
		}
	}
	if len(lines) != 251 || len(seen) != 250 || replies != 1 {
		t.Fatalf("%d lines, %d distinct deliveries, %d replies; want 251, 250, 1", len(lines), len(seen), replies)
	}
	for _, id := range ids {
		if !seen[id] {
			t.Fatalf("delivery record of %s missing", id)
		}
	}
	if !strings.Contains(stderr.String(), "delivery: 250 records") || !strings.Contains(stderr.String(), "reply: 1 record\n") {
		t.Errorf("summary %q", stderr.String())
	}
	// The queues are drained: a second run appends nothing.
	stdout.Reset()
	if code := run(append([]string{"sms", "status", "pull", "--kind", "delivery"}, e.conn()...), &stdout, &stderr); code != exitOK || stdout.Len() != 0 {
		t.Fatalf("second pull: exit %d, output %q", code, stdout.String())
	}
}

func TestSMSStatusPull_usage(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	cases := map[string]struct {
		args []string
		code int
		want string
	}{
		"bad kind":    {append([]string{"sms", "status", "pull", "--kind", "x"}, e.conn()...), exitUsage, "--kind must be delivery, reply or all"},
		"max 101":     {append([]string{"sms", "status", "pull", "--max", "101"}, e.conn()...), exitUsage, "--max must be from 1 to 100"},
		"no key":      {[]string{"sms", "status", "pull", "--endpoint", e.url, "--app-id", "sim-app"}, exitUsage, "--sms-app-key (CONTACTCENTER_SMS_APP_KEY)"},
		"no endpoint": {[]string{"sms", "status", "pull", "--app-id", "a", "--app-key", "k"}, exitUsage, "--endpoint or --smsapi-url"},
		"wrong key":   {[]string{"sms", "status", "pull", "--endpoint", e.url, "--app-id", "sim-app", "--app-key", "nope"}, exitFailures, "code 1001"},
		// The provider's spelling (as sms send takes it) signs with the same credentials.
		"provider flag names, wrong key": {[]string{"sms", "status", "pull", "--endpoint", e.url, "--sms-app-id", "sim-app", "--sms-app-key", "nope"}, exitFailures, "code 1001"},
		"provider flag names, no key":    {[]string{"sms", "status", "pull", "--endpoint", e.url, "--sms-app-id", "sim-app"}, exitUsage, "--sms-app-key (CONTACTCENTER_SMS_APP_KEY)"},
		"unknown sub":                    {[]string{"sms", "nope"}, exitUsage, `unknown subcommand "nope"`},
		"out is a dir":                   {append([]string{"sms", "status", "pull", "--out", os.TempDir()}, e.conn()...), exitUsage, "is a directory"},
		"listen no out":                  {[]string{"sms", "status", "listen", "--listen", "127.0.0.1:0"}, exitUsage, "usage: ccsync sms status listen"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(tc.args, &stdout, &stderr); code != tc.code || !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, stderr.String(), tc.code, tc.want)
			}
		})
	}
}

// TestSMSStatusListen_lostAnswer: the listener stores a record, then the
// connection breaks before the answer. The gateway re-sends, the listener
// stores it again and answers 0: the record is on disk (twice: duplicates on
// re-send are accepted, loss is not) and not pulled again.
func TestSMSStatusListen_lostAnswer(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	out := filepath.Join(t.TempDir(), "pushes.jsonl")
	w, err := openJSONL(out, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	var mu sync.Mutex
	calls := 0
	l := &statusListener{out: w, stderr: &bytes.Buffer{}, afterStore: func() {
		mu.Lock()
		calls++
		first := calls == 1
		mu.Unlock()
		if first {
			// Stored and fsynced; the answer never leaves.
			if n := len(readLines(t, out)); n != 1 {
				t.Errorf("%d lines on disk before the answer, want 1", n)
			}
			panic(http.ErrAbortHandler)
		}
	}}
	srv := httptest.NewServer(l)
	defer srv.Close()
	if err := e.sim.SetGatewayCallbacks("sim-app", simulator.GatewayCallbacks{DeliveryURL: srv.URL, ReplyURL: srv.URL}); err != nil {
		t.Fatal(err)
	}
	ids := e.send(t, 1)
	e.sim.Wait() // the delivery push loses its first answer and is re-sent
	if err := e.sim.Reply("sim-app", "13700000000", "thanks"); err != nil {
		t.Fatal(err)
	}
	e.sim.Wait()
	lines := readLines(t, out)
	kinds := map[string]int{}
	for _, l := range lines {
		kinds[l.Kind]++
		if l.Kind == "delivery" && smsID(l) != ids[0] {
			t.Errorf("unexpected delivery %s", l.Record)
		}
	}
	if len(lines) != 3 || kinds["delivery"] != 2 || kinds["reply"] != 1 {
		t.Fatalf("lines %v (kinds %v), want the delivery twice (its first answer was lost) and the reply once", lines, kinds)
	}
	for _, k := range []client.PullKind{client.PullDelivery, client.PullReplies} {
		if recs, err := e.c.Gateway.Pull(t.Context(), k, 100); err != nil || len(recs) != 0 {
			t.Errorf("%s records acknowledged by the listener were pulled again: %s %v", k, recs, err)
		}
	}
}

// TestSMSStatusListen_storeFails: a listener that cannot write answers
// non-zero, so the gateway keeps the record for pull.
func TestSMSStatusListen_storeFails(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	w, err := openJSONL(filepath.Join(t.TempDir(), "x.jsonl"), nil)
	if err != nil {
		t.Fatal(err)
	}
	_ = w.Close() // every write now fails
	l := &statusListener{out: w, stderr: &bytes.Buffer{}}
	srv := httptest.NewServer(l)
	defer srv.Close()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, srv.URL, strings.NewReader(`{"state":"SUCCESS","smsId":"1"}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var ans struct {
		Code int    `json:"code"`
		Msg  string `json:"msg"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&ans)
	resp.Body.Close()
	if ans.Code == 0 || !strings.Contains(ans.Msg, "could not store the record") {
		t.Fatalf("answer %+v, want a non-zero code", ans)
	}
	_ = e.sim.SetGatewayCallbacks("sim-app", simulator.GatewayCallbacks{DeliveryURL: srv.URL})
	ids := e.send(t, 1)
	e.sim.Wait()
	recs, err := e.c.Gateway.PullDeliveryRecords(t.Context(), 100)
	if err != nil || len(recs) != 1 || string(recs[0].SmsID) != ids[0] {
		t.Fatalf("the record refused by the listener must be pullable: %+v %v", recs, err)
	}
}

// TestSMSStatusListen_killed runs the listener as a subprocess that is
// killed (SIGKILL) after storing a record and before answering. The record
// is on disk, and the gateway, which got no answer, keeps it for pull.
func TestSMSStatusListen_killed(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("a process killed on Windows ends with an exit code, not a signal this test can tell")
	}
	e := newSMSEnv(t)
	out := filepath.Join(t.TempDir(), "pushes.jsonl")
	ln, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.CommandContext(t.Context(), os.Args[0], "-test.run=^TestSMSStatusListenHelper$")
	cmd.Env = append(os.Environ(), "CCSYNC_LISTEN_HELPER_ADDR="+addr, "CCSYNC_LISTEN_HELPER_OUT="+out)
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ready := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "listening on") {
				ready <- true
			}
		}
	}()
	select {
	case <-ready:
	case <-time.After(20 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("the listener subprocess did not start")
	}
	_ = e.sim.SetGatewayCallbacks("sim-app", simulator.GatewayCallbacks{DeliveryURL: "http://" + addr})
	ids := e.send(t, 1)
	err = cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("the listener was expected to die by SIGKILL after storing: %v", err)
	}
	e.sim.Wait()
	lines := readLines(t, out)
	if len(lines) != 1 || smsID(lines[0]) != ids[0] || lines[0].Kind != "delivery" {
		t.Fatalf("on disk after the kill: %+v, want the delivery record of %s", lines, ids[0])
	}
	recs, err := e.c.Gateway.PullDeliveryRecords(t.Context(), 100)
	if err != nil || len(recs) != 1 || string(recs[0].SmsID) != ids[0] {
		t.Fatalf("unanswered record must stay pullable: %+v %v", recs, err)
	}
}

// TestSMSStatusListenHelper is the subprocess of TestSMSStatusListen_killed.
func TestSMSStatusListenHelper(t *testing.T) {
	addr, out := os.Getenv("CCSYNC_LISTEN_HELPER_ADDR"), os.Getenv("CCSYNC_LISTEN_HELPER_OUT")
	if addr == "" {
		t.Skip("subprocess helper of TestSMSStatusListen_killed")
	}
	listenAfterStore = func() {
		if p, err := os.FindProcess(os.Getpid()); err == nil {
			_ = p.Kill() // SIGKILL: nothing runs after it
		}
	}
	os.Exit(run([]string{"sms", "status", "listen", "--listen", addr, "--out", out}, os.Stdout, os.Stderr))
}

// TestSMSStatusPull_lostAnswer: a pull whose answer is lost may have taken
// records off the queue, which hands each out once; it said only "HTTP
// 504". It says what may be lost and how to lose less; a refused pull says
// running again is safe.
func TestSMSStatusPull_lostAnswer(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	e.send(t, 30)
	force := func(fault string) {
		body := `{"force":[{"method":"POST","path":"/smsapi/pull/v1/down_status",` + fault + `,"count":1}]}`
		postFaults(t, e.url, body)
	}
	out := filepath.Join(t.TempDir(), "status.jsonl")
	force(`"lost":true`)
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"sms", "status", "pull", "--kind", "delivery", "--out", out, "--max", "10", "--max-retries", "0"}, e.conn()...), &stdout, &stderr)
	if want := "it may have taken up to 10 delivery records off the gateway's queue, which hands each record out once, so those are lost"; code != exitFailures || !strings.Contains(stderr.String(), want) {
		t.Errorf("lost answer: exit %d, want 1 and %q:\n%s", code, want, stderr.String())
	}
	force(`"code":1004`)
	stderr.Reset()
	code = run(append([]string{"sms", "status", "pull", "--kind", "delivery", "--out", out, "--max", "10", "--max-retries", "0"}, e.conn()...), &stdout, &stderr)
	if want := "nothing was taken off the queue by the failed pull; running pull again is safe"; code != exitFailures || !strings.Contains(stderr.String(), want) {
		t.Errorf("refused pull: exit %d, want 1 and %q:\n%s", code, want, stderr.String())
	}
}

// TestSMSStatusListen_dropsStalledConnections: a connection that sent part
// of a body and stopped, or stayed open after its answer, was kept for as
// long as its client liked; both are closed once their bound has passed.
func TestSMSStatusListen_dropsStalledConnections(t *testing.T) {
	t.Parallel()
	w, err := openJSONL(filepath.Join(t.TempDir(), "x.jsonl"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	srv := httptest.NewUnstartedServer(nil)
	srv.Config = listenServer(&statusListener{out: w, stderr: &bytes.Buffer{}}, listenTimeouts{read: 300 * time.Millisecond, idle: 300 * time.Millisecond})
	srv.Start()
	defer srv.Close()
	closedWithin := func(name string, conn net.Conn, d time.Duration) {
		t.Helper()
		_ = conn.SetReadDeadline(time.Now().Add(d))
		buf := make([]byte, 4096)
		for {
			if _, err := conn.Read(buf); err != nil {
				if ne := net.Error(nil); errors.As(err, &ne) && ne.Timeout() {
					t.Errorf("%s: still open after %s", name, d)
				}
				return
			}
		}
	}
	var dialer net.Dialer
	stalled, err := dialer.DialContext(t.Context(), "tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer stalled.Close()
	_, _ = io.WriteString(stalled, "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
	closedWithin("a body stopped after its first byte", stalled, 3*time.Second)

	idle, err := dialer.DialContext(t.Context(), "tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	body := `{"smsId":"gw1","mobile":"13800000000","state":"SUCCESS"}`
	_, _ = fmt.Fprintf(idle, "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
	closedWithin("a connection idle after its answer", idle, 3*time.Second)
}

// TestSMSStatusListen_outStdout: --out - crashed at the first push (a nil
// writer) after printing "appending to -", and the record was lost. The
// records go to stdout, one JSON line each and nothing else there; the
// banner goes to stderr.
func TestSMSStatusListen_outStdout(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("stops the listener with SIGTERM")
	}
	cmd := exec.CommandContext(t.Context(), os.Args[0], "sms", "status", "listen", "--listen", "127.0.0.1:0", "--out", "-")
	cmd.Env = append(os.Environ(), "CCSYNC_TEST_MAIN=1")
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	addr := make(chan string, 1)
	var errText strings.Builder
	scanned := make(chan struct{})
	go func() {
		defer close(scanned)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			errText.WriteString(sc.Text() + "\n")
			if a, ok := strings.CutPrefix(sc.Text(), "listening on http://"); ok {
				a, _, _ = strings.Cut(a, ",")
				addr <- a
			}
		}
	}()
	var url string
	select {
	case a := <-addr:
		url = "http://" + a
	case <-time.After(20 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("the listener did not say where it listens on stderr")
	}
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, url, strings.NewReader(`{"state":"SUCCESS","smsId":"77"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		_ = cmd.Process.Kill()
		t.Fatalf("push: %v", err)
	}
	var ans struct {
		Code int `json:"code"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&ans)
	resp.Body.Close()
	_ = cmd.Process.Signal(syscall.SIGTERM)
	<-scanned // stderr read to its end before Wait closes it
	werr := cmd.Wait()
	var l statusLine
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if ans.Code != 0 || werr != nil || len(lines) != 1 || json.Unmarshal([]byte(lines[0]), &l) != nil || smsID(l) != "77" || l.Kind != "delivery" {
		t.Fatalf("answer code %d, exit %v; stdout %q (want the record alone); stderr:\n%s", ans.Code, werr, stdout.String(), errText.String())
	}
	if !strings.Contains(errText.String(), "appending to stdout") {
		t.Errorf("stderr %q, want the banner saying stdout", errText.String())
	}
}
