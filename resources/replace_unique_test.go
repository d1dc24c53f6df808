package resources_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAcc_replaceUniqueWithCreateBeforeDestroy: an object whose name is
// unique, replaced under create_before_destroy (here by a taint, as
// -replace does): the new object is created while the old one still holds
// the name, and the create is refused. The advice said to import the
// object holding it, which is the resource's own (Terraform answers
// "Resource already managed"); it now says what create_before_destroy does
// and how to get out. The skill group's advice names the group's id.
func TestAcc_replaceUniqueWithCreateBeforeDestroy(t *testing.T) {
	t.Parallel()
	const cbd = `
  lifecycle {
    create_before_destroy = true
  }`
	replacing := func(kind string) string {
		return "- This resource's own " + kind + ", which this create replaces under lifecycle { create_before_destroy = true }: it holds the "
	}
	for name, tc := range map[string]struct {
		addr, body string
		want       []string // in the order of the message
	}{
		"agent": {"contactcenter_agent.a", `resource "contactcenter_agent" "a" {
  user_num      = "8101"
  user_name     = "CBD agent"
  user_password = "s3cret-Pass1"` + cbd + "\n}\n", []string{replacing("agent"), "user_num until it is deleted after the create. Remove create_before_destroy from this resource (Terraform also applies it when a resource that depends on this one sets it), or change the user_num in the same apply"}},
		"skill group": {"contactcenter_skill_group.g", `resource "contactcenter_skill_group" "g" {
  que_name     = "CBD group"
  que_priority = 1` + cbd + "\n}\n", []string{`import it (terraform import <address> 101, or an import block with id = "que_name:CBD group")`, replacing("skill group"), "que_name until it is deleted"}},
		"sms template": {"contactcenter_sms_template.t", `resource "contactcenter_sms_signature" "s" {
  sign_text = "CBD Sig"
}
resource "contactcenter_sms_template" "t" {
  template_name     = "CBD tpl"
  template_contents = "Hi $${name}"
  sign_id           = contactcenter_sms_signature.s.id` + cbd + "\n}\n", []string{replacing("SMS template"), "template_name until it is deleted"}},
		"sms signature": {"contactcenter_sms_signature.s", `resource "contactcenter_sms_signature" "s" {
  sign_text = "CBD Sig"` + cbd + "\n}\n", []string{replacing("SMS signature"), "sign_text until it is deleted", "A replacement that keeps sign_text (a new remark, or -replace) therefore cannot use create_before_destroy: point the templates' sign_id at another signature first"}},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t)
			cfg := env.Config(tc.body)
			resource.Test(t, resource.TestCase{
				PreCheck:                 func() { acctest.PreCheck(t) },
				ProtoV6ProviderFactories: env.Factories(),
				Steps: []resource.TestStep{
					{Config: cfg},
					{Config: cfg, Taint: []string{tc.addr}, ExpectError: inOrder(tc.want...)},
				},
			})
		})
	}
}

// inOrder matches texts (wrapped as Terraform wraps them) in this order.
func inOrder(texts ...string) *regexp.Regexp {
	parts := make([]string, len(texts))
	for i, t := range texts {
		parts[i] = wrapped(t).String()
	}
	return regexp.MustCompile("(?s)" + strings.Join(parts, ".*"))
}
