package provider_test

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestContributingSnippetsCompile compiles the walk-through of
// CONTRIBUTING.md ("Adding an endpoint, file by file") against the code as
// it is: every ```go snippet goes into the file its section's heading
// names ("### 3. `resources/calendar.go`"), the lines the guide says to add
// to the existing lists go into them, and the packages so changed are
// type-checked from source as `go build -overlay` would compile them
// (snippetTypeErrors), without a file written into the repository. An API
// renamed in client/, simulator/ or internal/framework used to leave the
// guide wrong until a newcomer followed it; now the error names the
// snippet's line in CONTRIBUTING.md (a //line directive maps each snippet
// to the guide).
//
// The test supplies nothing but the package clause and the imports (from
// importPaths, by the package names a snippet uses): what the snippets
// call must be in the guide or in the code.
//
// Every failing snippet's package is reported: the check goes on past a
// package that fails (resources/, datasources/ and simulator/ import
// client/), where `go build` stopped at it and an error in the guide's
// client code hid one in its resource code until it was fixed.
func TestContributingSnippetsCompile(t *testing.T) {
	t.Parallel()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the test type-checks the guide's code with the go command's package list (go list), and go is not on PATH: %v", err)
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	guide := filepath.Join(root, "CONTRIBUTING.md")
	text, err := os.ReadFile(guide)
	if err != nil {
		t.Fatal(err)
	}
	snippets, err := guideSnippets(text)
	if err != nil {
		t.Fatalf("CONTRIBUTING.md: %v", err)
	}
	files := map[string][]guideSnippet{} // by the file the heading names
	for _, s := range snippets {
		files[s.file] = append(files[s.file], s)
		// A reader copies the code: it is laid out as gofmt lays it out.
		src := "package x\n\n" + s.code
		if f, err := format.Source([]byte(src)); err == nil && string(f) != src {
			t.Errorf("CONTRIBUTING.md:%d: the Go snippet is not gofmt-formatted; gofmt would write:\n%s", s.line, strings.TrimPrefix(string(f), "package x\n\n"))
		}
	}
	for _, want := range []string{"client/calendars.go", "simulator/calendars.go", "resources/calendar.go", "datasources/calendars.go"} {
		if len(files[want]) == 0 {
			t.Errorf("CONTRIBUTING.md has no ```go snippet under a heading naming %s: the walk-through's code is what this test compiles", want)
		}
	}

	tmp := t.TempDir()
	replace := map[string]string{} // overlay: path in the repository -> file in tmp
	pkgs := map[string]bool{}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		dir := filepath.Dir(filepath.Join(root, name))
		src, err := snippetFile(dir, guide, files[name])
		if err != nil {
			t.Fatalf("%s (from CONTRIBUTING.md): %v", name, err)
		}
		if _, err := os.Stat(filepath.Join(root, name)); err == nil {
			t.Fatalf("CONTRIBUTING.md's snippets are for %s, which exists: the walk-through must add files of its own", name)
		}
		out := filepath.Join(tmp, strings.ReplaceAll(name, "/", "_"))
		if err := os.WriteFile(out, src, 0o600); err != nil {
			t.Fatal(err)
		}
		replace[filepath.Join(root, name)] = out
		pkgs["./"+filepath.ToSlash(filepath.Dir(name))] = true
	}

	// The lines the walk-through adds to the lists of existing files, as
	// the guide spells them, each after the last line of the list (the
	// last match of anchor): the client's service fields and New's lines.
	for _, e := range []struct {
		file, line string
		anchor     *regexp.Regexp
	}{
		{"client/client.go", "Calendars *CalendarsService", regexp.MustCompile(`(?m)^\t[A-Z]\w* +\*[A-Z]\w*Service\n`)},
		{"client/client.go", "c.Calendars = newCalendarsService(c)", regexp.MustCompile(`(?m)^\tc\.[A-Z]\w* = (new\w*Service\(c\)|&\w*Service\{c: c\})\n`)},
	} {
		if !bytes.Contains(text, []byte("`"+e.line+"`")) {
			t.Errorf("CONTRIBUTING.md no longer tells the reader to add `%s` to %s: update this test with the guide", e.line, e.file)
			continue
		}
		path := filepath.Join(root, e.file)
		cur, ok := replace[path]
		if !ok {
			cur = path
		}
		b, err := os.ReadFile(cur)
		if err != nil {
			t.Fatal(err)
		}
		all := e.anchor.FindAllIndex(b, -1)
		if all == nil {
			t.Errorf("%s has no line matching %q, after which the test adds CONTRIBUTING.md's `%s`: the list moved; update the guide's step and this test", e.file, e.anchor, e.line)
			continue
		}
		loc := all[len(all)-1]
		indent := b[loc[0] : loc[0]+bytes.IndexFunc(b[loc[0]:], func(r rune) bool { return r != '\t' })]
		edited := slices.Concat(b[:loc[1]], indent, []byte(e.line+"\n"), b[loc[1]:])
		out := filepath.Join(tmp, strings.ReplaceAll(e.file, "/", "_"))
		if err := os.WriteFile(out, edited, 0o600); err != nil {
			t.Fatal(err)
		}
		replace[path] = out
		pkgs["./"+filepath.Dir(e.file)] = true
	}
	// The registry's lines, `resources.NewCalendarResource,` in
	// resourceList(), `resources.NewCalendarListResource,` in
	// listResourceList() and `datasources.NewCalendarsDataSource,` in
	// dataSourceList(), hold when the constructor has the type of the
	// list's elements: checked in the constructor's package, since building
	// provider/ as well would recompile actions/ for it (19 CPU-s instead
	// of 13 when the client changed).
	for _, reg := range []struct{ line, list, elem, elemImport string }{
		{"resources.NewCalendarResource,", "func resourceList() []func() resource.Resource {", "resource.Resource",
			"github.com/hashicorp/terraform-plugin-framework/resource"},
		{"datasources.NewCalendarsDataSource,", "func dataSourceList() []func() datasource.DataSource {", "datasource.DataSource",
			"github.com/hashicorp/terraform-plugin-framework/datasource"},
		{"resources.NewCalendarListResource,", "func listResourceList() []func() list.ListResource {", "list.ListResource",
			"github.com/hashicorp/terraform-plugin-framework/list"},
	} {
		pkg, ctor, _ := strings.Cut(reg.line, ".")
		if !bytes.Contains(text, []byte("`"+reg.line+"`")) {
			t.Errorf("CONTRIBUTING.md no longer tells the reader to add `%s` to provider/registry.go: update this test with the guide", reg.line)
		} else if src, err := os.ReadFile(filepath.Join(root, "provider", "registry.go")); err != nil {
			t.Fatal(err)
		} else if !bytes.Contains(src, []byte(reg.list)) {
			t.Errorf("provider/registry.go has no %s, where CONTRIBUTING.md has the reader add `%s`: update the guide's step and this test", strings.TrimSuffix(reg.list, " {"), reg.line)
		} else {
			line := guideLine(text, "`"+reg.line+"`")
			src := fmt.Sprintf("package %s\n\nimport %q\n\n"+
				"// provider/registry.go, %s\nvar _ = []func() %s{\n//line %s:%d\n\t%s\n}\n",
				pkg, reg.elemImport, strings.TrimSuffix(strings.TrimPrefix(reg.list, "func "), " {"), reg.elem, guide, line, ctor)
			out := filepath.Join(tmp, pkg+"_"+ctor+"_registry_line.go")
			if err := os.WriteFile(out, []byte(src), 0o600); err != nil {
				t.Fatal(err)
			}
			replace[filepath.Join(root, pkg, "zz_contributing_registry_"+ctor+".go")] = out
			pkgs["./"+pkg] = true
		}
	}
	if t.Failed() {
		t.FailNow()
	}

	ovl := writeOverlay(t, tmp, replace)
	// Type-checked, not compiled: go/types is the compiler's front end
	// (cmd/compile's types2 is its copy), which makes every error a
	// snippet can have; the back end, code generation, rejects nothing
	// the checker accepts but was 80% of the cost. `go build` of these
	// packages recompiled client/ and all that imports it: 8 CPU-s after
	// a client change, 0.5 so. And it stopped at the first failing
	// package; this goes on past it and reports every one.
	found, err := snippetTypeErrors(t.Context(), goBin, root, ovl, slices.Sorted(maps.Keys(pkgs)), replace)
	if err != nil {
		t.Fatalf("the packages of CONTRIBUTING.md's walk-through could not be type-checked: %v", err)
	}
	var out strings.Builder
	failing := 0
	for _, pkg := range slices.Sorted(maps.Keys(found)) {
		if len(found[pkg]) > 0 {
			failing++
			fmt.Fprintf(&out, "# %s\n%s\n", pkg, strings.Join(found[pkg], "\n"))
		}
	}
	if failing > 0 {
		t.Fatalf("the code of CONTRIBUTING.md's walk-through does not compile against the code as it is "+
			"(the packages %s type-checked with the overlay %s, as go build -overlay would compile them; %d package(s) fail; "+
			"each error below names the line of CONTRIBUTING.md it is on): fix the guide, or the API it shows\n%s",
			strings.Join(slices.Sorted(maps.Keys(pkgs)), " "), ovl, failing, out.String())
	}
}

// guideLine is the line of text that first holds s.
func guideLine(text []byte, s string) int {
	return 1 + bytes.Count(text[:bytes.Index(text, []byte(s))], []byte("\n"))
}

// guideSnippet is one ```go block of CONTRIBUTING.md.
type guideSnippet struct {
	file string // the .go file the section's heading names
	line int    // the block's first line of code in CONTRIBUTING.md
	code string
}

var headingFile = regexp.MustCompile("`([a-z0-9_/]+\\.go)`")

// guideSnippets returns the ```go blocks of a guide, each with the Go
// file named by the closest heading above it.
func guideSnippets(text []byte) ([]guideSnippet, error) {
	var (
		out     []guideSnippet
		file    string
		heading string
		cur     *guideSnippet
		code    strings.Builder
	)
	sc := bufio.NewScanner(bytes.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case cur != nil && strings.TrimSpace(line) == "```":
			cur.code = code.String()
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			code.WriteString(line + "\n")
		case strings.HasPrefix(line, "#"):
			heading, file = line, ""
			if m := headingFile.FindStringSubmatch(line); m != nil {
				file = m[1]
			}
		case strings.TrimSpace(line) == "```go":
			if file == "" {
				return nil, fmt.Errorf("line %d: a ```go block under %q, which names no Go file (\"### 3. `resources/calendar.go`\"): the test cannot tell where it goes", n, heading)
			}
			cur = &guideSnippet{file: file, line: n + 1}
			code.Reset()
		}
	}
	if cur != nil {
		return nil, fmt.Errorf("line %d: a ```go block is not closed", cur.line-1)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no ```go block found")
	}
	return out, sc.Err()
}

// importPaths are the packages a snippet may use without an import: the
// test adds those it names. schema is the resource's in resources/ (the
// only place a snippet uses it).
var importPaths = map[string]string{
	"context":         "context",
	"errors":          "errors",
	"fmt":             "fmt",
	"iter":            "iter",
	"strconv":         "strconv",
	"strings":         "strings",
	"url":             "net/url",
	"resource":        "github.com/hashicorp/terraform-plugin-framework/resource",
	"schema":          "github.com/hashicorp/terraform-plugin-framework/resource/schema",
	"types":           "github.com/hashicorp/terraform-plugin-framework/types",
	"path":            "github.com/hashicorp/terraform-plugin-framework/path",
	"validator":       "github.com/hashicorp/terraform-plugin-framework/schema/validator",
	"stringvalidator": "github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator",
	"int64validator":  "github.com/hashicorp/terraform-plugin-framework-validators/int64validator",
	"client":          "github.com/contactcenter/terraform-provider-contactcenter/client",
	"framework":       "github.com/contactcenter/terraform-provider-contactcenter/internal/framework",
	"tfkit":           "github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit",
	"list":            "github.com/hashicorp/terraform-plugin-framework/list",
	"listschema":      "github.com/hashicorp/terraform-plugin-framework/list/schema",
}

// dirImportPaths are the packages whose name means another in one
// directory: a data source's schema is the data source schema package.
var dirImportPaths = map[string]map[string]string{
	"datasources": {
		"schema":     "github.com/hashicorp/terraform-plugin-framework/datasource/schema",
		"datasource": "github.com/hashicorp/terraform-plugin-framework/datasource",
		"resources":  "github.com/contactcenter/terraform-provider-contactcenter/resources",
	},
}

// snippetFile is the Go file of a package directory made of snippets: the
// directory's package clause, the imports the snippets name, and each
// snippet after a //line directive that points at it in guide.
func snippetFile(dir, guide string, snippets []guideSnippet) ([]byte, error) {
	pkg, err := packageName(dir)
	if err != nil {
		return nil, err
	}
	paths := maps.Clone(importPaths)
	maps.Copy(paths, dirImportPaths[filepath.Base(dir)])
	var body strings.Builder
	for _, s := range snippets {
		fmt.Fprintf(&body, "\n//line %s:%d\n%s", guide, s.line, s.code)
	}
	f, err := parser.ParseFile(token.NewFileSet(), "", "package "+pkg+"\n"+body.String(), 0)
	if err != nil {
		return nil, err // positions already name the guide's lines
	}
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && id.Obj == nil && paths[id.Name] != "" {
				used[id.Name] = true
			}
		}
		return true
	})
	var src strings.Builder
	fmt.Fprintf(&src, "package %s\n\nimport (\n", pkg)
	for _, name := range slices.Sorted(maps.Keys(used)) {
		fmt.Fprintf(&src, "\t%s %s\n", name, strconv.Quote(paths[name]))
	}
	src.WriteString(")\n")
	src.WriteString(body.String())
	return []byte(src.String()), nil
}

// packageName is the package of the Go files in dir.
func packageName(dir string) (string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return "", err
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		pf, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.PackageClauseOnly)
		if err != nil {
			return "", err
		}
		return pf.Name.Name, nil
	}
	return "", fmt.Errorf("%s holds no Go file: the snippet's heading names a folder that does not exist", dir)
}

// TestContributingNamesExist holds the names CONTRIBUTING.md's prose gives
// in backticks to the code: a test or benchmark it points at
// ("`TestCreateLostAnswerIgnoresTwin` in `client/create_twin_test.go`"), a
// file it names, and a `framework.X`, `tfkit.X` or `client.X` it tells the
// reader to call, each exists (the walk-through's own calendar files and
// names aside, which the reader writes). A renamed test or helper left the
// guide pointing at nothing.
func TestContributingNamesExist(t *testing.T) {
	t.Parallel()
	root := ".."
	text, err := os.ReadFile(filepath.Join(root, "CONTRIBUTING.md"))
	if err != nil {
		t.Fatal(err)
	}
	prose := regexp.MustCompile("(?s)```go\n.*?```").ReplaceAllStringFunc(string(text), func(s string) string {
		return strings.Repeat("\n", strings.Count(s, "\n")) // keep the line numbers
	})
	lineOf := func(off int) int { return 1 + strings.Count(prose[:off], "\n") }
	own := func(s string) bool { return strings.Contains(strings.ToLower(s), "calendar") }

	// Declared names by package directory: top-level declarations and
	// struct fields (client.Queues), read from the source.
	decls := map[string]map[string]bool{}
	declared := func(dir string) map[string]bool {
		if d, ok := decls[dir]; ok {
			return d
		}
		d := map[string]bool{}
		files, _ := filepath.Glob(filepath.Join(root, dir, "*.go"))
		for _, f := range files {
			af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(af, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncDecl:
					d[n.Name.Name] = true
				case *ast.TypeSpec:
					d[n.Name.Name] = true
				case *ast.ValueSpec:
					for _, id := range n.Names {
						d[id.Name] = true
					}
				case *ast.Field:
					for _, id := range n.Names {
						d[id.Name] = true
					}
				}
				return true
			})
		}
		decls[dir] = d
		return d
	}
	var tests strings.Builder // every _test.go file, for the test names
	err = filepath.WalkDir(root, func(p string, e os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() && strings.HasPrefix(e.Name(), ".") && p != root {
			return filepath.SkipDir
		}
		if strings.HasSuffix(p, "_test.go") {
			b, err := os.ReadFile(p)
			tests.Write(b)
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	pkgDirs := map[string]string{"framework": "internal/framework", "tfkit": "internal/tfkit", "client": "client"}
	qualified := regexp.MustCompile(`\b(framework|tfkit|client)\.([A-Z]\w*)`)
	testName := regexp.MustCompile(`^(Test|Benchmark|Fuzz)[A-Z]\w*$`)
	filePath := regexp.MustCompile(`^[\w-]+(/[\w.-]+)+\.(go|md|tmpl|sh|tf|hcl)$`)
	checked := 0
	for _, m := range regexp.MustCompile("`([^`\n]+)`").FindAllStringSubmatchIndex(prose, -1) {
		span, line := prose[m[2]:m[3]], lineOf(m[0])
		if own(span) {
			continue
		}
		for _, q := range qualified.FindAllStringSubmatch(span, -1) {
			checked++
			if !declared(pkgDirs[q[1]])[q[2]] {
				t.Errorf("CONTRIBUTING.md:%d names %s.%s, which %s/ does not declare", line, q[1], q[2], pkgDirs[q[1]])
			}
		}
		if testName.MatchString(span) {
			checked++
			if !regexp.MustCompile(`(?m)^func ` + span + `\(`).MatchString(tests.String()) {
				t.Errorf("CONTRIBUTING.md:%d names %s, which no _test.go file declares", line, span)
			}
		}
		if filePath.MatchString(span) {
			checked++
			if _, err := os.Stat(filepath.Join(root, span)); err != nil {
				t.Errorf("CONTRIBUTING.md:%d names %s, which does not exist", line, span)
			}
		}
	}
	if checked < 30 {
		t.Errorf("CONTRIBUTING.md: only %d names checked; the guide's backticked names are what this test reads", checked)
	}
}
