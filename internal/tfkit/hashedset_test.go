package tfkit_test

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// memberType is an element of the kind HashedSetOf serves (a group's
// members), with a nested set so that element order inside an element is
// exercised too.
var memberType = types.ObjectType{AttrTypes: map[string]attr.Type{
	"agent_id": types.StringType,
	"skill":    tfkit.WholeNumber,
	"tags":     types.SetType{ElemType: types.StringType},
}}

func member(id string, skill int64, tags ...string) attr.Value {
	tv := make([]attr.Value, len(tags))
	for i, t := range tags {
		tv[i] = types.StringValue(t)
	}
	return types.ObjectValueMust(memberType.AttrTypes, map[string]attr.Value{
		"agent_id": types.StringValue(id), "skill": types.Int64Value(skill), "tags": types.SetValueMust(types.StringType, tv),
	})
}

func setOf(elems ...attr.Value) basetypes.SetValue {
	return types.SetValueMust(memberType, elems)
}

// HashedSet answers Equal, SetSemanticEquals and Validate exactly as the
// framework's set does (only faster): the same answer on every pair of a
// table of sets that differ by order, by one element, by a nested set's
// order, by length, and by state.
func TestHashedSetAnswersAsTheFrameworkSet(t *testing.T) {
	ctx := context.Background()
	sets := map[string]basetypes.SetValue{
		"empty":          setOf(),
		"null":           types.SetNull(memberType),
		"unknown":        types.SetUnknown(memberType),
		"a b":            setOf(member("1", 1, "x", "y"), member("2", 2)),
		"b a":            setOf(member("2", 2), member("1", 1, "x", "y")),
		"a(y x) b":       setOf(member("1", 1, "y", "x"), member("2", 2)),
		"a b skill":      setOf(member("1", 1, "x", "y"), member("2", 3)),
		"a b c":          setOf(member("1", 1, "x", "y"), member("2", 2), member("3", 0)),
		"a":              setOf(member("1", 1, "x", "y")),
		"a unknown elem": setOf(member("1", 1, "x", "y"), types.ObjectUnknown(memberType.AttrTypes)),
		"unknown elem a": setOf(types.ObjectUnknown(memberType.AttrTypes), member("1", 1, "x", "y")),
		"a null elem":    setOf(member("1", 1, "x", "y"), types.ObjectNull(memberType.AttrTypes)),
		"big id":         setOf(member("12345678901", 1), member("12345678902", 1)),
		"big id other":   setOf(member("12345678901", 1), member("12345678903", 1)),
	}
	for an, a := range sets {
		for bn, b := range sets {
			want := a.Equal(b)
			ha, hb := tfkit.HashedSet{SetValue: a}, tfkit.HashedSet{SetValue: b}
			if got := ha.Equal(hb); got != want {
				t.Errorf("HashedSet(%s).Equal(%s) = %v, the framework says %v", an, bn, got, want)
			}
			if got := ha.Equal(b); got != want {
				t.Errorf("HashedSet(%s).Equal(SetValue %s) = %v, the framework says %v", an, bn, got, want)
			}
			if got, diags := ha.SetSemanticEquals(ctx, hb); got != want || diags.HasError() {
				t.Errorf("HashedSet(%s).SetSemanticEquals(%s) = %v %v, want %v (keep the prior value only when it is the same set)", an, bn, got, diags, want)
			}
		}
	}
	if ha := (tfkit.HashedSet{SetValue: sets["a b"]}); ha.Equal(types.ListValueMust(memberType, sets["a b"].Elements())) {
		t.Error("a HashedSet equals a list holding the same elements; want not equal")
	}
}

// Validate reports what the framework's set type reports: an element twice
// (a set from Terraform never has one, a value built wrongly might), and
// nothing for unknown elements or sets.
func TestHashedSetValidate(t *testing.T) {
	ctx := context.Background()
	typ := tfkit.HashedSetOf(memberType)
	tfType := tftypes.Set{ElementType: memberType.TerraformType(ctx)}
	elem := func(v attr.Value) tftypes.Value {
		tv, err := v.ToTerraformValue(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return tv
	}
	p := path.Root("members")
	for name, in := range map[string]tftypes.Value{
		"twice":         tftypes.NewValue(tfType, []tftypes.Value{elem(member("1", 1, "x", "y")), elem(member("2", 2)), elem(member("1", 1, "y", "x"))}),
		"distinct":      tftypes.NewValue(tfType, []tftypes.Value{elem(member("1", 1, "x", "y")), elem(member("1", 2, "x", "y")), elem(member("12345678901", 1)), elem(member("12345678902", 1))}),
		"unknown twice": tftypes.NewValue(tfType, []tftypes.Value{elem(types.ObjectUnknown(memberType.AttrTypes)), elem(types.ObjectUnknown(memberType.AttrTypes))}),
		"null":          tftypes.NewValue(tfType, nil),
		"unknown":       tftypes.NewValue(tfType, tftypes.UnknownValue),
	} {
		want := basetypes.SetType{ElemType: memberType}.Validate(ctx, in, p)
		got := typ.Validate(ctx, in, p)
		if len(got) != len(want) {
			t.Errorf("%s: Validate = %v, the framework's set type says %v", name, got, want)
			continue
		}
		for i := range got {
			if got[i].Summary() != want[i].Summary() || got[i].Detail() != want[i].Detail() {
				t.Errorf("%s: diagnostic %d = %q %q, the framework's set type says %q %q", name, i, got[i].Summary(), got[i].Detail(), want[i].Summary(), want[i].Detail())
			}
		}
	}
}

// A number is the same number at any precision: Terraform decodes numbers
// at 512 bits, a provider often builds them at 53 or 64. Equal and Validate
// agree with the framework, which compares numbers by value.
func TestHashedSetNumbersAtAnyPrecision(t *testing.T) {
	ctx := context.Background()
	num := func(s string, prec uint) attr.Value {
		f, _, err := big.ParseFloat(s, 10, prec, big.ToNearestEven)
		if err != nil {
			t.Fatal(err)
		}
		return types.NumberValue(f)
	}
	at := func(v attr.Value, prec uint) attr.Value {
		return types.NumberValue(new(big.Float).SetPrec(prec).Set(v.(types.Number).ValueBigFloat()))
	}
	tenth, big60 := num("0.1", 64), num("1152921504606846977", 53)
	a := types.SetValueMust(types.NumberType, []attr.Value{tenth, big60, num("3", 64)})
	b := types.SetValueMust(types.NumberType, []attr.Value{at(big60, 512), num("3", 512), at(tenth, 512)})
	if !a.Equal(b) {
		t.Fatal("test setup: the framework should find the sets equal")
	}
	if !(tfkit.HashedSet{SetValue: a}).Equal(tfkit.HashedSet{SetValue: b}) {
		t.Errorf("HashedSet.Equal = false for the same numbers at 64 and 512 bits; the framework says true")
	}
	if same, _ := (tfkit.HashedSet{SetValue: b}).SetSemanticEquals(ctx, tfkit.HashedSet{SetValue: a}); !same {
		t.Errorf("SetSemanticEquals = false for the same numbers at 64 and 512 bits; want true")
	}
	tv := func(v attr.Value) tftypes.Value {
		x, err := v.ToTerraformValue(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	twice := tftypes.NewValue(tftypes.Set{ElementType: tftypes.Number}, []tftypes.Value{tv(tenth), tv(at(tenth, 512))})
	want := basetypes.SetType{ElemType: types.NumberType}.Validate(ctx, twice, path.Root("n"))
	got := tfkit.HashedSetOf(types.NumberType).Validate(ctx, twice, path.Root("n"))
	if len(want) != 1 || len(got) != 1 || got[0].Summary() != want[0].Summary() || got[0].Detail() != want[0].Detail() {
		t.Errorf("Validate of 0.1 at 64 and at 512 bits = %v, the framework's set type says %v (one Duplicate Set Element)", got, want)
	}
}

// Random sets of members, some pairs equal in another order, some one
// element apart: Equal agrees with the framework on every pair.
func TestHashedSetEqualRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		n := rng.IntN(30)
		var elems []attr.Value
		seen := map[string]bool{}
		for len(elems) < n {
			id, skill := fmt.Sprint(rng.IntN(40)), int64(rng.IntN(3))
			if seen[id] {
				continue
			}
			seen[id] = true
			elems = append(elems, member(id, skill, strings.Repeat("t", rng.IntN(2))))
		}
		other := append([]attr.Value(nil), elems...)
		rng.Shuffle(len(other), func(i, j int) { other[i], other[j] = other[j], other[i] })
		if n > 0 && rng.IntN(2) == 0 {
			other[rng.IntN(n)] = member("new", 9)
		}
		a, b := setOf(elems...), setOf(other...)
		if got, want := (tfkit.HashedSet{SetValue: a}).Equal(tfkit.HashedSet{SetValue: b}), a.Equal(b); got != want {
			t.Fatalf("Equal = %v, the framework says %v for\n%v\n%v", got, want, a, b)
		}
	}
}

// A HashedSet value converts to and from Terraform as a set of its element
// type, and its type is the HashedSetOf that made it.
func TestHashedSetRoundTrip(t *testing.T) {
	ctx := context.Background()
	typ := tfkit.HashedSetOf(memberType)
	v := tfkit.HashedSet{SetValue: setOf(member("1", 1, "x"), member("2", 2))}
	tv, err := v.ToTerraformValue(ctx)
	if err != nil {
		t.Fatal(err)
	}
	back, err := typ.ValueFromTerraform(ctx, tv)
	if err != nil {
		t.Fatal(err)
	}
	if !back.Equal(v) || !back.Type(ctx).Equal(typ) {
		t.Errorf("round trip: %v of type %v, want %v of type %v", back, back.Type(ctx), v, typ)
	}
	if typ.Equal(basetypes.SetType{ElemType: memberType}) || !typ.Equal(tfkit.HashedSetOf(memberType)) {
		t.Error("HashedSetOf(T) must equal itself and not the framework's set of T")
	}
	if _, ok := typ.ValueType(ctx).(tfkit.HashedSet); !ok {
		t.Errorf("ValueType is %T, want tfkit.HashedSet", typ.ValueType(ctx))
	}
}

// What the framework spends on a set of n members, per read of the
// attribute (Validate), per comparison (Equal), and per create/read/update
// (semantic equality, when nothing changed), against HashedSet:
//
//	go test ./internal/tfkit/ -run '^$' -bench HashedSet -benchtime 3x
func BenchmarkHashedSet(b *testing.B) {
	ctx := context.Background()
	for _, n := range []int{100, 800, 2000} {
		elems := make([]attr.Value, n)
		tvs := make([]tftypes.Value, n)
		for i := range n {
			elems[i] = member(fmt.Sprint(5000+i), 1)
			tvs[i], _ = elems[i].ToTerraformValue(ctx)
		}
		set := setOf(elems...)
		in := tftypes.NewValue(tftypes.Set{ElementType: memberType.TerraformType(ctx)}, tvs)
		p := path.Root("members")
		hashed := tfkit.HashedSet{SetValue: set}
		b.Run(fmt.Sprintf("framework/validate/%d", n), func(b *testing.B) {
			for range b.N {
				basetypes.SetType{ElemType: memberType}.Validate(ctx, in, p)
			}
		})
		b.Run(fmt.Sprintf("hashed/validate/%d", n), func(b *testing.B) {
			for range b.N {
				tfkit.HashedSetOf(memberType).Validate(ctx, in, p)
			}
		})
		b.Run(fmt.Sprintf("framework/equal/%d", n), func(b *testing.B) {
			for range b.N {
				set.Equal(set)
			}
		})
		b.Run(fmt.Sprintf("hashed/equal/%d", n), func(b *testing.B) {
			for range b.N {
				hashed.Equal(hashed)
			}
		})
	}
}
