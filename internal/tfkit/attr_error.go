package tfkit

import (
	"errors"
	"regexp"
	"slices"
	"strings"

	"github.com/hashicorp/go-version"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// AttrError ties a failed call to the attribute of the configuration it
// concerns (a name another object holds, an id that does not exist), so
// Terraform underlines that attribute's line, where it showed the first
// line of the resource block. The text is err's.
type AttrError struct {
	Path path.Path
	Err  error
}

func (e *AttrError) Error() string { return e.Err.Error() }
func (e *AttrError) Unwrap() error { return e.Err }

// AtAttr ties err (when not nil) to the attribute at p.
func AtAttr(p path.Path, err error) error {
	if err == nil {
		return nil
	}
	return &AttrError{Path: p, Err: err}
}

// AttrOfCode ties err to an attribute by the API's code: codes maps the
// spec's codes of the call (§7.2 portal, §7.4 gateway) to the attribute
// they concern. A code-500 "overall result" (§7.2: queue/assign answers
// one for an agent it refuses, "406 ag_id not of this enterprise" in its
// item) is tied by its failing items' code, when they all have the same
// one. err is returned as it is when it already names one, or its code is
// not in codes.
func AttrOfCode(err error, codes map[int64]string) error {
	e, ok := client.AsAPIError(err)
	if !ok || errors.As(err, new(*AttrError)) {
		return err
	}
	code := e.Code
	if code == 500 {
		code = itemsCode(e)
	}
	if name, ok := codes[code]; ok {
		return AtAttr(path.Root(name), err)
	}
	return err
}

// itemsCode is the code every failing item of an overall result has, or
// 500 when they have several (or there is none).
func itemsCode(e *client.APIError) int64 {
	code := int64(0)
	for _, it := range e.Items() {
		c := it.Code.Int64()
		switch {
		case c == 200 || c == 0:
		case code == 0:
			code = c
		case c != code:
			return 500
		}
	}
	if code == 0 {
		return 500
	}
	return code
}

// AddErrorFor adds an error diagnostic for err with summary and detail: at
// err's attribute (AttrError) when it has one; otherwise at the attribute
// among names that the service's message names, when it names exactly one
// (the open interface gives no codes for its refusals, §7.1, and its
// messages name the field: "user_email already exists"). What is looked
// for are the request's field names, which the spec gives and the
// attributes repeat, never the message's other words: names with an
// underscore (a word such as "name" or "type" in a message is not a
// field's name), and a nested field's path as the spec writes one
// (config.que_id, §2.7; "config.webhook.ids: webhook 5 does not exist"
// points at config.webhook.ids, where it showed the resource block).
func AddErrorFor(diags *diag.Diagnostics, err error, summary, detail string, names []string) {
	AddErrorAt(diags, err, summary, detail, names, true)
}

// AddErrorAt is AddErrorFor for a Terraform that shows a nested attribute's
// diagnostic at its line (nested, ShowsNestedPaths) or not: Terraform
// before 1.15 shows it at the resource block, so there a nested field the
// message names is shown at its top-level attribute (config = {...},
// recall_strategies = {...}), the line Terraform can show. Pointed at the
// nested path, "recall_strategies.default.recall_interval_type: ..." moved
// from the recall_strategies line to the resource block under 1.11.
func AddErrorAt(diags *diag.Diagnostics, err error, summary, detail string, names []string, nested bool) {
	if p, ok := attrOf(err, names, nested); ok {
		diags.AddAttributeError(p, summary, detail)
		return
	}
	diags.AddError(summary, detail)
}

// ShowsNestedPaths reports whether Terraform of version v (as the
// provider's Configure is told it) shows a diagnostic of a nested
// attribute (config.webhook.ids) at that attribute's line: 1.15 and later
// do; 1.11 shows it at the resource block (1.12 to 1.14 are taken as 1.11).
// A pre-release or build of 1.15 (1.15.0-alpha20260101, 1.15.9-dev) counts
// as 1.15: its version core is compared, where semantic versioning puts
// 1.15.0-alpha before 1.15.0. A version that does not parse (none, "") is
// taken as 1.11.
func ShowsNestedPaths(v string) bool {
	tv, err := version.NewVersion(v)
	return err == nil && tv.Core().GreaterThanOrEqual(firstNestedPaths)
}

// firstNestedPaths is the first Terraform that shows a nested attribute's
// diagnostic at its line.
var firstNestedPaths = version.Must(version.NewVersion("1.15.0"))

func attrOf(err error, names []string, showNested bool) (path.Path, bool) {
	var ae *AttrError
	if errors.As(err, &ae) {
		return ae.Path, true
	}
	e, ok := client.AsAPIError(err)
	if !ok || e.Message == "" {
		return path.Empty(), false
	}
	// A nested field's path: its longest start that names an attribute
	// (config.webhook.ids, or config.webhook of "config.webhook.ids.0");
	// its words are not looked at again below.
	var nested, top []string
	msg := []byte(e.Message)
	for _, at := range dottedWord.FindAllIndex(msg, -1) {
		segs := strings.Split(string(msg[at[0]:at[1]]), ".")
		for n := len(segs); n >= 2; n-- {
			if p := strings.Join(segs[:n], "."); slices.Contains(names, p) {
				if !slices.Contains(nested, p) {
					nested = append(nested, p)
				}
				copy(msg[at[0]:at[1]], strings.Repeat(" ", at[1]-at[0]))
				break
			}
		}
	}
	for _, m := range fieldWord.FindAllString(string(msg), -1) {
		if slices.Contains(names, m) && !slices.Contains(top, m) {
			top = append(top, m)
		}
	}
	// A top-level attribute named alone wins, as before nested paths were
	// looked for ("assigned_users[0]: agent 9 is not in skill group 5
	// (config.que_id)" is about assigned_users); else one nested path.
	var found string
	switch {
	case len(top) == 1:
		found = top[0]
	case len(top) == 0 && len(nested) == 1:
		found = nested[0]
	default:
		return path.Empty(), false
	}
	segs := strings.Split(found, ".")
	p := path.Root(segs[0])
	if !showNested {
		return p, true
	}
	for _, s := range segs[1:] {
		p = p.AtName(s)
	}
	return p, true
}

var (
	fieldWord  = regexp.MustCompile(`[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+`)
	dottedWord = regexp.MustCompile(`[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+`)
)

// ConfigNames returns the names of the attributes a configuration sets
// (required or optional, not computed only) of a schema's attributes,
// for AddErrorFor: those with an underscore, and the attributes nested in
// an object (a single nested attribute) by their dotted path, any name
// (config.webhook.ids).
func ConfigNames[A interface {
	IsRequired() bool
	IsOptional() bool
	GetType() attr.Type
}](attrs map[string]A) []string {
	var out []string
	for name, a := range attrs {
		if !a.IsRequired() && !a.IsOptional() {
			continue
		}
		if strings.Contains(name, "_") {
			out = append(out, name)
		}
		out = nestedNames(out, name, a.GetType())
	}
	slices.Sort(out)
	return out
}

// nestedNames adds the dotted paths of the attributes of an object type.
func nestedNames(out []string, prefix string, t attr.Type) []string {
	o, ok := t.(interface{ AttributeTypes() map[string]attr.Type })
	if !ok {
		return out
	}
	for name, at := range o.AttributeTypes() {
		out = append(out, prefix+"."+name)
		out = nestedNames(out, prefix+"."+name, at)
	}
	return out
}
