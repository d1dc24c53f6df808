package resources_test

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// adoptCase is one of the reviewed SMS objects and voice files, adopted as
// `terraform query` and import blocks do: made by hand through the API,
// then listed (filters, limit, identity, a resource flattened like Read
// with the provider-side settings at their defaults) and imported by
// identity.
type adoptCase struct {
	typ string
	// make creates three objects by hand; the first two match filter.
	make   func(t *testing.T, env *acctest.Env)
	filter map[string]any
	// name is the attribute the display name shows.
	name string
	// defaults are provider-side attributes and their values after import.
	defaults map[string]any
}

func adoptCases(t *testing.T) map[string]adoptCase {
	wav, _ := os.ReadFile(writeWAV(t, t.TempDir(), "tone.wav", 3))
	return map[string]adoptCase{
		"sms signature": {typ: "contactcenter_sms_signature", name: "sign_text",
			filter:   map[string]any{"sign_text": "Acme"},
			defaults: map[string]any{"wait_for_approval": false, "timeouts": nil},
			make: func(t *testing.T, env *acctest.Env) {
				for _, s := range []string{"Acme", "Acme Shop", "Other"} {
					if _, err := env.Client(t).SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: s}); err != nil {
						t.Fatal(err)
					}
				}
			}},
		"sms template": {typ: "contactcenter_sms_template", name: "template_name",
			filter:   map[string]any{"keyword": "Code"},
			defaults: map[string]any{"wait_for_approval": false, "submit_for_review": true, "timeouts": nil},
			make: func(t *testing.T, env *acctest.Env) {
				c := env.Client(t)
				sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
				if err != nil {
					t.Fatal(err)
				}
				for _, n := range []string{"Code login", "Code reset", "Parcel"} {
					in := client.SMSTemplateInput{TemplateName: n, TemplateContents: "Hi ${name}", SignID: int64(sg.ID), Action: client.TemplateActionSubmit}
					if _, err := c.SMS.CreateTemplate(t.Context(), in); err != nil {
						t.Fatal(err)
					}
				}
			}},
		"gateway signature": {typ: "contactcenter_gateway_sms_signature", name: "sign_text",
			filter:   map[string]any{"state": 0},
			defaults: map[string]any{"wait_for_approval": false, "pic_file": nil, "pic_sha256": nil, "timeouts": nil},
			make: func(t *testing.T, env *acctest.Env) {
				c := env.Client(t)
				for _, s := range []string{"Acme", "Acme Shop", "Other"} {
					id, err := c.Gateway.AddSignature(t.Context(), client.GatewaySignatureInput{SignText: s})
					if err != nil {
						t.Fatal(err)
					}
					if s == "Other" {
						if err := env.Sim.Review("gateway_signature", strconv.FormatInt(id, 10), 1, ""); err != nil {
							t.Fatal(err)
						}
					}
				}
			}},
		"gateway template": {typ: "contactcenter_gateway_sms_template", name: "tpl_title",
			filter:   map[string]any{"state": 0},
			defaults: map[string]any{"wait_for_approval": false, "timeouts": nil},
			make: func(t *testing.T, env *acctest.Env) {
				c := env.Client(t)
				for _, s := range []string{"Login", "Reset", "Approved"} {
					id, err := c.Gateway.AddTemplate(t.Context(), client.GatewayTemplateInput{TplTitle: s, TplText: "Code ${code}", TplType: 1})
					if err != nil {
						t.Fatal(err)
					}
					if s == "Approved" {
						if err := env.Sim.Review("gateway_template", strconv.FormatInt(id, 10), 1, ""); err != nil {
							t.Fatal(err)
						}
					}
				}
			}},
		"sound": {typ: "contactcenter_sound", name: "name",
			filter:   map[string]any{"keyword": "Queue"},
			defaults: map[string]any{"source": nil, "source_hash": nil},
			make: func(t *testing.T, env *acctest.Env) {
				for _, n := range []string{"Queue hold", "Queue full", "Survey"} {
					if _, _, err := env.Client(t).Sounds.Upload(t.Context(), client.SoundInput{Name: n, SoundType: 1, FileName: "tone.wav", Content: wav}); err != nil {
						t.Fatal(err)
					}
				}
			}},
	}
}

func TestSMSObjects_list(t *testing.T) {
	t.Parallel()
	for name, tc := range adoptCases(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t)
			tc.make(t, env)
			all := env.List(t, tc.typ, map[string]any{}, true, 100)
			if len(all) != 3 {
				t.Fatalf("want 3 results, got %d: %+v", len(all), all)
			}
			for _, r := range all {
				if len(r.Diagnostics) != 0 {
					t.Fatalf("diagnostics: %v", r.Diagnostics)
				}
				if r.Identity["id"] == nil || r.Identity["id"] != r.Resource["id"] {
					t.Errorf("identity %v does not name resource %v", r.Identity, r.Resource["id"])
				}
				if r.DisplayName != r.Resource[tc.name] {
					t.Errorf("display name %q, want %s %v", r.DisplayName, tc.name, r.Resource[tc.name])
				}
				for k, v := range tc.defaults {
					if r.Resource[k] != v {
						t.Errorf("%s = %v, want %v as after import: %v", k, r.Resource[k], v, r.Resource)
					}
				}
			}
			some := env.List(t, tc.typ, tc.filter, false, 100)
			if len(some) != 2 || some[0].Resource != nil {
				t.Fatalf("filter %v: want 2 results without resource, got %+v", tc.filter, some)
			}
			if one := env.List(t, tc.typ, map[string]any{}, false, 1); len(one) != 1 {
				t.Fatalf("limit 1: got %d results", len(one))
			}

			// The same object imported by identity reads as its list result.
			state, diags := env.ImportByIdentity(t, tc.typ, map[string]any{"id": all[0].Resource["id"]})
			if len(diags) != 0 {
				t.Fatalf("import by identity: %v", diags)
			}
			for k, v := range all[0].Resource {
				if k != "timeouts" && fmt.Sprint(state[k]) != fmt.Sprint(v) {
					t.Errorf("imported %s = %v, listed %v", k, state[k], v)
				}
			}
			if _, diags := env.ImportByIdentity(t, tc.typ, map[string]any{"id": "abc"}); len(diags) == 0 ||
				!strings.Contains(diags[0].Detail, `imported by its numeric id`) || !strings.Contains(diags[0].Detail, `got "abc"`) {
				t.Fatalf("a bad identity must be refused naming the value, got %v", diags)
			}
		})
	}
}

// TestAccSMSObjects_importIdentity imports each type with an import block
// naming its identity (Terraform 1.12 and later), with 0 changes after.
func TestAccSMSObjects_importIdentity(t *testing.T) {
	t.Parallel()
	wav := writeWAV(t, t.TempDir(), "tone.wav", 5)
	// adopted is the configuration an adopting team writes: a voice file
	// keeps the platform's file, without source.
	adopted := "resource \"contactcenter_sound\" \"test\" {\n  name = \"Identity\"\n  sound_type = 1\n}\n"
	cases := map[string]struct {
		addr, config, imported string
		ignore                 []string
	}{
		"sms signature":     {"contactcenter_sms_signature.test", smsSignatureConfig("Identity", ""), "", nil},
		"sms template":      {"contactcenter_sms_template.test", smsTemplateConfig("Identity", "Hi $${name}", ""), "", nil},
		"gateway signature": {"contactcenter_gateway_sms_signature.test", gatewaySignatureConfig("Identity", ""), "", nil},
		"gateway template":  {"contactcenter_gateway_sms_template.test", gatewayTemplateConfig("Code ${code}", 1, ""), "", nil},
		"sound":             {"contactcenter_sound.test", soundConfig("Identity", "", 1, wav), adopted, []string{"source", "source_hash"}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t)
			imported := tc.config
			if tc.imported != "" {
				imported = tc.imported
			}
			resource.Test(t, resource.TestCase{
				PreCheck:                 func() { acctest.PreCheck(t) },
				ProtoV6ProviderFactories: env.Factories(),
				TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_12_0)},
				Steps: []resource.TestStep{
					{
						Config: env.Config(tc.config),
						ConfigStateChecks: []statecheck.StateCheck{
							statecheck.ExpectIdentityValueMatchesState(tc.addr, tfjsonpath.New("id")),
						},
					},
					{
						Config: env.Config(imported), ResourceName: tc.addr, ImportState: true,
						ImportStateKind: resource.ImportBlockWithResourceIdentity, ImportStateVerifyIgnore: tc.ignore,
					},
				},
			})
		})
	}
}
