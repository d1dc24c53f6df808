package resources

import (
	"context"
	"fmt"
	"iter"

	"golang.org/x/text/unicode/norm"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// heldForm returns the name an edit sends: the name the platform holds
// when it is the planned name in another Unicode form, else planned.
// Terraform holds every string composed (NFC), the configuration's and the
// state's alike, so a name the platform holds decomposed ("Cafe" and
// U+0301, as some systems type it in the portal) reaches an update
// composed; an edit that must send the name (queue/update §4.6,
// projects/updateOrCreate §2.7, webhook/updateOrCreate §4.4 require it)
// rewrote it composed, which the configuration cannot ask for, nor undo.
// Only a name that has a decomposed form (NFD differs: "é", Hangul; not
// ASCII or Chinese) costs the read (read, then name of what it read; a
// nil object is one the read did not find, and the edit goes as planned).
//
// A read that fails fails the edit, before anything is sent, with the
// read's error (one that finds the object gone, as it is): sent as
// planned, the name was rewritten composed, a change the plan did not
// show and no later plan can take back, where the failure costs an apply
// again (the client has retried what it could).
// attr is the attribute as the API names it, for the message.
func heldForm[T any](ctx context.Context, attr, planned string, read func(context.Context) (*T, error), name func(*T) string) (string, error) {
	if norm.NFD.String(planned) == planned {
		return planned, nil
	}
	obj, err := read(ctx)
	if client.IsNotFound(err) {
		// The object is gone: the edit fails as the edit itself would,
		// with nothing sent (Steps.Update says it was deleted since the plan).
		return planned, err
	}
	if err != nil {
		return planned, fmt.Errorf("the edit must send %s, and reading %s as the platform holds it failed, so nothing was sent: "+
			"the planned %s %q has another Unicode form (decomposed) the platform may hold, and sending it as planned would rewrite the platform's %s. "+
			"Apply again once the read succeeds: %w", attr, attr, attr, planned, attr, err)
	}
	if obj == nil {
		return planned, nil
	}
	held := name(obj)
	if held == planned || norm.NFC.String(held) != norm.NFC.String(planned) {
		return planned, nil
	}
	return held, nil
}

// inAnyForm is an import by a key other than the id (que_name:,
// user_num:, sign_text:, template_name:): what exact finds for value,
// matched as written; when it finds nothing and value has a decomposed form
// (NFD differs), every object of all whose key (key) is value in another
// Unicode form. Terraform holds every string composed (NFC), an import
// block's id too, so a key the platform holds decomposed ("Cafe" and
// U+0301, as some systems type it in the portal; see heldForm) never
// matched as written: the import failed "not found" where its id imported
// it. all is read only then (one list, paged where the kind is): a key
// without a decomposed form (ASCII, Chinese) costs nothing more. Several
// objects may answer, each in another form; the caller refuses them, as
// Terraform cannot tell them apart.
func inAnyForm[T any](ctx context.Context, value string, exact func(context.Context) ([]T, error), all func(context.Context) iter.Seq2[T, error], key func(T) string) ([]T, error) {
	found, err := exact(ctx)
	if err != nil || len(found) > 0 || norm.NFD.String(value) == value {
		return found, err
	}
	want := norm.NFC.String(value)
	for o, err := range all(ctx) {
		if err != nil {
			return nil, err
		}
		if norm.NFC.String(key(o)) == want {
			found = append(found, o)
		}
	}
	return found, nil
}

// heldReadFailed handles the failed read of an edit that reads the object
// first, to send the fields its plan does not change as the platform holds
// them (so that a change made in the portal since the plan is kept). A read
// that finds the object gone fails the edit as it is (Steps.Update says it
// was deleted since the plan), and so does one the planned name needed
// (heldForm says why); otherwise it returns nil, and the edit goes as
// planned, as it did before it read (the client has retried what it
// could; a read cut off by Ctrl-C leaves the edit to say so).
func heldReadFailed[T any](ctx context.Context, attr, planned string, name func(*T) string, err error) error {
	if client.IsNotFound(err) {
		return err
	}
	_, ferr := heldForm(ctx, attr, planned, func(context.Context) (*T, error) { return nil, err }, name)
	return ferr
}
