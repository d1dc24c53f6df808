package resources

import (
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
)

// referrers names, for warnExisting, what may refer to an object of each
// kind by its id: a targeted destroy of the new object destroys those
// resources with it, and a state restored from an older backup holds
// them (a task the apply just pointed at the new webhook).
var referrers = map[string]string{
	"Webhook":       "an outbound task whose config.webhook.ids holds its id",
	"Outbound Task": "any resource that names the task's id",
	"Sound":         "a skill group whose wait_audio is its id",
}

// warnExisting warns, after a create that succeeded, that objects of its
// key (key: `named "X" with url "Y"`) existed before it (ex, recorded by
// the lookup every create makes before it is sent, so it costs no call):
// webhooks, tasks and voice files have no unique key, so the platform made
// a second one beside them, silently. That is most often a configuration
// exported from one center and applied to another that had the object
// already (its import blocks, by the first center's ids, removed), where
// the existing object was meant to be managed. title names the kind
// ("Webhook"); id is the new object's.
//
// The create cannot tell the objects of its own configuration from
// another center's: one that this apply replaces with lifecycle {
// create_before_destroy } (a voice file's new recording or remark, the way
// the sound's guide advises; -replace of a webhook or task), which still
// exists when the new one is created and is destroyed right after
// (Terraform gives a create no prior state, and deposes the old object
// before the apply plans the create again), or one another resource of
// the configuration manages (a for_each or count instance of the same
// name, made by an earlier apply). So the warning says those cases first:
// its advice alone (destroy the new object, import the old one), followed
// there, destroyed the object the configuration wanted and imported one
// the same apply deleted, or that another resource manages.
func warnExisting(diags *diag.Diagnostics, ex *client.Existing, title, key, id string) {
	ids := ex.IDs()
	if diags.HasError() || id == "" || len(ids) == 0 {
		return
	}
	noun, which, article := framework.Noun(title), "id "+ids[0], "A"
	if len(ids) > 1 {
		which = "ids " + strings.Join(ids, ", ")
	}
	if strings.ContainsAny(noun[:1], "aeiou") {
		article = "An"
	}
	diags.AddWarning(title+" Created Beside an Existing One",
		fmt.Sprintf("%s %s %s already existed (%s) before this one was created (id %s): %s names are not unique, so the platform now holds both, "+
			"and this resource manages the new one. If this apply replaces that %s (lifecycle { create_before_destroy } or -replace: "+
			"it is destroyed right after this create, as the apply's output shows), or another resource of this configuration manages it "+
			"(a for_each or count instance of the same name), nothing is to be done. Otherwise, if this resource was meant to manage the existing %s "+
			"(this configuration's state was lost or restored from an older backup, or a configuration exported from another contact center "+
			"was applied to this one), destroy the new one (terraform apply -destroy -target=<address>) and import the existing one "+
			"(an import block with id = %q, or terraform import <address> %s). That destroy also destroys every resource that refers to this one "+
			"(%s): if its plan lists any, answer no, and take the new one out of the state instead (terraform state rm <address>), "+
			"import the existing one, and delete the new one (id %s) on the platform. If both are wanted, nothing is to be done.",
			article, noun, key, which, id, noun, noun, noun, ids[0], ids[0], referrers[title], id))
}
