package exporter

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclwrite"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/replaceable"
)

// ownedFiles are the files an export of kinds writes (and, with Force,
// replaces or removes when a kind has no object left): everything else in
// the folder is left alone, the files of kinds not exported included, and
// so is a versions.tf the folder has (writeModule). (An
// export of --kinds agents removed skill_groups.tf, edits and all, and the
// next plan destroyed the groups.)
func ownedFiles(kinds []Kind) []string {
	out := []string{"versions.tf", "imports.tf"}
	for _, k := range kinds {
		out = append(out, string(k)+".tf")
	}
	return out
}

// rename and removeAll are replaceable.Rename (on Windows, tried again
// while a virus scanner reads a file just written) and os.RemoveAll;
// tests replace them to fail one.
var (
	rename    = replaceable.Rename
	removeAll = os.RemoveAll
)

// ErrPartlyWritten is wrapped by Export's error when the files were being
// moved into Dir when it failed: Dir holds some of this export's files and
// the earlier ones of the rest, so "nothing was written" would be untrue.
var ErrPartlyWritten = errors.New("written in part")

// partlyWritten is the error of a move into Dir that failed after others
// were done.
type partlyWritten struct {
	dir        string
	done, left []string
	err        error
}

func (e *partlyWritten) Error() string {
	left := e.left
	more := ""
	if len(left) > 10 {
		left, more = left[:10], fmt.Sprintf(" and %d more", len(e.left)-10)
	}
	return fmt.Sprintf("%v; the export was written in part: %s has %d of its files (%s) and, in place of the rest (%s%s), what it held before; "+
		"fix the cause and export again with --force", e.err, e.dir, len(e.done), strings.Join(e.done, ", "), strings.Join(left, ", "), more)
}

func (e *partlyWritten) Unwrap() []error { return []error{ErrPartlyWritten, e.err} }

// writeModule writes the files into a temporary folder beside Dir and
// moves them into place at the end, so a failure leaves Dir as it was:
// before the first move, every file that a move replaces or the export
// removes is checked (replaceable.Check: on Windows, a file another
// program has open, a voice file a media player plays, is not replaced,
// and the export failed halfway through the moves, saying "Nothing was
// written."). A move that fails all the same is an ErrPartlyWritten. A
// temporary folder that cannot be removed at the end (on Windows, a file
// in it that a virus scanner is reading) is a note, not a failure: the
// module is written.
//
// The module is the user's own Terraform configuration, to read, edit and
// commit like any other: its folders are 0755 and its files (the .tf files
// and the voice files under sounds/) 0644, before the umask, hence the
// gosec exceptions below.
func writeModule(opts Options, files []outFile) (removed, notes []string, err error) {
	dir := filepath.Clean(opts.Dir)
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil { //nolint:gosec // G301: a folder of the user's files (see above)
		return nil, nil, err
	}
	tmp, err := mkdirTemp(parent, "."+filepath.Base(dir)+".ccsync-")
	if err != nil {
		return nil, nil, err
	}
	defer func() {
		if rmErr := removeAll(tmp); rmErr != nil {
			if err != nil {
				return // the failure says more; the folder is its own
			}
			notes = append(notes, fmt.Sprintf("the temporary folder %s could not be removed (%v): delete it", tmp, rmErr))
		}
	}()
	for _, f := range files {
		p := filepath.Join(tmp, filepath.FromSlash(f.name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil { //nolint:gosec // G301: a folder of the module (see above)
			return nil, nil, err
		}
		if err := os.WriteFile(p, f.content, 0o644); err != nil { //nolint:gosec // G306: a file of the module, for the user to read and edit (see above)
			return nil, nil, err
		}
	}
	_, statErr := os.Stat(dir)
	if errors.Is(statErr, os.ErrNotExist) {
		return nil, nil, rename(tmp, dir)
	}
	// sounds/ is checked again here, after the read: a link made since
	// the start (checkOptions) is not followed either.
	if slices.ContainsFunc(files, func(f outFile) bool { return strings.HasPrefix(f.name, "sounds/") }) {
		if err := soundsLink(dir, "written"); err != nil {
			return nil, nil, err
		}
	}
	// The folder exists (empty, or --force). The import blocks of kinds an
	// earlier export wrote and this one does not are kept: their files are.
	kept, err := keepOtherImports(filepath.Join(dir, "imports.tf"), filepath.Join(tmp, "imports.tf"), opts)
	if err != nil {
		return nil, nil, err
	}
	// The moves, in order: each file the export owns is moved into place,
	// or removed when this export has none; then each voice file it wrote
	// replaces the file of that name, and every other file under sounds/
	// stays (a voice file the user added for a resource of their own, the
	// file of a voice file since deleted on the platform: sounds/ was
	// replaced whole, and the user's files with it).
	type move struct {
		name   string
		remove bool
	}
	var moves []move
	names := make([]string, 0, len(files)+1)
	for _, f := range files {
		names = append(names, f.name)
	}
	if kept && !slices.Contains(names, "imports.tf") {
		names = append(names, "imports.tf") // only the kept import blocks
	}
	for _, name := range ownedFiles(opts.Kinds) {
		if _, err := os.Stat(filepath.Join(dir, name)); name == "versions.tf" && err == nil {
			// The folder's own: provider settings, a backend may be there
			// (--force replaced it without a word).
			continue
		}
		moves = append(moves, move{name: name, remove: !slices.Contains(names, name)})
	}
	for _, f := range files {
		if strings.HasPrefix(f.name, "sounds/") {
			moves = append(moves, move{name: f.name})
		}
	}
	for _, m := range moves {
		dst := filepath.Join(dir, filepath.FromSlash(m.name))
		st, err := os.Stat(dst)
		switch {
		case err != nil:
			continue // nothing there to replace (or the move says why)
		case st.IsDir():
			return nil, nil, fmt.Errorf("%s is a folder, where the export writes its file %s: move it away and export again", dst, m.name)
		}
		if err := replaceable.Check(dst); err != nil {
			return nil, nil, fmt.Errorf("%s: %w; close it there (an editor, a media player) and export again", dst, err)
		}
	}
	var done []string
	partly := func(i int, err error) error {
		if len(done) == 0 {
			return err
		}
		left := make([]string, 0, len(moves)-i)
		for _, m := range moves[i:] {
			left = append(left, m.name)
		}
		return &partlyWritten{dir: dir, done: done, left: left, err: err}
	}
	for i, m := range moves {
		dst := filepath.Join(dir, filepath.FromSlash(m.name))
		if m.remove {
			err := os.Remove(dst)
			switch {
			case err == nil:
				removed = append(removed, m.name)
				done = append(done, m.name+" removed")
			case !errors.Is(err, os.ErrNotExist):
				return removed, nil, partly(i, err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil { //nolint:gosec // G301: a folder of the module (see above)
			return removed, nil, partly(i, err)
		}
		if err := rename(filepath.Join(tmp, filepath.FromSlash(m.name)), dst); err != nil {
			return removed, nil, partly(i, err)
		}
		done = append(done, m.name)
	}
	return removed, nil, nil
}

// soundsLink refuses a folder whose sounds/ is a symbolic link: the voice
// files were written where it points, outside the folder the user named
// (a link planted in a shared folder put them, or replaced files of those
// names, anywhere its maker chose). The files the export moves into the
// folder itself replace a link of their name (a rename does not follow
// it); sounds/ is the one folder below it that is written into. nothing
// says what was not done ("read or written").
func soundsLink(dir, nothing string) error {
	p := filepath.Join(dir, "sounds")
	st, err := os.Lstat(p)
	if err != nil || st.Mode()&os.ModeSymlink == 0 {
		return nil // absent, or a folder (a file there: the write says so)
	}
	to, _ := os.Readlink(p)
	return inputErrorf("%s is a symbolic link (to %s): the export would write its voice files where it points, outside %s. "+
		"Nothing was %s. Remove the link (the export makes sounds/ a folder), or export into another folder", p, to, dir, nothing)
}

// mkdirTemp makes a new folder in parent, named prefix and a random
// number, mode 0755 less the umask: it becomes the module folder. (It was
// made 0700 by os.MkdirTemp and then set to 0755, whatever the umask: a
// user with umask 077 got a module folder anyone could list.)
func mkdirTemp(parent, prefix string) (string, error) {
	for range 100 {
		// G404: a unique name, not a secret; G301: the module folder.
		p := filepath.Join(parent, prefix+strconv.FormatUint(uint64(rand.Uint32()), 10)) //nolint:gosec // G404 (see above)
		err := os.Mkdir(p, 0o755)                                                        //nolint:gosec // G301 (see above)
		if !errors.Is(err, os.ErrExist) {
			return p, err
		}
	}
	return "", fmt.Errorf("make a temporary folder in %s: every name tried exists", parent)
}

// kindOfType is the kind of each resource type an export writes.
var kindOfType = map[string]Kind{
	typeAgent: KindAgents, typeSkillGroup: KindSkillGroups, typeSkillGroupMembers: KindSkillGroupMembers,
	typeSkillGroupMember: KindSkillGroupMembers, typeWebhook: KindWebhooks, typeOutboundTask: KindOutboundTasks,
	typeSMSSignature: KindSMSSignatures, typeSMSTemplate: KindSMSTemplates, typeSound: KindSounds,
	typeGatewaySMSSignature: KindGatewaySMSSignatures, typeGatewaySMSTemplate: KindGatewaySMSTemplates,
}

// keepOtherImports appends to the new imports.tf (dst, created if need be)
// the import blocks of the old one (src) whose resources are of kinds not
// in kinds: an export of --kinds agents into the folder of a whole export
// keeps skill_groups.tf, and so the imports that adopt its groups (without
// them, a plan before the first apply would create the groups again).
func keepOtherImports(src, dst string, opts Options) (wrote bool, err error) {
	old, err := os.ReadFile(src) //nolint:gosec // G304: the export's own imports.tf in the folder the user named
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	f, diags := hclwrite.ParseConfig(old, src, hcl.InitialPos)
	if diags.HasErrors() {
		return false, fmt.Errorf("reading %s to keep the import blocks of the kinds not exported: %s (fix or remove it, or export every kind)", src, diags.Error())
	}
	kept := hclwrite.NewEmptyFile()
	for _, b := range f.Body().Blocks() {
		to := b.Body().GetAttribute("to")
		if b.Type() != "import" || to == nil {
			continue
		}
		typ, _, _ := strings.Cut(strings.TrimSpace(string(to.Expr().BuildTokens(nil).Bytes())), ".")
		if k, ok := kindOfType[typ]; ok && !opts.wants(k) {
			kept.Body().AppendNewline()
			kept.Body().AppendBlock(b)
		}
	}
	if len(kept.Body().Blocks()) == 0 {
		return false, nil
	}
	cur, err := os.ReadFile(dst) //nolint:gosec // G304: the file this export just wrote
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return false, err
	}
	return true, os.WriteFile(dst, hclwrite.Format(append(cur, kept.Bytes()...)), 0o644) //nolint:gosec // G306: a file of the module, for the user to read and edit
}
