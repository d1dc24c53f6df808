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
		"plain":              {in: "13800138000", want: "13800138000"},
		"+86":                {in: "+8613800138000", want: "13800138000"},
		"86":                 {in: "8613800138000", want: "13800138000"},
		"spaces and dashes":  {in: " +86 138-0013-8000 ", want: "13800138000"},
		"second digit 2":     {in: "12800138000", wantErr: `Invalid mobile number: "12800138000" is not 11 digits`},
		"too short":          {in: "1380013800", wantErr: "is not 11 digits"},
		"letters":            {in: "1380013800a", wantErr: "is not 11 digits"},
		"other country code": {in: "+4413800138000", wantErr: "is not 11 digits"},
		"+ without 86":       {in: "+13800138000", wantErr: `"+13800138000" is not 11 digits`},
		"+ and 8 without 6":  {in: "+813800138000", wantErr: "is not 11 digits"},
		"empty":              {in: "", wantErr: "is not 11 digits"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, ferr := run(t, NewMobileNormalizeFunction(), types.StringValue(tc.in))
			if tc.wantErr != "" {
				if ferr == nil || !contains(ferr.Text, tc.wantErr) {
					t.Fatalf("error = %v, want one containing %q", ferr, tc.wantErr)
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
