package exporter

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	hcljson "github.com/hashicorp/hcl/v2/json"
	"github.com/zclconf/go-cty/cty"
)

// declared is one object of this provider that a .tf file of the user's
// in the folder declares: a resource block, an import block's to, or a
// module call whose state holds it.
type declared struct {
	typ, name string
	// addr is the address the user's configuration gives it
	// (contactcenter_skill_group.sales, contactcenter_webhook.all["crm"],
	// module.hooks.contactcenter_webhook.this["crm"]).
	addr string
	// at is where it is declared: main.tf:8.
	at string
	// id is the object's id where the user's configuration or the state
	// says it ("" when neither does).
	id string
	// plain is a resource block of the root module without count or
	// for_each: the export's references may name it.
	plain bool
	// removed is the from of a removed block of the user's: no resource
	// is there for a reference to name.
	removed bool
}

// theirs are the objects the user's own .tf files in the folder declare:
// an export with --force writes no resource or import block for them
// (Terraform refused the folder: "Duplicate resource", "Duplicate import
// configuration"; or, declared at another address, two resources managed
// one object).
type theirs struct {
	// addrs are the resource blocks and import targets by address
	// (type.name), root module only.
	addrs map[string]*declared
	// byID are the objects whose id is known (an import block's id or
	// identity, or the state entry of the user's address), by type and
	// id (type + "\x00" + id).
	byID map[string]*declared
	// requiredProviders is where the user's files hold a
	// required_providers block ("main.tf:2"), provider where they hold
	// the default provider "contactcenter" block; "" where they do not,
	// or where the folder has a versions.tf (kept, not written). A
	// module has one of each: the versions.tf the export writes then
	// leaves its own out (Terraform refused the folder: "Duplicate
	// required providers configuration", "Duplicate provider
	// configuration"). namesCC says the user's required_providers names
	// contactcenter.
	requiredProviders, provider string
	namesCC                     bool
	// unknownIDs are the user's import blocks into a root resource of
	// this provider whose id the export cannot tell (id = var.sales_id,
	// for_each) and whose address no state holds yet: the object they
	// import may be written again at the export's own address.
	unknownIDs []unknownImport
}

// unknownImport is an import block of the user's whose id is an
// expression the export does not evaluate.
type unknownImport struct{ typ, name, at string }

// mine returns the user's declaration of the object of type typ and id id
// named name by the export, or nil: by id where the user's configuration
// or the state tells it, else by address when the user's address has no
// known id.
func (t *theirs) mine(typ, id, name string) *declared {
	if t == nil {
		return nil
	}
	if d := t.byID[typ+"\x00"+id]; d != nil {
		return d
	}
	if d := t.addrs[typ+"."+name]; d != nil && d.id == "" {
		return d
	}
	return nil
}

// keyed records that the user's import block of typ naming its object by
// key (user_num:8001, sign_text:Acme) names the object of the platform id
// id, so that mine finds it by id; key equal to id does nothing.
func (t *theirs) keyed(typ, key, id string) {
	if t == nil || key == id {
		return
	}
	d := t.byID[typ+"\x00"+key]
	if d == nil {
		return
	}
	e := *d
	e.id = id
	t.byID[typ+"\x00"+id] = &e
	if ad := t.addrs[typ+"."+d.name]; ad != nil && ad.id == key {
		ad.id = id
	}
}

// removedAt returns the user's removed block whose from is typ.name, or
// nil.
func (t *theirs) removedAt(typ, name string) *declared {
	if t == nil {
		return nil
	}
	if d := t.addrs[typ+"."+name]; d != nil && d.removed {
		return d
	}
	return nil
}

// readTheirs reads the .tf and .tf.json files of dir that the export does
// not write (every one but imports.tf and the files of the kinds
// exported; a versions.tf is kept, so it is read) for the objects of this
// provider they declare, with the ids states give the addresses they
// declare. It reads OpenTofu's .tofu and .tofu.json files as well, and a
// .tf beside a .tofu of its name (which OpenTofu leaves for the .tofu,
// Terraform reading only the .tf): an object is left out when either tool
// would find it declared, since an object left out is only not adopted,
// while one written twice made the folder fail to plan ("Duplicate
// resource") or two resources manage one object. Override files
// (override.tf, *_override.tf, and their .tofu forms) declare nothing of
// their own and are not read. A file that does not parse is refused,
// naming the file and line: the export cannot tell what it declares.
func readTheirs(dir string, kinds []Kind, states []localState) (*theirs, error) {
	t := &theirs{addrs: map[string]*declared{}, byID: map[string]*declared{}}
	entries, err := os.ReadDir(dir) // listed, not globbed: the folder's name may hold [
	if err != nil {
		return t, nil //nolint:nilerr // a new folder: nothing of the user's
	}
	replaced := ownedFiles(kinds)
	versionsKept := slices.ContainsFunc(entries, func(e os.DirEntry) bool { return e.Name() == "versions.tf" && !e.IsDir() })
	modules := map[string]string{} // module call name → where
	moved := map[string]string{}   // from → to, root resource addresses
	for _, e := range entries {
		name := e.Name()
		isJSON := strings.HasSuffix(name, ".json")
		if !configFile(e) {
			continue
		}
		base := configBase(name)
		if base == "override" || strings.HasSuffix(base, "_override") || name != "versions.tf" && slices.Contains(replaced, name) {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, name)) //nolint:gosec // G304: a file of the folder the user named
		if err != nil {
			return nil, inputErrorf("%s cannot be read (%v): the export reads your own .tf and .tofu files in %s to leave out the objects they declare. Nothing was read or written", name, err, dir)
		}
		var f *hcl.File
		var diags hcl.Diagnostics
		path := filepath.Join(dir, name)
		if isJSON {
			f, diags = hcljson.Parse(src, path)
		} else {
			f, diags = hclsyntax.ParseConfig(src, path, hcl.InitialPos)
		}
		if diags.HasErrors() {
			return nil, inputErrorf("%s. The export reads your own .tf and .tofu files in %s to leave out the objects they declare "+
				"(it would write them again, and Terraform would refuse the folder), and %s does not parse: fix it, or move it out of the folder. Nothing was read or written",
				strings.TrimSuffix(diags.Errs()[0].Error(), "."), dir, name)
		}
		content, _, _ := f.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{
			{Type: "resource", LabelNames: []string{"type", "name"}}, {Type: "import"}, {Type: "module", LabelNames: []string{"name"}},
			{Type: "terraform"}, {Type: "provider", LabelNames: []string{"name"}}, {Type: "moved"}, {Type: "removed"},
		}})
		for _, b := range content.Blocks {
			at := fmt.Sprintf("%s:%d", name, b.DefRange.Start.Line)
			switch b.Type {
			case "module":
				modules[b.Labels[0]] = at
			case "resource":
				if kindOfType[b.Labels[0]] == "" {
					continue
				}
				meta, _, _ := b.Body.PartialContent(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "count"}, {Name: "for_each"}}})
				d := &declared{typ: b.Labels[0], name: b.Labels[1], addr: b.Labels[0] + "." + b.Labels[1], at: at, plain: len(meta.Attributes) == 0}
				if old := t.addrs[d.addr]; old != nil {
					d.id = old.id // an import block read first
				}
				t.addrs[d.addr] = d
			case "import":
				t.readImport(b, at)
			case "moved":
				// A resource of the user's moved from another address: the
				// state holds the object at the old one until the apply.
				ft, _, _ := b.Body.PartialContent(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "from"}, {Name: "to"}}})
				if from, to := rootAddr(ft.Attributes["from"]), rootAddr(ft.Attributes["to"]); from != "" && to != "" {
					moved[from] = to
				}
			case "removed":
				// The user told Terraform to forget the resource: written
				// again at that address, the plan failed ("Removed resource
				// still exists"). It is left out, as the user's.
				fr, _, _ := b.Body.PartialContent(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "from"}}})
				if from := rootAddr(fr.Attributes["from"]); from != "" && t.addrs[from] == nil {
					typ, rname, _ := strings.Cut(from, ".")
					t.addrs[from] = &declared{typ: typ, name: rname, addr: from, at: at + " (a removed block)", removed: true}
				}
			case "terraform":
				rp, _, _ := b.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "required_providers"}}})
				if len(rp.Blocks) > 0 && !versionsKept && t.requiredProviders == "" {
					t.requiredProviders = fmt.Sprintf("%s:%d", name, rp.Blocks[0].DefRange.Start.Line)
					attrs, _ := rp.Blocks[0].Body.JustAttributes()
					_, t.namesCC = attrs["contactcenter"]
				}
			case "provider":
				alias, _, _ := b.Body.PartialContent(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "alias"}}})
				if b.Labels[0] == "contactcenter" && alias.Attributes["alias"] == nil && !versionsKept && t.provider == "" {
					t.provider = at
				}
			}
		}
	}
	// The ids the states give the addresses the user declares.
	held := map[string]bool{}
	for _, st := range states {
		for _, in := range st.instances {
			if !in.module {
				held[in.typ+"."+in.name] = true
			}
		}
	}
	t.unknownIDs = slices.DeleteFunc(t.unknownIDs, func(u unknownImport) bool { return held[u.typ+"."+u.name] })
	for _, st := range states {
		for _, in := range st.instances {
			if in.module {
				call, _, _ := strings.Cut(strings.TrimPrefix(in.addr, "module."), ".")
				call, _, _ = strings.Cut(call, "[")
				if where, ok := modules[call]; ok {
					t.byID[in.typ+"\x00"+in.id] = &declared{typ: in.typ, name: in.name, addr: in.addr, at: where + " (module " + call + ")", id: in.id}
				}
				continue
			}
			d, addr := t.addrs[in.typ+"."+in.name], in.addr
			if to, ok := moved[in.typ+"."+in.name]; ok && d == nil && !in.indexed {
				d, addr = t.addrs[to], to
			}
			if d != nil {
				if d.id == "" {
					d.id = in.id
				}
				e := *d
				e.addr, e.id = addr, in.id
				t.byID[in.typ+"\x00"+in.id] = &e
			}
		}
	}
	return t, nil
}

// configFile tells whether Terraform or OpenTofu reads e, an entry of a
// folder, as a file of its configuration: a .tf or .tf.json file, or
// OpenTofu's .tofu or .tofu.json, that ignoredFile does not skip.
// readTheirs and remoteBackend read the same files.
func configFile(e os.DirEntry) bool {
	return !e.IsDir() && configBase(e.Name()) != e.Name() && !ignoredFile(e.Name())
}

// configBase is name without its extension .tf, .tf.json, .tofu or
// .tofu.json (main.tofu → main), or name itself when it has none of them.
func configBase(name string) string {
	for _, ext := range []string{".tf", ".tf.json", ".tofu", ".tofu.json"} {
		if b, ok := strings.CutSuffix(name, ext); ok {
			return b
		}
	}
	return name
}

// ignoredFile says Terraform does not read a file of this name: a hidden
// one (an editor's lock, .#main.tf, a symbolic link to nowhere while
// Emacs edits main.tf) or a backup (main.tf~, #main.tf#), as Terraform's
// configuration loader skips them. Reading them refused the export, or
// left out the objects a hidden copy declares.
func ignoredFile(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasSuffix(name, "~") || strings.HasPrefix(name, "#") && strings.HasSuffix(name, "#")
}

// rootAddr is the resource address (type.name) an attribute names, when
// it names a resource of this provider in the root module without an
// index, else "".
func rootAddr(a *hcl.Attribute) string {
	if a == nil {
		return ""
	}
	tr, diags := hcl.AbsTraversalForExpr(a.Expr)
	if diags.HasErrors() || len(tr) != 2 || kindOfType[tr.RootName()] == "" {
		return ""
	}
	name, ok := tr[1].(hcl.TraverseAttr)
	if !ok {
		return ""
	}
	return tr.RootName() + "." + name.Name
}

// readImport records an import block of the user's: its to, and the
// object's id where the block gives it as a constant (id, or identity). An
// import block with for_each, or whose to or id is computed, names no
// object the export can tell.
func (t *theirs) readImport(b *hcl.Block, at string) {
	attrs, _, _ := b.Body.PartialContent(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "to"}, {Name: "id"}, {Name: "identity"}, {Name: "for_each"}}})
	to := attrs.Attributes["to"]
	if to == nil {
		return
	}
	if attrs.Attributes["for_each"] != nil {
		// to = contactcenter_skill_group.g[each.key]: the resource it
		// names is the first of its references.
		for _, tr := range to.Expr.Variables() {
			if attr, ok := tr[len(tr)-1].(hcl.TraverseAttr); ok && len(tr) == 2 && kindOfType[tr.RootName()] != "" {
				t.unknownIDs = append(t.unknownIDs, unknownImport{tr.RootName(), attr.Name, at})
				break
			}
		}
		return
	}
	tr, diags := hcl.AbsTraversalForExpr(to.Expr)
	if diags.HasErrors() || len(tr) < 2 {
		return
	}
	typ := tr.RootName()
	attr, ok := tr[1].(hcl.TraverseAttr)
	if ok && typ == "module" {
		t.readModuleImport(tr, attrs.Attributes, at)
		return
	}
	if !ok || kindOfType[typ] == "" {
		return
	}
	addr := typ + "." + attr.Name
	indexed := len(tr) > 2
	if indexed {
		ix, _ := tr[2].(hcl.TraverseIndex)
		addr += indexText(ix)
	}
	id := importID(typ, attrs.Attributes)
	if id == "" {
		t.unknownIDs = append(t.unknownIDs, unknownImport{typ, attr.Name, at})
	}
	d := t.addrs[typ+"."+attr.Name]
	if d == nil {
		// An import block without a resource block of the user's (for
		// -generate-config-out): it names the address all the same.
		d = &declared{typ: typ, name: attr.Name, addr: typ + "." + attr.Name, at: at, plain: !indexed}
		t.addrs[d.addr] = d
	}
	if !indexed && d.id == "" {
		d.id = id
	}
	if id != "" {
		e := *d
		e.addr, e.id = addr, id // at: the resource block's, where there is one
		e.plain = d.plain && !indexed
		t.byID[typ+"\x00"+id] = &e
	}
}

// indexText is an instance key as Terraform writes it in an address:
// ["crm"] under for_each, [0] under count (it showed as […], which names
// no instance), else […].
func indexText(ix hcl.TraverseIndex) string {
	switch k := ix.Key; {
	case k.IsNull() || !k.IsKnown():
	case k.Type() == cty.String:
		return fmt.Sprintf("[%q]", k.AsString())
	case k.Type() == cty.Number:
		return "[" + k.AsBigFloat().Text('f', -1) + "]"
	}
	return "[…]"
}

// readModuleImport records an import block of the user's into a module
// (to = module.NAME[KEY].TYPE.NAME[KEY]) whose id is a constant: the
// object is the module's.
func (t *theirs) readModuleImport(tr hcl.Traversal, attrs hcl.Attributes, at string) {
	var b strings.Builder
	var steps []string // the attribute names: module, NAME, [module, NAME, …] TYPE, NAME
	for _, step := range tr {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			steps = append(steps, s.Name)
			b.WriteString(s.Name)
		case hcl.TraverseAttr:
			steps = append(steps, s.Name)
			b.WriteString("." + s.Name)
		case hcl.TraverseIndex:
			b.WriteString(indexText(s))
		default:
			return
		}
	}
	if len(steps) < 4 {
		return
	}
	typ, name := steps[len(steps)-2], steps[len(steps)-1]
	if kindOfType[typ] == "" {
		return
	}
	if id := importID(typ, attrs); id != "" {
		t.byID[typ+"\x00"+id] = &declared{typ: typ, name: name, addr: b.String(), at: at, id: id}
	}
}

// importID is the id an import block gives as a constant, in the form the
// export's own import ids take (a voice file's without its ",<path>", a
// member's <que_id>:<agent_id>), or "".
func importID(typ string, attrs hcl.Attributes) string {
	constant := func(e hcl.Expression) (cty.Value, bool) {
		v, diags := e.Value(nil)
		return v, !diags.HasErrors() && v.IsWhollyKnown() && !v.IsNull()
	}
	text := func(v cty.Value) string {
		switch {
		case v.IsNull() || !v.IsKnown():
			// An attribute of an identity that is null (que_id = true ?
			// null : 1): AsString and AsBigFloat panicked, and the export
			// ended in a Go panic.
			return ""
		case v.Type() == cty.String:
			return v.AsString()
		case v.Type() == cty.Number:
			return v.AsBigFloat().Text('f', -1)
		}
		return ""
	}
	if a := attrs["id"]; a != nil {
		v, ok := constant(a.Expr)
		if !ok {
			return ""
		}
		id := strings.TrimSpace(text(v))
		if typ == typeSound {
			id, _, _ = strings.Cut(id, ",")
		}
		return id
	}
	if a := attrs["identity"]; a != nil {
		v, ok := constant(a.Expr)
		if !ok || !v.Type().IsObjectType() {
			return ""
		}
		get := func(k string) string {
			if !v.Type().HasAttribute(k) {
				return ""
			}
			return text(v.GetAttr(k))
		}
		switch typ {
		case typeSkillGroupMember:
			if q, ag := get("que_id"), get("agent_id"); q != "" && ag != "" {
				return q + ":" + ag
			}
			return ""
		case typeSkillGroupMembers:
			return get("que_id")
		}
		return get("id")
	}
	return ""
}
