package framework

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// Flatten and Expand map fields by name between a model (fields tagged
// `tfsdk:"que_name"`) and a client type (fields tagged `json:"que_name"`),
// in the spirit of AWS's autoflex: the attribute names are the API's field
// names (DESIGN §5), so one declaration of the model serves the resource,
// its data source and its list resource. Only top-level scalar fields are
// mapped (types.String, Int64, Bool, Float64 against Go strings, integers,
// booleans, floats, the client's Flex types and pointers to them); nested
// objects and fields that need a rule are mapped by hand, in the object's
// file, after the call.

// Flatten sets every model field of dst (a pointer to a model struct) that
// has a same-named field in src (a client struct or a pointer to one), and
// leaves the others alone. It panics on a pair of types it cannot map: that
// is a mistake in a model, which every resource's tests reach.
func Flatten(src, dst any) {
	sv, dv := deref(reflect.ValueOf(src)), reflect.ValueOf(dst).Elem()
	if !sv.IsValid() {
		return
	}
	for _, p := range pairs(dv.Type(), "tfsdk", sv.Type(), "json") {
		v, err := flattenValue(sv.Field(p.other), dv.Field(p.model).Type())
		if err != nil {
			panic(fmt.Sprintf("framework.Flatten %s.%s: %v", dv.Type(), dv.Type().Field(p.model).Name, err))
		}
		dv.Field(p.model).Set(reflect.ValueOf(v))
	}
}

// Expand sets every field of dst (a pointer to a client input struct) that
// has a same-named model field in src. A null or unknown value leaves a
// pointer field nil (not sent) and a plain field at its zero value.
func Expand(src, dst any) {
	sv, dv := deref(reflect.ValueOf(src)), reflect.ValueOf(dst).Elem()
	for _, p := range pairs(sv.Type(), "tfsdk", dv.Type(), "json") {
		if err := expandValue(sv.Field(p.model), dv.Field(p.other)); err != nil {
			panic(fmt.Sprintf("framework.Expand %s.%s: %v", dv.Type(), dv.Type().Field(p.other).Name, err))
		}
	}
}

func deref(v reflect.Value) reflect.Value {
	for v.IsValid() && v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	return v
}

type fieldPair struct{ model, other int }

var pairCache sync.Map // [2]reflect.Type -> []fieldPair

// pairs matches the model's tfsdk names with the other type's json names.
func pairs(model reflect.Type, _ string, other reflect.Type, _ string) []fieldPair {
	key := [2]reflect.Type{model, other}
	if v, ok := pairCache.Load(key); ok {
		return v.([]fieldPair)
	}
	byName := map[string]int{}
	for i := range other.NumField() {
		name, _, _ := strings.Cut(other.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			byName[name] = i
		}
	}
	var out []fieldPair
	for i := range model.NumField() {
		name := model.Field(i).Tag.Get("tfsdk")
		if j, ok := byName[name]; ok && isScalarValue(model.Field(i).Type) {
			out = append(out, fieldPair{model: i, other: j})
		}
	}
	pairCache.Store(key, out)
	return out
}

var (
	stringType  = reflect.TypeFor[types.String]()
	int64Type   = reflect.TypeFor[types.Int64]()
	boolType    = reflect.TypeFor[types.Bool]()
	float64Type = reflect.TypeFor[types.Float64]()
)

func isScalarValue(t reflect.Type) bool {
	return t == stringType || t == int64Type || t == boolType || t == float64Type
}

func flattenValue(v reflect.Value, to reflect.Type) (any, error) {
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			switch to {
			case stringType:
				return types.StringNull(), nil
			case int64Type:
				return types.Int64Null(), nil
			case boolType:
				return types.BoolNull(), nil
			default:
				return types.Float64Null(), nil
			}
		}
		v = v.Elem()
	}
	k := v.Kind()
	switch to {
	case stringType:
		switch {
		case k == reflect.String:
			return types.StringValue(v.String()), nil
		case isInt(k):
			return types.StringValue(strconv.FormatInt(v.Int(), 10)), nil
		}
	case int64Type:
		switch {
		case isInt(k):
			return types.Int64Value(v.Int()), nil
		case k == reflect.Bool:
			return types.Int64Value(map[bool]int64{false: 0, true: 1}[v.Bool()]), nil
		case k == reflect.String:
			n, err := strconv.ParseInt(v.String(), 10, 64)
			if err != nil {
				return nil, err
			}
			return types.Int64Value(n), nil
		}
	case boolType:
		switch {
		case k == reflect.Bool:
			return types.BoolValue(v.Bool()), nil
		case isInt(k):
			return types.BoolValue(v.Int() != 0), nil
		}
	case float64Type:
		switch {
		case k == reflect.Float64 || k == reflect.Float32:
			return DecimalFloat64(v.Float()), nil
		case isInt(k):
			return types.Float64Value(float64(v.Int())), nil
		}
	}
	return nil, fmt.Errorf("cannot flatten %s into %s", v.Type(), to)
}

func isInt(k reflect.Kind) bool { return k >= reflect.Int && k <= reflect.Int64 }

type scalar interface {
	IsNull() bool
	IsUnknown() bool
}

func expandValue(from, to reflect.Value) error {
	val := from.Interface().(scalar)
	if val.IsNull() || val.IsUnknown() {
		to.Set(reflect.Zero(to.Type()))
		return nil
	}
	target := to
	if to.Kind() == reflect.Pointer {
		target = reflect.New(to.Type().Elem()).Elem()
	}
	k := target.Kind()
	ok := true
	switch x := val.(type) {
	case types.String:
		switch {
		case k == reflect.String:
			target.SetString(x.ValueString())
		case isInt(k):
			n, err := strconv.ParseInt(x.ValueString(), 10, 64)
			if err != nil {
				return err
			}
			target.SetInt(n)
		default:
			ok = false
		}
	case types.Int64:
		switch {
		case isInt(k):
			target.SetInt(x.ValueInt64())
		case k == reflect.String:
			target.SetString(strconv.FormatInt(x.ValueInt64(), 10))
		case k == reflect.Bool:
			target.SetBool(x.ValueInt64() != 0)
		default:
			ok = false
		}
	case types.Bool:
		switch {
		case k == reflect.Bool:
			target.SetBool(x.ValueBool())
		case isInt(k):
			target.SetInt(map[bool]int64{false: 0, true: 1}[x.ValueBool()])
		default:
			ok = false
		}
	case types.Float64:
		switch k {
		case reflect.Float64, reflect.Float32:
			target.SetFloat(x.ValueFloat64())
		default:
			ok = false
		}
	}
	if !ok {
		return fmt.Errorf("cannot expand %T into %s", val, to.Type())
	}
	if to.Kind() == reflect.Pointer {
		to.Set(target.Addr())
	}
	return nil
}

// DecimalFloat64 is f as Terraform reads the number from configuration or
// state: its shortest decimal ("1.2") at 512 bits, not the binary value of
// the float64 (1.1999999999999999555910790149937…). Terraform compares
// numbers exactly, so a float read from the API as types.Float64Value(1.2)
// differs from a configured 1.2: an import block planned an update for a
// task whose ratio matched.
func DecimalFloat64(f float64) types.Float64 {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return types.Float64Value(f)
	}
	bf, _, err := big.ParseFloat(strconv.FormatFloat(f, 'g', -1, 64), 10, 512, big.ToNearestEven)
	if err != nil {
		return types.Float64Value(f)
	}
	v, err := types.Float64Type.ValueFromTerraform(context.Background(), tftypes.NewValue(tftypes.Number, bf))
	if err != nil {
		return types.Float64Value(f)
	}
	return v.(types.Float64)
}
