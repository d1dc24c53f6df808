package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/filelock"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// runSimulator serves the simulator until SIGINT or SIGTERM.
func runSimulator(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ccsync simulator", flag.ContinueOnError)
	fs.SetOutput(stderr)
	listen := fs.String("listen", "127.0.0.1:18080", "address to listen on (host:port; port 0 picks a free one)")
	state := new(string)
	fs.Var(fileFlag(state, "state", "to keep the state in memory only"), "state",
		"`file` that keeps the whole state across restarts (written atomically after every change); without it the state is kept in memory only")
	token := fs.String("token", "sim-token", "bearer token of the open and portal surfaces")
	appID := fs.String("app-id", "sim-app", "SMS gateway appId")
	appKey := fs.String("app-key", "sim-key", "SMS gateway app key")
	autoApprove := fs.Duration("auto-approve", 0, "approve pending SMS signatures and templates after this delay (0: only through /_sim/review)")
	deliveryDelay := fs.Duration("delivery-delay", 2*time.Second,
		"how long a gateway SMS stays SENDED before its SUCCESS/FAIL delivery record (0: delivered in the send call)")
	allowRemote := fs.Bool("allow-remote", false,
		"allow a --listen address that is not loopback; requires --admin-token (the admin API /_sim/ can wipe everything)")
	var adminToken string
	secretVar(fs, &adminToken, "admin-token", os.Getenv(adminTokenEnv),
		"`token` required on the admin API /_sim/ as \"Authorization: Bearer <token>\"; required with --allow-remote (env "+adminTokenEnv+")")
	if err := parseFlags(fs, args, stdout); err != nil {
		return parseExit(err)
	}
	if *autoApprove < 0 {
		fmt.Fprintf(stderr, "ccsync simulator: --auto-approve must be 0 or more (0: approve only through /_sim/review), got %v\n", *autoApprove)
		return exitUsage
	}
	if *deliveryDelay < 0 {
		fmt.Fprintf(stderr, "ccsync simulator: --delivery-delay must be 0 or more, got %v\n", *deliveryDelay)
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "ccsync simulator: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	// An empty credential started a simulator that refused every call
	// (HTTP 401, or the gateway's code for a bad signature).
	for _, c := range []struct{ flag, value string }{{"--token", *token}, {"--app-id", *appID}, {"--app-key", *appKey}} {
		if c.value == "" {
			fmt.Fprintf(stderr, "ccsync simulator: %s must not be empty: every call would be refused; leave it out for its default, or give a value\n", c.flag)
			return exitUsage
		}
	}
	if *allowRemote && adminToken == "" {
		fmt.Fprintf(stderr, "ccsync simulator: --allow-remote needs --admin-token (or %s): on the network, the admin API /_sim/ (whose reset wipes everything) must require a token\n", adminTokenEnv)
		return exitUsage
	}
	// Signals are caught before the URLs are printed: whoever reads them
	// may stop the simulator at once, and must get a clean stop.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	statePath := ""
	if *state != "" {
		var err error
		if statePath, err = resolveStatePath(*state); err != nil {
			// Go's "lstat <path>: permission denied" says the step, not the matter.
			if pe := (*os.PathError)(nil); errors.As(err, &pe) {
				err = fmt.Errorf("%s cannot be read: %w", pe.Path, pe.Err)
			}
			fmt.Fprintf(stderr, "ccsync simulator: --state %s: %v\n", *state, err)
			return exitUsage
		}
		unlock, err := lockStateFile(*state, statePath, filelock.Lock, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "ccsync simulator: %v\n", err)
			return exitUsage
		}
		defer unlock()
	}
	sim, err := simulator.New(simulator.Options{
		Token: *token, AppID: *appID, AppKey: *appKey, AdminToken: adminToken,
		StatePath: statePath, AutoApprove: *autoApprove, GatewayDeliveryDelay: *deliveryDelay,
		Logf: func(format string, a ...any) { fmt.Fprintf(stderr, format+"\n", a...) },
	})
	if err != nil {
		fmt.Fprintf(stderr, "ccsync simulator: %v\n", err)
		return exitUsage
	}
	ln, err := (&net.ListenConfig{}).Listen(ctx, "tcp", *listen)
	if err != nil {
		fmt.Fprintf(stderr, "ccsync simulator: %s\n", listenError(*listen, err))
		return exitUsage
	}
	ip := listenIP(ln)
	if !ip.IsLoopback() && !*allowRemote {
		_ = ln.Close()
		fmt.Fprintf(stderr, "ccsync simulator: --listen %s is not a loopback address (it binds %s): the simulator would serve its admin API (/_sim/reset wipes everything) and its credentials to the network. "+
			"Listen on 127.0.0.1 or ::1, or pass --allow-remote with --admin-token to do it anyway\n", *listen, ln.Addr())
		return exitUsage
	}
	if !ip.IsLoopback() && (*token == "sim-token" || *appKey == "sim-key") {
		fmt.Fprintln(stderr, "ccsync simulator: warning: serving the well-known default --token or --app-key to the network; set your own")
	}
	origin := "http://" + ln.Addr().String()
	fmt.Fprintf(stdout, "simulator listening on %s\n", origin)
	for _, name := range []string{"base_url", "autocall_url", "portal_url", "portal_open_url", "smsapi_url"} {
		fmt.Fprintf(stdout, "  %-16s %s\n", name, simulator.URLs(origin)[name])
	}
	// The credentials the provider is configured with: a default by value
	// (a user who started the simulator without its README met "code 401:
	// missing or wrong bearer token" at the first plan), one given by a
	// flag by the flag's name only.
	for _, c := range []struct{ name, value, def, flag string }{
		{"access_token", *token, "sim-token", "--token"}, {"sms_app_id", *appID, "sim-app", "--app-id"}, {"sms_app_key", *appKey, "sim-key", "--app-key"},
	} {
		if c.value == c.def {
			fmt.Fprintf(stdout, "  %-16s %s (the default; %s sets another)\n", c.name, c.value, c.flag)
		} else {
			fmt.Fprintf(stdout, "  %-16s as given by %s\n", c.name, c.flag)
		}
	}
	if *state != "" {
		fmt.Fprintf(stdout, "  state            %s\n", stateNamed(*state, statePath))
	}
	if adminToken != "" {
		fmt.Fprintf(stdout, "  admin API        %s/_sim/ (requires Authorization: Bearer <admin token>)\n", origin)
	}

	srv := &http.Server{Handler: sim, ReadHeaderTimeout: 10 * time.Second}
	code := serveUntilDone(ctx, srv, ln, "ccsync simulator", "simulator stopping", stdout, stderr)
	sim.Wait()
	if err := sim.PersistErr(); err != nil {
		fmt.Fprintf(stderr, "ccsync simulator: the state was not saved to %s (the last write failed: %v): a restart with --state starts from the last state saved\n", *state, err)
		return exitFailures
	}
	return code
}

// lockStateFile takes the lock of a --state file, a file beside it named
// <file>.lock (the state file itself is replaced at each write), where
// file is the state file's path with every symbolic link resolved
// (resolveStatePath): two simulators on one state file each served from
// their own memory and the last to write erased the other's objects
// without a word, also when one named the file through a link. The lock is
// held until the process ends, however it ends. On a file system without
// locks, the simulator runs unlocked and says so on stderr.
func lockStateFile(state, file string, lock func(*os.File) error, stderr io.Writer) (unlock func(), err error) {
	named := stateNamed(state, file)
	path := file + ".lock"
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("the state file %s cannot be written: its lock file: %w", named, err)
	}
	if err := lock(f); err != nil {
		_ = f.Close()
		if errors.Is(err, filelock.ErrLocked) {
			return nil, fmt.Errorf("--state %s is in use by another simulator (it holds %s until it stops): "+
				"stop that one, or give this one another --state file", named, path)
		}
		if errors.Is(err, filelock.ErrNoLocks) {
			fmt.Fprintf(stderr, "ccsync simulator: warning: --state %s is not locked: %s cannot be locked (%v); "+
				"a second simulator on the same file is not refused, and the last to write erases the other's objects: run one at a time\n", named, path, err)
			return func() {}, nil
		}
		return nil, fmt.Errorf("--state %s: cannot lock %s: %w", named, path, err)
	}
	// Unlocked before it is closed: closed alone, it stays locked while a
	// process this one is starting holds a copy of it (filelock.Unlock).
	return func() { _ = filelock.Unlock(f); _ = f.Close() }, nil
}

// stateNamed is --state's value as given and, when it names another
// file through a link, that file: "link.json (the file /srv/sim/real.json)".
func stateNamed(state, file string) string {
	if abs, err := filepath.Abs(state); err == nil && abs == file {
		return state
	}
	return fmt.Sprintf("%s (the file %s)", state, file)
}

// resolveStatePath is the --state file's path, absolute, with every
// symbolic link resolved: the state file and its lock are the same for
// every name a simulator is given for them (a link to the file, a link to
// its folder), and the writes, which replace the file, replace the file
// linked to rather than the link. A file that does not exist yet is its
// folder's real path and its name; a link to a file that does not exist
// yet, its target's.
func resolveStatePath(state string) (string, error) {
	p, err := filepath.Abs(state)
	if err != nil {
		return "", err
	}
	for range 255 {
		real, err := filepath.EvalSymlinks(p)
		if err == nil {
			return real, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		if fi, err := os.Lstat(p); err == nil && fi.Mode()&os.ModeSymlink != 0 {
			target, err := os.Readlink(p)
			if err != nil {
				return "", err
			}
			if !filepath.IsAbs(target) {
				// Relative to the folder the link is in, which may be a
				// link itself: Join's ".." would climb the link's name.
				dir := filepath.Dir(p)
				if real, err := filepath.EvalSymlinks(dir); err == nil {
					dir = real
				}
				target = filepath.Join(dir, target)
			}
			p = target
			continue
		}
		dir, err := filepath.EvalSymlinks(filepath.Dir(p))
		if err != nil {
			// A folder that does not exist: told when the lock file
			// cannot be created.
			return p, nil //nolint:nilerr // the error is told then
		}
		return filepath.Join(dir, filepath.Base(p)), nil
	}
	return "", errors.New("too many symbolic links")
}

// adminTokenEnv holds the admin token, so it need not be on the command line.
const adminTokenEnv = "CCSYNC_SIMULATOR_ADMIN_TOKEN"

// listenIP is the address a listener is bound to: the truth about
// --listen, whatever name or empty host it gave.
func listenIP(ln net.Listener) net.IP {
	if a, ok := ln.Addr().(*net.TCPAddr); ok {
		return a.IP
	}
	return nil
}

// listenError says why --listen addr could not be listened on, and what to
// do: Go's "bind: address already in use" (a simulator of an earlier
// session still running) and "missing port in address" (--listen 18080)
// said neither.
func listenError(addr string, err error) string {
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		return fmt.Sprintf("--listen %s: the port is in use: another program (a simulator started earlier?) listens there; stop it, "+
			"or choose another port (port 0 picks a free one, and the address is printed) (%v)", addr, err)
	case !strings.Contains(addr, ":"):
		host := "127.0.0.1:" + addr
		if _, perr := strconv.Atoi(addr); perr != nil {
			host = addr + ":18080"
		}
		return fmt.Sprintf("--listen %s is not host:port: write it as %s (%v)", addr, host, err)
	}
	return err.Error()
}
