package functions

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

func stringMap(m map[string]string) types.Map {
	elems := map[string]attr.Value{}
	for k, v := range m {
		elems[k] = types.StringValue(v)
	}
	return types.MapValueMust(types.StringType, elems)
}

func TestSMSLengthAndFits(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		text    string
		params  map[string]string
		null    []string // params that are null
		length  int64
		fits    bool
		wantErr string
		wantArg int64  // the argument the error names: 0 text, 1 params
		notErr  string // what the error must not say
	}{
		"short":                              {text: "Dear ${name}", params: map[string]string{"name": "Ada"}, length: 8, fits: true},
		"characters, not bytes":              {text: "您好${name}", params: map[string]string{"name": "é"}, length: 3, fits: true},
		"exactly 400":                        {text: strings.Repeat("a", 390) + "${v}", params: map[string]string{"v": strings.Repeat("中", 10)}, length: 400, fits: true},
		"401 once filled":                    {text: strings.Repeat("a", 390) + "${v}", params: map[string]string{"v": strings.Repeat("b", 11)}, length: 401, fits: false},
		"template shorter than its variable": {text: "${v}", params: map[string]string{"v": strings.Repeat("x", 500)}, length: 500, fits: false},
		// contactcenter_gateway_sms_template refuses a tpl_text over 400
		// characters, and the gateway such a template (1014): it fits no
		// message, however short its values.
		"template text over 400, filled under": {text: strings.Repeat("a", 380) + " ${customer_full_name}", params: map[string]string{"customer_full_name": "Li"}, length: 383, fits: false},
		"template text of 400, filled under":   {text: strings.Repeat("a", 378) + " ${customer_full_name}", params: map[string]string{"customer_full_name": "Li"}, length: 381, fits: true},
		"no variables, empty params":           {text: "Hello", params: map[string]string{}, length: 5, fits: true},
		// No send takes an empty message: sms_text and tpl_text are
		// refused empty, and an empty value by the send actions.
		"empty text":             {text: "", params: map[string]string{}, length: 0, fits: false},
		"empty once filled":      {text: "${a}", params: map[string]string{"a": ""}, length: 0, fits: false},
		"missing value":          {text: "${a}${b}", params: map[string]string{"a": "secret-value"}, wantErr: `Cannot fill the SMS text: params has no value for "b" (the text's variables are "a", "b")`, wantArg: 1, notErr: "secret-value"},
		"null value":             {text: "Hi ${a}", params: map[string]string{}, null: []string{"a"}, wantErr: `Cannot fill the SMS text: params holds null for "a" (the text's variables are "a"): give each variable a string value`, wantArg: 1, notErr: "no value"},
		"missing and null":       {text: "${a}${b}", params: map[string]string{}, null: []string{"a"}, wantErr: `params has no value for "b" and holds null for "a" (the text's variables are "a", "b"): give each variable a string value`, wantArg: 1},
		"missing, null unused":   {text: "${a}", params: map[string]string{}, null: []string{"b"}, wantErr: `Cannot fill the SMS text: params has no value for "a" (the text's variables are "a")`, wantArg: 1, notErr: "null"},
		"null value, unused":     {text: "Hi ${a}", params: map[string]string{"a": "Ada"}, null: []string{"b"}, length: 6, fits: true},
		"malformed":              {text: "${a", params: map[string]string{}, wantErr: "Cannot fill the SMS text: the text has an unterminated variable", wantArg: 0},
		"brace in a name":        {text: "${a{b}", params: map[string]string{"a{b": "x"}, wantErr: `Cannot fill the SMS text: the text has a variable with "{" in its name, "${a{b}"`, wantArg: 0},
		"malformed, null params": {text: "${}", params: map[string]string{}, null: []string{"a"}, wantErr: "Cannot fill the SMS text: the text has an empty or malformed variable", wantArg: 0, notErr: "null"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			params := stringMap(tc.params)
			if len(tc.null) > 0 {
				elems := params.Elements()
				for _, k := range tc.null {
					elems[k] = types.StringNull()
				}
				params = types.MapValueMust(types.StringType, elems)
			}
			gotLen, lerr := run(t, NewSMSLengthFunction(), types.StringValue(tc.text), params)
			gotFits, ferr := run(t, NewSMSFitsFunction(), types.StringValue(tc.text), params)
			if tc.wantErr != "" {
				for fn, e := range map[string]*function.FuncError{"sms_length": lerr, "sms_fits": ferr} {
					if e == nil || !contains(e.Text, tc.wantErr) {
						t.Errorf("%s error = %v, want one containing %q", fn, e, tc.wantErr)
						continue
					}
					if tc.notErr != "" && contains(e.Text, tc.notErr) {
						t.Errorf("%s error = %q, want one without %q", fn, e.Text, tc.notErr)
					}
					if e.FunctionArgument == nil || *e.FunctionArgument != tc.wantArg {
						t.Errorf("%s error names argument %v, want %d", fn, e.FunctionArgument, tc.wantArg)
					}
				}
				return
			}
			if lerr != nil || ferr != nil {
				t.Fatalf("unexpected errors: sms_length %v, sms_fits %v", lerr, ferr)
			}
			if want := types.Int64Value(tc.length); !gotLen.Equal(want) {
				t.Errorf("sms_length = %v, want %v", gotLen, want)
			}
			if want := types.BoolValue(tc.fits); !gotFits.Equal(want) {
				t.Errorf("sms_fits = %v, want %v", gotFits, want)
			}
		})
	}
}

// A value known only at apply (a resource's id) leaves the result unknown,
// but the text and the names of params are checked at plan: Terraform
// skipped the call, and a variable missing from params was said at apply
// only. A text too long already without the unknown values does not fit.
func TestSMSLengthAndFits_unknownValues(t *testing.T) {
	t.Parallel()
	withUnknown := func(known map[string]string, unknown ...string) types.Map {
		elems := stringMap(known).Elements()
		for _, k := range unknown {
			elems[k] = types.StringUnknown()
		}
		return types.MapValueMust(types.StringType, elems)
	}
	long := strings.Repeat("a", 390)
	tests := map[string]struct {
		text    string
		params  types.Map
		length  attr.Value
		fits    attr.Value
		wantErr string
	}{
		"unknown value":                   {text: "Code ${c} for ${id}", params: withUnknown(map[string]string{"c": "1"}, "id"), length: types.Int64Unknown(), fits: types.BoolUnknown()},
		"unknown value, missing one":      {text: "Code ${c} for ${id}", params: withUnknown(nil, "id"), wantErr: `params has no value for "c" (the text's variables are "c", "id")`},
		"unknown value, too long already": {text: long + "${v}${id}", params: withUnknown(map[string]string{"v": strings.Repeat("b", 11)}, "id"), length: types.Int64Unknown(), fits: types.BoolValue(false)},
		"unknown value, unused":           {text: "Hi ${a}", params: withUnknown(map[string]string{"a": "Ada"}, "b"), length: types.Int64Value(6), fits: types.BoolValue(true)},
		"empty but for an unknown value":  {text: "${id}", params: withUnknown(nil, "id"), length: types.Int64Unknown(), fits: types.BoolUnknown()},
		"unknown params":                  {text: "Hi ${a}", params: types.MapUnknown(types.StringType), length: types.Int64Unknown(), fits: types.BoolUnknown()},
		"unknown params, malformed text":  {text: "Hi ${a", params: types.MapUnknown(types.StringType), wantErr: "Cannot fill the SMS text: the text has an unterminated variable"},
		"unknown params, text over 400":   {text: long + " ${customer_full_name}", params: types.MapUnknown(types.StringType), length: types.Int64Unknown(), fits: types.BoolValue(false)},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			gotLen, lerr := run(t, NewSMSLengthFunction(), types.StringValue(tc.text), tc.params)
			gotFits, ferr := run(t, NewSMSFitsFunction(), types.StringValue(tc.text), tc.params)
			if tc.wantErr != "" {
				for fn, e := range map[string]*function.FuncError{"sms_length": lerr, "sms_fits": ferr} {
					if e == nil || !contains(e.Text, tc.wantErr) {
						t.Errorf("%s error = %v, want one containing %q", fn, e, tc.wantErr)
					}
				}
				return
			}
			if lerr != nil || ferr != nil {
				t.Fatalf("unexpected errors: sms_length %v, sms_fits %v", lerr, ferr)
			}
			if !gotLen.Equal(tc.length) {
				t.Errorf("sms_length = %v, want %v", gotLen, tc.length)
			}
			if !gotFits.Equal(tc.fits) {
				t.Errorf("sms_fits = %v, want %v", gotFits, tc.fits)
			}
		})
	}
}
