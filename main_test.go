package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"
	plugin "github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
)

// runAsProvider makes the test binary serve the provider (main), so the
// tests below can start it the way Terraform starts a provider binary.
const runAsProvider = "CONTACTCENTER_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(runAsProvider) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestUnwantedLogs(t *testing.T) {
	t.Parallel()
	all := []string{"TF_LOG_SDK", "TF_LOG_SDK_PROTO", "TF_LOG_SDK_FRAMEWORK", "TF_LOG_PROVIDER_CONTACTCENTER"}
	cases := []struct {
		name string
		env  map[string]string
		want []string
	}{
		{"nothing set: Terraform drops provider logs", nil, all},
		{"TF_LOG=off", map[string]string{"TF_LOG": "off"}, all},
		{"TF_LOG set: Terraform keeps them", map[string]string{"TF_LOG": "DEBUG"}, nil},
		{"TF_LOG=json", map[string]string{"TF_LOG": "JSON"}, nil},
		{"TF_LOG_PROVIDER set", map[string]string{"TF_LOG_PROVIDER": "trace"}, nil},
		{"TF_LOG_PROVIDER=OFF wins over TF_LOG", map[string]string{"TF_LOG": "TRACE", "TF_LOG_PROVIDER": "OFF"}, all},
		{"a level set by the user is left alone", map[string]string{"TF_LOG_SDK_FRAMEWORK": "TRACE"},
			[]string{"TF_LOG_SDK", "TF_LOG_SDK_PROTO", "TF_LOG_PROVIDER_CONTACTCENTER"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := unwantedLogs(func(k string) string { return tc.env[k] })
			if !slices.Equal(got, tc.want) {
				t.Errorf("unwantedLogs(%v) = %v, want %v", tc.env, got, tc.want)
			}
		})
	}
}

// TestProviderLogsReachTerraform starts the provider as Terraform does
// (go-plugin, the handshake cookie, logs read from its stderr), asks for
// its schema, and counts the SDK log lines Terraform receives: none when
// Terraform would drop them, many when TF_LOG_PROVIDER asks for them.
func TestProviderLogsReachTerraform(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		env      []string
		wantLogs bool
	}{
		{"no log variables", nil, false},
		{"TF_LOG_PROVIDER=TRACE", []string{"TF_LOG_PROVIDER=TRACE"}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			lines := sdkLogLines(t, tc.env)
			if tc.wantLogs && lines == 0 {
				t.Errorf("with %v Terraform received no SDK log line; the logs the user asked for are lost", tc.env)
			}
			if !tc.wantLogs && lines > 0 {
				t.Errorf("without log variables Terraform received %d SDK log lines it can only drop", lines)
			}
		})
	}
}

func sdkLogLines(t *testing.T, extraEnv []string) int {
	t.Helper()
	p := startProvider(t, extraEnv...)
	// GetProviderSchema's request has no fields; the answer is not needed.
	if err := p.schema(); err != nil {
		t.Fatalf("GetProviderSchema: %v", err)
	}
	p.client.Kill()
	n := 0
	for line := range strings.Lines(p.logs.String()) {
		if strings.Contains(line, "@module=sdk.") {
			n++
		}
	}
	return n
}

// startedProvider is this test binary run as the provider, started as
// Terraform starts it (go-plugin, Terraform's protocol-6 handshake), with
// its gRPC connection and the logs Terraform reads from its stderr.
type startedProvider struct {
	cmd    *exec.Cmd
	client *plugin.Client
	conn   *grpc.ClientConn
	logs   *lockedBuffer
}

// startProvider starts the provider without the test's TF_LOG variables,
// with extraEnv; it is killed when the test ends.
func startProvider(t *testing.T, extraEnv ...string) *startedProvider {
	t.Helper()
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "TF_LOG") {
			env = append(env, kv)
		}
	}
	cmd := exec.CommandContext(t.Context(), os.Args[0])
	cmd.Env = append(append(env, runAsProvider+"=1"), extraEnv...)
	logs := &lockedBuffer{}
	client := plugin.NewClient(&plugin.ClientConfig{
		// Terraform's handshake for protocol-6 providers.
		HandshakeConfig: plugin.HandshakeConfig{
			MagicCookieKey:   "TF_PLUGIN_MAGIC_COOKIE",
			MagicCookieValue: "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2",
		},
		VersionedPlugins: map[int]plugin.PluginSet{6: {"provider": rawConn{}}},
		Cmd:              cmd,
		AllowedProtocols: []plugin.Protocol{plugin.ProtocolGRPC},
		Logger:           hclog.New(&hclog.LoggerOptions{Output: logs, Level: hclog.Trace}),
		StartTimeout:     30 * time.Second,
	})
	t.Cleanup(client.Kill)
	rpc, err := client.Client()
	if err != nil {
		t.Fatalf("starting the provider: %v", err)
	}
	raw, err := rpc.Dispense("provider")
	if err != nil {
		t.Fatalf("dispensing the provider: %v", err)
	}
	return &startedProvider{cmd: cmd, client: client, conn: raw.(*grpc.ClientConn), logs: logs}
}

// schema asks the provider for its schema (GetProviderSchema), the
// answer dropped.
func (p *startedProvider) schema() error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return p.conn.Invoke(ctx, "/tfplugin6.Provider/GetProviderSchema", &emptypb.Empty{}, &emptypb.Empty{})
}

// rawConn hands the gRPC connection to the test instead of a typed client.
type rawConn struct{ plugin.NetRPCUnsupportedPlugin }

func (rawConn) GRPCServer(*plugin.GRPCBroker, *grpc.Server) error { return nil }
func (rawConn) GRPCClient(_ context.Context, _ *plugin.GRPCBroker, c *grpc.ClientConn) (any, error) {
	return c, nil
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
