package tfkit_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

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
	names := []string{"assigned_users", "config.que_id", "config.webhook", "config.webhook.ids", "que_name", "que_num",
		"recall_strategies", "recall_strategies.default", "recall_strategies.default.recall", "user_email"}
	refused := func(code int64, msg string) error {
		return fmt.Errorf("creating: %w", &client.APIError{Code: code, Message: msg, HTTPStatus: 200})
	}
	assignCodes := map[int64]string{403: "que_id", 406: "agent_id"}
	overall := func(items string) error {
		return fmt.Errorf("creating: %w", &client.APIError{Code: 500, Message: "overall result: some agents were not assigned", HTTPStatus: 200, Data: []byte(items)})
	}
	for name, tc := range map[string]struct {
		err  error
		want path.Path
	}{
		"tied by code":      {tfkit.AttrOfCode(refused(405, "group number exists"), map[int64]string{405: "que_num"}), path.Root("que_num")},
		"code not in table": {tfkit.AttrOfCode(refused(406, "reload failed"), map[int64]string{405: "que_num"}), path.Empty()},
		// A code-500 overall result (§7.2), by its failing items' code:
		// queue/assign refusing the one agent of a contactcenter_skill_group_member.
		"items' code":         {tfkit.AttrOfCode(overall(`[{"ag_id":"4243","code":406,"message":"ag_id not of this enterprise"}]`), assignCodes), path.Root("agent_id")},
		"items' code, one ok": {tfkit.AttrOfCode(overall(`[{"ag_id":"1","code":200},{"ag_id":"4243","code":406}]`), assignCodes), path.Root("agent_id")},
		"items' codes differ": {tfkit.AttrOfCode(overall(`[{"ag_id":"1","code":407},{"ag_id":"4243","code":406}]`), assignCodes), path.Empty()},
		"overall, no items":   {tfkit.AttrOfCode(overall(``), assignCodes), path.Empty()},
		"tied, then by code":  {tfkit.AttrOfCode(tfkit.AtAttr(path.Root("que_name"), refused(405, "x")), map[int64]string{405: "que_num"}), path.Root("que_name")},
		"named in message":    {refused(409, "user_email already exists"), path.Root("user_email")},
		"element named":       {refused(422, `assigned_users[0]: no agent user_num "X"`), path.Root("assigned_users")},
		"two named":           {refused(409, "que_name or que_num exists"), path.Empty()},
		"plain word only":     {refused(409, "name already exists"), path.Empty()},
		"not the API's":       {errors.New("user_email: connection refused"), path.Empty()},
		// A nested field, by its path as the spec writes one (config.que_id).
		"nested path":         {refused(422, "config.webhook.ids: webhook 5 does not exist"), path.Root("config").AtName("webhook").AtName("ids")},
		"nested path's start": {refused(422, "config.webhook.ids.0 must be a number"), path.Root("config").AtName("webhook").AtName("ids")},
		"nested, top one too": {refused(422, "recall_strategies.default.recall must be 0 or 1"), path.Root("recall_strategies").AtName("default").AtName("recall")},
		// A top-level attribute named alone wins, as before.
		"nested and another":    {refused(422, "assigned_users[0]: agent 9 is not in skill group 5 (config.que_id)"), path.Root("assigned_users")},
		"two nested":            {refused(422, "config.que_id and config.webhook.ids disagree"), path.Empty()},
		"a host is not a field": {refused(422, "user_email: the host mail.example.com is unknown"), path.Root("user_email")},
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

// TestConfigNames: the names AddErrorFor looks for are the configured
// attributes with an underscore and the attributes nested in an object by
// their dotted path.
func TestConfigNames(t *testing.T) {
	t.Parallel()
	got := tfkit.ConfigNames(map[string]schema.Attribute{
		"name":       schema.StringAttribute{Required: true},
		"created_at": schema.StringAttribute{Computed: true},
		"trans_to":   schema.StringAttribute{Optional: true},
		"config": schema.SingleNestedAttribute{Optional: true, Attributes: map[string]schema.Attribute{
			"que_id":  schema.Int64Attribute{Optional: true},
			"webhook": schema.SingleNestedAttribute{Optional: true, Attributes: map[string]schema.Attribute{"ids": schema.ListAttribute{Optional: true, ElementType: types.Int64Type}}},
		}},
		"assigned_users": schema.ListNestedAttribute{Optional: true, NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{"user_id": schema.Int64Attribute{Optional: true}}}},
	})
	want := []string{"assigned_users", "config.que_id", "config.webhook", "config.webhook.ids", "trans_to"}
	if !slices.Equal(got, want) {
		t.Errorf("ConfigNames = %q, want %q", got, want)
	}
}

// TestAddErrorAt_beforeNestedPaths: Terraform before 1.15 shows a nested
// attribute's error at the resource block, so there a nested field the
// service's message names is shown at its top-level attribute, the line
// that Terraform can show: "recall_strategies.default.recall ..." was
// shown at recall_strategies before nested paths were looked for, and at
// the resource block after (under Terraform 1.11).
func TestAddErrorAt_beforeNestedPaths(t *testing.T) {
	t.Parallel()
	names := []string{"assigned_users", "config.que_id", "config.webhook", "config.webhook.ids",
		"recall_strategies", "recall_strategies.default", "recall_strategies.default.recall_interval_type", "user_email"}
	refused := func(msg string) error {
		return fmt.Errorf("creating: %w", &client.APIError{Code: 422, Message: msg, HTTPStatus: 200})
	}
	for msg, want := range map[string]path.Path{
		"recall_strategies.default.recall_interval_type must be 0 or 1, got 7": path.Root("recall_strategies"),
		"config.webhook.ids: webhook 5 does not exist":                         path.Root("config"),
		"user_email already exists":                                            path.Root("user_email"),
		"assigned_users[0]: agent 9 is not in skill group 5 (config.que_id)":   path.Root("assigned_users"),
		"config.que_id and config.webhook.ids disagree":                        path.Empty(),
	} {
		var diags diag.Diagnostics
		tfkit.AddErrorAt(&diags, refused(msg), "Unable to Create X", "detail", names, false)
		got := path.Empty()
		if d, ok := diags[0].(diag.DiagnosticWithPath); ok {
			got = d.Path()
		}
		if !got.Equal(want) {
			t.Errorf("%q under Terraform 1.11: at %q, want %q", msg, got, want)
		}
	}
	for v, want := range map[string]bool{"1.11.4": false, "1.14.9": false, "1.14.9-dev": false, "1.15.0": true, "1.15.0-alpha20260101": true, "1.15.0-beta1": true,
		"1.15.9-dev": true, "1.15": true, "v1.15.0": true, "1.16.0-alpha20260101": true, "2.0.0": true, "": false, "x": false, "1": false, "1.x.0": false} {
		if got := tfkit.ShowsNestedPaths(v); got != want {
			t.Errorf("ShowsNestedPaths(%q) = %v, want %v", v, got, want)
		}
	}
}
