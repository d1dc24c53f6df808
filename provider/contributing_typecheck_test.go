package provider_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// listedPackage is what snippetTypeErrors reads of `go list -json`.
type listedPackage struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	Imports    []string
	ImportMap  map[string]string
	Export     string
	Module     *struct{ GoVersion string }
}

// snippetTypeErrors type-checks from source, going on past errors as an
// editor does, every package of the overlay ovl (the files of replace)
// and every package between them and pkgs, and returns the errors of each
// (at most perPackage each; a snippet's positions name CONTRIBUTING.md's
// lines). `go build` stops at a package that fails: the packages that
// import it (resources/ and simulator/ import client/) are not compiled,
// so an error in the guide's client code hid one in its resource code
// until it was fixed. The other packages come from their export data
// (`go list -export` of them alone: the overlay changes none of them, so
// any build of the module has already put it in the cache).
func snippetTypeErrors(ctx context.Context, goBin, root, ovl string, pkgs []string, replace map[string]string) (map[string][]string, error) {
	const perPackage = 10
	goList := func(args ...string) ([]*listedPackage, error) {
		args = append([]string{"list", "-e", "-overlay=" + ovl}, args...)
		cmd := exec.CommandContext(ctx, goBin, args...)
		cmd.Dir = root
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("go %s: %w\n%s", strings.Join(args, " "), err, stderr.Bytes())
		}
		var listed []*listedPackage
		for dec := json.NewDecoder(bytes.NewReader(out)); ; {
			p := new(listedPackage)
			if err := dec.Decode(p); errors.Is(err, io.EOF) {
				return listed, nil
			} else if err != nil {
				return nil, err
			}
			listed = append(listed, p)
		}
	}
	// dependencies first, as go list -deps lists them
	order, err := goList(append([]string{"-deps", "-json=ImportPath,Dir,GoFiles,Imports,ImportMap,Module"}, pkgs...)...)
	if err != nil {
		return nil, err
	}
	byPath := map[string]*listedPackage{}
	for _, p := range order {
		byPath[p.ImportPath] = p
	}
	overlaid := map[string]bool{} // directories holding a file of the overlay
	for file := range replace {
		overlaid[filepath.Dir(file)] = true
	}
	// fromSource: a package of the overlay, or one that imports one.
	fromSource := map[string]bool{}
	for _, p := range order {
		fromSource[p.ImportPath] = overlaid[p.Dir]
		for _, imp := range p.Imports {
			fromSource[p.ImportPath] = fromSource[p.ImportPath] || fromSource[imp]
		}
	}
	var compiled []string // the packages read from their export data
	for _, p := range order {
		if !fromSource[p.ImportPath] {
			compiled = append(compiled, p.ImportPath)
		}
	}
	if len(compiled) > 0 {
		exports, err := goList(append([]string{"-export", "-json=ImportPath,Export"}, compiled...)...)
		if err != nil {
			return nil, err
		}
		for _, e := range exports {
			if p := byPath[e.ImportPath]; p != nil {
				p.Export = e.Export
			}
		}
	}

	fset := token.NewFileSet()
	exported := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		if p := byPath[path]; p != nil && p.Export != "" {
			return os.Open(p.Export)
		}
		return nil, fmt.Errorf("no export data for %s", path)
	})
	checked := map[string]*types.Package{}
	found := map[string][]string{}
	for _, p := range order {
		if !fromSource[p.ImportPath] {
			continue
		}
		var files []*ast.File
		for _, name := range p.GoFiles {
			path := filepath.Join(p.Dir, name)
			src := path
			if r, ok := replace[path]; ok {
				src = r
			}
			b, err := os.ReadFile(src)
			if err != nil {
				return nil, err
			}
			f, err := parser.ParseFile(fset, path, b, parser.SkipObjectResolution)
			if err != nil {
				found[p.ImportPath] = append(found[p.ImportPath], err.Error())
				continue
			}
			files = append(files, f)
		}
		conf := types.Config{
			// As the compiler checks it: the language version of the
			// module's go line, the sizes of the target.
			Sizes: types.SizesFor("gc", runtime.GOARCH),
			Importer: importerFunc(func(path string) (*types.Package, error) {
				if m, ok := p.ImportMap[path]; ok {
					path = m
				}
				if pkg, ok := checked[path]; ok {
					return pkg, nil
				}
				return exported.Import(path)
			}),
			Error: func(err error) {
				if len(found[p.ImportPath]) < perPackage {
					// Relative to root, as go build names files.
					found[p.ImportPath] = append(found[p.ImportPath], strings.ReplaceAll(err.Error(), root+string(filepath.Separator), "./"))
				}
			},
		}
		if p.Module != nil && p.Module.GoVersion != "" {
			conf.GoVersion = "go" + p.Module.GoVersion
		}
		checked[p.ImportPath], _ = conf.Check(p.ImportPath, fset, files, nil) // errors: conf.Error
	}
	return found, nil
}

// writeOverlay writes the overlay file of `go list -overlay` (and go build)
// into dir: each file in the repository replaced by its copy in replace.
func writeOverlay(t *testing.T, dir string, replace map[string]string) string {
	t.Helper()
	overlay, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		t.Fatal(err)
	}
	ovl := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(ovl, overlay, 0o600); err != nil {
		t.Fatal(err)
	}
	return ovl
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// TestSnippetTypeErrors_pastAFailedPackage: an error in an overlaid
// client/ file and one in an overlaid resources/ file (which imports
// client/) are both found, where `go build` names only client/'s.
func TestSnippetTypeErrors_pastAFailedPackage(t *testing.T) {
	t.Parallel()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("go is not on PATH: %v", err)
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	replace := map[string]string{}
	for file, src := range map[string]string{
		"client/zz_broken.go":    "package client\n\nvar brokenClient int = \"not an int\"\n",
		"resources/zz_broken.go": "package resources\n\nimport \"github.com/contactcenter/terraform-provider-contactcenter/client\"\n\nvar _ string = client.NoSuchName\n",
	} {
		out := filepath.Join(tmp, strings.ReplaceAll(file, "/", "_"))
		if err := os.WriteFile(out, []byte(src), 0o600); err != nil {
			t.Fatal(err)
		}
		replace[filepath.Join(root, file)] = out
	}
	ovl := writeOverlay(t, tmp, replace)
	found, err := snippetTypeErrors(t.Context(), goBin, root, ovl, []string{"./resources"}, replace)
	if err != nil {
		t.Fatal(err)
	}
	const mod = "github.com/contactcenter/terraform-provider-contactcenter/"
	for pkg, want := range map[string]string{"client": "./client/zz_broken.go:3:", "resources": "undefined: client.NoSuchName"} {
		if !strings.Contains(strings.Join(found[mod+pkg], "\n"), want) {
			t.Errorf("%s: errors %q, want one with %q", pkg, found[mod+pkg], want)
		}
	}
	if len(found) != 2 {
		t.Errorf("errors in %d packages, want 2 (client, resources): %q", len(found), found)
	}
}
