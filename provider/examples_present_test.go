package provider_test

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/function"
	fwprovider "github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/contactcenter/terraform-provider-contactcenter/provider"
)

// TestEveryObjectHasAnExample: each object the provider registers has the
// example its docs page shows (tfplugindocs reads examples/<kind>/<type>/),
// and every example folder names an object the provider registers. Without
// the file, `make docs` writes a page without "Example Usage" and nothing
// else fails (CONTRIBUTING step 5); a folder left behind by a rename is
// applied by examples_test.go but shown on no page.
func TestEveryObjectHasAnExample(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	p := provider.New("test")()
	var pm fwprovider.MetadataResponse
	p.Metadata(ctx, fwprovider.MetadataRequest{}, &pm)

	// want: example folder -> the files its page needs.
	want := map[string][]string{}
	for _, f := range p.Resources(ctx) {
		r := f()
		var m resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: pm.TypeName}, &m)
		files := []string{"resource.tf"}
		if _, ok := r.(resource.ResourceWithImportState); ok {
			// The Import section: the command, and the import block by id.
			files = append(files, "import.sh", "import-by-string-id.tf")
		}
		if _, ok := r.(resource.ResourceWithIdentity); ok {
			files = append(files, "import-by-identity.tf")
		}
		want["resources/"+m.TypeName] = files
	}
	for _, f := range p.DataSources(ctx) {
		var m datasource.MetadataResponse
		f().Metadata(ctx, datasource.MetadataRequest{ProviderTypeName: pm.TypeName}, &m)
		want["data-sources/"+m.TypeName] = []string{"data-source.tf"}
	}
	if pa, ok := p.(fwprovider.ProviderWithActions); ok {
		for _, f := range pa.Actions(ctx) {
			var m action.MetadataResponse
			f().Metadata(ctx, action.MetadataRequest{ProviderTypeName: pm.TypeName}, &m)
			want["actions/"+m.TypeName] = []string{"action.tf"}
		}
	}
	if pl, ok := p.(fwprovider.ProviderWithListResources); ok {
		for _, f := range pl.ListResources(ctx) {
			var m resource.MetadataResponse
			f().Metadata(ctx, resource.MetadataRequest{ProviderTypeName: pm.TypeName}, &m)
			want["list-resources/"+m.TypeName] = []string{"list-resource.tfquery.hcl"}
		}
	}
	if pf, ok := p.(fwprovider.ProviderWithFunctions); ok {
		for _, f := range pf.Functions(ctx) {
			var m function.MetadataResponse
			f().Metadata(ctx, function.MetadataRequest{}, &m)
			want["functions/"+m.Name] = []string{"function.tf"}
		}
	}
	if len(want) < 40 {
		t.Fatalf("only %d objects registered: the registry was not read", len(want))
	}
	for dir, files := range want {
		for _, f := range files {
			if _, err := os.Stat(filepath.Join("..", "examples", dir, f)); err != nil {
				t.Errorf("%s has no examples/%s/%s: its docs page would have no %s (CONTRIBUTING.md, step 5)",
					filepath.Base(dir), dir, f, section(f))
			}
		}
	}
	for _, kind := range []string{"resources", "data-sources", "actions", "list-resources", "functions"} {
		entries, err := os.ReadDir(filepath.Join("..", "examples", kind))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			dir := kind + "/" + e.Name()
			if _, ok := want[dir]; e.IsDir() && !ok {
				t.Errorf("examples/%s names no object the provider registers (renamed or removed?): no docs page shows it", dir)
			}
		}
	}
	if t.Failed() {
		t.Logf("registered: %s", strings.Join(slices.Sorted(maps.Keys(want)), ", "))
	}
}

// section is what the docs page shows from file.
func section(file string) string {
	switch file {
	case "import.sh":
		return "terraform import command under Import"
	case "import-by-string-id.tf":
		return "import block (by id) under Import"
	case "import-by-identity.tf":
		return "import block by identity under Import"
	}
	return `"Example Usage"`
}
