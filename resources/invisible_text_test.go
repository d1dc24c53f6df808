package resources_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// A message text read with file() from a file saved as "UTF-8 with BOM"
// (Windows Notepad, Excel's "CSV UTF-8") began with U+FEFF, and one pasted
// from a web page carried a zero-width space: both planned and applied
// without a word, and the platform sent them, unseen, in every message
// (the send records read "【Acme】\ufeffHello …"). The plan warns, naming
// the character and, for a byte order mark, how to drop it.
func TestAccSMSTemplate_invisibleCharactersWarn(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	const summary = "Warning: Invisible Character in Message Text"
	sms := func(file string) string {
		return `
resource "contactcenter_sms_signature" "s" {
  sign_text = "Acme"
}
resource "contactcenter_sms_template" "t" {
  template_name     = "Notice"
  template_contents = file("` + file + `")
  sign_id           = contactcenter_sms_signature.s.id
}
`
	}
	gateway := func(text string) string {
		return `
resource "contactcenter_gateway_sms_signature" "g" {
  sign_text = "Acme"
}
resource "contactcenter_gateway_sms_template" "g" {
  tpl_title = "Code"
  tpl_text  = "` + text + `"
  tpl_type  = 1
  sign_text = contactcenter_gateway_sms_signature.g.sign_text
  remark    = "login"
}
`
	}
	w.WriteFile("bom.txt", "\ufeffHello ${name},\r\nyour parcel has shipped.\r\n")
	w.WriteFile("plain.txt", "Hello ${name} 👨\u200d👩\u200d👧, your parcel has shipped.\r\n")
	for config, wants := range map[string][]string{
		sms("bom.txt"): {
			summary + ` with contactcenter_sms_template.t`,
			`template_contents holds a byte order mark (U+FEFF) at its start, which file() keeps from a file saved as "UTF-8 with BOM": ` +
				`the platform sends it as written, unseen, in every message, where it counts in the message's length and some phones show it as a box or a question mark.`,
			`Remove it (for a file read with file(): trimprefix(file("…"), "\ufeff"), or save the file as UTF-8 without BOM).`,
		},
		gateway(`Your code is $${code}.\u200b Do not share it.\u00ad`): {
			summary + ` with contactcenter_gateway_sms_template.g`,
			`tpl_text holds a zero-width space (U+200B) and a soft hyphen (U+00AD): the platform sends them as written, unseen, in every message, where they count in the message's length and some phones show them as a box or a question mark. Remove them.`,
		},
		// Emoji joined with U+200D and a CRLF file plan quietly.
		sms("plain.txt"):                  nil,
		gateway(`Your code is $${code}.`): nil,
	} {
		w.WriteBody(config)
		out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
		if wants == nil && strings.Contains(out, summary) {
			t.Errorf("a text without invisible characters warns:\n%s", out)
		}
		for _, want := range wants {
			if !strings.Contains(out, want) {
				t.Errorf("the plan lacks %q:\n%s", want, out)
			}
		}
	}
}
