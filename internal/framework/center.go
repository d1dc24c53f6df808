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
	"github.com/hashicorp/terraform-plugin-go/tftypes"

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
// five surface URLs without a user and password, written one way
// (centerURL), as a JSON object; only the origin, as a JSON string, when
// all five are that origin's
// (an endpoint: what most configurations set, and 10 times shorter in a
// state that holds it once per object); "" for no client.
func CenterOf(c *client.Client) string {
	if c == nil {
		return ""
	}
	urls := map[string]string{}
	for _, s := range centerSurfaces {
		urls[string(s)] = centerURL(c.URL(s))
	}
	return compactCenter(urls)
}

// RecordedCenter is what centerKey holds in an instance's private state as
// a state file keeps it (the provider's private bytes: a JSON object of
// keys to base64 values); "" when nothing is recorded.
func RecordedCenter(private []byte) string {
	if len(private) == 0 {
		return ""
	}
	var keys map[string][]byte
	if json.Unmarshal(private, &keys) != nil {
		return ""
	}
	return string(keys[centerKey])
}

// CenterElsewhere says how the addresses recorded (RecordedCenter) differ
// from the ones c reaches ("http://a, now http://b"), and whether they do:
// false when they are the same contact center's (sameCenter) or nothing is
// recorded.
func CenterElsewhere(recorded string, c *client.Client) (string, bool) {
	now := CenterOf(c)
	if recorded == "" || now == "" || sameCenter(recorded, now) {
		return "", false
	}
	return centerChange(recorded, now), true
}

// centerSurfaces are the surfaces whose URLs centerKey records.
var centerSurfaces = []client.Surface{client.SurfaceBase, client.SurfaceAutocall, client.SurfacePortal, client.SurfacePortalOpen, client.SurfaceSMSAPI}

// compactCenter is the origin alone when every surface URL is that
// origin's (client.SurfaceURLs), else the URLs as JSON.
func compactCenter(urls map[string]string) string {
	if o := origin(urls[string(client.SurfaceBase)]); o != "" {
		same := true
		for s, u := range client.SurfaceURLs(o) {
			same = same && urls[string(s)] == u
		}
		if same {
			q, _ := json.Marshal(o) // the private state holds JSON: "http://…"
			return string(q)
		}
	}
	b, _ := json.Marshal(urls) // a map of strings always marshals
	return string(b)
}

// centerURLs reads what centerKey recorded: the origin alone as a JSON
// string, or the URLs as a JSON object (what 3ae3da1 always wrote). nil when it cannot be read.
func centerURLs(recorded string) map[string]string {
	if !strings.HasPrefix(recorded, "{") {
		var o string
		if json.Unmarshal([]byte(recorded), &o) != nil || origin(o) == "" {
			return nil
		}
		recorded = o
		out := map[string]string{}
		for s, u := range client.SurfaceURLs(recorded) {
			out[string(s)] = u
		}
		return out
	}
	var out map[string]string
	if json.Unmarshal([]byte(recorded), &out) != nil {
		return nil
	}
	return out
}

// centerURL writes a surface URL one way, so that the same contact center
// configured another way records the same text: no user and password (they
// stay out of the state and of errors), the scheme and host in lower case
// (LOCALHOST, HTTPS://), no default port (:443 of https, :80 of http), no
// trailing slash (the client trims it before each request's path).
func centerURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "" // not reached: the URLs were parsed by client.New
	}
	u.User = nil
	u.Scheme = strings.ToLower(u.Scheme)
	host, port := strings.ToLower(u.Hostname()), u.Port()
	if port == "" || u.Scheme == "https" && port == "443" || u.Scheme == "http" && port == "80" {
		u.Host = host
		if strings.Contains(host, ":") {
			u.Host = "[" + host + "]" // an IPv6 address
		}
	} else {
		u.Host = strings.ToLower(u.Host)
	}
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath = strings.TrimRight(u.RawPath, "/")
	return u.String()
}

// sameCenter reports whether the addresses recorded (prior, what centerKey
// held) reach the contact center the configuration reaches now (now,
// CenterOf): the same surface URLs, written one way (centerURL), whether
// over http:// or https:// (one host and port serves one contact center:
// a deployment that moved to TLS is the same). Recorded addresses that
// cannot be read are not the same.
func sameCenter(prior, now string) bool {
	if prior == now {
		return true
	}
	p, n := centerURLs(prior), centerURLs(now)
	if p == nil || n == nil {
		return false
	}
	for _, s := range centerSurfaces {
		if withoutScheme(centerURL(p[string(s)])) != withoutScheme(centerURL(n[string(s)])) {
			return false
		}
	}
	return true
}

// withoutScheme is a URL written by centerURL without its scheme.
func withoutScheme(u string) string {
	_, rest, _ := strings.Cut(u, "://")
	return rest
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
	if len(prior) > 0 && !sameCenter(string(prior), s.Center) && !s.sameObject(req.State.Raw, resp.State.Raw) {
		var id types.String
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("id"), &id)...)
		resp.Diagnostics.AddError("Unable to Read "+s.Title, fmt.Sprintf(
			"%s %s was created or last read through other addresses than the ones this provider configuration reaches now (%s), and what the id %s names there "+
				"differs from the state. The ids of two contact centers overlap, so this is most likely another contact center's %s, with the same id. Nothing was changed. "+
				"The provider configuration may point at another contact center than the one this %s was created in "+
				"(the resource's provider or the module's providers changed, a moved block crossed two provider configurations, the endpoint changed, or this state was copied from another center's folder or workspace: "+
				"give each contact center a state of its own). "+
				"Point the resource back at its contact center, or remove it from the state (terraform state rm, or a removed block with lifecycle { destroy = false }) "+
				"and create or import in the other contact center the %s this configuration means. "+
				"If it is the same contact center at a new address, this %s was changed since it was last read (in the portal or through the API), "+
				"and only an object read unchanged at a new address is taken as the same: run terraform apply -refresh-only through the old address first, then plan at the new one; "+
				"where the old address no longer answers, remove the %s from the state and import it again.",
			sentence(Noun(s.Title)), id.ValueString(), centerChange(string(prior), s.Center), id.ValueString(), Noun(s.Title), Noun(s.Title), Noun(s.Title), Noun(s.Title), Noun(s.Title)))
		return
	}
	s.RecordCenter(ctx, resp.Private, &resp.Diagnostics)
}

// goneElsewhere refuses a refresh that finds no object under the id when
// the object was created or last read through other surface URLs: the id
// was most likely the other contact center's (a state copied from
// staging's folder, an endpoint changed in place), and taking the object
// out of the state would forget it there (still in that center, no longer
// managed) and plan a new one here. A refresh at the object's own
// addresses that finds it gone still takes it out of the state.
func (s Steps[M]) goneElsewhere(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) bool {
	prior, id, elsewhere := s.recordedElsewhere(ctx, req.Private, req.State, &resp.Diagnostics)
	if !elsewhere {
		return false
	}
	resp.Diagnostics.AddError("Unable to Read "+s.Title, fmt.Sprintf(
		"%s %s was created or last read through other addresses than the ones this provider configuration reaches now (%s), and the id %s names no %s there. "+
			"This state is most likely another contact center's (a state copied from another center's folder or workspace, or the endpoint changed): "+
			"taken out of the state, the %s would be left unmanaged in that center and a new one planned here. Nothing was changed. "+
			"Point the configuration back at the contact center of this state; to build the same objects in this contact center, give it a state of its own "+
			"(another folder without a copy of terraform.tfstate, or terraform workspace new). "+
			"If it is the same contact center at a new address and the %s was deleted there, remove it from the state (terraform state rm) and plan again.",
		sentence(Noun(s.Title)), id, centerChange(prior, s.Center), id, Noun(s.Title), Noun(s.Title), Noun(s.Title)))
	return true
}

// sameObject reports whether a refresh read the object as the state holds
// it, but for the attributes that change by themselves (s.Volatile): a
// review's state, whether a template now uses a signature, a task's status
// and update time. They change without anyone editing the object, so they
// do not tell another contact center's object from this one; the rest
// (names, texts, creation times) does.
func (s Steps[M]) sameObject(prior, read tftypes.Value) bool {
	if len(s.Volatile) == 0 || prior.IsNull() || !prior.IsKnown() {
		return prior.Equal(read)
	}
	kept, err := tftypes.Transform(read, func(p *tftypes.AttributePath, v tftypes.Value) (tftypes.Value, error) {
		steps := p.Steps()
		if len(steps) != 1 {
			return v, nil
		}
		name, ok := steps[0].(tftypes.AttributeName)
		if !ok || !slices.Contains(s.Volatile, string(name)) {
			return v, nil
		}
		old, _, err := tftypes.WalkAttributePath(prior, p)
		if err != nil {
			return v, nil // not in the prior state: compared as read
		}
		if ov, ok := old.(tftypes.Value); ok {
			return ov, nil
		}
		return v, nil
	})
	return err == nil && prior.Equal(kept)
}

// centerChange says how the addresses changed: "http://a, now http://b"
// when every surface moved from one origin to another (an endpoint),
// else each surface whose URL differs ("portal_url was …, now …").
func centerChange(prior, now string) string {
	p, n := centerURLs(prior), centerURLs(now)
	if p == nil || n == nil {
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

// PlanUnreadElsewhere says at plan, in ModifyPlan, what UnreadElsewhere
// refuses at apply: an edit, a replacement or a delete of an object
// recorded at other addresses that this plan did not read there
// (-refresh=false) is refused, so that a saved plan is not approved for an
// apply that can only refuse it. A plan that changes nothing warns: its "No
// changes" read nothing where the configuration points now (staging's
// state copied into production's folder says it of production).
func (s Steps[M]) PlanUnreadElsewhere(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() || s.Center == "" || req.Private == nil {
		return
	}
	if req.Plan.Raw.IsNull() || !req.Plan.Raw.Equal(req.State.Raw) {
		op := "Update"
		if req.Plan.Raw.IsNull() {
			op = "Delete"
		}
		s.UnreadElsewhere(ctx, op, req.Private, req.State, &resp.Diagnostics)
		return
	}
	prior, id, elsewhere := s.recordedElsewhere(ctx, req.Private, req.State, &resp.Diagnostics)
	if !elsewhere {
		return
	}
	resp.Diagnostics.AddWarning(s.Title+" Not Read Where the Configuration Points", fmt.Sprintf(
		"%s %s was created or last read through other addresses than the ones this provider configuration reaches now (%s), and this plan did not read it there "+
			"(it was made with -refresh=false): that it plans no change of it says nothing of what the id %s names there, which may be another contact center's %s. "+
			"Plan again without -refresh=false: the refresh reads the object, takes one unchanged at a new address as the same, and refuses one that differs. "+
			"A plan saves nothing it read: if it is the same contact center at a new address, terraform apply -refresh-only records the new address, and later plans with -refresh=false stop saying this.",
		sentence(Noun(s.Title)), id, centerChange(prior, s.Center), id, Noun(s.Title)))
}

// UnreadElsewhere refuses a write (op: "Update", "Delete") to an object
// recorded at other addresses than the ones the provider configuration
// reaches now, which the plan did not read there (-refresh=false): its id
// may name another contact center's object, which the write would change
// or delete. A plan with a refresh reads it first (checkCenter), and
// records the new addresses of an object found unchanged.
func (s Steps[M]) UnreadElsewhere(ctx context.Context, op string, private privateData, state tfsdk.State, diags *diag.Diagnostics) bool {
	prior, id, elsewhere := s.recordedElsewhere(ctx, private, state, diags)
	if !elsewhere {
		return false
	}
	diags.AddError("Unable to "+op+" "+s.Title, fmt.Sprintf(
		"%s %s was created or last read through other addresses than the ones this provider configuration reaches now (%s), and this plan did not read it there "+
			"(it was made with -refresh=false): the id may name another contact center's %s. Nothing was changed. "+
			"Plan again without -refresh=false: the refresh reads the object, takes one unchanged at a new address as the same, and refuses one that differs.",
		sentence(Noun(s.Title)), id, centerChange(prior, s.Center), Noun(s.Title)))
	return true
}

// recordedElsewhere reads the addresses the object in state was created or
// last read through (centerKey) and its id; elsewhere when they were
// recorded and are other than the ones the provider configuration reaches
// now (not when nothing was recorded: a state of an earlier version, an
// import's first read).
func (s Steps[M]) recordedElsewhere(ctx context.Context, private privateData, state tfsdk.State, diags *diag.Diagnostics) (prior, id string, elsewhere bool) {
	if s.Center == "" || private == nil || reflect.ValueOf(private).IsNil() {
		return "", "", false
	}
	recorded, d := private.GetKey(ctx, centerKey)
	diags.Append(d...)
	if len(recorded) == 0 || sameCenter(string(recorded), s.Center) {
		return "", "", false
	}
	var v types.String
	diags.Append(state.GetAttribute(ctx, path.Root("id"), &v)...)
	return string(recorded), v.ValueString(), true
}
