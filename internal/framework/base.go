// Package framework is the shared base of every Terraform object of the
// provider: what every resource, data source, action and list resource does
// the same way lives here once, and an object's own file calls these steps by
// name (STYLE.md "One shape, written once").
//
//   - Resource, DataSource, Action: Metadata and Configure, embedded.
//   - Steps: read-or-remove, delete-if-gone, import by id or identity, and the
//     read-back after a write that saves the id and the planned values first.
//   - Lister: the list resource of a managed resource (`terraform query`).
//   - Flatten/Expand: fields mapped by name between models and client types.
//   - ComputedAttributes: a data source schema derived from a resource's.
//   - RequiredWhen and friends: conditional rules as ConfigValidators.
package framework

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// Resource is embedded by every managed resource and list resource: it
// answers Metadata and Configure and holds the client.
type Resource struct {
	// Name is the type name without the provider prefix ("skill_group").
	Name string
	// Client is set by Configure; nil while the provider is not configured.
	Client *client.Client
	// Claims, set by Configure, are the provider's record of what this
	// process writes and plans (tfkit.Claims); nil before Configure.
	Claims *tfkit.Claims
}

// NewResource returns the base of the resource contactcenter_<name>.
func NewResource(name string) Resource { return Resource{Name: name} }

// Metadata names the resource contactcenter_<name>.
func (r *Resource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + r.Name
}

// Configure takes the client from the provider data.
func (r *Resource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	if c := tfkit.ClientFrom(req.ProviderData, &resp.Diagnostics); c != nil {
		r.Client = c
	}
	r.Claims = tfkit.ClaimsFrom(req.ProviderData)
}

// DataSource is embedded by every data source.
type DataSource struct {
	Name   string
	Client *client.Client
}

// NewDataSource returns the base of the data source contactcenter_<name>.
func NewDataSource(name string) DataSource { return DataSource{Name: name} }

// Metadata names the data source contactcenter_<name>.
func (d *DataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + d.Name
}

// Configure takes the client from the provider data.
func (d *DataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	if c := tfkit.ClientFrom(req.ProviderData, &resp.Diagnostics); c != nil {
		d.Client = c
	}
}

// Action is embedded by every action.
type Action struct {
	Name   string
	Client *client.Client
	// Claims, set by Configure, are the provider's record of what this
	// process writes and plans (tfkit.Claims); nil before Configure.
	Claims *tfkit.Claims
	// NestedPaths: the Terraform that runs the provider shows a nested
	// attribute's diagnostic at its line (tfkit.ShowsNestedPaths, 1.15 and
	// later; ShownLines); set by Configure.
	NestedPaths bool
}

// NewAction returns the base of the action contactcenter_<name>.
func NewAction(name string) Action { return Action{Name: name} }

// Metadata names the action contactcenter_<name>.
func (a *Action) Metadata(_ context.Context, req action.MetadataRequest, resp *action.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + a.Name
}

// Configure takes the client from the provider data.
func (a *Action) Configure(_ context.Context, req action.ConfigureRequest, resp *action.ConfigureResponse) {
	if c := tfkit.ClientFrom(req.ProviderData, &resp.Diagnostics); c != nil {
		a.Client = c
	}
	a.Claims = tfkit.ClaimsFrom(req.ProviderData)
	a.NestedPaths = tfkit.NestedPathsFrom(req.ProviderData)
}

// Configured adds an error and returns false when an action is invoked
// before the provider was configured.
func (a *Action) Configured(resp *action.InvokeResponse) bool {
	if a.Client == nil {
		resp.Diagnostics.AddError("Provider Not Configured", "The provider was not configured; the action cannot call the API.")
		return false
	}
	return true
}

// Managed is the base of a managed resource over its model M: Resource
// (Metadata, Configure, the id identity), the common Steps, and Read, which
// is read-or-remove through Steps.Get. The resource's file declares its
// schema and calls Steps.Create, Steps.Update and Steps.Delete by name.
type Managed[M any] struct {
	Resource
	Steps Steps[M]
}

// NewManaged returns the base of the resource contactcenter_<name>; title
// names it in error summaries ("Skill Group"), get reads the object a model
// names (see Steps.Get).
func NewManaged[M any](name, title string, get func(ctx context.Context, m *M) error) Managed[M] {
	return Managed[M]{Resource: NewResource(name), Steps: Steps[M]{Title: title, Get: get}}
}

// Configure takes the client from the provider data (Resource.Configure),
// and whether a refused write's error may be shown at a nested attribute.
func (r *Managed[M]) Configure(ctx context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.Resource.Configure(ctx, req, resp)
	r.Steps.NestedPaths = tfkit.NestedPathsFrom(req.ProviderData)
	r.Steps.Claims = r.Claims
	if r.Client != nil {
		r.Steps.AfterInterrupt = r.Client.AfterInterrupt
		r.Steps.Center = CenterOf(r.Client)
	}
}

// Read is read-or-remove (Steps.Read). Terraform reads a resource to
// refresh it, in a plan's walk: the client is told (client.FreshReads),
// and the claims (Refreshing).
func (r *Managed[M]) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	r.Refreshing(ctx, req)
	r.Steps.Read(ctx, req, resp)
}

// Refreshing tells the client (client.Client.Refreshing) and the claims
// (tfkit.Claims.Refreshed, by the type and the object's id) that the
// object of req is refreshed, in a plan's walk. The read that follows an
// import (importUnreadKey) is no refresh of the state for the claims: a
// plan that imports an object the state holds at another address reads
// it twice, and took the second read for a later command's plan,
// forgetting what it had planned before the import.
func (r *Resource) Refreshing(ctx context.Context, req resource.ReadRequest) {
	if r.Client != nil {
		r.Client.Refreshing()
	}
	var id types.String
	if r.Claims != nil && !req.State.Raw.IsNull() && !importUnread(ctx, req.Private) && !req.State.GetAttribute(ctx, path.Root("id"), &id).HasError() && id.ValueString() != "" {
		r.Claims.Refreshed(r.Name + "\x00" + id.ValueString())
	}
}

// PlanChecks is every action's ModifyPlan: the action's checks run on the
// configuration as planned. At validation the values of variables (and of
// other objects) are unknown and their checks skipped; at plan the
// variables are known, so a number listed twice fails the plan rather
// than the apply after the resources it triggers on were changed. Values
// still unknown (another object's id) are checked at invoke.
//
// The details name their attribute (namePaths), as an invoke's do: an
// action that a resource's action_trigger plans has its plan's diagnostics
// shown at the trigger's `actions = [...]` line ("Failed to plan action"),
// without the attribute's line (Terraform 1.15), and `"12345" is not a
// mobile number` did not say which of mobiles it was.
func PlanChecks(ctx context.Context, self action.Action, req action.ModifyPlanRequest, resp *action.ModifyPlanResponse) {
	var diags diag.Diagnostics
	Revalidate(ctx, self, req.Config, &diags)
	resp.Diagnostics.Append(namePaths(diags)...)
}

// Progress reports a message while an action runs; it does nothing when
// Terraform does not listen.
type Progress func(format string, args ...any)

// Invoke is every action's Invoke: the provider configured, the action's
// checks run again on the known configuration (Revalidate), the
// configuration into a new model, then run with a progress reporter and
// the response's diagnostics.
func Invoke[M any](ctx context.Context, self action.Action, a *Action, req action.InvokeRequest, resp *action.InvokeResponse,
	run func(ctx context.Context, m *M, progress Progress, diags *diag.Diagnostics)) {
	if !a.Configured(resp) {
		return
	}
	// Terraform shows an invoke's diagnostics without their attribute's
	// line (on the action_trigger, or none with -invoke): the detail names
	// the attribute itself.
	defer func() { resp.Diagnostics = noteSkipped(namePaths(resp.Diagnostics)) }()
	// Values that referred to other objects were unknown at validation:
	// the checks run again now that every value is known.
	Revalidate(ctx, self, req.Config, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		resp.Diagnostics = noteLast(resp.Diagnostics, NothingDone+" "+RerunHint(a.Name))
		return
	}
	var m M
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	progress := func(format string, args ...any) {
		if resp.SendProgress != nil {
			resp.SendProgress(action.InvokeProgressEvent{Message: fmt.Sprintf(format, args...)})
		}
	}
	// A wait before a retry (minutes after an HTTP 429) shows as progress.
	ctx = client.WithRetryNotice(ctx, func(line string) { progress("%s", line) })
	run(ctx, &m, progress, &resp.Diagnostics)
}

// namePaths starts the detail of each diagnostic that has an attribute
// path with that path ("mobiles[0]: ..."), unless the detail names it, or
// the element it is in ("recipients[0] (13900000051) has no value").
func namePaths(diags diag.Diagnostics) diag.Diagnostics {
	out := make(diag.Diagnostics, 0, len(diags))
	for _, d := range diags {
		pd, ok := d.(diag.DiagnosticWithPath)
		if !ok || pd.Path().Equal(path.Empty()) || namesPath(d.Detail(), pd.Path()) {
			out = append(out, d)
			continue
		}
		detail := pd.Path().String() + ": " + d.Detail()
		if d.Severity() == diag.SeverityError {
			out = append(out, diag.NewAttributeErrorDiagnostic(pd.Path(), d.Summary(), detail))
		} else {
			out = append(out, diag.NewAttributeWarningDiagnostic(pd.Path(), d.Summary(), detail))
		}
	}
	return out
}

// TriggerSkipped is what a failed action leaves undone besides itself:
// Terraform (1.14, 1.15) runs none of the actions that a resource's
// action_trigger blocks list after a failed one, and names none of them.
const TriggerSkipped = "If an action_trigger ran this action, Terraform did not run the actions listed after it for the same resource " +
	"(later in that action_trigger or in a later one), and does not name them: invoke those too."

// NothingDone ends an invoke refused by the checks run again at invoke
// (Revalidate): a value known only at apply (a number from another
// resource listed twice) failed the action with the check's words alone,
// and the user of a send did not know whether any message went out.
const NothingDone = "Nothing was done: the action checks its configuration again, every value known, before it makes any call."

// RerunHint says how to run action name again. An action fired by a
// trigger (after_create) is not fired by the next apply, whose plan is
// empty; the action's address in the configuration is not known to the
// provider.
func RerunHint(name string) string {
	return fmt.Sprintf("To run it again (a trigger such as after_create does not fire on the next apply, whose plan is empty): "+
		"terraform apply -invoke=action.contactcenter_%s.<name>, with the name of the action block (and its instance: "+
		"-invoke='action.contactcenter_%s.<name>[\"key\"]' for for_each, -invoke='action.contactcenter_%s.<name>[0]' for count).", name, name, name)
}

// noteSkipped ends the last error of a failed invoke with TriggerSkipped,
// once, so the user learns of the actions that did not run.
func noteSkipped(diags diag.Diagnostics) diag.Diagnostics { return noteLast(diags, TriggerSkipped) }

// noteLast ends the last error of diags with a paragraph, note.
func noteLast(diags diag.Diagnostics, note string) diag.Diagnostics {
	for i := len(diags) - 1; i >= 0; i-- {
		d := diags[i]
		if d.Severity() != diag.SeverityError {
			continue
		}
		detail := strings.TrimRight(d.Detail(), "\n") + "\n\n" + note
		if pd, ok := d.(diag.DiagnosticWithPath); ok && !pd.Path().Equal(path.Empty()) {
			diags[i] = diag.NewAttributeErrorDiagnostic(pd.Path(), d.Summary(), detail)
		} else {
			diags[i] = diag.NewErrorDiagnostic(d.Summary(), detail)
		}
		break
	}
	return diags
}

// namesPath reports whether detail names the attribute at p: as the path
// prints (user_data["status"]), or as a text may write a map key
// (user_data.status), or its element when p is an attribute of one
// (recipients[0] for recipients[0].mobile).
func namesPath(detail string, p path.Path) bool {
	named := func(p path.Path) bool {
		return strings.Contains(detail, p.String()) || strings.Contains(detail, mapKeyDots.ReplaceAllString(p.String(), ".$1"))
	}
	return named(p) || (strings.HasSuffix(p.ParentPath().String(), "]") && named(p.ParentPath()))
}

// mapKeyDots matches a map key step of a printed path (["status"]).
var mapKeyDots = regexp.MustCompile(`\["([^"]*)"\]`)
