package acctest

import (
	"crypto/md5" //nolint:gosec // Terraform's md5 and filemd5
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2/hcldec"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// This file turns the provider's protocol-6 schemas into what Terraform
// decodes a configuration block with: an hcldec spec (configschema's
// DecoderSpec) and the cty type of the decoded object.

// blockSpec is the decoder spec of a schema block, as Terraform builds it:
// required attributes are required, every other one (computed-only too, so
// that the provider can reject it) is optional; nested attributes are objects
// whose optional and computed attributes may be left out.
func blockSpec(b *tfprotov6.SchemaBlock) (hcldec.ObjectSpec, error) {
	spec := hcldec.ObjectSpec{}
	if b == nil {
		return spec, nil
	}
	for _, a := range b.Attributes {
		ty, err := attrDecodeType(a)
		if err != nil {
			return nil, fmt.Errorf("attribute %q: %w", a.Name, err)
		}
		spec[a.Name] = &hcldec.AttrSpec{Name: a.Name, Type: ty, Required: a.Required}
	}
	for _, nb := range b.BlockTypes {
		nested, err := blockSpec(nb.Block)
		if err != nil {
			return nil, fmt.Errorf("block %q: %w", nb.TypeName, err)
		}
		switch nb.Nesting {
		case tfprotov6.SchemaNestedBlockNestingModeSingle:
			spec[nb.TypeName] = &hcldec.BlockSpec{TypeName: nb.TypeName, Nested: nested, Required: nb.MinItems > 0}
		case tfprotov6.SchemaNestedBlockNestingModeList:
			spec[nb.TypeName] = &hcldec.BlockListSpec{TypeName: nb.TypeName, Nested: nested, MinItems: int(nb.MinItems), MaxItems: int(nb.MaxItems)} //nolint:gosec // item counts of a schema
		case tfprotov6.SchemaNestedBlockNestingModeSet:
			spec[nb.TypeName] = &hcldec.BlockSetSpec{TypeName: nb.TypeName, Nested: nested, MinItems: int(nb.MinItems), MaxItems: int(nb.MaxItems)} //nolint:gosec // item counts of a schema
		case tfprotov6.SchemaNestedBlockNestingModeMap:
			spec[nb.TypeName] = &hcldec.BlockMapSpec{TypeName: nb.TypeName, Nested: nested, LabelNames: []string{"key"}}
		default:
			return nil, fmt.Errorf("block %q: nesting mode %v is not supported by the in-process runner", nb.TypeName, nb.Nesting)
		}
	}
	return spec, nil
}

// attrDecodeType is the type an attribute's expression is converted to.
func attrDecodeType(a *tfprotov6.SchemaAttribute) (cty.Type, error) {
	if a.NestedType == nil {
		return ctyType(a.Type)
	}
	attrs := map[string]cty.Type{}
	var optional []string
	for _, na := range a.NestedType.Attributes {
		ty, err := attrDecodeType(na)
		if err != nil {
			return cty.NilType, fmt.Errorf("attribute %q: %w", na.Name, err)
		}
		attrs[na.Name] = ty
		if na.Optional || na.Computed {
			optional = append(optional, na.Name)
		}
	}
	obj := cty.ObjectWithOptionalAttrs(attrs, optional)
	switch a.NestedType.Nesting {
	case tfprotov6.SchemaObjectNestingModeSingle:
		return obj, nil
	case tfprotov6.SchemaObjectNestingModeList:
		return cty.List(obj), nil
	case tfprotov6.SchemaObjectNestingModeSet:
		return cty.Set(obj), nil
	case tfprotov6.SchemaObjectNestingModeMap:
		return cty.Map(obj), nil
	}
	return cty.NilType, fmt.Errorf("nesting mode %v is not supported by the in-process runner", a.NestedType.Nesting)
}

// ctyType converts a tftypes type to its cty equivalent.
func ctyType(t tftypes.Type) (cty.Type, error) {
	switch {
	case t == nil:
		return cty.NilType, fmt.Errorf("no type")
	case t.Is(tftypes.String):
		return cty.String, nil
	case t.Is(tftypes.Number):
		return cty.Number, nil
	case t.Is(tftypes.Bool):
		return cty.Bool, nil
	case t.Is(tftypes.DynamicPseudoType):
		return cty.DynamicPseudoType, nil
	}
	switch tt := t.(type) {
	case tftypes.List:
		e, err := ctyType(tt.ElementType)
		return cty.List(e), err
	case tftypes.Set:
		e, err := ctyType(tt.ElementType)
		return cty.Set(e), err
	case tftypes.Map:
		e, err := ctyType(tt.ElementType)
		return cty.Map(e), err
	case tftypes.Tuple:
		es := make([]cty.Type, len(tt.ElementTypes))
		for i, et := range tt.ElementTypes {
			e, err := ctyType(et)
			if err != nil {
				return cty.NilType, err
			}
			es[i] = e
		}
		return cty.Tuple(es), nil
	case tftypes.Object:
		as := map[string]cty.Type{}
		for k, at := range tt.AttributeTypes {
			a, err := ctyType(at)
			if err != nil {
				return cty.NilType, err
			}
			as[k] = a
		}
		var opt []string
		for k := range tt.OptionalAttributes {
			opt = append(opt, k)
		}
		if len(opt) > 0 {
			return cty.ObjectWithOptionalAttrs(as, opt), nil
		}
		return cty.Object(as), nil
	}
	return cty.NilType, fmt.Errorf("type %s is not supported by the in-process runner", t)
}

// functions are the Terraform functions the in-process runner knows: the
// ones go-cty provides with Terraform's names and behaviour. A call to any
// other makes the case fall back to the Terraform CLI.
func functions() map[string]function.Function {
	fs := map[string]function.Function{
		"abs": stdlib.AbsoluteFunc, "ceil": stdlib.CeilFunc, "chomp": stdlib.ChompFunc,
		"chunklist": stdlib.ChunklistFunc, "coalesce": stdlib.CoalesceFunc,
		"coalescelist": stdlib.CoalesceListFunc, "compact": stdlib.CompactFunc,
		"concat": stdlib.ConcatFunc, "contains": stdlib.ContainsFunc, "csvdecode": stdlib.CSVDecodeFunc,
		"distinct": stdlib.DistinctFunc, "element": stdlib.ElementFunc, "flatten": stdlib.FlattenFunc,
		"floor": stdlib.FloorFunc, "format": stdlib.FormatFunc, "formatdate": stdlib.FormatDateFunc,
		"formatlist": stdlib.FormatListFunc, "indent": stdlib.IndentFunc, "join": stdlib.JoinFunc,
		"jsondecode": stdlib.JSONDecodeFunc, "jsonencode": stdlib.JSONEncodeFunc, "keys": stdlib.KeysFunc,
		"log": stdlib.LogFunc, "lookup": stdlib.LookupFunc, "lower": stdlib.LowerFunc,
		"max": stdlib.MaxFunc, "merge": stdlib.MergeFunc, "min": stdlib.MinFunc,
		"parseint": stdlib.ParseIntFunc, "pow": stdlib.PowFunc, "range": stdlib.RangeFunc,
		"regex": stdlib.RegexFunc, "regexall": stdlib.RegexAllFunc, "reverse": stdlib.ReverseListFunc,
		"setintersection": stdlib.SetIntersectionFunc, "setproduct": stdlib.SetProductFunc,
		"setsubtract": stdlib.SetSubtractFunc, "setunion": stdlib.SetUnionFunc, "signum": stdlib.SignumFunc,
		"slice": stdlib.SliceFunc, "sort": stdlib.SortFunc, "split": stdlib.SplitFunc,
		"strrev": stdlib.ReverseFunc, "substr": stdlib.SubstrFunc, "timeadd": stdlib.TimeAddFunc,
		"title": stdlib.TitleFunc, "trim": stdlib.TrimFunc, "trimprefix": stdlib.TrimPrefixFunc,
		"trimspace": stdlib.TrimSpaceFunc, "trimsuffix": stdlib.TrimSuffixFunc, "upper": stdlib.UpperFunc,
		"values": stdlib.ValuesFunc, "zipmap": stdlib.ZipmapFunc,
		"tobool": stdlib.MakeToFunc(cty.Bool), "tonumber": stdlib.MakeToFunc(cty.Number),
		"tostring": stdlib.MakeToFunc(cty.String), "tolist": stdlib.MakeToFunc(cty.List(cty.DynamicPseudoType)),
		"toset": stdlib.MakeToFunc(cty.Set(cty.DynamicPseudoType)), "tomap": stdlib.MakeToFunc(cty.Map(cty.DynamicPseudoType)),
		"length":       lengthFunc,
		"base64encode": strFunc(func(s string) (string, error) { return base64.StdEncoding.EncodeToString([]byte(s)), nil }),
		"sha256":       strFunc(func(s string) (string, error) { return sha256Hex([]byte(s)), nil }),
		"md5":          strFunc(func(s string) (string, error) { return md5Hex([]byte(s)), nil }),
		"file":         fileFunc(func(b []byte) string { return string(b) }),
		"filebase64":   fileFunc(func(b []byte) string { return base64.StdEncoding.EncodeToString(b) }),
		"filesha256":   fileFunc(sha256Hex),
		"filemd5":      fileFunc(md5Hex),
	}
	return fs
}

// relativePathMarker marks the error of a file function given a relative
// path: Terraform resolves it against the module directory, which the
// in-process runner does not have, so the case falls back to the CLI.
const relativePathMarker = "in-process runner: relative path"

func strFunc(f func(string) (string, error)) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "str", Type: cty.String}},
		Type:   function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			r, err := f(args[0].AsString())
			return cty.StringVal(r), err
		},
	})
}

// fileFunc is one of Terraform's file functions (absolute paths only).
func fileFunc(f func([]byte) string) function.Function {
	return strFunc(func(path string) (string, error) {
		if !filepath.IsAbs(path) {
			return "", fmt.Errorf("%s %q", relativePathMarker, path)
		}
		b, err := os.ReadFile(path) //nolint:gosec // test configurations name the files they read, as with Terraform's file()
		if err != nil {
			return "", fmt.Errorf("failed to read file: %w", err)
		}
		return f(b), nil
	})
}

func sha256Hex(b []byte) string { s := sha256.Sum256(b); return hex.EncodeToString(s[:]) }

// md5Hex is Terraform's md5: a checksum function, not a security measure.
func md5Hex(b []byte) string { s := md5.Sum(b); return hex.EncodeToString(s[:]) } //nolint:gosec // Terraform's md5

// lengthFunc is Terraform's length: of a collection, or of a string in
// characters.
var lengthFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "value", Type: cty.DynamicPseudoType, AllowUnknown: true, AllowDynamicType: true}},
	Type: func(args []cty.Value) (cty.Type, error) {
		ty := args[0].Type()
		if ty == cty.String || ty == cty.DynamicPseudoType || ty.IsCollectionType() || ty.IsTupleType() || ty.IsObjectType() {
			return cty.Number, nil
		}
		return cty.NilType, function.NewArgErrorf(0, "argument must be a string, a collection type, or a structural type")
	},
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		v := args[0]
		switch {
		case !v.IsKnown() || v.Type() == cty.DynamicPseudoType:
			return cty.UnknownVal(cty.Number), nil
		case v.IsNull():
			return cty.NilVal, function.NewArgErrorf(0, "argument must not be null")
		case v.Type() == cty.String:
			return cty.NumberIntVal(int64(utf8.RuneCountInString(v.AsString()))), nil
		case v.Type().IsObjectType():
			return cty.NumberIntVal(int64(len(v.Type().AttributeTypes()))), nil
		}
		return v.Length(), nil
	},
})
