package resources

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// TestAgentPassword_invisibleCharacterRefused: a password holding an
// invisible character (a zero-width space pasted with it, the byte order
// mark file() keeps from a file saved as "UTF-8 with BOM") was set with
// it, unseen, and could not be typed at login; ccsync refuses it in a
// roster (TestPasswordWithInvisibleCharacter), and so does the provider
// now, naming the character, not the password. A joiner typed within an
// emoji sequence is no such character.
func TestAgentPassword_invisibleCharacterRefused(t *testing.T) {
	t.Parallel()
	attrs := AgentAttributes()
	for _, name := range []string{"user_password", "user_password_wo"} {
		vs := attrs[name].(schema.StringAttribute).Validators
		for pw, want := range map[string]string{
			"S3cret\u200b": "holds a zero-width space (U+200B) at its end",
			"\ufeffS3cret": "holds a byte order mark (U+FEFF) at its start",
			"S3\u200ecret": "holds the invisible character U+200E",
			"S3cret":       "",
			"a👩\u200d💻b":   "",
		} {
			var errs []string
			for _, v := range vs {
				resp := &validator.StringResponse{}
				v.ValidateString(context.Background(), validator.StringRequest{Path: path.Root(name), ConfigValue: types.StringValue(pw)}, resp)
				for _, d := range resp.Diagnostics.Errors() {
					errs = append(errs, d.Detail())
				}
			}
			got := strings.Join(errs, "\n")
			switch {
			case want == "" && got != "":
				t.Errorf("%s %+q: refused: %s", name, pw, got)
			case want != "" && (!strings.Contains(got, want) || !strings.Contains(got, "cannot be typed at login")):
				t.Errorf("%s %+q: %q, want it to say %q", name, pw, got, want)
			case want != "" && strings.Contains(got, pw):
				t.Errorf("%s %+q: the password is shown: %s", name, pw, got)
			}
		}
	}
}
