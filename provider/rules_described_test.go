package provider_test

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	fwprovider "github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/contactcenter/terraform-provider-contactcenter/provider"
)

// TestRulesDescribeThemselves: every validator and plan modifier of an
// attribute, at any depth, and every configuration validator of a
// resource, data source or action says its rule (Description is not
// empty). A rule that embeds framework.Described takes its text where the
// value is declared (var mobileRule = mobileValidator{"must be ..."}): a
// zero value written in its place (mobileValidator{}) would have none.
func TestRulesDescribeThemselves(t *testing.T) {
	ctx := t.Context()
	checked := 0
	for name, schema := range docSchemas(t) {
		for _, a := range schema.attrs {
			for _, r := range append(append([]any{}, a.validators...), a.modifiers...) {
				checked++
				if _, ok := r.(describer); ok && describe(r) == "" {
					t.Errorf("%s %s: %T has no description", name, a.path, r)
				}
			}
		}
	}
	p := provider.New("test")()
	var config []any
	for _, f := range p.Resources(ctx) {
		if r, ok := f().(resource.ResourceWithConfigValidators); ok {
			for _, v := range r.ConfigValidators(ctx) {
				config = append(config, v)
			}
		}
	}
	for _, f := range p.DataSources(ctx) {
		if d, ok := f().(datasource.DataSourceWithConfigValidators); ok {
			for _, v := range d.ConfigValidators(ctx) {
				config = append(config, v)
			}
		}
	}
	for _, f := range p.(fwprovider.ProviderWithActions).Actions(ctx) {
		if a, ok := f().(action.ActionWithConfigValidators); ok {
			for _, v := range a.ConfigValidators(ctx) {
				config = append(config, v)
			}
		}
	}
	for _, v := range config {
		checked++
		if describe(v) == "" {
			t.Errorf("configuration validator %s has no description", fmt.Sprintf("%T", v))
		}
	}
	if checked < 100 {
		t.Fatalf("checked %d rules; the walk misses some", checked)
	}
}
