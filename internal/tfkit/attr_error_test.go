package tfkit_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// TestAddErrorFor: a failed write's error is put at the attribute it
// concerns: the one the resource tied it to (by the spec's code), else the
// one attribute with a field's name that the service's message names; no
// attribute when the message names none or several, or only words such as
// "name".
func TestAddErrorFor(t *testing.T) {
	t.Parallel()
	names := []string{"assigned_users", "que_name", "que_num", "user_email"}
	refused := func(code int64, msg string) error {
		return fmt.Errorf("creating: %w", &client.APIError{Code: code, Message: msg, HTTPStatus: 200})
	}
	for name, tc := range map[string]struct {
		err  error
		want path.Path
	}{
		"tied by code":       {tfkit.AttrOfCode(refused(405, "group number exists"), map[int64]string{405: "que_num"}), path.Root("que_num")},
		"code not in table":  {tfkit.AttrOfCode(refused(406, "reload failed"), map[int64]string{405: "que_num"}), path.Empty()},
		"tied, then by code": {tfkit.AttrOfCode(tfkit.AtAttr(path.Root("que_name"), refused(405, "x")), map[int64]string{405: "que_num"}), path.Root("que_name")},
		"named in message":   {refused(409, "user_email already exists"), path.Root("user_email")},
		"element named":      {refused(422, `assigned_users[0]: no agent user_num "X"`), path.Root("assigned_users")},
		"two named":          {refused(409, "que_name or que_num exists"), path.Empty()},
		"plain word only":    {refused(409, "name already exists"), path.Empty()},
		"not the API's":      {errors.New("user_email: connection refused"), path.Empty()},
	} {
		var diags diag.Diagnostics
		tfkit.AddErrorFor(&diags, tc.err, "Unable to Create X", "detail", names)
		if len(diags) != 1 {
			t.Fatalf("%s: %d diagnostics", name, len(diags))
		}
		got := path.Empty()
		if d, ok := diags[0].(diag.DiagnosticWithPath); ok {
			got = d.Path()
		}
		if !got.Equal(tc.want) {
			t.Errorf("%s: at %q, want %q", name, got, tc.want)
		}
		if diags[0].Summary() != "Unable to Create X" || diags[0].Detail() != "detail" {
			t.Errorf("%s: %s: %s", name, diags[0].Summary(), diags[0].Detail())
		}
	}
}
