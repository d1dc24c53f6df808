package framework

import (
	"context"
	"maps"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// mapPrivate is a private state in memory.
type mapPrivate map[string][]byte

func (m mapPrivate) GetKey(_ context.Context, key string) ([]byte, diag.Diagnostics) {
	return m[key], nil
}

func (m mapPrivate) SetKey(_ context.Context, key string, value []byte) diag.Diagnostics {
	if len(value) == 0 {
		delete(m, key)
	} else {
		m[key] = value
	}
	return nil
}

// TestMarkFirstRead: the read after an import (no contact center recorded)
// marks the private state with this command's token; a later command's
// read, the center recorded, takes the mark away, where it stayed in the
// state of every object ever imported.
func TestMarkFirstRead(t *testing.T) {
	ctx := t.Context()
	var diags diag.Diagnostics
	s := Steps[struct{}]{Center: `"http://a.example"`, Claims: &tfkit.Claims{}}
	first := mapPrivate{}
	afterImport := mapPrivate{}
	s.markFirstRead(ctx, first, afterImport, &diags)
	if string(afterImport[importedInKey]) != `"`+s.Claims.Token()+`"` {
		t.Fatalf("the read after an import marked %q, want this command's token", afterImport[importedInKey])
	}
	// The read recorded the center (RecordCenter), and the next command reads again.
	afterImport[centerKey] = []byte(s.Center)
	later := maps.Clone(afterImport) // the framework starts the response's private state as the request's
	s2 := Steps[struct{}]{Center: s.Center, Claims: &tfkit.Claims{}}
	s2.markFirstRead(ctx, afterImport, later, &diags)
	if _, ok := later[importedInKey]; ok {
		t.Errorf("a later command's read kept the import's mark: %q", later)
	}
	if diags.HasError() {
		t.Fatal(diags)
	}
}
