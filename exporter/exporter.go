// Package exporter writes a working Terraform root module for what exists on
// a contact center (`ccsync export terraform`, DESIGN §8): one file per kind
// of object, import blocks, references between objects instead of ids, and
// the voice files downloaded beside the configuration. It reads through
// client/ and has no Terraform imports: the configuration is written with
// hclwrite, so it is `terraform fmt`-clean by construction.
//
// What is written for each resource is what makes `terraform plan` after the
// imports a no-op: required arguments, every value that differs from the
// schema default, and nothing the provider's import cannot read back.
package exporter

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// Kind is one kind of object the export can write, named as its file.
type Kind string

// The kinds, in the order their files are written.
const (
	KindAgents               Kind = "agents"
	KindSkillGroups          Kind = "skill_groups"
	KindSkillGroupMembers    Kind = "skill_group_members"
	KindWebhooks             Kind = "webhooks"
	KindOutboundTasks        Kind = "outbound_tasks"
	KindSMSSignatures        Kind = "sms_signatures"
	KindSMSTemplates         Kind = "sms_templates"
	KindSounds               Kind = "sounds"
	KindGatewaySMSSignatures Kind = "gateway_sms_signatures"
	KindGatewaySMSTemplates  Kind = "gateway_sms_templates"
)

// AllKinds lists every kind in file order.
var AllKinds = []Kind{
	KindAgents, KindSkillGroups, KindSkillGroupMembers, KindWebhooks, KindOutboundTasks,
	KindSMSSignatures, KindSMSTemplates, KindSounds, KindGatewaySMSSignatures, KindGatewaySMSTemplates,
}

// Membership forms (--membership).
const (
	// MembershipAuthoritative writes one contactcenter_skill_group_members
	// per group: the whole membership.
	MembershipAuthoritative = "authoritative"
	// MembershipMember writes one contactcenter_skill_group_member per
	// agent in a group.
	MembershipMember = "member"
)

// ErrInput marks errors in what the caller asked for (unknown kind, a
// folder that is not empty): nothing was read or written. Test for it
// with errors.Is; its text is not in the errors' messages.
var ErrInput = errors.New("bad input")

// inputError is an error in what the caller asked for: errors.Is(err,
// ErrInput) holds, and its message is its own ("unknown kind ...", where
// "%w: ..." read "bad input: unknown kind ...").
type inputError struct{ err error }

func (e inputError) Error() string        { return e.err.Error() }
func (e inputError) Unwrap() error        { return e.err }
func (e inputError) Is(target error) bool { return target == ErrInput }

// inputErrorf is fmt.Errorf for an inputError.
func inputErrorf(format string, a ...any) error {
	return inputError{err: fmt.Errorf(format, a...)}
}

// ParseKinds reads a comma-separated list of kinds ("" means all of them).
// An unknown name is an ErrInput naming the known ones.
func ParseKinds(s string) ([]Kind, error) {
	if strings.TrimSpace(s) == "" {
		return slices.Clone(AllKinds), nil
	}
	want := map[Kind]bool{}
	for _, part := range strings.Split(s, ",") {
		k := Kind(strings.TrimSpace(part))
		if !slices.Contains(AllKinds, k) {
			names := make([]string, len(AllKinds))
			for i, k := range AllKinds {
				names[i] = string(k)
			}
			meant := ""
			if m := nearKind(string(k)); m != "" {
				meant = fmt.Sprintf(" (did you mean %s?)", m)
			}
			return nil, inputErrorf("unknown kind %q in --kinds%s; known kinds: %s", part, meant, strings.Join(names, ", "))
		}
		want[k] = true
	}
	var out []Kind
	for _, k := range AllKinds {
		if want[k] {
			out = append(out, k)
		}
	}
	return out, nil
}

// nearKind is the known kind a mistyped one most likely means ("agent",
// "Agents", "skill-groups", "webhook" for "webhooks"), or "": the kind
// within two edits, case, "-" for "_" and a dropped or added "s" ignored.
func nearKind(s string) Kind {
	norm := func(s string) string {
		return strings.TrimSuffix(strings.ReplaceAll(strings.ToLower(s), "-", "_"), "s")
	}
	best, bestD := Kind(""), 3
	for _, k := range AllKinds {
		if d := client.EditDistance(norm(s), norm(string(k))); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// Options configure an export.
type Options struct {
	// Dir is the folder of the root module. It must not exist or be empty,
	// unless Force is set.
	Dir string
	// Kinds to export; nil means all.
	Kinds []Kind
	// Membership is MembershipAuthoritative (default) or MembershipMember.
	Membership string
	// Force writes into a folder that is not empty: the files the export
	// owns (versions.tf, imports.tf, the kind files) are replaced or
	// removed, and the voice files it downloads replace the files of their
	// names under sounds/; every other file (state, .terraform, your own
	// .tf, any other file under sounds/) stays. An object the user's own
	// .tf files declare is left out (readTheirs), with a note.
	Force bool
	// Concurrency bounds the detail reads and downloads in flight. Zero
	// means 8.
	Concurrency int
	// Progress, when set, is called as the export moves on.
	Progress func(Progress)
	// StateFile is a state read with the folder's local ones (Force): the
	// output of terraform state pull, for a folder whose state is kept by
	// a backend the export cannot read.
	StateFile string

	// kept are the names the folder's local state gives the objects
	// (keptNames), which an export with Force reuses.
	kept map[string]string
	// managed are the objects the folder's states manage (Force), type +
	// "\x00" + id → address: one a read says is gone is left out only
	// when its list no longer holds it (stillManaged).
	managed map[string]string
	// theirs are the objects the user's own .tf files in the folder
	// declare (readTheirs), which an export with Force leaves out.
	theirs *theirs
	// origins are the scheme and host of the surfaces read (origins),
	// named in versions.tf.
	origins []string
}

// Progress reports one step of an export.
type Progress struct {
	// Stage is "read" (lists, details, downloads) or "write".
	Stage string
	Kind  Kind
	// Done of Total objects of the stage and kind. For
	// KindSkillGroupMembers they are skill groups whose members were read
	// (every group's, the empty ones too), and WithMembers is how many of
	// the Done groups hold agents: those get a membership resource.
	Done, Total int
	WithMembers int
}

// Summary is what an export did.
type Summary struct {
	Dir string `json:"dir"`
	// Resources counts the resource blocks written per kind.
	Resources map[Kind]int `json:"resources"`
	// Imports is the number of import blocks (one per resource).
	Imports int `json:"imports"`
	// Files are the files written, relative to Dir.
	Files []string `json:"files"`
	// Removed are the files of an earlier export of the same kinds that
	// this one removed (their kind has no object left), relative to Dir.
	Removed []string `json:"removed"`
	// Literal lists the ids kept literal because they could not be
	// resolved to a resource of the export, with the reason.
	Literal []string `json:"literal_ids"`
	// Failed lists the objects that could not be read (gone between the
	// list and the detail read, or a voice file that cannot be downloaded);
	// they are left out of the module.
	Failed []string `json:"failed"`
	// Notes are things the user must know about the module.
	Notes   []string `json:"notes"`
	Seconds float64  `json:"seconds"`
}

// Export reads what exists and writes the root module. The options are
// checked before the first request; nothing is written unless every read
// succeeded (objects that vanished in between are left out and listed in
// Summary.Failed).
func Export(ctx context.Context, c *client.Client, opts Options) (*Summary, error) {
	started := time.Now()
	if err := checkOptions(&opts); err != nil {
		return nil, err
	}
	remote := remoteBackend(opts.Dir)
	if remote != "" && opts.Force && opts.StateFile == "" {
		// Before the platform is read: nothing would be written anyway.
		return nil, inputErrorf("%s keeps its state in a backend (%s), which the export cannot read: an object your state manages under another name "+
			"(renamed in the portal, or by you) would be written at a new address, and the next plan would import it there and destroy it at the old one. "+
			"Give the export the state: terraform state pull > FILE, then export again with --state FILE. Nothing was written", opts.Dir, remote)
	}
	// The states are read once, before the platform (a bad --state is
	// refused first): names kept, conflicts found.
	var states []localState
	if opts.Force || opts.StateFile != "" {
		var err error
		if states, err = localStates(opts, remote != ""); err != nil {
			return nil, err
		}
	}
	// The user's own .tf files, also before the platform is read: one
	// that does not parse is refused.
	if opts.Force {
		var err error
		if opts.theirs, err = readTheirs(opts.Dir, opts.Kinds, states); err != nil {
			return nil, err
		}
	}
	// A state of another contact center (ids overlap between centers) is
	// refused before the platform's objects are read.
	if err := sameCenter(ctx, c, opts, states); err != nil {
		return nil, err
	}
	opts.kept = keptNames(states)
	if opts.Force {
		opts.managed = managedAddrs(states)
	}
	opts.origins = origins(c)
	inv, err := readInventory(ctx, c, opts)
	if err != nil {
		return nil, err
	}
	mod := render(inv, opts)
	files, err := mod.files()
	if err != nil {
		return nil, err
	}
	conflicts := managedConflicts(opts.Kinds, states, mod.written)
	if len(conflicts) > 0 && opts.Force {
		return nil, conflictError(opts.Dir, conflicts)
	}
	removed, notes, err := writeModule(opts, files)
	if err != nil {
		return nil, err
	}
	sum := &Summary{Dir: opts.Dir, Resources: mod.counts, Imports: len(mod.imports), Literal: mod.literal,
		Failed: inv.failed, Notes: append(mod.notes, notes...), Seconds: time.Since(started).Seconds(), Removed: removed}
	// Into a new folder, --state's objects the export writes elsewhere
	// than the state are named, so that their blocks are not copied across
	// (the new folder's module is not the managed one).
	for _, c := range conflicts {
		sum.Notes = append(sum.Notes, "managed elsewhere, do not copy its block into the managed folder: "+c)
	}

	for _, f := range files {
		sum.Files = append(sum.Files, f.name)
	}
	// Empty lists are [] in the JSON summary, not null: a pipeline reads
	// every list the same way.
	for _, l := range []*[]string{&sum.Files, &sum.Removed, &sum.Literal, &sum.Failed, &sum.Notes} {
		if *l == nil {
			*l = []string{}
		}
	}
	if opts.Progress != nil {
		opts.Progress(Progress{Stage: "write", Done: len(files), Total: len(files)})
	}
	return sum, nil
}

// origins are the distinct origins (scheme://host[:port]) of the client's
// surfaces, in surface order: no path, and no user or password even if a
// URL held them.
func origins(c *client.Client) []string {
	var out []string
	for _, s := range client.Surfaces {
		u, err := url.Parse(c.URL(s))
		if err != nil || u.Scheme == "" || u.Host == "" {
			continue
		}
		if o := u.Scheme + "://" + u.Host; !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	return out
}

// checkOptions validates and defaults the options without any request.
func checkOptions(o *Options) error {
	if o.Dir == "" {
		return inputErrorf("no output folder given")
	}
	if o.Kinds == nil {
		o.Kinds = slices.Clone(AllKinds)
	}
	for _, k := range o.Kinds {
		if !slices.Contains(AllKinds, k) {
			return inputErrorf("unknown kind %q", k)
		}
	}
	switch o.Membership {
	case "":
		o.Membership = MembershipAuthoritative
	case MembershipAuthoritative, MembershipMember:
	default:
		return inputErrorf("--membership must be %s or %s, not %q", MembershipAuthoritative, MembershipMember, o.Membership)
	}
	if o.Concurrency <= 0 {
		o.Concurrency = 8
	}
	if err := writableFolder(o.Dir); err != nil {
		return err
	}
	st, err := os.Stat(o.Dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil
	case err != nil:
		return inputErrorf("%w", err)
	case !st.IsDir():
		return inputErrorf("%s exists and is not a folder", o.Dir)
	}
	entries, err := os.ReadDir(o.Dir)
	if err != nil {
		return inputErrorf("%w", err)
	}
	if len(entries) > 0 && !o.Force {
		return inputErrorf("%s is not empty (%d entries); choose an empty or new folder, or pass --force to replace the files the export writes "+
			"(other files, such as terraform.tfstate and your own .tf files, are kept)", o.Dir, len(entries))
	}
	if o.wants(KindSounds) {
		if err := soundsLink(o.Dir, "read or written"); err != nil {
			return err
		}
	}
	return notOurs(o.Dir, o.Kinds)
}

// writableFolder checks, before the platform is read, that the export can
// be written: writeModule makes its files in a new folder beside dir (in
// dir's parent, or the first folder above it that exists, where it creates
// the rest) and moves them into dir, which must then take them too. In a
// read-only checkout (a CI job's) the export read the whole platform and
// then failed with "mkdir ./.out.ccsync-620477530: permission denied",
// naming a folder the user never asked for.
func writableFolder(dir string) error {
	dir = filepath.Clean(dir)
	probe := func(in string) error {
		tmp, err := os.MkdirTemp(in, ".ccsync-write-check-")
		if err != nil {
			return inputErrorf("%s: the folder %s does not take a new folder (%w); export into a folder you can write to (nothing was read or written)", dir, in, err)
		}
		_ = os.Remove(tmp) // empty, just made; a leftover empty folder is no harm
		return nil
	}
	if st, err := os.Stat(dir); err == nil && st.IsDir() {
		if err := probe(dir); err != nil {
			return err
		}
	}
	for parent := filepath.Dir(dir); ; parent = filepath.Dir(parent) {
		st, err := os.Stat(parent)
		switch {
		case err == nil && st.IsDir():
			return probe(parent)
		case err == nil:
			return nil // a file on the way: the checks after this one, or the write, say so
		case !errors.Is(err, os.ErrNotExist) || filepath.Dir(parent) == parent:
			return nil
		}
	}
}

// notOurs refuses a --force export into a folder where a file it would
// replace (agents.tf, webhooks.tf, …, imports.tf) was not written by an
// export: a configuration written by hand that names its files by kind was
// replaced without a word, and the folder no longer planned (resources
// declared twice, the user's for_each gone).
func notOurs(dir string, kinds []Kind) error {
	var theirs []string
	for _, name := range ownedFiles(kinds) {
		if name == "versions.tf" {
			continue // kept as it is
		}
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			continue // absent (or unreadable: the write will say)
		}
		if strings.TrimSpace(string(b)) == "" {
			continue // nothing to lose
		}
		first, _, _ := strings.Cut(strings.TrimPrefix(string(b), "\ufeff"), "\n")
		if !strings.Contains(first, "written by `ccsync export terraform`") && !strings.HasPrefix(first, "# Import blocks:") {
			theirs = append(theirs, name)
		}
	}
	if len(theirs) > 0 {
		return inputErrorf("%s holds %s, which the export would replace but did not write (the first line of a file it writes says so): "+
			"it may be a configuration of your own. Nothing was written. Move or rename it, or export into another folder",
			dir, strings.Join(theirs, ", "))
	}
	return tofuShadows(dir, kinds)
}

// tofuShadows refuses a --force export into a folder where an OpenTofu
// file has the name of a file the export writes (imports.tofu beside the
// imports.tf it writes): OpenTofu reads a .tofu file instead of the .tf of
// the same name (and a .tofu.json instead of a .tf.json), so under
// OpenTofu the export's file would be left unread: its import blocks lost
// (and the resources they adopt planned as new ones), or its resources
// lost (and their import blocks refused). A versions.tf the folder has is
// kept, not written: a versions.tofu beside it is the user's.
func tofuShadows(dir string, kinds []Kind) error {
	var shadows []string
	for _, name := range ownedFiles(kinds) {
		if name == "versions.tf" {
			if st, err := os.Lstat(filepath.Join(dir, name)); err == nil && !st.IsDir() {
				continue // kept as it is
			}
		}
		tofu := strings.TrimSuffix(name, ".tf") + ".tofu"
		if st, err := os.Stat(filepath.Join(dir, tofu)); err == nil && !st.IsDir() {
			shadows = append(shadows, fmt.Sprintf("%s (OpenTofu reads it instead of the %s the export writes)", tofu, name))
		}
	}
	if len(shadows) == 0 {
		return nil
	}
	return inputErrorf("%s holds %s: a .tofu file replaces the .tf of its name for OpenTofu, which would not read the export's file. "+
		"Nothing was written. Rename it to a name the export does not write, or move it out of the folder, or export into another folder",
		dir, strings.Join(shadows, ", "))
}

func (o Options) wants(k Kind) bool { return slices.Contains(o.Kinds, k) }
