package exporter_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/exporter"
)

// TestExport_forceLeavesOutWhatYourFilesDeclare: an export with --force
// into a folder where a .tf file of the user's declares an object (a
// group adopted by hand, its import block, or the same group at another
// address) wrote it again: Terraform refused the folder ("Duplicate
// resource", "Duplicate import configuration"), or two resources managed
// one object. The export leaves such an object out, names it and the file
// in a note, and refers to the user's resource where it can; an
// unparsable file of the user's is refused, naming it and the line.
func TestExport_forceLeavesOutWhatYourFilesDeclare(t *testing.T) {
	t.Parallel()
	cc := newCenter(t)
	ctx := context.Background()
	sales, agID := annInSales(t, cc)
	support, err := cc.c.Queues.Create(ctx, client.SkillGroupInput{QueName: "Support", QuePriority: 2})
	if err != nil {
		t.Fatal(err)
	}
	agentID := fmt.Sprint(agID)
	group := func(name string) string {
		return fmt.Sprintf("resource \"contactcenter_skill_group\" %q {\n  que_name     = \"Sales\"\n  que_priority = 1\n}\n", name)
	}
	imp := func(to, id string) string { return fmt.Sprintf("import {\n  to = %s\n  id = %q\n}\n", to, id) }
	state := func(name, id string) string {
		return fmt.Sprintf(`{"version": 4, "lineage": "x", "resources": [{"mode": "managed", "type": "contactcenter_skill_group", "name": %q, "instances": [{"attributes": {"id": %q}}]}]}`, name, id)
	}
	for name, tc := range map[string]struct {
		mine, state string
		file        string // the user's file, main.tf unless given
		// left is the address the note names for the group Sales; ""
		// when the export writes Sales itself.
		left string
		// sales is the address skill_groups.tf and imports.tf give Sales
		// when the export writes it; ref is how the membership names it.
		sales, ref string
	}{
		// (a) Adopted by hand at the export's own address, in the state.
		"same address, in the state": {mine: group("sales"), state: state("sales", sales), left: "contactcenter_skill_group.sales in main.tf:1",
			ref: "contactcenter_skill_group.sales.id"},
		// By address alone: nothing tells its id.
		"same address, no state": {mine: group("sales"), left: "contactcenter_skill_group.sales in main.tf:1", ref: "contactcenter_skill_group.sales.id"},
		// (b) At another address, known by the state or by an import block.
		"another address, in the state": {mine: group("my_sales"), state: state("my_sales", sales), left: "contactcenter_skill_group.my_sales in main.tf:1",
			ref: "contactcenter_skill_group.my_sales.id"},
		"another address, import block": {mine: group("my_sales") + imp("contactcenter_skill_group.my_sales", sales),
			left: "contactcenter_skill_group.my_sales in main.tf:1", ref: "contactcenter_skill_group.my_sales.id"},
		"another address, import by identity": {mine: group("my_sales") + "import {\n  to = contactcenter_skill_group.my_sales\n  identity = {\n    id = \"" + sales + "\"\n  }\n}\n",
			left: "contactcenter_skill_group.my_sales in main.tf:1", ref: "contactcenter_skill_group.my_sales.id"},
		// (c) Only an import block of the user's (for -generate-config-out).
		"import block only": {mine: imp("contactcenter_skill_group.sales", sales), left: "contactcenter_skill_group.sales in main.tf:1",
			ref: "contactcenter_skill_group.sales.id"},
		// Under for_each: left out, and referred to by its id.
		"for_each": {mine: "resource \"contactcenter_skill_group\" \"all\" {\n  for_each = toset([\"Sales\"])\n  que_name = each.key\n  que_priority = 1\n}\n" +
			imp(`contactcenter_skill_group.all["Sales"]`, sales), left: `contactcenter_skill_group.all["Sales"] in main.tf:1`, ref: `"` + sales + `"`},
		// The user's sales is the other group: Sales gets another name,
		// and Support (the user's) is left out.
		"the name is another object's": {mine: group("sales") + imp("contactcenter_skill_group.sales", support), sales: "contactcenter_skill_group.sales_2",
			ref: "contactcenter_skill_group.sales_2.id"},
		// In a module of the user's, which the state holds: left out
		// (the export refused: it would move the group), and referred to
		// by its id.
		"module": {mine: "module \"groups\" {\n  source = \"./groups\"\n}\n",
			state: `{"version": 4, "lineage": "x", "resources": [{"module": "module.groups", "mode": "managed", "type": "contactcenter_skill_group", "name": "this", ` +
				`"instances": [{"index_key": "Sales", "attributes": {"id": "` + sales + `"}}]}]}`,
			left: `module.groups.contactcenter_skill_group.this["Sales"] in main.tf:1 (module groups)`, ref: `"` + sales + `"`},
		// An import block of the user's into a module.
		"import into a module": {mine: "module \"groups\" {\n  source = \"./groups\"\n}\n\n" + imp(`module.groups.contactcenter_skill_group.this["Sales"]`, sales),
			left: `module.groups.contactcenter_skill_group.this["Sales"] in main.tf:5`, ref: `"` + sales + `"`},
		// Renamed by the user with a moved block, not applied yet: the
		// state holds it at the old address.
		"moved": {mine: group("my_sales") + "moved {\n  from = contactcenter_skill_group.sales\n  to   = contactcenter_skill_group.my_sales\n}\n", state: state("sales", sales),
			left: "contactcenter_skill_group.my_sales in main.tf:1", ref: "contactcenter_skill_group.my_sales.id"},
		// A .tf.json file of the user's.
		"json": {mine: `{"resource": {"contactcenter_skill_group": {"my_sales": {"que_name": "Sales", "que_priority": 1}}}, "import": [{"to": "contactcenter_skill_group.my_sales", "id": "` + sales + `"}]}`,
			file: "main.tf.json", left: "contactcenter_skill_group.my_sales in main.tf.json:1", ref: "contactcenter_skill_group.my_sales.id"},
		// Imported by name (que_name:, as the export's own import blocks
		// and the staging-and-production guide write it): at another
		// address, and at the export's own without a state.
		"another address, import by name": {mine: group("my_sales") + imp("contactcenter_skill_group.my_sales", "que_name:Sales"),
			left: "contactcenter_skill_group.my_sales in main.tf:1", ref: "contactcenter_skill_group.my_sales.id"},
		"same address, import by name": {mine: group("sales") + imp("contactcenter_skill_group.sales", "que_name:Sales"),
			left: "contactcenter_skill_group.sales in main.tf:1", ref: "contactcenter_skill_group.sales.id"},
		// An agent imported by number.
		"agent by user_num": {mine: "resource \"contactcenter_agent\" \"ann\" {\n  user_num = \"8001\"\n  user_name = \"Ann\"\n}\n" + imp("contactcenter_agent.ann", "user_num:8001"),
			sales: "contactcenter_skill_group.sales", ref: "contactcenter_skill_group.sales.id"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			file := tc.file
			if file == "" {
				file = "main.tf"
			}
			if err := os.WriteFile(filepath.Join(dir, file), []byte(tc.mine), 0o600); err != nil {
				t.Fatal(err)
			}
			if tc.state != "" {
				if err := os.WriteFile(filepath.Join(dir, "terraform.tfstate"), []byte(tc.state), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			sum, err := exporter.Export(ctx, cc.c, exporter.Options{Dir: dir, Force: true,
				Kinds: []exporter.Kind{exporter.KindAgents, exporter.KindSkillGroups, exporter.KindSkillGroupMembers}})
			if err != nil {
				t.Fatalf("export: %v", err)
			}
			read := func(f string) string {
				b, err := os.ReadFile(filepath.Join(dir, f))
				if err != nil {
					t.Fatal(err)
				}
				return string(b)
			}
			groups, imports, members := read("skill_groups.tf"), read("imports.tf"), read("skill_group_members.tf")
			notes := strings.Join(sum.Notes, "\n")
			if tc.left != "" {
				want := "declared in your own configuration, left out: contactcenter_skill_group " + sales + " is " + tc.left
				if !strings.Contains(notes, want) {
					t.Errorf("notes lack %q:\n%s", want, notes)
				}
				if strings.Contains(groups, `que_name     = "Sales"`) || regexp.MustCompile(`to = contactcenter_skill_group\.\w+\n  id = "(`+sales+`|que_name:Sales)"`).MatchString(imports) {
					t.Errorf("Sales (%s) is written all the same:\n%s\n%s", sales, groups, imports)
				}
			} else {
				typ, n, _ := strings.Cut(tc.sales, ".")
				if !strings.Contains(groups, fmt.Sprintf("resource %q %q {\n  que_name     = \"Sales\"", typ, n)) || !strings.Contains(imports, "to = "+tc.sales+"\n  id = \"que_name:Sales\"") {
					t.Errorf("Sales is not written as %s:\n%s\n%s", tc.sales, groups, imports)
				}
			}
			if !strings.Contains(members, "que_id = "+tc.ref) {
				t.Errorf("the membership does not name Sales as %s:\n%s", tc.ref, members)
			}
			if name == "the name is another object's" && (strings.Contains(groups, `"Support"`) || !strings.Contains(notes, "contactcenter_skill_group "+support+" is contactcenter_skill_group.sales in main.tf:1")) {
				t.Errorf("Support, the user's sales, is written, or not named:\n%s\n%s", groups, notes)
			}
			if name == "agent by user_num" {
				if _, err := os.Stat(filepath.Join(dir, "agents.tf")); err == nil || strings.Contains(imports, "contactcenter_agent.") ||
					!strings.Contains(notes, "contactcenter_agent "+agentID+" is contactcenter_agent.ann in main.tf:1") {
					t.Errorf("the agent imported by number is written, or not named:\n%s\n%s", imports, notes)
				}
				if !strings.Contains(members, "agent_id = contactcenter_agent.ann.id") {
					t.Errorf("the membership does not name the user's agent:\n%s", members)
				}
			}
		})
	}
}

// TestExport_forceBesideYourProviderSetup: a folder whose own files hold
// the required_providers block and the provider "contactcenter" block
// (the setup the guide's terraform query section has the user write in
// main.tf) got a versions.tf with both again, and Terraform refused the
// folder ("Duplicate required providers configuration", "Duplicate
// provider configuration"). versions.tf names the user's instead, and the
// notes say so; a required_providers without contactcenter is named.
func TestExport_forceBesideYourProviderSetup(t *testing.T) {
	t.Parallel()
	cc := newCenter(t)
	if _, err := cc.c.Webhooks.Create(context.Background(), client.WebhookInput{Name: "CRM calls", URL: "https://crm.example.com/hook", EventType: 1}); err != nil {
		t.Fatal(err)
	}
	for name, tc := range map[string]struct {
		mine       string
		notes, not []string
		versions   []string // in versions.tf
	}{
		"both": {mine: "terraform {\n  required_providers {\n    contactcenter = {\n      source = \"contactcenter/contactcenter\"\n    }\n  }\n}\n\nprovider \"contactcenter\" {}\n",
			notes:    []string{"versions.tf holds no required_providers block: your own is in main.tf:2 (a module has one)", `versions.tf holds no provider "contactcenter" block: your own is in main.tf:9`},
			not:      []string{"does not name contactcenter"},
			versions: []string{"# required_providers: yours, in main.tf:2", "# The provider block: yours, in main.tf:9.", `required_version = ">= 1.11.0"`}},
		"required_providers without contactcenter": {mine: "terraform {\n  required_providers {\n    random = {\n      source = \"hashicorp/random\"\n    }\n  }\n}\n",
			notes:    []string{`your own is in main.tf:2 (a module has one); it does not name contactcenter: add contactcenter = { source = "contactcenter/contactcenter" } to it`},
			versions: []string{`provider "contactcenter" {}`}},
		// An aliased provider block is another configuration: the default one is written.
		"aliased provider": {mine: "provider \"contactcenter\" {\n  alias = \"other\"\n}\n", not: []string{"versions.tf holds no"},
			versions: []string{`provider "contactcenter" {}`, `source = "contactcenter/contactcenter"`}},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(tc.mine), 0o600); err != nil {
				t.Fatal(err)
			}
			sum, err := exporter.Export(context.Background(), cc.c, exporter.Options{Dir: dir, Force: true, Kinds: []exporter.Kind{exporter.KindWebhooks}})
			if err != nil {
				t.Fatal(err)
			}
			notes := strings.Join(sum.Notes, "\n")
			for _, want := range tc.notes {
				if !strings.Contains(notes, want) {
					t.Errorf("notes lack %q:\n%s", want, notes)
				}
			}
			for _, bad := range tc.not {
				if strings.Contains(notes, bad) {
					t.Errorf("notes hold %q:\n%s", bad, notes)
				}
			}
			v, err := os.ReadFile(filepath.Join(dir, "versions.tf"))
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range tc.versions {
				if !strings.Contains(string(v), want) {
					t.Errorf("versions.tf lacks %q:\n%s", want, v)
				}
			}
			if strings.Contains(tc.mine, "required_providers") && strings.Contains(string(v), "required_providers {") {
				t.Errorf("versions.tf declares required_providers again:\n%s", v)
			}
			if strings.Contains(tc.mine, "provider \"contactcenter\" {}") && strings.Contains(string(v), "provider \"contactcenter\" {}") {
				t.Errorf("versions.tf declares the provider block again:\n%s", v)
			}
		})
	}
}

// TestExport_forceRefusesAFileItCannotRead: a .tf file of the user's that
// does not parse is refused, naming it and its line, before the platform
// is read; nothing is written.
func TestExport_forceRefusesAFileItCannotRead(t *testing.T) {
	t.Parallel()
	cc := newCenter(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte("resource \"contactcenter_webhook\" \"crm\" {\n  name = \"CRM\"\n  url  =\n}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := exporter.Export(context.Background(), cc.c, exporter.Options{Dir: dir, Force: true})
	if !errors.Is(err, exporter.ErrInput) || !strings.Contains(fmt.Sprint(err), filepath.Join(dir, "main.tf")+":3,") || !strings.Contains(fmt.Sprint(err), "Nothing was read or written") {
		t.Fatalf("export: %v, want a refusal naming main.tf:3", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d entries, want main.tf only", len(entries))
	}
}

// TestAccExport_forceBesideYourOwnFiles: a folder where part of the
// contact center was adopted by hand (main.tf: the group Sales under a
// name of the user's, the group Support at the export's own address, with
// the user's import blocks, applied), exported into with --force, plans:
// no "Duplicate resource" or "Duplicate import configuration", the
// export's objects are imported, nothing is added, changed or destroyed,
// and after the apply the next plan is empty. The membership the export
// writes names the user's group.
//
// Needs TF_ACC=1 and terraform on PATH (see TestAccExport_terraformPlansImportsOnly).
func TestAccExport_forceBesideYourOwnFiles(t *testing.T) {
	t.Parallel()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("Acceptance tests skipped unless env 'TF_ACC' set (this one runs terraform plan and apply on an export)")
	}
	if _, err := exec.LookPath("terraform"); err != nil {
		t.Fatal("TF_ACC is set but the terraform CLI is not on PATH")
	}
	bin := providerDir(t)
	cc := newCenter(t)
	ctx := t.Context()
	sales, _ := annInSales(t, cc)
	support, err := cc.c.Queues.Create(ctx, client.SkillGroupInput{QueName: "Support", QuePriority: 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cc.c.Webhooks.Create(ctx, client.WebhookInput{Name: "CRM calls", URL: "https://crm.example.com/hook", EventType: 1}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// The provider setup the guide's terraform query section writes, in
	// a file of the user's: the export's versions.tf must not declare it
	// again ("Duplicate required providers configuration").
	write("providers.tf", "terraform {\n  required_providers {\n    contactcenter = {\n      source = \"contactcenter/contactcenter\"\n    }\n  }\n}\n\nprovider \"contactcenter\" {}\n")
	write("main.tf", `resource "contactcenter_skill_group" "my_sales" {
  que_name     = "Sales"
  que_priority = 1
  que_length   = 10
  que_time     = 60
  ring_time    = 20
  next_wait    = 5
  noans_times  = 3
  noans_wait   = 10
  noans_action = "0"
  que_strategy = 1
  wait_audio   = "0"
}

import {
  to = contactcenter_skill_group.my_sales
  id = "`+sales+`"
}

resource "contactcenter_skill_group" "support" {
  que_name     = "Support"
  que_priority = 2
  que_length   = 10
  que_time     = 60
  ring_time    = 20
  next_wait    = 5
  noans_times  = 3
  noans_wait   = 10
  noans_action = "0"
  que_strategy = 1
  wait_audio   = "0"
}

import {
  to = contactcenter_skill_group.support
  id = "`+support+`"
}
`)
	tf := newTerraform(t, dir, bin, cc.origin)
	tf.run("apply", "-input=false", "-no-color", "-auto-approve")

	sum, err := exporter.Export(ctx, cc.c, exporter.Options{Dir: dir, Force: true})
	if err != nil {
		t.Fatalf("export with --force: %v", err)
	}
	for _, want := range []string{
		"contactcenter_skill_group " + sales + " is contactcenter_skill_group.my_sales in main.tf:1",
		"contactcenter_skill_group " + support + " is contactcenter_skill_group.support in main.tf:20",
		"versions.tf holds no required_providers block: your own is in providers.tf:2",
		`versions.tf holds no provider "contactcenter" block: your own is in providers.tf:9`,
	} {
		if !strings.Contains(strings.Join(sum.Notes, "\n"), want) {
			t.Errorf("notes lack %q:\n%s", want, strings.Join(sum.Notes, "\n"))
		}
	}
	out, code := tf.runCode("plan", "-input=false", "-no-color", "-detailed-exitcode", "-out=tfplan")
	if strings.Contains(out, "Duplicate") || code == 1 {
		t.Fatalf("plan after the export: exit %d\n%s", code, tail(out, 60))
	}
	want := fmt.Sprintf("Plan: %d to import, 0 to add, 0 to change, 0 to destroy.", sum.Imports)
	if !strings.Contains(out, want) {
		t.Fatalf("plan after the export: want %q in\n%s", want, tail(out, 60))
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "skill_group_members.tf")); !strings.Contains(string(b), "que_id = contactcenter_skill_group.my_sales.id") {
		t.Errorf("the membership does not name the user's group:\n%s", b)
	}
	tf.run("fmt", "-check", "-diff", "versions.tf")
	tf.run("apply", "-input=false", "-no-color", "tfplan")
	if out, code := tf.runCode("plan", "-input=false", "-no-color", "-detailed-exitcode"); code != 0 || !strings.Contains(out, "No changes.") {
		t.Errorf("second plan: exit %d, want 0 (no changes):\n%s", code, tail(out, 60))
	}
}

// TestExport_forceSkipsFilesTerraformIgnores: a hidden .tf file, which
// Terraform does not read (Emacs's lock .#main.tf, a symbolic link to
// nowhere while main.tf is being edited; a hidden copy), refused the
// export ("cannot be read"), or had the export leave out a group only the
// hidden copy declares. Such files are skipped, as Terraform skips them.
func TestExport_forceSkipsFilesTerraformIgnores(t *testing.T) {
	t.Parallel()
	cc := newCenter(t)
	sales, err := cc.c.Queues.Create(context.Background(), client.SkillGroupInput{QueName: "Sales", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ".old.tf"), []byte("resource \"contactcenter_skill_group\" \"my_sales\" {\n  que_name = \"Sales\"\n}\n\nimport {\n  to = contactcenter_skill_group.my_sales\n  id = \""+sales+"\"\n}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("ann@host.1234:1700000000", filepath.Join(dir, ".#main.tf")); err != nil {
		t.Logf("no symbolic link (%v): the hidden copy only", err)
	}
	sum, err := exporter.Export(context.Background(), cc.c, exporter.Options{Dir: dir, Force: true, Kinds: []exporter.Kind{exporter.KindSkillGroups}})
	if err != nil {
		t.Fatalf("export beside an editor's lock file: %v", err)
	}
	if notes := strings.Join(sum.Notes, "\n"); strings.Contains(notes, "declared in your own configuration") {
		t.Errorf("a hidden file Terraform does not read is taken for yours:\n%s", notes)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "imports.tf")); !strings.Contains(string(b), `id = "que_name:Sales"`) {
		t.Errorf("Sales is not imported:\n%s", b)
	}
}

// TestExport_forceNamesACountInstance: an object the user's import block
// brings into an instance of a resource under count is named in the note
// at its address, contactcenter_skill_group.all[0], where the note said
// contactcenter_skill_group.all[…].
func TestExport_forceNamesACountInstance(t *testing.T) {
	t.Parallel()
	cc := newCenter(t)
	sales, err := cc.c.Queues.Create(context.Background(), client.SkillGroupInput{QueName: "Sales", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	mine := "resource \"contactcenter_skill_group\" \"all\" {\n  count    = 1\n  que_name = \"Sales\"\n}\n\nimport {\n  to = contactcenter_skill_group.all[0]\n  id = \"" + sales + "\"\n}\n\n"
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(mine), 0o600); err != nil {
		t.Fatal(err)
	}
	sum, err := exporter.Export(context.Background(), cc.c, exporter.Options{Dir: dir, Force: true, Kinds: []exporter.Kind{exporter.KindSkillGroups}})
	if err != nil {
		t.Fatal(err)
	}
	if notes, want := strings.Join(sum.Notes, "\n"), "contactcenter_skill_group "+sales+" is contactcenter_skill_group.all[0] in main.tf:1"; !strings.Contains(notes, want) {
		t.Errorf("notes lack %q:\n%s", want, notes)
	}
}

// TestExport_forceNotesAnImportIDItCannotTell: an import block of the
// user's whose id is a variable (id = var.sales_id, from terraform.tfvars)
// or that has for_each tells the export no id: before it is applied, the
// group it imports was written again at the export's own address without
// a word, and the plan imported it twice (two resources then managed it).
// A note says so; once a state holds the address, the id is known and the
// note goes.
func TestExport_forceNotesAnImportIDItCannotTell(t *testing.T) {
	t.Parallel()
	cc := newCenter(t)
	sales, err := cc.c.Queues.Create(context.Background(), client.SkillGroupInput{QueName: "Sales", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	for name, tc := range map[string]struct {
		mine, state, want string
	}{
		"a variable": {mine: "variable \"sales_id\" {}\n\nresource \"contactcenter_skill_group\" \"primary\" {\n  que_name = \"Sales\"\n}\n\nimport {\n  to = contactcenter_skill_group.primary\n  id = var.sales_id\n}\n",
			want: "your import block in main.tf:7 (to contactcenter_skill_group.primary) gives ids the export does not evaluate"},
		"for_each": {mine: "variable \"groups\" {}\n\nresource \"contactcenter_skill_group\" \"g\" {\n  for_each = var.groups\n  que_name = each.key\n}\n\nimport {\n  for_each = var.groups\n  to       = contactcenter_skill_group.g[each.key]\n  id       = each.value\n}\n",
			want: "your import block in main.tf:8 (to contactcenter_skill_group.g) gives ids the export does not evaluate"},
		// An identity whose id is a typed null (a conditional with null):
		// the export ended in a Go panic (cty AsString of a null value).
		"a null identity": {mine: "resource \"contactcenter_skill_group\" \"primary\" {\n  que_name = \"Sales\"\n}\n\nimport {\n  to       = contactcenter_skill_group.primary\n  identity = { id = true ? null : \"1\" }\n}\n",
			want: "your import block in main.tf:5 (to contactcenter_skill_group.primary) gives ids the export does not evaluate"},
		"applied": {mine: "variable \"sales_id\" {}\n\nresource \"contactcenter_skill_group\" \"primary\" {\n  que_name = \"Sales\"\n}\n\nimport {\n  to = contactcenter_skill_group.primary\n  id = var.sales_id\n}\n",
			state: `{"version": 4, "lineage": "x", "resources": [{"mode": "managed", "type": "contactcenter_skill_group", "name": "primary", "instances": [{"attributes": {"id": "` + sales + `"}}]}]}`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(tc.mine), 0o600); err != nil {
				t.Fatal(err)
			}
			if tc.state != "" {
				if err := os.WriteFile(filepath.Join(dir, "terraform.tfstate"), []byte(tc.state), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			sum, err := exporter.Export(context.Background(), cc.c, exporter.Options{Dir: dir, Force: true, Kinds: []exporter.Kind{exporter.KindSkillGroups}})
			if err != nil {
				t.Fatal(err)
			}
			notes := strings.Join(sum.Notes, "\n")
			if tc.want != "" && !strings.Contains(notes, tc.want) {
				t.Errorf("notes lack %q:\n%s", tc.want, notes)
			}
			if tc.want == "" && strings.Contains(notes, "does not evaluate") {
				t.Errorf("the state tells the id, yet a note says it cannot:\n%s", notes)
			}
		})
	}
	// Exported without the group: no note.
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte("resource \"contactcenter_skill_group\" \"primary\" {\n  que_name = \"Sales\"\n}\n\nimport {\n  to = contactcenter_skill_group.primary\n  id = var.sales_id\n}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	sum, err := exporter.Export(context.Background(), cc.c, exporter.Options{Dir: dir, Force: true, Kinds: []exporter.Kind{exporter.KindWebhooks}})
	if err != nil {
		t.Fatal(err)
	}
	if notes := strings.Join(sum.Notes, "\n"); strings.Contains(notes, "does not evaluate") {
		t.Errorf("a note on a kind not exported:\n%s", notes)
	}
}

// TestExport_forceLeavesOutWhatYourRemovedBlockForgets: a removed block of
// the user's (from = contactcenter_webhook.crm_calls, lifecycle { destroy
// = false }) beside an export: exported again with --force, the webhook
// was written at that address, and the plan failed with "Removed resource
// still exists", whether the state still held it or the removal was
// applied. It is left out, with a note; a reference to it is its id.
func TestExport_forceLeavesOutWhatYourRemovedBlockForgets(t *testing.T) {
	t.Parallel()
	cc := newCenter(t)
	w, err := cc.c.Webhooks.Create(context.Background(), client.WebhookInput{Name: "CRM calls", URL: "https://crm.example.com/hook", EventType: 1})
	if err != nil {
		t.Fatal(err)
	}
	id := strconv.FormatInt(int64(w.ID), 10)
	for name, state := range map[string]string{
		"in the state": `{"version": 4, "lineage": "x", "resources": [{"mode": "managed", "type": "contactcenter_webhook", "name": "crm_calls", "instances": [{"attributes": {"id": "` + id + `"}}]}]}`,
		"applied":      "",
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte("removed {\n  from = contactcenter_webhook.crm_calls\n\n  lifecycle {\n    destroy = false\n  }\n}\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			if state != "" {
				if err := os.WriteFile(filepath.Join(dir, "terraform.tfstate"), []byte(state), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			sum, err := exporter.Export(context.Background(), cc.c, exporter.Options{Dir: dir, Force: true, Kinds: []exporter.Kind{exporter.KindWebhooks}})
			if err != nil {
				t.Fatal(err)
			}
			if b, _ := os.ReadFile(filepath.Join(dir, "webhooks.tf")); strings.Contains(string(b), `"crm_calls"`) {
				t.Errorf("webhooks.tf declares the address your removed block forgets:\n%s", b)
			}
			if notes, want := strings.Join(sum.Notes, "\n"), "contactcenter_webhook "+id+" is contactcenter_webhook.crm_calls in main.tf:1 (a removed block)"; !strings.Contains(notes, want) {
				t.Errorf("notes lack %q:\n%s", want, notes)
			}
		})
	}
}

// TestExport_forceRefersToWhatYourRemovedBlockForgetsByID: a group a
// removed block of the user's forgets, the removal applied, is left out;
// the membership the export writes named it as
// contactcenter_skill_group.sales.id, which no resource declares
// ("Reference to undeclared resource"). It names its id.
func TestExport_forceRefersToWhatYourRemovedBlockForgetsByID(t *testing.T) {
	t.Parallel()
	cc := newCenter(t)
	ctx := context.Background()
	sales, _ := annInSales(t, cc)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte("removed {\n  from = contactcenter_skill_group.sales\n\n  lifecycle {\n    destroy = false\n  }\n}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := exporter.Export(ctx, cc.c, exporter.Options{Dir: dir, Force: true,
		Kinds: []exporter.Kind{exporter.KindAgents, exporter.KindSkillGroups, exporter.KindSkillGroupMembers}}); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "skill_group_members.tf"))
	if !strings.Contains(string(b), `que_id = "`+sales+`"`) {
		t.Errorf("the membership does not name the forgotten group by its id:\n%s", b)
	}
	if g, _ := os.ReadFile(filepath.Join(dir, "skill_groups.tf")); strings.Contains(string(g), `"sales"`) {
		t.Errorf("skill_groups.tf declares the address your removed block forgets:\n%s", g)
	}
}

// annInSales makes the skill group Sales (priority 1) and the agent 8001,
// Ann, in it; it returns the group's id and the agent's.
func annInSales(t *testing.T, cc *center) (sales string, agentID int64) {
	t.Helper()
	ctx := context.Background()
	sales, err := cc.c.Queues.Create(ctx, client.SkillGroupInput{QueName: "Sales", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	pw := "Secret-1"
	ag, err := cc.c.Agents.Create(ctx, client.AgentInput{UserNum: ptr("8001"), UserName: ptr("Ann"), UserPassword: &pw})
	if err != nil {
		t.Fatal(err)
	}
	qid, _ := strconv.ParseInt(sales, 10, 64)
	if err := cc.c.Queues.Assign(ctx, qid, []client.AgentSkill{{AgID: ag.UserID.Int64(), Skill: 1}}); err != nil {
		t.Fatal(err)
	}
	return sales, ag.UserID.Int64()
}

// TestExport_forceReadsYourTofuFiles: OpenTofu reads .tofu and .tofu.json
// files as well as .tf ones (and a .tofu in place of the .tf of its name),
// while an export with --force read only the .tf files for the objects
// your configuration declares: a group adopted in main.tofu was written
// again, and OpenTofu refused the folder or two resources managed one
// object. The export now leaves it out, naming it; and it refuses a
// folder with a .tofu file of a name it writes (imports.tofu), which
// OpenTofu would read instead of the export's file.
func TestExport_forceReadsYourTofuFiles(t *testing.T) {
	t.Parallel()
	cc := newCenter(t)
	ctx := context.Background()
	sales, err := cc.c.Queues.Create(ctx, client.SkillGroupInput{QueName: "Sales", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	mine := "resource \"contactcenter_skill_group\" \"my_sales\" {\n  que_name     = \"Sales\"\n  que_priority = 1\n}\n\nimport {\n  to = contactcenter_skill_group.my_sales\n  id = \"" + sales + "\"\n}\n"
	for _, tc := range []struct{ file, content string }{
		{"main.tofu", mine},
		{"main.tofu.json", `{"resource": {"contactcenter_skill_group": {"my_sales": {"que_name": "Sales", "que_priority": 1}}}, "import": [{"to": "contactcenter_skill_group.my_sales", "id": "` + sales + `"}]}`},
	} {
		t.Run(tc.file, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, tc.file), []byte(tc.content), 0o600); err != nil {
				t.Fatal(err)
			}
			sum, err := exporter.Export(ctx, cc.c, exporter.Options{Dir: dir, Force: true, Kinds: []exporter.Kind{exporter.KindSkillGroups}})
			if err != nil {
				t.Fatalf("export: %v", err)
			}
			want := "declared in your own configuration, left out: contactcenter_skill_group " + sales + " is contactcenter_skill_group.my_sales in " + tc.file + ":1"
			if notes := strings.Join(sum.Notes, "\n"); !strings.Contains(notes, want) {
				t.Errorf("notes lack %q:\n%s", want, notes)
			}
			if b, _ := os.ReadFile(filepath.Join(dir, "imports.tf")); strings.Contains(string(b), `id = "`+sales+`"`) {
				t.Errorf("Sales, which %s imports, is imported again:\n%s", tc.file, b)
			}
		})
	}
	t.Run("backend in main.tofu", func(t *testing.T) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "main.tofu"), []byte("terraform {\n  backend \"s3\" {}\n}\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := exporter.Export(ctx, cc.c, exporter.Options{Dir: dir, Force: true, Kinds: []exporter.Kind{exporter.KindSkillGroups}})
		if want := `keeps its state in a backend (backend "s3" in main.tofu)`; err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("export beside a backend in main.tofu: %v, want an error saying %q", err, want)
		}
	})
	t.Run("imports.tofu", func(t *testing.T) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "imports.tofu"), []byte(mine), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := exporter.Export(ctx, cc.c, exporter.Options{Dir: dir, Force: true, Kinds: []exporter.Kind{exporter.KindSkillGroups}})
		want := dir + " holds imports.tofu (OpenTofu reads it instead of the imports.tf the export writes): a .tofu file replaces the .tf of its name for OpenTofu"
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "Nothing was written") {
			t.Fatalf("export beside imports.tofu: %v, want an error saying %q", err, want)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 1 {
			t.Errorf("the folder holds %d entries, want imports.tofu alone", len(entries))
		}
	})
}

// TestExport_forceLeavesOutAMembershipYourFilesImportByName: the export
// imports a group's membership as que_name:<name>; a user who moved that
// import block (with its resource) into a file of their own, then
// exported again with --force, got the membership written twice:
// "Duplicate resource" at the same address, two resources rewriting one
// group's members at another.
func TestExport_forceLeavesOutAMembershipYourFilesImportByName(t *testing.T) {
	t.Parallel()
	cc := newCenter(t)
	sales, _ := annInSales(t, cc)
	for name, addr := range map[string]string{"same address": "sales", "another address": "team"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			mine := fmt.Sprintf("resource \"contactcenter_skill_group_members\" %q {\n  que_id  = 1\n  members = []\n}\n\n"+
				"import {\n  to = contactcenter_skill_group_members.%s\n  id = \"que_name:Sales\"\n}\n", addr, addr)
			if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(mine), 0o600); err != nil {
				t.Fatal(err)
			}
			sum, err := exporter.Export(context.Background(), cc.c, exporter.Options{Dir: dir, Force: true,
				Kinds: []exporter.Kind{exporter.KindAgents, exporter.KindSkillGroups, exporter.KindSkillGroupMembers}})
			if err != nil {
				t.Fatalf("export: %v", err)
			}
			want := "declared in your own configuration, left out: contactcenter_skill_group_members " + sales + " is contactcenter_skill_group_members." + addr + " in main.tf:1"
			if notes := strings.Join(sum.Notes, "\n"); !strings.Contains(notes, want) {
				t.Errorf("notes lack %q:\n%s", want, notes)
			}
			if b, err := os.ReadFile(filepath.Join(dir, "skill_group_members.tf")); err == nil && strings.Contains(string(b), "resource \"contactcenter_skill_group_members\"") {
				t.Errorf("the membership your main.tf imports by name is written again:\n%s", b)
			}
			if b, _ := os.ReadFile(filepath.Join(dir, "imports.tf")); strings.Contains(string(b), "contactcenter_skill_group_members.") {
				t.Errorf("the membership your main.tf imports by name is imported again:\n%s", b)
			}
		})
	}
}

// TestExport_forceLeftOutRendersNothing: an object that a module of the
// user's declares is left out with a note, but it was rendered first: the
// ids its resource would have kept literal were listed ("literal id:
// contactcenter_skill_group_members.sales: members …", for a resource not
// written), and its voice file was downloaded into sounds/, a file nothing
// names. Only the written resources' literal ids are listed now (a group
// of the export's that plays the user's voice file keeps its id literal),
// and a voice file left out is not downloaded.
func TestExport_forceLeftOutRendersNothing(t *testing.T) {
	t.Parallel()
	cc := newCenter(t)
	ctx := context.Background()
	sales, agentID := annInSales(t, cc)
	sound, _, err := cc.c.Sounds.Upload(ctx, client.SoundInput{Name: "Hold", SoundType: 1, FileName: "hold.wav", Content: []byte("RIFF\x24\x00\x00\x00WAVEfmt hold")})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cc.c.Queues.Create(ctx, client.SkillGroupInput{QueName: "Support", QuePriority: 2, WaitAudio: &sound}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	res := func(typ, id string) string {
		return fmt.Sprintf(`{"module": "module.team", "mode": "managed", "type": %q, "name": "this", "instances": [{"attributes": {"id": %q}}]}`, typ, id)
	}
	state := `{"version": 4, "lineage": "x", "resources": [` + strings.Join([]string{
		res("contactcenter_skill_group", sales), res("contactcenter_skill_group_members", sales),
		res("contactcenter_agent", fmt.Sprint(agentID)), res("contactcenter_sound", sound)}, ", ") + `]}`
	for f, content := range map[string]string{"main.tf": "module \"team\" {\n  source = \"./team\"\n}\n", "terraform.tfstate": state} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	sum, err := exporter.Export(ctx, cc.c, exporter.Options{Dir: dir, Force: true,
		Kinds: []exporter.Kind{exporter.KindAgents, exporter.KindSkillGroups, exporter.KindSkillGroupMembers, exporter.KindSounds}})
	if err != nil {
		t.Fatalf("export: %v", err)
	}
	notes := strings.Join(sum.Notes, "\n")
	for _, want := range []string{"contactcenter_skill_group_members " + sales + " is module.team.contactcenter_skill_group_members.this",
		"contactcenter_sound " + sound + " is module.team.contactcenter_sound.this"} {
		if !strings.Contains(notes, "declared in your own configuration, left out: "+want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	want := []string{"contactcenter_skill_group.support: wait_audio " + sound + ": it is module.team.contactcenter_sound.this in your own configuration (main.tf:1 (module team)), which a reference cannot name"}
	if strings.Join(sum.Literal, "\n") != strings.Join(want, "\n") {
		t.Errorf("literal ids:\n%s\nwant only:\n%s", strings.Join(sum.Literal, "\n"), strings.Join(want, "\n"))
	}
	if entries, err := os.ReadDir(filepath.Join(dir, "sounds")); err == nil && len(entries) > 0 {
		t.Errorf("sounds/ holds %s, a voice file left out", entries[0].Name())
	}
}
