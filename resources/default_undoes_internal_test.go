package resources

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// warnUndoneByDefault warns of an update in place that takes a value held
// outside the configuration back to the default, and of nothing else: not
// a create (no state), a replacement (the id unknown at plan), a
// configured value, a value unknown at plan, a destroy, nor a plan that
// keeps the held value. A nested attribute (config.makecall_flag) is
// found under its object, and its object left out is no warning.
func TestWarnUndoneByDefault_silences(t *testing.T) {
	cfgType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"flag": tftypes.Number}}
	objType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"id": tftypes.String, "on": tftypes.Bool, "config": cfgType}}
	obj := func(id, on, flag any) tftypes.Value {
		c := tftypes.NewValue(cfgType, nil)
		if flag == "unset" {
			c = tftypes.NewValue(cfgType, map[string]tftypes.Value{"flag": tftypes.NewValue(tftypes.Number, nil)})
		} else if flag != nil {
			c = tftypes.NewValue(cfgType, map[string]tftypes.Value{"flag": tftypes.NewValue(tftypes.Number, flag)})
		}
		return tftypes.NewValue(objType, map[string]tftypes.Value{"id": tftypes.NewValue(tftypes.String, id), "on": tftypes.NewValue(tftypes.Bool, on), "config": c})
	}
	null := tftypes.NewValue(objType, nil)
	checks := []undoneByDefault{
		{attr: []string{"on"}, title: "On Undone", holds: "is on", how: "turned on", def: "false", does: "turns it off", keep: "To keep it on"},
		{attr: []string{"config", "flag"}, title: "Flag Undone", holds: "records", heldMeans: map[string]string{"8": "records whole calls"}, how: "turned on",
			def: "0 (no)", does: "stops the recording", keep: "To keep recording"},
	}
	for name, tc := range map[string]struct {
		config, state, plan tftypes.Value
		want                []string
	}{
		"update":             {obj("1", nil, "unset"), obj("1", true, 8), obj("1", false, 0), []string{"On Undone", "Flag Undone"}},
		"configured":         {obj("1", false, 0), obj("1", true, 8), obj("1", false, 0), nil},
		"create":             {obj(nil, nil, "unset"), null, obj(tftypes.UnknownValue, false, 0), nil},
		"replacement":        {obj(nil, nil, "unset"), obj("1", true, 8), obj(tftypes.UnknownValue, false, 0), nil},
		"destroy":            {null, obj("1", true, 8), null, nil},
		"unknown at plan":    {obj("1", tftypes.UnknownValue, "unset"), obj("1", true, 8), obj("1", tftypes.UnknownValue, 0), []string{"Flag Undone"}},
		"kept":               {obj("1", nil, "unset"), obj("1", false, 0), obj("1", false, 0), nil},
		"configured flag":    {obj("1", false, 8), obj("1", false, 0), obj("1", false, 8), nil},
		"config not written": {obj("1", false, nil), obj("1", false, nil), obj("1", false, nil), nil},
	} {
		var diags diag.Diagnostics
		warnUndoneByDefault(context.Background(), resource.ModifyPlanRequest{Config: tfsdk.Config{Raw: tc.config}, State: tfsdk.State{Raw: tc.state}, Plan: tfsdk.Plan{Raw: tc.plan}},
			&diags, func(tftypes.Value) string { return "Thing 1" }, checks...)
		var got []string
		for _, d := range diags {
			got = append(got, d.Summary())
		}
		if len(got) != len(tc.want) || (len(got) > 0 && got[0] != tc.want[0]) || (len(got) > 1 && got[1] != tc.want[1]) {
			t.Errorf("%s: %v, want %v", name, diags, tc.want)
		}
	}
	var diags diag.Diagnostics
	warnUndoneByDefault(context.Background(), resource.ModifyPlanRequest{Config: tfsdk.Config{Raw: obj(nil, false, "unset")}, State: tfsdk.State{Raw: obj("1", false, 8)},
		Plan: tfsdk.Plan{Raw: obj("1", false, 0)}}, &diags, func(tftypes.Value) string { return "Thing 1" }, checks...)
	want := "Thing 1 records whole calls on the platform (config.flag = 8), turned on outside this configuration, whose config.flag is not set and defaults to 0 (no): " +
		"this apply stops the recording. To keep recording, set config.flag = 8; to leave it to the portal, add lifecycle { ignore_changes = [config.flag] }."
	if len(diags) != 1 || diags[0].Detail() != want {
		t.Errorf("got %v, want %q", diags, want)
	}
}

// A nested attribute whose object the configuration does not set, which
// the plan removes (the apply sends it empty, and the platform takes its
// default): warned of when it holds something else than that default,
// naming the removed object (config.webhook here) for ignore_changes;
// silent when the object is set, when it holds the default, and for a
// check without unset.
func TestWarnUndoneByDefault_removedObject(t *testing.T) {
	hookType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"enable": tftypes.Bool}}
	cfgType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"flag": tftypes.Number, "webhook": hookType}}
	objType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"id": tftypes.String, "config": cfgType}}
	obj := func(id any, enable any, withHook bool) tftypes.Value {
		h := tftypes.NewValue(hookType, nil)
		if withHook {
			h = tftypes.NewValue(hookType, map[string]tftypes.Value{"enable": tftypes.NewValue(tftypes.Bool, enable)})
		}
		c := tftypes.NewValue(cfgType, map[string]tftypes.Value{"flag": tftypes.NewValue(tftypes.Number, nil), "webhook": h})
		return tftypes.NewValue(objType, map[string]tftypes.Value{"id": tftypes.NewValue(tftypes.String, id), "config": c})
	}
	check := undoneByDefault{attr: []string{"config", "webhook", "enable"}, title: "Pushes Stopped", holds: "pushes", how: "turned on",
		def: "false", does: "stops the pushes", keep: "To keep them", unset: "false"}
	run := func(config, state, plan tftypes.Value, c undoneByDefault) diag.Diagnostics {
		var diags diag.Diagnostics
		warnUndoneByDefault(context.Background(), resource.ModifyPlanRequest{Config: tfsdk.Config{Raw: config}, State: tfsdk.State{Raw: state}, Plan: tfsdk.Plan{Raw: plan}},
			&diags, func(tftypes.Value) string { return "Thing 1" }, c)
		return diags
	}
	diags := run(obj(nil, nil, false), obj("1", true, true), obj("1", nil, false), check)
	want := "Thing 1 pushes on the platform (config.webhook.enable = true), turned on outside this configuration, whose config.webhook is not set: " +
		"the plan removes it, the apply sends it empty, and config.webhook.enable takes the platform's default, false: this apply stops the pushes. " +
		"To keep them, set config.webhook.enable = true; to leave it to the portal, add lifecycle { ignore_changes = [config.webhook] }."
	if len(diags) != 1 || diags[0].Detail() != want {
		t.Errorf("got %v, want %q", diags, want)
	}
	if d := run(obj(nil, nil, false), obj("1", false, true), obj("1", nil, false), check); len(d) != 0 {
		t.Errorf("holding the platform's default: %v", d)
	}
	if d := run(obj(nil, nil, true), obj("1", true, true), obj("1", nil, true), check); len(d) != 0 {
		t.Errorf("webhook set, enable left null by the plan: %v", d)
	}
	check.unset = ""
	if d := run(obj(nil, nil, false), obj("1", true, true), obj("1", nil, false), check); len(d) != 0 {
		t.Errorf("a check without unset: %v", d)
	}
}
