package exporter

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// Resource type names of the provider (DESIGN §5).
const (
	typeAgent               = "contactcenter_agent"
	typeSkillGroup          = "contactcenter_skill_group"
	typeSkillGroupMembers   = "contactcenter_skill_group_members"
	typeSkillGroupMember    = "contactcenter_skill_group_member"
	typeWebhook             = "contactcenter_webhook"
	typeOutboundTask        = "contactcenter_outbound_task"
	typeSMSSignature        = "contactcenter_sms_signature"
	typeSMSTemplate         = "contactcenter_sms_template"
	typeSound               = "contactcenter_sound"
	typeGatewaySMSSignature = "contactcenter_gateway_sms_signature"
	typeGatewaySMSTemplate  = "contactcenter_gateway_sms_template"
)

// module is the root module being built.
type module struct {
	opts    Options
	blocks  map[Kind][]block
	imports []block
	counts  map[Kind]int
	// literal lists the ids kept literal, with why.
	literal []string
	notes   []string
	sounds  []outFile
	// rendered marks how much of literal and sounds the resources added
	// so far account for: what a resource's rendering adds after it is
	// that resource's, dropped when the resource is left out (mark).
	rendered struct{ literal, sounds int }
	// soundFiles are the voice files' names taken, case folded (see
	// soundFile), with the names of the files sounds/ holds already.
	soundFiles map[string]bool
	existing   []string
	// ownSounds are the base names (soundFileBase) of this export's voice
	// files, in their case.
	ownSounds map[string]bool

	// Resource names by API id (or natural key), for references.
	agentByID   map[int64]string
	agentNums   map[string]string
	groupByID   map[string]string
	webhookByID map[int64]string
	sigByID     map[int64]string
	soundByID   map[string]string
	gwSigByText map[string][]string

	// memberNames names contactcenter_skill_group_member resources: group
	// and agent names joined can meet ("a" + "ab_c", "a_ab" + "c").
	memberNames *namer
	// membersNames names contactcenter_skill_group_members resources: the
	// group's name, unless the state keeps another.
	membersNames *namer
	// membership is the resource that holds an agent in a group, by group
	// id and agent id; agentIDByNum finds agents written by number. A task
	// depends on the memberships of its agents.
	membership   map[string]map[int64]resourceAddr
	agentIDByNum map[string]int64
	// written lists every resource block with its import id.
	written []exported
	// theirText are the gateway signatures the user's own .tf files
	// declare in a module or under count or for_each, by text.
	theirText map[string]*declared
}

// resourceAddr names a resource block: its type and name.
type resourceAddr struct{ typ, name string }

// outFile is one file of the module, relative to its folder.
type outFile struct {
	name    string
	content []byte
}

func newModule(opts Options) *module {
	return &module{
		opts: opts, blocks: map[Kind][]block{}, counts: map[Kind]int{},
		agentByID: map[int64]string{}, agentNums: map[string]string{}, groupByID: map[string]string{}, webhookByID: map[int64]string{},
		sigByID: map[int64]string{}, soundByID: map[string]string{}, gwSigByText: map[string][]string{}, theirText: map[string]*declared{},
		memberNames: newNamer("skill_group_member", opts.kept).mind(opts.theirs), membersNames: newNamer("skill_group_members", opts.kept).mind(opts.theirs), membership: map[string]map[int64]resourceAddr{}, agentIDByNum: map[string]int64{},
	}
}

// add records a resource block of kind k and its import block.
func (m *module) add(k Kind, typ, name, importID string, comments []string, body fields) {
	m.addImportingAs(k, typ, name, importID, importID, comments, body)
}

// addImportingAs is add with the import block's id given apart (importAs):
// an agent is imported as user_num:<number>, not by its id (see
// renderAgent), while importID, the platform's id, still tells the user's
// own declarations and the state's objects apart.
func (m *module) addImportingAs(k Kind, typ, name, importID, importAs string, comments []string, body fields) {
	id := importID
	if typ == typeSound {
		id, _, _ = strings.Cut(id, ",") // <id>,<path>: the user's import or state names the id
	}
	defer m.mark()
	if d := m.opts.theirs.mine(typ, id, name); d != nil {
		// A .tf file of the user's declares it: a second resource block
		// (or import block) made the folder fail to plan ("Duplicate
		// resource"), or, at another address, two resources managed one
		// object. Its rendering is dropped too: the ids it kept literal
		// were listed ("literal id: contactcenter_agent.agent_8001: …", for
		// a resource not written), and its voice file downloaded into
		// sounds/, a file nothing names.
		m.literal, m.sounds = m.literal[:m.rendered.literal], m.sounds[:m.rendered.sounds]
		m.notes = append(m.notes, fmt.Sprintf("declared in your own configuration, left out: %s %s is %s in %s; the export writes no resource or import block for it",
			typ, id, d.addr, d.at))
		return
	}
	m.blocks[k] = append(m.blocks[k], block{typ: "resource", labels: []string{typ, name}, comments: comments, body: body})
	var imp fields
	imp.add("to", addr(typ, name))
	imp.add("id", str(importAs))
	m.imports = append(m.imports, block{typ: "import", body: imp})
	m.written = append(m.written, exported{typ, name, importID})
	m.counts[k]++
}

// mark records that the literal ids and voice files listed so far belong
// to resources already added (or left out): a render adds its own after
// it, then the resource (addImportingAs).
func (m *module) mark() {
	m.rendered.literal, m.rendered.sounds = len(m.literal), len(m.sounds)
}

// resolver is one kind of reference target.
type resolver struct {
	kind  Kind   // the kind that must be exported for the reference
	typ   string // resource type
	noun  string // "agent", "skill group" …
	attr  string // attribute referred to ("id", "user_num", "sign_text")
	names func(key string) (string, bool)
}

// resolve returns a reference to the resource with this key, or the literal
// and a comment saying why it stays literal (also listed in the summary).
// where names the referring attribute, as "contactcenter_x.name: attr".
func (m *module) resolve(r resolver, key string, literal expr, where string) (expr, []string) {
	if d := m.theirs(r.typ, key); d != nil && !d.plain && m.opts.wants(r.kind) {
		// The user's resource is in a module or under count or for_each:
		// no reference of the export's can name it.
		why := fmt.Sprintf("it is %s in your own configuration (%s), which a reference cannot name", d.addr, d.at)
		m.literal = append(m.literal, fmt.Sprintf("%s %s: %s", where, key, why))
		return literal, []string{fmt.Sprintf("%s kept literal: %s.", key, why)}
	}
	if m.opts.wants(r.kind) {
		if name, ok := r.names(key); ok {
			if d := m.opts.theirs.removedAt(r.typ, name); d != nil {
				// Left out for the user's removed block: no resource is
				// there ("Reference to undeclared resource").
				why := fmt.Sprintf("your removed block (%s) forgets %s, which a reference cannot name", d.at, d.addr)
				m.literal = append(m.literal, fmt.Sprintf("%s %s: %s", where, key, why))
				return literal, []string{fmt.Sprintf("%s kept literal: %s.", key, why)}
			}
			return ref(r.typ, name, r.attr), nil
		}
	}
	// A key that is not an id (a user_num, a trans_to, a text) is
	// quoted: a line break in it (a number pasted from a spreadsheet
	// with one) broke the comment, and the rest of the key became a line
	// of HCL that terraform validate refused.
	shown := key
	if !client.IsDigits(key) {
		shown = strconv.Quote(key)
	}
	why := fmt.Sprintf("no %s %s exists on the platform", r.noun, shown)
	if !m.opts.wants(r.kind) {
		why = fmt.Sprintf("%s are not part of this export (--kinds)", strings.ReplaceAll(string(r.kind), "_", " "))
	}
	m.literal = append(m.literal, fmt.Sprintf("%s %s: %s", where, shown, why))
	return literal, []string{fmt.Sprintf("%s kept literal: %s.", shown, why)}
}

// theirs is the user's declaration of the object a reference names (by
// id, or a gateway signature by its text), or nil.
func (m *module) theirs(typ, key string) *declared {
	if typ == typeGatewaySMSSignature {
		return m.theirText[key]
	}
	return m.opts.theirs.mine(typ, key, "")
}

// agentByNum finds an agent's resource name by user_num.
func (m *module) agentByNum(num string) (string, bool) { n, ok := m.agentNums[num]; return n, ok }

func (m *module) agentRef(id int64, where string) (expr, []string) {
	return m.resolve(resolver{kind: KindAgents, typ: typeAgent, noun: "agent with user_id", attr: "id",
		names: func(string) (string, bool) { n, ok := m.agentByID[id]; return n, ok }},
		strconv.FormatInt(id, 10), num(id), where)
}

func (m *module) groupRef(id string, literal expr, where string) (expr, []string) {
	return m.resolve(resolver{kind: KindSkillGroups, typ: typeSkillGroup, noun: "skill group", attr: "id",
		names: func(k string) (string, bool) { n, ok := m.groupByID[k]; return n, ok }}, id, literal, where)
}

func (m *module) webhookRef(id int64, where string) (expr, []string) {
	return m.resolve(resolver{kind: KindWebhooks, typ: typeWebhook, noun: "webhook", attr: "id",
		names: func(string) (string, bool) { n, ok := m.webhookByID[id]; return n, ok }},
		strconv.FormatInt(id, 10), num(id), where)
}

func (m *module) signatureRef(id int64, where string) (expr, []string) {
	return m.resolve(resolver{kind: KindSMSSignatures, typ: typeSMSSignature, noun: "SMS signature", attr: "id",
		names: func(string) (string, bool) { n, ok := m.sigByID[id]; return n, ok }},
		strconv.FormatInt(id, 10), num(id), where)
}

func (m *module) soundRef(id string, where string) (expr, []string) {
	return m.resolve(resolver{kind: KindSounds, typ: typeSound, noun: "voice file", attr: "id",
		names: func(k string) (string, bool) { n, ok := m.soundByID[k]; return n, ok }}, id, str(id), where)
}

// files renders the module: versions.tf, one file per kind with resources,
// imports.tf and the voice files.
func (m *module) files() ([]outFile, error) {
	out := []outFile{{name: "versions.tf", content: []byte(versionsTF(m.opts.origins, m.opts.theirs))}}
	for _, k := range AllKinds {
		bs := m.blocks[k]
		if len(bs) == 0 {
			continue
		}
		typ := bs[0].labels[0]
		header := []string{fmt.Sprintf("%d %s resource(s), written by `ccsync export terraform`.", len(bs), typ)}
		out = append(out, outFile{name: string(k) + ".tf", content: hclFile(header, bs)})
	}
	if len(m.imports) > 0 {
		header := []string{
			"Import blocks: the first `terraform plan` adopts what exists instead of creating it.",
			"After the first `terraform apply` they are no longer needed: delete this file then.",
			"Kept, an import block whose resource is later taken out of the configuration fails",
			"every plan (\"Resource has no configuration\"); delete that block, or this file.",
		}
		out = append(out, outFile{name: "imports.tf", content: hclFile(header, m.imports)})
	}
	return append(out, m.sounds...), nil
}

// versionsTF asks for Terraform 1.11, the provider's own minimum
// (write-only arguments; import blocks came with 1.5). The provider block
// holds no setting: endpoint, access token and gateway credentials come
// from CONTACTCENTER_* variables, so no secret is written. A comment names
// the origins (scheme and host, no path, no credentials) of the contact
// center the export read: the ids of imports.tf are that center's, and a
// shell set to another center planned the folder against the wrong one.
//
// A module has one required_providers block and one default provider
// block: where the user's own files hold them (t), versions.tf names them
// instead of writing its own.
func versionsTF(origins []string, t *theirs) string {
	from := ""
	if len(origins) > 0 {
		from = "#\n# Exported from the contact center at " + strings.Join(origins, ", ") + ":\n" +
			"# the ids in imports.tf are that contact center's (agents are imported by\n" +
			"# number, skill groups and SMS templates by name and SMS signatures by text,\n" +
			"# the same in every center; the other objects by id): plan and apply this\n" +
			"# folder with the connection set to it.\n"
	}
	required := `

  required_providers {
    contactcenter = {
      source = "contactcenter/contactcenter"
    }
  }`
	provider := `provider "contactcenter" {}` + "\n"
	if t != nil && t.requiredProviders != "" {
		required = "\n\n  # required_providers: yours, in " + t.requiredProviders + " (a module has one)."
	}
	if t != nil && t.provider != "" {
		provider = "# The provider block: yours, in " + t.provider + ".\n"
	}
	return `# Written by ` + "`ccsync export terraform`" + `.
terraform {
  required_version = ">= 1.11.0"` + required + `
}

# Connection settings come from the environment, as for ccsync itself:
# CONTACTCENTER_ENDPOINT (or one CONTACTCENTER_<SURFACE>_URL per surface),
# CONTACTCENTER_ACCESS_TOKEN, CONTACTCENTER_SMS_APP_ID and
# CONTACTCENTER_SMS_APP_KEY. Nothing secret is written here.
` + from + provider
}
