package resources

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// templateUndoneByDefault is the SMS template's review state a default
// undoes: a template saved as a draft in the portal (state -1, §3.2),
// which cannot send, read as submit_for_review = false, was submitted for
// review by the next apply made for anything else,
// `submit_for_review = false -> true`, and could send once approved.
// wait_for_approval is the apply's own choice, not the platform's.
var templateUndoneByDefault = []undoneByDefault{
	{attr: []string{"submit_for_review"}, title: "SMS Template Submitted for Review by the Default", holds: "is a draft (it cannot send)", how: "saved as a draft",
		def: "true", does: "submits it for review, and once approved it can be sent", keep: "To keep it a draft"},
}

// templateNamed names an SMS template from its state: SMS template 3001 ("Reminder").
func templateNamed(state tftypes.Value) string {
	var id, name string
	_, _ = rawAttr(state, "id").As(&id), rawAttr(state, "template_name").As(&name)
	return fmt.Sprintf("SMS template %s (%q)", id, name)
}
