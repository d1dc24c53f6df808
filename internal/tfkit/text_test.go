package tfkit

import (
	"context"
	"strings"
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

// TestInvisibleInMessageByteOrderMarkAdvice: a byte order mark inside the
// text (two files saved with a BOM joined into one text) was met with
// trimprefix of the whole text, which removes only one at its start: the
// warning stayed after the advice was followed. It now says replace.
func TestInvisibleInMessageByteOrderMarkAdvice(t *testing.T) {
	t.Parallel()
	for text, want := range map[string]string{
		"\ufeffHello":               `Remove it (for a file read with file(): trimprefix(file("…"), "\ufeff"), or save the file as UTF-8 without BOM).`,
		"Hello\n\ufeffYour parcel":  `sms_text holds a byte order mark (U+FEFF): the platform sends it as written, unseen, in every message, where it counts in the message's length and some phones show it as a box or a question mark. Remove it (for a text made of files read with file(): replace(…, "\ufeff", "") of the whole text, or save the files as UTF-8 without BOM).`,
		"\ufeffHello\n\ufeffParcel": `Remove them (for a text made of files read with file(): replace(…, "\ufeff", "") of the whole text, or save the files as UTF-8 without BOM).`,
	} {
		resp := &validator.StringResponse{}
		InvisibleInMessage().ValidateString(context.Background(), validator.StringRequest{Path: path.Root("sms_text"), ConfigValue: types.StringValue(text)}, resp)
		if len(resp.Diagnostics) != 1 || !strings.Contains(resp.Diagnostics[0].Detail(), want) {
			t.Errorf("%q: %v\nwant a warning saying %s", text, resp.Diagnostics, want)
		}
	}
}
