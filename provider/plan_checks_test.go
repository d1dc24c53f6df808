package provider_test

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	fwprovider "github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/contactcenter/terraform-provider-contactcenter/provider"
)

// TestEveryResourceMakesThePlanChecks holds every managed resource to what
// CONTRIBUTING step 3 asks of it and no other test checks: a ModifyPlan
// whose first statement is the base's PlanChecks (an object imported at a
// second address warns "Managed by Two Resources", a -refresh=false plan
// of an object recorded elsewhere is refused), and a list resource of the
// same type name for `terraform query`. A resource written from the
// guide's snippet before it had ModifyPlan passed every test of the
// provider while its double import went without a word.
func TestEveryResourceMakesThePlanChecks(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	p := provider.New("test")()
	var pm fwprovider.MetadataResponse
	p.Metadata(ctx, fwprovider.MetadataRequest{}, &pm)
	var listed []string
	if pl, ok := p.(fwprovider.ProviderWithListResources); ok {
		for _, f := range pl.ListResources(ctx) {
			var m resource.MetadataResponse
			f().Metadata(ctx, resource.MetadataRequest{ProviderTypeName: pm.TypeName}, &m)
			listed = append(listed, m.TypeName)
		}
	}
	for _, f := range p.Resources(ctx) {
		r := f()
		var m resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: pm.TypeName}, &m)
		if _, ok := r.(resource.ResourceWithModifyPlan); !ok {
			t.Errorf("%s has no ModifyPlan: give it one that calls r.Steps.PlanChecks(ctx, req, resp) first (CONTRIBUTING step 3)", m.TypeName)
		}
		if !slices.Contains(listed, m.TypeName) {
			t.Errorf("%s has no list resource of its name in provider/registry.go listResourceList() (CONTRIBUTING steps 3 and 6)", m.TypeName)
		}
	}

	// Each ModifyPlan of resources/ begins with the plan checks.
	files, err := filepath.Glob("../resources/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("../resources: %v (no Go files)", err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || fn.Name.Name != "ModifyPlan" || fn.Body == nil {
				continue
			}
			if !firstCallsPlanChecks(fn.Body) {
				t.Errorf("%s: ModifyPlan does not begin with r.Steps.PlanChecks(ctx, req, resp) (CONTRIBUTING step 3)", fset.Position(fn.Pos()))
			}
		}
	}
}

// firstCallsPlanChecks reports whether the body's first statement is a call
// of a method named PlanChecks (r.Steps.PlanChecks, r.steps.PlanChecks).
func firstCallsPlanChecks(body *ast.BlockStmt) bool {
	if len(body.List) == 0 {
		return false
	}
	es, ok := body.List[0].(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := es.X.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "PlanChecks"
}
