package resources

import (
	"context"

	"golang.org/x/text/unicode/norm"
)

// heldForm returns the text the platform holds when it is planned, the
// planned text, in another Unicode form, else planned. Terraform holds
// every string composed (NFC), the configuration's and the state's alike,
// so a name the platform holds decomposed ("Cafe" and U+0301, as some
// systems type it in the portal) reaches an update composed; an edit that
// must send the name (queue/update §4.6, projects/updateOrCreate §2.7,
// webhook/updateOrCreate §4.4 require it) rewrote it composed, which the
// configuration cannot ask for, nor undo. Only a text that has a
// decomposed form (NFD differs: "é", Hangul; not ASCII or Chinese) costs
// the read; a read that fails leaves the planned form.
func heldForm(ctx context.Context, planned string, read func(context.Context) (string, error)) string {
	if norm.NFD.String(planned) == planned {
		return planned
	}
	held, err := read(ctx)
	if err != nil || held == planned || norm.NFC.String(held) != norm.NFC.String(planned) {
		return planned
	}
	return held
}
