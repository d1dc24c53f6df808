package actions_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestSendActions_invisibleCharacterAtAValuesEdge: a template value that
// begins or ends with an invisible character (a zero-width space pasted
// with a name from a web page, a byte order mark that file() keeps) went
// out, unseen, in the message through both send actions, where ccsync
// refuses it in a recipients workbook. It is refused at validation,
// naming the value, the character and where it is; values alike are said
// once; one within a value (a line-break hint) is sent as written.
func TestSendActions_invisibleCharacterAtAValuesEdge(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	rec := func(m string, vs ...string) map[string]any { return map[string]any{"mobile": m, "sms_params_list": vs} }
	cases := map[string]struct {
		config map[string]any
		want   string // "" passes validation
	}{
		"zero-width space at a start": {map[string]any{"tpl_id": "5", "recipients": []any{rec("13800000015", "\u200bAlice", "Pro")}},
			`Invisible Character in Template Value: recipients[0].sms_params_list[0]: Value 1 for 13800000015, "\u200bAl"…, holds a zero-width space (U+200B) at its start ` +
				`(pasted with it, from a web page or a chat?): the platform would send it as written, unseen, in the message`},
		"a column pasted with it": {map[string]any{"tpl_id": "5", "recipients": []any{
			rec("13800000015", "Al\u200b"), rec("13800000016", "Bo\u200b"), rec("13800000017", "Cy"), rec("13800000018", "Di\u200b"), rec("13800000019", "Ed\u200b")}},
			`4 values begin or end with an invisible character (pasted with them, from a web page or a chat?): value 1 for 13800000015, "Al\u200b", ` +
				`holds a zero-width space (U+200B) at its end (recipients[0].sms_params_list[0]), value 1 for 13800000016`},
		"shared value with a byte order mark": {map[string]any{"mobiles": []string{"13800000015"}, "tpl_id": "5", "sms_params": map[string]string{"code": "\ufeff1234"}},
			`${code} in sms_params, "\ufeff12"…, holds a byte order mark (U+FEFF) at its start (kept by file() from a file saved as "UTF-8 with BOM"?): ` +
				`the platform would send it as written`},
		// Only the edge the character is at is quoted: a value may be a
		// one-time code from a sensitive variable.
		"one-time code": {map[string]any{"mobiles": []string{"13800000015"}, "tpl_id": "5", "sms_params": map[string]string{"code": "4821\u200b"}},
			`${code} in sms_params, …"21\u200b", holds a zero-width space (U+200B) at its end`},
		// A space typed after the character (a cell copied with it).
		"zero-width space before a space": {map[string]any{"tpl_id": "5", "recipients": []any{rec("13800000015", "30\u200b ")}},
			`Value 1 for 13800000015, "30\u200b ", holds a zero-width space (U+200B) at its end`},
		"within a value":           {map[string]any{"tpl_id": "5", "recipients": []any{rec("13800000015", "Ali\u200bce")}}, ""},
		"shared value not taken":   {map[string]any{"tpl_id": "5", "sms_params_list": []string{"x\u200b"}, "recipients": []any{rec("13800000015", "Al")}}, ""},
		"shared value taken":       {map[string]any{"tpl_id": "5", "sms_params_list": []string{"A", "x\u200b"}, "recipients": []any{rec("13800000015", "Al")}}, `Value 2 in sms_params_list, "x\u200b"`},
		"blank value of a number":  {map[string]any{"tpl_id": "5", "recipients": []any{rec("13800000015", "\u00a0")}}, `Blank Template Value: recipients[0].sms_params_list[0]: Value 1 for 13800000015 is "\u00a0", white space or invisible characters alone: the gateway would send the message with it`},
		"invisible value alone":    {map[string]any{"mobiles": []string{"13800000015"}, "tpl_id": "5", "sms_params_list": []string{"\u200b"}}, `Value 1 in sms_params_list is "\u200b", white space or invisible characters alone`},
		"empty shared value taken": {map[string]any{"mobiles": []string{"13800000015"}, "tpl_id": "5", "sms_params_list": []string{"", "Acme"}}, `Blank Template Value: Value 1 in sms_params_list is empty`},
		// A shared value every number gives its own of is a placeholder.
		"empty shared value not taken": {map[string]any{"tpl_id": "5", "sms_params_list": []string{"", "Acme"}, "recipients": []any{rec("13800000015", "Al")}}, ""},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			res := env.RunAction(t, "contactcenter_gateway_sms_send", tc.config)
			switch {
			case tc.want == "" && res.Phase == "validate":
				t.Errorf("want it to pass validation, got:\n%s", res.Text())
			case tc.want != "" && (res.Phase != "validate" || !strings.Contains(res.Text(), tc.want)):
				t.Errorf("phase %s, diagnostics:\n%s\nwant %q at validate", res.Phase, res.Text(), tc.want)
			case strings.Count(res.Text(), "Invisible Character in Template Value")+strings.Count(res.Text(), "Blank Template Value") > 1:
				t.Errorf("want the values in one error:\n%s", res.Text())
			}
		})
	}

	// contactcenter_sms_send: the same, nothing sent.
	tid := approvedTemplate(t, env, "Hi ${name}")
	res := env.RunAction(t, "contactcenter_sms_send", map[string]any{"template_id": tid, "recipients": []any{
		map[string]any{"mobile": "13900000071", "params": map[string]string{"name": "Alice\u200b"}},
		map[string]any{"mobile": "13900000072", "params": map[string]string{"name": "Bo"}},
	}})
	if want := `Invisible Character in Template Value: recipients[0].params["name"]: ${name} for 13900000071, …"ce\u200b", holds a zero-width space (U+200B) at its end`; res.Phase != "validate" || !strings.Contains(res.Text(), want) {
		t.Errorf("phase %s, diagnostics:\n%s\nwant %q at validate", res.Phase, res.Text(), want)
	}
	res = env.RunAction(t, "contactcenter_sms_send", map[string]any{"template_id": tid, "params": map[string]string{"name": "\ufeffAll"},
		"recipients": []any{map[string]any{"mobile": "13900000073"}}})
	if want := `${name} in params, "\ufeffAl"…, holds a byte order mark (U+FEFF) at its start`; !strings.Contains(res.Text(), want) || !strings.Contains(res.Text(), `trimprefix(file("…"), "\ufeff")`) {
		t.Errorf("diagnostics:\n%s\nwant %q with the fix", res.Text(), want)
	}
	if n := env.Sim.Stats()["POST /open/sms/send"]; n != 0 {
		t.Errorf("nothing may be sent: sms/send called %d times", n)
	}
	// A shared value every recipient gives its own of is not sent.
	res = env.RunAction(t, "contactcenter_sms_send", map[string]any{"template_id": tid, "params": map[string]string{"name": "\u200b?"},
		"recipients": []any{map[string]any{"mobile": "13900000074", "params": map[string]string{"name": "Cy"}}}})
	if strings.Contains(res.Text(), "Invisible Character") || res.HasError() {
		t.Errorf("a shared value no recipient takes: %s", res.Text())
	}
}
