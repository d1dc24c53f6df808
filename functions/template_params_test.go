package functions

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

func TestTemplateParams(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		text    string
		want    []string
		wantErr string
	}{
		"none":             {text: "Your parcel ships today.", want: []string{}},
		"in order of use":  {text: "Dear ${name}, parcel ${parcel} ships ${date}.", want: []string{"name", "parcel", "date"}},
		"each name once":   {text: "${a}${b}${a} and ${b}", want: []string{"a", "b"}},
		"dollar alone":     {text: "costs $5 {not a variable}", want: []string{}},
		"unicode names":    {text: "您好 ${姓名}", want: []string{"姓名"}},
		"unterminated":     {text: "Dear ${name", wantErr: "Cannot list the template's variables: the text has an unterminated variable"},
		"empty name":       {text: "Dear ${}", wantErr: "Cannot list the template's variables: the text has an empty or malformed variable \"${}\""},
		"name with spaces": {text: "Dear ${ first name }", wantErr: `the text has a variable with white space in its name, "${ first name }": write ${first_name}`},
		"nested":           {text: "Dear ${a${b}}", wantErr: "malformed variable"},
		"blank name":       {text: "Dear ${ }", wantErr: "malformed variable"},
		"brace in name":    {text: "Hi ${a{b}", wantErr: `Cannot list the template's variables: the text has a variable with "{" in its name, "${a{b}": a gateway template reads it as the variable "a{b" and contactcenter_sms_template refuses the text, so write the name without "{"`},
		"brace at start":   {text: "Hi ${{a}", wantErr: `the text has a variable with "{" in its name, "${{a}"`},
		"brace after":      {text: "Hi ${a}}{b}", want: []string{"a"}},
		"no-break space":   {text: "Hi ${first\u00a0name}", wantErr: `the text has a variable with white space in its name, "${first\u00a0name}": write ${first_name}`},
		"empty text":       {text: "", want: []string{}},
		"unicode and vars": {text: "【Acme】${x}", want: []string{"x"}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, ferr := run(t, NewTemplateParamsFunction(), types.StringValue(tc.text))
			if tc.wantErr != "" {
				if ferr == nil || !contains(ferr.Text, tc.wantErr) {
					t.Fatalf("error = %v, want one containing %q", ferr, tc.wantErr)
				}
				if ferr.FunctionArgument == nil || *ferr.FunctionArgument != 0 {
					t.Errorf("error names argument %v, want 0 (text)", ferr.FunctionArgument)
				}
				if contains(ferr.Text, "Invalid") {
					t.Errorf("error %q says Invalid, as Terraform's text before it does", ferr.Text)
				}
				return
			}
			if ferr != nil {
				t.Fatalf("unexpected error: %v", ferr)
			}
			elems := make([]attr.Value, len(tc.want))
			for i, w := range tc.want {
				elems[i] = types.StringValue(w)
			}
			want := types.ListValueMust(types.StringType, elems)
			if !got.Equal(want) {
				t.Errorf("template_params(%q) = %v, want %v", tc.text, got, want)
			}
		})
	}
}

func TestFill(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		text    string
		params  map[string]string
		want    string
		wantErr string
	}{
		"no variables":            {text: "Hello", want: "Hello"},
		"filled":                  {text: "Dear ${name}, see you ${date}.", params: map[string]string{"name": "Ada", "date": "Monday"}, want: "Dear Ada, see you Monday."},
		"repeated":                {text: "${a}-${a}", params: map[string]string{"a": "x"}, want: "x-x"},
		"extra names ignored":     {text: "${a}", params: map[string]string{"a": "1", "b": "2"}, want: "1"},
		"values not filled again": {text: "${a} ${b}", params: map[string]string{"a": "${b}", "b": "B"}, want: "${b} B"},
		"empty value":             {text: "[${a}]", params: map[string]string{"a": ""}, want: "[]"},
		"missing":                 {text: "${a} ${b} ${c}", params: map[string]string{"b": "x"}, wantErr: `params has no value for "a", "c" (the text's variables are "a", "b", "c")`},
		"malformed":               {text: "${a", wantErr: "unterminated variable"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := fill(tc.text, tc.params)
			if tc.wantErr != "" {
				if err == nil || !contains(err.Error(), tc.wantErr) {
					t.Fatalf("error = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("fill (-want +got):\n%s", diff)
			}
		})
	}
}
