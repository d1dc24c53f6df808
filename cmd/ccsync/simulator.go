package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// runSimulator serves the simulator until SIGINT or SIGTERM.
func runSimulator(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ccsync simulator", flag.ContinueOnError)
	fs.SetOutput(stderr)
	listen := fs.String("listen", "127.0.0.1:18080", "address to listen on (host:port; port 0 picks a free one)")
	state := fs.String("state", "", "file that keeps the whole state across restarts (written atomically after every change)")
	token := fs.String("token", "sim-token", "bearer token of the open and portal surfaces")
	appID := fs.String("app-id", "sim-app", "SMS gateway appId")
	appKey := fs.String("app-key", "sim-key", "SMS gateway app key")
	autoApprove := fs.Duration("auto-approve", 0, "approve pending SMS signatures and templates after this delay (0: only through /_sim/review)")
	deliveryDelay := fs.Duration("delivery-delay", 2*time.Second,
		"how long a gateway SMS stays SENDED before its SUCCESS/FAIL delivery record (0: delivered in the send call)")
	if err := fs.Parse(args); err != nil {
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
	// Signals are caught before the URLs are printed: whoever reads them
	// may stop the simulator at once, and must get a clean stop.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sim, err := simulator.New(simulator.Options{
		Token: *token, AppID: *appID, AppKey: *appKey, StatePath: *state, AutoApprove: *autoApprove, GatewayDeliveryDelay: *deliveryDelay,
		Logf: func(format string, a ...any) { fmt.Fprintf(stderr, format+"\n", a...) },
	})
	if err != nil {
		fmt.Fprintf(stderr, "ccsync simulator: %v\n", err)
		return exitUsage
	}
	ln, err := (&net.ListenConfig{}).Listen(ctx, "tcp", *listen)
	if err != nil {
		fmt.Fprintf(stderr, "ccsync simulator: %v\n", err)
		return exitUsage
	}
	origin := "http://" + ln.Addr().String()
	fmt.Fprintf(stdout, "simulator listening on %s\n", origin)
	for _, name := range []string{"base_url", "autocall_url", "portal_url", "portal_open_url", "smsapi_url"} {
		fmt.Fprintf(stdout, "  %-16s %s\n", name, simulator.URLs(origin)[name])
	}
	if *state != "" {
		fmt.Fprintf(stdout, "  state            %s\n", *state)
	}

	srv := &http.Server{Handler: sim, ReadHeaderTimeout: 10 * time.Second}
	code := serveUntilDone(ctx, srv, ln, "ccsync simulator", "simulator stopping", stdout, stderr)
	sim.Wait()
	return code
}
