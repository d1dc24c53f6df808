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

// writeModule writes the files into a temporary folder beside Dir and
// moves them into place at the end, so a failure leaves Dir as it was.
//
// The module is the user's own Terraform configuration, to read, edit and
// commit like any other: its folders are 0755 and its files (the .tf files
// and the voice files under sounds/) 0644, before the umask, hence the
// gosec exceptions below.
func writeModule(opts Options, files []outFile) (removed []string, err error) {
	dir := filepath.Clean(opts.Dir)
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil { //nolint:gosec // G301: a folder of the user's files (see above)
		return nil, err
	}
	tmp, err := mkdirTemp(parent, "."+filepath.Base(dir)+".ccsync-")
	if err != nil {
		return nil, err
	}
	defer func() {
		if rmErr := os.RemoveAll(tmp); rmErr != nil && err == nil {
			err = rmErr
		}
	}()
	for _, f := range files {
		p := filepath.Join(tmp, filepath.FromSlash(f.name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil { //nolint:gosec // G301: a folder of the module (see above)
			return nil, err
		}
		if err := os.WriteFile(p, f.content, 0o644); err != nil { //nolint:gosec // G306: a file of the module, for the user to read and edit (see above)
			return nil, err
		}
	}
	_, statErr := os.Stat(dir)
	if errors.Is(statErr, os.ErrNotExist) {
		return nil, os.Rename(tmp, dir)
	}
	// sounds/ is checked again here, after the read: a link made since
	// the start (checkOptions) is not followed either.
	if slices.ContainsFunc(files, func(f outFile) bool { return strings.HasPrefix(f.name, "sounds/") }) {
		if err := soundsLink(dir, "written"); err != nil {
			return nil, err
		}
	}
	// The folder exists (empty, or --force). The import blocks of kinds an
	// earlier export wrote and this one does not are kept: their files are.
	kept, err := keepOtherImports(filepath.Join(dir, "imports.tf"), filepath.Join(tmp, "imports.tf"), opts)
	if err != nil {
		return nil, err
	}
	// Move each file the export owns.
	names := make([]string, 0, len(files)+1)
	for _, f := range files {
		names = append(names, f.name)
	}
	if kept && !slices.Contains(names, "imports.tf") {
		names = append(names, "imports.tf") // only the kept import blocks
	}
	for _, name := range ownedFiles(opts.Kinds) {
		dst := filepath.Join(dir, name)
		if _, err := os.Stat(dst); name == "versions.tf" && err == nil {
			// The folder's own: provider settings, a backend may be there
			// (--force replaced it without a word).
			continue
		}
		if slices.Contains(names, name) {
			if err := os.Rename(filepath.Join(tmp, name), dst); err != nil {
				return nil, err
			}
			continue
		}
		err := os.Remove(dst)
		switch {
		case err == nil:
			removed = append(removed, name)
		case !errors.Is(err, os.ErrNotExist):
			return removed, err
		}
	}
	// Each voice file the export wrote replaces the file of that name; every
	// other file under sounds/ stays (a voice file the user added for a
	// resource of their own, the file of a voice file since deleted on the
	// platform: sounds/ was replaced whole, and the user's files with it).
	for _, f := range files {
		if !strings.HasPrefix(f.name, "sounds/") {
			continue
		}
		dst := filepath.Join(dir, filepath.FromSlash(f.name))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil { //nolint:gosec // G301: a folder of the module (see above)
			return removed, err
		}
		if err := os.Rename(filepath.Join(tmp, filepath.FromSlash(f.name)), dst); err != nil {
			return removed, err
		}
	}
	return removed, nil
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
