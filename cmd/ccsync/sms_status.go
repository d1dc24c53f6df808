package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/importer"
)

// runSMS dispatches "ccsync sms <subcommand>".
func runSMS(args []string, stdout, stderr io.Writer) int {
	subs := map[string]func([]string, io.Writer, io.Writer) int{
		"send":   runSMSSend,
		"status": runSMSStatus,
	}
	if len(args) == 0 || subs[args[0]] == nil {
		help := len(args) > 0 && isHelp(args[0])
		if len(args) > 0 && !help {
			fmt.Fprintf(stderr, "ccsync sms: unknown subcommand %q\n", args[0])
		}
		const usage = "usage: ccsync sms send FILE.xlsx --template ID [flags] | ccsync sms status pull|listen [flags]"
		if help {
			fmt.Fprintln(stdout, usage) // asked for
			return exitOK
		}
		fmt.Fprintln(stderr, usage)
		if len(args) == 0 {
			return exitUsage
		}
		return usageError(stdout, args, fmt.Sprintf("unknown subcommand %q (send, status)", args[0]))
	}
	return subs[args[0]](args[1:], stdout, stderr)
}

// runSMSStatus is `ccsync sms status`: the gateway's delivery reports and
// replies (§4.8 down_status/up_status, §6.2–6.5). Open-interface sends keep
// their results in the send records instead (§4.1 sms/record/list, §2.5).
func runSMSStatus(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "pull":
			return runStatusPull(args[1:], stdout, stderr)
		case "listen":
			return runStatusListen(args[1:], stdout, stderr)
		}
		if !isHelp(args[0]) {
			fmt.Fprintf(stderr, "ccsync sms status: unknown subcommand %q\n", args[0])
		}
	}
	help := len(args) > 0 && isHelp(args[0])
	w := stderr
	if help {
		w = stdout // asked for
	}
	fmt.Fprintln(w, `usage:
  ccsync sms status pull [--kind delivery|reply|all] [--out FILE.jsonl]   drain the gateway's pull queues
  ccsync sms status listen --listen ADDR --out FILE.jsonl                receive delivery and reply pushes
                                                                         (--out - for stdout, with both)

Both are for messages sent through the SMS gateway (sms send --via gateway).
Messages sent through the open interface (sms send --via open, the default)
have their results in the platform's send records: read them with the
Terraform data source contactcenter_sms_records.`)
	if help {
		return exitOK
	}
	return exitUsage
}

// helpWord reads `ccsync sms status pull help` (or listen help), which take
// no argument, as --help, as `agents plan help`, `sms send help` and
// `export terraform help` are read: it said unexpected argument "help",
// exit 2.
func helpWord(args []string) []string {
	if len(args) == 1 && args[0] == "help" {
		return []string{"--help"}
	}
	return args
}

// statusLine is one line of the JSON-lines output of pull and listen.
type statusLine struct {
	// Kind is delivery, reply, file (the send_file callback, §6.4) or unknown.
	Kind string `json:"kind"`
	// Source is pull or push.
	Source     string          `json:"source"`
	ReceivedAt string          `json:"received_at"`
	Record     json.RawMessage `json:"record"`
}

// jsonlWriter appends lines to a file (or stdout) and makes each batch
// durable (fsync) before it returns.
type jsonlWriter struct {
	mu sync.Mutex
	w  io.Writer
	f  *os.File
}

func openJSONL(path string, stdout io.Writer) (*jsonlWriter, error) {
	if path == "" || path == "-" {
		return &jsonlWriter{w: stdout}, nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return nil, err
	}
	return &jsonlWriter{w: f, f: f}, nil
}

// append writes lines and fsyncs; only after it returns nil is the data safe.
func (j *jsonlWriter) append(lines []statusLine) error {
	var b []byte
	for _, l := range lines {
		x, err := json.Marshal(l)
		if err != nil {
			return err
		}
		b = append(append(b, x...), '\n')
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if _, err := j.w.Write(b); err != nil {
		return err
	}
	if j.f != nil {
		return j.f.Sync()
	}
	return nil
}

func (j *jsonlWriter) Close() error {
	if j.f != nil {
		return j.f.Close()
	}
	return nil
}

func statusStamp() string { return time.Now().UTC().Format(time.RFC3339Nano) }

// statusPullFlags is the flag set of `ccsync sms status pull`.
func statusPullFlags(w io.Writer) (fs *flag.FlagSet, conn *ccConn, kind, out *string, batch *int) {
	fs = flag.NewFlagSet("ccsync sms status pull", flag.ContinueOnError)
	fs.SetOutput(w)
	conn = addConnFlags(fs)
	kind = fs.String("kind", "all", "queue to drain: delivery (down_status), reply (up_status) or all")
	out = fs.String("out", "", "append the records to this JSON-lines file (default: stdout)")
	batch = fs.Int("max", client.GatewayMaxPull, "records per pull, 1 to 100")
	return fs, conn, kind, out, batch
}

// runStatusPull drains the pull queues: each pull takes records off the
// gateway for good (§6.5), so every batch is written and fsynced before the
// next pull. If a batch cannot be written, it is printed to stderr as a last
// resort and the command fails.
func runStatusPull(args []string, stdout, stderr io.Writer) int {
	fs, conn, kind, out, batch := statusPullFlags(stderr)
	if err := parseFlags(fs, helpWord(args), stdout); err != nil {
		return parseExit(err)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "ccsync sms status pull: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	var kinds []client.PullKind
	switch *kind {
	case "delivery":
		kinds = []client.PullKind{client.PullDelivery}
	case "reply":
		kinds = []client.PullKind{client.PullReplies}
	case "all":
		kinds = []client.PullKind{client.PullDelivery, client.PullReplies}
	default:
		fmt.Fprintf(stderr, "ccsync sms status pull: --kind must be delivery, reply or all, got %q\n", *kind)
		return exitUsage
	}
	if *batch < 1 || *batch > client.GatewayMaxPull {
		fmt.Fprintf(stderr, "ccsync sms status pull: --max must be from 1 to %d, got %d\n", client.GatewayMaxPull, *batch)
		return exitUsage
	}
	// The log's lines would be mixed into the records file.
	if *out != "" && *out != "-" && conn.logPath != "" && importer.SameFile(*out, conn.logPath) {
		fmt.Fprintf(stderr, "ccsync sms status pull: %s and --out name the same file %s; name two files\n", conn.logSetting(), *out)
		return exitUsage
	}
	conn.notices = stderr
	c, err := conn.gatewayClient()
	if err != nil {
		fmt.Fprintf(stderr, "ccsync sms status pull: %v\n", err)
		return exitUsage
	}
	w, err := openJSONL(*out, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "ccsync sms status pull: %v\n", err)
		return exitUsage
	}
	defer w.Close()
	ctx, stop := interruptContext()
	defer stop()
	code := exitOK
	for _, k := range kinds {
		total, failed := 0, false
		for {
			recs, err := c.Gateway.Pull(ctx, k, *batch)
			if len(recs) > 0 {
				lines := make([]statusLine, len(recs))
				for i, r := range recs {
					lines[i] = statusLine{Kind: string(k), Source: "pull", ReceivedAt: statusStamp(), Record: r}
				}
				if werr := w.append(lines); werr != nil {
					fmt.Fprintf(stderr, "ccsync sms status pull: writing %d %s records failed: %v; they are already off the gateway's queue, here they are:\n", len(recs), k, werr)
					for _, r := range recs {
						fmt.Fprintf(stderr, "%s\n", r)
					}
					return exitFailures
				}
				total += len(recs)
			}
			interrupted := ctx.Err() != nil
			if err != nil && (!interrupted || !errors.Is(err, context.Canceled)) {
				fmt.Fprintf(stderr, "ccsync sms status pull: %s: %v\n", k, advise(err))
				switch {
				case client.IsAmbiguous(err):
					fmt.Fprintf(stderr, "ccsync sms status pull: the pull's answer was lost: it may have taken up to %d %s records off the gateway's queue, "+
						"which hands each record out once, so those are lost; a smaller --max lowers what one lost answer costs, and `ccsync sms status listen` receives the records as pushes instead\n", *batch, k)
				case !interrupted:
					fmt.Fprintf(stderr, "ccsync sms status pull: nothing was taken off the queue by the failed pull; running pull again is safe\n")
				}
				code, failed = exitFailures, true
				if !interrupted {
					break
				}
			}
			if interrupted {
				// A pull in flight was let finish (its records are above);
				// none is sent after the interrupt.
				fmt.Fprintf(stderr, "%s: %s\n", k, count(total, "record", "records"))
				fmt.Fprintf(stderr, "ccsync sms status pull: interrupted: every record taken off the gateway's queue is written; "+
					"no further pull was sent, and the records still queued stay there: run pull again to take them\n")
				return exitFailures
			}
			if len(recs) == 0 {
				break
			}
		}
		if failed {
			// "delivery: 0 records" after the error read like a queue
			// found empty.
			fmt.Fprintf(stderr, "%s: %s taken before the pull failed\n", k, count(total, "record", "records"))
			continue
		}
		fmt.Fprintf(stderr, "%s: %s\n", k, count(total, "record", "records"))
	}
	return code
}

// listenAfterStore, when set (tests), runs after a pushed record is durably
// stored and before the answer is sent.
var listenAfterStore func()

// statusListener receives gateway pushes and stores each record durably
// before it answers code 0 (§6.2: code 0 is the billing basis, and the
// gateway stops re-sending). A record whose answer was lost is re-sent by
// the gateway and stored again: duplicates are possible, loss is not.
type statusListener struct {
	out    *jsonlWriter
	stderr io.Writer
	// afterStore runs between storing and answering (tests).
	afterStore func()
}

func (l *statusListener) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	answer := func(code int, msg string) {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"code": code, "msg": msg})
	}
	if r.Method != http.MethodPost {
		w.WriteHeader(http.StatusMethodNotAllowed)
		answer(1, "only POST is accepted")
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		answer(1, "reading the body: "+err.Error())
		return
	}
	var rec map[string]json.RawMessage
	if err := json.Unmarshal(body, &rec); err != nil {
		answer(1, "the body is not a JSON object: "+err.Error())
		return
	}
	line := statusLine{Kind: pushKind(rec), Source: "push", ReceivedAt: statusStamp(), Record: json.RawMessage(body)}
	if err := l.out.append([]statusLine{line}); err != nil {
		fmt.Fprintf(l.stderr, "ccsync sms status listen: could not store a %s record: %v\n", line.Kind, err)
		answer(1, "could not store the record: "+err.Error())
		return
	}
	if l.afterStore != nil {
		l.afterStore()
	}
	answer(0, "")
}

// pushKind tells a delivery record (§6.2), a reply (§6.3) and the send_file
// callback (§6.4) apart by their fields.
func pushKind(rec map[string]json.RawMessage) string {
	has := func(k string) bool { _, ok := rec[k]; return ok }
	switch {
	case has("state") && has("smsId"):
		return "delivery"
	case has("smsText") && has("timeDelivered"):
		return "reply"
	case has("smsText") && has("smsId") && has("time"):
		return "file"
	}
	return "unknown"
}

// statusListenFlags is the flag set of `ccsync sms status listen`.
func statusListenFlags(w io.Writer) (fs *flag.FlagSet, addr, out *string) {
	fs = flag.NewFlagSet("ccsync sms status listen", flag.ContinueOnError)
	fs.SetOutput(w)
	addr = fs.String("listen", "", "address to receive pushes on (host:port; port 0 picks a free one)")
	out = fs.String("out", "", "JSON-lines file each record is appended to and fsynced before the answer (- for stdout, where the records are the only lines)")
	return fs, addr, out
}

func runStatusListen(args []string, stdout, stderr io.Writer) int {
	fs, addr, out := statusListenFlags(stderr)
	if err := parseFlags(fs, helpWord(args), stdout); err != nil {
		return parseExit(err)
	}
	if fs.NArg() > 0 || *addr == "" || *out == "" {
		fmt.Fprintln(stderr, "usage: ccsync sms status listen --listen ADDR --out FILE.jsonl")
		return exitUsage
	}
	// With --out -, stdout holds the records alone (as pull's does): the
	// banner goes to stderr.
	banner := stdout
	if *out == "-" {
		banner = stderr
	}
	w, err := openJSONL(*out, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "ccsync sms status listen: %v\n", err)
		return exitUsage
	}
	defer w.Close()
	ctx, stop := interruptContext()
	defer stop()
	ln, err := (&net.ListenConfig{}).Listen(ctx, "tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "ccsync sms status listen: %s\n", listenError(*addr, err))
		return exitUsage
	}
	where := *out
	if where == "-" {
		where = "stdout"
	}
	fmt.Fprintf(banner, "listening on http://%s, appending to %s\n", ln.Addr(), where)
	srv := listenServer(&statusListener{out: w, stderr: stderr, afterStore: listenAfterStore}, listenTimeouts{read: 30 * time.Second, idle: 2 * time.Minute})
	return serveUntilDone(ctx, srv, ln, "ccsync sms status listen", "", stdout, stderr)
}

// listenTimeouts bound how long the listener keeps one connection: to read
// a request (headers and body), and idle between two requests.
type listenTimeouts struct{ read, idle time.Duration }

// listenServer serves the listener with t's bounds. A listener reachable
// by the gateway is reachable by others too: with only a bound on the
// headers, every connection that sent a body's first byte and stopped, or
// stayed open after its answer, held a file descriptor and a goroutine
// for as long as the client liked (2,000 such held 2,011 fds).
func listenServer(h http.Handler, t listenTimeouts) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: min(10*time.Second, t.read), ReadTimeout: t.read, WriteTimeout: t.read, IdleTimeout: t.idle}
}
