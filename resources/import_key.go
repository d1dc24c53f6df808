package resources

import (
	"cmp"
	"context"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"golang.org/x/text/unicode/norm"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// importKey is an import id naming an object by a field other than its id
// (sign_text:<text>, user_num:<number>, que_name:<name>): the same in every
// contact center, where an id names whichever object holds it there, so
// that a folder exported from one center (staging) and planned against
// another imports that center's own object. An import that finds several
// is refused (the spec does not make every such field unique, and
// Terraform does not tell a key's Unicode forms apart), as is one that
// finds none.
type importKey struct {
	prefix string // "sign_text:"
	title  string // "SMS Signature", as the errors' summaries name the kind
	field  string // "sign_text"
	// The few facts every error of the kind is built from (see lookup):
	// noun is the kind searched ("SMS signature"), value what the key holds
	// ("signature text"), idField the numeric id to import by instead
	// ("id", "user_id") and list where the values are listed.
	noun, value, idField, list string
	// trim is true where the import ignores spaces around the value (an
	// agent number, which holds none); elsewhere it is matched as written.
	trim bool
	// find finds the objects by their key (keyFinder).
	find keyFind
	// many is true where the objects are many and their list paged (the
	// agents): a key not found is not compared with every object's for
	// the hint of one that differs only in letter case or spaces (a plan
	// that imports 300 new hires' numbers would read the list 300 times).
	many bool
}

// keyFind is how an importKey finds objects: exact returns the id and the
// state of every object whose field equals value exactly (in any Unicode
// form), all every object's, with its key.
type keyFind struct {
	exact func(ctx context.Context, c *client.Client, value string) ([]keyMatch, error)
	all   func(ctx context.Context, c *client.Client) iter.Seq2[keyMatch, error]
}

// keyFinder is an importKey's find for a kind: exact lists the objects
// whose key is value as written, all lists every object, key reads an
// object's key (for the other Unicode forms, see inAnyForm) and match what
// the errors name of it.
func keyFinder[T any](exact func(ctx context.Context, c *client.Client, value string) ([]T, error),
	all func(ctx context.Context, c *client.Client) iter.Seq2[T, error], key func(T) string, match func(T) keyMatch,
) keyFind {
	matched := func(o T) keyMatch {
		m := match(o)
		m.held = key(o)
		return m
	}
	return keyFind{exact: func(ctx context.Context, c *client.Client, value string) ([]keyMatch, error) {
		found, err := inAnyForm(ctx, value, func(ctx context.Context) ([]T, error) { return exact(ctx, c, value) },
			func(ctx context.Context) iter.Seq2[T, error] { return all(ctx, c) }, key)
		out := make([]keyMatch, len(found))
		for i, o := range found {
			out[i] = matched(o)
		}
		return out, err
	}, all: func(ctx context.Context, c *client.Client) iter.Seq2[keyMatch, error] {
		return func(yield func(keyMatch, error) bool) {
			for o, err := range all(ctx, c) {
				if err != nil {
					yield(keyMatch{}, err)
					return
				}
				if !yield(matched(o), nil) {
					return
				}
			}
		}
	}}
}

// keyMatch is one object an importKey found: its id, its state as the
// error names it ("state approved"; empty where the kind has none) and
// its key as the platform holds it (keyFinder sets it).
type keyMatch struct {
	id    int64
	state string
	held  string
}

// importByKey imports the object k names by value (the text after the
// prefix), matched as k.trim says: the errors quote it, so a stray space
// shows.
func (k *importKey) importByKey(ctx context.Context, c *client.Client, value string, resp *resource.ImportStateResponse, settings map[string]any) {
	if id, ok := k.lookup(ctx, c, value, &resp.Diagnostics); ok {
		framework.SetImported(ctx, resp, id, settings)
	}
}

// lookup finds the id of the one object k names by value, or says in
// diags why there is none. Every kind's errors have one shape, built here
// from its facts: what was searched and how it matches, each candidate
// (id and state) when several answer, how to import by id instead, and
// the empty value named.
func (k *importKey) lookup(ctx context.Context, c *client.Client, value string, diags *diag.Diagnostics) (string, bool) {
	if k.trim {
		value = strings.TrimSpace(value)
	}
	if strings.TrimSpace(value) == "" {
		diags.AddError("Invalid Import ID", fmt.Sprintf("Expected %s<%s>, got an empty %s. Write the %s after %s (%s), or import %s",
			k.prefix, k.value, k.value, k.value, k.prefix, k.matching(), k.byID()))
		return "", false
	}
	found, err := k.find.exact(ctx, c, value)
	if err != nil {
		tfkit.AddAPIError(diags, "Unable to Import "+k.title, err)
		return "", false
	}
	switch {
	case len(found) == 1:
		return strconv.FormatInt(found[0].id, 10), true
	case len(found) > 1:
		forms := ""
		for _, m := range found {
			if m.held != value {
				// Only a key the platform holds in another Unicode form
				// differs (see inAnyForm).
				forms = ", each in another Unicode form of it, which Terraform does not tell apart"
			}
		}
		// In id order, as the list order is the platform's (newest first).
		slices.SortFunc(found, func(a, b keyMatch) int { return cmp.Compare(a.id, b.id) })
		ids := make([]string, len(found))
		for i, m := range found {
			ids[i] = strconv.FormatInt(m.id, 10)
			if m.state != "" {
				ids[i] += " (" + m.state + ")"
			}
		}
		diags.AddError("Cannot Import Ambiguous "+k.title, fmt.Sprintf("%s %q: %d %ss have this %s (%s)%s: %s. Import the one to manage %s",
			k.field, value, len(found), k.noun, k.value, k.matching(), forms, strings.Join(ids, ", "), k.byID()))
	default:
		diags.AddError("Cannot Import Non-Existent "+k.title, fmt.Sprintf("%s %q: not found: no %s has this %s (%s).%s Check the %s (%s lists every %s's), or import %s %s",
			k.field, value, k.noun, k.value, k.matching(), k.near(ctx, c, value), k.value, k.list, k.noun, k.byID(), importForEachNew))
	}
	return "", false
}

// matching says how k matches a value: exactly, letter case included,
// and spaces around it ignored (trim) or included.
func (k *importKey) matching() string {
	if k.trim {
		return k.field + ", matched exactly, letter case included, spaces around it ignored"
	}
	return k.field + ", matched exactly, letter case and spaces included"
}

// byID ends k's errors: the import by id, which needs no key.
func (k *importKey) byID() string {
	return fmt.Sprintf("by the %s's numeric id (%s) instead: terraform import <address> <id>, or id = \"<id>\" in the import block.", k.noun, k.idField)
}

// near names the objects whose key differs from value only in letter case
// or spaces around it (" Sales" or "sales" for "Sales"), which the import
// does not take, each with the import id that takes it: one read of the
// list, made only when the key is not found, and not for many objects
// (k.many). Nothing is said when the list cannot be read: the error is
// the key's.
func (k *importKey) near(ctx context.Context, c *client.Client, value string) string {
	if k.many || k.find.all == nil || c == nil {
		return ""
	}
	want := norm.NFC.String(strings.TrimSpace(value))
	var near []string
	for m, err := range k.find.all(ctx, c) {
		if err != nil {
			return ""
		}
		if strings.EqualFold(norm.NFC.String(strings.TrimSpace(m.held)), want) {
			near = append(near, fmt.Sprintf("%s %d's %s %q (import it with id = %q)", k.noun, m.id, k.value, m.held, k.prefix+m.held))
		}
	}
	if len(near) == 0 {
		return ""
	}
	return " Differing only in letter case or spaces around it: " + strings.Join(near, "; ") + "."
}
