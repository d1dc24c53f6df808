package framework

import (
	"context"
	"fmt"
	"iter"
	"maps"
	"reflect"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// Lister is the list resource of a managed resource, for `terraform query`
// (Terraform 1.14 and later). It has the managed resource's type name, lists
// the objects that match the filters of its list block through the client's
// paging iterator (at the largest page size the endpoint allows), stops at
// the query's limit, and flattens each object as the resource's Read does,
// so that `-generate-config-out` writes configuration that imports cleanly.
type Lister[F, M, T any] struct {
	Resource
	// Plural names the objects in errors and in the description ("Skill Groups").
	Plural string
	// Description completes the list block's description.
	Description string
	// Filters are the list block's attributes (all optional), named as the
	// list endpoint's filters.
	Filters map[string]listschema.Attribute
	// Items lists the objects that match the filters.
	Items func(ctx context.Context, f F) iter.Seq2[T, error]
	// Detail, when set, reads one listed object in full, for a list whose
	// items lack fields the resource has. It is called only when the query
	// asks for resources: identities and display names come from the list.
	Detail func(ctx context.Context, t T) (T, error)
	// Flatten fills a new model from one object, as Read does.
	Flatten func(ctx context.Context, t T, m *M) error
	// Display names one object for people ("Sales (12)").
	Display func(t T) string
}

// ListResourceConfigSchema is the list block's schema: the filters.
func (l *Lister[F, M, T]) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = listschema.Schema{
		MarkdownDescription: "Lists the existing " + l.Plural + " for `terraform query`. " + l.Description,
		Attributes:          Strict(maps.Clone(l.Filters)),
	}
}

// List streams one result per matching object.
func (l *Lister[F, M, T]) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	var f F
	diags := req.Config.Get(ctx, &f)
	if diags.HasError() {
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}
	if l.Client == nil {
		diags.AddError("Provider Not Configured", "The provider was not configured; "+l.Plural+" cannot be listed.")
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}
	stream.Results = func(push func(list.ListResult) bool) {
		var n int64
		// The last result is held until the next object is read: Terraform
		// stops reading at the list block's limit (100 unless set), so the
		// listing of more objects than that ended as if they were all, and
		// -generate-config-out adopted the first 100 without a word. The
		// result at the limit carries a warning when an object follows it.
		var held *list.ListResult
		flush := func() bool {
			if held == nil {
				return true
			}
			r := *held
			held = nil
			return push(r) && !r.Diagnostics.HasError()
		}
		for t, err := range l.Items(ctx, f) {
			if req.Limit > 0 && n >= req.Limit {
				if err == nil && held != nil {
					held.Diagnostics.AddWarning("Listing Stopped at the Limit",
						fmt.Sprintf("The list block's limit is %d, and more %s than that match its filters: only the first %d are listed "+
							"(and written by -generate-config-out). Set limit in the list block (for example limit = 5000) to list them all.",
							req.Limit, l.Plural, req.Limit))
				}
				flush()
				return
			}
			if !flush() {
				return
			}
			r := req.NewListResult(ctx)
			if err == nil && req.IncludeResource && l.Detail != nil {
				t, err = l.Detail(ctx, t)
			}
			if err == nil {
				var m M
				err = l.Flatten(ctx, t, &m)
				if err == nil {
					r.DisplayName = DisplayText(l.Display(t))
					r.Diagnostics.Append(r.Resource.Set(ctx, &m)...)
					setIdentityFrom(ctx, r.Resource.Raw, r.Identity, &r.Diagnostics)
					if !req.IncludeResource {
						r.Resource = nil
					}
				}
			}
			if err != nil {
				r.Diagnostics.AddError("Unable to List "+l.Plural, tfkit.APIErrorDetailOf(tfkit.OpRead, err))
				push(r)
				return
			}
			n++
			held = &r
		}
		flush()
	}
}

// DisplayText makes a name fit for the one line `terraform query` prints
// per object: control and formatting characters (tabs, newlines, ESC, the
// line and paragraph separators, bidirectional overrides) are written as
// Go escapes, so that a name made in the portal cannot break the listing
// across lines or send sequences to the terminal. Bytes that are not UTF-8
// become U+FFFD. Other text is kept, and so is a subdivision flag (🏴 with
// its tag characters, Scotland), whose tags elsewhere are escaped.
func DisplayText(s string) string {
	if !strings.ContainsFunc(s, unprintable) {
		return s
	}
	var b strings.Builder
	skip := 0 // the end of a subdivision flag written whole
	for i, r := range s {
		if i < skip {
			continue
		}
		if r == blackFlag {
			// A subdivision flag (🏴 and tags: Scotland, Wales) is kept
			// whole; tags anywhere else are invisible, and escaped.
			tags := i + utf8.RuneLen(r)
			if n := emojiTagLength(s[tags:]); n > 0 {
				b.WriteString(s[i : tags+n])
				skip = tags + n
				continue
			}
		}
		if !unprintable(r) || r == utf8.RuneError {
			b.WriteRune(r) // an invalid byte becomes U+FFFD: the protocol carries UTF-8 only
			continue
		}
		q := strconv.QuoteRune(r) // '\t', '\x1b', '\u2028'
		b.WriteString(q[1 : len(q)-1])
	}
	return b.String()
}

// blackFlag (🏴) starts the emoji tag sequences of subdivision flags:
// tag characters (U+E0020 to U+E007E, Cf) ended by U+E007F.
const blackFlag = '\U0001F3F4'

func isTag(r rune) bool { return r >= 0xE0020 && r <= 0xE007E }

// emojiTagLength is the length in bytes of the tags and their end that
// s starts with, 0 when it does not start with a complete run of them.
func emojiTagLength(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case isTag(r):
			n += utf8.RuneLen(r)
		case r == 0xE007F && n > 0:
			return n + utf8.RuneLen(r)
		default:
			return 0
		}
	}
	return 0
}

func unprintable(r rune) bool {
	if r == '\u200d' || r == '\u200c' {
		// The (non-)joiners of emoji sequences (👨‍💻) and of scripts such
		// as Persian join glyphs and do nothing else: escaped, a team's
		// emoji read 👨\u200d💻.
		return false
	}
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029' || r == utf8.RuneError
}

// OmitNulls returns a resource's attributes with every optional attribute
// that has neither a default nor a computed value (nested ones included)
// made computed, with a plan modifier that plans the configured null:
// unset still means null, as before, and `-generate-config-out` (of
// `terraform query` or of an import block) no longer writes `x = null` for
// it. Terraform writes every null optional attribute of a generated
// resource as `x = null` (`null # sensitive` when sensitive) and leaves out
// null computed ones. Write-only attributes, never in state, are left as
// they are.
//
// A removed attribute is proposed by Terraform at its state value, so the
// framework does not mark computed values unknown for a plan whose only
// change is such a removal: a resource whose writes move computed values
// (an updated_at) calls PlanKeepsComputed in ModifyPlan, which does.
func OmitNulls(attrs map[string]schema.Attribute) map[string]schema.Attribute {
	out := make(map[string]schema.Attribute, len(attrs))
	for name, a := range attrs {
		out[name] = omitNull(a)
	}
	return out
}

func omitNull(a schema.Attribute) schema.Attribute {
	v := reflect.New(reflect.TypeOf(a)).Elem()
	v.Set(reflect.ValueOf(a))
	if a.IsOptional() && !a.IsComputed() && !a.IsWriteOnly() {
		pm := v.FieldByName("PlanModifiers")
		if m := reflect.ValueOf(configuredNull{}); pm.IsValid() && m.Type().Implements(pm.Type().Elem()) {
			v.FieldByName("Computed").SetBool(true)
			// First, so that the attribute's own modifiers see the planned
			// null: Terraform proposes a removed optional computed value at
			// its state value, and RequiresReplace compared that with the
			// state, so removing a sound's remark planned an in-place update
			// the service cannot make instead of a replacement.
			first := reflect.MakeSlice(pm.Type(), 0, pm.Len()+1)
			first = reflect.Append(first, m.Convert(pm.Type().Elem()))
			pm.Set(reflect.AppendSlice(first, pm))
		}
	}
	switch a := v.Addr().Interface().(type) {
	case *schema.SingleNestedAttribute:
		a.Attributes = OmitNulls(a.Attributes)
	case *schema.ListNestedAttribute:
		a.NestedObject.Attributes = OmitNulls(a.NestedObject.Attributes)
	case *schema.SetNestedAttribute:
		a.NestedObject.Attributes = OmitNulls(a.NestedObject.Attributes)
	case *schema.MapNestedAttribute:
		a.NestedObject.Attributes = OmitNulls(a.NestedObject.Attributes)
	}
	return v.Interface().(schema.Attribute)
}

// configuredNull plans null where the configuration has null, for the
// attributes OmitNulls makes computed: they keep the meaning of an optional
// attribute (the configuration is the plan) and never plan "(known after
// apply)".
type configuredNull struct{}

func (configuredNull) Description(context.Context) string {
	return "Unset in configuration, the value is null."
}

func (m configuredNull) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (configuredNull) PlanModifyString(_ context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	planNull(req.ConfigValue, &resp.PlanValue)
}

func (configuredNull) PlanModifyInt64(_ context.Context, req planmodifier.Int64Request, resp *planmodifier.Int64Response) {
	planNull(req.ConfigValue, &resp.PlanValue)
}

func (configuredNull) PlanModifyFloat64(_ context.Context, req planmodifier.Float64Request, resp *planmodifier.Float64Response) {
	planNull(req.ConfigValue, &resp.PlanValue)
}

func (configuredNull) PlanModifyBool(_ context.Context, req planmodifier.BoolRequest, resp *planmodifier.BoolResponse) {
	planNull(req.ConfigValue, &resp.PlanValue)
}

func (configuredNull) PlanModifyList(_ context.Context, req planmodifier.ListRequest, resp *planmodifier.ListResponse) {
	planNull(req.ConfigValue, &resp.PlanValue)
}

func (configuredNull) PlanModifySet(_ context.Context, req planmodifier.SetRequest, resp *planmodifier.SetResponse) {
	planNull(req.ConfigValue, &resp.PlanValue)
}

func (configuredNull) PlanModifyMap(_ context.Context, req planmodifier.MapRequest, resp *planmodifier.MapResponse) {
	planNull(req.ConfigValue, &resp.PlanValue)
}

func (configuredNull) PlanModifyObject(_ context.Context, req planmodifier.ObjectRequest, resp *planmodifier.ObjectResponse) {
	planNull(req.ConfigValue, &resp.PlanValue)
}

// planNull plans the configuration's null.
func planNull[T attr.Value](config T, plan *T) {
	if config.IsNull() {
		*plan = config
	}
}
