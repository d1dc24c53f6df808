package exporter_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/exporter"
)

// An export with --force into a folder Terraform manages (a local
// terraform.tfstate) that would move managed objects to other addresses is
// refused, nothing written: a webhook renamed in the portal (or renamed by
// the team), a membership held in the other form. The next plan imported
// the object at the new address and destroyed it at the old one, or emptied
// the group. A state whose addresses the export keeps is no obstacle.
func TestExport_forceIntoManagedFolder(t *testing.T) {
	t.Parallel()
	cc := newCenter(t)
	ctx := context.Background()
	w, err := cc.c.Webhooks.Create(ctx, client.WebhookInput{Name: "CRM calls", URL: "https://crm.example.com/hook", EventType: 1})
	if err != nil {
		t.Fatal(err)
	}
	que, err := cc.c.Queues.Create(ctx, client.SkillGroupInput{QueName: "Sales", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	pw := "Secret-1"
	ag, err := cc.c.Agents.Create(ctx, client.AgentInput{UserNum: ptr("8001"), UserName: ptr("Ann"), UserPassword: &pw})
	if err != nil {
		t.Fatal(err)
	}
	qid, err := strconv.ParseInt(que, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	if err := cc.c.Queues.Assign(ctx, qid, []client.AgentSkill{{AgID: ag.UserID.Int64(), Skill: 1}}); err != nil {
		t.Fatal(err)
	}
	state := func(resources ...string) string {
		return `{"version": 4, "resources": [` + strings.Join(resources, ",") + `]}`
	}
	res := func(typ, name, id string) string {
		return fmt.Sprintf(`{"mode": "managed", "type": %q, "name": %q, "instances": [{"attributes": {"id": %q}}]}`, typ, name, id)
	}
	hook := fmt.Sprint(w.ID)
	// A webhook made in the portal since, whose name is the one the state
	// gives the first: it gets another.
	w2, err := cc.c.Webhooks.Create(ctx, client.WebhookInput{Name: "Old CRM", URL: "https://crm.example.com/new", EventType: 1})
	if err != nil {
		t.Fatal(err)
	}
	hook2 := fmt.Sprint(w2.ID)
	for name, tc := range map[string]struct {
		state      string
		workspace  string // the state is this workspace's, under terraform.tfstate.d
		state2     string // a second workspace's state (workspace "b")
		membership string
		folder     string   // the folder's name, when it matters
		want       []string // "" when the export goes ahead
		wrote      []string // in webhooks.tf when it goes ahead
	}{
		// An object the state holds at another root address (renamed in
		// the portal, or named otherwise by an earlier ccsync) is written
		// at that address: the export refused, and before that the next
		// plan destroyed it at the old one. A new object whose name is
		// taken gets another.
		"renamed webhook": {state: state(res("contactcenter_webhook", "old_crm", hook)),
			wrote: []string{`resource "contactcenter_webhook" "old_crm" {`, `name       = "CRM calls"`, `resource "contactcenter_webhook" "old_crm_2" {`, `name       = "Old CRM"`,
				`to = contactcenter_webhook.old_crm` + "\n  id = \"" + hook + `"`, `to = contactcenter_webhook.old_crm_2` + "\n  id = \"" + hook2 + `"`}},
		"renamed in a workspace": {state: state(res("contactcenter_webhook", "old_crm", hook)), workspace: "staging",
			wrote: []string{`resource "contactcenter_webhook" "old_crm" {`}},
		// A folder name is not a glob pattern: "cc[1" failed the export
		// ("syntax error in pattern"), and in "env[prod]" no workspace
		// state was found.
		"renamed in a workspace, folder env[prod]": {state: state(res("contactcenter_webhook", "old_crm", hook)), workspace: "staging", folder: "env[prod]",
			wrote: []string{`resource "contactcenter_webhook" "old_crm" {`}},
		// A whole group's membership renamed by the team keeps its name
		// too (it was always written after the group, and refused).
		"membership renamed": {state: state(res("contactcenter_skill_group", "sales", que), res("contactcenter_skill_group_members", "sales_members", que)),
			wrote: []string{`resource "contactcenter_skill_group_members" "sales_members" {`, `to = contactcenter_skill_group_members.sales_members`}},
		"same addresses, folder cc[1": {state: state(res("contactcenter_webhook", "crm_calls", hook)), folder: "cc[1"},
		// Two workspaces naming the object two ways keep neither name.
		"two workspaces, two names": {state: state(res("contactcenter_webhook", "crm_a", hook)), workspace: "a", state2: state(res("contactcenter_webhook", "crm_b", hook)),
			want: []string{"contactcenter_webhook " + hook + " has another name in each state (workspace a: crm_a, workspace b: crm_b): give it one name in every workspace (terraform state mv)"}},
		// One of them the name the export would write: both are named
		// still (the refusal named only the other workspace's, and read
		// as a rename not kept).
		"two workspaces, one name the export's": {state: state(res("contactcenter_webhook", "my_hook", hook)), workspace: "a", state2: state(res("contactcenter_webhook", "crm_calls", hook)),
			want: []string{"contactcenter_webhook " + hook + " has another name in each state (workspace a: my_hook, workspace b: crm_calls)"}},
		"same addresses": {state: state(res("contactcenter_webhook", "crm_calls", hook), res("contactcenter_skill_group", "sales", que),
			res("contactcenter_skill_group_members", "sales", que),
			// another provider's resource, whose id is a number, is no obstacle
			`{"mode": "managed", "type": "other_thing", "name": "x", "instances": [{"attributes": {"id": 42}}]}`)},
		"empty state file": {state: ""},
		// Addresses the export cannot write are still refused.
		"moved into a module": {state: `{"version": 4, "resources": [{"module": "module.hooks", "mode": "managed", "type": "contactcenter_webhook", "name": "this", "instances": [{"index_key": "crm", "attributes": {"id": "` + hook + `"}}]}]}`,
			want: []string{`is module.hooks.contactcenter_webhook.this["crm"] in the state`, "Nothing was written"}},
		"for_each in the root module": {state: `{"version": 4, "resources": [{"mode": "managed", "type": "contactcenter_webhook", "name": "all", "instances": [{"index_key": "crm", "attributes": {"id": "` + hook + `"}}]}]}`,
			want: []string{`contactcenter_webhook ` + hook + ` is contactcenter_webhook.all["crm"] in the state`}},
		"membership form": {state: state(res("contactcenter_skill_group_members", "sales", que)), membership: "member",
			want: []string{"the membership of skill group " + que + " is contactcenter_skill_group_members.sales in the state; the export would write it as contactcenter_skill_group_member resources",
				"for a membership, use removed blocks (lifecycle { destroy = false }) for the old form first, or leave memberships out of this export (--kinds agents,skill_groups,webhooks,"}},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(t.TempDir(), tc.folder)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			mine := filepath.Join(dir, "main.tf")
			if err := os.WriteFile(mine, []byte("# mine\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			stateFile := filepath.Join(dir, "terraform.tfstate")
			if tc.workspace != "" {
				stateFile = filepath.Join(dir, "terraform.tfstate.d", tc.workspace, "terraform.tfstate")
				if err := os.MkdirAll(filepath.Dir(stateFile), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.WriteFile(stateFile, []byte(tc.state), 0o600); err != nil {
				t.Fatal(err)
			}
			if tc.state2 != "" {
				second := filepath.Join(dir, "terraform.tfstate.d", "b", "terraform.tfstate")
				if err := os.MkdirAll(filepath.Dir(second), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(second, []byte(tc.state2), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			opts := exporter.Options{Dir: dir, Force: true, Kinds: []exporter.Kind{exporter.KindWebhooks, exporter.KindSkillGroups, exporter.KindSkillGroupMembers}}
			if tc.membership != "" {
				opts.Membership = tc.membership
			}
			_, err := exporter.Export(ctx, cc.c, opts)
			if tc.want == nil {
				if err != nil {
					t.Fatalf("export: %v", err)
				}
				var all strings.Builder
				for _, f := range []string{"webhooks.tf", "skill_groups.tf", "skill_group_members.tf", "imports.tf"} {
					b, _ := os.ReadFile(filepath.Join(dir, f))
					all.Write(b)
				}
				for _, want := range tc.wrote {
					if !strings.Contains(all.String(), want) {
						t.Errorf("the module lacks %q:\n%s", want, all.String())
					}
				}
				return
			}
			if !errors.Is(err, exporter.ErrInput) {
				t.Fatalf("export: %v, want a refusal", err)
			}
			for _, want := range tc.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error lacks %q:\n%v", want, err)
				}
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 2 {
				t.Errorf("the folder holds %d entries, want main.tf and the state only: something was written", len(entries))
			}
		})
	}
}

// An export with --force keeps the folder's versions.tf: the provider
// settings and the backend a team adds there were replaced without a word.
func TestExport_forceKeepsVersionsTF(t *testing.T) {
	t.Parallel()
	cc := newCenter(t)
	ctx := context.Background()
	if _, err := cc.c.Webhooks.Create(ctx, client.WebhookInput{Name: "CRM calls", URL: "https://crm.example.com/hook", EventType: 1}); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "cc")
	opts := exporter.Options{Dir: dir, Kinds: []exporter.Kind{exporter.KindWebhooks}}
	if _, err := exporter.Export(ctx, cc.c, opts); err != nil {
		t.Fatal(err)
	}
	mine := "provider \"contactcenter\" {\n  max_requests_per_second = 50\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "versions.tf"), []byte(mine), 0o600); err != nil {
		t.Fatal(err)
	}
	opts.Force = true
	if _, err := exporter.Export(ctx, cc.c, opts); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "versions.tf")); string(got) != mine {
		t.Errorf("versions.tf after --force:\n%s\nwant the folder's own:\n%s", got, mine)
	}
	if _, err := os.Stat(filepath.Join(dir, "webhooks.tf")); err != nil {
		t.Errorf("webhooks.tf: %v", err)
	}
}

// TestExport_stateKeptByABackend: a folder whose state a backend keeps
// (backend "s3") gave the export nothing to read, and it said nothing:
// objects renamed since were written at new addresses, and the plan
// destroyed them at the old ones. It refuses, writing nothing, unless
// --state FILE (the output of terraform state pull) gives the names; a
// --state that does not exist is refused.
func TestExport_stateKeptByABackend(t *testing.T) {
	t.Parallel()
	cc := newCenter(t)
	ctx := context.Background()
	w, err := cc.c.Webhooks.Create(ctx, client.WebhookInput{Name: "CRM calls", URL: "https://crm.example.com/hook", EventType: 1})
	if err != nil {
		t.Fatal(err)
	}
	write := func(path, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	pulledState := func(name string) string {
		return fmt.Sprintf(`{"version": 4, "serial": 3, "lineage": "5f0c", "resources": [{"mode": "managed", "type": "contactcenter_webhook", "name": %q, "instances": [{"attributes": {"id": "%d"}}]}]}`, name, w.ID)
	}
	refused := func(opts exporter.Options, want string) {
		t.Helper()
		_, err := exporter.Export(ctx, cc.c, opts)
		if !errors.Is(err, exporter.ErrInput) || !strings.Contains(err.Error(), want) {
			t.Errorf("export %+v: %v, want a refusal with %q", opts, err, want)
		}
		if _, err := os.Stat(filepath.Join(opts.Dir, "webhooks.tf")); err == nil {
			t.Errorf("%s: webhooks.tf was written", opts.Dir)
		}
	}
	kinds := []exporter.Kind{exporter.KindWebhooks}

	// A backend in a .tf, in a .tf.json, or recorded by terraform init:
	// --force without --state is refused before the platform is read.
	for file, text := range map[string]string{
		"backend.tf":                   "terraform {\n  backend \"s3\" {\n    bucket = \"cc\"\n  }\n}\n",
		"backend.tf.json":              `{"terraform": {"backend": {"local": {"path": "../x.tfstate"}}}}`,
		"main.tf":                      "terraform {\n  backend \"local\" {\n    path = \"../x.tfstate\"\n  }\n}\n",
		".terraform/terraform.tfstate": `{"version": 3, "backend": {"type": "s3", "config": {}}}`,
	} {
		dir := t.TempDir()
		write(filepath.Join(dir, file), text)
		refused(exporter.Options{Dir: dir, Force: true, Kinds: kinds}, "terraform state pull > FILE, then export again with --state FILE. Nothing was written")
	}
	// The local backend without a path keeps its state in the folder,
	// which the export reads: no refusal.
	for file, text := range map[string]string{
		"backend.tf":                   "terraform {\n  backend \"local\" {}\n}\n",
		"versions.tf":                  "terraform {\n  backend \"local\" {\n    path = \"terraform.tfstate\"\n  }\n}\n",
		".terraform/terraform.tfstate": `{"version": 3, "backend": {"type": "local", "config": {"path": null, "workspace_dir": null}}}`,
	} {
		dir := t.TempDir()
		write(filepath.Join(dir, file), text)
		if _, err := exporter.Export(ctx, cc.c, exporter.Options{Dir: dir, Force: true, Kinds: kinds}); err != nil {
			t.Errorf("the local backend without a path (%s): %v", file, err)
		}
	}
	dir := t.TempDir()
	write(filepath.Join(dir, "backend.tf"), "terraform {\n  backend \"s3\" {\n    bucket = \"cc\"\n  }\n}\n")
	refused(exporter.Options{Dir: dir, Force: true, Kinds: kinds}, `keeps its state in a backend (backend "s3" in backend.tf), which the export cannot read`)

	// A --state that is no state is refused: empty (state pull run
	// elsewhere), another JSON document, a folder, a file that is not there.
	other := t.TempDir()
	for name, text := range map[string]string{"empty": "", "show.json": `{"format_version": "1.0", "values": {}}`} {
		write(filepath.Join(other, name), text)
	}
	for file, want := range map[string]string{
		"empty":     "is empty (terraform state pull prints nothing where it finds no state)",
		"show.json": "is not a Terraform state (a state has a version and a lineage",
		"":          "cannot be read",
		"none":      "cannot be read",
	} {
		refused(exporter.Options{Dir: dir, Force: true, Kinds: kinds, StateFile: filepath.Join(other, file)}, "--state "+filepath.Join(other, file)+" "+want)
	}

	// With a pulled state, its names are kept; a leftover local state of
	// the folder, which Terraform ignores under a backend, is ignored too.
	write(filepath.Join(dir, "terraform.tfstate"), pulledState("leftover"))
	pulled := filepath.Join(other, "pulled.tfstate")
	write(pulled, pulledState("old_crm"))
	if _, err := exporter.Export(ctx, cc.c, exporter.Options{Dir: dir, Force: true, Kinds: kinds, StateFile: pulled}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "webhooks.tf")); !strings.Contains(string(b), `resource "contactcenter_webhook" "old_crm" {`) {
		t.Errorf("with --state, webhooks.tf:\n%s", b)
	}

	// Into a new folder, an object the state holds where the export
	// cannot write it is a note, not a refusal (the folder is not the
	// managed one).
	forEach := filepath.Join(other, "foreach.tfstate")
	write(forEach, fmt.Sprintf(`{"version": 4, "lineage": "5f0c", "resources": [{"mode": "managed", "type": "contactcenter_webhook", "name": "all", "instances": [{"index_key": "crm", "attributes": {"id": "%d"}}]}]}`, w.ID))
	fresh := filepath.Join(t.TempDir(), "new")
	sum, err := exporter.Export(ctx, cc.c, exporter.Options{Dir: fresh, Kinds: kinds, StateFile: forEach})
	if err != nil {
		t.Fatalf("a new folder with --state: %v", err)
	}
	if notes := strings.Join(sum.Notes, "\n"); !strings.Contains(notes, `managed elsewhere, do not copy its block into the managed folder: --state `+forEach+`: contactcenter_webhook `+fmt.Sprint(w.ID)+` is contactcenter_webhook.all["crm"] in the state`) {
		t.Errorf("notes of a new folder with --state:\n%s", notes)
	}
}

// TestExport_stateOfAnotherCenter: ids are only unique within a contact
// center (two centers both have agent 1001), and the names a state keeps
// were matched to the platform's objects by id alone: another center's
// state (the connection set to center B in center A's folder) named B's
// agent 1001 (user_num 8001) agent_7001 with user_num "8001", and the plan
// failed, or imported B's objects under A's names. An agent's number
// cannot change, so a state agent the platform holds under another number
// is refused, nothing written, whether the agents are exported or not. An
// agent the platform no longer has, or the same number under another name,
// is no sign; a state without agents is not checked.
func TestExport_stateOfAnotherCenter(t *testing.T) {
	t.Parallel()
	cc := newCenter(t)
	ctx := context.Background()
	w, err := cc.c.Webhooks.Create(ctx, client.WebhookInput{Name: "CRM calls", URL: "https://crm.example.com/hook", EventType: 1})
	if err != nil {
		t.Fatal(err)
	}
	hook := fmt.Sprint(w.ID)
	pw := "Secret-1"
	var ids []string
	for i := range 4 {
		ag, err := cc.c.Agents.Create(ctx, client.AgentInput{UserNum: ptr(fmt.Sprint(8001 + i)), UserName: ptr(fmt.Sprint("Agent ", i)), UserPassword: &pw})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, fmt.Sprint(ag.UserID))
	}
	agent := func(name, id, num string) string {
		return fmt.Sprintf(`{"mode": "managed", "type": "contactcenter_agent", "name": %q, "instances": [{"attributes": {"id": %q, "user_num": %q}}]}`, name, id, num)
	}
	webhook := fmt.Sprintf(`{"mode": "managed", "type": "contactcenter_webhook", "name": "other_crm", "instances": [{"attributes": {"id": %q}}]}`, hook)
	// recordedAt is the webhook as the provider writes it: its private
	// state records the addresses it was created or last read through
	// (the state file's base64 of a JSON object of base64 values).
	recordedAt := func(origin string) string {
		inner, _ := json.Marshal(map[string][]byte{"contact_center_urls": []byte(strconv.Quote(origin))})
		return fmt.Sprintf(`{"mode": "managed", "type": "contactcenter_webhook", "name": "other_crm", "instances": [{"attributes": {"id": %q}, "private": %q}]}`,
			hook, base64.StdEncoding.EncodeToString(inner))
	}
	state := func(resources ...string) string {
		return `{"version": 4, "lineage": "5f0c", "resources": [` + strings.Join(resources, ",") + `]}`
	}
	// The other center's agents have the same ids and other numbers.
	var other []string
	for i, id := range ids {
		other = append(other, agent(fmt.Sprint("agent_", 7001+i), id, fmt.Sprint(7001+i)))
	}
	all := []exporter.Kind{exporter.KindAgents, exporter.KindWebhooks}
	for name, tc := range map[string]struct {
		state string
		kinds []exporter.Kind
		flag  bool // the state is given with --state into a new folder
		want  []string
		wrote []string // in agents.tf and webhooks.tf when it goes ahead
	}{
		"another center's state": {state: state(append(other, webhook)...), kinds: all,
			want: []string{"the state read (default) seems to be another contact center's",
				"the state's agent " + ids[0] + " is 7001, the platform's agent " + ids[0] + " is 8001; the state's agent " + ids[1] + " is 7002",
				"; and 1 more)", "CONTACTCENTER_ENDPOINT and CONTACTCENTER_ACCESS_TOKEN point at another contact center",
				"Nothing was written", "export into a new folder", "give --state the state of the contact center you export"}},
		// The agents are not exported: the names of the rest would be
		// the other center's just the same.
		"another center's state, webhooks only": {state: state(append(other, webhook)...), kinds: []exporter.Kind{exporter.KindWebhooks},
			want: []string{"the state's agent " + ids[0] + " is 7001, the platform's agent " + ids[0] + " is 8001"}},
		// A configuration of two centers (provider aliases): exported
		// into, it reads as another center's; the error says why.
		"two centers through aliases": {state: state(agent("ann", ids[0], "8001"),
			strings.Replace(other[1], `"mode"`, `"provider": "provider[\"registry.terraform.io/contactcenter/contactcenter\"].shanghai", "mode"`, 1)), kinds: all,
			want: []string{"the state's agent " + ids[1] + " is 7002", "through the provider configuration(s) contactcenter.shanghai",
				"export each center into a folder of its own"}},
		"another center's state given with --state": {state: state(other[0]), kinds: all, flag: true,
			want: []string{"the state read (--state ", "the state's agent " + ids[0] + " is 7001"}},
		// The same agent under a name of the team's keeps it.
		"same numbers, other names": {state: state(agent("ann", ids[0], "8001"), webhook), kinds: all,
			wrote: []string{`resource "contactcenter_agent" "ann" {`, `resource "contactcenter_webhook" "other_crm" {`}},
		// An agent deleted since says nothing of the center.
		"agent gone": {state: state(agent("gone", "999999", "7001"), webhook), kinds: all,
			wrote: []string{`resource "contactcenter_webhook" "other_crm" {`}},
		// No agents, no check: the webhook's name is kept, as for a
		// webhook renamed in the portal.
		"no agents in the state": {state: state(webhook), kinds: all,
			wrote: []string{`resource "contactcenter_webhook" "other_crm" {`}},
		// No agents, but the provider recorded the webhook at another
		// center's address: staging's state in the folder, the connection
		// set to production. It named production's webhook of the same id
		// other_crm, with no word.
		"no agents, recorded at another address": {state: state(recordedAt("http://127.0.0.1:1")), kinds: all,
			want: []string{"the state read (default) is another contact center's than the one the connection reaches",
				"(contactcenter_webhook.other_crm) at other addresses (http://127.0.0.1:1, now " + cc.origin + ")",
				"Nothing was written", "export into a new folder", "terraform apply -refresh-only"}},
		// Recorded at this center's address, written another way.
		"recorded at this address": {state: state(recordedAt(strings.ToUpper(cc.origin) + "/")), kinds: all,
			wrote: []string{`resource "contactcenter_webhook" "other_crm" {`}},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			opts := exporter.Options{Dir: dir, Force: true, Kinds: tc.kinds}
			stateFile := filepath.Join(dir, "terraform.tfstate")
			if tc.flag {
				stateFile = filepath.Join(t.TempDir(), "pulled.tfstate")
				opts = exporter.Options{Dir: filepath.Join(dir, "new"), Kinds: tc.kinds, StateFile: stateFile}
			}
			if err := os.WriteFile(stateFile, []byte(tc.state), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := exporter.Export(ctx, cc.c, opts)
			if tc.want == nil {
				if err != nil {
					t.Fatalf("export: %v", err)
				}
				var written strings.Builder
				for _, f := range []string{"agents.tf", "webhooks.tf"} {
					b, _ := os.ReadFile(filepath.Join(dir, f))
					written.Write(b)
				}
				for _, want := range tc.wrote {
					if !strings.Contains(written.String(), want) {
						t.Errorf("the module lacks %q:\n%s", want, written.String())
					}
				}
				return
			}
			if !errors.Is(err, exporter.ErrInput) {
				t.Fatalf("export: %v, want a refusal", err)
			}
			for _, want := range tc.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error lacks %q:\n%v", want, err)
				}
			}
			// The folder holds the state, or with --state nothing (the new
			// folder is not made).
			if entries, _ := os.ReadDir(dir); !tc.flag && len(entries) != 1 || tc.flag && len(entries) != 0 {
				t.Errorf("the folder holds %d entries: something was written", len(entries))
			}
		})
	}

	// A workspace per center: one workspace's state is this center's, the
	// other's is recorded elsewhere. The export writes one center: refused,
	// naming the workspace and saying so.
	t.Run("a workspace per center", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		prod := filepath.Join(dir, "terraform.tfstate.d", "prod")
		if err := os.MkdirAll(prod, 0o700); err != nil {
			t.Fatal(err)
		}
		for f, st := range map[string]string{
			filepath.Join(dir, "terraform.tfstate"):  state(recordedAt(cc.origin)),
			filepath.Join(prod, "terraform.tfstate"): state(recordedAt("http://127.0.0.1:1")),
		} {
			if err := os.WriteFile(f, []byte(st), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		_, err := exporter.Export(ctx, cc.c, exporter.Options{Dir: dir, Force: true, Kinds: all})
		if !errors.Is(err, exporter.ErrInput) {
			t.Fatalf("export: %v, want a refusal", err)
		}
		for _, want := range []string{"the state read (workspace prod) is another contact center's", "a workspace per center", "export each into a folder of its own"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error lacks %q:\n%v", want, err)
			}
		}
	})
}
