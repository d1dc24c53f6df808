package exporter

import (
	"math"
	"regexp"
	"testing"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// FuzzHCLString: any text an object may hold, written as an attribute's
// value, a quoted map key and a comment (above a block, above an attribute
// and in the file's header), and any integer and float, renders to HCL that parses and gives the
// value back as it was; a comment never becomes HCL.
func FuzzHCLString(f *testing.F) {
	for _, s := range []string{"", "plain", "${var.x}", "%{ if true }x%{ endif }", "$${", "%%{", `a\b"c`, "line\nbreak", "cr\rlf\r\n", "nul\x00", "\u2028\u2029", "\u202eRTL", "#", "*/", "/*", "\t", "e\u0301", "$", "%", "${", "%{", "\\${", "\\"} {
		f.Add(s, int64(0), 0.1)
	}
	f.Add("x", int64(-1<<63), 5e-324)
	f.Add("x", int64(1<<62), -1.7976931348623157e308)
	f.Fuzz(func(t *testing.T, s string, n int64, x float64) {
		if !validText(s) || math.IsNaN(x) || math.IsInf(x, 0) { // FlexFloat refuses NaN and infinities
			t.Skip()
		}
		inner := object(fields{{name: "text", value: str(s), comments: []string{s}}, {name: "n", value: num(n)}, {name: "x", value: flt(x)}})
		src := hclFile([]string{s}, []block{{typ: "resource", labels: []string{"x", "y"}, comments: []string{s},
			body: fields{
				{name: "a", value: str(s), comments: []string{s}},
				{name: "m", value: mapOf(map[string]expr{s: str(s)})},
				{name: "o", value: inner},
				{name: "l", value: list([]expr{str(s), num(n)}, true)},
			}}})
		file, diags := hclsyntax.ParseConfig(src, "x.tf", hcl.InitialPos)
		if diags.HasErrors() {
			t.Fatalf("does not parse: %s\n%s", diags.Error(), src)
		}
		body := file.Body.(*hclsyntax.Body)
		if len(body.Blocks) != 1 || len(body.Attributes) != 0 {
			t.Fatalf("%d blocks and %d attributes at the top, want 1 and 0:\n%s", len(body.Blocks), len(body.Attributes), src)
		}
		attrs, diags := body.Blocks[0].Body.JustAttributes()
		if diags.HasErrors() || len(attrs) != 4 {
			t.Fatalf("block has %d attributes (%s), want 4:\n%s", len(attrs), diags.Error(), src)
		}
		want := cty.StringVal(s)
		eval := func(name string) cty.Value {
			v, diags := attrs[name].Expr.Value(nil)
			if diags.HasErrors() {
				t.Fatalf("%s does not evaluate: %s\n%s", name, diags.Error(), src)
			}
			return v
		}
		if v := eval("a"); !v.RawEquals(want) {
			t.Errorf("a = %#v, want %#v\n%s", v, want, src)
		}
		if v := eval("m"); !v.Type().IsObjectType() || len(v.Type().AttributeTypes()) != 1 || !v.Type().HasAttribute(want.AsString()) || !v.GetAttr(want.AsString()).RawEquals(want) {
			t.Errorf("m = %#v, want {%q = %q}\n%s", v, s, s, src)
		}
		o := eval("o")
		if got, _ := o.GetAttr("x").AsBigFloat().Float64(); got != x {
			t.Errorf("x = %v, want %v\n%s", got, x, src)
		}
		if !o.GetAttr("text").RawEquals(want) || !o.GetAttr("n").RawEquals(cty.NumberIntVal(n)) {
			t.Errorf("o = %#v\n%s", o, src)
		}
		l := eval("l")
		if l.LengthInt() != 2 || !l.Index(cty.NumberIntVal(0)).RawEquals(want) || !l.Index(cty.NumberIntVal(1)).RawEquals(cty.NumberIntVal(n)) {
			t.Errorf("l = %#v\n%s", l, src)
		}
	})
}

// validText: the text an object can hold after the client decoded it from
// JSON (encoding/json gives valid UTF-8).
func validText(s string) bool { return utf8.ValidString(s) }

// FuzzName: a name made of any key is a Terraform identifier of at most
// MaxNameLength characters (plus a uniqueness suffix), and the namer gives
// two objects two names.
func FuzzName(f *testing.F) {
	f.Add("Support Team", "101", "Support Team", "102")
	f.Add("销售组", "107", "skill_group_107", "1")
	f.Add("8001", "1", "agent_8001", "2")
	f.Add("挂机话单推送（CRM）", "305", "crm_305", "9")
	f.Add("", "", "", "")
	f.Add("x_2", "1", "x", "2")
	valid := regexp.MustCompile(`^[a-z_][a-z0-9_-]*$`)
	f.Fuzz(func(t *testing.T, k1, id1, k2, id2 string) {
		n := newNamer("skill_group", nil)
		a := n.name(k1, id1)
		b := n.name(k2, id2)
		c := n.name(k1, id1)
		for _, x := range []string{a, b, c} {
			if !valid.MatchString(x) || !hclsyntax.ValidIdentifier(x) {
				t.Errorf("name %q (keys %q/%q, ids %q/%q) is not a Terraform identifier", x, k1, k2, id1, id2)
			}
		}
		if a == b || a == c || b == c {
			t.Errorf("names %q %q %q not unique (keys %q/%q, ids %q/%q)", a, b, c, k1, k2, id1, id2)
		}
		if len(Name(k1, "skill_group", id1)) > MaxNameLength {
			t.Errorf("Name(%q) longer than %d", k1, MaxNameLength)
		}
	})
}
