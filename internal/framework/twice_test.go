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

// TestMarkFirstRead: the read after an import (ImportState's mark)
// marks the private state with this command's token; a later command's
// read, the center recorded, takes the mark away, where it stayed in the
// state of every object ever imported. The first read of a state an older
// provider wrote (no center recorded, no import's mark: a provider
// upgrade) is no import's, where it was taken for one.
func TestMarkFirstRead(t *testing.T) {
	ctx := t.Context()
	var diags diag.Diagnostics
	s := Steps[struct{}]{Center: `"http://a.example"`, Claims: &tfkit.Claims{}}
	first := mapPrivate{importUnreadKey: []byte(`true`)} // as SetImported leaves it
	afterImport := maps.Clone(first)
	s.markFirstRead(ctx, first, afterImport, &diags)
	if string(afterImport[importedInKey]) != `"`+s.Claims.Token()+`"` {
		t.Fatalf("the read after an import marked %q, want this command's token", afterImport[importedInKey])
	}
	if _, ok := afterImport[importUnreadKey]; ok {
		t.Errorf("the read after an import kept the import's unread mark: %q", afterImport)
	}
	if !s.ImportedHere(ctx, afterImport) {
		t.Errorf("the plan after the import's read does not know it imports")
	}
	// The read recorded the center (RecordCenter), and the next command reads again.
	afterImport[centerKey] = []byte(s.Center)
	later := maps.Clone(afterImport) // the framework starts the response's private state as the request's
	s2 := Steps[struct{}]{Center: s.Center, Claims: &tfkit.Claims{}}
	s2.markFirstRead(ctx, afterImport, later, &diags)
	if _, ok := later[importedInKey]; ok {
		t.Errorf("a later command's read kept the import's mark: %q", later)
	}
	if s2.ImportedHere(ctx, later) {
		t.Errorf("a later command's plan takes the object for imported")
	}

	// A state an older provider wrote: no private state at all.
	upgraded, read := mapPrivate{}, mapPrivate{}
	s3 := Steps[struct{}]{Center: s.Center, Claims: &tfkit.Claims{}}
	s3.markFirstRead(ctx, upgraded, read, &diags)
	if _, ok := read[importedInKey]; ok || s3.ImportedHere(ctx, read) {
		t.Errorf("the first read of a state an older provider wrote was taken for an import's: %q", read)
	}
	if diags.HasError() {
		t.Fatal(diags)
	}
}
