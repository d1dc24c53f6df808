package tfkit

import (
	"maps"
	"testing"
)

// TestNotes: Note and Noted keep one value per key; NoteIn keeps sets
// apart, and NotedIn reads one set whole (a copy), nothing of another.
func TestNotes(t *testing.T) {
	c := &Claims{}
	c.Note("k", "1")
	c.Note("k", "2")
	if v, ok := c.Noted("k"); !ok || v != "2" {
		t.Errorf("Noted(k) = %q, %v, want the last value", v, ok)
	}
	c.NoteIn("agent 1", "101 by m", "w")
	c.NoteIn("agent 1", "102 by m", "w")
	c.NoteIn("agent 2", "101 by m", "w")
	got := c.NotedIn("agent 1")
	if want := map[string]string{"101 by m": "w", "102 by m": "w"}; !maps.Equal(got, want) {
		t.Errorf("NotedIn(agent 1) = %v, want %v", got, want)
	}
	got["103 by m"] = "w"
	if len(c.NotedIn("agent 1")) != 2 || len(c.NotedIn("none")) != 0 {
		t.Errorf("NotedIn is not a copy of one set: %v, %v", c.NotedIn("agent 1"), c.NotedIn("none"))
	}
	if _, ok := c.Noted("101 by m"); ok {
		t.Error("a set's note is read as a Note")
	}
	var nilClaims *Claims
	nilClaims.NoteIn("s", "k", "v")
	if nilClaims.NotedIn("s") != nil {
		t.Error("nil Claims noted something")
	}
}
