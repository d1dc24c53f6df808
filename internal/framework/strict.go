package framework

import (
	"reflect"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// WholeNumber is tfkit.WholeNumber: the type of configurable integer
// attributes, which refuses a fraction naming the attribute.
var WholeNumber = tfkit.WholeNumber

// Strict adds to the configurable attributes of a schema the checks that
// the framework leaves out, so that bad input is refused at validation
// naming the attribute, rather than failing when it is read into the model
// with an error that blames the provider:
//   - an integer with no type of its own gets the WholeNumber type
//     (`x = 1.5`);
//   - a list or set of integers gets WholeNumber elements (if it does not
//     have them already) and the tfkit.WholeNumberElements validator
//     (`ids = [1.5]`);
//   - a list, set or map, of values or of nested objects, gets the
//     tfkit.NoNullElements validator (`ids = [var.unset]`);
//   - a duration of the timeouts package (`timeouts = { create = "-5s" }`)
//     gets tfkit.PositiveDuration in the place of the package's check,
//     which checks only that it parses, without naming the attribute.
//
// It goes into nested objects at any depth. It takes the attributes of any
// of the framework's schema packages (resource, data source, action, list
// resource), whose attribute structs share these field names, and changes
// attrs in place and returns it; a second pass changes nothing.
func Strict[A any](attrs map[string]A) map[string]A {
	strict(reflect.ValueOf(attrs))
	return attrs
}

// strict is Strict on a reflected map of attributes.
func strict(attrs reflect.Value) {
	for _, name := range attrs.MapKeys() {
		a := attrs.MapIndex(name)
		if a.Kind() == reflect.Interface {
			a = a.Elem() // the attribute struct behind schema.Attribute
		}
		cp := reflect.New(a.Type()).Elem()
		cp.Set(a)
		if strictAttribute(cp) {
			attrs.SetMapIndex(name, cp)
		}
	}
}

// strictAttribute adds the checks to one attribute struct; false when it
// has none to add.
func strictAttribute(a reflect.Value) bool {
	field := func(name string) reflect.Value { return a.FieldByName(name) }
	configurable := func() bool {
		req, opt := field("Required"), field("Optional")
		return (req.IsValid() && req.Bool()) || (opt.IsValid() && opt.Bool())
	}
	switch a.Type().Name() {
	case "StringAttribute":
		if v := field("Validators"); replaceTimeoutsDuration(v) {
			return true
		}
	case "Int64Attribute":
		if ct := field("CustomType"); configurable() && ct.IsNil() {
			ct.Set(reflect.ValueOf(WholeNumber))
			return true
		}
	case "ListAttribute", "SetAttribute", "MapAttribute":
		if !configurable() || !field("CustomType").IsNil() {
			return false
		}
		if elem := field("ElementType"); a.Type().Name() != "MapAttribute" && (elem.Interface() == types.Int64Type || elem.Interface() == WholeNumber) {
			elem.Set(reflect.ValueOf(WholeNumber))
			prependValidator(field("Validators"), tfkit.WholeNumberElements)
		}
		prependValidator(field("Validators"), tfkit.NoNullElements)
		return true
	case "SingleNestedAttribute":
		strict(field("Attributes"))
		return true
	case "ListNestedAttribute", "SetNestedAttribute", "MapNestedAttribute":
		strict(field("NestedObject").FieldByName("Attributes"))
		if configurable() { // a custom type (tfkit.HashedSetOf) is still a collection of objects
			prependValidator(field("Validators"), tfkit.NoNullElements)
		}
		return true
	}
	return false
}

// timeoutsPkg is where the timeouts attributes' duration validator lives.
const timeoutsPkg = "github.com/hashicorp/terraform-plugin-framework-timeouts/"

// replaceTimeoutsDuration puts tfkit.PositiveDuration in the place of the
// timeouts package's duration check in a slice of validators (the
// attribute is a timeout), and reports whether it did. The package's
// message ("must be a string containing a sequence of decimal numbers")
// did not say which attribute, and Terraform 1.11 shows it on the first
// line of the resource.
func replaceTimeoutsDuration(validators reflect.Value) bool {
	for i := range validators.Len() {
		if t := validators.Index(i).Elem().Type(); strings.HasPrefix(t.PkgPath(), timeoutsPkg) && strings.Contains(t.Name(), "Duration") {
			validators.Index(i).Set(reflect.ValueOf(tfkit.PositiveDuration))
			return true
		}
	}
	return false
}

// prependValidator puts v first in a slice of validators (of whichever
// kind: v implements them), unless a validator of its type is there.
func prependValidator(validators reflect.Value, v any) {
	for i := range validators.Len() {
		if validators.Index(i).Elem().Type() == reflect.TypeOf(v) {
			return
		}
	}
	out := reflect.MakeSlice(validators.Type(), 0, validators.Len()+1)
	out = reflect.Append(out, reflect.ValueOf(v))
	validators.Set(reflect.AppendSlice(out, validators))
}

// HasNullElement tells whether a list holds a null element; a
// ValidateConfig that reads the list into a slice of models returns early
// on it, leaving the error to the attribute's NoNullElements.
func HasNullElement(l types.List) bool {
	for _, e := range l.Elements() {
		if e.IsNull() {
			return true
		}
	}
	return false
}
