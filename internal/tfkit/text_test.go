package tfkit

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

func TestNotBlank(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		value types.String
		why   string
		want  string // the error's detail, "" for none
	}{
		"text":                        {types.StringValue(" a "), "", ""},
		"empty, the length rule's":    {types.StringValue(""), "", ""},
		"null":                        {types.StringNull(), "", ""},
		"unknown":                     {types.StringUnknown(), "", ""},
		"spaces":                      {types.StringValue(" \t\n"), "", `Attribute sms_text must hold more than white space, got " \t\n"`},
		"full-width and nbsp":         {types.StringValue("\u3000\u00a0"), "", `Attribute sms_text must hold more than white space, got "\u3000\u00a0"`},
		"a byte order mark alone":     {types.StringValue("\ufeff\n"), "", `Attribute sms_text must hold more than white space, got "\ufeff\n"`},
		"a zero-width space and text": {types.StringValue("\u200bA"), "", ""},
		"with why":                    {types.StringValue(" "), "it would be sent", `Attribute sms_text must hold more than white space (it would be sent), got " "`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			resp := &validator.StringResponse{}
			NotBlank(tc.why).ValidateString(context.Background(), validator.StringRequest{Path: path.Root("sms_text"), ConfigValue: tc.value}, resp)
			got := ""
			if resp.Diagnostics.HasError() {
				got = resp.Diagnostics.Errors()[0].Detail()
			}
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestShown(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"name":       "name",
		"名字":         "名字",
		"\ufeffname": `"\ufeffname"`,
		"time ":      `"time "`,
		"na\u200bme": `"na\u200bme"`,
		"day\u00a0":  `"day\u00a0"`,
		"a\tb":       `"a\tb"`,
		"café":       "café",
		"":           "",
	} {
		if got := Shown(in); got != want {
			t.Errorf("Shown(%q) = %s, want %s", in, got, want)
		}
	}
}
