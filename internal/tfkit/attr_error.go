package tfkit

import (
	"errors"
	"regexp"
	"slices"
	"strings"

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
// they concern. err is returned as it is when it already names one, or its
// code is not in codes.
func AttrOfCode(err error, codes map[int64]string) error {
	e, ok := client.AsAPIError(err)
	if !ok || errors.As(err, new(*AttrError)) {
		return err
	}
	if name, ok := codes[e.Code]; ok {
		return AtAttr(path.Root(name), err)
	}
	return err
}

// AddErrorFor adds an error diagnostic for err with summary and detail: at
// err's attribute (AttrError) when it has one; otherwise at the attribute
// among names that the service's message names, when it names exactly one
// (the open interface gives no codes for its refusals, §7.1, and its
// messages name the field: "user_email already exists"). Only names with an
// underscore are looked for: a word such as "name" or "type" in a message
// is not a field's name.
func AddErrorFor(diags *diag.Diagnostics, err error, summary, detail string, names []string) {
	if p, ok := attrOf(err, names); ok {
		diags.AddAttributeError(p, summary, detail)
		return
	}
	diags.AddError(summary, detail)
}

func attrOf(err error, names []string) (path.Path, bool) {
	var ae *AttrError
	if errors.As(err, &ae) {
		return ae.Path, true
	}
	e, ok := client.AsAPIError(err)
	if !ok || e.Message == "" {
		return path.Empty(), false
	}
	var found []string
	for _, m := range fieldWord.FindAllString(e.Message, -1) {
		if slices.Contains(names, m) && !slices.Contains(found, m) {
			found = append(found, m)
		}
	}
	if len(found) != 1 {
		return path.Empty(), false
	}
	return path.Root(found[0]), true
}

var fieldWord = regexp.MustCompile(`[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+`)

// ConfigNames returns the names of the attributes a configuration sets
// (required or optional, not computed only) of a schema's attributes,
// for AddErrorFor.
func ConfigNames[A interface {
	IsRequired() bool
	IsOptional() bool
}](attrs map[string]A) []string {
	var out []string
	for name, a := range attrs {
		if strings.Contains(name, "_") && (a.IsRequired() || a.IsOptional()) {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}
