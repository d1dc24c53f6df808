package resources

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// An agent number or phone typed with a Chinese input method (full-width
// digits) or pasted with an invisible character was taken without a word,
// and ccsync then refused the roster it exported; the plan warns (the
// platform takes such a value, so a portal agent holding one can still be
// adopted).
func TestLookalikeNumber(t *testing.T) {
	for value, want := range map[string]string{
		"６０３２":             `user_num "６０３２" has full-width digits (０-９): the platform takes it, but as another number than the one it looks like`,
		"＋8613800138000":   `has the full-width character '＋'`,
		"6032\u200b":       `has the invisible character U+200B (pasted with it?)`,
		"6032":             "",
		"A-001":            "",
		"+86 138 0013 800": "",
	} {
		var resp validator.StringResponse
		lookalikeNumber.ValidateString(context.Background(), validator.StringRequest{Path: path.Root("user_num"), ConfigValue: types.StringValue(value)}, &resp)
		switch {
		case want == "" && len(resp.Diagnostics) != 0:
			t.Errorf("%q: %v, want nothing", value, resp.Diagnostics)
		case want != "" && (len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Severity() != diag.SeverityWarning || !strings.Contains(resp.Diagnostics[0].Detail(), want)):
			t.Errorf("%q: %v, want a warning with %q", value, resp.Diagnostics, want)
		}
	}
	// The effect named is the attribute's: a roster's row for user_num, SMS for a phone.
	for attr, want := range map[string]string{"user_num": "where a row typed with ASCII digits would be a new agent", "user_sms_phone": "SMS sends refuse such a phone number",
		"fixed_phone": "ccsync refuses it in a roster, and it is not the number people dial"} {
		var resp validator.StringResponse
		lookalikeNumber.ValidateString(context.Background(), validator.StringRequest{Path: path.Root(attr), ConfigValue: types.StringValue("１３８００１３８０００")}, &resp)
		if len(resp.Diagnostics) != 1 || !strings.Contains(resp.Diagnostics[0].Detail(), want) {
			t.Errorf("%s: %v, want %q", attr, resp.Diagnostics, want)
		}
	}
	var sr resource.SchemaResponse
	NewAgentResource().Schema(context.Background(), resource.SchemaRequest{}, &sr)
	// Checked when the plan writes the number (a plan modifier), not on
	// every plan of a configuration that keeps the platform's (a validator).
	for _, name := range []string{"user_num", "user_sms_phone", "fixed_phone"} {
		found := false
		a := sr.Schema.Attributes[name].(schema.StringAttribute)
		for _, m := range a.PlanModifiers {
			found = found || strings.HasPrefix(m.Description(context.Background()), lookalikeNumber.desc)
		}
		if !found {
			t.Errorf("the agent's %s is not checked for look-alike characters", name)
		}
		for _, v := range a.Validators {
			if strings.HasPrefix(v.Description(context.Background()), lookalikeNumber.desc) {
				t.Errorf("the agent's %s is checked for look-alike characters on every plan (a validator)", name)
			}
		}
	}
}

// A signature typed in the brackets a message puts around it (【Acme】)
// was sent as 【【Acme】】, and a template starting with 【Acme】 as
// 【Acme】【Acme】, without a word; both warn at plan.
func TestSignatureBrackets(t *testing.T) {
	for _, tc := range []struct {
		v     textWarning
		value string
		want  string
	}{
		{signatureBrackets(""), "【某某科技】", `sign_text "【某某科技】" is written in brackets: a message carries its signature in the 【】 brackets put around it when it is sent, so it would read 【【某某科技】】. For a new signature, write the name alone: sign_text = "某某科技". Changing sign_text replaces the signature: for one already on the platform (imported, approved with its brackets) a new signature is created and goes to review, and the approved one is deleted. Keep sign_text as written to keep it.`},
		{signatureBrackets(""), "[Acme]", `so it would read 【[Acme]】. For a new signature, write the name alone: sign_text = "Acme". Changing sign_text replaces the signature: for one already on the platform (imported, approved with its brackets) a new signature is created and goes to review, and the approved one is deleted. Keep sign_text as written to keep it.`},
		{signatureBrackets(""), "某某科技", ""},
		{signatureBrackets(""), "【A】 and 【B】", ""},
		{signatureBrackets(""), "【】", `sign_text "【】" is written in brackets: a message carries its signature in the 【】 brackets put around it when it is sent, so it would read 【【】】. Changing sign_text replaces the signature: for one already on the platform (imported, approved with its brackets) a new signature is created and goes to review, and the approved one is deleted. Keep sign_text as written to keep it.`},
		{signatureBrackets("sign_id"), "【某某科技】您的验证码是${code}", `sign_text starts with "【某某科技】", written as a signature is: a message carries its signature (the one sign_id chooses) in 【】 in front of the text, so it would begin with two, 【…】【某某科技】. Leave the signature out of the text.`},
		{signatureBrackets("sign_id"), "您的验证码是${code}【某某科技】", ""},
		// ASCII brackets at the start of a template are ordinary text.
		{signatureBrackets("sign_id"), "[Action required] Your invoice ${no} is overdue", ""},
		{signatureBrackets("sign_id"), "[${code}] is your verification code", ""},
	} {
		var resp validator.StringResponse
		tc.v.ValidateString(context.Background(), validator.StringRequest{Path: path.Root("sign_text"), ConfigValue: types.StringValue(tc.value)}, &resp)
		switch {
		case tc.want == "" && len(resp.Diagnostics) != 0:
			t.Errorf("%q: %v, want nothing", tc.value, resp.Diagnostics)
		case tc.want != "" && (len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Severity() != diag.SeverityWarning || !strings.Contains(resp.Diagnostics[0].Detail(), tc.want)):
			t.Errorf("%q: %v, want a warning with %q", tc.value, resp.Diagnostics, tc.want)
		}
	}
	for typ, attr := range map[string]string{"sms_signature": "sign_text", "sms_template": "template_contents", "gateway_sms_template": "tpl_text"} {
		var sr resource.SchemaResponse
		map[string]func() resource.Resource{"sms_signature": NewSMSSignatureResource, "sms_template": NewSMSTemplateResource,
			"gateway_sms_template": NewGatewaySMSTemplateResource}[typ]().Schema(context.Background(), resource.SchemaRequest{}, &sr)
		brackets, fullWidth := false, typ == "sms_signature"
		a := sr.Schema.Attributes[attr].(schema.StringAttribute)
		for _, v := range a.Validators {
			d := v.Description(context.Background())
			brackets, fullWidth = brackets || d == signatureBrackets("").desc, fullWidth || d == fullWidthVariables.desc
		}
		if typ == "sms_signature" {
			// A signature's brackets warn when the plan writes sign_text
			// (a plan modifier), not on every plan that keeps an adopted
			// signature's (a validator).
			if brackets {
				t.Errorf("%s.%s is checked for brackets on every plan (a validator)", typ, attr)
			}
			for _, m := range a.PlanModifiers {
				brackets = brackets || strings.HasPrefix(m.Description(context.Background()), signatureBrackets("").desc)
			}
		}
		if !brackets || !fullWidth {
			t.Errorf("%s.%s: checked for a signature in brackets %v, for full-width variables %v", typ, attr, brackets, fullWidth)
		}
	}
}

// A variable typed with a Chinese input method's full-width characters
// was sent as text ($｛name｝) or refused as unterminated without naming
// the brace (${name｝); it warns, quoting it.
func TestFullWidthVariables(t *testing.T) {
	for value, want := range map[string]string{
		"您好$｛name｝，订单已发货":        `template_contents holds "$｛name｝", written with full-width characters`,
		"您好＄｛name｝":              `holds "＄｛name｝"`,
		"您好${name｝，您的订单${no}":    `holds "${name｝", written with full-width characters (＄ ｛ ｝), which do not make a variable: one opened with them is sent as it is written, and one closed with ｝ is unterminated.`,
		"$｛a｝ and ${b｝ and $｛a｝": `holds "$｛a｝", "${b｝", written with`,
		"您好${name}，订单已发货":        "",
		"价格：￥100｛含税｝":            "",
	} {
		var resp validator.StringResponse
		fullWidthVariables.ValidateString(context.Background(), validator.StringRequest{Path: path.Root("template_contents"), ConfigValue: types.StringValue(value)}, &resp)
		switch {
		case want == "" && len(resp.Diagnostics) != 0:
			t.Errorf("%q: %v, want nothing", value, resp.Diagnostics)
		case want != "" && (len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Severity() != diag.SeverityWarning || !strings.Contains(resp.Diagnostics[0].Detail(), want)):
			t.Errorf("%q: %v, want a warning with %q", value, resp.Diagnostics, want)
		}
	}
}

// TestWebhookURLRule: a webhook address needs a host, also when it names
// only a port (http://:8080/hook passed the plan and failed the apply if
// the check on the host name went), and takes HTTPS:// as https.
func TestWebhookURLRule(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"https://crm.example.com/hook": "",
		"HTTPS://crm.example.com/hook": "",
		"http://:8080/hook":            `got "http://:8080/hook": it has no host.`,
		"http:///hook":                 `got "http:///hook": it has no host.`,
		"ftp://crm.example.com/hook":   `got "ftp://crm.example.com/hook": its scheme is not http or https.`,
		" https://crm.example.com":     `got " https://crm.example.com": it begins or ends with white space, which the service trims.`,
	} {
		if got := webhookURL.check(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

// TestNotBlankLeavesEmptyToLength: an empty text got two errors for one
// mistake ("length must be at least 1" and "must hold more than white
// space"); the length rule beside notBlank says it once.
func TestNotBlankLeavesEmptyToLength(t *testing.T) {
	for s, want := range map[string]int{"": 0, "   ": 1, " \u3000": 1, " a ": 0} {
		resp := &validator.StringResponse{}
		notBlank().ValidateString(context.Background(), validator.StringRequest{Path: path.Root("tpl_title"), ConfigValue: types.StringValue(s)}, resp)
		if len(resp.Diagnostics) != want {
			t.Errorf("%q: %d diagnostics %v, want %d", s, len(resp.Diagnostics), resp.Diagnostics, want)
		}
	}
}
