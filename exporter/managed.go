package exporter

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
)

// exported is one resource the export writes: its address and import id.
type exported struct{ typ, name, id string }

// managedConflicts finds what an export would still move in the states
// read (localStates), after keptNames kept what it could: an object the
// states hold in a module or under count or for_each, one two states name
// two ways, or a group whose membership a state holds in the other form
// (--membership). The next plan destroyed such an object at the old
// address after importing it at the new one, or emptied the group. It
// returns a sentence per conflict, for kinds exported.
func managedConflicts(kinds []Kind, states []localState, written []exported) []string {
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
	// An object the workspaces name two ways: one sentence naming each,
	// not a line per workspace, of which one may match what the export
	// writes and hide the cause.
	var out []string
	names := rootNames(states)
	disputed := map[string]bool{}
	for _, k := range slices.Sorted(maps.Keys(names)) {
		typ, id, _ := strings.Cut(k, "\x00")
		if distinct := slices.Compact(slices.Sorted(maps.Values(names[k]))); len(distinct) > 1 && slices.Contains(kinds, kindOfType[typ]) {
			disputed[k] = true
			var each []string
			for _, ws := range slices.Sorted(maps.Keys(names[k])) {
				each = append(each, fmt.Sprintf("%s: %s", workspaceName(ws), names[k][ws]))
			}
			out = append(out, fmt.Sprintf("%s %s has another name in each state (%s): give it one name in every workspace (terraform state mv)",
				typ, id, strings.Join(each, ", ")))
		}
	}
	for _, st := range states {
		where := ""
		if st.workspace != "" {
			where = workspaceName(st.workspace) + ": "
		}
		for _, in := range st.instances {
			if !slices.Contains(kinds, kindOfType[in.typ]) || disputed[in.typ+"\x00"+in.id] && !in.module && !in.indexed {
				continue
			}
			if w, ok := byID[in.typ+"\x00"+in.id]; ok && w.typ+"."+w.name != in.addr {
				out = append(out, fmt.Sprintf("%s%s %s is %s in the state; the export would write it as %s.%s", where, in.typ, in.id, in.addr, w.typ, w.name))
				continue
			}
			q := in.id
			if in.typ == typeSkillGroupMember {
				q, _, _ = strings.Cut(in.id, ":")
			}
			if (in.typ == typeSkillGroupMembers || in.typ == typeSkillGroupMember) && groups[q] != "" && groups[q] != in.typ {
				out = append(out, fmt.Sprintf("%sthe membership of skill group %s is %s in the state; the export would write it as %s resources", where, q, in.addr, groups[q]))
			}
		}
	}
	return out
}

// rootNames are the names the states give each object of the root module
// without count or for_each (type + "\x00" + id → workspace → name): the
// ones an export can write again.
func rootNames(states []localState) map[string]map[string]string {
	names := map[string]map[string]string{}
	for _, st := range states {
		for _, in := range st.instances {
			if in.module || in.indexed {
				continue
			}
			k := in.typ + "\x00" + in.id
			if names[k] == nil {
				names[k] = map[string]string{}
			}
			names[k][st.workspace] = in.name
		}
	}
	return names
}

// managedAddrs are the addresses the states give this provider's objects
// (type + "\x00" + id → address, the first state's when several hold it).
func managedAddrs(states []localState) map[string]string {
	out := map[string]string{}
	for _, st := range states {
		for _, in := range st.instances {
			if k := in.typ + "\x00" + in.id; out[k] == "" {
				out[k] = in.addr
			}
		}
	}
	return out
}

// workspaceName is how a conflict names a state: "default" for the default
// workspace's, "workspace staging", or "--state FILE".
func workspaceName(ws string) string {
	switch {
	case ws == "":
		return "default"
	case strings.HasPrefix(ws, "--state "):
		return ws
	}
	return "workspace " + ws
}

// keptNames are the names the folder's states give this provider's
// objects (type + "\x00" + id → name), for an export with Force to write
// each object again at the address Terraform manages it at: an object
// renamed in the portal, or named otherwise by an earlier ccsync, kept its
// address instead of moving (which managedConflicts refused). Only a
// resource of the root module without count or for_each is kept; one the
// states name differently (two workspaces), or a name two states give two
// objects (the module would declare it twice), is left to managedConflicts.
func keptNames(states []localState) map[string]string {
	kept := map[string]string{}
	holders := map[string][]string{} // type.name → keys
	for k, byState := range rootNames(states) {
		if distinct := slices.Compact(slices.Sorted(maps.Values(byState))); len(distinct) == 1 {
			typ, _, _ := strings.Cut(k, "\x00")
			kept[k] = distinct[0]
			holders[typ+"."+distinct[0]] = append(holders[typ+"."+distinct[0]], k)
		}
	}
	for _, ks := range holders {
		if len(ks) > 1 {
			for _, k := range ks {
				delete(kept, k)
			}
		}
	}
	return kept
}

// stateInstance is one instance of this provider's managed resources in
// a local state.
type stateInstance struct {
	typ, id, name   string
	addr            string // as Terraform writes it: module.x.type.name["key"]
	module, indexed bool
	// userNum is an agent's user_num, which cannot change (users/edit
	// does not take it): sameCenter compares it with the platform's.
	userNum string
	// alias is the provider configuration's alias ("" for the default
	// one): `provider["registry.terraform.io/contactcenter/contactcenter"].sh`.
	alias string
	// center is what the provider recorded in the instance's private
	// state of the addresses it was created or last read through ("" for
	// none: a state of an earlier version).
	center string
}

// providerAlias is the alias of a state resource's provider address, ""
// when it names the default configuration.
func providerAlias(addr string) string {
	i := strings.LastIndex(addr, "].")
	if i < 0 {
		return ""
	}
	return addr[i+2:]
}

// localState is one local state file's instances; workspace is "" for the
// default workspace's terraform.tfstate.
type localState struct {
	workspace string
	instances []stateInstance
}

// localStates reads the states an export with Force or --state keeps the
// names of: the folder's (the default workspace's terraform.tfstate and
// terraform.tfstate.d/<workspace>/, unless a backend keeps the state) and
// the one --state names.
// Each workspace's folder is listed, not globbed: the folder the user
// names may hold [ or * (a glob refused "cc[1" and matched nothing in
// "env[prod]", so its workspaces went unchecked).
func localStates(opts Options, backend bool) ([]localState, error) {
	paths := map[string]string{}
	// With a backend, Terraform ignores the folder's state files (a
	// leftover of an earlier local state refused the export for names the
	// state in use no longer has): --state gives the state.
	if !backend {
		paths[""] = filepath.Join(opts.Dir, "terraform.tfstate")
		workspaces, err := os.ReadDir(filepath.Join(opts.Dir, "terraform.tfstate.d"))
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
		for _, ws := range workspaces {
			if ws.IsDir() {
				paths[ws.Name()] = filepath.Join(opts.Dir, "terraform.tfstate.d", ws.Name(), "terraform.tfstate")
			}
		}
	}
	var out []localState
	for _, ws := range slices.Sorted(maps.Keys(paths)) {
		in, err := readState(paths[ws])
		if err != nil {
			return nil, err
		}
		out = append(out, localState{workspace: ws, instances: in})
	}
	if opts.StateFile != "" {
		in, err := readStateFile("--state", opts.StateFile)
		if err != nil {
			return nil, err
		}
		out = append(out, localState{workspace: "--state " + opts.StateFile, instances: in})
	}
	return out, nil
}

// readStateFile reads the state --state names, which must be one: the
// output of terraform state pull. Empty (state pull prints nothing where
// it finds no state: another folder, before terraform init) or other JSON
// (terraform show -json) would keep no names, and the next plan destroyed
// the objects renamed since.
func readStateFile(flag, path string) ([]stateInstance, error) {
	bad := func(why string) error {
		return inputErrorf("%s %s %s: give the output of terraform state pull, run in the folder after terraform init (or its terraform.tfstate)", flag, path, why)
	}
	b, err := os.ReadFile(path) //nolint:gosec // G304: the state the user named
	switch {
	case err != nil:
		return nil, bad("cannot be read (" + err.Error() + ")")
	case len(bytes.TrimSpace(b)) == 0:
		return nil, bad("is empty (terraform state pull prints nothing where it finds no state)")
	}
	var head struct {
		Version *int64 `json:"version"`
		Lineage string `json:"lineage"`
	}
	if json.Unmarshal(b, &head) != nil || head.Version == nil || head.Lineage == "" {
		return nil, bad("is not a Terraform state (a state has a version and a lineage; terraform show -json writes another document)")
	}
	return readState(path)
}

// readState reads the instances of this provider's managed resources in
// the state file at path (none when there is no file, or it is empty).
func readState(path string) ([]stateInstance, error) {
	b, err := os.ReadFile(path) //nolint:gosec // G304: a state file in the folder the user named, or the one --state names
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
			Provider  string `json:"provider"`
			Instances []struct {
				IndexKey   any             `json:"index_key"`
				Attributes json.RawMessage `json:"attributes"`
				Private    []byte          `json:"private"` // base64 in the file
			} `json:"instances"`
		} `json:"resources"`
	}
	if err := json.Unmarshal(b, &st); err != nil {
		var syn *json.SyntaxError
		why := "its resources are not as a state holds them"
		if errors.As(err, &syn) {
			why = fmt.Sprintf("it is not JSON (at byte %d: %s)", syn.Offset, syn)
		}
		return nil, inputErrorf("%s is not a Terraform state the export can read: %s", path, why)
	}
	var out []stateInstance
	for _, r := range st.Resources {
		if r.Mode != "managed" || kindOfType[r.Type] == "" {
			continue
		}
		for _, in := range r.Instances {
			// Only this provider's types are read: another provider's
			// attributes (a numeric id) are none of the export's business.
			var attrs struct {
				ID      string `json:"id"`
				UserNum string `json:"user_num"`
			}
			if json.Unmarshal(in.Attributes, &attrs) != nil {
				continue
			}
			at := r.Type + "." + r.Name
			if in.IndexKey != nil {
				k, _ := json.Marshal(in.IndexKey)
				at += "[" + string(k) + "]"
			}
			if r.Module != "" {
				at = r.Module + "." + at
			}
			si := stateInstance{typ: r.Type, id: attrs.ID, name: r.Name, addr: at, module: r.Module != "", indexed: in.IndexKey != nil,
				alias: providerAlias(r.Provider)}
			if r.Type == typeAgent {
				si.userNum = attrs.UserNum
			}
			si.center = framework.RecordedCenter(in.Private)
			out = append(out, si)
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
	return inputErrorf("%s is managed by Terraform (the state read: its local state, or --state), and this export would move %d object(s) it manages to other addresses:\n  %s%s\n"+
		"(An object keeps the name the state gives it in the root module; one moved into a module or under count or for_each, a membership in the other form, "+
		"or one two workspaces name two ways cannot be written there.) "+
		"The next plan would import them at the new addresses, and destroy them at the old ones where their configuration is gone (an earlier export's file), "+
		"or leave two resources managing one object where it is your own (a file or module of yours); a membership moved to the other form would empty its group. "+
		"Nothing was written. Export into a new folder and copy the blocks of new objects across, or adopt new objects with import blocks and "+
		"terraform plan -generate-config-out; for a membership, use removed blocks (lifecycle { destroy = false }) for the old form first%s",
		dir, len(conflicts), strings.Join(shown, "\n  "), more, membershipsLeftOut(conflicts))
}

// membershipsLeftOut is the refusal's last advice when a membership is in
// the other form: a state that holds groups' memberships in both forms
// refuses either --membership, and an export without them goes ahead.
func membershipsLeftOut(conflicts []string) string {
	if !slices.ContainsFunc(conflicts, func(c string) bool { return strings.Contains(c, "the membership of skill group ") }) {
		return ""
	}
	var others []string
	for _, k := range AllKinds {
		if k != KindSkillGroupMembers {
			others = append(others, string(k))
		}
	}
	return ", or leave memberships out of this export (--kinds " + strings.Join(others, ",") + ")"
}

// backendRE finds a backend or cloud block in a .tf file, backendJSONRE
// one in a .tf.json file: the state is then kept elsewhere, where the
// export cannot read it.
var (
	// defaultPathRE is the local backend's own default path, written out.
	defaultPathRE = regexp.MustCompile(`(?m)^\s*path\s*=\s*"(\./)?terraform\.tfstate"\s*$`)
	backendRE     = regexp.MustCompile(`(?m)^\s*(backend\s+"([^"]+)"|cloud\s*\{)`)
	backendJSONRE = regexp.MustCompile(`"(backend|cloud)"\s*:`)
)

// remoteBackend names the backend the folder dir keeps its state in
// ("backend \"s3\" in versions.tf"), or "" when no .tf or .tf.json file
// (nor OpenTofu's .tofu or .tofu.json) of the folder declares one and
// terraform init recorded none (.terraform/terraform.tfstate).
func remoteBackend(dir string) string {
	entries, _ := os.ReadDir(dir) // listed, not globbed: the folder's name may hold [
	for _, e := range entries {
		name := e.Name()
		if !configFile(e) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, name)) //nolint:gosec // G304: the folder the user named
		if err != nil {
			continue
		}
		if strings.HasSuffix(name, ".json") {
			if m := backendJSONRE.FindSubmatch(b); m != nil {
				return string(m[1]) + " in " + name
			}
			continue
		}
		if m := backendRE.FindSubmatchIndex(b); m != nil {
			kind := "cloud"
			if m[4] >= 0 {
				kind = string(b[m[4]:m[5]])
				// The local backend without a path keeps terraform.tfstate
				// here, which the export reads.
				block, _, _ := bytes.Cut(b[m[1]:], []byte("}"))
				if kind == "local" && !bytes.Contains(block, []byte("workspace_dir")) && (!bytes.Contains(block, []byte("path")) || defaultPathRE.Match(block)) {
					continue
				}
				kind = "backend \"" + kind + "\""
			}
			return kind + " in " + name
		}
	}
	var initd struct {
		Backend *struct {
			Type   string         `json:"type"`
			Config map[string]any `json:"config"`
		} `json:"backend"`
	}
	if b, err := os.ReadFile(filepath.Join(dir, ".terraform", "terraform.tfstate")); err == nil && json.Unmarshal(b, &initd) == nil && initd.Backend != nil &&
		(initd.Backend.Type != "local" || initd.Backend.Config["path"] != nil || initd.Backend.Config["workspace_dir"] != nil) {
		return "backend \"" + initd.Backend.Type + "\", recorded by terraform init in .terraform/"
	}
	return ""
}

// TerraformRoster reads what a roster's rows touch that the Terraform
// state at path manages: its agents, by user_num, and its memberships, by
// "que_id" for a contactcenter_skill_group_members (the group's whole
// membership) and "que_id:agent_id" for a contactcenter_skill_group_member
// (their ids), each to its resource address. ccsync agents plan and apply
// leave them to Terraform (--terraform-state). path is a state file
// (terraform.tfstate, or the output of terraform state pull), refused as
// readStateFile refuses it: an empty or other document would leave every
// agent to the roster.
func TerraformRoster(path string) (agents, memberships map[string]string, err error) {
	in, err := readStateFile("--terraform-state", path)
	if err != nil {
		return nil, nil, err
	}
	agents, memberships = map[string]string{}, map[string]string{}
	for _, si := range in {
		switch {
		case si.typ == typeAgent && si.userNum != "":
			agents[si.userNum] = si.addr
		case (si.typ == typeSkillGroupMembers || si.typ == typeSkillGroupMember) && si.id != "":
			memberships[si.id] = si.addr
		}
	}
	return agents, memberships, nil
}
