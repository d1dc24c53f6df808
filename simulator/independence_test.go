package simulator

import (
	"bufio"
	"bytes"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const clientPath = "github.com/contactcenter/terraform-provider-contactcenter/client"

// clientAllowed is every identifier of package client that the simulator's
// non-test code may name (DESIGN §4, issue 15 item 5): wire types, used in
// composite literals, conversions and declarations, and wire constants.
// Never a function: the simulator keeps its own copy of every rule it
// enforces (gateway_rules.go, checkCallStartRange, defaultAgentObjects …),
// so a bug in the client's copy cannot pass both.
var clientAllowed = map[string]ast.ObjKind{
	// Wire types.
	"AgentConfig":           ast.Typ,
	"AgentObjects":          ast.Typ,
	"AssignedUser":          ast.Typ,
	"EvaluateConfig":        ast.Typ,
	"FilterRules":           ast.Typ,
	"FlexBool":              ast.Typ,
	"FlexFloat":             ast.Typ,
	"FlexInt":               ast.Typ,
	"FlexIntList":           ast.Typ,
	"FlexString":            ast.Typ,
	"GatewayPage":           ast.Typ,
	"NoticeConfig":          ast.Typ,
	"OutboundCallers":       ast.Typ,
	"Task":                  ast.Typ,
	"TaskConfig":            ast.Typ,
	"UserCaller":            ast.Typ,
	"UserDisplay":           ast.Typ,
	"WaitTimeConfig":        ast.Typ,
	"WincallButtons":        ast.Typ,
	"WincallInteractIvrs":   ast.Typ,
	"WincallTransferIvrs":   ast.Typ,
	"WincallTransferQueues": ast.Typ,
	// Wire constants (codes of the wire, not limits: the simulator keeps
	// its own limits).
	"ConfigTypeCustom":    ast.Con,
	"ConfigTypeDefault":   ast.Con,
	"TaskStatusOpen":      ast.Con,
	"TaskTypePredictive":  ast.Con,
	"TaskTypeRobot":       ast.Con,
	"WebhookEventHangup":  ast.Con,
	"WebhookEventPreCall": ast.Con,
}

// simulatorSources parses the package's non-test files.
func simulatorSources(t *testing.T, fset *token.FileSet) []*ast.File {
	t.Helper()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		t.Fatal("no non-test Go files found")
	}
	return files
}

// clientDecls returns the kind of every top-level declaration of package
// client (non-test files), so the allow list cannot call a function a type.
func clientDecls(t *testing.T) map[string]ast.ObjKind {
	t.Helper()
	fset := token.NewFileSet()
	names, err := filepath.Glob(filepath.Join("..", "client", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]ast.ObjKind{}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					out[d.Name.Name] = ast.Fun
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						out[s.Name.Name] = ast.Typ
					case *ast.ValueSpec:
						kind := ast.Var
						if d.Tok == token.CONST {
							kind = ast.Con
						}
						for _, n := range s.Names {
							out[n.Name] = kind
						}
					}
				}
			}
		}
	}
	return out
}

// TestSimulatorIsIndependentOfClientRules fails when a non-test file of the
// simulator names anything of package client beyond clientAllowed, or calls
// a client function (a call of an allowed type is a conversion).
func TestSimulatorIsIndependentOfClientRules(t *testing.T) {
	t.Parallel()
	decls := clientDecls(t)
	for name, kind := range clientAllowed {
		if decls[name] != kind {
			t.Errorf("clientAllowed lists %s as %v, but package client declares it as %v", name, kind, decls[name])
		}
	}

	fset := token.NewFileSet()
	used := map[string]bool{}
	for _, f := range simulatorSources(t, fset) {
		local := ""
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == clientPath {
				local = "client"
				if imp.Name != nil {
					local = imp.Name.Name
				}
				if local == "." || local == "_" {
					t.Errorf("%s: imports client as %q; name it so its uses can be checked", fset.Position(imp.Pos()), local)
				}
			}
		}
		if local == "" {
			continue
		}
		clientSel := func(e ast.Expr) (*ast.SelectorExpr, bool) {
			for {
				switch x := e.(type) {
				case *ast.ParenExpr:
					e = x.X
					continue
				case *ast.IndexExpr:
					e = x.X
					continue
				case *ast.IndexListExpr:
					e = x.X
					continue
				}
				break
			}
			sel, ok := e.(*ast.SelectorExpr)
			if !ok {
				return nil, false
			}
			id, ok := sel.X.(*ast.Ident)
			return sel, ok && id.Name == local
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if _, ok := clientSel(n); ok {
					used[n.Sel.Name] = true
					if _, ok := clientAllowed[n.Sel.Name]; !ok {
						t.Errorf("%s: uses %s.%s (a client %v), which is not in clientAllowed; the simulator may name client wire types and constants only",
							fset.Position(n.Pos()), local, n.Sel.Name, decls[n.Sel.Name])
					}
				}
			case *ast.CallExpr:
				if sel, ok := clientSel(n.Fun); ok && clientAllowed[sel.Sel.Name] != ast.Typ {
					t.Errorf("%s: calls %s.%s(…); the simulator keeps its own copy of every rule it enforces", fset.Position(n.Pos()), local, sel.Sel.Name)
				}
			}
			return true
		})
	}
	var stale []string
	for name := range clientAllowed {
		if !used[name] {
			stale = append(stale, name)
		}
	}
	sort.Strings(stale)
	if len(stale) > 0 {
		t.Errorf("clientAllowed lists identifiers no longer used; remove them: %v", stale)
	}
}

// TestSimulatorCallsNoClientMethod type-checks the non-test files and fails
// on any use of a function or method declared in package client, including
// methods of its wire types (flex.Int64(), template.Identifier()), which the
// syntax alone cannot see. Decoding a wire type through encoding/json is
// allowed: that is what a wire type is for.
func TestSimulatorCallsNoClientMethod(t *testing.T) {
	t.Parallel()
	exports := exportData(t)
	fset := token.NewFileSet()
	files := simulatorSources(t, fset)
	lookup := func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok {
			return nil, os.ErrNotExist
		}
		return os.Open(file)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "gc", lookup)}
	// Uses holds the selected name of every selector too, so methods
	// (x.Int64()) are seen as well as package-level names.
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	if _, err := conf.Check("simulator", fset, files, info); err != nil {
		t.Fatalf("type-checking the simulator: %v", err)
	}
	fromClient := func(o types.Object) bool { return o.Pkg() != nil && o.Pkg().Path() == clientPath }
	for id, o := range info.Uses {
		if f, ok := o.(*types.Func); ok && fromClient(f) {
			t.Errorf("%s: uses client function or method %s", fset.Position(id.Pos()), f.FullName())
		}
		if v, ok := o.(*types.Var); ok && fromClient(v) && !v.IsField() {
			t.Errorf("%s: uses client variable %s", fset.Position(id.Pos()), v.Name())
		}
	}
}

// exportData maps import paths of the simulator's dependencies to their
// compiled export data, from the go command's build cache.
func exportData(t *testing.T) map[string]string {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), "go", "list", "-deps", "-export", "-f", "{{.ImportPath}}={{.Export}}", ".")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -export: %v\n%s", err, stderr.String())
	}
	m := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if path, file, ok := strings.Cut(sc.Text(), "="); ok && file != "" {
			m[path] = file
		}
	}
	return m
}
