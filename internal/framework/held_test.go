package framework

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

type heldThing struct{ name, note string }

var heldThingName = HeldName[heldThing]{Attr: "que_name", Of: func(t *heldThing) string { return t.name }}

// TestSendHeld: what an edit sends from its one read of the object, for a
// read that succeeds, finds nothing, finds the object gone or fails, with a
// planned name with and without a decomposed form.
func TestSendHeld(t *testing.T) {
	const composed, decomposed = "Caf\u00e9", "Cafe\u0301"
	gone := fmt.Errorf("queue 7: %w", client.ErrNotFound)
	failed := errors.New("connection reset")
	for _, tc := range []struct {
		name      string
		held      *heldThing
		err       error
		planned   string
		nameKept  bool
		wantName  string
		wantNote  string // "" when keep must not run
		wantErr   error
		wantInErr string
	}{
		{name: "kept name is sent as held", held: &heldThing{"Portal", "held"}, planned: "Planned", nameKept: true, wantName: "Portal", wantNote: "held"},
		{name: "changed name goes as planned", held: &heldThing{"Portal", "held"}, planned: "Planned", wantName: "Planned", wantNote: "held"},
		{name: "changed name held decomposed is sent as held", held: &heldThing{decomposed, "held"}, planned: composed, wantName: decomposed, wantNote: "held"},
		{name: "changed name held otherwise goes as planned", held: &heldThing{"Cafe", "held"}, planned: composed, wantName: composed, wantNote: "held"},
		{name: "nothing found: as planned", planned: composed, wantName: composed},
		{name: "gone: the read's error", err: gone, planned: "Planned", wantName: "Planned", wantErr: gone},
		{name: "failed, ASCII name: as planned", err: failed, planned: "Planned", wantName: "Planned"},
		{name: "failed, decomposable name: refused", err: failed, planned: composed, wantName: composed, wantErr: failed,
			wantInErr: `the edit must send que_name, and reading que_name as the platform holds it failed, so nothing was sent: the planned que_name "Café" has another Unicode form`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			name, note := tc.planned, ""
			err := SendHeld(tc.held, tc.err, heldThingName, &name, tc.nameKept, func(h *heldThing) { note = h.note })
			if tc.wantErr == nil && err != nil || tc.wantErr != nil && !errors.Is(err, tc.wantErr) {
				t.Fatalf("error %v, want %v", err, tc.wantErr)
			}
			if err != nil && !strings.Contains(err.Error(), tc.wantInErr) {
				t.Errorf("error %q does not say %q", err, tc.wantInErr)
			}
			if name != tc.wantName || note != tc.wantNote {
				t.Errorf("sent name %q and kept %q, want %q and %q", name, note, tc.wantName, tc.wantNote)
			}
		})
	}
}

// TestSendHeldNamedType: a name of a type over string (client.FlexString)
// is sent as held too.
func TestSendHeldNamedType(t *testing.T) {
	name := client.FlexString("Planned")
	if err := SendHeld(&heldThing{name: "Portal"}, nil, heldThingName, &name, true, func(*heldThing) {}); err != nil || name != "Portal" {
		t.Fatalf("sent %q (%v), want Portal", name, err)
	}
}

func TestKeepHeld(t *testing.T) {
	v := 1
	KeepHeld(false, &v, 2)
	if v != 1 {
		t.Fatalf("a changed field took the held value: %d", v)
	}
	KeepHeld(true, &v, 2)
	if v != 2 {
		t.Fatalf("an unchanged field kept %d, want the held 2", v)
	}
}

func TestKeepUnset(t *testing.T) {
	planned := "planned"
	set, unset := &planned, (*string)(nil)
	KeepUnset(&set, "held")
	KeepUnset(&unset, "held")
	if *set != "planned" || unset == nil || *unset != "held" {
		t.Fatalf("a field the edit sends became %q, one it leaves out %v; want planned and held", *set, unset)
	}
}
