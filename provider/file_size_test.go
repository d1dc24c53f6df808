package provider_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestObjectFilesReadable holds the limit CONTRIBUTING gives a file of
// Terraform objects: a resource, data source or action file reads top to
// bottom as its object's story, in at most 600 lines; what grows past
// that (rules, converters, a list resource) goes into a file of its own
// beside it. A file grew to 667 lines unnoticed before this test.
func TestObjectFilesReadable(t *testing.T) {
	t.Parallel()
	const limit = 600
	for _, dir := range []string{"../resources", "../datasources", "../actions"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: %v (no Go files)", dir, err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if n := bytes.Count(b, []byte("\n")); n > limit {
				t.Errorf("%s has %d lines, over %d: move a part that stands alone (its rules, converters or list resource) into a file beside it", f, n, limit)
			}
		}
	}
}
