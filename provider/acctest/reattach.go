package acctest

import (
	"context"
	"encoding/json"
	"io"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"
	plugin "github.com/hashicorp/go-plugin"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
)

// ProviderAddr is the provider's source address (DESIGN §5).
const ProviderAddr = "registry.terraform.io/contactcenter/contactcenter"

// Reattach serves this Env's provider in process and returns the value of
// TF_REATTACH_PROVIDERS that points the terraform CLI at it, as
// terraform-plugin-testing does: no provider binary is built or started per
// command. Configurations name the provider `contactcenter/contactcenter` in
// required_providers and run `terraform init` first. The server stops when t
// ends.
func (e *Env) Reattach(t testing.TB) string {
	t.Helper()
	srv, err := e.Factories()["contactcenter"]()
	if err != nil {
		t.Fatalf("provider server: %v", err)
	}
	return ReattachProviders(t, map[string]tfprotov6.ProviderServer{ProviderAddr: srv})
}

// ReattachProviders serves each provider server in process under its source
// address and returns the TF_REATTACH_PROVIDERS value that names them all.
// The servers stop when t ends.
func ReattachProviders(t testing.TB, servers map[string]tfprotov6.ProviderServer) string {
	t.Helper()
	info := map[string]any{}
	for addr, srv := range servers {
		info[addr] = serveInProcess(t, addr, srv)
	}
	b, _ := json.Marshal(info)
	return string(b)
}

func serveInProcess(t testing.TB, addr string, srv tfprotov6.ProviderServer) map[string]any {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cfgCh := make(chan *plugin.ReattachConfig, 1)
	closeCh := make(chan struct{})
	serveErr := make(chan error, 1)
	go func() {
		serveErr <- tf6server.Serve(addr, func() tfprotov6.ProviderServer { return srv },
			tf6server.WithDebug(ctx, cfgCh, closeCh),
			tf6server.WithGoPluginLogger(hclog.New(&hclog.LoggerOptions{Output: io.Discard, Level: hclog.Off})),
			tf6server.WithoutLogStderrOverride(),
			tf6server.WithLoggingSink(loggingSink{t}),
		)
	}()
	var rc *plugin.ReattachConfig
	select {
	case rc = <-cfgCh:
	case err := <-serveErr:
		cancel()
		t.Fatalf("serving the provider: %v", err)
	case <-time.After(30 * time.Second):
		cancel()
		t.Fatal("the provider server did not start within 30s")
	}
	t.Cleanup(func() {
		cancel()
		select {
		case <-closeCh:
		case <-time.After(10 * time.Second):
		}
	})
	return map[string]any{
		"Protocol": string(rc.Protocol), "ProtocolVersion": rc.ProtocolVersion, "Pid": rc.Pid, "Test": true,
		"Addr": map[string]string{"Network": rc.Addr.Network(), "String": rc.Addr.String()},
	}
}

// loggingSink lets a benchmark's testing.B receive the provider's logs.
type loggingSink struct{ testing.TB }

func (loggingSink) Parallel() {}
