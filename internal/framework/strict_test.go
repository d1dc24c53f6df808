package framework_test

import (
	"testing"

	actionschema "github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
)

// Strict adds the checks to configurable attributes at any depth, leaves
// computed ones alone, and a second pass changes nothing.
func TestStrict(t *testing.T) {
	attrs := map[string]schema.Attribute{
		"n":        schema.Int64Attribute{Optional: true},
		"computed": schema.Int64Attribute{Computed: true},
		"ids":      schema.ListAttribute{Optional: true, ElementType: types.Int64Type},
		"typed":    schema.ListAttribute{Optional: true, ElementType: framework.WholeNumber},
		"names":    schema.SetAttribute{Required: true, ElementType: types.StringType},
		"params":   schema.MapAttribute{Optional: true, ElementType: types.StringType},
		"items": schema.ListNestedAttribute{Optional: true, NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
			"level": schema.Int64Attribute{Required: true},
		}}},
		"one": schema.SingleNestedAttribute{Optional: true, Attributes: map[string]schema.Attribute{
			"queues": schema.SetAttribute{Optional: true, ElementType: types.Int64Type},
		}},
	}
	for pass := 1; pass <= 2; pass++ {
		framework.Strict(attrs)
		if got := attrs["n"].(schema.Int64Attribute).CustomType; got != framework.WholeNumber {
			t.Errorf("pass %d: n has type %v, want WholeNumber", pass, got)
		}
		if got := attrs["computed"].(schema.Int64Attribute).CustomType; got != nil {
			t.Errorf("pass %d: computed got type %v", pass, got)
		}
		ids := attrs["ids"].(schema.ListAttribute)
		if ids.ElementType != framework.WholeNumber || len(ids.Validators) != 2 {
			t.Errorf("pass %d: ids elements %v, %d validators; want WholeNumber and 2 (whole numbers, no nulls)", pass, ids.ElementType, len(ids.Validators))
		}
		if typed := attrs["typed"].(schema.ListAttribute); len(typed.Validators) != 2 {
			t.Errorf("pass %d: typed (WholeNumber elements already) has %d validators; want 2", pass, len(typed.Validators))
		}
		if names := attrs["names"].(schema.SetAttribute); names.ElementType != types.StringType || len(names.Validators) != 1 {
			t.Errorf("pass %d: names elements %v, %d validators; want String and 1 (no nulls)", pass, names.ElementType, len(names.Validators))
		}
		if n := len(attrs["params"].(schema.MapAttribute).Validators); n != 1 {
			t.Errorf("pass %d: params has %d validators, want 1 (no nulls)", pass, n)
		}
		items := attrs["items"].(schema.ListNestedAttribute)
		if len(items.Validators) != 1 || items.NestedObject.Attributes["level"].(schema.Int64Attribute).CustomType != framework.WholeNumber {
			t.Errorf("pass %d: items has %d validators (want 1) and level type %v", pass, len(items.Validators), items.NestedObject.Attributes["level"])
		}
		if q := attrs["one"].(schema.SingleNestedAttribute).Attributes["queues"].(schema.SetAttribute); q.ElementType != framework.WholeNumber || len(q.Validators) != 2 {
			t.Errorf("pass %d: one.queues elements %v, %d validators", pass, q.ElementType, len(q.Validators))
		}
	}
	// A map of attribute structs rather than of schema.Attribute.
	if got := framework.Strict(map[string]schema.Int64Attribute{"n": {Optional: true}})["n"].CustomType; got != framework.WholeNumber {
		t.Errorf("map of Int64Attribute: n has type %v, want WholeNumber", got)
	}
	// The attributes of another schema package.
	action := framework.Strict(map[string]actionschema.Attribute{"ids": actionschema.ListAttribute{Required: true, ElementType: types.Int64Type}})
	if ids := action["ids"].(actionschema.ListAttribute); ids.ElementType != framework.WholeNumber || len(ids.Validators) != 2 {
		t.Errorf("action ids: elements %v, %d validators", ids.ElementType, len(ids.Validators))
	}
}
