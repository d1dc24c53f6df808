package importer

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema"

	"github.com/contactcenter/terraform-provider-contactcenter/resources"
)

// TestKeptIfUnset_matchesAgentSchema: keptIfUnset names exactly the roster
// fields contactcenter_agent neither requires nor defaults, the ones it
// keeps as the platform holds them when its configuration leaves them
// unset: a field added to one and not the other would make the
// --terraform-state warning say "sets back" of a value that stays.
func TestKeptIfUnset_matchesAgentSchema(t *testing.T) {
	attrs := resources.AgentAttributes()
	for _, f := range AgentFields {
		if f.Name == "user_num" || f.Name == "user_password" {
			continue
		}
		a, ok := attrs[f.Name]
		if !ok {
			t.Errorf("roster field %s is not an attribute of contactcenter_agent", f.Name)
			continue
		}
		defaulted := false
		switch a := a.(type) {
		case schema.StringAttribute:
			defaulted = a.Default != nil
		case schema.Int64Attribute:
			defaulted = a.Default != nil
		case schema.BoolAttribute:
			defaulted = a.Default != nil
		case schema.SetAttribute:
			defaulted = a.Default != nil
		default:
			t.Errorf("%s: attribute type %T not handled", f.Name, a)
		}
		if kept := !a.IsRequired() && !defaulted; kept != keptIfUnset[f.Name] {
			t.Errorf("%s: kept when unset %v in the schema, %v in keptIfUnset", f.Name, kept, keptIfUnset[f.Name])
		}
	}
}
