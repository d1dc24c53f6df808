package framework

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"reflect"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// The ids of two contact centers overlap (each numbers its skill groups
// from 101), so a resource whose provider configuration now reaches another
// center (its provider or a module's providers changed, a moved block
// between two aliases, an endpoint pointed elsewhere) reads whatever object
// holds its id there. An agent tells by its number ("answers as agent …");
// the other kinds read that object as drift, and the plan showed an in-place
// update of the other center's object. Each object therefore keeps, in its
// private state, the surface URLs it was created or last read through
// (centerKey), and a refresh through other URLs that finds the object
// changed is refused. A refresh that finds it unchanged is the same
// contact center at a new address (a host renamed, an endpoint written
// another way): the new URLs are recorded and nothing is said.

// centerKey is the private state key of the surface URLs (a JSON object,
// surface => URL) an object was created or last read through.
const centerKey = "contact_center_urls"

// CenterOf is what centerKey records for the contact center c reaches: its
// five surface URLs without a user and password, as JSON; "" for no client.
func CenterOf(c *client.Client) string {
	if c == nil {
		return ""
	}
	urls := map[string]string{}
	for _, s := range []client.Surface{client.SurfaceBase, client.SurfaceAutocall, client.SurfacePortal, client.SurfacePortalOpen, client.SurfaceSMSAPI} {
		u, err := url.Parse(c.URL(s))
		if err != nil {
			return "" // not reached: the URLs were parsed by client.New
		}
		u.User = nil // a password in the URL stays out of the state and of errors
		urls[string(s)] = u.String()
	}
	b, _ := json.Marshal(urls) // a map of strings always marshals
	return string(b)
}

// privateData is the private state of a request or response
// (*privatestate.ProviderData, internal to the framework).
type privateData interface {
	GetKey(ctx context.Context, key string) ([]byte, diag.Diagnostics)
	SetKey(ctx context.Context, key string, value []byte) diag.Diagnostics
}

// RecordCenter records, after a create or a refresh, the contact center
// the object is in (s.Center; nothing when it is not known).
func (s Steps[M]) RecordCenter(ctx context.Context, private privateData, diags *diag.Diagnostics) {
	if s.Center == "" || private == nil || reflect.ValueOf(private).IsNil() {
		return
	}
	diags.Append(private.SetKey(ctx, centerKey, []byte(s.Center))...)
}

// checkCenter runs after a refresh that found the object: when the object
// was created or last read through other surface URLs and now reads
// differently from the state, it is most likely another contact center's
// object with the same id, and the refresh is refused (nothing was
// changed). Otherwise the URLs are recorded.
func (s Steps[M]) checkCenter(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if s.Center == "" || req.Private == nil || resp.Diagnostics.HasError() || resp.State.Raw.IsNull() {
		return
	}
	prior, d := req.Private.GetKey(ctx, centerKey)
	resp.Diagnostics.Append(d...)
	if len(prior) > 0 && string(prior) != s.Center && !resp.State.Raw.Equal(req.State.Raw) {
		var id types.String
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("id"), &id)...)
		resp.Diagnostics.AddError("Unable to Read "+s.Title, fmt.Sprintf(
			"%s %s was created or last read through other addresses than the ones this provider configuration reaches now (%s), and what the id %s names there "+
				"differs from the state. The ids of two contact centers overlap, so this is most likely another contact center's %s, with the same id. Nothing was changed. "+
				"The provider configuration may point at another contact center than the one this %s was created in "+
				"(the resource's provider or the module's providers changed, a moved block crossed two provider configurations, or the endpoint changed). "+
				"Point the resource back at its contact center, or remove it from the state (terraform state rm, or a removed block with lifecycle { destroy = false }) "+
				"and create or import in the other contact center the %s this configuration means. "+
				"If it is the same contact center at a new address, this %s changed since it was last read (in the portal, a review, a template that now uses a signature), "+
				"and only an object read unchanged at a new address is taken as the same: run terraform apply -refresh-only through the old address first, then plan at the new one; "+
				"where the old address no longer answers, remove the %s from the state and import it again.",
			sentence(Noun(s.Title)), id.ValueString(), centerChange(string(prior), s.Center), id.ValueString(), Noun(s.Title), Noun(s.Title), Noun(s.Title), Noun(s.Title), Noun(s.Title)))
		return
	}
	s.RecordCenter(ctx, resp.Private, &resp.Diagnostics)
}

// centerChange says how the addresses changed: "http://a, now http://b"
// when every surface moved from one origin to another (an endpoint),
// else each surface whose URL differs ("portal_url was …, now …").
func centerChange(prior, now string) string {
	var p, n map[string]string
	if json.Unmarshal([]byte(prior), &p) != nil || json.Unmarshal([]byte(now), &n) != nil {
		return "the recorded addresses cannot be read"
	}
	var out []string
	origins := map[[2]string]bool{}
	for _, k := range slices.Sorted(maps.Keys(n)) {
		origins[[2]string{origin(p[k]), origin(n[k])}] = true
		if p[k] != n[k] {
			out = append(out, fmt.Sprintf("%s was %s, now %s", k, p[k], n[k]))
		}
	}
	if len(origins) == 1 {
		for o := range origins {
			if o[0] != o[1] && o[0] != "" {
				return fmt.Sprintf("%s, now %s", o[0], o[1])
			}
		}
	}
	return strings.Join(out, "; ")
}

// origin is a URL without its path ("http://127.0.0.1:18080"); "" when it
// does not parse.
func origin(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

// sentence is a noun at the beginning of a sentence: "Skill group",
// "SMS template".
func sentence(noun string) string {
	if noun == "" {
		return ""
	}
	return strings.ToUpper(noun[:1]) + noun[1:]
}

// UnreadElsewhere refuses a write (op: "Update", "Delete") to an object
// recorded at other addresses than the ones the provider configuration
// reaches now, which the plan did not read there (-refresh=false): its id
// may name another contact center's object, which the write would change
// or delete. A plan with a refresh reads it first (checkCenter), and
// records the new addresses of an object found unchanged.
func (s Steps[M]) UnreadElsewhere(ctx context.Context, op string, private privateData, state tfsdk.State, diags *diag.Diagnostics) bool {
	if s.Center == "" || private == nil || reflect.ValueOf(private).IsNil() {
		return false
	}
	prior, d := private.GetKey(ctx, centerKey)
	diags.Append(d...)
	if len(prior) == 0 || string(prior) == s.Center {
		return false
	}
	var id types.String
	diags.Append(state.GetAttribute(ctx, path.Root("id"), &id)...)
	diags.AddError("Unable to "+op+" "+s.Title, fmt.Sprintf(
		"%s %s was created or last read through other addresses than the ones this provider configuration reaches now (%s), and this plan did not read it there "+
			"(it was made with -refresh=false): the id may name another contact center's %s. Nothing was changed. "+
			"Plan again without -refresh=false: the refresh reads the object, takes one unchanged at a new address as the same, and refuses one that differs.",
		sentence(Noun(s.Title)), id.ValueString(), centerChange(string(prior), s.Center), Noun(s.Title)))
	return true
}
