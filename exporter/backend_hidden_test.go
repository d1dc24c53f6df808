package exporter_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/exporter"
)

// TestExport_backendInAFileTerraformIgnores: a hidden .tf file (.old.tf)
// or an editor's copy is no file of the configuration, as Terraform's
// loader (and readTheirs) skip it: a backend block there does not keep the
// folder's state elsewhere, and --force without --state was refused as if
// it did.
func TestExport_backendInAFileTerraformIgnores(t *testing.T) {
	t.Parallel()
	cc := newCenter(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ".old.tf"), []byte("terraform {\n  backend \"s3\" {\n    bucket = \"cc\"\n  }\n}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := exporter.Export(context.Background(), cc.c, exporter.Options{Dir: dir, Force: true, Kinds: []exporter.Kind{exporter.KindWebhooks}}); err != nil {
		t.Errorf("a backend in .old.tf, which Terraform does not read: %v", err)
	}
}
