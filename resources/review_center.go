package resources

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
)

// Configure takes the client (framework.Resource.Configure) and the
// contact center it reaches, which a create records and a refresh checks
// (framework.Steps.Center).
func (r *reviewedResource[M]) Configure(ctx context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.Resource.Configure(ctx, req, resp)
	r.steps.Center = framework.CenterOf(r.Client)
	r.steps.Claims = r.Claims
}
