package datasources_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestDataSources_emptyFilterRefused: the client leaves an empty text
// filter out of the request, so `user_num = var.num` with an empty
// variable read every agent (every webhook, number, binding...) where the
// configuration asked for one. An empty filter is now refused at plan time,
// naming the attribute.
func TestDataSources_emptyFilterRefused(t *testing.T) {
	t.Parallel()
	cases := map[string]acctest.PlanError{}
	for _, c := range []struct{ typ, attr string }{
		{"agents", "user_num"}, {"trunk_numbers", "code"}, {"webhooks", "name"}, {"webhooks", "url"},
		{"virtual_number_bindings", "virtual"}, {"sms_signatures", "sign_text"}, {"sms_templates", "keyword"},
		{"sms_records", "mobile"}, {"outbound_tasks", "name"}, {"skill_groups", "keyword"}, {"sounds", "keyword"}, {"ivrs", "ivr_name"},
	} {
		cases[c.typ+"."+c.attr] = acctest.PlanError{
			Config: `data "contactcenter_` + c.typ + `" "x" { ` + c.attr + ` = "" }`,
			Want:   `Attribute ` + c.attr + ` string length must be at least 1, got: 0`,
		}
	}
	// The set filters of contactcenter_agents too: `user_ids = [for ...]`
	// that comes out empty listed every agent.
	for _, attr := range []string{"user_ids", "dept_ids", "role_ids", "queue_ids", "position_ids", "user_status", "user_type"} {
		cases["agents."+attr] = acctest.PlanError{
			Config: `data "contactcenter_agents" "x" { ` + attr + ` = [] }`,
			Want:   `Attribute ` + attr + ` set must contain at least 1 elements, got: 0`,
		}
	}
	// An agent number with white space around it matched no agent, with no
	// word: numbers are stored trimmed.
	for _, typ := range []string{"agents", "agent"} {
		cases[typ+".user_num spaced"] = acctest.PlanError{
			Config: `data "contactcenter_` + typ + `" "x" { user_num = " 9001" }`,
			Want:   `Attribute user_num must not begin or end with white space (agent numbers are stored trimmed: it would match no agent)`,
		}
	}
	// The value is quoted and the character named: "got: 9001 " showed
	// nothing of a no-break space pasted with the number, nor of the line
	// break file() keeps (the message then ended "got: 9001" and a blank
	// line).
	for value, want := range map[string]string{
		`9001\u00a0`: `got "9001\u00a0", which ends with U+00A0`,
		`9001\n`:     `got "9001\n", which ends with U+000A`,
	} {
		cases["agent.user_num "+value] = acctest.PlanError{
			Config: `data "contactcenter_agent" "x" { user_num = "` + value + `" }`,
			Want:   `Attribute user_num must not begin or end with white space (agent numbers are stored trimmed: it would match no agent), ` + want,
		}
	}
	// A mobile with no digit is empty once spaces and dashes go: it listed
	// every record.
	cases["sms_records.mobile -"] = acctest.PlanError{
		Config: `data "contactcenter_sms_records" "x" { mobile = " - " }`,
		Want:   `Attribute mobile must hold digits (spaces, dashes, dots and brackets are removed), got " - "`,
	}
	acctest.New(t).ExpectPlanErrors(t, cases)
}

// TestFilterEdgeSpaces: a contains-filter with white space at either end
// matched nothing without a word (a keyword pasted with a space); the
// plan (or terraform query) warns, naming the attribute and the value, for
// the data sources and the list resources alike.
func TestFilterEdgeSpaces(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t)
	ls, ok := tfprotov6.ProviderServer(srv).(tfprotov6.ProviderServerWithListResource)
	if !ok {
		t.Fatal("the provider server does not implement list resources")
	}
	for typ, attr := range map[string]string{
		"contactcenter_skill_groups": "keyword", "contactcenter_sms_templates": "keyword", "contactcenter_sounds": "keyword",
		"contactcenter_webhooks": "url", "contactcenter_outbound_tasks": "name",
		"list contactcenter_skill_group": "keyword", "list contactcenter_skill_group_members": "keyword", "list contactcenter_sms_template": "keyword",
		"list contactcenter_sound": "keyword", "list contactcenter_webhook": "name", "list contactcenter_outbound_task": "name",
		// sign_text is stored trimmed and matched as given (§4.1 sms/sign/list,
		// fuzzy): " Acme" found no signature, without a word.
		"contactcenter_sms_signatures": "sign_text", "list contactcenter_sms_signature": "sign_text",
	} {
		for value, warns := range map[string]bool{" Sales": true, "Sales\u3000": true, "Sales Team": false} {
			b, _ := json.Marshal(map[string]any{attr: value})
			var diags []*tfprotov6.Diagnostic
			if name, list := strings.CutPrefix(typ, "list "); list {
				resp, err := ls.ValidateListResourceConfig(t.Context(), &tfprotov6.ValidateListResourceConfigRequest{TypeName: name, Config: &tfprotov6.DynamicValue{JSON: b}})
				if err != nil {
					t.Fatal(err)
				}
				diags = resp.Diagnostics
			} else {
				resp, err := srv.ValidateDataResourceConfig(t.Context(), &tfprotov6.ValidateDataResourceConfigRequest{TypeName: typ, Config: &tfprotov6.DynamicValue{JSON: b}})
				if err != nil {
					t.Fatal(err)
				}
				diags = resp.Diagnostics
			}
			var got string
			for _, d := range diags {
				if d.Severity == tfprotov6.DiagnosticSeverityError {
					t.Errorf("%s %s %q: error %s: %s", typ, attr, value, d.Summary, d.Detail)
				}
				got += d.Summary + ": " + d.Detail
			}
			if has := strings.Contains(got, "Filter Text Starts or Ends With White Space") && strings.Contains(got, fmt.Sprintf("%s is %q", attr, value)); has != warns {
				t.Errorf("%s %s %q: warning %v, want %v (%s)", typ, attr, value, has, warns, got)
			}
		}
	}
}

// TestEveryFilterRefusesEmpty: CONTRIBUTING asks every text filter of a
// data source or list resource to refuse "" at plan time (the client
// leaves an empty filter out of the request, which then lists everything),
// and a filter that takes a list or set to refuse an empty one. The table
// of TestDataSources_emptyFilterRefused checks the messages of the filters
// it names; this test reads the provider's schemas, so a filter added
// without the rule fails here, named, whether or not anyone added it to
// the table. A filter is an optional attribute that is not computed.
func TestEveryFilterRefusesEmpty(t *testing.T) {
	t.Parallel()
	srv := acctest.New(t).ActionServer(t)
	ls, ok := tfprotov6.ProviderServer(srv).(tfprotov6.ProviderServerWithListResource)
	if !ok {
		t.Fatal("the provider server does not implement list resources")
	}
	schemas, err := srv.GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	validate := func(kind, typ string, config []byte) []*tfprotov6.Diagnostic {
		if kind == "list" {
			resp, err := ls.ValidateListResourceConfig(t.Context(), &tfprotov6.ValidateListResourceConfigRequest{TypeName: typ, Config: &tfprotov6.DynamicValue{JSON: config}})
			if err != nil {
				t.Fatal(err)
			}
			return resp.Diagnostics
		}
		resp, err := srv.ValidateDataResourceConfig(t.Context(), &tfprotov6.ValidateDataResourceConfigRequest{TypeName: typ, Config: &tfprotov6.DynamicValue{JSON: config}})
		if err != nil {
			t.Fatal(err)
		}
		return resp.Diagnostics
	}
	blocks := map[string]*tfprotov6.SchemaBlock{}
	for typ, s := range schemas.DataSourceSchemas {
		blocks["data "+typ] = s.Block
	}
	for typ, s := range schemas.ListResourceSchemas {
		blocks["list "+typ] = s.Block
	}
	checked := 0
	for key, block := range blocks {
		kind, typ, _ := strings.Cut(key, " ")
		for _, a := range block.Attributes {
			if !a.Optional || a.Computed {
				continue
			}
			var empty any
			switch {
			case a.Type.Is(tftypes.String):
				empty = ""
			case a.Type.Is(tftypes.List{}), a.Type.Is(tftypes.Set{}):
				empty = []any{}
			default:
				continue
			}
			checked++
			config, _ := json.Marshal(map[string]any{a.Name: empty})
			var refused bool
			var got []string
			for _, d := range validate(kind, typ, config) {
				got = append(got, fmt.Sprintf("%v %s: %s", d.Severity, d.Summary, d.Detail))
				if d.Severity == tfprotov6.DiagnosticSeverityError && (d.Attribute.Equal(tftypes.NewAttributePath().WithAttributeName(a.Name)) || strings.Contains(d.Detail, a.Name)) {
					refused = true
				}
			}
			if !refused {
				t.Errorf("%s %s: %s = %s is not refused naming %s (it would list everything); diagnostics: %q", kind, typ, a.Name, config, a.Name, got)
			}
		}
	}
	// Today: 32 filters of data sources and 17 of list resources, text and
	// lists; fewer means the walk above stopped finding them.
	if checked < 49 {
		t.Errorf("checked %d filters, want at least 49: the schema walk misses them", checked)
	}
}
