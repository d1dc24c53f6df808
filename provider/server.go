package provider

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// NewServer returns a constructor of the provider's protocol-6 server, as
// providerserver.Serve builds it, behind Detached.
func NewServer(version string) func() tfprotov6.ProviderServer {
	return func() tfprotov6.ProviderServer { return Detached(providerserver.NewProtocol6(New(version)())()) }
}

// Detached wraps the framework's server so that a request's context is not
// kept once the request has returned.
//
// The framework (terraform-plugin-framework v1.19.0,
// internal/proto6server/serve.go, registerContext) derives every request's
// context with context.WithCancel and appends its CancelFunc to a slice of
// the server that only StopProvider (an interrupt) empties. Each CancelFunc
// holds its context, and through it the parent: the request's gRPC stream
// and the loggers terraform-plugin-go and the framework put in it, about
// 10 kB a request. A provider process serves every request of a Terraform
// walk, so a plan of 3,000 objects kept about 100 MB alive to its end, and
// a provider served in debug mode (reattached, one process for every walk)
// grew with each plan.
//
// Detached hands the framework a context that forwards to the request's
// until the request returns, then to an ended, empty one: what the
// framework keeps of a request is a few small objects. A context still used
// after its request returned (a batched read that outlives the request that
// began it, under context.WithoutCancel) then has no values: its logs are
// dropped, as tflog does without a logger. A shared read's lines go out
// through a reader still waiting on it (client/shared_log.go), so they are
// dropped only when no reader waits any more. The streaming calls (ListResource,
// InvokeAction, ReadStateBytes, WriteStateBytes) use the context after they
// return and are passed through as they are.
//
// A server without the framework's optional interfaces (actions, list
// resources, state stores) is returned as it is: the wrapper would hide them.
func Detached(s tfprotov6.ProviderServer) tfprotov6.ProviderServer {
	if full, ok := s.(fullServer); ok {
		return detached{full}
	}
	return s
}

// fullServer is what the framework's server implements.
type fullServer interface {
	tfprotov6.ProviderServerWithActions
	tfprotov6.ProviderServerWithListResource
	tfprotov6.ProviderServerWithStateStores
}

type detached struct{ fullServer }

// requestContext forwards to the request's context until detach.
type requestContext struct{ to atomic.Pointer[ctxRef] }

type ctxRef struct{ context.Context }

// ended is what a request's context forwards to once the request returned:
// canceled, as gRPC cancels it then, and without values.
var ended = func() *ctxRef {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return &ctxRef{ctx}
}()

func (c *requestContext) Deadline() (time.Time, bool) { return c.to.Load().Deadline() }
func (c *requestContext) Done() <-chan struct{}       { return c.to.Load().Done() }
func (c *requestContext) Err() error                  { return c.to.Load().Err() }
func (c *requestContext) Value(key any) any           { return c.to.Load().Value(key) }

// serve calls f with a context that forwards to ctx while f runs.
func serve[Req, Resp any](ctx context.Context, req Req, f func(context.Context, Req) (Resp, error)) (Resp, error) {
	c := &requestContext{}
	c.to.Store(&ctxRef{ctx})
	defer c.to.Store(ended)
	return f(c, req)
}

func (s detached) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	return serve(ctx, req, s.fullServer.ApplyResourceChange)
}

func (s detached) CallFunction(ctx context.Context, req *tfprotov6.CallFunctionRequest) (*tfprotov6.CallFunctionResponse, error) {
	return serve(ctx, req, s.fullServer.CallFunction)
}

func (s detached) CloseEphemeralResource(ctx context.Context, req *tfprotov6.CloseEphemeralResourceRequest) (*tfprotov6.CloseEphemeralResourceResponse, error) {
	return serve(ctx, req, s.fullServer.CloseEphemeralResource)
}

func (s detached) ConfigureProvider(ctx context.Context, req *tfprotov6.ConfigureProviderRequest) (*tfprotov6.ConfigureProviderResponse, error) {
	return serve(ctx, req, s.fullServer.ConfigureProvider)
}

func (s detached) ConfigureStateStore(ctx context.Context, req *tfprotov6.ConfigureStateStoreRequest) (*tfprotov6.ConfigureStateStoreResponse, error) {
	return serve(ctx, req, s.fullServer.ConfigureStateStore)
}

func (s detached) DeleteState(ctx context.Context, req *tfprotov6.DeleteStateRequest) (*tfprotov6.DeleteStateResponse, error) {
	return serve(ctx, req, s.fullServer.DeleteState)
}

func (s detached) GenerateResourceConfig(ctx context.Context, req *tfprotov6.GenerateResourceConfigRequest) (*tfprotov6.GenerateResourceConfigResponse, error) {
	return serve(ctx, req, s.fullServer.GenerateResourceConfig)
}

func (s detached) GetFunctions(ctx context.Context, req *tfprotov6.GetFunctionsRequest) (*tfprotov6.GetFunctionsResponse, error) {
	return serve(ctx, req, s.fullServer.GetFunctions)
}

func (s detached) GetMetadata(ctx context.Context, req *tfprotov6.GetMetadataRequest) (*tfprotov6.GetMetadataResponse, error) {
	return serve(ctx, req, s.fullServer.GetMetadata)
}

func (s detached) GetProviderSchema(ctx context.Context, req *tfprotov6.GetProviderSchemaRequest) (*tfprotov6.GetProviderSchemaResponse, error) {
	return serve(ctx, req, s.fullServer.GetProviderSchema)
}

func (s detached) GetResourceIdentitySchemas(ctx context.Context, req *tfprotov6.GetResourceIdentitySchemasRequest) (*tfprotov6.GetResourceIdentitySchemasResponse, error) {
	return serve(ctx, req, s.fullServer.GetResourceIdentitySchemas)
}

func (s detached) GetStates(ctx context.Context, req *tfprotov6.GetStatesRequest) (*tfprotov6.GetStatesResponse, error) {
	return serve(ctx, req, s.fullServer.GetStates)
}

func (s detached) ImportResourceState(ctx context.Context, req *tfprotov6.ImportResourceStateRequest) (*tfprotov6.ImportResourceStateResponse, error) {
	return serve(ctx, req, s.fullServer.ImportResourceState)
}

func (s detached) LockState(ctx context.Context, req *tfprotov6.LockStateRequest) (*tfprotov6.LockStateResponse, error) {
	return serve(ctx, req, s.fullServer.LockState)
}

func (s detached) MoveResourceState(ctx context.Context, req *tfprotov6.MoveResourceStateRequest) (*tfprotov6.MoveResourceStateResponse, error) {
	return serve(ctx, req, s.fullServer.MoveResourceState)
}

func (s detached) OpenEphemeralResource(ctx context.Context, req *tfprotov6.OpenEphemeralResourceRequest) (*tfprotov6.OpenEphemeralResourceResponse, error) {
	return serve(ctx, req, s.fullServer.OpenEphemeralResource)
}

func (s detached) PlanAction(ctx context.Context, req *tfprotov6.PlanActionRequest) (*tfprotov6.PlanActionResponse, error) {
	return serve(ctx, req, s.fullServer.PlanAction)
}

func (s detached) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	return serve(ctx, req, s.fullServer.PlanResourceChange)
}

func (s detached) ReadDataSource(ctx context.Context, req *tfprotov6.ReadDataSourceRequest) (*tfprotov6.ReadDataSourceResponse, error) {
	return serve(ctx, req, s.fullServer.ReadDataSource)
}

func (s detached) ReadResource(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	return serve(ctx, req, s.fullServer.ReadResource)
}

func (s detached) RenewEphemeralResource(ctx context.Context, req *tfprotov6.RenewEphemeralResourceRequest) (*tfprotov6.RenewEphemeralResourceResponse, error) {
	return serve(ctx, req, s.fullServer.RenewEphemeralResource)
}

func (s detached) StopProvider(ctx context.Context, req *tfprotov6.StopProviderRequest) (*tfprotov6.StopProviderResponse, error) {
	return serve(ctx, req, s.fullServer.StopProvider)
}

func (s detached) UnlockState(ctx context.Context, req *tfprotov6.UnlockStateRequest) (*tfprotov6.UnlockStateResponse, error) {
	return serve(ctx, req, s.fullServer.UnlockState)
}

func (s detached) UpgradeResourceIdentity(ctx context.Context, req *tfprotov6.UpgradeResourceIdentityRequest) (*tfprotov6.UpgradeResourceIdentityResponse, error) {
	return serve(ctx, req, s.fullServer.UpgradeResourceIdentity)
}

func (s detached) UpgradeResourceState(ctx context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	return serve(ctx, req, s.fullServer.UpgradeResourceState)
}

func (s detached) ValidateActionConfig(ctx context.Context, req *tfprotov6.ValidateActionConfigRequest) (*tfprotov6.ValidateActionConfigResponse, error) {
	return serve(ctx, req, s.fullServer.ValidateActionConfig)
}

func (s detached) ValidateDataResourceConfig(ctx context.Context, req *tfprotov6.ValidateDataResourceConfigRequest) (*tfprotov6.ValidateDataResourceConfigResponse, error) {
	return serve(ctx, req, s.fullServer.ValidateDataResourceConfig)
}

func (s detached) ValidateEphemeralResourceConfig(ctx context.Context, req *tfprotov6.ValidateEphemeralResourceConfigRequest) (*tfprotov6.ValidateEphemeralResourceConfigResponse, error) {
	return serve(ctx, req, s.fullServer.ValidateEphemeralResourceConfig)
}

func (s detached) ValidateListResourceConfig(ctx context.Context, req *tfprotov6.ValidateListResourceConfigRequest) (*tfprotov6.ValidateListResourceConfigResponse, error) {
	return serve(ctx, req, s.fullServer.ValidateListResourceConfig)
}

func (s detached) ValidateProviderConfig(ctx context.Context, req *tfprotov6.ValidateProviderConfigRequest) (*tfprotov6.ValidateProviderConfigResponse, error) {
	return serve(ctx, req, s.fullServer.ValidateProviderConfig)
}

func (s detached) ValidateResourceConfig(ctx context.Context, req *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	return serve(ctx, req, s.fullServer.ValidateResourceConfig)
}

func (s detached) ValidateStateStoreConfig(ctx context.Context, req *tfprotov6.ValidateStateStoreConfigRequest) (*tfprotov6.ValidateStateStoreConfigResponse, error) {
	return serve(ctx, req, s.fullServer.ValidateStateStoreConfig)
}
