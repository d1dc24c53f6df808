package resources

import (
	"context"
	"iter"

	"golang.org/x/text/unicode/norm"
)

// inAnyForm is an import by a key other than the id (que_name:,
// user_num:, sign_text:, template_name:): what exact finds for value,
// matched as written; when it finds nothing and value has a decomposed form
// (NFD differs), every object of all whose key (key) is value in another
// Unicode form. Terraform holds every string composed (NFC), an import
// block's id too, so a key the platform holds decomposed ("Cafe" and
// U+0301, as some systems type it in the portal; see framework.SendHeld) never
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
