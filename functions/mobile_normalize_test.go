package functions

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/types"
)

func contains(s, sub string) bool { return strings.Contains(s, sub) }

func TestMobileNormalize(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		in, want, wantErr string
	}{
		"plain":             {in: "13800138000", want: "13800138000"},
		"+86":               {in: "+8613800138000", want: "13800138000"},
		"86":                {in: "8613800138000", want: "13800138000"},
		"spaces and dashes": {in: " +86 138-0013-8000 ", want: "13800138000"},
		// A number as a spreadsheet or a web page writes it, read as
		// ccsync reads a recipient list's mobile cell (importer cellPhone,
		// normalizeMobile): these were refused, the cell accepted them.
		"brackets":            {in: "+86 (138) 0013 8000", want: "13800138000"},
		"(+86)":               {in: "(+86) 138 0013 8000", want: "13800138000"},
		"dots":                {in: "138.0013.8000", want: "13800138000"},
		"en dash":             {in: "138–0013–8000", want: "13800138000"},
		"minus sign":          {in: "138\u22120013\u22128000", want: "13800138000"},
		"no-break space":      {in: "138\u00a00013\u00a08000", want: "13800138000"},
		"0086":                {in: "0086 138 0013 8000", want: "13800138000"},
		"0086 and 10 digits":  {in: "0086 138 0013 800", wantErr: "has 14 digits (after removing the separators), not 11 (or 13 beginning with the 86 prefix, 15 with 0086)"},
		"0086 second digit 2": {in: "0086 128 0013 8000", wantErr: "does not start with 1 and a second digit 3-9 after the 0086 prefix"},
		"second digit 2":      {in: "12800138000", wantErr: `"128****8000" is not a mainland mobile number: it does not start with 1 and a second digit 3-9; a mainland mobile number is 11 digits`},
		"first digit 2":       {in: "+86 238 0013 8000", wantErr: "does not start with 1 and a second digit 3-9"},
		"too short":           {in: "1380013800", wantErr: `"138***3800" is not a mainland mobile number: it has 10 digits (after removing the separators), not 11 (or 13 beginning with the 86 prefix, 15 with 0086)`},
		"too long":            {in: "+86 139 1234 56789", wantErr: "has 12 digits after the +86 prefix, not 11"},
		"86 and 10 digits":    {in: "86 1380013800", wantErr: "has 12 digits (after removing the separators), not 11 (or 13 beginning with the 86 prefix, 15 with 0086)"},
		"+86 alone":           {in: "+86", wantErr: "has 0 digits after the +86 prefix"},
		"letters":             {in: "1380013800a", wantErr: `holds a character other than digits, a leading + and the separators (spaces, dashes, dots, brackets): "a" (only spaces, dashes, dots and brackets are taken out: remove it)`},
		"slash":               {in: "+86 138/0013/8000", wantErr: `"+86*********8000" is not a mainland mobile number: it holds a character other than digits, a leading + and the separators (spaces, dashes, dots, brackets): "/" (only spaces, dashes, dots and brackets are taken out: remove it)`},
		"emoji":               {in: "138📱00138000", wantErr: `the separators (spaces, dashes, dots, brackets): "📱" (only`},
		"label":               {in: "Tel: 13800138000", wantErr: `"Tel********8000" is not a mainland mobile number: it holds a character other than digits, a leading + and the separators (spaces, dashes, dots, brackets): "T" (only`},
		"+ within":            {in: "+86 138+0013-8000", wantErr: "brackets): a + after the start (a + goes before the country code 86 only)"},
		"narrow no-break":     {in: "138\u202f0013\u202f8000", wantErr: "brackets): the white space U+202F, which looks like a space but is not the ASCII space"},
		"tab":                 {in: "13800\t138000", wantErr: `brackets): a tab (pasted from a spreadsheet?); type the number with ordinary spaces or none`},
		"line break":          {in: "13800138000\n13900139000", wantErr: `brackets): a line break (a value of several lines?); give one number, on one line`},
		"full-width digits":   {in: "１３８００１３８０００", wantErr: ": full-width digits (０-９), as an input method types them; type the number with ASCII digits 0-9"},
		"full-width plus":     {in: "＋8613800138000", wantErr: ": the full-width character '＋', as an input method types them"},
		"zero-width space":    {in: "13800138000\u200b", wantErr: ": the invisible character U+200B (pasted with the number?)"},
		"other country code":  {in: "+4413800138000", wantErr: "starts with + and a country code other than 86"},
		"+ without 86":        {in: "+13800138000", wantErr: "starts with + and a country code other than 86"},
		"+ and 8 without 6":   {in: "+813800138000", wantErr: "starts with + and a country code other than 86"},
		"empty":               {in: "", wantErr: `"" is not a mainland mobile number: it is empty`},
		"20 characters":       {in: "13800138000138001380", wantErr: `"138*************1380" is not a mainland mobile number: it has 20 digits`},
		"300 digits":          {in: strings.Repeat("1", 300), wantErr: `"111******…******1111" (300 characters) is not a mainland mobile number: it has 300 digits`},
		"a file by mistake":   {in: strings.Repeat("name,mobile\n", 100), wantErr: `"nam******…******bile" (1199 characters) is not a mainland mobile number: it holds a character other than digits`},
		"blank":               {in: " - ", wantErr: "it is empty"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, ferr := run(t, NewMobileNormalizeFunction(), types.StringValue(tc.in))
			if tc.wantErr != "" {
				if ferr == nil || !contains(ferr.Text, tc.wantErr) {
					t.Fatalf("error = %v, want one containing %q", ferr, tc.wantErr)
				}
				if ferr.FunctionArgument == nil || *ferr.FunctionArgument != 0 {
					t.Errorf("error names argument %v, want 0 (mobile)", ferr.FunctionArgument)
				}
				// The number is not repeated whole, its middle masked: the
				// function is not told that it is sensitive. (It is named,
				// masked: Terraform shows no value of a for expression's
				// variable, and a list of numbers had one refused unnamed.)
				digits := strings.Map(func(r rune) rune {
					if r >= '0' && r <= '9' {
						return r
					}
					return -1
				}, tc.in)
				for _, part := range []string{tc.in, digits, strings.Join(strings.Fields(tc.in), "")} {
					if len(part) > 7 && contains(ferr.Text, part) {
						t.Errorf("error %q repeats the argument's value (%q)", ferr.Text, part)
					}
				}
				if contains(ferr.Text, "Invalid") {
					t.Errorf("error %q says Invalid, as Terraform's text before it does", ferr.Text)
				}
				return
			}
			if ferr != nil {
				t.Fatal(ferr)
			}
			if want := types.StringValue(tc.want); !got.Equal(want) {
				t.Errorf("mobile_normalize(%q) = %v, want %v", tc.in, got, want)
			}
		})
	}
}
