package resources_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestImportByKeyHeldDecomposed: Terraform holds an import block's id
// composed (NFC), so a signature text, template name or agent number the
// platform holds decomposed ("Cafe" and U+0301, as some systems type it in
// the portal) was "not found" by sign_text:, template_name: and user_num:
// (skill groups' que_name: fell back already); by id, each imported. They
// are matched in one Unicode form, as groups are.
func TestImportByKeyHeldDecomposed(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Cafe\u0301 Nord"})
	if err != nil {
		t.Fatal(err)
	}
	tp, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: "Re\u0301sume\u0301", TemplateContents: "Hello", SignID: sg.ID.Int64()})
	if err != nil {
		t.Fatal(err)
	}
	if err := env.Sim.Seed(map[string]json.RawMessage{"agents": json.RawMessage(`[{"user_id":1901,"user_num":"7e\u0301","user_name":"x"}]`)}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ typ, id, want string }{
		{"contactcenter_sms_signature", "sign_text:Caf\u00e9 Nord", strconv.FormatInt(sg.ID.Int64(), 10)},
		{"contactcenter_sms_template", "template_name:R\u00e9sum\u00e9", strconv.FormatInt(tp.ID.Int64(), 10)},
		{"contactcenter_agent", "user_num:7\u00e9", "1901"},
	} {
		state, diags := env.ImportByID(t, tc.typ, tc.id)
		if len(diags) != 0 || state == nil {
			var msgs []string
			for _, d := range diags {
				msgs = append(msgs, d.Summary+": "+d.Detail)
			}
			t.Errorf("%s %s (held decomposed): not imported: %s", tc.typ, tc.id, strings.Join(msgs, "; "))
			continue
		}
		if got, _ := state["id"].(string); got != tc.want {
			t.Errorf("%s %s imported id %s, want %s", tc.typ, tc.id, got, tc.want)
		}
	}
}

// TestImportByKeyAnyFormAmbiguous: two agents whose numbers are one number
// in two Unicode forms (the platform tells the bytes apart, Terraform does
// not) are both named, and neither is taken; a number that no agent holds
// in any form is not found.
func TestImportByKeyAnyFormAmbiguous(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	if err := env.Sim.Seed(map[string]json.RawMessage{"agents": json.RawMessage(`[{"user_id":1901,"user_num":"7e\u0323\u0301","user_name":"x"},` +
		`{"user_id":1902,"user_num":"7e\u0301\u0323","user_name":"y"}]`)}); err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]string{
		"user_num:7\u1eb9\u0301": "user_num \"7\u1eb9\u0301\": 2 agents have this agent number (user_num, matched exactly, letter case included, spaces around it ignored), " +
			"each in another Unicode form of it, which Terraform does not tell apart: 1901 (user_status 1, on duty), 1902 (user_status 1, on duty).",
		"user_num:8\u00e9": "user_num \"8\u00e9\": not found",
	} {
		_, diags := env.ImportByID(t, "contactcenter_agent", id)
		if len(diags) != 1 || !strings.Contains(diags[0].Detail, want) {
			var msgs []string
			for _, d := range diags {
				msgs = append(msgs, d.Summary+": "+d.Detail)
			}
			t.Errorf("%s: %q, want one error saying %q", id, msgs, want)
		}
	}
}
