package provider_test

import (
	"context"
	"fmt"
	"maps"
	"math"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/list"
	fwprovider "github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/defaults"

	"github.com/contactcenter/terraform-provider-contactcenter/provider"
)

// The registry docs (docs/, made by `make docs` from the schema
// descriptions) tell users what an attribute does: "Changing it replaces
// the …", "Defaults to `x`", the values it takes, its limits, "Unset, the
// service's value is kept". TestSchemaDocsAgree holds each of those claims
// against the schema that carries it, for every attribute at any depth of
// every resource, data source, action, list resource and the provider
// block, so that a description and the code cannot drift apart:
//
//   - an attribute with a RequiresReplace plan modifier says that changing it
//     replaces the object, and one whose description says "Changing it
//     replaces" has the modifier;
//   - an attribute with a schema default names it ("Defaults to `x`",
//     "`x` (the default)", "Defaults to empty" or "an empty list" for an
//     empty one; an object default points at its fields' defaults), and a
//     resource attribute whose description names a default has one;
//   - every value of a one-of validator is named, in backticks;
//   - the upper bound of a range or length validator is named, and so is
//     the lower bound of a number range;
//   - "Unset, the service's value is kept" is said only of an optional,
//     computed attribute without a default whose value is kept from state.

// docAttr is one attribute of a schema as the checks see it.
type docAttr struct {
	path      string
	desc      string
	optional  bool
	required  bool
	computed  bool
	modifiers []any // plan modifiers (resources only)
	def       any   // schema default (resources only), nil when none
	// validators hold the attribute's validators and, for a nested
	// object, the object's.
	validators []any
}

// docAttrs walks a schema's attributes (any of the framework's schema
// packages: they share field names) into docAttrs, nested ones included.
func docAttrs(prefix string, attrs any) []docAttr {
	m := reflect.ValueOf(attrs)
	keys := m.MapKeys()
	slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
	var out []docAttr
	for _, k := range keys {
		v := m.MapIndex(k)
		for v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer {
			v = v.Elem()
		}
		a := docAttr{path: prefix + k.String()}
		field := func(name string) reflect.Value { return v.FieldByName(name) }
		if f := field("MarkdownDescription"); f.IsValid() {
			a.desc = f.String()
		}
		if a.desc == "" {
			if f := field("Description"); f.IsValid() {
				a.desc = f.String()
			}
		}
		a.optional = field("Optional").IsValid() && field("Optional").Bool()
		a.computed = field("Computed").IsValid() && field("Computed").Bool()
		a.required = field("Required").IsValid() && field("Required").Bool()
		a.modifiers = elems(field("PlanModifiers"))
		a.validators = elems(field("Validators"))
		if f := field("Default"); f.IsValid() && !f.IsNil() {
			a.def = f.Interface()
		}
		out = append(out, a)
		if no := field("NestedObject"); no.IsValid() {
			out[len(out)-1].validators = append(out[len(out)-1].validators, elems(no.FieldByName("Validators"))...)
			out = append(out, docAttrs(a.path+".", no.FieldByName("Attributes").Interface())...)
		} else if f := field("Attributes"); f.IsValid() && f.Kind() == reflect.Map {
			out = append(out, docAttrs(a.path+".", f.Interface())...)
		}
	}
	return out
}

func elems(v reflect.Value) []any {
	if !v.IsValid() {
		return nil
	}
	out := make([]any, v.Len())
	for i := range out {
		out[i] = v.Index(i).Interface()
	}
	return out
}

type describer interface{ Description(context.Context) string }

func describe(x any) string {
	if d, ok := x.(describer); ok {
		return d.Description(context.Background())
	}
	return ""
}

// docSchema is one schema: its description and attributes.
type docSchema struct {
	desc  string
	attrs []docAttr
}

// docSchemas are every schema of the provider, named "<kind> <type name>".
func docSchemas(t *testing.T) map[string]docSchema {
	ctx := t.Context()
	p := provider.New("test")()
	out := map[string]docSchema{}
	var ps fwprovider.SchemaResponse
	p.Schema(ctx, fwprovider.SchemaRequest{}, &ps)
	out["provider contactcenter"] = docSchema{ps.Schema.MarkdownDescription, docAttrs("", ps.Schema.Attributes)}
	for _, f := range p.Resources(ctx) {
		r := f()
		var m resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "contactcenter"}, &m)
		var s resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &s)
		out["resource "+m.TypeName] = docSchema{s.Schema.MarkdownDescription, docAttrs("", s.Schema.Attributes)}
	}
	for _, f := range p.DataSources(ctx) {
		d := f()
		var m datasource.MetadataResponse
		d.Metadata(ctx, datasource.MetadataRequest{ProviderTypeName: "contactcenter"}, &m)
		var s datasource.SchemaResponse
		d.Schema(ctx, datasource.SchemaRequest{}, &s)
		out["data "+m.TypeName] = docSchema{s.Schema.MarkdownDescription, docAttrs("", s.Schema.Attributes)}
	}
	for _, f := range p.(fwprovider.ProviderWithActions).Actions(ctx) {
		a := f()
		var m action.MetadataResponse
		a.Metadata(ctx, action.MetadataRequest{ProviderTypeName: "contactcenter"}, &m)
		var s action.SchemaResponse
		a.Schema(ctx, action.SchemaRequest{}, &s)
		out["action "+m.TypeName] = docSchema{s.Schema.MarkdownDescription, docAttrs("", s.Schema.Attributes)}
	}
	for _, f := range p.(fwprovider.ProviderWithListResources).ListResources(ctx) {
		l := f()
		var m resource.MetadataResponse
		l.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "contactcenter"}, &m)
		var s list.ListResourceSchemaResponse
		l.ListResourceConfigSchema(ctx, list.ListResourceSchemaRequest{}, &s)
		out["list "+m.TypeName] = docSchema{s.Schema.MarkdownDescription, docAttrs("", s.Schema.Attributes)}
	}
	if len(out) < 40 {
		t.Fatalf("found %d schemas; the walk misses some", len(out))
	}
	return out
}

var (
	replacesClaim = regexp.MustCompile(`(?i)changing it replaces`)
	replacesWord  = regexp.MustCompile(`(?i)\breplac(es|ed|ement)\b`)
	defaultClaim  = regexp.MustCompile("Defaults to `")
	replacingList = regexp.MustCompile("(?i)chang(?:ing|e of) ([^.]*?`[^.]*?) replaces")
	replacingAll  = regexp.MustCompile(`(?i)(?:every change|changing any argument|any change) replaces`)
	backticked    = regexp.MustCompile("`([a-z_]+)`")
	keptClaim     = regexp.MustCompile(`Unset, the (service|platform)'s value is kept`)
	oneOfStrings  = regexp.MustCompile(`value must be one of: \[(.*)\]`)
	oneOfNumbers  = regexp.MustCompile(`^one of (.*)$`)
	oneOfNumber   = regexp.MustCompile(`(-?\d+) \(`)
	boundsText    = regexp.MustCompile(`(?:value|length|count) must be (?:between (-?[\d.]+) and (-?[\d.]+)|at most (-?[\d.]+))$`)
)

// defaultText is how a description names the default value def.
func defaultClaims(t *testing.T, def any) []string {
	ctx := t.Context()
	switch d := def.(type) {
	case defaults.String:
		var r defaults.StringResponse
		d.DefaultString(ctx, defaults.StringRequest{}, &r)
		if r.PlanValue.ValueString() == "" {
			return []string{"Defaults to empty", "Defaults to `\"\"`"}
		}
		v := "`" + r.PlanValue.ValueString() + "`"
		return []string{"Defaults to " + v, v + " (the default)"}
	case defaults.Int64:
		var r defaults.Int64Response
		d.DefaultInt64(ctx, defaults.Int64Request{}, &r)
		v := "`" + strconv.FormatInt(r.PlanValue.ValueInt64(), 10) + "`"
		return []string{"Defaults to " + v, v + " (the default)"}
	case defaults.Float64:
		var r defaults.Float64Response
		d.DefaultFloat64(ctx, defaults.Float64Request{}, &r)
		v := "`" + strconv.FormatFloat(r.PlanValue.ValueFloat64(), 'g', -1, 64) + "`"
		return []string{"Defaults to " + v, v + " (the default)"}
	case defaults.Bool:
		var r defaults.BoolResponse
		d.DefaultBool(ctx, defaults.BoolRequest{}, &r)
		v := "`" + strconv.FormatBool(r.PlanValue.ValueBool()) + "`"
		return []string{"Defaults to " + v, "When " + v + " (the default)", v + " (the default)"}
	case defaults.List:
		var r defaults.ListResponse
		d.DefaultList(ctx, defaults.ListRequest{}, &r)
		if len(r.PlanValue.Elements()) == 0 {
			return []string{"Defaults to an empty list", "Defaults to none"}
		}
	case defaults.Map:
		var r defaults.MapResponse
		d.DefaultMap(ctx, defaults.MapRequest{}, &r)
		if len(r.PlanValue.Elements()) == 0 {
			return []string{"Defaults to none", "Defaults to an empty map"}
		}
	case defaults.Object:
		// The object's fields name their own defaults.
		return []string{"takes the default given below", "defaults to `false`"}
	}
	t.Errorf("default %T (%s): no text for it; teach defaultClaims", def, describe(def))
	return nil
}

func TestSchemaDocsAgree(t *testing.T) {
	checked := map[string]int{}
	for name, schema := range docSchemas(t) {
		replacing := map[string]bool{} // top-level attributes whose change replaces
		var configurable []string
		for _, a := range schema.attrs {
			if !strings.Contains(a.path, ".") && (a.optional || a.required) {
				configurable = append(configurable, a.path)
			}
		}
		for _, a := range schema.attrs {
			where := name + " " + a.path
			// Replacement.
			rr := slices.ContainsFunc(a.modifiers, func(m any) bool {
				return strings.Contains(strings.ToLower(fmt.Sprintf("%T", m)), "requiresreplace")
			})
			if rr && !strings.Contains(a.path, ".") {
				replacing[a.path] = true
			}
			if rr || replacesClaim.MatchString(a.desc) {
				checked["replace"]++
				if rr && !replacesWord.MatchString(a.desc) {
					t.Errorf("%s: a change replaces the object (RequiresReplace), but the description does not say so: %q", where, a.desc)
				}
				if !rr && replacesClaim.MatchString(a.desc) {
					t.Errorf("%s: the description says changing it replaces the object, but it has no RequiresReplace: %q", where, a.desc)
				}
			}
			// Defaults.
			if a.def != nil {
				checked["default"]++
				claims := defaultClaims(t, a.def)
				if !slices.ContainsFunc(claims, func(c string) bool { return strings.Contains(a.desc, c) }) {
					t.Errorf("%s: the schema default is %s, but the description names none of %q: %q", where, describe(a.def), claims, a.desc)
				}
			}
			// (The timeouts block's defaults are the resource's, applied when it
			// runs.)
			if a.def == nil && strings.HasPrefix(name, "resource ") && !strings.HasPrefix(a.path, "timeouts.") && defaultClaim.MatchString(a.desc) {
				checked["default"]++
				t.Errorf("%s: the description names a default, but the schema has none (the plan would show null or the service's value): %q", where, a.desc)
			}
			// "Unset, the service's value is kept".
			if keptClaim.MatchString(a.desc) {
				checked["kept"]++
				keeps := slices.ContainsFunc(a.modifiers, func(m any) bool {
					return strings.Contains(strings.ToLower(fmt.Sprintf("%T", m)), "usestateforunknown")
				})
				if !a.optional || !a.computed || a.def != nil || !keeps {
					t.Errorf("%s: the description says an unset value is kept, but the attribute is not optional and computed without a default and kept from state (optional %v, computed %v, default %v, UseStateForUnknown %v)",
						where, a.optional, a.computed, a.def != nil, keeps)
				}
			}
			// Validators: enumerations and bounds.
			for _, v := range a.validators {
				d := describe(v)
				if m := oneOfStrings.FindStringSubmatch(d); m != nil {
					checked["one of"]++
					for _, q := range regexp.MustCompile(`"([^"]*)"`).FindAllStringSubmatch(m[1], -1) {
						if !strings.Contains(a.desc, "`"+q[1]+"`") && !strings.Contains(a.desc, "`\""+q[1]+"\"`") {
							t.Errorf("%s: the validator takes %q, which the description does not name: %q", where, q[1], a.desc)
						}
					}
				}
				if m := oneOfNumbers.FindStringSubmatch(d); m != nil {
					checked["one of"]++
					for _, n := range oneOfNumber.FindAllStringSubmatch(m[1], -1) {
						if !strings.Contains(a.desc, "`"+n[1]+"`") {
							t.Errorf("%s: the validator takes %s, which the description does not name: %q", where, n[1], a.desc)
						}
					}
				}
				if m := boundsText.FindStringSubmatch(d); m != nil {
					checked["bounds"]++
					lo, hi := m[1], m[2]
					if m[3] != "" {
						hi = m[3]
					}
					if h, err := strconv.ParseFloat(hi, 64); err == nil && h < math.MaxInt32 && !mentions(a.desc, hi) {
						t.Errorf("%s: the validator's upper bound is %s, which the description does not name: %q", where, hi, a.desc)
					}
					if lo != "" && !strings.Contains(d, "length") && !strings.Contains(d, "count") && !mentions(a.desc, lo) {
						t.Errorf("%s: the validator's lower bound is %s, which the description does not name: %q", where, lo, a.desc)
					}
				}
			}
		}
		// The object's own description: "changing `a`, `b` or `c` replaces"
		// names exactly the attributes with RequiresReplace; "every change
		// replaces" or "changing any argument replaces" holds only when every
		// argument has it.
		if m := replacingList.FindStringSubmatch(schema.desc); m != nil {
			checked["replace"]++
			var named []string
			for _, n := range backticked.FindAllStringSubmatch(m[1], -1) {
				named = append(named, n[1])
			}
			slices.Sort(named)
			want := slices.Sorted(maps.Keys(replacing))
			if !slices.Equal(named, want) {
				t.Errorf("%s: the description says changing %v replaces the object; the attributes with RequiresReplace are %v: %q", name, named, want, m[0])
			}
		}
		if m := replacingAll.FindString(schema.desc); m != "" {
			checked["replace"]++
			for _, c := range configurable {
				if !replacing[c] {
					t.Errorf("%s: the description says %q, but changing %s does not replace the object", name, m, c)
				}
			}
		}
	}
	t.Logf("claims checked: %v", checked)
	for _, kind := range []string{"replace", "default", "kept", "one of", "bounds"} {
		if checked[kind] == 0 {
			t.Errorf("no %q claim was checked: the walk or a pattern no longer matches the schemas", kind)
		}
	}
}

// mentions reports whether desc names the number n ("`255`", "300 ", "400 characters").
func mentions(desc, n string) bool {
	if strings.Contains(n, ".") { // 0.000000, 1.500000
		n = strings.TrimSuffix(strings.TrimRight(n, "0"), ".")
	}
	return regexp.MustCompile("(^|[^\\d.])" + regexp.QuoteMeta(n) + "([^\\d]|$)").MatchString(desc)
}
