package exporter

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// exported is one resource the export writes: its address and import id.
type exported struct{ typ, name, id string }

// managedConflicts checks an export with Force into a folder Terraform
// already manages with a local state (terraform.tfstate): an object the
// state holds at one address that the export writes at another (renamed in
// the portal, one of two objects of one name deleted so the other takes
// its name, a resource the team renamed or moved into a module), or a
// group whose membership the state holds in the other form
// (--membership). The next plan destroyed the object at the old address
// after importing it at the new one, or emptied the group; the export said
// nothing. It returns a sentence per conflict (nil when there is none or
// no local state). Every local workspace's state is read: the default
// one's terraform.tfstate and terraform.tfstate.d/<workspace>/.
func managedConflicts(opts Options, written []exported) ([]string, error) {
	if !opts.Force {
		return nil, nil
	}
	// Each workspace's folder is listed, not globbed: the folder the user
	// names may hold [ or * (a glob refused "cc[1" and matched nothing in
	// "env[prod]", so its workspaces went unchecked).
	paths := []string{filepath.Join(opts.Dir, "terraform.tfstate")}
	workspaces, err := os.ReadDir(filepath.Join(opts.Dir, "terraform.tfstate.d"))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	for _, ws := range workspaces {
		if ws.IsDir() {
			paths = append(paths, filepath.Join(opts.Dir, "terraform.tfstate.d", ws.Name(), "terraform.tfstate"))
		}
	}
	var out []string
	for _, p := range paths {
		found, err := stateConflicts(opts, p, written)
		if err != nil {
			return nil, err
		}
		if ws := filepath.Base(filepath.Dir(p)); filepath.Dir(filepath.Dir(p)) == filepath.Join(opts.Dir, "terraform.tfstate.d") {
			for i := range found {
				found[i] = "workspace " + ws + ": " + found[i]
			}
		}
		out = append(out, found...)
	}
	return out, nil
}

// stateConflicts is managedConflicts for the state file at path.
func stateConflicts(opts Options, path string, written []exported) ([]string, error) {
	b, err := os.ReadFile(path) //nolint:gosec // G304: a state file in the folder the user named
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return nil, nil // an empty file holds no state
	}
	var st struct {
		Resources []struct {
			Module    string `json:"module"`
			Mode      string `json:"mode"`
			Type      string `json:"type"`
			Name      string `json:"name"`
			Instances []struct {
				IndexKey   any             `json:"index_key"`
				Attributes json.RawMessage `json:"attributes"`
			} `json:"instances"`
		} `json:"resources"`
	}
	if err := json.Unmarshal(b, &st); err != nil {
		return nil, fmt.Errorf("%w: %s is not a Terraform state the export can read (%w); export into a new folder", ErrInput, path, err)
	}
	byID := map[string]exported{} // type + id → what the export writes
	groups := map[string]string{} // que_id → membership type the export writes
	for _, w := range written {
		if w.typ == typeSound {
			w.id, _, _ = strings.Cut(w.id, ",") // <id>,<path>: the state holds the id
		}
		byID[w.typ+"\x00"+w.id] = w
		switch w.typ {
		case typeSkillGroupMembers:
			groups[w.id] = w.typ
		case typeSkillGroupMember:
			q, _, _ := strings.Cut(w.id, ":")
			groups[q] = w.typ
		}
	}
	var out []string
	for _, r := range st.Resources {
		if r.Mode != "managed" || !slices.Contains(opts.Kinds, kindOfType[r.Type]) {
			continue
		}
		for _, in := range r.Instances {
			at := r.Type + "." + r.Name
			if in.IndexKey != nil {
				k, _ := json.Marshal(in.IndexKey)
				at += "[" + string(k) + "]"
			}
			if r.Module != "" {
				at = r.Module + "." + at
			}
			// Only this provider's types are read: another provider's
			// attributes (a numeric id) are none of the export's business.
			var attrs struct {
				ID string `json:"id"`
			}
			if json.Unmarshal(in.Attributes, &attrs) != nil {
				continue
			}
			id := attrs.ID
			if w, ok := byID[r.Type+"\x00"+id]; ok && w.typ+"."+w.name != at {
				out = append(out, fmt.Sprintf("%s %s is %s in the state; the export would write it as %s.%s", r.Type, id, at, w.typ, w.name))
				continue
			}
			q := id
			if r.Type == typeSkillGroupMember {
				q, _, _ = strings.Cut(id, ":")
			}
			if (r.Type == typeSkillGroupMembers || r.Type == typeSkillGroupMember) && groups[q] != "" && groups[q] != r.Type {
				out = append(out, fmt.Sprintf("the membership of skill group %s is %s in the state; the export would write it as %s resources", q, at, groups[q]))
			}
		}
	}
	return out, nil
}

// conflictError refuses the export (nothing written) for the conflicts
// managedConflicts found.
func conflictError(dir string, conflicts []string) error {
	shown := conflicts
	more := ""
	if len(shown) > 10 {
		shown, more = shown[:10], fmt.Sprintf("\n  … and %d more", len(conflicts)-10)
	}
	return fmt.Errorf("%w: %s is managed by Terraform (its local state), and this export would move %d object(s) it manages to other addresses:\n  %s%s\n"+
		"(An object renamed in the portal, a resource renamed or moved into a module, or a name an earlier ccsync wrote differently: names with letters that have "+
		"no ASCII form now carry the object's id, and accents are written in ASCII.) "+
		"The next plan would import them at the new addresses, and destroy them at the old ones where their configuration is gone (an earlier export's file), "+
		"or leave two resources managing one object where it is your own (a file or module of yours); a membership moved to the other form would empty its group. "+
		"Nothing was written. Export into a new folder and copy the blocks of new objects across, or adopt new objects with import blocks and "+
		"terraform plan -generate-config-out; for a membership, use removed blocks (lifecycle { destroy = false }) for the old form first",
		ErrInput, dir, len(conflicts), strings.Join(shown, "\n  "), more)
}
