package tfkit

import (
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// TestPlanGivenPlannedAgain: an object planned again with values that were
// unknown known now (Terraform's plan of a create at apply, in a process
// that planned it before: `terraform test`) is the same instance; one that
// differs in a value known in both, or given the key as another kind, is
// another.
func TestPlanGivenPlannedAgain(t *testing.T) {
	t.Parallel()
	ty := tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"num": tftypes.String, "name": tftypes.String, "queues": tftypes.Set{ElementType: tftypes.Number}, "tags": tftypes.List{ElementType: tftypes.String},
	}}
	u := tftypes.UnknownValue
	obj := func(name, queues, tags any) tftypes.Value {
		return tftypes.NewValue(ty, map[string]tftypes.Value{
			"num": tftypes.NewValue(tftypes.String, "700"), "name": tftypes.NewValue(tftypes.String, name),
			"queues": tftypes.NewValue(ty.AttributeTypes["queues"], queues), "tags": tftypes.NewValue(ty.AttributeTypes["tags"], tags),
		})
	}
	num := func(n int64) tftypes.Value { return tftypes.NewValue(tftypes.Number, n) }
	str := func(s any) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	var c Claims
	steps := []struct {
		what, kind string
		v          tftypes.Value
		others     []string
	}{
		{"plan: name and a group known only at apply", "", obj(u, []tftypes.Value{num(1), tftypes.NewValue(tftypes.Number, u)}, []tftypes.Value{str("a"), str(u)}), nil},
		{"the same instance at apply: all known", "", obj("Ann", []tftypes.Value{num(1), num(2)}, []tftypes.Value{str("a"), str("b")}), nil},
		{"planned again as at apply", "", obj("Ann", []tftypes.Value{num(1), num(2)}, []tftypes.Value{str("a"), str("b")}), nil},
		{"another name", "", obj("Bob", []tftypes.Value{num(1), num(2)}, []tftypes.Value{str("a"), str("b")}), []string{""}},
		{"another group set", "", obj("Ann", []tftypes.Value{num(1), num(3)}, []tftypes.Value{str("a"), str("b")}), []string{"", ""}},
		{"another list element", "", obj("Ann", []tftypes.Value{num(1), num(2)}, []tftypes.Value{str("a"), str("c")}), []string{"", "", ""}},
		{"another kind, alike", "kept", obj("Ann", []tftypes.Value{num(1), num(2)}, []tftypes.Value{str("a"), str("b")}), []string{"", "", "", ""}},
		{"null list", "kept", obj("Ann", []tftypes.Value{num(1), num(2)}, nil), []string{"", "", "", "", "kept"}},
	}
	for _, s := range steps {
		got := c.PlanGiven("k", s.kind, s.v)
		slices.Sort(got)
		if !slices.Equal(got, s.others) {
			t.Errorf("%s: others %q, want %q", s.what, got, s.others)
		}
	}
	if c.PlanCreate("other key", obj("Ann", nil, nil)) {
		t.Error("another key: told of an object planned for k")
	}
	c.Done("k")
	if got := c.PlanGiven("k", "", obj("Zed", nil, nil)); got != nil {
		t.Errorf("after Done: others %q", got)
	}
}

// TestPlanGivenUnknownLater: an object planned with a value unknown that
// an object planned before it with the same key knew is another object
// (Terraform's plan of a create at apply only makes unknown values known):
// two agents with one user_num, the second's queue_ids a group the apply
// makes, the first's a group that exists. Both orders of the set and of a
// whole value are checked.
func TestPlanGivenUnknownLater(t *testing.T) {
	t.Parallel()
	ty := tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"num": tftypes.String, "email": tftypes.String, "queues": tftypes.Set{ElementType: tftypes.Number},
	}}
	u := tftypes.UnknownValue
	obj := func(email, queues any) tftypes.Value {
		return tftypes.NewValue(ty, map[string]tftypes.Value{
			"num": tftypes.NewValue(tftypes.String, "700"), "email": tftypes.NewValue(tftypes.String, email),
			"queues": tftypes.NewValue(ty.AttributeTypes["queues"], queues),
		})
	}
	num := func(n any) tftypes.Value { return tftypes.NewValue(tftypes.Number, n) }
	for _, c := range []struct {
		what          string
		first, second tftypes.Value
	}{
		{"a group that exists, then one known only at apply", obj("a@x.com", []tftypes.Value{num(101)}), obj("a@x.com", []tftypes.Value{num(u)})},
		{"an e-mail, then one known only at apply", obj("a@x.com", nil), obj(u, nil)},
	} {
		var claims Claims
		claims.PlanGiven("k", "", c.first)
		if got := claims.PlanGiven("k", "", c.second); len(got) != 1 {
			t.Errorf("%s: others %q, want the first agent", c.what, got)
		}
	}
}

// TestRefreshedLaterCommand: an object refreshed again is a later
// command's plan (Terraform refreshes each object once in a plan), and
// what PlanGiven recorded before it is forgotten; objects refreshed once
// each, however many, are one plan.
func TestRefreshedLaterCommand(t *testing.T) {
	t.Parallel()
	name := func(s string) tftypes.Value {
		ty := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"name": tftypes.String}}
		return tftypes.NewValue(ty, map[string]tftypes.Value{"name": tftypes.NewValue(tftypes.String, s)})
	}
	var c Claims
	for _, k := range []string{"group\x00101", "group\x00102", "agent\x00101"} {
		if c.Refreshed(k) {
			t.Fatalf("%q refreshed once: taken for a later command's plan", k)
		}
	}
	c.PlanGiven("k", "", name("Agent 1"))
	if got := c.PlanGiven("k", "", name("Other 1")); len(got) != 1 {
		t.Fatalf("two objects in one plan: others %q", got)
	}
	if !c.Refreshed("group\x00101") {
		t.Fatal("refreshed again: not taken for a later command's plan")
	}
	if got := c.PlanGiven("k", "", name("Staff 1")); got != nil {
		t.Errorf("the later plan: told of the earlier one's objects %q", got)
	}
	if c.Refreshed("group\x00102") || c.Refreshed("agent\x00101") {
		t.Error("the later plan's own first refreshes taken for yet another plan's")
	}
}

// TestPlannedLaterCommand: a key a plan that was never applied (a
// `command = plan` run) recorded as added is not taken, by a later
// command's plan (Refreshed), for one that plan adds while this one
// removes it; within one plan it is.
func TestPlannedLaterCommand(t *testing.T) {
	t.Parallel()
	var c Claims
	c.Refreshed("group\x00101")
	if both := c.Planned(false, "k"); both != nil {
		t.Fatalf("first record: both %q", both)
	}
	if both := c.Planned(true, "j"); both != nil {
		t.Fatalf("first record: both %q", both)
	}
	if both := c.Planned(false, "j"); len(both) != 1 {
		t.Errorf("removed and added in one plan: both %q", both)
	}
	c.Refreshed("group\x00101") // the next run's plan
	if c.PlannedAs(false, "k") {
		t.Error("the earlier plan's add is taken for this plan's")
	}
	if both := c.Planned(true, "k"); both != nil {
		t.Errorf("removed by the later plan, added by the earlier one: both %q", both)
	}
	if both := c.Planned(false, "k"); len(both) != 1 {
		t.Errorf("removed and added in the later plan: both %q", both)
	}
}
