package provider_test

import (
	"context"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	fwprovider "github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/provider"
)

// A request's context must not outlive the request: the framework keeps a
// CancelFunc of every request's context until StopProvider, and through it
// the context, which in a served provider holds the request's gRPC stream
// and its loggers (about 10 kB). A plan of 3,000 agents kept 160 MB alive
// to its end (RSS 490 MB; 55 MB with provider.Detached).
func TestServerKeepsNoRequestContext(t *testing.T) {
	srv := provider.NewServer("test")()
	for _, iface := range []struct {
		name string
		ok   bool
	}{
		{"actions", implements[tfprotov6.ProviderServerWithActions](srv)},
		{"list resources", implements[tfprotov6.ProviderServerWithListResource](srv)},
		{"state stores", implements[tfprotov6.ProviderServerWithStateStores](srv)},
	} {
		if !iface.ok {
			t.Errorf("the server does not serve %s: the wrapper hides the framework's", iface.name)
		}
	}

	// Each request's context carries a value whose collection is counted.
	const n = 2000
	type key struct{}
	var live atomic.Int64
	for range n {
		v := new([1024]byte)
		live.Add(1)
		runtime.AddCleanup(v, func(struct{}) { live.Add(-1) }, struct{}{})
		ctx := context.WithValue(context.Background(), key{}, v)
		resp, err := srv.GetMetadata(ctx, &tfprotov6.GetMetadataRequest{})
		if err != nil || len(resp.Resources) == 0 {
			t.Fatalf("GetMetadata: %v %v", err, resp)
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for live.Load() > 10 && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(20 * time.Millisecond)
	}
	if got := live.Load(); got > 10 {
		t.Errorf("%d of %d requests' contexts are still alive after the requests returned; want at most 10", got, n)
	}
	runtime.KeepAlive(srv)
}

func implements[I any](v any) bool {
	_, ok := v.(I)
	return ok
}

// StopProvider (an interrupt) still cancels the requests in flight: the
// framework cancels the contexts it derived from Detached's.
func TestServerStopCancelsRequestsInFlight(t *testing.T) {
	started := make(chan struct{})
	srv := provider.Detached(mustServer(t, &stopProvider{started: started}))
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"id": tftypes.String}}
	state, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, map[string]tftypes.Value{"id": tftypes.NewValue(tftypes.String, "1")}))
	if err != nil {
		t.Fatal(err)
	}
	type result struct {
		resp *tfprotov6.ReadResourceResponse
		err  error
	}
	done := make(chan result, 1)
	go func() {
		resp, err := srv.ReadResource(context.Background(), &tfprotov6.ReadResourceRequest{TypeName: "stop_wait", CurrentState: &state})
		done <- result{resp, err}
	}()
	<-started
	if _, err := srv.StopProvider(context.Background(), &tfprotov6.StopProviderRequest{}); err != nil {
		t.Fatal(err)
	}
	select {
	case r := <-done:
		if r.err != nil || len(r.resp.Diagnostics) != 1 || r.resp.Diagnostics[0].Summary != "read interrupted: context canceled" {
			t.Errorf("ReadResource after StopProvider: %v %+v, want the diagnostic %q", r.err, r.resp, "read interrupted: context canceled")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("ReadResource still waits 5 s after StopProvider: its context was not canceled")
	}
}

func mustServer(t *testing.T, p fwprovider.Provider) tfprotov6.ProviderServer {
	t.Helper()
	s, err := providerserver.NewProtocol6WithError(p)()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// stopProvider serves stop_wait, whose Read waits for its context to end.
type stopProvider struct{ started chan struct{} }

func (*stopProvider) Metadata(_ context.Context, _ fwprovider.MetadataRequest, resp *fwprovider.MetadataResponse) {
	resp.TypeName = "stop"
}
func (*stopProvider) Schema(context.Context, fwprovider.SchemaRequest, *fwprovider.SchemaResponse) {}
func (*stopProvider) Configure(context.Context, fwprovider.ConfigureRequest, *fwprovider.ConfigureResponse) {
}
func (*stopProvider) DataSources(context.Context) []func() datasource.DataSource { return nil }
func (p *stopProvider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{func() resource.Resource { return &stopWait{started: p.started} }}
}

type stopWait struct{ started chan struct{} }

func (*stopWait) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_wait"
}
func (*stopWait) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}}}
}
func (*stopWait) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (w *stopWait) Read(ctx context.Context, _ resource.ReadRequest, resp *resource.ReadResponse) {
	close(w.started)
	select {
	case <-ctx.Done():
		resp.Diagnostics.AddError("read interrupted: "+ctx.Err().Error(), "")
	case <-time.After(10 * time.Second):
	}
}
func (*stopWait) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (*stopWait) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}
