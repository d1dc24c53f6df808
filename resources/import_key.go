package resources

import (
	"context"
	"fmt"
	"iter"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"

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
	// list names where the values are listed, for the error of none.
	list string
	// find returns the id and the state of every object whose field
	// equals value exactly.
	find func(ctx context.Context, c *client.Client, value string) ([]keyMatch, error)
	// empty, none and several, when set, are a kind's own words for the
	// errors of an empty value (the detail), of none found (the detail) and
	// of several found (summary and detail): the agent's and the skill
	// group's, which are older than the key.
	empty   string
	none    func(value string) string
	several func(value string, found []keyMatch) (string, string)
}

// keyFinder is an importKey's find for a kind: exact lists the objects
// whose key is value as written, all lists every object, key reads an
// object's key (for the other Unicode forms, see inAnyForm) and match what
// the errors name of it.
func keyFinder[T any](exact func(ctx context.Context, c *client.Client, value string) ([]T, error),
	all func(ctx context.Context, c *client.Client) iter.Seq2[T, error], key func(T) string, match func(T) keyMatch,
) func(context.Context, *client.Client, string) ([]keyMatch, error) {
	return func(ctx context.Context, c *client.Client, value string) ([]keyMatch, error) {
		found, err := inAnyForm(ctx, value, func(ctx context.Context) ([]T, error) { return exact(ctx, c, value) },
			func(ctx context.Context) iter.Seq2[T, error] { return all(ctx, c) }, key)
		out := make([]keyMatch, len(found))
		for i, o := range found {
			out[i] = match(o)
		}
		return out, err
	}
}

// keyMatch is one object an importKey found.
type keyMatch struct {
	id    int64
	state string
}

// importByKey imports the object k names by value (the text after the
// prefix), matched as written: the errors quote it, so a stray space shows.
func (k *importKey) importByKey(ctx context.Context, c *client.Client, value string, resp *resource.ImportStateResponse, settings map[string]any) {
	if id, ok := k.lookup(ctx, c, value, &resp.Diagnostics); ok {
		framework.SetImported(ctx, resp, id, settings)
	}
}

// lookup finds the id of the one object k names by value, or says in
// diags why there is none.
func (k *importKey) lookup(ctx context.Context, c *client.Client, value string, diags *diag.Diagnostics) (string, bool) {
	if strings.TrimSpace(value) == "" {
		detail := k.empty
		if detail == "" {
			detail = fmt.Sprintf("Expected %s<%s>, got an empty %s.", k.prefix, k.field, k.field)
		}
		diags.AddError("Invalid Import ID", detail)
		return "", false
	}
	noun := framework.Noun(k.title)
	found, err := k.find(ctx, c, value)
	if err != nil {
		tfkit.AddAPIError(diags, "Unable to Import "+k.title, err)
		return "", false
	}
	switch {
	case len(found) == 1:
		return strconv.FormatInt(found[0].id, 10), true
	case len(found) > 1 && k.several != nil:
		diags.AddError(k.several(value, found))
	case len(found) > 1:
		ids := make([]string, len(found))
		for i, m := range found {
			ids[i] = fmt.Sprintf("%d (%s)", m.id, m.state)
		}
		diags.AddError("Cannot Import Ambiguous "+k.title, fmt.Sprintf("%s %q: %d %ss have this %s: %s. "+
			"Import the one to manage by its numeric id (terraform import <address> <id>, or the import block's id).",
			k.field, value, len(found), noun, k.field, strings.Join(ids, ", ")))
	case k.none != nil:
		diags.AddError("Cannot Import Non-Existent "+k.title, k.none(value))
	default:
		diags.AddError("Cannot Import Non-Existent "+k.title, fmt.Sprintf("%s %q: not found: no %s has this %s (matched exactly, "+
			"letter case and spaces included). Check the value (%s lists them), or import the %s by its numeric id. "+importForEachNew, k.field, value, noun, k.field, k.list, noun))
	}
	return "", false
}

// matchIDs are the ids of the objects an importKey found, for an error.
func matchIDs(found []keyMatch) string {
	ids := make([]string, len(found))
	for i, m := range found {
		ids[i] = strconv.FormatInt(m.id, 10)
	}
	return strings.Join(ids, ", ")
}
