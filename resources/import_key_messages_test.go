package resources_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestImportByKeyMessages: an import by a natural key (user_num:,
// que_name:, sign_text:, template_name:) that finds none, several or is
// empty says so in one shape for every kind: what was searched and how it
// matches (the agent number trimmed, the others as written, letter case
// included), each candidate's id and state, how to import by id instead,
// and the empty value named. The agent's and the skill group's messages
// were older and worded apart (no "spaces", an "Unable to Import" read as
// an API failure, no candidate's state), the generic one said "an empty
// sign_text". A key not found that differs from an object's only in letter
// case or spaces around it (" Sales", "acme") names that object and the
// import id that takes it, where it said only "not found".
func TestImportByKeyMessages(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	// One key in two Unicode forms (the platform tells the bytes apart,
	// Terraform does not): the only way two agents or groups share one.
	const a, b = "Ne\u0323\u0301", "Ne\u0301\u0323"
	if err := env.Sim.Seed(map[string]json.RawMessage{"agents": json.RawMessage(`[{"user_id":1901,"user_num":"` + a + `","user_name":"x"},` +
		`{"user_id":1902,"user_num":"` + b + `","user_name":"y","user_status":2},{"user_id":1903,"user_num":"Ab1","user_name":"z"}]`)}); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, name := range []string{a, b, "Sales"} {
		id, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: name, QuePriority: 4})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	var sigs, tpls []string
	for _, text := range []string{a, b, "Acme"} {
		sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: text})
		if err != nil {
			t.Fatal(err)
		}
		sigs = append(sigs, strconv.FormatInt(sg.ID.Int64(), 10))
		tp, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: text + " notice", TemplateContents: "Hi", SignID: sg.ID.Int64()})
		if err != nil {
			t.Fatal(err)
		}
		tpls = append(tpls, strconv.FormatInt(tp.ID.Int64(), 10))
	}
	const nfc = "N\u1eb9\u0301"
	const byID = ` instead: terraform import <address> <id>, or id = "<id>" in the import block.`
	const forms = `, each in another Unicode form of it, which Terraform does not tell apart: `
	const asWritten = `matched exactly, letter case and spaces included`
	const trimmed = `matched exactly, letter case included, spaces around it ignored`
	for _, tc := range []struct{ typ, id, summary, detail string }{
		{"contactcenter_agent", "user_num:ab1", "Cannot Import Non-Existent Agent",
			`user_num "ab1": not found: no agent has this agent number (user_num, ` + trimmed + `). Check the agent number (data "contactcenter_agents" or ccsync agents export lists every agent's), ` +
				`or import by the agent's numeric id (user_id)` + byID},
		{"contactcenter_agent", "user_num: " + nfc + " ", "Cannot Import Ambiguous Agent",
			`user_num "` + nfc + `": 2 agents have this agent number (user_num, ` + trimmed + `)` + forms + `1901 (user_status 1, on duty), 1902 (user_status 2, resigned). ` +
				`Import the one to manage by the agent's numeric id (user_id)` + byID},
		{"contactcenter_agent", "user_num: ", "Invalid Import ID",
			`Expected user_num:<agent number>, got an empty agent number. Write the agent number after user_num: (user_num, ` + trimmed + `), ` +
				`or import by the agent's numeric id (user_id)` + byID},
		{"contactcenter_skill_group", "que_name: Sales", "Cannot Import Non-Existent Skill Group",
			`que_name " Sales": not found: no skill group has this group name (que_name, ` + asWritten + `). ` +
				`Differing only in letter case or spaces around it: skill group ` + ids[2] + `'s group name "Sales" (import it with id = "que_name:Sales"). Check the group name (data "contactcenter_skill_groups" lists every skill group's), ` +
				`or import by the skill group's numeric id (que_id)` + byID},
		{"contactcenter_skill_group_members", "que_name:" + nfc, "Cannot Import Ambiguous Skill Group Members",
			`que_name "` + nfc + `": 2 skill groups have this group name (que_name, ` + asWritten + `)` + forms + ids[0] + `, ` + ids[1] + `. ` +
				`Import the one to manage by the skill group's numeric id (que_id)` + byID},
		{"contactcenter_skill_group", "que_name:", "Invalid Import ID",
			`Expected que_name:<group name>, got an empty group name. Write the group name after que_name: (que_name, ` + asWritten + `), ` +
				`or import by the skill group's numeric id (que_id)` + byID},
		{"contactcenter_sms_signature", "sign_text:acme", "Cannot Import Non-Existent SMS Signature",
			`sign_text "acme": not found: no SMS signature has this signature text (sign_text, ` + asWritten + `). ` +
				`Differing only in letter case or spaces around it: SMS signature ` + sigs[2] + `'s signature text "Acme" (import it with id = "sign_text:Acme"). Check the signature text (data "contactcenter_sms_signatures" lists every SMS signature's), ` +
				`or import by the SMS signature's numeric id (id)` + byID},
		{"contactcenter_sms_signature", "sign_text:" + nfc, "Cannot Import Ambiguous SMS Signature",
			`sign_text "` + nfc + `": 2 SMS signatures have this signature text (sign_text, ` + asWritten + `)` + forms + sigs[0] + ` (state reviewing), ` + sigs[1] + ` (state reviewing). ` +
				`Import the one to manage by the SMS signature's numeric id (id)` + byID},
		{"contactcenter_sms_signature", "sign_text: ", "Invalid Import ID",
			`Expected sign_text:<signature text>, got an empty signature text. Write the signature text after sign_text: (sign_text, ` + asWritten + `), ` +
				`or import by the SMS signature's numeric id (id)` + byID},
		{"contactcenter_sms_template", "template_name:Acme notice ", "Cannot Import Non-Existent SMS Template",
			`template_name "Acme notice ": not found: no SMS template has this template name (template_name, ` + asWritten + `). ` +
				`Differing only in letter case or spaces around it: SMS template ` + tpls[2] + `'s template name "Acme notice" (import it with id = "template_name:Acme notice"). Check the template name (data "contactcenter_sms_templates" lists every SMS template's), ` +
				`or import by the SMS template's numeric id (id)` + byID},
		{"contactcenter_sms_template", "template_name:" + nfc + " notice", "Cannot Import Ambiguous SMS Template",
			`template_name "` + nfc + ` notice": 2 SMS templates have this template name (template_name, ` + asWritten + `)` + forms + tpls[0] + ` (state pending review), ` + tpls[1] + ` (state pending review). ` +
				`Import the one to manage by the SMS template's numeric id (id)` + byID},
		{"contactcenter_sms_template", "template_name:", "Invalid Import ID",
			`Expected template_name:<template name>, got an empty template name. Write the template name after template_name: (template_name, ` + asWritten + `), ` +
				`or import by the SMS template's numeric id (id)` + byID},
	} {
		diags := env.ImportDiagnostics(t, tc.typ, tc.id)
		detail := tc.detail
		if tc.summary[:len("Cannot Import N")] == "Cannot Import N" {
			detail += " If this is a new object, to be created, and the import comes from an import block: a block whose for_each is the same map " +
				"as the resource's imports the rows added to it after the adoption too, which do not exist yet. Remove the import block once its import has been applied, " +
				"or limit its for_each to the objects that exist."
		}
		if len(diags) != 1 || diags[0].Summary != tc.summary || diags[0].Detail != detail {
			for _, d := range diags {
				t.Errorf("%s %q: %s: %s", tc.typ, tc.id, d.Summary, d.Detail)
			}
			t.Errorf("%s %q: want one error %s: %s", tc.typ, tc.id, tc.summary, detail)
		}
	}
}

// TestImportByKeyMessagesCLI: what terraform plan shows of an import block
// whose key finds none (an agent number, the spaces around it ignored),
// several (a signature text in two Unicode forms) or is empty (a template
// name): one shape, each naming what was searched, how it matches and the
// import by id.
func TestImportByKeyMessagesCLI(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	var sigs []string
	for _, text := range []string{"Ne\u0323\u0301", "Ne\u0301\u0323"} {
		sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: text})
		if err != nil {
			t.Fatal(err)
		}
		sigs = append(sigs, strconv.FormatInt(sg.ID.Int64(), 10))
	}
	w := env.Workdir(t)
	w.WriteBody(`
import {
  to = contactcenter_agent.a
  id = "user_num: 99999 "
}
resource "contactcenter_agent" "a" {
  user_num  = "99999"
  user_name = "Ann"
}
import {
  to = contactcenter_sms_signature.s
  id = "sign_text:N\u1eb9\u0301"
}
resource "contactcenter_sms_signature" "s" {
  sign_text = "N\u1eb9\u0301"
}
import {
  to = contactcenter_sms_template.t
  id = "template_name:"
}
resource "contactcenter_sms_template" "t" {
  template_name     = "Parcel"
  template_contents = "Hi"
  sign_id           = 1
}
`)
	out := strings.Join(strings.Fields(w.Must(1, "plan", "-no-color")), " ")
	const byID = ` instead: terraform import <address> <id>, or id = "<id>" in the import block.`
	for _, want := range []string{
		`Error: Cannot Import Non-Existent Agent user_num "99999": not found: no agent has this agent number (user_num, matched exactly, letter case included, spaces around it ignored). ` +
			`Check the agent number (data "contactcenter_agents" or ccsync agents export lists every agent's), or import by the agent's numeric id (user_id)` + byID + ` If this is a new object`,
		"Error: Cannot Import Ambiguous SMS Signature sign_text \"N\u1eb9\u0301\": " + `2 SMS signatures have this signature text (sign_text, matched exactly, letter case and spaces included), ` +
			`each in another Unicode form of it, which Terraform does not tell apart: ` + sigs[0] + ` (state reviewing), ` + sigs[1] + ` (state reviewing). ` +
			`Import the one to manage by the SMS signature's numeric id (id)` + byID,
		`Error: Invalid Import ID Expected template_name:<template name>, got an empty template name. Write the template name after template_name: ` +
			`(template_name, matched exactly, letter case and spaces included), or import by the SMS template's numeric id (id)` + byID,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("terraform plan: want\n%s\nin\n%s", want, out)
		}
	}
}

// TestSkillGroupMember_importByKeyRefused: one agent's membership is
// imported by both ids only, and an export's imports.tf writes a group's
// membership by que_name:, which a user copying it for a member (or
// guessing user_num:) got refused as "expected two positive numeric ids",
// without a word of the keys: the error says which form to write instead.
func TestSkillGroupMember_importByKeyRefused(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	const keys = ` A member takes no que_name: or user_num: key: write both numeric ids, which may be those of the group and the agent imported in the same plan ` +
		`(id = "${contactcenter_skill_group.x.id}:${contactcenter_agent.y.id}"), or import the group's whole membership (contactcenter_skill_group_members) as que_name:<group name>.`
	for id, want := range map[string]string{
		"que_name:Sales":    `A skill group member is imported as <que_id>:<agent_id>: expected two positive numeric ids joined by a colon, got "que_name:Sales".` + keys,
		"101:user_num:8001": `A skill group member is imported as <que_id>:<agent_id>: expected two positive numeric ids joined by a colon, got "101:user_num:8001".` + keys,
		"Sales:8001":        `A skill group member is imported as <que_id>:<agent_id>: expected two positive numeric ids joined by a colon, got "Sales:8001".`,
	} {
		if diags := env.ImportDiagnostics(t, "contactcenter_skill_group_member", id); len(diags) != 1 || diags[0].Summary != "Invalid Import ID" || diags[0].Detail != want {
			for _, d := range diags {
				t.Errorf("%q: %s: %s", id, d.Summary, d.Detail)
			}
			t.Errorf("%q: want one error Invalid Import ID: %s", id, want)
		}
	}
}
